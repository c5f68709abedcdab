// A week asleep: 10,000 events waiting on the relay are caught up in pages and short slices, each kept once, the
// event loop given its turn after every slice (slow tier: sealing them at ingress alone takes most of a minute).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { systemClock } from '../clock'
import { betweenTurns } from '../testing/event-loop'
import { openDatabase } from '../store'
import { MemoryVault } from '../vault'
import { createInbox, vaultInboxCredentials, type SyncStep } from '.'
import { startTestRelay, type TestRelay } from './testing/test-relay'

const EVENTS = 10_000
const dir = mkdtempSync(join(tmpdir(), 'inbox-catch-up-'))
let relay: TestRelay

afterAll(async () => {
  await relay?.close()
  rmSync(dir, { recursive: true, force: true })
})

it(`catches up ${EVENTS} waiting events exactly once, yielding after every slice`, async () => {
  relay = await startTestRelay()
  const db = openDatabase({ dataDir: dir })
  const steps: SyncStep[] = []
  const inbox = createInbox({
    db,
    clock: systemClock,
    fetch: relay.fetch,
    credentials: vaultInboxCredentials(new MemoryVault()),
    targets: {},
    onStep: (step) => steps.push(step)
  })
  const connected = await inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  for (let i = 0; i < EVENTS; i++) {
    const body = { id: `WA${i}`, phone: '6281234567890', message: `pesan ${i}`, deviceId: 'A0HDJU' }
    expect(await relay.post(connected.urls.incoming, JSON.stringify(body))).toBe(200)
  }
  let caughtUp: Awaited<ReturnType<typeof inbox.sync.catchUp>> | undefined
  const turns = await betweenTurns(inbox.sync.catchUp().then((status) => (caughtUp = status)))
  expect(caughtUp?.state).toEqual({ kind: 'connected', behind: 0 })
  expect(caughtUp?.received).toBe(EVENTS)
  const distinct = db
    .prepare('SELECT COUNT(DISTINCT message_id) AS n, COUNT(*) AS total FROM inbox_messages')
    .get()
  expect(distinct).toEqual({ n: EVENTS, total: EVENTS })
  expect(steps.filter((step) => step === 'pulled')).toHaveLength(EVENTS / 500)
  const slices = steps.filter((step) => step === 'committed').length
  expect(slices).toBeGreaterThan(EVENTS / 500)
  expect(turns).toBeGreaterThanOrEqual(slices)
  db.close()
}, 240_000)
