// A wait over a whole device (a policy's daily cap, the gateway's "slow down") writes no row: it is kept in memory for
// the rounds, and in the settings table, where every process's views of the device's items (and the campaigns' parts)
// read why they wait (the terminal's included). The gateway's hold is also honoured from there: every process that
// sends for the device (the app after a restart, a terminal command) waits for the time it says.
import { MAX_RETRY_AFTER_MS } from '../gateway'
import type { SettingsStore } from '../store'
import { decodeNote, encodeNote } from '../../../shared/i18n/notes'
import type { OutboxContext } from './context'

const DEVICE_WAITS_KEY = 'outbox.deviceWaits'

export type DeviceWaits = Record<string, { until: number; reason: string }>

/** The waits as last recorded, by device (past ones included: a view compares `until` with its own now). */
export function storedDeviceWaits(settings: SettingsStore): DeviceWaits {
  try {
    return { ...settings.get<DeviceWaits>(DEVICE_WAITS_KEY) }
  } catch {
    // A damaged value only costs the waiting line; the next wait writes it afresh.
    return {}
  }
}

type DeviceWait = { until: number; reason: string }

/** A device-wide wait starts, changes or ends (null); written, and announced, only when it is news. */
export function recordDeviceWait(ctx: OutboxContext, deviceId: string, wait: DeviceWait | null): void {
  const runtime = ctx.device(deviceId)
  const had = runtime.policyWait
  runtime.policyWait = wait
  if (sameWait(had, wait)) return
  storeDeviceWait(ctx.settings, deviceId, wait)
  announceWaitChange(ctx, deviceId)
}

/** The note of the gateway's 429 hold over a device: `desktop.wait.gatewayRateLimited`. */
export const GATEWAY_RATE_LIMITED_NOTE = 'desktop.wait.gatewayRateLimited'

/**
 * The gateway answered 429: the device sends nothing before `until` (its Retry-After, or a backoff), said as a
 * device-wide wait (QA39 Q39-01: its campaign read "Sending now" meanwhile). A longer wait already held (a daily cap)
 * is what holds the device, and stays said.
 */
export function holdForGateway(ctx: OutboxContext, deviceId: string, until: number): void {
  const held = ctx.device(deviceId).policyWait
  if (held && held.until >= until && !isGatewayHold(held)) return
  recordDeviceWait(ctx, deviceId, {
    until,
    reason: encodeNote(GATEWAY_RATE_LIMITED_NOTE, { until: new Date(until).toISOString() })
  })
}

/**
 * The gateway's hold as recorded, by this process or another (this app before a restart, a terminal command), is the
 * one this process keeps: the device sends nothing before it, and once it has passed the device's next round ends it.
 * A record reaching further than any Retry-After could (the clock was set back) holds no longer than the longest.
 */
export function adoptStoredGatewayHold(ctx: OutboxContext, deviceId: string): void {
  const stored = storedDeviceWaits(ctx.settings)[deviceId]
  if (!stored || !isGatewayHold(stored)) return
  const runtime = ctx.device(deviceId)
  if (runtime.policyWait && runtime.policyWait.until >= stored.until) return
  const longest = ctx.now() + Math.max(MAX_RETRY_AFTER_MS, ctx.options.backoffCapMs)
  if (stored.until > longest) {
    runtime.retryAt = Math.max(runtime.retryAt, longest)
    holdForGateway(ctx, deviceId, longest)
    return
  }
  runtime.retryAt = Math.max(runtime.retryAt, stored.until)
  runtime.policyWait = stored
}

/**
 * When the gateway's 429 hold over a device lets it try again, as recorded (so every process's view says it); null
 * when no such hold is on now (a daily cap's wait is the card's count to say).
 */
export function gatewayHoldUntil(settings: SettingsStore, deviceId: string, now: number): number | null {
  const wait = storedDeviceWaits(settings)[deviceId]
  return wait && wait.until > now && isGatewayHold(wait) ? wait.until : null
}

function isGatewayHold(wait: DeviceWait): boolean {
  return decodeNote(wait.reason)?.key === GATEWAY_RATE_LIMITED_NOTE
}

function sameWait(a: DeviceWait | null, b: DeviceWait | null): boolean {
  return a === b || (a !== null && b !== null && a.until === b.until && a.reason === b.reason)
}

/**
 * What the device's queued items say has changed, though no row did (QA26 Q26-02: a send's card said only "queued"
 * under a daily cap): one bulk change, which has every view that follows items read them again. After the pick's
 * transaction, so what they read holds the wait.
 */
function announceWaitChange(ctx: OutboxContext, deviceId: string): void {
  queueMicrotask(() => {
    ctx.emitBulk(0)
    ctx.deviceNews('deviceWaitChanged', deviceId)
  })
}

/**
 * A device-wide wait asked again after its policy changed (a daily cap raised or lowered): it ends, or says its new
 * reason, here and in the stored record, which another process's rounds may have written.
 */
export function reviseDeviceWait(ctx: OutboxContext, deviceId: string, wait: DeviceWait | null): void {
  const runtime = ctx.device(deviceId)
  const held = runtime.policyWait ?? storedDeviceWaits(ctx.settings)[deviceId] ?? null
  // Not held: the next pick asks the policy anyway.
  if (!held) return
  runtime.policyWait = wait
  storeDeviceWait(ctx.settings, deviceId, wait)
  if (!sameWait(held, wait)) announceWaitChange(ctx, deviceId)
}

function storeDeviceWait(
  settings: SettingsStore,
  deviceId: string,
  wait: { until: number; reason: string } | null
): void {
  const waits = storedDeviceWaits(settings)
  if (wait) waits[deviceId] = wait
  else if (!(deviceId in waits)) return
  else delete waits[deviceId]
  settings.set(DEVICE_WAITS_KEY, Object.keys(waits).length > 0 ? waits : undefined)
}
