// Campaigns on the real outbox with a fake gateway and a fake clock: paced sends, working hours, pause/resume,
// cancel with a report, auto-pause on failures, and a crash mid-campaign (no resend, no burst).
import { EventEmitter } from 'node:events'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { finishEstimate, isFormulaLike } from '../../../shared/domain'
import { coreText, decodeNote, encodeNote, translateNote } from '../../../shared/i18n/notes'
// The full tables: Indonesian too, as the window and the CLI have them.
import '../../../shared/i18n'
import { CSV_FORMULA_TRIGGERS } from '../../../shared/domain/csv-export.cases'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { betweenTurns } from '../testing/event-loop'
import { yieldToEventLoop } from '../outbox/turns'
import {
  copyCampaignFiles,
  createCampaigns,
  ESTIMATE_FRESH_MS,
  FIRST_ROTATION_MOVES,
  SYNC_ESTIMATE_ROWS,
  type Campaigns
} from './campaigns'
import { FileHandles } from '../files'
import { newTextItem } from '../store/testing/new-item'
import { fileEntryOf, type FileEntry } from '../outbox'
import type { DeviceMonitor } from '../devices'
import { ROWS_PER_SLICE } from './check'
import { resultsTable } from './export'
import { DEFAULT_PACING, type PacingPolicy } from './pacing'
import { CampaignStore, type CampaignRecord, type CampaignRowRecord } from '../store'
import { SheetRows, type Sheet } from './spreadsheet'
import { CampaignView, type OutboxItemView } from '../../../shared/contract'

function sheetOf(count: number, extra: string[][] = []): Sheet {
  const rows = Array.from({ length: count }, (_, i) => [`Customer ${i + 1}`, `08123456${String(7000 + i)}`])
  return {
    headers: ['Name', 'Phone'],
    rows: SheetRows.of([...rows, ...extra].map((cells, i) => ({ rowNumber: i + 2, cells }))),
    format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
  }
}

const PACING: PacingPolicy = {
  ...DEFAULT_PACING,
  minDelaySeconds: 5,
  maxDelaySeconds: 10,
  batchSize: 5,
  batchPauseMinutes: 2,
  workingHours: { start: '08:00', end: '20:00', timeZone: 'Asia/Jakarta' }
}

let fixture: OutboxFixture
let campaigns: Campaigns

async function setUp(pacing?: Partial<PacingPolicy>): Promise<{ id: string }> {
  // The campaigns plug their pacing policy into the queue, as in compose.
  fixture = makeFixture()
  campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
  const view = await campaigns.create({
    name: 'January bills',
    fileName: 'bills.csv',
    sheet: sheetOf(12, [
      ['Broken', '123'],
      ['Twin', '081234567000']
    ]),
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: '{Halo|Hai} {Name}, your bill is ready',
    pacing: { ...PACING, ...pacing },
    devices: ['dev-1']
  })
  return { id: view.id }
}

afterEach(async () => {
  await fixture.outbox.stop()
  fixture.close()
})

const campaignsDeps = () => ({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })

const bigCampaign = (size: number) => ({
  name: 'Big bills',
  fileName: 'big.csv',
  sheet: sheetOf(size),
  mapping: { phone: 'Phone', variables: ['Name'] },
  template: 'Bill for {Name}',
  pacing: PACING,
  devices: ['dev-1']
})

/**
 * A started four-row campaign on dev-1 whose service follows a device monitor the test drives (its `stateChanged`
 * events, as the app's monitor emits them), with `deps` added.
 */
async function startFollowingMonitor(
  deps: Partial<Parameters<typeof createCampaigns>[0]>
): Promise<{ monitor: EventEmitter; id: string }> {
  const monitor = new EventEmitter()
  fixture = makeFixture()
  campaigns = createCampaigns({
    ...campaignsDeps(),
    monitor: monitor as unknown as Pick<DeviceMonitor, 'on'>,
    ...deps
  })
  const { id } = await campaigns.create(bigCampaign(4))
  await campaigns.start(id)
  return { monitor, id }
}

/** Rows stored on disk for a campaign (null: all campaigns), whatever its status. */
function rowsOf(campaignId: string | null): number {
  const row =
    campaignId === null
      ? fixture.db.prepare('SELECT count(*) AS n FROM campaign_rows').get()
      : fixture.db.prepare('SELECT count(*) AS n FROM campaign_rows WHERE campaign_id = ?').get(campaignId)
  return (row as { n: number }).n
}

const tryGet = (id: string): boolean => {
  try {
    campaigns.get(id)
    return true
  } catch {
    return false
  }
}

const errorCode = (error: unknown): string => (error as { code?: string }).code ?? String(error)

const campaignRecord = (id: string): CampaignRecord => ({
  id,
  name: id,
  fileName: 'left.csv',
  headers: ['Name', 'Phone'],
  mapping: { phone: 'Phone', variables: ['Name'] },
  template: 'Hi {Name}',
  pacing: PACING,
  devices: ['dev-1'],
  seed: 1,
  status: 'draft',
  createdAt: 0,
  updatedAt: 0,
  startedAt: null,
  attachmentName: null,
  blankRows: null
})

const campaignRow = (rowNumber: number): CampaignRowRecord => ({
  rowNumber,
  phone: `62812345${String(10_000 + rowNumber)}`,
  phoneCell: '',
  values: { Name: 'x' },
  message: 'Hi x',
  problems: [],
  itemId: null,
  deviceId: null
})

const sendTimes = (): number[] => fixture.gateway.messages.map((m) => m.acceptedAt)
const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - (times[i] ?? 0))

/** Campaign `setUp()` made and started, run until its first two rows are sent: its id. */
async function startedTwoSent(): Promise<string> {
  const { id } = await setUp()
  await fixture.outbox.start()
  await campaigns.start(id)
  await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
  return id
}

/** The outbox items of campaign `id`'s rows still queued. */
const queuedItemsOf = (id: string): string[] =>
  campaigns
    .results(id)
    .filter((r) => r.status === 'queued')
    .map((r) => r.itemId ?? '')

/** The app starts again: a new outbox and a new campaigns service on the same database. */
async function restart(deps: Partial<Parameters<typeof createCampaigns>[0]> = {}): Promise<void> {
  fixture.crash()
  await fixture.clock.advance(2000)
  const reopened = fixture.reopen()
  campaigns = createCampaigns({ db: fixture.db, queue: reopened.queue, clock: fixture.clock, ...deps })
  await reopened.start()
}

