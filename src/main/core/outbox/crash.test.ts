// Crash test: a child process flushing the outbox is SIGKILLed at random moments 100 times; every item still goes out exactly once.
import { SeededRandom } from '../seeded-random'
import { build } from 'esbuild'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { openDatabase } from '../store'
import { createOutbox } from '../sending'
import { runKillableChild, type ChildRun } from '../testing/killable-child'

const KILLS = 100
const ROOT = join(import.meta.dirname, '../../../..')
// Bundled once, so each of the ~100 child starts is plain `node` (about 3x faster than transpiling with tsx each time,
// which kept a loaded 2-core CI machine near the test's timeout). Kept under node_modules so its packages resolve.
const BUNDLES = join(ROOT, 'node_modules', '.cache', 'sender-desk-tests')
const CHILD = join(BUNDLES, 'crash-child.mjs')
/** Enqueues a large batch and kills itself between two of its chunks. */
const ENQUEUE_CHILD = join(BUNDLES, 'crash-enqueue-child.mjs')

/** Seeded, so the kill moments are the same on every run. */
const seeded = (seed: number): (() => number) => new SeededRandom(seed).asFunction()

/** Start the child; once it says it is ready, kill it after `killAfterMs` (or let it finish when null). */
function runChild(args: string[], killAfterMs: number | null, script = CHILD): Promise<ChildRun> {
  return runKillableChild(script, args, killAfterMs, ROOT)
}

let sandbox: Sandbox
let control: SandboxControl
let dataDir: string
let batchDataDir: string

beforeAll(async () => {
  await build({
    entryPoints: ['crash-child.ts', 'crash-enqueue-child.ts'].map((name) => join(import.meta.dirname, name)),
    outdir: BUNDLES,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error'
  })
  sandbox = await startSandbox({ seed: 4242 })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  // Delays and broken answers so that kills land mid-request, before and after the gateway took the message.
  await control.addFault({ path: '/api/send-message', kind: 'latency', latencyMs: 40, probability: 0.3 })
  await control.addFault({
    path: '/api/send-message',
    kind: 'latency',
    latencyMs: 60,
    probability: 0.3,
    applyAfterHandling: true
  })
  await control.addFault({
    path: '/api/send-message',
    kind: 'reset',
    probability: 0.1,
    applyAfterHandling: true
  })
  await control.addFault({
    path: '/api/send-message',
    kind: 'status',
    status: 500,
    probability: 0.1,
    applyAfterHandling: true
  })
  await control.addFault({
    path: '/api/send-message',
    kind: 'garbage',
    probability: 0.05,
    applyAfterHandling: true
  })
  await control.addFault({ path: '/api/send-message', kind: 'hang', probability: 0.03 })
  await control.addFault({ path: '/api/send-message', kind: 'status', status: 502, probability: 0.05 })
  dataDir = mkdtempSync(join(tmpdir(), 'outbox-crash-'))
  batchDataDir = mkdtempSync(join(tmpdir(), 'outbox-crash-batch-'))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(batchDataDir, { recursive: true, force: true })
})

