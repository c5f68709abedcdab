// The opt-out list on its own (QA walk 11): the import reachable by keyboard, names that cannot scramble the number
// beside them, a long list that says it is cut, and an imported customer sheet read for its numbers only.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InvokeReply } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { accessibleDescription } from '../../testing/described'
import { installFakeApi, seedStores } from '../../testing/render'
import { jumpRowEndsWithHomeEnd, renderWithRowKeys, walkRowsWithJK } from '../../testing/row-keys'
import { computerZoneIs } from '../../testing/zone'
import { OptOuts } from './OptOuts'
import { NUMBER_LIST_CASES } from '../../../../shared/domain/csv-read.cases'

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
  pagingCore([])
  fake.handle('optouts:keywords', () => ({ optOut: ['STOP'], optIn: ['START'] }))
  fake.handle('optouts:add', ({ phones }) => ({
    added: phones.length,
    invalid: [],
    alreadyListed: 0,
    repeated: 0,
    gatewaySync: { background: false, devices: [] }
  }))
})

/** A core that answers a page of at most 200 entries, searched there: names holding the text, or digits. */
function pagingCore(entries: OptOut[] | (() => OptOut[])): void {
  const current = (): OptOut[] => (typeof entries === 'function' ? entries() : entries)
  fake.handle('optouts:list', ({ search = '', limit = 200, offset = 0 }) => {
    const text = search.trim().toLowerCase()
    const digits = text.replace(/\D/g, '').replace(/^0/, '')
    const list = current()
    const matches = list.filter(
      (o) =>
        text === '' ||
        (o.name?.toLowerCase().includes(text) ?? false) ||
        (/\d/.test(text) && !/[a-z]/.test(text) && o.phone.includes(digits))
    )
    return {
      optOuts: matches.slice(offset, offset + Math.min(limit, 200)),
      total: matches.length,
      listed: list.length
    }
  })
}

async function openList(user: ReturnType<typeof userEvent.setup>, title = 'Opt-out list (0)'): Promise<void> {
  await user.click(await screen.findByText(title))
}

/** A file picked with "Import a file…", its question answered "Put … on the list". */
async function importFile(user: ReturnType<typeof userEvent.setup>, file: File): Promise<void> {
  await user.upload(screen.getByLabelText('Import a file…'), file)
  await user.click(await screen.findByTestId('optouts-import-confirm'))
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
    pagingCore([entry('6281234567003', { source: 'keyword', keyword: 'stop.', name: 'محمد علي' })])
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
      pagingCore(Array.from({ length: 205 }, (_, i) => entry(`62812300${String(i).padStart(5, '0')}`)))
      const user = userEvent.setup()
      render(<OptOuts />)
      await user.click(await screen.findByText(/\(205\)/))
      expect(screen.getAllByTestId('optout-entry')).toHaveLength(200)
      expect(screen.getByTestId('optouts-shown').textContent).toBe(text)
    }
  )

  // On a UTC computer with the operator on WITA, an entry added at 00:30 WITA on 1 Dec read "30 Nov 2026, 16:30": the
  // day before the Outbox's and the Overview’s ("not sent: opted out today"), on the computer's clock.
  it("says when each entry was added on the operator's clock, the zone named", async () => {
    computerZoneIs('UTC')
    seedStores(makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }) }))
    pagingCore([
      entry('6281234567001', {
        source: 'keyword',
        keyword: 'STOP',
        addedAt: Date.parse('2026-11-30T16:30:00Z')
      })
    ])
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (1)')
    const [row] = screen.getAllByTestId('optout-entry')
    expect(row!.textContent).toBe('+62 812-3456-7001 replied “STOP”, 1 Dec 2026, 00:30 WITA ×')
  })

  it('says nothing about a cut when every entry is listed', async () => {
    pagingCore([entry('6281234567001')])
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
    await importFile(user, file)
    await waitFor(() => expect(fake.requests('optouts:add')).toHaveLength(1))
    // Words (names, headers, cities) are not numbers: left out. A cell that is a number and fails is still sent, so
    // the core names it as not valid.
    expect(fake.requests('optouts:add')).toEqual([
      { phones: ['0812 3456 7001', '+62 812-3456-7002', '12345'], source: 'import' }
    ])
    expect(within(screen.getByTestId('optouts')).getByTestId('optouts-result').textContent).toBe('3 added.')
  })
})

