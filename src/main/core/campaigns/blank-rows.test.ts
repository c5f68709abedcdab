// A sheet's blank rows kept with its campaign (QA39 Q39-04 carried over): its view names them however it is read
// again, a split leaves them with the part that keeps the sheet's skipped rows, and its results and skipped-rows exports
// say them in a closing note that keeps the table a table (every line the header's width, the note through the safe
// writer).
import Papa from 'papaparse'
import { afterEach, expect, it } from 'vitest'
import '../../../shared/i18n'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createCampaigns } from './campaigns'
import { DEFAULT_PACING } from './pacing'
import { readSpreadsheet, SheetRows, type Sheet } from './spreadsheet'

let fixture: OutboxFixture
afterEach(async () => {
  await fixture.outbox.stop()
  fixture.close()
})

/** Rows 2-5 with a number each, row 6's invalid; `blankRows` blank rows between them (row numbers skip them). */
function sheetWithBlanks(blankRows: number): Sheet {
  const cells = [
    ['Ani', '081234567001'],
    ['Budi', '081234567002'],
    ['Citra', '081234567003'],
    ['Dedi', '081234567004'],
    ['Eka', '123']
  ]
  return {
    headers: ['Name', 'Phone'],
    rows: SheetRows.of(cells.map((row, i) => ({ rowNumber: i + 2 + (i >= 2 ? blankRows : 0), cells: row }))),
    blankRows,
    format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
  }
}

function setUp(): ReturnType<typeof createCampaigns> {
  fixture = makeFixture()
  return createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
}

const create = (campaigns: ReturnType<typeof createCampaigns>, blankRows: number) =>
  campaigns.create({
    name: 'bills',
    fileName: 'bills.csv',
    sheet: sheetWithBlanks(blankRows),
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Hi {Name}',
    pacing: { ...DEFAULT_PACING, workingHours: null },
    devices: ['dev-1']
  })

it('names them in the view, read again by a service opened anew, beside buckets that still add up', async () => {
  const { id } = await create(setUp(), 20)
  const reopened = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
  const { summary, counts } = reopened.get(id)
  expect(summary).toMatchObject({ total: 5, ready: 4, skipped: 1, blankRows: 20 })
  expect(summary.ready + summary.skipped).toBe(summary.total)
  expect(counts).toMatchObject({ waiting: 4, skipped: 1 })
})

it('leaves them with the part a split keeps, as the skipped rows stay there; the rest had none', async () => {
  const campaigns = setUp()
  const { id } = await create(campaigns, 20)
  const { kept, rest } = campaigns.split(id, 2, 'bills (rest)')
  expect(kept.summary).toMatchObject({ total: 3, skipped: 1, blankRows: 20 })
  expect(rest.summary).toMatchObject({ total: 2, skipped: 0 })
  expect(rest.summary.blankRows).toBeUndefined()
})

it('closes the results export with a note of them in its language, as wide as the header', async () => {
  const campaigns = setUp()
  const { id } = await create(campaigns, 1020)
  const csv = new TextDecoder().decode(await campaigns.exportResults(id, 'csv', undefined, 'id'))
  const lines = Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true })
  expect(lines.errors).toEqual([])
  const [header = [], ...rest] = lines.data
  expect(rest.map((cells) => cells[0])).toEqual([
    '2',
    '3',
    '1024',
    '1025',
    '1026',
    '1.020 baris kosong dari lembar diabaikan: bukan baris kampanye, jadi tidak tercantum di atas.'
  ])
  for (const cells of rest) expect(cells).toHaveLength(header.length)
  // The one line without a status: a script tells it from the rows by that.
  expect(rest.filter((cells) => cells[3] === '')).toHaveLength(1)
  expect(
    rest
      .at(-1)
      ?.slice(1)
      .every((cell) => cell === '')
  ).toBe(true)

  const xlsxBytes = await campaigns.exportResults(id, 'xlsx')
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.Workbook()
  await workbook.xlsx.load(Buffer.from(xlsxBytes) as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe(
    '1,020 blank rows of the sheet left out: not rows of the campaign, so not listed above.'
  )
  // Imported again, the file is its rows alone: the note is not read as one more row without a number.
  const xlsx = await readSpreadsheet(xlsxBytes, 'results.xlsx')
  expect(xlsx.rows).toHaveLength(5)
})

it('adds no note to the export of a sheet without blank rows', async () => {
  const campaigns = setUp()
  const { id } = await create(campaigns, 0)
  const csv = new TextDecoder().decode(await campaigns.exportResults(id, 'csv'))
  expect(csv.replace(/^\ufeff/, '').split('\r\n')).toHaveLength(6)
  expect(campaigns.get(id).summary.blankRows).toBeUndefined()
})

it('closes the skipped-rows export with the same note in its language, as wide as its header', async () => {
  const campaigns = setUp()
  const { id } = await create(campaigns, 1020)
  const lines = Papa.parse<string[]>(campaigns.skippedCsv(id, 'id').replace(/^\ufeff/, ''), {
    skipEmptyLines: true
  })
  expect(lines.errors).toEqual([])
  const [header = [], ...rest] = lines.data
  expect(rest.map((cells) => cells[0])).toEqual([
    '1026',
    '1.020 baris kosong dari lembar diabaikan: bukan baris kampanye, jadi tidak tercantum di atas.'
  ])
  for (const cells of rest) expect(cells).toHaveLength(header.length)
  expect(rest.at(-1)?.slice(1)).toEqual(header.slice(1).map(() => ''))
})

it('adds no note to the skipped-rows export of a sheet without blank rows', async () => {
  const campaigns = setUp()
  const { id } = await create(campaigns, 0)
  expect(
    campaigns
      .skippedCsv(id)
      .replace(/^\ufeff/, '')
      .split('\r\n')
  ).toEqual([
    'Row,Phone,Name,Problem',
    '6,123,Eka,"invalid number: start it with 08, 8, +62 or 62 (or + and the country code)"'
  ])
})
