// The dispatcher lease: one process on a data folder sends. A process that finds it held either refuses (the
// terminal: the operator decides) or waits beside the holder and takes it over once it is let go or its process ended
// (the app: it opens while a terminal command sends, and sends again by itself after).
import type { Clock, TimerId } from '../clock'
import type { OutboxStore } from '../store'

export const DISPATCHER_LEASE = 'dispatcher'
/** How often a waiting process looks whether the holder let go or ended (a release is also heard as its commit). */
export const LEASE_LOOK_MS = 2_000

/** Whether a process (a writer that left a lease or a half-written batch behind) still runs. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export interface LeaseWait {
  /** The other process holding the lease while this one waits for it, or null (this one holds it, or never asked). */
  heldBy(): number | null
  /** Claims the lease for this process, unless another live process holds it (which one, then). */
  claim(): { ok: true } | { ok: false; pid: number }
  /**
   * Waits for the lease `holder` holds, looking every LEASE_LOOK_MS and whenever `lookNow` is called; `taken` runs
   * once it is this process's.
   */
  wait(holder: number, taken: () => void): void
  /** Looks now (another process committed: perhaps its release). True when it took the lease over. */
  lookNow(): boolean
  /** Stops waiting (this process stops). */
  stop(): void
}

export function createLeaseWait(
  store: OutboxStore,
  clock: Clock,
  isAlive: (pid: number) => boolean,
  /** The holder changed while waiting (another pid, or null once taken over): the window's status follows it. */
  holderChanged: () => void
): LeaseWait {
  let heldBy: number | null = null
  let onTaken: (() => void) | null = null
  let timer: TimerId | null = null

  const claim = (): { ok: true } | { ok: false; pid: number } =>
    store.claimLease(DISPATCHER_LEASE, process.pid, isAlive, clock.now())

  function setHolder(holder: number | null): void {
    if (holder === heldBy) return
    heldBy = holder
    holderChanged()
  }

  function lookNow(): boolean {
    if (onTaken === null) return false
    // A read first: while the holder runs, a look writes nothing and takes no write lock from its sends.
    const holder = store.leaseHolder(DISPATCHER_LEASE)
    if (holder !== null && holder !== process.pid && isAlive(holder)) {
      setHolder(holder)
      return false
    }
    const lease = claim()
    if (!lease.ok) {
      setHolder(lease.pid)
      return false
    }
    const taken = onTaken
    stop()
    setHolder(null)
    taken()
    return true
  }

  function arm(): void {
    timer = clock.setTimeout(() => {
      timer = null
      if (!lookNow() && onTaken !== null) arm()
    }, LEASE_LOOK_MS)
  }

  function stop(): void {
    onTaken = null
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }

  return {
    heldBy: () => heldBy,
    claim,
    wait(holder, taken) {
      stop()
      onTaken = taken
      setHolder(holder)
      arm()
    },
    lookNow,
    stop() {
      stop()
      heldBy = null
    }
  }
}
