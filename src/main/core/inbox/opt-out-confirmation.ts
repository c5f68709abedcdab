// The optional confirmation reply to a customer whose keyword put them on the opt-out list ("You will get no more
// messages"): off while the text setting is empty; sent from the device the customer wrote to, through the send
// queue (inbox:reply), with an item id made from the message's inbox event, so applying it again queues nothing.
// The gateway's blacklist refuses a send to the number, so its push waits for the confirmation to be on its way.
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
  }): Promise<{ itemIds: readonly string[] }>
  /** Resolves once the item has left the queue (handed over, failed or cancelled), or after a bounded wait. */
  settled(itemId: string): Promise<void>
  /** A confirmation that could not be queued (its device gone, the text refused): logged, never thrown. */
  failed(error: unknown): void
}

/**
 * Queues each opt-out's confirmation; answers, for each change confirmed, when the number may go on the blacklist
 * (once its confirmation left the queue, or could not be queued). Changes not in the map need not wait.
 */
export function confirmOptOuts(
  deps: OptOutConfirmationDeps
): (changes: readonly KeywordChange[]) => Map<KeywordChange, Promise<void>> {
  return (changes) => {
    const waits = new Map<KeywordChange, Promise<void>>()
    const text = deps.text().trim()
    if (text === '') return waits
    for (const change of changes) {
      if (change.action !== 'opt-out') continue
      const deviceId = deps.deviceIdOf(change)
      if (!deviceId) continue
      const sent = deps
        .reply({
          requestId: `optout-confirm:${change.eventId}`,
          deviceId,
          chatId: change.phone,
          isGroup: false,
          text,
          // The customer is on the list by this very message: this one confirmation is what they are owed.
          optedOut: 'send'
        })
        .then(({ itemIds }) => Promise.all(itemIds.map((id) => deps.settled(id))))
        .then(
          () => undefined,
          (error: unknown) => deps.failed(error)
        )
      waits.set(change, sent)
    }
    return waits
  }
}
