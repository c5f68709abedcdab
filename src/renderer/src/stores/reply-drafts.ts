// The replies being written, one per conversation, kept for the window's life: opening another conversation (a click,
// Alt+↓ / Alt+↑) or another view no longer throws away what the operator typed or attached (QA F01). Their words (and
// requestIds) are kept in local storage too, as the Send view's draft is: a reload or a restart finds them again
// (QA14 Q14-03). An attached file is not: its handle lasts as long as the window.
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
}

/** Where the drafts' words are kept: `{ [conversationId]: { text, requestId } }`. */
export const REPLY_DRAFTS_STORAGE_KEY = 'sender-desk.replyDrafts'

type KeptWords = Record<string, { text: string; requestId: string }>

const drafts = new Map<number, ReplyDraft>()
/** The kept words, read from storage at the first draft asked for (not while the window starts: issue 29). */
let kept: KeptWords | null = null

function keptWords(): KeptWords {
  if (kept) return kept
  kept = {}
  try {
    const stored = JSON.parse(localStorage.getItem(REPLY_DRAFTS_STORAGE_KEY) ?? 'null') as unknown
    if (stored && typeof stored === 'object')
      for (const [id, words] of Object.entries(stored as Record<string, unknown>)) {
        const { text, requestId } = (words ?? {}) as Partial<KeptWords[string]>
        if (typeof text === 'string' && typeof requestId === 'string') kept[id] = { text, requestId }
      }
  } catch {
    // Unreadable: the replies start empty.
  }
  return kept
}

function writeKeptWords(words: KeptWords): void {
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
  const words = keptWords()[conversationId]
  return words ? { ...words, file: null, refused: null } : undefined
}

/** Keeps the conversation's draft, or forgets it once there is nothing in it. */
export function keepReplyDraft(conversationId: number, draft: ReplyDraft): void {
  if (draft.text === '' && draft.file === null && draft.refused === null) drafts.delete(conversationId)
  else drafts.set(conversationId, draft)
  const words = keptWords()
  const before = words[conversationId]
  if (before?.text === draft.text && before.requestId === draft.requestId) return
  if (before === undefined && draft.text === '') return
  if (draft.text === '') delete words[conversationId]
  else words[conversationId] = { text: draft.text, requestId: draft.requestId }
  writeKeptWords(words)
}

/** Throws the conversation's draft away (the conversation was deleted): its file's registration goes with it. */
export function discardReplyDraft(conversationId: number): void {
  const file = drafts.get(conversationId)?.file
  drafts.delete(conversationId)
  const words = keptWords()
  if (words[conversationId]) {
    delete words[conversationId]
    writeKeptWords(words)
  }
  if (file) call('files:release', { handles: [file.handle] }).catch(() => undefined)
}

/** Forgets every draft (each test starts from none, test-setup.ts). */
export function resetReplyDrafts(): void {
  drafts.clear()
  kept = null
  localStorage.removeItem(REPLY_DRAFTS_STORAGE_KEY)
}
