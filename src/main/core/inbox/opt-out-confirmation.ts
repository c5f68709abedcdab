// The optional confirmation reply to a customer whose keyword put them on the opt-out list ("You will get no more
// messages"): off while the text setting is empty; sent from the device the customer wrote to, through the send
// queue (inbox:reply), with an item id made from the message's inbox event, so applying it again queues nothing.
// The gateway's blacklist refuses a send to the number, so its push waits for the confirmation to leave the queue.
// That wait is a row kept in the opt-out's own transaction (opt_out_confirmation_waits): an app that quits before
// the confirmation left picks it up at its next start, and the blacklists' catch-up leaves the number alone meanwhile.
import { normalisePhone } from '../gateway'
import { GatewayBlacklistStore, type ConfirmationWaitRecord, type SqliteDatabase } from '../store'
import type { KeywordChange } from './apply'

export interface OptOutConfirmationDeps {
  db: SqliteDatabase
  now(): number
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
  /** A wait is over: the number's push may go now (every device's blacklist catches up). */
  released(phone: string): void
  /** A confirmation that could not be queued (its device gone, the text refused): logged, never thrown. */
  failed(error: unknown): void
}

export interface OptOutConfirmations {
  /**
   * In the transaction that opts the number out: keeps the wait for the confirmation this change is owed (none while
   * the text is empty or the device is not ours).
   */
  owe(change: KeywordChange): void
  /** After that transaction committed: queues each owed confirmation, and lets its push go once it left. */
  send(changes: readonly KeywordChange[]): void
  /** At start: the waits an earlier run left (the app quit before their confirmations left the queue). */
  resume(): void
  /** The core stops: nothing more is released by this run (the rows stay for the next one). */
  stop(): void
}

export function optOutConfirmations(deps: OptOutConfirmationDeps): OptOutConfirmations {
  const store = new GatewayBlacklistStore(deps.db)
  /** Waits this run is following: a resume and a send at once queue and release once. */
  const following = new Set<string>()
  let stopped = false

  const follow = (wait: ConfirmationWaitRecord): void => {
    if (stopped || following.has(wait.itemId)) return
    following.add(wait.itemId)
    const text = deps.text().trim()
    // A text emptied since is no confirmation any more; one queued already is found by its request id.
    const queued =
      text === ''
        ? Promise.resolve({ itemIds: [] as readonly string[] })
        : deps.reply({
            requestId: wait.itemId,
            deviceId: wait.deviceId,
            chatId: wait.phone,
            isGroup: false,
            text,
            // The customer is on the list by this very message: this one confirmation is what they are owed.
            optedOut: 'send'
          })
    void queued
      .then(({ itemIds }) => Promise.all(itemIds.map((id) => deps.settled(id))))
      .catch((error: unknown) => deps.failed(error))
      .then(() => {
        if (stopped) return
        store.endWait(wait.itemId)
        deps.released(wait.phone)
      })
      // The database closed under it (the core stopping): the row stays for the next start.
      .catch(() => undefined)
      .finally(() => following.delete(wait.itemId))
  }

  return {
    owe(change) {
      if (change.action !== 'opt-out' || deps.text().trim() === '') return
      const deviceId = deps.deviceIdOf(change)
      if (!deviceId) return
      let phone: string
      try {
        phone = normalisePhone(change.phone)
      } catch {
        return
      }
      store.addWait({
        itemId: `optout-confirm:${change.eventId}`,
        phone,
        deviceId,
        createdAt: deps.now()
      })
    },
    send(changes) {
      for (const change of changes) {
        if (change.action !== 'opt-out') continue
        const wait = store.wait(`optout-confirm:${change.eventId}`)
        if (wait) follow(wait)
      }
    },
    resume() {
      for (const wait of store.waits()) follow(wait)
    },
    stop() {
      stopped = true
    }
  }
}
