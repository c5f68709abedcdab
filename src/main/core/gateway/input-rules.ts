// The gateway's documented limits, checked before anything goes on the wire (text length, file size and type, URLs, dates).
import { GatewayError, type GatewayErrorCode } from './errors'
import type { LocalFile, MediaKind, SendFlags } from './types'
import {
  ALLOWED_EXTENSIONS,
  DEFAULT_MAX_FILE_BYTES,
  MAX_TEXT_LENGTH,
  extensionOf,
  megabytesBesideLimit,
  isWithinFileLimit,
  isHttpUrl,
  isWithinTextLimit,
  mimeOfFileName,
  textLength
} from '../../../shared/domain'

export {
  MAX_BULK_ITEMS,
  MAX_MESSAGE_IDS_PER_CALL,
  MAX_REPORT_LIMIT,
  MAX_TEXT_LENGTH
} from '../../../shared/domain'
export { ALLOWED_EXTENSIONS, extensionOf } from '../../../shared/domain'
/** The reference caps `filename` on send-image-from-local at 60 characters. */
export const MAX_CUSTOM_FILENAME = 60

export function inputError(
  operation: string,
  message: string,
  code: GatewayErrorCode = 'invalid_input'
): GatewayError {
  return new GatewayError({ code, message: `${operation}: ${message}`, operation })
}

export function mimeOf(file: LocalFile): string {
  return file.mime?.trim() || mimeOfFileName(file.name)
}

/** Message and caption texts: required ones must have content; all at most 1024 characters (code points). */
export function checkText(operation: string, field: string, text: unknown, required: boolean): void {
  if (text === undefined && !required) return
  if (typeof text !== 'string') throw inputError(operation, `${field} must be text`)
  if (required && text.trim() === '') throw inputError(operation, `${field} is empty`)
  if (!isWithinTextLimit(text)) {
    const length = textLength(text)
    throw inputError(
      operation,
      `${field} is ${length} characters; the gateway accepts at most ${MAX_TEXT_LENGTH}`
    )
  }
}

export function checkHttpUrl(operation: string, field: string, value: unknown): string {
  if (typeof value === 'string') {
    try {
      const url = new URL(value.trim())
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.href
    } catch {
      // reported below
    }
  }
  throw inputError(operation, `${field} must be an http(s) URL`)
}

/** A webhook address by the shared rule (isHttpUrl, as the contract and the window check it), in its parsed form. */
export function checkWebhookUrl(operation: string, field: string, value: unknown): string {
  if (typeof value === 'string' && isHttpUrl(value)) return new URL(value.trim()).href
  throw inputError(operation, `${field} must be an http(s) URL`)
}

/** `maxBytes` is the limit resolved for the sending device (resolveFileLimit); the gateway default otherwise. */
export function checkLocalFile(
  operation: string,
  kind: MediaKind,
  file: LocalFile,
  maxBytes: number = DEFAULT_MAX_FILE_BYTES
): void {
  if (!file || typeof file.name !== 'string' || file.name.trim() === '') {
    throw inputError(operation, 'the file needs a name (it gives the type, e.g. photo.jpg)')
  }
  if (!(file.bytes instanceof Uint8Array) || file.bytes.byteLength === 0) {
    throw inputError(operation, `${file.name} is empty`)
  }
  const allowed = ALLOWED_EXTENSIONS[kind]
  const extension = extensionOf(file.name)
  if (!allowed.includes(extension)) {
    throw inputError(
      operation,
      `${file.name}: a${kind === 'image' || kind === 'audio' ? 'n' : ''} ${kind} must be one of ${allowed.join(', ')}`,
      'file_type'
    )
  }
  if (!isWithinFileLimit(file.bytes.byteLength, maxBytes)) {
    const said = megabytesBesideLimit(file.bytes.byteLength, maxBytes)
    throw inputError(
      operation,
      `${file.name} is ${said.size}; the gateway accepts at most ${said.limit}`,
      'file_too_large'
    )
  }
}

export function checkFlags(operation: string, flags: SendFlags): void {
  if (
    flags.refId !== undefined &&
    (typeof flags.refId !== 'string' || flags.refId.trim() === '' || flags.refId.length > 255)
  ) {
    throw inputError(operation, 'refId must be 1–255 characters')
  }
  if (flags.retry !== undefined && (!Number.isInteger(flags.retry) || flags.retry < 0 || flags.retry > 100)) {
    throw inputError(operation, 'retry must be a whole number from 0 to 100')
  }
}

/** A path segment we put in the URL ourselves (schedule ids): no separators that would change the route. */
export function checkId(operation: string, field: string, value: unknown): string {
  if (typeof value !== 'string' || !/^[^\s/?#,]+$/.test(value.trim())) {
    throw inputError(operation, `${field} must be a non-empty id without spaces, '/', '?', '#' or ','`)
  }
  return value.trim()
}

export function checkDate(operation: string, value: unknown): string {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  ) {
    throw inputError(operation, 'date must be Y-m-d, e.g. 2026-05-31')
  }
  return value
}

/** H:i:s; H:i gets ":00" since that is what the user meant. */
export function checkTime(operation: string, value: unknown): string {
  if (typeof value === 'string') {
    const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value.trim())
    if (match) return `${match[1]}:${match[2]}:${match[3] ?? '00'}`
  }
  throw inputError(operation, 'time must be H:i:s, e.g. 08:30:00')
}

export function checkDateTime(operation: string, value: unknown): string {
  if (typeof value === 'string') {
    const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim())
    if (match?.[1] && match[2]) return `${checkDate(operation, match[1])} ${checkTime(operation, match[2])}`
  }
  throw inputError(operation, 'scheduledAt must be Y-m-d H:i:s, e.g. 2026-05-31 08:30:00')
}

export function checkTimezone(operation: string, value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value.trim() })
      return value.trim()
    } catch {
      // reported below
    }
  }
  throw inputError(operation, 'timezone must be an IANA name such as Asia/Jakarta')
}

export function checkPositiveInteger(operation: string, field: string, value: unknown, max?: number): void {
  if (value === undefined) return
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    (max !== undefined && value > max)
  ) {
    throw inputError(
      operation,
      `${field} must be a whole number from 1${max === undefined ? '' : ` to ${max}`}`
    )
  }
}
