// Outbox benchmark: every figure is a ratio to a floor measured in the same run, on the same schema and pragmas.
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { systemClock } from '../src/main/core/clock'
import { createCampaigns, type Campaigns } from '../src/main/core/campaigns'
import { SheetRows } from '../src/main/core/campaigns/spreadsheet'
import { DEFAULT_PACING } from '../src/shared/domain'
import { createGatewayClient, type GatewayClient } from '../src/main/core/gateway'
import { createOutbox, type Outbox } from '../src/main/core/sending'
import {
  checkpointInBackground,
  ContactsStore,
  DATABASE_FILE,
  openDatabase,
  OutboxStore,
  type ItemFilter,
  type SqliteDatabase
} from '../src/main/core/store'
import { walPagesByTree } from '../src/main/core/store/testing/wal-pages'
import { printed, reported, underBudget, type BenchLine } from './lines'

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  // Of an even count, the mean of the two middle values (the upper one alone would lean every figure upward).
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[middle] ?? 0)
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits })

function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `bench-${name}-`))
}

const recipientsFor = (count: number, prefix = '62813'): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(7, '0')}`)

// ------------------------------------------------------------------------------------------ fixtures

/** The seeds' recipient of item i (SQL): 5,000 numbers, all starting 62812000. */
const SEED_RECIPIENT_OF_I = "printf('62812%07d', i % 5000)"

/**
 * `rows` finished items (97% read, 3% failed) written by SQL alone, as a busy install keeps them within retention.
 * Seeded rows carry no history rows: history is never read by the measured paths, and this keeps 1M rows to seconds.
 */
function seedFinished(
  db: SqliteDatabase,
  rows: number,
  deviceId = 'd-seed',
  recipientOf = SEED_RECIPIENT_OF_I
): void {
  if (rows === 0) return
  const now = Date.now()
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO outbox_items (id, seq, device_id, recipient, is_group, kind, text, status, attempts,
         created_at, updated_at, closed_at, accepted_at, gateway_id, track_attempts, held)
       SELECT printf('seed-%08d', i), -i, ?, ${recipientOf}, 0, 'text',
         'hello there, your order has shipped', CASE WHEN i % 100 < 97 THEN 'read' ELSE 'failed' END, 1,
         ? - i, ? - i, ? - i, ? - i, printf('gw-%d', i), 0, 0 FROM n`
    ).run(rows, deviceId, now, now, now, now)
  })()
}

/** A fresh database (same schema, pragmas and migrations as the app) with `rows` finished items. */
function seededDatabase(
  name: string,
  rows: number,
  deviceId?: string,
  recipientOf?: string
): { dir: string; db: SqliteDatabase } {
  const dir = tempDir(name)
  const db = openDatabase({ dataDir: dir })
  seedFinished(db, rows, deviceId, recipientOf)
  // As a database that has been in use is: checkpointed (else the first measured commit copies the whole seed), and
  // its search index merged (a seed written in one statement leaves hundreds of index segments, which the first
  // measured commit would merge; an outbox filled over months keeps them merged a little at each write).
  db.exec(`INSERT INTO outbox_items_search (outbox_items_search) VALUES ('optimize')`)
  db.exec(`INSERT INTO outbox_recipients_search (outbox_recipients_search) VALUES ('optimize')`)
  db.pragma('wal_checkpoint(TRUNCATE)')
  return { dir, db }
}

/**
 * A seeded database as the app keeps it: its log copied into the file from a worker thread, as composeCore does for
 * the app's process (checkpointInBackground), so a block measured is the work's and not a checkpoint's. Event-loop
 * blocks are measured this way; rates compare like with like on seededDatabase alone.
 */
async function appDatabase(
  name: string,
  rows: number
): Promise<{ dir: string; db: SqliteDatabase; close(): Promise<void> }> {
  const { dir, db } = seededDatabase(name, rows)
  const checkpoints = checkpointInBackground(db, join(dir, DATABASE_FILE))
  if (!(await checkpoints.ready)) throw new Error('the background checkpoints did not start')
  return {
    dir,
    db,
    async close() {
      await checkpoints.stop()
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

// ------------------------------------------------------------------------------------------- enqueue

const ENQUEUE_ENTRIES = 10
const ENQUEUE_RECIPIENTS = 200

async function outboxEnqueueRate(seedRows: number): Promise<number> {
  const { dir, db } = seededDatabase('enqueue', seedRows)
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const entries = Array.from({ length: ENQUEUE_ENTRIES }, (_, i) => ({
    kind: 'text' as const,
    text: `m ${i}`
  }))
  const started = performance.now()
  const { itemIds } = await outbox.enqueue({
    deviceId: 'd1',
    recipients: recipientsFor(ENQUEUE_RECIPIENTS),
    entries
  })
  const seconds = (performance.now() - started) / 1000
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return itemIds.length / seconds
}

/** The floor: the same rows into the same table (all columns, every index and trigger) plus one history row each. */
function rawEnqueueRate(seedRows: number): number {
  const { dir, db } = seededDatabase('raw-enqueue', seedRows)
  const insertItem = db.prepare(
    `INSERT INTO outbox_items (id, seq, device_id, recipient, is_group, kind, text, status, attempts, queued_at,
     created_at, updated_at, held, track_attempts) VALUES (?, ?, 'd1', ?, 0, 'text', ?, 'queued', 0, ?, ?, ?, 0, 0)`
  )
  const insertHistory = db.prepare(
    `INSERT INTO outbox_history (item_id, at, status, note) VALUES (?, ?, 'queued', NULL)`
  )
  const recipients = recipientsFor(ENQUEUE_RECIPIENTS)
  const count = ENQUEUE_ENTRIES * ENQUEUE_RECIPIENTS
  const started = performance.now()
  const now = Date.now()
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID()
      insertItem.run(id, i + 1, recipients[i % ENQUEUE_RECIPIENTS], `m ${i}`, now, now, now)
      insertHistory.run(id, now)
    }
  })()
  const seconds = (performance.now() - started) / 1000
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return count / seconds
}

// ------------------------------------------------------------------------------------------- stalls

const STALL_BUDGET_MS = 50

