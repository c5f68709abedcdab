// The in-window strip for what needs the operator: devices (which, what happened, the one action that helps) and
// scheduled messages held for a decision because they came due while they could not be sent (the app closed, or the
// computer asleep: the core finds them overdue either way and cannot tell which).
import { createContext, useContext, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import './attention.css'
import type { DeviceView } from '../../../../shared/contract'
import {
  adviceKey,
  deviceStatus,
  renewAddress,
  quotaUsedUp,
  scanActionKey,
  stateNameKey,
  topsUpInSandbox,
  type DeviceAction
} from '../../../../shared/device-status'
import { errorInfo } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import { RenewLink } from '../devices/RenewLink'
import { useDeviceVerdict, type DeviceVerdict, type VerdictOn } from '../devices/device-verdict'
import { busyButtonProps } from '../../ui/busy-button'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'

const ACTION_LABEL: Record<DeviceAction, MessageKey> = {
  restart: 'devices.restart',
  relink: 'devices.relink',
  renew: 'devices.checkAgain',
  checkNetwork: 'devices.checkAgain',
  enterToken: 'devices.token.enter'
}

/** The strip hears which item's action started: when that item goes, the focus moves on (see AttentionStrip). */
const ActionStarted = createContext<(deviceId: string) => void>(() => undefined)

/**
 * An item's one action: its button says it is busy while it runs, keeping the focus (busyButtonProps: never
 * disabled, which would drop the focus to the page), and has it still after (QA16 Q16-03); a failure, and
 * the live verdict on a restart or a check (the card's, device-verdict.ts), are said beside the item. `action` resolves
 * to the verdict that follows it (null: none); `staysHere` is false for one that takes the operator elsewhere.
 */
function useItemAction(device: DeviceView): {
  busy: boolean
  said: DeviceVerdict | null
  saidRef: RefObject<HTMLSpanElement | null>
  run(action: () => Promise<VerdictOn | null>, staysHere?: boolean): Promise<void>
} {
  const t = useT()
  const started = useContext(ActionStarted)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { verdict, follow } = useDeviceVerdict(device, t)
  const saidRef = useRef<HTMLSpanElement>(null)
  const actionStarts = useFocusAfterAction(busy, saidRef)
  async function run(action: () => Promise<VerdictOn | null>, staysHere = true): Promise<void> {
    actionStarts()
    // Relink and the token form take the operator, and the focus, to their own view.
    if (staysHere) started(device.id)
    setBusy(true)
    setProblem(null)
    follow(null)
    try {
      follow(await action())
    } catch (error) {
      setProblem(errorInfo(error).message)
    } finally {
      setBusy(false)
    }
  }
  return { busy, said: problem ? { tone: 'bad', text: problem } : verdict, saidRef, run }
}

/** What an item's action found, beside it; focusable for when its button is gone. */
function ItemSaid({
  said,
  saidRef
}: {
  said: DeviceVerdict | null
  saidRef: RefObject<HTMLSpanElement | null>
}): React.JSX.Element {
  return (
    <span
      ref={saidRef}
      tabIndex={-1}
      role="status"
      className={said?.tone === 'bad' ? 'failure-text' : undefined}
    >
      {said ? ` ${said.text}` : ''}
    </span>
  )
}

/** An item's words: which device, its state, the advice, and where a renewal is paid when there is such a place. */
function ItemWords({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  return (
    <>
      <strong>{device.label}</strong>: {t(stateNameKey(device))}.{' '}
      <span className="muted">{t(adviceKey(device))}</span>
      {renewAddress(device) ? (
        <>
          {' '}
          <RenewLink device={device} />
        </>
      ) : null}
    </>
  )
}

function QuotaItem({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const { busy, said, saidRef, run } = useItemAction(device)
  // A sandbox quota is refilled by its own panel's top-up, which a check does not do (QA44 Q44-01): the button takes
  // the operator to it, as "Enter the token again" takes them to the token form.
  const topUp = topsUpInSandbox(device)
  const label = topUp ? 'devices.topUp' : 'devices.checkAgain'
  const act = (): Promise<void> =>
    topUp
      ? run(async () => {
          useNavigation
            .getState()
            .navigate('devices', { deviceAsk: { deviceId: device.id, action: 'topUp' } })
          return null
        }, false)
      : run(async () => (await useDevices.getState().refresh(device.id), 'check'))

  return (
    <li className="attention-item" data-testid={`attention-${device.id}`}>
      <span>
        <ItemWords device={device} />
        <ItemSaid said={said} saidRef={saidRef} />
      </span>
      <button
        type="button"
        className="button button--small"
        aria-label={`${t(label)}: ${device.label}`}
        {...busyButtonProps(busy, () => void act())}
      >
        {t(label)}
      </button>
    </li>
  )
}

function AttentionItem({ device }: { device: DeviceView }): React.JSX.Element {
  const t = useT()
  const { busy, said, saidRef, run } = useItemAction(device)
  const action = deviceStatus(device.state).actions[0]
  const label = action === 'relink' ? scanActionKey(device) : action ? ACTION_LABEL[action] : null

  const act = (which: DeviceAction): Promise<void> =>
    run(
      async () => {
        if (which === 'relink') await useLinking.getState().open(device.id)
        else if (which === 'restart') return (await useDevices.getState().restart(device.id)).via
        else if (which === 'enterToken')
          useNavigation
            .getState()
            .navigate('devices', { deviceAsk: { deviceId: device.id, action: 'enterToken' } })
        else return (await useDevices.getState().refresh(device.id), 'check')
        return null
      },
      which !== 'relink' && which !== 'enterToken'
    )

  return (
    <li className="attention-item" data-testid={`attention-${device.id}`}>
      <span>
        <ItemWords device={device} />
        <ItemSaid said={said} saidRef={saidRef} />
      </span>
      {action && label ? (
        <button
          type="button"
          className="button button--small"
          aria-label={`${t(label)}: ${device.label}`}
          {...busyButtonProps(busy, () => void act(action))}
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
  // On Schedules already, the way there is no way anywhere (a new operator's probe): the held rows are below.
  const onSchedules = useNavigation((s) => s.view === 'schedules')
  return (
    <li className="attention-item" data-testid="attention-held">
      <span>{t('attention.held', { count })}</span>
      {onSchedules ? null : (
        <button
          type="button"
          className="button button--small"
          onClick={() => useNavigation.getState().navigate('schedules')}
        >
          {t('attention.held.open')}
        </button>
      )}
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
  const listRef = useRef<HTMLUListElement>(null)
  const focusWhenGone = useFocusWhenItemGoes(needing, listRef)
  if (needing.length === 0 && held === 0) return null
  return (
    <section className="attention banner" aria-label={t('attention.label')} data-testid="attention-strip">
      <ActionStarted.Provider value={focusWhenGone}>
        <ul ref={listRef}>
          {held > 0 ? <HeldItem count={held} /> : null}
          {needing.map((device) =>
            quotaUsedUp(device) ? (
              <QuotaItem key={device.id} device={device} />
            ) : (
              <AttentionItem key={device.id} device={device} />
            )
          )}
        </ul>
      </ActionStarted.Provider>
    </section>
  )
}

/**
 * An item whose action mended its device goes, and the browser drops the focus to the page with it (QA16 Q16-03): the
 * focus goes on to the item now in its place (or the last), or to the view's heading when the strip is empty. Only
 * for the item the operator acted on, and only when the focus was dropped: focus moved elsewhere meanwhile stays.
 */
function useFocusWhenItemGoes(
  needing: readonly DeviceView[],
  listRef: RefObject<HTMLUListElement | null>
): (deviceId: string) => void {
  const actedOn = useRef<{ deviceId: string; index: number } | null>(null)
  const ids = needing.map((device) => device.id).join(' ')
  useLayoutEffect(() => {
    const acted = actedOn.current
    if (acted === null || ids.split(' ').includes(acted.deviceId)) return
    actedOn.current = null
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    const items = [...(listRef.current?.children ?? [])]
    const next = items[Math.min(acted.index, items.length - 1)]?.querySelector<HTMLElement>('button, a')
    const heading =
      document.querySelector<HTMLElement>('#main .view-title') ?? document.getElementById('main')
    ;(next ?? heading)?.focus()
  }, [ids, listRef])
  return (deviceId) => {
    const items = [...(listRef.current?.children ?? [])]
    const index = items.findIndex((item) => item.getAttribute('data-testid') === `attention-${deviceId}`)
    actedOn.current = { deviceId, index: Math.max(0, index) }
  }
}