describe('importing a file written as the customer list is (the campaign import guesses its separator)', () => {
  it.each(NUMBER_LIST_CASES)(
    'imports only the numbers of $name, not "0812…\\tBudi" as one bad number',
    async ({ content, numbers }) => {
      const user = userEvent.setup()
      render(<OptOuts />)
      await openList(user)
      await importFile(user, new File([content], 'daftar.csv'))
      await waitFor(() => expect(fake.requests('optouts:add')).toHaveLength(1))
      expect(fake.requests('optouts:add')).toEqual([{ phones: numbers, source: 'import' }])
    }
  )
})

describe('pasting from a spreadsheet into the add box (Excel copies cells tab-separated, a row a line)', () => {
  // What is pasted is text: the cases that are files' text (not their bytes).
  const pasted = NUMBER_LIST_CASES.filter(
    (c): c is typeof c & { content: string } => typeof c.content === 'string'
  )

  it.each(pasted)(
    'adds each number of $name, not "0812…\\tBudi" as one bad number',
    async ({ content, numbers }) => {
      const user = userEvent.setup()
      render(<OptOuts />)
      await openList(user)
      await user.click(screen.getByTestId('optouts-add'))
      await user.paste(content)
      // The box shows what will be added: the numbers, one a line.
      expect(screen.getByTestId('optouts-add')).toHaveProperty('value', numbers.join('\n'))
      await user.click(screen.getByRole('button', { name: 'Add to the list' }))
      await waitFor(() => expect(fake.requests('optouts:add')).toHaveLength(1))
      expect(fake.requests('optouts:add')).toEqual([{ phones: numbers, source: 'operator' }])
    }
  )

  it('puts a pasted block on lines of its own beside what was typed, the cursor after it', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    const box = screen.getByTestId<HTMLTextAreaElement>('optouts-add')
    await user.type(box, '0812 3456 7009')
    box.setSelectionRange(0, 0)
    await user.paste('0812 3456 7001\tBudi\r\n0812-3456-7002\tSari\r\n')
    await user.keyboard('0812 3456 7008,')
    expect(box.value).toBe('0812 3456 7001\n0812-3456-7002\n0812 3456 7008,0812 3456 7009')
    box.setSelectionRange(box.value.length, box.value.length)
    await user.paste('0812 3456 7005\tAni\r\n')
    expect(box.value).toBe('0812 3456 7001\n0812-3456-7002\n0812 3456 7008,0812 3456 7009\n0812 3456 7005')
  })

  it('says which pasted cells it left out of the box, not a word dropped silently, until the numbers are added', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    const note = screen.getByTestId('optouts-paste-note')
    await user.click(screen.getByTestId('optouts-add'))
    await user.paste('0812 3456 7001\tBudi\r\n0812-3456-7002\tSari\r\n')
    expect(note.getAttribute('role')).toBe('status')
    expect(note.textContent).toBe(
      'Only the numbers were put in the box; 2 cells that are not numbers were left out: Budi, Sari.'
    )
    await user.paste('HP\tNama\tKota\r\n0812 3456 7003\tAni\tBogor\r\n0812 3456 7004\tDewi\tDepok\r\n')
    expect(note.textContent).toBe(
      'Only the numbers were put in the box; 7 cells that are not numbers were left out: HP, Nama, Kota and 4 more.'
    )
    // A column of numbers alone leaves nothing out, and says nothing.
    await user.paste('0812 3456 7005\r\n0812 3456 7006\r\n')
    expect(note.textContent).toBe('')
    await user.paste('0812 3456 7007\tEka\r\n0812 3456 7008\tFajar\r\n')
    await user.click(screen.getByRole('button', { name: 'Add to the list' }))
    await screen.findByText(/added\./)
    expect(note.textContent).toBe('')
  })

  it('pastes words as they are: one line without a tab is typed text, and a block of no numbers is left to be read', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    await user.click(screen.getByTestId('optouts-add'))
    await user.paste('0812 3456 7001, Budi')
    expect(screen.getByTestId('optouts-add')).toHaveProperty('value', '0812 3456 7001, Budi')
    await user.clear(screen.getByTestId('optouts-add'))
    await user.paste('Nama\tKota\r\n')
    expect(screen.getByTestId('optouts-add')).toHaveProperty('value', 'Nama\tKota\n')
  })
})

