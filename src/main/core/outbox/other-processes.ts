// The running dispatcher and the other processes on its data folder (the terminal while the app runs): it takes over
// what the terminal filed under its own id for one of this app's devices (what they commit is noticed by store/other-process-commits.ts).
import { encodeNote } from '../../../shared/i18n/notes'
import { DISPATCHER_LEASE, type KernelCore } from './kernel'

export function createOtherProcesses(core: KernelCore) {
  const { ctx, store, knownDevices } = core
  return {
    /**
     * Items the terminal filed under any of `terminalIds` (a device's credentials hashed: terminal-id.ts) become
     * `deviceId`'s, in one transaction. Only while this process holds the dispatcher lease: the terminal sends only
     * while it holds it, so no other process can be sending them then. One it left mid-send (a flush killed) may
     * have reached the gateway: it moves as this dispatcher's own in-doubt items after a crash do, to be settled
     * through the reports of the device (the same gateway account) before any resend, its timeline saying so. How
     * many moved.
     */
    adoptTerminalItems(terminalIds: readonly string[], deviceId: string): number {
      if (!ctx.running) return 0
      const now = core.clock.now()
      const moved = store.batch(() => {
        const inDoubt = store.moveInDoubtToDevice(terminalIds, deviceId, now, ctx.options.visibilityWindowMs)
        const note = encodeNote('desktop.note.terminalLeftInDoubt')
        for (const id of inDoubt) store.addNote(id, 'sending', note, now)
        return inDoubt.length + store.moveItemsToDevice(terminalIds, deviceId)
      })
      if (moved > 0) {
        knownDevices.add(deviceId)
        ctx.emitBulk(moved)
        core.pump()
      }
      return moved
    },
    /** The live process holding the dispatcher lease while this outbox does not run (the open app), or null. */
    otherDispatcher(): number | null {
      if (ctx.running) return null
      const pid = store.leaseHolder(DISPATCHER_LEASE)
      return pid !== null && ctx.options.isProcessAlive(pid) ? pid : null
    }
  }
}