interface Stall {
  maxBlockMs: number
  /**
   * The most CPU time the main thread used between two ticks: the block's own work. On a loaded machine the
   * wall-clock block also holds the time the thread waited for a core, which no code change removes. The thread's,
   * not the process's (process.threadCpuUsage, Node ≥ 23.9): the checkpoint worker and libuv's file copies run
   * beside the loop without blocking it, and the process's figure read more CPU than wall time.
   */
  maxBlockCpuMs: number
  totalMs: number
}

/**
 * Longest event-loop block while `work` runs: the largest gap between ticks of a 1 ms interval, the gap up to the
 * end of the work included (a histogram from monitorEventLoopDelay misses a block that ends the work).
 */
async function longestBlock(work: () => Promise<unknown>): Promise<Stall> {
  let last = performance.now()
  let lastCpu = process.threadCpuUsage()
  let longest = 0
  let mostCpu = 0
  const tick = (): void => {
    const now = performance.now()
    const cpu = process.threadCpuUsage(lastCpu)
    longest = Math.max(longest, now - last)
    mostCpu = Math.max(mostCpu, (cpu.user + cpu.system) / 1000)
    last = now
    lastCpu = process.threadCpuUsage()
  }
  const ticker = setInterval(tick, 1)
  const started = performance.now()
  await work()
  tick()
  clearInterval(ticker)
  return { maxBlockMs: longest, maxBlockCpuMs: mostCpu, totalMs: performance.now() - started }
}

async function bigEnqueueStall(): Promise<Stall> {
  const { dir, db, close } = await appDatabase('stall', 0)
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const result = await longestBlock(() =>
    outbox.enqueue({
      deviceId: 'd1',
      recipients: recipientsFor(10_000),
      entries: [{ kind: 'text', text: 'hello' }]
    })
  )
  await close()
  return result
}

async function bulkDropStall(): Promise<Stall> {
  const { dir, db, close } = await appDatabase('drop', 0)
  const originals = join(dir, 'originals')
  mkdirSync(originals)
  const entries = Array.from({ length: 500 }, (_, i) => {
    const path = join(originals, `scan-${i}.pdf`)
    writeFileSync(path, Buffer.alloc(64 * 1024, i % 251))
    return {
      kind: 'file' as const,
      path,
      name: `scan-${i}.pdf`,
      mime: 'application/pdf',
      mediaKind: 'document' as const
    }
  })
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const result = await longestBlock(() =>
    outbox.enqueue({ deviceId: 'd1', recipients: recipientsFor(3), entries })
  )
  await close()
  return result
}

/** A campaign of `rows` ready rows through the real campaigns feature: its create (check, render, rows written). */
function benchCampaignInput(rows: number): Parameters<Campaigns['create']>[0] {
  const phones = recipientsFor(rows, '0813')
  return {
    name: 'bench',
    fileName: 'bench.csv',
    sheet: {
      headers: ['Name', 'Phone'],
      rows: SheetRows.of(phones.map((phone, i) => ({ rowNumber: i + 2, cells: [`Customer ${i}`, phone] }))),
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
    },
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Hello {Name}, your order has shipped',
    pacing: DEFAULT_PACING,
    devices: ['d1']
  }
}

/** Create, then (with `start`) start a campaign of 10,000 rows; the longest block of the chosen step. */
async function campaignStall(step: 'create' | 'start'): Promise<Stall> {
  const { dir, db, close } = await appDatabase('campaign', 0)
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const campaigns = createCampaigns({ db, queue: outbox.queue, clock: systemClock })
  const input = benchCampaignInput(10_000)
  let result: Stall
  if (step === 'create') result = await longestBlock(() => campaigns.create(input))
  else {
    const { id } = await campaigns.create(input)
    // Items, row links, status, and the view it answers with.
    result = await longestBlock(() => campaigns.start(id))
  }
  await close()
  return result
}

/**
 * A campaign's rotation: of two devices holding 5,000 untried rows each, one drops (auto-pause), and its rows move to
 * the other (a slice in the dispatcher gate's synchronous call, the rest on later turns). The outbox is not started, so nothing is sent:
 * the second device only needs a client to count as able to send.
 */
async function campaignRotationStall(): Promise<Stall> {
  const { dir, db, close } = await appDatabase('rotation', 0)
  const standIn = {} as NonNullable<ReturnType<Parameters<typeof createOutbox>[0]['clientFor']>>
  const outbox = createOutbox({ db, dataDir: dir, clientFor: (id) => (id === 'd2' ? standIn : undefined) })
  const campaigns = createCampaigns({ db, queue: outbox.queue, clock: systemClock })
  const { id } = await campaigns.create({ ...benchCampaignInput(10_000), devices: ['d1', 'd2'] })
  await campaigns.start(id)
  const onFirst = db.prepare("SELECT count(*) AS n FROM outbox_items WHERE device_id = 'd1'")
  const result = await longestBlock(async () => {
    campaigns.autoPauseDevice('d1', 'disconnected')
    // A large backlog moves a slice per turn: measured until the last row has moved.
    while ((onFirst.get() as { n: number }).n > 0) await new Promise((resolve) => setImmediate(resolve))
  })
  await close()
  return result
}

const CHART_ROWS = 50_000

/**
 * The campaign page's progress chart (read at every refresh) for a started campaign of 50,000 rows, each sent, most
 * delivered and many read over a day (history written by SQL, as the queue records it; the triggers keep each item's
 * first times), against a floor: reading the campaign's kept first times into the process once, which any answer
 * from them has to. One read of every history row of its items, what the chart read before step 54, is printed
 * beside it. Medians of 5.
 */
