/** Campaigns through the contract handlers on the composed core: real sandbox gateway, real outbox, a CSV fixture. */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { describeCoreError, type Core, type CoreSnapshot, type Notice } from '../../src/main/core/compose'
import {
  composeSandboxCore,
  composeSandboxCoreAt,
  linkSandboxDevice,
  QUICK_PACING,
  startedCampaign
} from './testing/sandbox-core'
import { MemoryVault } from '../../src/main/core/vault'
import { DATABASE_FILE } from '../../src/main/core/store/database'
import { ApiFailure, failureShape } from '../../src/main/core/commands'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { DEFAULT_MAX_FILE_BYTES, type PacingPolicy } from '../../src/shared/domain'
import { heldByPause } from '../../src/shared/domain/status-buckets'
import { PACING_CASES } from '../../src/shared/domain/pacing.cases'
import { coreText } from '../../src/shared/i18n/notes'
import type { EventPayload } from '../../src/shared/contract'

let core: Core
let notices: Notice[]

beforeEach(async () => {
  notices = []
  core = await composeSandboxCore('sd-campaigns-', (notice) => notices.push(notice))
})
afterEach(async () => core.stop())

const invoke = (channel: string, request: unknown) =>
  dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })

const linkedDevice = (): Promise<string> => linkSandboxDevice(core)

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('condition not reached')
}

/** A spreadsheet as the window hands it over: registered with purpose `spreadsheet`, then read by its handle. */
async function registeredSheet(fileName: string, dataBase64: string): Promise<{ handle: string }> {
  const { files, rejected } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: fileName, dataBase64 }],
    purpose: 'spreadsheet'
  })
  if (!files[0]) throw new Error(`${fileName} refused: ${rejected[0]?.message}`)
  return { handle: files[0].handle }
}

/** The core's own refusal, past the contract (as the CLI calls it), worded in Bahasa Indonesia. */
async function coreRefusalInIndonesian(
  channel: 'campaigns:create',
  request: Parameters<Core['handlers']['campaigns:create']>[0]
): Promise<{ code: string; english: string; id: string }> {
  const failure: unknown = await core.handlers[channel](request).then(
    () => {
      throw new Error(`expected ${channel} to be refused`)
    },
    (error: unknown) => error
  )
  if (!(failure instanceof ApiFailure)) throw failure
  const { code, message, messageKey, messageParams } = failureShape(failure)
  return { code, english: message, id: coreText('id', message, messageKey, messageParams) }
}

/** A refusal as the window words it in Bahasa Indonesia (what errorInfo does with the language set to id). */
async function refusalInIndonesian(
  channel: string,
  request: unknown
): Promise<{ code: string; english: string; id: string }> {
  const result = await invoke(channel, request)
  if (result.ok) throw new Error(`expected ${channel} to be refused`)
  const { code, message, messageKey, messageParams } = result.error
  return { code, english: message, id: coreText('id', message, messageKey, messageParams) }
}

describe('campaign refusals in the operator language', () => {
  it('carry their key: the file, the template, the column, the pacing, a gone sheet and a wrong state read in Indonesian', async () => {
    const deviceId = await linkedDevice()
    // 'AAAA' is three NUL bytes: binary under an old Excel name is old Excel (a .xls of text is read as what it is).
    expect(
      await refusalInIndonesian('campaigns:read', await registeredSheet('old.xls', 'AAAA'))
    ).toMatchObject({ code: 'sheet_unsupported', id: expect.stringMatching(/^File Excel lama 97–2003/) })
    expect(
      await refusalInIndonesian('campaigns:check', {
        sheetId: 'gone',
        mapping: { phone: 'Phone', variables: [] },
        template: 'Hi',
        previewRows: []
      })
    ).toMatchObject({ code: 'sheet_gone', id: 'File ini sudah tidak dimuat: impor lagi.' })

    const csv = Buffer.from('Name,Phone\nAni,081234567001\n').toString('base64')
    const { sheetId } = await core.handlers['campaigns:read'](await registeredSheet('list.csv', csv))
    const draft = { sheetId, name: 'Bills', pacing: QUICK_PACING, devices: [deviceId] }
    expect(
      await refusalInIndonesian('campaigns:check', {
        sheetId,
        mapping: { phone: 'Telepon', variables: [] },
        template: 'Hi',
        previewRows: []
      })
    ).toMatchObject({
      code: 'invalid_input',
      english: 'The sheet has no column named "Telepon".',
      id: 'Lembar ini tidak punya kolom bernama "Telepon".'
    })
    expect(
      await refusalInIndonesian('campaigns:create', {
        ...draft,
        mapping: { phone: 'Phone', variables: [] },
        template: 'Hi {Name'
      })
    ).toEqual({
      code: 'invalid_template',
      english: 'The "{" at character 4 is never closed.',
      id: 'Tanda "{" di karakter ke-4 tidak pernah ditutup.'
    })
    // The check answers a template error as data (the window shows it under the message), keyed the same way.
    const checked = await core.handlers['campaigns:check']({
      sheetId,
      mapping: { phone: 'Phone', variables: [] },
      template: 'Hi {Name',
      previewRows: []
    })
    expect(
      coreText('id', checked.templateError ?? '', checked.templateErrorKey, checked.templateErrorParams)
    ).toBe('Tanda "{" di karakter ke-4 tidak pernah ditutup.')
    // Several pacing problems: each worded, joined in order. The contract refuses such a policy at the door (the
    // window's form words the same problems before it asks), so this is the core's own refusal, as the CLI meets it.
    expect(
      await coreRefusalInIndonesian('campaigns:create', {
        ...draft,
        mapping: { phone: 'Phone', variables: [] },
        template: 'Hi',
        pacing: {
          ...QUICK_PACING,
          minDelaySeconds: 5,
          maxDelaySeconds: 1,
          workingHours: { start: '20:00', end: '08:00', timeZone: 'Mars/Olympus' }
        }
      })
    ).toEqual({
      code: 'invalid_input',
      english:
        'The longest pause must be at least the shortest. Working hours must end after they start on the same day. ' +
        'Unknown time zone: “Mars/Olympus”.',
      id:
        'Jarak terpanjang tidak boleh kurang dari jarak terpendek. Jam kerja harus berakhir setelah dimulai, ' +
        'pada hari yang sama. Zona waktu tidak dikenal: “Mars/Olympus”.'
    })
    const created = await core.handlers['campaigns:create']({
      ...draft,
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}'
    })
    // The status inside the refusal is worded too.
    expect(await refusalInIndonesian('campaigns:pause', { id: created.id })).toEqual({
      code: 'invalid_state',
      english: 'This campaign is draft; only a running one can pause.',
      id: 'Status kampanye ini draf; hanya kampanye yang sedang mengirim yang bisa dijeda.'
    })
  })
})

