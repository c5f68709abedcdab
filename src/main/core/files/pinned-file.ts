/**
 * Pins a file the operator added by its identity (device + inode, size, modification and change times, real path), and later
 * opens exactly that file again: without following a symlink that was not there when it was added, and refusing
 * it when anything about it changed. Closes the window between "checked at registration" and "copied at queue time".
 */
import { constants } from 'node:fs'
import { open, realpath, stat, type FileHandle } from 'node:fs/promises'

export interface FileIdentity {
  dev: number
  ino: number
  size: number
  mtimeMs: number
  /** The inode's change time: a rewrite can put the modification time back (utimes), never this one. */
  ctimeMs: number
  /** The path with every symlink resolved at registration; reopened without following links. */
  realPath: string
}

/** The file at a pinned identity is no longer the file the operator added. */
export class FileChangedError extends Error {
  readonly code = 'file_changed'
  constructor(
    readonly fileName: string,
    cause?: unknown
  ) {
    super(
      `${fileName} changed after you added it; add it again.`,
      cause === undefined ? undefined : { cause }
    )
    this.name = 'FileChangedError'
  }
}

/** Identity of the regular file at `path` now (symlinks the operator chose are resolved here, once). */
export async function pinFile(path: string): Promise<FileIdentity> {
  const realPath = await realpath(path)
  const info = await stat(realPath)
  return {
    dev: info.dev,
    ino: info.ino,
    size: info.size,
    mtimeMs: info.mtimeMs,
    ctimeMs: info.ctimeMs,
    realPath
  }
}

/** Whether a file's identity now is the pinned one: the one rule, for the send and a draft restored after a restart. */
export function sameIdentity(
  pinned: Omit<FileIdentity, 'realPath'>,
  now: { dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }
): boolean {
  return (
    pinned.dev === now.dev &&
    pinned.ino === now.ino &&
    pinned.size === now.size &&
    pinned.mtimeMs === now.mtimeMs &&
    pinned.ctimeMs === now.ctimeMs
  )
}

/**
 * Opens the pinned file for reading. O_NOFOLLOW refuses a symlink swapped in at the real path, O_NONBLOCK keeps a
 * FIFO swapped in from blocking the open; the identity is checked on the open descriptor, so whatever is read next
 * is the file that was checked. The caller closes the handle.
 */
export async function openPinned(pinned: FileIdentity, fileName: string): Promise<FileHandle> {
  let handle: FileHandle
  try {
    handle = await open(
      pinned.realPath,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)
    )
  } catch (error) {
    throw new FileChangedError(fileName, error)
  }
  try {
    const info = await handle.stat()
    if (!info.isFile() || !sameIdentity(pinned, info)) throw new FileChangedError(fileName)
    return handle
  } catch (error) {
    await handle.close().catch(() => undefined)
    throw error instanceof FileChangedError ? error : new FileChangedError(fileName, error)
  }
}

/** The whole pinned file in memory (small files only: uploads up to the gateway's limit), read from one descriptor. */
export async function readPinned(pinned: FileIdentity, fileName: string): Promise<Uint8Array> {
  const handle = await openPinned(pinned, fileName)
  try {
    // One byte more than checked tells a file that grew since from one that did not.
    const buffer = Buffer.alloc(pinned.size + 1)
    let filled = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled)
      if (bytesRead === 0) break
      filled += bytesRead
      if (filled === buffer.length) break
    }
    if (filled !== pinned.size) throw new FileChangedError(fileName)
    return new Uint8Array(buffer.subarray(0, filled))
  } finally {
    await handle.close().catch(() => undefined)
  }
}
