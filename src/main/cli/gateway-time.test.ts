// The gateway's zoneless times in the terminal: the moment on this computer's clock, zone named (QA10 Q10-09).
import { describe, expect, it } from 'vitest'
import { GATEWAY_TIME_ZONE } from '../../shared/domain'
import { gatewayTime } from './gateway-time'
import { computerTimeZone } from '../../shared/domain'

describe('gatewayTime', () => {
  it('reads a wall clock on the gateway’s zone and shows that moment on the clock asked for, named', () => {
    // Asia/Jakarta is UTC+7: 08:38 there is 01:38 in UTC.
    expect(GATEWAY_TIME_ZONE).toBe('Asia/Jakarta')
    expect(gatewayTime('2027-11-30 08:38:52', 'UTC')).toBe('2027-11-30 01:38 (UTC)')
    expect(gatewayTime('2027-11-30 08:38', 'Asia/Jakarta')).toBe('2027-11-30 08:38 (Asia/Jakarta)')
    expect(gatewayTime('2027-11-30 03:00:00', 'UTC')).toBe('2027-11-29 20:00 (UTC)')
  })

  it('is the computer’s clock when no zone is given', () => {
    expect(gatewayTime('2027-11-30 08:38:52')).toMatch(new RegExp(`\\(${computerTimeZone()}\\)$`))
  })

  it('keeps a bare date a day on the gateway’s calendar; an instant with an offset is that instant', () => {
    expect(gatewayTime('2027-12-31', 'UTC')).toBe('2027-12-31 (Asia/Jakarta)')
    expect(gatewayTime('2027-11-30T01:38:00Z', 'Asia/Jakarta')).toBe('2027-11-30 08:38 (Asia/Jakarta)')
    expect(gatewayTime('2027-11-30T08:38:00+07:00', 'UTC')).toBe('2027-11-30 01:38 (UTC)')
  })

  it('shows what it cannot read as it came', () => {
    expect(gatewayTime('soon', 'UTC')).toBe('soon')
    expect(gatewayTime('2027-02-30 08:00', 'UTC')).toBe('2027-02-30 08:00')
  })
})
