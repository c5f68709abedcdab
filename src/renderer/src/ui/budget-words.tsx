// A sending budget in words, as both pre-send summaries (a campaign's, a large direct send's) say it: one device's
// line ("Kantor: 163 of this number’s daily cap of 200 left today (37 used); gateway quota 984") and the warnings when the
// quota does not cover the messages or today's caps leave some for the following days.
import type { DeviceView } from '../../../shared/contract'
import {
  budgetLeftToday,
  quotaShortfall,
  type QuotaFinish,
  type QuotaRunOut,
  type QuotaShortfall,
  type RunningFinish
} from '../../../shared/domain'
import type { MessageKey, useT } from '../i18n'
import { quotaWaitText, type ListLabels, type QuotaDevices, type QuotaWaitWords } from './quota-wait-words'

type Translate = ReturnType<typeof useT>

/** The campaign's and the pre-send summary's words for what the quota waits for (quota-wait-words.ts). */
export const CAMPAIGN_QUOTA_WAIT = {
  finishWaitsForQuota: {
    gateway: 'campaigns.finishWaitsForQuota',
    sandbox: 'campaigns.finishWaitsForQuota.sandbox',
    both: 'campaigns.finishWaitsForQuota.mixed'
  },
  presendFinishWaitsForQuota: {
    gateway: 'campaigns.presend.finishWaitsForQuota',
    sandbox: 'campaigns.presend.finishWaitsForQuota.sandbox',
    both: 'campaigns.presend.finishWaitsForQuota.mixed'
  },
  presendFinishPart: {
    gateway: 'campaigns.presend.finishPart',
    sandbox: 'campaigns.presend.finishPart.sandbox',
    both: 'campaigns.presend.finishPart.mixed'
  },
  presendFinishPartUnknown: {
    gateway: 'campaigns.presend.finishPartUnknown',
    sandbox: 'campaigns.presend.finishPartUnknown.sandbox',
    both: 'campaigns.presend.finishPartUnknown.mixed'
  },
  presendShortfall: {
    gateway: 'campaigns.presend.shortfall',
    sandbox: 'campaigns.presend.shortfall.sandbox',
    both: 'campaigns.presend.shortfall.mixed'
  },
  presendShortfallNone: {
    gateway: 'campaigns.presend.shortfallNone',
    sandbox: 'campaigns.presend.shortfallNone.sandbox',
    both: 'campaigns.presend.shortfallNone.mixed'
  },
  presendShortfallDevices: {
    gateway: 'campaigns.presend.shortfallDevices',
    sandbox: 'campaigns.presend.shortfallDevices.sandbox',
    both: 'campaigns.presend.shortfallDevices.mixed'
  }
} as const satisfies Record<string, QuotaWaitWords>

/** `device.waitingToday`: what other sends have waiting on it today, said beside its sends (QA28 Q28-07). */
export function deviceBudgetText(
  t: Translate,
  device: DeviceView & { waitingToday?: number },
  count: (n: number) => string
): string {
  const left = budgetLeftToday(device)
  const sent = device.sentToday?.count ?? 0
  const queued = device.waitingToday ?? 0
  const budget = { left: count(left ?? 0), cap: count(device.dailyCap ?? 0), sent: count(sent) }
  return t('campaigns.presend.device', {
    label: device.label,
    budget:
      left === null
        ? // A number, not its words: the plural is chosen by it.
          t('campaigns.presend.noCap', { sent })
        : queued > 0
          ? t('campaigns.presend.budgetLeftQueued', { ...budget, queued: count(queued) })
          : t('campaigns.presend.budgetLeft', budget),
    quota: gatewayQuotaText(t, device.quota, count)
  })
}

/**
 * A device's gateway quota in words ("gateway quota 1,000", "kuota gateway 1.000", "… unlimited"), the same wherever a
 * form names it (QA: the devices to send from said "quota 1000" above a summary saying "gateway quota 1,000").
 */
export function gatewayQuotaText(
  t: Translate,
  quota: DeviceView['quota'],
  count: (n: number) => string
): string {
  return quota === 'unlimited'
    ? t('campaigns.presend.quotaUnlimited')
    : quota === null
      ? t('campaigns.presend.quotaUnknown')
      : t('campaigns.presend.quota', { quota: count(quota) })
}

