/**
 * Serves the IPC contract over a WebSocket, plus the built renderer with the bridge script, so the
 * unmodified window runs in a real browser against the real core. Only the transport differs from
 * Electron: requests, replies and events are validated by the same contract (dispatchInvoke, zod).
 * A test tool, never shipped; still it holds the preload's line: only its own page may connect (Origin),
 * the page cannot name file paths, and a malformed request gets a 400 instead of taking the server down.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import { contentSecurityPolicy } from '../../src/shared/content-security-policy'
import { eventChannels } from '../../src/shared/contract'
import { MAX_FILES_PER_REGISTER } from '../../src/shared/domain/limits'
import {
  dispatchInvoke,
  type ApiHandlers,
  type CoreEvents,
  type DispatchOptions
} from '../../src/main/core/compose'
import { buildBridgeScript } from './bridge-bundle'

export interface ContractServerOptions {
  handlers: ApiHandlers
  events: CoreEvents
  /** The built renderer (electron-vite's out/renderer). */
  rendererDir: string
  port?: number
  dispatch?: DispatchOptions
}

export interface ContractServer {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

const IncomingInvoke = z.object({
  id: z.number().int(),
  channel: z.string(),
  request: z.unknown(),
  /** files:register from the bridge: how many binary frames just before it hold its sources' bytes, in order. */
  frames: z.number().int().min(1).max(MAX_FILES_PER_REGISTER).optional()
})

/** The request with each bytes source's data taken from its binary frame, or null if they do not match. */
function withFramedBytes(request: unknown, frames: Buffer[]): unknown {
  const sources = (request as { sources?: unknown } | null)?.sources
  if (!Array.isArray(sources) || sources.length !== frames.length) return null
  return {
    ...(request as object),
    sources: sources.map((source, i) => ({
      ...(source as object),
      dataBase64: frames[i]!.toString('base64')
    }))
  }
}

/**
 * The preload registers files only from real File objects (their path comes from Electron, never from the page);
 * the bridge can only send their bytes. A request naming a path therefore did not come from the bridge.
 */
function namesAFilePath(channel: string, request: unknown): boolean {
  if (channel !== 'files:register') return false
  const sources = (request as { sources?: unknown } | null)?.sources
  return !Array.isArray(sources) || sources.some((s) => (s as { kind?: unknown } | null)?.kind !== 'bytes')
}

function refusal(code: string, message: string): { ok: false; error: { code: string; message: string } } {
  return { ok: false, error: { code, message } }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json'
}

export async function startContractServer(options: ContractServerOptions): Promise<ContractServer> {
  const rendererRoot = resolve(options.rendererDir)
  const bridge = await buildBridgeScript()
  let policy: string | undefined
  const sockets = new Set<WebSocket>()
  let port = 0

  async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL
    let relative: string
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1')
      relative = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1))
    } catch {
      res.writeHead(400).end()
      return
    }
    const file = normalize(join(rendererRoot, relative))
    if (!file.startsWith(rendererRoot + sep)) {
      res.writeHead(403).end()
      return
    }
    try {
      let body: Buffer | string = await readFile(file)
      if (relative === 'index.html') body = rewriteIndex(body.toString('utf8'), port, bridge)
      // Worked out once: the port is known from the first request on, and the bridge's hash never changes.
      policy ??= harnessContentSecurityPolicy(port, bridge)
      res.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': policy
      })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  }

  const server = createServer((req, res) => {
    serveStatic(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400)
      res.end()
    })
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 })
  /** Upgrade sockets being refused: the HTTP server no longer tracks them, so close() ends them itself. */
  const refusing = new Set<Duplex>()
  const refuse = (socket: Duplex, status: string): void => {
    refusing.add(socket)
    socket.once('close', () => refusing.delete(socket))
    // Our side is closed once the answer is out: a client that never hangs up no longer holds the server open
    // (close() waited for it, and SIGTERM never ended the harness).
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`, () => socket.destroy())
  }
  server.on('upgrade', (req, socket, head) => {
    let path: string | null = null
    try {
      path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    } catch {
      // Answered below as a bad request.
    }
    if (path !== '/__harness/socket') {
      refuse(socket, '400 Bad Request')
      return
    }
    // Only the page this server serves may drive the core: another site open in the same browser may not.
    if (req.headers.origin !== `http://127.0.0.1:${port}`) {
      refuse(socket, '403 Forbidden')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws))
  })

  wss.on('connection', (ws) => {
    sockets.add(ws)
    ws.on('close', () => sockets.delete(ws))
    /** Binary frames received, waiting for the files:register request that counts them. */
    let frames: Buffer[] = []
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        frames.push(
          Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)])
        )
        return
      }
      let parsed
      let raw: unknown
      try {
        raw = JSON.parse(String(data))
        parsed = IncomingInvoke.safeParse(raw)
      } catch {
        parsed = undefined
      }
      // A refusal names the call it answers when it can: with no id the page's call would wait for ever.
      const rawId = (raw as { id?: unknown } | null | undefined)?.id
      const answering = typeof rawId === 'number' && Number.isInteger(rawId) ? rawId : null
      const framed = frames
      frames = []
      if (parsed?.success && parsed.data.frames !== undefined) {
        const request =
          parsed.data.channel === 'files:register' && framed.length === parsed.data.frames
            ? withFramedBytes(parsed.data.request, framed)
            : null
        parsed = request === null ? undefined : { ...parsed, data: { ...parsed.data, request } }
      }
      if (!parsed?.success) {
        ws.send(JSON.stringify({ id: answering, result: refusal('bad_request', 'Malformed request (400).') }))
        return
      }
      const { id, channel, request } = parsed.data
      if (namesAFilePath(channel, request)) {
        const message = 'The page cannot name file paths; files are registered from the files themselves.'
        ws.send(JSON.stringify({ id, result: refusal('forbidden', message) }))
        return
      }
      void dispatchInvoke(options.handlers, channel, request, options.dispatch).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }))
      })
    })
  })

  const unsubscribe = options.events.subscribe((event, payload) => {
    const checked = eventChannels[event].safeParse(payload)
    if (!checked.success) {
      options.dispatch?.onUnexpected?.(event, checked.error)
      return
    }
    const message = JSON.stringify({ event, payload: checked.data })
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(message)
  })

  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen))
  port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    async close() {
      unsubscribe()
      for (const ws of sockets) ws.terminate()
      for (const socket of refusing) socket.destroy()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()))
    }
  }
}

