// Keeps tokens and secret keys out of log lines and error text, for the whole core (logs, vault, gateway client):
// known secrets are masked wherever they appear, and token-shaped fields (?token=, Authorization, Secret-key) are masked even when not known.

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

function variantsOf(secret: string): string[] {
  const variants = new Set([secret])
  variants.add(encodeURIComponent(secret))
  variants.add(Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, ''))
  return [...variants]
}

/** Replaces every occurrence of each secret (raw, URL-encoded, base64) and every token-shaped field. */
export function redact(text: string, secrets: Iterable<string | undefined | null>): string {
  const needles = new Set<string>()
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue
    for (const variant of variantsOf(secret)) needles.add(variant)
  }
  let result = text
  // Longest first, so a token is masked whole before a secret that might be part of it.
  for (const needle of [...needles].sort((a, b) => b.length - a.length)) {
    result = result.split(needle).join(REDACTED)
  }
  for (const [pattern, replacement] of TOKEN_SHAPED_FIELDS) result = result.replace(pattern, replacement)
  return result
}

/** The process-wide set of secrets to mask; vaults add to it whenever they store or load one. */
export class SecretList {
  private readonly values = new Set<string>()

  add(...values: Array<string | undefined | null>): void {
    for (const value of values) if (value && value.length >= MIN_SECRET_LENGTH) this.values.add(value)
  }

  has(value: string): boolean {
    return this.values.has(value)
  }

  redact(text: string): string {
    return redact(text, this.values)
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
      sink(level, redact(line, known()))
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
