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

/** A campaign as its end is decided: its status, each device's part (paused by itself or not) and its estimate. */
export interface CampaignEndFacts {
  status: string
  devices: readonly { autoPaused: string | null }[]
  finishAt: number | null
  /** What the devices' gateway quotas cover of it (runningFinishEstimate); absent from an older core. */
  quotaFinish?: QuotaFinish
}

/**
 * Whether nothing of a campaign goes on by its own state: paused by the operator, or running with every device's part
 * paused by itself (a device away, its quota spent).
 */
export function campaignHeld(campaign: Pick<CampaignEndFacts, 'status' | 'devices'>): boolean {
  return (
    campaign.status === 'paused' ||
    (campaign.status === 'running' &&
      campaign.devices.length > 0 &&
      campaign.devices.every((d) => d.autoPaused !== null))
  )
}

/**
 * A campaign's end as every view says it: only a running campaign that is not held has one (its estimate assumes it
 * goes on now), read against `now` and the devices' quotas as runningFinishEstimate reads it. The window and the
 * terminal both ask this (QA24 Q24-08: the terminal gave a paused campaign an end that moved with the clock).
 */
export function campaignFinishEstimate(campaign: CampaignEndFacts, now: number): RunningFinish {
  if (campaign.status !== 'running' || campaignHeld(campaign)) return { kind: 'none' }
  return runningFinishEstimate(campaign.finishAt, campaign.quotaFinish, now)
}

/**
 * What a pre-send summary may say of the end when the gateway quota may not cover every message: the gateway refuses
 * a device whose quota is spent and its messages wait until the package is renewed or topped up, so no time is
 * honest for them. `covered`: the messages the quota covers (all of them when it is unlimited or unknown);
 * `coveredFinishAt`: when the last of those would start.
 */
export type QuotaFinish =
  /** The quota covers every message: the end of them all. */
  | { kind: 'at'; at: number }
  /** The quota covers the first `covered`: when they end (null: not known); the other `waiting` wait for the quota. */
  | { kind: 'part'; at: number | null; covered: number; waiting: number }
  /** The quota is spent: every message waits for it, no end can be promised. */
  | { kind: 'waits_for_quota'; waiting: number }
  /** Nothing to promise (nothing to send, or no estimate). */
  | { kind: 'none' }

export function quotaFinishEstimate(input: {
  messages: number
  covered: number
  finishAt: number | null
  coveredFinishAt: number | null
}): QuotaFinish {
  const { messages, finishAt, coveredFinishAt } = input
  if (messages <= 0) return { kind: 'none' }
  const covered = Math.max(0, Math.min(messages, input.covered))
  if (covered === 0) return { kind: 'waits_for_quota', waiting: messages }
  if (covered < messages) return { kind: 'part', at: coveredFinishAt, covered, waiting: messages - covered }
  return finishAt === null ? { kind: 'none' } : { kind: 'at', at: finishAt }
}

/**
 * What a running campaign may say of its end, read against `now`: its estimate against its devices' gateway quotas
 * left (quotaFinish, as the pre-send check's), else (a core older than it) the end of every row. An end gone by is
 * never shown: the end of every row is late, and the covered part's end is not known until the estimate is made again.
 */
export type RunningFinish = FinishEstimate | Extract<QuotaFinish, { kind: 'part' | 'waits_for_quota' }>

export function runningFinishEstimate(
  finishAt: number | null,
  quotaFinish: QuotaFinish | undefined,
  now: number
): RunningFinish {
  switch (quotaFinish?.kind) {
    case undefined:
      return finishEstimate(finishAt, now)
    case 'at':
      return finishEstimate(quotaFinish.at, now)
    case 'part':
      return quotaFinish.at !== null && quotaFinish.at < now ? { ...quotaFinish, at: null } : quotaFinish
    case 'waits_for_quota':
    case 'none':
      return quotaFinish
  }
}
