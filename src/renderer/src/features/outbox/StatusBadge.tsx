// An outbox status as a badge: words plus a symbol, never colour alone.
import type { OutboxStatus } from '../../../../shared/contract'
import { cancelledAsOptedOut } from '../../../../shared/domain/status-buckets'
import { useT } from '../../i18n'
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

export function StatusBadge({
  status,
  testId,
  held = false,
  failureCode = null
}: {
  status: OutboxStatus
  testId?: string
  held?: boolean
  /** The item's failure code: a cancel because its number opted out is worded so, not as anyone's cancel. */
  failureCode?: string | null
}): React.JSX.Element {
  const t = useT()
  const label = cancelledAsOptedOut({ status, failureCode }) ? t('status.optedOut') : t(`status.${status}`)
  return (
    <span className={`badge badge--${STATUS_TONE[status]}`} data-testid={testId} data-status={status}>
      <span aria-hidden="true" className="badge-symbol">
        {SYMBOL[status]}
      </span>
      {held ? (
        <>
          <span className="badge-held-full">{`${label} · ${t('outbox.held')}`}</span>
          {/* A narrow outbox row shows this one: the long one pushed the row's time out (QA13 Q13-09). */}
          <span className="badge-held-short">{t('outbox.heldShort')}</span>
        </>
      ) : (
        label
      )}
    </span>
  )
}
