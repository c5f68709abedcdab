// The replies being written, one per conversation, kept for the window's life: opening another conversation (a click,
// Alt+↓ / Alt+↑) or another view no longer throws away what the operator typed or attached (QA F01). Their words (and
// requestIds) are kept in local storage too, as the Send view's draft is: a reload or a restart finds them again
// (QA14 Q14-03). So is an attached file, as the reply box holds it (its handle and name, never its bytes), and the core
// keeps the file itself for the conversation's draft as it does the Send view's (`files:keepForDraft`): a draft
// brought back from storage has the core register that file again, or say why it is no longer the file the operator
// chose (`fileToCheck`, `checkKeptReplyFile`). Each draft names the chat it is written to: one found under a
// conversation id that now stands for another chat (an id given again after a delete, by a build from before the core
// stopped doing so) is thrown away, never put in the other customer's reply box.
import type { FileHandleView } from '../../../shared/contract'
import { call, coreMessage } from '../api'
import type { SaidLine } from '../i18n'

export interface ReplyDraft {
  /** The customer's (or group's) chat the reply is written to: the draft belongs to it, not only to the id. */
  chatId: string
  text: string
  /** The registered file going with the reply. */
  file: FileHandleView | null
  /** A file that cannot be sent, still attached: it holds the reply back until removed (why, said when drawn). */
  refused: { name: string; said: SaidLine } | null
  /** The draft's requestId: a reply whose answer got lost is still sent once when tried again later. */
  requestId: string
  /**
   * The file came back from storage (a reload, a restart): its handle may have died with an earlier run, or its file
   * moved; the reply box asks the core (`checkKeptReplyFile`) before it is sent.
   */
  fileToCheck?: boolean
}

/** What became of a file a draft brought back from storage. */
export interface KeptReplyFile {
  /** The file as the draft was brought back with it. */
  kept: FileHandleView
  /** The file under the handle that stands for it now (another one after a restart), or null when it is refused. */
  file: FileHandleView | null
  /** Why the file can no longer be sent (gone, changed meanwhile), said in the language it is drawn in. */
  refused: { name: string; said: SaidLine } | null
}

/** Where the drafts are kept: `{ [conversationId]: { text, requestId, chatId?, file? } }`. */
export const REPLY_DRAFTS_STORAGE_KEY = 'sender-desk.replyDrafts'

/** chatId is absent from drafts kept by builds before it was recorded: theirs cannot be checked, and are kept. */
type KeptDrafts = Record<string, { text: string; requestId: string; chatId?: string; file?: FileHandleView }>

const FILE_KINDS: ReadonlySet<unknown> = new Set(['image', 'video', 'audio', 'document'])

/** A kept file as the reply box held it, or undefined for anything else found in storage. */
function keptFile(value: unknown): FileHandleView | undefined {
  if (!value || typeof value !== 'object') return undefined
  const { handle, name, size, kind, mime } = value as Record<string, unknown>
  return typeof handle === 'string' &&
    typeof name === 'string' &&
    typeof size === 'number' &&
    typeof mime === 'string' &&
    FILE_KINDS.has(kind)
    ? { handle, name, size, kind: kind as FileHandleView['kind'], mime }
    : undefined
}

const drafts = new Map<number, ReplyDraft>()
/** The answer about each conversation's kept file, asked once per window (a box drawn again waits for the same one). */
const keptFileAnswers = new Map<number, Promise<KeptReplyFile>>()

/** What the core keeps for the conversation's draft, so its file survives a restart. */
function keepFileWithCore(conversationId: number, file: FileHandleView | null): void {
  // Through a promise: with no core to ask (a page outside the app), the file simply is not kept.
  Promise.resolve()
    .then(() => call('files:keepForDraft', { handles: file ? [file.handle] : [], conversationId }))
    .catch(() => undefined)
}
/** The kept words, read from storage at the first draft asked for (not while the window starts: issue 29). */
let kept: KeptDrafts | null = null

function keptDrafts(): KeptDrafts {
  if (kept) return kept
  kept = {}
  try {
    const stored = JSON.parse(localStorage.getItem(REPLY_DRAFTS_STORAGE_KEY) ?? 'null') as unknown
    if (stored && typeof stored === 'object')
      for (const [id, words] of Object.entries(stored as Record<string, unknown>)) {
        const { text, requestId, chatId, file } = (words ?? {}) as Record<string, unknown>
        const kind = keptFile(file)
        if (typeof text === 'string' && typeof requestId === 'string')
          kept[id] = {
            text,
            requestId,
            ...(typeof chatId === 'string' ? { chatId } : {}),
            ...(kind ? { file: kind } : {})
          }
      }
  } catch {
    // Unreadable: the replies start empty.
  }
  return kept
}

function writeKeptDrafts(words: KeptDrafts): void {
  try {
    if (Object.keys(words).length === 0) localStorage.removeItem(REPLY_DRAFTS_STORAGE_KEY)
    else localStorage.setItem(REPLY_DRAFTS_STORAGE_KEY, JSON.stringify(words))
  } catch {
    // Without storage the drafts last as long as the window.
  }
}

