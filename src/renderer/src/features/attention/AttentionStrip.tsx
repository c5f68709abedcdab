// The in-window strip for what needs the operator: devices (which, what happened, the one action that helps) and
// scheduled messages held for a decision because they came due while the app was closed.
import { useState } from 'react'
import './attention.css'
import type { DeviceView } from '../../../../shared/contract'
import {
  adviceKey,
  deviceStatus,
  renewAddress,
  quotaUsedUp,
  scanActionKey,
  stateNameKey,
  type DeviceAction
} from '../../../../shared/device-status'
import { errorInfo } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { RenewLink } from '../devices/RenewLink'

const ACTION_LABEL: Record<DeviceAction, MessageKey> = {
  restart: 'devices.restart',
  relink: 'devices.relink',
  renew: 'devices.checkAgain',
  checkNetwork: 'devices.checkAgain',
  enterToken: 'devices.token.enter'
}

/** An item's one action: its button is disabled while it runs, and a failure is said beside the item. */
function useItemAction(): {
  busy: boolean
  problem: string | null
  run(action: () => Promise<unknown>): Promise<void>
} {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  async function run(action: () => Promise<unknown>): Promise<void> {
    setBusy(true)
    setProblem(null)
    try {
      await action()
    } catch (error) {
      setProblem(errorInfo(error).message)
    } finally {
      setBusy(false)
    }
  }
  return { busy, problem, run }
}

function QuotaItem({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const { busy, problem, run } = useItemAction()
  const checkAgain = (): Promise<void> => run(() => useDevices.getState().refresh(device.id))

  return (
    <li className="attention-item" data-testid={`attention-${device.id}`}>
      <span>
        <strong>{device.label}</strong>: {t(stateNameKey(device))}.{' '}
        <span className="muted">{t(adviceKey(device))}</span> <RenewLink device={device} />
        {problem ? <span className="failure-text"> {problem}</span> : null}
      </span>
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        aria-label={`${t('devices.checkAgain')}: ${device.label}`}
        onClick={() => void checkAgain()}
      >
        {t('devices.checkAgain')}
      </button>
    </li>
  )
}

function AttentionItem({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const { busy, problem, run } = useItemAction()
  const action = deviceStatus(device.state).actions[0]
  const label = action === 'relink' ? scanActionKey(device) : action ? ACTION_LABEL[action] : null

  const act = (which: DeviceAction): Promise<void> =>
    run(async () => {
      if (which === 'relink') await useLinking.getState().open(device.id)
      else if (which === 'restart') await useDevices.getState().restart(device.id)
      else if (which === 'enterToken')
        useNavigation.getState().navigate('devices', { enterTokenFor: device.id })
      else await useDevices.getState().refresh(device.id)
    })

  return (
    <li className="attention-item" data-testid={`attention-${device.id}`}>
      <span>
        <strong>{device.label}</strong>: {t(stateNameKey(device))}.{' '}
        <span className="muted">{t(adviceKey(device))}</span>
        {renewAddress(device) ? (
          <>
            {' '}
            <RenewLink device={device} />
          </>
        ) : null}
        {problem ? <span className="failure-text"> {problem}</span> : null}
      </span>
      {action && label ? (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          aria-label={`${t(label)}: ${device.label}`}
          onClick={() => void act(action)}
        >
          {t(label)}
        </button>
      ) : null}
    </li>
  )
}

/**
 * Held overdue messages go only when the operator says so (QA13 Q13-01: "ask me" asked nowhere): named here, on
 * every view, with the way to Schedules where each is sent or cancelled.
 */
function HeldItem({ count }: { count: number }): React.JSX.Element {
  const t = useT()
  return (
    <li className="attention-item" data-testid="attention-held">
      <span>{t('attention.held', { count })}</span>
      <button
        type="button"
        className="button button--small"
        onClick={() => useNavigation.getState().navigate('schedules')}
      >
        {t('attention.held.open')}
      </button>
    </li>
  )
}

export function AttentionStrip(): React.JSX.Element | null {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  // The wizard has the window: the device being linked is in the operator's hands (the wizard says what it needs),
  // and another device's item would push the QR code below a small window's fold (QA16 Q16-10). They come back after.
  const inWizard = useNavigation((s) => s.view === 'linking')
  const needing = inWizard
    ? []
    : devices.filter((d) => deviceStatus(d.state).needsAttention || quotaUsedUp(d))
  const held = useOutbox((s) => s.heldOverdue)
  if (needing.length === 0 && held === 0) return null
  return (
    <section className="attention banner" aria-label={t('attention.label')} data-testid="attention-strip">
      <ul>
        {held > 0 ? <HeldItem count={held} /> : null}
        {needing.map((device) =>
          quotaUsedUp(device) ? (
            <QuotaItem key={device.id} device={device} />
          ) : (
            <AttentionItem key={device.id} device={device} />
          )
        )}
      </ul>
    </section>
  )
}
