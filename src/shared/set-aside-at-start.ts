/**
 * What a draft's start set aside that its reader had counted as recipients, and the words that say it: one rule for
 * the window's "1 number was set aside at start: 1 opted out." and the terminal's `campaign start`, which said it in
 * an English sentence of its own. Pure: each reader says the key in its language, the reasons by skippedReasons.
 */
import type { CampaignView, SameMessageMoves } from './contract'
import { campaignBucketCounts } from './domain/campaign-buckets'

/**
 * The rows a start set aside that the panel had counted as recipients: how many, how many of them opted out since the
 * panel's read, and how many still wait for the same message (QA73).
 */
export interface SetAsideAtStart {
  count: number
  /** Of `count`, those whose number opted out (set aside as opted out, as the check sets them aside). */
  optedOut: number
  /** Of `count`, those still waiting for the same message (the rest got it), in `waitingIn` when one campaign. */
  waiting: number
  waitingIn?: string
  /**
   * The rows the panel had already set aside (its skipped rows): with none, those the start set aside are not "more"
   * (QA81: "1 more was set aside" when nothing had been).
   */
  skippedBefore?: number
}

/** No row set aside at the start (or none the panel had not counted). */
export const NONE_SET_ASIDE: SetAsideAtStart = Object.freeze({ count: 0, optedOut: 0, waiting: 0 })

/** Why the rows a start set aside were, by the skipped rows' reasons (skippedReasons). */
export function setAsideReasons(setAside: SetAsideAtStart): Record<string, number> {
  return {
    opted_out: setAside.optedOut,
    sent_recently: setAside.count - setAside.optedOut - setAside.waiting,
    same_message_waiting: setAside.waiting
  }
}

/**
 * The key of the line saying them: "N more were set aside: …" after rows the reader had set aside already, "N numbers
 * were set aside at start: …" when it had set none aside (or is not known to have).
 */
export function setAsideAtStartKey(
  setAside: SetAsideAtStart
): 'campaigns.draft.setAsideAtStartFirst' | 'campaigns.draft.setAsideAtStart' {
  return setAside.skippedBefore === 0
    ? 'campaigns.draft.setAsideAtStartFirst'
    : 'campaigns.draft.setAsideAtStart'
}

/**
 * The rows a draft's "Before you start" counted as recipients that its start then left out for the same message (they
 * matched between the panel's read and the click), by row number: those the start set aside that the read did not,
 * and those the read made ready again that the start did not (they still match). Totals would hide one row ceasing
 * to match as another starts. Without the read (`foreseen` null: the terminal's start, or a read that failed), every
 * row the start set aside is one more. The rows whose number opted out since the read are counted the same way; with
 * `sendingRecent` (the start sends to the rows of the same message lately) they are the only ones.
 */
export function setAsideUnforeseen(
  foreseen: Pick<SameMessageMoves, 'setAsideRows' | 'readyAgainRows' | 'optedOutRows'> | null,
  atStart: Pick<
    SameMessageMoves,
    'setAsideRows' | 'readyAgainRows' | 'setAsideWaitingRows' | 'setAsideWaitingIn' | 'optedOutRows'
  >,
  sendingRecent = false
): SetAsideAtStart {
  const foreseenOptedOut = new Set(foreseen?.optedOutRows ?? [])
  const optedOut = (atStart.optedOutRows ?? []).filter((row) => !foreseenOptedOut.has(row)).length
  if (sendingRecent) return { ...NONE_SET_ASIDE, count: optedOut, optedOut }
  const foreseenAside = new Set(foreseen?.setAsideRows ?? [])
  const readyAtStart = new Set(atStart.readyAgainRows)
  const waitingAtStart = new Set(atStart.setAsideWaitingRows ?? [])
  const newlyAside = atStart.setAsideRows.filter((row) => !foreseenAside.has(row))
  const stillAside = (foreseen?.readyAgainRows ?? []).filter((row) => !readyAtStart.has(row)).length
  // QA73 follow-up: a row whose 24 hours had run out at the read matches at the start only for a same message put in
  // line since: still waiting for it, in a campaign the start did not name for it (so none is named then).
  const waiting = newlyAside.filter((row) => waitingAtStart.has(row)).length + stillAside
  return {
    count: newlyAside.length + stillAside + optedOut,
    optedOut,
    waiting,
    ...(waiting > 0 && stillAside === 0 && atStart.setAsideWaitingIn !== undefined
      ? { waitingIn: atStart.setAsideWaitingIn }
      : {})
  }
}

/**
 * What a draft's "Before you start" counts: its ready and skipped rows (its row buckets), the rows left out for the
 * same message alone (`recent`), and with `sendRecent` those counted as recipients instead, since the start sends to
 * them: recipients and skipped rows still add up to the draft's rows.
 */
export function draftStartCounts(
  campaign: Pick<CampaignView, 'status' | 'counts' | 'summary'>,
  sendRecent: boolean
): { ready: number; skipped: number; skippedWhy: Record<string, number>; recent: number } {
  const { ready, skipped } = campaignBucketCounts(campaign.counts, campaign.status === 'draft')
  const recent = Math.min(campaign.summary.sentRecently ?? 0, skipped)
  if (!sendRecent || recent === 0) return { ready, skipped, skippedWhy: campaign.summary.byProblem, recent }
  const {
    sent_recently: got = 0,
    same_message_waiting: waiting = 0,
    ...otherReasons
  } = campaign.summary.byProblem
  // A row left out first for the same message and then for another problem stays skipped, under that first reason.
  // Which kind those few are (got it or still waiting: QA73) is not counted apart: the ones waiting go first.
  const waitingStill = Math.max(0, waiting - recent)
  const gotStill = got - Math.max(0, recent - waiting)
  return {
    ready: ready + recent,
    skipped: skipped - recent,
    skippedWhy: {
      ...otherReasons,
      ...(gotStill > 0 ? { sent_recently: gotStill } : {}),
      ...(waitingStill > 0 ? { same_message_waiting: waitingStill } : {})
    },
    recent
  }
}
