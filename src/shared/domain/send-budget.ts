// A device's sending budget before a send: what its daily cap still allows today, whether its gateway quota covers
// the messages, when a direct send would end at the outbox's pace, and when a direct send is large enough to be
// summed up before it goes. The campaign's and the direct send's pre-send summaries both count with these.
import type { ScheduleMode } from './enums'
import { quotaFinishEstimate, type QuotaFinish } from './finish-estimate'
import { computerTimeZone, dayBoundsOn } from './zoned-time'

/** A direct send to more recipients than this is summed up before it goes (issue 29). */
export const LARGE_DIRECT_SEND = 20

/**
 * What the device view carries of a device's budget: its daily cap, today's sends, when its day ends, and the zone
 * whose midnights start its days (the send queue's budget's day zone).
 */
export interface DeviceBudget {
  dailyCap?: number | null | undefined
  sentToday?: { count: number; resetsAt: string; zone: string } | undefined
  /** What other sends have waiting on the device before its day ends: they share today's cap (QA28 Q28-07). */
  waitingToday?: number | undefined
}

/** A gateway quota: a count of messages, 'unlimited', or not known (null). */
export interface DeviceQuota {
  quota: number | 'unlimited' | null
}

/** Sends a device may still make today under its daily cap, or null without a cap. */
export function budgetLeftToday(device: DeviceBudget): number | null {
  if (device.dailyCap === null || device.dailyCap === undefined) return null
  return Math.max(0, device.dailyCap - (device.sentToday?.count ?? 0) - (device.waitingToday ?? 0))
}

/**
 * What the devices' gateway quotas cover between them, as a campaign's rotation gives a spent device's rows to the
 * others: the sum of their counts, or every message when a quota is unlimited or not known. The estimate's part (what
 * finishes before the rest waits) and Split count with it; what the summary warns of is quotaShortfall's.
 */
export function quotaCovers(devices: readonly DeviceQuota[]): number {
  let quota = 0
  for (const device of devices) {
    if (typeof device.quota !== 'number') return Infinity
    quota += device.quota
  }
  return quota
}

/**
 * A device whose gateway quota runs out before its own part of the messages: the part a campaign's start deals it
 * (campaigns.ts start: row i to device i % n, so the first devices get one more when the rows do not divide evenly;
 * dealtParts). Its quota `covers` that many of its `part`, `short` the rest: those go to the devices with quota left
 * (campaigns.ts rotate: its quota spent, the device is paused and its untried rows dealt to the others), or wait.
 */
export interface QuotaRunOut<D extends DeviceQuota = DeviceQuota> {
  device: D
  covers: number
  part: number
  short: number
}

/** What a campaign's start deals each of `devices` devices of `count` rows, in turn from the first (campaigns.ts). */
export function dealtParts(devices: number, count: number): number[] {
  const each = devices > 0 ? Math.floor(count / devices) : 0
  return Array.from({ length: devices }, (_, i) => each + (i < count - each * devices ? 1 : 0))
}

/**
 * Whether the devices' gateway quotas fall short of `count` messages, as rotation sends them (a spent device's rows go
 * to those with quota left, pacing.ts estimateSchedule), so the set's quotas count together, never one device's share
 * alone. 'none': an unlimited quota takes every row the others cannot, or the quotas known cover every message.
 * 'none_known': no quota is known (nothing to count against: the gateway may stop part-way). 'short': every quota is a
 * count, and `covered`, their sum, leaves `short` of the messages. 'unknown': some quotas are not known (none
 * unlimited) and the known ones cover only `covered`: how many fall short is not known, the `unknown` devices' quotas
 * may cover the rest or not. Short or not known, `runsOut` names the devices (in the order their rows are dealt,
 * `devices`' order) whose quota runs out before their own part, most short first. `short` is 0 but when the set is
 * short. The cases: quota-topped-up.cases.ts.
 */