/**
 * A pre-send summary's end against the gateway quota, as the domain's quotaFinishEstimate answers: the time, the time
 * of the part the quota covers and that the rest waits (that its end is not known, when it is not), that every
 * message waits for the quota, or "Unknown". What the rest waits for is what tops up the quota of those of `devices`
 * that can hold its messages back.
 */
export function quotaFinishText(
  t: Translate,
  finish: QuotaFinish,
  at: (instant: number) => string,
  devices: QuotaDevices,
  list: ListLabels
): string {
  switch (finish.kind) {
    case 'at':
      return at(finish.at)
    case 'part':
      return finish.at === null
        ? quotaWaitText(
            t,
            CAMPAIGN_QUOTA_WAIT.presendFinishPartUnknown,
            { covered: finish.covered, waiting: finish.waiting },
            { devices, messages: finish.covered + finish.waiting },
            list
          )
        : quotaWaitText(
            t,
            CAMPAIGN_QUOTA_WAIT.presendFinishPart,
            { time: at(finish.at), covered: finish.covered, waiting: finish.waiting },
            { devices, messages: finish.covered + finish.waiting },
            list
          )
    case 'waits_for_quota':
      return quotaWaitText(
        t,
        CAMPAIGN_QUOTA_WAIT.presendFinishWaitsForQuota,
        {},
        { devices, messages: finish.waiting },
        list
      )
    case 'none':
      return t('common.unknown')
  }
}

/**
 * A running campaign's end in words, as the domain's runningFinishEstimate reads its estimate now: the time, that it
 * runs behind it, the part its devices' quotas cover as the pre-send summary says it, or that every row left waits
 * for the quota. Empty when there is no end to promise.
 */
export function runningFinishText(
  t: Translate,
  finish: RunningFinish,
  at: (instant: number) => string,
  devices: QuotaDevices,
  list: ListLabels
): string {
  switch (finish.kind) {
    case 'at':
      return t('campaigns.finish', { time: at(finish.at) })
    case 'late':
      return t('campaigns.late')
    case 'part':
      return quotaFinishText(t, finish, at, devices, list)
    case 'waits_for_quota':
      return quotaWaitText(
        t,
        CAMPAIGN_QUOTA_WAIT.finishWaitsForQuota,
        { waiting: finish.waiting },
        { devices, messages: finish.waiting },
        list
      )
    case 'none':
      return ''
  }
}

/** The most devices a warning names as running out; the others are counted ("and 2 more devices run out too"). */
const RUNS_OUT_NAMED = 3

/** Where a spent device's messages go: a campaign's rotation gives them to the others, a retry's wait for it. */
const SPENT_KEY = {
  others: 'campaigns.presend.runsOutSpentOthers',
  waits: 'campaigns.presend.runsOutSpentWaits'
} as const satisfies Record<string, MessageKey>

/**
 * Which devices run out of gateway quota before their own part (the domain's QuotaRunOut, most short first), as
 * "Per device: Shop runs out after 120 of its 300 messages", naming at most RUNS_OUT_NAMED and counting the rest.
 * One whose quota is already spent (it covers none of its part) has no quota left, and `spent` says where its
 * messages go: to the others (a campaign's rotation, campaigns.ts rotate, which wait when none has quota either), or
 * they wait (when no other device has quota, or for a retry: each device sends only its own). Empty when none runs out.
 */
export function runsOutText(
  t: Translate,
  list: ListLabels,
  runsOut: readonly QuotaRunOut<QuotaDevices[number]>[],
  spent: keyof typeof SPENT_KEY
): string {
  if (runsOut.length === 0) return ''
  const named = runsOut
    .slice(0, RUNS_OUT_NAMED)
    .map(({ device, covers, part }) =>
      covers === 0
        ? t(SPENT_KEY[spent], { device: device.label, part })
        : t('campaigns.presend.runsOutDevice', { device: device.label, covers, part })
    )
  const more = runsOut.length - named.length
  return t('campaigns.presend.runsOut', {
    devices: list(more > 0 ? [...named, t('campaigns.presend.runsOutMore', { count: more })] : named)
  })
}

/**
 * The set's line when its quotas fall short: what they cover of the messages and how many are short, then what tops
 * them up (once spent, the rest wait); or, covering none, that none can go until one is topped up (QA49 Q49-05).
 */
