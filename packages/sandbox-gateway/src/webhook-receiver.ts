// Test support: a loopback receiver for the sandbox's webhook POSTs, recording each one and answering as scripted.

import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface ReceivedPost {
  method: string
  path: string
  /** Media type only (`application/json`). */
  contentType: string
  json: unknown
}

export interface ReceiverAnswer {
  status?: number
  headers?: Record<string, string>
  /** Text is sent as is; anything else as JSON. */
  body?: unknown
}

export interface WebhookReceiver {
  readonly url: string
  readonly requests: ReceivedPost[]
  /** Answers `METHOD /path` with this until replaced. */
  route(methodAndPath: string, answer: ReceiverAnswer): void
  /** Answers the next requests, whatever their path, in this order (before any route). */
  enqueue(...answers: ReceiverAnswer[]): void
  close(): Promise<void>
}

function readAll(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (text += chunk))
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedPost[] = []
  const queue: ReceiverAnswer[] = []
  const routes = new Map<string, ReceiverAnswer>()
  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    void readAll(request)
      .then((text) => {
        const path = new URL(request.url ?? '/', 'http://receiver.test').pathname
        const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? ''
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        const method = request.method ?? 'GET'
        requests.push({ method, path, contentType, json })
        const answer = queue.shift() ??
          routes.get(`${method} ${path}`) ?? { status: 404, body: 'not scripted' }
        const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '')
        const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json'
        response.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers })
        response.end(body)
      })
      // The sender gave up mid-body (a timed-out delivery aborts): nothing to record, nobody to answer.
      .catch(() => response.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    route: (methodAndPath, answer) => routes.set(methodAndPath, answer),
    enqueue: (...answers) => queue.push(...answers),
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
