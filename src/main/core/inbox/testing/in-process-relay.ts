// Test wiring: the real relay handler (createRelay over its SQL store on an in-memory better-sqlite3) reached through
// a fetch port, as the app reaches a relay over HTTP; plus the gateway's side (webhook posts) and fault injection.
import Database from 'better-sqlite3'
import {
  createRelay,
  SqlRelayStore,
  type Relay,
  type RelayClock,
  type RelayLimits,
  type SqlDriver
} from '@sender-desk/inbox-relay'
import type { FetchPort } from '../relay-client'

export const RELAY_ORIGIN = 'http://relay.test'

type SqlValue = Parameters<SqlDriver['run']>[1]

export interface InProcessRelay {
  /** The app's side: a fetch that reaches this relay. */
  fetch: FetchPort
  /** The gateway's side: posts one webhook body to a URL the relay gave, answers its status. */
  post(url: string, body: string, contentType?: string): Promise<number>
  /** Stops the relay and starts it again over the same storage (a relay restart between receipt and pull). */
  restart(): void
  close(): void
}

export function inProcessRelay(
  options: { limits?: Partial<RelayLimits>; clock?: RelayClock } = {}
): InProcessRelay {
  const db = new Database(':memory:')
  const bind = (params: SqlValue[]): unknown[] =>
    params.map((value) =>
      value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value
    )
  const driver: SqlDriver = {
    all: (sql, ...params) => db.prepare(sql).all(...bind(params)) as ReturnType<SqlDriver['all']>,
    run: (sql, ...params) => db.prepare(sql).run(...bind(params)).changes,
    transaction: (work) => db.transaction(work)()
  }
  const open = (): Relay =>
    createRelay({
      store: new SqlRelayStore(driver),
      limits: {
        ingressRate: { perSecond: 100_000, burst: 100_000 },
        egressRate: { perSecond: 100_000, burst: 100_000 },
        ...options.limits
      },
      ...(options.clock ? { clock: options.clock } : {})
    })
  let relay = open()
  return {
    fetch: (url, init) => relay.fetch(new Request(url, init)),
    async post(url, body, contentType = 'application/json') {
      const response = await relay.fetch(
        new Request(url, { method: 'POST', headers: { 'content-type': contentType }, body })
      )
      await response.arrayBuffer()
      return response.status
    },
    restart() {
      relay.close()
      relay = open()
    },
    close() {
      relay.close()
      db.close()
    }
  }
}

/** A fetch that answers the next requests with a fault instead of reaching the relay. */
export function faultyFetch(inner: FetchPort): {
  fetch: FetchPort
  fail(times: number, answer: 'status-500' | 'garbage' | 'network', path?: RegExp): void
  calls: string[]
} {
  const plan: { times: number; answer: 'status-500' | 'garbage' | 'network'; path: RegExp }[] = []
  const calls: string[] = []
  return {
    calls,
    fail(times, answer, path = /./) {
      plan.push({ times, answer, path })
    },
    async fetch(url, init) {
      calls.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`)
      const step = plan.find((p) => p.times > 0 && p.path.test(url))
      if (!step) return inner(url, init)
      step.times--
      if (step.answer === 'network') throw new TypeError('fetch failed')
      if (step.answer === 'garbage')
        return new Response('<html>502 Bad Gateway</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' }
        })
      return new Response('', { status: 500 })
    }
  }
}
