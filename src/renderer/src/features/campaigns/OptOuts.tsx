// The opt-out list: numbers that never get a campaign message. Add typed or pasted numbers (or a file's text), search
// it, take one or many off (and put them back), export the list as CSV.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { InvokeReply } from '../../../../shared/contract'
import { call, errorInfo, getApi, type ErrorInfo } from '../../api'
import {
  csvText,
  listSeparatorOf,
  MAX_NAME_SEARCH_LENGTH,
  numberListCells,
  numbersWrittenTwice,
  splitRecipients
} from '../../../../shared/domain'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { useDevices } from '../../stores/devices'
import { cancelOnEscape } from '../../ui/escape'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { SearchField } from '../../ui/SearchField'
import { searchFits } from '../../ui/text-limit'
import { OptOutKeywords } from './OptOutKeywords'
import { optOutsCsv } from './optouts-csv'
import { optOutHowText } from './opt-out-source'
import { normalisePhone } from '../send/recipients'
import { useRowTabStop } from '../outbox/row-window'

type OptOut = InvokeReply<'optouts:list'>['optOuts'][number]

/**
 * How many entries the list shows: the core answers this page of what the search finds (it searches the whole list),
 * with how many match; the rest are in the export.
 */
const SHOWN_ENTRIES = 200

/**
 * The box's text with a pasted block of cells (Excel copies them tab-separated, a row a line) put in place of the
 * selection as the numbers the file import would take of it, one a line, on lines of their own; null for a paste
 * that is left as pasted: one line without a tab (typed text, its words named by the core), or a block of no numbers.
 * `caret` is where the cursor goes: after the numbers and the line break that keeps them off what follows.
 */
function pastedNumbers(
  box: { value: string; selectionStart: number; selectionEnd: number },
  pasted: string
): { block: string; caret: number; skipped: string[] } | null {
  if (!/[\t\r\n]/.test(pasted.trim())) return null
  const { numbers, skipped } = numberListCells(pasted)
  if (numbers.length === 0) return null
  const before = box.value.slice(0, box.selectionStart)
  const after = box.value.slice(box.selectionEnd)
  const separated = (char: string | undefined): boolean => char === undefined || /[\s,;]/.test(char)
  const block =
    (separated(before.at(-1)) ? '' : '\n') + numbers.join('\n') + (separated(after[0]) ? '' : '\n')
  return { block, caret: before.length + block.length, skipped }
}

/** What a file's entries put on the list: its valid numbers, each once, and what is left out of them. */
interface FilePut {
  numbers: number
  invalid: string[]
  repeated: number
}

/**
 * The file's entries as the core adds them (optouts:add: each normalised, a number written twice added once), so the
 * question counts what goes on the list (QA64: "holds 4 numbers" for two, one of them twice, and "12345").
 */
function filePut(entries: readonly string[]): FilePut {
  const valid: string[] = []
  const invalid: string[] = []
  for (const entry of entries) {
    const { value, problem } = normalisePhone(entry)
    if (problem === null) valid.push(value)
    else invalid.push(entry)
  }
  return { numbers: new Set(valid).size, invalid, repeated: numbersWrittenTwice(valid) }
}

/** How many of the entries that were not numbers an add's result names; the rest are counted. */
const INVALID_NAMED = 3

/**
 * What an add did: how many were added and, only when some were not numbers (QA: "0 numbers were not valid"), which
 * ones, so the operator can see what to fix, and, for typed ones (`inBox`), that the box still holds them.
 */
function addedText(
  {
    added,
    invalid,
    alreadyListed,
    repeated
  }: Pick<InvokeReply<'optouts:add'>, 'added' | 'invalid' | 'alreadyListed' | 'repeated'>,
  inBox: boolean,
  t: Translate
): string {
  // QA11: "0 added." for numbers that were all on the list already said nothing of them; a number written twice
  // was not said either, so one line of four went unaccounted for.
  const already =
    (alreadyListed > 0 ? ` ${t('campaigns.optOuts.alreadyListed', { count: alreadyListed })}` : '') +
    (repeated > 0 ? ` ${t('campaigns.optOuts.repeated', { count: repeated })}` : '')
  if (invalid.length === 0) return t('campaigns.optOuts.added', { added }) + already
  return (
    t('campaigns.optOuts.addedSomeInvalid', {
      added,
      invalid: invalid.length,
      entries: firstFew(invalid, t)
    }) +
    (inBox ? ` ${t('campaigns.optOuts.invalidInBox', { count: invalid.length })}` : '') +
    already
  )
}

