// A small multipart/form-data parser: fields and file parts, enough for the gateway's upload endpoints.

export interface MultipartPart {
  name: string
  /** Set for file parts. */
  filename: string | null
  contentType: string | null
  data: Buffer
}

export class MalformedBodyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MalformedBodyError'
  }
}

export function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  return match?.[1] ?? match?.[2] ?? null
}

function dispositionParam(header: string, key: string): string | null {
  // filename*=UTF-8''na%20me.pdf (RFC 5987) wins over the plain form when both are present.
  if (key === 'filename') {
    const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
    if (extended?.[1]) {
      try {
        return decodeURIComponent(extended[1].trim())
      } catch {
        return extended[1].trim()
      }
    }
  }
  const match = new RegExp(`(?:^|;)\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header)
  if (!match) return null
  return (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1').trim()
}

export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`)
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`)
  const parts: MultipartPart[] = []
  let position = body.indexOf(delimiter)
  if (position < 0) throw new MalformedBodyError('multipart body without its boundary')
  position += delimiter.length
  for (;;) {
    // `--` right after a delimiter closes the body.
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2
    const headerEnd = body.indexOf('\r\n\r\n', position)
    if (headerEnd < 0) throw new MalformedBodyError('multipart part without a header end')
    const headers = new Map<string, string>()
    for (const line of body.subarray(position, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':')
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
    }
    const dataStart = headerEnd + 4
    const dataEnd = body.indexOf(nextDelimiter, dataStart)
    if (dataEnd < 0) throw new MalformedBodyError('multipart part is not closed')
    const disposition = headers.get('content-disposition') ?? ''
    const name = dispositionParam(disposition, 'name')
    if (name) {
      parts.push({
        name,
        filename: dispositionParam(disposition, 'filename'),
        contentType: headers.get('content-type') ?? null,
        data: body.subarray(dataStart, dataEnd)
      })
    }
    position = dataEnd + nextDelimiter.length
  }
}
