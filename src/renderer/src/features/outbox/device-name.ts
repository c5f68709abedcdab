// The device a message went through, named for the operator: its label while listed, the remembered label (marked
// removed) once it was removed, the terminal's for credentials the app never listed, never a raw id.
import { useMemo } from 'react'
import { isTerminalDeviceId } from '../../../../shared/domain'
import type { Translate } from '../../../../shared/i18n'
import { useDevices } from '../../stores/devices'

/** A device's name, and whether it is a removed device's remembered label ("… (removed)" once worded). */
export interface DeviceNaming {
  name: string
  removed: boolean
}

/** A device's name for its messages, from the live list or the labels remembered at removal. */
export function useDeviceName(t: Translate): (id: string) => string {
  const naming = useDeviceNaming(t)
  return useMemo(
    () => (id) => {
      const { name, removed } = naming(id)
      return removed ? t('devices.removedLabel', { label: name }) : name
    },
    [naming, t]
  )
}

/** The same, the remembered label apart from its mark: for a row that cuts the name and never the mark. */
export function useDeviceNaming(t: Translate): (id: string) => DeviceNaming {
  const devices = useDevices((s) => s.devices)
  const removedLabels = useDevices((s) => s.removedLabels)
  return useMemo(() => {
    const labels = new Map(devices.map((d) => [d.id, d.label]))
    return (id) => {
      const label = labels.get(id)
      if (label !== undefined) return { name: label, removed: false }
      const removed = removedLabels[id]
      if (removed) return { name: removed, removed: true }
      // The terminal's own id for a token no device of the list has: no device was ever removed (QA24 Q24-02).
      return {
        name: t(isTerminalDeviceId(id) ? 'devices.terminalUnknown' : 'devices.removedUnknown'),
        removed: false
      }
    }
  }, [devices, removedLabels, t])
}

/** "{label} (removed)" in the operator's words, as the words before and after the label (either may be empty). */
export function removedLabelAround(t: Translate): { before: string; after: string } {
  // A character no label or wording has, to find where the words put the label.
  const slot = '\u{F8FF}'
  const [before = '', after = ''] = t('devices.removedLabel', { label: slot }).split(slot)
  return { before, after }
}
