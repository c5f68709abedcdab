// "Receive messages" per device: a confirmation that names what it replaces (what Sender Desk last saved, or that a
// URL set in the dashboard cannot be read back), an undo, the device-status URL to paste in the dashboard, and the
// rotation of the mailbox's webhook secret.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { DeviceView, InvokeReply, ReceivingReplaced, ReceivingView } from '../../../../shared/contract'
import { adviceKey, deviceStatus, isSandboxDevice } from '../../../../shared/device-status'
import { RenewLink } from '../devices/RenewLink'
import { call, errorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { coreText } from '../../../../shared/i18n/note-text'
import { useDevices } from '../../stores/devices'
import { ConfirmPanel } from '../../ui/ConfirmPanel'
import { cancelOnEscape } from '../../ui/escape'
import { CopyButton } from '../../ui/CopyButton'
import { busyButtonProps } from '../../ui/busy-button'
import { RotatePullToken } from './RotatePullToken'
import { useAskedAction } from '../../ui/use-asked-action'

type Preview = InvokeReply<'inbox:provisionPreview'>

export function ReceivingDevices({
  view,
  onView,
  focusAfterConnect = 0,
  relayConnected,
  relayStopped = null
}: {
  view: ReceivingView
  /**
   * Why no device receives through the mailbox now, and nothing can rotate it (both rotations go to the relay under the
   * pull token): the relay no longer knows the mailbox (lost its storage; a new mailbox, offered above, is what helps,
   * QA30 Q30-08), or it refuses this computer's pull token, which Sender Desk keeps trying and may well resume.
   */
  relayStopped?: 'mailboxLost' | 'tokenRefused' | null
  /** The sync talks to the relay now (its state "connected"). */
  relayConnected: boolean
  onView(view: ReceivingView): void
  /** Counts the mailboxes just connected: each moves the focus here, what the connection produced (the form is gone). */
  focusAfterConnect?: number
}): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    if (focusAfterConnect > 0) headingRef.current?.focus()
  }, [focusAfterConnect])
  return (
    <>
      <section className="card" aria-labelledby="inbox-devices-heading" data-testid="inbox-devices">
        <h3 id="inbox-devices-heading" ref={headingRef} tabIndex={-1}>
          {t('inbox.devices.heading')}
        </h3>
        <p className="muted">{t('inbox.devices.intro')}</p>
        {devices.length === 0 ? <p>{t('inbox.devices.none')}</p> : null}
        <ul className="inbox-devices">
          {devices.map((device) => (
            <DeviceReceiving
              key={device.id}
              device={device}
              receiving={view.devices.find((d) => d.deviceId === device.id)}
              relayStopped={relayStopped}
              onView={onView}
            />
          ))}
        </ul>
      </section>
      <DeviceStatusUrl url={view.deviceStatusUrl} />
      {relayStopped ? null : (
        <>
          <RotateSecret
            onView={onView}
            relayConnected={relayConnected}
            pending={view.secretRotationPending}
          />
          <RotatePullToken />
        </>
      )}
    </>
  )
}

