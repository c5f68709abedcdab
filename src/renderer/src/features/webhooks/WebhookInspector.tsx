// The webhook inspector (sandbox devices): every POST the sandbox made, newest first, with its payload, each attempt
// and the receiver's answer, and what that answer sent back to the chat; filtered by kind and delivery state, each
// headed by the message and status it carries. The device is the view's own choice (one inspector per device).
import { useRef } from 'react'
import type { WebhookDeliveryView } from '../../../../shared/contract'
import { shownJson, shownText } from '../../../../shared/domain/shown-text'
import { deliveryHeadline } from '../../../../shared/webhook-headline'
import { call } from '../../api'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { useKeptState } from '../../stores/kept-fields'
import { useSandboxQuery } from '../sandbox/use-sandbox-query'
import { ListStatus } from '../../ui/ListStatus'
import { RowsKeepPlace } from '../../ui/RowsKeepPlace'
import { RowGoneStatus, useRowGoneSaid, type RowGoneWords } from '../../ui/RowGoneStatus'
import { noAnswerWords } from './attempt-words'

const KIND: Record<WebhookDeliveryView['kind'], MessageKey> = {
  incoming: 'webhooks.kind.incoming',
  tracking: 'webhooks.kind.tracking',
  device: 'webhooks.kind.device'
}

/** The delivery filter's choices: `pending` holds the deliveries not yet tried and those to try again. */
const STATE: Record<WebhookDeliveryView['state'], { label: MessageKey; tone: string }> = {
  pending: { label: 'webhooks.filter.pending', tone: 'badge--progress' },
  delivered: { label: 'webhooks.state.delivered', tone: 'badge--ok' },
  failed: { label: 'webhooks.state.failed', tone: 'badge--bad' }
}

/**
 * A delivery's badge: a pending one is "Waiting" until its first attempt, "Retrying" after a failed one (QA42 Q42-03:
 * deliveries never tried yet read "Retrying").
 */
function badgeLabel(delivery: WebhookDeliveryView): MessageKey {
  if (delivery.state !== 'pending') return STATE[delivery.state].label
  return delivery.attempts.length === 0 ? 'webhooks.state.waiting' : 'webhooks.state.retrying'
}

type WordedReplyNote = Exclude<NonNullable<WebhookDeliveryView['replyNote']>, { reason: 'gateway-refused' }>
const REPLY_NOTE_KEYS: Record<WordedReplyNote['reason'], MessageKey> = {
  'reply-off': 'webhooks.replyNote.replyOff',
  'no-reply-asked': 'webhooks.replyNote.noReplyAsked',
  'device-or-message-gone': 'webhooks.replyNote.deviceOrMessageGone'
}

/** Attempts and the next one come seconds apart: to the minute, a retry 3 s later read as the failed try (QA34 Q34-08). */
const TO_THE_SECOND = { seconds: true }

/** Where the focus went from a delivery no longer listed, in words. */
const ROW_GONE_TO: RowGoneWords['to'] = {
  next: 'webhooks.rowGone.toNext',
  previous: 'webhooks.rowGone.toPrevious',
  heading: 'webhooks.rowGone.toHeading'
}

const KINDS = Object.keys(KIND) as WebhookDeliveryView['kind'][]
const STATES = Object.keys(STATE) as WebhookDeliveryView['state'][]

export function WebhookInspector({ deviceId }: { deviceId: string }): React.JSX.Element {
  const t = useT()
  const query = useSandboxQuery(deviceId, () => call('sandbox:webhookDeliveries', { deviceId }))
  // Kept while another view is shown, as the Outbox's filters are: a look at the outbox and back showed every delivery.
  const [kind, setKind] = useKeptState<WebhookDeliveryView['kind'] | ''>(`webhooks.${deviceId}.kind`, '')
  const [state, setState] = useKeptState<WebhookDeliveryView['state'] | ''>(`webhooks.${deviceId}.state`, '')
  const all = query.data?.deliveries ?? null
  const deliveries = all?.filter((d) => (!kind || d.kind === kind) && (!state || d.state === state)) ?? null
  const filtered = kind !== '' || state !== ''
  // The focused delivery out of the filtered list (delivered while "Waiting or retrying" is shown), or no longer
  // listed by the sandbox: RowsKeepPlace moved the focus beside it, else to the heading, and this says so.
  const { said: rowGone, onRowGone } = useRowGoneSaid({
    what: () => (filtered ? 'webhooks.rowGone.filtered' : 'webhooks.rowGone.gone'),
    to: ROW_GONE_TO
  })
  const headingRef = useRef<HTMLHeadingElement>(null)

  return (
    <section className="card" aria-labelledby="inspector-heading" data-testid="webhook-inspector">
      <h3 id="inspector-heading" ref={headingRef} tabIndex={-1}>
        {t('webhooks.inspector.title')}
      </h3>
      <p className="muted">{t('webhooks.inspector.intro')}</p>
      <div className="inspector-filters">
        <FilterSelect<WebhookDeliveryView['kind']>
          label={t('webhooks.filter.kind')}
          testId="webhook-filter-kind"
          value={kind}
          options={KINDS.map((k) => [k, t(KIND[k])])}
          onChange={setKind}
        />
        <FilterSelect<WebhookDeliveryView['state']>
          label={t('webhooks.filter.state')}
          testId="webhook-filter-state"
          value={state}
          options={STATES.map((s) => [s, t(STATE[s].label)])}
          onChange={setState}
        />
      </div>
      <ListStatus
        items={deliveries}
        error={query.error}
        emptyText={
          filtered && all && all.length > 0 ? t('webhooks.filter.none') : t('webhooks.inspector.empty')
        }
        emptyTestId="webhook-inspector-empty"
        onRetry={query.retry}
        waitsOn={headingRef}
      />
      {/* Newest first, redrawn as deliveries come: the row the operator is on stays where it is read (QA42 Q42-02).
          Drawn with no delivery left too: the focused one leaving the list is seen then. */}
      <RowsKeepPlace headingId="inspector-heading" onRowGone={onRowGone}>
        {deliveries !== null && deliveries.length > 0 ? (
          <ul className="delivery-list" aria-label={t('webhooks.inspector.title')}>
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        ) : null}
      </RowsKeepPlace>
      <RowGoneStatus said={rowGone} testId="webhook-row-gone" />
    </section>
  )
}