describe('campaigns on the outbox', () => {
  it('never starts a campaign made with a file as text only (the file is lost after a restart until attached again)', async () => {
    await setUp()
    const withFile = await campaigns.create({
      name: 'Invoices',
      fileName: 'bills.csv',
      sheet: sheetOf(2),
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Invoice for {Name}',
      pacing: PACING,
      devices: ['dev-1'],
      attachmentName: 'invoice.pdf'
    })
    expect(withFile.attachmentName).toBe('invoice.pdf')
    await expect(campaigns.start(withFile.id)).rejects.toThrow(/Attach invoice.pdf again/)
    expect(campaigns.get(withFile.id)).toMatchObject({ status: 'draft', counts: { queued: 0, waiting: 2 } })
    expect(fixture.outbox.counts().total).toBe(0)
  })

  // QA4 F22: a campaign left unnamed took its file's name as it was, two "promo3" side by side.
  it('names an unnamed campaign after its file, numbered past the campaigns that have that name', async () => {
    await setUp()
    const unnamed = () => campaigns.create({ ...bigCampaign(1), name: '  ', fileName: 'promo3.csv' })
    // Without its extension, as the window names it by default (one rule: campaignNameFromFile).
    expect((await unnamed()).name).toBe('promo3')
    expect((await unnamed()).name).toBe('promo3 (2)')
    // A name the caller gives is kept as given, even a repeat (the window warns about it at the field).
    expect((await campaigns.create({ ...bigCampaign(1), name: 'promo3' })).name).toBe('promo3')
    expect((await unnamed()).name).toBe('promo3 (3)')
  })

  it('queues only the ready rows and sends them within the policy: gaps, batch pauses, the preview text', async () => {
    const { id } = await setUp()
    const draft = campaigns.get(id)
    expect(draft.summary).toEqual({
      total: 14,
      ready: 12,
      skipped: 2,
      byProblem: { invalid_phone: 1, duplicate: 1 }
    })
    const preview = campaigns.results(id).map((r) => r.message)
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 12, { stepMs: 1000 })
    const texts = fixture.gateway.messages.map((m) => m.text)
    expect(texts).toEqual(preview.slice(0, 12))
    const measured = gaps(sendTimes())
    // After every 5th send a 2-minute batch pause; otherwise 5–10 s (measured in whole fake-clock steps).
    measured.forEach((gap, i) => {
      if ((i + 1) % 5 === 0) expect(gap).toBeGreaterThanOrEqual(120_000)
      else {
        expect(gap).toBeGreaterThanOrEqual(5_000)
        expect(gap).toBeLessThanOrEqual(11_000)
      }
    })
    expect(new Set(fixture.gateway.messages.map((m) => m.phone)).size).toBe(12)
    campaigns.settle(id)
    expect(campaigns.get(id).status).toBe('finished')
  })

  it("notes each queued row in the operator's words: the campaign and its row, by key, not English prose (QA28 Q28-04)", async () => {
    const { id } = await setUp()
    await campaigns.start(id)
    const first = campaigns.results(id).find((r) => r.itemId)
    const queued = fixture.outbox.get(first?.itemId ?? '').history[0]
    expect(queued?.noteKey).toBe('desktop.note.campaignRow')
    expect(queued?.noteParams).toEqual({ name: 'January bills', row: first?.rowNumber })
    expect(translateNote('id', encodeNote('desktop.note.campaignRow', { name: 'Delapan', row: 9 }))).toBe(
      'kampanye "Delapan", baris 9'
    )
  })

  it('estimates the end after the batch pause its device is in, not as if the rows left could go now (QA12 Q12-07)', async () => {
    const { id } = await setUp()
    await fixture.outbox.start()
    await campaigns.start(id)
    // Ten of twelve sent: two batches of five, and the second batch's pause has begun.
    await fixture.runUntil(() => fixture.gateway.messages.length === 10, { stepMs: 1000 })
    const running = campaigns.get(id)
    const wait = running.devices[0]?.wait
    expect(wait?.code).toBe('batch_pause')
    // The two rows left go after the pause: the estimate said the end came minutes before the pause's.
    expect(running.estimate.finishAt).toBeGreaterThan(wait?.until ?? Infinity)
  })

  // QA59: cap 4 and 5 rows, its pre-send summary said tomorrow; started, it said today until the cap was reached.
  it('holds a running campaign’s estimate to its daily cap, counting what it sent today', async () => {
    const { id } = await setUp({ dailyCapPerDevice: 11, batchPauseMinutes: 0 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    const running = campaigns.get(id)
    // Twelve rows, two sent: nine more today make eleven, the last goes tomorrow (Jakarta's, the hours' zone).
    expect(running.counts.waiting + running.counts.queued).toBe(10)
    const hour = 3_600_000
    const jakartaMidnight =
      (Math.floor((fixture.clock.now() + 7 * hour) / (24 * hour)) + 1) * 24 * hour - 7 * hour
    expect(running.estimate.finishAt).toBeGreaterThan(jakartaMidnight)
  })

  it('counts a send in doubt that the gateway never got once, when it goes again: its batch is not cut short by a second pause (QA12 Q12-07)', async () => {
    // A pause far longer than a report check: a pause too many shows as a gap of its length.
    const { id } = await setUp({ batchPauseMinutes: 10, workingHours: null })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 4, { stepMs: 1000 })
    // The fifth send meets a 502 before the gateway took it: in doubt, then found not received and sent again.
    fixture.gateway.fail({ op: 'send', deviceId: 'dev-1', code: 'server_error' })
    await fixture.runUntil(() => fixture.gateway.messages.length === 12, { stepMs: 1000, maxSteps: 5000 })
    const measured = gaps(sendTimes())
    // Batches of five messages the gateway got, a pause after each: the resend closes the first batch, it does not
    // make one of its own (a pause before it, as if the batch had been sent, and another after it).
    const pauses = measured.flatMap((gap, i) => (gap >= 10 * 60_000 ? [i + 1] : []))
    expect(pauses).toEqual([5, 10])
  })

  it('never names a rest as a campaign already is: two drafts of one name split are told apart in the list', async () => {
    const { id } = await setUp()
    // The operator kept a repeat of the name (the window warns, and lets it be).
    const twin = await campaigns.create({ ...bigCampaign(12), name: 'January bills' })
    const first = campaigns.split(id, 5, 'January bills (rest)').rest
    // The window names a rest past the names it knows; a name it sends that is taken by now is numbered all the same.
    const second = campaigns.split(twin.id, 5, 'january BILLS (rest)').rest
    expect(first.name).toBe('January bills (rest)')
    expect(second.name.toLowerCase()).not.toBe(first.name.toLowerCase())
    expect(second.name).toBe('january BILLS (rest) (2)')
  })

  it('splits a draft on a shortfall: it keeps the first ready rows to send now, a new draft takes the rest', async () => {
    const { id } = await setUp()
    const before = campaigns.results(id)
    const { kept, rest } = campaigns.split(id, 5, 'January bills (rest)')
    // The skipped rows stay with the campaign they were checked in (its proof and skipped export name them).
    expect(kept.summary).toEqual({
      total: 7,
      ready: 5,
      skipped: 2,
      byProblem: { invalid_phone: 1, duplicate: 1 }
    })
    expect(rest).toMatchObject({
      name: 'January bills (rest)',
      status: 'draft',
      template: kept.template,
      pacing: kept.pacing,
      summary: { total: 7, ready: 7, skipped: 0 }
    })
    // Each row keeps its spreadsheet row number and the message the preview showed.
    const moved = campaigns.results(rest.id)
    expect(moved.map((r) => r.rowNumber)).toEqual([7, 8, 9, 10, 11, 12, 13])
    expect(moved.map((r) => r.message)).toEqual(
      before.filter((r) => r.rowNumber >= 7 && r.rowNumber <= 13).map((r) => r.message)
    )
    expect(
      campaigns
        .list()
        .map((c) => c.id)
        .sort()
    ).toEqual([id, rest.id].sort())

    await campaigns.start(id)
    expect(campaigns.get(id).counts.queued).toBe(5)
    expect(fixture.outbox.counts().total).toBe(5)
    expect(campaigns.get(rest.id).status).toBe('draft')
    await campaigns.start(rest.id)
    expect(fixture.outbox.counts().total).toBe(12)

    // Only a draft splits, and only into two campaigns that each keep at least one ready row.
    const refusal = (work: () => unknown): unknown => {
      try {
        work()
      } catch (error) {
        return error
      }
      return null
    }
    expect(errorCode(refusal(() => campaigns.split(id, 2, 'x')))).toBe('invalid_state')
    const other = await campaigns.create(bigCampaign(12))
    for (const keep of [0, 12, 13, 1.5])
      expect(errorCode(refusal(() => campaigns.split(other.id, keep, 'x'))), String(keep)).toBe(
        'invalid_input'
      )
    expect(campaigns.get(other.id).summary.ready).toBe(12)
    expect(campaigns.list()).toHaveLength(3)
  })

  it('starts once when Start is pressed twice: the second start queues nothing and says it already runs', async () => {
    const { id } = await setUp()
    // A start writes its items after a yield (fenced chunks), so both calls pass the draft check before either writes.
    const results = await Promise.allSettled([campaigns.start(id), campaigns.start(id)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(fixture.outbox.counts().total).toBe(12)
    expect(campaigns.get(id)).toMatchObject({ status: 'running', counts: { queued: 12 } })

    // A start large enough to be written in several chunks: the loser's chunks are rolled back, not left fenced.
    const large = await campaigns.create({
      name: 'February bills',
      fileName: 'bills.csv',
      sheet: sheetOf(450),
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Bill for {Name}',
      pacing: PACING,
      devices: ['dev-1']
    })
    const again = await Promise.allSettled([campaigns.start(large.id), campaigns.start(large.id)])
    expect(again.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(fixture.outbox.counts().total).toBe(12 + 450)
    expect(fixture.db.prepare('SELECT count(*) AS n FROM outbox_items').get()).toEqual({ n: 12 + 450 })
  })

  it('reads a large draft for its start a slice at a time, with turns of the event loop between', async () => {
    await setUp()
    const size = 2 * ROWS_PER_SLICE + 1
    const { id } = await campaigns.create({ ...bigCampaign(size), name: 'March bills' })
    const reads = vi.spyOn(CampaignStore.prototype, 'unqueuedReadyRows')
    // How many reads there were, as each turn of the event loop sees it.
    const seen: number[] = []
    await betweenTurns(campaigns.start(id), () => seen.push(reads.mock.calls.length))
    const pages = reads.mock.results.map((r) => (r.value as unknown[]).length)
    reads.mockRestore()
    expect(pages).toEqual([ROWS_PER_SLICE, ROWS_PER_SLICE, 1])
    // The first read is in the call itself; a turn passes after each of the others.
    expect(seen).toEqual(expect.arrayContaining([2, 3]))
    expect(campaigns.get(id)).toMatchObject({ status: 'running', counts: { waiting: 0 } })
  })

  /**
   * A 450-row draft whose start died between chunks: one fails part way (a full disk) and so does its rollback, which
   * leaves what a process killed there leaves, an open batch with the chunks written so far, their rows linked.
   */
  async function startDiedBetweenChunks(): Promise<string> {
    const { id } = await campaigns.create({ ...bigCampaign(450), name: 'February bills' })
    fixture.db.exec(`
      CREATE TEMP TRIGGER disk_full BEFORE INSERT ON outbox_items WHEN NEW.producer_ref = 400
        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
      CREATE TEMP TRIGGER no_rollback BEFORE DELETE ON outbox_items
        BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;`)
    await expect(campaigns.start(id)).rejects.toThrow(/disk is full/)
    fixture.db.exec('DROP TRIGGER disk_full; DROP TRIGGER no_rollback')
    return id
  }

  it('shows no row of a draft cancelled after its start died as queued or given to a device', async () => {
    await setUp()
    const id = await startDiedBetweenChunks()
    campaigns.cancel(id)
    expect(campaigns.results(id).every((r) => r.itemId === null && r.deviceId === null)).toBe(true)
    expect(campaigns.get(id)).toMatchObject({ status: 'cancelled', counts: { queued: 0, cancelled: 0 } })
  })

  it('leaves a draft with nothing queued when a start dies between chunks; the next start queues every row once', async () => {
    await setUp()
    const id = await startDiedBetweenChunks()
    const linked = (): number =>
      (
        fixture.db
          .prepare('SELECT count(*) AS n FROM campaign_rows WHERE campaign_id = ? AND item_id IS NOT NULL')
          .get(id) as { n: number }
      ).n
    expect(linked()).toBeGreaterThan(0)
    // Still a draft, and nothing of it shows as queued: its links mean nothing until a start commits.
    expect(campaigns.get(id)).toMatchObject({ status: 'draft', counts: { waiting: 450, queued: 0 } })
    expect(campaigns.results(id).every((r) => r.itemId === null && r.status === null)).toBe(true)

    // The next start of the app rolls the batch back; starting the draft again queues each row once.
    fixture.reopen()
    fixture.outbox.setPaused(true) // what is queued stays queued, to be counted
    await fixture.outbox.start()
    expect(fixture.db.prepare('SELECT count(*) AS n FROM outbox_items').get()).toEqual({ n: 0 })
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    await campaigns.start(id)
    expect(campaigns.get(id)).toMatchObject({ status: 'running', counts: { queued: 450, waiting: 0 } })
    const items = new Set(campaigns.results(id).map((r) => r.itemId))
    expect(items.size).toBe(450)
    expect(fixture.db.prepare('SELECT count(*) AS n FROM outbox_items').get()).toEqual({ n: 450 })
    expect([...items].every((itemId) => fixture.outbox.get(itemId ?? '').item.status === 'queued')).toBe(true)
  })

  it('creates from a large sheet in slices: other work gets the core while its rows are checked and rendered', async () => {
    await setUp()
    const size = 3 * ROWS_PER_SLICE + 1
    // Each turn of the event loop while it runs is a turn the create gave up its thread.
    const working = campaigns.create({
      name: 'March bills',
      fileName: 'bills.csv',
      sheet: sheetOf(size),
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Bill for {Name}',
      pacing: PACING,
      devices: ['dev-1']
    })
    const turns = await betweenTurns(working)
    const { id } = await working
    // Three turns in the check and three while the rows' messages are rendered.
    expect(turns).toBeGreaterThanOrEqual(6)
    const rows = campaigns.results(id)
    expect(rows).toHaveLength(size)
    expect(rows.at(-1)).toMatchObject({
      values: { Name: `Customer ${size}` },
      message: `Bill for Customer ${size}`
    })
  })

  it('refuses, in words the window can translate, a create that another start rolled back while it was written', async () => {
    await setUp()
    const creator = createCampaigns({ ...campaignsDeps(), newId: () => 'gone' })
    const create = creator.create(bigCampaign(20_000))
    // Between two chunks, another start takes the hidden campaign for abandoned (its pid reused) and deletes it.
    await betweenTurns(create, () => {
      const stored = fixture.db.prepare("SELECT status FROM campaigns WHERE id = 'gone'").get() as
        { status: string } | undefined
      if (stored?.status === 'importing') fixture.db.prepare("DELETE FROM campaigns WHERE id = 'gone'").run()
    }).catch(() => undefined)
    await expect(create).rejects.toMatchObject({
      name: 'CampaignError',
      code: 'invalid_state',
      text: { key: 'desktop.error.campaignRolledBack' }
    })
  })

  it('writes a 20,000-row create in chunks that yield; nothing lists, shows, starts or exports it before the last', async () => {
    await setUp()
    const creator = createCampaigns({ ...campaignsDeps(), newId: () => 'big' })
    const size = 20_000
    const seen: { written: number; listed: boolean; shown: boolean }[] = []
    const refusals: Promise<unknown>[] = []
    const create = creator.create(bigCampaign(size))
    const turns = await betweenTurns(create, () => {
      // Only while it is being written: once a draft (the create then works out its estimate), it may be seen.
      const stored = fixture.db.prepare("SELECT status FROM campaigns WHERE id = 'big'").get() as
        { status: string } | undefined
      if (stored?.status !== 'importing') return
      const written = rowsOf('big')
      seen.push({
        written,
        listed: campaigns.list().some((c) => c.id === 'big'),
        shown: tryGet('big')
      })
      refusals.push(campaigns.start('big').then(() => 'started', errorCode))
      refusals.push(campaigns.exportResults('big', 'csv').then(() => 'exported', errorCode))
    })
    // The event loop turned while the rows were partly written, and nobody saw any of them.
    expect(turns).toBeGreaterThan(0)
    expect(seen.some((s) => s.written > 0 && s.written < size)).toBe(true)
    expect(seen.every((s) => !s.listed && !s.shown)).toBe(true)
    expect(new Set(await Promise.all(refusals))).toEqual(new Set(['not_found']))
    expect(fixture.outbox.counts().total).toBe(0)

    const view = await create
    expect(view).toMatchObject({
      id: 'big',
      status: 'draft',
      summary: { total: size },
      counts: { waiting: size }
    })
    expect(campaigns.list().map((c) => c.id)).toContain('big')
  })

  it('leaves nothing of a create that fails part way, and says why', async () => {
    await setUp()
    const before = rowsOf(null)
    // A full disk (or any write error) at a row well past the first chunks.
    fixture.db.exec(
      `CREATE TEMP TRIGGER disk_full BEFORE INSERT ON campaign_rows WHEN NEW.row_number = 15000
       BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END`
    )
    const creator = createCampaigns({ ...campaignsDeps(), newId: () => 'doomed' })
    let written = 0
    const create = creator.create(bigCampaign(20_000))
    await betweenTurns(
      create.catch(() => undefined),
      () => {
        written = Math.max(written, rowsOf('doomed'))
      }
    )
    await expect(create).rejects.toThrow(/disk is full/)
    // Chunks had committed before the failing one; they are gone, with the campaign.
    expect(written).toBeGreaterThan(1000)
    expect(rowsOf('doomed')).toBe(0)
    expect(rowsOf(null)).toBe(before)
    expect(fixture.db.prepare("SELECT count(*) AS n FROM campaigns WHERE id = 'doomed'").get()).toEqual({
      n: 0
    })
    expect(campaigns.list().map((c) => c.id)).not.toContain('doomed')
  })

  it('rolls back at the next open a create a crash cut short, and leaves alone one another live process is writing', async () => {
    await setUp()
    const DEAD_PID = 999_999_001
    const LIVE_PID = 999_999_002
    // What a crash part way leaves: a campaign still importing, with some of its rows.
    const store = new CampaignStore(fixture.db)
    const halfWritten = (id: string, pid: number, rows: number): void => {
      store.beginImport(campaignRecord(id), pid)
      store.insertImportRows(
        id,
        Array.from({ length: rows }, (_, i) => campaignRow(i + 2))
      )
    }
    halfWritten('crashed', DEAD_PID, 1_234)
    halfWritten('pid-reused', process.pid, 10) // this process's pid, but no create of its own runs
    halfWritten('cli-writing', LIVE_PID, 300)
    expect(campaigns.list().map((c) => c.id)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/crashed|pid-reused|cli-writing/)])
    )

    const reopened = createCampaigns({ ...campaignsDeps(), isProcessAlive: (pid) => pid === LIVE_PID })
    expect(await reopened.abandonedImportsDiscarded).toBe(2)
    expect([rowsOf('crashed'), rowsOf('pid-reused'), rowsOf('cli-writing')]).toEqual([0, 0, 300])
    const left = fixture.db.prepare('SELECT id FROM campaigns ORDER BY id').all() as { id: string }[]
    expect(left.map((c) => c.id)).toEqual(expect.arrayContaining(['cli-writing']))
    expect(left.map((c) => c.id)).not.toEqual(expect.arrayContaining(['crashed']))
    expect(left.map((c) => c.id)).not.toEqual(expect.arrayContaining(['pid-reused']))
    // Still hidden while its writer runs.
    expect(reopened.list().map((c) => c.id)).not.toContain('cli-writing')
    expect(() => reopened.get('cli-writing')).toThrow(/cli-writing/)
  })

  it('waits outside working hours and says until when', async () => {
    const { id } = await setUp()
    // 21:00 in Jakarta.
    fixture.clock.jump(Date.parse('2026-01-15T14:00:00Z') - fixture.clock.now())
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.clock.advance(60_000)
    expect(fixture.gateway.messages).toHaveLength(0)
    expect(campaigns.get(id).devices[0]?.wait).toEqual({
      code: 'outside_hours',
      until: Date.parse('2026-01-16T01:00:00Z')
    })
    await fixture.runUntil(() => fixture.gateway.messages.length === 1, { stepMs: 60_000, maxSteps: 1000 })
    expect(fixture.gateway.messages[0]?.acceptedAt).toBe(Date.parse('2026-01-16T01:00:00Z'))
  })

  // QA15 Q15-05: a split's first part read "sending" for a minute while its hours were closed: its rows, behind
  // another campaign's, had not had their turn yet, and only a turn recorded the wait.
  it('says it waits for its working hours from the start, before any of its rows has had a turn', async () => {
    const { id } = await setUp()
    // 21:00 in Jakarta; the outbox is not running, so no row is asked about.
    fixture.clock.jump(Date.parse('2026-01-15T14:00:00Z') - fixture.clock.now())
    await campaigns.start(id)
    expect(campaigns.get(id).devices[0]?.wait).toEqual({
      code: 'outside_hours',
      until: Date.parse('2026-01-16T01:00:00Z')
    })
    // Inside its hours a device with no wait recorded is not said to wait.
    fixture.clock.jump(Date.parse('2026-01-16T02:00:00Z') - fixture.clock.now())
    expect(campaigns.get(id).devices[0]?.wait).toBeNull()
  })

  it('ends when the pre-send summary said it would: the check estimates with the seed the campaign gets', async () => {
    // QA N12: "08:00" in the summary, "08:01" on the Overview for the same rows (the check used another seed).
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    // 21:00 in Jakarta: the rows wait for 08:00, then go with the campaign's own gaps.
    fixture.clock.jump(Date.parse('2026-01-15T14:00:00Z') - fixture.clock.now())
    const rows = 12
    const promised = await campaigns.estimateBeforeCreate({
      pacing: PACING,
      seedKey: 'sheet-7',
      rows,
      devices: 1
    })
    const { id } = await campaigns.create({ ...bigCampaign(rows), seedKey: 'sheet-7' })
    await campaigns.start(id)
    expect(promised.finishAt).not.toBeNull()
    expect(campaigns.get(id).estimate.finishAt).toBe(promised.finishAt)
  })

  it('holds a new campaign to what other producers already queued on its number today (QA28 Q28-07)', async () => {
    // Another campaign's 7 rows wait on dev-1 (cap 8, none sent yet): the summary promised "8 left today" and an end
    // today for 6 more, while only 1 more could go today.
    fixture = makeFixture({ dayZoneOf: () => 'UTC' })
    const cap = (): number => 8
    fixture.outbox.addDeviceBudget(cap)
    campaigns = createCampaigns({
      ...campaignsDeps(),
      budgetOf: (id) => fixture.outbox.budgetOf(id, cap),
      waitingToday: (id) => fixture.outbox.waitingToday(id)
    })
    fixture.clock.jump(Date.parse('2026-11-30T18:00:00Z') - fixture.clock.now())
    const at = fixture.clock.now()
    await fixture.outbox.add([
      ...Array.from({ length: 7 }, (_, i) =>
        newTextItem(`other-${i}`, {
          deviceId: 'dev-1',
          recipient: `6281200000${i}`,
          queuedAt: at,
          createdAt: at
        })
      ),
      // Not today's: scheduled for tomorrow, and on another device.
      newTextItem('tomorrow', {
        deviceId: 'dev-1',
        status: 'scheduled',
        notBefore: Date.parse('2026-12-01T09:00:00Z'),
        scheduleMode: 'local'
      }),
      newTextItem('elsewhere', { deviceId: 'dev-2' })
    ])
    expect(fixture.outbox.budgetOf('dev-1', cap)).toMatchObject({ sentToday: 0, cap: 8 })
    expect(fixture.outbox.waitingToday('dev-1')).toBe(7)
    const pacing = {
      ...PACING,
      workingHours: null,
      minDelaySeconds: 5,
      maxDelaySeconds: 5,
      batchPauseMinutes: 0
    }
    const promised = await campaigns.estimateBeforeCreate({
      pacing,
      seedKey: 'sheet-busy',
      rows: 6,
      devices: 1,
      deviceIds: ['dev-1']
    })
    // One more today; the other five from the next midnight on.
    expect(promised.finishAt).toBeGreaterThanOrEqual(Date.parse('2026-12-01T00:00:00Z'))
  })

  it("ends when the summary said across a DST change: each of the device's days starts at its budget's midnight", async () => {
    // Berlin leaves summer time on 25 October: that day has 25 hours, and the estimate once began the 26th an hour
    // before the send queue's budget let the device send again.
    fixture = makeFixture({ dayZoneOf: () => 'Europe/Berlin' })
    const oneADay = (): number => 1
    fixture.outbox.addDeviceBudget(oneADay)
    campaigns = createCampaigns({
      ...campaignsDeps(),
      budgetOf: (id) => fixture.outbox.budgetOf(id, oneADay)
    })
    fixture.clock.jump(Date.parse('2026-10-24T10:00:00Z') - fixture.clock.now())
    const pacing = { ...PACING, workingHours: null, minDelaySeconds: 5, maxDelaySeconds: 5 }
    const promised = await campaigns.estimateBeforeCreate({
      pacing,
      seedKey: 'sheet-8',
      rows: 3,
      devices: 1,
      deviceIds: ['dev-1']
    })
    const { id } = await campaigns.create({ ...bigCampaign(3), pacing, seedKey: 'sheet-8' })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 3, {
      stepMs: 10 * 60_000,
      maxSteps: 400
    })
    // One today, one at 00:00 CEST on the 25th, the last at 00:00 CET on the 26th.
    expect(fixture.gateway.messages.map((m) => new Date(m.acceptedAt).toISOString())).toEqual([
      '2026-10-24T10:00:00.000Z',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z'
    ])
    expect(promised.finishAt).toBe(fixture.gateway.messages[2]?.acceptedAt)
  })

  // QA28 Q28-01: at "8 of 8 used" the card said "Sending now" and the row "waiting between sends until <a time gone
  // by>": the number's own daily cap (the send queue's, across campaigns) held them until midnight, unsaid.
  /**
   * A four-row campaign with `workingHours` started at 18:34 UTC on a device whose own cap is 2 a day (UTC), a minute
   * after its two sends: long past the campaign's own gap.
   */
  async function cappedAtTwoADay(
    workingHours: PacingPolicy['workingHours'],
    seedKey: string
  ): Promise<string> {
    fixture = makeFixture({ dayZoneOf: () => 'UTC' })
    const twoADay = (): number => 2
    fixture.outbox.addDeviceBudget(twoADay)
    campaigns = createCampaigns({
      ...campaignsDeps(),
      budgetOf: (id) => fixture.outbox.budgetOf(id, twoADay)
    })
    fixture.clock.jump(Date.parse('2026-11-30T18:34:00Z') - fixture.clock.now())
    const pacing = { ...PACING, workingHours, minDelaySeconds: 3, maxDelaySeconds: 5 }
    const { id } = await campaigns.create({ ...bigCampaign(4), pacing, seedKey })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    await fixture.clock.advance(60_000)
    return id
  }

  it("says its part waits for its device's daily cap until the device's midnight, and so do its rows", async () => {
    const id = await cappedAtTwoADay(null, 'sheet-cap')
    const midnight = Date.parse('2026-12-01T00:00:00Z')
    expect(fixture.gateway.messages).toHaveLength(2)
    expect(campaigns.get(id).devices[0]?.wait).toEqual({ code: 'daily_cap', until: midnight })
    const queued = fixture.outbox.list({ status: ['queued'] }).items
    expect(queued.map((item) => [item.waitReason?.messageKey, item.nextAttemptAt])).toEqual([
      ['desktop.wait.deviceDailyCap', new Date(midnight).toISOString()],
      ['desktop.wait.deviceDailyCap', new Date(midnight).toISOString()]
    ])
    // Its estimate starts the part's rows left at that midnight too.
    expect(campaigns.get(id).estimate.finishAt).toBeGreaterThanOrEqual(midnight)
  })

  // QA61: "Daily cap reached; continues at 7 Dec, 00:00 WIB" for a campaign whose hours open at 08:00.
  it("says its part waits for its device's daily cap until its hours open after the device's midnight", async () => {
    const id = await cappedAtTwoADay({ start: '08:00', end: '20:00', timeZone: 'UTC' }, 'sheet-cap-hours')
    expect(campaigns.get(id).devices[0]?.wait).toEqual({
      code: 'daily_cap',
      until: Date.parse('2026-12-01T08:00:00Z')
    })
  })

  // QA39 Q39-01: while the gateway answered 429 (Retry-After 30 s) the device was held, yet the part read "Sending
  // now" and the Overview "sending"; and nothing told the window when the hold began or ended.
  it('says its part waits for the gateway that asked to slow down, until the next try, and stops after it', async () => {
    fixture = makeFixture()
    // What the window reads at each change notice: the part's wait then.
    const heard: { at: number; code: string | undefined }[] = []
    campaigns = createCampaigns({
      ...campaignsDeps(),
      onChanged: (id) =>
        heard.push({ at: fixture.clock.now(), code: campaigns.get(id).devices[0]?.wait?.code })
    })
    const pacing = { ...PACING, workingHours: null, minDelaySeconds: 3, maxDelaySeconds: 5 }
    const { id } = await campaigns.create({ ...bigCampaign(4), pacing, seedKey: 'sheet-429' })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 1, { stepMs: 1000 })
    fixture.gateway.fail({ op: 'send', deviceId: 'dev-1', code: 'rate_limited', retryAfterMs: 30_000 })
    await fixture.runUntil(() => fixture.gateway.sends('dev-1').length === 2, { stepMs: 1000 })
    const refusedAt = fixture.gateway.sends('dev-1')[1]?.at ?? 0
    await fixture.clock.advance(0)
    expect(campaigns.get(id).devices[0]?.wait).toEqual({ code: 'rate_limited', until: refusedAt + 30_000 })
    // The window is told when the hold begins, not only at the next row's turn.
    expect(heard.filter((h) => h.code === 'rate_limited').map((h) => h.at)).toContain(refusedAt)
    // Its rows in the outbox say so too.
    const queued = fixture.outbox.list({ status: ['queued'] }).items
    expect(queued.map((item) => item.waitReason?.messageKey)).toContain('desktop.wait.gatewayRateLimited')
    // Its estimate starts what is left once the gateway lets it send again.
    expect(campaigns.get(id).estimate.finishAt ?? 0).toBeGreaterThanOrEqual(refusedAt + 30_000)
    heard.length = 0
    await fixture.runUntil(() => fixture.clock.now() >= refusedAt + 30_000, { stepMs: 1000 })
    await fixture.clock.advance(0)
    expect(campaigns.get(id).devices[0]?.wait?.code).not.toBe('rate_limited')
    expect(heard.length).toBeGreaterThan(0)
    await fixture.runUntil(() => fixture.gateway.messages.length === 4, { stepMs: 1000 })
  })

  it("counts an any-time-of-day campaign's daily cap on the device's day, not UTC's (QA23 Q23-01)", async () => {
    // At 00:02 WIB the campaign said "continues at 07:00 WIB" (UTC's midnight) while the device's count had started
    // again at 00:00 WIB: from 05:00 WIB a number could send its cap twice in one local day. A policy stored with no
    // working hours names no zone, as every campaign created before this fix: it counts the device's day too.
    fixture = makeFixture({ dayZoneOf: () => 'Asia/Jakarta' })
    campaigns = createCampaigns(campaignsDeps())
    const pacing = { ...PACING, workingHours: null, dailyCapPerDevice: 3, batchPauseMinutes: 0 }
    pacing.minDelaySeconds = pacing.maxDelaySeconds = 5
    // 05:00 WIB (22:00Z the day before): three today, then the next local midnight.
    fixture.clock.jump(Date.parse('2026-11-30T22:00:00Z') - fixture.clock.now())
    const promised = await campaigns.estimateBeforeCreate({
      pacing,
      seedKey: 'sheet-wib',
      rows: 6,
      devices: 1
    })
    const { id } = await campaigns.create({ ...bigCampaign(6), pacing, seedKey: 'sheet-wib' })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 3, { stepMs: 1000 })
    await fixture.clock.advance(60_000)
    expect(campaigns.get(id).devices[0]?.wait).toMatchObject({
      code: 'daily_cap',
      until: Date.parse('2026-12-01T17:00:00Z')
    })
    await fixture.runUntil(() => fixture.gateway.messages.length === 6, {
      stepMs: 10 * 60_000,
      maxSteps: 400
    })
    const times = fixture.gateway.messages.map((m) => m.acceptedAt)
    expect(new Date(times[3] ?? 0).toISOString()).toBe('2026-12-01T17:00:00.000Z')
    expect(promised.finishAt).toBe(times[5])
  })

  // The campaign's own pacing read its sends from the outbox's items: sent messages deleted from the Outbox mid-campaign
  // (or purged by retention) were sends never made, and the campaign sent its daily cap a second time that day.
  it('holds its daily cap when its sent messages are deleted from the outbox', async () => {
    fixture = makeFixture({ dayZoneOf: () => 'Asia/Jakarta' })
    campaigns = createCampaigns(campaignsDeps())
    const pacing = { ...PACING, workingHours: null, dailyCapPerDevice: 3, batchPauseMinutes: 0 }
    pacing.minDelaySeconds = pacing.maxDelaySeconds = 300
    fixture.clock.jump(Date.parse('2026-11-30T22:00:00Z') - fixture.clock.now())
    const { id } = await campaigns.create({ ...bigCampaign(6), pacing, seedKey: 'sheet-deleted' })
    await fixture.outbox.start()
    await campaigns.start(id)
    // Two sent, reported so, and deleted from the Outbox before the third goes.
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    for (const message of fixture.gateway.messages) fixture.gateway.setStatus(message.id, 'sent')
    await fixture.runUntil(() => campaigns.get(id).counts.sent === 2, { stepMs: 1000 })
    expect(fixture.gateway.messages).toHaveLength(2)
    const sent = campaigns.results(id).flatMap((r) => (r.itemId && r.status === 'sent' ? [r.itemId] : []))
    expect(fixture.outbox.deleteMany(sent).done).toHaveLength(2)
    // The third goes (its gap from the second kept), and the day's cap is spent: nothing more until the device's
    // next midnight, two of its messages deleted or not.
    await fixture.runUntil(() => fixture.gateway.messages.length === 3, { stepMs: 1000, maxSteps: 1000 })
    expect(
      fixture.gateway.messages[2]!.acceptedAt - fixture.gateway.messages[1]!.acceptedAt
    ).toBeGreaterThanOrEqual(300_000)
    await fixture.clock.advance(10 * 60_000)
    await fixture.clock.advance(10 * 60_000)
    expect(campaigns.get(id).devices[0]?.wait).toMatchObject({
      code: 'daily_cap',
      until: Date.parse('2026-12-01T17:00:00Z')
    })
    expect(fixture.gateway.messages).toHaveLength(3)
    await fixture.runUntil(() => fixture.gateway.messages.length > 3, { stepMs: 10 * 60_000, maxSteps: 400 })
    expect(new Date(fixture.gateway.messages[3]!.acceptedAt).toISOString()).toBe('2026-12-01T17:00:00.000Z')
  })

  it("gives the part its devices' gateway quotas cover an end, and counts the rest as waiting for the quota", async () => {
    // The summary said "Unknown for the 4 the gateway quota covers": the check estimated only the end of every row.
    fixture = makeFixture()
    const quotas: Record<string, number | 'unlimited' | null> = { 'dev-1': 3, 'dev-2': 1 }
    campaigns = createCampaigns({ ...campaignsDeps(), quotaOf: (id) => quotas[id] ?? null })
    const start = Date.parse('2026-01-15T03:00:00Z')
    fixture.clock.jump(start - fixture.clock.now())
    const pacing = { ...PACING, workingHours: null, minDelaySeconds: 5, maxDelaySeconds: 5, batchSize: 100 }
    const estimate = (deviceIds: string[]) =>
      campaigns.estimateBeforeCreate({ pacing, seedKey: 'sheet-9', rows: 8, devices: 2, deviceIds })
    const partial = await estimate(['dev-1', 'dev-2'])
    // Every row, four a device five seconds apart, as before.
    expect(partial.finishAt).toBe(start + 3 * 5_000)
    // The quotas cover 4: dev-2 sends its 1, dev-1 its 3 (the third 10 s in); the other 4 wait for a renewal.
    expect(partial.quotaFinish).toEqual({ kind: 'part', at: start + 2 * 5_000, covered: 4, waiting: 4 })
    // A quota not known promises nothing of it: the end of every row, as the outbox's estimate says.
    quotas['dev-2'] = null
    expect((await estimate(['dev-1', 'dev-2'])).quotaFinish).toEqual({ kind: 'at', at: start + 3 * 5_000 })
    // A spent quota on every device: no end is promised, all 8 wait.
    quotas['dev-1'] = 0
    quotas['dev-2'] = 0
    expect((await estimate(['dev-1', 'dev-2'])).quotaFinish).toEqual({ kind: 'waits_for_quota', waiting: 8 })
  })

  it("gives a running campaign's end against its devices' quotas left, as the pre-send check does", async () => {
    // A running campaign of 8 rows on a device with 2 left of its quota was told it ends when all 8 would: 6 of them
    // wait for the quota, and its view (the window's and the CLI's) named a time for them.
    fixture = makeFixture()
    const quotas: Record<string, number | 'unlimited' | null> = { 'dev-1': 2 }
    campaigns = createCampaigns({ ...campaignsDeps(), quotaOf: (id) => quotas[id] ?? null })
    const start = Date.parse('2026-01-15T03:00:00Z')
    fixture.clock.jump(start - fixture.clock.now())
    const pacing = { ...PACING, workingHours: null, minDelaySeconds: 5, maxDelaySeconds: 5, batchSize: 100 }
    const promised = await campaigns.estimateBeforeCreate({
      pacing,
      seedKey: 'sheet-10',
      rows: 8,
      devices: 1,
      deviceIds: ['dev-1']
    })
    const { id } = await campaigns.create({ ...bigCampaign(8), pacing, seedKey: 'sheet-10' })
    await campaigns.start(id)
    const running = campaigns.get(id)
    expect(running.estimate.finishAt).toBe(start + 7 * 5_000)
    // The 2 the quota covers end 5 s in; the other 6 wait: what the pre-send check said of the same rows.
    expect(running.estimate.quotaFinish).toEqual({ kind: 'part', at: start + 5_000, covered: 2, waiting: 6 })
    expect(running.estimate.quotaFinish).toEqual(promised.quotaFinish)
    expect(CampaignView.parse(running).estimate).toEqual(running.estimate)
    // The quota spent: no end is promised for any; topped up: the end of every row again.
    quotas['dev-1'] = 0
    expect(campaigns.get(id).estimate.quotaFinish).toEqual({ kind: 'waits_for_quota', waiting: 8 })
    quotas['dev-1'] = 'unlimited'
    expect(campaigns.get(id).estimate.quotaFinish).toEqual({ kind: 'at', at: start + 7 * 5_000 })
  })

  it("holds a large running campaign's end, made in the background, to its device's quota too", async () => {
    fixture = makeFixture()
    campaigns = createCampaigns({ ...campaignsDeps(), quotaOf: () => 100 })
    const rows = SYNC_ESTIMATE_ROWS + 1
    const { id } = await campaigns.create(bigCampaign(rows))
    const started = await campaigns.start(id)
    expect(started.estimate.quotaFinish).toMatchObject({ kind: 'part', covered: 100, waiting: rows - 100 })
    const kept = campaigns.get(id).estimate
    expect(kept).toEqual(started.estimate)
  })

  it('pauses and resumes: nothing goes while paused, no burst after resume', async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 3, { stepMs: 1000 })
    campaigns.pause(id)
    await fixture.clock.advance(3_600_000)
    expect(fixture.gateway.messages).toHaveLength(3)
    expect(campaigns.get(id).devices[0]?.wait).toEqual({ code: 'paused', until: null })
    // The outbox still lists the paused rows: marked as the campaign's, with no made-up retry time.
    const waiting = fixture.outbox.list({ status: ['queued'] }).items
    expect(waiting).toHaveLength(9)
    expect(
      waiting.every(
        (item) => item.nextAttemptAt === null && item.producer?.kind === 'campaign' && item.producer.id === id
      )
    ).toBe(true)
    expect(waiting.map((item) => item.producer?.ref).sort((a, b) => (a ?? 0) - (b ?? 0))[0]).toBe(5)
    campaigns.resume(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 6, { stepMs: 1000 })
    const afterResume = gaps(sendTimes()).slice(3)
    expect(Math.min(...afterResume)).toBeGreaterThanOrEqual(5_000)
  })

  it('applies a pacing edited while it runs to the very next send, and refuses an unusable one', async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 3, { stepMs: 1000 })
    // Slower: every gap from now on is 60–70 s, the wait already computed under 5–10 s included.
    const edited = campaigns.setPacing(id, {
      ...PACING,
      batchPauseMinutes: 0,
      minDelaySeconds: 60,
      maxDelaySeconds: 70
    })
    expect(edited.pacing.minDelaySeconds).toBe(60)
    expect(edited.status).toBe('running')
    await fixture.runUntil(() => fixture.gateway.messages.length === 6, { stepMs: 1000, maxSteps: 1000 })
    const slower = gaps(sendTimes()).slice(2)
    expect(Math.min(...slower)).toBeGreaterThanOrEqual(60_000)
    expect(Math.max(...slower)).toBeLessThanOrEqual(71_000)
    // Faster again: the wait computed under 60–70 s is dropped, the next row goes within 2 s.
    const last = sendTimes().at(-1) ?? 0
    await fixture.clock.advance(1000)
    campaigns.setPacing(id, { ...PACING, batchPauseMinutes: 0, minDelaySeconds: 1, maxDelaySeconds: 2 })
    await fixture.runUntil(() => fixture.gateway.messages.length === 7, { stepMs: 500 })
    expect((sendTimes().at(-1) ?? 0) - last).toBeLessThanOrEqual(2_500)
    expect(() => campaigns.setPacing(id, { ...PACING, minDelaySeconds: 9, maxDelaySeconds: 3 })).toThrow(
      /longest pause/
    )
    expect(campaigns.get(id).pacing.minDelaySeconds).toBe(1)
  })

  it('reads a policy stored before the ranges as the nearest usable one, so the window can still show it', async () => {
    const { id } = await setUp()
    // What an older CLI stored for `--delay 5-100000 --batch 250000/10` (the core took any number then).
    new CampaignStore(fixture.db).update(
      id,
      { pacing: { ...PACING, maxDelaySeconds: 100_000, batchSize: 250_000 } },
      fixture.clock.now()
    )
    const read = campaigns.get(id)
    expect(read.pacing).toEqual({ ...PACING, maxDelaySeconds: 86_400, batchSize: 100_000 })
    // The contract answers it: before, campaigns:list failed as an invalid reply for every campaign in the window.
    expect(CampaignView.safeParse(read).success).toBe(true)
  })

  it('keeps the gap as the gateway sees it, even after a request that was slow on the wire', async () => {
    const { id } = await setUp({ minDelaySeconds: 5, maxDelaySeconds: 5, batchPauseMinutes: 0 })
    // The first request takes 3 s to reach the gateway: the next one must not arrive 2 s after it.
    fixture.gateway.holdSends = true
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.heldCount === 1, { stepMs: 100 })
    fixture.gateway.holdSends = false
    await fixture.clock.advance(3000)
    fixture.gateway.releaseHeld()
    await fixture.runUntil(() => fixture.gateway.messages.length === 3, { stepMs: 250 })
    expect(Math.min(...gaps(sendTimes()))).toBeGreaterThanOrEqual(5_000)
  })

  it('never sends to a number opted out while it runs: its waiting row is cancelled', async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    // Row 6's customer replies "stop" (the operator opts the number out from the outbox).
    expect(campaigns.optOuts.add(['6281234567004'], 'outbox')).toBe(1)
    await fixture.runUntil(() => fixture.gateway.messages.length === 11, { stepMs: 1000 })
    await fixture.clock.advance(600_000)
    expect(fixture.gateway.messages.map((m) => m.phone)).not.toContain('6281234567004')
    const row = campaigns.results(id).find((r) => r.rowNumber === 6)
    expect(row?.status).toBe('cancelled')
    // The row and its timeline say why: the number opted out (not "cancelled by the operator").
    expect(decodeNote(row?.failureMessage ?? null)?.key).toBe('desktop.note.optedOut')
    expect(fixture.outbox.get(row?.itemId ?? '').history.at(-1)?.noteKey).toBe('desktop.note.optedOut')
    // Counted as opted out, not cancelled: nobody cancelled it (QA23 Q23-04: "cancelled 5" for five STOPs). It passed
    // the check, which still counts only what it skipped (QA17 Q17-03); the buckets add up to the rows.
    const { counts, summary } = campaigns.get(id)
    expect([counts.optedOut, counts.cancelled, counts.skipped]).toEqual([1, 0, 2])
    expect(summary).toMatchObject({ total: 14, ready: 12, skipped: 2 })
    expect(summary.byProblem['opted_out']).toBeUndefined()
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(summary.total)
    // The outbox's counts say it too: of its cancelled, one opted out (issue 29 point 2: its "N cancelled" counted it).
    expect(fixture.outbox.counts()).toMatchObject({ cancelled: 1, optedOut: 1 })
    // The results file says so too: opted out, with the reason, like the window's rows.
    const exported = resultsTable([], campaigns.results(id), 'UTC').rows.find((cells) => cells[0] === 6)
    expect([exported?.[2], exported?.at(-1)]).toEqual(['Opted out', 'not sent: this number opted out'])
    // QA: its time under "Opted out at", none under "Cancelled at": nobody cancelled it.
    const { columns, rows, timeColumns } = resultsTable([], campaigns.results(id), 'UTC')
    const optedOutRow = rows.find((cells) => cells[0] === 6) ?? []
    const cellUnder = (heading: string): unknown => optedOutRow[columns.indexOf(heading)]
    expect(cellUnder('Cancelled at')).toBe('')
    expect(cellUnder('Opted out at')).toMatch(/^2026-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/)
    // A date cell in the XLSX, as every other time column.
    expect(timeColumns).toContain(columns.indexOf('Opted out at'))
    // Taking the campaign back counts it the same way: opted out, never sent, not "cancelled already".
    const { leftAlone } = campaigns.planTakeBack(id, { revokeDelivered: false })
    expect([leftAlone.opted_out, leftAlone.cancelled]).toEqual([1, undefined])
    campaigns.settle(id)
    expect(campaigns.get(id).status).toBe('finished')
  })

  // QA61: a message scheduled before its customer's STOP went at its time and failed at the gateway's blacklist (red,
  // counted against the device's day), while a campaign's row in the same place was "opted out".
  it('cancels any message as opted out at its turn when its number opted out after it was written', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    const write = async (recipient: string, text: string): Promise<string> =>
      (
        await fixture.outbox.enqueue({
          deviceId: 'dev-1',
          recipients: [recipient],
          entries: [{ kind: 'text', text }]
        })
      ).itemIds[0]!
    // Already on the list when it was written: the operator answered the ask ("Send"), so it goes.
    campaigns.optOuts.add(['6281200000001'], 'operator')
    await fixture.clock.advance(1_000)
    const answered = await write('6281200000001', 'Sent anyway')
    const before = await write('6281200000002', 'Written before the STOP')
    await fixture.clock.advance(1_000)
    campaigns.optOuts.add(['6281200000002'], 'reply')
    // Said ahead of its turn (QA61: a message scheduled before the STOP read as going until its time); not of the one
    // the operator answered for.
    expect(fixture.outbox.get(before).item.cancelsAtTurn?.messageKey).toBe('desktop.note.optedOut')
    expect(fixture.outbox.get(answered).item.cancelsAtTurn).toBeUndefined()
    // Their turns come once sending starts.
    await fixture.outbox.start()
    await fixture.runUntil(() => fixture.outbox.counts().queued === 0, { stepMs: 1000 })
    expect(fixture.gateway.messages.map((m) => m.phone)).toEqual(['6281200000001'])
    const stopped = fixture.outbox.get(before)
    expect(stopped.item).toMatchObject({ status: 'cancelled', failure: { code: 'opted_out' } })
    expect(stopped.history.at(-1)?.noteKey).toBe('desktop.note.optedOut')
    expect(stopped.item.cancelsAtTurn).toBeUndefined()
    expect(fixture.outbox.counts()).toMatchObject({ failed: 0, optedOut: 1 })
    expect(fixture.outbox.get(answered).item.status).not.toBe('cancelled')
    // Nor is it sent again by a retry while the number is on the list: said ahead, and refused.
    expect(stopped.item.retryRefusal?.code).toBe('opted_out')
    expect(() => fixture.outbox.retry(before)).toThrow(/opt-out list/)
  })

  // QA61 follow-up: Reschedule of a message whose number opted out since it was scheduled asked nothing: it kept its
  // new time, then was cancelled as opted out at it (or, kept by the gateway, went).
  it("says since when a scheduled message's number opted out, and refuses to move it", async () => {
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    const schedule = (mode: 'local' | 'gateway') => ({
      localTime: '2099-01-01T09:00',
      timezone: 'Asia/Jakarta',
      mode
    })
    const write = async (recipient: string, mode: 'local' | 'gateway'): Promise<string> =>
      (
        await fixture.outbox.enqueue({
          deviceId: 'dev-1',
          recipients: [recipient],
          entries: [{ kind: 'text', text: 'See you on Monday' }],
          schedule: schedule(mode)
        })
      ).itemIds[0]!
    const here = await write('6281200000003', 'local')
    const atGateway = await write('6281200000004', 'gateway')
    const other = await write('6281200000005', 'local')
    expect(fixture.outbox.get(here).item.optedOutSince).toBeUndefined()
    await fixture.clock.advance(1_000)
    campaigns.optOuts.add(['6281200000003', '6281200000004'], 'reply')
    const since = new Date(fixture.clock.now()).toISOString()
    // Said ahead for either keeper: the form says it before Save.
    expect(fixture.outbox.get(here).item.optedOutSince).toBe(since)
    expect(fixture.outbox.get(atGateway).item.optedOutSince).toBe(since)
    expect(fixture.outbox.get(other).item.optedOutSince).toBeUndefined()
    // Moving it is refused, not saved to be cancelled (or sent) at the new time.
    const later = { schedule: schedule('local') }
    later.schedule.localTime = '2099-01-02T09:00'
    // Naming since when (QA, carried): the window words the instant on the operator's clock.
    expect(() => fixture.outbox.edit(here, later)).toThrow(
      expect.objectContaining({
        code: 'opted_out',
        text: {
          key: 'desktop.error.rescheduleOptedOut',
          params: { number: '+62 812-0000-0003', optedOutAt: since }
        }
      })
    )
    expect(() =>
      fixture.outbox.edit(atGateway, { schedule: { ...later.schedule, mode: 'gateway' } })
    ).toThrow(expect.objectContaining({ code: 'opted_out' }))
    expect(fixture.outbox.get(here).item.scheduledAt).toBe(fixture.outbox.get(other).item.scheduledAt)
    // A send's card moves the others and names these as refused, opted out.
    const moved = fixture.outbox.editMany([here, other], later)
    expect(moved.done).toEqual([other])
    expect(moved.refused).toEqual([expect.objectContaining({ id: here, code: 'opted_out' })])
    // Its words alone may still change; and Cancel, what helps, is taken.
    expect(fixture.outbox.edit(here, { text: 'Never mind' }).text).toBe('Never mind')
    expect(fixture.outbox.cancel(here).status).toBe('cancelled')
  })

  // QA76: scheduled for later today, then its customer wrote STOP: the Overview still said "1 due later today" and the
  // header "3 scheduled" of a message that will never be sent.
  it('counts the scheduled whose number opted out since apart, not as due today or after it', async () => {
    // FakeClock starts at 2026-01-15T03:00Z = 10:00 in Jakarta.
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    const write = (recipient: string, localTime: string) =>
      fixture.outbox.enqueue({
        deviceId: 'dev-1',
        recipients: [recipient],
        entries: [{ kind: 'text', text: localTime }],
        schedule: { localTime, timezone: 'Asia/Jakarta', mode: 'local' }
      })
    await write('6281222223333', '2026-01-15T18:00')
    await write('6281200000006', '2026-01-16T09:00')
    await write('6281200000007', '2026-01-17T09:00')
    const dayStart = Date.parse('2026-01-14T17:00:00.000Z')
    const dayEnd = Date.parse('2026-01-15T17:00:00.000Z')
    expect(fixture.outbox.scheduledOptedOut()).toBe(0)
    await fixture.clock.advance(1_000)
    campaigns.optOuts.add(['6281222223333'], 'keyword', 'STOP')
    expect(fixture.outbox.scheduledOptedOut()).toBe(1)
    expect(fixture.outbox.since(dayStart, dayEnd)).toMatchObject({ scheduledAfter: 2, scheduledCapHeld: 0 })
    // One due after today that will not be sent is not "after today" either.
    campaigns.optOuts.add(['6281200000007'], 'keyword', 'STOP')
    expect(fixture.outbox.scheduledOptedOut()).toBe(2)
    expect(fixture.outbox.since(dayStart, dayEnd)).toMatchObject({ scheduledAfter: 1 })
  })

  // A direct message queued before its customer's STOP (its device waiting) is cancelled at its turn: the device's
  // daily cap line still counted it ahead of the scheduled, "1 scheduled until a device's daily cap starts again".
  it('leaves a direct message queued before its number opted out out of the daily cap line', async () => {
    // FakeClock starts at 2026-01-15T03:00Z = 10:00 in Jakarta; the queue is not started, so the queued waits.
    fixture = makeFixture({ dayZoneOf: () => 'Asia/Jakarta' })
    fixture.outbox.addDeviceBudget(() => 2)
    campaigns = createCampaigns(campaignsDeps())
    const at = fixture.clock.now()
    await fixture.outbox.add([
      newTextItem('direct', { deviceId: 'dev-1', recipient: '6281222223333', createdAt: at, queuedAt: at })
    ])
    for (const [recipient, localTime] of [
      ['6281200000006', '2026-01-15T18:00'],
      ['6281200000007', '2026-01-15T19:00']
    ] as const)
      await fixture.outbox.enqueue({
        deviceId: 'dev-1',
        recipients: [recipient],
        entries: [{ kind: 'text', text: localTime }],
        schedule: { localTime, timezone: 'Asia/Jakarta', mode: 'local' }
      })
    const dayStart = Date.parse('2026-01-14T17:00:00.000Z')
    const dayEnd = Date.parse('2026-01-15T17:00:00.000Z')
    // A cap of 2: the queued one first, then one of the two scheduled today; the other is held past today.
    expect(fixture.outbox.since(dayStart, dayEnd)).toMatchObject({ scheduledCapHeld: 1 })
    expect(fixture.outbox.waitingToday('dev-1')).toBe(3)
    await fixture.clock.advance(1_000)
    campaigns.optOuts.add(['6281222223333'], 'keyword', 'STOP')
    expect(fixture.outbox.counts().queued).toBe(1)
    expect(fixture.outbox.since(dayStart, dayEnd)).toMatchObject({ scheduledCapHeld: 0 })
    expect(fixture.outbox.waitingToday('dev-1')).toBe(2)
  })

  /** The set-up's campaign of 12 sent, every message read, and settled: finished, with nothing left to send. */
  async function finishedAndRead(): Promise<string> {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 12, { stepMs: 1000 })
    for (const message of fixture.gateway.messages) fixture.gateway.setStatus(message.id, 'read')
    await fixture.runUntil(() => campaigns.get(id).counts.read === 12, { stepMs: 1000 })
    campaigns.settle(id)
    return id
  }

  // QA62: messages deleted from the Outbox (or purged by retention) left their rows reading "queued": a finished
  // campaign said "queued 1", its rows and results file "Queued", and "Take back" was offered again.
  it('keeps where each row ended when its message leaves the outbox', async () => {
    const id = await finishedAndRead()
    const before = campaigns.get(id).counts
    const rows = campaigns.results(id)
    const gone = rows.filter((r) => r.itemId).slice(0, 3)
    expect(fixture.outbox.deleteMany(gone.map((r) => r.itemId!)).done).toHaveLength(3)
    expect(campaigns.get(id).counts).toEqual(before)
    expect(campaigns.get(id).counts).toMatchObject({ read: 12, queued: 0, waiting: 0 })
    const after = campaigns.results(id)
    for (const row of gone) {
      const kept = after.find((r) => r.rowNumber === row.rowNumber)!
      expect(kept).toMatchObject({ status: 'read', gatewayId: row.gatewayId, acceptedAt: row.acceptedAt })
    }
    // Retention's purge, a month on, leaves the same record.
    await fixture.clock.advance(31 * 24 * 3_600_000)
    await fixture.outbox.sweepRetention()
    const sent = campaigns.results(id).filter((r) => r.itemId)
    for (const row of sent) expect(() => fixture.outbox.get(row.itemId!)).toThrow(/No outbox item/)
    expect(campaigns.get(id).counts).toEqual(before)
    expect(sent.map((r) => r.status)).toEqual(Array(12).fill('read'))
  })

  it("keeps a cancelled row's outcome, the opted out apart, when its message is deleted", async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    await campaigns.start(id)
    const [first, second] = campaigns.results(id).filter((r) => r.itemId && r.phone)
    // One number opts out while the campaign waits; the rest is cancelled by the operator.
    campaigns.optOuts.add([first!.phone!], 'reply')
    await fixture.outbox.start()
    await fixture.runUntil(() => campaigns.get(id).counts.optedOut === 1, { stepMs: 1000 })
    campaigns.cancel(id)
    const before = campaigns.get(id).counts
    expect(before).toMatchObject({ queued: 0, waiting: 0, optedOut: 1 })
    const ids = campaigns
      .results(id)
      .flatMap((r) => (r.itemId && (r.status === 'cancelled' || r.status === 'sent') ? [r.itemId] : []))
    fixture.outbox.deleteMany(ids)
    expect(campaigns.get(id).counts).toEqual(before)
    const after = campaigns.results(id)
    expect(after.find((r) => r.rowNumber === first!.rowNumber)).toMatchObject({
      status: 'cancelled',
      failureMessage: expect.stringContaining('desktop.note.optedOut')
    })
    expect(after.find((r) => r.rowNumber === second!.rowNumber)?.status).not.toBeNull()
    expect(after.filter((r) => r.itemId && r.status === null)).toEqual([])
  })

  // QA4 F17: a finished campaign taken back still read "finished". Its view says when it was taken back, from the
  // take-back's own record; a take-back that found nothing to do is not one.
  it('says when a campaign was taken back, from the take-back record, and not for one that did nothing', async () => {
    // Every message read: with the box unticked, nothing is left to stop or cancel.
    const id = await finishedAndRead()
    expect(campaigns.get(id)).toMatchObject({ status: 'finished', takenBackAt: null })
    // Unticked, nothing was taken back.
    campaigns.takeBack(id, { revokeDelivered: false })
    expect(campaigns.get(id).takenBackAt).toBeNull()
    const at = fixture.clock.now()
    campaigns.takeBack(id, { revokeDelivered: true })
    expect(campaigns.get(id)).toMatchObject({ status: 'finished', takenBackAt: at })
    expect(campaigns.list().find((c) => c.id === id)?.takenBackAt).toBe(at)
  })

  // QA5 N06: its device expired before the take-back: the heading said "taken back" while nothing of it was yet. The
  // view counts what the take-back still has to do, so the window can say it is not all taken back.
  it('counts what a take-back still has to do while its device cannot act, until it is done', async () => {
    const id = await finishedAndRead()
    expect(campaigns.get(id).takeBackPending).toBe(0)
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.takeBack(id, { revokeDelivered: true })
    await fixture.clock.advance(60_000)
    expect(campaigns.get(id).takeBackPending).toBe(12)
    // Each row says its deletion waits, so the rows table can say why (its Reason was empty).
    const waitingRows = () => campaigns.resultsPage(id, 0, 100).rows.filter((row) => row.takeBackWaiting)
    expect(waitingRows()).toHaveLength(12)
    fixture.outbox.setDeviceSendable('dev-1', true)
    await fixture.runUntil(() => campaigns.get(id).takeBackPending === 0, { stepMs: 1000 })
    expect(campaigns.get(id).counts.revoked).toBe(12)
    expect(waitingRows()).toEqual([])
  })

  // A take-back's tally, Pause and Resume were shown only in the window that started it: a window opened afresh, or
  // after a restart, found nothing of it on the campaign's page. The campaign's view names its take-back.
  // A newer take-back that found nothing left was not named: the page went back to the older one's tally ("12 deleted
  // for everyone") though the operator had just asked again and nothing happened. A running or paused one comes first
  // still (what the operator may pause or resume), else the last to end, one that found nothing left too.
  it('names its take-back in its view after a restart: paused, else the last to end, one that found nothing left too', async () => {
    const id = await finishedAndRead()
    // Unticked, with every message read, it found nothing to do: named all the same, its tally says so.
    const unticked = campaigns.takeBack(id, { revokeDelivered: false })
    expect(campaigns.get(id).takeBackId).toBe(unticked.id)
    fixture.outbox.setDeviceSendable('dev-1', false)
    const taken = campaigns.takeBack(id, { revokeDelivered: true })
    fixture.outbox.setTakeBackPaused(taken.id, true)
    // Asked again while that one is paused: everything is asked by it already. The paused one stays named, and once
    // it ends its tally is the news (it ended last), not the one that found everything asked by it.
    const meanwhile = campaigns.takeBack(id, { revokeDelivered: true })
    expect(fixture.outbox.takeBackProgress(meanwhile.id)).toMatchObject({
      state: 'done',
      leftAlone: { already_asked: 12 }
    })
    await restart()
    expect(campaigns.get(id).takeBackId).toBe(taken.id)
    expect(campaigns.list().find((c) => c.id === id)?.takeBackId).toBe(taken.id)
    expect(fixture.outbox.takeBackProgress(taken.id)).toMatchObject({
      state: 'paused',
      revoke: { pending: 12 },
      heldBy: { reason: 'operator' }
    })
    // Resumed after the restart (the device's hold was this process's; the new one can act).
    expect(fixture.outbox.setTakeBackPaused(taken.id, false).state).toBe('running')
    expect(campaigns.get(id).takeBackId).toBe(taken.id)
    await fixture.runUntil(() => fixture.outbox.takeBackProgress(taken.id).state === 'done', { stepMs: 1000 })
    expect(campaigns.get(id).takeBackId).toBe(taken.id)
    const takenBackAt = campaigns.get(id).takenBackAt
    // Asked again once it is done: nothing is left, and that is what the page shows, not the older tally.
    const again = campaigns.takeBack(id, { revokeDelivered: true })
    await restart()
    expect(campaigns.get(id).takeBackId).toBe(again.id)
    expect(fixture.outbox.takeBackProgress(again.id)).toMatchObject({
      state: 'done',
      stoppedLocally: 0,
      leftAlone: { revoked: 12 },
      revoke: { done: 0, pending: 0 }
    })
    // It took nothing back: when the campaign was taken back is still the older one's.
    expect(campaigns.get(id).takenBackAt).toBe(takenBackAt)
  })

  // A number opted out after the draft's check and before its start became a message cancelled at its turn, counted
  // and worded as "opted out during the campaign (not sent)" although it opted out before the campaign started.
  it('sets aside at start, as the check would, a number that opted out after the draft was checked', async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    // The draft was checked with the number still in; it opts out before the operator starts the campaign.
    expect(campaigns.optOuts.add(['6281234567004'], 'operator')).toBe(1)
    // Its "Before you start" reads it as the start will find it: set aside, nothing written.
    const read = await campaigns.checkDraft(id)
    expect(read.view.summary).toMatchObject({ ready: 11, skipped: 3, byProblem: { opted_out: 1 } })
    expect(read.view.counts).toMatchObject({ waiting: 11, skipped: 3 })
    expect(read.sameMessage.optedOutRows).toEqual([6])
    expect(campaigns.get(id).summary).toMatchObject({ ready: 12, skipped: 2 })
    await fixture.outbox.start()
    const started = await campaigns.start(id)
    expect(started.sameMessage.optedOutRows).toEqual([6])
    expect(started.summary).toMatchObject({ ready: 11, skipped: 3, byProblem: { opted_out: 1 } })
    await fixture.runUntil(() => fixture.gateway.messages.length === 11, { stepMs: 1000 })
    await fixture.clock.advance(600_000)
    expect(fixture.gateway.messages.map((m) => m.phone)).not.toContain('6281234567004')
    const row = campaigns.results(id).find((r) => r.rowNumber === 6)
    expect(row).toMatchObject({ itemId: null, status: null, problems: [{ code: 'opted_out' }] })
    // Skipped as opted out, as the check skips it: not one that opted out during the campaign.
    expect(campaigns.get(id).counts).toMatchObject({ skipped: 3, optedOut: 0, cancelled: 0 })
  })

  // QA81 defect 4: a draft's "Before you start" showed no message at all: the operator starting a draft made days ago
  // (a failed start, a restart, the terminal) no longer remembers what it sends.
  it('names in checkDraft the first row its start would send, with the message the start sends it', async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    // Row 2 opted out since the check: the first row the start sends is row 3.
    campaigns.optOuts.add(['6281234567000'], 'operator')
    const read = await campaigns.checkDraft(id)
    expect(read.example).toMatchObject({ rowNumber: 3, phone: '6281234567001', name: null })
    expect(read.example?.message).toMatch(/^(Halo|Hai) Customer 2, your bill is ready$/)
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 1, { stepMs: 1000 })
    expect(fixture.gateway.messages[0]).toMatchObject({ phone: '6281234567001', text: read.example?.message })
    // With a column of names, the row is named as its sheet names it (row 2's number is still opted out).
    const named = await campaigns.create({
      ...bigCampaign(3),
      mapping: { phone: 'Phone', variables: ['Name'], name: 'Name' }
    })
    expect((await campaigns.checkDraft(named.id)).example).toEqual({
      rowNumber: 3,
      phone: '6281234567001',
      name: 'Customer 2',
      message: 'Bill for Customer 2'
    })
  })

  // A draft whose only device was removed has no pace to send at: its "Before you start" was still given an end.
  it('gives a draft with no device to send from no end in checkDraft, until one is chosen', async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    campaigns.removalHook.forgetDevice?.('dev-1')
    expect(campaigns.get(id).devices).toEqual([])
    const read = await campaigns.checkDraft(id)
    expect(read.estimate).toEqual({ finishAt: null, quotaFinish: { kind: 'none' } })
    expect(read.view.estimate).toEqual(read.estimate)
    campaigns.setDevices(id, ['dev-2'])
    expect((await campaigns.checkDraft(id)).estimate.finishAt).toEqual(expect.any(Number))
  })

  it('cancels every row the gateway has not accepted and reports the accepted ones', async () => {
    const { id } = await setUp()
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    const report = campaigns.cancel(id)
    expect(report.alreadyAccepted.map((r) => r.rowNumber)).toEqual([2, 3])
    expect(report.alreadyAccepted[0]?.gatewayId).toBe(fixture.gateway.messages[0]?.id)
    expect(report.cancelledRows).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    await fixture.clock.advance(3_600_000)
    expect(fixture.gateway.messages).toHaveLength(2)
    expect(campaigns.get(id).counts).toMatchObject({ accepted: 2, cancelled: 10, skipped: 2 })
  })

  // QA77: "37 rows cancelled; 1 was already sent." of 40 rows, two of them opted out during the campaign: the report
  // named 38. The rows already ended unsent when the campaign was cancelled are named too, each in its bucket.
  it('reports the rows already ended unsent apart: opted out, or cancelled before', async () => {
    const { id } = await setUp()
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    // Rows 6 and 7's customers opt out; the operator cancels row 8's message alone in the outbox.
    expect(campaigns.optOuts.add(['6281234567004', '6281234567005'], 'reply')).toBe(2)
    const alone = campaigns.results(id).find((r) => r.rowNumber === 8)!
    fixture.outbox.cancel(alone.itemId!)
    const report = campaigns.cancel(id)
    expect(report.alreadyAccepted.map((r) => r.rowNumber)).toEqual([2, 3])
    expect(report.cancelledRows).toEqual([4, 5, 9, 10, 11, 12, 13])
    expect(report.endedUnsent).toEqual([
      { rowNumber: 6, phone: '6281234567004', bucket: 'optedOut', status: 'cancelled' },
      { rowNumber: 7, phone: '6281234567005', bucket: 'optedOut', status: 'cancelled' },
      { rowNumber: 8, phone: '6281234567006', bucket: 'cancelled', status: 'cancelled' }
    ])
    // Every row that became a message is named once: the campaign's 12 rows to send (2 more skipped by the check).
    const named = report.cancelledRows.length + report.alreadyAccepted.length + report.endedUnsent.length
    expect(named).toBe(campaigns.get(id).summary.ready)
  })

  // A row the operator took back at the gateway (the outbox's take-back: the gateway held it, and cancelled it) was
  // listed as already accepted, so the report said it "was already with the gateway" though it will never be sent.
  it('reports a row taken back at the gateway as cancelled there, not as already with the gateway', async () => {
    const { id } = await setUp()
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    const held = campaigns.results(id).find((r) => r.rowNumber === 3)!
    const request = fixture.outbox.takeBackItems([held.itemId!], 'cancel')
    await fixture.runUntil(() => fixture.outbox.takeBackProgress(request.id).state === 'done', {
      stepMs: 1000
    })
    expect(campaigns.results(id).find((r) => r.rowNumber === 3)?.status).toBe('cancelled_at_gateway')
    const report = campaigns.cancel(id)
    expect(report.alreadyAccepted.map((r) => r.rowNumber)).toEqual([2])
    expect(report.endedUnsent).toEqual([
      { rowNumber: 3, phone: '6281234567001', bucket: 'cancelled', status: 'cancelled_at_gateway' }
    ])
    const named = report.cancelledRows.length + report.alreadyAccepted.length + report.endedUnsent.length
    expect(named).toBe(campaigns.get(id).summary.ready)
  })

  // QA73: the rows a take-back (or a cancel) of the campaign stopped were "Cancelled" with an empty Reason in the
  // results; only the opted-out ones said why. A row the operator cancelled alone before says so, apart.
  it('gives each cancelled row its reason in the results: with the campaign, or by the operator before it', async () => {
    const { id } = await setUp()
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    const alone = campaigns.results(id).find((r) => r.status === 'queued' && r.itemId)!
    fixture.outbox.cancel(alone.itemId!)
    await fixture.clock.advance(1_000)
    campaigns.takeBack(id, { revokeDelivered: false })
    const rows = Papa.parse<string[]>(
      new TextDecoder().decode(await campaigns.exportResults(id, 'csv')).replace(/^\ufeff/, ''),
      { skipEmptyLines: true }
    ).data
    const reasonOf = (row: string[]): string => row.at(-1) ?? ''
    const cancelled = rows.filter((row) => row.includes('Cancelled'))
    expect(cancelled).toHaveLength(10)
    expect(reasonOf(cancelled.find((row) => row[0] === String(alone.rowNumber))!)).toBe(
      'cancelled by the operator'
    )
    expect(cancelled.filter((row) => reasonOf(row) === 'cancelled with the campaign')).toHaveLength(9)
    const rowsId = Papa.parse<string[]>(
      new TextDecoder()
        .decode(await campaigns.exportResults(id, 'csv', undefined, 'id'))
        .replace(/^\ufeff/, ''),
      { skipEmptyLines: true }
    ).data
    expect(rowsId.filter((row) => reasonOf(row) === 'dibatalkan bersama kampanyenya')).toHaveLength(9)
  })

  it("keeps a cancelled campaign's rows from being sent again: the outbox's retry refuses them, saying why", async () => {
    const { id } = await setUp()
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    expect(campaigns.get(id).endedAt).toBeNull()
    const cancelledAt = fixture.clock.now()
    const { cancelledRows } = campaigns.cancel(id)
    // A cancel ends it.
    expect(campaigns.get(id).endedAt).toBe(cancelledAt)
    const cancelledItems = campaigns
      .results(id)
      .filter((r) => cancelledRows.includes(r.rowNumber))
      .map((r) => r.itemId ?? '')
    expect(cancelledItems).toHaveLength(10)
    // "Select all shown" then "Retry selected" in the outbox (QA 2026-11-29: they all went out).
    const retried = fixture.outbox.queue.retryMany(cancelledItems)
    expect(retried.done).toEqual([])
    expect(retried.refused).toHaveLength(10)
    expect(retried.refused[0]).toMatchObject({ code: 'producer_refused' })
    expect(() => fixture.outbox.retry(cancelledItems[0]!)).toThrow(
      /its campaign “January bills” was cancelled/
    )
    await fixture.clock.advance(3_600_000)
    expect(fixture.gateway.messages).toHaveLength(2)
    expect(campaigns.get(id)).toMatchObject({ status: 'cancelled', counts: { cancelled: 10 } })
    // A later change of the campaign (a rename) does not move its end.
    new CampaignStore(fixture.db).update(id, { name: 'January bills, checked' }, fixture.clock.now())
    expect(campaigns.get(id)).toMatchObject({ name: 'January bills, checked', endedAt: cancelledAt })
  })

  it("tells the window at once that a cancelled campaign's rows may not be retried, though none was left to cancel", async () => {
    const id = await startedTwoSent()
    campaigns.pause(id)
    // The operator cancelled the paused campaign's waiting rows in the outbox: each offers Retry, its campaign
    // paused.
    const waiting = queuedItemsOf(id)
    expect(fixture.outbox.queue.cancelMany(waiting).done).toHaveLength(10)
    expect(fixture.outbox.get(waiting[0]!).item.retryRefusal).toBeUndefined()
    const bulk: number[] = []
    const single: OutboxItemView[] = []
    fixture.outbox.on('bulkChanged', (count) => bulk.push(count))
    fixture.outbox.on('itemChanged', (item) => single.push(item))
    // Then the campaign: nothing left for it to cancel, yet those rows' Retry is now refused.
    expect(campaigns.cancel(id).cancelledRows).toEqual([])
    expect(fixture.outbox.get(waiting[0]!).item.retryRefusal?.code).toBe('producer_refused')
    // Said to the window, so the rows it shows read again (a bulk change) instead of offering Retry.
    expect(bulk.length + single.length).toBeGreaterThan(0)
  })

  // QA80: the rows of a paused campaign cancelled (or deleted for everyone) in the Outbox left it "paused" with 0
  // queued, offering Resume and "Cancel the rest"; Resume made it "Sending now" for good. A pause holds nothing then:
  // it ends as a running campaign does when its rows have all ended (settle).
  describe('a paused campaign with nothing left to send', () => {
    /** Started, two rows sent, paused, and its ten waiting rows cancelled in the outbox ("Select all shown"). */
    async function pausedAndEmptied(): Promise<string> {
      const id = await startedTwoSent()
      campaigns.pause(id)
      const waiting = queuedItemsOf(id)
      expect(fixture.outbox.queue.cancelMany(waiting).done).toHaveLength(10)
      return id
    }

    /** A database an earlier version left so: paused, though nothing is left to send. */
    function leftPaused(id: string): void {
      new CampaignStore(fixture.db).update(id, { status: 'paused' }, fixture.clock.now())
    }

    it('ends once its last rows are cancelled in the outbox, as a running one does: no Resume left', async () => {
      const id = await pausedAndEmptied()
      const endedAt = fixture.clock.now()
      await fixture.clock.advance(1_000)
      expect(campaigns.get(id)).toMatchObject({
        status: 'finished',
        endedAt,
        counts: { queued: 0, accepted: 2, cancelled: 10 }
      })
      // Its rows cancelled alone may be sent again, as a finished campaign's: it runs until that row settles.
      const row = campaigns.results(id).find((r) => r.status === 'cancelled')!
      fixture.outbox.retry(row.itemId!)
      expect(campaigns.get(id).status).toBe('running')
      await fixture.runUntil(() => fixture.gateway.messages.length === 3, { stepMs: 1000 })
      await fixture.clock.advance(1_000)
      expect(campaigns.get(id).status).toBe('finished')
    })

    it('is never made to send by Resume: it ends instead', async () => {
      const id = await pausedAndEmptied()
      await fixture.clock.advance(1_000)
      leftPaused(id)
      expect(campaigns.get(id).status).toBe('paused')
      expect(campaigns.resume(id).status).toBe('finished')
      await fixture.clock.advance(60_000)
      expect(campaigns.get(id)).toMatchObject({ status: 'finished', counts: { queued: 0 } })
    })

    it('ends when the app starts with it in the database', async () => {
      const id = await pausedAndEmptied()
      await fixture.clock.advance(1_000)
      leftPaused(id)
      await restart()
      expect(campaigns.get(id).status).toBe('finished')
    })

    it('stays paused while a row is left to send', async () => {
      const id = await startedTwoSent()
      campaigns.pause(id)
      const waiting = queuedItemsOf(id)
      fixture.outbox.queue.cancelMany(waiting.slice(1))
      await fixture.clock.advance(60_000)
      expect(campaigns.get(id)).toMatchObject({ status: 'paused', counts: { queued: 1 } })
      expect(fixture.gateway.messages).toHaveLength(2)
      expect(campaigns.resume(id).status).toBe('running')
    })
  })

  it('runs a finished campaign again while a row the operator retried is on its way, at the pace of the campaign', async () => {
    const { id } = await setUp()
    fixture.gateway.fail({ op: 'send', code: 'invalid_input', times: 1 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => campaigns.get(id).status === 'finished', { stepMs: 1000 })
    // Its end is the moment it finished, after its start (its view said neither when it ran nor when it ended).
    const firstEnd = campaigns.get(id).endedAt
    // Within the last step of the fake clock's run (1 s), when its last row was handed over.
    expect(fixture.clock.now() - firstEnd!).toBeLessThanOrEqual(1000)
    expect(firstEnd).toBeGreaterThan(campaigns.get(id).startedAt!)
    const failed = campaigns.results(id).find((r) => r.status === 'failed')
    expect(failed).toBeDefined()
    await fixture.clock.advance(60_000)
    fixture.outbox.retry(failed!.itemId!)
    // Sending again, it has no end yet; once done, its end is the new one.
    expect(campaigns.get(id)).toMatchObject({ status: 'running', endedAt: null })
    await fixture.runUntil(() => campaigns.get(id).status === 'finished', { stepMs: 1000 })
    expect(fixture.clock.now() - campaigns.get(id).endedAt!).toBeLessThanOrEqual(1000)
    expect(campaigns.get(id).endedAt).toBeGreaterThan(firstEnd! + 60_000)
    expect(campaigns.results(id).find((r) => r.rowNumber === failed!.rowNumber)?.status).not.toBe('failed')
  })

  // A new operator's walk: the rows table paged through every row, so the few failed rows of a long send were found by
  // turning its pages.
  it('pages its failed rows alone, in sheet order, and counts them', async () => {
    const { id } = await setUp()
    fixture.gateway.fail({ op: 'send', code: 'invalid_input', times: 3 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => campaigns.get(id).status === 'finished', { stepMs: 1000 })
    const failed = campaigns
      .results(id)
      .filter((r) => r.status === 'failed')
      .map((r) => r.rowNumber)
    expect(failed).toHaveLength(3)
    const first = campaigns.resultsPage(id, 0, 2, 'failed')
    expect(first.total).toBe(3)
    expect(first.rows.map((r) => [r.rowNumber, r.status])).toEqual(
      failed.slice(0, 2).map((n) => [n, 'failed'])
    )
    expect(campaigns.resultsPage(id, 2, 2, 'failed').rows.map((r) => r.rowNumber)).toEqual(failed.slice(2))
    // Without `only`, every row as before.
    expect(campaigns.resultsPage(id, 0, 100).total).toBe(14)
  })

  it('pauses a device whose sends keep failing, with a reason and a one-call resume', async () => {
    const paused: string[] = []
    fixture = makeFixture()
    campaigns = createCampaigns({
      db: fixture.db,
      queue: fixture.outbox.queue,
      clock: fixture.clock,
      autoPause: { window: 4, maxFailureRate: 0.5 },
      onAutoPause: (e) => paused.push(`${e.deviceId}:${e.reason}`)
    })
    const { id } = await campaigns.create({
      name: 'x',
      fileName: 'x.csv',
      sheet: sheetOf(12),
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: { ...PACING, batchPauseMinutes: 0 },
      devices: ['dev-1']
    })
    fixture.gateway.fail({ op: 'send', code: 'invalid_input', times: 3 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => paused.length === 1, { stepMs: 1000 })
    expect(paused).toEqual(['dev-1:failure_rate'])
    expect(campaigns.get(id).devices[0]?.autoPaused).toBe('failure_rate')
    const sendsSoFar = fixture.gateway.sends().length
    await fixture.clock.advance(600_000)
    expect(fixture.gateway.sends()).toHaveLength(sendsSoFar)
    campaigns.resume(id, 'dev-1')
    await fixture.runUntil(() => fixture.gateway.sends().length > sendsSoFar, { stepMs: 1000 })
  })

  it('names why a dropped device paused its part: the gateway unreachable is not the device logged out', async () => {
    // QA: with the gateway unreachable, the part read "the device disconnected or was logged out".
    const paused: string[] = []
    const { monitor, id } = await startFollowingMonitor({
      onAutoPause: (e) => paused.push(`${e.deviceId}:${e.reason}`)
    })
    monitor.emit('stateChanged', 'dev-1', 'connected', 'unreachable', null)
    expect(paused).toEqual(['dev-1:unreachable'])
    expect(campaigns.get(id).devices[0]?.autoPaused).toBe('unreachable')
    campaigns.resume(id, 'dev-1')
    monitor.emit('stateChanged', 'dev-1', 'connected', 'needs-scan', null)
    expect(paused).toEqual(['dev-1:unreachable', 'dev-1:disconnected'])
  })

  it('keeps the cause its device met with the paused part, and its rows say it (not "could not be reached")', async () => {
    // The part stored only `unreachable`: a gateway that asked to slow down, or a phone logged out, read "the gateway
    // could not be reached" once the device's own state no longer told (back, or not known to the window).
    const { monitor, id } = await startFollowingMonitor({})
    const waitOfRows = (): (string | null)[] =>
      campaigns.results(id).map((r) => fixture.outbox.get(r.itemId ?? '').item.waitReason?.message ?? null)
    monitor.emit(
      'stateChanged',
      'dev-1',
      'connected',
      'unreachable',
      encodeNote('desktop.device.rateLimited')
    )
    expect(campaigns.get(id).devices[0]?.autoPaused).toBe('unreachable')
    expect(campaigns.get(id).devices[0]?.deviceCause).toEqual({
      state: 'unreachable',
      stateNoteKey: 'desktop.device.rateLimited'
    })
    expect(new Set(waitOfRows())).toEqual(new Set(['Paused: the gateway asked to slow down.']))

    campaigns.resume(id, 'dev-1')
    // Logged out: the gateway's own words are no note of ours; the state names the cause.
    monitor.emit('stateChanged', 'dev-1', 'connected', 'needs-scan', 'need scan qr code again')
    expect(campaigns.get(id).devices[0]?.deviceCause).toEqual({ state: 'needs-scan' })
    expect(new Set(waitOfRows())).toEqual(new Set(['Paused when the device was “Needs a QR scan”.']))
    // Kept on disk: a new service over the same database (the app's next start) says the same.
    const again = createCampaigns(campaignsDeps())
    expect(again.get(id).devices[0]?.deviceCause).toEqual({ state: 'needs-scan' })
    // Resumed, the part has no cause any more.
    campaigns.resume(id, 'dev-1')
    expect(campaigns.get(id).devices[0]?.deviceCause).toBeNull()
  })

  it('tells when a dropped device is back while its part stays paused, and only for a drop', async () => {
    // QA: after the gateway was reachable again the campaign stayed paused and nothing said so until Resume.
    const back: string[] = []
    const { monitor, id } = await startFollowingMonitor({
      onDeviceBack: (e) => back.push(`${e.name}:${e.deviceId}`)
    })
    monitor.emit('stateChanged', 'dev-1', 'connected', 'unreachable', null)
    monitor.emit('stateChanged', 'dev-1', 'unreachable', 'connected', null)
    expect(back).toEqual(['Big bills:dev-1'])
    // Pausing on a drop is deliberate: the part waits for the operator's Resume.
    expect(campaigns.get(id).devices[0]?.autoPaused).toBe('unreachable')
    // A part paused for its spent quota is not "back" with the connection.
    campaigns.resume(id, 'dev-1')
    campaigns.autoPauseDevice('dev-1', 'quota')
    monitor.emit('stateChanged', 'dev-1', 'disconnected', 'connected', null)
    expect(back).toEqual(['Big bills:dev-1'])
  })

  // Q14-02's hold lived in memory: the app closed (or crashed) with "Take back this campaign?" open left the campaign
  // paused after the restart, shown as paused though the operator never paused it.
  describe('a hold for the take-back question, cut short by a restart', () => {
    it('gives a running campaign back its run, and it sends again', async () => {
      const { id } = await setUp({ batchPauseMinutes: 0 })
      await fixture.outbox.start()
      await campaigns.start(id)
      await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
      expect(campaigns.holdForTakeBack(id)).toMatchObject({ held: true, campaign: { status: 'paused' } })
      await restart()
      expect(campaigns.get(id).status).toBe('running')
      await fixture.runUntil(() => fixture.gateway.messages.length === 4, { stepMs: 1000 })
      // The hold is let go with it: the operator's own pause later stays a pause across the next start.
      campaigns.pause(id)
      await restart()
      expect(campaigns.get(id).status).toBe('paused')
    })

    // QA58: the question's pause read as the operator's ("Paused by you") on each part; the view says whose it is.
    it('says a campaign is paused for the question, and no longer once it is kept', async () => {
      const { id } = await setUp()
      await fixture.outbox.start()
      await campaigns.start(id)
      expect(campaigns.holdForTakeBack(id).campaign.heldForTakeBack).toBe(true)
      expect(campaigns.get(id).heldForTakeBack).toBe(true)
      expect(campaigns.keepAfterTakeBack(id).heldForTakeBack).toBeUndefined()
      // Paused by the operator, it is theirs: a question opened then does not hold it.
      campaigns.pause(id)
      expect(campaigns.holdForTakeBack(id).campaign.heldForTakeBack).toBeUndefined()
    })

    it('leaves a campaign the operator had paused paused', async () => {
      const { id } = await setUp()
      await fixture.outbox.start()
      await campaigns.start(id)
      campaigns.pause(id)
      expect(campaigns.holdForTakeBack(id)).toMatchObject({ held: false, campaign: { status: 'paused' } })
      await restart()
      expect(campaigns.get(id).status).toBe('paused')
      const sendsSoFar = fixture.gateway.sends().length
      await fixture.clock.advance(600_000)
      expect(fixture.gateway.sends()).toHaveLength(sendsSoFar)
    })

    it('leaves a hold alone while the process that holds it runs (the CLI opens the store beside the app)', async () => {
      const { id } = await setUp()
      await fixture.outbox.start()
      await campaigns.start(id)
      campaigns.holdForTakeBack(id)
      // The store as another process sees it: the hold's process is not this one, and it is alive.
      const elsewhere = createCampaigns({ ...campaignsDeps(), isProcessAlive: () => true, pid: 999_999_003 })
      expect(elsewhere.get(id).status).toBe('paused')
      // The question's answer still comes back to the holder.
      expect(campaigns.keepAfterTakeBack(id).status).toBe('running')
    })
  })

  it('resumes after a crash mid-campaign without resending and without a burst', async () => {
    const { id } = await setUp({ batchPauseMinutes: 0 })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 4, { stepMs: 1000 })
    fixture.crash()
    // The app restarts 2 s later: a new outbox and a new campaigns service on the same database.
    await fixture.clock.advance(2000)
    const reopened = fixture.reopen()
    campaigns = createCampaigns({ db: fixture.db, queue: reopened.queue, clock: fixture.clock })
    await reopened.start()
    await fixture.runUntil(() => fixture.gateway.messages.length === 12, { stepMs: 1000 })
    await fixture.clock.advance(600_000)
    const phones = fixture.gateway.messages.map((m) => m.phone)
    expect(phones).toHaveLength(12)
    expect(new Set(phones).size).toBe(12)
    expect(Math.min(...gaps(sendTimes()))).toBeGreaterThanOrEqual(5_000)
    expect(campaigns.get(id).counts.accepted).toBe(12)
  })
})

