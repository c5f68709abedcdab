// The customer list (QA walk 11, Q11-12: contacts existed but no view listed them; a spreadsheet per campaign was the
// only way to add one): paged, searched, added with the number checked at its field, renamed, removed with Undo, each
// with its opt-out state; the focus on what each action produced, in both languages, with nothing axe objects to.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeEach, describe, expect, it } from 'vitest'
import type { CustomerView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeInboxStatus, makeSettings } from '../../testing/fixtures'
import { accessibleDescription } from '../../testing/described'
import { installFakeApi, seedStores } from '../../testing/render'
import { jumpRowEndsWithHomeEnd, renderWithRowKeys, walkRowsWithJK } from '../../testing/row-keys'
import { Customers } from './Customers'

let fake: FakeApi
let people: CustomerView[]
/** The opt-out list: kept apart from the contacts, as in the core (a removed and restored name keeps its state). */
let optedOut: Set<string>
/** Each campaign filter's numbers (`<id>/<since>`), as the core keeps them. */
const inCampaign: Record<string, string[]> = {
  'c1/': ['6281200000003', '6281200000007', '6281200000011'],
  'c1/replied': ['6281200000007']
}
const CAMPAIGNS = [
  { id: 'c1', name: 'Promo Lebaran', startedAt: 1_000 },
  { id: 'c2', name: 'Draft Desember', startedAt: null },
  { id: 'c3', name: 'Pelanggan Setia', startedAt: 2_000 }
]

const person = (phone: string, name: string, optedOut = false): CustomerView => ({
  phone,
  name,
  source: 'campaign',
  updatedAt: '2026-11-30T03:08:00.000Z',
  optedOut
})

