/**
 * What `outbox list` says of a scheduled message (QA80): its send time as the time ("to send 2026-12-07 22:00 (UTC)"),
 * who keeps it until then by the domain's scheduleKeeper (as Schedules names "The gateway" or "Sender Desk (this
 * computer)"), and a hold by the overdue policy with how late it is, by the window's lateBy ("held, 4 min late").
 * It said "scheduled 22:02 … for 22:00": the first time, when its status was set, read as when it goes.
 */
import type { OutboxItemView } from '../../shared/contract'
import { scheduleKeeper, type ScheduleKeeper } from '../../shared/domain'
import { translate } from '../../shared/i18n'
import { lateBy } from '../../shared/i18n/late-by'

/** Who keeps it, each keeper worded; the compiler holds the table to the domain's list. */
const KEPT_BY: Record<ScheduleKeeper, string> = {
  here: 'kept by Sender Desk (this computer)',
  gateway: 'kept by the gateway',
  // Meant for the gateway, not saved there yet: this computer keeps it, and sends it at its time if need be (QA40).
  notYetAtGateway: 'for the gateway, not taken by it yet: kept by Sender Desk (this computer) until then'
}

/**
 * "scheduled to send <when>, kept by …[, held for your decision — 4 min late]" for a scheduled message with its
 * time, `when` that time as the caller prints times; null for any other, which says its status and when it was set.
 */
export function scheduledWords(item: OutboxItemView, when: string, now: number): string | null {
  const keeper = scheduleKeeper(item)
  if (keeper === null || !item.scheduledAt) return null
  const late = item.held ? lateBy(item.scheduledAt, now, (key, params) => translate('en', key, params)) : null
  const held = item.held ? `, held for your decision${late ? ` — ${late}` : ''}` : ''
  return `scheduled to send ${when}, ${KEPT_BY[keeper]}${held}`
}
