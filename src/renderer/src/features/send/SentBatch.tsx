// The message just sent: each file (and the text) with its live progress from queued to read, from outbox item events,
// and Delete for everyone for the whole send (QA75), in the card's own words, what the gateway holds cancelled (QA79).
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { OutboxItemView } from '../../../../shared/contract'
import { batchSettled, bucketCountsOf } from '../../../../shared/domain/status-buckets'
import { reasonInWords } from '../../../../shared/i18n/note-text'
import { localeOf, useLanguage, useT, type Translate } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { useOutbox } from '../../stores/outbox'
import { useOperatorZone } from '../../stores/settings'
import { useSend, type DraftFile } from '../../stores/send'
import { errorInfo } from '../../api'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { PROGRESS, progressIndex, summaryStatus } from '../outbox/status'
import { RemedyAdvice } from '../outbox/RemedyAdvice'
import {
  revocableCount,
  revokeSendQuestion,
  useSelectionTakeBack,
  type TakeBackAccount
} from '../outbox/selection-take-back'
import { SelectionTakeBackReport } from '../outbox/SelectionTakeBackReport'
import { StatusBadge } from '../outbox/StatusBadge'
import {
  batchSummary,
  batchTitleKey,
  heldAtItsTimeReason,
  notAtGatewayReason,
  waitingReason
} from '../outbox/waiting'
import { FILE_ROWS_PER_TURN, FileSummary } from './FileList'
import { useSentAgain } from './sent-again'
import { RecipientName } from '../../ui/RecipientName'
import { useDrawnInSlices } from '../../ui/use-drawn-in-slices'
import './send.css'

/** The outbox's bulk change each sent batch's items were last looked up at: kept while the card is not shown. */
const lookedUpAtBulk = new WeakMap<object, number>()

/** A row whose messages the outbox no longer has: said as deleted, as the outbox says it, never as still queued. */
function DeletedBadge(): React.JSX.Element {
  const t = useT()
  return (
    <span className="sent-progress">
      <span className="badge badge--warn" data-testid="send-file-status" data-status="deleted">
        <span aria-hidden="true" className="badge-symbol">
          ⌫
        </span>
        {t('send.sent.deletedStatus')}
      </span>
    </span>
  )
}

