/** How the CLI talks: one result on stdout (human text, or one JSON line with --json), progress and errors on stderr. */
import { formatNumber } from '../../shared/i18n/numbers'

export const EXIT = { ok: 0, failure: 1, badInput: 2, rejected: 3, network: 4 } as const

/**
 * C0 controls but line feed and tab (ESC starts a terminal escape, BEL rings, CR overwrites the line), DEL, C1
 * controls, and the bidi overrides and isolates (U+202A–202E, U+2066–2069) that make a terminal show text in
 * another order than it reads.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

/** What a gateway, a file or the OS said, made safe for a terminal: every character above removed. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, '')
}

/** One JSON line a terminal cannot be steered by: what JSON.stringify leaves raw (C1 controls, bidi) is escaped. */
export function jsonLine(data: unknown): string {
  return JSON.stringify(data).replace(
    UNPRINTABLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

const ENGLISH_PLURALS = new Intl.PluralRules('en')

/**
 * A count and its noun in the form English takes for it ("1 item", "0 items", "12,345 numbers"), by the same
 * Intl.PluralRules and grouping the window's strings use (shared/i18n), instead of "item(s)".
 */
export function counted(count: number, one: string, other = `${one}s`): string {
  return `${formatNumber(count, 'en')} ${ENGLISH_PLURALS.select(count) === 'one' ? one : other}`
}

export interface Output {
  readonly json: boolean
  result(human: string, data: unknown): void
  progress(message: string): void
}

export function createOutput(json: boolean, stdout = process.stdout, stderr = process.stderr): Output {
  return {
    json,
    result(human, data) {
      stdout.write(json ? `${jsonLine(data)}\n` : `${printable(human)}\n`)
    },
    progress(message) {
      stderr.write(`${printable(message)}\n`)
    }
  }
}
