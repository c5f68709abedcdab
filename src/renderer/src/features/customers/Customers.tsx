// The customer list: the contacts a page at a time (quick at 100,000), searched by a name's or a number's start, each
// with whether it opted out; a customer added (the number checked by the phone rule at its field), renamed, removed
// (with Undo). The names campaigns' name columns and the inbox learn are here too. What it shows follows the opt-out
// list and the contacts changing elsewhere, read again in place under the operator's own search. A campaign chosen
// narrows it to the customers that campaign held (and, once started, to who replied or opted out since), counted.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import type {
  CampaignView,
  ContactView,
  CustomerCampaignFilter,
  CustomerPlace,
  CustomerView,
  InvokeReply
} from '../../../../shared/contract'
import {
  checkPhone,
  MAX_CONTACT_NAME_LENGTH,
  MAX_NAME_SEARCH_LENGTH,
  usableContactName
} from '../../../../shared/domain'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { call, errorInfo, getApi, type ErrorInfo } from '../../api'
import { useT, type Translate } from '../../i18n'
import { coalescedReads } from '../../ui/coalesced-reads'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { Field } from '../../ui/Field'
import { cancelOnEscape } from '../../ui/escape'
import { SearchField } from '../../ui/SearchField'
import { searchFits } from '../../ui/text-limit'
import { useRowTabStop } from '../outbox/row-window'

/** Customers read at a time: a page fills a screen or two; Show more reads the next. */
const PAGE = 50
/** The most the core reads in one page (the contract's limit): a list read again in place is read in such pages. */
const MOST_IN_ONE_READ = 200
/** How long an inbox change waits for the ones right behind it (a pull of many messages): one read for a burst. */
const CHANGES_GAP_MS = 50

/**
 * What Undo gives back, as it was: a removed customer, or the customer before a rename (a name learnt from a campaign
 * or the customer's profile goes back as learnt, not as the operator's).
 */
type Undoable = { removed: ContactView } | { renamed: ContactView }

/** What takes the focus once the list has been drawn after an action. */
type FocusTarget = { row: string } | { rowAt: number } | { field: string } | 'status' | null

const nameProblem = (t: Translate): string => t('customers.nameProblem', { max: MAX_CONTACT_NAME_LENGTH })

/** A name's problem: said once the operator tried, or at once for one too long (a paste is never cut unsaid). */
const nameTooLong = (text: string): boolean => text.trim().length > MAX_CONTACT_NAME_LENGTH

/** The phone field's problem in words, or null when the number can be kept. */
function phoneProblem(phone: string, t: Translate): string | null {
  const { problem } = checkPhone(phone)
  if (problem === null) return null
  return problem === 'empty' ? t('customers.phoneEmpty') : t(`recipient.problem.${problem}`)
}

const renameButtonId = (phone: string): string => `customer-rename-button-${phone}`

/** A campaign the list can be narrowed to: the Campaigns view's list. */
export type CustomersCampaign = Pick<CampaignView, 'id' | 'name' | 'startedAt'>

type Since = NonNullable<CustomerCampaignFilter['since']>

/** What a read asks for besides its place: the typed search and the campaign filter. */
interface Narrowing {
  search: string
  campaign: CustomerCampaignFilter | null
}

const narrowed = ({
  search,
  campaign
}: Narrowing): { search?: string; campaign?: CustomerCampaignFilter } => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(campaign ? { campaign } : {})
})

