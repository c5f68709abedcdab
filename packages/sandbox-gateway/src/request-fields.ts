// One view of a request's parameters whatever the encoding: query, form-urlencoded, JSON or multipart.

import { MalformedBodyError, boundaryOf, parseMultipart } from './multipart'

export interface UploadedFile {
  filename: string | null
  contentType: string | null
  bytes: Buffer
}

const TRUE_VALUES = new Set(['true', '1', 'yes', 'on'])

export class RequestFields {
  constructor(
    private readonly values: Record<string, unknown>,
    private readonly files: Record<string, UploadedFile> = {}
  ) {}

  static fromQuery(query: URLSearchParams): RequestFields {
    return new RequestFields(Object.fromEntries(query.entries()))
  }

  /** Parses a body by its Content-Type; query parameters fill in what the body does not have. */
  static parse(body: Buffer, contentType: string | undefined, query: URLSearchParams): RequestFields {
    const fromQuery = Object.fromEntries(query.entries())
    const type = (contentType ?? '').toLowerCase()
    if (body.length === 0) return new RequestFields(fromQuery)
    if (type.startsWith('multipart/form-data')) {
      const boundary = boundaryOf(contentType ?? '')
      if (!boundary) throw new MalformedBodyError('multipart body without a boundary')
      const values: Record<string, unknown> = { ...fromQuery }
      const files: Record<string, UploadedFile> = {}
      for (const part of parseMultipart(body, boundary)) {
        if (part.filename !== null) {
          files[part.name] = { filename: part.filename, contentType: part.contentType, bytes: part.data }
        } else {
          values[part.name] = part.data.toString('utf8')
        }
      }
      return new RequestFields(values, files)
    }
    const text = body.toString('utf8')
    // Clients without a Content-Type still send JSON or a form; tell them apart by the first character.
    const looksJson = type.includes('json') || (!type.includes('form') && /^\s*[[{]/.test(text))
    if (looksJson) {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        throw new MalformedBodyError('body is not valid JSON')
      }
      if (Array.isArray(parsed)) return new RequestFields({ ...fromQuery, data: parsed })
      if (parsed === null || typeof parsed !== 'object')
        throw new MalformedBodyError('JSON body must be an object')
      return new RequestFields({ ...fromQuery, ...(parsed as Record<string, unknown>) })
    }
    return new RequestFields({ ...fromQuery, ...Object.fromEntries(new URLSearchParams(text).entries()) })
  }

  value(name: string): unknown {
    return this.values[name]
  }

  /** A scalar as text (numbers and booleans too: JSON clients send `"phone": 62812…` as a number). */
  text(name: string): string | undefined {
    const value = this.values[name]
    if (typeof value === 'string') return value
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    return undefined
  }

  /** `true, "true", "1", 1` are true; anything else (absent included) is false. */
  flag(name: string): boolean {
    const value = this.values[name]
    if (typeof value === 'boolean') return value
    if (typeof value === 'number') return value === 1
    return typeof value === 'string' && TRUE_VALUES.has(value.trim().toLowerCase())
  }

  /** An object field, given as an object (JSON) or as a JSON string (forms), e.g. `data={"name":"x.jpg"}`. */
  object(name: string): Record<string, unknown> | undefined {
    let value = this.values[name]
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value)
      } catch {
        return undefined
      }
    }
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  }

  file(name: string): UploadedFile | undefined {
    return this.files[name]
  }
}
