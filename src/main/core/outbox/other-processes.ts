// The running dispatcher and the other processes on its data folder (the terminal while the app runs): it takes over
// what the terminal filed under its own id for one of this app's devices (what they commit is noticed by store/other-process-commits.ts).
import { encodeNote } from '../../../shared/i18n/notes'
import { DISPATCHER_LEASE, type KernelCore } from './kernel'

export function createOtherProcesses(core: KernelCore) {
  const { ctx, store, knownDevices } = core

  /**
   * Moves what the terminal filed under `terminalIds` to `deviceId` in one transaction with `alongside` (a producer's
   * own rows): one-off sends and replies in doubt (`producerTag` null), or one producer's items. Null when it cannot
   * now: this process does not hold the dispatcher lease, or some of the producer's items are still being written or
   * in flight here. One left mid-send (a flush killed) may have reached the gateway: it moves as this dispatcher's own
   * in-doubt items after a crash do, to be settled through the reports of the device (the same gateway account)
   * before any resend, its timeline saying so. The sends counted under the terminal's ids become the device's too.
   */
  function adopt(
    terminalIds: readonly string[],
    deviceId: string,
    producerTag: string | null,
    alongside?: () => void
  ): number | null {
    if (!ctx.running || terminalIds.length === 0) return null
    const now = core.clock.now()
    const moved = store.batch(() => {
      if (producerTag !== null && store.producerBusyUnder(terminalIds, producerTag)) return null
      const inDoubt = store.moveInDoubtToDevice(
        terminalIds,
        deviceId,
        now,
        ctx.options.visibilityWindowMs,
        producerTag
      )
      const note = encodeNote('desktop.note.terminalLeftInDoubt')
      for (const id of inDoubt) store.addNote(id, 'sending', note, now)
      const count = inDoubt.length + store.moveItemsToDevice(terminalIds, deviceId, producerTag)
      store.foldSendDays(terminalIds, deviceId)
      alongside?.()
      return count
    })
    if (moved !== null && moved > 0) {
      knownDevices.add(deviceId)
      ctx.emitBulk(moved)
      core.pump()
    }
    return moved
  }

  return {
    /**
     * Items the terminal filed under any of `terminalIds` (a device's credentials hashed: terminal-id.ts) become
     * `deviceId`'s, in one transaction: its one-off sends, and its replies left mid-send. Only while this process
     * holds the dispatcher lease: the terminal sends only while it holds it, so no other process can be sending them
     * then. How many moved.
     */
    adoptTerminalItems(terminalIds: readonly string[], deviceId: string): number {
      return adopt(terminalIds, deviceId, null) ?? 0
    },
    /**
     * A producer's items the terminal filed under any of `terminalIds` become `deviceId`'s (queued, closed, and in
     * doubt as adoptTerminalItems' are), in one transaction with `alongside`, where the producer renames the device in
     * its own rows. Null, with nothing moved and `alongside` not run, when they cannot all move now (see adopt).
     */
    adoptTerminalProducer(
      producerTag: string,
      terminalIds: readonly string[],
      deviceId: string,
      alongside: () => void
    ): number | null {
      return adopt(terminalIds, deviceId, producerTag, alongside)
    },
    /** The live process holding the dispatcher lease while this outbox does not run (the open app), or null. */
    otherDispatcher(): number | null {
      if (ctx.running) return null
      const pid = store.leaseHolder(DISPATCHER_LEASE)
      return pid !== null && ctx.options.isProcessAlive(pid) ? pid : null
    }
  }
}