function DeviceReceiving({
  device,
  receiving,
  relayStopped,
  onView
}: {
  device: DeviceView
  receiving: ReceivingView['devices'][number] | undefined
  relayStopped: 'mailboxLost' | 'tokenRefused' | null
  onView(view: ReceivingView): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const [preview, setPreview] = useState<Preview | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [feedback, setFeedback] = useState('')
  const headingId = `inbox-confirm-${device.id}`
  // After each step the focus goes to what it produced (the question's harmless answer, the line saying it now
  // receives, the button to receive again), never to the page: the button pressed is gone by then. Not to Undo after
  // the confirm (an operator's probe): a second Enter undid at once what was just confirmed, with no question.
  // Set before the state change that draws the step's result; taken by the first render where it is enabled.
  const focusNext = useRef<'cancel' | 'receive' | 'said' | null>(null)
  const setFocusNext = (target: 'cancel' | 'receive' | 'said'): void => {
    focusNext.current = target
  }
  const cancelRef = useRef<HTMLButtonElement>(null)
  const receiveRef = useRef<HTMLButtonElement>(null)
  const saidRef = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    if (focusNext.current === null || busy) return
    ;({ cancel: cancelRef, receive: receiveRef, said: saidRef })[focusNext.current].current?.focus()
    focusNext.current = null
  })

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true)
    setError(null)
    setFeedback('')
    try {
      await action()
    } catch (e) {
      setError(errorInfo(e).message)
    } finally {
      setBusy(false)
    }
  }

  const ask = (): Promise<void> =>
    run(async () => {
      setPreview(await call('inbox:provisionPreview', { deviceId: device.id }))
      setFocusNext('cancel')
    })
  const confirm = (): Promise<void> =>
    run(async () => {
      onView(await call('inbox:provision', { deviceId: device.id }))
      setPreview(null)
      // Said, as Undo's result is, and focused: the focus on Undo told a screen reader nothing of it (QA37 Q37-06).
      setFocusNext('said')
      setFeedback(t('inbox.devices.nowReceiving', { device: device.label }))
    })
  const undo = (): Promise<void> =>
    run(async () => {
      const undone = await call('inbox:undoProvision', { deviceId: device.id })
      onView(undone.view)
      setFocusNext('receive')
      const what = undone.notRestored
        .map((field) => t(field === 'webhookUrl' ? 'webhooks.url' : 'webhooks.trackingUrl'))
        .join(', ')
      setFeedback(
        [
          t('inbox.devices.undone', { device: device.label }),
          what ? t('inbox.devices.notRestored', { what }) : ''
        ]
          .filter(Boolean)
          .join(' ')
      )
    })

  /** The question's Cancel (and Esc): nothing changed, the focus back on the button that asked. */
  const cancelPreview = (): void => {
    setPreview(null)
    setFocusNext('receive')
  }

  return (
    <li className="inbox-device" data-testid={`inbox-device-${device.id}`}>
      <p>
        <strong>{device.label}</strong>{' '}
        <span className="muted small" data-testid={`inbox-device-state-${device.id}`}>
          {receiving?.receiving && relayStopped === 'mailboxLost'
            ? t('inbox.devices.mailboxLost')
            : receiving?.receiving && relayStopped === 'tokenRefused'
              ? t('inbox.devices.tokenRefused')
              : receiving?.receiving && receiving.since
                ? t('inbox.devices.receiving', { time: formatDateTimeInZone(receiving.since, locale, zone) })
                : t('inbox.devices.notReceiving')}
        </span>
      </p>
      {preview ? (
        <div
          className="inline-form confirm"
          role="group"
          aria-labelledby={headingId}
          // Made in the handler: cancelPreview moves the focus through a ref, not read while drawing.
          onKeyDown={(event) => cancelOnEscape(cancelPreview, busy)(event)}
        >
          <p id={headingId}>
            <strong>{t('inbox.confirm.heading', { device: device.label })}</strong>
          </p>
          <p>{t('inbox.confirm.sets', { host: preview.relayHost })}</p>
          <Replaces replaces={preview.replaces} device={device.label} />
          <p className="muted small">{t('inbox.confirm.undoNote')}</p>
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              data-testid={`inbox-confirm-${device.id}`}
              {...busyButtonProps(busy)}
              onClick={() => void confirm()}
            >
              {t('inbox.confirm.go')}
            </button>
            <button ref={cancelRef} type="button" className="button" onClick={cancelPreview}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          {receiving?.receiving ? null : deviceStatus(device.state).tokenRefused ? (
            // The gateway would refuse the change with its token: say what helps instead of a button that fails.
            <p className="muted small" data-testid={`inbox-device-blocked-${device.id}`}>
              {t(adviceKey(device))} <RenewLink device={device} />
            </p>
          ) : (
            <button
              ref={receiveRef}
              type="button"
              className="button"
              data-testid={`inbox-receive-${device.id}`}
              {...busyButtonProps(busy)}
              onClick={() => void ask()}
            >
              {t('inbox.devices.receive', { device: device.label })}
            </button>
          )}
          {receiving?.canUndo ? (
            <button
              type="button"
              className="button"
              data-testid={`inbox-undo-${device.id}`}
              {...busyButtonProps(busy)}
              onClick={() => void undo()}
            >
              {t('inbox.devices.undo', { device: device.label })}
            </button>
          ) : null}
        </div>
      )}
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
      <p
        ref={saidRef}
        tabIndex={-1}
        role="status"
        className="feedback feedback--ok"
        data-testid={`inbox-device-feedback-${device.id}`}
      >
        {feedback}
      </p>
    </li>
  )
}