/** The harness socket's address on this server's port. */
const socketUrl = (port: number): string => `ws://127.0.0.1:${port}/__harness/socket`

/** The window's own policy (sent as a header, as app:// sends it), opened just enough for the bridge and its socket. */
export function harnessContentSecurityPolicy(port: number, bridge: string): string {
  return contentSecurityPolicy({
    'script-src': `'self' '${bridgeHash(bridge)}'`,
    'connect-src': socketUrl(port)
  })
}

/** The CSP source that lets exactly this inline bridge run, and no other inline script. */
export function bridgeHash(bridge: string): string {
  return `sha256-${createHash('sha256').update(bridge).digest('base64')}`
}

/**
 * Same page, with the bridge run first, inline: it stands in for Electron's preload, which runs before the page and
 * costs it no request, so its socket is open by the time the window asks its first question (early-start.ts). As a
 * separate script it was fetched and run only when parsing ended: the first question waited for the socket to open.
 */
export function rewriteIndex(html: string, port: number, bridge: string): string {
  if (/<\/script/i.test(bridge)) throw new Error('the bridge bundle cannot be inlined: it contains </script')
  const tag = `<script data-socket="${socketUrl(port)}">${bridge}</script>`
  const at = html.search(/<script\s+type="module"/)
  if (at < 0) throw new Error('renderer index.html has no module script to put the bridge before')
  return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`
}
