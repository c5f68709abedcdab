// The replies being written, one per conversation, kept for the window's life: opening another conversation (a click,
// Alt+↓ / Alt+↑) or another view no longer throws away what the operator typed or attached (QA F01).
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

const drafts = new Map<number, ReplyDraft>()

export function replyDraftFor(conversationId: number): ReplyDraft | undefined {
  return drafts.get(conversationId)
}

/** Keeps the conversation's draft, or forgets it once there is nothing in it. */
export function keepReplyDraft(conversationId: number, draft: ReplyDraft): void {
  if (draft.text === '' && draft.file === null && draft.refused === null) drafts.delete(conversationId)
  else drafts.set(conversationId, draft)
}

/** Throws the conversation's draft away (the conversation was deleted): its file's registration goes with it. */
export function discardReplyDraft(conversationId: number): void {
  const file = drafts.get(conversationId)?.file
  drafts.delete(conversationId)
  if (file) call('files:release', { handles: [file.handle] }).catch(() => undefined)
}

/** Forgets every draft (each test starts from none, test-setup.ts). */
export function resetReplyDrafts(): void {
  drafts.clear()
}
