// An item's status timeline: what happened (queued → … → read, with times and notes), what is still to come, or why it failed.
import type { OutboxItemView } from '../../../../shared/contract'
import { historyNote, reasonInWords, withReasonApart } from '../../../../shared/i18n/note-text'
import type { ItemDetail } from '../../stores/outbox'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { withGatewayWords } from '../../ui/gateway-words'
import { FINAL, PROGRESS, progressIndex } from './status'
import { CANCEL_REASON_CODES } from '../../../../shared/domain/status-buckets'
import { StatusBadge } from './StatusBadge'
import './outbox.css'

/** A note that the item itself changed (an edit: its time, text…): a step of its own even in the same status. */
const CHANGE_NOTES: ReadonlySet<string> = new Set(['desktop.note.edited'])

/**
 * Whether a history entry only adds a note to the step before it (same status, nothing about the item changed, as
 * "saved at the gateway as schedule …" after "Scheduled"): shown under it without its badge again.
 */
function continuesStep(history: ItemDetail['history'], index: number): boolean {
  const entry = history[index]
  const before = history[index - 1]
  if (!entry || !before || entry.status !== before.status) return false
  return !(entry.noteKey !== undefined && CHANGE_NOTES.has(entry.noteKey))
}

export function Timeline({
  item,
  history
}: {
  item: OutboxItemView
  history: ItemDetail['history']
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const zone = useOperatorZone()
  const reached = Math.max(-1, ...history.map((h) => progressIndex(h.status)), progressIndex(item.status))
  const upcoming = FINAL.has(item.status) ? [] : PROGRESS.slice(reached + 1)
  const lastFailed = history.map((h) => h.status).lastIndexOf('failed')
  // Cancelled with a reason (a campaign's row whose number opted out): said once, below, as why it was cancelled.
  const cancelledWithReason =
    item.status === 'cancelled' &&
    (CANCEL_REASON_CODES as readonly (string | undefined)[]).includes(item.failure?.code)
  const saidBelow = cancelledWithReason ? history.map((h) => h.status).lastIndexOf('cancelled') : lastFailed

  return (
    <div className="timeline-wrap">
      <ol className="timeline" aria-label={t('outbox.timeline')} data-testid="outbox-timeline">
        {history.map((entry, index) => (
          <li
            key={`${entry.at}-${index}`}
            className={
              continuesStep(history, index) ? 'timeline-entry timeline-entry--more' : 'timeline-entry'
            }
            data-status={entry.status}
          >
            {/* QA: "◷ Scheduled 09:27" twice in a row, the second only the gateway's saving of the same schedule. */}
            {continuesStep(history, index) ? null : (
              <StatusBadge
                status={entry.status}
                // The step it was cancelled at says why when its number opted out, not just "Cancelled".
                failureCode={cancelledWithReason && index === saidBelow ? (item.failure?.code ?? null) : null}
              />
            )}
            {/* Its zone named, as the schedule's time above it names its own (QA22 Q22-04). */}
            <time dateTime={entry.at}>{formatDateTimeInZone(entry.at, locale, zone)}</time>
            {/* The failure it ended in is said once, below, in words: not again here with its HTTP status. */}
            {entry.note && !(item.failure && index === saidBelow) ? <EntryNote entry={entry} /> : null}
          </li>
        ))}
        {upcoming.map((status) => (
          <li
            key={status}
            className="timeline-entry timeline-entry--future"
            data-status={status}
            data-future="true"
          >
            <span className="badge badge--future">
              <span aria-hidden="true" className="badge-symbol">
                ○
              </span>
              {t(`status.${status}`)}
            </span>
            <span className="muted">{t('outbox.timeline.pending')}</span>
          </li>
        ))}
      </ol>
      {item.failure ? <FailureReason failure={item.failure} cancelled={cancelledWithReason} /> : null}
    </div>
  )
}

/**
 * An entry's note in the operator's language; a send's failure it quotes in words alone, and the gateway's own words
 * under their heading, as a failure's reason below is given (no "(HTTP 400)" in the middle of a sentence).
 */
function EntryNote({ entry }: { entry: ItemDetail['history'][number] }): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const { entry: apart, gatewayMessage } = withReasonApart(withGatewayWords(entry))
  return (
    <>
      <span className="timeline-note">{historyNote(language, apart)}</span>
      {gatewayMessage ? (
        <span className="timeline-said">
          <strong>{t('outbox.failure.gateway')}</strong> <q dir="auto">{gatewayMessage}</q>
        </span>
      ) : null}
    </>
  )
}

/** The cancels' notes that begin "Not sent:" (desktop.note.*): a sentence of their own. */
const SAYS_NOT_SENT = new Set([
  'desktop.note.optedOut',
  'desktop.note.campaignCancelled',
  'desktop.note.afterSeriesEnd',
  'desktop.note.seriesStoppedMade',
  'desktop.note.seriesDeletedMade'
])

/** Why it failed: the reason once, in words; the gateway's own words under their heading; code and HTTP status tucked away. */
function FailureReason({
  failure,
  cancelled
}: {
  failure: NonNullable<OutboxItemView['failure']>
  /** Not a failure: the reason it was cancelled with (a campaign's row whose number opted out). */
  cancelled: boolean
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const { words, httpStatus } = reasonInWords(
    language,
    failure.message,
    failure.messageKey,
    failure.messageParams
  )
  // A reason that says "Not sent: …" itself is not put under "Why it was cancelled:" (QA62: "Why it was cancelled:
  // Not sent: this number opted out").
  const saysItself = cancelled && failure.messageKey !== undefined && SAYS_NOT_SENT.has(failure.messageKey)
  return (
    <div className="failure" data-testid="outbox-failure">
      <p>
        {saysItself ? null : (
          <>
            <strong>{t(cancelled ? 'outbox.failure.cancelReason' : 'outbox.failure.reason')}</strong>{' '}
          </>
        )}
        <span data-testid="outbox-failure-reason">{words}</span>
      </p>
      {failure.gatewayMessage ? (
        <p>
          <strong>{t('outbox.failure.gateway')}</strong> <q dir="auto">{failure.gatewayMessage}</q>
        </p>
      ) : null}
      <details className="muted small">
        <summary>{t('outbox.failure.technical')}</summary>
        {t('outbox.failure.code')} {failure.code}
        {httpStatus !== null ? ` · HTTP ${httpStatus}` : ''}
      </details>
    </div>
  )
}
