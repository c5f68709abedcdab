// A foreground run of the queue (the CLI's `outbox flush`): reconcile, then dispatch until nothing sendable is left
// or the time is up, reporting progress and which devices hold what could not go.
import { DiskFullError, type ItemRecord } from '../store'
import { nextSyncWakeAt } from './gateway-schedules'
import type { KernelCore } from './kernel'
import type { FlushProgress, FlushSummary } from './types'

export interface FlushOptions {
  timeoutMs: number
  onProgress?: (progress: FlushProgress) => void
  /**
   * Only the recorded take-backs, carried to their end: nothing queued is sent and no schedule synced (a terminal's
   * take-back must not send what else waits for the device). It sets how a run this flush starts runs: a queue already
   * running (the app's own) goes on sending as it does.
   */
  takeBacksOnly?: boolean
}

/** Whether flush must keep waiting, and which devices hold items it cannot send. */
function flushState(
  { ctx, store, knownDevices }: KernelCore,
  takeBacksOnly: boolean
): {
  waiting: boolean
  blocked: FlushSummary['blocked']
} {
  let waiting = false
  const blocked: FlushSummary['blocked'] = []
  const byDevice = new Map<string, { queued: number; sending: number }>()
  for (const row of takeBacksOnly ? [] : store.activeCounts()) {
    const entry = byDevice.get(row.deviceId) ?? { queued: 0, sending: 0 }
    entry[row.status] += row.count
    byDevice.set(row.deviceId, entry)
  }
  for (const [deviceId, { queued, sending }] of byDevice) {
    const runtime = ctx.device(deviceId)
    const reachable = ctx.reachableClient(deviceId) !== undefined
    const block = ctx.sendBlock(deviceId)
    if (runtime.sendsInFlight > 0 || (sending > 0 && reachable) || (queued > 0 && !block)) waiting = true
    else if (block) blocked.push({ deviceId, reason: block.reason, detail: block.detail })
  }
  for (const deviceId of knownDevices) {
    if (!takeBacksOnly && (nextSyncWakeAt(ctx, deviceId) !== null || ctx.device(deviceId).syncing))
      waiting = true
    // Take-backs waiting their turn or in doubt: a foreground run carries them to their end too.
    const takeBacks = ctx.takeBackStore
    const reachable = ctx.reachableClient(deviceId) !== undefined
    if (ctx.device(deviceId).takingBack) waiting = true
    else if (reachable && (takeBacks.hasWaiting(deviceId) || takeBacks.nextCheckAt(deviceId) !== null))
      waiting = true
  }
  return { waiting, blocked }
}

/** Reconcile, then dispatch until nothing sendable is left or the timeout passes. Starts and stops if not running. */
export async function flush(core: KernelCore, options: FlushOptions): Promise<FlushSummary> {
  const { ctx, store, clock, afterPump } = core
  const ownRun = !ctx.running
  const takeBacksOnly = options.takeBacksOnly === true
  if (ownRun) await core.start({ tracking: false, retention: false, sends: !takeBacksOnly })
  let accepted = 0
  let failed = 0
  const progress = (): void => {
    if (!options.onProgress) return
    const counts = store.counts()
    options.onProgress({ accepted, failed, remaining: counts.queued + counts.sending })
  }
  const onTransition = (item: ItemRecord): void => {
    if (item.status === 'accepted') accepted++
    else if (item.status === 'failed') failed++
    else return
    progress()
  }
  ctx.transitionListeners.add(onTransition)
  // The clock's timers never hold the process open, but a flush is a foreground job (the CLI awaits it):
  // without this, a process whose only pending work is a backoff timer would simply exit mid-flush.
  const keepAlive = setInterval(() => undefined, 1 << 30)
  let blocked: FlushSummary['blocked'] = []
  let timedOut: boolean
  let diskFull = false
  try {
    timedOut = await new Promise<boolean>((resolve) => {
      const finish = (didTimeOut: boolean): void => {
        clock.clearTimeout(timer)
        afterPump.delete(check)
        resolve(didTimeOut)
      }
      const check = (): void => {
        if (ctx.diskFullSince !== null) {
          diskFull = true
          finish(false)
          return
        }
        const state = flushState(core, takeBacksOnly)
        blocked = state.blocked
        if (!state.waiting) finish(false)
      }
      const timer = clock.setTimeout(() => finish(true), options.timeoutMs)
      afterPump.add(check)
      if (ctx.running) core.pump()
      else check()
    })
  } finally {
    // First: whatever stopping throws, the process must not be held open by this interval.
    clearInterval(keepAlive)
    ctx.transitionListeners.delete(onTransition)
    if (ownRun) await core.stop()
  }
  // A foreground flush (the CLI) stops at a full disk with one clear error; the app's dispatcher waits instead.
  if (diskFull) throw new DiskFullError()
  const counts = store.counts()
  if (timedOut) blocked = flushState(core, takeBacksOnly).blocked
  return {
    accepted,
    failed,
    remaining: { queued: counts.queued, sending: counts.sending, scheduled: counts.scheduled },
    blocked,
    timedOut
  }
}
