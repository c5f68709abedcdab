// One relay event to the row the inbox keeps: opened with the mailbox's private key, parsed as the gateway's webhook
// body, and given its identity. An event that does not open or parse becomes a refusal row (kept for diagnostics,
// never retried: the same bytes would fail the same way), so the cursor can move past it.
import { openRelayEvent } from '@sender-desk/inbox-relay'
import { mayBeKeyword } from '../../../shared/domain'
import { parseWebhook, type WebhookEvent } from '../gateway'
import type { NewInboxEvent } from '../store'
import type { MailboxPrivateKey } from './credentials'
import type { PulledEvent } from './relay-client'

/** How much of an unreadable body is kept for diagnostics. */
const KEPT_BODY_CHARS = 4_096

function rowOf(event: WebhookEvent, pulled: PulledEvent): NewInboxEvent {
  const base = { identity: event.identity, seq: pulled.seq, receivedAt: pulled.receivedAt, payload: event }
  if (event.kind !== 'incoming') return { ...base, kind: event.kind, applied: false }
  return {
    ...base,
    kind: 'incoming',
    // A customer's own short text may be an opt-out keyword: it waits to be applied like a status (the lists can
    // change, so which words count is decided when it is applied, not here).
    applied: event.isGroup || event.isFromMe || !mayBeKeyword(event.text),
    message: {
      messageId: event.messageId,
      deviceSerial: event.deviceSerial,
      devicePhone: event.devicePhone,
      chatId: event.chatId,
      isGroup: event.isGroup,
      groupSubject: event.groupSubject,
      groupMember: event.groupMember,
      pushName: event.pushName,
      text: event.text,
      messageType: event.messageType,
      mediaUrl: event.media?.url ?? null,
      mediaFile: event.media?.file ?? null,
      mediaMime: event.media?.mimeType ?? null,
      sentAt: event.sentAt,
      fromMe: event.isFromMe
    }
  }
}

function refusal(mailbox: string, pulled: PulledEvent, payload: Record<string, unknown>): NewInboxEvent {
  return {
    // By position in the mailbox: a refusal has no identity of its own (receivedAt tells apart a replaced relay's).
    identity: `refused:${mailbox}/${pulled.seq}/${pulled.receivedAt}`,
    kind: 'refused',
    seq: pulled.seq,
    receivedAt: pulled.receivedAt,
    payload: { eventKind: pulled.kind, ...payload },
    applied: true
  }
}

export async function inboxRowOf(
  mailbox: string,
  privateKey: MailboxPrivateKey,
  pulled: PulledEvent
): Promise<NewInboxEvent> {
  let opened: { text: string; contentType: string }
  try {
    opened = await openRelayEvent(privateKey, pulled)
  } catch (error) {
    return refusal(mailbox, pulled, {
      code: 'envelope',
      detail: error instanceof Error ? error.message : String(error)
    })
  }
  const parsed = await parseWebhook(pulled.kind, opened.contentType, opened.text)
  if (parsed.ok) return rowOf(parsed.event, pulled)
  return refusal(mailbox, pulled, {
    code: parsed.refusal.code,
    detail: parsed.refusal.detail,
    contentType: opened.contentType,
    body: opened.text.slice(0, KEPT_BODY_CHARS)
  })
}

/**
 * A page's events opened in their order, several at a time: WebCrypto's ECDH and AES-GCM run on libuv's thread pool,
 * so eight in flight keep both cores busy where one at a time left the pool idle between them (about a third faster
 * to open a page of 500 on two cores). The rows keep the events' order: the cursor moves by it.
 */
export async function inboxRowsOf(
  mailbox: string,
  privateKey: MailboxPrivateKey,
  events: readonly PulledEvent[],
  inFlight = 8
): Promise<NewInboxEvent[]> {
  const rows = new Array<NewInboxEvent>(events.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < events.length) {
      const at = next++
      rows[at] = await inboxRowOf(mailbox, privateKey, events[at]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, events.length) }, worker))
  return rows
}
