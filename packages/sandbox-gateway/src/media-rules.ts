// The gateway's media limits: allowed extensions per kind, the 2 MB cap and the 1024-character text cap.

import { GatewayRejection } from './rejections'

export const MESSAGE_KINDS = ['text', 'image', 'document', 'video', 'audio'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]
export type MediaKind = Exclude<MessageKind, 'text'>

export const MAX_MEDIA_BYTES = 2 * 1024 * 1024
export const MAX_TEXT_CHARS = 1024
export const MAX_CUSTOM_FILENAME_CHARS = 60

const URL_EXTENSIONS: Record<MediaKind, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png'],
  document: ['doc', 'docx', 'pdf', 'odt', 'csv', 'ppt', 'pptx', 'xls', 'xlsx', 'txt'],
  video: ['mp4', 'mpeg'],
  audio: ['mp3', 'ogg', 'mpga']
}

// send-image-from-local also takes gif.
const LOCAL_EXTENSIONS: Record<MediaKind, readonly string[]> = {
  ...URL_EXTENSIONS,
  image: ['jpg', 'jpeg', 'png', 'gif']
}

export function isMediaKind(value: string): value is MediaKind {
  return value === 'image' || value === 'document' || value === 'video' || value === 'audio'
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase()
}

export function checkFileType(kind: MediaKind, fileName: string, source: 'url' | 'local'): void {
  const allowed = (source === 'url' ? URL_EXTENSIONS : LOCAL_EXTENSIONS)[kind]
  const extension = extensionOf(fileName)
  if (!allowed.includes(extension)) {
    const shown = extension ? `.${extension}` : 'without extension'
    throw new GatewayRejection(`file type ${shown} not allowed for ${kind}, use ${allowed.join(', ')}`)
  }
}

export function checkFileSize(bytes: number): void {
  if (bytes > MAX_MEDIA_BYTES)
    throw new GatewayRejection('file size too large, maximum file size is 2 MB', 413)
  if (bytes === 0) throw new GatewayRejection('file is empty')
}

export function checkTextLength(field: 'message' | 'caption' | 'response', text: string): void {
  if (text.length > MAX_TEXT_CHARS) {
    throw new GatewayRejection(`${field} too long, maximum ${MAX_TEXT_CHARS} characters`)
  }
}

/** The stored file name of a media URL: the last path segment, decoded. */
export function fileNameFromUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new GatewayRejection('url invalid')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GatewayRejection('url invalid')
  const last = url.pathname.split('/').filter(Boolean).pop() ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}