describe('campaigns through the contract', () => {
  it('previews the first ready row by default, even when the first rows are all skipped (QA11)', async () => {
    const csv = [
      'Nama,HP',
      'Ani,12345',
      'Budi,',
      'Citra,abc',
      'Dedi,081234567004',
      'Eka,081234567005',
      ''
    ].join('\n')
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('first-rows-bad.csv', Buffer.from(csv).toString('base64'))
    )
    const check = await core.handlers['campaigns:check']({
      sheetId: sheet.sheetId,
      mapping: { phone: 'HP', variables: ['Nama'] },
      template: 'Halo {Nama}'
    })
    expect(check.summary).toMatchObject({ total: 5, ready: 2, skipped: 3 })
    // Rows 2–4 are skipped: the first ready row (5) is rendered too, so the window has a message to show.
    expect(check.previews.map((p) => [p.rowNumber, p.message])).toContainEqual([5, 'Halo Dedi'])
  })

  // The new campaign's "Before you start" named its example row from the contacts list, not as its sheet names it (the
  // name the saved draft's example gives, and the {Nama} its message is merged with).
  it("names each previewed row as its sheet's name column names it, none without that column", async () => {
    const csv = ['Nama,HP', 'Dedi Santoso,081234567004', ',081234567005', ''].join('\n')
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('names.csv', Buffer.from(csv).toString('base64'))
    )
    const ask = (mapping: { phone: string; variables: string[]; name?: string | null }) =>
      core.handlers['campaigns:check']({
        sheetId: sheet.sheetId,
        mapping,
        template: 'Halo {Nama}',
        previewRows: [2, 3]
      })
    const named = await ask({ phone: 'HP', variables: ['Nama'], name: 'Nama' })
    expect(named.previews.map((p) => [p.rowNumber, p.name, p.message])).toEqual([
      [2, 'Dedi Santoso', 'Halo Dedi Santoso'],
      [3, null, 'Halo {Nama}']
    ])
    // No name column, or one that is the phone's: no name from the sheet (the window asks the contacts then).
    for (const name of [null, 'HP'])
      expect((await ask({ phone: 'HP', variables: ['Nama'], name })).previews.map((p) => p.name)).toEqual([
        null,
        null
      ])
  })

  // QA39 Q39-04: "3,000 rows read" and "2,850 ready, 150 skipped" for 3,020 rows under the header, 20 of them blank.
  it('names the blank rows it left out, on the read and in the check, beside every bucket', async () => {
    const csv = Buffer.from('Name,Phone\nAni,081234567001\n\n,\nBudi,0812\n').toString('base64')
    const sheet = await core.handlers['campaigns:read'](await registeredSheet('blanks.csv', csv))
    expect(sheet).toMatchObject({ rowCount: 2, blankRows: 2 })
    const check = await core.handlers['campaigns:check']({
      sheetId: sheet.sheetId,
      mapping: { phone: 'Phone', variables: [] },
      template: 'Hi',
      previewRows: []
    })
    expect(check.summary).toMatchObject({ total: 2, ready: 1, skipped: 1, blankRows: 2 })
  })

  it('reads a CSV with bad rows, remembers the mapping, sends the ready rows once and exports the proof', async () => {
    const deviceId = await linkedDevice()
    const bytes = await readFile(join(__dirname, '../../src/main/core/campaigns/fixtures/bad-rows.csv'))
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('bad-rows.csv', bytes.toString('base64'))
    )
    expect(sheet).toMatchObject({ headers: ['Name', 'Phone', 'Amount'], rowCount: 6, remembered: false })
    // The operator maps "Amount" out: the row with an empty amount is then fine.
    const mapping = { phone: 'Phone', variables: ['Name'] }
    const check = await core.handlers['campaigns:check']({
      sheetId: sheet.sheetId,
      mapping,
      template: '{Hi|Hello} {Name}',
      previewRows: [2]
    })
    expect(check.summary).toMatchObject({ total: 6, ready: 3, skipped: 3 })
    const preview = check.previews[0]?.message
    const created = await core.handlers['campaigns:create']({
      sheetId: sheet.sheetId,
      name: 'Bills',
      mapping,
      template: '{Hi|Hello} {Name}',
      pacing: QUICK_PACING,
      devices: [deviceId]
    })
    expect(created.status).toBe('draft')
    await core.handlers['campaigns:start']({ id: created.id })
    const done = await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.status === 'finished'
    )
    expect(done.counts.queued).toBe(0)
    const rows = await core.handlers['campaigns:rows']({ id: created.id, offset: 0, limit: 50 })
    expect(rows.rows[0]).toMatchObject({ rowNumber: 2, message: preview })
    expect(rows.rows.filter((r) => r.gatewayId !== null)).toHaveLength(3)
    // The chart's series: the sandbox reports sent, delivered and read for the three rows.
    const progress = await waitFor(
      () => core.handlers['campaigns:progress']({ id: created.id }),
      (p) => p.read.at(-1) === 3
    )
    expect({
      sent: progress.sent.at(-1),
      delivered: progress.delivered.at(-1),
      failed: progress.failed.at(-1)
    }).toEqual({ sent: 3, delivered: 3, failed: 0 })
    // A page of rows is the whole list's slice, history included, and names the device holding each queued row.
    const whole = await core.handlers['campaigns:rows']({ id: created.id, offset: 0, limit: 50 })
    const lastSent = whole.rows.findLastIndex((r) => r.gatewayId !== null)
    const page = await core.handlers['campaigns:rows']({ id: created.id, offset: lastSent - 1, limit: 2 })
    expect(page.total).toBe(whole.total)
    expect(page.rows).toEqual(whole.rows.slice(lastSent - 1, lastSent + 1))
    expect(page.rows[1]?.history.map((h) => h.status)).toEqual(expect.arrayContaining(['queued', 'read']))
    expect(whole.rows.map((r) => r.deviceId)).toEqual(
      whole.rows.map((r) => (r.gatewayId !== null ? deviceId : null))
    )

    const again = await core.handlers['campaigns:read'](
      await registeredSheet('copy.csv', bytes.toString('base64'))
    )
    expect(again).toMatchObject({ remembered: true, mapping: { phone: 'Phone', variables: ['Name'] } })

    const csv = await core.handlers['campaigns:export']({ id: created.id, format: 'csv' })
    expect(csv.fileName).toBe('Bills - results.csv')
    const text = Buffer.from(csv.dataBase64, 'base64').toString('utf8')
    expect(text.split('\r\n')).toHaveLength(7)
    // Each sent row names its device by the operator's label.
    expect(text.split('\r\n')[1]?.split(',')[5]).toBe('Sandbox device')
    // The times on the clock the outbox export and the window use (the operator's zone), never UTC's (QA23 Q23-02):
    // a row sent at 00:05 WIB is on that day in the file too; in XLSX they are date cells, as the outbox export's.
    const zoned = await core.handlers['campaigns:export']({
      id: created.id,
      format: 'csv',
      timeZone: 'Asia/Makassar'
    })
    const [header, sentRow] = Buffer.from(zoned.dataBase64, 'base64')
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .map((line) => line.split(','))
    expect(sentRow?.[header!.indexOf('Time zone of the times')]).toBe('Asia/Makassar')
    expect(sentRow?.[header!.indexOf('Submitted at')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/)
    const book = await core.handlers['campaigns:export']({
      id: created.id,
      format: 'xlsx',
      timeZone: 'Asia/Makassar'
    })
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    await workbook.xlsx.load(Buffer.from(book.dataBase64, 'base64') as unknown as ArrayBuffer)
    const resultsSheet = workbook.worksheets[0]!
    const columns = (resultsSheet.getRow(1).values as unknown[]).slice(1)
    const submitted = resultsSheet.getRow(2).getCell(columns.indexOf('Submitted at') + 1)
    const submittedIso = sentRow?.[header!.indexOf('Submitted at')] ?? ''
    expect(submitted.value).toEqual(new Date(`${submittedIso.slice(0, 19)}Z`))
    const skipped = await core.handlers['campaigns:export']({ id: created.id, format: 'skipped' })
    expect(Buffer.from(skipped.dataBase64, 'base64').toString('utf8')).toContain('duplicate of row 2')
    // QA15 Q15-10: an Indonesian export with Indonesian headers was named "… - results.xlsx".
    expect(
      (await core.handlers['campaigns:export']({ id: created.id, format: 'xlsx', language: 'id' })).fileName
    ).toBe('Bills - hasil.xlsx')
    expect(
      (await core.handlers['campaigns:export']({ id: created.id, format: 'skipped', language: 'id' }))
        .fileName
    ).toBe('Bills - baris yang dilewati.csv')
    expect(skipped.fileName).toBe('Bills - skipped rows.csv')
  })

  // QA67: "Promo 1.000 pelanggan" was exported as "Promo 1000 pelanggan - hasil.csv".
  it('names its export files by the campaign, less only what a file name cannot hold', async () => {
    const deviceId = await linkedDevice()
    const csv = Buffer.from('Name,Phone\nAni,081234567001\n').toString('base64')
    const { sheetId } = await core.handlers['campaigns:read'](await registeredSheet('list.csv', csv))
    const named = async (name: string): Promise<string> => {
      const { id } = await core.handlers['campaigns:create']({
        sheetId,
        name,
        mapping: { phone: 'Phone', variables: ['Name'] },
        template: 'Hi {Name}',
        pacing: QUICK_PACING,
        devices: [deviceId]
      })
      return (await core.handlers['campaigns:export']({ id, format: 'skipped', language: 'id' })).fileName
    }
    expect(await named('Promo 1.000 pelanggan')).toBe('Promo 1.000 pelanggan - baris yang dilewati.csv')
    expect(await named('Tagihan: 01/12 (50%)?')).toBe('Tagihan 01-12 (50%) - baris yang dilewati.csv')
    expect(await named('???')).toBe('campaign - baris yang dilewati.csv')
    // A leading dot hid the file on Linux and macOS; a name over 255 bytes with its tail was refused by the disk.
    expect(await named('.promo')).toBe('promo - baris yang dilewati.csv')
    const long = await named('\u2026'.repeat(120))
    expect(long).toBe(`${'\u2026'.repeat(76)} - baris yang dilewati.csv`)
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(255)
  })

  it('sends one file to every row with its message as the caption, and refuses a file over the limit first', async () => {
    const deviceId = await linkedDevice()
    const csv = ['Name,Phone', 'Ani,081234567801', 'Budi,081234567802'].join('\n')
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('bills.csv', Buffer.from(csv).toString('base64'))
    )
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4_000, 32)])
    const register = async (): Promise<string> =>
      (
        await core.handlers['files:register']({
          sources: [{ kind: 'bytes', name: 'bill.pdf', dataBase64: pdf.toString('base64') }]
        })
      ).files[0]!.handle
    const request = {
      sheetId: sheet.sheetId,
      name: 'Bills',
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Bill for {Name}',
      pacing: QUICK_PACING,
      devices: [deviceId]
    }

    // A gateway on a 1 KB plan: the check and the create refuse the 4 KB file, and nothing is queued.
    await core.handlers['devices:setFileLimit']({ id: deviceId, maxFileBytes: 1024 })
    const tooLarge = await register()
    const checked = await invoke('campaigns:check', {
      sheetId: sheet.sheetId,
      mapping: request.mapping,
      template: request.template,
      attachment: { handle: tooLarge },
      devices: [deviceId]
    })
    expect(checked).toMatchObject({ ok: false, error: { code: 'too_large', field: 'attachment' } })
    const refused = await invoke('campaigns:create', { ...request, attachment: { handle: tooLarge } })
    expect(refused).toMatchObject({ ok: false, error: { code: 'too_large', field: 'attachment' } })
    expect((await core.handlers['campaigns:list']({})).campaigns).toEqual([])
    expect((await core.handlers['outbox:counts']({})).total).toBe(0)

    await core.handlers['devices:setFileLimit']({ id: deviceId, maxFileBytes: null })
    const handle = await register()
    const created = await core.handlers['campaigns:create']({ ...request, attachment: { handle } })
    expect(created.attachmentName).toBe('bill.pdf')
    await core.handlers['campaigns:start']({ id: created.id })
    await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.status === 'finished'
    )
    const { messages } = await core.handlers['sandbox:sent']({ deviceId, limit: 10 })
    expect(
      messages.map((m) => ({ phone: m.phone, kind: m.kind, text: m.text, fileName: m.fileName })).reverse()
    ).toEqual([
      { phone: '6281234567801', kind: 'document', text: 'Bill for Ani', fileName: 'bill.pdf' },
      { phone: '6281234567802', kind: 'document', text: 'Bill for Budi', fileName: 'bill.pdf' }
    ])
    // The outbox made its own copy: the registered handle is released.
    expect(core.files.get(handle)).toBeUndefined()
  })

  it('sends each row its own file named in a column, and skips a row naming a file that was not picked', async () => {
    const deviceId = await linkedDevice()
    const csv = [
      'Name,Phone,Invoice',
      'Ani,081234567801,ani.pdf',
      'Budi,081234567802, BUDI.PDF ',
      'Citra,081234567803,citra.pdf',
      'Dewi,081234567804,ani.pdf'
    ].join('\n')
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('bills.csv', Buffer.from(csv).toString('base64'))
    )
    const pdf = (fill: string): string =>
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_000, fill)]).toString('base64')
    const { files: registered } = await core.handlers['files:register']({
      sources: [
        { kind: 'bytes', name: 'ani.pdf', dataBase64: pdf('a') },
        { kind: 'bytes', name: 'budi.pdf', dataBase64: pdf('b') }
      ]
    })
    const files = registered.map((f) => ({ name: f.name, handle: f.handle }))
    const mapping = { phone: 'Phone', variables: ['Name'], attachment: 'Invoice' }

    const checked = await core.handlers['campaigns:check']({
      sheetId: sheet.sheetId,
      mapping,
      template: 'Invoice for {Name}',
      files,
      devices: [deviceId]
    })
    expect(checked.summary).toMatchObject({ total: 4, ready: 3, skipped: 1, byProblem: { missing_file: 1 } })
    expect(checked.problems).toEqual([
      { rowNumber: 4, phoneCell: '081234567803', problems: [{ code: 'missing_file', name: 'citra.pdf' }] }
    ])

    const created = await core.handlers['campaigns:create']({
      sheetId: sheet.sheetId,
      name: 'Invoices',
      mapping,
      template: 'Invoice for {Name}',
      pacing: QUICK_PACING,
      devices: [deviceId],
      files
    })
    await core.handlers['campaigns:start']({ id: created.id })
    await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.status === 'finished'
    )
    const { messages } = await core.handlers['sandbox:sent']({ deviceId, limit: 10 })
    expect(
      messages.map((m) => ({ phone: m.phone, kind: m.kind, text: m.text, fileName: m.fileName })).reverse()
    ).toEqual([
      { phone: '6281234567801', kind: 'document', text: 'Invoice for Ani', fileName: 'ani.pdf' },
      { phone: '6281234567802', kind: 'document', text: 'Invoice for Budi', fileName: 'budi.pdf' },
      { phone: '6281234567804', kind: 'document', text: 'Invoice for Dewi', fileName: 'ani.pdf' }
    ])
    const skipped = await core.handlers['campaigns:export']({ id: created.id, format: 'skipped' })
    expect(Buffer.from(skipped.dataBase64, 'base64').toString('utf8')).toContain(
      'its file citra.pdf was not picked'
    )
    // The outbox has its copies: the picked handles are released.
    for (const file of files) expect(core.files.get(file.handle)).toBeUndefined()
  })

  it('skips opted-out numbers and refuses bad input with a reason', async () => {
    expect(
      await core.handlers['optouts:add']({ phones: ['0812-3456-7812', 'nope'], source: 'operator' })
    ).toMatchObject({
      added: 1,
      invalid: ['nope'],
      alreadyListed: 0,
      repeated: 0
    })
    // QA11: "0 added." for numbers already on the list; one number written twice is counted once.
    expect(
      await core.handlers['optouts:add']({
        phones: ['+62 812-3456-7812', '081234567813', '6281234567813', '0812 3456 7813'],
        source: 'import'
      })
    ).toMatchObject({ added: 1, invalid: [], alreadyListed: 1, repeated: 1 }) // one number, written thrice (QA65)
    const bytes = await readFile(join(__dirname, '../../src/main/core/campaigns/fixtures/bad-rows.csv'))
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('x.csv', bytes.toString('base64'))
    )
    const check = await core.handlers['campaigns:check']({
      sheetId: sheet.sheetId,
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}'
    })
    expect(check.problems.find((p) => p.rowNumber === 6)?.problems).toEqual([{ code: 'opted_out' }])
    const broken = await core.handlers['campaigns:check']({
      sheetId: sheet.sheetId,
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name'
    })
    expect(broken.templateError).toMatch(/never closed/)
    const refused = await invoke('campaigns:create', {
      sheetId: sheet.sheetId,
      name: 'x',
      mapping: { phone: 'Phone', variables: [] },
      template: 'Hi',
      pacing: { ...QUICK_PACING, minDelaySeconds: 9, maxDelaySeconds: 1 },
      devices: ['nobody']
    })
    expect(refused).toMatchObject({ ok: false })
  })

  it('pauses the device part when the sandbox bans the number, says why, and resumes in one click', async () => {
    const deviceId = await linkedDevice()
    const sandbox = await core.sandbox.current()
    const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
    // The sandbox refuses sends over 2 a minute and bans the number at the third refusal.
    await sandbox?.control.setBanRate(token, 2)
    const csv = ['Name,Phone', ...Array.from({ length: 5 }, (_, i) => `C${i},0812345670${i + 10}`)].join('\n')
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('many.csv', Buffer.from(csv).toString('base64'))
    )
    const created = await core.handlers['campaigns:create']({
      sheetId: sheet.sheetId,
      name: 'Blast',
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: QUICK_PACING,
      devices: [deviceId]
    })
    await core.handlers['campaigns:start']({ id: created.id })
    const paused = await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.devices[0]?.autoPaused !== null,
      600
    )
    expect(paused.devices[0]?.autoPaused).toBe('disconnected')
    expect(paused.status).toBe('running')
    // The part's rows left in line are held by its pause, and the window's counts say so (F21).
    const { counts, pausedQueued } = await core.handlers['app:bootstrap']({})
    expect(counts.queued).toBeGreaterThan(0)
    expect(pausedQueued).toBe(counts.queued)
    // Each of them is a row the Outbox says paused: the part's note is a pause's (heldByPause).
    const { items } = await core.handlers['outbox:list']({ offset: 0, limit: 100 })
    const queued = items.filter((item) => item.status === 'queued')
    expect(
      queued.map((item) =>
        heldByPause(
          { status: item.status, waitKey: item.waitReason?.messageKey ?? null },
          { sendingPaused: false, devicePaused: false }
        )
      )
    ).toEqual(queued.map(() => true))
    expect(await sandbox?.control.messages()).toHaveLength(2)
    const notice = notices.find((n) => n.key === `campaign:${created.id}:${deviceId}`)
    expect(notice?.title).toEqual({ key: 'campaigns.notice.autoPaused', params: { name: 'Blast' } })
    expect(notice?.body).toMatchObject({ text: expect.stringMatching(/banned/) })
    expect(notice?.action).toEqual({ kind: 'open', view: 'campaigns' })

    // The operator links the number again and resumes the device's part with one call; the rest go out once.
    await sandbox?.control.setBanRate(token, null)
    await core.handlers['devices:qr']({ id: deviceId })
    await core.handlers['sandbox:control']({ deviceId, action: 'scan' })
    await core.handlers['devices:refresh']({ id: deviceId })
    await core.handlers['campaigns:resume']({ id: created.id, deviceId })
    await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.status === 'finished',
      400
    )
    const phones = (await sandbox?.control.messages())?.map((m) => m.phone) ?? []
    expect(phones).toHaveLength(5)
    expect(new Set(phones).size).toBe(5)
  }, 60_000)

  it('pauses the device part when the gateway says its quota is spent, and resumes once it is topped up', async () => {
    const deviceId = await linkedDevice()
    const sandbox = await core.sandbox.current()
    const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
    await sandbox?.control.setQuota(token, 2)
    const csv = ['Name,Phone', ...Array.from({ length: 4 }, (_, i) => `C${i},0812345670${i + 10}`)].join('\n')
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('quota.csv', Buffer.from(csv).toString('base64'))
    )
    const created = await core.handlers['campaigns:create']({
      sheetId: sheet.sheetId,
      name: 'Quota',
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: QUICK_PACING,
      devices: [deviceId]
    })
    await core.handlers['campaigns:start']({ id: created.id })
    const paused = await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.devices[0]?.autoPaused !== null,
      400
    )
    expect(paused.devices[0]?.autoPaused).toBe('quota')
    expect(await sandbox?.control.messages()).toHaveLength(2)
    const notice = notices.find((n) => n.key === `campaign:${created.id}:${deviceId}`)
    expect(notice?.body).toMatchObject({ text: expect.stringMatching(/quota/i) })

    await sandbox?.control.setQuota(token, 100)
    await core.handlers['campaigns:resume']({ id: created.id, deviceId })
    await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.status === 'finished',
      400
    )
    const phones = (await sandbox?.control.messages())?.map((m) => m.phone) ?? []
    expect(new Set(phones).size).toBe(4)
    expect(phones).toHaveLength(4)
  }, 60_000)

  it("hands a logged-out device's rows to the other chosen device: each number once, a tried row stays", async () => {
    const first = await linkedDevice()
    const second = await linkedDevice()
    const csv = ['Name,Phone', ...Array.from({ length: 12 }, (_, i) => `C${i},0812345671${i + 10}`)].join(
      '\n'
    )
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('two.csv', Buffer.from(csv).toString('base64'))
    )
    const created = await core.handlers['campaigns:create']({
      sheetId: sheet.sheetId,
      name: 'Two numbers',
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: { ...QUICK_PACING, minDelaySeconds: 0.4, maxDelaySeconds: 0.5 },
      devices: [first, second]
    })
    await core.handlers['campaigns:start']({ id: created.id })
    const items = async () =>
      (await core.handlers['outbox:list']({ offset: 0, limit: 100 })).items.filter(
        (i) => i.producer?.kind === 'campaign' && i.producer.id === created.id
      )
    await waitFor(items, (list) => list.some((i) => i.deviceId === first && i.gatewayId !== null))
    // The phone behind the first number logs out; the app notices (a refused send, then the device monitor).
    await core.handlers['sandbox:control']({ deviceId: first, action: 'logout' })
    const settled = await waitFor(
      items,
      (list) => list.every((i) => i.gatewayId !== null || (i.deviceId === first && i.attempts > 0)),
      300
    )
    const campaign = await core.handlers['campaigns:get']({ id: created.id })
    expect(campaign.devices.find((d) => d.deviceId === first)?.autoPaused).toBe('disconnected')
    // The second number sent its own rows (3, 5, …) and rows dealt to the first number (2, 4, …) it never tried.
    const bySecond = settled.filter((i) => i.deviceId === second && i.gatewayId !== null)
    expect(bySecond.filter((i) => (i.producer?.ref ?? 1) % 2 === 1)).toHaveLength(6)
    expect(bySecond.filter((i) => (i.producer?.ref ?? 1) % 2 === 0).length).toBeGreaterThan(0)
    // A row the first number tried stays with it (its outcome is its own to settle); nothing went twice.
    const sent = ((await (await core.sandbox.current())?.control.messages()) ?? []).map((m) => m.phone)
    expect(new Set(sent).size).toBe(sent.length)
    expect(sent.length + settled.filter((i) => i.gatewayId === null).length).toBe(12)
  }, 60_000)

  it("pushes the opt-out list to the device's gateway blacklist, and takes a number off it again", async () => {
    const deviceId = await linkedDevice()
    const added = await core.handlers['optouts:add']({ phones: ['0812-3456-7899'], source: 'outbox' })
    expect(added.gatewaySync).toEqual({ background: false, devices: [{ deviceId, ok: true, message: null }] })
    // The sandbox now refuses a message to the number, as the hosted gateway's blacklist does.
    const sandbox = await core.sandbox.current()
    const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
    const send = await fetch(`${sandbox?.baseUrl}/api/send-message`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: '6281234567899', message: 'hi' })
    })
    expect(send.ok).toBe(true)
    const refused = (await sandbox?.control.messages())?.find((m) => m.phone === '6281234567899')
    expect(JSON.stringify(refused)).toMatch(/blacklist/i)
    const removed = await core.handlers['optouts:remove']({ phone: '081234567899' })
    expect(removed.gatewaySync.devices).toEqual([{ deviceId, ok: true, message: null }])
    // Taking it off twice: the gateway says it is not on its blacklist, reported per device.
    const again = await core.handlers['optouts:remove']({ phone: '081234567899' })
    expect(again.gatewaySync.devices[0]).toMatchObject({
      deviceId,
      ok: false,
      message: expect.stringMatching(/not on the blacklist/)
    })
  })
})