describe('picking a tab-separated list', () => {
  it('offers .tsv files in the picker, as the campaign import does', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    const accepted = screen.getByLabelText('Import a file…').getAttribute('accept')?.split(',')
    expect(accepted).toEqual(expect.arrayContaining(['.tsv', 'text/tab-separated-values']))
  })
})

describe('removing an entry', () => {
  it('says what the removal did and drops the last add’s result (QA11: "5,000 added…" stayed, removal unsaid)', async () => {
    let list = [entry('6281234567001'), entry('6281234567002', { name: 'Budi' })]
    pagingCore(() => list)
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
  const TITLE = { en: 'Opt-out list (0)', id: 'Daftar berhenti berlangganan (0)' } as const
  it.each(
    [
      {
        // QA11: "0 added." for three known numbers.
        name: 'the numbers already on the list',
        typed: '081234567002, 081234567006, 081234567001, 12345',
        reply: { added: 0, alreadyListed: 3, repeated: 0 },
        en: '0 added; 1 entry is not a phone number: 12345. It is left in the box to be corrected. 3 were on the list already.',
        id: '0 ditambahkan; 1 entri bukan nomor telepon: 12345. Entri itu dibiarkan di kotak untuk diperbaiki. 3 sudah ada di daftar.'
      },
      {
        // An operator read "2 added; 1 number was not valid" for four lines.
        name: 'a number written twice in one add',
        typed: '081234567002, 081234567006, 6281234567006, 12345',
        reply: { added: 2, alreadyListed: 0, repeated: 1 },
        en: '2 added; 1 entry is not a phone number: 12345. It is left in the box to be corrected. 1 number was written twice or more: added once.',
        id: '2 ditambahkan; 1 entri bukan nomor telepon: 12345. Entri itu dibiarkan di kotak untuk diperbaiki. 1 nomor ditulis lebih dari sekali: ditambahkan sekali.'
      }
    ].flatMap((c) => (['en', 'id'] as const).map((language) => ({ ...c, language, text: c[language] })))
  )('counts $name ($language)', async ({ language, typed, reply, text }) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
    fake.handle('optouts:add', () => ({
      ...reply,
      invalid: ['12345'],
      gatewaySync: { background: false, devices: [] }
    }))
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, TITLE[language])
    await user.type(screen.getByTestId('optouts-add'), typed)
    await user.keyboard('{Tab}{Enter}')
    expect((await screen.findByTestId('optouts-result')).textContent).toBe(text)
  })

  // QA78: 40 numbers, "bukan-nomor" and a number twice read "40 added; 1 number was not valid: bukan-nomor…" with the
  // box emptied: the entry to correct was gone from where it was typed, and called a number though it is not one.
  it.each([
    {
      language: 'en' as const,
      one:
        '40 added; 1 entry is not a phone number: bukan-nomor. It is left in the box to be corrected. 1 number was ' +
        'written twice or more: added once.',
      two: '0 added; 2 entries are not phone numbers: bukan-nomor, 12345. They are left in the box to be corrected.'
    },
    {
      language: 'id' as const,
      one:
        '40 ditambahkan; 1 entri bukan nomor telepon: bukan-nomor. Entri itu dibiarkan di kotak untuk diperbaiki. ' +
        '1 nomor ditulis lebih dari sekali: ditambahkan sekali.',
      two: '0 ditambahkan; 2 entri bukan nomor telepon: bukan-nomor, 12345. Entri itu dibiarkan di kotak untuk diperbaiki.'
    }
  ])(
    'keeps the entries that are not numbers in the box, as typed, the focus on it ($language)',
    async (want) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language: want.language }) }))
      fake.handle('optouts:add', ({ phones }) => {
        const invalid = phones.filter((p) => !p.startsWith('0812'))
        const numbers = phones.length - invalid.length
        return {
          added: numbers > 0 ? numbers - 1 : 0,
          invalid,
          alreadyListed: 0,
          repeated: numbers > 0 ? 1 : 0,
          gatewaySync: { background: false, devices: [] }
        }
      })
      const user = userEvent.setup()
      render(<OptOuts />)
      await openList(user, TITLE[want.language])
      const numbers = Array.from({ length: 40 }, (_, i) => `0812 3456 ${String(7000 + i)}`)
      const box = screen.getByTestId<HTMLTextAreaElement>('optouts-add')
      await user.click(box)
      // One line, as typed: pasted as it is.
      await user.paste([...numbers.slice(0, 20), ' bukan-nomor', ...numbers.slice(20), numbers[0]].join(', '))
      await user.keyboard('{Tab}{Enter}')
      expect((await screen.findByTestId('optouts-result')).textContent).toBe(want.one)
      expect(box.value).toBe('bukan-nomor')
      await waitFor(() => expect(document.activeElement).toBe(box))
      // Corrected there, or another one that is not a number either: the box keeps each, one a line.
      await user.type(box, ', 12345')
      await user.keyboard('{Tab}{Enter}')
      await waitFor(() => expect(screen.getByTestId('optouts-result').textContent).toBe(want.two))
      expect(box.value).toBe('bukan-nomor\n12345')
      await waitFor(() => expect(document.activeElement).toBe(box))
    }
  )

  it('says a file’s entries that are not numbers are not, without sending the operator to the box', async () => {
    fake.handle('optouts:add', () => ({
      added: 1,
      invalid: ['12345'],
      alreadyListed: 0,
      repeated: 0,
      gatewaySync: { background: false, devices: [] }
    }))
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    await importFile(user, new File(['0812 3456 7001\r\n12345\r\n'], 'list.csv'))
    expect((await screen.findByTestId('optouts-result')).textContent).toBe(
      '1 added; 1 entry is not a phone number: 12345.'
    )
    expect(screen.getByTestId('optouts-add')).toHaveProperty('value', '')
  })

  // QA64: a file with one number twice (with and without dashes) and "12345" was asked about as "holds 4 numbers…
  // Put 4 on the list", then "2 added; 1 number was not valid: 12345. 1 number was written twice or more".
  it.each([
    {
      language: 'en' as const,
      asked: 'list.csv holds 2 numbers.',
      button: 'Put 2 on the list',
      leftOut:
        '1 entry is not a valid number and is left out: 12345. 1 number is written twice or more: it goes on once.'
    },
    {
      language: 'id' as const,
      asked: 'list.csv berisi 2 nomor.',
      button: 'Masukkan 2 ke daftar',
      leftOut:
        '1 entri bukan nomor yang valid dan tidak dimasukkan: 12345. 1 nomor ditulis lebih dari sekali: dimasukkan sekali.'
    }
  ])('asks about the numbers a file puts on the list, not its entries ($language)', async (want) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: want.language }) }))
    const user = userEvent.setup()
    render(<OptOuts />)
    await user.click(await screen.findByText(want.language === 'en' ? 'Opt-out list (0)' : /\(0\)/))
    // QA65: one number three times was "2 numbers are written twice or more" (the extra copies counted).
    const file = new File(
      ['0813-9999-0001\r\n081399990001\r\n12345\r\n+62 813 9999 0002\r\n0813 9999 0001\r\n'],
      'list.csv'
    )
    await user.upload(screen.getByLabelText(want.language === 'en' ? 'Import a file…' : /Impor/), file)
    const question = await screen.findByRole('group', { name: /list\.csv/ })
    expect(question.textContent).toContain(want.asked)
    expect(within(question).getByTestId('optouts-import-left-out').textContent).toBe(want.leftOut)
    expect(within(question).getByTestId('optouts-import-confirm').textContent).toBe(want.button)
  })

  // QA59: a customer sheet picked here put every customer on the list at once, its opt-out column unread, nothing
  // asked first; what opting out cancels (their waiting campaign messages) no undo brings back.
  it('asks before a file’s numbers go on the list, says its other cells are not read, and Cancel adds nothing', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    const sheet = 'Nama,Nomor,Berhenti\r\nBudi,0812 3456 7001,ya\r\nSari,0812 3456 7002,\r\n'
    await user.upload(screen.getByLabelText('Import a file…'), new File([sheet], 'pelanggan.csv'))
    const question = await screen.findByRole('group', { name: /pelanggan\.csv/ })
    expect(within(question).getByText(/^pelanggan\.csv holds 2 numbers/).textContent).toBe(
      'pelanggan.csv holds 2 numbers. Put them all on the opt-out list? Every campaign skips them from now on, and ' +
        'their messages still waiting in campaigns are cancelled.'
    )
    expect(within(question).getByTestId('optouts-import-other-cells').textContent).toBe(
      'Its other cells (headings, names, other columns such as a yes/no column) are not read: every number in the ' +
        'file goes on the list.'
    )
    // The harmless answer has the focus: a stray Enter adds nothing.
    expect(document.activeElement?.textContent).toBe('Cancel')
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('group', { name: /pelanggan\.csv/ })).toBeNull()
    expect(fake.requests('optouts:add')).toEqual([])
    expect(document.activeElement).toBe(screen.getByLabelText('Import a file…'))

    await importFile(user, new File([sheet], 'pelanggan.csv'))
    await waitFor(() =>
      expect(fake.requests('optouts:add')).toEqual([
        { phones: ['0812 3456 7001', '0812 3456 7002'], source: 'import' }
      ])
    )
  })

  it('says a file with no numbers in it has none, and asks the core nothing (QA11: an empty file gave "0 added.")', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user)
    await user.upload(screen.getByLabelText('Import a file…'), new File(['Nama\r\nBudi\r\n'], 'kosong.csv'))
    expect((await screen.findByTestId('optouts-result')).textContent).toBe('No numbers found in kosong.csv.')
    expect(fake.requests('optouts:add')).toEqual([])
  })
})

