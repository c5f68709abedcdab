// The bar over the outbox list for the operator's selection: how many are selected, cancel (after a confirm) and
// retry, and an honest account of what happened to each.
import { useState } from 'react'
import type { MessageKey } from '../../../../shared/i18n'
import type { InvokeReply, OutboxBulkRefusal, OutboxItemView } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { useOutbox } from '../../stores/outbox'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { errorInfo } from '../../api'
import { itemActions } from './status'

type BulkReply = InvokeReply<'outbox:cancelMany'>
type BulkAction = 'cancel' | 'retry'

/** Each reason's wording per action, so "already sent" reads right after a cancel and after a retry. */
const REFUSAL_KEYS: Record<BulkAction, Record<OutboxBulkRefusal, MessageKey>> = {
  cancel: {
    at_gateway: 'outbox.bulk.atGatewayCancel',
    sending: 'outbox.bulk.sendingCancel',
    not_applicable: 'outbox.bulk.otherCancel',
    not_found: 'outbox.bulk.gone'
  },
  retry: {
    at_gateway: 'outbox.bulk.atGatewayRetry',
    sending: 'outbox.bulk.sendingRetry',
    not_applicable: 'outbox.bulk.otherRetry',
    not_found: 'outbox.bulk.gone'
  }
}
const REASON_ORDER: readonly OutboxBulkRefusal[] = ['at_gateway', 'sending', 'not_applicable', 'not_found']

interface OutboxBulkBarProps {
  selection: ReadonlyMap<string, OutboxItemView>
  onClear(): void
}

export function OutboxBulkBar({ selection, onClear }: OutboxBulkBarProps): React.JSX.Element | null {
  const t = useT()
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null)
  const known = useOutbox((s) => s.known)
  // What each item can take now: an event may have moved it on since it was ticked (queued, then sent).
  const selected = [...selection.values()].map((ticked) => {
    const seen = known.get(ticked.id)
    return seen && seen.updatedAt >= ticked.updatedAt ? seen : ticked
  })
  const canCancel = selected.some((item) => itemActions(item).cancel)
  const canRetry = selected.some((item) => itemActions(item).retry)

  function describe(action: BulkAction, reply: BulkReply): string {
    const parts = [
      t(action === 'cancel' ? 'outbox.bulk.cancelled' : 'outbox.bulk.retried', { count: reply.done.length })
    ]
    for (const reason of REASON_ORDER) {
      const count = reply.refused.filter((r) => r.reason === reason).length
      if (count > 0) parts.push(t(REFUSAL_KEYS[action][reason], { count }))
    }
    return parts.join('; ')
  }

  async function run(action: BulkAction): Promise<void> {
    setBusy(true)
    setReport(null)
    try {
      const ids = [...selection.keys()]
      const store = useOutbox.getState()
      const reply = action === 'cancel' ? await store.cancelMany(ids) : await store.retryMany(ids)
      setReport({ tone: reply.refused.length > 0 ? 'bad' : 'ok', text: describe(action, reply) })
      setConfirmCancel(false)
      onClear()
    } catch (error) {
      setReport({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="outbox-bulk">
      {selection.size > 0 ? (
        <div role="toolbar" aria-label={t('outbox.bulk.bar')} className="outbox-bulk-bar">
          <span aria-live="polite">{t('outbox.bulk.selected', { count: selection.size })}</span>
          <button
            type="button"
            className="button button--danger"
            disabled={busy || !canCancel}
            aria-expanded={confirmCancel}
            onClick={() => setConfirmCancel(!confirmCancel)}
          >
            {t('outbox.bulk.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !canRetry}
            onClick={() => void run('retry')}
          >
            {t('outbox.bulk.retry')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={onClear}>
            {t('outbox.bulk.clear')}
          </button>
        </div>
      ) : null}
      {confirmCancel && selection.size > 0 ? (
        <ConfirmPanel
          id="bulk-cancel-q"
          question={t('outbox.bulk.cancelConfirm', { count: selection.size })}
          confirmLabel={t('outbox.bulk.cancel')}
          keepLabel={t('common.keep')}
          onConfirm={() => void run('cancel')}
          onKeep={() => setConfirmCancel(false)}
          disabled={busy}
        />
      ) : null}
      {report ? (
        <p role="status" className={report.tone === 'ok' ? 'alert alert--ok' : 'alert alert--bad'}>
          {report.text}
        </p>
      ) : null}
    </div>
  )
}