function ItemsProgress({
  items,
  expected,
  deleted,
  deletedSome = 0
}: {
  items: OutboxItemView[]
  expected: number
  /** None of the row's messages is left: all of them were deleted since. */
  deleted: boolean
  /** Of its messages, how many were deleted since (known by their ids only: no number to name them by). */
  deletedSome?: number
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  if (deleted) return <DeletedBadge />
  const status = summaryStatus(items) ?? 'queued'
  const failed = items.find((i) => i.status === 'failed')
  const failedCount = items.filter((i) => i.status === 'failed').length
  // Some deleted for everyone, the rest not: the badge says where the rest stand, and this how many were deleted
  // (QA79: "Deleted for everyone" over a message the customer had read).
  const revokedCount = items.filter((i) => i.status === 'revoked').length
  const step = Math.max(0, progressIndex(status))
  return (
    <>
      <span className="sent-progress">
        {/* Not a live region: the batch's summary line says each step once (QA37 Q37-08: each was said twice). */}
        <StatusBadge status={status} testId="send-file-status" />
        {failed && failedCount < items.length ? (
          // "Failed" alone read as failed for everyone, beside a heading of "1 read · 1 failed".
          <span className="muted" data-testid="send-file-failed-count">
            {t('send.sent.failedFor', { failed: failedCount, count: items.length })}
          </span>
        ) : null}
        {revokedCount > 0 && revokedCount < items.length && status !== 'revoked' ? (
          <span className="muted" data-testid="send-file-revoked-count">
            {t('send.sent.revokedFor', { revoked: revokedCount, count: items.length })}
          </span>
        ) : null}
        {status !== 'failed' && status !== 'cancelled' && status !== 'scheduled' ? (
          <progress
            max={PROGRESS.length - 1}
            value={step}
            aria-label={t('send.sent.progress', { status: t(`status.${status}`) })}
          />
        ) : null}
        {failed?.failure ? (
          // As the outbox's detail says it: the reason once in words (the core's "(HTTP 413) (gateway: …)" wrappers
          // off), then the gateway's own words once under their heading (QA7: they came twice, with the HTTP code).
          <span className="failure-text" data-testid="send-file-failure">
            {
              reasonInWords(
                language,
                failed.failure.message,
                failed.failure.messageKey,
                failed.failure.messageParams
              ).words
            }
            {failed.failure.gatewayMessage ? (
              <>
                {' '}
                <span className="failure-said">
                  {t('outbox.failure.gateway')} <q dir="auto">{failed.failure.gatewayMessage}</q>
                </span>
              </>
            ) : null}
          </span>
        ) : null}
        {expected > 1 ? (
          <details className="per-recipient">
            <summary>{t('send.sent.perRecipient', { count: expected })}</summary>
            <ul>
              {items.map((item) => (
                <li key={item.id}>
                  <RecipientName chatId={item.recipient} isGroup={item.isGroup} />:{' '}
                  {t(`status.${item.status}`)}
                </li>
              ))}
              {/* Counted with the rest, as the summary counts them (QA63: "3 in all" over a list of 2). */}
              {deletedSome > 0 ? (
                <li data-testid="send-per-recipient-deleted">
                  {t('send.sent.perRecipientDeleted', { count: deletedSome })}
                </li>
              ) : null}
            </ul>
          </details>
        ) : null}
      </span>
      {/* What helps a failure that would fail the same way again, as the Outbox's detail says it (QA47 Q47-04). */}
      {failed ? <RemedyAdvice item={failed} /> : null}
    </>
  )
}

interface SentFileRowProps {
  file: DraftFile
  caption: string | undefined
  items: OutboxItemView[]
  expected: number
  deleted: boolean
  deletedSome: number
  t: Translate
  locale: string
}

/**
 * One file sent and its messages' progress. Memoised, its messages compared one by one (the list is made anew each
 * render): a message's step redraws its own file's row, not the batch's 1,000.
 */
const SentFileRow = memo(
  function SentFileRow({
    file,
    caption,
    items,
    expected,
    deleted,
    deletedSome,
    t,
    locale
  }: SentFileRowProps): React.JSX.Element {
    return (
      <li className="file-row" data-testid="send-file-row" data-kind={file.kind} data-sent="true">
        <FileSummary file={file} t={t} locale={locale}>
          {caption ? (
            <span className="file-meta ellipsis" dir="auto" data-testid="send-file-caption">
              {caption}
            </span>
          ) : null}
        </FileSummary>
        <ItemsProgress items={items} expected={expected} deleted={deleted} deletedSome={deletedSome} />
      </li>
    )
  },
  (before, after) =>
    before.file === after.file &&
    before.caption === after.caption &&
    before.expected === after.expected &&
    before.deleted === after.deleted &&
    before.deletedSome === after.deletedSome &&
    before.t === after.t &&
    before.locale === after.locale &&
    before.items.length === after.items.length &&
    before.items.every((item, i) => item === after.items[i])
)

/** What a take-back from the card started (or why it could not), for the send it was asked for. */
type CardReport = Omit<TakeBackAccount, 'tone'> & { tone: TakeBackAccount['tone'] | 'bad'; at: string }

/** Nothing holds the focus: the element that had it was taken out of the page. */
function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body
}

/**
 * `onGone`: runs once the card is gone, by its own button or by the next draft (a file dropped or pasted, a field
 * written), told whether the focus went with it (it was on the card: its heading after a send, or its button), so
 * the view gives it a place in the form.
 */
