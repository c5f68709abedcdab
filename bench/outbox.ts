// Outbox benchmark: enqueue vs raw batched inserts, dispatch vs the raw client, cold start with 100,000 rows — as same-run ratios.
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import { createGatewayClient } from '../src/main/core/gateway'
import { createOutbox } from '../src/main/core/outbox'
import { SandboxControl, startSandbox } from '@sender-desk/sandbox-gateway'
import { openDatabase, OutboxStore, type NewItem } from '../src/main/core/store'

export interface BenchLine {
  name: string
  ratio: number
  detail: string
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits })

function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `bench-${name}-`))
}

// ------------------------------------------------------------------------------------------- enqueue

const ENQUEUE_ENTRIES = 20
const ENQUEUE_RECIPIENTS = 500

async function outboxEnqueueRate(): Promise<number> {
  const dir = tempDir('enqueue')
  const db = openDatabase({ dataDir: dir })
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const recipients = Array.from(
    { length: ENQUEUE_RECIPIENTS },
    (_, i) => `62812${String(i).padStart(7, '0')}`
  )
  const entries = Array.from({ length: ENQUEUE_ENTRIES }, (_, i) => ({
    kind: 'text' as const,
    text: `message ${i}`
  }))
  const started = performance.now()
  const { itemIds } = await outbox.enqueue({ deviceId: 'd1', recipients, entries })
  const seconds = (performance.now() - started) / 1000
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return itemIds.length / seconds
}

/** The floor: the same number of rows of similar width, one prepared INSERT each, one transaction, same pragmas. */
function rawInsertRate(): number {
  const dir = tempDir('raw')
  const db = new Database(join(dir, 'raw.db'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.exec(`CREATE TABLE items (id TEXT PRIMARY KEY, seq INTEGER, device_id TEXT, recipient TEXT, kind TEXT, text TEXT,
    status TEXT, created_at INTEGER, updated_at INTEGER)`)
  const insert = db.prepare('INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
  const count = ENQUEUE_ENTRIES * ENQUEUE_RECIPIENTS
  const started = performance.now()
  db.transaction(() => {
    for (let i = 0; i < count; i++)
      insert.run(
        randomUUID(),
        i,
        'd1',
        `62812${i % ENQUEUE_RECIPIENTS}`,
        'text',
        `message ${i}`,
        'queued',
        0,
        0
      )
  })()
  const seconds = (performance.now() - started) / 1000
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return count / seconds
}

/** How long the main thread is blocked when an operator drops 500 files for 3 recipients. */
async function bulkDropStall(): Promise<{ maxBlockMs: number; totalMs: number }> {
  const dir = tempDir('drop')
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
  const db = openDatabase({ dataDir: dir })
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  histogram.enable()
  const started = performance.now()
  await outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281200000001', '6281200000002', '6281200000003'],
    entries
  })
  const totalMs = performance.now() - started
  histogram.disable()
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return { maxBlockMs: histogram.max / 1e6, totalMs }
}

// ------------------------------------------------------------------------------------------ dispatch

const DISPATCH_MESSAGES = 400
const DISPATCH_CONCURRENCY = 4
const DISPATCH_RECIPIENTS = 40

async function dispatchRates(): Promise<{ outbox: number; raw: number }> {
  const sandbox = await startSandbox({ seed: 1 })
  const control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const recipients = Array.from(
    { length: DISPATCH_RECIPIENTS },
    (_, i) => `62813${String(i).padStart(7, '0')}`
  )

  /** The same sends through the bare client, `DISPATCH_CONCURRENCY` at a time, no bookkeeping at all. */
  const rawRun = async (messages: number): Promise<number> => {
    const token = (await control.createDevice({ linked: true })).token
    const client = createGatewayClient({ baseUrl: sandbox.baseUrl, token })
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: DISPATCH_CONCURRENCY }, async () => {
        for (let i = next++; i < messages; i = next++) {
          await client.sendText({
            phone: recipients[i % DISPATCH_RECIPIENTS]!,
            message: `message ${i}`,
            refId: randomUUID()
          })
        }
      })
    )
    return messages / ((performance.now() - started) / 1000)
  }

  /** Through the outbox: durable writes before and after each send, per-recipient order, same concurrency, no pacing. */
  const outboxRun = async (messages: number): Promise<number> => {
    const token = (await control.createDevice({ linked: true })).token
    const client = createGatewayClient({ baseUrl: sandbox.baseUrl, token })
    const dir = tempDir('dispatch')
    const db = openDatabase({ dataDir: dir })
    const outbox = createOutbox({
      db,
      dataDir: dir,
      clientFor: () => client,
      options: { concurrency: DISPATCH_CONCURRENCY, pacingMs: 0, tracking: false }
    })
    const entries = Array.from({ length: Math.ceil(messages / DISPATCH_RECIPIENTS) }, (_, i) => ({
      kind: 'text' as const,
      text: `message ${i}`
    }))
    await outbox.enqueue({ deviceId: 'd1', recipients, entries })
    const started = performance.now()
    const summary = await outbox.flush({ timeoutMs: 120_000 })
    const rate = summary.accepted / ((performance.now() - started) / 1000)
    db.close()
    rmSync(dir, { recursive: true, force: true })
    return rate
  }

  try {
    await rawRun(80)
    await outboxRun(80)
    // Alternate so neither side benefits from running later (a warmer JIT, a fuller sandbox).
    const raw: number[] = []
    const outbox: number[] = []
    for (let round = 0; round < 3; round++) {
      raw.push(await rawRun(DISPATCH_MESSAGES))
      outbox.push(await outboxRun(DISPATCH_MESSAGES))
    }
    return { outbox: median(outbox), raw: median(raw) }
  } finally {
    await sandbox.close()
  }
}

