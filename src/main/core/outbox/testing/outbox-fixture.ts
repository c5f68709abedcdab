// Test wiring for the outbox: a temp data folder, a real database, a FakeClock and the fake gateway.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FakeClock } from '../../clock'
import type { Clock } from '../../clock'
import { silentLogger, type Logger } from '../../logging'
import { openDatabase, type SqliteDatabase } from '../../store'
import { FakeGateway } from './fake-gateway'
import { createOutbox, type Outbox } from '../../sending'
import type { OutboxItemView, OutboxOptions, SendingPort } from '../types'

export const TEST_OPTIONS: OutboxOptions = {
  pacingMs: 0,
  backoffBaseMs: 1000,
  visibilityWindowMs: 60_000,
  reconcileIntervalMs: 10_000,
  random: () => 0.5
}

export interface OutboxFixture {
  dir: string
  db: SqliteDatabase
  clock: FakeClock
  gateway: FakeGateway
  outbox: Outbox
  changed: OutboxItemView[]
  bulk: number[]
  /** Errors the outbox reported to its logger, as "message: detail". */
  loggedErrors: string[]
  /** A new outbox on the same database, as after a restart. */
  reopen(options?: OutboxOptions): Outbox
  /**
   * Kill the current outbox like SIGKILL would: its timers never fire again and its requests in flight never
   * return (whatever the gateway did with them stands). Then reopen to "restart the app".
   */
  crash(): void
  /**
   * Another process's outbox on the same data folder (the terminal's): its own connection, on the same clock, with no
   * gateway and no send round. The fixture's outbox learns of its commits only when told (otherProcessCommitted).
   * Closed with the fixture.
   */
  otherProcess(): Outbox
  /** Advance the fake clock in steps, letting real I/O (file reads) finish between them, until `done()`. */
  runUntil(done: () => boolean, options?: { stepMs?: number; maxSteps?: number }): Promise<void>
  close(): void
}

export function makeFixture(
  options: OutboxOptions = {},
  clientFor?: (gateway: FakeGateway) => (deviceId: string) => SendingPort | undefined
): OutboxFixture {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-test-'))
  const db = openDatabase({ dataDir: dir })
  const clock = new FakeClock()
  const gateway = new FakeGateway(clock)
  const changed: OutboxItemView[] = []
  const bulk: number[] = []
  const loggedErrors: string[] = []
  const logger: Logger = {
    ...silentLogger,
    error: (message, ...details) =>
      loggedErrors.push(
        [message, ...details.map((d) => (d instanceof Error ? d.message : String(d)))].join(': ')
      )
  }
  const otherConnections: SqliteDatabase[] = []
  let alive = { value: true }
  const build = (extra: OutboxOptions): Outbox => {
    const life = { value: true }
    alive = life
    return createOutbox({
      db,
      dataDir: dir,
      clock: mortalClock(clock, life),
      clientFor: (deviceId) => {
        const client = (clientFor ? clientFor(gateway) : gateway.clientFor)(deviceId)
        return client && mortalClient(client, life)
      },
      events: { itemChanged: (item) => changed.push(item), bulkChanged: (count) => bulk.push(count) },
      options: { ...TEST_OPTIONS, ...extra },
      logger
    })
  }
  const fixture: OutboxFixture = {
    dir,
    db,
    clock,
    gateway,
    outbox: build(options),
    changed,
    bulk,
    loggedErrors,
    reopen: (extra = {}) => {
      fixture.outbox = build({ ...options, ...extra })
      return fixture.outbox
    },
    crash: () => {
      alive.value = false
    },
    otherProcess: () => {
      const other = openDatabase({ dataDir: dir })
      otherConnections.push(other)
      return createOutbox({ db: other, dataDir: dir, clock, clientFor: () => undefined })
    },
    runUntil: async (done, { stepMs = 100, maxSteps = 2000 } = {}) => {
      for (let step = 0; step < maxSteps; step++) {
        if (done()) return
        await clock.advance(stepMs)
        await new Promise((resolve) => setTimeout(resolve, 1))
      }
      if (!done()) throw new Error(`condition not reached after ${maxSteps} steps of ${stepMs} ms`)
    },
    close: () => {
      for (const other of otherConnections.splice(0)) other.close()
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return fixture
}

const never = new Promise<never>(() => undefined)

function mortalClock(clock: FakeClock, life: { value: boolean }): Clock {
  return {
    now: () => clock.now(),
    setTimeout: (callback, ms) => clock.setTimeout(() => life.value && callback(), ms),
    clearTimeout: (id) => clock.clearTimeout(id)
  }
}

function mortalClient(client: SendingPort, life: { value: boolean }): SendingPort {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (!life.value) return never
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).then(
          (result) => (life.value ? result : never),
          (error: unknown) => (life.value ? Promise.reject(error) : never)
        )
      }
    }
  })
}
