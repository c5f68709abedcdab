// Overview: each device's state, quota and expiry countdown; today's numbers, each opening the filtered outbox.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import type { CampaignView, DeviceView } from '../../../../shared/contract'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { useDevices } from '../../stores/devices'
import { useInboxAlerts } from '../../stores/inbox-alerts'
import { useSettings } from '../../stores/settings'
import { useNavigation } from '../../stores/navigation'
import { EMPTY_COUNTS, NO_FILTERS, useOutbox } from '../../stores/outbox'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeCampaign,
  makeDevice,
  makeInboxStatus,
  makeItem,
  makeSettings
} from '../../testing/fixtures'
import { connectEvents } from '../../stores/app'
import { pressAndHold } from '../../testing/focus'
import { installFakeApi, seedStores } from '../../testing/render'
import { pressRowEnds, renderWithRowKeys, walkRowsWithJK } from '../../testing/row-keys'
import { OutboxView } from '../outbox/OutboxView'
import { daysLeft, OverviewView } from './OverviewView'
import { computerZone, todayIn, zoneName } from '../../i18n/dates'

let fake: FakeApi

/** A day with nothing sent, failed or cancelled yet; `scheduledAfter` of the scheduled go only after it. */
function nothingHappenedToday({
  scheduledAfter,
  scheduledCapHeld
}: {
  scheduledAfter: number
  scheduledCapHeld?: number
}): void {
  fake.handle('outbox:since', () => ({
    sent: EMPTY_COUNTS,
    sentDeleted: EMPTY_COUNTS,
    failed: 0,
    cancelled: 0,
    optedOut: 0,
    scheduledAfter,
    ...(scheduledCapHeld === undefined ? {} : { scheduledCapHeld })
  }))
}

beforeEach(() => {
  fake = installFakeApi()
  // Seven sent today: six read since, one deleted for everyone after; two failed and 200 cancelled today.
  fake.handle('outbox:since', () => ({
    sent: { ...EMPTY_COUNTS, read: 6, revoked: 1, total: 7 },
    sentDeleted: EMPTY_COUNTS,
    failed: 2,
    cancelled: 200,
    optedOut: 0
  }))
  fake.handle('campaigns:list', () => ({ campaigns: [] }))
})

/** January bills: 12 rows (2 skipped), 4 of 10 sent, hours on WITA, waiting outside them. */
const campaign = (over: Partial<CampaignView>): CampaignView =>
  makeCampaign({
    name: 'January bills',
    pacing: {
      ...makeCampaign().pacing,
      workingHours: { start: '08:00', end: '20:00', timeZone: 'Asia/Makassar' }
    },
    summary: { total: 12, ready: 10, skipped: 2, byProblem: { no_phone: 2 } },
    counts: { queued: 4, accepted: 1, sent: 2, delivered: 1, read: 1, failed: 1, skipped: 2 },
    devices: [
      {
        deviceId: 'dev-1',
        wait: { code: 'outside_hours', until: Date.UTC(2026, 0, 16, 0, 0) },
        autoPaused: null
      }
    ],
    estimate: { finishAt: Date.UTC(2026, 0, 16, 3, 30) },
    ...over
  })

