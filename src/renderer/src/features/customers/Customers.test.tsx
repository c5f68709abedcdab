// The customer list (QA walk 11, Q11-12: contacts existed but no view listed them; a spreadsheet per campaign was the
// only way to add one): paged, searched, added with the number checked at its field, renamed, removed with Undo, each
// with its opt-out state; the focus on what each action produced, in both languages, with nothing axe objects to.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeEach, describe, expect, it } from 'vitest'
import type { CustomerView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { Customers } from './Customers'

let fake: FakeApi
let people: CustomerView[]

const person = (phone: string, name: string, optedOut = false): CustomerView => ({
  phone,
  name,
  source: 'campaign',
  updatedAt: '2026-11-30T03:08:00.000Z',
  optedOut
})

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap())
  people = Array.from({ length: 60 }, (_, i) =>
    person(`62812000${String(i).padStart(5, '0')}`, `Pelanggan ${String(i).padStart(2, '0')}`, i === 1)
  )
  // As the core pages them: by name, `after` the last shown, the start of a name or of a 62… number.
  fake.handle('contacts:page', ({ limit = 50, after, search }) => {
    const typed = search?.trim().toLowerCase() ?? ''
    const number = typed.replace(/^0/, '62')
    const kept = people
      .filter((p) => !typed || p.name.toLowerCase().startsWith(typed) || p.phone.startsWith(number))
      .filter((p) => !after || p.name > after.name)
    const shown = kept.slice(0, limit)
    return {
      customers: shown,
      next: kept.length > limit ? { name: shown.at(-1)!.name, phone: shown.at(-1)!.phone } : null
    }
  })
  fake.handle('contacts:set', ({ phone, name }) => {
    const contact = {
      ...person(phone.replace(/^0/, '62').replace(/\D/g, ''), name),
      source: 'operator' as const
    }
    people = [...people.filter((p) => p.phone !== contact.phone), contact].sort((a, b) =>
      a.name < b.name ? -1 : 1
    )
    const { optedOut: _optedOut, ...view } = contact
    return view
  })
  fake.handle('contacts:remove', ({ phone }) => {
    people = people.filter((p) => p.phone !== phone)
    return { removed: true }
  })
})

async function openList(user: ReturnType<typeof userEvent.setup>, title = 'Customers'): Promise<void> {
  await user.click(screen.getByText(title))
  await screen.findAllByTestId('customer-entry')
}

const names = (): string[] =>
  screen.getAllByTestId('customer-entry').map((li) => li.querySelector('bdi')?.textContent ?? '')

describe('the customer list', () => {
  it('lists a page, reads the next on Show more and moves the focus to the first new customer', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    expect(names()).toHaveLength(50)
    expect(screen.getAllByTestId('customer-entry')[1]!.textContent).toContain('opted out')
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(names()).toHaveLength(60))
    expect(document.activeElement).toBe(screen.getAllByTestId('customer-entry')[50])
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('searches by the start of a name or a number', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    const search = screen.getByLabelText('Search by the start of a name or number')
    await user.type(search, 'pelanggan 0')
    await waitFor(() => expect(names()).toHaveLength(10))
    await user.clear(search)
    await user.type(search, '081200000059')
    await waitFor(() => expect(names()).toEqual(['Pelanggan 59']))
    await user.type(search, '9')
    expect(await screen.findByText('No customer starts with “0812000000599”.')).toBeTruthy()
  })

  it('says a bad number at its field and asks the core nothing; adds a good one and focuses it', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await user.type(screen.getByLabelText('Phone number'), '12ab')
    await user.type(screen.getByLabelText('Name'), 'Budi')
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    const field = screen.getByLabelText('Phone number')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Use digits only'
    )
    expect(fake.requests('contacts:set')).toEqual([])
    await user.clear(field)
    await user.type(field, '0813-1111-2222')
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    expect(fake.requests('contacts:set')).toEqual([{ phone: '0813-1111-2222', name: 'Budi' }])
    await waitFor(() => expect(names()).toEqual(['Budi']))
    expect(document.activeElement).toBe(screen.getByTestId('customer-entry'))
    expect(screen.getByTestId('customers-result').textContent).toBe(
      'Budi (+62 813-1111-2222) is on the list.'
    )
  })

  it('renames a customer in its row and gives the focus back to it', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await user.click(screen.getByRole('button', { name: 'Rename Pelanggan 00' }))
    const field = screen.getByLabelText('New name for +62 812-0000-0000')
    expect(document.activeElement).toBe(field)
    await user.clear(field)
    await user.type(field, 'Ibu Sari{Enter}')
    await waitFor(() => expect(names()[0]).toBe('Ibu Sari'))
    expect(document.activeElement).toBe(screen.getAllByTestId('customer-entry')[0])
    expect(fake.requests('contacts:set')).toEqual([{ phone: '6281200000000', name: 'Ibu Sari' }])
  })

  it('removes a customer, says so with the focus on it, and Undo adds it back in its place', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await user.click(screen.getByRole('button', { name: 'Remove Pelanggan 01' }))
    const result = await screen.findByText('Pelanggan 01 (+62 812-0000-0001) removed from the customers.')
    await waitFor(() => expect(document.activeElement).toBe(result))
    expect(names()).not.toContain('Pelanggan 01')
    await user.click(screen.getByRole('button', { name: 'Undo: add Pelanggan 01 back' }))
    await waitFor(() => expect(names()[1]).toBe('Pelanggan 01'))
    expect(document.activeElement).toBe(screen.getAllByTestId('customer-entry')[1])
    // Still said to be opted out: removing a name does not touch the opt-out list.
    expect(screen.getAllByTestId('customer-entry')[1]!.textContent).toContain('opted out')
  })

  it('speaks Indonesian', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }) }))
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user, 'Pelanggan')
    expect(screen.getByLabelText('Cari dengan awal nama atau nomor')).toBeTruthy()
    expect(
      within(screen.getAllByTestId('customer-entry')[1]!).getByText(/berhenti berlangganan/)
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Tambah pelanggan' }))
    expect(screen.getByText('Ketik nomor teleponnya.')).toBeTruthy()
  })

  it('has nothing axe objects to, with an error said at a field and a row being renamed', async () => {
    const user = userEvent.setup()
    const { container } = render(<Customers />)
    await openList(user)
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    await user.click(screen.getByRole('button', { name: 'Rename Pelanggan 00' }))
    // Colour contrast needs a layout jsdom does not have: the e2e views test checks it in a browser.
    const { violations, passes } = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false } }
    })
    // The rules about these controls ran (an empty list of violations is not an empty check).
    expect(passes.map((p) => p.id)).toEqual(
      expect.arrayContaining(['label', 'button-name', 'aria-valid-attr-value'])
    )
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([])
  })
})