describe('a device linked after numbers were opted out (its gateway never had the list)', () => {
  it('gets the whole opt-out list in the background: its gateway refuses a message to a number opted out before', async () => {
    const added = await core.handlers['optouts:add']({ phones: ['0812-3456-7899'], source: 'outbox' })
    expect(added.gatewaySync.devices).toEqual([])
    const deviceId = await linkedDevice()
    const sandbox = await core.sandbox.current()
    const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
    const sendTo = (phone: string) =>
      fetch(`${sandbox?.baseUrl}/api/send-message`, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone, message: 'hi' })
      })
    // The list went on its own; taking the number off then answers from the gateway that it was there.
    await waitFor(
      async () => {
        await sendTo('6281234567899')
        return (await sandbox?.control.messages()) ?? []
      },
      (messages) => messages.some((m) => m.phone === '6281234567899' && /blacklist/i.test(m.note ?? ''))
    )
    const removed = await core.handlers['optouts:remove']({ phone: '081234567899' })
    expect(removed.gatewaySync.devices).toEqual([{ deviceId, ok: true, message: null }])
  })
})

describe('a number opted out while the gateway was down', () => {
  it('reaches its blacklist once the device is back, without the operator doing anything', async () => {
    const deviceId = await linkedDevice()
    const stateOf = async () => core.monitor.views().find((d) => d.id === deviceId)?.state
    await waitFor(stateOf, (state) => state === 'connected')
    const { baseUrl } = (await core.sandbox.current()) ?? { baseUrl: '' }
    await core.sandbox.close()
    const added = await core.handlers['optouts:add']({ phones: ['0812-3456-7899'], source: 'outbox' })
    expect(added.gatewaySync.devices).toEqual([{ deviceId, ok: false, message: expect.any(String) }])
    await waitFor(stateOf, (state) => state !== 'connected')

    const sandbox = await core.sandbox.ensure(Number(new URL(baseUrl).port))
    const token = (await sandbox.control.devices())[0]?.token ?? ''
    await waitFor(
      async () => {
        await fetch(`${sandbox.baseUrl}/api/send-message`, {
          method: 'POST',
          headers: { Authorization: token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ phone: '6281234567899', message: 'hi' })
        })
        return sandbox.control.messages()
      },
      (messages) => messages.some((m) => m.phone === '6281234567899' && /blacklist/i.test(m.note ?? ''))
    )
  }, 30_000)
})