beforeEach(() => {
  fake = installFakeApi()
  // A test may have someone reply: each starts with Pelanggan 07's reply only.
  inCampaign['c1/replied'] = ['6281200000007']
  seedStores(makeBootstrap())
  people = Array.from({ length: 60 }, (_, i) =>
    person(`62812000${String(i).padStart(5, '0')}`, `Pelanggan ${String(i).padStart(2, '0')}`)
  )
  optedOut = new Set(['6281200000001'])
  // As the core pages them: by name, `after` the last shown, the start of a name or of a 62… number.
  fake.handle('contacts:page', ({ limit = 50, after, search, campaign }) => {
    const typed = search?.trim().toLowerCase() ?? ''
    const number = typed.replace(/^0/, '62')
    // c3 holds every customer: more than a page.
    const members = campaign
      ? campaign.id === 'c3'
        ? people.map((p) => p.phone)
        : (inCampaign[`${campaign.id}/${campaign.since ?? ''}`] ?? [])
      : null
    const kept = people
      .filter((p) => members === null || members.includes(p.phone))
      .filter((p) => !typed || p.name.toLowerCase().startsWith(typed) || p.phone.startsWith(number))
      .filter((p) => !after || p.name > after.name)
    const shown = kept.slice(0, limit)
    return {
      customers: shown.map((p) => ({ ...p, optedOut: optedOut.has(p.phone) })),
      next: kept.length > limit ? { name: shown.at(-1)!.name, phone: shown.at(-1)!.phone } : null,
      // Counted on the first page only, as the core does: a later page carries the cursor alone.
      total: members === null || after ? null : kept.length
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
  // Undo: the customer as the window had them, source and time too, over whatever is kept now.
  fake.handle('contacts:restore', (contact) => {
    people = [...people.filter((p) => p.phone !== contact.phone), { ...contact, optedOut: false }].sort(
      (a, b) => (a.name < b.name ? -1 : 1)
    )
    return contact
  })
  // As the core adds: a number kept already is answered with its name, never overwritten (QA17 Q17-01).
  fake.handle('contacts:add', ({ phone, name }) => {
    const normalised = phone.replace(/^0/, '62').replace(/\D/g, '')
    const kept = people.find((p) => p.phone === normalised)
    if (kept) {
      const { optedOut: _optedOut, ...view } = kept
      return { added: false as const, kept: view }
    }
    const contact = { ...person(normalised, name), source: 'operator' as const }
    people = [...people, contact].sort((a, b) => (a.name < b.name ? -1 : 1))
    const { optedOut: _optedOut, ...view } = contact
    return { added: true as const, contact: view }
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

/** Types a number and a name into the add form and presses Add customer, as the operator does. */
async function addCustomer(
  user: ReturnType<typeof userEvent.setup>,
  phone: string,
  name: string
): Promise<void> {
  await user.type(screen.getByLabelText('Phone number'), phone)
  await user.type(screen.getByLabelText('Name'), name)
  await user.click(screen.getByRole('button', { name: 'Add customer' }))
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

  // A search pasted past 100 characters was sent whole: the core refused it ("search: Too big…") over the list.
  it('keeps a search past 100 characters whole, says so at the field, and searches once it fits', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    const search = screen.getByLabelText('Search by the start of a name or number') as HTMLInputElement
    await user.click(search)
    await user.paste('p'.repeat(101))
    expect(search.value).toHaveLength(101)
    await new Promise((settle) => setTimeout(settle, 50))
    expect(fake.requests('contacts:page').filter((r) => (r.search?.length ?? 0) > 100)).toEqual([])
    expect(search.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(search)).toContain(
      'A search is at most 100 characters: shorten it to search.'
    )
    // Nothing searched, so no list said to be its answer.
    expect(screen.queryAllByTestId('customer-entry')).toEqual([])
    // Spaces around it are not searched for, so not counted.
    await user.keyboard('{Backspace}  ')
    expect(search.getAttribute('aria-invalid')).toBeNull()
    await waitFor(() =>
      expect(fake.requests('contacts:page').at(-1)).toMatchObject({ search: 'p'.repeat(100) })
    )
  })

  it('says a bad number at its field and asks the core nothing; adds a good one and focuses it', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await addCustomer(user, '12ab', 'Budi')
    const field = screen.getByLabelText('Phone number')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Use digits only'
    )
    expect(fake.requests('contacts:set')).toEqual([])
    // The marked field takes the focus (an operator's probe: it stayed on Add customer).
    expect(document.activeElement).toBe(field)
    // A good number and no name: the name's field is the one marked and focused.
    await user.clear(field)
    await user.type(field, '0813-1111-2222')
    const nameField = screen.getByLabelText('Name')
    await user.clear(nameField)
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    expect(nameField.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(nameField)
    expect(fake.requests('contacts:add')).toEqual([])
    await user.type(nameField, 'Budi')
    await user.clear(field)
    await user.type(field, '0813-1111-2222')
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    expect(fake.requests('contacts:add')).toEqual([{ phone: '0813-1111-2222', name: 'Budi' }])
    // Shown where the list's order puts her, the search left empty (QA17 Q17-06: it was set to "6281311112222").
    await waitFor(() => expect(names()[0]).toBe('Budi'))
    expect(names()).toHaveLength(50)
    expect((screen.getByLabelText('Search by the start of a name or number') as HTMLInputElement).value).toBe(
      ''
    )
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('customer-entry')[0]))
    // Worded so it cannot be read as the opt-out list below it (QA17 Q17-10: "Budi (…) is on the list.").
    expect(screen.getByTestId('customers-result').textContent).toBe(
      'Budi (+62 813-1111-2222) added to your customers.'
    )
  })

  it('leaves the operator’s search alone after an add the search does not match, the focus on what it said', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    const search = screen.getByLabelText('Search by the start of a name or number')
    await user.type(search, 'pelanggan 0')
    await waitFor(() => expect(names()).toHaveLength(10))
    await addCustomer(user, '0813-1111-2222', 'Budi')
    const result = await screen.findByText('Budi (+62 813-1111-2222) added to your customers.')
    await waitFor(() => expect(document.activeElement).toBe(result))
    expect((search as HTMLInputElement).value).toBe('pelanggan 0')
    expect(names()).toHaveLength(10)
    expect(names()).not.toContain('Budi')
  })

  it('lets go of the last add’s line when the next add is refused; keeps a removal’s while its Undo stands', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await addCustomer(user, '0813-1111-2222', 'Budi')
    await screen.findByText('Budi (+62 813-1111-2222) added to your customers.')
    // An operator's probe: "Budi … added" stayed beside the refused number typed next.
    await addCustomer(user, '12', 'X')
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByTestId('customers-result')).toBeNull()
    // A removal's line goes with its Undo, which a refused add does not take away.
    await user.click(screen.getByRole('button', { name: 'Remove Pelanggan 01' }))
    await screen.findByText('Pelanggan 01 (+62 812-0000-0001) removed from the customers.')
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    expect(screen.getByTestId('customers-result').textContent).toContain('Pelanggan 01')
    expect(screen.getByRole('button', { name: 'Undo: add Pelanggan 01 back' })).toBeTruthy()
  })

  it('asks before renaming a customer whose number is added again, and Undo gives the old name back', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await addCustomer(user, '+62 812-0000-0003', 'Toko Sinar Jaya')
    // Said at the number's field, nothing overwritten (QA17 Q17-01: Wati was silently renamed).
    const field = screen.getByLabelText('Phone number')
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain(
      '+62 812-0000-0003 is kept already as Pelanggan 03.'
    )
    expect(fake.requests('contacts:set')).toEqual([])
    expect(names()[3]).toBe('Pelanggan 03')
    // The harmless answer has the focus: Enter keeps the name.
    const keep = screen.getByRole('button', { name: 'Keep Pelanggan 03' })
    await waitFor(() => expect(document.activeElement).toBe(keep))
    expect(screen.getByText('Rename Pelanggan 03 to Toko Sinar Jaya?')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Rename to Toko Sinar Jaya' }))
    expect(fake.requests('contacts:set')).toEqual([{ phone: '6281200000003', name: 'Toko Sinar Jaya' }])
    const result = await screen.findByText('Renamed Pelanggan 03 to Toko Sinar Jaya.')
    await waitFor(() => expect(document.activeElement).toBe(result))
    // Read again: the renamed customer moves to where the new name sorts (past the first page here).
    await waitFor(() => expect(names()).not.toContain('Pelanggan 03'))
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).not.toBe('true')
    await user.click(screen.getByRole('button', { name: 'Undo: name it Pelanggan 03 again' }))
    // As learnt from the campaign, not the operator's: a name learnt later may still replace it.
    expect(fake.requests('contacts:restore')).toEqual([
      {
        phone: '6281200000003',
        name: 'Pelanggan 03',
        source: 'campaign',
        updatedAt: '2026-11-30T03:08:00.000Z'
      }
    ])
    expect(fake.requests('contacts:set')).toHaveLength(1)
    await waitFor(() => expect(names()[3]).toBe('Pelanggan 03'))
    expect(names()).not.toContain('Toko Sinar Jaya')
  })

  it('keeps the name when the operator answers Keep or presses Escape, the focus back on the number', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await addCustomer(user, '081200000003', 'Toko Sinar Jaya')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep Pelanggan 03' }))
    )
    await user.keyboard('{Escape}')
    expect(screen.queryByText('Rename Pelanggan 03 to Toko Sinar Jaya?')).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Phone number'))
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    await user.click(await screen.findByRole('button', { name: 'Keep Pelanggan 03' }))
    expect(screen.queryByText('Rename Pelanggan 03 to Toko Sinar Jaya?')).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Phone number'))
    expect(fake.requests('contacts:set')).toEqual([])
  })

  it('says a pasted name over the limit at its field instead of cutting it (QA17 Q17-09)', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    const long = 'Ni Luh Putu Ayu Kadek Wahyuni binti Abdullah Al-Hakim '.repeat(2).trim()
    expect(long.length).toBeGreaterThan(100)
    const nameField = screen.getByLabelText('Name') as HTMLInputElement
    await user.click(nameField)
    await user.paste(long)
    expect(nameField.value).toBe(long)
    expect(nameField.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(nameField.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Type a name of one line, at most 100 characters.'
    )
    await user.type(screen.getByLabelText('Phone number'), '0813-1111-2222')
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    expect(fake.requests('contacts:add')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Rename Pelanggan 00' }))
    const rename = screen.getByLabelText('New name for +62 812-0000-0000') as HTMLInputElement
    await user.clear(rename)
    await user.paste(long)
    expect(rename.value).toBe(long)
    expect(rename.getAttribute('aria-invalid')).toBe('true')
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

  it('backs out of a rename with Escape: nothing saved, the focus back on Rename (QA17 Q17-07)', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    const renameButton = screen.getByRole('button', { name: 'Rename Pelanggan 00' })
    await user.click(renameButton)
    await user.type(screen.getByLabelText('New name for +62 812-0000-0000'), ' XXX')
    await user.keyboard('{Escape}')
    expect(screen.queryByLabelText('New name for +62 812-0000-0000')).toBeNull()
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Pelanggan 00' }))
    )
    await user.keyboard('{Enter}')
    // Enter opens the rename again (the focus is on its button); the half-typed name is gone, nothing was saved.
    expect((screen.getByLabelText('New name for +62 812-0000-0000') as HTMLInputElement).value).toBe(
      'Pelanggan 00'
    )
    expect(fake.requests('contacts:set')).toEqual([])
  })

  it('follows the opt-out list and contacts changing elsewhere, keeping the search and the rows shown (QA17 Q17-02)', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(names()).toHaveLength(60))
    expect(screen.getAllByTestId('customer-entry')[1]!.textContent).toContain('opted out')
    // Taken off the opt-out list; a STOP from another.
    optedOut = new Set(['6281200000055'])
    fake.emit('optouts:changed', { at: '2026-11-30T03:09:00.000Z' })
    await waitFor(() =>
      expect(screen.getAllByTestId('customer-entry')[1]!.textContent).not.toContain('opted out')
    )
    expect(screen.getAllByTestId('customer-entry')[55]!.textContent).toContain('opted out')
    expect(names()).toHaveLength(60)
    // A name given elsewhere (the inbox, a campaign) shows too, under the operator's search.
    const search = screen.getByLabelText('Search by the start of a name or number')
    await user.type(search, 'pelanggan 1')
    await waitFor(() => expect(names()).toHaveLength(10))
    people = people.map((p) => (p.name === 'Pelanggan 12' ? { ...p, name: 'Pelanggan 12 (grosir)' } : p))
    fake.emit('contacts:changed', { at: '2026-11-30T03:10:00.000Z' })
    await waitFor(() => expect(names()).toContain('Pelanggan 12 (grosir)'))
    expect((search as HTMLInputElement).value).toBe('pelanggan 1')
  })

  it('keeps the list true to its search when Undo adds a customer back (QA17 Q17-05)', async () => {
    const user = userEvent.setup()
    render(<Customers />)
    await openList(user)
    const search = screen.getByLabelText('Search by the start of a name or number')
    await user.type(search, 'pelanggan 01')
    await waitFor(() => expect(names()).toEqual(['Pelanggan 01']))
    await user.click(screen.getByRole('button', { name: 'Remove Pelanggan 01' }))
    await screen.findByText('Pelanggan 01 (+62 812-0000-0001) removed from the customers.')
    await user.clear(search)
    await user.type(search, 'pelanggan 05')
    await waitFor(() => expect(names()).toEqual(['Pelanggan 05']))
    await user.click(screen.getByRole('button', { name: 'Undo: add Pelanggan 01 back' }))
    const back = await screen.findByText('Pelanggan 01 (+62 812-0000-0001) added back to your customers.')
    await waitFor(() => expect(document.activeElement).toBe(back))
    expect(names()).toEqual(['Pelanggan 05'])
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
    expect(fake.requests('contacts:restore')).toEqual([
      {
        phone: '6281200000001',
        name: 'Pelanggan 01',
        source: 'campaign',
        updatedAt: '2026-11-30T03:08:00.000Z'
      }
    ])
    await waitFor(() => expect(names()[1]).toBe('Pelanggan 01'))
    expect(document.activeElement).toBe(screen.getAllByTestId('customer-entry')[1])
    // Still said to be opted out: removing a name does not touch the opt-out list.
    expect(screen.getAllByTestId('customer-entry')[1]!.textContent).toContain('opted out')
  })

  it('narrows the list to a campaign, then to who replied since it started, and says how many', async () => {
    const user = userEvent.setup()
    render(<Customers campaigns={CAMPAIGNS} />)
    await openList(user)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Promo Lebaran')
    await waitFor(() => expect(names()).toEqual(['Pelanggan 03', 'Pelanggan 07', 'Pelanggan 11']))
    expect(fake.requests('contacts:page').at(-1)).toMatchObject({ campaign: { id: 'c1' } })
    expect(screen.getByText('3 customers were in this campaign’s sheet (those it skipped too).')).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Who replied since it started')
    await waitFor(() => expect(names()).toEqual(['Pelanggan 07']))
    expect(fake.requests('contacts:page').at(-1)).toMatchObject({ campaign: { id: 'c1', since: 'replied' } })
    expect(screen.getByText('1 customer of this campaign’s sheet replied since it started.')).toBeTruthy()
    // A search narrows within the campaign; every customer again once no campaign is chosen.
    await user.type(screen.getByLabelText('Search by the start of a name or number'), 'zz')
    await screen.findByText('No customer in this campaign’s sheet starts with “zz”.')
    expect(fake.requests('contacts:page').at(-1)).toMatchObject({ search: 'zz', campaign: { id: 'c1' } })
    await user.clear(screen.getByLabelText('Search by the start of a name or number'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Every customer')
    await waitFor(() => expect(names()).toHaveLength(50))
    expect(fake.requests('contacts:page').at(-1)).not.toHaveProperty('campaign')
    expect(screen.queryByRole('combobox', { name: 'Show' })).toBeNull()
  })

  it('counts again who replied since the campaign started when a new message comes in, as the list does', async () => {
    const user = userEvent.setup()
    render(<Customers campaigns={CAMPAIGNS} />)
    await openList(user)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Promo Lebaran')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Who replied since it started')
    await screen.findByText('1 customer of this campaign’s sheet replied since it started.')
    // Pelanggan 03 answers the campaign: the inbox took a message in.
    inCampaign['c1/replied'] = ['6281200000003', '6281200000007']
    fake.emit('inbox:changed', makeInboxStatus({ messages: 1 }))
    await screen.findByText('2 customers of this campaign’s sheet replied since it started.')
    expect(names()).toEqual(['Pelanggan 03', 'Pelanggan 07'])
  })

  it('keeps the first page’s count through Show more, and counts again when a customer goes elsewhere', async () => {
    const user = userEvent.setup()
    render(<Customers campaigns={CAMPAIGNS} />)
    await openList(user)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Pelanggan Setia')
    await screen.findByText('60 customers were in this campaign’s sheet (those it skipped too).')
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(names()).toHaveLength(60))
    expect(fake.requests('contacts:page').at(-1)).toMatchObject({ campaign: { id: 'c3' }, after: {} })
    expect(
      screen.getByText('60 customers were in this campaign’s sheet (those it skipped too).')
    ).toBeTruthy()
    // Removed elsewhere (another window, the inbox): the list is read again from its first page, count and all.
    people = people.filter((p) => p.name !== 'Pelanggan 30')
    fake.emit('contacts:changed', { at: '2026-11-30T03:10:00.000Z' })
    await screen.findByText('59 customers were in this campaign’s sheet (those it skipped too).')
    expect(names()).toHaveLength(59)
  })

  it('offers no reply or opt-out choice for a campaign never started', async () => {
    const user = userEvent.setup()
    render(<Customers campaigns={CAMPAIGNS} />)
    await openList(user)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Draft Desember')
    await screen.findByText('No customer was in this campaign’s sheet.')
    expect(screen.queryByRole('combobox', { name: 'Show' })).toBeNull()
  })

  it('speaks Indonesian', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }) }))
    const user = userEvent.setup()
    render(<Customers campaigns={CAMPAIGNS} />)
    await openList(user, 'Pelanggan')
    expect(screen.getByLabelText('Cari dengan awal nama atau nomor')).toBeTruthy()
    expect(
      within(screen.getAllByTestId('customer-entry')[1]!).getByText(/berhenti berlangganan/)
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Tambah pelanggan' }))
    expect(screen.getByText('Ketik nomor teleponnya.')).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kampanye' }), 'Promo Lebaran')
    await screen.findByText('3 pelanggan ada di spreadsheet kampanye ini (termasuk yang dilewati).')
    expect(screen.getByRole('combobox', { name: 'Tampilkan' })).toBeTruthy()
  })

  it('has nothing axe objects to, with an error said at a field and a row being renamed', async () => {
    const user = userEvent.setup()
    const { container } = render(<Customers campaigns={CAMPAIGNS} />)
    await openList(user)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Promo Lebaran')
    await screen.findByRole('combobox', { name: 'Show' })
    await user.click(screen.getByRole('button', { name: 'Add customer' }))
    await user.click(screen.getByRole('button', { name: 'Rename Pelanggan 03' }))
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

// QA37 Q37-07: J / K walked the Outbox's and Messages in's rows only.
describe('the row keys in the customer list', () => {
  it('J and K walk the customers once the list is open, each row named by its customer', async () => {
    people = people.slice(0, 3)
    const user = userEvent.setup()
    renderWithRowKeys(<Customers />)
    await openList(user)
    ;(document.activeElement as HTMLElement | null)?.blur()
    const rows = within(screen.getByTestId('customers-list')).getAllByRole('listitem', { name: /Pelanggan/ })
    expect(rows).toHaveLength(3)
    await walkRowsWithJK(rows)
  })

  it('is one Tab stop: a row’s Rename and Remove, then out; ↑ / ↓ move between rows, Tab comes back', async () => {
    // A page of 50 customers was 100 Tab stops (each row's Rename and Remove) before Show more.
    people = people.slice(0, 3)
    const user = userEvent.setup()
    renderWithRowKeys(<Customers />)
    await openList(user)
    const rows = screen.getAllByTestId('customer-entry')
    const renames = rows.map((row) => within(row).getByRole('button', { name: /^Rename/ }))
    const removes = rows.map((row) => within(row).getByRole('button', { name: /^Remove/ }))
    const at = (): [number, string] => {
      const row = rows.findIndex((r) => r.contains(document.activeElement))
      if (row < 0) return [row, '']
      const active = document.activeElement
      return [
        row,
        active === rows[row] ? 'row' : renames.includes(active as HTMLElement) ? 'rename' : 'remove'
      ]
    }
    expect(renames.map((button) => button.tabIndex)).toEqual([0, -1, -1])
    expect(removes.map((button) => button.tabIndex)).toEqual([0, -1, -1])
    screen.getByLabelText('Search by the start of a name or number').focus()
    for (const [key, row, control] of [
      ['{Tab}', 0, 'rename'],
      ['{Tab}', 0, 'remove'],
      ['{Tab}', -1, ''],
      ['{Shift>}{Tab}{/Shift}', 0, 'remove'],
      ['{ArrowDown}', 1, 'remove'],
      ['{ArrowDown}', 2, 'remove'],
      ['{ArrowDown}', 2, 'remove'],
      ['{Shift>}{Tab}{/Shift}', 2, 'rename'],
      ['{ArrowUp}', 1, 'rename'],
      // J / K and Home / End from a row's Rename or Remove go to the same button of the row they reach, as ↑ / ↓ do
      // (QA81: J went to the row itself, and ↑ / ↓ from there walked rows with no button focused).
      ['k', 0, 'rename'],
      ['j', 1, 'rename'],
      ['{End}', 2, 'rename'],
      ['{Home}', 0, 'rename'],
      ['{Tab}', 0, 'remove'],
      ['{End}', 2, 'remove'],
      ['k', 1, 'remove'],
      ['{ArrowDown}', 2, 'remove'],
      ['{ArrowUp}', 1, 'remove'],
      ['{Shift>}{Tab}{/Shift}', 1, 'rename'],
      ['{Tab}', 1, 'remove'],
      ['{Tab}', -1, ''],
      ['{Shift>}{Tab}{/Shift}', 1, 'remove']
    ] as const) {
      await user.keyboard(key)
      expect(at(), `after ${key}`).toEqual([row, control])
    }
    expect(renames.map((button) => button.tabIndex)).toEqual([-1, 0, -1])
    await jumpRowEndsWithHomeEnd(rows)
  })
})
