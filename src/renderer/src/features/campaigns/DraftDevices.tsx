// A draft's "Send from": the devices its start deals its rows to, chosen again at its page. A draft whose only device
// was removed has none: it says so here, and its Start is refused here until one is chosen (it started on no device),
// drawn unavailable and described by these words (QA81: it looked ready, "Start sending 8 messages" in green).
import { useState, type Ref } from 'react'
import type { CampaignView, DeviceView } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useNavigation } from '../../stores/navigation'
import { deviceChoiceLabel } from '../devices/device-choice'

const NO_DEVICE_HINT = 'campaign-draft-no-device'

/** The app has no device for a campaign to send from: said, with the way to add one (the new campaign's form too). */
export function NoDeviceToSendFrom(): React.JSX.Element {
  const t = useT()
  const navigate = useNavigation((s) => s.navigate)
  return (
    <p>
      {t('campaigns.devices.none')}{' '}
      <button
        type="button"
        className="button button--link"
        onClick={() => navigate('devices', { addDevice: true })}
      >
        {t('campaigns.devices.add')}
      </button>
    </p>
  )
}

/**
 * Spread on a draft's Start: with no device it is said unavailable and described by why (drawn as disabled by
 * .button[aria-disabled]), yet kept focusable, so that a press still says why with the focus at the devices.
 */
export const noDeviceStartProps = (
  chosen: readonly string[]
): { 'aria-disabled'?: true; 'aria-describedby'?: string } =>
  chosen.length === 0 ? { 'aria-disabled': true, 'aria-describedby': NO_DEVICE_HINT } : {}

/** The device ids a draft is dealt to, in its order. */
export const draftDeviceIds = (campaign: Pick<CampaignView, 'devices'>): string[] =>
  campaign.devices.map((part) => part.deviceId)

/**
 * The app's devices, each ticked when the draft has it; `onChoose` is given the devices ticked after a change (empty
 * when the last one was unticked: the caller refuses it) and settles once the choice is saved or refused. A box
 * follows the click at once (QA81: a box held to the saved choice did not move at the click), and shows the saved
 * choice again once `onChoose` settles: the core's answer, or what was before when it was refused (said by the caller).
 * `firstBox` is the first box, where a refused Start puts the focus.
 */
export function DraftDevices({
  chosen,
  busy,
  onChoose,
  firstBox
}: {
  chosen: readonly string[]
  busy: boolean
  onChoose: (devices: string[]) => Promise<void>
  firstBox: Ref<HTMLInputElement>
}): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  // The boxes as last clicked, until the choice is saved or refused; the hint stays of the saved choice (Start's reason).
  const [clicked, setClicked] = useState<readonly string[] | null>(null)
  const shown = clicked ?? chosen
  const none = chosen.length === 0
  const toggle = (device: DeviceView, on: boolean): void => {
    const next = on ? [...shown, device.id] : shown.filter((id) => id !== device.id)
    setClicked(next)
    void onChoose(next).finally(() => setClicked(null))
  }
  return (
    <fieldset className="campaign-draft-devices" data-testid="campaign-draft-devices">
      <legend>{t('campaigns.devices')}</legend>
      {none ? (
        <p className="field-hint" id={NO_DEVICE_HINT} data-testid="campaign-draft-no-device">
          {t('desktop.error.draftNoDevice')}
        </p>
      ) : null}
      {devices.length === 0 ? <NoDeviceToSendFrom /> : null}
      {devices.map((device, index) => (
        <label key={device.id} className="campaign-check">
          <input
            ref={index === 0 ? firstBox : undefined}
            type="checkbox"
            checked={shown.includes(device.id)}
            aria-describedby={none ? NO_DEVICE_HINT : undefined}
            // Kept focusable while a choice is saved: a second change waits for the first's answer.
            aria-disabled={busy || undefined}
            onChange={(e) => {
              if (!busy) toggle(device, e.target.checked)
            }}
          />
          {deviceChoiceLabel(device, t)}
        </label>
      ))}
    </fieldset>
  )
}
