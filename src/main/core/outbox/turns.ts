// Long writes cut into short transactions with a turn of the event loop between them (the tray and the window wait).

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Each transaction is sized to take about this long: the event-loop budget is 50 ms, and on a busy 2-core machine
 * a chunk measured at 10 ms sometimes takes three times that (the process loses its core mid-chunk).
 */
const CHUNK_TARGET_MS = 10
const MIN_CHUNK_ROWS = 20
const MAX_CHUNK_ROWS = 1_000

/**
 * The next chunk's row count from how long the last one took: about `targetMs`, and at most twice the last
 * size, so one fast chunk (a quiet moment) never makes the next one a long block.
 */
export function nextChunkSize(size: number, tookMs: number, targetMs = CHUNK_TARGET_MS): number {
  const fitting = Math.floor((size * targetMs) / Math.max(tookMs, 0.1))
  return Math.max(MIN_CHUNK_ROWS, Math.min(MAX_CHUNK_ROWS, size * 2, fitting))
}
