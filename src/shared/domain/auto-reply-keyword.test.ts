// The auto-reply keyword rule: its case table, and the first rule winning when two keywords fold alike.
import { describe, expect, it } from 'vitest'
import { autoReplyAnswering } from './auto-reply-keyword'
import { AUTO_REPLY_KEYWORD_CASES } from './auto-reply-keyword.cases'

describe('autoReplyAnswering', () => {
  it.each(AUTO_REPLY_KEYWORD_CASES)('$keyword ← $text: $answers ($why)', ({ keyword, text, answers }) => {
    const rule = { keyword, response: 'Rp 50.000' }
    expect(autoReplyAnswering(text, [rule])).toBe(answers ? rule : null)
  })

  it('answers with the first of the rules that fold alike, as the gateway answers once', () => {
    const first = { keyword: 'Harga' }
    expect(autoReplyAnswering('harga', [{ keyword: 'promo' }, first, { keyword: 'harga' }])).toBe(first)
  })
})
