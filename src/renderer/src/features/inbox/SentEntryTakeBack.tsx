// Taking back a reply from its bubble in the thread (QA14 Q14-06): the Outbox's own actions on the item (Cancel
// sending while it waits here, Delete for everyone once it left, Cancel at the gateway while the gateway holds it),
// offered as the Outbox offers them, with its question and its store action, so the two places cannot disagree.
import { useRef, useState } from 'react'
import type { OutboxItemView } from '../../../../shared/contract'
import { bucketOf, WAITING_BUCKETS } from '../../../../shared/domain/status-buckets'
import { errorInfo } from '../../api'
import { useT } from '../../i18n'
import { useOutbox } from '../../stores/outbox'
import { busyButtonProps } from '../../ui/busy-button'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { itemActions, revokeOneQuestion } from '../outbox/status'
import { useTakeBackOutcome } from '../outbox/take-back-outcome'
import { TakeBackHeldControl } from '../outbox/TakeBackHeldControl'

export function SentEntryTakeBack({
  item,
  describedBy
}: {
  item: OutboxItemView
  /** The id of the reply's words: each action names the message it acts on (QA64: five alike "Delete for everyone"). */
  describedBy: string
}): React.JSX.Element | null {
  const t = useT()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null)
  const revokeRef = useRef<HTMLButtonElement>(null)
  // The confirm button that held the focus goes with its question (QA41 Q41-03): the focus goes to the line.
  const saidRef = useRef<HTMLParagraphElement>(null)
  const actionStarts = useFocusAfterAction(busy, saidRef)
  const { outcome, follow, fix, resume, reads } = useTakeBackOutcome(item.id, 'here')
  // Asked once, not offered again: the take-back follows it here (a second ask only said "Already asked earlier…"
  // in place of its answer, and kept saying it once the take-back was done).
  const asked = said?.tone === 'ok'
  const offered = itemActions(item)
  const allowed = {
    // A reply still waiting here (paused sending, an expired device, a time to come) is stopped where it is written
    // about (QA60: only the Outbox could, while the reply box said it waits). A failed one is said with its failure.
    cancel: offered.cancel && WAITING_BUCKETS.includes(bucketOf(item.status)) && !asked,
    revoke: offered.revoke && !asked,
    cancelAtGateway: offered.cancelAtGateway && !asked
  }
  if (!allowed.cancel && !allowed.revoke && !allowed.cancelAtGateway && !said) return null

  async function cancelSending(): Promise<void> {
    actionStarts()
    setBusy(true)
    setSaid(null)
    try {
      await useOutbox.getState().cancel(item.id)
      setSaid({ tone: 'ok', text: t('outbox.cancelled') })
    } catch (error) {
      setSaid({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(false)
    }
  }

  async function takeBack(action: 'revoke' | 'cancel'): Promise<void> {
    actionStarts()
    setBusy(true)
    setSaid(null)
    try {
      // "Asked the gateway", or what was done instead when nothing was asked (stopped here, …).
      const text = follow(await useOutbox.getState().takeBack([item.id], action))
      setConfirming(false)
      setSaid({ tone: 'ok', text })
    } catch (error) {
      setSaid({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="inbox-entry-actions">
      {allowed.cancel ? (
        <button
          type="button"
          className="link-button small"
          aria-describedby={describedBy}
          {...busyButtonProps(busy, () => void cancelSending())}
        >
          {t('outbox.cancel')}
        </button>
      ) : null}
      {allowed.revoke ? (
        <button
          type="button"
          className="link-button small"
          aria-describedby={describedBy}
          ref={revokeRef}
          disabled={busy}
          aria-expanded={confirming}
          onClick={() => setConfirming(!confirming)}
        >
          {t('outbox.takeBack.revoke')}
        </button>
      ) : null}
      {allowed.cancelAtGateway ? (
        <button
          type="button"
          className="link-button small"
          aria-describedby={describedBy}
          {...busyButtonProps(busy, () => void takeBack('cancel'))}
        >
          {t('outbox.takeBack.cancel')}
        </button>
      ) : null}
      {confirming && allowed.revoke ? (
        <ConfirmPanel
          id={`revoke-q-${item.id}`}
          question={revokeOneQuestion(t)}
          confirmLabel={t('outbox.takeBack.revoke')}
          keepLabel={t('common.keep')}
          onConfirm={() => void takeBack('revoke')}
          onKeep={() => {
            setConfirming(false)
            revokeRef.current?.focus()
          }}
          disabled={busy}
          focusOnOpen
        />
      ) : null}
      {said ? (
        <p
          ref={saidRef}
          tabIndex={-1}
          className={said.tone === 'ok' ? 'muted small' : 'alert alert--bad'}
          role="status"
        >
          {/* The gateway's answer, once it comes, in place of "Asked the gateway" (QA37 Q37-02). */}
          {said.tone === 'ok' && outcome ? outcome : said.text}
        </p>
      ) : null}
      {said?.tone === 'ok' ? (
        <TakeBackHeldControl fix={fix} resume={resume} line={saidRef} reads={reads} />
      ) : null}
    </div>
  )
}
