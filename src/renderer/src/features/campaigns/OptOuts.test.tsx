// The opt-out list on its own (QA walk 11): the import reachable by keyboard, names that cannot scramble the number
// beside them, a long list that says it is cut, and an imported customer sheet read for its numbers only.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InvokeReply } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { OptOuts } from './OptOuts'

type OptOut = InvokeReply<'optouts:list'>['optOuts'][number]

let fake: FakeApi

const entry = (phone: string, over: Partial<OptOut> = {}): OptOut => ({
  phone,
  source: 'import',
  addedAt: Date.parse('2026-11-30T03:08:00Z'),
  name: null,
  keyword: null,
  ...over
})

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Shop' })] }))
  fake.handle('optouts:list', () => ({ optOuts: [] }))
  fake.handle('optouts:keywords', () => ({ optOut: ['STOP'], optIn: ['START'] }))
  fake.handle('optouts:add', ({ phones }) => ({
    added: phones.length,
    invalid: [],
    alreadyListed: 0,
    gatewaySync: { background: false, devices: [] }
  }))
})

async function openList(user: ReturnType<typeof userEvent.setup>, title = 'Opt-out list (0)'): Promise<void> {
  await user.click(await screen.findByText(title))
}

describe('OptOuts', () => {
  it('reaches "Import a file…" with Tab from the buttons before it (QA11: a hidden input took no focus)', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    await user.type(screen.getByTestId('optouts-add'), '081234567001')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add to the list' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Import a file…'))
  })

  it('keeps a right-to-left name apart from the number after it (QA11: "7003-3456-812 62+ محمد علي")', async () => {
    fake.handle('optouts:list', () => ({
      optOuts: [entry('6281234567003', { source: 'keyword', keyword: 'stop.', name: 'محمد علي' })]
    }))
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (1)')
    const [row] = screen.getAllByTestId('optout-entry')
    // <bdi> isolates the name's direction: the number keeps its own order whatever script the name is in.
    expect(row!.querySelector('bdi')?.textContent).toBe('محمد علي')
    expect(row!.querySelector('bdi')?.textContent).not.toContain('812')
  })

  it.each([
    ['en', 'Showing the first 200 of 205. Export (CSV) lists them all.'],
    ['id', 'Menampilkan 200 pertama dari 205. Ekspor (CSV) memuat semuanya.']
  ] as const)(
    'says when the list shows only its first entries (%s) (QA11: 200 of 5,004 shown, nothing said)',
    async (language, text) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      fake.handle('optouts:list', () => ({
        optOuts: Array.from({ length: 205 }, (_, i) => entry(`62812300${String(i).padStart(5, '0')}`))
      }))
      const user = userEvent.setup()
      render(<OptOuts />)
      await user.click(await screen.findByText(/\(205\)/))
      expect(screen.getAllByTestId('optout-entry')).toHaveLength(200)
      expect(screen.getByTestId('optouts-shown').textContent).toBe(text)
    }
  )

  it('says nothing about a cut when every entry is listed', async () => {
    fake.handle('optouts:list', () => ({ optOuts: [entry('6281234567001')] }))
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (1)')
    expect(screen.queryByTestId('optouts-shown')).toBeNull()
  })

  it('imports the numbers of a customer sheet, not its names (QA11: "Pelanggan 1" reported as a bad number)', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    const file = new File(
      ['Nama,Nomor\r\nPelanggan 1,0812 3456 7001\r\nBudi,+62 812-3456-7002\r\nToko 2000,12345\r\n'],
      'pelanggan.csv',
      { type: 'text/csv' }
    )
    await user.upload(screen.getByLabelText('Import a file…'), file)
    await waitFor(() => expect(fake.requests('optouts:add')).toHaveLength(1))
    // Words (names, headers, cities) are not numbers: left out. A cell that is a number and fails is still sent, so
    // the core names it as not valid.
    expect(fake.requests('optouts:add')).toEqual([
      { phones: ['0812 3456 7001', '+62 812-3456-7002', '12345'], source: 'import' }
    ])
    expect(within(screen.getByTestId('optouts')).getByTestId('optouts-result').textContent).toBe('3 added.')
  })
})

describe('removing an entry', () => {
  it('says what the removal did and drops the last add’s result (QA11: "5,000 added…" stayed, removal unsaid)', async () => {
    let list = [entry('6281234567001'), entry('6281234567002', { name: 'Budi' })]
    fake.handle('optouts:list', () => ({ optOuts: list }))
    fake.handle('optouts:remove', ({ phone }) => {
      list = list.filter((o) => o.phone !== phone)
      return { ok: true as const, gatewaySync: { background: false, devices: [] } }
    })
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (2)')
    await user.type(screen.getByTestId('optouts-add'), '081234567003')
    await user.click(screen.getByRole('button', { name: 'Add to the list' }))
    expect((await screen.findByTestId('optouts-result')).textContent).toBe('1 added.')
    await user.click(screen.getByRole('button', { name: 'Remove Budi +62 812-3456-7002 from the list' }))
    await waitFor(() =>
      expect(screen.getByTestId('optouts-result').textContent).toBe(
        '\u2068Budi\u2069 +62 812-3456-7002 taken off the list: campaigns can message this number again.'
      )
    )
  })
})

describe('what an add says', () => {
  it.each([
    ['en', 'Opt-out list (0)', '0 added; 1 number was not valid: 12345. 3 were on the list already.'],
    [
      'id',
      'Daftar berhenti berlangganan (0)',
      '0 ditambahkan; 1 bukan nomor yang valid: 12345. 3 sudah ada di daftar.'
    ]
  ] as const)(
    'counts the numbers already on the list (%s) (QA11: "0 added." for three known numbers)',
    async (language, title, text) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      fake.handle('optouts:add', () => ({
        added: 0,
        invalid: ['12345'],
        alreadyListed: 3,
        gatewaySync: { background: false, devices: [] }
      }))
      const user = userEvent.setup()
      render(<OptOuts />)
      await openList(user, title)
      await user.type(screen.getByTestId('optouts-add'), '081234567002, 081234567006, 081234567001, 12345')
      await user.keyboard('{Tab}{Enter}')
      expect((await screen.findByTestId('optouts-result')).textContent).toBe(text)
    }
  )

  it('says a file with no numbers in it has none, and asks the core nothing (QA11: an empty file gave "0 added.")', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    await user.upload(screen.getByLabelText('Import a file…'), new File(['Nama\r\nBudi\r\n'], 'kosong.csv'))
    expect((await screen.findByTestId('optouts-result')).textContent).toBe('No numbers found in kosong.csv.')
    expect(fake.requests('optouts:add')).toEqual([])
  })
})
