// The gateway's status words (src/shared/domain/gateway-status-words.ts) in the operator's language: one table for
// the webhook inspector's headlines and the outbox timeline's "gateway reports …" (the i18n layer imports no domain
// rule, so the window words them). A word the reference does not name stays as the gateway sent it.
import { gatewayDeviceWord, gatewayMessageWord, type GatewayMessageWord } from '../../../shared/domain'
import { encodeNote } from '../../../shared/i18n/note-text'
import type { MessageKey, Params } from '../../../shared/i18n/translate'

const MESSAGE_WORD: Record<GatewayMessageWord, MessageKey> = {
  pending: 'gatewayWord.pending',
  sent: 'gatewayWord.sent',
  delivered: 'gatewayWord.delivered',
  read: 'gatewayWord.read',
  cancelled: 'gatewayWord.cancelled',
  revoked: 'gatewayWord.revoked',
  rejected: 'gatewayWord.rejected',
  failed: 'gatewayWord.failed'
}

const DEVICE_WORD: Record<'connected' | 'disconnected', MessageKey> = {
  connected: 'gatewayWord.connected',
  disconnected: 'gatewayWord.disconnected'
}

/** The key for a message status word the gateway sent, or null for a word the reference does not name. */
export function messageWordKey(raw: string): MessageKey | null {
  const word = gatewayMessageWord(raw)
  return word ? MESSAGE_WORD[word] : null
}

/** The key for a device status word the gateway sent, or null for another word. */
export function deviceWordKey(raw: string): MessageKey | null {
  const word = gatewayDeviceWord(raw)
  return word ? DEVICE_WORD[word] : null
}

/** Notes whose `status` is the gateway's own status word ("sent", "received"). */
const GATEWAY_STATUS_NOTES: ReadonlySet<string> = new Set([
  'desktop.note.gatewayReports',
  'desktop.takeBack.reportShows',
  'desktop.takeBack.resendInDoubt'
])

/**
 * A timeline entry whose note quotes the gateway's status word, with that word as a note of its own (so it is worded
 * with the rest in the operator's language); other entries as they are.
 */
export function withGatewayWords<E extends { noteKey?: string | undefined; noteParams?: Params | undefined }>(
  entry: E
): E {
  const status = entry.noteParams?.['status']
  if (!entry.noteKey || !GATEWAY_STATUS_NOTES.has(entry.noteKey) || typeof status !== 'string') return entry
  const key = messageWordKey(status)
  return key ? { ...entry, noteParams: { ...entry.noteParams, status: encodeNote(key) } } : entry
}