async function chartTimes(): Promise<{
  chartMs: number
  floorMs: number
  historyMs: number
  points: number
}> {
  const { dir, db } = seededDatabase('chart', 0)
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const campaigns = createCampaigns({ db, queue: outbox.queue, clock: systemClock })
  const { id } = await campaigns.create(benchCampaignInput(CHART_ROWS))
  await campaigns.start(id)
  const tag = `campaign:${id}`
  const start = Date.now()
  // Row n is sent 1.7 s after row n-1; 90% are delivered a few seconds later, 60% read within the hour, 2% fail.
  db.prepare(
    `WITH numbered AS (SELECT id, row_number() OVER (ORDER BY seq) AS n FROM outbox_items WHERE producer_tag = ?)
     INSERT INTO outbox_history (item_id, at, status, note)
     SELECT id, at, status, NULL FROM (
       SELECT id, ? + n * 1700 AS at, iif(n % 50 = 0, 'failed', 'sent') AS status FROM numbered
       UNION ALL SELECT id, ? + n * 1700 + 3000 + n % 7000, 'delivered' FROM numbered WHERE n % 50 <> 0 AND n % 10 <> 0
       UNION ALL SELECT id, ? + n * 1700 + 60000 + (n * 7919) % 3600000, 'read' FROM numbered
         WHERE n % 50 <> 0 AND n % 10 <> 0 AND n % 3 <> 0)`
  ).run(tag, start, start, start)
  db.pragma('wal_checkpoint(TRUNCATE)')
  const floorStatement = db
    .prepare(
      `SELECT sent_at, delivered_at, read_at, failed_at FROM outbox_producer_reach WHERE producer_tag = ?`
    )
    .raw(true)
  const historyStatement = db.prepare(
    `SELECT count(*) AS n, max(h.at) AS last FROM outbox_items i JOIN outbox_history h ON h.item_id = i.id
     WHERE i.producer_tag = ?`
  )
  const time = (work: () => unknown): number => {
    work()
    const runs = [0, 1, 2, 3, 4].map(() => {
      const started = performance.now()
      work()
      return performance.now() - started
    })
    return median(runs)
  }
  const chartMs = time(() => campaigns.progress(id))
  const floorMs = time(() => floorStatement.all(tag))
  const historyMs = time(() => historyStatement.get(tag))
  const points = campaigns.progress(id).at.length
  await outbox.stop()
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return { chartMs, floorMs, historyMs, points }
}

/** The periodic retention sweep when 100,000 finished items have passed their retention. */
async function retentionSweepStall(): Promise<Stall> {
  const { dir, db, close } = await appDatabase('retention', 100_000)
  // Seeded items closed up to 100,000 ms ago; a retention of 0 makes every one of them due.
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined, options: { retentionMs: 0 } })
  const result = await longestBlock(() => outbox.sweepRetention())
  await close()
  return result
}

const BIG_FILE_BYTES = 100 * 1024 * 1024

/** Enqueueing one 100 MB file (larger than any gateway limit the app ships with): the copy into attachments/. */
async function bigFileCopyStall(): Promise<Stall> {
  const { dir, db, close } = await appDatabase('bigfile', 0)
  const path = join(dir, 'big.pdf')
  const chunk = Buffer.alloc(1024 * 1024, 7)
  chunk.write('%PDF-1.4', 0)
  writeFileSync(path, Buffer.concat(Array.from({ length: BIG_FILE_BYTES / chunk.length }, () => chunk)))
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const entry = {
    kind: 'file' as const,
    path,
    name: 'big.pdf',
    mime: 'application/pdf',
    mediaKind: 'document' as const
  }
  const result = await longestBlock(() =>
    outbox.enqueue({ deviceId: 'd1', recipients: ['62813'], entries: [entry] })
  )
  await close()
  return result
}

// ------------------------------------------------------------------------------------------ dispatch

// Long enough to measure the steady rate: at 200 sends (~0.3 s here) one-off work at start (the first retention sweep,
// running beside the first sends) and the machine's jitter moved single runs by ±15%.
const DISPATCH_MESSAGES = 1000
const DISPATCH_RECIPIENTS = 40

type Backlog = 'empty' | '100k finished' | '10k queued'

/** Each run gets a fresh linked device: a sandbox device's quota (999 messages) would run out across runs. */
interface Gateway {
  newDevice(): Promise<GatewayClient>
}

function sandboxGateway(sandbox: Sandbox, control: SandboxControl): Gateway {
  return {
    async newDevice() {
      const token = (await control.createDevice({ linked: true })).token
      return createGatewayClient({ baseUrl: sandbox.baseUrl, token })
    }
  }
}

/**
 * The floor of a durable send: the bare client, with the two fsync'd commits a send cannot do without (`sending`
 * before the request, the outcome after it) on the same schema — nothing else. The outbox writes a send's outcome
 * in one commit with the next send's `sending` mark (about one fsync per send), so where fsync is slow (a busy
 * disk) it can beat this floor: a ratio above 1 is that, not a measuring error.
 */
async function floorRate(gateway: Gateway, concurrency: number): Promise<number> {
  const client = await gateway.newDevice()
  const { dir, db } = seededDatabase('floor', 0)
  const recipients = recipientsFor(DISPATCH_RECIPIENTS)
  const ids = Array.from({ length: DISPATCH_MESSAGES }, () => randomUUID())
  const now = Date.now()
  const insert = db.prepare(
    `INSERT INTO outbox_items (id, seq, device_id, recipient, kind, text, status, created_at, updated_at)
     VALUES (?, ?, 'd1', ?, 'text', ?, 'queued', ?, ?)`
  )
  db.transaction(() =>
    ids.forEach((id, i) => insert.run(id, i + 1, recipients[i % DISPATCH_RECIPIENTS], `m ${i}`, now, now))
  )()
  const markSending = db.prepare(`UPDATE outbox_items SET status = 'sending', updated_at = ? WHERE id = ?`)
  const markAccepted = db.prepare(
    `UPDATE outbox_items SET status = 'accepted', gateway_id = ?, updated_at = ? WHERE id = ?`
  )
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < DISPATCH_MESSAGES; i = next++) {
        const id = ids[i]!
        markSending.run(Date.now(), id)
        const sent = await client.sendText({
          phone: recipients[i % DISPATCH_RECIPIENTS]!,
          message: `m ${i}`,
          refId: id
        })
        markAccepted.run(JSON.stringify(sent).slice(0, 40), Date.now(), id)
      }
    })
  )
  const rate = DISPATCH_MESSAGES / ((performance.now() - started) / 1000)
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return rate
}

