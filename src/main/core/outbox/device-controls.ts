// What the app tells the kernel about the world around a device: whether it can send (the monitor), whether the
// network is up, that a refused device may be fine again, and changed settings. Each pulls waiting work forward.
import type { KernelCore } from './kernel'
import { resolveOptions } from './kernel'
import type { OutboxOptions } from './types'
import { storedDeviceWaits } from './device-waits'
import { owedScheduleRemovals, settleScheduleRemovals } from './gateway-schedules'

export type DeviceControls = ReturnType<typeof createDeviceControls>

export function createDeviceControls({ ctx, store, clock, pump }: KernelCore) {
  return {
    /** From the device monitor: whether this device can send now (connected, linked, not expired). */
    setDeviceSendable(deviceId: string, sendable: boolean): void {
      const runtime = ctx.device(deviceId)
      const was = runtime.sendable ?? ctx.options.devicesSendableByDefault
      runtime.sendable = sendable
      if (sendable) {
        // The app says the device is back: forget the gateway's refusal and don't make its queue sit out a backoff.
        // A 429's hold stays (device-waits.ts): the gateway's limit did not end with the connection.
        runtime.refused = null
        runtime.refusals = 0
        runtime.probeAt = 0
        if (!was || runtime.retryAt > clock.now()) {
          runtime.retryAt = 0
          runtime.failures = 0
          store.pullRetriesForward(clock.now(), deviceId)
        }
      }
      pump()
    },
    /** The operator says a refused device may be fine again (quota topped up): its next probe is now. */
    probeDeviceNow(deviceId: string): void {
      const runtime = ctx.device(deviceId)
      if (runtime.refused) runtime.probeAt = 0
      pump()
    },
    setNetworkOnline(online: boolean): void {
      const was = ctx.networkOnline
      ctx.networkOnline = online
      if (online && !was) {
        // Back online: whatever waited out a network backoff goes now, still within its age limit (a device the
        // gateway asked to slow down still waits for the time it said).
        for (const runtime of ctx.devices.values()) {
          runtime.retryAt = 0
          runtime.failures = 0
          runtime.reconcileRetryAt = 0
          runtime.trackingRetryAt = 0
        }
        store.pullRetriesForward(clock.now())
      }
      pump()
    },
    /** Apply changed settings (pacing, retention…) without a restart. */
    updateOptions(
      options: Pick<OutboxOptions, 'pacingMs' | 'concurrency' | 'maxAgeMs' | 'retentionMs'>
    ): void {
      Object.assign(ctx.options, resolveOptions({ ...ctx.options, ...options }))
      pump()
    },
    /** Its schedules' cancels owed to the gateway, made now (a removal, before its token goes): how many are left. */
    settleScheduleRemovals: (deviceId: string, onOwed?: (owed: number) => void): Promise<number> =>
      settleScheduleRemovals(ctx, deviceId, onOwed),
    /** How many of its schedules' cancels or deletes the device owes the gateway now. */
    owedScheduleRemovals: (deviceId: string): number => owedScheduleRemovals(ctx, deviceId),
    /** Why this device may not start a send now (paused, not sendable, refused…), ignoring waits; null if it may. */
    sendBlock: (deviceId: string) => ctx.sendBlock(deviceId),
    /**
     * Why a policy holds the whole device now (a daily cap), as an encoded note; null when none does. Read as recorded
     * (device-waits.ts), so a process whose rounds did not meet the wait (the terminal's) says it too.
     */
    deviceWait(deviceId: string): { until: number; reason: string } | null {
      const wait = storedDeviceWaits(ctx.settings)[deviceId] ?? null
      return wait && wait.until > clock.now() ? wait : null
    }
  }
}
