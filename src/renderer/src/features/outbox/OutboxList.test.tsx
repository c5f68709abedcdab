// The outbox list during a fling: a scroll draws the rows coming into view, not every row on screen again.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItemView } from '../../../../shared/contract'
import { makeBootstrap, makeItem } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { renderWithRowKeys } from '../../testing/row-keys'
import { NO_FILTERS, useOutbox } from '../../stores/outbox'
import { OutboxList, ROW_HEIGHT } from './OutboxList'

// Each drawn row formats its time once: counting the calls counts the rows drawn.
const formatted = vi.hoisted(() => ({ calls: 0 }))
vi.mock('../../i18n/dates', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../i18n/dates')>()
  return {
    ...original,
    formatDateTime: (...args: Parameters<typeof original.formatDateTime>) => {
      formatted.calls++
      return original.formatDateTime(...args)
    }
  }
})

const TOTAL = 10_000
const VIEWPORT = 680

function items(offset: number, limit: number): OutboxItemView[] {
  return Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) =>
    makeItem({ id: `i-${offset + i}`, text: `Message ${offset + i}` })
  )
}

beforeEach(() => {
  const fake = installFakeApi()
  fake.handle('outbox:list', ({ offset = 0, limit = 200 }) => ({ items: items(offset, limit), total: TOTAL }))
  giveListsHeight(VIEWPORT)
  seedStores(makeBootstrap())
})

describe('OutboxList while scrolling', () => {
  it('draws only the rows that come into view, not every row on screen again', async () => {
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await screen.findByText('Text: Message 0')
    const onScreen = screen.getAllByTestId('outbox-row').length
    expect(onScreen).toBeGreaterThan(15)
    const scroller = screen.getByTestId('outbox-scroll')
    // Three rows down, three scroll events, as a slow wheel gives them.
    formatted.calls = 0
    for (let row = 1; row <= 3; row++) {
      await act(async () => {
        Object.defineProperty(scroller, 'scrollTop', {
          configurable: true,
          writable: true,
          value: row * ROW_HEIGHT
        })
        fireEvent.scroll(scroller)
      })
    }
    await screen.findByText(`Text: Message ${onScreen + 2}`)
    expect(formatted.calls).toBeLessThanOrEqual(3)
  })

  it('draws a message a fresh page and the stale page after it both hold in each place, under keys of its own', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await screen.findByText('Text: Message 0')
    const scroller = screen.getByTestId('outbox-scroll')
    // Across the first two pages' edge (rows are keyed by message: both pages are drawn).
    await act(async () => {
      Object.defineProperty(scroller, 'scrollTop', {
        configurable: true,
        writable: true,
        value: 195 * ROW_HEIGHT
      })
      fireEvent.scroll(scroller)
    })
    await screen.findByText('Text: Message 200')
    // Three messages at the top deleted: the first page, asked again, has come back; the second is still the old one.
    act(() =>
      useOutbox.setState((state) => ({
        pages: { ...state.pages, 0: { generation: state.generation, items: items(3, 200) } }
      }))
    )
    expect(screen.getAllByText('Text: Message 200')).toHaveLength(2)
    expect(screen.getAllByText('Text: Message 202')).toHaveLength(2)
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/)
    errors.mockRestore()
  })
})