describe('searching and taking many off (QA11 Q11-13: 5,004 entries, only the first 200 and × one by one)', () => {
  const listed = (): OptOut[] => [
    entry('6281234567001', { name: 'Budi Santoso' }),
    entry('6281234567002', { source: 'keyword', keyword: 'STOP' }),
    entry('6285700000003', { name: 'Ani' }),
    ...Array.from({ length: 300 }, (_, i) => entry(`62899000${String(i).padStart(5, '0')}`))
  ]
  let list: OptOut[]
  beforeEach(() => {
    list = listed()
    pagingCore(() => list)
    fake.handle('optouts:removeMany', ({ phones }) => {
      const removed = list.filter((o) => phones.includes(o.phone))
      list = list.filter((o) => !phones.includes(o.phone))
      return { removed, gatewaySync: { background: false, devices: [] } }
    })
    fake.handle('optouts:restore', ({ entries }) => {
      list = [...list, ...entries.map((e) => ({ ...e, name: null }))]
      return { restored: entries.length, gatewaySync: { background: false, devices: [] } }
    })
  })

  it('finds entries by name and by a number typed as Send takes it, beyond the first 200', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (303)')
    const search = screen.getByLabelText('Search the list (name or number)')
    await user.type(search, 'budi')
    expect(screen.getAllByTestId('optout-entry').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Budi Santoso')
    ])
    await user.clear(search)
    await user.type(search, '0812-3456-700')
    expect(screen.getByTestId('optouts-matches').textContent).toBe('2 numbers match.')
    await user.clear(search)
    // The last of 300 numbers past the first 200 shown.
    await user.type(search, '0899 0000 0299')
    expect(screen.getAllByTestId('optout-entry')).toHaveLength(1)
  })

  // A search pasted past 100 characters was sent whole: the core refused it ("search: Too big…") over the list.
  it('keeps a search past 100 characters whole, says so at the field, and searches once it fits', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (303)')
    const search = screen.getByLabelText('Search the list (name or number)') as HTMLInputElement
    await user.click(search)
    await user.paste('b'.repeat(101))
    expect(search.value).toHaveLength(101)
    await new Promise((settle) => setTimeout(settle, 50))
    expect(fake.requests('optouts:list').filter((r) => (r.search?.length ?? 0) > 100)).toEqual([])
    expect(search.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(search)).toContain(
      'A search is at most 100 characters: shorten it to search.'
    )
    // Nothing searched, so no entries or count said to be its answer.
    expect(screen.queryAllByTestId('optout-entry')).toEqual([])
    expect(screen.queryByTestId('optouts-matches')).toBeNull()
    // Spaces around it are not searched for, so not counted.
    await user.keyboard('{Backspace}  ')
    expect(search.getAttribute('aria-invalid')).toBeNull()
    await waitFor(() =>
      expect(fake.requests('optouts:list').at(-1)).toMatchObject({ search: 'b'.repeat(100) })
    )
  })

  it('takes all the matches off after a question that warns campaigns will message them, says how many, and undoes it', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (303)')
    await user.type(screen.getByLabelText('Search the list (name or number)'), '0812')
    await user.click(screen.getByLabelText('Select all 2 matches'))
    await user.click(screen.getByRole('button', { name: 'Take 2 off the list…' }))
    expect(screen.getByTestId('optouts-confirm').textContent).toContain(
      'Take 2 numbers off the opt-out list? Campaigns will be able to message them again.'
    )
    // The safe choice has the focus: Enter keeps them.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })))
    await user.click(screen.getByRole('button', { name: 'Take 2 off' }))
    expect(fake.requests('optouts:removeMany')).toEqual([{ phones: ['6281234567001', '6281234567002'] }])
    const result = await screen.findByText('2 numbers taken off the list: campaigns can message them again.')
    await waitFor(() => expect(document.activeElement).toBe(result))
    await user.click(screen.getByRole('button', { name: 'Undo: put back on the list' }))
    // Put back as they were: how and when each got on the list.
    expect(fake.requests('optouts:restore')).toEqual([
      {
        entries: [
          { phone: '6281234567001', source: 'import', addedAt: entry('x').addedAt, keyword: null },
          { phone: '6281234567002', source: 'keyword', addedAt: entry('x').addedAt, keyword: 'STOP' }
        ]
      }
    ])
    const back = await screen.findByText('2 numbers put back on the list.')
    await waitFor(() => expect(document.activeElement).toBe(back))
    expect(screen.getByText('Opt-out list (303)')).toBeTruthy()
  })

  it('backs out of the "take them off?" question with Escape, the focus back where it was asked (QA17 Q17-07)', async () => {
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (303)')
    await user.type(screen.getByLabelText('Search the list (name or number)'), '0812')
    await user.click(screen.getByLabelText('Select all 2 matches'))
    await user.click(screen.getByRole('button', { name: 'Take 2 off the list…' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })))
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('optouts-confirm')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Take 2 off the list…' }))
    // Cancel does the same.
    await user.click(screen.getByRole('button', { name: 'Take 2 off the list…' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(screen.queryByTestId('optouts-confirm')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Take 2 off the list…' }))
    expect(fake.requests('optouts:removeMany')).toEqual([])
  })

  it('takes the ticked entries off, and says so in Indonesian', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }) }))
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Daftar berhenti berlangganan (303)')
    await user.click(screen.getByLabelText('Pilih Ani +62 857-0000-0003'))
    await user.click(screen.getByLabelText('Pilih +62 812-3456-7002'))
    await user.click(screen.getByRole('button', { name: 'Keluarkan 2 dari daftar…' }))
    await user.click(screen.getByRole('button', { name: 'Keluarkan 2' }))
    expect(fake.requests('optouts:removeMany')).toEqual([{ phones: ['6285700000003', '6281234567002'] }])
    expect(
      await screen.findByText('2 nomor dikeluarkan dari daftar: kampanye bisa mengirim ke nomor itu lagi.')
    ).toBeTruthy()
  })

  it('offers Undo after one entry is taken off with ×', async () => {
    fake.handle('optouts:remove', ({ phone }) => {
      list = list.filter((o) => o.phone !== phone)
      return { ok: true as const, gatewaySync: { background: false, devices: [] } }
    })
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (303)')
    await user.click(screen.getByRole('button', { name: 'Remove Ani +62 857-0000-0003 from the list' }))
    await user.click(await screen.findByRole('button', { name: 'Undo: put back on the list' }))
    expect(fake.requests('optouts:restore')).toEqual([
      { entries: [{ phone: '6285700000003', source: 'import', addedAt: entry('x').addedAt, keyword: null }] }
    ])
  })
})

