// Token buckets per mailbox and direction, in memory: one relay process (or one Durable Object per mailbox) is the
// only writer, so a restart forgetting them costs at most one burst.

import type { RelayClock } from './clock'

export interface RateLimit {
  /** Sustained requests per second. */
  perSecond: number
  /** Requests allowed at once after a quiet spell. */
  burst: number
}

interface Bucket {
  tokens: number
  refilledAt: number
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(private readonly clock: RelayClock) {}

  /** Takes one token; answers how many whole seconds to wait when there is none. */
  take(key: string, limit: RateLimit): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.clock.now()
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, refilledAt: now }
    bucket.tokens = Math.min(
      limit.burst,
      bucket.tokens + ((now - bucket.refilledAt) / 1000) * limit.perSecond
    )
    bucket.refilledAt = now
    this.buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return { allowed: true }
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond))
    }
  }

  forget(prefix: string): void {
    for (const key of this.buckets.keys()) if (key.startsWith(prefix)) this.buckets.delete(key)
  }
}
