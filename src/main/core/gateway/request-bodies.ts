// Request encodings the gateway expects: v1 form-urlencoded (string booleans), v2 JSON {data:[…]} and multipart uploads.
import type { EncodedBody } from './http'
import type { SendFlags } from './types'

export type FormValue = string | number | boolean | undefined
export type FormFields = ReadonlyArray<readonly [string, FormValue]>

function formText(value: string | number | boolean): string {
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value)
}

/** application/x-www-form-urlencoded; booleans as "true"/"false"; undefined fields left out (as PHP drops nulls). */
export function formBody(fields: FormFields): EncodedBody {
  const params = new URLSearchParams()
  for (const [name, value] of fields) if (value !== undefined) params.append(name, formText(value))
  const payload = params.toString()
  return { contentType: 'application/x-www-form-urlencoded', payload, size: payload.length }
}

export function jsonBody(value: unknown): EncodedBody {
  const payload = JSON.stringify(value)
  return { contentType: 'application/json', payload, size: Buffer.byteLength(payload) }
}

export interface MultipartFile {
  name: string
  filename: string
  type: string
  bytes: Uint8Array
}

/** multipart/form-data; fetch writes the boundary and Content-Type. */
export function multipartBody(fields: FormFields, file: MultipartFile): EncodedBody {
  const form = new FormData()
  let size = file.bytes.byteLength
  for (const [name, value] of fields) {
    if (value === undefined) continue
    form.append(name, formText(value))
    size += name.length + String(value).length
  }
  // A Blob needs bytes over a plain ArrayBuffer (not a possibly shared one); views over Buffer pools qualify after a copy.
  const bytes = new Uint8Array(file.bytes.byteLength)
  bytes.set(file.bytes)
  form.append(file.name, new Blob([bytes], { type: file.type }), file.filename)
  return { payload: form, size }
}

/** The §3.5 flags as v1 form fields, in the order the reference lists them. */
export function flagFields(flags: SendFlags): FormFields {
  return [
    ['isGroup', flags.isGroup],
    ['ref_id', flags.refId],
    ['secret', flags.secret],
    ['retry', flags.retry],
    ['priority', flags.priority]
  ]
}

/** The same flags for one v2 item: real JSON booleans, undefined keys dropped by JSON.stringify. */
export interface FlagJson {
  isGroup?: boolean
  ref_id?: string
  secret?: boolean
  retry?: number
  priority?: boolean
}

export function flagJson(flags: SendFlags): FlagJson {
  return {
    isGroup: flags.isGroup,
    ref_id: flags.refId,
    secret: flags.secret,
    retry: flags.retry,
    priority: flags.priority
  }
}

export function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}
