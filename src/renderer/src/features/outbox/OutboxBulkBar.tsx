// The bar over the outbox list for the operator's selection: how many are selected, cancel and delete (after a confirm)
// and retry, and an honest account of what happened to each.
import { useEffect, useRef, useState } from 'react'
import type { MessageKey } from '../../../../shared/i18n'
import type { InvokeReply, OutboxBulkRefusal, OutboxItemView } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { useOutbox } from '../../stores/outbox'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { errorInfo } from '../../api'
import { itemActions } from './status'

type BulkReply = InvokeReply<'outbox:cancelMany'>
type BulkAction = 'cancel' | 'retry' | 'delete'

/** Each reason's wording per action, so "already sent" reads right after a cancel and after a retry. */
const REFUSAL_KEYS: Record<BulkAction, Record<OutboxBulkRefusal, MessageKey>> = {
  cancel: {
    at_gateway: 'outbox.bulk.atGatewayCancel',
    sending: 'outbox.bulk.sendingCancel',
    not_applicable: 'outbox.bulk.otherCancel',
    not_found: 'outbox.bulk.gone',
    producer: 'outbox.bulk.otherCancel',
    would_fail_again: 'outbox.bulk.otherCancel'
  },
  retry: {
    at_gateway: 'outbox.bulk.atGatewayRetry',
    sending: 'outbox.bulk.sendingRetry',
    not_applicable: 'outbox.bulk.otherRetry',
    not_found: 'outbox.bulk.gone',
    producer: 'outbox.bulk.campaignCancelledRetry',
    would_fail_again: 'outbox.bulk.wouldFailAgainRetry'
  },
  delete: {
    at_gateway: 'outbox.bulk.atGatewayDelete',
    sending: 'outbox.bulk.sendingDelete',
    not_applicable: 'outbox.bulk.waitingDelete',
    not_found: 'outbox.bulk.gone',
    producer: 'outbox.bulk.otherDelete',
    would_fail_again: 'outbox.bulk.otherDelete'
  }
}

const DONE_KEYS: Record<BulkAction, MessageKey> = {
  cancel: 'outbox.bulk.cancelled',
  retry: 'outbox.bulk.retried',
  delete: 'outbox.bulk.deleted'
}
const REASON_ORDER: readonly OutboxBulkRefusal[] = [
  'at_gateway',
  'sending',
  'producer',
  'would_fail_again',
  'not_applicable',
  'not_found'
]

interface OutboxBulkBarProps {
  selection: ReadonlyMap<string, OutboxItemView>
  /** Every item the filters match is selected: how many there were when the operator chose it (else null). */
  matching?: number | null
  onClear(): void
}

/** A reply's refusals as counts per reason (the per-item reply of a selection, or the counts of a match). */
type RefusalCounts = readonly { reason: OutboxBulkRefusal; count: number }[]

function countsOf(reply: BulkReply): RefusalCounts {
  return REASON_ORDER.map((reason) => ({
    reason,
    count: reply.refused.filter((r) => r.reason === reason).length
  }))
}

