// The devices file as another process leaves it (the terminal, another core on the same data folder, a hand edit):
// what identifies one version of it on disk, what changed between two lists, and the clock-driven look that follows it.
// A look at the file's stamp (inode, size, modification time) is one stat; the file is read only when that moved.
// Watching the folder (fs.watch) was not used: atomic renames and editors make its notices unreliable across systems.
import { statSync } from 'node:fs'
import { lookEvery, type Clock } from '../clock'
import type { DeviceRecord, RegistryChange } from './registry'

/** How often the devices file is looked at: a change made elsewhere shows in the window within about a second. */
export const DEVICES_FILE_LOOK_MS = 1_000

/**
 * One version of the file on disk: replaced (a new inode, as a temp-and-rename writer leaves it) or written over
 * (its size or modification time moved). 'absent' when there is no file.
 */
export function fileStamp(path: string): string {
  try {
    const stats = statSync(path, { bigint: true })
    return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent'
    throw error
  }
}

/** The fields that say which gateway account a device is: when they move elsewhere, its client is opened afresh. */
const ACCOUNT_FIELDS = ['baseUrl', 'tokenHint', 'hasSecret', 'terminalIds'] as const

/** A record's JSON with its keys in one order, so two records holding the same compare equal. */
function canonical(record: DeviceRecord, leaving: readonly string[] = []): string {
  const keys = Object.keys(record)
    .filter((key) => !leaving.includes(key))
    .sort()
  return JSON.stringify(record, keys)
}

/**
 * What happened to the list between `before` (this process's) and `after` (the file another process wrote), as the
 * registry's own changes say it: removed, listed (new here, or its account changed there: not checked live by this
 * process yet), updated, and one `reordered` when only positions moved. Empty when the two hold the same.
 */
export function changesBetween(
  before: readonly DeviceRecord[],
  after: readonly DeviceRecord[]
): RegistryChange[] {
  const changes: RegistryChange[] = []
  const previous = new Map(before.map((device) => [device.id, device]))
  const next = new Set(after.map((device) => device.id))
  for (const device of before) if (!next.has(device.id)) changes.push({ kind: 'removed', id: device.id })
  let reordered = false
  for (const device of after) {
    const old = previous.get(device.id)
    if (!old) {
      changes.push({ kind: 'listed', device: { ...device } })
      continue
    }
    if (canonical(old) === canonical(device)) continue
    const accountMoved = ACCOUNT_FIELDS.some(
      (field) => JSON.stringify(old[field]) !== JSON.stringify(device[field])
    )
    if (accountMoved) changes.push({ kind: 'listed', device: { ...device } })
    else if (canonical(old, ['order']) !== canonical(device, ['order']))
      changes.push({ kind: 'updated', device: { ...device } })
    else reordered = true
  }
  if (reordered) changes.push({ kind: 'reordered' })
  return changes
}

export interface FollowOtherWritersInput {
  clock: Clock
  /** Reads the file again when its stamp moved, and announces what another process changed. */
  look: () => Promise<void>
  /** A failed look (an unreadable file, a disk error): reported, and the next look goes on. */
  onError: (error: unknown) => void
  intervalMs?: number
}

/** Looks at the devices file every `intervalMs` through the clock, one look at a time. */
export function followOtherWriters(input: FollowOtherWritersInput): { stop(): void } {
  const intervalMs = input.intervalMs ?? DEVICES_FILE_LOOK_MS
  return lookEvery(input.clock, intervalMs, () => input.look().catch(input.onError))
}
