// The auto-reply keyword rule: its case table, and the first rule winning when two keywords fold alike.
import { describe, expect, it } from 'vitest'
import { autoReplyAnswering } from './auto-reply-keyword'
import { AUTO_REPLY_KEYWORD_CASES, AUTO_REPLY_TIME_CASES } from './auto-reply-keyword.cases'

describe('autoReplyAnswering', () => {
  it.each(AUTO_REPLY_KEYWORD_CASES)('$keyword ← $text: $answers ($why)', ({ keyword, text, answers }) => {
    const rule = { keyword, response: 'Rp 50.000' }
    expect(autoReplyAnswering(text, [rule])).toBe(answers ? rule : null)
  })

  it.each(AUTO_REPLY_TIME_CASES)(
    'known since $knownSince, message at $at: $answers ($why)',
    ({ knownSince, at, answers }) => {
      const rule = { keyword: 'harga', knownSince: knownSince === null ? null : knownSince * 60_000 }
      expect(autoReplyAnswering('harga', [rule], at * 60_000)).toBe(answers ? rule : null)
    }
  )

  it('passes over a rule newer than the message to an older one with the same keyword', () => {
    const older = { keyword: 'harga', knownSince: 1_000 }
    expect(autoReplyAnswering('harga', [{ keyword: 'Harga', knownSince: 5_000 }, older], 2_000)).toBe(older)
  })

  it('answers with the first of the rules that fold alike, as the gateway answers once', () => {
    const first = { keyword: 'Harga' }
    expect(autoReplyAnswering('harga', [{ keyword: 'promo' }, first, { keyword: 'harga' }])).toBe(first)
  })
})
