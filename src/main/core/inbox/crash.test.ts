// Inbox fault suite: a desktop syncing from a Node relay on 127.0.0.1 is SIGKILLed 20 times at seeded points of its
// rounds (after a pull, after opening, after a slice's commit, after the ack, after applying statuses, or at a
// random moment), while the gateway keeps posting — duplicates included — and the relay restarts once between
// receipt and pull. Every message lands exactly once, every tracked message moves, nothing waits on the relay.
import { build } from 'esbuild'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startNodeRelay, type NodeRelay } from '@sender-desk/inbox-relay'
import { FakeClock } from '../clock'
import { SeededRandom } from '../seeded-random'
import { FakeGateway } from '../outbox/testing/fake-gateway'
import { createOutbox } from '../sending'
import { runKillableChild, type ChildRun } from '../testing/killable-child'
import { openDatabase, type SqliteDatabase } from '../store'
import { EncryptedFileVault, NO_KEYRING } from '../vault'
import { createInbox, vaultInboxCredentials, type SyncStep } from '.'

const KILLS = 20
const ROOT = join(import.meta.dirname, '../../../..')
const BUNDLES = join(ROOT, 'node_modules', '.cache', 'sender-desk-tests')
const CHILD = join(BUNDLES, 'crash-sync-child.mjs')
const STEPS: SyncStep[] = ['pulled', 'opened', 'committed', 'acknowledged', 'applied']

/** A child run: killed at a step of its own (it kills itself), after a while, or left to finish. */
function runChild(
  dataDir: string,
  kill: { step: SyncStep; at: number } | { afterMs: number } | null
): Promise<ChildRun> {
  const args = kill && 'step' in kill ? [dataDir, JSON.stringify(kill)] : [dataDir]
  return runKillableChild(CHILD, args, kill && 'afterMs' in kill ? kill.afterMs : null, ROOT)
}

let relayDir: string
let dataDir: string
let relay: NodeRelay
let urls: { incoming: string; tracking: string }
let mailbox: string
let pullToken: string

function vaultIn(dir: string): EncryptedFileVault {
  return new EncryptedFileVault({
    cipher: NO_KEYRING,
    file: join(dir, 'cli-secrets.json'),
    allowWeak: true
  })
}

beforeAll(async () => {
  await build({
    entryPoints: [join(import.meta.dirname, 'crash-sync-child.ts')],
    outdir: BUNDLES,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // The relay package is TypeScript source in the workspace: bundled in; native and large packages stay outside.
    external: ['better-sqlite3', 'zod', 'libphonenumber-js'],
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error'
  })
  relayDir = mkdtempSync(join(tmpdir(), 'inbox-crash-relay-'))
  dataDir = mkdtempSync(join(tmpdir(), 'inbox-crash-desk-'))
  relay = await startNodeRelay({
    dataDir: relayDir,
    limits: {
      ingressRate: { perSecond: 100_000, burst: 100_000 },
      egressRate: { perSecond: 100_000, burst: 100_000 }
    }
  })
  const db = openDatabase({ dataDir })
  const inbox = createInbox({
    db,
    clock: new FakeClock(),
    fetch: (url, init) => fetch(url, init),
    credentials: vaultInboxCredentials(vaultIn(dataDir)),
    targets: {}
  })
  const connected = await inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  urls = connected.urls
  const loaded = await vaultInboxCredentials(vaultIn(dataDir)).load()
  if (loaded.kind !== 'found') throw new Error('no credentials')
  ;({ mailbox, pullToken } = loaded.credentials)
  db.close()
})

