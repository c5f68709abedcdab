// Outbox store: the list request for filters, paging with stale replies dropped, item events, bulk refresh, page eviction.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type OutboxItemView } from '../../../shared/contract'
import {
  RECIPIENT_SEARCH_CASES,
  STORED_NAMES,
  STORED_NUMBERS
} from '../../../shared/domain/recipient-search.cases'
import type { FakeApi } from '../testing/fake-api'
import { makeItem, makeSettings } from '../testing/fixtures'
import { installFakeApi } from '../testing/render'
import { useContactNames } from './contact-names'
import { useSettings } from './settings'
import { listRequest, matchesFilters, MAX_PAGES, NO_FILTERS, PAGE_SIZE, itemAt, useOutbox } from './outbox'

let fake: FakeApi
const TOTAL = 100_000

function items(offset: number, limit: number, status: OutboxItemView['status'] = 'queued'): OutboxItemView[] {
  return Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) =>
    makeItem({ id: `i-${offset + i}`, recipient: `62812${String(offset + i).padStart(7, '0')}`, status })
  )
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('outbox:list', ({ offset = 0, limit = 200 }) => ({ items: items(offset, limit), total: TOTAL }))
})

describe('listRequest', () => {
  it('sends only the filters that are set', () => {
    expect(listRequest(NO_FILTERS, 0, 200)).toEqual({ offset: 0, limit: 200 })
    const request = listRequest(
      {
        statuses: ['failed', 'queued'],
        deviceId: 'dev-1',
        campaignId: 'c1',
        recipient: ' 0812-34 ',
        text: ' tagihan ',
        from: '2025-05-01',
        to: '2025-05-02',
        happened: { event: 'sent', since: '2025-05-02T00:00:00.000+07:00' }
      },
      400,
      200
    )
    expect(request).toEqual({
      offset: 400,
      limit: 200,
      status: ['failed', 'queued'],
      deviceId: 'dev-1',
      campaignId: 'c1',
      // As typed: the core reads it by the shared rule (recipientSearchTerms), as matchesFilters does.
      recipient: '0812-34',
      text: 'tagihan',
      from: new Date('2025-05-01T00:00:00').toISOString(),
      to: new Date('2025-05-02T23:59:59.999').toISOString(),
      happenedSince: { event: 'sent', since: '2025-05-02T00:00:00.000+07:00' }
    })
  })

  // QA27 Q27-03: "Created from/until 25 Nov" in Asia/Jakarta on a UTC computer gave 07:00 on the 25th to 06:59 on the
  // 26th: the days were bounded on the computer's clock while the rows and the export are on the operator's.
  it("bounds the days of the date filter on the operator's clock, not the computer's", () => {
    useSettings.setState({ settings: makeSettings({ defaultTimezone: 'Asia/Jakarta' }) })
    try {
      const request = listRequest({ ...NO_FILTERS, from: '2026-11-25', to: '2026-11-25' }, 0, 10)
      expect(request.from).toBe('2026-11-24T17:00:00.000Z')
      expect(request.to).toBe('2026-11-25T16:59:59.999Z')
    } finally {
      useSettings.setState({ settings: null })
    }
  })

  it('leaves a non-number recipient search as typed', () => {
    expect(listRequest({ ...NO_FILTERS, recipient: '120363-abc' }, 0, 10).recipient).toBe('120363-abc')
  })
})

describe('matchesFilters under a number of today (QA14 Q14-04)', () => {
  const since = '2025-05-02T00:00:00.000+07:00'
  const under = (event: 'sent' | 'failed' | 'cancelled', status: OutboxItemView['status']): boolean =>
    matchesFilters(makeItem({ status }), { ...NO_FILTERS, happened: { event, since } })
  it('keeps under "sent today" only what the gateway sent, each message under one number', () => {
    expect(under('sent', 'read')).toBe(true)
    expect(under('sent', 'revoked')).toBe(true)
    expect(under('sent', 'accepted')).toBe(false)
    expect(under('sent', 'cancelled_at_gateway')).toBe(false)
    expect(under('sent', 'failed')).toBe(false)
    expect(under('failed', 'failed')).toBe(true)
    expect(under('cancelled', 'cancelled_at_gateway')).toBe(true)
    expect(under('cancelled', 'queued')).toBe(false)
  })

  // QA23 Q23-04: a campaign row cancelled because its number opted out is not one the operator cancelled today, as
  // the core's "cancelled today" leaves it out.
  it('keeps a message cancelled because its number opted out out of "cancelled today"', () => {
    const optedOut = makeItem({
      status: 'cancelled',
      failure: {
        code: 'opted_out',
        message: 'not sent: this number opted out',
        messageKey: 'desktop.note.optedOut',
        gatewayMessage: null
      }
    })
    expect(matchesFilters(optedOut, { ...NO_FILTERS, happened: { event: 'cancelled', since } })).toBe(false)
    expect(under('cancelled', 'cancelled')).toBe(true)
  })
})