/**
 * What the confirmation names as replaced: the sandbox's own values (of the device named: the first sandbox device is
 * called "Sandbox device", so "the sandbox device's" read as another one), what Sender Desk saved, or that it cannot know.
 */
function Replaces({ replaces, device }: { replaces: ReceivingReplaced; device: string }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  if (replaces.source === 'unknown')
    return <p data-testid="inbox-confirm-replaces">{t('inbox.confirm.replacesUnknown')}</p>
  const none = t('inbox.confirm.none')
  return (
    <div data-testid="inbox-confirm-replaces">
      <p>
        {replaces.source === 'sandbox'
          ? t('inbox.confirm.replacesSandbox', { device })
          : t('inbox.confirm.replacesRemembered', {
              time: formatDateTimeInZone(replaces.savedAt, locale, zone)
            })}
      </p>
      <ul className="small wrap-anywhere">
        <li>{t('inbox.confirm.webhookUrl', { url: replaces.webhookUrl ?? none })}</li>
        <li>{t('inbox.confirm.trackingUrl', { url: replaces.trackingUrl ?? none })}</li>
        <li>
          {t('inbox.confirm.incoming', {
            value: replaces.incoming ? t('inbox.confirm.on') : t('inbox.confirm.off')
          })}
        </li>
      </ul>
      {replaces.source === 'remembered' ? (
        <p className="muted small">{t('inbox.confirm.dashboardSince')}</p>
      ) : null}
    </div>
  )
}

function DeviceStatusUrl({ url }: { url: string | null }): React.JSX.Element {
  const t = useT()
  const sandboxOnly = useDevices((s) => s.devices.length > 0 && s.devices.every(isSandboxDevice))
  return (
    <section
      className="card"
      aria-labelledby="inbox-device-url-heading"
      data-testid="inbox-device-url-section"
    >
      <h3 id="inbox-device-url-heading">{t('inbox.deviceUrl.heading')}</h3>
      <p className="muted">{sandboxOnly ? t('inbox.deviceUrl.sandbox') : t('inbox.deviceUrl.intro')}</p>
      {url ? (
        <>
          <label htmlFor="inbox-device-url-value">{t('inbox.deviceUrl.label')}</label>
          <input
            id="inbox-device-url-value"
            className="wrap-anywhere"
            readOnly
            spellCheck={false}
            value={url}
            data-testid="inbox-device-url-value"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton text={url} label={t('inbox.deviceUrl.copy')} testId="inbox-device-url-copy" />
        </>
      ) : (
        <p className="alert alert--warn">{t('desktop.error.mailboxUrlsUnknown')}</p>
      )}
    </section>
  )
}

/**
 * The rotation's question, with what it also decides: "Stop the old addresses at once" is for this rotation alone, so
 * it is kept here, gone with the question (Cancel, or the rotation done) and unticked at the next (QA49 Q49-04). A
 * failure keeps the question, and the choice, to try again.
 */
function RotateQuestion({
  busy,
  onRotate,
  onKeep
}: {
  busy: boolean
  onRotate(stopOldAtOnce: boolean): void
  onKeep(): void
}): React.JSX.Element {
  const t = useT()
  const [stopOldAtOnce, setStopOldAtOnce] = useState(false)
  return (
    <>
      <label className="checkbox" htmlFor="inbox-rotate-stop-old">
        <input
          id="inbox-rotate-stop-old"
          type="checkbox"
          checked={stopOldAtOnce}
          onChange={(e) => setStopOldAtOnce(e.target.checked)}
        />{' '}
        {t('inbox.rotate.stopOld')}
      </label>
      <ConfirmPanel
        id="inbox-rotate-question"
        question={t('inbox.rotate.confirm')}
        confirmLabel={t('inbox.rotate.go')}
        keepLabel={t('common.cancel')}
        disabled={busy}
        confirmTestId="inbox-rotate-confirm"
        focusOnOpen
        onConfirm={() => onRotate(stopOldAtOnce)}
        onKeep={onKeep}
      />
    </>
  )
}

