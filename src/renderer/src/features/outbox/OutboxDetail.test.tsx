// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeItem, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { resetOutboxStore, useOutbox } from '../../stores/outbox'
import { OutboxDetail } from './OutboxDetail'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  resetOutboxStore()
})

/** The detail of one message (item-9): it reads the message and its history itself. */
function openUnread(): void {
  render(<OutboxDetail id="item-9" onClose={() => undefined} />)
}

describe('a message the detail cannot read', () => {
  it.each([
    ['en', 'This message could not be read: database is locked', 'Try again'],
    ['id', 'Pesan ini tidak dapat dibaca: database is locked', 'Coba lagi']
  ] as const)(
    'says so in words with Try again, the focus on it, and shows the message once read (%s)',
    async (language, says, tryAgain) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      fake.once('outbox:get', () => {
        throw new ApiError({ code: 'internal', message: 'database is locked' })
      })
      fake.handle('outbox:get', () => ({
        item: makeItem({ id: 'item-9', recipient: '6281234567890' }),
        history: []
      }))
      openUnread()
      const failure = await screen.findByTestId('outbox-detail-load-error')
      expect(failure.getAttribute('role')).toBe('alert')
      expect(failure.textContent).toContain(says)
      // The detail put the focus on its heading while it read: what came of it takes it.
      await waitFor(() => expect(document.activeElement).toBe(failure))
      const user = userEvent.setup()
      await user.click(within(failure).getByRole('button', { name: tryAgain }))
      await waitFor(() => expect(screen.queryByTestId('outbox-detail-load-error')).toBeNull())
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByTestId('outbox-detail-recipient').closest('h3'))
      )
    }
  )

  it('keeps the focus on the failure when another try fails too', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('outbox:get', () => {
      throw new ApiError({ code: 'internal', message: 'database is locked' })
    })
    openUnread()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(fake.requests('outbox:get')).toHaveLength(2))
    const failure = await screen.findByTestId('outbox-detail-load-error')
    await waitFor(() => expect(document.activeElement).toBe(failure))
  })

  it('shows what the list knows of it and says its history could not be read, with Try again', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    const item = makeItem({ id: 'item-9' })
    useOutbox.getState().applyItem(item)
    fake.once('outbox:get', () => {
      throw new ApiError({ code: 'internal', message: 'database is locked' })
    })
    fake.handle('outbox:get', () => ({ item, history: [] }))
    openUnread()
    const failure = await screen.findByTestId('outbox-detail-load-error')
    expect(failure.textContent).toContain("This message's history could not be read: database is locked")
    expect(screen.getByTestId('outbox-detail-recipient')).toBeTruthy()
    const user = userEvent.setup()
    await user.click(within(failure).getByRole('button', { name: 'Try again' }))
    await screen.findByTestId('outbox-timeline')
    expect(screen.queryByTestId('outbox-detail-load-error')).toBeNull()
    // The button went with the failure: the focus is on the detail's heading, not dropped to the page.
    expect(document.activeElement).toBe(screen.getByTestId('outbox-detail-recipient').closest('h3'))
  })
})

