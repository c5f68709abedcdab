// Files only the current user can read (0600), replaced atomically (temp file + rename) so a crash never leaves half a file.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'

export const PRIVATE_FILE_MODE = 0o600

/**
 * The file exists but cannot be read as JSON (or a folder sits in its place): callers set it aside instead of
 * overwriting what might be recoverable. `reason` says why in a few words ("it is empty").
 */
export class CorruptFileError extends Error {
  readonly path: string
  readonly reason: string
  constructor(path: string, reason: string, cause?: unknown) {
    super(`${path} cannot be read: ${reason}`, { cause })
    this.name = 'CorruptFileError'
    this.path = path
    this.reason = reason
  }
}

/** Why a stored JSON text cannot be read, in a few words; null when it parses. */
export function unreadableJsonReason(text: string): string | null {
  if (text.trim() === '') return 'it is empty'
  // eslint-disable-next-line no-control-regex -- NUL bytes are what a crash mid-write leaves
  if (/^\u0000+$/.test(text)) return 'it is filled with NUL bytes'
  try {
    JSON.parse(text)
    return null
  } catch {
    return /^\s*[[{"]/.test(text) ? 'it is cut off or garbled' : 'it is not JSON'
  }
}

/** Parsed JSON, or undefined when the file does not exist. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    // A folder where the file belongs (a sync tool, a mistaken copy) is set aside like a damaged file.
    if (code === 'EISDIR') throw new CorruptFileError(path, 'a folder is in its place', error)
    throw error
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new CorruptFileError(path, unreadableJsonReason(text) ?? 'it is not JSON', error)
  }
}

export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  const handle = await open(temp, 'wx', PRIVATE_FILE_MODE)
  try {
    try {
      await handle.writeFile(content, 'utf8')
      // Data on disk before the rename makes it visible; otherwise a power cut can leave an empty file.
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  // A umask can only remove bits, but an older copy made by hand might have been looser: say it once more.
  await chmod(path, PRIVATE_FILE_MODE).catch(() => undefined)
}

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`)
}

/** Moves an unreadable file aside (kept for recovery) and returns where it went. */
export async function setAside(path: string, now: number): Promise<string> {
  const target = `${path}.corrupt-${new Date(now).toISOString().replace(/[:.]/g, '-')}`
  await rename(path, target)
  return target
}
