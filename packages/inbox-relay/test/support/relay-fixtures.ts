// The relay handler under test over each store, behind one interface so the same behaviour suite runs on both:
// better-sqlite3 in process, and the Durable Object's SQLite in workerd (miniflare).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Miniflare } from 'miniflare'
import { createRelay, type Relay } from '../../src/handler'
import type { RelayLimits } from '../../src/limits'
import { openNodeSqlite, type NodeSqlite } from '../../src/node-sqlite'
import { SqlRelayStore } from '../../src/store'
import { toBase64Url } from '../../src/encoding'
import { bundleWorker } from './bundle'
import { ManualClock } from './manual-clock'

/**
 * The manual clocks start at the real time: a Durable Object's alarm is set on workerd's real clock, and one set in
 * the real past would fire at once, again and again.
 */
const clockStart = (): number => Date.now()

/** What a test sees of a relay: plain HTTP, plus the few levers a host has (clock, purge, restart). */
export interface RelayUnderTest {
  readonly name: string
  /** `path` starts with `/`; the answer's body is read whole. */
  fetch(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string }>
  advance(mailbox: string, ms: number): Promise<void>
  /** Runs the retention purge as the host would when it falls due. */
  maintain(mailbox: string): Promise<void>
  /** When the host has been asked to purge next (an alarm, a timer), or null. */
  scheduledMaintenance(mailbox: string): Promise<number | null>
  /** The events table as stored, envelopes as base64url. */
  storedRows(mailbox: string): Promise<Record<string, unknown>[]>
  /** Stops the relay and starts it again over the same storage. */
  restart(): Promise<void>
  close(): Promise<void>
}

export type RelayFactory = (limits: Partial<RelayLimits>) => Promise<RelayUnderTest>

const ORIGIN = 'http://relay.test'

export const nodeStoreRelay: RelayFactory = async (limits) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'inbox-relay-'))
  const clock = new ManualClock(clockStart())
  let scheduled: number | null = null
  let sqlite: NodeSqlite
  let relay: Relay
  const open = (): void => {
    sqlite = openNodeSqlite(dataDir)
    relay = createRelay({
      store: new SqlRelayStore(sqlite.driver),
      clock,
      limits,
      scheduleMaintenance: (at) => {
        scheduled = scheduled === null ? at : Math.min(scheduled, at)
      }
    })
  }
  open()
  return {
    name: 'better-sqlite3 store',
    async fetch(path, init) {
      const response = await relay.fetch(new Request(ORIGIN + path, init))
      return { status: response.status, headers: response.headers, text: await response.text() }
    },
    async advance(_mailbox, ms) {
      clock.advance(ms)
    },
    async maintain() {
      scheduled = relay.maintain()
    },
    async scheduledMaintenance() {
      return scheduled
    },
    async storedRows(mailbox) {
      return sqlite.driver
        .all('SELECT * FROM events WHERE mailbox = ?', mailbox)
        .map((row) => ({ ...row, envelope: toBase64Url(row.envelope as Uint8Array) }))
    },
    async restart() {
      relay.close()
      sqlite.close()
      open()
    },
    async close() {
      relay.close()
      sqlite.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

let harnessScript: Promise<string> | null = null

export const durableObjectStoreRelay: RelayFactory = async (limits) => {
  harnessScript ??= bundleWorker(fileURLToPath(new URL('./do-harness.ts', import.meta.url)))
  const script = await harnessScript
  const persist = mkdtempSync(join(tmpdir(), 'inbox-relay-do-'))
  const start = (): Miniflare =>
    new Miniflare({
      modules: true,
      script,
      compatibilityDate: '2025-09-01',
      durableObjects: { MAILBOX: { className: 'HarnessMailbox', useSQLite: true } },
      durableObjectsPersist: persist,
      bindings: { TEST_LIMITS: JSON.stringify(limits), CLOCK_START: String(clockStart()) }
    })
  let mf = start()
  await mf.ready
  const get = async (path: string, init?: RequestInit) => {
    const response = await mf.dispatchFetch(ORIGIN + path, init as never)
    return {
      status: response.status,
      headers: response.headers as unknown as Headers,
      text: await response.text()
    }
  }
  const json = async <T>(path: string): Promise<T> => JSON.parse((await get(path)).text) as T
  return {
    name: 'Durable Object store (miniflare)',
    fetch: get,
    async advance(mailbox, ms) {
      await get(`/__test/${mailbox}/advance?ms=${ms}`)
    },
    async maintain(mailbox) {
      await get(`/__test/${mailbox}/maintain`)
    },
    async scheduledMaintenance(mailbox) {
      return (await json<{ alarm: number | null }>(`/__test/${mailbox}/alarm`)).alarm
    },
    storedRows: (mailbox) => json(`/__test/${mailbox}/rows`),
    async restart() {
      await mf.dispose()
      mf = start()
      await mf.ready
    },
    async close() {
      await mf.dispose()
      rmSync(persist, { recursive: true, force: true })
    }
  }
}
