// A send policy's wait over a whole device (a daily cap) writes no row: it is kept in memory for the rounds, and in the
// settings table, where every process's views of the device's items read why they wait (the terminal's included).
import type { SettingsStore } from '../store'
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

/** A device-wide wait starts (or ends: null); written only when there is something to write or to take off. */
export function recordDeviceWait(
  ctx: OutboxContext,
  deviceId: string,
  wait: { until: number; reason: string } | null
): void {
  const runtime = ctx.device(deviceId)
  const had = runtime.policyWait !== null
  runtime.policyWait = wait
  if (!wait && !had) return
  storeDeviceWait(ctx.settings, deviceId, wait)
}

/**
 * A device-wide wait asked again after its policy changed (a daily cap raised or lowered): it ends, or says its new
 * reason, here and in the stored record, which another process's rounds may have written.
 */
export function reviseDeviceWait(
  ctx: OutboxContext,
  deviceId: string,
  wait: { until: number; reason: string } | null
): void {
  const runtime = ctx.device(deviceId)
  const held = runtime.policyWait ?? storedDeviceWaits(ctx.settings)[deviceId] ?? null
  // Not held: the next pick asks the policy anyway.
  if (!held) return
  runtime.policyWait = wait
  storeDeviceWait(ctx.settings, deviceId, wait)
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