export function setShortfallText(
  t: Translate,
  count: (n: number) => string,
  list: ListLabels,
  { covered, messages }: { covered: number; messages: number },
  quota: { devices: QuotaDevices; messages: number }
): string {
  return covered > 0
    ? quotaWaitText(
        t,
        CAMPAIGN_QUOTA_WAIT.presendShortfall,
        { quota: count(covered), count: count(messages), short: count(messages - covered) },
        quota,
        list
      )
    : quotaWaitText(t, CAMPAIGN_QUOTA_WAIT.presendShortfallNone, { count: messages }, quota, list)
}

/**
 * The quota's shortfall in words, as the domain's quotaShortfall counts it for the set: how much of the send the
 * quotas cover and the number short, then what tops it up; or, when some quotas are not known, what the known ones
 * cover, that the named devices' quotas are not known so some messages may wait, then what tops a spent quota up; or
 * that no quota is known at all. Through more than one device, which of them run out before their own part.
 */
function shortfallText(
  t: Translate,
  count: (n: number) => string,
  list: ListLabels,
  messages: number,
  shortfall: QuotaShortfall<QuotaDevices[number]>,
  devices: QuotaDevices
): string {
  const quota = { devices, messages }
  // One device's part is every message: the set's numbers already say it.
  // A spent device's rows go to the others (rotation), unless none has quota left to take them.
  const perDevice = (
    runsOut: readonly QuotaRunOut<QuotaDevices[number]>[],
    othersCover: boolean
  ): string[] =>
    devices.length > 1 && runsOut.length > 0
      ? [runsOutText(t, list, runsOut, othersCover ? 'others' : 'waits')]
      : []
  switch (shortfall.kind) {
    case 'none':
      return ''
    case 'none_known':
      return t('campaigns.presend.quotaNotKnown', { devices: devices.length })
    case 'short':
      return [
        setShortfallText(t, count, list, { covered: shortfall.covered, messages }, quota),
        ...perDevice(shortfall.runsOut, shortfall.covered > 0)
      ].join(' ')
    case 'unknown': {
      const part = { covered: count(shortfall.covered), count: count(messages) }
      const labels = shortfall.unknown.map((d) => d.label)
      return [
        labels.length > 1
          ? t('campaigns.presend.shortfallUnknownMany', { ...part, devices: list(labels) })
          : t('campaigns.presend.shortfallUnknown', { ...part, device: labels.join('') }),
        // A quota not known may take them.
        ...perDevice(shortfall.runsOut, true),
        quotaWaitText(t, CAMPAIGN_QUOTA_WAIT.presendShortfallDevices, {}, quota, list)
      ].join(' ')
    }
  }
}

/** The quota's shortfall (or that it may fall short) and what today's caps leave for later, each said when it applies. */
export function BudgetWarnings({
  t,
  count,
  list,
  messages,
  devices,
  leftOnFirstDay,
  capDay = 'today',
  testIdPrefix
}: {
  t: Translate
  count: (n: number) => string
  list: ListLabels
  messages: number
  /** The devices the messages go through: their quotas' shortfall, and what tops up those that can run out. */
  devices: QuotaDevices
  /** What the caps allow on the send's first day, or null without a cap. */
  leftOnFirstDay: number | null
  /** That first day: today, or the day a schedule starts. */
  capDay?: 'today' | 'scheduled'
  testIdPrefix: string
}): React.JSX.Element {
  const shortfall = quotaShortfall(devices, messages)
  return (
    <>
      {shortfall.kind !== 'none' ? (
        // Short is bad; that some may wait (a quota not known, or none known) is a warning.
        <p
          className={`alert ${shortfall.kind === 'short' ? 'alert--bad' : 'alert--warn'}`}
          data-testid={`${testIdPrefix}-shortfall`}
        >
          {shortfallText(t, count, list, messages, shortfall, devices)}
        </p>
      ) : null}
      {leftOnFirstDay !== null && leftOnFirstDay < messages ? (
        <p className="muted" data-testid={`${testIdPrefix}-over-budget`}>
          {t(capDay === 'today' ? 'campaigns.presend.overBudget' : 'send.presend.overBudgetScheduled', {
            left: count(leftOnFirstDay),
            count: count(messages)
          })}
        </p>
      ) : null}
    </>
  )
}
