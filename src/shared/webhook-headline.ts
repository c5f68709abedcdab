/**
 * What a webhook delivery is about, in one line, and which message a status delivery is about: one lookup and one
 * choice of words for the window's webhook inspector (sandbox:webhookDeliveries) and the terminal's `webhook
 * deliveries` (which listed kinds, addresses and payloads, naming no message). Pure: the core and the terminal hand
 * in what the outbox and the sandbox know; each reader says the keys in its language (the window's `t`, the
 * terminal's `translate('en', …)`).
 */
import type { MessageKind, WebhookDeliveryView } from './contract'
import { gatewayDeviceWord, gatewayMessageWord, type GatewayMessageWord } from './domain'
import { formatPhoneForReading } from './domain/phone-display'
import { shownText } from './domain/shown-text'

// The maps name the window's message keys (the i18n layer's); as plain literals, as the contract layer imports no strings.

/** The gateway's status words in a headline and the outbox timeline's "gateway reports …", by what they mean. */
const MESSAGE_WORD_KEY = {
  pending: 'gatewayWord.pending',
  sent: 'gatewayWord.sent',
  delivered: 'gatewayWord.delivered',
  read: 'gatewayWord.read',
  cancelled: 'gatewayWord.cancelled',
  revoked: 'gatewayWord.revoked',
  rejected: 'gatewayWord.rejected',
  failed: 'gatewayWord.failed'
} as const satisfies Record<GatewayMessageWord, string>

const DEVICE_WORD_KEY = {
  connected: 'gatewayWord.connected',
  disconnected: 'gatewayWord.disconnected'
} as const

type MessageWordKey = (typeof MESSAGE_WORD_KEY)[GatewayMessageWord]
type DeviceWordKey = (typeof DEVICE_WORD_KEY)[keyof typeof DEVICE_WORD_KEY]

/** The key for a message status word the gateway sent, or null for a word the reference does not name. */
export function messageWordKey(raw: string): MessageWordKey | null {
  const word = gatewayMessageWord(raw)
  return word ? MESSAGE_WORD_KEY[word] : null
}

/** The key for a device status word the gateway sent, or null for another word. */
export function deviceWordKey(raw: string): DeviceWordKey | null {
  const word = gatewayDeviceWord(raw)
  return word ? DEVICE_WORD_KEY[word] : null
}

type KnownMessage = NonNullable<WebhookDeliveryView['message']>

/** What the sandbox recorded of a message it sent (its MessageSnapshot): `endpoint` says what made it. */
export interface SandboxSentMessage {
  id: string
  kind: MessageKind
  text: string | null
  fileName: string | null
  endpoint: string
}

export interface DeliveryMessageSources {
  /** The outbox message with this gateway id, or null when it knows none. */
  outboxMessageOf: (gatewayId: string) => WebhookDeliveryView['message']
  /** What the sandbox sent for the delivery's device: asked once, and only for an id the outbox does not know. */
  sandboxMessages: () => Promise<readonly SandboxSentMessage[]>
}

/**
 * The deliveries, each status one with the message it is about (null when neither source knows it). A status names
 * its message by the gateway's id only: the outbox says which message that is, else the sandbox's record of what it
 * sent. An auto-reply or a webhook's answer never passes through the outbox: `sentBy` names them. A schedule or a
 * reminder the gateway keeps is sent by the gateway too, and named by its kind and words as any message.
 */
export async function withDeliveryMessages<D extends Pick<WebhookDeliveryView, 'kind' | 'payload'>>(
  deliveries: readonly D[],
  { outboxMessageOf, sandboxMessages }: DeliveryMessageSources
): Promise<(D & { message?: KnownMessage | null })[]> {
  let sent: Map<string, SandboxSentMessage> | null = null
  const sandboxMessageOf = async (gatewayId: string): Promise<KnownMessage | null> => {
    sent ??= new Map((await sandboxMessages()).map((message) => [message.id, message]))
    const message = sent.get(gatewayId)
    if (!message) return null
    const { kind, text, fileName, endpoint } = message
    return endpoint === 'autoreply' || endpoint === 'webhook-reply'
      ? { kind, text, fileName, sentBy: endpoint }
      : { kind, text, fileName }
  }
  const named: (D & { message?: KnownMessage | null })[] = []
  for (const delivery of deliveries) {
    const gatewayId = delivery.kind === 'tracking' ? delivery.payload['id'] : undefined
    if (typeof gatewayId !== 'string' || gatewayId === '') {
      named.push(delivery)
      continue
    }
    const message = outboxMessageOf(gatewayId) ?? (await sandboxMessageOf(gatewayId))
    named.push({ ...delivery, message })
  }
  return named
}

