// The bytes of a file the core sends as base64 (a customer's media, an export): decoded by the browser's own decoder.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bytesFromBase64 } from './base64'

const withNative = Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }
const nativeBefore = withNative.fromBase64

afterEach(() => {
  if (nativeBefore) withNative.fromBase64 = nativeBefore
  else delete withNative.fromBase64
})

describe('bytesFromBase64', () => {
  it('decodes every byte value, and an empty text to no bytes', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect([...bytesFromBase64(btoa(String.fromCharCode(...all)))]).toEqual([...all])
    expect(bytesFromBase64('').length).toBe(0)
  })

  it('hands the text to the browser’s decoder where there is one (a 16 MB video took 0.8 s of the page one char at a time)', () => {
    const decoded = Uint8Array.of(1, 2, 3)
    const native = vi.fn(() => decoded)
    withNative.fromBase64 = native
    expect(bytesFromBase64('AQID')).toBe(decoded)
    expect(native).toHaveBeenCalledWith('AQID')
  })
})
