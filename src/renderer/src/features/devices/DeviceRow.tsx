// One device in the devices view: live state, sender, quota, expiry, advice, and its actions (restart, relink,
// check again, token, number, file limit, rename, remove). Each form is its own component under forms/.
import { useLayoutEffect, useRef, useState } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import {
  adviceKey,
  offers,
  isSandboxDevice,
  offersCheckAgain,
  primaryAction,
  quotaUsedUp,
  renewAddress,
  scanActionKey,
  topsUpInSandbox,
  type DeviceAction
} from '../../../../shared/device-status'
import { errorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { formatGatewayTime } from '../../i18n/wall-clock'
import { useOperatorZone } from '../../stores/settings'
import { coreText } from '../../../../shared/i18n/note-text'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { SandboxPanel } from '../sandbox/SandboxPanel'
import { RenewLink } from './RenewLink'
import { StateBadge } from './StateBadge'
import { formatPhoneForReading } from '../../../../shared/domain/phone-display'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { PanelToggle, RowActions, useResultGoesOnOpen, useRowPanel } from '../../ui/RowActions'
import { busyButtonProps } from '../../ui/busy-button'
import { DailyCapForm } from './forms/DailyCapForm'
import { FileLimitForm } from './forms/FileLimitForm'
import { NumberForm } from './forms/NumberForm'
import { RenameForm } from './forms/RenameForm'
import { TokenForm } from './forms/TokenForm'
import type { RunRowAction } from './forms/row-form'
import './devices.css'
import { quotaText } from './quota-text'
import { useDeviceVerdict, type DeviceVerdict } from './device-verdict'
import { RemoveDeviceConfirm } from './RemoveDeviceConfirm'

type Panel = 'rename' | 'number' | 'remove' | 'token' | 'limit' | 'cap'

interface Feedback {
  tone: 'ok' | 'bad'
  text: string
}

export function DeviceRow({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  // Every time on the card on the operator's clock, named, as the rest of the window.
  const zone = useOperatorZone()
  const { restart, refresh, remove } = useDevices.getState()
  const panels = useRowPanel<Panel>()
  const sandboxDetails = useRef<HTMLDetailsElement>(null)
  // The attention strip's "Enter the token again" and the tray's "Enter token…" ask for this row's token form: it
  // opens as from its own button, so the focus goes into the field, and back to that button when the form closes. The
  // tray's "Renew…" asks for where the subscription is renewed. Only what the state still offers is taken up. The
  // tray's "Info…" asks for the card itself: brought into view, the focus on its heading (after the view's own). The
  // strip's "Top up" (a sandbox device's used-up quota) asks for its Sandbox controls' top-up, as the card's own does.
  // A failed message's "Change the file-size limit" asks for its limit form, opened as from its own button.
  const asked = useNavigation((state) =>
    state.deviceAsk?.deviceId === device.id ? state.deviceAsk.action : null
  )
  const heading = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    if (!asked) return
    useNavigation.getState().takeDeviceAsk()
    if (asked === 'show') {
      heading.current?.scrollIntoView?.({ block: 'start' })
      heading.current?.focus()
      return
    }
    if (asked === 'topUp') {
      if (topsUpInSandbox(device)) topUpControl(sandboxDetails.current)
      return
    }
    // Opened as from its own button: that button focused first, so the panel returns the focus there on closing.
    const openPanel = (panel: 'token' | 'limit'): void => {
      document.querySelector<HTMLElement>(`[data-testid="${panel}-${device.id}"]`)?.focus()
      if (panels.open !== panel) panels.toggle(panel)
    }
    if (asked === 'fileLimit') {
      openPanel('limit')
      return
    }
    if (!offers(device.state, asked)) return
    if (asked === 'renew') {
      renewControl(device.id, sandboxDetails.current)?.focus()
      return
    }
    openPanel('token')
  }, [asked, device, panels])
  const [busy, setBusy] = useState<string | null>(null)
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  // A restart the gateway took, or a check again: its verdict is read from the device's live state, not fixed when
  // the reply came, so a device that connects a few seconds later is not left under a red "still Disconnected".
  const { verdict, follow } = useDeviceVerdict(device, t)
  const id = device.id
  // A sandbox device's used-up quota: its top-up is what helps, before any check (QA44 Q44-01).
  const topUpFirst = topsUpInSandbox(device)
  const primary = topUpFirst ? null : primaryAction(device.state)
  const buttonClass = (action: DeviceAction): string =>
    action === primary ? 'button button--primary' : 'button'

  const feedbackRef = useRef<HTMLParagraphElement>(null)
  const actionStarts = useFocusAfterAction(busy !== null, feedbackRef)
  const run: RunRowAction = async (action, work) => {
    actionStarts()
    setBusy(action)
    setFeedback(null)
    follow(null)
    try {
      const text = await work()
      if (text) setFeedback({ tone: 'ok', text })
    } catch (error) {
      setFeedback({ tone: 'bad', text: errorInfo(error).message })
    } finally {
      setBusy(null)
    }
  }
  const formProps = { device, busy: busy !== null, run, onClose: panels.close }
  useResultGoesOnOpen(panels.open, () => setFeedback(null))

  const quota = quotaText(device, t)
  const shown: Feedback | DeviceVerdict | null = verdict ?? feedback

  return (
    // A J / K stop, named by its heading.
    <li
      className="card device"
      data-testid={`device-row-${id}`}
      data-row-focus
      tabIndex={-1}
      aria-labelledby={`device-title-${id}`}
    >
      <div className="device-head">
        <h3 id={`device-title-${id}`} className="device-title" ref={heading} tabIndex={-1}>
          {device.label}
          {isSandboxDevice(device) ? <span className="tag">{t('devices.sandboxTag')}</span> : null}
        </h3>
        <StateBadge id={id} device={device} />
      </div>
      {/* The gateway answered 429: a device "Connected" sends nothing until its next try, as its rows and campaign say. */}
      {device.gatewayHold ? (
        <p className="muted" data-testid={`device-hold-${id}`}>
          {t('devices.gatewayHold', { until: formatDateTimeInZone(device.gatewayHold.until, locale, zone) })}
        </p>
      ) : null}
      <dl className="facts">
        <div>
          <dt>{t('devices.sender')}</dt>
          <dd data-testid={`device-sender-${id}`}>
            {device.sender ? formatPhoneForReading(device.sender) : t('common.none')}
          </dd>
        </div>
        <div>
          <dt>{t('devices.quota')}</dt>
          <dd data-testid={`device-quota-${id}`}>{quota}</dd>
        </div>
        <div>
          {/* The cap's count: every message at its first try, taken by the gateway or not, so not called "sent
              today", which the Overview counts by what the gateway took (issue 29). */}
          <dt>{t('devices.capToday')}</dt>
          <dd data-testid={`device-cap-today-${id}`}>
            {t(
              !device.dailyCap
                ? 'devices.capToday.uncapped'
                : (device.sentToday?.count ?? 0) >= device.dailyCap
                  ? 'devices.capToday.over'
                  : 'devices.capToday.capped',
              { count: device.sentToday?.count ?? 0, cap: device.dailyCap ?? 0 }
            )}
            {/* The count starts again at the device's midnight (in its zone): said as the moment it does. */}
            {device.sentToday
              ? ` · ${t('devices.capToday.resets', { at: formatDateTimeInZone(device.sentToday.resetsAt, locale, zone) })}`
              : null}
          </dd>
        </div>
        <div>
          <dt>{t('devices.expires')}</dt>
          {/* In the window's zone like the card's other times (the gateway writes it on its own clock); an ended
              one stands out. */}
          <dd
            data-testid={`device-expires-${id}`}
            className={device.state === 'expired' ? 'device-expired' : undefined}
          >
            {device.state === 'expired' && !endedOn(device.expiresBy)
              ? t('overview.expiry.past')
              : device.expiresAt
                ? formatGatewayTime(device.expiresAt, locale, zone)
                : t('common.unknown')}
            {device.state === 'expired' && endedOn(device.expiresBy) ? ` (${t('devices.expired')})` : null}
          </dd>
        </div>
        <div>
          <dt>{t('devices.serial')}</dt>
          <dd>{device.serial ?? t('common.none')}</dd>
        </div>
        <div>
          <dt>{t('devices.token')}</dt>
          <dd>{device.tokenHint}</dd>
        </div>
        <div>
          <dt>{t('devices.checked')}</dt>
          <dd data-testid={`device-checked-${id}`}>
            {device.lastCheckedAt
              ? formatDateTimeInZone(device.lastCheckedAt, locale, zone)
              : t('common.never')}
            {/* Polled at the safety cadence, not the setting's: say why the time may be minutes old. */}
            {device.statusPushed && device.checkEverySec ? (
              <span className="muted small" data-testid={`device-pushed-${id}`}>
                {' · '}
                {t('devices.checkedPushed', { minutes: Math.round(device.checkEverySec / 60) })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <div className="device-note" data-testid={`device-note-${id}`}>
        {/* The advice (in the operator's language, from the one state mapping) comes first; the gateway's or core's
            own words are kept apart (the core's in the operator's language, the gateway's as they came) rather than run into the sentence the operator reads. */}
        {device.state !== 'connected' || quotaUsedUp(device) ? <p>{t(adviceKey(device))}</p> : null}
        {/* An ended subscription: where it is renewed (the gateway's dashboard; the sandbox's panel renews its own). */}
        {renewAddress(device) ? (
          <p>
            <RenewLink device={device} />
          </p>
        ) : null}
        {device.stateNote ? (
          <details className="device-details">
            <summary>{t('devices.note.details')}</summary>
            <p className="muted" dir="auto">
              {coreText(language, device.stateNote, device.stateNoteKey, device.stateNoteParams)}
            </p>
          </details>
        ) : null}
      </div>
      <RowActions label={t('devices.actionsFor', { label: device.label })}>
        {offers(device.state, 'restart') ? (
          <button
            type="button"
            className={buttonClass('restart')}
            data-testid={`restart-${id}`}
            {...busyButtonProps(
              busy !== null,
              () =>
                void run('restart', async () => {
                  const reply = await restart(id)
                  follow(reply.via)
                  return null
                })
            )}
          >
            {busy === 'restart' ? t('devices.restart.busy') : t('devices.restart')}
          </button>
        ) : null}
        {offers(device.state, 'relink') ? (
          <button
            type="button"
            className={buttonClass('relink')}
            data-testid={`relink-${id}`}
            onClick={() => void useLinking.getState().open(id)}
          >
            {t(scanActionKey(device))}
          </button>
        ) : null}
        {topUpFirst ? (
          <button
            type="button"
            className="button button--primary"
            data-testid={`top-up-${id}`}
            onClick={() => topUpControl(sandboxDetails.current)}
          >
            {t('devices.topUp')}
          </button>
        ) : null}
        {offersCheckAgain(device) ? (
          <button
            type="button"
            className={topUpFirst ? 'button' : 'button button--primary'}
            data-testid={`check-again-${id}`}
            {...busyButtonProps(
              busy !== null,
              () =>
                void run('check', async () => {
                  await refresh(id)
                  follow('check')
                  return null
                })
            )}
          >
            {busy === 'check' ? t('devices.checkAgain.busy') : t('devices.checkAgain')}
          </button>
        ) : null}
        {/* A token the keyring cannot give back, or one the gateway refuses, can be entered again here. */}
        {offers(device.state, 'enterToken') ? (
          <PanelToggle
            panels={panels}
            panel="token"
            className="button button--primary"
            testId={`token-${id}`}
          >
            {t('devices.token.enter')}
          </PanelToggle>
        ) : null}
        <PanelToggle panels={panels} panel="number" testId={`change-number-${id}`}>
          {t('devices.number')}
        </PanelToggle>
        <PanelToggle panels={panels} panel="limit" testId={`limit-${id}`}>
          {t('devices.limit')}
        </PanelToggle>
        <PanelToggle panels={panels} panel="cap" testId={`cap-${id}`}>
          {t('devices.cap')}
        </PanelToggle>
        <PanelToggle panels={panels} panel="rename" testId={`rename-${id}`}>
          {t('devices.rename')}
        </PanelToggle>
        <PanelToggle panels={panels} panel="remove" className="button button--danger" testId={`remove-${id}`}>
          {t('devices.remove')}
        </PanelToggle>
      </RowActions>

      {panels.open === 'rename' ? <RenameForm {...formProps} /> : null}
      {panels.open === 'limit' ? <FileLimitForm {...formProps} /> : null}
      {panels.open === 'cap' ? <DailyCapForm {...formProps} /> : null}
      {panels.open === 'token' ? <TokenForm {...formProps} /> : null}
      {panels.open === 'number' ? <NumberForm {...formProps} /> : null}
      {panels.open === 'remove' ? (
        <RemoveDeviceConfirm
          device={device}
          disabled={busy !== null}
          onConfirm={(keepGatewayReminders, refused) =>
            void run('remove', async () => {
              try {
                await remove(id, keepGatewayReminders)
              } catch (error) {
                refused(errorInfo(error).code === 'reminder_not_deleted')
                throw error
              }
              return null
            })
          }
          onKeep={panels.close}
        />
      ) : null}

      <p
        ref={feedbackRef}
        tabIndex={-1}
        role="status"
        className={shown ? `feedback feedback--${shown.tone}` : 'feedback'}
        data-testid={`device-feedback-${id}`}
      >
        {shown?.text ?? ''}
      </p>

      {isSandboxDevice(device) ? (
        <details ref={sandboxDetails} className="sandbox-details">
          <summary>{t('sandbox.title')}</summary>
          <SandboxPanel device={device} compact />
        </details>
      ) : null}
    </li>
  )
}

/**
 * Where the card renews an ended subscription, for the tray's "Renew…": the gateway host's link, the sandbox panel's
 * own renewal (its section opened), or else "Check again", which follows a renewal made elsewhere.
 */
function renewControl(deviceId: string, sandboxDetails: HTMLDetailsElement | null): HTMLElement | null {
  const link = document.querySelector<HTMLElement>(`[data-testid="renew-link-${deviceId}"]`)
  if (link) return link
  const sandboxRenew = sandboxDetails?.querySelector<HTMLButtonElement>('[data-testid="sandbox-renew"]')
  if (sandboxDetails && sandboxRenew && !sandboxRenew.disabled) {
    sandboxDetails.open = true
    return sandboxRenew
  }
  return document.querySelector<HTMLElement>(`[data-testid="check-again-${deviceId}"]`)
}

/** A sandbox quota's top-up, for the card's and the strip's "Top up": its Sandbox controls opened, in view, on it. */
function topUpControl(sandboxDetails: HTMLDetailsElement | null): void {
  const control = sandboxDetails?.querySelector<HTMLButtonElement>('[data-testid="sandbox-top-up"]')
  if (!sandboxDetails || !control) return
  sandboxDetails.open = true
  control.scrollIntoView?.({ block: 'center' })
  control.focus()
}

/**
 * The expiry an ended subscription shows beside "ended": only a date already past. The state may come by push while
 * the date is the one last read, from before it ended (a year ahead); "30 Nov 2027 (ended)" would contradict itself.
 */
function endedOn(expiresBy: string | undefined): boolean {
  if (!expiresBy) return false
  const at = Date.parse(expiresBy)
  return !Number.isNaN(at) && at <= Date.now()
}