/** Wire the outbox's events the way compose.ts does (each change reaches the window and the tray snapshot). */
function wireEvents(outbox: Outbox, onAccepted: () => void): void {
  const sink: unknown[] = []
  outbox.on('itemChanged', (item) => {
    sink.push({ item })
    if (item.status === 'accepted') onAccepted()
  })
  outbox.on('bulkChanged', (count) => sink.push({ count }))
  outbox.on('countsChanged', (counts) => {
    sink.push({ counts, sendingPaused: outbox.pausedState().all, pausedQueued: outbox.pausedQueued([]) })
    sink.length = 0
  })
}

interface DispatchRun {
  rate: number
  /** WAL frames (pages written to the log) per send, by the table or index each page belongs to: with `countFrames`. */
  framesPerSend?: Map<string, number>
}

const totalOf = (frames: Map<string, number> | undefined): number =>
  [...(frames ?? new Map<string, number>()).values()].reduce((sum, n) => sum + n, 0)

/** The trees a backlog's sends write most pages to beyond an empty outbox's, per send. */
function extraFrames(
  backlog: Map<string, number> | undefined,
  empty: Map<string, number> | undefined
): string {
  const trees = new Set([...(backlog?.keys() ?? []), ...(empty?.keys() ?? [])])
  const extra = [...trees]
    .map((tree) => ({ tree, more: (backlog?.get(tree) ?? 0) - (empty?.get(tree) ?? 0) }))
    .filter(({ more }) => more >= 0.2)
    .sort((a, b) => b.more - a.more)
    .slice(0, 3)
  return extra.length === 0 ? 'none' : extra.map(({ tree, more }) => `${tree} +${more.toFixed(1)}`).join(', ')
}

/**
 * `DISPATCH_MESSAGES` sends through the outbox, timed from start to the last of them accepted. With `countFrames`
 * the WAL is never checkpointed during the sends, so its length at the end is every page the sends wrote (the rate
 * of such a run is not comparable: a long WAL slows reads, and no checkpoint is paid).
 */
async function outboxRun(
  gateway: Gateway,
  concurrency: number,
  backlog: Backlog,
  countFrames = false
): Promise<DispatchRun> {
  const client = await gateway.newDevice()
  // The finished items are the sending device's own history: the case where its queries could slow down.
  const { dir, db } = seededDatabase('dispatch', backlog === '100k finished' ? 100_000 : 0, 'd1')
  const outbox = createOutbox({
    db,
    dataDir: dir,
    clientFor: () => client,
    options: { concurrency, pacingMs: 0, tracking: false, devicesSendableByDefault: true }
  })
  let accepted = 0
  let done: () => void = () => undefined
  const finished = new Promise<void>((resolve) => (done = resolve))
  wireEvents(outbox, () => {
    if (++accepted === DISPATCH_MESSAGES) done()
  })
  const recipients = recipientsFor(DISPATCH_RECIPIENTS)
  const perRecipient = DISPATCH_MESSAGES / DISPATCH_RECIPIENTS
  await outbox.enqueue({
    deviceId: 'd1',
    recipients,
    entries: Array.from({ length: perRecipient }, (_, i) => ({ kind: 'text' as const, text: `m ${i}` }))
  })
  if (backlog === '10k queued') {
    // Queued behind the measured sends (other recipients), so every pick has 10,000 more items in the queue.
    await outbox.enqueue({
      deviceId: 'd1',
      recipients: recipientsFor(10_000, '62814'),
      entries: [{ kind: 'text', text: 'later' }]
    })
  }
  // The set-up's writes leave the WAL long (10,000 queued items: thousands of pages); the first checkpoint of the
  // measured sends would copy them back to the database file. That is the enqueue's cost, not the dispatch's.
  db.pragma('wal_checkpoint(TRUNCATE)')
  if (countFrames) db.pragma('wal_autocheckpoint = 0')
  const started = performance.now()
  await outbox.start()
  await finished
  const rate = DISPATCH_MESSAGES / ((performance.now() - started) / 1000)
  await outbox.stop()
  const framesPerSend = countFrames
    ? new Map([...walPagesByTree(db, dir)].map(([tree, n]) => [tree, n / DISPATCH_MESSAGES]))
    : undefined
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return { rate, framesPerSend }
}

// --------------------------------------------------------------------------------------------- lists

const LIST_BUDGET_MS = 10
/** Issue 18: a fresh `sender-desk outbox list` ready within 300 ms at 1,000,000 rows. */
const FRESH_START_BUDGET_MS = 300
const LIST_ROWS = 1_000_000

/** Each list query the window makes (one page of 200 and its total), timed at 1M rows against the 10 ms budget. */
function listQueryTimes(): { name: string; ms: number }[] {
  const { dir, db } = seededDatabase('lists', LIST_ROWS)
  const store = new OutboxStore(db)
  const halfway = Date.now() - LIST_ROWS / 2
  const queries: { name: string; filter: ItemFilter }[] = [
    { name: 'newest page', filter: {} },
    { name: 'status read (97%)', filter: { status: ['read'] } },
    { name: 'status failed (3%)', filter: { status: ['failed'] } },
    { name: 'status queued (none)', filter: { status: ['queued'] } },
    { name: 'device', filter: { deviceId: 'd-seed' } },
    { name: 'recipient search', filter: { recipient: '0004321' } },
    { name: 'recipient search, 3 digits (broad)', filter: { recipient: '123' } },
    { name: 'text search (no match)', filter: { text: 'invoice' } },
    { name: 'deep jump (offset 500,000)', filter: { offset: 500_000 } },
    { name: 'deep jump, status read (offset 480,000)', filter: { status: ['read'], offset: 480_000 } },
    {
      name: 'deep jump, read or failed (offset 500,000)',
      filter: { status: ['read', 'failed'], offset: 500_000 }
    },
    { name: 'deep jump, device (offset 500,000)', filter: { deviceId: 'd-seed', offset: 500_000 } },
    // Seeded items were created one a millisecond up to the seed: the newer half of them.
    { name: 'time range (newer half)', filter: { from: halfway } },
    {
      name: 'time range, status read, deep (offset 200,000)',
      filter: { from: halfway, status: ['read'], offset: 200_000 }
    },
    { name: 'last page', filter: { offset: LIST_ROWS - 200 } }
  ]
  const times = queries.map(({ name, filter }) => {
    store.listItems({ ...filter, limit: 200 })
    // Medians of 5: a query is a millisecond, and on a shared machine one run in three can be several times that.
    const runs = [0, 1, 2, 3, 4].map(() => {
      const started = performance.now()
      store.listItems({ ...filter, limit: 200 })
      return performance.now() - started
    })
    return { name, ms: median(runs) }
  })
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return times
}