// ---------------------------------------------------------------------------------------- cold start

const COLD_ROWS = 100_000

/** 100,000 items as a busy install would have them: mostly final within retention, some tracked, some queued. */
function seedColdDatabase(dir: string): void {
  const db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  const now = Date.now()
  const base: Omit<NewItem, 'id' | 'status' | 'recipient'> = {
    deviceId: 'd1',
    isGroup: false,
    kind: 'text',
    text: 'hello there, your order has shipped',
    attachmentSha256: null,
    fileName: null,
    fileMime: null,
    fileSize: null,
    failureCode: null,
    failureMessage: null,
    failureGatewayMessage: null,
    gatewayId: null,
    attempts: 1,
    nextAttemptAt: null,
    lastAttemptAt: null,
    queuedAt: now,
    reconcileUntil: null,
    createdAt: now,
    closedAt: null,
    notBefore: null,
    scheduledLocal: null,
    timezone: null,
    scheduleMode: null,
    overduePolicy: null,
    held: false,
    acceptedAt: null,
    trackNextAt: null,
    trackAttempts: 0,
    note: null
  }
  const batch: NewItem[] = []
  for (let i = 0; i < COLD_ROWS; i++) {
    const kind = i % 100
    const status = kind < 97 ? 'read' : kind < 99 ? 'delivered' : 'queued'
    batch.push({
      ...base,
      id: randomUUID(),
      recipient: `62812${String(i % 5000).padStart(7, '0')}`,
      status,
      gatewayId: status === 'queued' ? null : randomUUID(),
      closedAt: status === 'read' ? now : null,
      acceptedAt: status === 'queued' ? null : now,
      trackNextAt: status === 'delivered' ? now + 3_600_000 : null
    })
    if (batch.length === 10_000) {
      store.insertItems(batch, [], [], now)
      batch.length = 0
    }
  }
  db.close()
}

async function coldStartMs(dir: string): Promise<number> {
  const started = performance.now()
  const db = openDatabase({ dataDir: dir })
  // No client: nothing is sent, so this measures opening, the startup queries and the first round only.
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  await outbox.start()
  const elapsed = performance.now() - started
  await outbox.stop()
  db.close()
  return elapsed
}

// ---------------------------------------------------------------------------------------------- run

export async function runOutboxBench(log: (line: string) => void = console.log): Promise<BenchLine[]> {
  const lines: BenchLine[] = []

  // Warm up the code paths once so the first measurement does not pay for module loading.
  await outboxEnqueueRate()
  rawInsertRate()
  const enqueue = median([await outboxEnqueueRate(), await outboxEnqueueRate(), await outboxEnqueueRate()])
  const raw = median([rawInsertRate(), rawInsertRate(), rawInsertRate()])
  lines.push({
    name: 'enqueue vs raw batched inserts',
    ratio: enqueue / raw,
    detail: `outbox ${fmt(enqueue)} items/s (${ENQUEUE_ENTRIES} entries × ${ENQUEUE_RECIPIENTS} recipients, one call) vs raw ${fmt(raw)} rows/s`
  })
  const cold = await bulkDropStall()
  const warm = [await bulkDropStall(), await bulkDropStall(), await bulkDropStall()]
  log(
    `bulk drop (500 files × 3 recipients, one transaction): queued in ${fmt(median(warm.map((d) => d.totalMs)))} ms; ` +
      `longest main-thread block ${fmt(median(warm.map((d) => d.maxBlockMs)), 1)} ms (first, cold run: ${fmt(cold.maxBlockMs, 1)} ms)`
  )

  const dispatch = await dispatchRates()
  lines.push({
    name: 'dispatch vs raw client',
    ratio: dispatch.outbox / dispatch.raw,
    detail: `outbox ${fmt(dispatch.outbox)} msg/s vs raw client ${fmt(dispatch.raw)} msg/s, ${DISPATCH_MESSAGES} sends at concurrency ${DISPATCH_CONCURRENCY} to the sandbox`
  })

  const full = tempDir('cold-full')
  const empty = tempDir('cold-empty')
  seedColdDatabase(full)
  openDatabase({ dataDir: empty }).close()
  await coldStartMs(full)
  await coldStartMs(empty)
  const fullMs = median([await coldStartMs(full), await coldStartMs(full), await coldStartMs(full)])
  const emptyMs = median([await coldStartMs(empty), await coldStartMs(empty), await coldStartMs(empty)])
  rmSync(full, { recursive: true, force: true })
  rmSync(empty, { recursive: true, force: true })
  lines.push({
    name: 'cold start 100,000 rows vs empty',
    ratio: fullMs / emptyMs,
    detail: `open + start ${fmt(fullMs, 1)} ms with ${fmt(COLD_ROWS)} items vs ${fmt(emptyMs, 1)} ms empty`
  })

  for (const line of lines) log(`${line.name}: ratio ${line.ratio.toFixed(2)} — ${line.detail}`)
  return lines
}