describe('rotation across the chosen devices', () => {
  const ROTATION: PacingPolicy = {
    ...DEFAULT_PACING,
    minDelaySeconds: 5,
    maxDelaySeconds: 10,
    batchPauseMinutes: 0,
    workingHours: null,
    warmUp: null
  }

  /** Twelve ready rows dealt in turn to dev-1 (rows 2, 4, …) and dev-2 (rows 3, 5, …), started. */
  async function startOnTwo(pacing: Partial<PacingPolicy>): Promise<string> {
    fixture = makeFixture()
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    const { id } = await campaigns.create({
      name: 'Two numbers',
      fileName: 'two.csv',
      sheet: sheetOf(12),
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: { ...ROTATION, ...pacing },
      devices: ['dev-1', 'dev-2']
    })
    await fixture.outbox.start()
    await campaigns.start(id)
    return id
  }

  /** A large campaign dealt in turn to dev-1 and dev-2 (each may send twice its rows a day), started. */
  async function startBigOnTwo(rows: number): Promise<string> {
    fixture = makeFixture()
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    const { id } = await campaigns.create({
      ...bigCampaign(rows),
      pacing: { ...ROTATION, dailyCapPerDevice: 2 * rows },
      devices: ['dev-1', 'dev-2']
    })
    await campaigns.start(id)
    return id
  }

  const sentBy = (deviceId: string): string[] =>
    fixture.gateway.messages.filter((m) => m.deviceId === deviceId).map((m) => m.phone)
  const rowOf = (id: string, phone: string) => campaigns.results(id).find((r) => r.phone === phone)

  it("gives the rows of a device at its daily cap to a device with room, within that device's own cap and gaps", async () => {
    const id = await startOnTwo({ dailyCapPerDevice: 4 })
    // Four of dev-2's customers opt out: dev-2 is left with 2 rows, dev-1 still has 6 for a cap of 4.
    campaigns.optOuts.add(['6281234567003', '6281234567005', '6281234567007', '6281234567009'], 'reply')
    await fixture.runUntil(() => fixture.gateway.messages.length === 8, { stepMs: 1000, maxSteps: 600 })
    // Same day (the clock started at 03:00 UTC): nothing waited for tomorrow while dev-2 had room.
    expect(fixture.clock.now()).toBeLessThan(Date.parse('2026-01-16T00:00:00Z'))
    expect(sentBy('dev-1')).toHaveLength(4)
    expect(sentBy('dev-2')).toHaveLength(4)
    expect(new Set(fixture.gateway.messages.map((m) => m.phone)).size).toBe(8)
    // dev-2's gaps still hold with the rows it took over.
    const dev2Times = fixture.gateway.messages.filter((m) => m.deviceId === 'dev-2').map((m) => m.acceptedAt)
    expect(Math.min(...gaps(dev2Times))).toBeGreaterThanOrEqual(5_000)
    // The proof and the outbox name the device that sent each moved row, and its timeline says why it moved.
    const moved = campaigns
      .results(id)
      .filter((r) => r.deviceId === 'dev-2' && Number(r.phone?.slice(-1)) % 2 === 0)
    expect(moved.map((r) => r.status)).toEqual(['accepted', 'accepted'])
    const timeline = fixture.outbox.get(moved[0]?.itemId ?? '')
    expect(timeline.item.deviceId).toBe('dev-2')
    expect(timeline.history.map((h) => h.note)).toContainEqual(
      expect.stringContaining('moved from dev-1 to dev-2: dev-1 reached its daily cap')
    )
    // The exported proof names the device that sent each row (by the name the caller gives it).
    const csv = new TextDecoder().decode(
      await campaigns.exportResults(id, 'csv', (deviceId) => (deviceId === 'dev-2' ? 'Shop 2' : deviceId))
    )
    const deviceOfRow = new Map(
      csv
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(','))
        .map((cells) => [Number(cells[0]), cells[5]])
    )
    expect(moved.map((r) => deviceOfRow.get(r.rowNumber))).toEqual(['Shop 2', 'Shop 2'])
    campaigns.settle(id)
    expect(campaigns.get(id).status).toBe('finished')
  })

  it('leaves the rows where they are when every device is at its cap, each waiting with the reason', async () => {
    const id = await startOnTwo({ dailyCapPerDevice: 4 })
    await fixture.runUntil(() => fixture.gateway.messages.length === 8, { stepMs: 1000, maxSteps: 600 })
    await fixture.clock.advance(3_600_000)
    expect(fixture.gateway.messages).toHaveLength(8)
    const tomorrow = Date.parse('2026-01-16T00:00:00Z')
    expect(campaigns.get(id).devices.map((d) => [d.deviceId, d.wait])).toEqual([
      ['dev-1', { code: 'daily_cap', until: tomorrow }],
      ['dev-2', { code: 'daily_cap', until: tomorrow }]
    ])
    expect(
      campaigns
        .results(id)
        .filter((r) => r.status === 'queued')
        .map((r) => r.deviceId)
    ).toEqual(['dev-1', 'dev-2', 'dev-1', 'dev-2'])
  })

  it("moves a logged-out device's untried rows to the other device, never a row it already tried", async () => {
    const id = await startOnTwo({ dailyCapPerDevice: 1000 })
    await fixture.runUntil(() => sentBy('dev-1').length === 2, { stepMs: 1000 })
    // dev-1's number is logged out: its next send is refused and that row goes back in line, tried once.
    fixture.gateway.logOut('dev-1')
    await fixture.runUntil(() => fixture.gateway.sends('dev-1').length === 3, { stepMs: 1000 })
    const refusedRow = fixture.gateway.sends('dev-1')[2]?.phone ?? ''
    // The monitor sees the device drop: its part pauses itself, as in the app.
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.autoPauseDevice('dev-1', 'disconnected')
    await fixture.runUntil(() => fixture.gateway.messages.length === 11, { stepMs: 1000, maxSteps: 600 })
    await fixture.clock.advance(600_000)
    expect(fixture.gateway.messages).toHaveLength(11)
    expect(sentBy('dev-1')).toHaveLength(2)
    expect(sentBy('dev-2')).toHaveLength(9)
    expect(new Set(fixture.gateway.messages.map((m) => m.phone)).size).toBe(11)
    // The row dev-1 tried stays with dev-1 (the gateway refused it, but a tried row never moves) and goes when the
    // number is back and the operator resumes.
    expect(rowOf(id, refusedRow)).toMatchObject({ deviceId: 'dev-1', status: 'queued' })
    expect(fixture.gateway.messages.map((m) => m.phone)).not.toContain(refusedRow)
    fixture.gateway.logIn('dev-1')
    fixture.outbox.setDeviceSendable('dev-1', true)
    campaigns.resume(id, 'dev-1')
    await fixture.runUntil(() => fixture.gateway.messages.length === 12, { stepMs: 1000 })
    expect(fixture.gateway.messages.filter((m) => m.phone === refusedRow).map((m) => m.deviceId)).toEqual([
      'dev-1'
    ])
  })

  it("moves a dropped device's whole backlog in the next turn: each row noted and re-linked, announced as one change", async () => {
    const id = await startBigOnTwo(400)
    const bulk: number[] = []
    const single: string[] = []
    fixture.outbox.on('bulkChanged', (count) => bulk.push(count))
    fixture.outbox.on('itemChanged', (item) => single.push(item.id))
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.autoPauseDevice('dev-1', 'disconnected')
    await yieldToEventLoop()

    const rows = campaigns.results(id)
    expect(rows.filter((r) => r.deviceId === 'dev-2')).toHaveLength(400)
    const items = rows.map((r) => fixture.outbox.get(r.itemId ?? ''))
    expect(items.every(({ item }) => item.deviceId === 'dev-2')).toBe(true)
    // The 200 rows that moved each say so in their timeline, once.
    const noted = items.filter((item) =>
      item.history.some((h) => h.noteKey === 'desktop.note.rowMovedStopped')
    )
    expect(noted).toHaveLength(200)
    expect(bulk).toEqual([200])
    expect(single).toEqual([])
  })

  it("a moved row's note names the devices and the reason the campaign knows (a failing gateway), in both languages", async () => {
    fixture = makeFixture()
    const names: Record<string, string> = { 'dev-1': 'Cabang Bandung', 'dev-2': 'Kantor Pusat' }
    campaigns = createCampaigns({
      db: fixture.db,
      queue: fixture.outbox.queue,
      clock: fixture.clock,
      deviceName: (deviceId) => names[deviceId] ?? deviceId
    })
    const { id } = await campaigns.create({
      ...bigCampaign(20),
      pacing: { ...ROTATION, dailyCapPerDevice: 40 },
      devices: ['dev-1', 'dev-2']
    })
    await campaigns.start(id)
    // The monitor found dev-1's gateway failing: its part pauses itself, its untried rows move.
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.autoPauseDevice('dev-1', 'unreachable')
    await yieldToEventLoop()
    const moved = campaigns
      .results(id)
      .map((r) =>
        fixture.outbox.get(r.itemId ?? '').history.find((h) => h.noteKey === 'desktop.note.rowMovedStopped')
      )
      .find((entry) => entry !== undefined)
    expect(moved).toBeDefined()
    const en = coreText('en', moved!.note!, moved!.noteKey, moved!.noteParams)
    const id_ = coreText('id', moved!.note!, moved!.noteKey, moved!.noteParams)
    expect(en).toBe(
      'moved from Cabang Bandung to Kantor Pusat: Cabang Bandung cannot send now (its gateway is failing)'
    )
    expect(id_).toContain('dari Cabang Bandung ke Kantor Pusat')
    expect(id_).toContain('gateway-nya bermasalah')
    for (const text of [en, id_]) expect(text).not.toMatch(/dev-|logged out|keluar/)
  })

  it('gives a resumed device its share of the untried rows back, from the end of the line, each row once', async () => {
    const id = await startBigOnTwo(400)
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.autoPauseDevice('dev-1', 'disconnected')
    await yieldToEventLoop()
    const lineBefore = campaigns
      .results(id)
      .filter((r) => r.deviceId === 'dev-2')
      .map((r) => r.itemId)
    expect(lineBefore).toHaveLength(400)

    // Resumed while the device still cannot send: it takes nothing.
    campaigns.resume(id, 'dev-1')
    expect(campaigns.results(id).filter((r) => r.deviceId === 'dev-1')).toHaveLength(0)

    fixture.outbox.setDeviceSendable('dev-1', true)
    campaigns.autoPauseDevice('dev-1', 'disconnected')
    campaigns.resume(id, 'dev-1')
    // In rotation's slices: sized by time, so the share may take more than one turn.
    const onDev1 = (): number => campaigns.results(id).filter((r) => r.deviceId === 'dev-1').length
    await vi.waitFor(() => expect(onDev1()).toBe(200), { timeout: 15_000 })
    const rows = campaigns.results(id)
    const back = rows.filter((r) => r.deviceId === 'dev-1')
    expect(back).toHaveLength(200)
    // The rows at the end of dev-2's line moved (its next rows stay), and the outbox agrees row by row.
    expect(new Set(back.map((r) => r.itemId))).toEqual(new Set(lineBefore.slice(200)))
    expect(back.every((r) => fixture.outbox.get(r.itemId ?? '').item.deviceId === 'dev-1')).toBe(true)
    expect(
      back.every((r) =>
        fixture.outbox.get(r.itemId ?? '').history.some((h) => h.noteKey === 'desktop.note.rowMovedResumed')
      )
    ).toBe(true)
    // dev-1 then sends the rows it took back, in their line order, while dev-2 goes on with its own.
    await fixture.outbox.start()
    await fixture.runUntil(() => sentBy('dev-1').length >= 3 && sentBy('dev-2').length >= 3, { stepMs: 1000 })
    const phoneOf = new Map(rows.map((r) => [r.itemId, r.phone]))
    expect(sentBy('dev-1').slice(0, 3)).toEqual(
      lineBefore.slice(200, 203).map((itemId) => phoneOf.get(itemId))
    )
    expect(sentBy('dev-2').slice(0, 3)).toEqual(lineBefore.slice(0, 3).map((itemId) => phoneOf.get(itemId)))
  })

  it('moves a backlog of 2,500 rows a slice per turn, every row once', async () => {
    const id = await startBigOnTwo(5_000)
    const onDevice = (deviceId: string): number =>
      campaigns.results(id).filter((r) => r.deviceId === deviceId).length
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.autoPauseDevice('dev-1', 'disconnected')
    // The call itself moves nothing (it rewrote the rows it paused); the next turn moves one slice, later turns the
    // rest.
    expect(onDevice('dev-2')).toBe(2_500)
    await yieldToEventLoop()
    const afterCall = onDevice('dev-2')
    expect(afterCall).toBeGreaterThan(2_500)
    expect(afterCall).toBeLessThan(5_000)
    await vi.waitFor(() => expect(onDevice('dev-2')).toBe(5_000), { timeout: 15_000 })
    const moves = fixture.db
      .prepare("SELECT count(*) AS n FROM outbox_history WHERE note LIKE '%rowMovedStopped%'")
      .get() as { n: number }
    expect(moves.n).toBe(2_500)
  })

  /**
   * Drops dev-1 from a rotation of `rows` rows and records each turn's slice of moves, each move taking
   * `cpuMsOfTurn(turn)` of the campaign's scripted CPU clock (turn 1 is the first).
   */
  async function rotationSlices(rows: number, cpuMsOfTurn: (turn: number) => number): Promise<number[]> {
    fixture = makeFixture()
    const slices: number[] = []
    let cpuMs = 0
    const move: typeof fixture.outbox.move = (moves, note, alongside) => {
      slices.push(moves.length)
      const moved = fixture.outbox.move(moves, note, alongside)
      cpuMs += cpuMsOfTurn(slices.length)
      return moved
    }
    campaigns = createCampaigns({
      db: fixture.db,
      queue: { ...fixture.outbox.queue, move },
      clock: fixture.clock,
      cpuMs: () => cpuMs
    })
    const { id } = await campaigns.create({
      ...bigCampaign(rows),
      pacing: { ...ROTATION, dailyCapPerDevice: 10_000 },
      devices: ['dev-1', 'dev-2']
    })
    await campaigns.start(id)
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.autoPauseDevice('dev-1', 'disconnected')
    const moved = (): number => slices.reduce((a, b) => a + b, 0)
    await vi.waitFor(() => expect(moved()).toBe(rows / 2), { timeout: 30_000 })
    expect(campaigns.results(id).every((r) => r.deviceId === 'dev-2')).toBe(true)
    return slices
  }

  it('sizes each turn of a rotation by how long the last one took, not by a fixed count', async () => {
    // The first turn takes 40 ms of CPU (a slow machine), the later ones 1 ms.
    const slices = await rotationSlices(4_000, (turn) => (turn === 1 ? 40 : 1))
    // The gate's own call moves the first slice; a turn of 40 ms makes the next one smaller (~15 ms of it)…
    expect(slices[0]).toBe(FIRST_ROTATION_MOVES)
    expect(slices[1]).toBeLessThan(FIRST_ROTATION_MOVES / 2)
    // …and fast turns let the slices grow again (at most doubling), every row moved once.
    expect(Math.max(...slices)).toBeGreaterThan(FIRST_ROTATION_MOVES)
    expect(slices.every((n, i) => i === 0 || n <= 2 * (slices[i - 1] ?? 0))).toBe(true)
  })

  it('keeps the turns of a rotation small while every turn stays slow', async () => {
    // Every turn takes 40 ms of CPU: no slice after the first grows back to it.
    const slices = await rotationSlices(1_000, () => 40)
    expect(slices[0]).toBe(FIRST_ROTATION_MOVES)
    expect(Math.max(...slices.slice(1))).toBeLessThan(FIRST_ROTATION_MOVES / 2)
  })

  it('never moves a row whose send has an unknown outcome: the device that tried it settles it', async () => {
    const id = await startOnTwo({ dailyCapPerDevice: 1000 })
    await fixture.runUntil(() => sentBy('dev-1').length === 1, { stepMs: 1000 })
    // dev-1's next send reaches the gateway but the answer is lost, and the reports cannot tell (they fail); then
    // the number drops. The row is in doubt: only a report check on dev-1 may settle it.
    fixture.gateway.fail({ op: 'send', deviceId: 'dev-1', code: 'timeout', afterHandling: true })
    for (const op of ['reportMessages', 'reportRealtime'] as const)
      fixture.gateway.fail({ op, deviceId: 'dev-1', code: 'server_error', times: 1000 })
    await fixture.runUntil(() => fixture.gateway.sends('dev-1').length === 2, { stepMs: 1000 })
    const inDoubt = fixture.gateway.sends('dev-1')[1]?.phone ?? ''
    // Said as being checked (QA12-05: "Sending" with no reason), unlike a row handed over and settled.
    expect(rowOf(id, inDoubt)).toMatchObject({ status: 'sending', checking: true })
    expect(rowOf(id, fixture.gateway.sends('dev-1')[0]?.phone ?? '')?.checking).toBe(false)
    // The results file says so in its reason, as the rows do (it was empty beside "Sending").
    const exported = resultsTable([], campaigns.results(id), 'UTC').rows.find(
      (cells) => cells[1] === `+${inDoubt}`
    )
    expect(exported?.at(-1)).toBe('Waiting: checking whether the gateway got it before sending it again')
    // Its device's part counts it, for the campaign to say the gateway's answers are being checked (not "Sending now").
    expect(campaigns.get(id).devices.map((d) => [d.deviceId, d.checking])).toEqual([
      ['dev-1', 1],
      ['dev-2', 0]
    ])
    fixture.outbox.setDeviceSendable('dev-1', false)
    campaigns.autoPauseDevice('dev-1', 'disconnected')
    await fixture.runUntil(() => sentBy('dev-2').length === 10, { stepMs: 1000, maxSteps: 600 })
    await fixture.clock.advance(600_000)
    expect(rowOf(id, inDoubt)).toMatchObject({ deviceId: 'dev-1', status: 'sending' })
    // Sent exactly once: the copy the gateway took before the answer was lost.
    expect(fixture.gateway.messages.filter((m) => m.phone === inDoubt).map((m) => m.deviceId)).toEqual([
      'dev-1'
    ])
    expect(new Set(fixture.gateway.messages.map((m) => m.phone)).size).toBe(12)
  })
})

