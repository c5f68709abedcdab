// An outbox status as a badge: words plus a symbol, never colour alone.
import type { OutboxStatus } from '../../../../shared/contract'
import { cancelledAsOptedOut } from '../../../../shared/domain/status-buckets'
import { useT, type MessageKey } from '../../i18n'
import { STATUS_TONE } from './status'

const SYMBOL: Record<OutboxStatus, string> = {
  scheduled: '◷',
  queued: '…',
  sending: '↑',
  accepted: '→',
  sent: '✓',
  delivered: '✓✓',
  read: '◉',
  failed: '✕',
  cancelled: '⊘',
  cancelled_at_gateway: '⊘',
  revoked: '⌫'
}

/**
 * The short words a narrow Outbox row shows for the long labels (QA38 Q38-03: "Dihapus untuk semua orang" and its
 * time ran past a 360 px row and left its text no room); the whole label stays there for screen readers.
 */
const SHORT_LABEL: Partial<Record<OutboxStatus | 'optedOut', MessageKey>> = {
  accepted: 'status.short.accepted',
  cancelled_at_gateway: 'status.short.cancelled_at_gateway',
  revoked: 'status.short.revoked',
  optedOut: 'status.short.optedOut'
}

export function StatusBadge({
  status,
  testId,
  held = false,
  paused = false,
  waitingFor = null,
  failureCode = null,
  gatewayStillHolds = false,
  takingBack = false
}: {
  status: OutboxStatus
  testId?: string
  held?: boolean
  /** A pause holds it (heldByPause): "Queued · paused", as the header's "3 queued (3 paused)" counts it. */
  paused?: boolean
  /** The device that holds it queued (holdingDevice), by its label: "Queued · waiting for Shop B" (QA72). */
  waitingFor?: string | null
  /** The item's failure code: a cancel because its number opted out is worded so, not as anyone's cancel. */
  failureCode?: string | null
  /** Cancelled here, its cancel not yet taken by the gateway, which could still send it (OutboxItemView's field). */
  gatewayStillHolds?: boolean
  /** A take-back of it has not settled yet (OutboxItemView's field): "Read · being taken back". */
  takingBack?: boolean
}): React.JSX.Element {
  const t = useT()
  const optedOut = cancelledAsOptedOut({ status, failureCode })
  const label = optedOut ? t('status.optedOut') : t(`status.${status}`)
  const shortKey = SHORT_LABEL[optedOut ? 'optedOut' : status]
  const short = shortKey ? t(shortKey) : label
  // What holds it, said after its status: the overdue policy, a pause, its device; or, cancelled, the gateway's copy.
  const note = held
    ? { full: t('outbox.held'), short: t('outbox.heldShort') }
    : paused
      ? { full: t('outbox.paused'), short: t('outbox.pausedShort') }
      : waitingFor !== null
        ? // A narrow row's last line says whom it waits for, whole (outbox.row.waitingFor): the badge its status.
          { full: t('outbox.waitingFor', { device: waitingFor }), short: label }
        : gatewayStillHolds
          ? { full: t('outbox.gatewayHolds'), short: t('outbox.gatewayHoldsShort') }
          : takingBack
            ? { full: t('outbox.takingBack'), short: t('outbox.takingBackShort') }
            : null
  return (
    <span className={`badge badge--${STATUS_TONE[status]}`} data-testid={testId} data-status={status}>
      <span aria-hidden="true" className="badge-symbol">
        {SYMBOL[status]}
      </span>
      {note ? (
        <>
          <span className="badge-note-full">{`${label} · ${note.full}`}</span>
          {/* A narrow outbox row shows this one: the long one pushed the row's time out (QA13 Q13-09). */}
          <span className="badge-note-short">{note.short}</span>
        </>
      ) : short !== label ? (
        <>
          <span className="badge-label-full">{label}</span>
          <span className="badge-label-short" aria-hidden="true">
            {short}
          </span>
        </>
      ) : (
        label
      )}
    </span>
  )
}
