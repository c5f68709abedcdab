// A device picker for per-device views (webhooks, auto-replies, reminders): every device by label, sandbox ones marked.
import { useEffect } from 'react'
import { useT } from '../i18n'
import { useDevices } from '../stores/devices'
import { Field } from './Field'

interface DeviceSelectProps {
  id: string
  value: string | null
  onChange(deviceId: string): void
  testId: string
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
              {device.sandbox ? `${device.label} (${t('devices.sandboxTag')})` : device.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
