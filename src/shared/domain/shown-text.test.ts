import { describe, expect, it } from 'vitest'
import { SHOWN_TEXT_CASES } from './shown-text.cases'
import { shownJson, shownText } from './shown-text'

describe("a customer's text as it is drawn", () => {
  it.each(SHOWN_TEXT_CASES)('shows $text as $shown', ({ text, shown }) => {
    expect(shownText(text)).toBe(shown)
  })
})

describe('a payload as it is drawn', () => {
  it.each(SHOWN_TEXT_CASES)(
    'writes $text as the same JSON with nothing that steers the drawing',
    ({ text }) => {
      const json = shownJson({ message: text }, 2)
      expect(shownText(json)).toBe(json)
      expect(JSON.parse(json)).toEqual({ message: text })
    }
  )

  it('writes an override as its escape', () => {
    expect(shownJson({ file: '\u202Egnp.exe' })).toBe('{"file":"\\u202egnp.exe"}')
  })
})
