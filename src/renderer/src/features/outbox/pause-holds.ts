// Whether a pause holds an item, by the stores' pause and devices: the one reading the Outbox's rows, a reply's bubble
// and a found reply share, so all three say "Queued · paused" alike (isHeldByPause, waiting.ts).
import { useCallback } from 'react'
import type { DeviceView, OutboxItemView } from '../../../../shared/contract'
import { useDevices } from '../../stores/devices'
import { useOutbox } from '../../stores/outbox'
import { holdingDevice, isHeldByPause } from './waiting'

export function usePauseHolds(): (item: OutboxItemView) => boolean {
  const devices = useDevices((s) => s.devices)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  return useCallback(
    (item) => isHeldByPause(item, { device: devices.find((d) => d.id === item.deviceId), sendingPaused }),
    [devices, sendingPaused]
  )
}

/** The device that holds a queued item back (holdingDevice, waiting.ts), by the same stores: the Outbox's rows say it. */
export function useHoldingDevice(): (item: OutboxItemView) => DeviceView | null {
  const devices = useDevices((s) => s.devices)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  return useCallback(
    (item) => holdingDevice(item, { device: devices.find((d) => d.id === item.deviceId), sendingPaused }),
    [devices, sendingPaused]
  )
}
