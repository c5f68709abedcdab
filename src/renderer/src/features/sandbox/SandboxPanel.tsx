// The sandbox panel: in sandbox mode the operator plays the phone, IT support and the gateway (`sandbox:control`).
import { useEffect, useRef, useState } from 'react'
import type { DeviceState, DeviceView, InvokeRequest } from '../../../../shared/contract'
import { stateNameKey } from '../../../../shared/device-status'
import { call } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
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

const GROUPS: { title: MessageKey; actions: SandboxAction[] }[] = [
  { title: 'sandbox.group.phone', actions: ['scan', 'logout', 'open-web', 'offline', 'online'] },
  { title: 'sandbox.group.support', actions: ['activate'] },
  { title: 'sandbox.group.network', actions: ['unreachable', 'reachable', 'expire', 'renew'] }
]

export function SandboxPanel({
  device,
  compact = false
}: {
  device: DeviceView
  compact?: boolean
}): React.JSX.Element {
  const t = useT()
  const [busy, setBusy] = useState<SandboxAction | null>(null)
  const [status, setStatus] = useState('')
  // A control is disabled while it works (and may stay so in the new state), which drops focus to the page:
  // afterwards focus returns to the control pressed, or, where it no longer applies, to the result.
  const pressed = useRef<HTMLButtonElement | null>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const [settled, setSettled] = useState(0)
  useEffect(() => {
    if (settled === 0) return
    const control = pressed.current
    if (control?.isConnected && !control.disabled) control.focus()
    else statusRef.current?.focus()
  }, [settled])

  async function act(action: SandboxAction): Promise<void> {
    setBusy(action)
    setStatus('')
    try {
      const updated = await call('sandbox:control', { deviceId: device.id, action })
      useDevices.getState().upsert(updated)
      setStatus(t('sandbox.done', { action: t(`sandbox.action.${action}`), state: t(stateNameKey(updated)) }))
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
    } finally {
      setBusy(null)
      setSettled((n) => n + 1)
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
              disabled={busy !== null || !AVAILABLE[action](device.state)}
              onClick={(event) => {
                pressed.current = event.currentTarget
                void act(action)
              }}
            >
              {t(`sandbox.action.${action}`)}
            </button>
          ))}
        </div>
      ))}
      <p ref={statusRef} tabIndex={-1} role="status" className="muted" data-testid="sandbox-status">
        {status}
      </p>
    </section>
  )
}