describe('a file per row', () => {
  it('copies again a file that a retention sweep removed while the next file was being copied', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    const handles = new FileHandles({ dataDir: fixture.dir, maxFileBytes: () => 1_000_000 })
    const pdf = async (name: string, fill: string) => {
      const path = join(fixture.dir, name)
      writeFileSync(path, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, fill)]))
      const { files } = await handles.register([{ kind: 'path', path }])
      if (!files[0]) throw new Error(`${name} was not registered`)
      return files[0]
    }
    // A month ago the same invoice as ani.pdf went out (then cancelled): its copy is due for the retention sweep.
    const old = await fixture.outbox.enqueue({
      deviceId: 'dev-1',
      recipients: ['6281200000001'],
      entries: [fileEntryOf(await pdf('old.pdf', 'a'))]
    })
    fixture.outbox.cancel(old.itemIds[0] ?? '')
    fixture.clock.jump(31 * 86_400_000)
    const { id } = await campaigns.create({
      name: 'Invoices',
      fileName: 'bills.csv',
      sheet: {
        headers: ['Name', 'Phone', 'Invoice'],
        rows: SheetRows.of([
          { rowNumber: 2, cells: ['Ani', '081234567801', 'ani.pdf'] },
          { rowNumber: 3, cells: ['Budi', '081234567802', 'budi.pdf'] }
        ]),
        format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
      },
      mapping: { phone: 'Phone', variables: ['Name'], attachment: 'Invoice' },
      template: 'Invoice for {Name}',
      pacing: { ...PACING, workingHours: null },
      devices: ['dev-1'],
      fileNames: ['ani.pdf', 'budi.pdf']
    })
    const picked = new Map([
      ['ani.pdf', await pdf('ani.pdf', 'a')],
      ['budi.pdf', await pdf('budi.pdf', 'b')]
    ])
    // The sweep runs after ani.pdf's copy (which matched the old one) and before budi.pdf's.
    let copied = 0
    const sweepingOutbox = {
      copyFile: async (entry: FileEntry) => {
        const copy = await fixture.outbox.copyFile(entry)
        if (++copied === 1) expect((await fixture.outbox.sweepRetention()).files).toBe(1)
        return copy
      },
      hasCopy: (sha256: string) => fixture.outbox.hasCopy(sha256)
    }
    await campaigns.start(id, null, await copyCampaignFiles(sweepingOutbox, picked))
    await fixture.outbox.start()
    await fixture.runUntil(
      () => campaigns.results(id).every((r) => r.status === 'accepted' || r.status === 'failed'),
      {
        stepMs: 1000
      }
    )
    expect(campaigns.results(id).map((r) => [r.rowNumber, r.status, r.failureMessage])).toEqual([
      [2, 'accepted', null],
      [3, 'accepted', null]
    ])
    expect(fixture.gateway.messages.map((m) => [m.fileName, m.bytes])).toEqual([
      ['ani.pdf', 509],
      ['budi.pdf', 509]
    ])
  })
})

