// The webhook inspector (sandbox devices): every POST the sandbox made, newest first, with its payload, each attempt
// and the receiver's answer, and what that answer sent back to the chat.
import type { WebhookDeliveryView } from '../../../../shared/contract'
import { call } from '../../api'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatDateTime } from '../../i18n/dates'
import { useSandboxQuery } from '../sandbox/use-sandbox-query'
import { ListStatus } from '../../ui/ListStatus'

const KIND: Record<WebhookDeliveryView['kind'], MessageKey> = {
  incoming: 'webhooks.kind.incoming',
  tracking: 'webhooks.kind.tracking',
  device: 'webhooks.kind.device'
}

const STATE: Record<WebhookDeliveryView['state'], { label: MessageKey; tone: string }> = {
  pending: { label: 'webhooks.state.pending', tone: 'badge--progress' },
  delivered: { label: 'webhooks.state.delivered', tone: 'badge--ok' },
  failed: { label: 'webhooks.state.failed', tone: 'badge--bad' }
}

export function WebhookInspector({ deviceId }: { deviceId: string }): React.JSX.Element {
  const t = useT()
  const query = useSandboxQuery(deviceId, () => call('sandbox:webhookDeliveries', { deviceId }))
  const deliveries = query.data?.deliveries ?? null

  return (
    <section className="card" aria-labelledby="inspector-heading" data-testid="webhook-inspector">
      <h3 id="inspector-heading">{t('webhooks.inspector.title')}</h3>
      <p className="muted">{t('webhooks.inspector.intro')}</p>
      <ListStatus
        items={deliveries}
        error={query.error}
        emptyText={t('webhooks.inspector.empty')}
        emptyTestId="webhook-inspector-empty"
      />
      {deliveries !== null && deliveries.length > 0 ? (
        <ul className="delivery-list" aria-label={t('webhooks.inspector.title')}>
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function DeliveryRow({ delivery }: { delivery: WebhookDeliveryView }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const state = STATE[delivery.state]
  return (
    <li
      className="delivery"
      data-testid="webhook-delivery"
      data-kind={delivery.kind}
      data-state={delivery.state}
    >
      <div className="delivery-head">
        <span className={`badge ${state.tone}`}>{t(state.label)}</span>{' '}
        <strong>{t(KIND[delivery.kind])}</strong>{' '}
        <span className="muted small">
          {formatDateTime(delivery.createdAt, locale)} → <span className="ellipsis">{delivery.url}</span>
        </span>
      </div>
      <details>
        <summary>{t('webhooks.payload')}</summary>
        <pre className="payload" data-testid="webhook-payload">
          {JSON.stringify(delivery.payload, null, 2)}
        </pre>
      </details>
      <ol className="attempts" aria-label={t('webhooks.attempts')}>
        {delivery.attempts.map((attempt, index) => (
          <li key={index} data-testid="webhook-attempt">
            <span className="muted small">{formatDateTime(attempt.at, locale)}</span>{' '}
            {attempt.httpStatus === null
              ? t('webhooks.attempt.noAnswer', { error: attempt.error ?? '' })
              : t('webhooks.attempt.http', { status: attempt.httpStatus })}
            {attempt.body ? (
              <pre className="payload payload--answer" aria-label={t('webhooks.answer')}>
                {attempt.body}
              </pre>
            ) : null}
          </li>
        ))}
      </ol>
      {delivery.nextAttemptAt ? (
        <p className="muted small">
          {t('webhooks.nextAttempt', { time: formatDateTime(delivery.nextAttemptAt, locale) })}
        </p>
      ) : null}
      {delivery.replies.length > 0 ? (
        <p data-testid="webhook-replies">{t('webhooks.replies', { text: delivery.replies.join(' · ') })}</p>
      ) : null}
      {delivery.replyNote && delivery.kind === 'incoming' ? (
        <p className="muted small">{t('webhooks.replyNote', { note: delivery.replyNote })}</p>
      ) : null}
    </li>
  )
}
