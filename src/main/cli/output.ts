/** How the CLI talks: one result on stdout (human text, or one JSON line with --json), progress and errors on stderr. */
import { shownJson, shownText } from '../../shared/domain/shown-text'
import { formatNumber } from '../../shared/i18n/numbers'

export const EXIT = { ok: 0, failure: 1, badInput: 2, rejected: 3, network: 4 } as const

/**
 * What a gateway, a file, the OS or a customer said, made safe for a terminal: the shown-text rule's characters
 * removed (C0 controls but line feed and tab, DEL, C1 controls, bidi embeddings, overrides and isolates), so ESC, BEL
 * or CR cannot steer it and an override cannot show text in another order than it reads.
 */
export function printable(text: string): string {
  return shownText(text)
}

/** One JSON line a terminal cannot be steered by: what JSON.stringify leaves raw (C1 controls, bidi) is escaped. */
export function jsonLine(data: unknown): string {
  return shownJson(data)
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
