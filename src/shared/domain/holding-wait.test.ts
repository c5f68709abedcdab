// The holding-wait rule answers its case table.
import { describe, expect, it } from 'vitest'
import { holdingWait } from './holding-wait'
import { HOLDING_WAIT_CASES } from './holding-wait.cases'

const NOW = Date.UTC(2026, 10, 30, 18, 35)

describe('holdingWait', () => {
  it.each(HOLDING_WAIT_CASES)('$why', ({ own, device, holds }) => {
    const waits = {
      own: own === null ? null : { name: 'own' as const, until: NOW + own },
      device: device === null ? null : { name: 'device' as const, until: NOW + device }
    }
    expect(holdingWait([waits.own, waits.device], NOW)?.name ?? null).toBe(holds)
  })

  it('takes the one that ends last of more than two', () => {
    const waits = [{ until: NOW + 1 }, { until: NOW + 3 }, { until: NOW - 5 }, { until: NOW + 2 }]
    expect(holdingWait(waits, NOW)).toBe(waits[1])
  })
})
