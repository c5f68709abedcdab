// Names next to numbers in the outbox: the rows drawn ask for their names in one call, a row shows the name first and
// the formatted number beside it (the number alone when no name is known), and a contacts change redraws the names.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutboxItemView } from '../../../../shared/contract'
import { connectEvents } from '../../stores/app'
import { makeBootstrap, makeItem } from '../../testing/fixtures'
import type { FakeApi } from '../../testing/fake-api'
import { installFakeApi, seedStores } from '../../testing/render'
import { OutboxDetail } from './OutboxDetail'
import { OutboxList } from './OutboxList'

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
const ITEMS: OutboxItemView[] = Array.from({ length: 30 }, (_, i) =>
  makeItem({ id: `i-${i}`, recipient: `62812345670${String(i).padStart(2, '0')}`, text: `Message ${i}` })
)
let fake: FakeApi
let names: Record<string, string>

beforeEach(() => {
  fake = installFakeApi()
  names = { '6281234567000': 'Bu Dewi', '6281234567002': 'Pak Budi' }
  fake.handle('outbox:list', ({ offset = 0, limit = 200 }) => ({
    items: ITEMS.slice(offset, offset + limit),
    total: ITEMS.length
  }))
  fake.handle('contacts:names', ({ chats }) => ({
    names: chats.flatMap((chatId) => (names[chatId] ? [{ chatId, name: names[chatId]! }] : []))
  }))
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? 2000 : 0
    }
  })
  seedStores(makeBootstrap())
})

afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

const rowOf = (id: string): HTMLElement => screen.getByTestId(`outbox-open-${id}`)

describe('names next to numbers in the outbox', () => {
  it('asks for the drawn rows’ names in one call and shows the name first, the number beside', async () => {
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await waitFor(() => expect(within(rowOf('i-0')).queryByText('Bu Dewi')).not.toBeNull())
    const drawn = screen.getAllByTestId('outbox-row').length
    expect(drawn).toBeGreaterThan(5)
    const asked = fake.requests('contacts:names')
    expect(asked).toHaveLength(1)
    expect(asked[0]!.chats).toHaveLength(drawn)
    expect(rowOf('i-0').querySelector('.row-recipient')?.textContent).toBe('Bu Dewi +62 812-3456-7000')
    expect(rowOf('i-1').querySelector('.row-recipient')?.textContent).toBe('+62 812-3456-7001')
    expect(screen.getAllByRole('checkbox')[2]!.getAttribute('aria-label')).toContain(
      'Pak Budi (+62 812-3456-7002)'
    )
  })

  it('asks again when the core says contacts changed, and shows the new names', async () => {
    const off = connectEvents()
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await waitFor(() => expect(within(rowOf('i-0')).queryByText('Bu Dewi')).not.toBeNull())
    names = { '6281234567000': 'Ibu Dewi Lestari', '6281234567001': 'Sari' }
    act(() => fake.emit('contacts:changed', { at: new Date().toISOString() }))
    await waitFor(() => expect(within(rowOf('i-1')).queryByText('Sari')).not.toBeNull())
    expect(within(rowOf('i-0')).queryByText('Ibu Dewi Lestari')).not.toBeNull()
    expect(within(rowOf('i-2')).queryByText('Pak Budi')).toBeNull()
    expect(fake.requests('contacts:names')).toHaveLength(2)
    off()
  })

  // A name learned from a customer's message or a sheet is theirs to write: an override in it drew the row's number
  // and the rest backwards, as the inbox did before the shown-text rule.
  it('shows a contact’s name without the bidi controls in it, in the rows, their boxes’ names and the details', async () => {
    names = { '6281234567000': '\u202EBudi\u2066 Toko', '6281234567001': '\u202E\u2069' }
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await waitFor(() => expect(fake.requests('contacts:names')).toHaveLength(1))
    await waitFor(() =>
      expect(rowOf('i-0').querySelector('.row-recipient')?.textContent).toBe('Budi Toko +62 812-3456-7000')
    )
    expect(rowOf('i-1').querySelector('.row-recipient')?.textContent).toBe('+62 812-3456-7001')
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes[0]!.getAttribute('aria-label')).toContain('Budi Toko (+62 812-3456-7000)')
    expect(boxes[1]!.getAttribute('aria-label')).not.toContain('(')
    fake.handle('outbox:get', () => ({ item: ITEMS[0]!, history: [] }))
    render(<OutboxDetail id="i-0" onClose={() => {}} />)
    await waitFor(() =>
      expect(screen.getByTestId('outbox-detail-recipient').textContent).toBe('Budi Toko +62 812-3456-7000')
    )
  })

  it('titles an item’s details with its contact’s name', async () => {
    fake.handle('outbox:get', () => ({ item: ITEMS[2]!, history: [] }))
    render(<OutboxDetail id="i-2" onClose={() => {}} />)
    await waitFor(() =>
      expect(screen.getByTestId('outbox-detail-recipient').textContent).toBe('Pak Budi +62 812-3456-7002')
    )
  })
})

describe('the device named on a row (QA24 Q24-02)', () => {
  it('names a message the terminal queued with credentials the app does not list as the terminal’s, not a removed device', async () => {
    const fromTerminal = makeItem({
      id: 'cli-item',
      deviceId: 'cli-cf034cb27f21d606',
      recipient: '6281234567001'
    })
    const fromRemoved = makeItem({ id: 'gone-item', deviceId: 'dev-gone', recipient: '6281234567002' })
    fake.handle('outbox:list', () => ({ items: [fromTerminal, fromRemoved], total: 2 }))
    render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
    await waitFor(() => expect(within(rowOf('cli-item')).queryByText(/terminal/)).not.toBeNull())
    expect(rowOf('cli-item').textContent).toContain('From the terminal, with a token no device here has')
    expect(rowOf('cli-item').textContent).not.toContain('A removed device')
    expect(rowOf('gone-item').textContent).toContain('A removed device')
  })

  it('offers no Edit for a message queued under a terminal device it does not list, and says why', async () => {
    const fromTerminal = makeItem({ id: 'cli-item', deviceId: 'cli-cf034cb27f21d606' })
    fake.handle('outbox:get', () => ({ item: fromTerminal, history: [] }))
    const { unmount } = render(<OutboxDetail id="cli-item" onClose={() => {}} />)
    const actions = await screen.findByRole('group', { name: 'Message actions' })
    expect(within(actions).queryByRole('button', { name: 'Edit' })).toBeNull()
    // Cancelling it is still the operator's: only the edit needs the device.
    expect(within(actions).queryByRole('button', { name: 'Cancel sending' })).not.toBeNull()
    expect(screen.getByTestId('outbox-edit-unavailable').textContent).toContain(
      'queued from the terminal for a device this app does not list'
    )
    unmount()
    // The same message under a device of the list is edited as ever.
    fake.handle('outbox:get', () => ({ item: makeItem({ id: 'listed-item' }), history: [] }))
    render(<OutboxDetail id="listed-item" onClose={() => {}} />)
    const listed = await screen.findByRole('group', { name: 'Message actions' })
    expect(within(listed).queryByRole('button', { name: 'Edit' })).not.toBeNull()
    expect(screen.queryByTestId('outbox-edit-unavailable')).toBeNull()
  })
})
