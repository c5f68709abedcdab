// How fast a device may send: device/speed's batches of 5, the ban knob's per-minute rate, and the per-minute
// windows the webhook and auto-reply limits count in.

import { REFUSALS_BEFORE_BAN } from './device-lifecycle'
import type { DeviceRecord } from './records'

export const MINUTE_MS = 60_000
/** device/speed paces messages in batches of this many. */
export const PACING_BATCH = 5

/** The times of `times` within the minute before `now`. */
export function lastMinute(times: readonly number[] | undefined, now: number): number[] {
  return (times ?? []).filter((at) => at > now - MINUTE_MS)
}

/** device/speed: when the next message may go (5 per `delay` seconds), taking its place in the batch; null unpaced. */
export function takePacedSlot(device: DeviceRecord, now: number): number | null {
  if (!device.speedDelaySec) return null
  const delayMs = device.speedDelaySec * 1000
  let pacing = device.pacing ?? { slotAt: now, used: 0 }
  if (pacing.used >= PACING_BATCH) pacing = { slotAt: pacing.slotAt + delayMs, used: 0 }
  // An idle device starts a fresh batch now.
  if (now >= pacing.slotAt + delayMs) pacing = { slotAt: now, used: 0 }
  pacing.used += 1
  device.pacing = pacing
  return pacing.slotAt
}

/**
 * The ban knob's verdict on `count` more sends now: `ok` (and they are counted), `too-fast` (refused), or `ban` (the
 * third refusal since the knob was set).
 */
export function sendRateVerdict(device: DeviceRecord, count: number, now: number): 'ok' | 'too-fast' | 'ban' {
  const limit = device.banRatePerMinute
  if (limit == null) return 'ok'
  const recent = lastMinute(device.recentSendTimes, now)
  device.recentSendTimes = recent
  if (recent.length + count > limit) {
    device.tooFastCount = (device.tooFastCount ?? 0) + 1
    return device.tooFastCount >= REFUSALS_BEFORE_BAN ? 'ban' : 'too-fast'
  }
  for (let i = 0; i < count; i += 1) recent.push(now)
  return 'ok'
}
