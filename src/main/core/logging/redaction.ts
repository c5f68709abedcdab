// Keeps tokens and secret keys out of log lines, error text and everything a gateway says, for the whole core (logs,
// vault, gateway client, CLI): known secrets are masked wherever and however they appear, and token-shaped fields
// (?token=, Authorization, Secret-key) are masked even when not known. The one redaction rule of the app.

export const REDACTED = '[redacted]'

/** Shorter values would mask ordinary words; real tokens are ~64 characters and secret keys 8. */
const MIN_SECRET_LENGTH = 6

const TOKEN_SHAPED_FIELDS: ReadonlyArray<[RegExp, string]> = [
  // query strings: ?token=…, &secret=…
  [/([?&](?:token|secret|secret_key|secretKey)=)[^&\s"'#<>]+/gi, `$1${REDACTED}`],
  // headers and JSON-ish dumps: Authorization: …, "authorization":"…", Secret-key: …
  [
    /((?:authorization|secret-key|secret_key|x-secret-key)["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"',;}]+/gi,
    `$1${REDACTED}`
  ]
]

/**
 * A run of this many characters of a secret (or of one of its encodings) is masked wherever it appears: a token cut
 * in two, truncated, or wrapped keeps nothing readable. Shorter secrets (secret keys are 8) are masked whole.
 */
const MIN_FRAGMENT = 12

/**
 * Characters that may be slipped inside a secret without changing what a reader copies out: white space (as `\s`),
 * zero-width characters, soft hyphens.
 */
function isInvisible(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d)
  if (code < 0xa0) return false
  return (
    code === 0xa0 ||
    code === 0xad ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

const ESCAPE = /^(?:%([0-9a-f]{2})|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})|&#x([0-9a-f]{1,6});|&#([0-9]{1,7});)/i

/**
 * The text as a reader (or a decoder) would take it, with where each character came from (`from`/`to`, offsets in
 * `text`): percent-escapes, JSON `\uXXXX` / `\xXX` escapes and HTML character references are decoded, invisible
 * characters dropped.
 */
function readable(text: string): { chars: string; from: Int32Array; to: Int32Array } {
  const parts: string[] = []
  const from = new Int32Array(text.length)
  const to = new Int32Array(text.length)
  let count = 0
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i)
    let char: string | null = null
    let length = 1
    if (code === 0x25 || code === 0x5c || code === 0x26) {
      const escape = ESCAPE.exec(text.slice(i, i + 10))
      if (escape) {
        const hex = escape[1] ?? escape[2] ?? escape[3] ?? escape[4]
        const decoded = hex !== undefined ? parseInt(hex, 16) : Number(escape[5])
        if (decoded <= 0x10ffff) {
          char = String.fromCodePoint(decoded)
          length = escape[0].length
        }
      }
    }
    if (char === null) char = text[i]!
    if (!isInvisible(char.charCodeAt(0))) {
      // One entry per UTF-16 unit of what was read, all pointing at the same span of the original.
      for (let unit = 0; unit < char.length; unit++) {
        from[count] = i
        to[count] = i + length
        count++
      }
      parts.push(char)
    }
    i += length
  }
  return { chars: parts.join(''), from, to }
}

/** The characters of base64 that depend only on the secret's own bytes, for each of the three alignments it can
 * have inside a longer encoded text (standard and URL-safe alphabets). */
function base64Cores(secret: Buffer): string[] {
  const cores: string[] = []
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad), secret]).toString('base64')
    const core = encoded.slice(Math.ceil((8 * pad) / 6), Math.floor((8 * (pad + secret.length)) / 6))
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return cores
}

/** The forms a secret is looked for in: itself, hex and base64 (escapes are decoded by `readable`). */
function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const hex = bytes.toString('hex')
  return [secret, hex, hex.toUpperCase(), ...base64Cores(bytes)].filter(
    (form) => form.length >= MIN_SECRET_LENGTH
  )
}

/** Fragment length → the fragments of that length to look for: what `redactWith` masks. */
export type SecretFragments = ReadonlyMap<number, ReadonlySet<string>>

/**
 * The fragments of every form of the secrets, worked out once for a set of secrets: building them (hundreds of
 * substrings for one token) cost more than masking a gateway answer with them, on every answer of every send.
 */
export function secretFragments(secrets: Iterable<string | undefined | null>): SecretFragments {
  const fragments = new Map<number, Set<string>>()
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue
    for (const form of formsOf(secret)) {
      const size = Math.min(MIN_FRAGMENT, form.length)
      let set = fragments.get(size)
      if (!set) fragments.set(size, (set = new Set()))
      for (let at = 0; at + size <= form.length; at++) set.add(form.slice(at, at + size))
    }
  }
  return fragments
}