describe('crash test', () => {
  it(`SIGKILL at ${KILLS} random moments: every item accepted exactly once, and the outbox agrees`, async () => {
    const { token } = await control.createDevice({ linked: true })
    const recipients = ['6281200000001', '6281200000002', '6281200000003']
    const db = openDatabase({ dataDir })
    const outbox = createOutbox({ db, dataDir, clientFor: () => undefined })
    const entries = Array.from({ length: 50 }, (_, i) => ({
      kind: 'text' as const,
      text: `message ${i + 1}`
    }))
    const { itemIds } = await outbox.enqueue({ deviceId: 'd1', recipients, entries })
    db.close()

    const random = seeded(20260115)
    let killed = 0
    for (let run = 0; run < KILLS; run++) {
      const result = await runChild([dataDir, sandbox.baseUrl, token], Math.floor(random() * 250))
      if (result.signal === 'SIGKILL') killed++
      else expect(result.code, result.stderr + result.stdout).toBe(0)
    }
    const final = await runChild([dataDir, sandbox.baseUrl, token], null)
    expect(final.code, final.stderr).toBe(0)
    expect(killed).toBeGreaterThan(KILLS / 2)

    const log = await control.acceptedLog()
    const check = openDatabase({ dataDir })
    const after = createOutbox({ db: check, dataDir, clientFor: () => undefined })
    try {
      expect(log).toHaveLength(itemIds.length)
      for (const id of itemIds) {
        const entries = log.filter((e) => e.refId === id)
        expect(entries, `accepted log entries for ${id}`).toHaveLength(1)
        const { item } = after.get(id)
        expect(['accepted', 'sent', 'delivered', 'read']).toContain(item.status)
        expect(item.gatewayId).toBe(entries[0]?.messageId)
      }
      // Order per recipient survived the crashes too.
      for (const phone of recipients) {
        const texts = log.filter((e) => e.phone === phone).map((e) => after.get(e.refId!).item.text)
        expect(texts).toEqual(entries.map((e) => e.text))
      }
    } finally {
      check.close()
    }
  }, 180_000)

  it('SIGKILL around sends whose outcome shares a commit with the next send: none lost, none sent twice', async () => {
    // Four sends in flight: a send's outcome is written in one transaction with the next item's `sending` mark.
    // Each run is killed at a chosen point around that commit: just before a request leaves (its mark committed
    // with earlier outcomes), or just as an answer comes back (the gateway has the message, the outbox does not).
    const { token } = await control.createDevice({ linked: true })
    const groupedDir = mkdtempSync(join(tmpdir(), 'outbox-crash-grouped-'))
    try {
      const recipients = ['6281200000011', '6281200000012', '6281200000013', '6281200000014', '6281200000015']
      const db = openDatabase({ dataDir: groupedDir })
      const outbox = createOutbox({ db, dataDir: groupedDir, clientFor: () => undefined })
      const entries = Array.from({ length: 8 }, (_, i) => ({
        kind: 'text' as const,
        text: `grouped ${i + 1}`
      }))
      const { itemIds } = await outbox.enqueue({ deviceId: 'd1', recipients, entries })
      db.close()

      const kills = [
        { killAtRequest: 6 },
        { killAtAnswer: 3 },
        { killAtRequest: 9 },
        { killAtAnswer: 7 },
        { killAtRequest: 5 },
        { killAtAnswer: 5 }
      ]
      let killed = 0
      for (const kill of kills) {
        const run = await runChild(
          [groupedDir, sandbox.baseUrl, token, JSON.stringify({ concurrency: 4, ...kill })],
          null
        )
        // Unless faults failed the run's sends before it got there, it died where it was told to.
        if (run.signal === 'SIGKILL') killed++
        else expect(run.code, run.stderr + run.stdout).toBe(0)
      }
      expect(killed).toBeGreaterThan(kills.length / 2)
      const final = await runChild(
        [groupedDir, sandbox.baseUrl, token, JSON.stringify({ concurrency: 4 })],
        null
      )
      expect(final.code, final.stderr).toBe(0)

      const ours = new Set(itemIds)
      const log = (await control.acceptedLog()).filter((e) => ours.has(e.refId ?? ''))
      const check = openDatabase({ dataDir: groupedDir })
      const after = createOutbox({ db: check, dataDir: groupedDir, clientFor: () => undefined })
      try {
        expect(log).toHaveLength(itemIds.length)
        for (const id of itemIds) {
          const accepted = log.filter((e) => e.refId === id)
          expect(accepted, `accepted log entries for ${id}`).toHaveLength(1)
          const { item } = after.get(id)
          expect(['accepted', 'sent', 'delivered', 'read']).toContain(item.status)
          expect(item.gatewayId).toBe(accepted[0]?.messageId)
        }
        for (const phone of recipients) {
          const texts = log.filter((e) => e.phone === phone).map((e) => after.get(e.refId!).item.text)
          expect(texts).toEqual(entries.map((e) => e.text))
        }
      } finally {
        check.close()
      }
    } finally {
      rmSync(groupedDir, { recursive: true, force: true })
    }
  }, 120_000)

  it('SIGKILL between two chunks of a large enqueue: after restart nothing of it is queued or sent', async () => {
    const { token } = await control.createDevice({ linked: true })
    const db = openDatabase({ dataDir: batchDataDir })
    const outbox = createOutbox({ db, dataDir: batchDataDir, clientFor: () => undefined })
    const before = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000008'],
      entries: [{ kind: 'text', text: 'queued before the batch' }]
    })
    db.close()

    // Killed once 300 of its 5,000 rows are on disk: after its second chunk.
    const killed = await runChild([batchDataDir, '5000', '300'], null, ENQUEUE_CHILD)
    expect(killed.signal, killed.stderr + killed.stdout).toBe('SIGKILL')
    const left = openDatabase({ dataDir: batchDataDir })
    const batchIds = (
      left.prepare('SELECT id FROM outbox_items WHERE batch_id IS NOT NULL').all() as { id: string }[]
    ).map((row) => row.id)
    const openBatches = () => left.prepare('SELECT COUNT(*) AS n FROM outbox_batches').get()
    expect(openBatches()).toEqual({ n: 1 })
    left.close()
    expect(batchIds.length).toBeGreaterThanOrEqual(300)
    expect(batchIds.length).toBeLessThan(5000)

    // The restart: the flushing child sends what there is to send.
    const restart = await runChild([batchDataDir, sandbox.baseUrl, token], null)
    expect(restart.code, restart.stderr).toBe(0)

    const log = await control.acceptedLog()
    expect(log.filter((e) => e.refId === before.itemIds[0])).toHaveLength(1)
    const fenced = new Set(batchIds)
    expect(log.filter((e) => fenced.has(e.refId ?? ''))).toEqual([])
    const check = openDatabase({ dataDir: batchDataDir })
    const after = createOutbox({ db: check, dataDir: batchDataDir, clientFor: () => undefined })
    try {
      expect(check.prepare('SELECT COUNT(*) AS n FROM outbox_batches').get()).toEqual({ n: 0 })
      expect(check.prepare('SELECT COUNT(*) AS n FROM outbox_items').get()).toEqual({ n: 1 })
      expect(after.counts()).toMatchObject({ queued: 0, sending: 0, total: 1 })
    } finally {
      check.close()
    }
  }, 120_000)
})
