// The verdict on an action whose outcome is the device's own state (a restart, a check again), for the device's card
// and the attention strip: read from the device's live state at every render, not fixed when the reply came (issue 29
// point 1: every verdict follows its subject; QA16 Q16-02). A restart's waits while the core is still settling
// (QA16 Q16-04). Once the device is fine the verdict stands, and it goes when a later change leaves it behind.
import { useState } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import { quotaUsedUp, stateNameKey } from '../../../../shared/device-status'
import type { Translate } from '../../i18n'

/** What the verdict is on: a restart (by the gateway's newer call or the seed's reconnect) or a check again. */
export type VerdictOn = 'restart' | 'reconnect' | 'check'

export interface DeviceVerdict {
  /** `waiting`: the core is still waiting for the device to report back; no verdict yet. */
  tone: 'ok' | 'bad' | 'waiting'
  text: string
}

export function deviceVerdict(on: VerdictOn, device: DeviceView, t: Translate): DeviceVerdict {
  if (on === 'check') {
    // A check is for what needs the operator: a used-up quota still does, connected or not.
    return device.state === 'connected' && !quotaUsedUp(device)
      ? { tone: 'ok', text: t('devices.checkAgain.ok') }
      : { tone: 'bad', text: t('devices.checkAgain.still', { state: t(stateNameKey(device)) }) }
  }
  if (device.settling) return { tone: 'waiting', text: t('devices.restart.settling') }
  // The gateway may accept a restart and still leave the phone offline: only "connected" is success.
  return device.state === 'connected'
    ? { tone: 'ok', text: t(on === 'restart' ? 'devices.restart.restarted' : 'devices.restart.reconnected') }
    : { tone: 'bad', text: t('devices.restart.stillDown', { state: t(stateNameKey(device)) }) }
}

/**
 * The live verdict on the last action taken on `device`: `follow(on)` once the gateway took it, `follow(null)` as the
 * next action starts.
 */
export function useDeviceVerdict(
  device: DeviceView,
  t: Translate
): { verdict: DeviceVerdict | null; follow(on: VerdictOn | null): void } {
  const [followed, setFollowed] = useState<{ on: VerdictOn; wasFine: boolean } | null>(null)
  const verdict = followed ? deviceVerdict(followed.on, device, t) : null
  // Adjusted while rendering, as React advises for state that follows other state (the device comes from the store).
  if (followed && verdict) {
    if (verdict.tone === 'ok' && !followed.wasFine) setFollowed({ ...followed, wasFine: true })
    else if (verdict.tone !== 'ok' && followed.wasFine) setFollowed(null)
  }
  return {
    verdict: followed?.wasFine && verdict?.tone !== 'ok' ? null : verdict,
    follow: (on) => setFollowed(on ? { on, wasFine: false } : null)
  }
}
