// The `outbox:enqueue` request a draft makes. Apart from the send store so the phone-number rules it needs (through
// parseRecipients) stay off the window's start path.
import type { InvokeRequest } from '../../../../shared/contract'
import { placeCaptions, splitText } from '../../../../shared/domain'
import type { DraftSnapshot } from '../../stores/send'
import { parseRecipients } from './recipients'

/** What a draft queues: the request, and its text entries said apart for the sent card. */
export interface EnqueuePlan {
  request: InvokeRequest<'outbox:enqueue'>
  /** The operator's text, as its messages (several when a long one was split). */
  textParts: string[]
  /** The captions the domain's rule sent as their own message (an audio file carries none). */
  captionMessages: string[]
}

type Entry = InvokeRequest<'outbox:enqueue'>['entries'][number]

/**
 * The messages a draft sends each recipient, in order, with its text's parts and the captions the domain's rule sent
 * as their own message: what the request carries and what the form checks against `MAX_SEND_MESSAGES`.
 */
export function draftEntries(
  draft: Pick<DraftSnapshot, 'files' | 'caption' | 'text' | 'splitLongText'>
): Omit<EnqueuePlan, 'request'> & { entries: Entry[] } {
  const caption = draft.caption.trim()
  const requested: Entry[] = draft.files.map((file) =>
    caption ? { kind: 'file', handle: file.handle, caption } : { kind: 'file', handle: file.handle }
  )
  const text = draft.text.trim()
  const texts = draft.splitLongText ? splitText(text) : text ? [text] : []
  for (const part of texts) requested.push({ kind: 'text', text: part })
  const kinds = new Map(draft.files.map((file) => [file.handle, file.kind]))
  const entries = placeCaptions(requested, (file) => kinds.get(file.handle) ?? null)
  // The rule keeps the operator's entries as they are: a text entry it did not get is a caption it placed.
  const asked = new Set(requested)
  const captionMessages = entries.flatMap((entry) =>
    entry.kind === 'text' && !asked.has(entry) ? [entry.text] : []
  )
  return { entries, textParts: texts, captionMessages }
}

/**
 * The `outbox:enqueue` request for a draft: one file entry per file (with the caption where the domain's rule puts
 * it: not on audio), then the text, or its parts in order when the operator chose to split a long one.
 */
export function enqueuePlan(draft: DraftSnapshot): EnqueuePlan {
  const { entries, textParts: texts, captionMessages } = draftEntries(draft)
  const request: InvokeRequest<'outbox:enqueue'> = {
    deviceId: draft.deviceId,
    recipients: parseRecipients(draft.recipientsText, draft.isGroup).map((r) => r.value),
    isGroup: draft.isGroup,
    entries
  }
  if (draft.schedule.enabled) {
    request.schedule = {
      localTime: `${draft.schedule.date}T${draft.schedule.time}`,
      timezone: draft.schedule.timezone,
      mode: draft.schedule.mode,
      overduePolicy: draft.schedule.overduePolicy
    }
  }
  return { request, textParts: texts, captionMessages }
}
