// The relay's limits in one place, with the defaults the README documents.

import type { RateLimit } from './rate-limit'

export interface RelayLimits {
  /** Largest webhook body accepted (413 above it). */
  maxBodyBytes: number
  /** Bytes of sealed events a mailbox may hold before posts are refused (503). */
  capBytes: number
  /** Share of the cap at which the puller is told `nearFull`. */
  nearFullRatio: number
  /** How long an unacknowledged event is kept. */
  retentionMs: number
  defaultPullLimit: number
  maxPullLimit: number
  /** Longest long-poll, in seconds; a larger `wait` is cut to this. */
  maxWaitSeconds: number
  ingressRate: RateLimit
  egressRate: RateLimit
  /** How long the ingress secret from before a rotation keeps working, unless the rotation asks for less. */
  rotationGraceMs: number
}

const DAY_MS = 24 * 60 * 60 * 1000

export const DEFAULT_LIMITS: RelayLimits = {
  maxBodyBytes: 256 * 1024,
  capBytes: 50 * 1024 * 1024,
  nearFullRatio: 0.8,
  retentionMs: 14 * DAY_MS,
  defaultPullLimit: 100,
  maxPullLimit: 500,
  maxWaitSeconds: 25,
  ingressRate: { perSecond: 20, burst: 200 },
  egressRate: { perSecond: 5, burst: 30 },
  rotationGraceMs: DAY_MS
}
