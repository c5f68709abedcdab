// Tracking and device events, once kept, are applied where they belong: a tracking status moves the outbox item the
// gateway named (the kernel's applyGatewayStatus), a device status moves the device's state at once (the monitor), a
// customer's message that is exactly an opt-out keyword puts the number on the opt-out list (or takes it off).
// Each application and its `applied` flag commit in one transaction, so a crash applies an event again at most
// (both targets ignore a status they already have), never loses it.
import { keywordActionOf, type KeywordAction, type OptOutKeywords } from '../../../shared/domain'
import type { DeviceStatusEvent, IncomingMessageEvent, TrackingEvent } from '../gateway'
import { nextChunkSize, yieldToEventLoop } from '../outbox'
import type { InboxEventKind, InboxStore, PendingInboxEvent } from '../store'

/** The kernel's one method for a pushed status; false when no item of ours has that gateway id. */
export interface TrackingTarget {
  applyGatewayStatus(gatewayId: string, status: string, note: string | null): boolean
}

/** The device monitor's one method for a pushed state. */
export interface DeviceStatusTarget {
  applyPushedStatus(push: {
    serial: string
    phone: string | null
    status: string
    connection: DeviceStatusEvent['connection']
    note: string | null
    at: number | null
  }): string
}

/** The opt-out list's port for keywords (the campaigns feature's keywordOptOuts). */
export interface KeywordTarget {
  keywords(): OptOutKeywords
  /** Runs in the transaction that marks the event applied; `text` is the message (the list keeps its word). */
  apply(
    chatNumber: string,
    action: KeywordAction,
    text: string
  ): 'opted-out' | 'opted-in' | 'unchanged' | 'not-a-number'
  /**
   * In that same transaction, each change as it is made: what must be kept with it (a confirmation's wait for the
   * blacklist push) commits or is lost with the change.
   */
  changing?(change: KeywordChange): void
  /** After that transaction committed: the numbers whose state changed. */
  committed(changes: readonly KeywordChange[]): void
}

/** A number a customer's keyword moved on or off the list, and the message that did it (its event and device). */
export interface KeywordChange {
  phone: string
  action: KeywordAction
  /** The inbox event of the message: one confirmation per message, however often it is applied. */
  eventId: number
  deviceSerial: string | null
  devicePhone: string | null
}

/** What this front door can apply: the CLI has an outbox but no monitor, so device events wait for the app. */
export interface StatusTargets {
  tracking?: TrackingTarget
  devices?: DeviceStatusTarget
  optOuts?: KeywordTarget
}

/** One slice's view of the keyword lists and what changed in it (told to the target after the commit). */
interface KeywordSlice {
  keywords: OptOutKeywords
  changes: KeywordChange[]
}

function applyOne(targets: StatusTargets, event: PendingInboxEvent, slice: KeywordSlice | null): string {
  if (event.kind === 'incoming' && targets.optOuts && slice) {
    const incoming = event.payload as IncomingMessageEvent
    const action = keywordActionOf(incoming.text, slice.keywords)
    if (!action || incoming.isGroup || incoming.isFromMe) return 'no-keyword'
    const outcome = targets.optOuts.apply(incoming.chatId, action, incoming.text)
    if (outcome === 'opted-out' || outcome === 'opted-in') {
      const change: KeywordChange = {
        phone: incoming.chatId,
        action,
        eventId: event.id,
        deviceSerial: incoming.deviceSerial,
        devicePhone: incoming.devicePhone
      }
      targets.optOuts.changing?.(change)
      slice.changes.push(change)
    }
    return outcome
  }
  if (event.kind === 'tracking' && targets.tracking) {
    const tracking = event.payload as TrackingEvent
    return targets.tracking.applyGatewayStatus(tracking.gatewayMessageId, tracking.status, tracking.note)
      ? 'applied'
      : 'unknown-message'
  }
  if (event.kind === 'device' && targets.devices) {
    const device = event.payload as DeviceStatusEvent
    return targets.devices.applyPushedStatus({
      serial: device.deviceSerial,
      phone: device.devicePhone,
      status: device.status,
      connection: device.connection,
      note: device.note,
      at: device.at
    })
  }
  return 'skipped'
}

/**
 * Applies every pending event this front door has a target for, in the order they were posted, in short
 * transactions with a turn of the event loop between them. Answers how many were applied.
 */
export async function applyPendingStatuses(store: InboxStore, targets: StatusTargets): Promise<number> {
  const kinds: InboxEventKind[] = [
    ...(targets.tracking ? (['tracking'] as const) : []),
    ...(targets.devices ? (['device'] as const) : []),
    ...(targets.optOuts ? (['incoming'] as const) : [])
  ]
  let applied = 0
  let size = 50
  for (;;) {
    const pending = store.pending(kinds, size)
    if (pending.length === 0) return applied
    const started = performance.now()
    const slice = targets.optOuts ? { keywords: targets.optOuts.keywords(), changes: [] } : null
    store.settleMany(pending, (event) => applyOne(targets, event, slice))
    if (slice && slice.changes.length > 0) targets.optOuts!.committed(slice.changes)
    applied += pending.length
    size = nextChunkSize(size, performance.now() - started)
    await yieldToEventLoop()
  }
}