afterAll(async () => {
  await relay?.close()
  rmSync(relayDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

/** Sends `count` messages through a fake gateway in the desktop's outbox: their gateway ids, to post tracking for. */
async function acceptedMessages(
  db: SqliteDatabase,
  count: number
): Promise<{ id: string; gatewayId: string }[]> {
  const clock = new FakeClock()
  const gateway = new FakeGateway(clock)
  const outbox = createOutbox({
    db,
    dataDir,
    clock,
    clientFor: gateway.clientFor,
    options: { pacingMs: 0, tracking: false }
  })
  const { itemIds } = await outbox.enqueue({
    deviceId: 'd1',
    recipients: Array.from({ length: count }, (_, i) => `62812000${String(i).padStart(5, '0')}`),
    entries: [{ kind: 'text', text: 'Pesanan Anda sudah dikirim' }]
  })
  await outbox.start()
  for (let i = 0; i < 200 && itemIds.some((id) => outbox.get(id).item.status !== 'accepted'); i++)
    await clock.advance(1_000)
  await outbox.stop()
  return itemIds.map((id) => ({ id, gatewayId: outbox.get(id).item.gatewayId! }))
}

it(`every event lands exactly once through ${KILLS} SIGKILLs, a relay restart and duplicate posts`, async () => {
  const random = new SeededRandom(2525).asFunction()
  const db = openDatabase({ dataDir })
  const sent = await acceptedMessages(db, 60)
  db.close()

  const posted = new Set<string>()
  let next = 0
  const post = async (url: string, body: unknown): Promise<void> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    expect(response.status).toBe(200)
  }
  const postMessages = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const id = `WA${String(next++).padStart(6, '0')}`
      const body = {
        id,
        phone: '6281234567890',
        message: `pesan ${id}`,
        deviceId: 'A0HDJU',
        messageType: 'text'
      }
      await post(urls.incoming, body)
      posted.add(id)
      // One in five posted twice, as a gateway retry would.
      if (random() < 0.2) await post(urls.incoming, body)
    }
  }
  await postMessages(120)
  for (const { gatewayId } of sent.slice(0, 15))
    await post(urls.tracking, { id: gatewayId, status: 'delivered' })

  const runs: ChildRun[] = []
  let killed = 0
  // Until the desktop has been killed KILLS times; a run whose kill point never came (nothing left to apply) ends
  // cleanly and does not count.
  for (let run = 0; killed < KILLS && run < KILLS * 2; run++) {
    const kill =
      run % 4 === 3
        ? { afterMs: Math.floor(random() * 300) }
        : { step: STEPS[Math.floor(random() * STEPS.length)]!, at: 1 + Math.floor(random() * 3) }
    const result = await runChild(dataDir, kill)
    runs.push(result)
    if (result.signal === 'SIGKILL') killed++
    else expect(result.code, result.stderr).toBe(0)
    // Three pages of 25 wait for the next run, and a tracking status (posted twice), so every kill point comes.
    await postMessages(60)
    const { gatewayId } = sent[15 + (run % (sent.length - 15))]!
    await post(urls.tracking, { id: gatewayId, status: 'delivered' })
    await post(urls.tracking, { id: gatewayId, status: 'delivered' })
    if (run === 10) {
      // The relay restarts between receipt and pull: what it took is on its disk.
      const port = relay.port
      await relay.close()
      relay = await startNodeRelay({
        dataDir: relayDir,
        port,
        limits: {
          ingressRate: { perSecond: 100_000, burst: 100_000 },
          egressRate: { perSecond: 100_000, burst: 100_000 }
        }
      })
    }
  }
  const last = await runChild(dataDir, null)
  expect(last.code, last.stderr).toBe(0)
  expect(last.stdout).toContain('done')

  const check = openDatabase({ dataDir })
  try {
    const ids = check.prepare('SELECT message_id FROM inbox_messages').all() as { message_id: string }[]
    expect(ids).toHaveLength(posted.size)
    expect(new Set(ids.map((r) => r.message_id))).toEqual(posted)
    const pending = check.prepare('SELECT COUNT(*) AS n FROM inbox_events WHERE applied = 0').get() as {
      n: number
    }
    expect(pending.n).toBe(0)
    const tracked = sent.slice(0, 15 + Math.min(runs.length, sent.length - 15))
    const statuses = check
      .prepare(`SELECT status FROM outbox_items WHERE id IN (${tracked.map(() => '?').join(',')})`)
      .all(...tracked.map((t) => t.id)) as { status: string }[]
    expect(statuses.map((s) => s.status)).toEqual(tracked.map(() => 'delivered'))
    const untouched = check
      .prepare(`SELECT COUNT(*) AS n FROM outbox_items WHERE status = 'accepted'`)
      .get() as { n: number }
    expect(untouched.n).toBe(sent.length - tracked.length)
  } finally {
    check.close()
  }
  expect(killed).toBe(KILLS)
  const health = await fetch(`${relay.url}/m/${mailbox}/health`, {
    headers: { authorization: `Bearer ${pullToken}` }
  })
  expect(((await health.json()) as { waiting: number }).waiting).toBe(0)
}, 300_000)
