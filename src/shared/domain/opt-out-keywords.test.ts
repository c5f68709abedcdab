// The opt-out keyword rule: its case table, and the checks an edited list passes before it is kept.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_OPT_OUT_KEYWORDS,
  keywordActionOf,
  keywordCase,
  keywordForm,
  keywordsProblem,
  KEYWORDS_PER_LIST
} from './opt-out-keywords'
import { OPT_OUT_KEYWORD_CASES } from './opt-out-keywords.cases'

describe('keywordActionOf', () => {
  for (const { text, expected, why } of OPT_OUT_KEYWORD_CASES) {
    it(`${JSON.stringify(text.slice(0, 20))} → ${expected ?? 'nothing'} (${why})`, () => {
      expect(keywordActionOf(text, DEFAULT_OPT_OUT_KEYWORDS)).toBe(expected)
    })
  }

  it("follows the operator's own lists", () => {
    const own = { optOut: ['cukup'], optIn: ['lanjut'] }
    expect([
      keywordActionOf('Cukup', own),
      keywordActionOf('lanjut!', own),
      keywordActionOf('STOP', own)
    ]).toEqual(['opt-out', 'opt-in', null])
  })
})

describe('keywordsProblem', () => {
  it('keeps the defaults', () => {
    expect(keywordsProblem(DEFAULT_OPT_OUT_KEYWORDS)).toBeNull()
  })
  it.each([
    [{ optOut: [], optIn: ['START'] }, { code: 'no-opt-out' }],
    [{ optOut: ['STOP', ' '], optIn: [] }, { code: 'empty-keyword' }],
    [
      { optOut: ['x'.repeat(33)], optIn: [] },
      { code: 'too-long', keyword: 'x'.repeat(33) }
    ],
    [
      { optOut: ['STOP'], optIn: ['stop'] },
      { code: 'in-both', keyword: 'stop' }
    ],
    [
      { optOut: Array.from({ length: KEYWORDS_PER_LIST + 1 }, (_, i) => `K${i}`), optIn: [] },
      { code: 'too-many' }
    ]
  ])('refuses %j', (keywords, problem) => {
    expect(keywordsProblem(keywords)).toEqual(problem)
  })
})

describe('keywordCase', () => {
  it('writes a keyword in the case the match compares in, its spaces and marks as typed', () => {
    expect(keywordCase('unsub')).toBe('UNSUB')
    expect(keywordCase('stop all')).toBe('STOP ALL')
    expect(keywordCase('ｓｔｏｐ!')).toBe('STOP!')
  })

  it('never changes what a keyword matches', () => {
    for (const word of ['unsub', 'Stop all', 'cukup.', 'berhenti!!', 'ｓｔｏｐ', 'straße'])
      expect(keywordForm(keywordCase(word))).toBe(keywordForm(word))
  })
})