describe('exporting a large campaign results file (QA15 Q15-02)', () => {
  /** A draft campaign of `count` rows: its results file holds every row. */
  async function draftOf(count: number, name: string): Promise<string> {
    const deviceId = await linkedDevice()
    const csv = [
      'Name,Phone',
      ...Array.from({ length: count }, (_, i) => `Row ${i},0812${String(i).padStart(8, '0')}`)
    ].join('\n')
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('big.csv', Buffer.from(csv).toString('base64'))
    )
    const created = await core.handlers['campaigns:create']({
      sheetId: sheet.sheetId,
      name,
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: QUICK_PACING,
      devices: [deviceId]
    })
    return created.id
  }

  it.each(['csv', 'xlsx'] as const)(
    'says how many rows are written of all (%s), and stops with no file when asked',
    async (format) => {
      const id = await draftOf(600, 'Big')
      const heard: { exportId: string; written: number; total: number }[] = []
      const stopListening = core.events.subscribe((event, payload) => {
        if (event === 'campaigns:exportProgress') heard.push(payload as (typeof heard)[number])
      })
      await core.handlers['campaigns:export']({ id, format, exportId: 'results-1' })
      expect(heard.length).toBeGreaterThan(1)
      expect(heard.every((e) => e.exportId === 'results-1' && e.total === 600)).toBe(true)
      expect(heard.at(-1)?.written).toBe(600)

      const stopOnFirst = core.events.subscribe((event, payload) => {
        if (
          event === 'campaigns:exportProgress' &&
          (payload as { exportId: string }).exportId === 'results-2'
        )
          void core.handlers['campaigns:stopExport']({ exportId: 'results-2' })
      })
      await expect(
        core.handlers['campaigns:export']({ id, format, exportId: 'results-2' })
      ).rejects.toMatchObject({ code: 'export_stopped' })
      stopOnFirst()
      stopListening()
    }
  )
})

