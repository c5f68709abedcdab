// The inbox's message rows and records, shared by the sync's store and the conversations' store.
import { toMediaRecord, type MediaRecord, type MediaState } from './inbox-media-store'

/** A message received, as the incoming event gave it; the inbox view (conversations) builds on these rows. */
export interface NewInboxMessage {
  messageId: string
  deviceSerial: string | null
  devicePhone: string | null
  chatId: string
  isGroup: boolean
  groupSubject: string | null
  groupMember: string | null
  pushName: string | null
  text: string
  messageType: string
  mediaUrl: string | null
  mediaFile: string | null
  mediaMime: string | null
  sentAt: number | null
  fromMe: boolean
}

export interface InboxMessageRecord extends NewInboxMessage {
  /** A short number the operator can name (`inbox show 12`), in the order messages arrived. */
  number: number
  receivedAt: number
  /** When the customer wrote it (see writtenAt): the thread's order and the time it shows. */
  writtenAt: number
  read: boolean
  /** What the message did as an opt-out keyword (core/inbox/apply.ts), when it changed the number's state. */
  keywordOutcome: KeywordOutcome | null
  /** Its file as the media fetcher left it (null for a text): see inbox-media-store.ts. */
  media: MediaRecord | null
}

export type KeywordOutcome = 'opted-out' | 'opted-in'

/**
 * The columns a message is read with: its own, and the outcome the keyword step kept on its event (a subquery, not a
 * join, so that the callers' conditions and orders name the message's columns unqualified).
 */
export const MESSAGE_COLUMNS =
  '*, (SELECT apply_outcome FROM inbox_events WHERE inbox_events.id = inbox_messages.event_id) AS keyword_outcome'

export interface MessageRow {
  number: number
  message_id: string
  device_serial: string | null
  device_phone: string | null
  chat_id: string
  is_group: number
  group_subject: string | null
  group_member: string | null
  push_name: string | null
  text: string
  message_type: string
  media_url: string | null
  media_file: string | null
  media_mime: string | null
  sent_at: number | null
  received_at: number
  from_me: number
  read: number
  keyword_outcome: string | null
  media_state: MediaState | null
  media_type: string | null
  media_bytes: number | null
  media_note: string | null
  media_attempts: number
}

/**
 * When the customer wrote a message: the gateway's timestamp, never later than its arrival (a gateway clock ahead
 * of ours). The thread's order and time and the conversation's newest message go by it, not by the arrival: the
 * gateway retries a message held back by a relay outage after later ones went through. The SQL is the index's.
 */
export const WRITTEN_AT = 'min(COALESCE(sent_at, received_at), received_at)'

export function writtenAt(sentAt: number | null, receivedAt: number): number {
  return Math.min(sentAt ?? receivedAt, receivedAt)
}

export const toMessage = (row: MessageRow): InboxMessageRecord => ({
  number: row.number,
  messageId: row.message_id,
  deviceSerial: row.device_serial,
  devicePhone: row.device_phone,
  chatId: row.chat_id,
  isGroup: row.is_group === 1,
  groupSubject: row.group_subject,
  groupMember: row.group_member,
  pushName: row.push_name,
  text: row.text,
  messageType: row.message_type,
  mediaUrl: row.media_url,
  mediaFile: row.media_file,
  mediaMime: row.media_mime,
  sentAt: row.sent_at,
  receivedAt: row.received_at,
  writtenAt: writtenAt(row.sent_at, row.received_at),
  fromMe: row.from_me === 1,
  read: row.read === 1,
  // The step keeps other outcomes too ('unchanged', 'no-keyword', …): only a change is the operator's concern.
  keywordOutcome:
    row.keyword_outcome === 'opted-out' || row.keyword_outcome === 'opted-in' ? row.keyword_outcome : null,
  media: row.media_state ? toMediaRecord({ ...row, media_state: row.media_state }) : null
})
