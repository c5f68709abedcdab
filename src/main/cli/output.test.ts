// What the CLI prints: a terminal never receives a control or bidi-override character from text it did not write.
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { SHOWN_TEXT_CASES } from '../../shared/domain/shown-text.cases'
import { counted, createOutput, jsonLine, printable } from './output'

const ESC = '\u001b'
const BEL = '\u0007'
const RLO = '\u202E'

function capture<Stream>(): { stream: Stream; text: () => string } {
  let written = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString()
      done()
    }
  }) as unknown as Stream
  return { stream, text: () => written }
}

describe('printable', () => {
  it('removes ESC, BEL, CR, DEL, C1 controls and every bidi override or isolate; keeps lines, tabs and letters', () => {
    expect(printable(`a${ESC}[31mred${BEL}\r\u007f\u0085\u009b b`)).toBe('a[31mred b')
    expect(printable(`invoice${RLO}fdp.exe \u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069x`)).toBe(
      'invoicefdp.exe x'
    )
    expect(printable('line one\n\tline two — Toko Sinar, café')).toBe(
      'line one\n\tline two — Toko Sinar, café'
    )
  })

  it('JSON output escapes what JSON.stringify leaves raw, and still parses back to the same value', () => {
    const value = { name: `x${RLO}y\u0085${ESC}${BEL}` }
    const line = jsonLine(value)
    expect(printable(line)).toBe(line)
    expect(JSON.parse(line)).toEqual(value)
  })

  it('results and progress lines go through it, in human and JSON mode', () => {
    const out = capture<typeof process.stdout>()
    const err = capture<typeof process.stderr>()
    createOutput(false, out.stream, err.stream).result(`device ${ESC}]0;title${BEL}${RLO}name`, {})
    createOutput(false, out.stream, err.stream).progress(`sent 1${ESC}[2K${BEL}`)
    createOutput(true, out.stream, err.stream).result('', { name: `${RLO}x${ESC}` })
    expect(printable(out.text())).toBe(out.text())
    expect(printable(err.text())).toBe(err.text())
    expect(out.text().split('\n')[0]).toBe('device ]0;titlename')
  })
})

// The shown-text rule's table (QA82): a customer's text or name printed by `inbox list` or `inbox show` is what the
// window draws, and in JSON it parses back to the text as kept.
describe("a customer's text in the terminal", () => {
  it.each(SHOWN_TEXT_CASES)('prints $text as $shown', ({ text, shown }) => {
    const out = capture<typeof process.stdout>()
    const err = capture<typeof process.stderr>()
    createOutput(false, out.stream, err.stream).result(text, {})
    expect(out.text()).toBe(`${shown}\n`)
    const line = jsonLine({ text })
    expect(printable(line)).toBe(line)
    expect(JSON.parse(line)).toEqual({ text })
  })
})

describe('counted', () => {
  it('words a count in the form English takes for it, grouped as the window groups it', () => {
    expect(counted(1, 'item')).toBe('1 item')
    expect(counted(0, 'item')).toBe('0 items')
    expect(counted(12_345, 'number')).toBe('12,345 numbers')
    expect(counted(2, 'pending message')).toBe('2 pending messages')
    expect(counted(1, 'reply', 'replies')).toBe('1 reply')
    expect(counted(3, 'reply', 'replies')).toBe('3 replies')
  })
})