const SUGGEST_CONTACTS = 1_000_000
/** Names as an Indonesian business's contacts hold them: an optional honorific, a first name, mostly a surname. */
const HONORIFICS = ['', '', '', '', '', 'Bu ', 'Pak ', 'Ibu ', 'Mas ', 'Mbak ']
const FIRST_NAMES = `
  Dewi Siti Sri Agus Budi Eko Rina Ani Joko Andi Putri Indah Yanti Wahyu Hendra Bambang Rudi Nur Fitri Ayu Rizky
  Dian Lestari Ahmad Muhammad Yusuf Slamet Wati Kurniawan Lina Tono Hadi Bayu Citra Gilang Intan Maya Nanda Okta
  Rahmat Sari Teguh Umar Vina Winda Yoga Zainal Fajar Galih Ratna
`
  .trim()
  .split(/\s+/)
const SURNAMES = `
  Santoso Wijaya Saputra Hidayat Pratama Setiawan Kusuma Nugroho Lestari Susanto Rahayu Siregar Nasution Harahap
  Simanjuntak Gunawan Hakim Purnomo Utomo Wibowo Halim Tanjung Sitompul Permana Maulana Firmansyah Ramadhan
  Anggraini Puspita Handayani Kartika Suryadi Haryanto Yulianto Prasetyo Wahyudi Syahputra Hasibuan Lubis Pane
`
  .trim()
  .split(/\s+/)
/** What an operator types in the recipient picker: names whole or in part, digits of a number as written. */
const SUGGEST_QUERIES = ['dewi', 'Dewi Lest', 'santo', 'ang', 'zainal', '81234', '812345678']

/**
 * The recipient picker's suggestions (asked at each keystroke) at 1M contacts, written by SQL alone: numbers spread
 * over the digits, names from the lists above in pseudo-random combinations (a tenth with a number after them).
 */
function suggestTimes(): { name: string; ms: number }[] {
  const dir = tempDir('suggest')
  const db = openDatabase({ dataDir: dir })
  const lists = { honorifics: HONORIFICS, first: FIRST_NAMES, surnames: SURNAMES }
  const pick = (list: keyof typeof lists, hash: string): string =>
    `json_extract(:${list}, '$[' || ((${hash}) % ${lists[list].length}) || ']')`
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :rows)
     INSERT INTO contacts (phone, name, source, updated_at)
     SELECT printf('628%010d', (i * 2654435761) % 10000000000),
       ${pick('honorifics', 'i / 3')} || ${pick('first', 'i * 104729 / 7')}
         || CASE WHEN i % 5 <> 0 THEN ' ' || ${pick('surnames', 'i * 1299709 / 11')} ELSE '' END
         || CASE WHEN i % 10 = 3 THEN ' ' || (i * 31 % 100) ELSE '' END,
       'campaign', 1 FROM n`
  ).run({
    rows: SUGGEST_CONTACTS,
    ...Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, JSON.stringify(list)]))
  })
  // As contacts learnt over months are: their search index merged (see seededDatabase).
  db.exec(`INSERT INTO contacts_search_by_name (contacts_search_by_name) VALUES ('optimize')`)
  db.pragma('wal_checkpoint(TRUNCATE)')
  const contacts = new ContactsStore(db)
  const times = SUGGEST_QUERIES.map((text) => {
    contacts.suggest(text, 8)
    const runs = [0, 1, 2, 3, 4].map(() => {
      const started = performance.now()
      contacts.suggest(text, 8)
      return performance.now() - started
    })
    return { name: text, ms: median(runs) }
  })
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return times
}

/** Customers of the Recipient filter's outbox: each receives 20 of its 1M items. */
const RECIPIENT_SEARCH_CUSTOMERS = 50_000

/**
 * The Outbox's Recipient filter at 1M items, typed as an operator types a customer's number: from its start (local
 * 0… form, whole and in part, and +62 as written), and its last digits. The list seed's numbers all share their
 * first eight digits (62812000…), which no real outbox does; here they are spread over the digits, 20 items each.
 */
/** Each Recipient search timed alone (`alone`) and with a status or the device chosen as well (`narrowed`). */
function recipientSearchTimes(): Record<'alone' | 'narrowed', { name: string; ms: number; total: number }[]> {
  const { dir, db } = seededDatabase(
    'recipient-search',
    LIST_ROWS,
    undefined,
    `printf('628%09d', ((i % ${RECIPIENT_SEARCH_CUSTOMERS}) * 2654435761) % 1000000000)`
  )
  const store = new OutboxStore(db)
  const stored = (
    db.prepare('SELECT recipient FROM outbox_items WHERE rowid = 777').get() as { recipient: string }
  ).recipient
  const local = `0${stored.slice(2)}`
  const typed = [
    local,
    local.slice(0, 8),
    local.slice(0, 5),
    local.slice(0, 4),
    // Passed through on the way to a number: its first three digits match a tenth of these random numbers somewhere.
    local.slice(0, 3),
    `+62 ${stored.slice(2, 5)}-${stored.slice(5, 9)}`,
    stored.slice(-4)
  ]
  // As the window asks (sending/commands.ts: withNamed): by the number, or by a contact's name.
  const timed = (name: string, filter: ItemFilter) => {
    const first = store.listItems(filter)
    const runs = [0, 1, 2, 3, 4].map(() => {
      const started = performance.now()
      store.listItems(filter)
      return performance.now() - started
    })
    return { name, ms: median(runs), total: first.total }
  }
  const filterOf = (recipient: string): ItemFilter => ({ recipient, recipientByName: true, limit: 200 })
  const alone = typed.map((recipient) => timed(recipient, filterOf(recipient)))
  // The first digits typed ("0", "628", as the number starts) match most of the outbox; the seed is 97% read, 3%
  // failed, on one device.
  const narrowing: [string, Partial<ItemFilter>][] = [
    ['read', { status: ['read'] }],
    ['failed', { status: ['failed'] }],
    ['its device', { deviceId: 'd-seed' }]
  ]
  const narrowed = ['0', '628', local.slice(0, 3), local.slice(0, 5), local].flatMap((recipient) =>
    narrowing.map(([name, narrowed]) =>
      timed(`"${recipient}" ${name}`, { ...filterOf(recipient), ...narrowed })
    )
  )
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return { alone, narrowed }
}

// -------------------------------------------------------------------------------------- fresh start

const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url))
/** A start is a fraction of a second, and other processes on a shared machine move single runs by 2×: medians of 5. */
const START_ROUNDS = 5

function timeProcess(args: string[]): number {
  const started = performance.now()
  const result = spawnSync(process.execPath, args, { cwd: PROJECT_DIR, encoding: 'utf8' })
  const elapsed = performance.now() - started
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`)
  return elapsed
}