// The detail's own read put the message in the store, which changed what the detail watches: it was read twice.
describe('a message the list does not hold', () => {
  const item = makeItem({ id: 'item-9', recipient: '6281234567890', updatedAt: '2026-01-15T03:00:00.000Z' })

  async function opened(): Promise<void> {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    fake.handle('outbox:get', () => ({ item, history: [] }))
    openUnread()
    await screen.findByTestId('outbox-timeline')
    // Any read the first one set off has gone out by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  }

  it('is read once on opening', async () => {
    await opened()
    expect(fake.requests('outbox:get')).toHaveLength(1)
  })

  it('is read again when it changes after', async () => {
    await opened()
    act(() =>
      useOutbox.getState().applyItem({ ...item, status: 'sent', updatedAt: '2026-01-15T03:01:00.000Z' })
    )
    await waitFor(() => expect(fake.requests('outbox:get')).toHaveLength(2))
  })
})

// QA58: a gateway schedule cancelled while the gateway did not answer read as cancelled, the gateway still holding it.
describe('a cancelled message the gateway still holds', () => {
  it('says so until the gateway takes the cancel', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    const cancelled = makeItem({ id: 'item-9', status: 'cancelled', scheduleMode: 'gateway' })
    let held = true
    fake.handle('outbox:get', () => ({
      item: held ? { ...cancelled, gatewayStillHolds: true as const } : cancelled,
      history: []
    }))
    openUnread()
    expect((await screen.findByTestId('outbox-gateway-still-holds')).textContent).toBe(
      'Cancelled here, but the gateway has not confirmed it yet and still holds its copy: Sender Desk asks again until it does. Until then the gateway could still send it.'
    )
    held = false
    act(() => useOutbox.getState().applyItem({ ...cancelled, updatedAt: '2026-01-15T03:02:00.000Z' }))
    await waitFor(() => expect(screen.queryByTestId('outbox-gateway-still-holds')).toBeNull())
  })
})

// QA64: "Created 7 Dec 2026, 04:14 WIB" above "Scheduled for 6 Dec 2026, 21:45 UTC" read as scheduled before it was
// written; Schedules adds the operator's clock beside a schedule kept on another zone, the detail did not.
describe("a schedule on another zone than the operator's", () => {
  it("says its time on the operator's clock too", async () => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'en', defaultTimezone: 'Asia/Jakarta' }),
        devices: [makeDevice()]
      })
    )
    const scheduled = makeItem({
      id: 'item-9',
      status: 'scheduled',
      scheduledAt: '2026-12-06T21:45:00.000Z',
      timezone: 'UTC'
    })
    fake.handle('outbox:get', () => ({ item: scheduled, history: [] }))
    openUnread()
    const when = await screen.findByTestId('outbox-scheduled-at')
    expect(when.textContent).toBe('6 Dec 2026, 21:45 UTC (7 Dec 2026, 04:45 WIB, your time)')
  })
})

// QA64: a gateway schedule changed while the gateway did not answer read as changed; the gateway's copy went out as it was.
describe('a change the gateway has not taken', () => {
  it('says so until the gateway takes it', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    const changed = makeItem({
      id: 'item-9',
      status: 'scheduled',
      scheduleMode: 'gateway',
      savedAtGateway: true
    })
    let owed = true
    fake.handle('outbox:get', () => ({
      item: owed ? { ...changed, gatewayChangeOwed: true as const } : changed,
      history: []
    }))
    openUnread()
    expect((await screen.findByTestId('outbox-gateway-change-owed')).textContent).toContain(
      'the gateway has not taken the change yet and still holds its earlier copy'
    )
    owed = false
    act(() => useOutbox.getState().applyItem({ ...changed, updatedAt: '2026-01-15T03:02:00.000Z' }))
    await waitFor(() => expect(screen.queryByTestId('outbox-gateway-change-owed')).toBeNull())
  })
})

// QA65: a schedule meant for the gateway that the gateway had not taken read "Scheduled for 00:08" alone, then went
// out from this computer as a queued message.
describe('who keeps a schedule', () => {
  it.each([
    { item: { scheduleMode: 'local' as const }, says: 'Sender Desk (this computer)' },
    { item: { scheduleMode: 'gateway' as const, savedAtGateway: true }, says: 'The gateway' },
    {
      item: { scheduleMode: 'gateway' as const, savedAtGateway: false },
      says: 'The gateway, once it takes it (not yet: Front office is logged out): until then this computer keeps it, and sends it at its time if need be.'
    }
  ])('says it beside its time: $says', async ({ item, says }) => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'en' }),
        devices: [makeDevice({ state: 'needs-scan', linked: true })]
      })
    )
    const scheduled = makeItem({
      id: 'item-9',
      status: 'scheduled',
      scheduledAt: '2030-01-01T00:00:00.000Z',
      ...item
    })
    fake.handle('outbox:get', () => ({ item: scheduled, history: [] }))
    openUnread()
    expect((await screen.findByTestId('outbox-keeper')).textContent).toBe(says)
  })
})

