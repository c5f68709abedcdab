// Chunk sizing for long writes: about 10 ms a chunk, never more than twice the last, within fixed bounds.
import { describe, expect, it } from 'vitest'
import { nextChunkSize } from './turns'

describe('nextChunkSize', () => {
  it('sizes the next chunk to take about 10 ms from how long the last one took', () => {
    expect(nextChunkSize(100, 20)).toBe(50)
    expect(nextChunkSize(100, 12.5)).toBe(80)
  })

  it('grows at most twofold after a fast chunk, so a quiet moment never makes the next one a long block', () => {
    expect(nextChunkSize(100, 1)).toBe(200)
    expect(nextChunkSize(100, 0)).toBe(200)
  })

  it('stays within 20 and 1,000 rows', () => {
    expect(nextChunkSize(100, 500)).toBe(20)
    expect(nextChunkSize(900, 1)).toBe(1000)
  })
})