/** The built CLI, ready to answer (open, check the schema, one list query), against node opening the same file. */
function freshStart(rows: number): { appMs: number; floorMs: number } {
  const { dir, db } = seededDatabase('start', rows)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  const path = join(dir, DATABASE_FILE)
  const cli = ['bin/sender-desk.js', 'outbox', 'list', '--status', 'failed,queued', '--data-dir', dir]
  const floor = [
    '-e',
    `const db = new (require('better-sqlite3'))(${JSON.stringify(path)}); db.pragma('journal_mode = WAL'); db.prepare('SELECT COUNT(*) FROM sqlite_master').get(); db.close()`
  ]
  timeProcess(cli)
  timeProcess(floor)
  const appMs: number[] = []
  const floorMs: number[] = []
  for (let round = 0; round < START_ROUNDS; round++) {
    appMs.push(timeProcess(cli))
    floorMs.push(timeProcess(floor))
  }
  rmSync(dir, { recursive: true, force: true })
  return { appMs: median(appMs), floorMs: median(floorMs) }
}

/**
 * The app's main process (out/main/index.js) under plain Node, with the boot test's recording stand-in answering for
 * `electron`: ready when the tray shows its first snapshot (the core composed, the outbox's counts answered). Electron's
 * own start (Chromium, the window's first paint) is not in it; the stand-in is the nearest Node can measure.
 */
function appStartArgs(dataDir: string): string[] {
  const standIn = pathToFileURL(join(PROJECT_DIR, 'test/boot/electron-stand-in.js')).href
  const main = pathToFileURL(join(PROJECT_DIR, 'out/main/index.js')).href
  const driver = `
    import { registerHooks } from 'node:module'
    registerHooks({
      resolve: (specifier, context, next) =>
        specifier === 'electron' ? { url: ${JSON.stringify(standIn)}, format: 'module', shortCircuit: true } : next(specifier, context)
    })
    process.env.SENDER_DESK_USER_DATA = ${JSON.stringify(dataDir)}
    const { app, record } = await import(${JSON.stringify(standIn)})
    await import(${JSON.stringify(main)})
    app.markReady()
    while (!record.trays[0]?.tooltip) await new Promise((resolve) => setTimeout(resolve, 1))
    process.exit(0)`
  return ['--input-type=module', '-e', driver]
}

function appStart(rows: number): { appMs: number; floorMs: number } {
  const { dir, db } = seededDatabase('app-start', rows)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  const app = appStartArgs(dir)
  const floor = [
    '-e',
    `const db = new (require('better-sqlite3'))(${JSON.stringify(join(dir, DATABASE_FILE))}); db.pragma('journal_mode = WAL'); db.prepare('SELECT COUNT(*) FROM sqlite_master').get(); db.close()`
  ]
  timeProcess(app)
  timeProcess(floor)
  const appMs: number[] = []
  const floorMs: number[] = []
  for (let round = 0; round < START_ROUNDS; round++) {
    appMs.push(timeProcess(app))
    floorMs.push(timeProcess(floor))
  }
  rmSync(dir, { recursive: true, force: true })
  return { appMs: median(appMs), floorMs: median(floorMs) }
}

function helpStart(): { appMs: number; floorMs: number } {
  const help = ['bin/sender-desk.js', '--help']
  const bare = ['-e', '0']
  timeProcess(help)
  const appMs: number[] = []
  const floorMs: number[] = []
  for (let round = 0; round < 5; round++) {
    appMs.push(timeProcess(help))
    floorMs.push(timeProcess(bare))
  }
  return { appMs: median(appMs), floorMs: median(floorMs) }
}

// ---------------------------------------------------------------------------------------------- run

/**
 * Rounds of the dispatch section: every round runs each case once (the floor and the three backlogs), in an order
 * that rotates, so over four rounds each case runs first, second, third and last once. The sandbox keeps every
 * message it accepted, and the disk and the machine drift over a run (an empty outbox's rate moved 552 → 394 msg/s
 * between two runs here); comparing cases measured in the same round, and taking medians over rounds, keeps that
 * drift out of the verdict. BENCH_DISPATCH_ROUNDS=4 makes a quicker run (one rotation).
 */
const DISPATCH_ROUNDS = Number(process.env['BENCH_DISPATCH_ROUNDS'] ?? 8)
const DISPATCH_CASES = ['floor', 'empty', '100k finished', '10k queued'] as const
type DispatchCase = (typeof DISPATCH_CASES)[number]
/** Point 2 of issue 18: dispatch with a backlog within 10% of dispatch with an empty outbox. */
const BACKLOG_GOAL = 0.9
/** Issue 18: dispatch's overhead over the raw client and two durable commits within 1.5× (a ratio ≥ 0.67). */
const OVERHEAD_GOAL = 0.67

