// The sandbox's HTTP front: loopback server, path normalisation, routing, gateway error envelopes and faults.

import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Clock, TimerHandle } from './clock'
import { autoReplyRoutes } from './autoreply-routes'
import { channelRoutes } from './channel-routes'
import { contactRoutes } from './contact-routes'
import { controlFailure, controlRoutes } from './control-routes'
import { deviceRoutes } from './device-routes'
import type { ActiveFault, FaultInjector } from './faults'
import { mediaRoutes } from './media-routes'
import { messageRoutes } from './message-routes'
import { MalformedBodyError } from './multipart'
import { GatewayRejection } from './rejections'
import { reportRoutes } from './report-routes'
import { RequestFields } from './request-fields'
import { reminderRoutes } from './reminder-routes'
import { normalisePath } from './request-path'
import { json, RouteTable, type ApiContext, type ApiResponse } from './route-table'
import { scheduleRoutes } from './schedule-routes'
import { sendRoutes } from './send-routes'
import type { WorldState } from './world'

/** Above the 2 MB media cap even as base64, so oversize files get the gateway's own JSON answer. */
const MAX_BODY_BYTES = 16 * 1024 * 1024
const CONTROL_PREFIX = '/__sandbox'

/** The header that carries the per-run control token on `/__sandbox/` routes. */
export const CONTROL_TOKEN_HEADER = 'x-sandbox-control'

export interface GatewayServerOptions {
  world: WorldState
  faults: FaultInjector
  clock: Clock
  /** Required (in the `x-sandbox-control` header) by every control route. */
  controlToken: string
  /** Called (and awaited) before each response is written, so whatever it changed is saved first. */
  beforeRespond: () => Promise<void> | void
  /** Where a route's unexpected error is reported (the app passes its redacting logger); stderr by default. */
  onUnexpectedError?: (error: unknown) => void
}

class BodyTooLargeError extends Error {}

export class GatewayServer {
  private readonly server: Server
  private readonly gatewayRoutes = new RouteTable([
    ...deviceRoutes,
    ...sendRoutes,
    ...channelRoutes,
    ...scheduleRoutes,
    ...reportRoutes,
    ...autoReplyRoutes,
    ...reminderRoutes,
    ...messageRoutes,
    ...contactRoutes,
    ...mediaRoutes
  ])
  private readonly controlTable: RouteTable
  private readonly sockets = new Set<Socket>()
  private readonly delays = new Set<TimerHandle>()
  private port = 0
  private unreachable = false
  private changeCount = 0
  private readonly changeWaiters = new Set<() => void>()

