/**
 * `outbox flush` with no app beside it: no monitor polls the device, so the flush asks its state once before it sends
 * (the app's monitor's call and rule: core.checkBeforeSending), and a device that cannot send keeps its messages
 * queued, said as a flush beside the app says it. It used to send to a logged-out phone, each send refused.
 */
import type {
  AppDeviceState,
  CommandLineCore,
  CommandLineDevice,
  DeviceCheck
} from '../core/compose-command-line'
import { isSendable } from '../../shared/device-status'
import { translateNote } from '../../shared/i18n/notes'
import { adviceLines, cannotGoNowLines, heldBecause } from './device-words'

/** A device whose messages the flush kept queued for its state, as `--json` gives it (a flush beside the app's shape). */
export interface HeldForState {
  deviceId: string
  label: string
  state: AppDeviceState['state']
  items: number
  reason: string
  /** Why the check itself failed (it was not answered), when it did. */
  checkFailed?: string
}

const ids = (device: Pick<CommandLineDevice, 'id' | 'aliases'>): string[] => [
  device.id,
  ...(device.aliases ?? [])
]

/**
 * Before the flush: the device's state, asked once when it has messages to send (now, or at their time), the outbox
 * told by it whether they may go; null when it has none (nothing asked).
 */
export async function checkBeforeFlush(
  core: CommandLineCore,
  device: Pick<CommandLineDevice, 'id' | 'aliases'>,
  listed: AppDeviceState | undefined
): Promise<DeviceCheck | null> {
  const toSend = ids(device).some((id) => {
    const counts = core.outbox.counts(id)
    return counts.queued + counts.sending + counts.scheduled > 0
  })
  return toSend ? core.checkBeforeSending(listed) : null
}

/**
 * After the flush: the messages the device's state kept queued, why, and the next step (the advice and command a
 * flush beside the app gives, then the flush again), or why the check failed; null when its state let them go.
 */
export function heldAfterFlush(
  core: CommandLineCore,
  device: Pick<CommandLineDevice, 'id' | 'aliases' | 'label'>,
  check: DeviceCheck | null
): { lines: string[]; cannotGoNow: HeldForState } | null {
  if (!check || isSendable(check.facts.state)) return null
  const items = ids(device).reduce((sum, id) => sum + core.outbox.counts(id).queued, 0)
  if (items === 0) return null
  const label = device.label ?? 'the device of these credentials'
  const named = { ...check.facts, label }
  const reason = heldBecause(named) ?? `${label} could not be checked`
  const cannotGoNow: HeldForState = { deviceId: device.id, label, state: check.facts.state, items, reason }
  if (!check.unanswered) {
    const advice = [...adviceLines(named, true), 'Then: sender-desk outbox flush']
    return { lines: cannotGoNowLines(items, reason, advice), cannotGoNow }
  }
  const failed = translateNote('en', check.note) ?? 'no answer'
  const said = [
    `Sender Desk could not check ${label} before sending: ${failed}`,
    'Nothing was sent to it: run sender-desk outbox flush again once the gateway answers.'
  ]
  return {
    lines: cannotGoNowLines(items, reason, said),
    cannotGoNow: { ...cannotGoNow, checkFailed: failed }
  }
}
