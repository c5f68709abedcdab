// The gateway's status words (src/shared/domain/gateway-status-words.ts) in the operator's language: one table
// (src/shared/webhook-headline.ts) for the webhook inspector's headlines, the terminal's `webhook deliveries` and the
// outbox timeline's "gateway reports …" (the i18n layer imports no domain rule). A word the reference does not name
// stays as the gateway sent it.
import { encodeNote } from '../../../shared/i18n/note-text'
import type { Params } from '../../../shared/i18n/translate'
import { messageWordKey } from '../../../shared/webhook-headline'

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
