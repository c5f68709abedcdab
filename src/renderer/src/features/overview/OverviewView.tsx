// The overview the window and the tray open first: the customers' unread messages, each device's state, quota and
// expiry, today's numbers, and the campaigns at work.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { DeviceView, OutboxSince, OutboxStatus } from '../../../../shared/contract'
import {
  BUCKET_STATUSES,
  bucketCounts,
  heldOfScheduled,
  pausedOfQueued,
  scheduledSplit,
  sentTodayParts,
  WAITING_BUCKETS,
  waitingCount,
  type BucketCounts,
  type HappenedEvent
} from '../../../../shared/domain/status-buckets'
import { call } from '../../api'
import { localeOf, useLanguage, useT, type MessageKey, type Translate } from '../../i18n'
import { formatCount, formatDateTimeInZone, todayIn } from '../../i18n/dates'
import { useOperatorDay } from '../../ui/use-operator-day'
import { useDevices } from '../../stores/devices'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { openOutboxAt, useOutbox } from '../../stores/outbox'
import { useNavigation } from '../../stores/navigation'
import { operatorZone } from '../../stores/settings'
import { busyButtonProps } from '../../ui/busy-button'
import { ViewHeading } from '../../ui/ViewHeading'
import { StateBadge } from '../devices/StateBadge'
import './overview.css'
import { quotaText } from '../devices/quota-text'
import { capSpentUntil } from '../../../../shared/device-status'
import { inboxUnreadWords } from '../../../../shared/i18n/inbox-unread'
import { bucketParts } from '../outbox/bucket-summary'
import { CampaignsNow } from '../campaigns/CampaignsNow'
import { RELAY_EFFECT_KEY } from '../attention/relay-effect'
import { addFirstDevice, useTrySandbox } from '../welcome/first-device'

/**
 * Today's numbers, by when things happened (issue 29): what is waiting (the scheduled among it named apart: a
 * message due tomorrow is not "waiting now"), what the gateway holds now and has not sent, what it took and sent today
 * (wherever it is since: a message read since still counts as sent today), what failed and what was cancelled today;
 * each message in one of them at most (QA14 Q14-04: those cancelled or refused at the gateway were "sent" too). Waiting
 * and with the gateway open the outbox filtered to their statuses (they are now, not today); the others open the list
 * of exactly the messages they counted, by the core's same rule (QA9 Q9-04: by status only, yesterday's were listed
 * too).
 */
type NowNumber = 'waiting' | 'withGateway'
type TodayNumber = NowNumber | HappenedEvent
const TODAY: { number: TodayNumber; key: MessageKey }[] = [
  { number: 'waiting', key: 'overview.today.waiting' },
  { number: 'withGateway', key: 'overview.today.withGateway' },
  { number: 'sent', key: 'overview.today.sent' },
  { number: 'failed', key: 'overview.today.failed' },
  { number: 'cancelled', key: 'overview.today.cancelled' },
  // Cancelled because the number opted out: nobody cancelled them, so not among the cancelled (issue 29 point 2).
  // Messages, not customers: its words say they were not sent (QA67: "1 opted out today" with two
  // customers' STOP that day).
  { number: 'optedOut', key: 'overview.today.optedOut' }
]
const NOW_STATUSES: Record<NowNumber, readonly OutboxStatus[]> = {
  waiting: WAITING_BUCKETS.flatMap((bucket) => BUCKET_STATUSES[bucket]),
  withGateway: BUCKET_STATUSES.withGateway
}
const isNowNumber = (number: TodayNumber): number is NowNumber => number in NOW_STATUSES
/** Numbers said only when not 0. */
const SAID_WHEN_SOME: ReadonlySet<TodayNumber> = new Set(['withGateway', 'optedOut'])

const DAY_MS = 24 * 3_600_000

/** Whole days until the device's subscription ends (the core's instant, `expiresBy`), or null when not known. */
export function daysLeft(expiresBy: string | undefined, now: number): number | null {
  if (!expiresBy) return null
  const at = Date.parse(expiresBy)
  return Number.isNaN(at) ? null : Math.floor((at - now) / DAY_MS)
}

