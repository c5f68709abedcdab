/** Decides what a file really is from its first bytes (not its name), so a renamed executable never goes out as a "photo". */
import { extensionOf } from '../gateway'
import type { MediaKind } from '../gateway'
import { MIME_BY_EXTENSION } from '../../../shared/domain'

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

/** SOI (FF D8) followed by a whole marker segment start: FF and a marker byte (APPn, DQT, SOF, DHT, COM…). */
function isJpeg(head: Uint8Array): boolean {
  return startsWith(head, [0xff, 0xd8, 0xff]) && head.length > 3 && (head[3] ?? 0) >= 0xc0 && head[3] !== 0xff
}

/** The major brand of an ISO media `ftyp` box (a plausible box size, a printable brand), or null for no such box. */
export function ftypBrand(head: Uint8Array): string | null {
  if (head.length < 12 || ascii(head, 4, 4) !== 'ftyp') return null
  const boxSize =
    (((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0)) >>> 0
  const brand = ascii(head, 8, 4)
  return boxSize >= 8 && /^[\x20-\x7e]{4}$/.test(brand) ? brand : null
}

/**
 * Brands of the same box that are no MP4 video: QuickTime (the gateway takes mp4/mpeg only), HEIF/AVIF photos and
 * MPEG-4 audio. Sent as "video.mp4" they would arrive as a video the phone cannot play.
 */
const NOT_MP4_VIDEO = new Set([
  'qt  ',
  'heic',
  'heix',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'M4A ',
  'M4B '
])

function isMp4(head: Uint8Array): boolean {
  const brand = ftypBrand(head)
  return brand !== null && !NOT_MP4_VIDEO.has(brand)
}

/** A QuickTime movie (.mov): a video, but not one the gateway takes. */
export function isQuickTime(head: Uint8Array): boolean {
  return ftypBrand(head) === 'qt  '
}

/** An ID3v2 tag header: "ID3", major version 2–4, revision not FF, flags and the 4 synchsafe size bytes < 0x80. */
function isId3(head: Uint8Array): boolean {
  if (head.length < 10 || ascii(head, 0, 3) !== 'ID3') return false
  const major = head[3] ?? 0
  if (major < 2 || major > 4 || head[4] === 0xff) return false
  return [6, 7, 8, 9].every((i) => (head[i] ?? 0xff) < 0x80)
}

/**
 * A whole MPEG audio Layer III frame header (4 bytes), not just the 11-bit sync: version not reserved, layer III,
 * a real bitrate (not "free", not the invalid index 15), a defined sample rate and emphasis. `FF FB` alone is not MP3.
 */
function isMp3Frame(head: Uint8Array): boolean {
  if (head.length < 4 || head[0] !== 0xff) return false
  const b1 = head[1] ?? 0
  const b2 = head[2] ?? 0
  const b3 = head[3] ?? 0
  if ((b1 & 0xe0) !== 0xe0) return false
  const version = (b1 >> 3) & 0x03
  const layer = (b1 >> 1) & 0x03
  const bitrate = (b2 >> 4) & 0x0f
  const sampleRate = (b2 >> 2) & 0x03
  const emphasis = b3 & 0x03
  return (
    version !== 0b01 &&
    layer === 0b01 &&
    bitrate !== 0 &&
    bitrate !== 0x0f &&
    sampleRate !== 0b11 &&
    emphasis !== 0b10
  )
}

/**
 * `head` is the first bytes of the file (4 KiB is plenty). Returns null for anything the gateway
 * cannot send; container formats (zip, OLE) are told apart by extension only after the magic bytes
 * confirm the container.
 */
export function detectFileType(head: Uint8Array, name: string): DetectedType | null {
  const ext = extensionOf(name)
  if (isJpeg(head)) return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', mime: 'image/png', extension: 'png' }
  }
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') {
    return { kind: 'image', mime: 'image/gif', extension: 'gif' }
  }
  if (ascii(head, 0, 5) === '%PDF-') return { kind: 'document', mime: 'application/pdf', extension: 'pdf' }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return OFFICE_ZIP[ext] ?? null
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OFFICE_OLE[ext] ?? null
  if (isMp4(head)) return { kind: 'video', mime: 'video/mp4', extension: 'mp4' }
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) {
    return { kind: 'video', mime: 'video/mpeg', extension: 'mpeg' }
  }
  // "OggS" then stream structure version 0.
  if (ascii(head, 0, 4) === 'OggS' && head.length > 4 && head[4] === 0) {
    return { kind: 'audio', mime: 'audio/ogg', extension: 'ogg' }
  }
  if (isId3(head) || isMp3Frame(head)) return { kind: 'audio', mime: 'audio/mpeg', extension: 'mp3' }
  if ((ext === 'txt' || ext === 'csv') && looksLikeText(head)) {
    return ext === 'csv'
      ? { kind: 'document', mime: 'text/csv', extension: 'csv' }
      : { kind: 'document', mime: 'text/plain', extension: 'txt' }
  }
  return null
}

/**
 * The gateway types a file by its name, so a file goes out under a name that says what its bytes really are: `scan`
 * (a PDF) as `scan.pdf`, `photo.exe` and `invoice.pdf` (JPEGs) as `photo.jpg` and `invoice.jpg`, `report.csv` (a PDF)
 * as `report.pdf`. A name of the same type (`holiday.jpeg`, `Quarterly.PDF`) is kept.
 */
export function sendableName(name: string, detected: DetectedType): string {
  if (MIME_BY_EXTENSION[extensionOf(name)] === detected.mime) return name
  const dot = name.lastIndexOf('.')
  const stem = dot > 0 ? name.slice(0, dot) : name
  return `${stem}.${detected.extension}`
}
