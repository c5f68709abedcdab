// Finds the QR code in whatever device/scan answers (JSON, an image, a text, an HTML page) without passing remote HTML on.
import type { QrCode } from './types'

export type QrImageMime = Extract<QrCode, { kind: 'image' }>['mime']

/** What a body yields: the QR itself, or an image URL on the gateway's own origin still to be fetched. */
export type QrCandidate = QrCode | { kind: 'url'; url: string }

const MAX_QR_TEXT = 4096

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  if (bytes.byteLength < offset + prefix.length) return false
  return prefix.every((byte, index) => bytes[offset + index] === byte)
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0))

/** SVG is text and may carry script; only a plain drawing is let through. */
function isPlainSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder()
    .decode(bytes.subarray(0, 512 * 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (!/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return false
  return !/<script|<foreignObject|<iframe|<!ENTITY|\son[a-z]+\s*=|javascript:|<use[^>]+href\s*=\s*["'](?!#)/i.test(
    text
  )
}

/** The image type by its magic bytes, whatever the headers claim. */
export function imageMimeOf(bytes: Uint8Array): QrImageMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (isPlainSvg(bytes)) return 'image/svg+xml'
  return null
}

export function imageFromBytes(bytes: Uint8Array): QrCode | null {
  const mime = imageMimeOf(bytes)
  return mime === null ? null : { kind: 'image', mime, bytes: new Uint8Array(bytes) }
}

function base64Bytes(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '')
  if (compact.length < 16 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) return null
  return new Uint8Array(Buffer.from(compact, 'base64'))
}

/** `data:image/png;base64,…` (or a percent-encoded SVG) as a checked image; null for anything else. */
export function imageFromDataUrl(value: string): QrCode | null {
  const match = /^data:([a-z0-9.+/-]*)((?:;[^,;]*)*),(.*)$/is.exec(value.trim())
  if (!match) return null
  const isBase64 = /;base64/i.test(match[2] ?? '')
  const payload = match[3] ?? ''
  let bytes: Uint8Array | null
  if (isBase64) bytes = base64Bytes(payload)
  else {
    try {
      bytes = new TextEncoder().encode(decodeURIComponent(payload))
    } catch {
      bytes = null
    }
  }
  return bytes === null ? null : imageFromBytes(bytes)
}

/**
 * A WhatsApp pairing string (e.g. `2@AbC…,…,…`): one token, no markup, sensible length. Under a general key
 * (`message`, bare `data`) a word like "Successfully" must not pass, so there it needs the `2@` form or real length.
 */
function looksLikeQrText(value: string, general: boolean): boolean {
  if (value.length < 8 || value.length > MAX_QR_TEXT || /[\s<>"]/.test(value)) return false
  return !general || /^\d@/.test(value) || value.length >= 40
}

function isUrlish(value: string): boolean {
  return /^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'))
}

/** One string value from a JSON or text body: an image (data URL or base64), a same-origin image URL, or QR text. */
export function qrFromString(
  value: string,
  pageUrl: string,
  origin: string,
  general = false
): QrCandidate | null {
  const text = value.trim()
  if (text === '') return null
  if (/^data:/i.test(text)) return imageFromDataUrl(text)
  if (isUrlish(text)) {
    const url = sameOriginUrl(text, pageUrl, origin)
    return url === null ? null : { kind: 'url', url }
  }
  const decoded = text.length >= 64 ? base64Bytes(text) : null
  const image = decoded === null ? null : imageFromBytes(decoded)
  if (image !== null) return image
  return looksLikeQrText(text, general) ? { kind: 'text', text } : null
}

function sameOriginUrl(src: string, pageUrl: string, origin: string): string | null {
  try {
    const url = new URL(src, pageUrl)
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null
  } catch {
    return null
  }
}

function get(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined
}

const QR_KEYS = ['qr', 'qrcode', 'qr_code', 'qrCode', 'qrImage', 'qr_image', 'image', 'base64']

/** Looks where gateways put it: `qr`-ish keys at the top and under `data`, `data` itself, then `message`. */
export function qrFromJson(body: unknown, pageUrl: string, origin: string): QrCandidate | null {
  const data = get(body, 'data')
  const places: Array<readonly [unknown, boolean]> = [
    ...QR_KEYS.map((key) => [get(body, key), false] as const),
    ...QR_KEYS.map((key) => [get(data, key), false] as const),
    [data, true],
    [get(body, 'message'), true]
  ]
  for (const [place, general] of places) {
    if (typeof place !== 'string') continue
    const found = qrFromString(place, pageUrl, origin, general)
    if (found !== null) return found
  }
  return null
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The QR image of an HTML page: `<img src="data:image/…">` or a same-origin `<img src>`; tags that mention "qr" first. */
export function qrFromHtml(html: string, pageUrl: string, origin: string): QrCandidate | null {
  const tags = html.match(/<img\b[^>]*>/gi) ?? []
  const ranked = [...tags.filter((tag) => /qr/i.test(tag)), ...tags.filter((tag) => !/qr/i.test(tag))]
  let linked: QrCandidate | null = null
  for (const tag of ranked) {
    const match = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag)
    const src = decodeEntities((match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim())
    if (src === '') continue
    if (/^data:/i.test(src)) {
      const image = imageFromDataUrl(src)
      if (image !== null) return image
      continue
    }
    if (linked === null) {
      const url = sameOriginUrl(src, pageUrl, origin)
      if (url !== null) linked = { kind: 'url', url }
    }
  }
  return linked
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html|<head|<body)|<img\b/i.test(text)
}