/** What a rotation did, beside its new URLs: the devices set up with them, and those that could not be. */
interface Rotated {
  reprovisioned: number
  failed: InvokeReply<'inbox:rotateSecret'>['failed']
}

function RotateSecret({
  onView,
  relayConnected,
  pending
}: {
  onView(view: ReceivingView): void
  /** A rotation waits for the relay's answer (the core's, kept across views and reloads; QA30 Q30-02). */
  pending: boolean
  /** The sync talks to the relay: a failure from while it could not be reached is no longer what is true. */
  relayConnected: boolean
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const devices = useDevices((s) => s.devices)
  const { asking, ask, keep, busy, outcome, setOutcome, run, openerRef, failureRef } =
    useAskedAction<Rotated>()
  const wasConnected = useRef(relayConnected)
  useEffect(() => {
    if (relayConnected && !wasConnected.current) setOutcome((now) => (now?.kind === 'failed' ? null : now))
    wasConnected.current = relayConnected
  }, [relayConnected, setOutcome])

  const rotate = (stopOldAtOnce: boolean): Promise<void> =>
    run(async () => {
      const rotated = await call('inbox:rotateSecret', stopOldAtOnce ? { stopOldAtOnce } : {}).catch(
        (error: unknown) => {
          // A lost answer leaves the rotation pending in the core: the view says so once this alert is gone.
          call('inbox:receiving', {}).then(onView, () => undefined)
          throw error
        }
      )
      onView(rotated.view)
      return { reprovisioned: rotated.reprovisioned.length, failed: rotated.failed }
    })

  const label = (id: string): string => devices.find((d) => d.id === id)?.label ?? id
  // The sandbox's stand-in dashboard got the new device-status URL with the rest: only a hosted one needs pasting.
  const sandboxOnly = devices.length > 0 && devices.every(isSandboxDevice)
  const said =
    outcome?.kind === 'done'
      ? [
          t('inbox.rotate.done', { count: outcome.value.reprovisioned }),
          ...(sandboxOnly ? [] : [t('inbox.rotate.paste')]),
          ...outcome.value.failed.map((f) =>
            t('inbox.rotate.failed', {
              device: label(f.deviceId),
              // The core's reason in this language; a gateway's own words inside it stay as they came, quoted.
              message: coreText(language, f.message, f.messageKey, f.messageParams)
            })
          )
        ]
      : []

  return (
    <section className="card" aria-labelledby="inbox-rotate-heading" data-testid="inbox-rotate-section">
      <h3 id="inbox-rotate-heading">{t('inbox.rotate.heading')}</h3>
      <p className="muted">{t('inbox.rotate.intro')}</p>
      {pending ? (
        <p className="alert alert--warn" data-testid="inbox-rotate-pending">
          {t('inbox.rotate.pending')}
        </p>
      ) : null}
      {asking ? (
        <RotateQuestion busy={busy} onRotate={(stopOldAtOnce) => void rotate(stopOldAtOnce)} onKeep={keep} />
      ) : (
        <div className="actions">
          <button ref={openerRef} type="button" className="button" data-testid="inbox-rotate" onClick={ask}>
            {t('inbox.rotate.button')}
          </button>
        </div>
      )}
      {outcome?.kind === 'failed' ? (
        <p className="alert alert--bad" role="alert" ref={failureRef} tabIndex={-1}>
          {errorInfo(outcome.error).message}
        </p>
      ) : null}
      <div role="status" className="feedback feedback--ok" data-testid="inbox-rotate-feedback">
        {said.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </section>
  )
}