describe('searching a list longer than a page (the window searched only the entries it had read)', () => {
  it('asks the core, and finds an entry past the page the window read', async () => {
    pagingCore([
      entry('6281234567001', { name: 'Budi Santoso' }),
      ...Array.from({ length: 300 }, (_, i) => entry(`62899000${String(i).padStart(5, '0')}`)),
      entry('6285700000003', { name: 'Ani Wulandari' })
    ])
    const user = userEvent.setup()
    render(<OptOuts />)
    await openList(user, 'Opt-out list (302)')
    const search = screen.getByLabelText('Search the list (name or number)')
    await user.type(search, 'wulandari')
    await waitFor(() =>
      expect(screen.getAllByTestId('optout-entry').map((li) => li.textContent)).toEqual([
        expect.stringContaining('Ani Wulandari')
      ])
    )
    expect(screen.getByTestId('optouts-matches').textContent).toBe('1 number matches.')
    await user.clear(search)
    await user.type(search, '0899 0000 0299')
    await waitFor(() => expect(screen.getAllByTestId('optout-entry')).toHaveLength(1))
    expect(screen.getByText('+62 899-0000-0299')).toBeTruthy()
  })
})

// A list of 200 opted-out numbers was 400 Tab stops (each row's box and ×) before what follows it.
describe('the opt-out list as one Tab stop (as the Outbox’s, QA62/QA65)', () => {
  const three = [
    entry('6281234567001', { name: 'Budi' }),
    entry('6281234567002', { name: 'Citra' }),
    entry('6281234567003', { name: 'Dewi' })
  ]

  it('enters on one row’s box and ×, leaves with the next Tab; ↑ / ↓ move between rows, Tab comes back', async () => {
    pagingCore(three)
    const user = userEvent.setup()
    renderWithRowKeys(<OptOuts />)
    await openList(user, 'Opt-out list (3)')
    const rows = await screen.findAllByTestId('optout-entry')
    const boxes = rows.map((row) => within(row).getByRole<HTMLInputElement>('checkbox'))
    const removes = rows.map((row) => within(row).getByRole('button'))
    const at = (): [number, string] => {
      const row = rows.findIndex((r) => r.contains(document.activeElement))
      return [row, row < 0 ? '' : document.activeElement!.tagName]
    }
    expect(boxes.map((box) => box.tabIndex)).toEqual([0, -1, -1])
    expect(removes.map((button) => button.tabIndex)).toEqual([0, -1, -1])
    // From "Select all" (the button beside it disabled with nothing ticked): the first row's box, its ×, then out.
    screen.getByRole('checkbox', { name: 'Select all 3 on the list' }).focus()
    for (const [key, row, control] of [
      ['{Tab}', 0, 'INPUT'],
      ['{Tab}', 0, 'BUTTON'],
      ['{Tab}', -1, ''],
      ['{Shift>}{Tab}{/Shift}', 0, 'BUTTON'],
      ['{ArrowDown}', 1, 'BUTTON'],
      ['{ArrowDown}', 2, 'BUTTON'],
      ['{ArrowDown}', 2, 'BUTTON'],
      ['{ArrowUp}', 1, 'BUTTON'],
      ['{Shift>}{Tab}{/Shift}', 1, 'INPUT'],
      [' ', 1, 'INPUT'],
      ['{ArrowDown}', 2, 'INPUT'],
      ['k', 1, 'INPUT'],
      // Home / End from a row's box are the list's, as from an Outbox row's (e0cb1fcc): to its first or last row's box,
      // where Space ticks (QA81: they went to the row itself, where Space did nothing).
      ['{End}', 2, 'INPUT'],
      ['{Home}', 0, 'INPUT'],
      [' ', 0, 'INPUT'],
      ['{End}', 2, 'INPUT'],
      ['k', 1, 'INPUT'],
      ['{Tab}', 1, 'BUTTON'],
      // From a row's ×, J / K and Home / End go to the × of the row they reach.
      ['{Home}', 0, 'BUTTON'],
      ['{End}', 2, 'BUTTON'],
      ['k', 1, 'BUTTON'],
      ['{Tab}', -1, ''],
      ['{Shift>}{Tab}{/Shift}', 1, 'BUTTON']
    ] as const) {
      await user.keyboard(key)
      expect(at(), `after ${key}`).toEqual([row, control])
    }
    expect(boxes.map((box) => box.checked)).toEqual([true, true, false])
    expect(boxes.map((box) => box.tabIndex)).toEqual([-1, 0, -1])
    expect(removes.map((button) => button.tabIndex)).toEqual([-1, 0, -1])
  })

  it('J / K and Home / End walk its rows, each named by its number', async () => {
    pagingCore(three)
    const user = userEvent.setup()
    renderWithRowKeys(<OptOuts />)
    await openList(user, 'Opt-out list (3)')
    const rows = within(screen.getByTestId('optouts-list')).getAllByRole('listitem', {
      name: /Budi|Citra|Dewi/
    })
    expect(rows).toHaveLength(3)
    await walkRowsWithJK(rows)
    await jumpRowEndsWithHomeEnd(rows)
  })
})