describe('a spreadsheet handed over by handle', () => {
  it('is read by the core past the gateway file limit and in a legacy encoding, once, and is never a file to send', async () => {
    const deviceId = await linkedDevice()
    // Over the gateway's 2 MB default, and Windows-1252: a registration to send refuses it (size), a spreadsheet's not.
    const rows = Array.from(
      { length: 50_000 },
      (_, i) => `André ${i};0812${String(i).padStart(8, '0')};${'x'.repeat(25)}`
    )
    const bytes = Buffer.from(['Nama;HP;Catatan', ...rows, ''].join('\r\n'), 'latin1')
    expect(bytes.length).toBeGreaterThan(DEFAULT_MAX_FILE_BYTES)
    const source = { kind: 'bytes' as const, name: 'list.csv', dataBase64: bytes.toString('base64') }
    expect((await core.handlers['files:register']({ sources: [source] })).rejected).toMatchObject([
      { code: 'too_large' }
    ])

    const first = await registeredSheet('list.csv', source.dataBase64)
    const sheet = await core.handlers['campaigns:read'](first)
    expect(sheet).toMatchObject({
      fileName: 'list.csv',
      rowCount: 50_000,
      format: { kind: 'csv', encoding: 'windows-1252', delimiter: ';' }
    })
    expect(sheet.sample[0]).toEqual(['André 0', '081200000000', 'x'.repeat(25)])
    // Read once: the handle is released with its file.
    expect(await invoke('campaigns:read', first)).toMatchObject({ ok: false, error: { code: 'file_gone' } })

    // A spreadsheet's handle cannot be attached to a send, nor a send's file be read as a spreadsheet.
    const unsent = await registeredSheet('list.csv', source.dataBase64)
    expect(
      await invoke('campaigns:check', {
        sheetId: sheet.sheetId,
        mapping: { phone: 'HP', variables: [] },
        template: 'Hi',
        attachment: { handle: unsent.handle },
        devices: [deviceId]
      })
    ).toMatchObject({ ok: false, error: { code: 'file_gone' } })
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100, 32)]).toString('base64')
    const { files } = await core.handlers['files:register']({
      sources: [{ kind: 'bytes', name: 'bill.pdf', dataBase64: pdf }]
    })
    expect(await invoke('campaigns:read', { handle: files[0]?.handle })).toMatchObject({
      ok: false,
      error: { code: 'file_gone' }
    })
  })
})

describe('a customer list exported as "Excel" that is text', () => {
  it('is read by the core as the tab-separated "Unicode text" it is, whatever its .xls name says', async () => {
    const text = ['Nama\tHP\tKota', 'Siti Aisyah\t081234567890\tMedan', 'José\t081234567891\tBali', ''].join(
      '\r\n'
    )
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    const sheet = await core.handlers['campaigns:read'](
      await registeredSheet('Laporan Penjualan.xls', bytes.toString('base64'))
    )
    expect(sheet).toMatchObject({
      fileName: 'Laporan Penjualan.xls',
      rowCount: 2,
      format: { kind: 'csv', encoding: 'utf-16le', delimiter: '\t' }
    })
    expect(sheet.sample[1]).toEqual(['José', '081234567891', 'Bali'])
  })
})

describe('column names are data through the contract', () => {
  it('keeps the values of a column named __proto__ in the rows the window reads', async () => {
    const deviceId = await linkedDevice()
    const csv = Buffer.from('__proto__,Phone\r\nBudi,081234567890\r\n').toString('base64')
    const read = await invoke('campaigns:read', await registeredSheet('proto.csv', csv))
    if (!read.ok) throw new Error(read.error.message)
    const { sheetId } = read.value as { sheetId: string }
    const mapping = { phone: 'Phone', variables: ['__proto__'] }
    const created = await invoke('campaigns:create', {
      sheetId,
      name: 'Proto',
      mapping,
      template: 'Hi {__proto__}',
      pacing: QUICK_PACING,
      devices: [deviceId]
    })
    if (!created.ok) throw new Error(created.error.message)
    const rows = await invoke('campaigns:rows', { id: (created.value as { id: string }).id })
    if (!rows.ok) throw new Error(rows.error.message)
    const [row] = (rows.value as { rows: { values: [string, string][]; message: string }[] }).rows
    expect(row?.values).toEqual([
      ['__proto__', 'Budi'],
      ['Phone', '081234567890']
    ])
    expect(row?.message).toBe('Hi Budi')
  })
})

describe('wide sheets through the contract', () => {
  it('reads and checks a sheet of 300 columns: the reply fits the contract', async () => {
    const headers = ['Phone', ...Array.from({ length: 299 }, (_, i) => `Col ${i + 1}`)]
    const row = ['081234567890', ...Array.from({ length: 299 }, (_, i) => `v${i}`)]
    const csv = `${headers.join(',')}\r\n${row.join(',')}\r\n`
    const { handle } = await registeredSheet('wide.csv', Buffer.from(csv).toString('base64'))
    const read = await invoke('campaigns:read', { handle })
    if (!read.ok) throw new Error(read.error.message)
    const sheet = read.value as { sheetId: string; headers: string[]; mapping: { variables: string[] } }
    expect(sheet.headers).toHaveLength(300)
    expect(sheet.mapping.variables).toHaveLength(299)
    const check = await invoke('campaigns:check', {
      sheetId: sheet.sheetId,
      mapping: sheet.mapping,
      template: 'Hi {Col 299}'
    })
    if (!check.ok) throw new Error(check.error.message)
    expect((check.value as { previews: { message: string }[] }).previews[0]?.message).toBe('Hi v298')
  })
})