export type QuotaShortfall<D extends DeviceQuota = DeviceQuota> =
  | { kind: 'none'; short: 0 }
  | { kind: 'none_known'; short: 0 }
  | { kind: 'short'; short: number; covered: number; runsOut: QuotaRunOut<D>[] }
  | { kind: 'unknown'; short: 0; covered: number; unknown: D[]; runsOut: QuotaRunOut<D>[] }

export function quotaShortfall<D extends DeviceQuota>(
  devices: readonly D[],
  count: number
): QuotaShortfall<D> {
  const none = { kind: 'none', short: 0 } as const
  if (devices.some((device) => device.quota === 'unlimited')) return none
  const unknown = devices.filter((device) => device.quota === null)
  const covered = quotaCovers(devices.filter((device) => device.quota !== null))
  if (covered >= count || devices.length === 0) return none
  if (unknown.length === devices.length) return { kind: 'none_known', short: 0 }
  const parts = dealtParts(devices.length, count)
  const runsOut = devices
    .flatMap((device, i): QuotaRunOut<D>[] => {
      const part = parts[i] ?? 0
      const covers = typeof device.quota === 'number' ? Math.max(0, device.quota) : part
      return covers < part ? [{ device, covers, part, short: part - covers }] : []
    })
    // Stable: devices equally short keep their order.
    .sort((a, b) => b.short - a.short)
  return unknown.length > 0
    ? { kind: 'unknown', short: 0, covered, unknown, runsOut }
    : { kind: 'short', short: count - covered, covered, runsOut }
}

/**
 * "Split" on a shortfall (issue 27, point 1): how many of `ready` messages the devices can take now, the smaller of
 * their gateway quota and what their daily caps leave today (a quota unknown or unlimited, or a device without a
 * cap, limits nothing). Null when nothing is short, or when nothing could go now: then there is nothing to split.
 */
export function messagesThatFitNow(
  devices: readonly (DeviceBudget & DeviceQuota)[],
  ready: number
): number | null {
  const quota = quotaCovers(devices)
  const budgets = devices.map(budgetLeftToday)
  const budget = budgets.every((b) => b !== null)
    ? budgets.reduce<number>((sum, b) => sum + (b ?? 0), 0)
    : Infinity
  const fit = Math.min(quota, budget)
  return fit >= 1 && fit < ready ? fit : null
}

export interface DirectSendPlan {
  /** When the send starts: now, or its schedule's time (one already past starts now). */
  startAt: number
  /** When the last message would start, if nothing else waits for the device (ms since the epoch). */
  finishAt: number
  /** Messages the daily cap leaves for the days after the send's first (0 without a cap). */
  afterFirstDay: number
  /** Messages the gateway quota does not cover (0 when it does, or is unlimited or unknown). */
  quotaShort: number
  /** Sum it up before it goes: many recipients, or more than the cap or the quota allows. */
  needsSummary: boolean
}

/**
 * A direct send scheduled for later: when, and who sends it then. 'local': the outbox, at its pace and under the
 * device's daily cap, from that moment; 'gateway': the gateway fires every message itself at that moment (no pace or
 * cap of ours applies, only its quota).
 */
export interface DirectSendSchedule {
  at: number
  mode: ScheduleMode
}

const DAY_MS = 86_400_000

/**
 * The start of the device day `n` days after the one starting at `dayStart`: its midnight in `zone`, the send queue's
 * day rule (a day of 23 or 25 hours across DST moves it). Noon of that day, however summer time moved its midnight,
 * lies inside it: the day's own bounds say where it starts.
 */
function followingDayStart(dayStart: number, n: number, zone: string): number {
  return n === 0 ? dayStart : dayBoundsOn(dayStart + n * DAY_MS + DAY_MS / 2, zone).start
}

