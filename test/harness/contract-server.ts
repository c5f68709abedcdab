/**
 * Serves the IPC contract over a WebSocket, plus the built renderer with the bridge script, so the
 * unmodified window runs in a real browser against the real core. Only the transport differs from
 * Electron: requests, replies and events are validated by the same contract (dispatchInvoke, zod).
 */
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import { eventChannels } from '../../src/shared/contract'
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

const IncomingInvoke = z.object({ id: z.number().int(), channel: z.string(), request: z.unknown() })

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
  const sockets = new Set<WebSocket>()
  let port = 0

  async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/__harness/bridge.js') {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.js']! })
      res.end(bridge)
      return
    }
    const relative = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1))
    const file = normalize(join(rendererRoot, relative))
    if (!file.startsWith(rendererRoot + sep)) {
      res.writeHead(403).end()
      return
    }
    try {
      let body: Buffer | string = await readFile(file)
      if (relative === 'index.html') body = rewriteIndex(body.toString('utf8'), port)
      res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  }

  const server = createServer((req, res) => void serveStatic(req, res))
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 })
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/__harness/socket') {
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws))
  })

  wss.on('connection', (ws) => {
    sockets.add(ws)
    ws.on('close', () => sockets.delete(ws))
    ws.on('message', (data) => {
      let parsed
      try {
        parsed = IncomingInvoke.safeParse(JSON.parse(String(data)))
      } catch {
        return
      }
      if (!parsed.success) return
      const { id, channel, request } = parsed.data
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
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()))
    }
  }
}

/** Same page, with the bridge loaded first and the CSP opened just enough for the harness socket. */
export function rewriteIndex(html: string, port: number): string {
  const socket = `ws://127.0.0.1:${port}/__harness/socket`
  const withCsp = html.replace("connect-src 'none'", `connect-src ${socket}`)
  const tag = `<script src="/__harness/bridge.js" data-socket="${socket}"></script>`
  const at = withCsp.search(/<script\s+type="module"/)
  if (at < 0) throw new Error('renderer index.html has no module script to put the bridge before')
  return `${withCsp.slice(0, at)}${tag}\n    ${withCsp.slice(at)}`
}
