// Messages-in benchmark (issue 25, point 7), every figure a ratio to a floor measured in the same run:
// - webhook POST → event committed on the desktop, p50/p99, through the Node relay and through the Worker in workerd
//   (miniflare), against the POST's own round trip (what the gateway waits for);
// - catching up 10,000 waiting events (a week asleep) against raw inserts of the same rows into the same schema, with
//   the relay's default limits and with its egress limit lifted (to show what the limit costs);
// - the longest event-loop block on the desktop while catching up (goal < 50 ms).
// The Node relay runs in a child process (this file, with BENCH_INBOX_RELAY_HOST set) so its work is not counted in
// the desktop's event loop; workerd is a process of its own.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { Miniflare } from 'miniflare'
import {
  DEFAULT_LIMITS,
  openRelayEvent,
  startNodeRelay,
  type EventsAnswer,
  type RelayLimits
} from '@sender-desk/inbox-relay'
import { bundleWorker } from '../packages/inbox-relay/test/support/bundle'
import { systemClock } from '../src/main/core/clock'
import { createInbox, vaultInboxCredentials, type Inbox, type InboxSyncStatus } from '../src/main/core/inbox'
import { incomingWebhookBody } from '../src/main/core/inbox/testing/webhook-bodies'
import { openDatabase, type SqliteDatabase } from '../src/main/core/store'
import { MemoryVault } from '../src/main/core/vault'
import { printed, reported, underBudget, type BenchLine } from './lines'

/** Webhooks timed one at a time, per host. */
const LATENCY_SAMPLES = 100
/**
 * Gap between two timed webhooks: each costs the desktop a pull and an ack, and the relay's default egress limit is
 * 5 requests a second (bursts of 30), so a steadier stream would measure the limit's waits, not the path.
 */
const LATENCY_GAP_MS = 450
const CATCH_UP_EVENTS = 10_000
/** Webhooks in flight while filling the mailbox (the gateway posts several at once too). */
const FILL_CONCURRENCY = 8
const CREATION_TOKEN = 'bench-creation-token'
const UNLIMITED = { perSecond: 1_000_000, burst: 1_000_000 }

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits })
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

// ------------------------------------------------------------------------------------------ the relay's side

interface HostInput {
  dataDir: string
  port: number
  limits: Partial<RelayLimits>
}

/** A Node relay in a child process; `close` ends it (SIGTERM) and waits until its data folder is released. */
interface RelayProcess {
  url: string
  port: number
  close(): Promise<void>
}

async function startRelayProcess(input: HostInput): Promise<RelayProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, BENCH_INBOX_RELAY_HOST: JSON.stringify(input) },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', (line) => {
      lines.close()
      resolve(line)
    })
    child.once('exit', (code) => reject(new Error(`the relay process exited with ${code}`)))
  })
  const { url, port } = JSON.parse(first) as { url: string; port: number }
  return {
    url,
    port,
    async close() {
      child.kill('SIGTERM')
      await exited
    }
  }
}

async function hostSide(input: HostInput): Promise<void> {
  const relay = await startNodeRelay({
    dataDir: input.dataDir,
    host: '127.0.0.1',
    port: input.port,
    limits: input.limits,
    creationToken: CREATION_TOKEN
  })
  process.once('SIGTERM', () => {
    void relay.close().then(() => process.exit(0))
  })
  console.log(JSON.stringify({ url: relay.url, port: relay.port }))
}

/** The Worker as deployed (wrangler.toml's entry, bindings and vars) in workerd, listening on 127.0.0.1. */
async function startWorkerRelay(persist: string): Promise<{ url: string; close(): Promise<void> }> {
  const packageDir = fileURLToPath(new URL('../packages/inbox-relay/', import.meta.url))
  const toml = readFileSync(join(packageDir, 'wrangler.toml'), 'utf8')
  const setting = (key: string): string => {
    const value = new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm').exec(toml)?.[1]
    if (value === undefined) throw new Error(`wrangler.toml has no ${key}`)
    return value
  }
  const mf = new Miniflare({
    modules: true,
    script: await bundleWorker(join(packageDir, setting('main'))),
    compatibilityDate: setting('compatibility_date'),
    durableObjects: { MAILBOX: { className: setting('class_name'), useSQLite: true } },
    durableObjectsPersist: persist,
    bindings: { CREATION_TOKEN },
    host: '127.0.0.1',
    port: 0
  })
  const url = (await mf.ready).origin
  return { url, close: () => mf.dispose() }
}

// ------------------------------------------------------------------------------------------ the desktop's side

/** The sync's latest step in this process, to say where the longest block fell. */
let lastStep = 'start'

interface Desktop {
  inbox: Inbox
  db: SqliteDatabase
  dir: string
  /** Resolves when `count` more events have been committed. */
  committed(count: number): Promise<void>
  statuses: InboxSyncStatus[]
  close(): Promise<void>
}

