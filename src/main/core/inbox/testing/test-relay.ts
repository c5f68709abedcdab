// Test wiring: the real relay (the package's Node host over its SQLite in a temporary folder) on 127.0.0.1, reached
// with fetch as the app reaches a relay; plus the gateway's side (webhook posts) and fault injection.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startNodeRelay, type NodeRelay, type RelayLimits } from '@sender-desk/inbox-relay'
import type { FetchPort } from '../relay-client'

export interface TestRelay {
  /** http://127.0.0.1:<port> */
  readonly url: string
  /** The app's side: a fetch that reaches this relay. */
  fetch: FetchPort
  /** The gateway's side: posts one webhook body to a URL the relay gave, answers its status. */
  post(url: string, body: string, contentType?: string): Promise<number>
  /** Stops the relay and starts it again over the same storage and port (a restart between receipt and pull). */
  restart(): Promise<void>
  close(): Promise<void>
}

/** No rate limits in the way: a test posts thousands of webhooks and pulls far faster than any gateway. */
const UNLIMITED: Partial<RelayLimits> = {
  ingressRate: { perSecond: 1_000_000, burst: 1_000_000 },
  egressRate: { perSecond: 1_000_000, burst: 1_000_000 }
}

export async function startTestRelay(options: { limits?: Partial<RelayLimits> } = {}): Promise<TestRelay> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inbox-test-relay-'))
  const limits = { ...UNLIMITED, ...options.limits }
  let relay: NodeRelay = await startNodeRelay({ dataDir, limits })
  const url = relay.url
  return {
    url,
    fetch: (target, init) => fetch(target, init),
    async post(target, body, contentType = 'application/json') {
      const response = await fetch(target, { method: 'POST', headers: { 'content-type': contentType }, body })
      await response.arrayBuffer()
      return response.status
    },
    async restart() {
      const port = relay.port
      await relay.close()
      relay = await startNodeRelay({ dataDir, limits, port })
    },
    async close() {
      await relay.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** A fetch that answers the next requests with a fault instead of reaching the relay. */
export function faultyFetch(inner: FetchPort): {
  fetch: FetchPort
  fail(times: number, answer: 'status-500' | 'garbage' | 'network', path?: RegExp): void
} {
  const plan: { times: number; answer: 'status-500' | 'garbage' | 'network'; path: RegExp }[] = []
  return {
    fail(times, answer, path = /./) {
      plan.push({ times, answer, path })
    },
    async fetch(url, init) {
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
