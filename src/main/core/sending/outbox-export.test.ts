// The outbox export: each message's line says what the window's list says of it.
import { afterEach, describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import type { OutboxItemView } from '../../../shared/contract'
import { translate, type Language } from '../../../shared/i18n'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { checkPhone } from '../../../shared/domain'
import { OPTED_OUT_NOTE } from '../outbox'
import { outboxTable, writeOutboxFile } from './outbox-export'
import { readSpreadsheet } from '../campaigns/spreadsheet'
import { phoneFromCell } from '../campaigns/check'

let fx: OutboxFixture | undefined
const setFixture = (made: OutboxFixture): void => {
  fx = made
}
afterEach(async () => {
  if (!fx) return
  await fx.outbox.stop()
  fx.close()
  fx = undefined
})

/** A message as the outbox lists it: one scheduled for 01:05 WITA (00:05 WIB), read at 01:06 WITA. */
function scheduledItem(overrides: Partial<OutboxItemView> = {}): OutboxItemView {
  return {
    id: 'item-1',
    deviceId: 'd1',
    recipient: '6281355500001',
    isGroup: false,
    kind: 'text',
    text: 'Selamat pagi',
    fileName: null,
    fileSize: null,
    status: 'read',
    failure: null,
    gatewayId: 'g-1',
    createdAt: '2026-12-01T16:43:00.000Z',
    updatedAt: '2026-12-01T17:06:00.000Z',
    scheduledAt: '2026-12-01T17:05:00.000Z',
    timezone: 'Asia/Makassar',
    scheduleMode: 'local',
    overduePolicy: 'send',
    held: false,
    attempts: 1,
    nextAttemptAt: null,
    ...overrides
  }
}

const column = (language: Language, key: Parameters<typeof translate>[1]): string => translate(language, key)

describe('outboxTable', () => {
  // QA12-05: a send answered 502 is checked at the gateway before any resend; the list said so, the export's line
  // was "Sending" with an empty reason.
  it.each(['en', 'id'] as const)(
    'says a send in doubt is being checked, as the list does (%s)',
    async (language) => {
      const fx = makeFixture()
      setFixture(fx)
      fx.gateway.fail({ op: 'send', deviceId: 'd1', code: 'server_error' })
      // Its reports cannot answer yet: it stays in doubt.
      for (const op of ['reportMessages', 'reportRealtime'] as const)
        fx.gateway.fail({ op, deviceId: 'd1', code: 'server_error', times: 1000 })
      const { itemIds } = await fx.outbox.enqueue({
        deviceId: 'd1',
        recipients: ['6281234567001'],
        entries: [{ kind: 'text', text: 'x' }]
      })
      await fx.outbox.start()
      await fx.runUntil(() => fx.gateway.calls.some((c) => c.op === 'send'))
      await fx.clock.advance(1_000)
      const { item } = fx.outbox.get(itemIds[0] ?? '')
      expect(item).toMatchObject({ status: 'sending' })
      const table = outboxTable([item], 'UTC', (id) => id, language)
      const reason = table.columns.indexOf(translate(language, 'outbox.exportColumn.reason'))
      expect(table.rows[0]?.[reason]).toBe(
        translate(language, 'outbox.waiting.label', {
          reason: translate(language, 'outbox.waiting.checking')
        })
      )
    }
  )
})

// QA22 Q22-06: "01.05 WITA" was exported as 2026-12-02T00:05:00+07:00 beside "Asia/Jakarta" alone: the file could not
// show what was promised to the Makassar customer.
describe('outboxTable says why a message was cancelled for its producer', () => {
  // QA23 Q23-04: a campaign's rows cancelled because their numbers opted out read "Cancelled" with an empty reason,
  // the same as the operator's cancel; the window's item and the export now carry the reason the row was cancelled.
  it.each(['en', 'id'] as const)('a row whose number opted out says so (%s)', async (language) => {
    const fx = makeFixture()
    setFixture(fx)
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567001', '6281234567002'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    fx.outbox.cancelMany([itemIds[0] ?? ''], OPTED_OUT_NOTE)
    fx.outbox.cancelMany([itemIds[1] ?? ''])
    const [optedOut, cancelled] = itemIds.map((id) => fx.outbox.get(id).item)
    expect(optedOut?.failure).toMatchObject({ messageKey: 'desktop.note.optedOut' })
    // The operator's own cancel has no failure to tell: the status says it all.
    expect(cancelled?.failure).toBeNull()
    const table = outboxTable(
      [optedOut, cancelled].filter((i) => i !== undefined),
      'UTC',
      (id) => id,
      language
    )
    const reason = table.columns.indexOf(translate(language, 'outbox.exportColumn.reason'))
    // Headed as what it holds, a cancel's or a wait's reason as well as a failure's (QA67, for the campaign's file).
    expect(table.columns[reason]).toBe(language === 'en' ? 'Reason' : 'Alasan')
    expect(table.rows.map((row) => row[reason])).toEqual([translate(language, 'desktop.note.optedOut'), ''])
    // QA29 Q29-07: the file's Status said "Cancelled" for the rows the window counts and shows as opted out, so the
    // file could not be reconciled with the header; it takes the window's bucket rule and words.
    const status = table.columns.indexOf(translate(language, 'outbox.exportColumn.status'))
    expect(table.rows.map((row) => row[status])).toEqual([
      translate(language, 'status.optedOut'),
      translate(language, 'status.cancelled')
    ])
    // A one-off send belongs to no campaign: its reason names none (it read "opted out during the campaign").
    expect(table.rows[0]?.[reason]).not.toMatch(/campaign|kampanye/i)
  })
})

describe('outboxTable keeps each schedule’s own zone', () => {
  it.each(['en', 'id'] as const)(
    'writes the schedule on its own zone’s clock and names that zone (%s)',
    (language) => {
      const table = outboxTable(
        [
          scheduledItem(),
          scheduledItem({ id: 'item-2', scheduledAt: null, timezone: null, scheduleMode: null })
        ],
        'Asia/Jakarta',
        (id) => id,
        language
      )
      const at = (key: Parameters<typeof translate>[1]): number =>
        table.columns.indexOf(column(language, key))
      const [scheduled, sentAtOnce] = table.rows
      // The instant, in the export's zone, stays.
      expect(scheduled?.[at('outbox.exportColumn.scheduledFor')]).toBe('2026-12-02T00:05:00+07:00')
      expect(scheduled?.[at('outbox.exportColumn.timeZone')]).toBe('Asia/Jakarta')
      // And the schedule as promised: its own clock and zone.
      expect(scheduled?.[at('outbox.exportColumn.scheduledForOwnZone')]).toBe('2026-12-02T01:05:00+08:00')
      expect(scheduled?.[at('outbox.exportColumn.scheduleZone')]).toBe('Asia/Makassar')
      // A message with no schedule has none to say.
      expect(sentAtOnce?.[at('outbox.exportColumn.scheduledForOwnZone')]).toBe('')
      expect(sentAtOnce?.[at('outbox.exportColumn.scheduleZone')]).toBe('')
      expect(new Set(table.columns).size).toBe(table.columns.length)
    }
  )
})

// QA22 Q22-05: an Indonesian window's export was named "outbox 2026-12-02.csv", its sheet "Outbox".
/** The outbox as an export reads it: one page of one item, then nothing. */
function onePage(): { total: number; next(): OutboxItemView[] } {
  let read = false
  return { total: 1, next: () => (read ? [] : ((read = true), [scheduledItem()])) }
}

describe('writeOutboxFile names the file and the sheet in the export’s language', () => {
  const words = (language: Language) => ({
    timeZone: 'Asia/Jakarta',
    deviceName: (id: string) => id,
    language
  })
  it.each([
    ['en', 'outbox 2026-12-02', 'Outbox'],
    ['id', 'kotak keluar 2026-12-02', 'Kotak keluar']
  ] as const)('in %s: "%s", sheet "%s"', async (language, name, sheetName) => {
    const csv = await writeOutboxFile(onePage(), 'csv', '2026-12-02', words(language))
    expect(csv.fileName).toBe(`${name}.csv`)
    const xlsx = await writeOutboxFile(onePage(), 'xlsx', '2026-12-02', words(language))
    expect(xlsx.fileName).toBe(`${name}.xlsx`)
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    await workbook.xlsx.load(Buffer.from(xlsx.bytes) as unknown as ArrayBuffer)
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([sheetName])
  })
})

// QA22 Q22-06: the XLSX's times were text cells, which a spreadsheet can neither sort by date nor reckon with.
describe('writeOutboxFile writes XLSX times as date cells', () => {
  it('each time on the clock its zone column names, as a date cell; the CSV keeps ISO 8601 with the offset', async () => {
    const words = { timeZone: 'Asia/Jakarta', deviceName: (id: string) => id, language: 'en' as const }
    const xlsx = await writeOutboxFile(onePage(), 'xlsx', '2026-12-02', words)
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    await workbook.xlsx.load(Buffer.from(xlsx.bytes) as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const cell = (key: Parameters<typeof translate>[1]) =>
      sheet.getRow(2).getCell(header.indexOf(translate('en', key)) + 1)
    // Wall clocks (exceljs reads a date cell as that clock on UTC's): Jakarta's for the instants, Makassar's for the
    // schedule on its own clock.
    const expected = [
      ['outbox.exportColumn.createdAt', '2026-12-01T23:43:00.000Z'],
      ['outbox.exportColumn.statusSince', '2026-12-02T00:06:00.000Z'],
      ['outbox.exportColumn.scheduledFor', '2026-12-02T00:05:00.000Z'],
      ['outbox.exportColumn.scheduledForOwnZone', '2026-12-02T01:05:00.000Z']
    ] as const
    for (const [key, wallClock] of expected) {
      expect(cell(key).type, key).toBe(Excel.ValueType.Date)
      expect((cell(key).value as Date).toISOString(), key).toBe(wallClock)
      expect(cell(key).numFmt, key).toBe('yyyy-mm-dd hh:mm:ss')
    }
    expect(cell('outbox.exportColumn.scheduleZone').value).toBe('Asia/Makassar')
    expect(cell('outbox.exportColumn.recipient').type).toBe(Excel.ValueType.String)
    const csv = new TextDecoder().decode((await writeOutboxFile(onePage(), 'csv', '2026-12-02', words)).bytes)
    expect(csv).toContain('2026-12-02T01:05:00+08:00')
  })
})

// Stop 38's probe: the CSV wrote 6281355500001, which Excel shows as 6.28136E+12 and writes so on a re-save.
describe('writeOutboxFile writes recipients as text', () => {
  const words = { timeZone: 'Asia/Jakarta', deviceName: (id: string) => id, language: 'en' as const }
  /** One page of two: a number and a group's id. */
  const aNumberAndAGroup = () => {
    let read = false
    return {
      total: 2,
      next: (): OutboxItemView[] =>
        read
          ? []
          : ((read = true),
            [
              scheduledItem(),
              scheduledItem({ id: 'item-2', recipient: '120363025246125486', isGroup: true })
            ])
    }
  }
  // QA: it wrote 62 813-5550-0001 where the campaign results write +6281355500001: E.164 in every CSV, behind the
  // writer's quote; a group id's 18 digits, which Excel showed as 1.20363E+17, kept text behind the same quote.
  it('a CSV number in E.164, which re-imports as the same number; a group id kept text', async () => {
    const items = aNumberAndAGroup()
    const csv = new TextDecoder().decode((await writeOutboxFile(items, 'csv', '2026-12-02', words)).bytes)
    const rows = Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data
    const recipient = rows[0]!.indexOf(translate('en', 'outbox.exportColumn.recipient'))
    expect(rows.slice(1).map((row) => row[recipient])).toEqual(["'+6281355500001", "'120363025246125486"])
    expect(checkPhone(rows[1]![recipient]!).value).toBe('6281355500001')
  })

  // One form in every file: the Outbox's XLSX wrote 6281355500001 where the results' XLSX writes +6281355500001.
  it('an XLSX number in E.164 too, in a text cell; a group id its digits, in a text cell', async () => {
    const items = aNumberAndAGroup()
    const xlsx = await writeOutboxFile(items, 'xlsx', '2026-12-02', words)
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    await workbook.xlsx.load(Buffer.from(xlsx.bytes) as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const column = header.indexOf(translate('en', 'outbox.exportColumn.recipient')) + 1
    const cells = [sheet.getRow(2).getCell(column), sheet.getRow(3).getCell(column)]
    expect(cells.map((cell) => cell.value)).toEqual(['+6281355500001', '120363025246125486'])
    expect(cells.map((cell) => cell.type)).toEqual([Excel.ValueType.String, Excel.ValueType.String])
    expect(checkPhone(String(cells[0]!.value)).value).toBe('6281355500001')
  })
})

// QA73: an Indonesian Excel (list separator ";") opened the comma file with each row in one cell.
describe('writeOutboxFile separates a CSV’s cells as the window language’s spreadsheet does', () => {
  const words = (language: Language) => ({
    timeZone: 'Asia/Jakarta',
    deviceName: (id: string) => id,
    language
  })
  it.each([
    ['id', ';'],
    ['en', ',']
  ] as const)(
    'in %s with "%s", read back by the campaign import as the same columns and number',
    async (language, separator) => {
      const file = await writeOutboxFile(onePage(), 'csv', '2026-12-02', words(language))
      const text = new TextDecoder().decode(file.bytes).replace(/^\ufeff/, '')
      const columns = Papa.parse<string[]>(text, { delimiter: separator, preview: 1 }).data[0]!
      expect(columns[1]).toBe(translate(language, 'outbox.exportColumn.recipient'))
      expect(columns).toHaveLength(15)
      const sheet = await readSpreadsheet(file.bytes, file.fileName)
      expect(sheet.format).toMatchObject({ kind: 'csv', delimiter: separator })
      expect(sheet.headers).toEqual(columns)
      const cells = sheet.rows.toArray()[0]!.cells
      expect(cells[1]).toBe("'+6281355500001")
      expect(phoneFromCell(cells[1]!)).toEqual({ phone: '6281355500001' })
    }
  )
})