export function Customers({
  campaigns = []
}: {
  /** The campaigns the list can be narrowed to (none: the filter offers every customer only). */
  campaigns?: readonly CustomersCampaign[]
}): React.JSX.Element {
  const t = useT()
  /** Read only once opened: the Campaigns view opens without asking for a page of customers. */
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [campaignId, setCampaignId] = useState('')
  const [since, setSince] = useState<Since | ''>('')
  /** How many the chosen campaign (and search) keep: null for the whole list, which is not counted. */
  const [total, setTotal] = useState<number | null>(null)
  const [customers, setCustomers] = useState<CustomerView[]>([])
  const [next, setNext] = useState<CustomerPlace | null>(null)
  const [loaded, setLoaded] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [note, setNote] = useState<string | null>(null)
  /** What the last removal or rename changed: Undo gives it back. */
  const [undoable, setUndoable] = useState<Undoable | null>(null)
  /** An add found its number kept already: asked whether to rename that customer (QA17 Q17-01). */
  const [kept, setKept] = useState<{ contact: ContactView; name: string } | null>(null)
  const [editing, setEditing] = useState<{ phone: string; name: string; tried: boolean } | null>(null)
  const [phone, setPhone] = useState('')
  const [name, setName] = useState('')
  const [tried, setTried] = useState(false)
  const [phoneRefused, setPhoneRefused] = useState<string | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const phoneRef = useRef<HTMLInputElement>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const focusAfter = useRef<FocusTarget>(null)
  /** The newest read: an older one answering late (the search typed on) is dropped. */
  const reading = useRef(0)
  const chosen = campaigns.find((c) => c.id === campaignId)
  // "Since it started" is offered for a campaign that started; a draft's list is everyone in it.
  const sinceChosen = chosen?.startedAt != null && since !== '' ? since : undefined
  const chosenId = chosen?.id
  // The same filter object while it means the same: the list is read again when it changes, not at every drawing.
  const campaign = useMemo<CustomerCampaignFilter | null>(
    () => (chosenId ? { id: chosenId, ...(sinceChosen ? { since: sinceChosen } : {}) } : null),
    [chosenId, sinceChosen]
  )
  // The list's one Tab stop, as the Outbox's (useRowTabStop): the customer last focused, else the first; a page of 50
  // was 100 Tab stops, each row's Rename and Remove.
  const { stopId, onFocus, onKeyDown } = useRowTabStop(null)
  /** What a read again in place needs from the latest drawing (events arrive in closures of older ones). */
  const latest = useRef({ search, campaign, shown: customers.length })
  latest.current = { search, campaign, shown: customers.length }

  // Runs after every drawing: a target not drawn yet (a page still being read) waits for the drawing that shows it.
  useLayoutEffect(() => {
    const target = focusAfter.current
    if (target === null) return
    let element: HTMLElement | null | undefined
    if (target === 'status') element = statusRef.current
    else if ('field' in target) element = document.getElementById(target.field)
    else {
      const rows = [...(listRef.current?.querySelectorAll<HTMLLIElement>('li[data-phone]') ?? [])]
      element = 'row' in target ? rows.find((r) => r.dataset['phone'] === target.row) : rows[target.rowAt]
    }
    if (!element) return
    focusAfter.current = null
    element.focus()
  })

  /** Reads a page (the first, or the one `after` the shown ones); an older read answering late is dropped. */
  function read(narrowing: Narrowing, after: CustomerPlace | null): Promise<void> {
    const seq = ++reading.current
    return call('contacts:page', {
      limit: PAGE,
      ...narrowed(narrowing),
      ...(after ? { after } : {})
    }).then(
      (reply) => {
        if (seq !== reading.current) return
        setCustomers((shown) => (after ? [...shown, ...reply.customers] : reply.customers))
        setNext(reply.next)
        // A campaign's total comes with its first page only: Show more keeps it (a count reads the whole campaign).
        if (!after) setTotal(reply.total)
        setLoaded(true)
        setError(null)
      },
      (e: unknown) => {
        if (seq === reading.current) setError(errorInfo(e))
      }
    )
  }

  /**
   * Reads again, from the start, as many customers as are shown (at least a page) under the same search: a change
   * made elsewhere shows where the list's order puts it, nothing shown is lost, the search is the operator's. Once
   * read, the focus goes to `focusPhone`'s row when it is shown, else to what the action said.
   */
  async function readAgain(focusPhone?: string): Promise<void> {
    const seq = ++reading.current
    const { shown, ...narrowing } = latest.current
    // A search past its limit is not asked (the core refuses it): the list waits, hidden, for one that fits.
    if (!searchFits(narrowing.search, MAX_NAME_SEARCH_LENGTH)) {
      if (focusPhone !== undefined) focusAfter.current = 'status'
      return
    }
    const wanted = Math.max(PAGE, shown)
    const searched = narrowed(narrowing)
    try {
      let read: CustomerView[] = []
      let after: CustomerPlace | null = null
      let counted: number | null = null
      do {
        const reply: InvokeReply<'contacts:page'> = await call('contacts:page', {
          limit: Math.min(MOST_IN_ONE_READ, wanted - read.length),
          ...searched,
          ...(after ? { after } : {})
        })
        if (seq !== reading.current) return
        // Counted on the first page only (read again from the start, so it holds what changed meanwhile).
        if (after === null) counted = reply.total
        read = [...read, ...reply.customers]
        after = reply.next
      } while (after && read.length < wanted)
      if (focusPhone !== undefined)
        focusAfter.current = read.some((c) => c.phone === focusPhone) ? { row: focusPhone } : 'status'
      setCustomers(read)
      setNext(after)
      setTotal(counted)
      setLoaded(true)
      setError(null)
    } catch (e) {
      if (seq === reading.current) setError(errorInfo(e))
    }
  }

  // Read again from the start as the search or the campaign filter changes; the pages after are asked by Show more.
  // A search past its limit is kept, said at the field and not asked: an older read answering late is dropped too.
  const searchKept = !searchFits(search, MAX_NAME_SEARCH_LENGTH)
  const shown = searchKept ? [] : customers
  const stop = shown.find((c) => c.phone === stopId) ?? shown[0]
  useEffect(() => {
    if (!open) return
    if (searchFits(search, MAX_NAME_SEARCH_LENGTH)) void read({ search, campaign }, null)
    else reading.current++
  }, [search, campaign, open])

  // The opt-out list (a STOP, the list below taken from) and names (the inbox, a campaign) change while it is open:
  // what it shows is read again in place (QA17 Q17-02: "· opted out" stayed beside a number taken off the list).
  useEffect(() => {
    if (!open) return
    const api = getApi()
    const offOptOuts = api.on('optouts:changed', () => void readAgain())
    const offContacts = api.on('contacts:changed', () => void readAgain())
    return () => {
      offOptOuts()
      offContacts()
    }
  }, [open])

  // Who replied since a campaign started changes as the inbox takes messages in: the list and its count are read
  // again together, a burst of changes once (as the inbox's list is); a status with the same number of messages (a
  // reconnect, a poll) reads nothing, the first one heard may have followed a message.
  const repliedChosen = campaign?.since === 'replied'
  useEffect(() => {
    if (!open || !repliedChosen) return
    const reads = coalescedReads(() => readAgain(), CHANGES_GAP_MS)
    let messages: number | null = null
    const off = getApi().on('inbox:changed', (status) => {
      if (status.messages !== messages) reads.ask('soon')
      messages = status.messages
    })
    return () => {
      off()
      reads.stop()
    }
  }, [open, repliedChosen])

  // Said at the field once the operator tried to add (then kept up to date as they correct it); a name too long at
  // once, as the field no longer cuts it (QA17 Q17-09: a paste was cut and the message never showed).
  const phoneError = phoneRefused ?? (tried ? phoneProblem(phone, t) : null)
  const nameError = (tried && usableContactName(name) === null) || nameTooLong(name) ? nameProblem(t) : null

  async function add(event: FormEvent): Promise<void> {
    event.preventDefault()
    setTried(true)
    setPhoneRefused(null)
    // A new try lets go of the last one's line (an operator's probe: "… added" stood beside the next refusal), but not
    // of a line with its Undo still offered: that action can still be undone.
    if (undoable === null) setNote(null)
    const kept = usableContactName(name)
    // Refused here: the first marked field takes the focus, as Send's do (an operator's probe: it stayed on the
    // button, the field to retype a Shift+Tab away).
    if (phoneProblem(phone, t) !== null) return phoneRef.current?.focus()
    if (kept === null) return nameRef.current?.focus()
    try {
      const reply = await call('contacts:add', { phone, name: kept })
      if (!reply.added) {
        // Kept already: said at the number, and asked (the harmless answer focused) unless the name is the same.
        setPhoneRefused(
          t('customers.keptAlready', {
            phone: formatPhoneForReading(reply.kept.phone),
            name: reply.kept.name
          })
        )
        if (reply.kept.name !== kept) setKept({ contact: reply.kept, name: kept })
        else phoneRef.current?.focus()
        return
      }
      const { contact } = reply
      clearForm()
      setUndoable(null)
      setNote(t('customers.added', { name: contact.name, phone: formatPhoneForReading(contact.phone) }))
      // Shown where the list's order puts it under the operator's own search (QA17 Q17-06: the search was replaced
      // by the stored digits); focused when shown, else what was said is.
      await readAgain(contact.phone)
    } catch (e) {
      const info = errorInfo(e)
      if (info.field === 'phone') {
        setPhoneRefused(info.message)
        phoneRef.current?.focus()
      } else setError(info)
    }
  }

  function clearForm(): void {
    setPhone('')
    setName('')
    setTried(false)
    setPhoneRefused(null)
    setKept(null)
  }

  /** The question about a kept number answered Keep (or Escape): nothing changes, the number's field has the focus. */
  function keepKept(): void {
    setKept(null)
    phoneRef.current?.focus()
  }

  /** The question about a kept number answered Rename: that customer takes the typed name, with Undo. */
  async function renameKept(): Promise<void> {
    if (!kept) return
    try {
      const contact = await call('contacts:set', { phone: kept.contact.phone, name: kept.name })
      clearForm()
      setUndoable({ renamed: kept.contact })
      setNote(t('customers.renamedFrom', { from: kept.contact.name, name: contact.name }))
      focusAfter.current = 'status'
      await readAgain()
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  async function rename(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (!editing) return
    const kept = usableContactName(editing.name)
    if (kept === null) return setEditing({ ...editing, tried: true })
    const before = customers.find((c) => c.phone === editing.phone)
    try {
      const contact = await call('contacts:set', { phone: editing.phone, name: kept })
      setCustomers((shown) => shown.map((c) => (c.phone === contact.phone ? { ...c, ...contact } : c)))
      setEditing(null)
      setUndoable(before !== undefined && before.name !== contact.name ? { renamed: before } : null)
      setNote(t('customers.renamed', { name: contact.name }))
      focusAfter.current = { row: contact.phone }
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  /** The rename closed unsaved (Cancel or Escape): the focus goes back to the row's Rename button. */
  function cancelRename(phoneOfRow: string): void {
    setEditing(null)
    focusAfter.current = { field: renameButtonId(phoneOfRow) }
  }

  async function remove(customer: CustomerView): Promise<void> {
    try {
      await call('contacts:remove', { phone: customer.phone })
      setCustomers((shown) => shown.filter((c) => c.phone !== customer.phone))
      setUndoable({ removed: customer })
      setNote(t('customers.removed', { name: customer.name, phone: formatPhoneForReading(customer.phone) }))
      focusAfter.current = 'status'
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  /**
   * Gives back what the last removal or rename changed. The list is read again under its current search, so a
   * customer comes back only where that search and the list's order put it (QA17 Q17-05: spliced in at her old place
   * in a list searched for another name).
   */
  async function undo(): Promise<void> {
    if (!undoable) return
    try {
      const { phone, name, source, updatedAt } = 'removed' in undoable ? undoable.removed : undoable.renamed
      const contact = await call('contacts:restore', { phone, name, source, updatedAt })
      setNote(
        'removed' in undoable
          ? t('customers.restored', { name: contact.name, phone: formatPhoneForReading(contact.phone) })
          : t('customers.renamed', { name: contact.name })
      )
      setUndoable(null)
      await readAgain(contact.phone)
    } catch (e) {
      setError(errorInfo(e))
    }
  }

  /** Why the list is empty: nobody yet, nobody the search finds, nobody the campaign filter keeps. */
  function emptyText(): string {
    const typed = search.trim()
    if (campaign && typed) return t('customers.noMatchInCampaign', { search: typed })
    if (campaign?.since === 'replied') return t('customers.noneRepliedSince')
    if (campaign?.since === 'optedOut') return t('customers.noneOptedOutSince')
    if (campaign) return t('customers.noneInCampaign')
    return typed ? t('customers.noMatch', { search: typed }) : t('customers.none')
  }

  /** How many customers the campaign filter (and search) keep, in its words. */
  function countText(filter: CustomerCampaignFilter, count: number): string {
    if (filter.since === 'replied') return t('customers.repliedSince', { count })
    if (filter.since === 'optedOut') return t('customers.optedOutSince', { count })
    return t('customers.inCampaign', { count })
  }

  return (
    <details
      className="campaign-optouts"
      data-testid="customers"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('customers.title')}</summary>
      <p className="muted">{t('customers.intro')}</p>
      <form onSubmit={(e) => void add(e)} noValidate aria-label={t('customers.addTitle')}>
        <Field id="customer-phone" label={t('customers.phone')} error={phoneError}>
          {(control) => (
            <input
              {...control}
              ref={phoneRef}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value)
                setPhoneRefused(null)
                setKept(null)
              }}
            />
          )}
        </Field>
        <Field id="customer-name" label={t('customers.name')} error={nameError}>
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              autoComplete="off"
              value={name}
              onChange={(e) => {
                setName(e.target.value)
                setKept(null)
              }}
            />
          )}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('customers.add')}
          </button>
        </div>
      </form>
      {kept ? (
        <ConfirmPanel
          id="customers-kept-question"
          question={t('customers.renameKept', { name: kept.contact.name, newName: kept.name })}
          confirmLabel={t('customers.renameKeptButton', { newName: kept.name })}
          keepLabel={t('customers.keepName', { name: kept.contact.name })}
          onConfirm={() => void renameKept()}
          onKeep={keepKept}
          focusOnOpen
        />
      ) : null}
      {note !== null ? (
        <p role="status" ref={statusRef} tabIndex={-1} data-testid="customers-result">
          {note}
        </p>
      ) : null}
      {undoable ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void undo()}>
            {'removed' in undoable
              ? t('customers.undo', { name: undoable.removed.name })
              : t('customers.undoRename', { name: undoable.renamed.name })}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error.message}
        </p>
      ) : null}
      <Field id="customers-campaign" label={t('customers.campaign')}>
        {(control) => (
          <select {...control} value={campaignId} onChange={(e) => setCampaignId(e.target.value)}>
            <option value="">{t('customers.campaignEvery')}</option>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {chosen?.startedAt != null ? (
        <Field id="customers-since" label={t('customers.since')}>
          {(control) => (
            <select {...control} value={since} onChange={(e) => setSince(e.target.value as Since | '')}>
              <option value="">{t('customers.sinceEveryone')}</option>
              <option value="replied">{t('customers.sinceReplied')}</option>
              <option value="optedOut">{t('customers.sinceOptedOut')}</option>
            </select>
          )}
        </Field>
      ) : null}
      <SearchField
        id="customers-search"
        label={t('customers.search')}
        value={search}
        max={MAX_NAME_SEARCH_LENGTH}
        onChange={setSearch}
      />
      {/* Nothing was searched for a search past its limit: no list is shown as its answer. */}
      {searchKept ? null : loaded && customers.length === 0 ? (
        <p className="muted" role="status">
          {emptyText()}
        </p>
      ) : loaded && campaign && total !== null ? (
        <p className="muted" role="status" data-testid="customers-in-campaign">
          {countText(campaign, total)}
        </p>
      ) : null}
      <ul ref={listRef} data-testid="customers-list" onFocus={onFocus} onKeyDown={onKeyDown}>
        {shown.map((c, index) => (
          // A J / K stop, named by the customer, the same while their name is being changed. Its Rename and Remove in
          // the Tab order for the list's stop only; ↑ / ↓ go to the same control of the next row.
          <li
            key={c.phone}
            data-phone={c.phone}
            data-testid="customer-entry"
            data-row-id={c.phone}
            data-row-focus
            tabIndex={-1}
            aria-posinset={index + 1}
            aria-setsize={shown.length}
            aria-label={`${c.name} ${formatPhoneForReading(c.phone)}`}
          >
            {editing?.phone === c.phone ? (
              <form
                onSubmit={(e) => void rename(e)}
                noValidate
                // Esc backs out, as a ConfirmPanel question does (QA17 Q17-07: it stayed, and Enter then saved it).
                onKeyDown={cancelOnEscape(() => cancelRename(c.phone))}
              >
                <Field
                  id={`customer-rename-${c.phone}`}
                  label={t('customers.renameField', { phone: formatPhoneForReading(c.phone) })}
                  error={editing.tried || nameTooLong(editing.name) ? nameProblem(t) : null}
                >
                  {(control) => (
                    <input
                      {...control}
                      autoComplete="off"
                      value={editing.name}
                      onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                    />
                  )}
                </Field>
                <div className="form-actions">
                  <button type="submit" className="button">
                    {t('common.save')}
                  </button>
                  <button type="button" className="button" onClick={() => cancelRename(c.phone)}>
                    {t('common.cancel')}
                  </button>
                </div>
              </form>
            ) : (
              <>
                {/* Isolated: a right-to-left name would otherwise pull the number's digit groups into its run. */}
                <bdi>{c.name}</bdi> <span className="phone">{formatPhoneForReading(c.phone)}</span>
                {c.optedOut ? <span className="muted small"> · {t('customers.optedOut')}</span> : null}{' '}
                <button
                  type="button"
                  id={renameButtonId(c.phone)}
                  className="button button--link"
                  tabIndex={c === stop ? 0 : -1}
                  data-row-control="rename"
                  aria-label={t('customers.rename', { name: c.name })}
                  onClick={() => {
                    setEditing({ phone: c.phone, name: c.name, tried: false })
                    focusAfter.current = { field: `customer-rename-${c.phone}` }
                  }}
                >
                  {t('customers.renameButton')}
                </button>{' '}
                <button
                  type="button"
                  className="button button--link"
                  aria-label={t('customers.remove', { name: c.name })}
                  tabIndex={c === stop ? 0 : -1}
                  data-row-control="remove"
                  onClick={() => void remove(c)}
                >
                  {t('customers.removeButton')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {next && !searchKept ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            focusAfter.current = { rowAt: customers.length }
            void read({ search, campaign }, next)
          }}
        >
          {t('customers.more')}
        </button>
      ) : null}
    </details>
  )
}