/**
 * A campaign too large for its estimate to be made as its view is (it follows in the background), with no daily cap
 * and no working hours (its finish moves with the clock): its id, and the ids each change announced.
 */
async function largeCampaign(pacing: Partial<PacingPolicy>): Promise<{ id: string; changed: string[] }> {
  const changed: string[] = []
  fixture = makeFixture()
  campaigns = createCampaigns({
    db: fixture.db,
    queue: fixture.outbox.queue,
    clock: fixture.clock,
    onChanged: (id) => changed.push(id)
  })
  const { id } = await campaigns.create({
    name: 'Large',
    fileName: 'large.csv',
    sheet: sheetOf(SYNC_ESTIMATE_ROWS + 500),
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Hi {Name}',
    pacing: { ...PACING, workingHours: null, dailyCapPerDevice: 100_000, warmUp: null, ...pacing },
    devices: ['dev-1']
  })
  return { id, changed }
}

describe('finish estimate', () => {
  it("makes a large campaign's view without simulating its finish: the estimate follows in the background", async () => {
    const { id, changed } = await largeCampaign({})
    const atCreate = campaigns.get(id).estimate.finishAt
    expect(atCreate).not.toBeNull()
    // Ten minutes on, the estimate is due again: the view still carries the last one, made before.
    fixture.clock.jump(10 * 60_000)
    changed.length = 0
    expect(campaigns.get(id).estimate.finishAt).toBe(atCreate)
    await vi.waitFor(() => expect(changed).toEqual([id]))
    const later = campaigns.get(id).estimate.finishAt
    expect(later).toBeGreaterThan(atCreate ?? Infinity)
    expect(changed).toEqual([id])
  })
})

