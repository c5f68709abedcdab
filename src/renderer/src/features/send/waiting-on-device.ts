// How many messages already wait in line for a device (queued or being sent): a send now goes after them, and its
// summary's end says so (QA63: the end was given as if none waited, a minute early behind 27). Read again as the
// outbox's counts move.
import { useEffect, useState } from 'react'
import { call } from '../../api'
import { useOutbox } from '../../stores/outbox'

export function useWaitingOnDevice(deviceId: string | null): number {
  const counts = useOutbox((s) => s.counts)
  const [found, setFound] = useState<{ deviceId: string; waiting: number } | null>(null)
  useEffect(() => {
    if (!deviceId) return
    let on = true
    call('outbox:counts', { deviceId })
      .then((reply) => {
        if (on) setFound({ deviceId, waiting: reply.queued + reply.sending })
      })
      // Not known: the plan counts none, as it did before it asked.
      .catch(() => undefined)
    return () => {
      on = false
    }
  }, [deviceId, counts])
  return found?.deviceId === deviceId ? found.waiting : 0
}
