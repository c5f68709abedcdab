// What a running campaign may say about its end. The estimate is simulated from the rows left and the pacing at the
// moment it is made; when the sends go slower than paced (the gateway asked to wait, a retry, a device that waited)
// the moment passes with rows still to send. A time gone by is never shown as the end: the campaign is running late
// until the estimate is made again from what remains now.

export type FinishEstimate =
  /** The estimated end, still ahead (or this instant). */
  | { kind: 'at'; at: number }
  /** The estimated end has passed and rows remain: a new estimate is due. */
  | { kind: 'late' }
  /** Nothing to promise (nothing left to send, or no estimate yet). */
  | { kind: 'none' }

export function finishEstimate(finishAt: number | null, now: number): FinishEstimate {
  if (finishAt === null) return { kind: 'none' }
  return finishAt < now ? { kind: 'late' } : { kind: 'at', at: finishAt }
}