/** One of the inspector's filters: "All" or one value. */
function FilterSelect<V extends string>(props: {
  label: string
  testId: string
  value: V | ''
  options: [V, string][]
  onChange(value: V | ''): void
}): React.JSX.Element {
  const t = useT()
  return (
    <label>
      {props.label}{' '}
      <select
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as V | '')}
      >
        <option value="">{t('webhooks.filter.all')}</option>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * A delivery: its headline, payload, attempts and replies. What a customer wrote, the receiver's answer, what it
 * sent back and what the gateway said of it drawn by the shown-text rule; the payload as the JSON that came, its bidi
 * controls escaped (shownJson).
 */
function DeliveryRow({ delivery }: { delivery: WebhookDeliveryView }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  // On the operator's clock with the zone named, as the Outbox's and the Inbox's times.
  const zone = useOperatorZone()
  const state = STATE[delivery.state]
  const headline = deliveryHeadline(delivery, t)
  return (
    // A J / K stop, named by its headline (a list item takes no name from what it holds).
    <li
      className="delivery"
      data-testid="webhook-delivery"
      data-kind={delivery.kind}
      data-state={delivery.state}
      data-row-focus
      tabIndex={-1}
      aria-labelledby={`delivery-head-${delivery.id}`}
    >
      <div className="delivery-head" id={`delivery-head-${delivery.id}`}>
        <span className={`badge ${state.tone}`}>{t(badgeLabel(delivery))}</span>{' '}
        <strong>{t(KIND[delivery.kind])}</strong>{' '}
        {headline ? (
          <span data-testid="webhook-headline" dir="auto">
            {headline}
          </span>
        ) : null}{' '}
        <span className="muted small">
          {formatDateTimeInZone(delivery.createdAt, locale, zone)} → <span>{delivery.url}</span>
        </span>
      </div>
      <details>
        <summary>{t('webhooks.payload')}</summary>
        <pre className="payload" data-testid="webhook-payload">
          {shownJson(delivery.payload, 2)}
        </pre>
      </details>
      <ol className="attempts" aria-label={t('webhooks.attempts')}>
        {delivery.attempts.map((attempt, index) => (
          <li key={index} data-testid="webhook-attempt">
            <span className="muted small">
              {formatDateTimeInZone(attempt.at, locale, zone, TO_THE_SECOND)}
            </span>{' '}
            {attempt.httpStatus === null
              ? noAnswerWords(t, attempt.error, delivery.url)
              : t('webhooks.attempt.http', { status: attempt.httpStatus })}
            {attempt.body ? (
              <pre className="payload payload--answer" aria-label={t('webhooks.answer')}>
                {shownText(attempt.body)}
              </pre>
            ) : null}
          </li>
        ))}
      </ol>
      {delivery.nextAttemptAt ? (
        <p className="muted small">
          {t('webhooks.nextAttempt', {
            time: formatDateTimeInZone(delivery.nextAttemptAt, locale, zone, TO_THE_SECOND)
          })}
        </p>
      ) : null}
      {delivery.replies.length > 0 ? (
        <p data-testid="webhook-replies">
          {t('webhooks.replies', { text: shownText(delivery.replies.join(' · ')) })}
        </p>
      ) : null}
      {delivery.replyNote && delivery.kind === 'incoming' ? (
        <p className="muted small" data-testid="webhook-reply-note">
          {delivery.replyNote.reason === 'gateway-refused'
            ? t('webhooks.replyNote.gatewayRefused', { gateway: shownText(delivery.replyNote.gatewaySaid) })
            : t(REPLY_NOTE_KEYS[delivery.replyNote.reason], { setting: t('webhooks.autoReply') })}
        </p>
      ) : null}
    </li>
  )
}
