// A file that goes out under another name than the operator's, because its bytes are another type than its name says
// (core/files/file-type.ts, sendableName): the one wording of that note, for the window's draft and the terminal. Its
// own module: the window's start loads note-text, and these keys are not start strings.
import type { MessageKey, Params } from './translate'

type FileKind = 'image' | 'document' | 'video' | 'audio'

/** Literal keys, so the i18n check sees each one used. */
const RENAMED_KEYS = {
  image: 'send.file.renamed.image',
  document: 'send.file.renamed.document',
  video: 'send.file.renamed.video',
  audio: 'send.file.renamed.audio'
} as const satisfies Record<FileKind, MessageKey>

/** "invoice.pdf is really an image (JPG): it is sent as invoice.jpg, as a photo." (QA32 Q32-04) */
export function renamedFileNote(file: { kind: FileKind; name: string; renamedFrom: string }): {
  key: MessageKey
  params: Params
} {
  const type = file.name.slice(file.name.lastIndexOf('.') + 1).toUpperCase()
  return { key: RENAMED_KEYS[file.kind], params: { from: file.renamedFrom, to: file.name, type } }
}