/** The draft kept under this id, whichever chat it was written to (unknown for one kept by an earlier build). */
function storedDraft(conversationId: number): (Omit<ReplyDraft, 'chatId'> & { chatId?: string }) | undefined {
  const draft = drafts.get(conversationId)
  if (draft) return draft
  const words = keptDrafts()[conversationId]
  if (!words) return undefined
  const { file, ...rest } = words
  return file ? { ...rest, file, refused: null, fileToCheck: true } : { ...rest, file: null, refused: null }
}

/**
 * The draft of the reply to `chatId` in this conversation. One kept under the id for another chat (the conversation
 * it was written in was deleted and its id given to another customer's) is thrown away with its file.
 */
export function replyDraftFor(conversationId: number, chatId: string): ReplyDraft | undefined {
  const draft = storedDraft(conversationId)
  if (!draft) return undefined
  if (draft.chatId !== undefined && draft.chatId !== chatId) {
    discardReplyDraft(conversationId)
    return undefined
  }
  return { ...draft, chatId }
}

/** Keeps the conversation's draft, or forgets it once there is nothing in it. */
export function keepReplyDraft(conversationId: number, draft: ReplyDraft): void {
  if (draft.text === '' && draft.file === null && draft.refused === null) drafts.delete(conversationId)
  else drafts.set(conversationId, draft)
  const words = keptDrafts()
  const before = words[conversationId]
  if ((before?.file?.handle ?? null) !== (draft.file?.handle ?? null))
    keepFileWithCore(conversationId, draft.file)
  if (
    before?.text === draft.text &&
    before.requestId === draft.requestId &&
    before.chatId === draft.chatId &&
    before.file?.handle === draft.file?.handle
  )
    return
  if (before === undefined && draft.text === '' && draft.file === null) return
  if (draft.text === '' && draft.file === null) delete words[conversationId]
  else
    words[conversationId] = {
      text: draft.text,
      requestId: draft.requestId,
      chatId: draft.chatId,
      ...(draft.file ? { file: draft.file } : {})
    }
  writeKeptDrafts(words)
}

/** Throws the conversation's draft away (the conversation was deleted): its file's registration goes with it. */
export function discardReplyDraft(conversationId: number): void {
  const file = drafts.get(conversationId)?.file ?? keptDrafts()[conversationId]?.file
  drafts.delete(conversationId)
  keptFileAnswers.delete(conversationId)
  const words = keptDrafts()
  if (words[conversationId]) {
    delete words[conversationId]
    writeKeptDrafts(words)
  }
  if (file) call('files:release', { handles: [file.handle] }).catch(() => undefined)
}

/**
 * The answer about the file this conversation's draft brought back from storage (a reload, a restart), asked once: the
 * core registers again the file it kept for this reply (`files:restoreDraft`; a new handle after a restart), or says
 * why it is no longer the file the operator chose (moved, deleted, changed meanwhile). A draft the core kept no file
 * for (kept by an earlier build) is asked about by its handle (`files:check`). The draft here takes the answer even
 * when its box is no longer drawn. Null when the draft brought no file back.
 */
export function checkKeptReplyFile(
  conversationId: number,
  draft: ReplyDraft | undefined
): Promise<KeptReplyFile> | null {
  const asked = keptFileAnswers.get(conversationId)
  if (asked) return asked
  const kept = draft?.fileToCheck ? draft.file : null
  if (!kept) return null
  const answer = askAboutKeptFile(conversationId, kept).then((answered) => {
    settleKeptFile(conversationId, answered)
    return answered
  })
  keptFileAnswers.set(conversationId, answer)
  return answer
}

async function askAboutKeptFile(conversationId: number, kept: FileHandleView): Promise<KeptReplyFile> {
  try {
    const restored = await call('files:restoreDraft', { conversationId })
    const file = restored.files[0]
    if (file) return { kept, file, refused: null }
    const gone =
      restored.rejected[0] ??
      (await call('files:check', { files: [{ handle: kept.handle, name: kept.name }] })).rejected[0]
    if (gone)
      return {
        kept,
        file: null,
        refused: { name: gone.name, said: (_t, language) => coreMessage(gone, language) }
      }
    // Still the file it was (a reload of the same run) though the core kept nothing: it is kept from now on.
    keepFileWithCore(conversationId, kept)
  } catch {
    // Without the core's answer the file stays; its send says what is wrong with it, if anything.
  }
  return { kept, file: kept, refused: null }
}

/** The draft takes the answer, unless its file was removed or replaced meanwhile: then a file registered anew goes. */
function settleKeptFile(conversationId: number, { kept, file, refused }: KeptReplyFile): void {
  const draft = storedDraft(conversationId)
  // A draft with no chat named was never drawn in a box since it was brought back: nothing was asked about it.
  if (draft?.file?.handle === kept.handle && draft.chatId !== undefined) {
    const { fileToCheck: _asked, chatId, ...rest } = draft
    keepReplyDraft(conversationId, { ...rest, chatId, file, refused: refused ?? draft.refused })
  } else if (file && file.handle !== kept.handle)
    call('files:release', { handles: [file.handle] }).catch(() => undefined)
}

/** Forgets every draft (each test starts from none, test-setup.ts). */
export function resetReplyDrafts(): void {
  drafts.clear()
  keptFileAnswers.clear()
  kept = null
  localStorage.removeItem(REPLY_DRAFTS_STORAGE_KEY)
}
