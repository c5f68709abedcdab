// The optional confirmation reply to a customer whose keyword put them on the opt-out list ("You will get no more
// messages"): off while the text setting is empty; sent from the device the customer wrote to, through the send
// queue (inbox:reply), with an item id made from the message's inbox event, so applying it again queues nothing.
import type { KeywordChange } from './apply'

export interface OptOutConfirmationDeps {
  /** The confirmation text; empty (the default) means none is sent. */
  text(): string
  /** Which of our devices a message came in on (the conversations' rule), null when none of ours. */
  deviceIdOf(device: { deviceSerial: string | null; devicePhone: string | null }): string | null
  /** The sending feature's inbox:reply: checked like any reply, idempotent by its request id. */
  reply(request: {
    requestId: string
    deviceId: string
    chatId: string
    isGroup: boolean
    text: string
    optedOut: 'send'
  }): Promise<unknown>
  /** A confirmation that could not be queued (its device gone, the text refused): logged, never thrown. */
  failed(error: unknown): void
}

export function confirmOptOuts(deps: OptOutConfirmationDeps): (changes: readonly KeywordChange[]) => void {
  return (changes) => {
    const text = deps.text().trim()
    if (text === '') return
    for (const change of changes) {
      if (change.action !== 'opt-out') continue
      const deviceId = deps.deviceIdOf(change)
      if (!deviceId) continue
      deps
        .reply({
          requestId: `optout-confirm:${change.eventId}`,
          deviceId,
          chatId: change.phone,
          isGroup: false,
          text,
          // The customer is on the list by this very message: this one confirmation is what they are owed.
          optedOut: 'send'
        })
        .catch((error: unknown) => deps.failed(error))
    }
  }
}
