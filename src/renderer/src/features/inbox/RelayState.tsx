// The relay's state as the operator reads it: connected, catching up, unreachable, refused, full or not set up, with
// the time of the last successful pull and, when something is wrong, the reason and what to do. Words and a symbol,
// never colour alone; the same mapping as the tray's line (src/shared/relay-status.ts). A card when it needs the
// operator (or is not set up), one line when all is well.
import type { ReactNode } from 'react'
import type { InboxStatusView } from '../../../../shared/contract'
import { relayStatus, type RelayHealth } from '../../../../shared/relay-status'
import { coreText } from '../../../../shared/i18n/note-text'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { CopyButton } from '../../ui/CopyButton'

const HINT: Partial<Record<RelayHealth, MessageKey>> = {
  full: 'relay.hint.full',
  'near-full': 'relay.hint.near-full',
  unreachable: 'relay.hint.unreachable',
  'auth-refused': 'relay.hint.auth-refused',
  locked: 'relay.hint.locked',
  failing: 'relay.hint.failing',
  'cursor-ahead': 'relay.hint.cursor-ahead'
}

export function RelayState({
  status,
  relayUrl,
  onThisComputer,
  children
}: {
  status: InboxStatusView
  relayUrl: string | null
  /** The relay is the one this app runs on this computer (its address is a loopback port, not a place to name). */
  onThisComputer: boolean
  /** What the operator can do about the relay (another relay), at the end of the card or the line. */
  children?: ReactNode
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const relay = relayStatus(status)
  const hint = HINT[relay.health]
  const showsContact = relay.health !== 'not-set-up'
  // All is well: one line, so the conversations the operator works from start near the top.
  const quiet = showsContact && !relay.needsAttention
  return (
    <section
      className={quiet ? 'inbox-relay inbox-relay--quiet' : 'card inbox-relay'}
      aria-labelledby="inbox-relay-heading"
      data-testid="inbox-relay"
    >
      {/* The heading names the relay once and the badge says its state: read together, and announced as one when the
          state changes (QA: "Relay" in the heading and again in "Relay: connected"). */}
      <div className="inbox-relay-title" role="status" aria-atomic="true" data-testid="inbox-relay-title">
        <h3 id="inbox-relay-heading">{t('inbox.relay.heading')}</h3>
        <p data-testid="inbox-relay-state" data-health={relay.health}>
          <span className={`badge badge--${relay.tone}`}>
            <span aria-hidden="true" className="badge-symbol">
              {relay.symbol}
            </span>
            {t(`relay.state.${relay.health}`, { count: relay.behind })}
          </span>
        </p>
      </div>
      {status.mailbox && relayUrl ? (
        <p className="muted small" data-testid="inbox-relay-where">
          {onThisComputer
            ? t('inbox.relay.where.here')
            : t('inbox.relay.where.host', { host: hostOf(relayUrl) })}
        </p>
      ) : null}
      {/* The mailbox's id is for support: one keypress away, to select or copy (a tooltip reached no keyboard). */}
      {status.mailbox ? (
        <details className="inbox-relay-mailbox small" data-testid="inbox-relay-mailbox">
          <summary>{t('inbox.relay.mailbox.show')}</summary>
          <code className="selectable">{status.mailbox}</code>{' '}
          <CopyButton
            text={status.mailbox}
            label={t('inbox.relay.mailbox.copy')}
            className="button button--link"
          />
        </details>
      ) : null}
      {showsContact ? (
        <p className="small" data-testid="inbox-relay-last-pull">
          {status.lastContactAt
            ? t('inbox.relay.lastPull', { time: formatDateTimeInZone(status.lastContactAt, locale) })
            : t('inbox.relay.neverPulled')}
        </p>
      ) : null}
      {relay.needsAttention && status.detail ? (
        <p className="small" data-testid="inbox-relay-reason">
          {t('inbox.relay.reason', {
            detail: coreText(language, status.detail, status.detailKey, status.detailParams)
          })}
        </p>
      ) : null}
      {relay.needsAttention && status.retryAt ? (
        <p className="small">
          {t('inbox.relay.retryAt', { time: formatDateTimeInZone(status.retryAt, locale) })}
        </p>
      ) : null}
      {hint ? (
        <p
          className={relay.tone === 'bad' ? 'alert alert--bad' : 'alert alert--warn'}
          data-testid="inbox-relay-hint"
        >
          {t(hint)}
        </p>
      ) : null}
      {children}
    </section>
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
