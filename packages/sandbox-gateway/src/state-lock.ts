// One sandbox at a time on a state file or data folder: a lock file beside the state (`<file>.lock`, created
// exclusively, holding the holder's pid and start time). A second sandbox gets SandboxStateLockedError naming the
// holder instead of two worlds overwriting each other's devices; a lock left by a process that is gone is taken over.

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'

/** Who holds a sandbox's state. */
export interface StateLockHolder {
  pid: number
  /** ISO-8601, when the holder took the lock. */
  startedAt: string
  host: string
}

export class SandboxStateLockedError extends Error {
  readonly code = 'SANDBOX_STATE_LOCKED'
  constructor(
    readonly file: string,
    readonly holder: StateLockHolder
  ) {
    super(
      `The sandbox's saved state ${file} is in use by another sandbox (process ${holder.pid} on ${holder.host}, ` +
        `started ${holder.startedAt}); stop that one first.`
    )
    this.name = 'SandboxStateLockedError'
  }
}

/** The locks this process holds: a lock naming this pid but not here was left by an earlier process (pid reused). */
const heldHere = new Set<string>()

export interface StateLock {
  readonly path: string
  release(): void
}

function readHolder(lockPath: string): StateLockHolder | null {
  try {
    const value = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<StateLockHolder>
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null
    return {
      pid: value.pid,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : 'at an unknown time',
      host: typeof value.host === 'string' ? value.host : 'an unknown host'
    }
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the lock on `statePath` for this process, or throws SandboxStateLockedError when a live process holds it.
 * A lock whose holder is gone (or that cannot be read: a crash while writing it) is removed and taken.
 */
export function acquireStateLock(statePath: string, now: () => number = Date.now): StateLock {
  const lockPath = `${statePath}.lock`
  mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 })
  const me: StateLockHolder = { pid: process.pid, startedAt: new Date(now()).toISOString(), host: hostname() }
  for (let tries = 0; tries < 3; tries++) {
    let fd: number
    try {
      fd = openSync(lockPath, 'wx', 0o600)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolder(lockPath)
      // This process holds it (a sandbox not closed) or a live one does; another host's pid says nothing here. A
      // lock with this pid that this process did not take was left by a crashed process whose pid came back.
      const mine = holder?.pid === process.pid
      if (holder && (mine ? heldHere.has(lockPath) : holder.host !== me.host || isAlive(holder.pid))) {
        throw new SandboxStateLockedError(statePath, holder)
      }
      // Stale: its holder is gone. Removing it and creating ours exclusively means two takers cannot both win.
      rmSync(lockPath, { force: true })
      continue
    }
    try {
      writeSync(fd, JSON.stringify(me))
    } finally {
      closeSync(fd)
    }
    heldHere.add(lockPath)
    let released = false
    return {
      path: lockPath,
      release() {
        if (released) return
        released = true
        heldHere.delete(lockPath)
        if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true })
      }
    }
  }
  throw new Error(`could not take the lock ${lockPath}`)
}