// QA61: a message scheduled before its customer's STOP read as going until its time, then was cancelled as opted out.
describe('a message a send policy will cancel at its turn', () => {
  it.each([
    {
      key: 'desktop.note.optedOut',
      says: 'Will not be sent: this number opted out after the message was written. It is cancelled when its turn comes.'
    },
    {
      key: 'desktop.note.seriesStoppedMade',
      says: 'Will be cancelled when its turn comes (not sent: its recurring series was stopped).'
    }
  ])('says so ahead, in words ($key)', async ({ key, says }) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    const scheduled = makeItem({ id: 'item-9', status: 'scheduled', scheduleMode: 'local' })
    fake.handle('outbox:get', () => ({
      item: { ...scheduled, cancelsAtTurn: { message: 'not sent', messageKey: key } },
      history: []
    }))
    openUnread()
    expect((await screen.findByTestId('outbox-cancels-at-turn')).textContent).toBe(says)
  })
})

// QA62: "Retry is not offered: Its number is on the opt-out list: take it off…", in both languages.
describe('a retry refused because the number opted out', () => {
  it.each([
    {
      language: 'en' as const,
      says: 'Retry is not offered: its number is on the opt-out list. Take it off the list first to send to it again.'
    },
    {
      language: 'id' as const,
      says: 'Kirim ulang tidak ditawarkan: nomornya ada di daftar berhenti berlangganan. Keluarkan dulu dari daftar untuk mengirim lagi ke nomor itu.'
    }
  ])('says why in one sentence ($language)', async ({ language, says }) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
    const cancelled = makeItem({ id: 'item-9', status: 'cancelled' })
    fake.handle('outbox:get', () => ({
      item: {
        ...cancelled,
        retryRefusal: {
          code: 'opted_out' as const,
          message: 'its number is on the opt-out list: take it off the list first to send to it again',
          messageKey: 'desktop.error.whyOptedOut'
        }
      },
      history: []
    }))
    openUnread()
    expect((await screen.findByTestId('outbox-remedy')).textContent).toBe(says)
  })
})

describe('a message to a number put on the opt-out list (QA59)', () => {
  // "Opt this number out of campaigns" put the number on the gateway's blacklist too (every send to it refused),
  // and still offered itself once the number was on the list.
  it('says the list stops every send to it, and offers the button only while the number is not on the list', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
    const sent = makeItem({ id: 'item-9', status: 'delivered', recipient: '6281234567890' })
    fake.handle('outbox:get', () => ({ item: sent, history: [] }))
    let listed = false
    fake.handle('optouts:list', () => ({
      optOuts: listed
        ? [{ phone: '6281234567890', source: 'outbox', addedAt: 0, name: null, keyword: null }]
        : [],
      total: listed ? 1 : 0,
      listed: listed ? 1 : 0
    }))
    fake.handle('optouts:add', () => {
      listed = true
      return {
        added: 1,
        invalid: [],
        alreadyListed: 0,
        repeated: 0,
        gatewaySync: { background: false, devices: [] }
      }
    })
    openUnread()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Put this number on the opt-out list' }))
    await user.click(screen.getByTestId('outbox-opt-out-confirm'))
    expect(await screen.findByText(/^\+62 812-3456-7890 is on the opt-out list: /)).toBeTruthy()
    expect(screen.getByText(/^\+62 812-3456-7890 is on the opt-out list: /).textContent).toBe(
      '+62 812-3456-7890 is on the opt-out list: campaigns skip it, and the gateway refuses every message to it (its blacklist).'
    )
    act(() => fake.emit('optouts:changed', { at: '2026-01-15T03:00:00.000Z' }))
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Put this number on the opt-out list' })).toBeNull()
    )
    expect(screen.getByTestId('outbox-listed').textContent).toBe(
      'This number is on the opt-out list (added from the outbox).'
    )
  })
})