  constructor(private readonly options: GatewayServerOptions) {
    const countChange = (): void => {
      this.changeCount += 1
      for (const wake of [...this.changeWaiters]) wake()
    }
    options.world.onChange(countChange)
    options.world.onDeliveryChange(countChange)
    this.controlTable = new RouteTable(
      controlRoutes(options.world, options.faults, {
        isUnreachable: () => this.unreachable,
        setUnreachable: (unreachable) => {
          this.unreachable = unreachable
          // Connections already open stop being answered too, as when the network drops.
          if (unreachable) this.dropGatewayConnections()
        },
        changesAfter: (after, waitMs) => this.changesAfter(after, waitMs)
      })
    )
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => this.fail(res, error))
    })
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`
  }

  get boundPort(): number {
    return this.port
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject)
        const address = this.server.address()
        this.port = typeof address === 'object' && address ? address.port : port
        resolve()
      })
    })
  }

  private changesAfter(after: number, waitMs: number): Promise<number> {
    if (this.changeCount > after || waitMs === 0) return Promise.resolve(this.changeCount)
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.changeWaiters.delete(done)
        resolve(this.changeCount)
      }
      // Real time, not the world's clock: this is how long an HTTP caller waits, whatever the world's time.
      const timer = setTimeout(done, waitMs)
      this.changeWaiters.add(done)
    })
  }

  private readonly controlSockets = new WeakSet<Socket>()

  private dropGatewayConnections(): void {
    for (const socket of this.sockets) if (!this.controlSockets.has(socket)) socket.destroy()
  }

  /** Stops listening and drops every connection, hung ones included. */
  close(): Promise<void> {
    for (const wake of [...this.changeWaiters]) wake()
    for (const id of this.delays) this.options.clock.clearTimeout(id)
    this.delays.clear()
    for (const socket of this.sockets) socket.destroy()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = (req.method ?? 'GET').toUpperCase()
    let path = normalisePath(url.pathname)
    const control = path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)
    if (!control && this.unreachable) {
      // Not answered: the caller sees a reset connection, like a gateway that dropped off the network.
      req.socket.destroy()
      return
    }
    // DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends its own Host; only ours is served.
    if (!this.isOwnHost(req.headers.host)) {
      req.resume()
      this.write(
        res,
        control
          ? json({ ok: false, error: 'misdirected request' }, 421)
          : gatewayError('misdirected request', 421)
      )
      return
    }
    const refusedType = unsupportedBodyType(req, control)
    if (refusedType !== null) {
      req.resume()
      const message = `unsupported content type ${refusedType || '(none)'}`
      this.write(res, control ? json({ ok: false, error: message }, 415) : gatewayError(message, 415))
      return
    }
    if (control) {
      if (!this.hasControlToken(req)) {
        req.resume()
        this.write(
          res,
          json(
            {
              ok: false,
              error: `control routes need the sandbox's control token in ${CONTROL_TOKEN_HEADER}`
            },
            401
          )
        )
        return
      }
      this.controlSockets.add(req.socket)
      const response = await this.dispatch(this.controlTable, req, url, method, path, true)
      await this.options.beforeRespond()
      this.write(res, response)
      return
    }
    // Some clients leave out the /api prefix.
    if (!path.startsWith('/api/') && this.gatewayRoutes.match(method, `/api${path}`).kind !== 'not-found') {
      path = `/api${path}`
    }
    const fault = this.options.faults.take(method, path)
    if (fault && !fault.applyAfterHandling) {
      if (fault.kind !== 'latency') return this.applyFault(fault, req, res, null)
      await this.delay(fault.latencyMs ?? 0)
    }
    const response = await this.dispatch(this.gatewayRoutes, req, url, method, path, false)
    await this.options.beforeRespond()
    if (fault?.applyAfterHandling) {
      if (fault.kind !== 'latency') return this.applyFault(fault, req, res, response)
      await this.delay(fault.latencyMs ?? 0)
    }
    this.write(res, response)
  }

  private isOwnHost(host: string | undefined): boolean {
    return host === `127.0.0.1:${this.port}` || host === `localhost:${this.port}`
  }

  private hasControlToken(req: IncomingMessage): boolean {
    const given = req.headers[CONTROL_TOKEN_HEADER]
    if (typeof given !== 'string') return false
    const expected = Buffer.from(this.options.controlToken)
    const actual = Buffer.from(given.trim())
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }

  private async dispatch(
    table: RouteTable,
    req: IncomingMessage,
    url: URL,
    method: string,
    path: string,
    control: boolean
  ): Promise<ApiResponse> {
    const match = table.match(method, path)
    if (match.kind === 'not-found') {
      return control
        ? json({ ok: false, error: 'no such control route' }, 404)
        : gatewayError('route not found', 404)
    }
    if (match.kind === 'method-not-allowed') {
      return control
        ? json({ ok: false, error: 'method not allowed' }, 405)
        : gatewayError('method not allowed', 405)
    }
    let body: Promise<Buffer> | null = null
    let fields: Promise<RequestFields> | null = null
    const rawBody = (): Promise<Buffer> => (body ??= readBody(req))
    const ctx: ApiContext = {
      method,
      path,
      params: match.params,
      query: url.searchParams,
      headers: req.headers,
      baseUrl: this.baseUrl,
      world: this.options.world,
      rawBody,
      fields: () =>
        (fields ??= rawBody().then((buffer) =>
          RequestFields.parse(buffer, req.headers['content-type'], url.searchParams)
        ))
    }
    try {
      return await match.handler(ctx)
    } catch (error) {
      if (control) {
        const failure = controlFailure(error)
        if (failure) return failure
      }
      if (error instanceof GatewayRejection) return gatewayError(error.message, error.httpStatus)
      if (error instanceof MalformedBodyError) return gatewayError(`param invalid: ${error.message}`, 400)
      if (error instanceof BodyTooLargeError) return gatewayError('request entity too large', 413)
      throw error
    }
  }

  private applyFault(
    fault: ActiveFault,
    req: IncomingMessage,
    res: ServerResponse,
    handled: ApiResponse | null
  ): void {
    switch (fault.kind) {
      case 'status': {
        const status = fault.status ?? 500
        this.write(
          res,
          status >= 502 && status <= 504 ? nginxPage(status) : gatewayError('Server Error', status)
        )
        return
      }
      case 'rate-limit':
        this.write(
          res,
          gatewayError('Too Many Requests', 429, { 'retry-after': String(fault.retryAfterSec ?? 30) })
        )
        return
      case 'hang':
        // Never answer; the socket is dropped when the client gives up or the sandbox closes.
        req.resume()
        return
      case 'reset':
        req.socket.destroy()
        return
      case 'truncate': {
        const full = Buffer.from(
          handled?.body ??
            JSON.stringify({
              status: true,
              message: 'Message is pending and waiting to be processed',
              data: {}
            })
        )
        // No Content-Length: the body simply ends early, so the response is well-formed but the JSON is not.
        res.writeHead(handled?.status ?? 200, {
          'content-type': handled?.headers['content-type'] ?? 'application/json; charset=utf-8'
        })
        res.end(full.subarray(0, Math.max(1, Math.floor(full.length / 2))))
        return
      }
      case 'garbage':
        this.write(res, {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: this.options.faults.garbage()
        })
        return
      case 'latency':
        return
    }
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = this.options.clock.setTimeout(() => {
        this.delays.delete(id)
        resolve()
      }, ms)
      this.delays.add(id)
    })
  }

  private write(res: ServerResponse, response: ApiResponse): void {
    if (res.destroyed || res.headersSent) return
    const body = typeof response.body === 'string' ? Buffer.from(response.body) : response.body
    res.writeHead(response.status, { ...response.headers, 'content-length': String(body.length) })
    res.end(body)
  }

  private fail(res: ServerResponse, error: unknown): void {
    if (this.options.onUnexpectedError) this.options.onUnexpectedError(error)
    else console.error('[sandbox] unexpected error', error)
    this.write(res, gatewayError('internal server error', 500))
  }
}

function gatewayError(message: string, status: number, headers: Record<string, string> = {}): ApiResponse {
  return json({ status: false, message }, status, headers)
}

function nginxPage(status: number): ApiResponse {
  const titles: Record<number, string> = {
    502: 'Bad Gateway',
    503: 'Service Temporarily Unavailable',
    504: 'Gateway Time-out'
  }
  const title = `${status} ${titles[status] ?? 'Error'}`
  return {
    status,
    headers: { 'content-type': 'text/html' },
    body: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
  }
}

const GATEWAY_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * The body's media type when the server refuses it (415), else null. Control routes take JSON only; gateway routes
 * take JSON, forms and multipart. `text/plain` is refused everywhere: it is what a cross-site form or a no-cors fetch
 * can send without asking. A body without a Content-Type is still read (old PHP and Go clients send one).
 */
function unsupportedBodyType(req: IncomingMessage, control: boolean): string | null {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0
  if (!hasBody) return null
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (control) return type === 'application/json' ? null : type
  if (type === '') return null
  return GATEWAY_BODY_TYPES.includes(type) ? null : type
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data')
        req.resume()
        reject(new BodyTooLargeError())
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
