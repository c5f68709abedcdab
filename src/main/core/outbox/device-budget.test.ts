// A device's daily budget on its own days: the cap starts again at each midnight in the device's zone, whatever the
// day's length (the campaign's finish estimate and the direct send's plan run the same table: all must agree).
import { describe, expect, it } from 'vitest'
import { dayIn } from '../../../shared/domain'
import type { ItemRecord } from '../store/outbox-records'
import { newTextItem } from '../store/testing/new-item'
import { DEVICE_DAY_CASES } from '../../../shared/domain/device-day.cases'
import { deviceBudget, deviceBudgetPolicy, type DeviceBudgetDeps } from './device-budget'

const item: ItemRecord = {
  ...newTextItem('row-1'),
  seq: 1,
  updatedAt: 0,
  producerTag: null,
  producerRef: null,
  waitReason: null
}

describe('device budget days', () => {
  it.each(DEVICE_DAY_CASES)(
    'ends each day at its midnight in the device zone: $zone, $why',
    ({ zone, now, midnights }) => {
      const sends = new Map<string, number>()
      const deps: DeviceBudgetDeps = {
        capOf: () => 1,
        zoneOf: () => zone,
        sendsOn: (_, day) => sends.get(day) ?? 0
      }
      const policy = deviceBudgetPolicy(deps)
      // One send at the start of each day uses its cap of 1: the device waits until that day's end, the next midnight.
      let at = Date.parse(now)
      for (const midnight of midnights.map(Date.parse)) {
        expect(deviceBudget(deps, 'd1', at).resetsAt).toBe(midnight)
        sends.set(dayIn(at, zone), 1)
        expect(policy.check(item, at)).toMatchObject({ wait: { until: midnight, scope: 'device' } })
        expect(policy.check(item, midnight)).toBeNull()
        at = midnight
      }
    }
  )
})