/** A device's daily cap of five with `sent` of them sent today, the count starting again at midnight UTC. */
function capOfFiveAfter(sent: number): Pick<DeviceView, 'dailyCap' | 'sentToday'> {
  return { dailyCap: 5, sentToday: { count: sent, resetsAt: '2026-12-04T00:00:00.000Z', zone: 'UTC' } }
}
describe('overview', () => {
  it("shows the fleet with each device's state, quota and days to expiry", () => {
    const inTenDays = new Date(Date.now() + 10.5 * 24 * 3_600_000).toISOString()
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({ expiresAt: inTenDays, expiresBy: inTenDays, quota: 120 }),
          makeDevice({
            id: 'dev-2',
            label: 'Branch',
            state: 'expired',
            expiresAt: '2020-01-01T00:00:00.000Z'
          })
        ]
      })
    )
    render(<OverviewView />)
    const fleet = screen.getByRole('region', { name: 'Devices' })
    const first = within(fleet).getByTestId('fleet-dev-1')
    expect(first.textContent).toContain('Connected')
    expect(first.textContent).toContain('Quota 120 messages left')
    expect(first.textContent).toContain('expires in 10 days')
    expect(within(fleet).getByTestId('fleet-dev-2').textContent).toContain('subscription ended')
  })

  it.each([
    ['en', 'subscription ended', 'expires in'],
    ['id', 'langganan sudah berakhir', 'berakhir dalam']
  ] as const)(
    'counts no days ahead for a device whose subscription ended, whatever date it last had (%s, QA12 Q12-12)',
    (language, ended, countdown) => {
      const aYearAhead = new Date(Date.now() + 365 * 24 * 3_600_000).toISOString()
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice({ state: 'expired', expiresAt: aYearAhead, expiresBy: aYearAhead })]
        })
      )
      render(<OverviewView />)
      const row = screen.getByTestId('fleet-dev-1')
      expect(row.textContent).toContain(ended)
      expect(row.textContent).not.toContain(countdown)
    }
  )

  it("counts today's messages by when they were sent, not where they are now (issue 29)", async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    useOutbox.getState().setCounts({
      counts: { ...EMPTY_COUNTS, scheduled: 1, queued: 1, read: 6, total: 8 }
    })
    render(<OverviewView />)
    const today = screen.getByRole('region', { name: 'Today' })
    // Read since, they still count as sent today; what waits counts scheduled messages too, named apart.
    expect(await within(today).findByRole('button', { name: '7 sent today' })).toBeTruthy()
    // Every waiting message named, so the parts add up (probe 4 P4).
    expect(
      within(today).getByRole('button', { name: '2 waiting (1 queued, 1 scheduled for later)' })
    ).toBeTruthy()
    expect(within(today).getByRole('button', { name: '200 cancelled today' })).toBeTruthy()
    expect(within(today).getByTestId('today-sent-now').textContent).toBe(
      'Sent today, where they are now: 6 read · 1 deleted for everyone'
    )
    // Nothing held at the gateway: no line for it.
    expect(within(today).queryByRole('button', { name: /with the gateway/ })).toBeNull()
    const request = fake.requests('outbox:since')[0]
    // From the operator's midnight (the settings' zone, WIB here), as the outbox's days are.
    expect(request?.since).toBe(todayIn('Asia/Jakarta').since)
    await userEvent.setup().click(within(today).getByRole('button', { name: '2 failed today' }))
    expect(useNavigation.getState().view).toBe('outbox')
    // The ones that failed today, by the core's rule: not every failed message (QA9 Q9-04).
    expect(useOutbox.getState().filters).toEqual({
      ...NO_FILTERS,
      happened: { event: 'failed', since: request?.since }
    })
  })

  // Issue 29 point 2: customers' STOP cancelled their campaign rows; nobody cancelled them, so they are not among the
  // cancelled today, and were said nowhere. Counted by when it happened, opening exactly those.
  it('says how many opted out today when any did, and opens exactly those', async () => {
    fake.handle('outbox:since', () => ({
      sent: { ...EMPTY_COUNTS, read: 6, total: 6 },
      sentDeleted: EMPTY_COUNTS,
      failed: 0,
      cancelled: 1,
      optedOut: 3
    }))
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    render(<OverviewView />)
    const today = screen.getByRole('region', { name: 'Today' })
    await userEvent
      .setup()
      .click(await within(today).findByRole('button', { name: '3 not sent: opted out today' }))
    expect(within(today).getByRole('button', { name: '1 cancelled today' })).toBeTruthy()
    expect(useOutbox.getState().filters).toEqual({
      ...NO_FILTERS,
      happened: { event: 'optedOut', since: fake.requests('outbox:since')[0]?.since }
    })
  })

  // QA67: "1 berhenti berlangganan hari ini" read as one customer unsubscribed when two had; it
  // counts the messages not sent because their number opted out (it opens the one cancelled message).
  it.each([
    ['en', '1 not sent: opted out today'],
    ['id', '1 tidak dikirim: berhenti berlangganan hari ini']
  ] as const)(
    'says the opted out today are messages not sent, not customers (%s)',
    async (language, said) => {
      fake.handle('outbox:since', () => ({
        sent: EMPTY_COUNTS,
        sentDeleted: EMPTY_COUNTS,
        failed: 0,
        cancelled: 0,
        optedOut: 1
      }))
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      render(<OverviewView />)
      const today = screen.getByRole('region', { name: language === 'en' ? 'Today' : 'Hari ini' })
      expect(await within(today).findByRole('button', { name: said })).toBeTruthy()
    }
  )

  it('says nothing of opting out today when nobody did', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    render(<OverviewView />)
    const today = screen.getByRole('region', { name: 'Today' })
    expect(await within(today).findByRole('button', { name: '7 sent today' })).toBeTruthy()
    expect(within(today).queryByRole('button', { name: /opted out/ })).toBeNull()
  })

  // QA14 Q14-04: 8 the gateway held unsent (a campaign's card said so) were counted as "sent today".
  it('names what the gateway holds and has not sent apart from what it sent, and opens exactly those', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    useOutbox.getState().setCounts({
      counts: { ...EMPTY_COUNTS, accepted: 8, read: 6, revoked: 1, total: 15 }
    })
    render(<OverviewView />)
    const today = screen.getByRole('region', { name: 'Today' })
    expect(await within(today).findByRole('button', { name: '7 sent today' })).toBeTruthy()
    await userEvent
      .setup()
      .click(within(today).getByRole('button', { name: '8 with the gateway, not yet sent' }))
    expect(useNavigation.getState().view).toBe('outbox')
    expect(useOutbox.getState().filters).toEqual({ ...NO_FILTERS, statuses: ['accepted'] })
  })

  it('opens the outbox on exactly the messages a number counted, said by a chip; removing it widens the list (QA9 Q9-04)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    // Seven sent today, and two read ones sent yesterday: by status alone the outbox held nine.
    const sentToday = Array.from({ length: 7 }, (_, n) => makeItem({ id: `today-${n}`, status: 'read' }))
    const sentYesterday = [makeItem({ id: 'yesterday-1', status: 'read' }), makeItem({ id: 'yesterday-2' })]
    fake.handle('outbox:list', ({ happenedSince }) => {
      const listed = happenedSince?.event === 'sent' ? sentToday : [...sentToday, ...sentYesterday]
      return { items: listed, total: listed.length }
    })
    const user = userEvent.setup()
    const { unmount } = render(<OverviewView />)
    await user.click(await screen.findByRole('button', { name: '7 sent today' }))
    expect(useNavigation.getState().view).toBe('outbox')
    unmount()
    render(<OutboxView />)
    // Counted from the same instant as the number, and said so.
    const since = fake.requests('outbox:since')[0]?.since
    expect(fake.requests('outbox:list').at(-1)).toEqual({
      offset: 0,
      limit: 200,
      happenedSince: { event: 'sent', since }
    })
    expect((await screen.findByTestId('outbox-total')).textContent).toBe('7 messages')
    const chips = within(screen.getByRole('list', { name: 'Active filters' }))
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Sent today ×'])
    await user.click(chips.getByRole('button', { name: 'Remove the filter Sent today' }))
    await waitFor(() => expect(fake.requests('outbox:list').at(-1)).toEqual({ offset: 0, limit: 200 }))
    expect((await screen.findByTestId('outbox-total')).textContent).toBe('9 messages')
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
  })

  // QA sentdeleted (issue 29 point 2): after deleting 2 of 12 sent today the Overview said 12 and the list it opened
  // held 10, with no word why. Both say where the other 2 went, and the parts add up to the 12.
  it.each([
    [
      'en',
      'Today',
      '12 sent today',
      'Sent today, where they are now: 6 delivered · 4 read · 2 since deleted from this computer',
      '2 more messages sent today were deleted from this computer; they still count toward today’s total.'
    ],
    [
      'id',
      'Hari ini',
      '12 terkirim hari ini',
      'Yang terkirim hari ini, posisinya sekarang: 6 sampai · 4 dibaca · 2 sudah dihapus dari komputer ini',
      '2 pesan lain yang terkirim hari ini sudah dihapus dari komputer ini; pesan itu tetap dihitung dalam total hari ini.'
    ]
  ] as const)(
    'names the sent today since deleted from this computer, on the Overview and in the list it opens (%s)',
    async (language, region, number, split, listNote) => {
      fake.handle('outbox:since', () => ({
        sent: { ...EMPTY_COUNTS, delivered: 8, read: 4, total: 12 },
        sentDeleted: { ...EMPTY_COUNTS, delivered: 2, total: 2 },
        failed: 0,
        cancelled: 0,
        optedOut: 0
      }))
      const listed = Array.from({ length: 10 }, (_, n) =>
        makeItem({ id: `kept-${n}`, status: n < 6 ? 'delivered' : 'read' })
      )
      fake.handle('outbox:list', () => ({ items: listed, total: listed.length }))
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      const user = userEvent.setup()
      const { unmount } = render(<OverviewView />)
      const today = screen.getByRole('region', { name: region })
      const sent = await within(today).findByRole('button', { name: number })
      expect(within(today).getByTestId('today-sent-now').textContent).toBe(split)
      await user.click(sent)
      unmount()
      render(<OutboxView />)
      expect((await screen.findByTestId('outbox-sent-deleted')).textContent).toBe(listNote)
    }
  )

  it('says nothing of deleted messages in a list of sent today when none were', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    fake.handle('outbox:list', () => ({ items: [], total: 7 }))
    const user = userEvent.setup()
    const { unmount } = render(<OverviewView />)
    await user.click(await screen.findByRole('button', { name: '7 sent today' }))
    unmount()
    render(<OutboxView />)
    await screen.findByTestId('outbox-total')
    await waitFor(() => expect(fake.requests('outbox:since').length).toBeGreaterThan(1))
    expect(screen.queryByTestId('outbox-sent-deleted')).toBeNull()
  })

  it("starts a new day's numbers at midnight, with nothing else moving; the chip says the day it counts from once it is past", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    vi.setSystemTime(new Date(2026, 10, 29, 23, 59, 50))
    // The operator's zone the computer's here (the test's dates are the computer's).
    seedStores(
      makeBootstrap({ settings: makeSettings({ defaultTimezone: computerZone() }), devices: [makeDevice()] })
    )
    const { unmount } = render(<OverviewView />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100)
    })
    expect(fake.requests('outbox:since').map((r) => new Date(r.since).getDate())).toEqual([29])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000)
    })
    expect(fake.requests('outbox:since').map((r) => new Date(r.since).getDate())).toEqual([29, 30])
    unmount()
    // A chip set yesterday no longer says "today" (QA9 Q9-04's follow-up).
    useOutbox.getState().setFilters({
      happened: { event: 'sent', since: new Date(2026, 10, 29).toISOString() }
    })
    fake.handle('outbox:list', () => ({ items: [], total: 0 }))
    render(<OutboxView />)
    const chips = within(screen.getByRole('list', { name: 'Active filters' }))
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      `Sent since 29 Nov 2026, 00:00 ${zoneName(computerZone())} ×`
    ])
  })

  // QA29 Q29-03: on a UTC computer with the operator on WITA, "today" ran from the computer's midnight (08:00 WITA),
  // so "opted out today" listed rows the Outbox dated the day before. One day in the window: the operator's.
  it("counts today on the operator's clock and starts the next day at the operator's midnight", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    // 23:59:50 WITA on 30 Nov: 15:59:50 UTC.
    vi.setSystemTime(Date.UTC(2026, 10, 30, 15, 59, 50))
    seedStores(
      makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }), devices: [makeDevice()] })
    )
    const { unmount } = render(<OverviewView />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100)
    })
    expect(fake.requests('outbox:since')).toEqual([
      { since: '2026-11-29T16:00:00.000Z', until: '2026-11-30T16:00:00.000Z' }
    ])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000)
    })
    expect(fake.requests('outbox:since').at(-1)).toEqual({
      since: '2026-11-30T16:00:00.000Z',
      until: '2026-12-01T16:00:00.000Z'
    })
    // The operator moves to WIB (23:00 on 30 Nov there): the numbers are asked again for WIB's day, and WIB's
    // midnight starts the next one.
    const asked = fake.requests('outbox:since').length
    act(() => {
      useSettings.getState().set(makeSettings({ defaultTimezone: 'Asia/Jakarta' }))
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100)
    })
    expect(fake.requests('outbox:since').slice(asked)).toEqual([
      { since: '2026-11-29T17:00:00.000Z', until: '2026-11-30T17:00:00.000Z' }
    ])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_600_000)
    })
    expect(fake.requests('outbox:since').slice(asked)).toEqual([
      { since: '2026-11-29T17:00:00.000Z', until: '2026-11-30T17:00:00.000Z' },
      { since: '2026-11-30T17:00:00.000Z', until: '2026-12-01T17:00:00.000Z' }
    ])
    unmount()
    // The number's chip says "today" for the operator's today, and a day past on the operator's clock, zone named.
    fake.handle('outbox:list', () => ({ items: [], total: 0 }))
    useOutbox.getState().setFilters({ happened: { event: 'optedOut', since: '2026-11-30T17:00:00.000Z' } })
    const first = render(<OutboxView />)
    const chips = (): string[] =>
      within(screen.getByRole('list', { name: 'Active filters' }))
        .getAllByRole('button')
        .map((b) => b.textContent ?? '')
    expect(chips()).toEqual(['Opted out today ×'])
    first.unmount()
    useOutbox.getState().setFilters({ happened: { event: 'optedOut', since: '2026-11-29T16:00:00.000Z' } })
    render(<OutboxView />)
    expect(chips()).toEqual(['Opted out since 29 Nov 2026, 23:00 WIB ×'])
  })

  it('keeps "waiting" to the statuses that wait: it is now, not today', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    useOutbox.getState().setCounts({ counts: { ...EMPTY_COUNTS, queued: 1, total: 1 } })
    render(<OverviewView />)
    await userEvent.setup().click(await screen.findByRole('button', { name: '1 waiting now' }))
    expect(useOutbox.getState().filters).toEqual({
      ...NO_FILTERS,
      statuses: ['queued', 'sending', 'scheduled']
    })
  })

  it('does not call a message scheduled for tomorrow "waiting now" (QA finding 6b)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    useOutbox.getState().setCounts({
      counts: { ...EMPTY_COUNTS, scheduled: 1, total: 1 }
    })
    const { unmount } = render(<OverviewView />)
    expect(await screen.findByRole('button', { name: '1 waiting (1 scheduled for later)' })).toBeTruthy()
    expect(screen.queryByText('waiting now')).toBeNull()
    unmount()
    // Nothing scheduled: all of it waits now.
    useOutbox.getState().setCounts({
      counts: { ...EMPTY_COUNTS, queued: 1, sending: 1, total: 2 }
    })
    render(<OverviewView />)
    expect(await screen.findByRole('button', { name: '2 waiting now' })).toBeTruthy()
  })

  it.each([
    [
      'en',
      '3 waiting (1 held for your decision, 2 scheduled for later)',
      '1 waiting (1 held for your decision)'
    ],
    [
      'id',
      '3 menunggu (1 ditahan menunggu keputusan Anda, 2 terjadwal untuk nanti)',
      '1 menunggu (1 ditahan menunggu keputusan Anda)'
    ]
  ] as const)(
    'does not count a message held for the operator as scheduled for later (%s, QA13 Q13-01)',
    async (language, three, one) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, scheduled: 3, total: 3 },
        heldOverdue: 1
      })
      render(<OverviewView />)
      expect(await screen.findByRole('button', { name: three })).toBeTruthy()
      act(() =>
        useOutbox.getState().setCounts({
          counts: { ...EMPTY_COUNTS, scheduled: 1, total: 1 },
          heldOverdue: 1
        })
      )
      expect(await screen.findByRole('button', { name: one })).toBeTruthy()
    }
  )

  it.each([
    ['en', '5 waiting (3 due later today, 2 after today)'],
    ['id', '5 menunggu (3 jatuh tempo nanti hari ini, 2 setelah hari ini)']
  ] as const)(
    'tells the scheduled due today from those due after today (%s, QA13 Q13-07)',
    async (language, words) => {
      nothingHappenedToday({ scheduledAfter: 2 })
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, scheduled: 5, total: 5 }
      })
      render(<OverviewView />)
      expect(await screen.findByRole('button', { name: words })).toBeTruthy()
      // Asked up to the start of the operator's next day.
      const asked = fake.requests('outbox:since').at(-1)!
      expect(asked.until).toBe(todayIn('Asia/Jakarta').until)
    }
  )

  // QA: "5 waiting (5 due later today)" while a device's daily cap held 3 of them past today.
  it.each([
    [
      'en',
      "5 waiting (1 due later today, 3 scheduled until a device's daily cap starts again, 1 after today)"
    ],
    [
      'id',
      '5 menunggu (1 jatuh tempo nanti hari ini, 3 terjadwal sampai batas harian perangkat dimulai lagi, 1 setelah hari ini)'
    ]
  ] as const)(
    'does not count the scheduled a daily cap holds past today as due later today (%s)',
    async (language, words) => {
      nothingHappenedToday({ scheduledAfter: 1, scheduledCapHeld: 3 })
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, scheduled: 5, total: 5 }
      })
      render(<OverviewView />)
      expect(await screen.findByRole('button', { name: words })).toBeTruthy()
    }
  )

  // QA76: "3 waiting (1 due later today, 2 after today)", the one due later today to a number that opted out since.
  it.each([
    ['en', '3 waiting (2 after today, 1 will not be sent: opted out)'],
    ['id', '3 menunggu (2 setelah hari ini, 1 tidak akan dikirim: berhenti berlangganan)']
  ] as const)(
    'does not count a scheduled message whose number opted out as due later today (%s)',
    async (language, words) => {
      nothingHappenedToday({ scheduledAfter: 2 })
      seedStores(
        makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()], scheduledOptedOut: 1 })
      )
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, scheduled: 3, total: 3 },
        heldOverdue: 0,
        sendingHeldBy: null,
        scheduledOptedOut: 1
      })
      render(<OverviewView />)
      expect(await screen.findByRole('button', { name: words })).toBeTruthy()
    }
  )

  // QA62: at 22:00 a campaign held for its working hours read "9 waiting now" here, its card saying it waits for 08:00.
  it('names those a campaign holds for its hours or its cap: waiting, not now, never more than are queued', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    const counts = { ...EMPTY_COUNTS, queued: 10, total: 10 }
    const paced = (outsideHours: number, dailyCap: number) =>
      act(() =>
        useOutbox.getState().setCounts({
          counts,
          heldOverdue: 0,
          sendingHeldBy: null,
          pacedQueued: { outsideHours, dailyCap }
        })
      )
    paced(9, 0)
    const { unmount } = render(<OverviewView />)
    expect(
      await screen.findByRole('button', { name: "10 waiting (1 queued, 9 until a campaign's working hours)" })
    ).toBeTruthy()
    paced(6, 4)
    expect(
      await screen.findByRole('button', {
        name: "10 waiting (6 until a campaign's working hours, 4 until a campaign's daily cap starts again)"
      })
    ).toBeTruthy()
    // A figure from before the counts moved says no more than what is queued now.
    paced(12, 3)
    expect(
      await screen.findByRole('button', { name: "10 waiting (10 until a campaign's working hours)" })
    ).toBeTruthy()
    unmount()
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
    paced(9, 1)
    render(<OverviewView />)
    expect(
      await screen.findByRole('button', {
        name: '10 menunggu (9 sampai jam kerja kampanye, 1 sampai batas harian kampanye dimulai lagi)'
      })
    ).toBeTruthy()
  })

  it('says how many of those waiting a pause holds, never more than are queued, in both languages (QA F21)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    // A campaign paused after 2 of 10: 8 held, and one message scheduled for later.
    useOutbox.getState().setCounts({ counts: { ...EMPTY_COUNTS, queued: 8, total: 8 }, pausedQueued: 8 })
    const { unmount } = render(<OverviewView />)
    expect(await screen.findByRole('button', { name: '8 waiting now (8 paused)' })).toBeTruthy()
    act(() =>
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, queued: 8, scheduled: 1, total: 9 },
        pausedQueued: 8
      })
    )
    expect(
      await screen.findByRole('button', { name: '9 waiting (1 scheduled for later, 8 paused)' })
    ).toBeTruthy()
    // A held figure from before the last counts moved says no more than what is queued now.
    act(() =>
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, queued: 2, total: 2 },
        pausedQueued: 8
      })
    )
    expect(await screen.findByRole('button', { name: '2 waiting now (2 paused)' })).toBeTruthy()
    unmount()
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
    useOutbox.getState().setCounts({
      counts: { ...EMPTY_COUNTS, queued: 8, scheduled: 1, total: 9 },
      pausedQueued: 8
    })
    render(<OverviewView />)
    expect(
      await screen.findByRole('button', { name: '9 menunggu (1 terjadwal untuk nanti, 8 dijeda)' })
    ).toBeTruthy()
    act(() =>
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, queued: 8, total: 8 },
        pausedQueued: 8
      })
    )
    expect(await screen.findByRole('button', { name: '8 menunggu sekarang (8 dijeda)' })).toBeTruthy()
  })

  it.each([
    [
      'en',
      '5 waiting (1 queued, 1 held for your decision, 1 due later today, 1 after today, 1 until Back office can send)'
    ],
    [
      'id',
      '5 menunggu (1 dalam antrean, 1 ditahan menunggu keputusan Anda, 1 jatuh tempo nanti hari ini, 1 setelah hari ini, 1 sampai Back office bisa mengirim)'
    ]
  ] as const)(
    'names the queued held up by a device that cannot send, so the parts add up (%s, probe 4 P4)',
    async (language, words) => {
      nothingHappenedToday({ scheduledAfter: 1 })
      fake.handle('outbox:counts', ({ deviceId }) => ({
        ...EMPTY_COUNTS,
        ...(deviceId === 'dev-2' ? { queued: 1, total: 1 } : { queued: 1, total: 1, scheduled: 3 })
      }))
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Back office', state: 'needs-scan' })]
        })
      )
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, queued: 2, scheduled: 3, total: 5 },
        heldOverdue: 1
      })
      render(<OverviewView />)
      expect(await screen.findByRole('button', { name: words })).toBeTruthy()
      // Only the device that cannot send is asked about.
      expect(fake.requests('outbox:counts').map((asked) => asked.deviceId)).toEqual(['dev-2'])
      // Linked again: its message is the queued one, to go now.
      act(() =>
        useOutbox.getState().setCounts({
          counts: { ...EMPTY_COUNTS, queued: 1, scheduled: 3, total: 4 },
          heldOverdue: 1
        })
      )
      act(() => useDevices.getState().setDevices([makeDevice()]))
      expect(
        await screen.findByRole('button', {
          name: new RegExp(`^4 ${language === 'en' ? 'waiting' : 'menunggu'} \\(1 `)
        })
      ).toBeTruthy()
      expect(screen.queryByText(/Back office/)).toBeNull()
    }
  )

  it.each([
    ['en', "3 waiting now (1 queued, 2 until Shop's daily cap starts again)"],
    ['id', '3 menunggu sekarang (1 dalam antrean, 2 sampai batas harian Shop dimulai lagi)']
  ] as const)(
    'names the queued held by a daily cap used up, not as plainly queued (%s, probe 4 P3)',
    async (language, words) => {
      nothingHappenedToday({ scheduledAfter: 0 })
      fake.handle('outbox:counts', ({ deviceId }) => ({
        ...EMPTY_COUNTS,
        ...(deviceId === 'dev-2' ? { queued: 2, total: 2 } : { queued: 1, total: 1 })
      }))
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Shop', ...capOfFiveAfter(5) })]
        })
      )
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, queued: 3, total: 3 },
        heldOverdue: 0
      })
      render(<OverviewView />)
      expect(await screen.findByRole('button', { name: words })).toBeTruthy()
      expect(fake.requests('outbox:counts').map((asked) => asked.deviceId)).toEqual(['dev-2'])
    }
  )

  it.each([
    ['en', 'daily cap used up until 4 Dec 2026, 00:00 UTC'],
    ['id', 'batas harian habis sampai 4 Des 2026, 00.00 UTC']
  ] as const)(
    'says on a device’s line that its daily cap is used up, and until when (%s, probe 4 P3)',
    async (language, said) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice(capOfFiveAfter(5)), makeDevice({ id: 'dev-2', ...capOfFiveAfter(4) })]
        })
      )
      render(<OverviewView />)
      expect((await screen.findByTestId('fleet-dev-1')).textContent).toContain(said)
      expect(within(screen.getByTestId('fleet-dev-2')).queryByTestId('fleet-cap-spent')).toBeNull()
    }
  )

  it('lists the campaigns at work: state, rows sent of rows, estimated end in its zone, why it waits; each opens', async () => {
    // The evening before the end the core estimated (an end gone by is not promised).
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 14, 0), toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({}),
        campaign({
          id: 'c2',
          name: 'Promo',
          status: 'paused',
          counts: { queued: 3 },
          devices: [{ deviceId: 'dev-1', wait: { code: 'paused', until: null }, autoPaused: null }],
          estimate: { finishAt: null }
        }),
        campaign({ id: 'c3', name: 'Old', status: 'finished' }),
        campaign({ id: 'c4', name: 'Not yet', status: 'draft' })
      ]
    }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    const bills = await within(list).findByTestId('overview-campaign-c1')
    // Outside its hours it sends nothing: it says it waits for them, and when they open, on their clock.
    expect(bills.textContent).toContain('waiting for its working hours to open at 16 Jan 2026, 08:00 WITA')
    expect(bills.textContent).not.toContain('sending')
    // 10 rows to send (the 2 skipped are not), 4 of them sent, delivered or read; the end on the hours' clock.
    expect(bills.textContent).toContain('4 of 10 sent')
    expect(bills.textContent).toContain('estimated end 16 Jan 2026, 11:30 WITA')
    expect(within(bills).getByTestId('overview-campaign-wait').textContent).toBe(
      'Front office — Waiting: outside working hours until 16 Jan 2026, 08:00 WITA'
    )
    const promo = within(list).getByTestId('overview-campaign-c2')
    expect(promo.textContent).toContain('paused')
    expect(promo.textContent).toContain('0 of 3 sent')
    expect(promo.textContent).toContain('Paused by you')
    expect(within(list).queryByText('Old')).toBeNull()
    expect(within(list).queryByText('Not yet')).toBeNull()
    // A delivery report moves the progress without a campaign event: the outbox's counts moving asks again.
    fake.handle('campaigns:list', () => ({
      campaigns: [campaign({ counts: { queued: 3, sent: 6, skipped: 2 } })]
    }))
    act(() => useOutbox.getState().setCounts({ counts: { ...EMPTY_COUNTS, sent: 6, total: 6 } }))
    await waitFor(() =>
      expect(within(list).getByTestId('overview-campaign-c1').textContent).toContain('6 of 9 sent')
    )
    await userEvent.setup().click(within(list).getByRole('button', { name: 'January bills' }))
    expect(useNavigation.getState()).toMatchObject({ view: 'campaigns', openCampaign: 'c1' })
  })

  // A new operator's walk: the line watched while a campaign sent vanished the moment it finished ("No campaign is
  // sending or paused."), its verdict nowhere on the Overview.
  it('keeps a campaign that ended today with its verdict and when it ended, until the day is over', async () => {
    // 21:00 WIB on 15 Jan, the operator's clock; the campaigns' hours are on WITA.
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 14, 0), shouldAdvanceTime: true })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    const ended = { counts: { read: 8, failed: 2, skipped: 2 }, estimate: { finishAt: null } }
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          id: 'off',
          name: 'Morning',
          status: 'cancelled',
          endedAt: Date.UTC(2026, 0, 15, 3, 0),
          ...ended
        }),
        campaign({
          id: 'done',
          name: 'Evening',
          status: 'finished',
          endedAt: Date.UTC(2026, 0, 15, 12, 30),
          ...ended
        }),
        // 23:00 WIB the day before, and one whose end was never kept.
        campaign({
          id: 'before',
          name: 'Yesterday',
          status: 'finished',
          endedAt: Date.UTC(2026, 0, 14, 16, 0)
        }),
        campaign({ id: 'old', name: 'Old', status: 'finished', ...ended }),
        campaign({})
      ]
    }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    await within(list).findByTestId('overview-campaign-done')
    // At work first, then the last to end first.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((line) => line.dataset.testid)
    ).toEqual(['overview-campaign-c1', 'overview-campaign-done', 'overview-campaign-off'])
    const done = within(list).getByTestId('overview-campaign-done').textContent
    expect(done).toContain('finished')
    expect(done).toContain('8 of 10 sent · 2 failed · ended 20:30 WITA')
    expect(done).not.toContain('estimated end')
    expect(within(list).getByTestId('overview-campaign-off').textContent).toContain('cancelled')
    expect(within(list).getByTestId('overview-campaign-off').textContent).toContain('ended 11:00 WITA')
    // Past midnight on the operator's clock they were yesterday's.
    await act(() => vi.advanceTimersByTimeAsync(3 * 3_600_000 + 2_000))
    await waitFor(() => expect(within(list).queryByTestId('overview-campaign-done')).toBeNull())
    expect(within(list).queryByTestId('overview-campaign-off')).toBeNull()
    expect(within(list).getByTestId('overview-campaign-c1')).toBeTruthy()
  })

  // QA67: "Promo 1.000 pelanggan · selesai · 2 dari 3 terkirim · berakhir 03.24 UTC" for three
  // rows, the third cancelled because its customer replied "stop": named nowhere. Every row not sent is named by its
  // bucket, in the campaign's own words, so the parts add up to the rows to send.
  it.each([
    [
      'en',
      '2 of 5 sent · 1 failed · 1 cancelled · 1 opted out during the campaign (not sent) · ended',
      / of (\d+) sent/
    ],
    [
      'id',
      '2 dari 5 terkirim · 1 gagal · 1 dibatalkan · 1 berhenti berlangganan selama kampanye (tidak dikirim) · berakhir',
      / dari (\d+) terkirim/
    ]
  ] as const)(
    'names every bucket of the rows not sent beside the sent, adding up to the rows (%s)',
    async (language, facts, ofRows) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      fake.handle('campaigns:list', () => ({
        campaigns: [
          campaign({
            name: 'Promo 1.000 pelanggan',
            status: 'finished',
            counts: { sent: 1, read: 1, failed: 1, cancelled: 1, optedOut: 1, skipped: 2 },
            endedAt: Date.now() - 60_000,
            estimate: { finishAt: null },
            devices: []
          })
        ]
      }))
      render(<OverviewView />)
      const line = await screen.findByTestId('overview-campaign-c1')
      const said = line.querySelector('.overview-campaign-facts')?.textContent ?? ''
      expect(said).toContain(facts)
      // The sent and each part named beside them: as many as the rows to send.
      const parts = said.split(' · ').flatMap((part) => /^(\d+) /.exec(part)?.[1] ?? [])
      expect(parts.reduce((sum, n) => sum + Number(n), 0)).toBe(Number(ofRows.exec(said)?.[1]))
    }
  )

  // QA28 Q28-05: "Tagihan November · 3 of 6 sent" beside the card's "Rows ever sent: 4" and a "sent today" that
  // counted the message deleted for everyone: it was sent, and the line says it was deleted since.
  it.each([
    ['en', '4 of 6 sent (1 deleted for everyone since)'],
    ['id', '4 dari 6 terkirim (1 dihapus untuk semua orang sesudahnya)']
  ] as const)(
    'counts a campaign message deleted for everyone as sent, and names it (%s)',
    async (language, progress) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      fake.handle('campaigns:list', () => ({
        campaigns: [
          campaign({
            name: 'Tagihan November',
            counts: { queued: 2, read: 3, revoked: 1, skipped: 2 },
            devices: [{ deviceId: 'dev-1', wait: null, autoPaused: null }]
          })
        ]
      }))
      render(<OverviewView />)
      const line = await screen.findByTestId('overview-campaign-c1')
      expect(line.textContent).toContain(progress)
    }
  )

  // QA63: "cancelled · taken back — 2 of 6 sent" said nothing of the 2 still on customers' phones (the take-back was
  // asked without deleting what was sent).
  it.each([
    ['en', { read: 2, cancelled: 4 }, '2 of 6 sent (2 left with the customers by the take-back)'],
    [
      'en',
      { read: 2, revoked: 1, cancelled: 3 },
      '3 of 6 sent (1 deleted for everyone since, 2 left with the customers by the take-back)'
    ],
    ['id', { read: 2, cancelled: 4 }, '2 dari 6 terkirim (2 tetap ada pada pelanggan setelah penarikan)']
  ] as const)(
    'says what a take-back left with the customers (%s, %j)',
    async (language, counts, progress) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      fake.handle('campaigns:list', () => ({
        campaigns: [
          campaign({
            name: 'Pengingat Bayar',
            status: 'cancelled',
            counts,
            takenBackAt: Date.now() - 60_000,
            endedAt: Date.now() - 60_000,
            devices: []
          })
        ]
      }))
      render(<OverviewView />)
      const line = await screen.findByText('Pengingat Bayar')
      expect(line.closest('li')?.textContent).toContain(progress)
    }
  )

  // QA64: while the take-back still owes its deletes (the device offline), "3 left with the customers" was said of the
  // three it was about to delete for everyone; only what it ended without deleting is left with them.
  it('says nothing is left with the customers while the take-back still has calls to make', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          name: 'Pengingat Bayar',
          status: 'cancelled',
          counts: { read: 3, cancelled: 11 },
          takenBackAt: Date.now() - 60_000,
          takeBackPending: 3,
          endedAt: Date.now() - 60_000,
          devices: []
        })
      ]
    }))
    render(<OverviewView />)
    const line = (await screen.findByText('Pengingat Bayar')).closest('li')?.textContent ?? ''
    expect(line).toContain('3 of 14 sent')
    expect(line).not.toContain('left with the customers')
  })

  // QA39 Q39-04: the line names rows to send, not the sheet's rows (its skipped rows are not in it either), so the
  // sheet's blank rows have no place there; the campaign's own view names them beside its total.
  it.each([
    ['en', '4 of 10 sent'],
    ['id', '4 dari 10 terkirim']
  ] as const)(
    "leaves the sheet's blank rows out of a campaign's rows to send (%s)",
    async (language, progress) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      fake.handle('campaigns:list', () => ({
        campaigns: [
          campaign({
            summary: { total: 12, ready: 10, skipped: 2, byProblem: { no_phone: 2 }, blankRows: 20 }
          })
        ]
      }))
      render(<OverviewView />)
      const line = await screen.findByTestId('overview-campaign-c1')
      expect(line.textContent).toContain(progress)
      expect(line.textContent).not.toMatch(/blank|kosong/i)
    }
  )

  it('promises no end for a campaign whose every part paused itself, and calls it paused', async () => {
    // QA: with the gateway unreachable the Overview still showed an "estimated end" that had passed.
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          devices: [{ deviceId: 'dev-1', wait: null, autoPaused: 'unreachable' }],
          estimate: { finishAt: Date.UTC(2026, 0, 16, 3, 30) }
        })
      ]
    }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    const bills = await within(list).findByTestId('overview-campaign-c1')
    expect(bills.textContent).toContain('paused')
    expect(bills.textContent).not.toContain('sending')
    expect(bills.textContent).not.toContain('estimated end')
    expect(within(bills).getByTestId('overview-campaign-wait').textContent).toMatch(
      /^Front office — Paused: the gateway could not be reached/
    )
  })

  it('says a part paused by a drop can go on once its device is back, as the campaign does (QA12 Q12-09)', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('campaigns:list', () => ({
      campaigns: [campaign({ devices: [{ deviceId: 'dev-1', wait: null, autoPaused: 'disconnected' }] })]
    }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    const bills = await within(list).findByTestId('overview-campaign-c1')
    expect(within(bills).getByTestId('overview-campaign-wait').textContent).toBe(
      'Front office — Paused: the device disconnected or was logged out. The device is connected again: press Resume to go on.'
    )
  })

  it('says no wait under a campaign that finished, though its device still waits for its cap (QA61)', async () => {
    // Ended today on the operator's clock, so the Overview keeps its line.
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 16, 2), shouldAdvanceTime: true })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    const capped = {
      deviceId: 'dev-1',
      wait: { code: 'daily_cap' as const, until: Date.UTC(2026, 0, 17) },
      autoPaused: null
    }
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({ devices: [capped] }),
        campaign({
          id: 'c2',
          name: 'Promo',
          status: 'finished',
          endedAt: Date.UTC(2026, 0, 16, 1),
          devices: [capped]
        })
      ]
    }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    const running = await within(list).findByTestId('overview-campaign-c1')
    expect(within(running).getByTestId('overview-campaign-wait').textContent).toContain('Daily cap reached')
    const finished = within(list).getByTestId('overview-campaign-c2')
    expect(within(finished).queryByTestId('overview-campaign-wait')).toBeNull()
  })

  // QA12-05: a part whose every send got a 5xx was said nowhere on the Overview (it neither waits nor is paused).
  it('says a part whose sends are in doubt is being checked at the gateway', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('campaigns:list', () => ({
      campaigns: [campaign({ devices: [{ deviceId: 'dev-1', wait: null, autoPaused: null, checking: 2 }] })]
    }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    const bills = await within(list).findByTestId('overview-campaign-c1')
    expect(within(bills).getByTestId('overview-campaign-wait').textContent).toBe(
      'Front office — The gateway is failing: checking whether it got the last 2 messages before sending again'
    )
  })

  // QA39 Q39-01: "Tagihan Maret sending 1,137 of 2,850 sent" while the gateway answered 429 and nothing went.
  it('says a part held by the gateway asking to slow down, and when the next try is, not "sending"', async () => {
    const now = Date.UTC(2026, 0, 16, 2, 0)
    vi.useFakeTimers({ now, toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          devices: [
            { deviceId: 'dev-1', wait: { code: 'rate_limited', until: now + 30_000 }, autoPaused: null }
          ]
        })
      ]
    }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    const bills = await within(list).findByTestId('overview-campaign-c1')
    expect(bills.textContent).not.toContain('sending')
    expect(bills.textContent).toContain('waiting: the gateway asked to slow down (next try at')
    expect(within(bills).getByTestId('overview-campaign-wait').textContent).toMatch(
      /^Front office — Waiting: the gateway asked to slow down; next try at \d\d:00:30 /
    )
  })

  it('names the device a part is held on, and lists every waiting part apart', async () => {
    // QA F06: "promo2 sending · … · Waiting between sends … · Paused: the device disconnected" read as if the campaign
    // itself were paused, and named no device.
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'en' }),
        devices: [
          makeDevice({ id: 'dev-1', label: 'Sandbox device' }),
          makeDevice({ id: 'dev-2', label: 'Toko Kedua', state: 'disconnected' }),
          makeDevice({ id: 'dev-3', label: 'Toko Ketiga', state: 'disconnected' })
        ]
      })
    )
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          devices: [
            { deviceId: 'dev-1', wait: null, autoPaused: null },
            { deviceId: 'dev-2', wait: null, autoPaused: 'disconnected' },
            { deviceId: 'dev-3', wait: null, autoPaused: 'disconnected' }
          ]
        })
      ]
    }))
    render(<OverviewView />)
    const bills = await screen.findByTestId('overview-campaign-c1')
    const waits = within(bills).getByTestId('overview-campaign-wait').textContent ?? ''
    expect(waits).toMatch(/^Toko Kedua — Paused: .* · Toko Ketiga — Paused: /)
    expect(waits).not.toContain('Sandbox device')
  })

  it('says a part is held by its device’s ended subscription, not by a drop (QA F07)', async () => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'en' }),
        devices: [makeDevice({ id: 'dev-2', label: 'Toko Kedua', state: 'expired' })]
      })
    )
    fake.handle('campaigns:list', () => ({
      campaigns: [campaign({ devices: [{ deviceId: 'dev-2', wait: null, autoPaused: 'disconnected' }] })]
    }))
    render(<OverviewView />)
    const bills = await screen.findByTestId('overview-campaign-c1')
    expect(within(bills).getByTestId('overview-campaign-wait').textContent).toBe(
      'Toko Kedua — Paused: the device’s gateway subscription has ended.'
    )
  })

  it('says a part waits for its expired device though the core never paused it, and promises no end (QA N05)', async () => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'en' }),
        devices: [makeDevice({ id: 'dev-2', label: 'Toko Kedua', state: 'expired' })]
      })
    )
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          devices: [{ deviceId: 'dev-2', wait: null, autoPaused: null }],
          estimate: { finishAt: Date.now() + 3_600_000 }
        })
      ]
    }))
    render(<OverviewView />)
    const bills = await screen.findByTestId('overview-campaign-c1')
    expect(within(bills).getByTestId('overview-campaign-wait').textContent).toBe(
      'Toko Kedua — Waiting: the device’s gateway subscription has ended.'
    )
    expect(bills.textContent).toContain('waiting: no chosen device can send now')
    expect(bills.textContent).not.toContain('estimated end')
  })

  it('says a campaign is held while all sending is paused, and promises no end meanwhile (QA F03)', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    act(() => useOutbox.getState().setCounts({ counts: EMPTY_COUNTS, sendingPaused: true }))
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          devices: [{ deviceId: 'dev-1', wait: null, autoPaused: null }],
          estimate: { finishAt: Date.now() + 3_600_000 }
        })
      ]
    }))
    render(<OverviewView />)
    const bills = await screen.findByTestId('overview-campaign-c1')
    expect(bills.textContent).toContain('held: all sending is paused')
    expect(bills.textContent).not.toMatch(/bills\s*sending/)
    expect(bills.textContent).not.toContain('estimated end')
    act(() => useOutbox.getState().setCounts({ counts: EMPTY_COUNTS }))
    await waitFor(() =>
      expect(screen.getByTestId('overview-campaign-c1').textContent).toContain('estimated end')
    )
  })

  it.each([
    [false, 'the gateway package is renewed or topped up'],
    // The sandbox has no package: its own panel tops it up.
    [
      true,
      'the quota is topped up: “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices)'
    ]
  ])(
    'says the part of a running campaign its device’s quota covers and that the rest waits for it (sandbox: %s)',
    async (sandbox, waitsFor) => {
      vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 1, 0), toFake: ['Date'] })
      onTestFinished(() => void vi.useRealTimers())
      seedStores(
        makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice({ sandbox })] })
      )
      fake.handle('campaigns:list', () => ({
        campaigns: [
          campaign({
            devices: [{ deviceId: 'dev-1', wait: null, autoPaused: null }],
            estimate: {
              finishAt: Date.UTC(2026, 10, 29, 3, 0),
              quotaFinish: { kind: 'part', at: Date.UTC(2026, 10, 29, 1, 2), covered: 2, waiting: 6 }
            }
          })
        ]
      }))
      render(<OverviewView />)
      const bills = await screen.findByTestId('overview-campaign-c1')
      expect(bills.textContent).toContain(
        `the 2 the gateway quota covers end about 29 Nov 2026, 09:02 WITA, 6 wait until ${waitsFor}`
      )
      expect(bills.textContent).not.toContain('11:00')
    }
  )

  it('names which device of a running campaign tops up in the sandbox panel and which by its package', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 1, 0), toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'en' }),
        devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Test line', sandbox: true })]
      })
    )
    fake.handle('campaigns:list', () => ({
      campaigns: [
        campaign({
          devices: [
            { deviceId: 'dev-1', wait: null, autoPaused: null },
            { deviceId: 'dev-2', wait: null, autoPaused: null }
          ],
          estimate: {
            finishAt: Date.UTC(2026, 10, 29, 3, 0),
            quotaFinish: { kind: 'part', at: Date.UTC(2026, 10, 29, 1, 2), covered: 2, waiting: 6 }
          }
        })
      ]
    }))
    render(<OverviewView />)
    expect((await screen.findByTestId('overview-campaign-c1')).textContent).toContain(
      '6 wait until each device’s quota is topped up: Front office by renewing or topping up the gateway package, ' +
        'Test line with “Top up the quota” in Sandbox controls on the sandbox device’s card (Devices)'
    )
  })

  describe("another process's commit (the terminal on the same data folder)", () => {
    beforeEach(() => {
      vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 1, 0) })
      seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
      const open = ['c1', 'c2', 'c3'].map((id) =>
        campaign({
          id,
          devices: [{ deviceId: 'dev-1', wait: null, autoPaused: null }],
          estimate: { finishAt: null }
        })
      )
      fake.handle('campaigns:list', () => ({ campaigns: open }))
    })
    afterEach(() => vi.useRealTimers())

    /** What the core sends for one commit it noticed: each campaign it follows changed, then the outbox's counts. */
    async function commitNoticed(sent: number): Promise<void> {
      for (const id of ['c1', 'c2', 'c3']) {
        // Each event is its own IPC message: its own task, its own render.
        await act(async () => {
          fake.emit('campaigns:changed', { id })
          await vi.advanceTimersByTimeAsync(0)
        })
      }
      await act(async () => {
        useOutbox.getState().setCounts({
          counts: { ...EMPTY_COUNTS, sent, total: sent }
        })
        fake.emit('outbox:bulkChanged', { count: 0 })
        await vi.advanceTimersByTimeAsync(0)
      })
    }

    it('asks for the campaigns at work once per commit, however many are open', async () => {
      render(<OverviewView />)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0)
      })
      expect(screen.getByTestId('overview-campaign-c3')).toBeTruthy()
      const before = fake.requests('campaigns:list').length
      await commitNoticed(1)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000)
      })
      expect(fake.requests('campaigns:list').length - before).toBe(1)
      // The next commit is asked about again: coalesced, not dropped.
      await commitNoticed(2)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000)
      })
      expect(fake.requests('campaigns:list').length - before).toBe(2)
    })
  })

  describe('an estimated end that passes while rows remain', () => {
    // 09:00 WITA; the estimate made then says 09:02, and the sends stall (the gateway asks to wait): no event comes.
    const nine = Date.UTC(2026, 10, 29, 1, 0)
    const running = (finishAt: number): CampaignView =>
      campaign({ devices: [{ deviceId: 'dev-1', wait: null, autoPaused: null }], estimate: { finishAt } })
    beforeEach(() => {
      vi.useFakeTimers({ now: nine })
      seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    })
    afterEach(() => vi.useRealTimers())

    async function shownAfter(ms: number): Promise<string> {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms)
      })
      return screen.getByTestId('overview-campaign-c1').textContent ?? ''
    }

    it('is asked again from what remains now, never left showing a time gone by', async () => {
      fake.handle('campaigns:list', () => ({ campaigns: [running(nine + 2 * 60_000)] }))
      render(<OverviewView />)
      expect(await shownAfter(0)).toContain('estimated end 29 Nov 2026, 09:02 WITA')
      // The core makes the estimate again from the rows left and the pacing now.
      fake.handle('campaigns:list', () => ({ campaigns: [running(Date.now() + 5 * 60_000)] }))
      const later = await shownAfter(3 * 60_000)
      expect(later).not.toContain('09:02')
      // Asked the moment 09:02 passed: five minutes from then.
      expect(later).toContain('estimated end 29 Nov 2026, 09:07 WITA')
    })

    it('says the campaign is running late while the estimate it holds has passed', async () => {
      fake.handle('campaigns:list', () => ({ campaigns: [running(nine + 2 * 60_000)] }))
      render(<OverviewView />)
      expect(await shownAfter(0)).toContain('estimated end 29 Nov 2026, 09:02 WITA')
      const later = await shownAfter(3 * 60_000)
      expect(later).not.toMatch(/estimated end \d/)
      expect(later).toContain('running behind its estimated end')
    })

    it('says so in Indonesian too', async () => {
      seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
      fake.handle('campaigns:list', () => ({ campaigns: [running(nine - 60_000)] }))
      render(<OverviewView />)
      const shown = await shownAfter(0)
      expect(shown).not.toMatch(/perkiraan selesai \d/)
      expect(shown).toContain('lebih lambat dari perkiraan selesainya')
    })
  })

  it('names the unread messages and the customers they are from, in Indonesian too (QA F11)', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
    useInboxAlerts.getState().setUnread({ unread: 6, unreadCustomers: 5 })
    render(<OverviewView />)
    await userEvent.click(screen.getByRole('button', { name: '6 pesan belum dibaca dari 5 pelanggan' }))
    expect(useNavigation.getState().view).toBe('inbox')
  })

  // QA (marked unread): a conversation the operator marked unread to come back to was counted by the tab's badge only;
  // the Overview names it too, in the Inbox's words, and opens Messages in on it.
  it.each([
    [
      'en',
      '3 unread messages from 2 customers and 1 conversation marked unread',
      '2 conversations marked unread'
    ],
    [
      'id',
      '3 pesan belum dibaca dari 2 pelanggan dan 1 percakapan ditandai belum dibaca',
      '2 percakapan ditandai belum dibaca'
    ]
  ] as const)(
    'names the conversations marked unread beside the unread messages, and alone (%s)',
    async (language, both, alone) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      useInboxAlerts.getState().setUnread({ unread: 3, unreadCustomers: 2, markedUnread: 1 })
      render(<OverviewView />)
      expect(screen.getByRole('button', { name: both })).toBeTruthy()
      act(() => useInboxAlerts.getState().setUnread({ unread: 0, unreadCustomers: 0, markedUnread: 2 }))
      await userEvent.click(screen.getByRole('button', { name: alone }))
      expect(useNavigation.getState().view).toBe('inbox')
    }
  )

  // QA82 defect 3: with the relay down the Overview said "551 unread messages from 29 customers" and nothing else, as
  // if they were all there were; its Messages in part says the new ones are not arriving.
  it.each([
    [
      'en',
      '551 unread messages from 29 customers',
      'Customers’ new messages are not reaching this computer.'
    ],
    [
      'id',
      '551 pesan belum dibaca dari 29 pelanggan',
      'Pesan baru dari pelanggan tidak sampai ke komputer ini.'
    ]
  ] as const)(
    'says beside the unread messages that new ones are not arriving (%s)',
    (language, unread, notArriving) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      connectEvents()
      act(() =>
        fake.emit(
          'inbox:changed',
          makeInboxStatus({ state: 'unreachable', unread: 551, unreadCustomers: 29 })
        )
      )
      render(<OverviewView />)
      expect(screen.getByRole('button', { name: unread })).toBeTruthy()
      expect(screen.getByTestId('overview-relay').textContent).toBe(notArriving)
      // Nothing unread, the relay still down: said all the same.
      act(() => fake.emit('inbox:changed', makeInboxStatus({ state: 'auth-refused' })))
      expect(screen.getByTestId('overview-relay').textContent).toBe(notArriving)
      act(() => fake.emit('inbox:changed', makeInboxStatus({ unread: 2, unreadCustomers: 1 })))
      expect(screen.queryByTestId('overview-relay')).toBeNull()
    }
  )

  it('says when no campaign is at work', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    render(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    await waitFor(() => expect(list.textContent).toContain('No campaign is sending or paused.'))
  })

  it('offers the way to a first device when there is none (it is reached by its shortcut too)', async () => {
    seedStores(makeBootstrap({ devices: [] }))
    render(<OverviewView />)
    const fleet = within(screen.getByRole('region', { name: 'Devices' }))
    expect(fleet.getByText('No devices yet.')).toBeTruthy()
    await userEvent.setup().click(fleet.getByRole('button', { name: 'Add a gateway device' }))
    expect(useNavigation.getState()).toMatchObject({ view: 'devices', addDeviceOpen: true })
    expect(fleet.getByRole('button', { name: 'Try the sandbox' })).toBeTruthy()
  })

  // Issue #29 (point 4): disabled while the sandbox started, the pressed button dropped the focus to the page.
  it('keeps the focus on the pressed "Try the sandbox" while it starts, and starts it once', async () => {
    seedStores(makeBootstrap({ devices: [] }))
    render(<OverviewView />)
    const fleet = within(screen.getByRole('region', { name: 'Devices' }))
    const started = fake.defer('sandbox:start')
    await pressAndHold(
      userEvent.setup(),
      fleet.getByRole('button', { name: 'Try the sandbox' }),
      started.called
    )
    started.reject({ code: 'port_in_use', message: 'The sandbox could not open a port.' })
    expect((await fleet.findByRole('alert')).textContent).toBe('The sandbox could not open a port.')
    expect(fake.requests('sandbox:start')).toHaveLength(1)
  })

  it('counts whole days to the expiry', () => {
    const now = Date.parse('2025-05-01T00:00:00.000Z')
    expect(daysLeft('2025-05-03T12:00:00.000Z', now)).toBe(2)
    expect(daysLeft('2025-04-30T00:00:00.000Z', now)).toBe(-1)
    expect(daysLeft(undefined, now)).toBeNull()
  })

  it("counts the days to the expiry's moment on the gateway's clock, not to its text read on the computer's (QA64)", () => {
    // The gateway writes '2026-12-31 23:59:59' on its clock (WIB): the core says that is 16:59:59 UTC. Read on the
    // computer's clock (UTC here) it was 7 hours later: 21 hours before the end, the row said "expires in 1 day".
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    vi.setSystemTime(Date.parse('2026-12-30T20:00:00.000Z'))
    seedStores(
      makeBootstrap({
        devices: [makeDevice({ expiresAt: '2026-12-31 23:59:59', expiresBy: '2026-12-31T16:59:59.000Z' })]
      })
    )
    render(<OverviewView />)
    expect(screen.getByTestId('fleet-dev-1').textContent).toContain('expires in 0 days')
  })
})

