// Disk-full tests' disk: a small tmpfs (mounting one needs root) and a ballast file that fills it.

import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Whether this process may mount a tmpfs: the tests that need one skip without it, saying so in their title. */
export const canMountDisk = process.getuid?.() === 0

export interface SmallDisk {
  path: string
  /** Writes the ballast file `name` until `leaveBytes` are left (0: every block). */
  fill(name: string, leaveBytes?: number): void
  unmount(): void
}

/** A 16 MB tmpfs mounted at `path` (a new folder under `under`, the system's temporary folder by default). */
export function mountSmallDisk(under = tmpdir()): SmallDisk {
  const path = mkdtempSync(join(under, 'small-disk-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', path])
  return {
    path,
    fill(name, leaveBytes = 0) {
      const stats = statfsSync(path)
      const fd = openSync(join(path, name), 'w')
      const block = Buffer.alloc(4096)
      try {
        for (let left = stats.bavail * stats.bsize - leaveBytes; left >= block.length; left -= block.length)
          writeSync(fd, block)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      } finally {
        closeSync(fd)
      }
    },
    unmount() {
      execFileSync('umount', [path])
      rmSync(path, { recursive: true, force: true })
    }
  }
}
