// The one action that helps a device needing the operator, and how it runs: the attention strip offers it on every
// view, and a queued message's detail beside why it waits (QA72: "Waiting: Shop B is logged out", and no way on). One
// rule for both, by the shared device-status table, so they never offer different things.
import { useRef, useState, type RefObject } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import {
  deviceStatus,
  scanActionKey,
  quotaUsedUp,
  topsUpInSandbox,
  type DeviceAction
} from '../../../../shared/device-status'
import { errorInfo } from '../../api'
import { useT, type MessageKey } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { busyButtonProps } from '../../ui/busy-button'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { useDeviceVerdict, type DeviceVerdict, type VerdictOn } from './device-verdict'

const ACTION_LABEL: Record<DeviceAction, MessageKey> = {
  restart: 'devices.restart',
  relink: 'devices.relink',
  renew: 'devices.checkAgain',
  checkNetwork: 'devices.checkAgain',
  enterToken: 'devices.token.enter'
}

export interface HelpingAction {
  /** Its button's words. */
  label: MessageKey
  /** False for one that takes the operator, and the focus, to its own view (the wizard, a form on Devices). */
  staysHere: boolean
  /** Starts it; resolves to what the verdict beside it follows (null: none). */
  start(): Promise<VerdictOn | null>
}

/** Opens Devices at this device's `action` (its form or panel, focused). */
function askOnDevices(device: DeviceView, action: 'topUp' | 'enterToken'): Promise<null> {
  useNavigation.getState().navigate('devices', { deviceAsk: { deviceId: device.id, action } })
  return Promise.resolve(null)
}

const checkAgain = async (device: DeviceView): Promise<VerdictOn> => (
  await useDevices.getState().refresh(device.id),
  'check'
)

/**
 * The action that helps `device` first, or null when none does: for a used-up quota the check that lets its messages
 * go (a sandbox's quota: its panel's top-up, which a check does not do; QA44 Q44-01), else its state's first action,
 * the scan named for what it does (scanActionKey).
 */
export function helpingAction(device: DeviceView): HelpingAction | null {
  if (quotaUsedUp(device))
    return topsUpInSandbox(device)
      ? { label: 'devices.topUp', staysHere: false, start: () => askOnDevices(device, 'topUp') }
      : { label: 'devices.checkAgain', staysHere: true, start: () => checkAgain(device) }
  const action = deviceStatus(device.state).actions[0]
  switch (action) {
    case undefined:
      return null
    case 'relink':
      return {
        label: scanActionKey(device),
        staysHere: false,
        start: async () => (await useLinking.getState().open(device.id), null)
      }
    case 'restart':
      return {
        label: ACTION_LABEL.restart,
        staysHere: true,
        start: async () => (await useDevices.getState().restart(device.id)).via
      }
    case 'enterToken':
      return {
        label: ACTION_LABEL.enterToken,
        staysHere: false,
        start: () => askOnDevices(device, 'enterToken')
      }
    default:
      return { label: ACTION_LABEL[action], staysHere: true, start: () => checkAgain(device) }
  }
}

/**
 * Runs an item's action beside what it says: its button says it is busy while it runs, keeping the focus
 * (busyButtonProps: never disabled, which would drop the focus to the page), and has it still after (QA16 Q16-03); a
 * failure is said beside it. `onStart` hears an action that keeps the operator here start (`key`: the item's).
 */
export function useActionBeside(
  key: string,
  onStart: (key: string) => void = () => undefined
): {
  busy: boolean
  problem: string | null
  saidRef: RefObject<HTMLSpanElement | null>
  run(work: () => Promise<void>, staysHere?: boolean): Promise<void>
} {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const saidRef = useRef<HTMLSpanElement>(null)
  const actionStarts = useFocusAfterAction(busy, saidRef)
  async function run(work: () => Promise<void>, staysHere = true): Promise<void> {
    actionStarts()
    if (staysHere) onStart(key)
    setBusy(true)
    setProblem(null)
    try {
      await work()
    } catch (error) {
      setProblem(errorInfo(error).message)
    } finally {
      setBusy(false)
    }
  }
  return { busy, problem, saidRef, run }
}

/**
 * Runs a device's action (useActionBeside), with the live verdict on a restart or a check (the card's,
 * device-verdict.ts) said beside it.
 */
export function useDeviceHelp(
  device: DeviceView,
  onStart?: (deviceId: string) => void
): {
  busy: boolean
  said: DeviceVerdict | null
  saidRef: RefObject<HTMLSpanElement | null>
  run(action: HelpingAction): Promise<void>
} {
  const t = useT()
  const { busy, problem, saidRef, run: runBeside } = useActionBeside(device.id, onStart)
  const { verdict, follow } = useDeviceVerdict(device, t)
  const run = (action: HelpingAction): Promise<void> =>
    runBeside(async () => {
      follow(null)
      follow(await action.start())
    }, action.staysHere)
  return { busy, said: problem ? { tone: 'bad', text: problem } : verdict, saidRef, run }
}

/** A device's helping action as a button, named with the device for a screen reader's list of buttons. */
export function DeviceHelpButton({
  device,
  action,
  busy,
  run
}: {
  device: DeviceView
  action: HelpingAction
  busy: boolean
  run(action: HelpingAction): Promise<void>
}): React.JSX.Element {
  const t = useT()
  return (
    <button
      type="button"
      className="button button--small"
      aria-label={`${t(action.label)}: ${device.label}`}
      {...busyButtonProps(busy, () => void run(action))}
    >
      {t(action.label)}
    </button>
  )
}

/** What a device's action found, beside it; focusable for when its button is gone. */
export function DeviceHelpSaid({
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
