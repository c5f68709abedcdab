/**
 * What every feature's commands module is built from, free of any transport: the contract's handler shape and
 * the failure whose message the operator sees as is. Transports (ipcMain, the harness's WebSocket) only dispatch.
 */
import type { ApiErrorShape, InvokeChannel, InvokeReply, ParsedRequest } from '../../shared/contract'
import type { MessageKey, Params } from '../../shared/i18n'
import { coreText } from '../../shared/i18n/notes'
import { isGatewayError, normaliseRecipients } from './gateway'
import { formatPhoneForReading } from '../../shared/domain/phone-display'

export type ApiHandlers = {
  [C in InvokeChannel]: (request: ParsedRequest<C>) => Promise<InvokeReply<C>>
}

/** The handlers one feature owns. */
export type Commands<C extends InvokeChannel> = Pick<ApiHandlers, C>

/** Operator-facing text as a translation key and its params, so each front door shows it in its language. */
export interface KeyedText {
  key: MessageKey
  params?: Params
}

/** Keyed text in English (for the CLI, logs and an error's message); plain text as it is. */
export function englishText(text: string | KeyedText): string {
  return typeof text === 'string' ? text : coreText('en', '', text.key, text.params)
}

/**
 * Another's sentence (the vault's, a library's) quoted after the colon of ours: without its own full stop, as ours
 * ends with one ("…cannot be read now: The token vault … is a folder, not a file.", not "…file..").
 */
export function asClause(sentence: string): string {
  return sentence.trimEnd().replace(/\.+$/, '')
}

/**
 * An error meant for the operator. Given a key, its message is the English text (CLI, logs) and the key travels
 * with it so the window can show it in the operator's language; plain text (a gateway's or a library's own
 * words) is shown as is.
 */
export class ApiFailure extends Error {
  readonly code: string
  readonly field?: string
  readonly text?: KeyedText
  /** The same refusal at more fields of the form, each in its own words (a form marks them all at once). */
  readonly otherFields?: readonly { field: string; text: KeyedText }[]
  constructor(
    code: string,
    message: string | KeyedText,
    field?: string,
    otherFields?: readonly { field: string; text: KeyedText }[]
  ) {
    super(englishText(message))
    this.name = 'ApiFailure'
    this.code = code
    this.field = field
    if (typeof message !== 'string') this.text = message
    if (otherFields?.length) this.otherFields = otherFields
  }
}

/** What crosses the wire for a failure: the English message, and its key when it has one. */
export function failureShape(failure: ApiFailure): ApiErrorShape {
  return {
    code: failure.code,
    message: failure.message,
    ...(failure.field === undefined ? {} : { field: failure.field }),
    ...(failure.text ? { messageKey: failure.text.key, messageParams: failure.text.params ?? {} } : {}),
    ...(failure.otherFields
      ? {
          otherFields: failure.otherFields.map(({ field, text }) => ({
            field,
            message: englishText(text),
            messageKey: text.key,
            messageParams: text.params ?? {}
          }))
        }
      : {})
  }
}

/** Recipients in the gateway's form, or an operator-facing refusal naming the form field. */
export function normalisedRecipients(phones: string[], isGroup: boolean, field: string): string[] {
  try {
    return normaliseRecipients(phones, isGroup)
  } catch (error) {
    if (isGatewayError(error)) throw new ApiFailure('invalid_recipient', error.message, field)
    throw error
  }
}

/** Which of these numbers (the gateway's form) are on the opt-out list; absent where a front door keeps none. */
export type OptedOutLookup = (phones: readonly string[]) => string[]

/** The operator's answer to the opt-out ask: send to those numbers anyway, or leave them out. */
export type OptedOutDecision = 'send' | 'leave-out'

/**
 * The one ask about numbers on the opt-out list, for every direct send (now, scheduled, a series, a reply, a gateway
 * reminder): refused (`opted_out`, naming them) until the operator answered; then all the numbers (`send`) or the
 * others (`leave-out`, refused as `all_opted_out` when none is left). Null when nothing was asked (a group, no
 * list, none on it, or sent anyway): the request's recipients stand. `seen`: the numbers the operator was shown as on
 * the list when answering `leave-out` ahead of the ask (a large send's summary); the list holding others among the
 * recipients now is refused as unasked (QA71 follow-up: a number opted out meanwhile is asked about, never sent).
 */
export function askedRecipients(
  optedOut: OptedOutLookup | undefined,
  requested: readonly string[],
  isGroup: boolean,
  decision: OptedOutDecision | undefined,
  field = 'recipients',
  seen?: readonly string[]
): string[] | null {
  if (isGroup || !optedOut || decision === 'send') return null
  const recipients = normalisedRecipients([...requested], false, field)
  const asked = new Set(optedOut(recipients))
  if (asked.size === 0) return null
  if (decision === undefined || (seen !== undefined && !sameNumbers(asked, seen, field)))
    throw new ApiFailure(
      'opted_out',
      {
        key: 'desktop.error.optedOutRecipients',
        // `numbers` as the gateway writes them, for the terminal to name; `shown` as the window writes them.
        params: {
          count: asked.size,
          numbers: [...asked].join(', '),
          shown: [...asked].map(formatPhoneForReading).join(', ')
        }
      },
      field
    )
  const kept = recipients.filter((phone) => !asked.has(phone))
  if (kept.length === 0) throw new ApiFailure('all_opted_out', { key: 'desktop.error.allOptedOut' }, field)
  return kept
}

/** Whether `seen` (as the window holds them) are the numbers `asked` holds (the gateway's form), no more, no fewer. */
function sameNumbers(asked: ReadonlySet<string>, seen: readonly string[], field: string): boolean {
  const shown = new Set(normalisedRecipients([...seen], false, field))
  return shown.size === asked.size && [...shown].every((phone) => asked.has(phone))
}
