// The sandbox panel: in sandbox mode the operator plays the phone, IT support and the gateway (`sandbox:control`),
// and tops up a spent or low quota as a package bought again would (`sandbox:topUp`).
import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react'
import type { DeviceState, DeviceView, InvokeRequest } from '../../../../shared/contract'
import { isSandboxDevice, stateNameKey } from '../../../../shared/device-status'
import { call } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { busyButtonProps, type BusyButtonProps } from '../../ui/busy-button'
import { useDevices } from '../../stores/devices'
import { quotaText } from '../devices/quota-text'
import './sandbox.css'

type SandboxAction = InvokeRequest<'sandbox:control'>['action']

/** The actions that make sense in each state: the others are shown disabled, so the buttons tell the state. */
const AVAILABLE: Record<SandboxAction, (state: DeviceState) => boolean> = {
  scan: (s) => s === 'needs-scan',
  activate: (s) => s === 'awaiting-activation',
  logout: (s) => s === 'connected' || s === 'disconnected' || s === 'awaiting-activation',
  'open-web': (s) => s === 'connected',
  offline: (s) => s === 'connected',
  online: (s) => s === 'disconnected',
  expire: (s) => s !== 'expired' && s !== 'unreachable',
  renew: (s) => s === 'expired',
  unreachable: (s) => s !== 'unreachable',
  reachable: (s) => s === 'unreachable'
}

/** What the sandbox gateway does for all its devices at once: the card's device is one of them (QA72). */
const GATEWAY_WIDE: ReadonlySet<SandboxAction> = new Set(['unreachable', 'reachable'])

const GROUPS: { title: MessageKey; actions: SandboxAction[] }[] = [
  { title: 'sandbox.group.phone', actions: ['scan', 'logout', 'open-web', 'offline', 'online'] },
  { title: 'sandbox.group.support', actions: ['activate'] },
  { title: 'sandbox.group.network', actions: ['unreachable', 'reachable', 'expire', 'renew'] }
]

/** What one top-up may buy; the default is what a new sandbox device starts with. */
const TOP_UP_AMOUNTS = [100, 500, 1000, 5000] as const
const DEFAULT_TOP_UP = 1000
/** At or below this many messages left the quota is low: the top-up is offered (above it, shown disabled). */
const LOW_QUOTA = 100

/** Whether a top-up applies: a quota spent or low; one without a limit has no control at all. */
function quotaIsLow(quota: DeviceView['quota']): boolean {
  return typeof quota === 'number' && quota <= LOW_QUOTA
}