export function OutboxBulkBar({
  selection,
  matching = null,
  onClear
}: OutboxBulkBarProps): React.JSX.Element | null {
  const t = useT()
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [confirmRevoke, setConfirmRevoke] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null)
  // The bar (and the button pressed) goes once the action is done: focus moves to what it produced, the report.
  const reportRef = useRef<HTMLParagraphElement>(null)
  // A question takes the focus on Keep (a stray Enter confirms nothing); backing out returns it to its button.
  const cancelRef = useRef<HTMLButtonElement>(null)
  const revokeRef = useRef<HTMLButtonElement>(null)
  const deleteRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (report) reportRef.current?.focus()
  }, [report])
  const known = useOutbox((s) => s.known)
  // What each item can take now: an event may have moved it on since it was ticked (queued, then sent).
  const selected = [...selection.values()].map((ticked) => {
    const seen = known.get(ticked.id)
    return seen && seen.updatedAt >= ticked.updatedAt ? seen : ticked
  })
  // Every match is decided by the core (most of them were never loaded here): both actions are offered.
  const canCancel = matching !== null || selected.some((item) => itemActions(item).cancel)
  const canRetry = matching !== null || selected.some((item) => itemActions(item).retry)
  const count = matching ?? selection.size
  // Taking back at the gateway is decided per message (the domain's decideTakeBack): offered for a ticked selection.
  const revocable = matching === null ? selected.filter((item) => itemActions(item).revoke).length : 0
  const canRevoke = revocable > 0
  const canCancelAtGateway = matching === null && selected.some((item) => itemActions(item).cancelAtGateway)
  // Deleting is offered for a ticked selection, whose rows the question can count.
  const deletable = matching === null ? selected.filter((item) => itemActions(item).remove).length : 0

  async function takeBack(action: 'revoke' | 'cancel'): Promise<void> {
    setBusy(true)
    setReport(null)
    try {
      const view = await useOutbox.getState().takeBack([...selection.keys()], action)
      const tally = view[action]
      const asked = tally.done + tally.refused + tally.unknown + tally.pending
      const left = Object.values(view.leftAlone).reduce((sum, n) => sum + n, 0)
      setReport({ tone: 'ok', text: t('outbox.takeBack.selection', { n: asked, left }) })
      onClear()
    } catch (error) {
      setReport({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(false)
    }
  }

  function describe(action: BulkAction, done: number, refused: RefusalCounts): string {
    const parts = [t(DONE_KEYS[action], { count: done })]
    for (const reason of REASON_ORDER) {
      const count = refused.find((r) => r.reason === reason)?.count ?? 0
      if (count > 0) parts.push(t(REFUSAL_KEYS[action][reason], { count: count }))
    }
    return parts.join('; ')
  }

  async function act(action: BulkAction): Promise<{ done: number; refused: RefusalCounts }> {
    const store = useOutbox.getState()
    if (matching !== null)
      return action === 'cancel' ? store.cancelMatching(matching) : store.retryMatching(matching)
    const ids = [...selection.keys()]
    const reply =
      action === 'cancel'
        ? await store.cancelMany(ids)
        : action === 'delete'
          ? await store.removeMany(ids)
          : await store.retryMany(ids)
    return { done: reply.done.length, refused: countsOf(reply) }
  }

  async function run(action: BulkAction): Promise<void> {
    setBusy(true)
    setReport(null)
    try {
      const { done, refused } = await act(action)
      const anyRefused = refused.some((r) => r.count > 0)
      setReport({ tone: anyRefused ? 'bad' : 'ok', text: describe(action, done, refused) })
      setConfirmCancel(false)
      setConfirmDelete(false)
      onClear()
    } catch (error) {
      setReport({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="outbox-bulk">
      {count > 0 ? (
        <div role="toolbar" aria-label={t('outbox.bulk.bar')} className="outbox-bulk-bar">
          <span aria-live="polite">
            {matching !== null
              ? t('outbox.bulk.selectedMatching', { count: matching })
              : t('outbox.bulk.selected', { count: selection.size })}
          </span>
          <button
            ref={cancelRef}
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
          {canRevoke ? (
            <button
              ref={revokeRef}
              type="button"
              className="button button--danger"
              disabled={busy}
              aria-expanded={confirmRevoke}
              onClick={() => setConfirmRevoke(!confirmRevoke)}
            >
              {t('outbox.takeBack.revoke')}
            </button>
          ) : null}
          {canCancelAtGateway ? (
            <button type="button" className="button" disabled={busy} onClick={() => void takeBack('cancel')}>
              {t('outbox.takeBack.cancel')}
            </button>
          ) : null}
          {matching === null ? (
            <button
              ref={deleteRef}
              type="button"
              className="button"
              disabled={busy || deletable === 0}
              aria-expanded={confirmDelete}
              onClick={() => setConfirmDelete(!confirmDelete)}
            >
              {t('outbox.bulk.delete')}
            </button>
          ) : null}
          <button type="button" className="button" disabled={busy} onClick={onClear}>
            {t('outbox.bulk.clear')}
          </button>
        </div>
      ) : null}
      {confirmRevoke && canRevoke ? (
        <ConfirmPanel
          id="bulk-revoke-q"
          question={t('outbox.takeBack.revokeConfirmMany', {
            count: revocable,
            shows: t('outbox.takeBack.revokeShows', { count: revocable })
          })}
          confirmLabel={t('outbox.takeBack.revoke')}
          keepLabel={t('common.keep')}
          onConfirm={() => {
            setConfirmRevoke(false)
            void takeBack('revoke')
          }}
          onKeep={() => {
            setConfirmRevoke(false)
            revokeRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {confirmCancel && count > 0 ? (
        <ConfirmPanel
          id="bulk-cancel-q"
          question={t('outbox.bulk.cancelConfirm', { count: count })}
          confirmLabel={t('outbox.bulk.cancel')}
          keepLabel={t('common.keep')}
          onConfirm={() => void run('cancel')}
          onKeep={() => {
            setConfirmCancel(false)
            cancelRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {confirmDelete && deletable > 0 ? (
        <ConfirmPanel
          id="bulk-delete-q"
          question={
            deletable === selection.size
              ? t('outbox.bulk.deleteConfirm', { count: deletable })
              : t('outbox.bulk.deleteConfirmSome', { count: deletable, selected: selection.size })
          }
          confirmLabel={t('outbox.bulk.delete')}
          keepLabel={t('common.keep')}
          onConfirm={() => void run('delete')}
          onKeep={() => {
            setConfirmDelete(false)
            deleteRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {report ? (
        <p
          ref={reportRef}
          tabIndex={-1}
          role="status"
          data-testid="outbox-bulk-report"
          className={report.tone === 'ok' ? 'alert alert--ok' : 'alert alert--bad'}
        >
          {report.text}
        </p>
      ) : null}
    </div>
  )
}
