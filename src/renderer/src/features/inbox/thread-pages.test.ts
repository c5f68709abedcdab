// The older pages a thread shows kept under its newest entries as they are read again (QA71, Earlier messages).
import { describe, expect, it } from 'vitest'
import type { InboxThreadEntry } from '../../../../shared/contract'
import { makeItem } from '../../testing/fixtures'
import {
  olderPagesToReadAgain,
  withOlderPage,
  withOlderPagesKept,
  withOlderPagesReadAgain
} from './thread-pages'

/** A customer's message numbered `number`, written `number` seconds in. */
const message = (number: number): InboxThreadEntry =>
  ({
    direction: 'in',
    at: new Date(number * 1000).toISOString(),
    message: { number, text: `#${number}` }
  }) as InboxThreadEntry
const reply = (id: string, second: number): InboxThreadEntry => ({
  direction: 'out',
  at: new Date(second * 1000).toISOString(),
  item: makeItem({ id })
})
/** Newest first, `newest` down to `oldest`. */
const messages = (newest: number, oldest: number): InboxThreadEntry[] =>
  Array.from({ length: newest - oldest + 1 }, (_, i) => message(newest - i))
const keys = (entries: InboxThreadEntry[]): string[] =>
  entries.map((e) => (e.direction === 'in' ? `in-${e.message.number}` : `out-${e.item.id}`))

describe('withOlderPagesKept', () => {
  it('keeps the pages older than the newest read, and where the next one starts', () => {
    const shown = { entries: messages(100, 1), next: 'past-1' }
    const kept = withOlderPagesKept({ entries: messages(102, 53), next: 'past-53' }, shown)
    expect(keys(kept.entries)).toEqual(keys(messages(102, 1)))
    expect(kept.next).toBe('past-1')
  })

  it('drops a reply shown that the newest read no longer holds (taken back)', () => {
    const shown = { entries: [message(10), reply('gone', 9), ...messages(8, 1)], next: 'past-1' }
    const kept = withOlderPagesKept({ entries: messages(11, 5), next: 'past-5' }, shown)
    expect(keys(kept.entries)).toEqual(keys(messages(11, 1)))
  })

  it('shows the newest read alone when it reaches the beginning, or does not meet what was shown', () => {
    const shown = { entries: messages(50, 1), next: 'past-1' }
    const whole = { entries: messages(52, 1), next: null }
    expect(withOlderPagesKept(whole, shown)).toBe(whole)
    // Many arrived at once: what lies between the two is not known.
    const apart = { entries: messages(200, 151), next: 'past-151' }
    expect(withOlderPagesKept(apart, shown)).toBe(apart)
    expect(withOlderPagesKept(apart, null)).toBe(apart)
  })
})

describe('withOlderPage', () => {
  it('puts the older page under those shown, an entry in both once', () => {
    const shown = { entries: messages(100, 51), next: 'past-51' }
    const page = withOlderPage(shown, { entries: messages(51, 1), next: null })
    expect(keys(page.entries)).toEqual(keys(messages(100, 1)))
    expect(page.next).toBeNull()
  })
})

// QA72: the older pages were kept as first read, a change to a message there shown only on the next opening.
describe('reading the older pages again', () => {
  it('reads from the newest read’s end down to the oldest entry shown', () => {
    const shown = { entries: messages(100, 1), next: 'past-1' }
    expect(olderPagesToReadAgain({ entries: messages(102, 53), next: 'past-53' }, shown)).toEqual({
      before: 'past-53',
      through: 'in-1'
    })
    // Nothing shown under the newest: nothing to read again.
    expect(olderPagesToReadAgain({ entries: messages(102, 1), next: null }, shown)).toBeNull()
    expect(olderPagesToReadAgain({ entries: messages(100, 51), next: 'past-51' }, null)).toBeNull()
  })

  it('puts the pages read again under the newest, with what was shown past them and where the next starts', () => {
    const changed = { ...message(20), message: { number: 20, text: 'fetched' } } as InboxThreadEntry
    const shown = { entries: messages(100, 1), next: 'past-1' }
    const newest = { entries: messages(102, 53), next: 'past-53' }
    const again = { entries: [...messages(52, 21), changed, ...messages(19, 10)], next: 'past-10' }
    const pages = withOlderPagesReadAgain(newest, again, 'in-10', shown)
    expect(keys(pages.entries)).toEqual(keys(messages(102, 1)))
    expect(pages.entries.find((e) => e.direction === 'in' && e.message.number === 20)).toBe(changed)
    expect(pages.next).toBe('past-1')
    // The oldest shown gone from the read: the older pages as shown.
    const gone = withOlderPagesReadAgain(newest, { entries: messages(52, 52), next: 'x' }, 'in-10', shown)
    expect(keys(gone.entries)).toEqual(keys(messages(102, 1)))
  })
})