/** The first few of these entries, as typed, and how many more: "nope, Budi, Sari and 4 more". */
function firstFew(entries: readonly string[], t: Translate): string {
  const named = entries.slice(0, INVALID_NAMED).join(', ')
  return entries.length > INVALID_NAMED
    ? t('campaigns.optOuts.invalidMore', { entries: named, count: entries.length - INVALID_NAMED })
    : named
}

export function OptOuts(): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  // On the operator's clock, the day the Overview’s "not sent: opted out today" counts.
  const zone = useOperatorZone()
  /** The shown page of the entries the search finds, how many it finds, and how many the list holds. */
  const [list, setList] = useState<OptOut[]>([])
  const [total, setTotal] = useState(0)
  const [listed, setListed] = useState(0)
  const [text, setText] = useState('')
  const [result, setResult] = useState<InvokeReply<'optouts:add'> | null>(null)
  /** Whether the last add's entries that were not numbers are in the box (they were typed there, not in a file). */
  const [invalidInBox, setInvalidInBox] = useState(false)
  /** What the last action other than an add did (a removal, a file without numbers): said in the add's place. */
  const [note, setNote] = useState<string | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [reload, setReload] = useState(0)
  const [search, setSearch] = useState('')
  /** The numbers ticked for taking off together. */
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  /** How many the question "take them off?" is about, while it is asked. */
  const [asking, setAsking] = useState(false)
  /** The entries the last removal took off, as they were: Undo puts them back. */
  const [removed, setRemoved] = useState<OptOut[] | null>(null)
  /**
   * A file's numbers asked about before they go on the list (QA59: a customer sheet put every customer on it at once,
   * unasked; what opting out cancels, their waiting campaign messages, no undo brings back), and whether it has other
   * cells (names, a yes/no column) that are not read.
   */
  const [importing, setImporting] = useState<{
    name: string
    numbers: string[]
    otherCells: boolean
    /** What the list gets of them, by the rule the core adds with: each valid number once. */
    put: FilePut
  } | null>(null)
  const importRef = useRef<HTMLInputElement>(null)
  /** What the last pasted block of cells left out of the box (the cells that were not numbers), until the add. */
  const [pasteNote, setPasteNote] = useState<string | null>(null)
  // Where the focus goes once the list has been read again after an action: "Add to the list" turns disabled as its
  // box empties and a removed entry's button is gone, either of which drops the focus to the page.
  const focusAfterReload = useRef<'result' | 'box' | { removedAt: number } | null>(null)
  const resultRef = useRef<HTMLParagraphElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const askRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const addRef = useRef<HTMLTextAreaElement>(null)
  /** Where the cursor goes in the add box once a pasted block has been put in it. */
  const caretAfterPaste = useRef<number | null>(null)
  useLayoutEffect(() => {
    const caret = caretAfterPaste.current
    if (caret === null) return
    caretAfterPaste.current = null
    addRef.current?.setSelectionRange(caret, caret)
  }, [text])
  useLayoutEffect(() => {
    const target = focusAfterReload.current
    if (target === null) return
    focusAfterReload.current = null
    if (target === 'result') {
      resultRef.current?.focus()
      return
    }
    if (target === 'box') {
      // The entries left to correct, the cursor after them; the result (a status) says they are there.
      const box = addRef.current
      box?.focus()
      box?.setSelectionRange(box.value.length, box.value.length)
      return
    }
    // The entry now in the removed one's place (else the last), or the box to add numbers once the list is empty.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button.optout-remove') ?? []
    const next = buttons[Math.min(target.removedAt, buttons.length - 1)]
    ;(next ?? addRef.current)?.focus()
  }, [list])
  // The list's one Tab stop, as the Outbox's (useRowTabStop): the entry last focused, else the first; a list of 200
  // numbers was 400 Tab stops, each row's box and ×.
  const { stopId, onFocus, onKeyDown } = useRowTabStop(null)
  const devices = useDevices((s) => s.devices)
  const labelOf = (id: string): string => devices.find((d) => d.id === id)?.label ?? id

  useEffect(() => {
    // A search past its limit is kept, said at the field and not asked (the core refuses it).
    if (!searchFits(search, MAX_NAME_SEARCH_LENGTH)) return
    let on = true
    const text = search.trim()
    call('optouts:list', { ...(text === '' ? {} : { search: text }), limit: SHOWN_ENTRIES })
      .then((reply) => {
        if (!on) return
        setList(reply.optOuts)
        setTotal(reply.total)
        setListed(reply.listed)
      })
      .catch((e: unknown) => on && setError(errorInfo(e)))
    return () => {
      on = false
    }
  }, [reload, search])
  // A customer's STOP or START changes the list while it is open.
  useEffect(() => getApi().on('optouts:changed', () => setReload((n) => n + 1)), [])

  async function add(phones: string[], source: 'operator' | 'import'): Promise<void> {
    setError(null)
    try {
      const reply = await call('optouts:add', { phones, source })
      // QA78: the box was emptied of what was typed in it that is not a number, so it could not be corrected there:
      // it keeps those entries, one a line, as typed (trimmed), and takes the focus.
      const kept = source === 'operator' ? reply.invalid : []
      setResult(reply)
      setInvalidInBox(kept.length > 0)
      setNote(null)
      setPasteNote(null)
      setRemoved(null)
      setText(kept.join('\n'))
      focusAfterReload.current = kept.length > 0 ? 'box' : 'result'
      setReload((n) => n + 1)
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  /** What a removal says, with Undo beside it: the result takes the focus once the list is read again. */
  function sayRemoved(entries: OptOut[], words: string, focus: 'result' | { removedAt: number }): void {
    setResult(null)
    setNote(words)
    setRemoved(entries)
    setSelected(new Set())
    focusAfterReload.current = focus
    setReload((n) => n + 1)
  }

  async function removeSelected(): Promise<void> {
    setError(null)
    setAsking(false)
    try {
      const reply = await call('optouts:removeMany', { phones: [...selected] })
      sayRemoved(reply.removed, t('campaigns.optOuts.removedMany', { count: reply.removed.length }), 'result')
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  async function undoRemoval(entries: OptOut[]): Promise<void> {
    setError(null)
    try {
      const reply = await call('optouts:restore', {
        entries: entries.map(({ phone, source, addedAt, keyword }) => ({ phone, source, addedAt, keyword }))
      })
      setRemoved(null)
      setNote(t('campaigns.optOuts.restored', { count: reply.restored }))
      focusAfterReload.current = 'result'
      setReload((n) => n + 1)
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  /** The question closed unanswered: the focus goes back to the button that asked it. */
  function keepAsked(): void {
    setAsking(false)
    askRef.current?.focus()
  }

  const searchKept = !searchFits(search, MAX_NAME_SEARCH_LENGTH)
  // Nothing was searched for a search past its limit: no entries, count or choice are shown as its answer.
  const matches = searchKept ? [] : list
  const searching = !searchKept && search.trim() !== ''
  const stop = matches.find((o) => o.phone === stopId) ?? matches[0]
  const allSelected = total > 0 && selected.size >= total && matches.every((o) => selected.has(o.phone))

  /** Every match ticked, the ones past the shown page too (asked of the core), or none. */
  async function selectAllMatches(all: boolean): Promise<void> {
    if (!all) return setSelected(new Set())
    if (total <= matches.length) return setSelected(new Set(matches.map((o) => o.phone)))
    try {
      const text = search.trim()
      const reply = await call('optouts:list', text === '' ? {} : { search: text })
      setSelected(new Set(reply.optOuts.map((o) => o.phone)))
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  async function exportCsv(): Promise<void> {
    let whole: OptOut[]
    try {
      whole = (await call('optouts:list', {})).optOuts
    } catch (e) {
      setError(errorInfo(e))
      return
    }
    // QA73: an Indonesian Excel (list separator ";") opened a comma file with each row in one cell.
    const csv = optOutsCsv(whole, listSeparatorOf(language))
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'opt-outs.csv'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  return (
    <details className="campaign-optouts" data-testid="optouts">
      <summary>{t('campaigns.optOuts.title', { count: listed })}</summary>
      <p className="muted">{t('campaigns.optOuts.intro')}</p>
      <label htmlFor="optouts-add">{t('campaigns.optOuts.add')}</label>
      <textarea
        ref={addRef}
        id="optouts-add"
        data-testid="optouts-add"
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPaste={(e) => {
          // A column or a block copied from a sheet is split as the file import reads a file: each number once.
          const box = e.currentTarget
          const put = pastedNumbers(box, e.clipboardData.getData('text/plain'))
          if (put === null) return
          e.preventDefault()
          // Inserted as typing is, so Ctrl+Z takes the paste back (a value set by the page empties the box's undo
          // history); execCommand is the one way to that, and a page without it gets the value set.
          const inserted =
            typeof document.execCommand === 'function' && document.execCommand('insertText', false, put.block)
          if (!inserted) {
            caretAfterPaste.current = put.caret
            setText(box.value.slice(0, box.selectionStart) + put.block + box.value.slice(box.selectionEnd))
          }
          // The cells that were not numbers (names, headings) are said under the box, not dropped without a word.
          setPasteNote(
            put.skipped.length > 0
              ? t('campaigns.optOuts.pastedLeftOut', {
                  count: put.skipped.length,
                  entries: firstFew(put.skipped, t)
                })
              : null
          )
        }}
      />
      <p className="muted" role="status" data-testid="optouts-paste-note">
        {pasteNote}
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={splitRecipients(text).length === 0}
          onClick={() => void add(splitRecipients(text), 'operator')}
        >
          {t('campaigns.optOuts.addButton')}
        </button>
        {/* The input is visually hidden, not `hidden`: it is what takes the focus and opens the file picker from the
            keyboard (a hidden input is never reached by Tab). It stays inside its label, one item of the button row. */}
        <label className="button campaign-optouts-import">
          {t('campaigns.optOuts.import')}
          <input
            ref={importRef}
            className="campaign-file-input"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              const reader = new FileReader()
              reader.onload = () => {
                // Read as the campaign import reads a CSV (its encoding and separator guessed, quotes respected): a
                // `;` or tab list's name column is a cell of its own, not part of the number beside it.
                const { numbers, skipped } = numberListCells(
                  csvText(new Uint8Array(reader.result as ArrayBuffer))
                )
                if (numbers.length > 0)
                  return setImporting({
                    name: file.name,
                    numbers,
                    otherCells: skipped.length > 0,
                    put: filePut(numbers)
                  })
                setResult(null)
                setNote(t('campaigns.optOuts.noNumbers', { name: file.name }))
              }
              reader.readAsArrayBuffer(file)
            }}
          />
        </label>
        <button type="button" className="button" disabled={listed === 0} onClick={() => void exportCsv()}>
          {t('campaigns.optOuts.export')}
        </button>
      </div>
      {importing ? (
        <ConfirmPanel
          id="optouts-import-question"
          focusOnOpen
          question={t('campaigns.optOuts.importConfirm', {
            name: importing.name,
            count: importing.put.numbers
          })}
          confirmLabel={t('campaigns.optOuts.importConfirmButton', { count: importing.put.numbers })}
          keepLabel={t('common.cancel')}
          confirmTestId="optouts-import-confirm"
          onConfirm={() => {
            setImporting(null)
            void add(importing.numbers, 'import')
          }}
          onKeep={() => {
            setImporting(null)
            // Back to where the file was picked: the question, which had the focus, is gone.
            importRef.current?.focus()
          }}
        >
          {importing.put.invalid.length + importing.put.repeated > 0 ? (
            <p className="muted" data-testid="optouts-import-left-out">
              {[
                importing.put.invalid.length > 0
                  ? t('campaigns.optOuts.importInvalid', {
                      count: importing.put.invalid.length,
                      entries: firstFew(importing.put.invalid, t)
                    })
                  : '',
                importing.put.repeated > 0
                  ? t('campaigns.optOuts.importRepeated', { count: importing.put.repeated })
                  : ''
              ]
                .filter(Boolean)
                .join(' ')}
            </p>
          ) : null}
          {importing.otherCells ? (
            <p className="muted" data-testid="optouts-import-other-cells">
              {t('campaigns.optOuts.importOtherCells')}
            </p>
          ) : null}
        </ConfirmPanel>
      ) : null}
      {note !== null ? (
        <p role="status" data-testid="optouts-result" ref={resultRef} tabIndex={-1}>
          {note}
        </p>
      ) : result ? (
        <p role="status" data-testid="optouts-result" ref={resultRef} tabIndex={-1}>
          {addedText(result, invalidInBox, t)}
          {result.gatewaySync.background ? ` ${t('campaigns.optOuts.syncBackground')}` : null}
        </p>
      ) : null}
      {/* The gateway's blacklist keeps broadcasts from its own dashboard away too: say where it did not take. */}
      {result?.gatewaySync.devices
        .filter((d) => !d.ok)
        .map((d) => (
          <p key={d.deviceId} className="alert alert--warn" data-testid="optouts-sync-failed">
            {t('campaigns.optOuts.syncFailed', { device: labelOf(d.deviceId), reason: d.message ?? '' })}
          </p>
        ))}
      {removed && removed.length > 0 ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void undoRemoval(removed)}>
            {t('campaigns.optOuts.undo')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
      <OptOutKeywords />
      <SearchField
        id="optouts-search"
        label={t('campaigns.optOuts.search')}
        value={search}
        max={MAX_NAME_SEARCH_LENGTH}
        onChange={(value) => {
          setSearch(value)
          setSelected(new Set())
          setAsking(false)
        }}
      />
      {searching ? (
        <p className="muted" role="status" data-testid="optouts-matches">
          {t('campaigns.optOuts.matches', { count: total })}
        </p>
      ) : null}
      {matches.length > 0 ? (
        <div className="form-actions">
          <label>
            <input
              type="checkbox"
              checked={allSelected}
              onChange={(e) => void selectAllMatches(e.target.checked)}
            />{' '}
            {searching
              ? t('campaigns.optOuts.selectMatches', { count: total })
              : t('campaigns.optOuts.selectAll', { count: total })}
          </label>
          <button
            ref={askRef}
            type="button"
            className="button"
            disabled={selected.size === 0}
            aria-expanded={asking}
            onClick={() => {
              setAsking(true)
              // The safe choice takes the focus: Enter on the question keeps the numbers on the list.
              requestAnimationFrame(() => keepRef.current?.focus())
            }}
          >
            {t('campaigns.optOuts.removeSelected', { count: selected.size })}
          </button>
        </div>
      ) : null}
      {asking && selected.size > 0 ? (
        <div
          className="alert alert--warn"
          data-testid="optouts-confirm"
          role="group"
          aria-labelledby="optouts-confirm-question"
          // Esc backs out, as Cancel does and as every ConfirmPanel question does (QA17 Q17-07).
          onKeyDown={(event) => cancelOnEscape(keepAsked)(event)}
        >
          <p id="optouts-confirm-question">
            {t('campaigns.optOuts.confirmRemove', { count: selected.size })}
          </p>
          <div className="form-actions">
            <button type="button" className="button" ref={keepRef} onClick={keepAsked}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => void removeSelected()}>
              {t('campaigns.optOuts.confirmRemoveButton', { count: selected.size })}
            </button>
          </div>
        </div>
      ) : null}
      {!searchKept && total > matches.length ? (
        <p className="muted" data-testid="optouts-shown">
          {t('campaigns.optOuts.shownFirst', { shown: matches.length, count: total })}
        </p>
      ) : null}
      <ul data-testid="optouts-list" ref={listRef} onFocus={onFocus} onKeyDown={onKeyDown}>
        {matches.map((o, index) => {
          const who = o.name ? `${o.name} ${formatPhoneForReading(o.phone)}` : formatPhoneForReading(o.phone)
          // Its box and × in the Tab order for the list's stop only; ↑ / ↓ go to the same control of the next row.
          const tabIndex = o === stop ? 0 : -1
          return (
            // A J / K stop, named by the number (and told how and when it came on the list).
            <li
              key={o.phone}
              data-testid="optout-entry"
              data-row-id={o.phone}
              data-row-focus
              tabIndex={-1}
              aria-posinset={index + 1}
              aria-setsize={matches.length}
              aria-label={who}
              aria-describedby={`optout-how-${o.phone}`}
            >
              {/* Its label the pointer target, 24×24 px at least, as an Outbox row's (QA row keys). */}
              <label className="row-check">
                <input
                  type="checkbox"
                  aria-label={t('campaigns.optOuts.select', { phone: who })}
                  tabIndex={tabIndex}
                  checked={selected.has(o.phone)}
                  onChange={(e) => {
                    const next = new Set(selected)
                    if (e.target.checked) next.add(o.phone)
                    else next.delete(o.phone)
                    setSelected(next)
                  }}
                />
              </label>
              {/* Isolated: a right-to-left name would otherwise pull the number's digit groups into its run. */}
              {o.name ? (
                <>
                  <bdi>{o.name}</bdi>{' '}
                </>
              ) : null}
              <span className="phone">{formatPhoneForReading(o.phone)}</span>
              <span className="muted small" id={`optout-how-${o.phone}`}>
                {' '}
                {t('campaigns.optOuts.how', {
                  how: optOutHowText(o, t),
                  time: formatDateTimeInZone(new Date(o.addedAt).toISOString(), locale, zone)
                })}
              </span>{' '}
              <button
                type="button"
                className="button button--link optout-remove"
                aria-label={t('campaigns.optOuts.remove', { phone: who })}
                tabIndex={tabIndex}
                data-row-control="remove"
                onClick={() =>
                  void call('optouts:remove', { phone: o.phone })
                    .then(() =>
                      sayRemoved(
                        [o],
                        // The name isolated (FSI … PDI), as <bdi> does in the list: the number keeps its order.
                        t('campaigns.optOuts.removed', {
                          phone: o.name ? `\u2068${o.name}\u2069 ${formatPhoneForReading(o.phone)}` : who
                        }),
                        { removedAt: index }
                      )
                    )
                    .catch((e: unknown) => setError(errorInfo(e)))
                }
              >
                ×
              </button>
            </li>
          )
        })}
      </ul>
    </details>
  )
}
