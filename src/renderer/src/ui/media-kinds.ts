// The kinds of file a customer can send (and the sandbox can play sending), with the word for each in the operator's
// language: one list for the thread's sentences and the sandbox's "Try it".
import type { MessageKey } from '../i18n'

export const MEDIA_KINDS = ['image', 'document', 'video', 'audio'] as const
export type MediaKindName = (typeof MEDIA_KINDS)[number]

export const MEDIA_KIND_WORDS: Record<MediaKindName, MessageKey> = {
  image: 'inbox.media.kind.image',
  document: 'inbox.media.kind.document',
  video: 'inbox.media.kind.video',
  audio: 'inbox.media.kind.audio'
}

/** Each kind as a choice on its own, in sentence case ("Image", "Gambar"): the words above sit inside sentences. */
export const MEDIA_KIND_CHOICES: Record<MediaKindName, MessageKey> = {
  image: 'kind.image',
  document: 'kind.document',
  video: 'kind.video',
  audio: 'kind.audio'
}

export function isMediaKindName(kind: string): kind is MediaKindName {
  return (MEDIA_KINDS as readonly string[]).includes(kind)
}

/** What a message without text is called where its text would stand: its kind of file, else "Message without text". */
export function withoutTextKey(type: string): MessageKey {
  return isMediaKindName(type) ? MEDIA_KIND_CHOICES[type] : 'inbox.conversations.withoutText'
}
