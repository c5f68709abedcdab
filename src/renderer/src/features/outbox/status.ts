// Outbox statuses in order: the path from queued to read, which ones are final, and the summary of several items.
import type { OutboxItemView, OutboxStatus } from '../../../../shared/contract'
// From the domain, not the contract's zod enum: a value import of the contract would pull zod into the window.
import {
  cancellableHere,
  decideTakeBack,
  deletableHere,
  failureRemedy,
  isSendInDoubt
} from '../../../../shared/domain'
import type { Translate } from '../../i18n'

/** The happy path, in order. */
export const PROGRESS: readonly OutboxStatus[] = [
  'queued',
  'sending',
  'accepted',
  'sent',
  'delivered',
  'read'
]

export const FINAL: ReadonlySet<OutboxStatus> = new Set([
  'read',
  'failed',
  'cancelled',
  'cancelled_at_gateway',
  'revoked'
])

export function progressIndex(status: OutboxStatus): number {
  return PROGRESS.indexOf(status)
}

/**
 * The status an item is shown with: a send in doubt (still "sending", its gateway's reports to be checked before any
 * resend) is not being tried but waiting, in the queued bucket, so its row says "Queued" as the header counts it
 * (QA36 Q36-08: "3 queued" over three rows saying "Sending"); its waiting reason says it is being checked.
 */
export function shownStatus(item: Pick<OutboxItemView, 'status' | 'nextAttemptAt'>): OutboxStatus {
  return isSendInDoubt(item) ? 'queued' : item.status
}

/** One status for several items (one file to several recipients): a failure shows, else the least advanced. */
export function summaryStatus(items: OutboxItemView[]): OutboxStatus | null {
  if (items.length === 0) return null
  const statuses = items.map(shownStatus)
  if (statuses.includes('failed')) return 'failed'
  if (statuses.every((s) => s === 'cancelled')) return 'cancelled'
  if (statuses.includes('scheduled')) return 'scheduled'
  // Taken back (cancelled here or at the gateway, deleted for everyone) says only when all of them were: the others'
  // least advanced step otherwise (QA79: "Deleted for everyone" over a message the customer had read).
  const live = statuses.filter((s) => s !== 'cancelled' && s !== 'cancelled_at_gateway' && s !== 'revoked')
  if (live.length === 0) return statuses.find((s) => s !== 'cancelled') ?? 'cancelled'
  return live.reduce<OutboxStatus>(
    (least, status) => (progressIndex(status) < progressIndex(least) ? status : least),
    live[0] ?? 'queued'
  )
}

export type StatusTone = 'ok' | 'warn' | 'bad' | 'neutral' | 'progress'

export const STATUS_TONE: Record<OutboxStatus, StatusTone> = {
  scheduled: 'neutral',
  queued: 'neutral',
  sending: 'progress',
  accepted: 'progress',
  sent: 'progress',
  delivered: 'ok',
  read: 'ok',
  failed: 'bad',
  cancelled: 'warn',
  cancelled_at_gateway: 'warn',
  revoked: 'warn'
}

/** What the operator may do with an item (the core decides for real). */
/** The statuses a retry may send again (a failed one also by why it failed: itemActions). */
export function mayBeRetried(status: OutboxStatus): boolean {
  return status === 'failed' || status === 'cancelled' || status === 'cancelled_at_gateway'
}

export function itemActions(item: OutboxItemView): {
  retry: boolean
  cancel: boolean
  edit: boolean
  release: boolean
  remove: boolean
  /** Delete for everyone at the gateway (sent messages), by the domain's decideTakeBack. */
  revoke: boolean
  /** Cancel at the gateway (messages it still holds). */
  cancelAtGateway: boolean
} {
  const s = item.status
  const takeBack = decideTakeBack({
    status: s,
    gatewayId: item.gatewayId,
    failureCode: item.failure?.code ?? null
  }).action
  return {
    revoke: takeBack === 'revoke',
    cancelAtGateway: takeBack === 'cancel_at_gateway',
    // A failure only another file mends is not retried: the gateway would refuse it the same way. Nor one its
    // producer refuses (the core's retryRefusal: a series' message past its end, a cancelled campaign's row).
    retry:
      item.retryRefusal === undefined &&
      mayBeRetried(s) &&
      (s !== 'failed' || failureRemedy(item.failure?.code) === 'retry'),
    // A held overdue item is scheduled: the core's cancel rule takes it.
    cancel: cancellableHere(s),
    edit: s === 'scheduled' || s === 'queued' || s === 'failed' || item.held,
    release: item.held,
    // Not while its take-back waits: the core keeps it (taking_back), and a selection's question counts it out.
    remove: deletableHere(s) && item.takingBack !== true
  }
}

/** The question before deleting one sent message for everyone: the Outbox's detail and the thread's bubble ask it. */
export function revokeOneQuestion(t: Translate): string {
  return t('outbox.takeBack.revokeConfirm', { shows: t('outbox.takeBack.revokeShows', { count: 1 }) })
}
