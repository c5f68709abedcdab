// The send queue's options: their defaults, and the resolved set (defaults under what the caller gave) it runs with.
import { GATEWAY_TIME_ZONE, recentComputerTimeZone } from '../../../shared/domain'
import { processAlive } from './lease'
import { OutboxError, type OutboxOptions, type ResolvedOutboxOptions } from './types'

export const DEFAULT_OUTBOX_OPTIONS: Omit<ResolvedOutboxOptions, 'random' | 'isProcessAlive'> = {
  concurrency: 1,
  pacingMs: 1000,
  maxAgeMs: 24 * 3_600_000,
  backoffBaseMs: 2000,
  backoffCapMs: 15 * 60_000,
  visibilityWindowMs: 2 * 60_000,
  reconcileIntervalMs: 15_000,
  overdueGraceMs: 2 * 60_000,
  trackingIntervalMs: 3_000,
  trackingCapMs: 30 * 60_000,
  trackingRetentionMs: 7 * 24 * 3_600_000,
  tracking: true,
  retentionMs: 30 * 24 * 3_600_000,
  retentionSweepIntervalMs: 6 * 3_600_000,
  gatewayTimeZone: GATEWAY_TIME_ZONE,
  dayZoneOf: () => recentComputerTimeZone(Date.now()),
  devicesSendableByDefault: true,
  onOptOutList: () => false
}

export function resolveOptions(options: OutboxOptions = {}): ResolvedOutboxOptions {
  const resolved: ResolvedOutboxOptions = {
    ...DEFAULT_OUTBOX_OPTIONS,
    random: Math.random,
    isProcessAlive: processAlive,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
  }
  if (!Number.isInteger(resolved.concurrency) || resolved.concurrency < 1) {
    throw new OutboxError('invalid_input', { key: 'desktop.error.concurrency' }, 'concurrency')
  }
  return resolved
}
