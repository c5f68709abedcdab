// The contact picker: one input where the operator types a name or digits and picks contacts (and the groups the
// inbox knows, by subject) from a listbox, or pastes numbers as before (the recipients text stays the one source,
// parsed by recipients.ts). Keyboard: arrows move through the suggestions, Enter picks one (or enters the typed
// number), Escape closes them, Backspace in an empty input removes the last recipient.
import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { InvokeReply } from '../../../../shared/contract'
import { call } from '../../api'
import { useT, type Translate } from '../../i18n'
import type { ControlProps } from '../../ui/Field'
import { readableChat, RecipientName, RemoveRecipientButton } from '../../ui/RecipientName'
import { useChipRemoval } from '../../ui/chip-removal'
import { OptedOutMark } from '../../ui/OptedOutMark'
import { useOptedOutAmong } from './opted-out-recipients'
import { MAX_SEND_RECIPIENTS } from '../../../../shared/domain/limits'
import {
  hasLetter,
  isSearchText,
  looksLikeGroupId,
  looksLikeName,
  parseRecipients,
  draftAfterPaste,
  pastedRecipients,
  typedRecipients,
  pickRecipient,
  splitDraft,
  suggestQuery,
  withDraft,
  withDraftEntered,
  withoutLastRecipient,
  withoutRecipient,
  withRecipientAs,
  splitRecipients,
  type RecipientProblem
} from './recipients'
import { contactNameKey } from '../../../../shared/domain'

type Suggestion = InvokeReply<'contacts:suggest'>['suggestions'][number]

/** Wait this long after the last key before asking for suggestions. */
const SUGGEST_AFTER_MS = 120
/** Digits typed before the picker suggests contacts by number (a name suggests from its first letter). */
const MIN_DIGITS = 3

/**
 * The chips drawn of a recipients list: no more than a send or a series takes. A pasted column of 20,000 numbers drew
 * 20,000 chips and held the window for half a minute.
 */
export function chipsDrawn<T>(recipients: readonly T[]): T[] {
  return recipients.slice(0, MAX_SEND_RECIPIENTS)
}

/** Under chips, how many more there are than were drawn (chipsDrawn); nothing when all were. */
export function ChipsNotDrawn({
  drawn,
  of,
  testId
}: {
  drawn: number
  of: number
  testId: string
}): React.JSX.Element | null {
  const t = useT()
  return drawn < of ? (
    <p className="muted small" data-testid={testId}>
      {t('send.recipients.notDrawn', { count: of - drawn })}
    </p>
  ) : null
}

/**
 * One recipient's chip (the Send view's and the picker's); memoised, its props the recipient's own words and stable
 * functions: a key typed in the field draws the chips it changes, not all 500 pasted ones again (each key redrew
 * every chip and its name). `remove` takes the recipient out of the field's text as it is when the × is pressed.
 * A wrong one says its problem on the chip, and its × is described by it: the keyboard stops on the × buttons, and a
 * screen reader heard "Remove 12345" without why (the Reminders form's chips were marked by colour alone).
 */
export const RecipientChip = memo(function RecipientChip({
  raw,
  value,
  problem,
  index,
  isGroup,
  optedOut,
  remove,
  t,
  testId
}: {
  raw: string
  value: string
  problem: RecipientProblem | null
  index: number
  isGroup: boolean
  /** On the opt-out list (QA71): marked on the chip. */
  optedOut: boolean
  remove: (index: number, raw: string) => void
  t: Translate
  testId: string
}): React.JSX.Element {
  const problemId = useId()
  return (
    <li
      className={problem ? 'chip chip--bad' : 'chip'}
      data-testid={testId}
      data-valid={problem ? 'false' : 'true'}
      data-value={value}
    >
      {problem ? <span aria-hidden="true">⚠ </span> : null}
      <span className="chip-text">{problem ? raw : <RecipientName chatId={value} isGroup={isGroup} />}</span>
      {problem ? (
        <span className="chip-problem" id={problemId}>
          {t(`recipient.problem.${problem}`)}
        </span>
      ) : null}
      {optedOut ? <OptedOutMark testId="recipient-opted-out" /> : null}
      <RemoveRecipientButton
        chatId={problem ? null : value}
        typed={raw}
        isGroup={isGroup}
        label={(recipient) => t('send.recipients.remove', { value: recipient })}
        describedBy={problem ? problemId : undefined}
        onRemove={() => remove(index, raw)}
      />
    </li>
  )
})

