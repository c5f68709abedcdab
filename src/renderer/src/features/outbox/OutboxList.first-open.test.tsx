// The outbox's first open: what drawing its first rows makes the first time (date formatters, numbers read by
// libphonenumber) is made while the window is idle, once the first page is in, not in the click's task (issue #29).
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItemView } from '../../../../shared/contract'
import { makeBootstrap, makeItem } from '../../testing/fixtures'
import type { FakeApi } from '../../testing/fake-api'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { useContactNames } from '../../stores/contact-names'
import { useOutbox } from '../../stores/outbox'
import { OutboxList, prepareFirstRows } from './OutboxList'

const phoneReads = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../../shared/domain/phone-display', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../shared/domain/phone-display')>()
  return {
    ...original,
    formatPhoneForReading: (value: string) => {
      phoneReads.count++
      return original.formatPhoneForReading(value)
    }
  }
})

const VIEWPORT = 680

/** Every row a different number; finished rows and scheduled ones (each kind of moment its own formatter). */
function items(offset: number, limit: number): OutboxItemView[] {
  return Array.from({ length: limit }, (_, i) => {
    const n = offset + i
    return makeItem({
      id: `i-${n}`,
      text: `Message ${n}`,
      recipient: `62812${String(3000000 + n).padStart(7, '0')}`,
      ...(n % 5 === 0
        ? {
            status: 'scheduled',
            scheduledAt: '2031-05-01T08:00:00.000Z',
            timezone: 'Asia/Makassar',
            scheduleMode: 'local'
          }
        : { status: 'read' })
    })
  })
}

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('outbox:list', ({ offset = 0, limit = 200 }) => ({
    items: items(offset, limit),
    total: 100_000
  }))
  // The first three rows' recipients are contacts.
  fake.handle('contacts:names', ({ chats }) => ({
    names: chats.slice(0, 3).map((chatId) => ({ chatId, name: 'Ayu' }))
  }))
  giveListsHeight(VIEWPORT)
  seedStores(makeBootstrap())
})

afterEach(() => {
  Intl.DateTimeFormat = DateTimeFormat
})

const DateTimeFormat = Intl.DateTimeFormat
/** Counts the date formatters made from now on (called or constructed, as the platform's allows both). */
function countDateFormatters(): { made: number } {
  const counted = { made: 0 }
  Intl.DateTimeFormat = new Proxy(DateTimeFormat, {
    construct(target, args: ConstructorParameters<typeof DateTimeFormat>) {
      counted.made++
      return new target(...args)
    },
    apply(target, self, args: ConstructorParameters<typeof DateTimeFormat>) {
      counted.made++
      return target(...args)
    }
  })
  return counted
}

describe('the outbox prepared before its first open', () => {
  it('draws its first rows without making a date formatter, reading a number or asking a name', async () => {
    // As the shell does once it is up: the first page asked for, the outbox's code loaded (which prepares).
    useOutbox.getState().prefetchFirstPage()
    prepareFirstRows()
    await waitFor(() => expect(useOutbox.getState().pages[0]).toBeDefined())
    // Idle: the preparation has run (it reads the first rows' numbers).
    await waitFor(() => expect(phoneReads.count).toBeGreaterThan(0))
    await waitFor(() => expect(useContactNames.getState().names.size).toBeGreaterThan(0))

    const formatters = countDateFormatters()
    const namesAsked = fake.requests('contacts:names').length
    phoneReads.count = 0
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await screen.findByText('Text: Message 0')
    expect(screen.getAllByTestId('outbox-row').length).toBeGreaterThan(15)
    expect(screen.getAllByText(/WITA/).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Ayu')).toHaveLength(3)
    expect(formatters.made).toBe(0)
    expect(phoneReads.count).toBe(0)
    // Their names were asked while idle: none at the draw.
    await Promise.resolve()
    expect(fake.requests('contacts:names')).toHaveLength(namesAsked)
  })
})
