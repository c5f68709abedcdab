// The device a message went through, named for the operator: its label while listed, the remembered label (marked
// removed) once it was removed, the terminal's for credentials the app never listed, never a raw id.
import { useMemo } from 'react'
import { isTerminalDeviceId } from '../../../../shared/domain'
import type { Translate } from '../../../../shared/i18n'
import { useDevices } from '../../stores/devices'

/** A device's name for its messages, from the live list or the labels remembered at removal. */
export function useDeviceName(t: Translate): (id: string) => string {
  const devices = useDevices((s) => s.devices)
  const removedLabels = useDevices((s) => s.removedLabels)
  return useMemo(() => {
    const labels = new Map(devices.map((d) => [d.id, d.label]))
    return (id) => {
      const label = labels.get(id)
      if (label !== undefined) return label
      const removed = removedLabels[id]
      // The terminal's own id for a token no device of the list has: no device was ever removed (QA24 Q24-02).
      if (!removed && isTerminalDeviceId(id)) return t('devices.terminalUnknown')
      return removed ? t('devices.removedLabel', { label: removed }) : t('devices.removedUnknown')
    }
  }, [devices, removedLabels, t])
}