describe('OutboxList when the focused row leaves the list', () => {
  /** The list under its view's heading, the focus on message `id`'s row. */
  async function focusedOn(id: string): Promise<void> {
    render(
      <>
        <h2 id="outbox-heading" tabIndex={-1}>
          Outbox
        </h2>
        <OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />
      </>
    )
    await screen.findByText('Text: Message 0')
    act(() => screen.getByTestId(`outbox-open-${id}`).focus())
  }

  /** The first page read again, holding `kept` now; `deleted` gone from the core. */
  function listReadAgain(kept: OutboxItemView[], deleted: string[] = []): void {
    act(() =>
      useOutbox.setState((state) => ({
        gone: new Set(deleted),
        total: kept.length,
        pages: { 0: { generation: state.generation, items: kept } }
      }))
    )
  }

  it('gives the focus to the next row when its message is deleted, and says so', async () => {
    await focusedOn('i-5')
    listReadAgain(
      items(0, 200).filter((item) => item.id !== 'i-5'),
      ['i-5']
    )
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-i-6'))
    expect(screen.getByTestId('outbox-row-gone').textContent).toBe(
      'The message you were on was deleted. You are on the next message.'
    )
  })

  it('gives it to the row before when the last one leaves the filtered list, else to the heading', async () => {
    await focusedOn('i-2')
    // Under the Failed filter (as the list was read): one that left it was not deleted.
    act(() => useOutbox.setState({ filters: { ...NO_FILTERS, statuses: ['failed'] } }))
    listReadAgain(items(0, 2))
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-i-1'))
    expect(screen.getByTestId('outbox-row-gone').textContent).toBe(
      'The message you were on no longer matches the filters. You are on the previous message.'
    )
    listReadAgain([], ['i-0', 'i-1'])
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Outbox' }))
    expect(screen.getByTestId('outbox-row-gone').textContent).toBe(
      'The message you were on was deleted. You are on the Outbox heading.'
    )
  })
})

// QA62/QA65 (issue 29 point 4): each row was two Tab stops (its checkbox and the row), and ↑ / ↓ did nothing.
describe('OutboxList by keyboard', () => {
  /** The rows' controls Tab stops at: [message id, what] for each. */
  const tabStops = (): string[][] =>
    screen
      .getAllByTestId('outbox-row')
      .flatMap((row) =>
        [...row.querySelectorAll<HTMLElement>('input, button')]
          .filter((control) => control.tabIndex >= 0)
          .map((control) => [row.dataset.itemId ?? '', control.tagName])
      )

  it('is one row of Tab stops, its checkbox and its button, ↑ / ↓ moving it as J / K do', async () => {
    const user = userEvent.setup()
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await screen.findByText('Text: Message 0')
    expect(tabStops()).toEqual([
      ['i-0', 'INPUT'],
      ['i-0', 'BUTTON']
    ])
    act(() => screen.getByTestId('outbox-open-i-0').focus())
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-i-2'))
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(screen.getByTestId('outbox-open-i-1'))
    expect(tabStops()).toEqual([
      ['i-1', 'INPUT'],
      ['i-1', 'BUTTON']
    ])
    // From a checkbox, the next row's checkbox: ticking down a list is Space, ↓, Space.
    await user.tab({ shift: true })
    expect(document.activeElement?.id).toBe('outbox-check-i-1')
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.id).toBe('outbox-check-i-2')
  })

  // QA (row keys): from a row's checkbox J / K and Home / End did nothing (the window's keys skipped every input), so
  // ticking a run of rows took the mouse or Shift+Tab on each.
  it('moves from a checkbox to the next, previous, first and last row’s checkbox with J / K and Home / End too', async () => {
    const user = userEvent.setup()
    renderWithRowKeys(
      <OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />
    )
    await screen.findByText('Text: Message 0')
    // jsdom does not scroll: the box keeps what End sets, and says so as a browser does.
    const scroller = screen.getByTestId('outbox-scroll')
    let top = 0
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = value
        fireEvent.scroll(scroller)
      }
    })
    act(() => document.getElementById('outbox-check-i-1')?.focus())
    for (const [key, row] of [
      ['j', 2],
      ['{ArrowDown}', 3],
      ['k', 2],
      ['{ArrowUp}', 1],
      ['{Home}', 0],
      ['{End}', TOTAL - 1],
      ['k', TOTAL - 2]
    ] as const) {
      await user.keyboard(key)
      await waitFor(() => expect(document.activeElement?.id, key).toBe(`outbox-check-i-${row}`))
    }
  })

  it('has its Tab stop on the open message', async () => {
    render(<OutboxList selectedId="i-4" onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await screen.findByText('Text: Message 0')
    expect(tabStops()).toEqual([
      ['i-4', 'INPUT'],
      ['i-4', 'BUTTON']
    ])
  })
})