describe('reading a spreadsheet with progress and cancel', () => {
  it('reports progress while it reads, and stops at the next slice when the window cancels', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => `Customer ${i},0812${String(i).padStart(8, '0')}`)
    const csv = Buffer.from(`Name,Phone\r\n${rows.join('\r\n')}\r\n`).toString('base64')
    const progress: number[] = []
    const stop = core.events.subscribe((event, payload) => {
      if (event === 'campaigns:readProgress') progress.push((payload as { fraction: number }).fraction)
    })
    const whole = await registeredSheet('whole.csv', csv)
    const read = await invoke('campaigns:read', whole)
    expect(read.ok && (read.value as { rowCount: number }).rowCount).toBe(150_000)
    expect(progress.length).toBeGreaterThan(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))

    const cancelled = await registeredSheet('cancelled.csv', csv)
    // The window's cancel arrives while the read is under way: on its first progress.
    let cancelReply: Promise<unknown> | undefined
    const stopCancelling = core.events.subscribe((event, payload) => {
      if (event === 'campaigns:readProgress' && (payload as { handle: string }).handle === cancelled.handle)
        cancelReply ??= invoke('campaigns:cancelRead', cancelled)
    })
    const reading = refusalInIndonesian('campaigns:read', cancelled)
    expect(await reading).toEqual({
      code: 'sheet_cancelled',
      english: 'Reading the spreadsheet was cancelled.',
      id: 'Pembacaan spreadsheet dibatalkan.'
    })
    expect(await cancelReply).toEqual({ ok: true, value: { ok: true } })
    stopCancelling()
    stop()
  })
})

describe('every pacing case through the composed core (PACING_CASES)', () => {
  it('campaigns:create and campaigns:setPacing accept each valid policy and refuse each invalid one on pacing', async () => {
    const { device } = await core.handlers['sandbox:start']({})
    const csv = Buffer.from('Name,Phone\nAni,081234567001\n').toString('base64')
    const { sheetId } = await core.handlers['campaigns:read'](await registeredSheet('list.csv', csv))
    const draft = (pacing: PacingPolicy) => ({
      sheetId,
      name: 'Pacing',
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing,
      devices: [device.id]
    })
    const edited = await core.handlers['campaigns:create'](draft(QUICK_PACING))
    let lastValid = edited.pacing
    for (const { name, policy, problems } of PACING_CASES) {
      const valid = problems.length === 0
      // Straight to the core (as the CLI reaches it) and through the contract (as the window does).
      const direct = core.handlers['campaigns:create'](draft(policy))
      if (valid) expect((await direct).pacing, name).toEqual(policy)
      else await expect(direct, name).rejects.toMatchObject({ code: 'invalid_input', field: 'pacing' })
      const viaContract = await invoke('campaigns:create', draft(policy))
      expect(viaContract.ok, name).toBe(valid)
      // The live check's estimate is made only from a policy the core would create with.
      const checked = await invoke('campaigns:check', { ...draft(policy), previewRows: [] })
      expect(checked, name).toMatchObject(
        valid ? { ok: true } : { ok: false, error: { code: 'invalid_request' } }
      )

      const set = core.handlers['campaigns:setPacing']({ id: edited.id, pacing: policy })
      if (valid) lastValid = (await set).pacing
      else await expect(set, name).rejects.toMatchObject({ code: 'invalid_input', field: 'pacing' })
      expect((await invoke('campaigns:setPacing', { id: edited.id, pacing: policy })).ok, name).toBe(valid)
      expect((await core.handlers['campaigns:get']({ id: edited.id })).pacing, name).toEqual(lastValid)
    }
    // Whatever the core accepted, the contract answers: every campaign it made is a valid reply for the window.
    expect(await invoke('campaigns:list', {})).toMatchObject({ ok: true })
  })
})

describe('taking a campaign back (issue 30)', () => {
  it('a campaign of 20, 10 sent and read: taken back, 10 deleted for everyone and 10 stopped before they left', async () => {
    const deviceId = await linkedDevice()
    const csv = [
      'Name,Phone',
      ...Array.from({ length: 20 }, (_, i) => `P${i},0812345${String(i).padStart(5, '0')}`)
    ]
    const { sheetId } = await core.handlers['campaigns:read'](
      await registeredSheet('list.csv', Buffer.from(csv.join('\n')).toString('base64'))
    )
    // Ten go, then the campaign waits an hour before the next ten: the take-back comes in between.
    const created = await core.handlers['campaigns:create']({
      sheetId,
      name: 'Wrong amount',
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}, you owe 5,000,000',
      pacing: {
        minDelaySeconds: 0,
        maxDelaySeconds: 0.1,
        batchSize: 10,
        batchPauseMinutes: 60,
        workingHours: null,
        dailyCapPerDevice: 1000,
        warmUp: null
      },
      devices: [deviceId]
    })
    await core.handlers['campaigns:start']({ id: created.id })
    await waitFor(
      () => core.handlers['campaigns:get']({ id: created.id }),
      (c) => c.counts.read === 10
    )

    const plan = await core.handlers['campaigns:takeBackPlan']({ id: created.id, revokeDelivered: true })
    // The ten to delete are all on the one device (the dialog names a device that cannot act on its share).
    expect(plan).toEqual({
      stopLocally: 10,
      cancelAtGateway: 0,
      revoke: 10,
      revokeRead: 10,
      leftAlone: {},
      atGatewayByDevice: [{ deviceId, n: 10 }]
    })
    const started = await core.handlers['campaigns:takeBack']({ id: created.id, revokeDelivered: true })
    expect(started).toMatchObject({ stoppedLocally: 10, revoke: { pending: 10 } })
    const done = await waitFor(
      () => core.handlers['outbox:takeBackProgress']({ id: started.id }),
      (view) => view.state === 'done'
    )
    expect(done.revoke).toEqual({ done: 10, refused: 0, unknown: 0, pending: 0 })

    const campaign = await core.handlers['campaigns:get']({ id: created.id })
    expect(campaign.status).toBe('cancelled')
    expect(campaign.counts).toMatchObject({ revoked: 10, cancelled: 10, read: 0, queued: 0 })
    const { rows } = await core.handlers['campaigns:rows']({ id: created.id, offset: 0, limit: 50 })
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['revoked', 'cancelled']))

    // Then the outbox: "Select all matching" and "Retry selected" (QA 2026-11-29: the ten stopped went out).
    const { total } = await core.handlers['outbox:list']({ offset: 0, limit: 1 })
    const retried = await core.handlers['outbox:retryMatching']({ filter: {}, expected: total })
    expect(retried.done).toBe(0)
    expect(retried.refused).toContainEqual({ reason: 'producer', count: 10 })
    // Still cancelled, not back in line (where the campaign's batch pause alone would have held them an hour).
    expect((await core.handlers['campaigns:get']({ id: created.id })).counts).toMatchObject({
      cancelled: 10,
      queued: 0
    })
  })
})

describe('the take-back question holds the campaign (QA14 Q14-02)', () => {
  it('pauses a running campaign while asked, nothing leaves meanwhile, and Keep runs it again', async () => {
    const deviceId = await linkedDevice()
    const steady = { ...QUICK_PACING, minDelaySeconds: 0.3, maxDelaySeconds: 0.3 }
    const phones = Array.from({ length: 12 }, (_, i) => `0812345672${String(i).padStart(2, '0')}`)
    const id = await startedCampaign(core, deviceId, 'promo', phones, steady)
    const sandbox = await core.sandbox.current()
    const sentAtGateway = async () => (await sandbox?.control.messages())?.length ?? 0
    await waitFor(sentAtGateway, (n) => n >= 1)

    const asked = await core.handlers['campaigns:holdForTakeBack']({ id })
    expect(asked.held).toBe(true)
    expect(asked.campaign.status).toBe('paused')
    const planned = await core.handlers['campaigns:takeBackPlan']({ id, revokeDelivered: false })
    const atAsking = await sentAtGateway()
    await new Promise((resolve) => setTimeout(resolve, 1200))
    // Four pacing gaps later, nothing more left here (the gateway may have sent what it held, which the window's
    // question reads again): the rows not sent yet are still all there to stop.
    expect(await sentAtGateway()).toBe(atAsking)
    const later = await core.handlers['campaigns:takeBackPlan']({ id, revokeDelivered: false })
    expect(later.stopLocally).toBe(planned.stopLocally)
    expect(planned.stopLocally).toBeGreaterThan(0)

    expect((await core.handlers['campaigns:keepAfterTakeBack']({ id })).status).toBe('running')
    await waitFor(sentAtGateway, (n) => n > atAsking)
  })

  it('leaves a campaign the operator had paused paused when the question is kept', async () => {
    const deviceId = await linkedDevice()
    const slow = { ...QUICK_PACING, minDelaySeconds: 600, maxDelaySeconds: 600 }
    const id = await startedCampaign(core, deviceId, 'promo', ['081234567300', '081234567301'], slow)
    await core.handlers['campaigns:pause']({ id })
    expect((await core.handlers['campaigns:holdForTakeBack']({ id })).held).toBe(false)
    expect((await core.handlers['campaigns:keepAfterTakeBack']({ id })).status).toBe('paused')
  })

  it('a campaign taken back after the hold stays cancelled', async () => {
    const deviceId = await linkedDevice()
    const slow = { ...QUICK_PACING, minDelaySeconds: 600, maxDelaySeconds: 600 }
    const id = await startedCampaign(core, deviceId, 'promo', ['081234567310', '081234567311'], slow)
    await core.handlers['campaigns:holdForTakeBack']({ id })
    await core.handlers['campaigns:takeBack']({ id, revokeDelivered: false })
    expect((await core.handlers['campaigns:keepAfterTakeBack']({ id })).status).toBe('cancelled')
  })
})

