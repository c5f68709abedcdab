// The checks every producer of messages applies before it adds anything: a device, recipients, something to send,
// and texts and captions by the domain's one rule (messageTextProblem). A one-off send and a series share them.
import { assertMessageText, OutboxError, type EnqueueEntry } from '../outbox'

export interface MessageRequest {
  deviceId: string
  recipients: readonly string[]
  entries: readonly EnqueueEntry[]
}

/** The request's distinct recipients (trimmed), refused with the field at fault when anything is missing or wrong. */
export function checkMessageRequest(request: MessageRequest): string[] {
  if (!request.deviceId)
    throw new OutboxError('invalid_input', { key: 'desktop.error.deviceRequired' }, 'deviceId')
  const recipients = [...new Set(request.recipients.map((r) => r.trim()).filter((r) => r !== ''))]
  if (recipients.length === 0)
    throw new OutboxError('invalid_input', { key: 'desktop.error.recipientsRequired' }, 'recipients')
  if (request.entries.length === 0)
    throw new OutboxError('invalid_input', { key: 'desktop.error.nothingToSend' }, 'entries')
  request.entries.forEach((entry, i) => {
    if (entry.kind === 'text') assertMessageText(entry.text, `entries.${i}.text`, true)
    else if (entry.caption !== undefined) assertMessageText(entry.caption, `entries.${i}.caption`, false)
  })
  return recipients
}