const range = (values: number[], digits: number): string =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`

async function dispatchSection(add: (line: BenchLine) => void): Promise<void> {
  const sandbox = await startSandbox({ seed: 1 })
  const control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const client = sandboxGateway(sandbox, control)
  const backlogs = DISPATCH_CASES.filter((c): c is Backlog => c !== 'floor')
  try {
    for (const concurrency of [1, 4]) {
      // Warm-up: a first run of each case, not timed; the outbox's runs count the pages their sends write to the WAL.
      await floorRate(client, concurrency)
      const framesPerSend = new Map<Backlog, Map<string, number> | undefined>()
      for (const backlog of backlogs) {
        framesPerSend.set(backlog, (await outboxRun(client, concurrency, backlog, true)).framesPerSend)
      }
      const rates = new Map<DispatchCase, number[]>(DISPATCH_CASES.map((c) => [c, []]))
      for (let round = 0; round < DISPATCH_ROUNDS; round++) {
        for (let i = 0; i < DISPATCH_CASES.length; i++) {
          const which = DISPATCH_CASES[(i + round) % DISPATCH_CASES.length] ?? 'floor'
          const rate =
            which === 'floor'
              ? await floorRate(client, concurrency)
              : (await outboxRun(client, concurrency, which)).rate
          rates.get(which)?.push(rate)
        }
      }
      const floor = rates.get('floor') ?? []
      const empty = rates.get('empty') ?? []
      for (const backlog of backlogs) {
        const measured = rates.get(backlog) ?? []
        const ratio = median(measured.map((rate, round) => rate / (floor[round] ?? rate)))
        // Issue 18's overhead goal is stated for an empty outbox at concurrency 4; the other cases are reported.
        const overheadGoal = concurrency === 4 && backlog === 'empty'
        add({
          name: `dispatch at concurrency ${concurrency}, ${backlog}`,
          ratio,
          goal: overheadGoal ? `≥ ${OVERHEAD_GOAL.toFixed(2)}` : null,
          within: overheadGoal ? ratio >= OVERHEAD_GOAL : null,
          measured: `${fmt(median(measured))} vs ${fmt(median(floor))} msg/s`,
          detail:
            `outbox ${fmt(median(measured))} msg/s vs raw client + 2 durable commits ${fmt(median(floor))} msg/s ` +
            `(median of ${DISPATCH_ROUNDS} rounds' ratios; ${DISPATCH_MESSAGES} sends a run, events wired; ` +
            `${fmt(totalOf(framesPerSend.get(backlog)), 1)} WAL frames per send)`
        })
      }
      for (const backlog of backlogs.filter((b) => b !== 'empty')) {
        const perRound = (rates.get(backlog) ?? []).map((rate, round) => rate / (empty[round] ?? rate))
        const ratio = median(perRound)
        // Another process slows a run and never speeds one up: the best runs of each case show the gap without that.
        const best = Math.max(...(rates.get(backlog) ?? [])) / Math.max(...empty)
        add({
          name: `dispatch at concurrency ${concurrency}, ${backlog} vs empty`,
          ratio,
          goal: `≥ ${BACKLOG_GOAL.toFixed(2)}`,
          within: ratio >= BACKLOG_GOAL,
          measured: `${fmt(median(rates.get(backlog) ?? []))} vs ${fmt(median(empty))} msg/s`,
          detail:
            `${ratio.toFixed(2)} (goal ≥ ${BACKLOG_GOAL.toFixed(2)}: ${ratio >= BACKLOG_GOAL ? 'within goal' : 'UNDER GOAL'}) — ` +
            `median of ${DISPATCH_ROUNDS} rounds' ratios (range ${range(perRound, 2)}; best runs ${best.toFixed(2)}); ` +
            `WAL frames per send ${fmt(totalOf(framesPerSend.get(backlog)), 1)} vs ${fmt(totalOf(framesPerSend.get('empty')), 1)} empty ` +
            `(more pages of: ${extraFrames(framesPerSend.get(backlog), framesPerSend.get('empty'))})`
        })
      }
    }
  } finally {
    await sandbox.close()
  }
}

