// Files only the current user can read (0600), replaced atomically (temp file + rename) so a crash never leaves half a file.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'

export const PRIVATE_FILE_MODE = 0o600

/** The file exists but is not JSON: callers set it aside instead of overwriting what might be recoverable. */
export class CorruptFileError extends Error {
  readonly path: string
  constructor(path: string, cause: unknown) {
    super(`${path} is not valid JSON`, { cause })
    this.name = 'CorruptFileError'
    this.path = path
  }
}

/** Parsed JSON, or undefined when the file does not exist. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new CorruptFileError(path, error)
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
