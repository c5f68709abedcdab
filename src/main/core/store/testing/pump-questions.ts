// The questions the outbox's pump asks on every round that read outbox_items, as the store answers them for `d1`.
import type { OutboxStore } from '../outbox-store'

export function outboxPumpQuestions(store: OutboxStore, now: number): Record<string, () => unknown> {
  return {
    nextSendable: () => store.nextSendable('d1', now),
    hasQueued: () => store.hasQueued('d1'),
    nextHeadDueAt: () => store.nextHeadDueAt('d1'),
    dueReconcile: () => store.dueReconcile('d1', now, 5),
    nextReconcileAt: () => store.nextReconcileAt('d1'),
    dueScheduled: () => store.dueScheduled(now, 50),
    nextScheduledAt: () => store.nextScheduledAt(now),
    dueTracking: () => store.dueTracking('d1', now, 5),
    nextTrackingAt: () => store.nextTrackingAt('d1')
  }
}