/** `redact` with the secrets' fragments worked out beforehand (`secretFragments`). */
export function redactWith(text: string, fragments: SecretFragments): string {
  let result = fragments.size === 0 ? text : maskFragments(text, fragments)
  for (const [pattern, replacement] of TOKEN_SHAPED_FIELDS) result = result.replace(pattern, replacement)
  return result
}

/**
 * Replaces every known secret and every token-shaped field. A secret is found raw, split by spaces or invisible
 * characters, percent-/JSON-/HTML-escaped, hex or base64; any run of MIN_FRAGMENT of its characters counts.
 */
export function redact(text: string, secrets: Iterable<string | undefined | null>): string {
  return redactWith(text, secretFragments(secrets))
}

/** Up to three UTF-16 units from `at`, as one exact number (3 × 16 bits fits a double's 53). */
function startKey(text: string, at: number): number {
  return (
    text.charCodeAt(at) * 2 ** 32 + (text.charCodeAt(at + 1) || 0) * 2 ** 16 + (text.charCodeAt(at + 2) || 0)
  )
}

function maskFragments(text: string, fragments: ReadonlyMap<number, ReadonlySet<string>>): string {
  const { chars, from, to } = readable(text)
  // Ranges of the original text to mask, as [start, end) pairs, found in reading order and merged as they overlap.
  const ranges: Array<[number, number]> = []
  for (const [size, set] of fragments) {
    // Gateway answers run to hundreds of kilobytes (a report page): a fragment's first three characters, as one
    // number, rule out almost every position before a substring is made.
    const starts = new Set<number>()
    for (const fragment of set) starts.add(startKey(fragment, 0))
    for (let at = 0; at + size <= chars.length; at++) {
      if (!starts.has(startKey(chars, at)) || !set.has(chars.slice(at, at + size))) continue
      ranges.push([from[at]!, to[at + size - 1]!])
    }
  }
  if (ranges.length === 0) return text
  ranges.sort((a, b) => a[0] - b[0])
  const merged: Array<[number, number]> = []
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1]
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  let out = ''
  let written = 0
  for (const [start, end] of merged) {
    out += text.slice(written, start) + REDACTED
    written = end
  }
  return out + text.slice(written)
}

/** The process-wide set of secrets to mask; vaults add to it whenever they store or load one. */
export class SecretList {
  private readonly values = new Set<string>()
  /** The values' fragments, until a value is added. */
  private fragments: SecretFragments | null = null

  add(...values: Array<string | undefined | null>): void {
    for (const value of values)
      if (value && value.length >= MIN_SECRET_LENGTH && !this.values.has(value)) {
        this.values.add(value)
        this.fragments = null
      }
  }

  has(value: string): boolean {
    return this.values.has(value)
  }

  redact(text: string): string {
    this.fragments ??= secretFragments(this.values)
    return redactWith(text, this.fragments)
  }

  [Symbol.iterator](): Iterator<string> {
    return this.values[Symbol.iterator]()
  }
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(message: string, ...details: unknown[]): void
  info(message: string, ...details: unknown[]): void
  warn(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
}

/** Where finished, already-redacted lines go: electron-log in the shell, stderr in the CLI, an array in tests. */
export type LogSink = (level: LogLevel, line: string) => void

/** One readable line for any value; errors with their code, cause chain and stack. */
export function describeForLog(value: unknown, depth = 0): string {
  if (value instanceof Error) {
    const record = value as Error & { code?: unknown }
    const code = typeof record.code === 'string' ? ` [${record.code}]` : ''
    let text = `${value.name}${code}: ${value.message}`
    if (value.stack && depth === 0) text += `\n${value.stack.split('\n').slice(1).join('\n')}`
    if (value.cause !== undefined && depth < 4)
      text += `\n  caused by ${describeForLog(value.cause, depth + 1)}`
    return text
  }
  if (typeof value === 'string') return value
  if (value === undefined) return 'undefined'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

export function createRedactingLogger(sink: LogSink, secrets: SecretList | (() => Iterable<string>)): Logger {
  const known = (): Iterable<string> => (typeof secrets === 'function' ? secrets() : secrets)
  const write =
    (level: LogLevel) =>
    (message: string, ...details: unknown[]): void => {
      const line = [message, ...details.map((detail) => describeForLog(detail))].join(' ')
      sink(level, typeof secrets === 'function' ? redact(line, known()) : secrets.redact(line))
    }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

/** A logger that drops everything, for callers that were given none. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined
}
