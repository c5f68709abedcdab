// The hosted service's habits on the wire, as live traffic shows them, and their tidy forms for tests that want them off.

import type { MessageStatus } from './records'

/** Status words the hosted service uses in tracking webhooks and reports (clients built on live traffic expect them). */
const HOSTED_STATUS_WORDS: Partial<Record<MessageStatus, string>> = {
  delivered: 'received',
  rejected: 'reject'
}

/** Send answers echo `phone` as a JSON number (a logged hosted answer); group ids and tidy mode keep the string. */
export function wirePhone(phone: string, isGroup: boolean, tidy: boolean): string | number {
  if (tidy || isGroup || !/^[1-9]\d{0,14}$/.test(phone)) return phone
  return Number(phone)
}

/** `ref_id` is `""` when the caller sent none (hosted); `null` when tidy. */
export function wireRefId(refId: string | null, tidy: boolean): string | null {
  return refId ?? (tidy ? null : '')
}

/** `received` for delivered and `reject` for rejected (hosted); the sandbox's own words when tidy. */
export function wireStatus(status: MessageStatus, tidy: boolean): string {
  return tidy ? status : (HOSTED_STATUS_WORDS[status] ?? status)
}

/** A report's `status=` filter in either vocabulary, as the stored status. */
export function storedStatus(word: string): string {
  for (const [stored, hosted] of Object.entries(HOSTED_STATUS_WORDS)) if (hosted === word) return stored
  return word
}