export async function runOutboxBench(log: (line: string) => void = console.log): Promise<BenchLine[]> {
  const lines: BenchLine[] = []
  // BENCH_ONLY=dispatch,lists runs some sections only (to re-measure one change); the default runs them all.
  const only = process.env['BENCH_ONLY']?.split(',')
  const wanted = (section: string): boolean => !only || only.includes(section)
  const add = (line: BenchLine): void => {
    lines.push(line)
    log(printed(line))
  }

  for (const seedRows of wanted('enqueue') ? [0, 100_000] : []) {
    await outboxEnqueueRate(seedRows)
    rawEnqueueRate(seedRows)
    const outbox: number[] = []
    const raw: number[] = []
    for (let round = 0; round < 3; round++) {
      outbox.push(await outboxEnqueueRate(seedRows))
      raw.push(rawEnqueueRate(seedRows))
    }
    add({
      name: `enqueue, ${fmt(seedRows)} rows already`,
      ratio: median(outbox) / median(raw),
      ...reported,
      measured: `${fmt(median(outbox))} vs ${fmt(median(raw))} items/s`,
      detail: `outbox ${fmt(median(outbox))} items/s vs raw inserts into the same schema ${fmt(median(raw))} rows/s (${ENQUEUE_ENTRIES} × ${ENQUEUE_RECIPIENTS} items)`
    })
  }

  const stallWork = [
    ['10,000-item enqueue', bigEnqueueStall],
    ['drop of 500 files × 3 recipients', bulkDropStall],
    ['10,000-row campaign create', () => campaignStall('create')],
    ['10,000-row campaign start', () => campaignStall('start')],
    ['campaign rotation of 5,000 untried rows', campaignRotationStall],
    ['retention sweep of 100,000 finished items', retentionSweepStall],
    ['file copy of a 100 MB file', bigFileCopyStall]
  ] as const
  // BENCH_STALLS=campaign measures only the stalls whose name holds that word.
  const stallFilter = process.env['BENCH_STALLS']
  for (const [name, work] of wanted('stalls') ? stallWork : []) {
    if (stallFilter && !name.includes(stallFilter)) continue
    await work()
    const runs = [await work(), await work(), await work()]
    const block = median(runs.map((r) => r.maxBlockMs))
    add({
      name: `longest event-loop block, ${name}`,
      ratio: STALL_BUDGET_MS / block,
      ...underBudget(block, STALL_BUDGET_MS),
      measured: `${fmt(block, 1)} ms (CPU ${fmt(median(runs.map((r) => r.maxBlockCpuMs)), 1)} ms)`,
      detail: `${fmt(block, 1)} ms against the ${STALL_BUDGET_MS} ms budget, at most ${fmt(median(runs.map((r) => r.maxBlockCpuMs)), 1)} ms of CPU in one block (whole call ${fmt(median(runs.map((r) => r.totalMs)))} ms)`
    })
  }

  if (wanted('chart')) {
    const { chartMs, floorMs, historyMs, points } = await chartTimes()
    add({
      name: `progress chart of a ${fmt(CHART_ROWS)}-row campaign`,
      ratio: floorMs / chartMs,
      ...reported,
      measured: `${fmt(chartMs, 1)} vs ${fmt(floorMs, 1)} ms`,
      detail: `campaigns.progress ${fmt(chartMs, 1)} ms (${points} points) vs one read of the campaign's kept first times ${fmt(floorMs, 1)} ms (its history rows: ${fmt(historyMs, 1)} ms; medians of 5)`
    })
  }
  if (wanted('dispatch')) await dispatchSection(add)
  for (const { name, ms } of wanted('lists') ? listQueryTimes() : []) {
    add({
      name: `list at ${fmt(LIST_ROWS)} rows, ${name}`,
      ratio: LIST_BUDGET_MS / ms,
      ...underBudget(ms, LIST_BUDGET_MS),
      measured: `${fmt(ms, 1)} ms`,
      detail: `${fmt(ms, 1)} ms against the ${LIST_BUDGET_MS} ms budget (page of 200 and its total)`
    })
  }

  const suggested = wanted('lists') ? suggestTimes() : []
  if (suggested.length > 0) {
    const slowest = suggested.reduce((a, b) => (b.ms > a.ms ? b : a))
    add({
      name: `contact suggestions at ${fmt(SUGGEST_CONTACTS)} contacts, slowest of ${suggested.length} typed queries`,
      ratio: LIST_BUDGET_MS / slowest.ms,
      ...underBudget(slowest.ms, LIST_BUDGET_MS),
      measured: `${fmt(slowest.ms, 1)} ms`,
      detail:
        `"${slowest.name}" ${fmt(slowest.ms, 1)} ms against the ${LIST_BUDGET_MS} ms budget (8 suggestions; ` +
        `${suggested.map(({ name, ms }) => `"${name}" ${fmt(ms, 1)}`).join(', ')} ms)`
    })
  }

  const { alone: searched, narrowed } = wanted('lists') ? recipientSearchTimes() : { alone: [], narrowed: [] }
  if (searched.length > 0) {
    const slowest = searched.reduce((a, b) => (b.ms > a.ms ? b : a))
    add({
      name: `recipient search at ${fmt(LIST_ROWS)} items to ${fmt(RECIPIENT_SEARCH_CUSTOMERS)} numbers, slowest of ${searched.length} typed`,
      ratio: LIST_BUDGET_MS / slowest.ms,
      ...underBudget(slowest.ms, LIST_BUDGET_MS),
      measured: `${fmt(slowest.ms, 1)} ms`,
      detail:
        `"${slowest.name}" ${fmt(slowest.ms, 1)} ms against the ${LIST_BUDGET_MS} ms budget (page of 200 and its total, by number ` +
        `or name as the window asks; ${searched.map(({ name, ms, total }) => `"${name}" ${fmt(ms, 1)} ms, ${fmt(total)} found`).join('; ')})`
    })
  }
  if (narrowed.length > 0) {
    const slowest = narrowed.reduce((a, b) => (b.ms > a.ms ? b : a))
    add({
      name: `recipient search with a status or the device at ${fmt(LIST_ROWS)} items, slowest of ${narrowed.length}`,
      ratio: LIST_BUDGET_MS / slowest.ms,
      ...underBudget(slowest.ms, LIST_BUDGET_MS),
      measured: `${fmt(slowest.ms, 1)} ms`,
      detail:
        `${slowest.name} ${fmt(slowest.ms, 1)} ms against the ${LIST_BUDGET_MS} ms budget (page of 200 and its total; ` +
        `${narrowed.map(({ name, ms, total }) => `${name} ${fmt(ms, 1)} ms, ${fmt(total)} found`).join('; ')})`
    })
  }

  for (const rows of wanted('start') ? [0, 100_000, 1_000_000] : []) {
    const { appMs, floorMs } = freshStart(rows)
    add({
      name: `fresh process ready, ${fmt(rows)} rows`,
      ratio: floorMs / appMs,
      // Issue 18 states the fresh start's goal at 1,000,000 rows; the smaller outboxes are reported.
      ...(rows === 1_000_000 ? underBudget(appMs, FRESH_START_BUDGET_MS) : reported),
      measured: `${fmt(appMs)} vs ${fmt(floorMs)} ms`,
      detail: `CLI outbox list ${fmt(appMs)} ms vs node opening the same database ${fmt(floorMs)} ms`
    })
  }
  for (const rows of wanted('start') ? [0, 1_000_000] : []) {
    const { appMs, floorMs } = appStart(rows)
    add({
      name: `app main process ready, ${fmt(rows)} rows`,
      ratio: floorMs / appMs,
      ...reported,
      measured: `${fmt(appMs)} vs ${fmt(floorMs)} ms`,
      detail: `out/main/index.js under a stand-in Electron to the tray's first snapshot ${fmt(appMs)} ms vs node opening the same database ${fmt(floorMs)} ms`
    })
  }
  const help = wanted('start') ? helpStart() : undefined
  if (help)
    add({
      name: 'CLI --help',
      ratio: help.floorMs / help.appMs,
      goal: `≥ ${OVERHEAD_GOAL.toFixed(2)}`,
      within: help.floorMs / help.appMs >= OVERHEAD_GOAL,
      measured: `${fmt(help.appMs)} vs ${fmt(help.floorMs)} ms`,
      detail: `${fmt(help.appMs)} ms vs node -e 0 ${fmt(help.floorMs)} ms`
    })
  return lines
}
