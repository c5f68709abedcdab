// A recipient as the window shows it everywhere: the contact's name (a group's subject) first, the formatted number
// (the group id) beside it; the formatted number alone when no name is known. A name is the customer's or a sheet's
// to write: drawn by the shown-text rule, as the inbox draws it.
import { formatPhoneForReading } from '../../../shared/domain/phone-display'
import { shownText } from '../../../shared/domain/shown-text'
import { useChatName, useChatNames } from '../stores/contact-names'
import './recipient-name.css'

/**
 * Numbers as read, by their digits: libphonenumber reads a number in a fraction of a millisecond, and a list draws the
 * same numbers again on every open and scroll (two dozen of them in the outbox's first rows). Cleared when full.
 */
const readableNumbers = new Map<string, string>()
const READABLE_NUMBERS_KEPT = 5000

/** The number as read: formatted for a person's number, as it is for a group id. */
export function readableChat(chatId: string, isGroup: boolean): string {
  if (isGroup) return chatId
  let readable = readableNumbers.get(chatId)
  if (readable === undefined) {
    if (readableNumbers.size >= READABLE_NUMBERS_KEPT) readableNumbers.clear()
    readable = formatPhoneForReading(chatId)
    readableNumbers.set(chatId, readable)
  }
  return readable
}

/**
 * A chat's name as drawn: without the characters that would steer the drawing ("\u202EBudi" drew the number after it
 * backwards); null when nothing else is in it, so the number stands alone.
 */
function shownName(name: string | null): string | null {
  return name ? shownText(name) || null : null
}

/** Name and number in one line of text (labels, titles, announcements). */
export function recipientText(name: string | null, chatId: string, isGroup: boolean): string {
  const number = readableChat(chatId, isGroup)
  const shown = shownName(name)
  return shown ? `${shown} (${number})` : number
}

/** A name already looked up (a row that also needs it as text), drawn as every recipient is. */
export function RecipientLabel({
  name,
  chatId,
  isGroup = false,
  asWritten,
  testId
}: {
  name: string | null
  chatId: string
  isGroup?: boolean
  /**
   * What stands for the number when it is none (a sheet's phone cell as written, blank or wrong): the sheet's to write,
   * drawn by the shown-text rule as a name is ("\u202E0008" drew the row backwards).
   */
  asWritten?: string
  testId?: string
}): React.JSX.Element {
  const number = asWritten === undefined ? readableChat(chatId, isGroup) : shownText(asWritten)
  const shown = shownName(name)
  return (
    <span className="recipient-name" data-testid={testId}>
      {shown ? (
        <>
          <span className="recipient-name__name">{shown}</span>{' '}
          <span className="recipient-name__number">{number}</span>
        </>
      ) : (
        number
      )}
    </span>
  )
}

/** A recipient with its name looked up (batched with the other recipients drawn in the same turn). */
export function RecipientName(props: {
  chatId: string
  isGroup?: boolean
  testId?: string
}): React.JSX.Element {
  const name = useChatName(props.chatId)
  return <RecipientLabel name={name} {...props} />
}

/** Several recipients as one line of text, each with its name first when one is known. */
export function useRecipientsText(chats: readonly string[], isGroup = false): string {
  const names = useChatNames(chats)
  return chats.map((chat, index) => recipientText(names[index] ?? null, chat, isGroup)).join(', ')
}

/**
 * A recipient chip's remove button, named by what the chip shows (the name and the formatted number), not by the text
 * as typed: a screen reader heard "Remove 081234567890" beside a chip reading "+62 812-3456-7890" (QA F21). A chip
 * the window could not read is named as typed, as it shows it.
 */
export function RemoveRecipientButton({
  chatId,
  typed,
  isGroup = false,
  label,
  describedBy,
  onRemove
}: {
  /** The recipient as the window reads it, or null when it could not (the chip shows `typed`). */
  chatId: string | null
  typed: string
  isGroup?: boolean
  label: (recipient: string) => string
  /** The id of what the chip says of its recipient (its problem), heard where the keyboard stops in the chips. */
  describedBy?: string
  onRemove(): void
}): React.JSX.Element {
  const name = useChatName(chatId)
  return (
    <button
      type="button"
      className="chip-remove"
      aria-label={label(chatId === null ? typed : recipientText(name, chatId, isGroup))}
      aria-describedby={describedBy}
      onClick={onRemove}
    >
      ×
    </button>
  )
}
