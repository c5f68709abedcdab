import { describe, expect, it } from 'vitest'
import { SHOWN_TEXT_CASES } from './shown-text.cases'
import { shownText } from './shown-text'

describe("a customer's text as it is drawn", () => {
  it.each(SHOWN_TEXT_CASES)('shows $text as $shown', ({ text, shown }) => {
    expect(shownText(text)).toBe(shown)
  })
})
