// The terminal's times: a wall clock with its zone named, not an ISO string in UTC.
import { describe, expect, it } from 'vitest'
import { computerTimeZone } from '../../shared/domain'
import { localDateTime } from './times'

describe('localDateTime', () => {
  const at = Date.UTC(2026, 10, 29, 23, 5, 59)
  it("shows an instant on the zone's clock, to the minute, with the zone named", () => {
    expect(localDateTime(at, 'Asia/Jakarta')).toBe('2026-11-30 06:05 (Asia/Jakarta)')
    expect(localDateTime(new Date(at), 'UTC')).toBe('2026-11-29 23:05 (UTC)')
    // Midnight is 00, not 24 (en-US's hour12:false says 24).
    expect(localDateTime(Date.UTC(2026, 0, 1, 17), 'Asia/Jakarta')).toBe('2026-01-02 00:00 (Asia/Jakarta)')
  })

  it("is the computer's clock when no zone is given", () => {
    expect(localDateTime(at)).toBe(localDateTime(at, computerTimeZone()))
    expect(localDateTime(at)).toContain(`(${computerTimeZone()})`)
  })
})