interface TodayNumbers {
  /** The start of the day the numbers count from (ISO): the list a number opens counts from the same instant. */
  since: string
  numbers: Record<TodayNumber, number>
  /** Of `numbers.waiting`, those scheduled for later: waiting, but not "now". */
  scheduled: number
  /** Of `scheduled`, those due only after today (null when the core did not say): not today's (QA13 Q13-07). */
  scheduledAfterToday: number | null
  /** Of `scheduled`, those due today that a device's daily cap holds past today (0 when the core did not say). */
  scheduledCapHeld: number
  /** Of `scheduled`, those that will not be sent, their number opted out since (QA76): in neither of the above. */
  scheduledOptedOut: number
  /** Of `numbers.waiting`, the scheduled that came due while the app was closed, held for the operator (Q13-01). */
  held: number
  /** Of `numbers.waiting`, the queued a pause holds (QA F21): named, not counted apart. */
  paused: number
  /**
   * Of `numbers.waiting`, the queued on a device that cannot send now (a QR scan, disconnected, expired), by device
   * (probe 4 P4: the one queued for a device needing a scan was counted but not named, the parts did not add up).
   */
  stopped: StoppedQueued[]
  /**
   * Of `numbers.waiting`, the queued running campaigns hold outside their working hours or for their daily cap
   * (QA62: "9 waiting now" at 22:00, the campaign's card saying it waits for 08:00): waiting, but not "now".
   */
  outsideHours: number
  campaignCap: number
  /** Of `numbers.waiting`, the queued none of the above holds: named only beside other parts, so they add up. */
  queuedRest: number
  /** Where the messages sent today still in the outbox are now, bucket by bucket (with `sentDeleted`, `numbers.sent`). */
  sentNow: BucketCounts
  /** Of `numbers.sent`, those since deleted from this computer: counted, but in no list here (QA sentdeleted). */
  sentDeleted: number
}

/**
 * The queued of one device that cannot send now: by its state, or (`capSpent`) connected with its daily cap used up
 * until the count starts again (probe 4 P3: those were said as plainly "queued").
 */
interface StoppedQueued {
  label: string
  queued: number
  capSpent: boolean
}

/**
 * Why a device that is not paused holds its queued here: its state stops them from reaching the gateway (as the
 * outbox's waiting reason says it), or its daily cap is used up; null when neither.
 */
function whyHeld(device: DeviceView): 'stopped' | 'capSpent' | null {
  if (device.paused) return null
  if (device.state !== 'connected' && device.state !== 'unknown') return 'stopped'
  return capSpentUntil(device) !== null ? 'capSpent' : null
}

/**
 * The queued of each device that cannot send now, asked again whenever the counts or a device's state move. Not
 * asked while all sending is paused: then the pause holds them all, and they are named as paused.
 */
function useQueuedOnStoppedDevices(): StoppedQueued[] {
  const counts = useOutbox((s) => s.counts)
  const sendingPaused = useOutbox((s) => s.sendingPaused)
  const devices = useDevices((s) => s.devices)
  const stopped =
    sendingPaused || counts.queued + counts.sending === 0
      ? []
      : devices.flatMap((device) => {
          const why = whyHeld(device)
          return why === null ? [] : [{ id: device.id, label: device.label, capSpent: why === 'capSpent' }]
        })
  const asked = stopped.length === 0 ? '' : JSON.stringify(stopped)
  const [found, setFound] = useState<{ asked: string; queued: StoppedQueued[] }>({ asked: '', queued: [] })
  useEffect(() => {
    if (asked === '') return
    let on = true
    const devicesAsked = JSON.parse(asked) as { id: string; label: string; capSpent: boolean }[]
    Promise.all(devicesAsked.map((device) => call('outbox:counts', { deviceId: device.id })))
      .then((replies) => {
        if (!on) return
        const queued = replies
          .map((reply, index) => {
            const { label, capSpent } = devicesAsked[index]!
            return { label, capSpent, queued: reply.queued + reply.sending }
          })
          .filter((entry) => entry.queued > 0)
        setFound({ asked, queued })
      })
      .catch(() => {
        if (on) setFound({ asked, queued: [] })
      })
    return () => {
      on = false
    }
  }, [asked, counts])
  return asked !== '' && found.asked === asked ? found.queued : []
}

/**
 * The queued a pause does not hold, shared out to the stopped devices in turn, never more than there are (a paused
 * campaign's row on a stopped device is said paused); what is left is the rest.
 */
function shareOutQueued(
  stoppedQueued: readonly StoppedQueued[],
  unpaused: number
): { stopped: StoppedQueued[]; rest: number } {
  const stopped: StoppedQueued[] = []
  let rest = unpaused
  for (const entry of stoppedQueued) {
    const queued = Math.min(entry.queued, rest)
    rest -= queued
    if (queued > 0) stopped.push({ ...entry, queued })
  }
  return { stopped, rest }
}