// J / K walked every list but the Overview's campaigns at work: each is now a row, the button that opens it.
describe('the row keys in the Overview', () => {
  it('J and K walk the campaigns at work, each named by its name, then the devices; Enter opens the campaign reached', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('campaigns:list', () => ({
      campaigns: [campaign({}), campaign({ id: 'c2', name: 'Promo', status: 'paused' })]
    }))
    renderWithRowKeys(<OverviewView />)
    const list = screen.getByRole('region', { name: 'Campaigns' })
    await within(list).findByTestId('overview-campaign-c2')
    const bills = within(list).getByRole('button', { name: 'January bills' })
    const promo = within(list).getByRole('button', { name: 'Promo' })
    // The device list's rows come after them, each named by its device (QA: J / K passed the list by).
    const device = within(screen.getByRole('region', { name: 'Devices' })).getByRole('listitem', {
      name: 'Front office'
    })
    await walkRowsWithJK([bills, promo, device])
    // Home / End from the view go to the first / last row of all; from a row, to those of its own list (QA42).
    await pressRowEnds([
      ['{End}', 'view', device],
      ['{Home}', 'row', device],
      ['{Home}', 'view', bills],
      ['{End}', 'row', promo],
      ['{Home}', 'row', bills]
    ])
    // Home left it on the first; J to the second, and Enter opens it as a click does.
    const user = userEvent.setup()
    await user.keyboard('j')
    expect(document.activeElement).toBe(promo)
    await user.keyboard('{Enter}')
    expect(useNavigation.getState().view).toBe('campaigns')
    expect(useNavigation.getState().openCampaign).toBe('c2')
  })
})
