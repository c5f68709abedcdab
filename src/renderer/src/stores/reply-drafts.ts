// The replies being written, one per conversation, kept for the window's life: opening another conversation (a click,
// Alt+↓ / Alt+↑) or another view no longer throws away what the operator typed or attached (QA F01). Their words (and
// requestIds) are kept in local storage too, as the Send view's draft is: a reload or a restart finds them again
// (QA14 Q14-03). So is an attached file, as the reply box holds it (its handle and name, never its bytes): a draft
// brought back from storage asks the core whether the handle still stands for that file (`fileToCheck`).
import type { FileHandleView } from '../../../shared/contract'
import { call } from '../api'

export interface ReplyDraft {
  text: string
  /** The registered file going with the reply. */
  file: FileHandleView | null
  /** A file that cannot be sent, still attached: it holds the reply back until removed. */
  refused: { name: string; message: string } | null
  /** The draft's requestId: a reply whose answer got lost is still sent once when tried again later. */
  requestId: string
  /**
   * The file came back from storage (a reload, a restart): its handle may have died with an earlier run, or its file
   * moved; the reply box asks the core (`files:check`) before it is sent.
   */
  fileToCheck?: boolean
}

/** Where the drafts are kept: `{ [conversationId]: { text, requestId, file? } }`. */
export const REPLY_DRAFTS_STORAGE_KEY = 'sender-desk.replyDrafts'

type KeptDrafts = Record<string, { text: string; requestId: string; file?: FileHandleView }>

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
/** The kept words, read from storage at the first draft asked for (not while the window starts: issue 29). */
let kept: KeptDrafts | null = null

function keptDrafts(): KeptDrafts {
  if (kept) return kept
  kept = {}
  try {
    const stored = JSON.parse(localStorage.getItem(REPLY_DRAFTS_STORAGE_KEY) ?? 'null') as unknown
    if (stored && typeof stored === 'object')
      for (const [id, words] of Object.entries(stored as Record<string, unknown>)) {
        const { text, requestId, file } = (words ?? {}) as Record<string, unknown>
        const kind = keptFile(file)
        if (typeof text === 'string' && typeof requestId === 'string')
          kept[id] = { text, requestId, ...(kind ? { file: kind } : {}) }
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

export function replyDraftFor(conversationId: number): ReplyDraft | undefined {
  const draft = drafts.get(conversationId)
  if (draft) return draft
  const words = keptDrafts()[conversationId]
  if (!words) return undefined
  const { file, ...rest } = words
  return file ? { ...rest, file, refused: null, fileToCheck: true } : { ...rest, file: null, refused: null }
}

/** Keeps the conversation's draft, or forgets it once there is nothing in it. */
export function keepReplyDraft(conversationId: number, draft: ReplyDraft): void {
  if (draft.text === '' && draft.file === null && draft.refused === null) drafts.delete(conversationId)
  else drafts.set(conversationId, draft)
  const words = keptDrafts()
  const before = words[conversationId]
  if (
    before?.text === draft.text &&
    before.requestId === draft.requestId &&
    before.file?.handle === draft.file?.handle
  )
    return
  if (before === undefined && draft.text === '' && draft.file === null) return
  if (draft.text === '' && draft.file === null) delete words[conversationId]
  else
    words[conversationId] = {
      text: draft.text,
      requestId: draft.requestId,
      ...(draft.file ? { file: draft.file } : {})
    }
  writeKeptDrafts(words)
}

/** Throws the conversation's draft away (the conversation was deleted): its file's registration goes with it. */
export function discardReplyDraft(conversationId: number): void {
  const file = drafts.get(conversationId)?.file ?? keptDrafts()[conversationId]?.file
  drafts.delete(conversationId)
  const words = keptDrafts()
  if (words[conversationId]) {
    delete words[conversationId]
    writeKeptDrafts(words)
  }
  if (file) call('files:release', { handles: [file.handle] }).catch(() => undefined)
}

/** Forgets every draft (each test starts from none, test-setup.ts). */
export function resetReplyDrafts(): void {
  drafts.clear()
  kept = null
  localStorage.removeItem(REPLY_DRAFTS_STORAGE_KEY)
}
