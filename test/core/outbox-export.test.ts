/**
 * The outbox as a file (issue 29 point 7): the list's filters applied, read through the kernel's list past one page,
 * cells a spreadsheet would evaluate neutralised (CSV through the one writer; XLSX texts as text), times ISO 8601 with
 * the zone's offset and the zone named. And the Overview's "today" by when messages were sent, on a composed core.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, type Core } from '../../src/main/core/compose'
import { MemoryVault } from '../../src/main/core/vault'
import { UNSENT } from '../../src/main/core/store'
import { dayIn } from '../../src/shared/domain'

let core: Core

beforeEach(async () => {
  core = await composeCore({
    dataDir: await mkdtemp(join(tmpdir(), 'sd-export-')),
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 100, readAfterMs: 150 } },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
})
afterEach(async () => core.stop())

async function deviceId(): Promise<string> {
  const { device } = await core.handlers['sandbox:start']({})
  return device.id
}

function csvRows(dataBase64: string): string[][] {
  const text = Buffer.from(dataBase64, 'base64')
    .toString('utf8')
    .replace(/^\ufeff/, '')
  return Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data
}

it('exports what the filters match as CSV, past one read of the list, with safe cells and zoned times', async () => {
  const id = await deviceId()
  const recipients = Array.from({ length: 1_005 }, (_, i) => `0812${String(i).padStart(8, '0')}`)
  await core.handlers['outbox:enqueue']({
    deviceId: id,
    recipients,
    isGroup: false,
    entries: [{ kind: 'text', text: '=HYPERLINK("http://evil","promo")' }]
  })
  await core.handlers['outbox:enqueue']({
    deviceId: id,
    recipients: ['081299999999'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Your order shipped' }]
  })
  const reply = await core.handlers['outbox:export']({
    filter: { text: 'HYPERLINK' },
    format: 'csv',
    language: 'en',
    timeZone: 'Asia/Makassar'
  })
  expect(reply.count).toBe(1_005)
  expect(reply.mime).toBe('text/csv')
  expect(reply.fileName).toMatch(/^outbox \d{4}-\d{2}-\d{2}\.csv$/)
  const [header, ...rows] = csvRows(reply.dataBase64)
  expect(rows).toHaveLength(1_005)
  const column = (name: string): number => header!.indexOf(name)
  const first = rows[0]!
  // The formula is neutralised (a leading apostrophe), never left for the spreadsheet to evaluate.
  expect(first[column('Text or caption')]).toBe(`'=HYPERLINK("http://evil","promo")`)
  expect(first[column('Created at')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/)
  expect(first[column('Time zone of the times')]).toBe('Asia/Makassar')
  expect(first[column('Status')]).toBe('Queued')
  expect(first[column('Device')]).toBe('Sandbox device')
})

// QA63: a removed device's messages read "Gudang (removed)" in the Outbox, and its raw id in the file.
it('writes a removed device by the name the window gives it, a listed one by its label', async () => {
  const id = await deviceId()
  await core.handlers['outbox:setPaused']({ paused: true })
  await core.handlers['outbox:enqueue']({
    deviceId: id,
    recipients: ['081299999998'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Stok baru' }]
  })
  const exported = async (): Promise<string | undefined> => {
    const reply = await core.handlers['outbox:export']({
      filter: {},
      format: 'csv',
      language: 'en',
      // A listed device keeps its own label, whatever the window says of it.
      deviceNames: { [id]: 'Gudang (removed)' }
    })
    const [header, ...rows] = csvRows(reply.dataBase64)
    return rows[0]?.[header!.indexOf('Device')]
  }
  expect(await exported()).toBe('Sandbox device')
  await core.handlers['devices:remove']({ id })
  expect(await exported()).toBe('Gudang (removed)')
})

// QA27 Q27-03: the file is named by the day on the clock its times are on (the operator's zone), not the computer's.
it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
  'names the file by the day in the export’s zone (%s)',
  async (zone) => {
    const before = dayIn(Date.now(), zone)
    const reply = await core.handlers['outbox:export']({
      filter: {},
      format: 'csv',
      language: 'en',
      timeZone: zone
    })
    expect([before, dayIn(Date.now(), zone)]).toContain(reply.fileName.replace(/^outbox (.*)\.csv$/, '$1'))
  }
)

it('exports XLSX with text cells (no formula), in Indonesian', async () => {
  const id = await deviceId()
  await core.handlers['outbox:enqueue']({
    deviceId: id,
    recipients: ['081234567890'],
    isGroup: false,
    entries: [{ kind: 'text', text: '=1+1' }]
  })
  const reply = await core.handlers['outbox:export']({ filter: {}, format: 'xlsx', language: 'id' })
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.Workbook()
  await workbook.xlsx.load(Buffer.from(reply.dataBase64, 'base64') as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  expect(header).toContain('Zona waktu dari waktu-waktu ini')
  const text = sheet.getRow(2).getCell(header.indexOf('Teks atau keterangan') + 1)
  expect(text.type).toBe(Excel.ValueType.String)
  expect(text.value).toBe('=1+1')
})

it('counts today by when messages were sent: read since, they are still sent today', async () => {
  const id = await deviceId()
  await core.handlers['devices:qr']({ id })
  await core.handlers['sandbox:control']({ deviceId: id, action: 'scan' })
  await core.handlers['devices:refresh']({ id })
  await core.handlers['sandbox:control']({ deviceId: id, action: 'activate' })
  await core.start()
  await core.handlers['outbox:enqueue']({
    deviceId: id,
    recipients: ['081234567890', '081234567891'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Hi' }]
  })
  const midnight = new Date()
  midnight.setHours(0, 0, 0, 0)
  for (let i = 0; i < 200 && (await core.handlers['outbox:counts']({})).read < 2; i++)
    await new Promise((resolve) => setTimeout(resolve, 50))
  const today = await core.handlers['outbox:since']({ since: midnight.toISOString() })
  expect(today.sent).toMatchObject({ read: 2, total: 2 })
  expect(today).toMatchObject({ failed: 0, cancelled: 0 })
  // The midnight after the sends, read once they are: a run crossing midnight sent them "tomorrow" of the one above
  // (the second CI of the seventy-first stop ran it at 00:0x UTC and counted 1).
  const nextMidnight = new Date()
  nextMidnight.setHours(24, 0, 0, 0)
  const tomorrow = await core.handlers['outbox:since']({ since: nextMidnight.toISOString() })
  expect(tomorrow.sent.total).toBe(0)
  // The list the number opens, and its export, hold those it counted (QA9 Q9-04).
  for (const [since, count] of [
    [midnight.toISOString(), 2],
    [nextMidnight.toISOString(), 0]
  ] as const) {
    const filter = { happenedSince: { event: 'sent' as const, since } }
    expect((await core.handlers['outbox:list']({ ...filter, offset: 0, limit: 200 })).total).toBe(count)
    expect((await core.handlers['outbox:export']({ filter, format: 'csv' })).count).toBe(count)
  }
})

// QA15 Q15-02: 100,000 rows took 7 s (CSV) to 44 s (XLSX) with nothing said and no way to stop. The core says how
// many rows are written of how many, and stops at its next piece when asked.
it.each(['csv', 'xlsx'] as const)(
  'says how many rows are written of all as it writes (%s), and stops when asked',
  async (format) => {
    const id = await deviceId()
    const recipients = Array.from({ length: 1_205 }, (_, i) => `0812${String(i).padStart(8, '0')}`)
    await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients,
      isGroup: false,
      entries: [{ kind: 'text', text: 'Hi' }]
    })
    const heard: { exportId: string; written: number; total: number }[] = []
    const stopListening = core.events.subscribe((event, payload) => {
      if (event === 'outbox:exportProgress') heard.push(payload as (typeof heard)[number])
    })
    const reply = await core.handlers['outbox:export']({ filter: {}, format, exportId: 'export-1' })
    expect(reply.count).toBe(1_205)
    expect(heard.length).toBeGreaterThan(1)
    expect(heard.every((e) => e.exportId === 'export-1' && e.total === 1_205)).toBe(true)
    const written = heard.map((e) => e.written)
    expect(written).toEqual([...written].sort((a, b) => a - b))
    expect(written.at(-1)).toBe(1_205)

    // Stopped after its first piece: no file, and the reply says it was stopped.
    const stopOnFirst = core.events.subscribe((event, payload) => {
      if (event === 'outbox:exportProgress' && (payload as { exportId: string }).exportId === 'export-2')
        void core.handlers['outbox:stopExport']({ exportId: 'export-2' })
    })
    await expect(
      core.handlers['outbox:export']({ filter: {}, format, exportId: 'export-2' })
    ).rejects.toMatchObject({ code: 'export_stopped' })
    stopOnFirst()
    stopListening()
  }
)

// QA27 Q27-02: 40 sends queued while an export ran gave a file of 40 old rows twice and none of the new ones, and the
// window said "50,042 exported" (the export read newest-first pages by offset; each insert at the top shifted them).
// An export is the outbox as it was when it started: each item then matching exactly once, whatever is queued or
// changes status meanwhile, and the count it reports is the rows in the file.
it.each(['csv', 'xlsx'] as const)(
  'writes each item there at its start once, while sends are queued and statuses change (%s)',
  async (format) => {
    const id = await deviceId()
    const recipients = Array.from({ length: 2_205 }, (_, i) => `0812${String(i).padStart(8, '0')}`)
    await core.handlers['outbox:enqueue']({
      deviceId: id,
      recipients,
      isGroup: false,
      entries: [{ kind: 'text', text: 'Hi' }]
    })
    // The oldest, read last: cancelled and retried while the export runs, so its place in line (seq) changes.
    const oldest = (await core.handlers['outbox:list']({ offset: 2_204, limit: 1 })).items[0]!
    const totals: number[] = []
    let queuedMeanwhile = false
    const stop = core.events.subscribe((event, payload) => {
      if (event !== 'outbox:exportProgress') return
      totals.push((payload as { total: number }).total)
      if (queuedMeanwhile) return
      queuedMeanwhile = true
      // Between its pages, in the export's own turn: 40 sends queued (as another window or the CLI does) and an item
      // not yet written taken back and sent again.
      const now = core.outbox.now()
      core.outbox.addNow(
        Array.from({ length: 40 }, (_, i) => ({
          id: `late-${i}`,
          deviceId: id,
          recipient: `0813${String(i).padStart(8, '0')}`,
          isGroup: false,
          kind: 'text' as const,
          text: 'Promo flash sale malam ini!',
          attachmentSha256: null,
          fileName: null,
          fileMime: null,
          fileSize: null,
          status: 'queued' as const,
          ...UNSENT,
          queuedAt: now,
          createdAt: now,
          notBefore: null,
          scheduledLocal: null,
          timezone: null,
          scheduleMode: null,
          overduePolicy: null,
          note: null
        }))
      )
      core.outbox.cancel(oldest.id)
      core.outbox.retry(oldest.id)
    })
    const reply = await core.handlers['outbox:export']({ filter: {}, format, exportId: `e-${format}` })
    stop()
    expect(queuedMeanwhile).toBe(true)
    const recipientsWritten = await writtenRecipients(reply.dataBase64, format)
    expect(recipientsWritten).toHaveLength(reply.count)
    expect(new Set(recipientsWritten).size).toBe(recipientsWritten.length)
    // QA: a CSV writes a number in E.164 as every CSV of the app does, text a spreadsheet keeps: '+6281…; an XLSX
    // writes the same E.164 in a text cell, as the campaign results' XLSX does.
    const asWritten = (stored: string) => (format === 'csv' ? `'+${stored}` : `+${stored}`)
    expect(new Set(recipientsWritten)).toEqual(new Set(recipients.map((r) => asWritten(`62${r.slice(1)}`))))
    expect(reply.count).toBe(2_205)
    expect(new Set(totals)).toEqual(new Set([2_205]))
  }
)

async function writtenRecipients(dataBase64: string, format: 'csv' | 'xlsx'): Promise<string[]> {
  if (format === 'csv') {
    const [header, ...rows] = csvRows(dataBase64)
    return rows.map((row) => row[header!.indexOf('Recipient')]!)
  }
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.Workbook()
  await workbook.xlsx.load(Buffer.from(dataBase64, 'base64') as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const column = (sheet.getRow(1).values as unknown[]).indexOf('Recipient')
  const found: string[] = []
  sheet.eachRow((row, n) => {
    if (n > 1) found.push(String(row.getCell(column).value))
  })
  return found
}
