// Timeline notes the core stores as a translation key and params (not English prose), so the window shows them
// in the operator's language. Old rows and notes quoting the gateway stay plain text and are shown as they are.
// In the language's strings as far as they are loaded (English otherwise): the window imports this module and loads
// its operator's language itself; the main process imports notes.ts, which has every table.
import { isMessageKey, translate, type Language, type MessageKey, type Params } from './translate'

/** Marks an encoded note; a character no English note or gateway message starts with. */
const MARK = '\u241e'

export interface NoteMessage {
  key: MessageKey
  params: Params
}

export function encodeNote(key: MessageKey, params: Params = {}): string {
  return `${MARK}${key}${MARK}${JSON.stringify(params)}`
}

export function decodeNote(stored: string | null): NoteMessage | null {
  if (!stored?.startsWith(MARK)) return null
  const split = stored.indexOf(MARK, 1)
  if (split < 0) return null
  const key = stored.slice(1, split)
  // Not `key in en`: in the window, en is its start strings until the rest arrive (english-at-start.ts).
  if (!isMessageKey(key)) return null
  try {
    const params = JSON.parse(stored.slice(split + 1)) as unknown
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return null
    return { key: key as MessageKey, params: params as Params }
  } catch {
    return null
  }
}

/** The note in `language`; plain-text notes are returned unchanged. */
export function translateNote(language: Language, stored: string | null): string | null {
  const decoded = decodeNote(stored)
  return decoded
    ? translate(language, decoded.key, translatedParams(language, decoded.params, decoded.key))
    : stored
}

/** The core's text in `language`: from its key when the core sent one, else the text as it came. */
export function coreText(language: Language, text: string, key?: string, params?: Params): string {
  return key && isMessageKey(key)
    ? translate(language, key, params && translatedParams(language, params, key))
    : text
}

/** The fields an edit note names (stored as the core's English names, "text, schedule"), each in words. */
const EDITED_FIELDS: Readonly<Record<string, MessageKey>> = {
  text: 'desktop.note.editedField.text',
  caption: 'desktop.note.editedField.caption',
  recipient: 'desktop.note.editedField.recipient',
  schedule: 'desktop.note.editedField.schedule'
}

/**
 * A param may itself be an encoded note (a send failure's reason inside "retry in 30 s"): worded in `language` too;
 * so are the fields an edit note lists (old rows included).
 */
function translatedParams(language: Language, params: Params, key: string): Params {
  const worded: Params = {}
  for (const [name, value] of Object.entries(params))
    worded[name] = typeof value === 'string' ? (translateNote(language, value) ?? value) : value
  const fields = worded['fields']
  if (key === 'desktop.note.edited' && typeof fields === 'string') {
    worded['fields'] = fields
      .split(', ')
      .map((field) => {
        const fieldKey = EDITED_FIELDS[field]
        return fieldKey ? translate(language, fieldKey) : field
      })
      .join(', ')
  }
  return worded
}

/** A history entry's note in `language`. */
export function historyNote(
  language: Language,
  entry: { note: string | null; noteKey?: string | undefined; noteParams?: Params | undefined }
): string | null {
  return entry.note === null ? null : coreText(language, entry.note, entry.noteKey, entry.noteParams)
}

/**
 * A stored note under a view's field names: the English text (CLI, logs), and its key and params when it is
 * one of ours, so the window shows it in the operator's language. The gateway's own words stay as they came.
 */
export function noteFields<N extends string, K extends string, P extends string>(
  stored: string | null,
  noteField: N,
  keyField: K,
  paramsField: P
): Record<N, string | null> & Partial<Record<K, MessageKey> & Record<P, Params>> {
  const decoded = decodeNote(stored)
  return {
    [noteField]: translateNote('en', stored),
    ...(decoded ? { [keyField]: decoded.key, [paramsField]: decoded.params } : {})
  } as Record<N, string | null> & Partial<Record<K, MessageKey> & Record<P, Params>>
}

/** Notes that only add the HTTP status or the gateway's words to a reason: the window shows those apart. */
const REASON_WRAPPERS: ReadonlySet<string> = new Set(['desktop.gateway.said', 'desktop.gateway.httpStatus'])

/**
 * A failure's reason once, in words, in `language` (first letter capitalised): without the "(HTTP 413)" and
 * "(gateway: …)" the core wraps around it, which the window shows apart; the HTTP status is returned for that.
 */
export function reasonInWords(
  language: Language,
  text: string,
  key?: string,
  params?: Params
): { words: string; httpStatus: number | null } {
  let current: NoteMessage | null = key && isMessageKey(key) ? { key, params: params ?? {} } : null
  let httpStatus: number | null = null
  while (current && REASON_WRAPPERS.has(current.key) && typeof current.params['reason'] === 'string') {
    const status = current.params['status']
    if (current.key === 'desktop.gateway.httpStatus' && typeof status === 'number') httpStatus = status
    const inner: string = current.params['reason']
    const decoded = decodeNote(inner)
    if (!decoded) return { words: capitalise(inner), httpStatus }
    current = decoded
  }
  const words = current
    ? translate(language, current.key, translatedParams(language, current.params, current.key))
    : text
  return { words: capitalise(words), httpStatus }
}

/**
 * A note quoting a send's failure as its `error` ("{error}; this device's queue waits"), with that reason in words
 * alone: the "(HTTP 400)" and "(gateway: …)" the core wrapped around it are taken off, and the gateway's own words
 * returned to be shown under their heading, as a failure's are (QA12 Q12-10). Other notes as they are.
 */
export function withReasonApart<E extends { noteKey?: string | undefined; noteParams?: Params | undefined }>(
  entry: E
): { entry: E; gatewayMessage: string | null } {
  const error = entry.noteParams?.['error']
  let current = typeof error === 'string' ? decodeNote(error) : null
  if (!current || !REASON_WRAPPERS.has(current.key)) return { entry, gatewayMessage: null }
  let gatewayMessage: string | null = null
  let reason: string = typeof error === 'string' ? error : ''
  while (current && REASON_WRAPPERS.has(current.key) && typeof current.params['reason'] === 'string') {
    const said = current.params['gateway']
    if (current.key === 'desktop.gateway.said' && typeof said === 'string') gatewayMessage = said
    reason = current.params['reason']
    current = decodeNote(reason)
  }
  return { entry: { ...entry, noteParams: { ...entry.noteParams, error: reason } }, gatewayMessage }
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}
