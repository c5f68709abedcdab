// Announces device state changes to screen readers (a polite live region), e.g. "Front office: Connected".
import { useEffect, useState } from 'react'
import type { DeviceState } from '../../../../shared/contract'
import { useT } from '../../i18n'
import { useDevices } from '../../stores/devices'

export function StateAnnouncer(): React.JSX.Element {
  const t = useT()
  const [message, setMessage] = useState('')

  useEffect(
    () =>
      useDevices.subscribe((state, previous) => {
        const before = new Map<string, DeviceState>(previous.devices.map((d) => [d.id, d.state]))
        const changed = state.devices.filter((d) => before.has(d.id) && before.get(d.id) !== d.state)
        if (changed.length > 0) {
          setMessage(
            changed
              .map((d) => t('devices.announce', { label: d.label, state: t(`state.${d.state}`) }))
              .join(' ')
          )
        }
      }),
    [t]
  )

  return (
    <p className="visually-hidden" aria-live="polite" data-testid="device-announcer">
      {message}
    </p>
  )
}
