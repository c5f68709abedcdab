// A device's daily budget as a send policy: at most `cap` sends a day through one WhatsApp number, counted across
// every producer (direct sends, series, every campaign), the day starting at midnight in the device's zone. The ban
// risk a cap exists for is the number's, not a campaign's: two campaigns on one device share it.
import { encodeNote } from '../../../shared/i18n/notes'
import { dayBoundsIn } from '../../../shared/domain'
import type { OutboxStore } from '../store'
import type { SendPolicy } from './policies'

export interface DeviceBudgetDeps {
  /** The device's cap (sends a day), or null for none. */
  capOf(deviceId: string): number | null
  /** Its zone (the kernel's `dayZoneOf`). */
  zoneOf(deviceId: string): string
  /** Sends through it on a day (the kernel's count, bumped with each first `sending` mark): its name and bounds. */
  sendsOn(deviceId: string, day: { day: string; start: number; end: number }): number
}

/**
 * Where a device stands today: its sends, its cap, when its day ends (null cap: no budget), and the zone whose
 * midnights start its days (a campaign's estimate starts its following days there too).
 */
export function deviceBudget(
  deps: DeviceBudgetDeps,
  deviceId: string,
  now: number
): { sentToday: number; cap: number | null; resetsAt: number; zone: string } {
  const zone = deps.zoneOf(deviceId)
  const today = dayBoundsIn(now, zone)
  return {
    sentToday: deps.sendsOn(deviceId, today),
    cap: deps.capOf(deviceId),
    resetsAt: today.end,
    zone
  }
}

/** The wait a device at its cap has now (until its next midnight, saying why), or null while it may send. */
export function deviceCapWait(
  deps: DeviceBudgetDeps,
  deviceId: string,
  now: number
): { until: number; reason: string } | null {
  // Asked for every pick: a device without a cap costs no day's bounds.
  if (deps.capOf(deviceId) === null) return null
  const { sentToday, cap, resetsAt, zone } = deviceBudget(deps, deviceId, now)
  if (cap === null || sentToday < cap) return null
  // Its zone goes with it: the time is shown on the clock whose midnight it is.
  const reason = encodeNote('desktop.wait.deviceDailyCap', {
    cap,
    until: new Date(resetsAt).toISOString(),
    zone
  })
  return { until: resetsAt, reason }
}

export function deviceBudgetPolicy(deps: DeviceBudgetDeps): SendPolicy {
  return {
    name: 'device daily cap',
    check(item, now) {
      // The whole device waits (nothing written to its rows) until its next midnight; every producer's item alike.
      const wait = deviceCapWait(deps, item.deviceId, now)
      return wait && { wait: { ...wait, scope: 'device' } }
    }
  }
}

/**
 * Of the scheduled due before `until`, those a device's daily cap holds past its day's end (QA: the Overview said
 * "5 due later today" of messages its cap held until tomorrow). The cap lets a device send cap − sentToday more
 * today; what is already queued goes first, the scheduled in their time order after it, so the last of them are the
 * ones held. Counted up to the device's day's end when it comes before `until`: after it a new day's cap starts.
 */
export function scheduledCapHeld(
  deps: DeviceBudgetDeps,
  store: Pick<OutboxStore, 'devicesScheduledBefore' | 'capLineBefore'>,
  until: number,
  now: number
): number {
  let held = 0
  for (const deviceId of store.devicesScheduledBefore(until)) {
    const { cap, sentToday, resetsAt } = deviceBudget(deps, deviceId, now)
    if (cap === null) continue
    const { queued, scheduled } = store.capLineBefore(deviceId, Math.min(until, resetsAt))
    held += Math.min(scheduled, Math.max(0, sentToday + queued + scheduled - cap))
  }
  return held
}