describe('a finish estimate gone by', () => {
  it("makes a large campaign's passed estimate again at once from what remains, not after it has aged", async () => {
    // A fiftieth of a second between sends: 2,500 rows are estimated to end in under a minute.
    const { id, changed } = await largeCampaign({
      minDelaySeconds: 0.02,
      maxDelaySeconds: 0.02,
      batchPauseMinutes: 0
    })
    const atCreate = campaigns.get(id).estimate.finishAt ?? 0
    // Its end passes before the estimate is old enough to be made again by age alone.
    expect(atCreate + 1_000 - fixture.clock.now()).toBeLessThan(ESTIMATE_FRESH_MS)
    // Past that end with every row still waiting (the sends stalled): made again from the rows left and the clock now.
    fixture.clock.jump(atCreate + 1_000 - fixture.clock.now())
    expect(finishEstimate(campaigns.get(id).estimate.finishAt, fixture.clock.now()).kind).toBe('late')
    await vi.waitFor(() => expect(changed).toEqual([id]))
    const again = campaigns.get(id).estimate.finishAt
    expect(finishEstimate(again, fixture.clock.now())).toEqual({ kind: 'at', at: again })
  })
})

describe('campaign proof', () => {
  it('exports every row with status, gateway id and the time of each status, as CSV and XLSX', async () => {
    const { id } = await setUp()
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    const first = fixture.gateway.messages[0]
    fixture.gateway.setStatus(first?.id ?? '', 'read')
    await fixture.runUntil(() => campaigns.results(id)[0]?.status === 'read', { stepMs: 5000 })
    // The zone the window names (the operator's, as the outbox export's), not the campaign's hours'.
    const csv = await campaigns.exportResults(id, 'csv', undefined, 'en', {}, 'Asia/Jakarta')
    const lines = new TextDecoder()
      .decode(csv)
      .replace(/^\ufeff/, '')
      .split('\r\n')
    expect(lines[0]).toBe(
      'Row,Phone,Name,Status,Gateway id,Device,Submitted at,Accepted at,Sent at,Delivered at,Read at,Failed at,Cancelled at,Opted out at,Cancelled at the gateway at,Deleted for everyone at,Time zone of the times,Reason'
    )
    const firstRow = lines[1]?.split(',') ?? []
    // The phone in E.164 (QA: "6281234…" had lost its +), text a spreadsheet keeps (stop 38's probe: 6.28123E+12):
    // behind the quote the CSV writer puts before a + cell, so it is no formula either.
    expect(firstRow.slice(0, 6)).toEqual([
      '2',
      '"\'+6281234567000"',
      'Customer 1',
      'Read',
      first?.id,
      'dev-1'
    ])
    // ISO 8601 with the offset of that zone, and the zone named.
    expect(firstRow[10]).toMatch(/^2026-01-15T1\d:\d\d:\d\d\+07:00$/)
    expect(firstRow[16]).toBe('Asia/Jakarta')
    // Why the number is not one, as the window's skipped rows say it.
    expect(lines[13]).toBe(
      '14,123,Broken,Skipped,,,,,,,,,,,,,Asia/Jakarta,"invalid number: start it with 08, 8, +62 or 62 (or + and the country code)"'
    )

    const xlsx = await campaigns.exportResults(id, 'xlsx', undefined, 'en', {}, 'Asia/Jakarta')
    const { readSpreadsheet } = await import('./spreadsheet')
    const sheet = await readSpreadsheet(xlsx, 'results.xlsx')
    expect(sheet.rows).toHaveLength(14)
    expect(sheet.rows.at(0)?.cells.slice(0, 5)).toEqual([
      '2',
      '+6281234567000',
      'Customer 1',
      'Read',
      first?.id
    ])
    // The sheet's mapped columns beside the phone cell: a row with a wrong or blank number is found by its name (a new
    // operator's probe: "124,,no phone number" said nothing of which customer it was).
    expect(
      campaigns
        .skippedCsv(id)
        .replace(/^\ufeff/, '')
        .split('\r\n')
    ).toEqual([
      'Row,Phone,Name,Problem',
      '14,123,Broken,"invalid number: start it with 08, 8, +62 or 62 (or + and the country code)"',
      // QA: Excel opened 081234567000 as 81234567000: the sheet's text, kept text behind the quote.
      "15,'081234567000,Twin,duplicate of row 2"
    ])
  })

  // QA67: the skipped rows came out as "62 812-3456-7891" and "0812-3456-7890", neither the sheet's text nor one
  // format, so the operator could not find them in their own file to fix them.
  it('writes each skipped row’s number exactly as the sheet had it, a formula trigger behind its quote', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    campaigns.optOuts.add(['6281234567891'], 'operator')
    const { id } = await campaigns.create({
      name: 'Promo',
      fileName: 'promo.csv',
      sheet: {
        headers: ['Name', 'Phone'],
        rows: SheetRows.of(
          [
            ['Ani', '081234567890'],
            ['Budi', '+62 812 3456 7891'],
            ['Ani again', '081234567890'],
            ['', '081234567894']
          ].map((cells, i) => ({ rowNumber: i + 2, cells }))
        ),
        format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
      },
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: PACING,
      devices: ['dev-1']
    })
    const skipped = Papa.parse<string[]>(campaigns.skippedCsv(id).replace(/^\ufeff/, ''), {
      skipEmptyLines: true
    }).data
    expect(skipped.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['3', "'+62 812 3456 7891"],
      ['4', "'081234567890"],
      ['5', "'081234567894"]
    ])
  })

  // QA73: a campaign imported from "CSV UTF-8 (dipisah titik koma)" wrote its results and skipped rows with commas, so
  // an Indonesian Excel (list separator ";") opened each row in one cell.
  it('writes the results and skipped rows with the separator of the CSV it was imported from', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    const { readSpreadsheet } = await import('./spreadsheet')
    const imported =
      '\ufeffNama;No HP;Tagihan\r\n"Ani; Toko Maju";081234567890;Rp 1.500,00\r\nBudi;12345;Rp 20.000\r\n'
    const sheet = await readSpreadsheet(new TextEncoder().encode(imported), 'tagihan.csv')
    expect(sheet.format).toMatchObject({ kind: 'csv', delimiter: ';' })
    const { id } = await campaigns.create({
      name: 'Tagihan',
      fileName: 'tagihan.csv',
      sheet,
      mapping: { phone: 'No HP', variables: ['Nama', 'Tagihan'] },
      template: 'Halo {Nama}',
      pacing: PACING,
      devices: ['dev-1']
    })
    // Kept with the campaign: read again from the store, as after the app is opened again.
    expect(new CampaignStore(fixture.db).get(id)?.csvDelimiter).toBe(';')
    for (const language of ['en', 'id'] as const) {
      const results = new TextDecoder().decode(await campaigns.exportResults(id, 'csv', undefined, language))
      const lines = results.replace(/^\ufeff/, '').split('\r\n')
      expect(lines[0]?.split(';').slice(0, 4)).toEqual(
        language === 'en' ? ['Row', 'Phone', 'Nama', 'Tagihan'] : ['Baris', 'Nomor', 'Nama', 'Tagihan']
      )
      expect(lines[1]).toMatch(/^2;"'\+6281234567890";"Ani; Toko Maju";Rp 1\.500,00;/)
      const skipped = campaigns
        .skippedCsv(id, language)
        .replace(/^\ufeff/, '')
        .split('\r\n')
      expect(skipped[1]?.split(';').slice(0, 4)).toEqual(['3', '12345', 'Budi', 'Rp 20.000'])
      // Imported again: the same columns, and the sent number read back.
      const again = await readSpreadsheet(new TextEncoder().encode(results), 'hasil.csv')
      expect(again.format).toMatchObject({ kind: 'csv', delimiter: ';' })
      expect(again.rows.toArray()[0]?.cells.slice(0, 4)).toEqual([
        '2',
        "'+6281234567890",
        'Ani; Toko Maju',
        'Rp 1.500,00'
      ])
    }
  })

  // A campaign that knows no CSV separator (an XLSX, or imported before it was kept): the window language's.
  it('writes a campaign from an XLSX with the window language’s separator', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    const { id } = await campaigns.create({
      name: 'Promo',
      fileName: 'promo.xlsx',
      sheet: {
        headers: ['Name', 'Phone'],
        rows: SheetRows.of([{ rowNumber: 2, cells: ['Ani', '123'] }]),
        format: { kind: 'xlsx', sheetName: 'Sheet1' }
      },
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Hi {Name}',
      pacing: PACING,
      devices: ['dev-1']
    })
    expect(
      campaigns
        .skippedCsv(id, 'id')
        .replace(/^\ufeff/, '')
        .split('\r\n')[0]
    ).toBe('Baris;Nomor;Name;Masalah')
    expect(
      campaigns
        .skippedCsv(id, 'en')
        .replace(/^\ufeff/, '')
        .split('\r\n')[0]
    ).toBe('Row,Phone,Name,Problem')
  })

  // QA67: "duplikat dari baris 2" sat under "Alasan gagal" (failure reason) for a row that never failed.
  it('heads the reason column for skipped and failed rows alike, in each language', async () => {
    const { id } = await setUp()
    for (const [language, heading, status, reason] of [
      ['en', 'Reason', 'Skipped', 'duplicate of row 2'],
      ['id', 'Alasan', 'Dilewati', 'duplikat dari baris 2']
    ] as const) {
      const table = resultsTable(['Name'], campaigns.results(id), 'UTC', undefined, language)
      const twin = table.rows.find((cells) => cells[2] === 'Twin') ?? []
      expect([table.columns.at(-1), twin[3], twin.at(-1)]).toEqual([heading, status, reason])
    }
  })
})

