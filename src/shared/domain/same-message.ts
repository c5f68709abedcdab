// "The same message to the same number within 24 hours": what a campaign's check leaves out by default, as bulk
// senders do (QA17 Q17-04: the same sheet sent again gave everyone the same promo twice, minutes apart).
import type { OutboxStatusName } from './enums'
import { GATEWAY_REPORTED_SENT } from './status-buckets'

export const SAME_MESSAGE_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * A message the customer got, or is getting: the gateway took it (with the gateway, sent, delivered, read). One that
 * failed or was cancelled never reached them; one deleted for everyone is gone from their phone, so sending it again
 * (after a take-back) is the operator's plain intent.
 */
export const GOT_MESSAGE_STATUSES: readonly OutboxStatusName[] = ['accepted', 'sent', 'delivered', 'read']

/**
 * A message on its way: in line or being handed to the gateway now, so the customer gets it within minutes whatever
 * its time in line. Two campaigns of the same message started seconds apart must not both go (nothing accepted yet).
 * A scheduled one is not: it goes at its own time, which the operator chose.
 */
export const ON_ITS_WAY_STATUSES: readonly OutboxStatusName[] = ['queued', 'sending']

/** A message's text as the customer reads it: line endings and the spaces around it do not make another message. */
export function messageTextKey(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim()
}

/**
 * Whether `text`, about to go to a number, is the same message as one this app gave the gateway for that number, or
 * has in line for it: the same text once filled in (exactly, but for line endings and the spaces around it; another
 * spintax choice or another name is another message), on its way now or taken by the gateway less than 24 hours
 * before `now` and not failed, cancelled or deleted for everyone since.
 */
export function isSameMessageRecently(
  earlier: { status: OutboxStatusName; acceptedAt: number | null; text: string | null },
  text: string,
  now: number
): boolean {
  if (earlier.text === null) return false
  if (!ON_ITS_WAY_STATUSES.includes(earlier.status)) {
    if (earlier.acceptedAt === null || !GOT_MESSAGE_STATUSES.includes(earlier.status)) return false
    if (now - earlier.acceptedAt >= SAME_MESSAGE_WINDOW_MS) return false
  }
  return messageTextKey(earlier.text) === messageTextKey(text)
}

/**
 * How a number stands with the same message (QA73: "290 got this same message" of a campaign that had sent ~30 and
 * held ~260 in line): `got` once the gateway reported it sent (the counting model's REPORTED_SENT: sent, delivered,
 * read), since only then may the operator be told the customer got it; `waiting` while it is in line here or taken by
 * the gateway and not yet reported sent. Either way the rule leaves the row out; only the words differ.
 */
export type SameMessageStanding = 'got' | 'waiting'

/**
 * Of the earlier messages to a number, the one that makes `text` the same message recently and how it stands: one the
 * customer got is named before one still waiting (both true, the first is what the operator needs to know). Null
 * when none is the same message.
 */
export function sameMessageMatch<Earlier extends Parameters<typeof isSameMessageRecently>[0]>(
  earlier: readonly Earlier[],
  text: string,
  now: number
): { standing: SameMessageStanding; earlier: Earlier } | null {
  let waiting: Earlier | null = null
  for (const message of earlier) {
    if (!isSameMessageRecently(message, text, now)) continue
    if (GATEWAY_REPORTED_SENT.includes(message.status)) return { standing: 'got', earlier: message }
    waiting ??= message
  }
  return waiting === null ? null : { standing: 'waiting', earlier: waiting }
}