/**
 * A direct send of `messages` messages to `recipients` recipients through one device, planned as the outbox sends it:
 * one start every `pacingMs`, at most the daily cap a day, the cap's day starting again at `sentToday.resetsAt` (the
 * device's midnight) and each following day at its midnight in the device's day zone, as the send queue's budget
 * counts them (without a budget known, the computer's zone: the send queue's default). It starts now, or at its
 * schedule's time (a time already past starts now): on today's device day what today's sends left of the cap is what
 * it may use, on a later day the whole cap. Sent now, the `waiting` messages already in line for the device go first,
 * at the same pace and on the same cap (QA63: the end was given as if none waited, a minute early for 27).
 */
export function planDirectSend(input: {
  device: DeviceBudget & DeviceQuota
  recipients: number
  messages: number
  pacingMs: number
  now: number
  schedule?: DirectSendSchedule | undefined
  /** Messages already in line for the device (queued or sending); only a send now waits for them. */
  waiting?: number | undefined
}): DirectSendPlan {
  const { device, recipients, messages, pacingMs, now, schedule } = input
  const waiting = schedule ? 0 : (input.waiting ?? 0)
  if (waiting > 0) {
    // Planned as one line of them all: ours start after the waiting ones, end with the line, and go past today's
    // cap by what the line does, as far as it falls on ours. The quota is asked of ours alone, as it was of theirs
    // when they were sent.
    const line = planDirectSend({ ...input, messages: waiting + messages, waiting: 0 })
    const afterFirstDay = Math.min(messages, line.afterFirstDay)
    const { quotaShort } = planDirectSend({ ...input, waiting: 0 })
    return {
      startAt: planDirectSend({ ...input, messages: waiting + 1, waiting: 0 }).finishAt,
      finishAt: line.finishAt,
      afterFirstDay,
      quotaShort,
      needsSummary: recipients > LARGE_DIRECT_SEND || afterFirstDay > 0 || quotaShort > 0
    }
  }
  const start = Math.max(now, schedule?.at ?? now)
  const quotaShort = quotaShortfall([device], messages).short
  const large = recipients > LARGE_DIRECT_SEND
  if (schedule?.mode === 'gateway')
    return {
      startAt: start,
      finishAt: start,
      afterFirstDay: 0,
      quotaShort,
      needsSummary: large || quotaShort > 0
    }
  const cap = device.dailyCap ?? null
  const zone = device.sentToday?.zone ?? computerTimeZone()
  const resetsAt = Date.parse(device.sentToday?.resetsAt ?? '')
  const todayEnds = Number.isNaN(resetsAt) ? dayBoundsOn(now, zone).end : resetsAt
  // The device day the send starts on: today (what today's sends left) or one of the following (a fresh cap).
  const startsToday = start < todayEnds
  const left = startsToday ? budgetLeftToday(device) : cap
  let finishAt = start + Math.max(0, messages - 1) * pacingMs
  let afterFirstDay = 0
  if (left !== null && cap !== null && messages > left) {
    afterFirstDay = messages - left
    const dayOne = startsToday ? todayEnds : dayBoundsOn(start, zone).end
    const days = Math.ceil(afterFirstDay / cap)
    const onLastDay = afterFirstDay - (days - 1) * cap
    finishAt = followingDayStart(dayOne, days - 1, zone) + (onLastDay - 1) * pacingMs
  }
  return {
    startAt: start,
    finishAt,
    afterFirstDay,
    quotaShort,
    needsSummary: large || afterFirstDay > 0 || quotaShort > 0
  }
}

/**
 * What a direct send's summary says of its end against the device's gateway quota (quotaFinishEstimate): the end of
 * them all when the quota covers them, else the end of the part it covers, planned as that many messages, or none.
 */
export function directSendFinish(input: Parameters<typeof planDirectSend>[0]): QuotaFinish {
  const plan = planDirectSend(input)
  const covered = input.messages - plan.quotaShort
  return quotaFinishEstimate({
    messages: input.messages,
    covered,
    finishAt: plan.finishAt,
    coveredFinishAt: covered > 0 ? planDirectSend({ ...input, messages: covered }).finishAt : null
  })
}