export function SandboxPanel({
  device,
  compact = false
}: {
  device: DeviceView
  compact?: boolean
}): React.JSX.Element {
  const t = useT()
  const sandboxDevices = useDevices((state) => state.devices.filter(isSandboxDevice).length)
  const [busy, setBusy] = useState<SandboxAction | 'topUp' | null>(null)
  const [status, setStatus] = useState('')
  // The device's state the line was said under: it says "the device is now …", which is stale once the state moves
  // on by itself (an operator's probe: "…now Disconnected" under a Connected badge after a Restart on the card).
  const [saidUnder, setSaidUnder] = useState<DeviceState | null>(null)
  const [stateSeen, setStateSeen] = useState(device.state)
  if (device.state !== stateSeen) {
    setStateSeen(device.state)
    if (status !== '' && saidUnder !== null && device.state !== saidUnder) {
      setStatus('')
      setSaidUnder(null)
    }
  }
  const [amount, setAmount] = useState<number>(DEFAULT_TOP_UP)
  const amountId = useId()
  const topUpWhenId = useId()
  const topUpOffered = quotaIsLow(device.quota)
  // The control pressed keeps the focus while it works (said busy, never disabled: Chromium would drop the focus to
  // the page). Afterwards the focus is on it again; one that no longer applies (Make the gateway unreachable, done)
  // is said unavailable until the focus leaves it, then disabled as the others are (QA74: the focus went to the line
  // at the end of the panel). The result line takes it only where the control is gone.
  const pressed = useRef<HTMLButtonElement | null>(null)
  const [keptFocusable, setKeptFocusable] = useState<SandboxAction | 'topUp' | null>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const [settled, setSettled] = useState(0)
  useLayoutEffect(() => {
    if (settled === 0) return
    const control = pressed.current
    // Focus moved meanwhile stays where it went: the wizard's connected step took it as the scan linked the device
    // (QA75: the line took it back, the next Tab on "Skip to content").
    const active = document.activeElement
    if (active !== null && active !== document.body && active !== control) return
    if (control?.isConnected && !control.disabled) control.focus()
    else statusRef.current?.focus()
  }, [settled])

  async function act(action: SandboxAction): Promise<void> {
    setBusy(action)
    setStatus('')
    try {
      const updated = await call('sandbox:control', { deviceId: device.id, action })
      useDevices.getState().upsert(updated)
      const words = { action: t(`sandbox.action.${action}`), state: t(stateNameKey(updated)) }
      setStatus(
        // Reachable again, each device goes back to its own state: this card's is said.
        action === 'unreachable' && sandboxDevices > 1
          ? t('sandbox.doneGateway', { ...words, count: sandboxDevices })
          : t('sandbox.done', words)
      )
      setSaidUnder(updated.state)
    } catch {
      // The sandbox answers in developer terms; the operator needs to know only that this step does not apply now,
      // or, for a scan while a scan is needed, what comes first: no code is shown (or it expired) until a relink.
      setStatus(
        action === 'scan' && device.state === 'needs-scan'
          ? t('sandbox.refused.noCode', { relink: t('devices.relink'), scan: t('sandbox.action.scan') })
          : t('sandbox.refused', {
              action: t(`sandbox.action.${action}`),
              state: t(stateNameKey(device))
            })
      )
      setSaidUnder(device.state)
    } finally {
      setBusy(null)
      setSettled((n) => n + 1)
    }
  }

  async function topUp(): Promise<void> {
    setBusy('topUp')
    setStatus('')
    const action = t('sandbox.topUp.action')
    try {
      const updated = await call('sandbox:topUp', { deviceId: device.id, amount })
      useDevices.getState().upsert(updated)
      setStatus(t('sandbox.topUp.done', { action, left: quotaText(updated, t) }))
      setSaidUnder(updated.state)
    } catch {
      setStatus(t('sandbox.refused', { action, state: t(stateNameKey(device)) }))
      setSaidUnder(device.state)
    } finally {
      setBusy(null)
      setSettled((n) => n + 1)
    }
  }

  /** A control pressed: kept, for the focus to come back to, and its work started (busyButtonProps stops a press while
   *  one runs). */
  function press(
    event: MouseEvent<HTMLButtonElement>,
    control: SandboxAction | 'topUp',
    work: () => Promise<void>
  ): void {
    pressed.current = event.currentTarget
    setKeptFocusable(control)
    void work()
  }

  /**
   * What a control needs to be disabled where it does not apply, unless it is the one pressed and still holding the
   * focus: that one is said unavailable (and a press does nothing) until the focus moves on. The window losing the
   * focus (no element taking it, the document without it) is no moving on.
   */
  function availability(
    control: SandboxAction | 'topUp',
    applies: boolean
  ): { disabled: boolean; onBlur(event: FocusEvent<HTMLButtonElement>): void } & BusyButtonProps {
    const kept = !applies && keptFocusable === control
    return {
      disabled: !applies && !kept,
      ...busyButtonProps(busy !== null || kept),
      onBlur: (event) => {
        if (keptFocusable === control && (event.relatedTarget !== null || document.hasFocus()))
          setKeptFocusable(null)
      }
    }
  }

  return (
    <section
      className={compact ? 'sandbox-panel sandbox-panel--compact' : 'sandbox-panel'}
      aria-label={t('sandbox.title')}
      data-testid="sandbox-panel"
    >
      {!compact ? <h3>{t('sandbox.title')}</h3> : null}
      <p className="muted">{t('sandbox.intro')}</p>
      {GROUPS.map((group) => (
        <div key={group.title} className="sandbox-group" role="group" aria-label={t(group.title)}>
          <span className="sandbox-group-title">{t(group.title)}</span>
          {group.actions.map((action) => (
            <button
              key={action}
              type="button"
              className="button button--small"
              data-testid={`sandbox-${action}`}
              {...availability(action, AVAILABLE[action](device.state))}
              onClick={(event) => press(event, action, () => act(action))}
            >
              {t(`sandbox.action.${action}`)}
            </button>
          ))}
          {group.actions.some((action) => GATEWAY_WIDE.has(action)) && sandboxDevices > 1 ? (
            <span className="muted">{t('sandbox.gatewayShared', { count: sandboxDevices })}</span>
          ) : null}
        </div>
      ))}
      {device.quota !== 'unlimited' ? (
        <div className="sandbox-group" role="group" aria-label={t('sandbox.group.quota')}>
          <span className="sandbox-group-title">{t('sandbox.group.quota')}</span>
          <label htmlFor={amountId}>{t('sandbox.topUp.amount')}</label>
          <select
            id={amountId}
            data-testid="sandbox-top-up-amount"
            value={amount}
            disabled={busy !== null}
            onChange={(event) => setAmount(Number(event.target.value))}
          >
            {TOP_UP_AMOUNTS.map((choice) => (
              <option key={choice} value={choice}>
                {t('sandbox.topUp.option', { count: choice })}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--small"
            data-testid="sandbox-top-up"
            aria-describedby={topUpOffered ? undefined : topUpWhenId}
            {...availability('topUp', topUpOffered)}
            onClick={(event) => press(event, 'topUp', topUp)}
          >
            {t('sandbox.topUp.action')}
          </button>
          {/* A disabled button says nothing by itself: why it waits, and until when. */}
          {!topUpOffered ? (
            <span id={topUpWhenId} className="muted" data-testid="sandbox-top-up-when">
              {t('sandbox.topUp.when', { count: LOW_QUOTA })}
            </span>
          ) : null}
        </div>
      ) : null}
      <p ref={statusRef} tabIndex={-1} role="status" className="muted" data-testid="sandbox-status">
        {status}
      </p>
    </section>
  )
}
