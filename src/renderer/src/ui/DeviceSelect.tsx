// A device picker for per-device views (webhooks, auto-replies, reminders): every device by label, sandbox ones marked.
import { useEffect } from 'react'
import type { DeviceView } from '../../../shared/contract'
import type { Translate } from '../../../shared/i18n'
import { useT } from '../i18n'
import { useDevices } from '../stores/devices'
import { Field } from './Field'
import { isSandboxDevice } from '../../../shared/device-status'

interface DeviceSelectProps {
  id: string
  value: string | null
  onChange(deviceId: string): void
  testId: string
}

type NamedDevice = Pick<DeviceView, 'label' | 'sandbox'>

/**
 * A device's name in a picker: a sandbox one marked so, unless every sandbox device `listed` with it already says it
 * in its label ("Sandbox device", not "Sandbox device (Sandbox)"). QA75: marked one by one, "Perangkat sandbox" stood
 * beside "Kantor 2 (Sandbox)" as if it were no sandbox device; now either all are marked or none.
 */
export function deviceOptionLabel(device: NamedDevice, t: Translate, listed: readonly NamedDevice[]): string {
  const tag = t('devices.sandboxTag')
  const saysTag = (label: string): boolean => label.toLocaleLowerCase().includes(tag.toLocaleLowerCase())
  const everyLabelSaysIt = listed.filter(isSandboxDevice).every((other) => saysTag(other.label))
  if (!isSandboxDevice(device) || (everyLabelSaysIt && saysTag(device.label))) return device.label
  return `${device.label} (${tag})`
}

export function DeviceSelect({ id, value, onChange, testId }: DeviceSelectProps): React.JSX.Element | null {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  const chosen = devices.some((d) => d.id === value) ? value : null

  useEffect(() => {
    // Nothing chosen yet (or the chosen device is gone): take the first one.
    const first = devices[0]
    if (chosen === null && first) onChange(first.id)
  }, [chosen, devices, onChange])

  if (devices.length === 0) {
    return (
      <p className="empty" data-testid={`${testId}-none`}>
        {t('service.noDevices')}
      </p>
    )
  }
  return (
    <Field id={id} label={t('service.device')}>
      {(control) => (
        <select
          {...control}
          data-testid={testId}
          value={chosen ?? ''}
          onChange={(e) => onChange(e.target.value)}
        >
          {devices.map((device) => (
            <option key={device.id} value={device.id}>
              {deviceOptionLabel(device, t, devices)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
