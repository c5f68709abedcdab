// The caption-placement rule answers its case tables.
import { describe, expect, it } from 'vitest'
import { audioCaptionNotice, placeCaptions } from './caption-placement'
import { AUDIO_CAPTION_NOTICE_CASES, CAPTION_PLACEMENT_CASES } from './caption-placement.cases'

describe('placeCaptions (QA32 Q32-01)', () => {
  it.each(CAPTION_PLACEMENT_CASES)('$name', ({ entries, placed }) => {
    expect(placeCaptions(entries, (file) => file.media)).toEqual(placed)
  })
})

describe('audioCaptionNotice (QA32 Q32-01)', () => {
  it.each(AUDIO_CAPTION_NOTICE_CASES)('$kinds "$caption" → $notice', ({ kinds, caption, notice }) => {
    expect(audioCaptionNotice(kinds, caption)).toBe(notice)
  })
})