function useTodayNumbers(): TodayNumbers | null {
  const counts = useOutbox((s) => s.counts)
  const pausedQueued = useOutbox((s) => s.pausedQueued)
  const pacedQueued = useOutbox((s) => s.pacedQueued)
  const heldOverdue = useOutbox((s) => s.heldOverdue)
  const scheduledOptedOut = useOutbox((s) => s.scheduledOptedOut)
  const stoppedQueued = useQueuedOnStoppedDevices()
  const [since, setSince] = useState<{ from: string; reply: OutboxSince } | null>(null)
  // "Today" is the operator's day, as the outbox's rows and date filter are (QA29 Q29-03): a new zone is a new day,
  // and a new day starts new numbers even when nothing moves at midnight.
  const { since: from, until } = useOperatorDay()
  useEffect(() => {
    let on = true
    // One small call, refreshed whenever the outbox counts move, or a STOP moves the scheduled that will not be sent
    // (the core's "after today" leaves them out, QA76).
    call('outbox:since', { since: from, until })
      .then((reply) => {
        if (on) setSince({ from, reply })
      })
      .catch(() => {
        if (on) setSince(null)
      })
    return () => {
      on = false
    }
  }, [counts, scheduledOptedOut, from, until])
  if (!since) return null
  const sent = sentTodayParts(since.reply.sent, since.reply.sentDeleted)
  const buckets = bucketCounts(counts)
  const paused = pausedOfQueued(buckets, pausedQueued)
  const { stopped, rest: unstopped } = shareOutQueued(stoppedQueued, buckets.queued - paused)
  // Never more than the queued left: the core counts them apart from the pauses, not from a stopped device's.
  const outsideHours = Math.min(pacedQueued.outsideHours, unstopped)
  const campaignCap = Math.min(pacedQueued.dailyCap, unstopped - outsideHours)
  const rest = unstopped - outsideHours - campaignCap
  return {
    since: since.from,
    numbers: {
      waiting: waitingCount(buckets),
      withGateway: buckets.withGateway,
      sent: sent.total,
      failed: since.reply.failed,
      cancelled: since.reply.cancelled,
      optedOut: since.reply.optedOut
    },
    // A held one never goes by itself: it is not "for later" but waits for the operator.
    held: heldOfScheduled(buckets, heldOverdue),
    scheduled: counts.scheduled - heldOfScheduled(buckets, heldOverdue),
    scheduledAfterToday: since.reply.scheduledAfter ?? null,
    scheduledCapHeld: since.reply.scheduledCapHeld ?? 0,
    scheduledOptedOut,
    paused,
    stopped,
    outsideHours,
    campaignCap,
    queuedRest: rest,
    sentNow: sent.here,
    sentDeleted: sent.deleted
  }
}

/**
 * The scheduled for later: those due later today told from those due after today when the core said how many, and
 * from those due today a device's daily cap holds past it (QA: "5 due later today" of which its cap held 3), and
 * those that will not be sent, their number opted out (QA76), by the domain's one split (scheduledSplit).
 */
function scheduledParts(today: TodayNumbers, t: Translate, locale: string): string[] {
  const { laterToday, capHeld, after, optedOut } = scheduledSplit({
    scheduled: today.scheduled,
    after: today.scheduledAfterToday,
    capHeld: today.scheduledCapHeld,
    optedOut: today.scheduledOptedOut
  })
  const part = (key: MessageKey, count: number): string | null =>
    count > 0 ? t(key, { scheduled: formatCount(count, locale) }) : null
  return [
    part(after === null ? 'overview.today.part.scheduled' : 'overview.today.part.scheduledToday', laterToday),
    part('overview.today.part.scheduledCapHeld', capHeld),
    part('overview.today.part.scheduledAfter', after ?? 0),
    part('overview.today.part.scheduledOptedOut', optedOut)
  ].filter((words): words is string => words !== null)
}

/**
 * Where the messages sent today are now, adding up to the number: the buckets of those still in the outbox, and
 * those since deleted from this computer, which the list the number opens cannot show (QA sentdeleted: the Overview
 * said 12, its list held 10, with no word why).
 */
