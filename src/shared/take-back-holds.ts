/**
 * Why a take-back's gateway calls on a device wait (its subscription ended, logged out, …) and the words for it: one
 * rule for the window's confirmation and tally and the terminal's tally (QA5 N06), so both name the device and what it
 * waits for, not a bare "still to do".
 */
import type { DeviceState } from './contract'
import { deviceStatus } from './device-status'

// The maps name the window's message keys (the i18n layer's); as plain literals, as the contract layer imports no strings.

/** Why a device cannot carry its gateway calls now (the thing that would let it), or null when it can (or unknown). */
export type DeviceHold = 'expired' | 'loggedOut' | 'token' | 'unreachable' | 'notConnected'

export function deviceHold(state: DeviceState): DeviceHold | null {
  if (state === 'connected' || state === 'unknown') return null
  if (state === 'expired') return 'expired'
  if (state === 'needs-scan') return 'loggedOut'
  if (deviceStatus(state).tokenRefused) return 'token'
  // The gateway, not the phone (an operator's probe: "Sandbox device is not connected" while it was connected and
  // the gateway could not be reached).
  if (state === 'unreachable') return 'unreachable'
  return 'notConnected'
}

/** After a take-back: "2 wait: Toko Kedua’s subscription has ended; they will be taken back once it is renewed." */
export const TAKE_BACK_WAITS_KEY = {
  expired: 'campaigns.takeBack.waits.expired',
  loggedOut: 'campaigns.takeBack.waits.loggedOut',
  token: 'campaigns.takeBack.waits.token',
  unreachable: 'campaigns.takeBack.waits.unreachable',
  notConnected: 'campaigns.takeBack.waits.notConnected'
} as const satisfies Record<DeviceHold, string>

/** After a take-back of one message: "Waiting: Toko Kedua’s subscription has ended; it will be taken back once …" */
export const TAKE_BACK_WAITS_ONE_KEY = {
  expired: 'outbox.takeBack.outcome.waits.expired',
  loggedOut: 'outbox.takeBack.outcome.waits.loggedOut',
  token: 'outbox.takeBack.outcome.waits.token',
  unreachable: 'outbox.takeBack.outcome.waits.unreachable',
  notConnected: 'outbox.takeBack.outcome.waits.notConnected'
} as const satisfies Record<DeviceHold, string>

/** Before it: "2 of them are on Toko Kedua, whose subscription has ended: they will be taken back once it is renewed." */
export const TAKE_BACK_WARN_KEY = {
  expired: 'campaigns.takeBack.warn.expired',
  loggedOut: 'campaigns.takeBack.warn.loggedOut',
  token: 'campaigns.takeBack.warn.token',
  unreachable: 'campaigns.takeBack.warn.unreachable',
  notConnected: 'campaigns.takeBack.warn.notConnected'
} as const satisfies Record<DeviceHold, string>

/** In a campaign's rows table, a row whose deletion waits: "To be taken back once Toko Kedua’s subscription is renewed". */
export const TAKE_BACK_ROW_KEY = {
  expired: 'campaigns.takeBack.row.expired',
  loggedOut: 'campaigns.takeBack.row.loggedOut',
  token: 'campaigns.takeBack.row.token',
  unreachable: 'campaigns.takeBack.row.unreachable',
  notConnected: 'campaigns.takeBack.row.notConnected'
} as const satisfies Record<DeviceHold, string>

/** The counts on devices that cannot act now, each with its device's label and why; the others are left out. */
export function heldByDevice(
  counts: readonly { deviceId: string; n: number }[],
  devices: readonly { id: string; label: string; state: DeviceState }[]
): { device: string; hold: DeviceHold; n: number }[] {
  return counts.flatMap(({ deviceId, n }) => {
    const device = devices.find((d) => d.id === deviceId)
    const hold = device ? deviceHold(device.state) : null
    return device && hold && n > 0 ? [{ device: device.label, hold, n }] : []
  })
}

/** Whether every call still to do waits for a device that cannot act now (then there is nothing to watch for a while). */
export function onlyHeld(
  counts: readonly { deviceId: string; n: number }[],
  devices: readonly { id: string; label: string; state: DeviceState }[]
): boolean {
  const pending = counts.reduce((sum, c) => sum + c.n, 0)
  return pending > 0 && heldByDevice(counts, devices).reduce((sum, h) => sum + h.n, 0) === pending
}
