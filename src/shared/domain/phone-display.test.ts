// Phone numbers for reading: grouped as their country writes them; group ids and doubtful numbers untouched.
import { describe, expect, it } from 'vitest'
import { formatPhoneForReading } from './phone-display'

describe('formatPhoneForReading', () => {
  it.each([
    ['6281234567890', '+62 812-3456-7890'],
    ['628123456789', '+62 812-3456-789'],
    ['62215551234', '+62 21 5551234'],
    ['6281234', '6281234'],
    ['120363025246125486@g.us', '120363025246125486@g.us'],
    ['6281234567890-1611111111', '6281234567890-1611111111']
  ])('%s → %s', (input, shown) => {
    expect(formatPhoneForReading(input)).toBe(shown)
  })
})