function sentNowParts(today: TodayNumbers, t: Translate): string[] {
  const parts = bucketParts(today.sentNow, t)
  if (today.sentDeleted > 0) parts.push(t('overview.today.part.sentDeleted', { count: today.sentDeleted }))
  return parts
}

/**
 * "waiting now", naming the held for a decision, the scheduled for later, the paused and those a campaign holds for
 * its hours or cap among them when there are any; with held, scheduled or campaign-held ones it is not all "now".
 */
function waitingWords(today: TodayNumbers, t: Translate, locale: string): string {
  const parts = [
    today.held > 0 ? t('overview.today.part.held', { held: formatCount(today.held, locale) }) : null,
    ...scheduledParts(today, t, locale),
    today.paused > 0 ? t('overview.today.part.paused', { paused: formatCount(today.paused, locale) }) : null,
    ...today.stopped.map((entry) =>
      t(entry.capSpent ? 'overview.today.part.capSpent' : 'overview.today.part.stopped', {
        queued: formatCount(entry.queued, locale),
        device: entry.label
      })
    ),
    today.outsideHours > 0
      ? t('overview.today.part.outsideHours', { queued: formatCount(today.outsideHours, locale) })
      : null,
    today.campaignCap > 0
      ? t('overview.today.part.campaignCap', { queued: formatCount(today.campaignCap, locale) })
      : null
  ].filter((part): part is string => part !== null)
  if (parts.length === 0) return t('overview.today.waiting')
  if (today.queuedRest > 0)
    parts.unshift(t('overview.today.part.queued', { queued: formatCount(today.queuedRest, locale) }))
  const notAllNow = today.held > 0 || today.scheduled > 0 || today.outsideHours > 0 || today.campaignCap > 0
  return t(notAllNow ? 'overview.today.waitingOf' : 'overview.today.waitingNowOf', {
    parts: parts.join(', ')
  })
}

function FleetRow({ device, now }: { device: DeviceView; now: number }): React.JSX.Element {
  const t = useT()
  const days = daysLeft(device.expiresBy, now)
  const quota = quotaText(device, t)
  const locale = localeOf(useLanguage())
  const capSpent = capSpentUntil(device)
  return (
    // A J / K stop, named by the device's label: the row has no action of its own, so Enter does nothing on it.
    <li
      className="fleet-row"
      data-testid={`fleet-${device.id}`}
      data-row-focus
      tabIndex={-1}
      aria-labelledby={`fleet-label-${device.id}`}
    >
      <span className="fleet-label" id={`fleet-label-${device.id}`}>
        {device.label}
      </span>
      <StateBadge device={device} />
      <span className="fleet-facts muted">
        {t('overview.quota', { quota })}
        {' · '}
        {/* An ended subscription is ended whatever date the core last read (a pushed state keeps the old date). */}
        {device.state === 'expired'
          ? t('overview.expiry.past')
          : days === null
            ? t('overview.expiry.unknown')
            : days < 0
              ? t('overview.expiry.past')
              : t('overview.expiry.days', { count: days })}
        {capSpent ? (
          <>
            {' · '}
            <span data-testid="fleet-cap-spent">
              {t('overview.capSpent', { at: formatDateTimeInZone(capSpent.at, locale, capSpent.zone) })}
            </span>
          </>
        ) : null}
      </span>
    </li>
  )
}