/** Whether the list under the Recipient filter `typed` (and no other) would show a message to `recipient`. */
const to = (recipient: string, typed: string): boolean =>
  matchesFilters(makeItem({ recipient }), { ...NO_FILTERS, recipient: typed })

describe('matchesFilters by the name a row shows (QA14 Q14-07)', () => {
  it('keeps a message to a contact whose name holds the text, as the core lists it', () => {
    useContactNames.setState({ names: new Map([['6281311110001', 'Budi Santoso']]), version: 1 })
    expect(to('6281311110001', 'budi')).toBe(true)
    expect(to('6281311110001', '1110001')).toBe(true)
    expect(to('6281399990001', 'budi')).toBe(false)
    // Two letters name no one, there as in the core.
    expect(to('6281311110001', 'bu')).toBe(false)
  })
})

// QA48 Q48-03: "8888" found nothing to +62 813-9999-8888 (it was sent as 628888…) while "9888" did.
describe('matchesFilters by what was typed, as the core finds it', () => {
  it.each(RECIPIENT_SEARCH_CASES)('"$typed" finds $found', ({ typed, found }) => {
    useContactNames.setState({ names: new Map(Object.entries(STORED_NAMES)), version: 1 })
    expect(STORED_NUMBERS.filter((recipient) => to(recipient, typed))).toEqual(found)
  })

  // Last digits that start with 0 (+62 813-9999-0888) were read only as a number written from 0 (62888…).
  it('keeps a message whose number ends in digits typed from 0, and one whose number starts so', () => {
    expect(to('6281399990888', '0888')).toBe(true)
    expect(to('6285712345678', '0857')).toBe(true)
    expect(to('6285712345678', '0888')).toBe(false)
    expect(to('6281399990888', '0857')).toBe(false)
  })
})

describe('paging', () => {
  it('fetches the pages covering the requested rows, once', async () => {
    useOutbox.getState().ensureRange(0, 0)
    await flush()
    expect(useOutbox.getState().total).toBe(TOTAL)
    useOutbox.getState().ensureRange(150, 450)
    useOutbox.getState().ensureRange(150, 450)
    await flush()
    expect(fake.requests('outbox:list').map((r) => r.offset)).toEqual([0, 200, 400])
    expect(itemAt(useOutbox.getState().pages, 450)?.id).toBe('i-450')
  })

  it('drops a page reply that arrives after the filters changed', async () => {
    const slow = fake.defer('outbox:list')
    useOutbox.getState().ensureRange(0, 0)
    await slow.called
    useOutbox.getState().setFilters({ statuses: ['failed'] })
    await flush()
    slow.resolve({ items: items(0, 200, 'read'), total: TOTAL })
    await flush()
    expect(fake.requests('outbox:list')[1]).toEqual({ offset: 0, limit: 200, status: ['failed'] })
    expect(itemAt(useOutbox.getState().pages, 0)?.status).toBe('queued')
  })

  it('keeps at most MAX_PAGES pages in memory', async () => {
    useOutbox.getState().ensureRange(0, 0)
    await flush()
    useOutbox.getState().ensureRange(0, PAGE_SIZE * (MAX_PAGES + 10))
    await flush()
    expect(Object.keys(useOutbox.getState().pages).length).toBeLessThanOrEqual(MAX_PAGES)
  })
})

