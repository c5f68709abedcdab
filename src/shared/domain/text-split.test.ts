import { describe, expect, it, vi } from 'vitest'
import { MAX_TEXT_LENGTH, textLength } from './limits'
import { splitText } from './text-split'

describe('splitText', () => {
  it('keeps a text within the limit as one part, and gives nothing for a blank text', () => {
    expect(splitText('Halo, apa kabar?')).toEqual(['Halo, apa kabar?'])
    expect(splitText('x'.repeat(MAX_TEXT_LENGTH))).toHaveLength(1)
    expect(splitText('  \n ')).toEqual([])
  })

  it('cuts at the last space that fits, dropping only the spaces at the cut', () => {
    expect(splitText('one two three four', 9)).toEqual(['one two', 'three', 'four'])
    expect(splitText('aaaa bbbb\ncccc', 9)).toEqual(['aaaa bbbb', 'cccc'])
  })

  it('puts every word back in order: joining the parts with a space gives the words of the text', () => {
    const text = Array.from({ length: 400 }, (_, i) => `kata${i}`).join(' ')
    const parts = splitText(text)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(textLength(part)).toBeLessThanOrEqual(MAX_TEXT_LENGTH)
    expect(parts.join(' ')).toBe(text)
  })

  it('counts an emoji as one character and never cuts one in half', () => {
    const parts = splitText('😀'.repeat(25), 10)
    expect(parts).toEqual(['😀'.repeat(10), '😀'.repeat(10), '😀'.repeat(5)])
  })

  it('cuts inside a word only when the word alone is over the limit', () => {
    expect(splitText('ab abcdefghijkl', 5)).toEqual(['ab', 'abcde', 'fghij', 'kl'])
  })

  it('finds word boundaries in a script without spaces (Thai)', () => {
    // "สวัสดีครับ" = สวัสดี (hello) + ครับ (polite particle); a cut between them, not inside a word.
    expect(splitText('สวัสดีครับ', 7)).toEqual(['สวัสดี', 'ครับ'])
  })

  it('makes its word segmenter on first use, not when loaded (making one is slow; the window loads this at start)', async () => {
    const Original = Intl.Segmenter
    let made = 0
    class CountedSegmenter extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
        super(...args)
        made++
      }
    }
    // Intl's properties are writable at run time; TypeScript's lib declares them read-only.
    Object.defineProperty(Intl, 'Segmenter', { value: CountedSegmenter, configurable: true, writable: true })
    try {
      vi.resetModules()
      const fresh = await import('./text-split')
      expect(made).toBe(0)
      fresh.splitText('kata '.repeat(40), 50)
      fresh.splitText('kata '.repeat(40), 50)
      expect(made).toBe(1)
    } finally {
      Object.defineProperty(Intl, 'Segmenter', { value: Original, configurable: true, writable: true })
    }
  })
})