export function SentBatch({ onGone }: { onGone: (focusLost: boolean) => void }): React.JSX.Element | null {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const operatorZone = useOperatorZone()
  const sent = useSend((s) => s.sent)
  const known = useOutbox((s) => s.known)
  const gone = useOutbox((s) => s.gone)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const devices = useDevices((s) => s.devices)
  // A thousand files sent at once are drawn a slice per turn, as the draft's are.
  const drawn = useDrawnInSlices(sent?.files.length ?? 0, FILE_ROWS_PER_TURN)

  const headingRef = useRef<HTMLHeadingElement>(null)

  // QA75: a wrong send is taken back from its card, by the Outbox's own flow (its question, words and tally), without
  // finding its messages in the Outbox. Kept with the send it was asked for: the next send's card says nothing of it.
  const { followed, start: startTakeBack } = useSelectionTakeBack(`sent-card:${sent?.at ?? ''}`)
  // The question and the report, each by the send (its time) it was for.
  const [askedFor, setAskedFor] = useState<string | null>(null)
  const [takingBack, setTakingBack] = useState(false)
  const [report, setReport] = useState<CardReport | null>(null)
  const revokeRef = useRef<HTMLButtonElement>(null)
  const reportRef = useRef<HTMLParagraphElement>(null)
  const tallyRef = useRef<HTMLDivElement>(null)
  // The question (and the button pressed, once nothing is left to delete) goes once it is answered: the focus goes to
  // what it started, as the bulk bar's does: the tally, when it is all that is said.
  useLayoutEffect(() => {
    if (report) (report.text === '' ? tallyRef : reportRef).current?.focus()
  }, [report])

  // Its items, all of them; after a bulk change (which names no item) all of them again, also one made while another
  // view was shown (an operator's probe: a device's removal cancelled the message, and the card said "Queued").
  const bulkSeq = useOutbox((s) => s.bulkSeq)
  // The batch (by its time) whose items were first looked up: until then the summary says nothing, so the view's
  // "Added to the outbox." is said first and no "1 not looked up yet" before it (QA37 Q37-08).
  const [lookedUp, setLookedUp] = useState<string | null>(null)
  useEffect(() => {
    if (!sent) return
    const outbox = useOutbox.getState()
    const asked =
      lookedUpAtBulk.get(sent) === bulkSeq ? outbox.track(sent.itemIds) : outbox.refresh(sent.itemIds)
    void asked.then(() => setLookedUp(sent.at))
    lookedUpAtBulk.set(sent, bulkSeq)
  }, [sent, bulkSeq])

  // The form clears after sending: show and focus what was sent, so it is not mistaken for a blank form to fill again.
  const sentAt = sent?.itemIds[0]
  useLayoutEffect(() => {
    if (!sentAt) return
    headingRef.current?.focus()
    headingRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [sentAt])

  // Whatever took the card away (QA26 Q26-01: a pasted image left the focus on <body>, the outcome on screen).
  const shown = sent !== null
  const wasShown = useRef(shown)
  useLayoutEffect(() => {
    if (wasShown.current && !shown) onGone(focusIsLost())
    wasShown.current = shown
  }, [shown, onGone])

  // One of its messages sent again since the card's take-back (retried): a new send, which the card's line counts again,
  // as sending or sent, not under the tally of what was taken back.
  const reportedAt = report?.takeBack === true && report.at === sent?.at ? report.at : null
  const sentAgain = useSentAgain(sent?.itemIds, reportedAt)

  if (!sent) return null
  const items = sent.itemIds.flatMap((id) => {
    const item = known.get(id)
    return item ? [item] : []
  })
  // A caption sent as its own message is a text item with its words; the operator's text is every other one.
  const captionMessages = sent.captionMessages ?? []
  const captionItems = (caption: string): OutboxItemView[] =>
    items.filter((i) => i.kind === 'text' && i.text === caption)
  const textItems = items.filter((i) => i.kind === 'text' && !captionMessages.includes(i.text ?? ''))
  // The words its messages carry now: reworded elsewhere (Schedules, the Outbox), all alike, the card says the new ones
  // (QA58: the old words beside live statuses). A text split in parts, or reworded apart, keeps the words it sent.
  const textNow = new Set(textItems.map((i) => i.text))
  const [wordsNow] = textNow
  const shownText =
    (sent.textParts ?? 1) === 1 && textNow.size === 1 && typeof wordsNow === 'string' && wordsNow !== ''
      ? wordsNow
      : sent.text
  // Each file's messages: grouped by name once, not the whole batch searched for each of 1,000 files.
  const fileItemsByName = new Map<string | null, OutboxItemView[]>()
  for (const item of items) {
    if (item.kind === 'text') continue
    const named = fileItemsByName.get(item.fileName)
    if (named) named.push(item)
    else fileItemsByName.set(item.fileName, [item])
  }
  const forFile = (file: DraftFile): OutboxItemView[] =>
    (fileItemsByName.get(file.name) ?? []).filter((i) => i.fileSize === null || i.fileSize === file.size)
  const recipients = sent.recipients.length
  const deleted = sent.itemIds.filter((id) => gone.has(id)).length
  // A deleted item is known by its id only: once every item is either seen or gone, a row with none seen lost them all.
  const allAccounted = items.length + deleted === sent.itemIds.length
  const rowDeleted = (rowItems: OutboxItemView[]): boolean =>
    deleted > 0 && allAccounted && rowItems.length === 0
  /** Of a row's messages (`each` to every recipient), how many were deleted since: counted once all are accounted. */
  const rowDeletedSome = (rowItems: OutboxItemView[], each = 1): number =>
    deleted > 0 && allAccounted ? Math.max(0, recipients * each - rowItems.length) : 0
  const reasonOf = (item: OutboxItemView): string | null => {
    const context = { device: devices.find((d) => d.id === item.deviceId), sendingPaused }
    return (
      waitingReason(
        item,
        context,
        t,
        // A device's day (its daily cap's midnight) on its own clock; else the operator's, as the Outbox says it; named.
        (iso, zone) => formatDateTimeInZone(iso, locale, zone ?? operatorZone)
      ) ??
      notAtGatewayReason(item, context, t) ??
      heldAtItsTimeReason(item, context, t)
    )
  }
  const summary = batchSummary(
    items,
    sent.itemIds.length,
    reasonOf,
    t,
    (iso, zone) => formatDateTimeInZone(iso, locale, zone),
    deleted
  )
  // Offered while any of its messages is on WhatsApp to delete (the domain's decideTakeBack); it takes back the whole
  // send, asked in the card's words (QA79): what was sent deleted, what has not reached anyone cancelled, here or at
  // the gateway (a cancel refused because it left meanwhile is followed by deleting it).
  const revocable = revocableCount(items)
  const canRevoke = revocable > 0
  const reported = report?.at === sent.at ? report : null
  const confirmRevoke = askedFor === sent.at
  const batchAt = sent.at
  async function revokeAll(): Promise<void> {
    const ids = items.map((item) => item.id)
    setTakingBack(true)
    setReport(null)
    try {
      const started = await startTakeBack(ids, 'revoke', { alsoCancelHeld: true })
      // Once started, its tally alone says what it does and follows it until it settles (QA79: the line above it said
      // it again, and kept advice, "1 still held by the gateway…", that no longer held).
      setReport({ ...started, text: started.takeBack ? '' : started.text, at: batchAt })
    } catch (error) {
      setReport({ tone: 'bad', text: errorInfo(error).message, takeBack: false, at: batchAt })
    } finally {
      setTakingBack(false)
      setAskedFor(null)
    }
  }
  // Only what the gateway has taken is "sent"; the heading follows every item until they settle.
  const title = t(batchTitleKey(items, sent.scheduled, deleted))
  // Once every message settled (read, failed, cancelled, deleted for everyone…), no more progress is promised (QA81: it
  // was, under "Deleted for everyone").
  const settled = batchSettled(bucketCountsOf(items), { deleted, expected: sent.itemIds.length })
  // The card's take-back, followed in its tally (which has the focus, and says what holds it), says its outcome: the
  // card's line, a live region too, would say it again as the messages move (QA81: "2 deleted for everyone · 2 in all"
  // over "2 deleted for everyone."). Until one of its messages is sent again (retried since, sentAgain).
  const tallyShown = reported?.takeBack === true && followed.view !== null && !sentAgain

  return (
    <section className="card sent" aria-labelledby="sent-title" data-testid="send-sent">
      <h3 id="sent-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      <p className="muted">
        {t('send.sent.to', { count: recipients })}
        {settled ? null : ` ${t('send.sent.progressHere')}`}
        {sent.leftOut ? ` ${t('send.sent.leftOut', { count: sent.leftOut })}` : null}
      </p>
      {/* In the page before its words, so a screen reader says them when they come. */}
      <p role="status" className="sent-summary" data-testid="send-sent-summary">
        {lookedUp === sent.at && !tallyShown ? summary : null}
      </p>
      <ul className="file-list">
        {sent.files.slice(0, drawn).map((file) => {
          const fileItems = forFile(file)
          return (
            <SentFileRow
              key={file.key}
              file={file}
              caption={sent.fileCaptions?.[file.handle]}
              items={fileItems}
              expected={recipients}
              deleted={rowDeleted(fileItems)}
              deletedSome={rowDeletedSome(fileItems)}
              t={t}
              locale={locale}
            />
          )
        })}
        {captionMessages.map((caption) => (
          <li key={caption} className="file-row" data-testid="send-caption-row" data-sent="true">
            <span className="thumb thumb--text" aria-hidden="true">
              ✉
            </span>
            <span className="file-main">
              <span className="file-name">{t('send.sent.captionMessage')}</span>
              <span className="file-meta ellipsis" dir="auto">
                {caption}
              </span>
            </span>
            <ItemsProgress
              items={captionItems(caption)}
              expected={recipients}
              deleted={rowDeleted(captionItems(caption))}
              deletedSome={rowDeletedSome(captionItems(caption))}
            />
          </li>
        ))}
        {sent.text ? (
          <li className="file-row" data-testid="send-text-row" data-sent="true">
            <span className="thumb thumb--text" aria-hidden="true">
              ✉
            </span>
            <span className="file-main">
              {/* A split text is several messages to each recipient: said, so the rows add up to "N in all". */}
              <span className="file-name">
                {(sent.textParts ?? 1) > 1
                  ? t('send.sent.textParts', { count: sent.textParts! })
                  : t('kind.text')}
              </span>
              <span className="file-meta ellipsis" dir="auto">
                {shownText}
              </span>
            </span>
            <ItemsProgress
              items={textItems}
              expected={recipients}
              deleted={rowDeleted(textItems)}
              deletedSome={rowDeletedSome(textItems, sent.textParts ?? 1)}
            />
          </li>
        ) : null}
      </ul>
      <div className="actions">
        <button
          type="button"
          className="button"
          data-testid="send-new"
          onClick={() => useSend.getState().dismissSent()}
        >
          {t('send.sent.dismiss')}
        </button>
        {canRevoke ? (
          <button
            ref={revokeRef}
            type="button"
            className="button button--danger"
            data-testid="send-revoke"
            disabled={takingBack}
            aria-expanded={confirmRevoke}
            onClick={() => setAskedFor(confirmRevoke ? null : batchAt)}
          >
            {t('outbox.takeBack.revoke')}
          </button>
        ) : null}
      </div>
      {confirmRevoke && canRevoke ? (
        <ConfirmPanel
          id="sent-revoke-q"
          question={revokeSendQuestion(t, language, items)}
          confirmLabel={t('outbox.takeBack.revoke')}
          keepLabel={t('common.keep')}
          // The question stays while the gateway is asked: its pressed answer keeps the focus meanwhile.
          onConfirm={() => void revokeAll()}
          onKeep={() => {
            setAskedFor(null)
            revokeRef.current?.focus()
          }}
          disabled={takingBack}
          focusOnOpen
        />
      ) : null}
      <SelectionTakeBackReport
        report={reported}
        reportRef={reportRef}
        followed={followed}
        reportTestId="send-takeback-report"
        tallyTestId="send-takeback"
        tallyRef={tallyRef}
      />
    </section>
  )
}
