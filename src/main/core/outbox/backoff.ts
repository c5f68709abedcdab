// Exponential backoff with jitter: how long to wait before the next try of anything that failed transiently.
export interface BackoffPolicy {
  baseMs: number
  capMs: number
  /** 0 ≤ r < 1; injected so tests are deterministic. */
  random: () => number
}

/**
 * Delay before try number `failures + 1`: base·2^(failures−1), capped, with "equal jitter" (half fixed, half random)
 * so many items failing together do not retry in lockstep, yet never retry sooner than half the nominal delay.
 */
export function backoffDelay(failures: number, policy: BackoffPolicy): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30)
  const nominal = Math.min(policy.capMs, policy.baseMs * 2 ** exponent)
  return Math.round(nominal / 2 + (nominal / 2) * policy.random())
}
