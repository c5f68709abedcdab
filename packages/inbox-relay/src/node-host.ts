// The relay on Node: `node:http` in front of the fetch-style handler, better-sqlite3 in the data folder, and a
// timer for the retention purge. For a VPS or an office server (`sender-desk relay serve`).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { systemClock, type RelayClock, type TimerHandle } from './clock'
import { createRelay, type Relay } from './handler'
import type { RelayLimits } from './limits'
import { openNodeSqlite } from './node-sqlite'
import { SqlRelayStore } from './store'

export interface NodeRelayOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1; a public relay listens on 0.0.0.0 (behind a TLS proxy). */
  host?: string
  /** Holds `relay.sqlite`; locked for this relay alone while it runs. */
  dataDir: string
  clock?: RelayClock
  limits?: Partial<RelayLimits>
  creationToken?: string
  publicUrl?: string
}

export interface NodeRelay {
  /** `http://host:port` as bound. */
  readonly url: string
  readonly port: number
  /** Runs the retention purge now (the host also runs it when it falls due). */
  maintain(): number | null
  close(): Promise<void>
}

/** At most this long between purges, so a clock that jumps (suspend, NTP) is caught up within the hour. */
const LONGEST_MAINTENANCE_GAP_MS = 60 * 60 * 1000

export async function startNodeRelay(options: NodeRelayOptions): Promise<NodeRelay> {
  const clock = options.clock ?? systemClock
  const sqlite = openNodeSqlite(options.dataDir)
  let timer: { handle: TimerHandle; at: number } | null = null
  const arm = (at: number): void => {
    const due = Math.min(at, clock.now() + LONGEST_MAINTENANCE_GAP_MS)
    if (timer !== null && timer.at <= due) return
    if (timer !== null) clock.clearTimeout(timer.handle)
    timer = { at: due, handle: clock.setTimeout(runMaintenance, Math.max(0, due - clock.now())) }
  }
  const runMaintenance = (): void => {
    timer = null
    const next = relay.maintain()
    if (next !== null) arm(next)
  }
  let relay: Relay
  try {
    relay = createRelay({
      store: new SqlRelayStore(sqlite.driver),
      clock,
      limits: options.limits,
      creationToken: options.creationToken,
      publicUrl: options.publicUrl,
      scheduleMaintenance: arm
    })
  } catch (error) {
    sqlite.close()
    throw error
  }
  // Events left from the last run fall due as if the relay had never stopped.
  runMaintenance()

  let closing: Promise<void> | null = null
  const answering = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    answering.add(res)
    res.on('close', () => answering.delete(res))
    // Once closing, each answer ends its connection, so a keep-alive socket does not hold the shutdown up.
    if (closing !== null) res.shouldKeepAlive = false
    void serve(relay, req, res)
  })
  // A request (a long-poll included, 25 s at most) has a minute; a client trickling headers or a body slowly to hold
  // sockets open is cut off sooner than Node's five-minute default.
  server.requestTimeout = 60_000
  server.headersTimeout = 20_000
  const host = options.host ?? '127.0.0.1'
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    relay.close()
    sqlite.close()
    throw error
  }
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    maintain: () => relay.maintain(),
    close() {
      closing ??= (async () => {
        if (timer !== null) clock.clearTimeout(timer.handle)
        timer = null
        // The server stops taking connections, long-polls answer what they have (and close their sockets), then
        // the file is unlocked.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
        for (const res of answering) res.shouldKeepAlive = false
        relay.close()
        server.closeIdleConnections()
        await stopped
        sqlite.close()
      })()
      return closing
    }
  }
}

async function serve(relay: Relay, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const abort = new AbortController()
  res.on('close', () => abort.abort())
  try {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
    }
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      signal: abort.signal,
      duplex: 'half'
    } as RequestInit)
    const response = await relay.fetch(request)
    const body = new Uint8Array(await response.arrayBuffer())
    const outHeaders: Record<string, string> = {}
    response.headers.forEach((value, name) => (outHeaders[name] = value))
    if (response.status !== 204) outHeaders['content-length'] = String(body.length)
    res.writeHead(response.status, outHeaders)
    res.end(body)
  } catch {
    // A malformed request the URL parser refuses, or a client gone mid-body: nothing useful to say, and no text.
    if (!res.headersSent) res.writeHead(400, { 'content-length': '0' })
    res.end()
  }
}
