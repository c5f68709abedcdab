// What files the gateway takes: the media kinds, the extensions of each, and their MIME types.

export const MEDIA_KINDS = ['image', 'document', 'video', 'audio'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]
export const MESSAGE_KINDS = ['text', ...MEDIA_KINDS] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** Extensions the gateway accepts per kind when we upload the file ourselves ("from local"). */
export const ALLOWED_EXTENSIONS: Readonly<Record<MediaKind, readonly string[]>> = {
  image: ['jpg', 'jpeg', 'png', 'gif'],
  document: ['doc', 'docx', 'pdf', 'odt', 'csv', 'ppt', 'pptx', 'xls', 'xlsx', 'txt'],
  video: ['mp4', 'mpeg'],
  audio: ['mp3', 'ogg', 'mpga']
}

export const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  odt: 'application/vnd.oasis.opendocument.text',
  csv: 'text/csv',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  mp4: 'video/mp4',
  mpeg: 'video/mpeg',
  mp3: 'audio/mpeg',
  mpga: 'audio/mpeg',
  ogg: 'audio/ogg'
}

export function isMediaKind(value: string): value is MediaKind {
  return (MEDIA_KINDS as readonly string[]).includes(value)
}

/** Lower-case extension without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** The kind a file name stands for, or null when the gateway takes no such file. */
export function mediaKindOfFileName(name: string): MediaKind | null {
  const extension = extensionOf(name)
  return MEDIA_KINDS.find((kind) => ALLOWED_EXTENSIONS[kind].includes(extension)) ?? null
}

export function mimeOfFileName(name: string): string {
  return MIME_BY_EXTENSION[extensionOf(name)] ?? 'application/octet-stream'
}
