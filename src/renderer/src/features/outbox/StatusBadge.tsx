// An outbox status as a badge: words plus a symbol, never colour alone.
import type { OutboxStatus } from '../../../../shared/contract'
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
  label
}: {
  status: OutboxStatus
  testId?: string
  held?: boolean
  /** Words other than the status's own (a campaign's row says its bucket, "Waiting", as its summary does). */
  label?: string
}): React.JSX.Element {
  const t = useT()
  return (
    <span className={`badge badge--${STATUS_TONE[status]}`} data-testid={testId} data-status={status}>
      <span aria-hidden="true" className="badge-symbol">
        {SYMBOL[status]}
      </span>
      {label ?? t(`status.${status}`)}
      {held ? ` · ${t('outbox.held')}` : ''}
    </span>
  )
}
