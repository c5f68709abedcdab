// A checked file (from `files:register`) as the outbox queues it: the one mapping for drops, campaigns and the CLI.
import type { RegisteredFile } from '../files'
import type { FileEntry } from './types'

export function fileEntryOf(file: RegisteredFile, caption?: string): FileEntry {
  return {
    kind: 'file',
    path: file.path,
    name: file.name,
    mime: file.mime,
    mediaKind: file.kind,
    pinned: file.pinned,
    ...(caption ? { caption } : {})
  }
}