export function OverviewView(): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const devices = useDevices((s) => s.devices)
  const today = useTodayNumbers()
  // Days to expiry are counted from when the view opened; a day's drift while it stays open does not matter.
  const [now] = useState(() => Date.now())

  function openOutbox(number: TodayNumber): void {
    openOutboxAt(
      isNowNumber(number)
        ? { statuses: [...NOW_STATUSES[number]] }
        : { happened: { event: number, since: today?.since ?? todayIn(operatorZone()).since } }
    )
  }

  const shown = TODAY.filter(
    // Said only while there are some: the gateway holds none on one that sends at once, and a day with no
    // customer's STOP has no opted out.
    (row) => !SAID_WHEN_SOME.has(row.number) || (today?.numbers[row.number] ?? 0) > 0
  ).map((row) => ({
    ...row,
    count: today ? formatCount(today.numbers[row.number], locale) : '–',
    label: row.number === 'waiting' && today ? waitingWords(today, t, locale) : t(row.key)
  }))
  // Each column is as wide as the longest count needs (overview.css): a busy day's "1,234,567" stays in its tile; and
  // as the longest word of a label, kept whole ("berlangganan" broke mid-way at 360 px, QA59).
  const countChars = Math.max(...shown.map((row) => row.count.length))
  const labelWords = shown.flatMap((row) => row.label.split(/\s+/)).join(' ')
  const numbersRef = useRef<HTMLUListElement>(null)
  // The widest word of the labels as drawn, measured in their font: a column holds it whole.
  useLayoutEffect(() => {
    const list = numbersRef.current
    const label = list?.querySelector('.today-label')
    // Where there is no canvas to measure with (a test's jsdom), the counts alone size the columns.
    const context =
      label && typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(0, 0).getContext('2d') : null
    if (!list || !label || !context) return
    context.font = getComputedStyle(label).font
    const widest = Math.max(0, ...labelWords.split(' ').map((word) => context.measureText(word).width))
    list.style.setProperty('--today-word-width', `${Math.ceil(widest)}px`)
  }, [labelWords])

  return (
    <section className="view overview" aria-labelledby="overview-heading" data-testid="view-home">
      <ViewHeading id="overview-heading">{t('overview.title')}</ViewHeading>
      <UnreadMessages />
      <section className="card overview-today" aria-labelledby="today-title">
        <h3 id="today-title">{t('overview.today')}</h3>
        <ul
          ref={numbersRef}
          className="today-numbers"
          style={{ '--today-count-chars': countChars } as React.CSSProperties}
        >
          {shown.map((row) => (
            <li key={row.key}>
              <button
                type="button"
                className="today-number"
                data-testid={`today-${row.number}`}
                onClick={() => openOutbox(row.number)}
              >
                <span className="today-count">{row.count}</span>
                <span className="today-label">{row.label}</span>
              </button>
            </li>
          ))}
        </ul>
        {today && today.numbers.sent > 0 ? (
          <p className="muted small" data-testid="today-sent-now">
            {t('overview.today.sentNow', { split: sentNowParts(today, t).join(' · ') })}
          </p>
        ) : null}
      </section>
      <CampaignsNow />
      <section className="card overview-fleet" aria-labelledby="fleet-title">
        <h3 id="fleet-title">{t('overview.fleet')}</h3>
        {devices.length === 0 ? (
          <NoDeviceYet />
        ) : (
          <ul className="fleet">
            {devices.map((device) => (
              <FleetRow key={device.id} device={device} now={now} />
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}

/**
 * The customers' unread messages and the conversations marked unread, opening Messages in: the nav badge's own counts
 * (the inbox alerts store), so the two never disagree (QA marked unread: the marked ones were the badge's alone); and,
 * while the relay needs the operator (the tray's rule), what that means for the customers' messages (QA82: "551
 * unread messages" read as all there were while new ones were not arriving). Nothing when all are read and the relay
 * is well.
 */
function UnreadMessages(): React.JSX.Element | null {
  const t = useT()
  const unread = useInboxAlerts((s) => s.unread)
  const unreadCustomers = useInboxAlerts((s) => s.unreadCustomers)
  const markedUnread = useInboxAlerts((s) => s.markedUnread)
  const relay = useInboxAlerts((s) => (s.relay?.needsAttention ? s.relay : null))
  const words = inboxUnreadWords({ unread, unreadCustomers, markedUnread }, t, { fromCustomers: true })
  if (!words && !relay?.effect) return null
  return (
    <div className="card overview-unread">
      {words ? (
        <button
          type="button"
          className="button button--link"
          onClick={() => useNavigation.getState().navigate('inbox')}
        >
          {words}
        </button>
      ) : null}
      {relay?.effect ? (
        <p
          className={relay.tone === 'bad' ? 'alert alert--bad' : 'alert alert--warn'}
          data-testid="overview-relay"
        >
          {t(RELAY_EFFECT_KEY[relay.effect])}
        </p>
      ) : null}
    </div>
  )
}

/** No device: the way to a first one, as the welcome view offers it (the Overview is reached by its shortcut too). */
function NoDeviceYet(): React.JSX.Element {
  const t = useT()
  const { busy, error, trySandbox } = useTrySandbox()
  return (
    <>
      <p className="muted">{t('overview.fleet.none')}</p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={addFirstDevice}>
          {t('welcome.add.action')}
        </button>
        <button type="button" className="button" {...busyButtonProps(busy, () => void trySandbox())}>
          {busy ? t('welcome.sandbox.starting') : t('welcome.sandbox.action')}
        </button>
      </div>
      {error ? (
        <p className="alert alert--bad" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
