// A draft's "Send from": the devices its start deals its rows to, chosen again at its page. A draft whose only device
// was removed has none: it says so here, and its Start is refused here until one is chosen (it started on no device).
import type { Ref } from 'react'
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

/** The device ids a draft is dealt to, in its order. */
export const draftDeviceIds = (campaign: Pick<CampaignView, 'devices'>): string[] =>
  campaign.devices.map((part) => part.deviceId)

/**
 * The app's devices, each ticked when the draft has it; `onChoose` is given the devices ticked after a change (empty
 * when the last one was unticked: the caller refuses it). `firstBox` is the first box, where a refused Start puts the
 * focus.
 */
export function DraftDevices({
  chosen,
  busy,
  onChoose,
  firstBox
}: {
  chosen: readonly string[]
  busy: boolean
  onChoose: (devices: string[]) => void
  firstBox: Ref<HTMLInputElement>
}): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const none = chosen.length === 0
  const toggle = (device: DeviceView, on: boolean): void =>
    onChoose(on ? [...chosen, device.id] : chosen.filter((id) => id !== device.id))
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
            checked={chosen.includes(device.id)}
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