export function ContactPicker({
  control,
  text,
  isGroup,
  onText,
  onGroup,
  testId,
  chips = false
}: {
  control: ControlProps
  /** The recipients text (commas, semicolons or new lines between recipients). */
  text: string
  isGroup: boolean
  onText(text: string): void
  /** A group picked while nothing is entered (or a contact while groups are on): the send's kind follows it. */
  onGroup?(isGroup: boolean): void
  testId?: string
  /** Show the entered recipients as removable chips with their names (forms that show no chips of their own). */
  chips?: boolean
}): React.JSX.Element {
  const t = useT()
  const listId = useId()
  const { entered, draft } = splitDraft(text)
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [active, setActive] = useState(-1)
  const [closed, setClosed] = useState(false)
  const { list: chipsList, removing: removingChip } = useChipRemoval(() =>
    document.getElementById(control.id)
  )
  const nothingEntered = entered.trim() === ''
  const query = suggestQuery(draft)
  const asks = hasLetter(query) ? query.length >= 1 : query.length >= MIN_DIGITS
  // Both kinds are offered while nothing is entered; after that, only the kind already being sent.
  const shown = asks ? suggestions.filter((s) => (onGroup && nothingEntered) || s.isGroup === isGroup) : []
  const open = !closed && shown.length > 0 && draft.trim() !== ''
  useEffect(() => {
    if (!asks) return
    let live = true
    const timer = setTimeout(() => {
      call('contacts:suggest', { text: query, limit: 8 })
        .then((reply) => {
          if (!live) return
          setSuggestions(reply.suggestions)
          setActive(-1)
        })
        // Without suggestions the typed text still works as a number.
        .catch(() => undefined)
    }, SUGGEST_AFTER_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [query, asks])

  // A name entered whole (typed then a comma, or pasted) that names one contact exactly is that contact: the picker's
  // suggestions asked for it, and the recipient written as its number (QA59: "Budi Hartono, 0814…" was refused as
  // "a name, not a number"). A name two contacts share, or none, stays marked, to pick from the suggestions.
  const enteredNames = isGroup
    ? ''
    : splitRecipients(entered)
        .filter((raw) => looksLikeName(raw) && !looksLikeGroupId(raw))
        .join('\n')
  // The text and onText as they are now, for what runs later than this render (an answer, a chip's ×).
  const textNow = useRef(text)
  const onTextNow = useRef(onText)
  useLayoutEffect(() => {
    textNow.current = text
    onTextNow.current = onText
  })
  // The same function every render, for the memoised chips: it removes the chip's recipient from the text as it is
  // when the × is pressed, not as it was when the chip was last drawn.
  const removeChip = useCallback(
    (index: number, raw: string): void => {
      removingChip(index)
      onTextNow.current(withoutRecipient(textNow.current, raw))
    },
    [removingChip]
  )
  useEffect(() => {
    if (enteredNames === '') return
    let live = true
    void Promise.all(enteredNames.split('\n').map((name) => contactNamed(name)))
      .then((found) => {
        if (!live) return
        const next = found.reduce<string>(
          (written, contact, i) =>
            contact ? withRecipientAs(written, enteredNames.split('\n')[i] ?? '', contact) : written,
          textNow.current
        )
        if (next !== textNow.current) onText(next)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onText is this render's; only the names entered matter
  }, [enteredNames])

  function pick(suggestion: Suggestion): void {
    if (suggestion.isGroup !== isGroup) onGroup?.(suggestion.isGroup)
    onText(pickRecipient(text, suggestion.chatId))
    setSuggestions([])
    setActive(-1)
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (shown.length === 0) return
      event.preventDefault()
      setClosed(false)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + shown.length) % shown.length)
    } else if (event.key === 'Enter') {
      const chosen = open
        ? (shown[active] ?? (isSearchText(draft, isGroup) ? shown[0] : undefined))
        : undefined
      if (chosen) {
        event.preventDefault()
        pick(chosen)
      } else if (draft.trim() !== '') {
        event.preventDefault()
        onText(withDraftEntered(text, isGroup))
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setClosed(true)
    } else if (event.key === 'Backspace' && draft === '' && !nothingEntered) {
      event.preventDefault()
      onText(withoutLastRecipient(text))
    }
  }

  const optionId = (index: number): string => `${listId}-option-${index}`
  const parsed = chips ? parseRecipients(entered, isGroup) : []
  const picked = chipsDrawn(parsed)
  // QA71 follow-up: its chips (the Reminders form's) mark a number on the opt-out list as Send's chips do, asked alike.
  const optedOut = useOptedOutAmong(
    isGroup
      ? []
      : picked.filter((recipient) => recipient.problem === null).map((recipient) => recipient.value)
  )
  return (
    <div className="picker">
      {picked.length > 0 ? (
        <ul
          {...chipsList}
          className="chips"
          aria-label={t('send.recipients.chips')}
          data-testid={`${testId ?? 'picker'}-chips`}
        >
          {picked.map((recipient, index) => (
            <RecipientChip
              key={recipient.value}
              raw={recipient.raw}
              value={recipient.value}
              problem={recipient.problem}
              index={index}
              isGroup={isGroup}
              optedOut={!isGroup && recipient.problem === null && optedOut.has(recipient.value)}
              remove={removeChip}
              t={t}
              testId="picker-chip"
            />
          ))}
        </ul>
      ) : null}
      <ChipsNotDrawn drawn={picked.length} of={parsed.length} testId={`${testId ?? 'picker'}-not-drawn`} />
      <input
        {...control}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        data-testid={testId}
        value={draft}
        onChange={(event) => {
          setClosed(false)
          // A space after whole numbers enters them (typedRecipients); group ids are typed as they are.
          const typed = event.target.value
          onText(withDraft(text, (isGroup ? null : typedRecipients(typed)) ?? typed))
        }}
        onKeyDown={onKeyDown}
        onPaste={(event) => {
          // A pasted column's new lines, numbers apart by spaces only, or a number pasted after a whole one: entered
          // apart (draftAfterPaste), at the draft's end; a group id is pasted as it is.
          const clip = event.clipboardData.getData('text')
          const { selectionStart, selectionEnd } = event.currentTarget
          const atEnd = selectionStart === draft.length && selectionEnd === draft.length
          const apart = pastedRecipients(clip)
          const next =
            !isGroup && atEnd ? draftAfterPaste(draft, clip) : apart === null ? null : `${draft}${apart}`
          if (next === null) return
          event.preventDefault()
          onText(withDraft(text, next))
        }}
        onBlur={() => setClosed(true)}
        onFocus={() => setClosed(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('picker.suggestions')}
        className="picker-list"
        hidden={!open}
        data-testid={testId ? `${testId}-suggestions` : undefined}
      >
        {open
          ? shown.map((suggestion, index) => (
              <li
                key={`${suggestion.isGroup ? 'g' : 'c'}:${suggestion.chatId}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'picker-option picker-option--active' : 'picker-option'}
                data-testid="picker-option"
                // mousedown, not click: the input keeps the focus (its blur would close the list first).
                onMouseDown={(event) => {
                  event.preventDefault()
                  pick(suggestion)
                }}
              >
                <span className="recipient-name__name">{suggestion.name}</span>{' '}
                <span className="recipient-name__number">
                  {suggestion.isGroup ? t('outbox.group') : readableChat(suggestion.chatId, false)}
                </span>
                {/* QA71: said as it is offered, not only once Send is refused. */}
                {suggestion.optedOut === true ? <OptedOutMark testId="picker-option-opted-out" /> : null}
              </li>
            ))
          : null}
      </ul>
    </div>
  )
}

/** The one contact (not a group) whose name is `name`, as the contacts' names are matched (contactNameKey), or null. */
async function contactNamed(name: string): Promise<string | null> {
  const { suggestions } = await call('contacts:suggest', { text: name.trim(), limit: 8 })
  const keyOf = (written: string): string => contactNameKey(written.trim().replace(/\s+/g, ' '))
  const exact = suggestions.filter((s) => !s.isGroup && keyOf(s.name) === keyOf(name))
  return exact.length === 1 ? (exact[0]?.chatId ?? null) : null
}