describe('safe exports', () => {
  it('neutralises every formula trigger in every CSV export, and says why a row failed in the export’s language', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
    // Each trigger as a customer's name (a variable column) on a sendable row, and as the phone cell of a skipped one.
    const sendable = CSV_FORMULA_TRIGGERS.map((cell, i) => [cell, `08123456${7000 + i}`])
    const skipped = CSV_FORMULA_TRIGGERS.map((cell) => ['Broken', `${cell}!`])
    const { id } = await campaigns.create({
      name: 'Triggers',
      fileName: 'triggers.csv',
      sheet: {
        headers: ['=Name', 'Phone'],
        rows: SheetRows.of([...sendable, ...skipped].map((cells, i) => ({ rowNumber: i + 2, cells }))),
        format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
      },
      mapping: { phone: 'Phone', variables: ['=Name'] },
      template: 'Hi {=Name}',
      pacing: { ...PACING, minDelaySeconds: 0, maxDelaySeconds: 0, workingHours: null },
      devices: ['dev-1']
    })
    // The gateway refuses the first send with words of its own that look like a formula.
    fixture.gateway.fail({ op: 'send', code: 'rejected', gatewayMessage: '=HYPERLINK("http://x.example")' })
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(
      () => campaigns.results(id).every((r) => r.problems.length > 0 || r.status !== 'queued'),
      {
        stepMs: 1000
      }
    )
    const parse = (csv: string): string[][] =>
      Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data
    const proofEn = parse(new TextDecoder().decode(await campaigns.exportResults(id, 'csv')))
    const proofId = parse(new TextDecoder().decode(await campaigns.exportResults(id, 'csv', undefined, 'id')))
    const skippedRows = parse(campaigns.skippedCsv(id, 'id'))
    for (const table of [proofEn, proofId, skippedRows])
      for (const row of table)
        for (const cell of row) if (isFormulaLike(cell)) expect.fail(`a live formula in an export: ${cell}`)
    // Each trigger is still there, behind its quote.
    // (a row's values are kept trimmed; the phone cell of a skipped row as it came)
    const names = proofEn.slice(1, 1 + CSV_FORMULA_TRIGGERS.length).map((row) => row[2])
    expect(names).toEqual(CSV_FORMULA_TRIGGERS.map((cell) => `'${cell.trim()}`))
    expect(proofEn[0]?.[2]).toBe("'=Name")
    expect(skippedRows.slice(1).map((row) => row[1])).toEqual(CSV_FORMULA_TRIGGERS.map((cell) => `'${cell}!`))
    // The failure is a sentence in each language, never the stored code.
    const failed = (table: string[][]): string =>
      table.find((row) => row.some((c) => c.includes('HYPERLINK')))?.at(-1) ?? ''
    expect(failed(proofEn)).not.toContain('\u241e')
    expect(failed(proofEn)).toContain('gateway: "')
    expect(failed(proofId)).not.toContain('\u241e')
    expect(failed(proofId)).not.toBe(failed(proofEn))
    expect(proofId[0]?.[0]).toBe('Baris')
  })
})

