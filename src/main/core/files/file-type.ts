/** Decides what a file really is from its first bytes (not its name), so a renamed executable never goes out as a "photo". */
import { ALLOWED_EXTENSIONS, extensionOf } from '../gateway'
import type { MediaKind } from '../gateway'

export interface DetectedType {
  kind: MediaKind
  mime: string
  /** Canonical extension the gateway expects for this type. */
  extension: string
}

const OFFICE_ZIP: Record<string, DetectedType> = {
  docx: {
    kind: 'document',
    extension: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  },
  xlsx: {
    kind: 'document',
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  },
  pptx: {
    kind: 'document',
    extension: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  },
  odt: { kind: 'document', extension: 'odt', mime: 'application/vnd.oasis.opendocument.text' }
}

const OFFICE_OLE: Record<string, DetectedType> = {
  doc: { kind: 'document', extension: 'doc', mime: 'application/msword' },
  xls: { kind: 'document', extension: 'xls', mime: 'application/vnd.ms-excel' },
  ppt: { kind: 'document', extension: 'ppt', mime: 'application/vnd.ms-powerpoint' }
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((value, i) => bytes[offset + i] === value)
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}

/** Plain text/CSV: valid UTF-8 without NUL bytes or other control characters in the sample. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false
  for (const byte of bytes) {
    if (byte === 0) return false
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.max(0, bytes.length - 3)))
    return true
  } catch {
    return false
  }
}

/**
 * `head` is the first bytes of the file (4 KiB is plenty). Returns null for anything the gateway
 * cannot send; container formats (zip, OLE) are told apart by extension only after the magic bytes
 * confirm the container.
 */
export function detectFileType(head: Uint8Array, name: string): DetectedType | null {
  const ext = extensionOf(name)
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', mime: 'image/png', extension: 'png' }
  }
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') {
    return { kind: 'image', mime: 'image/gif', extension: 'gif' }
  }
  if (ascii(head, 0, 5) === '%PDF-') return { kind: 'document', mime: 'application/pdf', extension: 'pdf' }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return OFFICE_ZIP[ext] ?? null
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OFFICE_OLE[ext] ?? null
  if (ascii(head, 4, 4) === 'ftyp') return { kind: 'video', mime: 'video/mp4', extension: 'mp4' }
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) {
    return { kind: 'video', mime: 'video/mpeg', extension: 'mpeg' }
  }
  if (ascii(head, 0, 4) === 'OggS') return { kind: 'audio', mime: 'audio/ogg', extension: 'ogg' }
  if (
    ascii(head, 0, 3) === 'ID3' ||
    (head.length > 1 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)
  ) {
    return { kind: 'audio', mime: 'audio/mpeg', extension: 'mp3' }
  }
  if ((ext === 'txt' || ext === 'csv') && looksLikeText(head)) {
    return ext === 'csv'
      ? { kind: 'document', mime: 'text/csv', extension: 'csv' }
      : { kind: 'document', mime: 'text/plain', extension: 'txt' }
  }
  return null
}

/**
 * The gateway types a file by its name, so the name must end in an extension it allows for the kind
 * the bytes really are: `scan` (a PDF) goes out as `scan.pdf`, `photo.exe` (a JPEG) as `photo.jpg`.
 */
export function sendableName(name: string, detected: DetectedType): string {
  if (ALLOWED_EXTENSIONS[detected.kind].includes(extensionOf(name))) return name
  const dot = name.lastIndexOf('.')
  const stem = dot > 0 ? name.slice(0, dot) : name
  return `${stem}.${detected.extension}`
}
