// Announces device state changes to screen readers (a polite live region), e.g. "Front office: Connected".
import { useEffect, useState } from 'react'
import type { DeviceState } from '../../../../shared/contract'
import { stateNameKey } from '../../../../shared/device-status'
import { useLanguage, useT, type Language } from '../../i18n'
import { useDevices } from '../../stores/devices'

export function StateAnnouncer(): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  // The text keeps the language it was said in: after a language change the region empties rather than keep
  // the old language (and does not say the same change again in the new one).
  const [announcement, setAnnouncement] = useState<{ text: string; language: Language } | null>(null)

  useEffect(
    () =>
      useDevices.subscribe((state, previous) => {
        const before = new Map<string, DeviceState>(previous.devices.map((d) => [d.id, d.state]))
        const changed = state.devices.filter((d) => before.has(d.id) && before.get(d.id) !== d.state)
        if (changed.length > 0) {
          const text = changed
            .map((d) => t('devices.announce', { label: d.label, state: t(stateNameKey(d)) }))
            .join(' ')
          setAnnouncement({ text, language })
        }
      }),
    [t, language]
  )

  return (
    <p className="visually-hidden" aria-live="polite" data-testid="device-announcer">
      {announcement?.language === language ? announcement.text : ''}
    </p>
  )
}
