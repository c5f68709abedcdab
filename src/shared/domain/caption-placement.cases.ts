// One table for where a caption goes when some files cannot carry one (QA32 Q32-01): run by the domain's own test,
// the window's request builder and the core's enqueue command.
import type { AudioCaptionNotice } from './caption-placement'
import type { MediaKind } from './file-kinds'

type CaseEntry = { kind: 'file'; media: MediaKind; caption?: string } | { kind: 'text'; text: string }

export const CAPTION_PLACEMENT_CASES: readonly {
  name: string
  entries: readonly CaseEntry[]
  placed: readonly CaseEntry[]
}[] = [
  {
    name: 'files that take a caption keep it',
    entries: [
      { kind: 'file', media: 'image', caption: 'Nota' },
      { kind: 'file', media: 'document', caption: 'Nota' }
    ],
    placed: [
      { kind: 'file', media: 'image', caption: 'Nota' },
      { kind: 'file', media: 'document', caption: 'Nota' }
    ]
  },
  {
    name: 'audio beside captioned files: the audio goes without, the others carry it (sent once per file, as before)',
    entries: [
      { kind: 'file', media: 'audio', caption: 'Dokumen Anda' },
      { kind: 'file', media: 'image', caption: 'Dokumen Anda' },
      { kind: 'text', text: 'Halo' }
    ],
    placed: [
      { kind: 'file', media: 'audio' },
      { kind: 'file', media: 'image', caption: 'Dokumen Anda' },
      { kind: 'text', text: 'Halo' }
    ]
  },
  {
    name: 'only audio: the caption goes once, as its own text after the files and before the message',
    entries: [
      { kind: 'file', media: 'audio', caption: 'Rekaman rapat' },
      { kind: 'file', media: 'audio', caption: 'Rekaman rapat' },
      { kind: 'text', text: 'Halo' }
    ],
    placed: [
      { kind: 'file', media: 'audio' },
      { kind: 'file', media: 'audio' },
      { kind: 'text', text: 'Rekaman rapat' },
      { kind: 'text', text: 'Halo' }
    ]
  },
  {
    name: 'an inbox reply of an audio file with text: the audio, then the text',
    entries: [{ kind: 'file', media: 'audio', caption: 'Ini rekamannya' }],
    placed: [
      { kind: 'file', media: 'audio' },
      { kind: 'text', text: 'Ini rekamannya' }
    ]
  },
  {
    name: 'a text already saying the same words is not sent twice',
    entries: [
      { kind: 'file', media: 'audio', caption: 'Halo' },
      { kind: 'text', text: 'Halo' }
    ],
    placed: [
      { kind: 'file', media: 'audio' },
      { kind: 'text', text: 'Halo' }
    ]
  },
  {
    name: 'audio without a caption is left as it is',
    entries: [{ kind: 'file', media: 'audio' }],
    placed: [{ kind: 'file', media: 'audio' }]
  }
]

/** What the Send view says beside its caption before sending, by the draft's file kinds and caption. */
export const AUDIO_CAPTION_NOTICE_CASES: readonly {
  kinds: readonly MediaKind[]
  caption: string
  notice: AudioCaptionNotice
}[] = [
  { kinds: ['image', 'audio'], caption: 'Nota', notice: 'with-other-files' },
  { kinds: ['audio'], caption: 'Nota', notice: 'own-message' },
  { kinds: ['audio', 'audio'], caption: ' Nota ', notice: 'own-message' },
  { kinds: ['audio'], caption: '   ', notice: null },
  { kinds: ['image', 'document'], caption: 'Nota', notice: null },
  { kinds: [], caption: 'Nota', notice: null }
]
