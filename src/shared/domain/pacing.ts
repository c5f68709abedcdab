// A campaign's pacing policy and its safe defaults, one set for the core, the CLI and the window's campaign form.
import { GATEWAY_TIME_ZONE } from './enums'

export interface PacingPolicy {
  /** Random gap between two sends of one device, in seconds (min ≤ max). */
  minDelaySeconds: number
  maxDelaySeconds: number
  /** After every `batchSize` sends, wait `batchPauseMinutes` (0 = no batch pause). */
  batchSize: number
  batchPauseMinutes: number
  /** Sends only between start and end (HH:mm, end exclusive) on the wall clock of `timeZone`; null = any time. */
  workingHours: { start: string; end: string; timeZone: string } | null
  /** Most sends per device per calendar day (in the working-hours zone, else UTC). */
  dailyCapPerDevice: number
  /** Warm-up for a new number: the cap starts at `startPerDay` and grows by `increasePerDay` each day. */
  warmUp: { startPerDay: number; increasePerDay: number } | null
}

/** Safe defaults from what operators' tools ship (shared/campaign-pacing.md): 5–30 s, 20 then 10 min, 08–20, 150/day. */
export const DEFAULT_PACING: PacingPolicy = {
  minDelaySeconds: 5,
  maxDelaySeconds: 30,
  batchSize: 20,
  batchPauseMinutes: 10,
  workingHours: { start: '08:00', end: '20:00', timeZone: GATEWAY_TIME_ZONE },
  dailyCapPerDevice: 150,
  warmUp: null
}