// QA17 Q17-04: the same sheet sent again (to reach numbers taken off the opt-out list) sent the same promo a second
// time, minutes later, to everyone who had it already, with no word in "Before you start".
describe('the same message to the same number within 24 hours', () => {
  const again = (extra = {}) => ({
    sheet: sheetOf(5),
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Bill for {Name}',
    ...extra
  })

  async function sendFirstFour(): Promise<void> {
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    const { id } = await campaigns.create(bigCampaign(4))
    await fixture.outbox.start()
    await campaigns.start(id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 4, { stepMs: 1000 })
    await gatewayReportsSent(4)
  }

  /** The gateway reports every message it took sent (QA73: only then did the customer get it). */
  async function gatewayReportsSent(count: number): Promise<void> {
    for (const message of fixture.gateway.messages) fixture.gateway.setStatus(message.id, 'sent')
    await fixture.runUntil(() => fixture.outbox.counts().sent === count, { stepMs: 1000 })
    await fixture.clock.advance(10 * 60_000)
  }

  it('is counted by the check and left out by default, with its reason in the rows and the export', async () => {
    await sendFirstFour()
    const checked = await campaigns.check(again())
    expect(checked.summary).toMatchObject({ total: 5, ready: 1, skipped: 4, sentRecently: 4 })
    expect(checked.summary.byProblem['sent_recently']).toBe(4)
    const created = await campaigns.create({
      ...bigCampaign(5),
      name: 'Bills again'
    })
    expect(created.summary).toMatchObject({ ready: 1, skipped: 4 })
    expect(created.summary.byProblem['sent_recently']).toBe(4)
    await campaigns.start(created.id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 5, { stepMs: 1000 })
    await fixture.clock.advance(10 * 60_000)
    // Only the fifth customer, who never had it, got a message.
    expect(fixture.gateway.messages.filter((m) => m.phone === '6281234567000')).toHaveLength(1)
    expect(fixture.gateway.messages.at(-1)?.phone).toBe('6281234567004')
    const exported = resultsTable([], campaigns.results(created.id), 'UTC').rows.find(
      (cells) => cells[0] === 2
    )
    expect([exported?.[2], exported?.at(-1)]).toEqual([
      'Skipped',
      'got this same message from this app in the last 24 hours'
    ])
  })

  it('is sent anyway when the operator says so, and still counted', async () => {
    await sendFirstFour()
    const checked = await campaigns.check(again({ sendRecent: true }))
    expect(checked.summary).toMatchObject({ total: 5, ready: 5, skipped: 0, sentRecently: 4 })
    const created = await campaigns.create({ ...bigCampaign(5), name: 'Bills again', sendRecent: true })
    expect(created.summary).toMatchObject({ ready: 5, skipped: 0 })
  })

  /** How many messages the gateway took for each of these numbers. */
  const sentTo = (phones: readonly string[]): number[] =>
    phones.map((phone) => fixture.gateway.messages.filter((m) => m.phone === phone).length)
  const FIRST_FOUR = ['6281234567000', '6281234567001', '6281234567002', '6281234567003']

  it('is measured again at start: a draft started a day after it was made sends to them', async () => {
    await sendFirstFour()
    const draft = await campaigns.create({ ...bigCampaign(5), name: 'Bills again' })
    expect(draft.summary).toMatchObject({ ready: 1, skipped: 4, byProblem: { sent_recently: 4 } })
    await fixture.clock.advance(24 * 60 * 60_000)
    const started = await campaigns.start(draft.id)
    expect(started.summary).toMatchObject({ total: 5, ready: 5, skipped: 0, byProblem: {} })
    await fixture.runUntil(() => fixture.gateway.messages.length === 9, { stepMs: 1000 })
    await fixture.clock.advance(10 * 60_000)
    expect(sentTo([...FIRST_FOUR, '6281234567004'])).toEqual([2, 2, 2, 2, 1])
  })

  it("is read by checkDraft as a start now would find it, nothing written: a day later, the draft's rows are ready", async () => {
    await sendFirstFour()
    const draft = await campaigns.create({ ...bigCampaign(5), name: 'Bills again' })
    await fixture.clock.advance(24 * 60 * 60_000)
    const read = await campaigns.checkDraft(draft.id)
    expect(read.view.summary).toEqual({ total: 5, ready: 5, skipped: 0, byProblem: {} })
    expect(read.view.counts).toMatchObject({ waiting: 5, skipped: 0 })
    expect(read.sameMessage).toEqual({
      setAside: 0,
      readyAgain: 4,
      setAsideRows: [],
      readyAgainRows: [2, 3, 4, 5]
    })
    // Its first recipient is row 2, left out when the draft was made and ready again now.
    expect(read.example).toMatchObject({ rowNumber: 2, message: 'Bill for Customer 1' })
    expect(read.estimate.finishAt).not.toBeNull()
    // Its rows as they were: only a start writes what it finds.
    expect(campaigns.get(draft.id).summary).toMatchObject({ ready: 1, skipped: 4, sentRecently: 4 })
    const started = await campaigns.start(draft.id)
    expect(started.summary).toEqual(read.view.summary)
    expect(started.sameMessage).toEqual(read.sameMessage)
  })

  it('sets aside at start a number opted out since the check, whether or not it is sent to again', async () => {
    await sendFirstFour()
    const draft = await campaigns.create({ ...bigCampaign(5), name: 'Bills again' })
    expect(draft.summary).toMatchObject({ ready: 1, skipped: 4, sentRecently: 4 })
    // Row 3 got the same message lately, row 6 never had it: both numbers opt out before the start.
    campaigns.optOuts.add(['6281234567001', '6281234567004'], 'reply')
    const leftOut = await campaigns.checkDraft(draft.id)
    expect(leftOut.sameMessage.optedOutRows).toEqual([6])
    // Its only ready row opted out: the start sends to none, unless to those that got the same message lately.
    expect(leftOut.example).toBeNull()
    const read = await campaigns.checkDraft(draft.id, { sendRecent: true })
    expect(read.sameMessage.optedOutRows).toEqual([3, 6])
    expect(read.example).toMatchObject({ rowNumber: 2, phone: '6281234567000' })
    expect(read.view.summary).toEqual({
      total: 5,
      ready: 0,
      skipped: 5,
      byProblem: { sent_recently: 3, opted_out: 2 },
      sentRecently: 3
    })
    const started = await campaigns.start(draft.id, null, null, { sendRecent: true })
    expect(started.sameMessage.optedOutRows).toEqual([3, 6])
    expect(started.summary).toMatchObject({ ready: 3, skipped: 2, byProblem: { opted_out: 2 } })
    await fixture.runUntil(() => fixture.gateway.messages.length === 7, { stepMs: 1000 })
    await fixture.clock.advance(10 * 60_000)
    expect(sentTo([...FIRST_FOUR, '6281234567004'])).toEqual([2, 1, 2, 2, 0])
    expect(campaigns.get(draft.id).counts).toMatchObject({ skipped: 2, optedOut: 0 })
  })

  // The window said "N more were set aside" from the difference of two counts: a row whose 24 hours ran out and one
  // newly matching at the same start cancelled out, and it said nothing.
  it('says how many rows its start newly set aside and how many it made ready again, each on its own', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    const first = await campaigns.create(bigCampaign(1))
    await fixture.outbox.start()
    await campaigns.start(first.id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 1, { stepMs: 1000 })
    const draft = await campaigns.create({ ...bigCampaign(2), name: 'Bills again' })
    expect(draft.summary).toMatchObject({ ready: 1, skipped: 1, sentRecently: 1 })
    // Nearly a day later another campaign sends the draft's ready row the same message.
    await fixture.clock.advance(23 * 60 * 60_000 + 50 * 60_000)
    const other = await campaigns.create({ ...bigCampaign(2), name: 'Bills once more' })
    await campaigns.start(other.id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    // The first message is now more than 24 hours old: its row goes, the other is set aside.
    await fixture.clock.advance(15 * 60_000)
    const started = await campaigns.start(draft.id)
    // The gateway took it and has not reported it sent: the row waits for it in that campaign (QA73).
    expect(started.summary).toMatchObject({
      ready: 1,
      skipped: 1,
      byProblem: { same_message_waiting: 1 },
      sameMessageWaitingIn: 'Bills once more'
    })
    // Each by its row (the sheet's rows 2 and 3), so the window can tell the rows its panel counted from others.
    // QA73 follow-up: which of them wait for it, and where, so "N more were set aside" need not say "got" of them.
    expect(started.sameMessage).toEqual({
      setAside: 1,
      readyAgain: 1,
      setAsideRows: [3],
      readyAgainRows: [2],
      setAsideWaitingRows: [3],
      setAsideWaitingIn: 'Bills once more',
      // Its 24 hours ran out while the gateway had not reported it sent: it had waited for it in the first campaign.
      readyAgainWaitingRows: [2],
      readyAgainWaitingIn: 'Big bills'
    })
  })

  it('counts messages still in line: of two campaigns started seconds apart, the second leaves them out', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    const first = await campaigns.create(bigCampaign(4))
    const second = await campaigns.create({ ...bigCampaign(4), name: 'Big bills twice' })
    // Nothing was sent or in line at create: both drafts are ready.
    expect(second.summary).toMatchObject({ ready: 4, skipped: 0 })
    await campaigns.start(first.id)
    await fixture.clock.advance(5_000)
    // The first campaign's messages are still in line (the outbox has not sent one).
    const started = await campaigns.start(second.id)
    // QA73: waiting for it in the first campaign, not got it.
    expect(started.summary).toMatchObject({
      total: 4,
      ready: 0,
      skipped: 4,
      byProblem: { same_message_waiting: 4 },
      sameMessageWaitingIn: 'Big bills'
    })
    expect(campaigns.results(second.id).map((row) => row.problems)).toEqual(
      Array.from({ length: 4 }, () => [{ code: 'same_message_waiting', campaign: 'Big bills' }])
    )
    await fixture.outbox.start()
    await fixture.runUntil(() => fixture.gateway.messages.length === 4, { stepMs: 1000 })
    await fixture.clock.advance(10 * 60_000)
    expect(sentTo(FIRST_FOUR)).toEqual([1, 1, 1, 1])
  })

  it('is sent to again when the draft is started with sendRecent, exactly once', async () => {
    await sendFirstFour()
    const draft = await campaigns.create({ ...bigCampaign(5), name: 'Bills again' })
    // What "Before you start" offers: the rows held back only for the same message.
    expect(draft.summary).toMatchObject({ ready: 1, skipped: 4, sentRecently: 4 })
    const started = await campaigns.start(draft.id, null, null, { sendRecent: true })
    expect(started.summary).toMatchObject({ total: 5, ready: 5, skipped: 0 })
    await fixture.runUntil(() => fixture.gateway.messages.length === 9, { stepMs: 1000 })
    await fixture.clock.advance(10 * 60_000)
    expect(sentTo([...FIRST_FOUR, '6281234567004'])).toEqual([2, 2, 2, 2, 1])
    expect(campaigns.results(draft.id).every((row) => row.problems.length === 0)).toBe(true)
  })

  // QA73: a campaign of the same message still sending (~30 sent, ~260 in line) read "290 got this same message":
  // those still waiting for it are counted apart, in the campaign they wait in, and a start may send to both kinds.
  it('tells the numbers that got it from those still waiting for it, naming the campaign they wait in', async () => {
    fixture = makeFixture()
    campaigns = createCampaigns(campaignsDeps())
    const first = await campaigns.create(bigCampaign(2))
    const december = await campaigns.create({ ...bigCampaign(4), name: 'Tagihan Desember' })
    await fixture.outbox.start()
    await campaigns.start(first.id)
    await fixture.runUntil(() => fixture.gateway.messages.length === 2, { stepMs: 1000 })
    await gatewayReportsSent(2)
    await fixture.outbox.stop()
    // Its first two rows got it from the first campaign; its other two are in line, not sent.
    await campaigns.start(december.id)
    const checked = await campaigns.check(again())
    expect(checked.summary).toMatchObject({
      total: 5,
      ready: 1,
      skipped: 4,
      sentRecently: 4,
      sentRecentlyWaiting: 2,
      byProblem: { sent_recently: 2, same_message_waiting: 2 },
      sameMessageWaitingIn: 'Tagihan Desember'
    })
    const draft = await campaigns.create({ ...bigCampaign(5), name: 'Bills again' })
    expect(draft.summary).toMatchObject({
      ready: 1,
      skipped: 4,
      sentRecently: 4,
      sentRecentlyWaiting: 2,
      byProblem: { sent_recently: 2, same_message_waiting: 2 },
      sameMessageWaitingIn: 'Tagihan Desember'
    })
    expect(campaigns.results(draft.id).map((row) => row.problems)).toEqual([
      [{ code: 'sent_recently' }],
      [{ code: 'sent_recently' }],
      [{ code: 'same_message_waiting', campaign: 'Tagihan Desember' }],
      [{ code: 'same_message_waiting', campaign: 'Tagihan Desember' }],
      []
    ])
    const exported = resultsTable([], campaigns.results(draft.id), 'UTC').rows.map((cells) => cells.at(-1))
    expect(exported.slice(1, 3)).toEqual([
      'got this same message from this app in the last 24 hours',
      'already waiting to get this same message in “Tagihan Desember”'
    ])
    // What "Before you start" finds now: nothing moved, both kinds still left out.
    const read = await campaigns.checkDraft(draft.id)
    expect(read.sameMessage).toMatchObject({ setAside: 0, readyAgain: 0 })
    expect(read.view.summary).toMatchObject({
      sentRecently: 4,
      sentRecentlyWaiting: 2,
      byProblem: { sent_recently: 2, same_message_waiting: 2 },
      sameMessageWaitingIn: 'Tagihan Desember'
    })
    // The form's check asked to send anyway leaves no row out, and still tells the two kinds apart (QA73 follow-up).
    const anyway = await campaigns.check({ ...again(), sendRecent: true })
    expect(anyway.summary).toMatchObject({
      skipped: 0,
      sentRecently: 4,
      sentRecentlyWaiting: 2,
      sameMessageWaitingIn: 'Tagihan Desember'
    })
    // Rows left out for the same message alone, of either kind, are the ones a start may send to again; the start
    // says which of them were waiting, and where.
    const started = await campaigns.start(draft.id, null, null, { sendRecent: true })
    expect(started.summary).toMatchObject({ total: 5, ready: 5, skipped: 0, byProblem: {} })
    expect(started.sameMessage).toMatchObject({
      readyAgainRows: [2, 3, 4, 5],
      readyAgainWaitingRows: [4, 5],
      readyAgainWaitingIn: 'Tagihan Desember'
    })
  })

  it('is not the same message when its text differs, nor after 24 hours', async () => {
    await sendFirstFour()
    const other = await campaigns.check(again({ template: 'Bill for {Name}, due Friday' }))
    expect(other.summary).toMatchObject({ ready: 5, skipped: 0, sentRecently: 0 })
    await fixture.clock.advance(24 * 60 * 60_000)
    const later = await campaigns.check(again())
    expect(later.summary).toMatchObject({ ready: 5, skipped: 0, sentRecently: 0 })
  })
})
