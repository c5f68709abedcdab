// One mailbox per SQLite-backed Durable Object: the relay handler over the object's own storage, with the retention
// purge driven by the object's alarm. Limits and the creation token come from the Worker's vars and secrets.

import { systemClock, type RelayClock } from './clock'
import { durableObjectSqlDriver, type DurableObjectStorageLike } from './durable-object-sqlite'
import { createRelay, type Relay } from './handler'
import { DEFAULT_LIMITS, type RelayLimits } from './limits'
import { SqlRelayStore } from './store'

export interface DurableObjectStateLike {
  storage: DurableObjectStorageLike
}

/** The Worker's vars (wrangler.toml) and secrets (`wrangler secret put`); all optional. */
export interface RelayWorkerEnv {
  CREATION_TOKEN?: string
  PUBLIC_URL?: string
  RETENTION_DAYS?: string
  CAP_MEGABYTES?: string
  MAX_BODY_KILOBYTES?: string
}

export function limitsFromEnv(env: RelayWorkerEnv): Partial<RelayLimits> {
  const limits: Partial<RelayLimits> = {}
  const positive = (text: string | undefined): number | null => {
    const value = Number(text)
    return text !== undefined && Number.isFinite(value) && value > 0 ? value : null
  }
  const days = positive(env.RETENTION_DAYS)
  if (days !== null) limits.retentionMs = days * 24 * 60 * 60 * 1000
  const megabytes = positive(env.CAP_MEGABYTES)
  if (megabytes !== null) limits.capBytes = Math.round(megabytes * 1024 * 1024)
  const kilobytes = positive(env.MAX_BODY_KILOBYTES)
  if (kilobytes !== null) limits.maxBodyBytes = Math.round(kilobytes * 1024)
  return {
    ...limits,
    maxBodyBytes: Math.min(limits.maxBodyBytes ?? DEFAULT_LIMITS.maxBodyBytes, 1024 * 1024)
  }
}

export class RelayMailboxObject {
  private readonly relay: Relay

  constructor(
    private readonly state: DurableObjectStateLike,
    env: RelayWorkerEnv,
    /** Tests only: a clock they move, limits small enough to reach. */
    overrides: { clock?: RelayClock; limits?: Partial<RelayLimits> } = {}
  ) {
    this.relay = createRelay({
      store: new SqlRelayStore(durableObjectSqlDriver(state.storage)),
      clock: overrides.clock ?? systemClock,
      limits: { ...limitsFromEnv(env), ...overrides.limits },
      creationToken: env.CREATION_TOKEN || undefined,
      publicUrl: env.PUBLIC_URL || undefined,
      scheduleMaintenance: (at) => this.armAlarm(at)
    })
  }

  fetch(request: Request): Promise<Response> {
    return this.relay.fetch(request)
  }

  async alarm(): Promise<void> {
    const next = this.relay.maintain()
    if (next !== null) await this.state.storage.setAlarm(next)
  }

  /** Keeps the earliest due time: an alarm already set for sooner stays. */
  private async armAlarm(at: number): Promise<void> {
    const current = await this.state.storage.getAlarm()
    if (current === null || current > at) await this.state.storage.setAlarm(at)
  }
}
