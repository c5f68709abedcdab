// A campaign's name column teaches contacts' names (source campaign): never over the operator's name, over a push
// name, once per number (its first row), and only for rows with a valid number.
import { afterEach, describe, expect, it } from 'vitest'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createCampaigns } from './campaigns'
import { guessMapping } from './check'
import { DEFAULT_PACING } from './pacing'
import { ContactsStore } from '../store'
import { SheetRows, type Sheet } from './spreadsheet'

let fixture: OutboxFixture | undefined

afterEach(async () => {
  await fixture?.outbox.stop()
  fixture?.close()
  fixture = undefined
})

function sheet(headers: string[], rows: string[][]): Sheet {
  return {
    headers,
    rows: SheetRows.of(rows.map((cells, i) => ({ rowNumber: i + 2, cells }))),
    format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
  }
}

async function importSheet(
  fixture: OutboxFixture,
  rows: string[][],
  nameColumn: string | null = 'Nama'
): Promise<{ learnt: number }> {
  let learnt = 0
  const campaigns = createCampaigns({
    db: fixture.db,
    queue: fixture.outbox.queue,
    clock: fixture.clock,
    onContactNamesLearnt: () => learnt++
  })
  await campaigns.create({
    name: 'Names',
    fileName: 'names.csv',
    sheet: sheet(['Nama', 'No HP'], rows),
    mapping: { phone: 'No HP', variables: ['Nama'], name: nameColumn },
    template: 'Halo {Nama}',
    pacing: DEFAULT_PACING,
    devices: ['dev-1']
  })
  return { learnt }
}

describe("a campaign's name column", () => {
  it('is guessed from headers that say name or customer, and stays a variable', () => {
    for (const header of ['Nama', 'name', 'Customer', 'Pelanggan', 'Nama Pelanggan'])
      expect(guessMapping(['No HP', header, 'Tagihan'])).toEqual({
        phone: 'No HP',
        variables: [header, 'Tagihan'],
        attachment: null,
        name: header
      })
    expect(guessMapping(['Phone', 'Amount']).name).toBeNull()
    // A column named "Kontak" holds numbers, not names; a name column stays guessed where the phone guess is wrong.
    expect(guessMapping(['Nama', 'Kontak', 'Tagihan'])).toMatchObject({ phone: 'Nama', name: 'Nama' })
  })

  it('teaches the names of the numbers it holds, as a spreadsheet’s', async () => {
    const opened = (fixture = makeFixture())
    const { learnt } = await importSheet(opened, [
      ['Budi', '0812-3456-7001'],
      ['  Siti  ', '+62 812 3456 7002'],
      ['Broken', '123'],
      ['', '081234567003']
    ])
    const contacts = new ContactsStore(opened.db)
    expect(contacts.get('6281234567001')).toMatchObject({ name: 'Budi', source: 'campaign' })
    expect(contacts.get('6281234567002')).toMatchObject({ name: 'Siti', source: 'campaign' })
    expect(contacts.get('6281234567003')).toBeUndefined()
    expect(contacts.list({ limit: 10 })).toHaveLength(2)
    expect(learnt).toBe(1)
  })

  it("never overrides the operator's name, and wins over a push name", async () => {
    const opened = (fixture = makeFixture())
    const contacts = new ContactsStore(opened.db)
    contacts.learn('6281234567001', 'Pak Budi (gudang)', 'operator', 1)
    contacts.learn('6281234567002', 'siti 🌸', 'push', 1)
    await importSheet(opened, [
      ['Budi', '081234567001'],
      ['Siti Rahayu', '081234567002']
    ])
    expect(contacts.get('6281234567001')).toMatchObject({ name: 'Pak Budi (gudang)', source: 'operator' })
    expect(contacts.get('6281234567002')).toMatchObject({ name: 'Siti Rahayu', source: 'campaign' })
    // A push name learnt later does not take the spreadsheet's place.
    contacts.learn('6281234567002', 'siti 🌸', 'push', 2)
    expect(contacts.get('6281234567002')?.name).toBe('Siti Rahayu')
  })

  it("keeps a number's first row's name when the sheet holds it twice", async () => {
    const opened = (fixture = makeFixture())
    await importSheet(opened, [
      ['Budi', '081234567001'],
      ['Budi Santoso (twin row)', '081234567001']
    ])
    expect(new ContactsStore(opened.db).get('6281234567001')?.name).toBe('Budi')
  })

  it('teaches no numbers as names when the name column is the phone column', async () => {
    const opened = (fixture = makeFixture())
    const { learnt } = await importSheet(opened, [['Budi', '081234567001']], 'No HP')
    expect(new ContactsStore(opened.db).list({ limit: 10 })).toEqual([])
    expect(learnt).toBe(0)
  })

  it('teaches nothing without a name column', async () => {
    const opened = (fixture = makeFixture())
    const { learnt } = await importSheet(opened, [['Budi', '081234567001']], null)
    expect(new ContactsStore(opened.db).list({ limit: 10 })).toEqual([])
    expect(learnt).toBe(0)
  })
})