/** A reply the gateway sent itself, named for what it is rather than its kind (QA78: "Auto-reply “Harga…”"). */
const SENT_BY_KEY = {
  autoreply: 'webhooks.headline.autoReply',
  'webhook-reply': 'webhooks.headline.webhookReply'
} as const satisfies Record<NonNullable<KnownMessage['sentBy']>, string>

/** The keys a headline is said with. */
export type HeadlineKey =
  | MessageWordKey
  | DeviceWordKey
  | (typeof SENT_BY_KEY)[keyof typeof SENT_BY_KEY]
  | `kind.${MessageKind}`
  | 'common.unknown'
  | 'webhooks.headline.incoming'
  | 'webhooks.headline.tracking'
  | 'webhooks.headline.trackingText'
  | 'webhooks.headline.trackingKnown'
  | 'webhooks.headline.messageWords'
  | 'webhooks.headline.messageFile'
  | 'webhooks.headline.gatewayWord'
  | 'webhooks.headline.device'

/** The lookup that says the words: the window's `t`, the terminal's `translate('en', …)`. */
export type HeadlineTranslate = (key: HeadlineKey, params?: Record<string, string | number>) => string

/**
 * A payload's field as text, or '' when the gateway left it out or sent something else. What a customer (or anyone
 * holding the webhook's address) wrote: drawn by the shown-text rule, so "\u202Egnp.exe" cannot read "exe.png".
 */
function field(payload: Record<string, unknown>, name: string): string {
  const value = payload[name]
  return typeof value === 'string' || typeof value === 'number' ? shownText(String(value)) : ''
}

function shortened(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

/** A message's first words for a headline (whole words, "…" when cut), so two messages to one number read apart. */
function firstWords(text: string, max = 24): string {
  const words = text.trim().split(/\s+/)
  let shown = ''
  for (const word of words) {
    const longer = shown === '' ? word : `${shown} ${word}`
    if (longer.length > max) return `${shown === '' ? word.slice(0, max - 1) : shown}…`
    shown = longer
  }
  return shown
}

/**
 * A status word the gateway reference names, in the reader's language; another word as it came, quoted (so
 * "is now “mystery”" reads as the gateway's word).
 */
function statusInWords(kind: WebhookDeliveryView['kind'], word: string, t: HeadlineTranslate): string {
  const key = kind === 'device' ? deviceWordKey(word) : messageWordKey(word)
  return key ? t(key) : word ? t('webhooks.headline.gatewayWord', { word }) : ''
}

/**
 * The message a status is about, by kind and first words (or file name): "Text “Tes webhook…”"; a reply the gateway
 * sent itself by what it is: "Auto-reply “Harga mulai 10rb”".
 */
function knownMessage(message: KnownMessage, t: HeadlineTranslate): string {
  const kind = message.sentBy ? t(SENT_BY_KEY[message.sentBy]) : t(`kind.${message.kind}`)
  // Its words and its file's name by the shown-text rule too: a reply may echo the customer's, a file keeps its name.
  const text = shownText(message.text ?? '')
  if (text.trim()) return t('webhooks.headline.messageWords', { kind, words: firstWords(text) })
  const file = shownText(message.fileName ?? '')
  return file ? t('webhooks.headline.messageFile', { kind, file }) : kind
}

/**
 * What a delivery is about, in one line: who wrote what (incoming), which message has which status now (tracking: by
 * its kind and first words when the outbox or the sandbox knows it), or the device's status; a status word the
 * gateway reference names in the reader's language, another as it came. Null when the payload names none of it.
 */
export function deliveryHeadline(
  delivery: Pick<WebhookDeliveryView, 'kind' | 'payload' | 'message'>,
  t: HeadlineTranslate
): string | null {
  const payload = delivery.payload
  const phone = field(payload, 'phone')
  const who = phone ? formatPhoneForReading(phone) : t('common.unknown')
  const message = shortened(field(payload, 'message'))
  const status = statusInWords(delivery.kind, field(payload, 'status'), t)
  switch (delivery.kind) {
    case 'incoming':
      return message ? t('webhooks.headline.incoming', { phone: who, message }) : null
    case 'tracking':
      if (!status) return null
      if (delivery.message)
        return t('webhooks.headline.trackingKnown', {
          message: knownMessage(delivery.message, t),
          phone: who,
          status
        })
      return message
        ? t('webhooks.headline.trackingText', { phone: who, message, status })
        : t('webhooks.headline.tracking', { phone: who, status })
    case 'device':
      return status ? t('webhooks.headline.device', { status }) : null
  }
}
