// App-managed copies of files to send: streamed into <dataDir>/attachments/ under their sha256, so a moved or deleted original cannot break a queued send.
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, unlinkSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, stat, unlink, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isDiskFull } from './errors'

export interface StoredAttachment {
  sha256: string
  size: number
}

export type AttachmentErrorCode = 'not_found' | 'not_a_file' | 'unreadable'

export class AttachmentError extends Error {
  readonly code: AttachmentErrorCode
  readonly path: string
  constructor(code: AttachmentErrorCode, path: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'AttachmentError'
    this.code = code
    this.path = path
  }
}

const SHA256_NAME = /^[0-9a-f]{64}$/
const TEMP_PREFIX = '.incoming-'

export function attachmentsDir(dataDir: string): string {
  return join(dataDir, 'attachments')
}

export function attachmentPath(dataDir: string, sha256: string): string {
  if (!SHA256_NAME.test(sha256)) throw new Error(`not an attachment name: ${sha256}`)
  return join(attachmentsDir(dataDir), sha256)
}

export function hasAttachment(dataDir: string, sha256: string): boolean {
  return existsSync(attachmentPath(dataDir, sha256))
}

/** What a copy holds: its address, its size, and its first bytes (to re-check the type of what was really copied). */
export interface CopiedAttachment extends StoredAttachment {
  head: Uint8Array
}

/** Bytes of the copy kept for the type re-check: as many as the type detection reads. */
const HEAD_BYTES = 4096

/** The source held more bytes than the limit it was copied with: it grew after it was checked. */
export class AttachmentTooLongError extends Error {
  constructor(readonly limit: number) {
    super(`the file holds more than the ${limit} bytes that were checked`)
    this.name = 'AttachmentTooLongError'
  }
}

/**
 * Copy `sourcePath` into the attachments folder, hashing while streaming (never holding the whole file), and
 * return its content address. The copy is flushed to disk before it gets its final name, so a database row that
 * references it never points at a half-written file. Copying the same content twice keeps one file.
 */
export async function storeAttachment(dataDir: string, sourcePath: string): Promise<StoredAttachment> {
  const info = await stat(sourcePath).catch((error: unknown) => {
    throw new AttachmentError('not_found', sourcePath, `File not found: ${sourcePath}`, error)
  })
  if (!info.isFile()) throw new AttachmentError('not_a_file', sourcePath, `Not a regular file: ${sourcePath}`)
  try {
    const { sha256, size } = await copyIntoAttachments(dataDir, () => createReadStream(sourcePath))
    return { sha256, size }
  } catch (error) {
    if (isDiskFull(error)) throw error
    throw new AttachmentError(
      'unreadable',
      sourcePath,
      `Could not read ${sourcePath}: ${String(error)}`,
      error
    )
  }
}

/**
 * Copy from a descriptor the caller opened (and checked), reading at most `maxBytes` + 1 bytes: one byte more than
 * the limit means the file grew after it was checked, and the copy is refused (AttachmentTooLongError) and removed.
 * The handle stays open; the caller closes it.
 */
export async function storeAttachmentFrom(
  dataDir: string,
  source: FileHandle,
  maxBytes: number
): Promise<CopiedAttachment> {
  return copyIntoAttachments(
    dataDir,
    () => source.createReadStream({ start: 0, end: maxBytes, autoClose: false }),
    maxBytes
  )
}

/** `openSource` is called right before the pipeline listens to it: a stream opened earlier that fails (the file
 * removed meanwhile) would emit its error with no listener, an uncaught exception in the main process. */
async function copyIntoAttachments(
  dataDir: string,
  openSource: () => Readable,
  maxBytes = Number.POSITIVE_INFINITY
): Promise<CopiedAttachment> {
  const dir = attachmentsDir(dataDir)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const temp = join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`)
  const hash = createHash('sha256')
  const headChunks: Buffer[] = []
  let headLength = 0
  let size = 0
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      if (size > maxBytes) {
        callback(new AttachmentTooLongError(maxBytes))
        return
      }
      hash.update(chunk)
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength))
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength)
      }
      callback(null, chunk)
    }
  })
  try {
    await pipeline(openSource(), hashing, createWriteStream(temp, { flags: 'wx', mode: 0o600 }))
    const handle = await open(temp, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  const sha256 = hash.digest('hex')
  const target = join(dir, sha256)
  if (existsSync(target)) await unlink(temp)
  else await rename(temp, target)
  return { sha256, size, head: new Uint8Array(Buffer.concat(headChunks)) }
}

export async function readAttachment(dataDir: string, sha256: string): Promise<Uint8Array> {
  return readFile(attachmentPath(dataDir, sha256))
}

/**
 * Synchronous on purpose: called right after the attachment's row is released, in the same turn of the event
 * loop, so an enqueue of the same content cannot slip in between and reference a file about to vanish.
 */
export function removeAttachmentFile(dataDir: string, sha256: string): void {
  try {
    unlinkSync(attachmentPath(dataDir, sha256))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/**
 * Remove files the database does not know: half-copied temp files and copies whose enqueue never committed
 * (a crash between the copy and the transaction). Only files older than `olderThanMs` go, so an enqueue in
 * progress keeps its copies.
 */
export async function removeStrayAttachmentFiles(
  dataDir: string,
  isKnown: (sha256: string) => boolean,
  now: number,
  olderThanMs: number
): Promise<number> {
  const dir = attachmentsDir(dataDir)
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    const stray = name.startsWith(TEMP_PREFIX) || (SHA256_NAME.test(name) && !isKnown(name))
    if (!stray) continue
    const info = await stat(join(dir, name)).catch(() => undefined)
    if (!info || now - info.mtimeMs < olderThanMs) continue
    await unlink(join(dir, name)).catch(() => undefined)
    removed++
  }
  return removed
}
