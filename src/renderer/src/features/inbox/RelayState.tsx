// The relay's state as the operator reads it: connected, catching up, unreachable, refused, full or not set up, with
// the time of the last successful pull and, when something is wrong, the reason and what to do. Words and a symbol,
// never colour alone; the same mapping as the tray's line (src/shared/relay-status.ts). A card when it needs the
// operator (or is not set up), one line when all is well.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { InboxStatusView } from '../../../../shared/contract'
import { relayStatus, type RelayHealth } from '../../../../shared/relay-status'
import { coreText } from '../../../../shared/i18n/note-text'
import { call, errorInfo } from '../../api'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { busyButtonProps } from '../../ui/busy-button'
import { CopyButton } from '../../ui/CopyButton'
import { useNow } from '../../ui/use-now'

const HINT: Partial<Record<RelayHealth, MessageKey>> = {
  full: 'relay.hint.full',
  'near-full': 'relay.hint.near-full',
  unreachable: 'relay.hint.unreachable',
  'auth-retrying': 'relay.hint.auth-retrying',
  'auth-refused': 'relay.hint.auth-refused',
  locked: 'relay.hint.locked',
  failing: 'relay.hint.failing',
  'cursor-ahead': 'relay.hint.cursor-ahead'
}

/** The states the sync tries again by itself, on a backoff. */
const TRIED_AGAIN = new Set<RelayHealth>(['unreachable', 'failing', 'auth-retrying', 'auth-refused'])
/** Still refused after a try: said as a refusal, not as a relay that cannot be reached (it answered). */
const REFUSED = new Set<RelayHealth>(['auth-retrying', 'auth-refused'])

/**
 * The relay is down or refusing, and the sync backs off on its own (up to minutes): "Try now" is offered, so the
 * operator who fixed the relay need not wait, and another relay (a new mailbox, once refused) as its equal.
 */
export function relayCanTryNow(status: InboxStatusView): boolean {
  const { health } = relayStatus(status)
  return TRIED_AGAIN.has(health)
}

export function RelayState({
  status,
  relayUrl,
  onThisComputer,
  onStatus,
  children
}: {
  status: InboxStatusView
  relayUrl: string | null
  /** The relay is the one this app runs on this computer (its address is a loopback port, not a place to name). */
  onThisComputer: boolean
  /** A status the window asked for itself ("Try now"), before the core's next `inbox:changed`. */
  onStatus(status: InboxStatusView): void
  /** What the operator can do about the relay (another relay), at the end of the card or the line. */
  children?: ReactNode
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const zone = useOperatorZone()
  const relay = relayStatus(status)
  const hint = HINT[relay.health]
  const showsContact = relay.health !== 'not-set-up'
  // All is well: one line, so the conversations the operator works from start near the top.
  const quiet = showsContact && !relay.needsAttention
  const canTryNow = relayCanTryNow(status)
  // A refusal being tried again says why in its words already; its note would only repeat them.
  const showsReason = relay.needsAttention && relay.health !== 'auth-retrying'
  const headingRef = useRef<HTMLHeadingElement>(null)
  return (
    <section
      className={quiet ? 'inbox-relay inbox-relay--quiet' : 'card inbox-relay'}
      aria-labelledby="inbox-relay-heading"
      data-testid="inbox-relay"
    >
      {/* The heading names the relay once and the badge says its state: read together, and announced as one when the
          state changes (QA: "Relay" in the heading and again in "Relay: connected"). */}
      <div className="inbox-relay-title" role="status" aria-atomic="true" data-testid="inbox-relay-title">
        <h3 id="inbox-relay-heading" ref={headingRef} tabIndex={-1}>
          {t('inbox.relay.heading')}
        </h3>
        <p data-testid="inbox-relay-state" data-health={relay.health}>
          <span className={`badge badge--${relay.tone}`}>
            <span aria-hidden="true" className="badge-symbol">
              {relay.symbol}
            </span>
            {t(`relay.state.${relay.health}`, relay.wordParams)}
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
            ? t('inbox.relay.lastPull', { time: formatDateTimeInZone(status.lastContactAt, locale, zone) })
            : t('inbox.relay.neverPulled')}
        </p>
      ) : null}
      {showsReason && status.detail ? (
        <p className="small" data-testid="inbox-relay-reason">
          {t('inbox.relay.reason', {
            detail: coreText(language, status.detail, status.detailKey, status.detailParams)
          })}
        </p>
      ) : null}
      {relay.needsAttention && status.retryAt ? <NextTry at={status.retryAt} /> : null}
      {hint ? (
        <p
          className={relay.tone === 'bad' ? 'alert alert--bad' : 'alert alert--warn'}
          data-testid="inbox-relay-hint"
        >
          {t(hint)}
        </p>
      ) : null}
      {canTryNow ? <TryNow onStatus={onStatus} onGone={() => headingRef.current?.focus()} /> : null}
      {children}
    </section>
  )
}

/**
 * When the sync tries again, counting down ("in 42 s", "in 4 min"): a wall-clock time to the minute read as already
 * past while its minute lasted (QA21 Q21-06). Due, it is being tried.
 */
function NextTry({ at }: { at: string }): React.JSX.Element {
  const t = useT()
  const now = useNow(1000)
  const left = Date.parse(at) - now
  return (
    <p className="small" data-testid="inbox-relay-retry">
      {left <= 0
        ? t('inbox.relay.retryingNow')
        : left < 60_000
          ? t('inbox.relay.retryInSeconds', { seconds: Math.ceil(left / 1000) })
          : t('inbox.relay.retryInMinutes', { minutes: Math.ceil(left / 60_000) })}
    </p>
  )
}

/**
 * "Try now" while the relay cannot be reached or refuses the pull token (or our side failed): a pull at once. Drawn
 * only while it is wanted, so what it said goes with the outage. Still down or refused, the focus stays on the button
 * and a line says so (the badge's words did not change); back, the focus goes to the relay's heading, the state the
 * try produced.
 */
function TryNow({
  onStatus,
  onGone
}: {
  onStatus(status: InboxStatusView): void
  onGone(): void
}): React.JSX.Element {
  const t = useT()
  const [busy, setBusy] = useState(false)
  /** What the try found when the relay is still not pulled from: down (or failing), or refusing the token. */
  const [stillDown, setStillDown] = useState<'down' | 'refused' | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef(false)
  useLayoutEffect(() => {
    if (!focusAfter.current || busy) return
    focusAfter.current = false
    buttonRef.current?.focus()
  })

  async function tryNow(): Promise<void> {
    setBusy(true)
    setFailure(null)
    setStillDown(null)
    try {
      const next = await call('inbox:tryNow', {})
      const { health } = relayStatus(next)
      onStatus(next)
      if (!TRIED_AGAIN.has(health)) {
        onGone()
        return
      }
      setStillDown(REFUSED.has(health) ? 'refused' : 'down')
    } catch (error) {
      setFailure(error)
    }
    focusAfter.current = true
    setBusy(false)
  }

  return (
    <>
      <div className="actions">
        <button
          ref={buttonRef}
          type="button"
          className="button"
          data-testid="inbox-relay-try-now"
          {...busyButtonProps(busy)}
          onClick={() => void tryNow()}
        >
          {busy ? t('inbox.relay.trying') : t('inbox.relay.tryNow')}
        </button>
      </div>
      <p role="status" className="small" data-testid="inbox-relay-tried">
        {stillDown === 'refused'
          ? t('inbox.relay.stillRefused')
          : stillDown === 'down'
            ? t('inbox.relay.stillDown')
            : failure !== null
              ? errorInfo(failure).message
              : ''}
      </p>
    </>
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
