// A real HTTP server on 127.0.0.1 for tests: records every request as it arrived and answers with scripted replies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface RecordedFile {
  filename: string
  type: string
  bytes: Uint8Array
}

export interface RecordedRequest {
  method: string
  /** Path as sent, without the query (`/api/device/info`). */
  path: string
  /** The raw query string after `?` ('' when none), to assert exact encoding. */
  rawQuery: string
  /** Decoded query; repeated keys keep the last value. */
  query: Record<string, string>
  /** Lower-cased names, as Node gives them. */
  headers: Record<string, string>
  contentType: string
  rawBody: Buffer
  /** Parsed by content type: form fields, JSON value, or multipart fields and files. */
  form?: Record<string, string>
  json?: unknown
  multipart?: { fields: Record<string, string>; files: Record<string, RecordedFile> }
}

export type ScriptedReply =
  | {
      status?: number
      headers?: Record<string, string>
      /** A string or bytes are sent as is; anything else as JSON (application/json unless headers say otherwise). */
      body?: unknown
      delayMs?: number
    }
  /** Never answer (until the server closes). */
  | { hang: true }
  /** Drop the connection without an answer (TCP reset where the platform allows). */
  | { reset: true }
  /** Send headers promising `declaredLength` bytes, send `body`, then cut the connection (or stall when `then: 'hang'`). */
  | {
      truncate: {
        body: string
        declaredLength?: number
        status?: number
        contentType?: string
        then?: 'close' | 'hang'
      }
    }

export type Responder = ScriptedReply | ((request: RecordedRequest) => ScriptedReply)

export interface WireServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string
  readonly requests: RecordedRequest[]
  /** The last recorded request; throws when there is none. */
  last(): RecordedRequest
  /** Answers every request for `METHOD /path` (query ignored) with this reply until replaced. */
  route(methodAndPath: string, reply: Responder): void
  /** Answers the next request (whatever its path) with this reply; queued replies go before routes. */
  enqueue(...replies: Responder[]): void
  /** Forgets routes, queue and recorded requests. */
  reset(): void
  close(): Promise<void>
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function parseBody(
  contentType: string,
  raw: Buffer
): Promise<Pick<RecordedRequest, 'form' | 'json' | 'multipart'>> {
  const media = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (media === 'application/x-www-form-urlencoded') {
    return { form: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) }
  }
  if (media === 'application/json') {
    try {
      return { json: JSON.parse(raw.toString('utf8')) as unknown }
    } catch {
      return {}
    }
  }
  if (media === 'multipart/form-data') {
    const form = await new Request('http://wire.test/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw
    }).formData()
    const fields: Record<string, string> = {}
    const files: Record<string, RecordedFile> = {}
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value
      else
        files[name] = {
          filename: value.name,
          type: value.type,
          bytes: new Uint8Array(await value.arrayBuffer())
        }
    }
    return { multipart: { fields, files } }
  }
  return {}
}

function headerRecord(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

function answer(response: ServerResponse, reply: ScriptedReply): void {
  const socket = response.socket
  if ('hang' in reply) return
  if ('reset' in reply) {
    if (socket && 'resetAndDestroy' in socket && typeof socket.resetAndDestroy === 'function')
      socket.resetAndDestroy()
    else socket?.destroy()
    return
  }
  if ('truncate' in reply) {
    const { body, status = 200, contentType = 'application/json' } = reply.truncate
    const declared = reply.truncate.declaredLength ?? Buffer.byteLength(body) + 100
    response.writeHead(status, { 'content-type': contentType, 'content-length': String(declared) })
    response.write(body, () => {
      if (reply.truncate.then !== 'hang') response.socket?.destroy()
    })
    return
  }
  const headers: Record<string, string> = { ...(reply.headers ?? {}) }
  const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
  let payload: Buffer
  if (reply.body === undefined) payload = Buffer.alloc(0)
  else if (typeof reply.body === 'string') payload = Buffer.from(reply.body, 'utf8')
  else if (reply.body instanceof Uint8Array) payload = Buffer.from(reply.body)
  else {
    payload = Buffer.from(JSON.stringify(reply.body), 'utf8')
    if (!hasType) headers['content-type'] = 'application/json'
  }
  response.writeHead(reply.status ?? 200, { ...headers, 'content-length': String(payload.byteLength) })
  response.end(payload)
}

export async function startWireServer(): Promise<WireServer> {
  const requests: RecordedRequest[] = []
  const queue: Responder[] = []
  const routes = new Map<string, Responder>()
  const sockets = new Set<Socket>()

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readAll(request)
      const url = new URL(request.url ?? '/', 'http://wire.test')
      const contentType = request.headers['content-type'] ?? ''
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        rawQuery: (request.url ?? '').includes('?')
          ? (request.url ?? '').slice((request.url ?? '').indexOf('?') + 1)
          : '',
        query: Object.fromEntries(url.searchParams),
        headers: headerRecord(request),
        contentType,
        rawBody: raw,
        ...(await parseBody(contentType, raw))
      }
      requests.push(recorded)
      const responder = queue.shift() ?? routes.get(`${recorded.method} ${recorded.path}`)
      const reply: ScriptedReply =
        responder === undefined
          ? {
              status: 599,
              headers: { 'content-type': 'text/plain' },
              body: `wire-server: nothing scripted for ${recorded.method} ${recorded.path}`
            }
          : typeof responder === 'function'
            ? responder(recorded)
            : responder
      const delay = 'delayMs' in reply ? (reply.delayMs ?? 0) : 0
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      answer(response, reply)
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last() {
      const request = requests[requests.length - 1]
      if (!request) throw new Error('wire-server: no request recorded')
      return request
    },
    route(methodAndPath, reply) {
      routes.set(methodAndPath, reply)
    },
    enqueue(...replies) {
      queue.push(...replies)
    },
    reset() {
      requests.length = 0
      queue.length = 0
      routes.clear()
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