// QA76: a message scheduled for later, then its customer wrote STOP: the header still said "1 scheduled" of it and
// heard nothing, since the STOP changed no message's status.
describe('how many of the scheduled will not be sent (QA76)', () => {
  it('tells the window when a STOP makes a scheduled message one that will not be sent', async () => {
    const deviceId = await linkedDevice()
    const said: EventPayload<'outbox:countsChanged'>[] = []
    core.events.subscribe((event, payload) => {
      if (event === 'outbox:countsChanged') said.push(payload as EventPayload<'outbox:countsChanged'>)
    })
    const snapshots: CoreSnapshot[] = []
    core.onSnapshotChange((snapshot) => snapshots.push(snapshot))
    const bootstrapped = () => core.handlers['app:bootstrap']({})
    await core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081222223333'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Sampai jumpa nanti sore' }],
      schedule: {
        localTime: '2099-01-01T18:00',
        timezone: 'Asia/Jakarta',
        mode: 'local',
        overduePolicy: 'send'
      }
    })
    expect((await bootstrapped()).scheduledOptedOut).toBe(0)
    await core.handlers['optouts:add']({ phones: ['081222223333'], source: 'operator' })
    await waitFor(
      async () => said.at(-1)?.scheduledOptedOut,
      (n) => n === 1
    )
    expect(said.at(-1)?.counts.scheduled).toBe(1)
    expect((await bootstrapped()).scheduledOptedOut).toBe(1)
    // The tray's snapshot says it too: its "to send" leaves it out, as the Overview does.
    expect(snapshots.at(-1)?.scheduledOptedOut).toBe(1)
    expect(core.snapshot().scheduledOptedOut).toBe(1)
    // Taken off the list, it goes again.
    await core.handlers['optouts:remove']({ phone: '081222223333' })
    await waitFor(
      async () => said.at(-1)?.scheduledOptedOut,
      (n) => n === 0
    )
    expect(snapshots.at(-1)?.scheduledOptedOut).toBe(0)
  })
})

/**
 * A sandbox core run on a data folder, stopped, `between` done to its files, and started again: `then` sees what the
 * second start says before anything in the outbox moves. The folder goes with it.
 */
async function acrossARestart(
  prefix: string,
  before: (core: Core, deviceId: string) => Promise<void>,
  then: (core: Core) => Promise<void>,
  between: (dataDir: string) => void = () => undefined
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix))
  const vault = new MemoryVault()
  try {
    const first = await composeSandboxCoreAt(dataDir, vault)
    try {
      await before(first, await linkSandboxDevice(first))
    } finally {
      await first.stop()
    }
    between(dataDir)
    const again = await composeSandboxCoreAt(dataDir, vault)
    try {
      await then(again)
    } finally {
      await again.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** A text to 081222223333 for 18:00 on 1 January 2099 (Jakarta), sent or held as `overduePolicy` says when overdue. */
function scheduledFarAhead(core: Core, deviceId: string, overduePolicy: 'send' | 'hold'): Promise<unknown> {
  return core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081222223333'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Sampai jumpa nanti sore' }],
    schedule: { localTime: '2099-01-01T18:00', timezone: 'Asia/Jakarta', mode: 'local', overduePolicy }
  })
}

// The window's bootstrap and the tray's first drawing say the same from the start: the tray's figures were 0 after a
// restart until something in the outbox moved.
describe('the tray, from the start', () => {
  it('of the scheduled that will not be sent (QA76): says them at once when the app starts again', async () => {
    await acrossARestart(
      'sd-tray-optout-',
      async (first, deviceId) => {
        await scheduledFarAhead(first, deviceId, 'send')
        await first.handlers['optouts:add']({ phones: ['081222223333'], source: 'operator' })
      },
      async (again) => {
        expect((await again.handlers['app:bootstrap']({})).scheduledOptedOut).toBe(1)
        expect(again.snapshot()).toMatchObject({ counts: { scheduled: 1 }, scheduledOptedOut: 1 })
      }
    )
  })

  it('of the queued a pause holds (QA walk 4, F21): says them at once when the app starts again', async () => {
    await acrossARestart(
      'sd-tray-paused-',
      async (first, deviceId) => {
        await first.handlers['outbox:setPaused']({ paused: true, deviceId })
        await first.handlers['outbox:enqueue']({
          deviceId,
          recipients: ['081222223333', '081222224444'],
          isGroup: false,
          entries: [{ kind: 'text', text: 'Selamat pagi' }]
        })
        expect(first.snapshot()).toMatchObject({ counts: { queued: 2 }, pausedQueued: 2 })
      },
      async (again) => {
        // "2 to send (2 paused)"
        expect((await again.handlers['app:bootstrap']({})).pausedQueued).toBe(2)
        expect(again.snapshot()).toMatchObject({ counts: { queued: 2 }, pausedQueued: 2 })
      }
    )
  })

  // A scheduled message the overdue policy holds never goes by itself: the Overview says "1 held for your decision",
  // and the tray names it apart from those to send.
  it('of the scheduled held for the operator’s decision: says them at once when the app starts again', async () => {
    await acrossARestart(
      'sd-tray-held-',
      (first, deviceId) => scheduledFarAhead(first, deviceId, 'hold').then(() => undefined),
      async (again) => {
        expect((await again.handlers['app:bootstrap']({})).heldOverdue).toBe(1)
        expect(again.snapshot()).toMatchObject({ counts: { scheduled: 1 }, heldOverdue: 1 })
      },
      // As an earlier run left it: it came due while Sender Desk was closed, and its policy held it for the operator.
      (dataDir) => {
        const db = new Database(join(dataDir, DATABASE_FILE))
        db.prepare("UPDATE outbox_items SET held = 1, not_before = ? WHERE status = 'scheduled'").run(
          Date.now() - 3_600_000
        )
        db.close()
      }
    )
  })
})

