// Whether a send's message was sent again since its take-back: the operator's retry of one the take-back cancelled, or
// of one that had failed. Only a retry moves a message on from failed or cancelled (here or at the gateway: the core's
// RETRYABLE), so one seen there and later anywhere else is a new send, which the card counts again.
import { useEffect, useState } from 'react'
import type { OutboxItemView } from '../../../../shared/contract'
import { useOutbox } from '../../stores/outbox'

/** The statuses only a retry moves a message on from. */
const RETRIED_FROM: ReadonlySet<OutboxItemView['status']> = new Set([
  'failed',
  'cancelled',
  'cancelled_at_gateway'
])

/**
 * Whether one of the messages `itemIds`, seen failed or cancelled since `since` (the take-back's time; null: none),
 * moved on since, as the outbox's events tell it (each of them, not only those a render draws: retried, it may be taken
 * by the gateway before the card is drawn again). Kept once found, until `since` changes.
 */
export function useSentAgain(itemIds: readonly string[] | undefined, since: string | null): boolean {
  const [foundSince, setFoundSince] = useState<string | null>(null)
  useEffect(() => {
    if (since === null || itemIds === undefined) return
    const stopped = new Set<string>()
    /** The messages failed or cancelled now are remembered; whether one remembered moved on. */
    const movedOn = (known: ReadonlyMap<string, OutboxItemView>): boolean => {
      let moved = false
      for (const id of itemIds) {
        const status = known.get(id)?.status
        if (status === undefined) continue
        if (RETRIED_FROM.has(status)) stopped.add(id)
        else if (stopped.has(id)) moved = true
      }
      return moved
    }
    movedOn(useOutbox.getState().known)
    const stop = useOutbox.subscribe((state, before) => {
      if (state.known === before.known || !movedOn(state.known)) return
      setFoundSince(since)
      stop()
    })
    return stop
  }, [itemIds, since])
  return since !== null && foundSince === since
}