describe('events', () => {
  it('an item event updates the loaded row in place', async () => {
    useOutbox.getState().ensureRange(0, 0)
    await flush()
    useOutbox.getState().applyItem(makeItem({ id: 'i-3', status: 'delivered' }))
    expect(itemAt(useOutbox.getState().pages, 3)?.status).toBe('delivered')
    expect(useOutbox.getState().known.get('i-3')?.status).toBe('delivered')
  })

  it('asks the list again once for a burst of rows leaving the filters, never for rows that still match (QA18 Q18-01)', async () => {
    vi.useFakeTimers()
    try {
      useOutbox.getState().setFilters({ statuses: ['queued'] })
      await flush()
      const asked = (): number => fake.requests('outbox:list').length
      const before = asked()
      // Still queued: updated in place, no request.
      useOutbox.getState().applyItem(makeItem({ id: 'i-1', status: 'queued', attempts: 1 }))
      await vi.advanceTimersByTimeAsync(1_000)
      useOutbox.getState().ensureRange(0, 0)
      await flush()
      expect(asked()).toBe(before)
      // Three sent at once under the Queued filter: one new request, the total from it.
      for (const id of ['i-1', 'i-2', 'i-3'])
        useOutbox.getState().applyItem(makeItem({ id, status: 'sending' }))
      for (const id of ['i-1', 'i-2', 'i-3'])
        useOutbox.getState().applyItem(makeItem({ id, status: 'accepted' }))
      expect(itemAt(useOutbox.getState().pages, 1)?.status).toBe('accepted')
      await vi.advanceTimersByTimeAsync(1_000)
      useOutbox.getState().ensureRange(0, 0)
      await flush()
      expect(asked()).toBe(before + 1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('lists a message the filters hid once it comes to match them, and no longer counts it hidden', async () => {
    vi.useFakeTimers()
    try {
      let failedNow: OutboxItemView[] = []
      fake.handle('outbox:list', () => ({ items: failedNow, total: failedNow.length }))
      useOutbox.getState().setFilters({ statuses: ['failed'] })
      await flush()
      // Sent while the operator watches the Failed filter: hidden while it waits...
      const createdAt = new Date(Date.now() + 1).toISOString()
      useOutbox.getState().applyItem(makeItem({ id: 'new-1', status: 'queued', createdAt }))
      expect(useOutbox.getState().hiddenNew).toBe(1)
      await vi.advanceTimersByTimeAsync(1_000)
      // ...then it fails, which is what the filter is there to show.
      const failed = makeItem({ id: 'new-1', status: 'failed', createdAt })
      failedNow = [failed]
      useOutbox.getState().applyItem(failed)
      expect(useOutbox.getState().hiddenNew).toBe(0)
      await vi.advanceTimersByTimeAsync(1_000)
      useOutbox.getState().ensureRange(0, 0)
      await flush()
      expect(itemAt(useOutbox.getState().pages, 0)?.id).toBe('new-1')
    } finally {
      vi.useRealTimers()
    }
  })

  it('counts as new only messages created after the filters were set, not old ones that changed status', async () => {
    useOutbox.getState().setFilters({ statuses: ['failed'] })
    await flush()
    const setAt = Date.now()
    // A busy outbox: most of its items were never loaded here, and each is sent on while the operator looks.
    for (let n = 0; n < 5; n++) {
      const old = makeItem({ id: `old-${n}`, createdAt: new Date(setAt - 60_000).toISOString() })
      useOutbox.getState().applyItem({ ...old, status: 'sending' })
      useOutbox.getState().applyItem({ ...old, status: 'read' })
    }
    expect(useOutbox.getState().hiddenNew).toBe(0)
    useOutbox.getState().applyItem(makeItem({ id: 'fresh', createdAt: new Date(setAt + 1).toISOString() }))
    expect(useOutbox.getState().hiddenNew).toBe(1)
  })

  it('a bulk change marks the list stale (refetched on view) but keeps showing the rows', async () => {
    useOutbox.getState().ensureRange(0, 0)
    await flush()
    const generation = useOutbox.getState().generation
    useOutbox.getState().bulkChanged()
    expect(useOutbox.getState().generation).toBe(generation + 1)
    expect(itemAt(useOutbox.getState().pages, 0)).toBeTruthy()
    useOutbox.getState().ensureRange(0, 0)
    await flush()
    expect(fake.requests('outbox:list').length).toBe(2)
  })
})

describe('track', () => {
  it('follows every message of a 200-recipient send, not the first 100 (issue 29)', async () => {
    fake.handle('outbox:get', ({ id }) => ({ item: makeItem({ id }), history: [] }))
    const ids = Array.from({ length: 200 }, (_, i) => `sent-${i}`)
    await useOutbox.getState().track(ids)
    const known = useOutbox.getState().known
    expect(ids.filter((id) => !known.has(id))).toEqual([])
    expect(fake.requests('outbox:get')).toHaveLength(200)
  })

  it('takes the core\'s "no such item" for gone, and no other failure; a gone item is not asked again', async () => {
    fake.handle('outbox:get', ({ id }) => {
      if (id === 'deleted') throw new ApiError({ code: 'not_found', message: `No outbox item ${id}.` })
      if (id === 'unreachable') throw new ApiError({ code: 'core_unavailable', message: 'busy' })
      return { item: makeItem({ id }), history: [] }
    })
    await useOutbox.getState().refresh(['kept', 'deleted', 'unreachable'])
    const { known, gone } = useOutbox.getState()
    expect([...gone]).toEqual(['deleted'])
    expect([...known.keys()]).toEqual(['kept'])
    const asked = fake.requests('outbox:get').length
    await useOutbox.getState().track(['kept', 'deleted', 'unreachable'])
    expect(fake.requests('outbox:get').slice(asked)).toEqual([{ id: 'unreachable' }])
  })
})
