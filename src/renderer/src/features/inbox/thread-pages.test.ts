// The older pages a thread shows kept under its newest entries as they are read again (QA71, Earlier messages).
import { describe, expect, it } from 'vitest'
import type { InboxThreadEntry } from '../../../../shared/contract'
import { makeItem } from '../../testing/fixtures'
import { withOlderPage, withOlderPagesKept } from './thread-pages'

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
