// The "Remove device?" question: what becomes of its messages, with how many waiting ones the removal cancels.
import { useEffect, useState } from 'react'
import type { DeviceView } from '../../../../shared/contract'
import { call } from '../../api'
import { useT } from '../../i18n'
import { useOutbox } from '../../stores/outbox'
import { ConfirmPanel } from '../../ui/ConfirmPanel'

/**
 * How many of the device's messages wait (scheduled or queued: what the core cancels on removal), read from the
 * outbox's kept counts and read again whenever the outbox's counts move; null until known (or when unreadable).
 */
function useWaitingCount(deviceId: string): number | null {
  const [waiting, setWaiting] = useState<number | null>(null)
  const outboxCounts = useOutbox((s) => s.counts)
  useEffect(() => {
    let live = true
    call('outbox:counts', { deviceId })
      .then((counts) => {
        if (live) setWaiting(counts.scheduled + counts.queued)
      })
      .catch(() => {
        if (live) setWaiting(null)
      })
    return () => {
      live = false
    }
  }, [deviceId, outboxCounts])
  return waiting
}

export function RemoveDeviceConfirm({
  device,
  disabled,
  onConfirm,
  onKeep
}: {
  device: DeviceView
  disabled: boolean
  onConfirm: () => void
  onKeep: () => void
}): React.JSX.Element {
  const t = useT()
  const waiting = useWaitingCount(device.id)
  // Not counted yet: the sentence without a number; none waiting: no sentence about them.
  const cancelled =
    waiting === null
      ? t('devices.remove.waitingUncounted')
      : waiting > 0
        ? t('devices.remove.waiting', { count: waiting })
        : null
  return (
    <ConfirmPanel
      id={`remove-q-${device.id}`}
      // Says what becomes of its messages before they are settled (cancelled, moved, or kept under its name).
      question={[
        t('devices.remove.confirm', { label: device.label }),
        cancelled,
        t('devices.remove.messages')
      ]
        .filter((sentence) => sentence !== null)
        .join(' ')}
      confirmLabel={t('devices.remove.yes')}
      keepLabel={t('devices.remove.no')}
      onConfirm={onConfirm}
      onKeep={onKeep}
      disabled={disabled}
      confirmTestId={`remove-confirm-${device.id}`}
    />
  )
}