function openDesktop(vault: MemoryVault): Desktop {
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-desktop-'))
  const db = openDatabase({ dataDir: dir })
  let total = 0
  const waiters: { at: number; resolve: () => void }[] = []
  const inbox = createInbox({
    db,
    clock: systemClock,
    fetch: (url, init) => fetch(url, init),
    credentials: vaultInboxCredentials(vault),
    targets: {},
    onStep: (step, count) => {
      lastStep = step
      if (step !== 'committed') return
      total += count
      for (const waiter of waiters.filter((w) => w.at <= total)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    }
  })
  const statuses: InboxSyncStatus[] = []
  inbox.sync.onStatus((status) => statuses.push(status))
  return {
    inbox,
    db,
    dir,
    statuses,
    committed: (count) => new Promise((resolve) => waiters.push({ at: total + count, resolve })),
    async close() {
      await inbox.stop()
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

async function connect(desktop: Desktop, relayUrl: string): Promise<{ incoming: string }> {
  const connected = await desktop.inbox.connect({ relayUrl, creationToken: CREATION_TOKEN })
  if (connected.kind !== 'connected') throw new Error(`connect: ${JSON.stringify(connected)}`)
  return connected.urls
}

async function post(url: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: incomingWebhookBody({ message: 'Pesanan saya sudah dikirim? Alamatnya Jl. Melati 12, Bandung.' })
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`the relay answered a webhook with ${response.status}`)
}

// ------------------------------------------------------------------------------------------ measures

interface Latency {
  p50: number
  p99: number
  postP50: number
}

/** Each webhook POSTed alone while the desktop follows: from the POST to its event committed, and the POST itself. */
async function measureLatency(relayUrl: string): Promise<Latency> {
  const desktop = openDesktop(new MemoryVault())
  try {
    const urls = await connect(desktop, relayUrl)
    desktop.inbox.start()
    // Warm-up: the first pulls compile code paths; not counted.
    for (let i = 0; i < 5; i++) {
      const landed = desktop.committed(1)
      await post(urls.incoming)
      await landed
      await sleep(LATENCY_GAP_MS)
    }
    const total: number[] = []
    const posts: number[] = []
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const landed = desktop.committed(1)
      const started = performance.now()
      await post(urls.incoming)
      posts.push(performance.now() - started)
      await landed
      total.push(performance.now() - started)
      await sleep(LATENCY_GAP_MS)
    }
    return { p50: percentile(total, 50), p99: percentile(total, 99), postP50: percentile(posts, 50) }
  } finally {
    await desktop.close()
  }
}

function latencyLine(host: string, latency: Latency): BenchLine {
  return {
    name: `webhook → committed on the desktop, ${host}`,
    ratio: latency.postP50 / latency.p50,
    ...reported,
    measured: `p50 ${fmt(latency.p50, 1)} ms, p99 ${fmt(latency.p99, 1)} ms vs ${fmt(latency.postP50, 1)} ms`,
    detail: `p50 ${fmt(latency.p50, 1)} ms, p99 ${fmt(latency.p99, 1)} ms, over ${LATENCY_SAMPLES} webhooks ${LATENCY_GAP_MS} ms apart; floor: the POST's own answer, p50 ${fmt(latency.postP50, 1)} ms`
  }
}

interface CatchUp {
  ms: number
  longestBlockMs: number
  /** The same measure over an idle event loop for as long: what the machine alone (other processes, GC) costs. */
  idleLongestBlockMs: number
  /** The most CPU this thread spent between two turns of its event loop: the block without the machine's stalls. */
  longestBlockCpuMs: number
  /** The sync's last step before that block (pulled: opening the page; committed: a slice or the ack). */
  longestBlockAfter: string
  longestGcMs: number
  rateLimitedWaits: number
  rateLimitedMs: number
  rawInsertMs: number
}

/**
 * Follows the turns of the event loop (a setImmediate chain) and keeps the most CPU the main thread spent between two
 * of them. On a shared machine the wall-clock gap also counts the time the OS ran other processes; the thread's own
 * CPU time (process.threadCpuUsage, Node ≥ 23.9) is what this process blocked its loop with.
 */
function watchTurns(): { stop(): { longestCpuMs: number; after: string } } {
  let running = true
  let longestCpuMs = 0
  let after = ''
  let last = process.threadCpuUsage()
  const turn = (): void => {
    const used = process.threadCpuUsage(last)
    const cpuMs = (used.user + used.system) / 1000
    if (cpuMs > longestCpuMs) {
      longestCpuMs = cpuMs
      after = lastStep
    }
    last = process.threadCpuUsage()
    if (running) setImmediate(turn)
  }
  setImmediate(turn)
  return {
    stop() {
      running = false
      return { longestCpuMs, after }
    }
  }
}

/** The longest event-loop delay of this process doing nothing for `ms`: on a shared machine, not zero. */
async function idleLongestBlockMs(ms: number): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  await sleep(ms)
  delay.disable()
  return delay.max / 1e6
}

/** The same rows the catch-up kept, inserted into a fresh database of the same schema in one transaction. */
function rawInsertMs(from: SqliteDatabase): number {
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-raw-'))
  const db = openDatabase({ dataDir: dir })
  try {
    // In the order their keys need: a message names its conversation; contacts are learnt from push names.
    const tables = ['inbox_events', 'inbox_conversations', 'inbox_messages', 'contacts'].map((table) => {
      const rows = from.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]
      const columns = Object.keys(rows[0] ?? {})
      const insert = db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`
      )
      return { rows, insert }
    })
    const started = performance.now()
    db.transaction(() => {
      for (const { rows, insert } of tables) for (const row of rows) insert.run(row)
    })()
    return performance.now() - started
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A desktop that was asleep while `CATCH_UP_EVENTS` arrived wakes up and follows its mailbox, as the app does: from
 * the start to the last event committed. The relay's data folder is a copy of the filled one, so each run starts
 * from the same waiting events.
 */
async function measureCatchUp(
  filled: string,
  port: number,
  vault: MemoryVault,
  limits: Partial<RelayLimits>
): Promise<CatchUp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-inbox-relay-copy-'))
  cpSync(filled, dataDir, { recursive: true })
  const relay = await startRelayProcess({ dataDir, port, limits })
  const desktop = openDesktop(vault)
  try {
    const delay = monitorEventLoopDelay({ resolution: 1 })
    const landed = desktop.committed(CATCH_UP_EVENTS)
    delay.enable()
    const turns = watchTurns()
    // Garbage collection pauses the loop too: the longest one says whether a block was the collector's.
    let longestGcMs = 0
    const gcs = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration)
    })
    gcs.observe({ entryTypes: ['gc'] })
    const started = performance.now()
    desktop.inbox.start()
    await landed
    const ms = performance.now() - started
    const blocks = turns.stop()
    gcs.disconnect()
    delay.disable()
    const waits = desktop.statuses.filter(
      (s) => s.state.kind === 'unreachable' && s.state.fault === 'rate-limited'
    )
    const rateLimitedMs = waits.reduce(
      (sum, s) => sum + ('retryAt' in s.state ? s.state.retryAt - s.state.since : 0),
      0
    )
    const count = desktop.db.prepare('SELECT COUNT(*) AS n FROM inbox_messages').get() as { n: number }
    if (count.n !== CATCH_UP_EVENTS) throw new Error(`caught up ${count.n} of ${CATCH_UP_EVENTS}`)
    return {
      ms,
      longestBlockMs: delay.max / 1e6,
      idleLongestBlockMs: await idleLongestBlockMs(ms),
      longestBlockCpuMs: blocks.longestCpuMs,
      longestBlockAfter: blocks.after,
      longestGcMs,
      rateLimitedWaits: waits.length,
      rateLimitedMs,
      rawInsertMs: rawInsertMs(desktop.db)
    }
  } finally {
    await desktop.close()
    await relay.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A mailbox on a Node relay with `CATCH_UP_EVENTS` waiting, its folder closed; the vault holds its credentials. */
async function filledMailbox(): Promise<{ dir: string; port: number; vault: MemoryVault }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-relay-filled-'))
  // The gateway's posts are not what is measured here: the ingress limit is lifted to fill in seconds.
  const relay = await startRelayProcess({ dataDir: dir, port: 0, limits: { ingressRate: UNLIMITED } })
  const vault = new MemoryVault()
  const desktop = openDesktop(vault)
  try {
    const urls = await connect(desktop, relay.url)
    let next = 0
    const worker = async (): Promise<void> => {
      while (next++ < CATCH_UP_EVENTS) await post(urls.incoming)
    }
    await Promise.all(Array.from({ length: FILL_CONCURRENCY }, worker))
    return { dir, port: relay.port, vault }
  } finally {
    await desktop.close()
    await relay.close()
  }
}

/**
 * What no catch-up can go below with one ephemeral key per event: opening the same waiting envelopes one after the
 * other, as the sync does, read beforehand from a copy of the filled relay (so no HTTP is counted).
 */
async function openingOnlyMs(filled: string, vault: MemoryVault): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-inbox-relay-copy-'))
  cpSync(filled, dataDir, { recursive: true })
  const relay = await startRelayProcess({ dataDir, port: 0, limits: { egressRate: UNLIMITED } })
  try {
    const loaded = await vaultInboxCredentials(vault).load()
    if (loaded.kind !== 'found') throw new Error('no mailbox credentials')
    const { mailbox, pullToken, privateKeyJwk } = loaded.credentials
    const events: EventsAnswer['events'] = []
    for (let after = 0; events.length < CATCH_UP_EVENTS;) {
      const answer = await fetch(`${relay.url}/m/${mailbox}/events?after=${after}&limit=500`, {
        headers: { authorization: `Bearer ${pullToken}` }
      })
      const page = (await answer.json()) as EventsAnswer
      if (page.events.length === 0) throw new Error(`the relay holds ${events.length} events`)
      events.push(...page.events)
      after = page.events.at(-1)!.seq
    }
    const started = performance.now()
    for (const event of events) await openRelayEvent(privateKeyJwk, event)
    return performance.now() - started
  } finally {
    await relay.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The catch-up's goal against raw inserts of the same rows, and its longest block's budget (issue 25). */
const CATCH_UP_GOAL = 0.5
const BLOCK_BUDGET_MS = 50

function catchUpLines(label: string, run: CatchUp): BenchLine[] {
  return [
    {
      name: `catch-up of ${fmt(CATCH_UP_EVENTS)} waiting events, ${label}`,
      ratio: run.rawInsertMs / run.ms,
      goal: `≥ ${CATCH_UP_GOAL.toFixed(2)}`,
      within: run.rawInsertMs / run.ms >= CATCH_UP_GOAL,
      measured: `${fmt(run.ms)} vs ${fmt(run.rawInsertMs)} ms`,
      detail: `${fmt(run.ms)} ms (${fmt((CATCH_UP_EVENTS / run.ms) * 1000)} events/s; ${run.rateLimitedWaits} waits on 429 of ${fmt(run.rateLimitedMs)} ms in all) vs raw inserts of the same rows ${fmt(run.rawInsertMs, 1)} ms; goal ≥ ${CATCH_UP_GOAL.toFixed(2)}`
    },
    {
      name: `longest event-loop block while catching up, ${label}`,
      ratio: BLOCK_BUDGET_MS / run.longestBlockCpuMs,
      ...underBudget(run.longestBlockCpuMs, BLOCK_BUDGET_MS),
      measured: `${fmt(run.longestBlockCpuMs, 1)} ms CPU (${fmt(run.longestBlockMs, 1)} ms wall)`,
      detail: `${fmt(run.longestBlockCpuMs, 1)} ms of the main thread's CPU between two turns of its loop (after the step "${run.longestBlockAfter}"; longest GC pause ${fmt(run.longestGcMs, 1)} ms); wall clock: ${fmt(run.longestBlockMs, 1)} ms (monitorEventLoopDelay max), the same loop idle for as long: ${fmt(run.idleLongestBlockMs, 1)} ms (the machine's own stalls); goal < ${BLOCK_BUDGET_MS} ms (ratio > 1)`
    }
  ]
}

export async function runInboxRelayBench(log: (line: string) => void = console.log): Promise<BenchLine[]> {
  const lines: BenchLine[] = []
  const emit = (line: BenchLine): void => {
    lines.push(line)
    log(printed(line))
  }

  const nodeDir = mkdtempSync(join(tmpdir(), 'bench-inbox-node-relay-'))
  const node = await startRelayProcess({ dataDir: nodeDir, port: 0, limits: DEFAULT_LIMITS })
  try {
    emit(latencyLine('Node relay (default limits)', await measureLatency(node.url)))
  } finally {
    await node.close()
    rmSync(nodeDir, { recursive: true, force: true })
  }

  const persist = mkdtempSync(join(tmpdir(), 'bench-inbox-worker-'))
  const worker = await startWorkerRelay(persist)
  try {
    emit(latencyLine('Worker in workerd via miniflare', await measureLatency(worker.url)))
  } finally {
    await worker.close()
    rmSync(persist, { recursive: true, force: true })
  }

  const filled = await filledMailbox()
  try {
    const openingMs = await openingOnlyMs(filled.dir, filled.vault)
    log(
      `  opening the ${fmt(CATCH_UP_EVENTS)} envelopes alone (one ECDH each, no HTTP, no database): ${fmt(openingMs)} ms`
    )
    for (const line of catchUpLines(
      'Node relay, default limits',
      await measureCatchUp(filled.dir, filled.port, filled.vault, DEFAULT_LIMITS)
    ))
      emit(line)
    for (const line of catchUpLines(
      'Node relay, egress limit lifted',
      await measureCatchUp(filled.dir, filled.port, filled.vault, { egressRate: UNLIMITED })
    ))
      emit(line)
  } finally {
    rmSync(filled.dir, { recursive: true, force: true })
  }
  return lines
}

const hostInput = process.env['BENCH_INBOX_RELAY_HOST']
if (hostInput) await hostSide(JSON.parse(hostInput) as HostInput)
