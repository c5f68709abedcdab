// Files into the attachments folder for items about to be added: checked against what the operator picked (the
// pinned identity), a few at a time. Shared by every producer (a drop, a series, a campaign's one file).
import { detectFileType, FileChangedError, openPinned } from '../files'
import {
  AttachmentError,
  AttachmentTooLongError,
  DiskFullError,
  hasAttachment,
  isDiskFull,
  readAttachment,
  storeAttachment,
  storeAttachmentFrom,
  type ItemRecord,
  type StoredAttachment
} from '../store'
import { OutboxError, type FileEntry } from './types'

const FILE_COPIES_AT_ONCE = 4

/** Copy one file: from its pinned identity when it has one (the file the operator added, or a refusal). */
async function copyEntry(dataDir: string, entry: FileEntry): Promise<StoredAttachment> {
  const pinned = entry.pinned
  if (!pinned) return storeAttachment(dataDir, entry.path)
  const handle = await openPinned(pinned, entry.name)
  try {
    const copy = await storeAttachmentFrom(dataDir, handle, pinned.size)
    // Shorter than checked, or no longer the type it was when added (rewritten in place within the same size
    // and second): the copy is not what the operator chose. It stays unreferenced and the stray sweep removes it.
    const type = detectFileType(copy.head, entry.name)
    if (copy.size !== pinned.size || type?.mime !== entry.mime) throw new FileChangedError(entry.name)
    return { sha256: copy.sha256, size: copy.size }
  } catch (error) {
    if (error instanceof AttachmentTooLongError) throw new FileChangedError(entry.name, error)
    throw error
  } finally {
    await handle.close().catch(() => undefined)
  }
}

/** Each distinct file (by path) copied once, a few at a time; keyed by path. */
export async function copyFiles(
  dataDir: string,
  entries: readonly FileEntry[]
): Promise<Map<string, StoredAttachment>> {
  const copies = new Map<string, StoredAttachment>()
  const pending = [...new Map(entries.map((entry) => [entry.path, entry])).values()]
  const worker = async (): Promise<void> => {
    for (let entry = pending.shift(); entry !== undefined; entry = pending.shift()) {
      try {
        copies.set(entry.path, await copyEntry(dataDir, entry))
      } catch (error) {
        if (error instanceof AttachmentError || error instanceof FileChangedError)
          throw new OutboxError('attachment', error.message, 'entries', error)
        if (isDiskFull(error)) throw new DiskFullError(error)
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: FILE_COPIES_AT_ONCE }, worker))
  return copies
}

/**
 * One file for items a producer builds itself (a campaign's rows share this one copy); add the items in the same
 * turn so no sweep sees it unreferenced.
 */
export async function copyFile(dataDir: string, entry: FileEntry): Promise<StoredAttachment> {
  let copy = (await copyFiles(dataDir, [entry])).get(entry.path)
  // A retention sweep may have removed an identical file while it was copied: copy again. (The write that
  // references it checks once more: add refuses, rather than queue items whose file is gone.)
  if (copy && !hasAttachment(dataDir, copy.sha256)) copy = (await copyFiles(dataDir, [entry])).get(entry.path)
  if (!copy) throw new Error(`${entry.name} was not copied`)
  return copy
}

/** The distinct copies among these, for the write that references them. */
export function distinctCopies(copies: Iterable<StoredAttachment>): StoredAttachment[] {
  return [...new Map([...copies].map((c) => [c.sha256, c])).values()]
}

/**
 * A photo sent (or to send): its kept copy's bytes, for its thumbnail in its thread (QA71); null for another kind of
 * item, no such item, or a copy gone.
 */
export async function sentPicture(
  item: ItemRecord | undefined | null,
  dataDir: string
): Promise<{ type: string; bytes: Uint8Array } | null> {
  if (item?.kind !== 'image' || !item.attachmentSha256 || !item.fileMime?.startsWith('image/')) return null
  try {
    return { type: item.fileMime, bytes: await readAttachment(dataDir, item.attachmentSha256) }
  } catch {
    return null
  }
}