describe('how many of the queued wait on a pause (QA walk 4, F21)', () => {
  it('counts a paused campaign’s queued rows, none once it is resumed, and every queued row while sending is paused', async () => {
    const deviceId = await linkedDevice()
    const said: EventPayload<'outbox:countsChanged'>[] = []
    core.events.subscribe((event, payload) => {
      if (event === 'outbox:countsChanged') said.push(payload as EventPayload<'outbox:countsChanged'>)
    })
    const lastSaid = () => said.at(-1)
    // The rows the Outbox says "Queued · paused" (heldByPause, by each row's wait): as many as the header counts.
    const rowsSaidPaused = async (): Promise<number> => {
      const { items } = await core.handlers['outbox:list']({ offset: 0, limit: 100 })
      const { sendingPaused } = await bootstrapped()
      return items.filter((item) =>
        heldByPause(
          { status: item.status, waitKey: item.waitReason?.messageKey ?? null },
          { sendingPaused, devicePaused: false }
        )
      ).length
    }
    // The tray hears it too ("5 to send (4 paused)"), from its own snapshot.
    const snapshots: CoreSnapshot[] = []
    core.onSnapshotChange((snapshot) => snapshots.push(snapshot))
    const bootstrapped = () => core.handlers['app:bootstrap']({})
    // One row goes, then the pacing keeps the other four waiting (a wait of the pacing, not a pause).
    const slow = { ...QUICK_PACING, minDelaySeconds: 600, maxDelaySeconds: 600 }
    const phones = Array.from({ length: 5 }, (_, i) => `0812345671${i}0`)
    const id = await startedCampaign(core, deviceId, 'promo', phones, slow)
    const sandbox = await core.sandbox.current()
    await waitFor(
      async () => (await sandbox?.control.messages())?.length ?? 0,
      (n) => n === 1
    )
    await waitFor(
      () => core.handlers['outbox:counts']({}),
      (counts) => counts.queued === 4 && counts.sending === 0
    )
    expect((await bootstrapped()).pausedQueued).toBe(0)
    // Waiting out the pacing's gap is no pause.
    expect(await rowsSaidPaused()).toBe(0)

    // Pausing changes no row's status, yet the window hears the four are now held by the pause.
    await core.handlers['campaigns:pause']({ id })
    await waitFor(
      async () => lastSaid()?.pausedQueued,
      (n) => n === 4
    )
    expect(lastSaid()?.counts.queued).toBe(4)
    expect((await bootstrapped()).pausedQueued).toBe(4)
    expect(snapshots.at(-1)?.pausedQueued).toBe(4)
    expect(await rowsSaidPaused()).toBe(4)

    await core.handlers['campaigns:resume']({ id })
    await waitFor(
      async () => lastSaid()?.pausedQueued,
      (n) => n === 0
    )
    expect((await bootstrapped()).pausedQueued).toBe(0)
    expect(snapshots.at(-1)?.pausedQueued).toBe(0)
    expect(await rowsSaidPaused()).toBe(0)

    // "Pause sending" holds every queued row, whoever queued it.
    await core.handlers['outbox:setPaused']({ paused: true })
    await waitFor(
      async () => lastSaid()?.pausedQueued,
      (n) => n === 4
    )
    expect((await bootstrapped()).pausedQueued).toBe(4)
    // A campaign paused as well is not counted twice.
    await core.handlers['campaigns:pause']({ id })
    expect((await bootstrapped()).pausedQueued).toBe(4)
  })

  it('counts the queued rows on a device the operator paused', async () => {
    const deviceId = await linkedDevice()
    await core.handlers['outbox:setPaused']({ paused: true, deviceId })
    const phones = Array.from({ length: 3 }, (_, i) => `0812345672${i}0`)
    await startedCampaign(core, deviceId, 'held', phones)
    const counts = await waitFor(
      () => core.handlers['outbox:counts']({}),
      (c) => c.queued === 3
    )
    expect(counts.queued).toBe(3)
    expect((await core.handlers['app:bootstrap']({})).pausedQueued).toBe(3)
  })

  // QA62: a campaign outside its working hours read "9 waiting now" on the Overview: its rows are said held for them.
  it('counts the queued rows a campaign holds outside its working hours, and none of them while all is paused', async () => {
    const deviceId = await linkedDevice()
    const said: EventPayload<'outbox:countsChanged'>[] = []
    core.events.subscribe((event, payload) => {
      if (event === 'outbox:countsChanged') said.push(payload as EventPayload<'outbox:countsChanged'>)
    })
    // Half an hour that starts two hours from now, on UTC's clock: closed now.
    const opens = (new Date().getUTCHours() + 2) % 24
    const hours = {
      start: `${String(opens).padStart(2, '0')}:00`,
      end: `${String(opens).padStart(2, '0')}:30`
    }
    const phones = Array.from({ length: 3 }, (_, i) => `0812345673${i}0`)
    const id = await startedCampaign(core, deviceId, 'later', phones, {
      ...QUICK_PACING,
      workingHours: { ...hours, timeZone: 'UTC' }
    })
    await waitFor(
      () => core.handlers['campaigns:get']({ id }),
      (c) => c.devices[0]?.wait?.code === 'outside_hours'
    )
    const held = await waitFor(
      async () => said.at(-1)?.pacedQueued,
      (paced) => paced?.outsideHours === 3
    )
    expect(held).toEqual({ outsideHours: 3, dailyCap: 0 })
    expect((await core.handlers['app:bootstrap']({})).pacedQueued).toEqual({ outsideHours: 3, dailyCap: 0 })
    expect((await core.handlers['app:bootstrap']({})).pausedQueued).toBe(0)
    // All sending paused: the pause holds them, counted once.
    await core.handlers['outbox:setPaused']({ paused: true })
    const paused = await core.handlers['app:bootstrap']({})
    expect(paused.pausedQueued).toBe(3)
    expect(paused.pacedQueued).toEqual({ outsideHours: 0, dailyCap: 0 })
  })
})

// A draft's rows were checked for the same message at create only, and its start took no sendRecent.
describe('the same message at a draft’s start, through the contract', () => {
  it('leaves out the numbers the same message is in line for, and sends to them when the start says sendRecent', async () => {
    const deviceId = await linkedDevice()
    const csv = Buffer.from(['Name,Phone', 'Ani,081234567801', 'Budi,081234567802'].join('\n')).toString(
      'base64'
    )
    const draft = async (name: string): Promise<string> => {
      const { sheetId } = await core.handlers['campaigns:read'](await registeredSheet('promo.csv', csv))
      const created = await core.handlers['campaigns:create']({
        sheetId,
        name,
        mapping: { phone: 'Phone', variables: ['Name'] },
        template: 'Promo for {Name}',
        pacing: QUICK_PACING,
        devices: [deviceId]
      })
      // Nothing was sent or in line when they were made.
      expect(created.summary).toMatchObject({ ready: 2, skipped: 0 })
      return created.id
    }
    const [first, second, third] = [
      await draft('Promo'),
      await draft('Promo again'),
      await draft('Promo once more')
    ]
    await core.handlers['campaigns:start']({ id: first })
    // Started right after the first: its messages are in line or with the gateway.
    expect(await invoke('campaigns:start', { id: second })).toMatchObject({
      ok: true,
      // QA73: still waiting for it in the first campaign, not got it.
      value: {
        summary: {
          ready: 0,
          skipped: 2,
          byProblem: { same_message_waiting: 2 },
          sameMessageWaitingIn: 'Promo'
        }
      }
    })
    expect(await invoke('campaigns:start', { id: third, sendRecent: true })).toMatchObject({
      ok: true,
      value: { summary: { ready: 2, skipped: 0 } }
    })
    for (const id of [first, third])
      await waitFor(
        () => core.handlers['campaigns:get']({ id }),
        (c) => c.status === 'finished'
      )
    const { messages } = await core.handlers['sandbox:sent']({ deviceId, limit: 10 })
    expect(messages.map((m) => m.phone).sort()).toEqual([
      '6281234567801',
      '6281234567801',
      '6281234567802',
      '6281234567802'
    ])
  })

  // The draft's "Before you start" showed the counts stored at create: a row that only matched once another campaign
  // started was set aside at Start without the panel having offered to send to it again.
  it('reads a draft as a start now would find it, without changing a row, and gives its covered part an end', async () => {
    const deviceId = await linkedDevice()
    const csv = Buffer.from(['Name,Phone', 'Ani,081234567811', 'Budi,081234567812'].join('\n')).toString(
      'base64'
    )
    const draft = async (name: string): Promise<string> => {
      const { sheetId } = await core.handlers['campaigns:read'](await registeredSheet('promo.csv', csv))
      const created = await core.handlers['campaigns:create']({
        sheetId,
        name,
        mapping: { phone: 'Phone', variables: ['Name'] },
        template: 'Promo for {Name}',
        pacing: QUICK_PACING,
        devices: [deviceId]
      })
      return created.id
    }
    const [first, second] = [await draft('Promo'), await draft('Promo again')]
    const before = await core.handlers['campaigns:checkDraft']({ id: second })
    expect(before.campaign.summary).toMatchObject({ ready: 2, skipped: 0 })
    expect(before.campaign.summary.sentRecently).toBeUndefined()
    await core.handlers['campaigns:start']({ id: first })
    const now = await core.handlers['campaigns:checkDraft']({ id: second })
    expect(now.campaign.summary).toMatchObject({
      ready: 0,
      skipped: 2,
      byProblem: { same_message_waiting: 2 },
      sentRecently: 2,
      sameMessageWaitingIn: 'Promo'
    })
    expect(now.campaign.counts).toMatchObject({ waiting: 0, skipped: 2 })
    // Nothing to send unless the operator sends to them again: then both, with an end.
    expect(now.estimate.finishAt).toBeNull()
    const again = await core.handlers['campaigns:checkDraft']({ id: second, sendRecent: true })
    expect(again.estimate.finishAt).not.toBeNull()
    expect(again.estimate.quotaFinish.kind).not.toBe('waits_for_quota')
    // A read: the draft's stored rows are as they were.
    expect((await core.handlers['campaigns:get']({ id: second })).summary).toMatchObject({
      ready: 2,
      skipped: 0
    })
    // A started campaign has nothing for "Before you start" to read.
    expect(await invoke('campaigns:checkDraft', { id: first })).toMatchObject({
      ok: false,
      error: { code: 'invalid_state' }
    })
  })
})
