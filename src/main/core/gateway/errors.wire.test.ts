// Failure paths on a real socket: deadlines, aborts, HTTP statuses, resets, broken bodies, refusals, and no leaked credentials.
import { createServer } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from './client'
import type { GatewayError } from './errors'
import type { GatewayClientOptions } from './types'
import { gatewayRejection } from './testing/gateway-rejection'
import { startWireServer, type WireServer } from './testing/wire-server'
import { SAMPLE_SECRET, SAMPLE_TOKEN, deviceInfo, refusals, send } from './testing/samples'

const CREDENTIAL = `${SAMPLE_TOKEN}.${SAMPLE_SECRET}`
let server: WireServer

// A server of its own for each test: a request an earlier test aborted can still arrive late, and must not meet this
// test's scripted replies.
beforeEach(async () => {
  server = await startWireServer()
})
afterEach(async () => {
  await server.close()
})

function clientFor(extra: Partial<GatewayClientOptions> = {}) {
  return createGatewayClient({
    baseUrl: server.url,
    token: SAMPLE_TOKEN,
    secret: SAMPLE_SECRET,
    restartMemory: new Map(),
    ...extra
  })
}

const text = { phone: '081234567890', message: 'hello' }

/** Every place an error's text can surface: none may hold the token or the secret, raw or URL-encoded. */
function expectNoCredential(error: GatewayError): void {
  const surfaces = [
    error.message,
    JSON.stringify(error),
    String(error.cause),
    error.cause instanceof Error ? (error.cause.stack ?? '') : '',
    error.stack ?? '',
    error.gatewayMessage ?? ''
  ]
  for (const surface of surfaces) {
    expect(surface).not.toContain(SAMPLE_TOKEN)
    expect(surface).not.toContain(SAMPLE_SECRET)
  }
}

describe('deadlines and aborts', () => {
  it('times out a gateway that never answers: timeout, transient, within the deadline', async () => {
    server.route('GET /api/device/info', { hang: true })
    const started = Date.now()
    const error = await gatewayRejection(clientFor({ timeoutMs: 200 }).deviceInfo())
    expect(error.code).toBe('timeout')
    expect(error.transient).toBe(true)
    expect(error.message).toContain('200 ms')
    expect(Date.now() - started).toBeLessThan(3000)
    expectNoCredential(error)
  })

  it('a per-call timeoutMs overrides the default', async () => {
    server.route('POST /api/send-message', { hang: true })
    const error = await gatewayRejection(clientFor().sendText(text, { timeoutMs: 150 }))
    expect(error.code).toBe('timeout')
  })

  it('the deadline also covers a body that stalls after the headers', async () => {
    server.route('POST /api/send-message', { truncate: { body: '{"status":true,', then: 'hang' } })
    const error = await gatewayRejection(clientFor({ timeoutMs: 250 }).sendText(text))
    expect(error.code).toBe('timeout')
  })

  it('uploads get extra time in proportion to their size', async () => {
    server.route('POST /api/send-video-from-local', { body: send.single, delayMs: 400 })
    server.route('POST /api/send-message', { body: send.single, delayMs: 400 })
    const slow = clientFor({ timeoutMs: 150 })
    const video = { name: 'clip.mp4', bytes: new Uint8Array(1024 * 1024) }
    await expect(
      slow.sendLocalFile({ phone: '081234567890', kind: 'video', file: video })
    ).resolves.toMatchObject({
      deviceId: 'A5DOYJ'
    })
    expect((await gatewayRejection(slow.sendText(text))).code).toBe('timeout')
  })

  it("the caller's abort mid-flight is `aborted` (permanent), not a timeout", async () => {
    server.route('GET /api/device/info', { hang: true })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await gatewayRejection(clientFor().deviceInfo({ signal: controller.signal }))
    expect(error.code).toBe('aborted')
    expect(error.kind).toBe('permanent')
    expectNoCredential(error)
  })

  it('an already aborted signal fails at once without a request', async () => {
    const error = await gatewayRejection(clientFor().sendText(text, { signal: AbortSignal.abort() }))
    expect(error.code).toBe('aborted')
    expect(server.requests).toHaveLength(0)
  })
})

describe('HTTP statuses', () => {
  it('429 is rate_limited with Retry-After in seconds or as an HTTP date', async () => {
    const client = clientFor()
    server.enqueue({ status: 429, headers: { 'retry-after': '7' }, body: 'slow down' })
    let error = await gatewayRejection(client.sendText(text))
    expect(error).toMatchObject({
      code: 'rate_limited',
      kind: 'transient',
      httpStatus: 429,
      retryAfterMs: 7000
    })

    server.enqueue({
      status: 429,
      headers: { 'retry-after': new Date(Date.now() + 30_000).toUTCString() },
      body: ''
    })
    error = await gatewayRejection(client.sendText(text))
    expect(error.retryAfterMs).toBeGreaterThan(25_000)
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000)

    server.enqueue({ status: 429, body: { status: false, message: 'too many requests' } })
    error = await gatewayRejection(client.sendText(text))
    expect(error.code).toBe('rate_limited')
    expect(error.retryAfterMs).toBeUndefined()
    expect(error.gatewayMessage).toBe('too many requests')
  })

  it('5xx is server_error unless the body carries a recognisable permanent message', async () => {
    const client = clientFor()
    server.enqueue({ status: 500, headers: { 'content-type': 'text/html' }, body: '<h1>Whoops</h1>' })
    let error = await gatewayRejection(client.sendText(text))
    expect(error).toMatchObject({ code: 'server_error', kind: 'transient', httpStatus: 500 })

    server.enqueue({ status: 500, body: { status: false, message: 'token invalid or device expired' } })
    error = await gatewayRejection(client.sendText(text))
    expect(error).toMatchObject({
      code: 'token_invalid',
      kind: 'permanent',
      httpStatus: 500,
      gatewayMessage: 'token invalid or device expired'
    })

    server.enqueue({ status: 503, body: { status: false, message: 'param invalid' } })
    expect((await gatewayRejection(client.sendText(text))).code).toBe('server_error')

    // A framework's debug body is not the gateway speaking: still transient.
    server.enqueue({ status: 500, body: { message: 'Argument 1 must be of the type string, null given' } })
    expect((await gatewayRejection(client.sendText(text))).code).toBe('server_error')
  })

  it.each([
    [404, '', 'not_supported'],
    [405, JSON.stringify({ message: 'The POST method is not supported for this route.' }), 'not_supported'],
    [404, JSON.stringify({ status: false, message: 'token invalid or device expired' }), 'token_invalid'],
    [401, JSON.stringify({ status: false, message: 'secret key invalid' }), 'secret_invalid'],
    [405, '', 'not_supported'],
    [401, '', 'token_invalid'],
    [403, 'Forbidden', 'token_invalid'],
    [413, '<html>Request Entity Too Large</html>', 'file_too_large'],
    [400, JSON.stringify({ status: false, message: 'param invalid' }), 'rejected'],
    [422, JSON.stringify({ message: { phone: ['The phone field is required.'] } }), 'rejected'],
    [400, JSON.stringify({ status: false, message: 'whatsapp sender not connected' }), 'device_not_connected']
  ])('HTTP %i %j → %s', async (status, body, code) => {
    server.enqueue({
      status,
      headers: { 'content-type': body.startsWith('{') ? 'application/json' : 'text/plain' },
      body
    })
    const error = await gatewayRejection(clientFor().sendText(text))
    expect(error.code).toBe(code)
    expect(error.httpStatus).toBe(status)
    expect(error.operation).toBe('send-message')
  })
})

describe('redirects', () => {
  it('never follows a redirect with ?token= in the URL: a permanent error asking to check the base URL', async () => {
    server.route('GET /api/device/info', {
      status: 301,
      headers: { location: 'https://elsewhere.example/api/device/info?token=' + CREDENTIAL },
      body: ''
    })
    const error = await gatewayRejection(clientFor().deviceInfo())
    expect(error).toMatchObject({
      code: 'redirect_refused',
      kind: 'permanent',
      httpStatus: 301,
      redirectTarget: 'https://elsewhere.example'
    })
    expect(error.message).toContain('base URL')
    expect(server.requests).toHaveLength(1)
    expectNoCredential(error)
  })

  it('follows a same-server redirect on header-authenticated calls', async () => {
    server.route('GET /api/device/disconnect', {
      status: 302,
      headers: { location: '/v1/api/device/disconnect' },
      body: ''
    })
    server.route('GET /v1/api/device/disconnect', { body: { status: true, message: 'moved but done' } })
    expect(await clientFor().disconnect()).toEqual({ message: 'moved but done' })
    expect(server.last().headers.authorization).toBe(CREDENTIAL)
  })
})

describe('connections and broken bodies', () => {
  it('a connection reset is a transient network error', async () => {
    server.route('POST /api/send-message', { reset: true })
    const error = await gatewayRejection(clientFor().sendText(text))
    expect(error).toMatchObject({ code: 'network', kind: 'transient' })
    expectNoCredential(error)
  })

  it('a refused connection is a network error that names the cause but no credential', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const client = createGatewayClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: SAMPLE_TOKEN,
      secret: SAMPLE_SECRET
    })
    const error = await gatewayRejection(client.deviceInfo())
    expect(error.code).toBe('network')
    expect(String(error.cause)).toContain('ECONNREFUSED')
    expectNoCredential(error)
  })

  it.each([
    ['a truncated body', { truncate: { body: JSON.stringify(send.single).slice(0, 40) } }],
    [
      'an HTML page with 200',
      { headers: { 'content-type': 'text/html' }, body: '<html><body>Maintenance</body></html>' }
    ],
    ['a JSON array', { body: [send.single] }],
    ['an empty body', { body: '' }],
    ['no status field', { body: { message: 'ok', data: send.single.data } }],
    ['an odd status', { body: { ...send.single, status: 'maybe' } }],
    ['a wrongly typed data', { body: { ...send.single, data: 'pending' } }],
    [
      'a message id of the wrong type',
      { body: { ...send.single, data: { messages: [{ id: { x: 1 }, phone: '62812' }] } } }
    ],
    [
      'a phone number too large to be exact',
      {
        headers: { 'content-type': 'application/json' },
        body: '{"status":true,"message":"ok","data":{"messages":[{"id":"a","phone":120363210179095768}]}}'
      }
    ]
  ])('%s is a bad_response (transient: the send may have happened)', async (_name, reply) => {
    server.enqueue(reply)
    const error = await gatewayRejection(clientFor().sendText(text))
    expect(error).toMatchObject({ code: 'bad_response', kind: 'transient', operation: 'send-message' })
  })
})

describe('gateway refusals ({status:false, message})', () => {
  it.each(refusals)('%j → %s, with the text kept verbatim', async (message, code) => {
    server.enqueue({ body: { status: false, message } })
    const error = await gatewayRejection(clientFor().sendText(text))
    expect(error.code).toBe(code)
    expect(error.gatewayMessage).toBe(message)
    expect(error.message).toContain(message)
    expect(error.httpStatus).toBe(200)
  })

  it('reads string and numeric false statuses and a Laravel-style message object', async () => {
    const client = clientFor()
    server.enqueue({ body: { status: 'false', message: 'quota habis' } })
    expect((await gatewayRejection(client.sendText(text))).code).toBe('quota_exceeded')
    server.enqueue({ body: { status: 0, message: { file: ['The file type must be: jpg, png.'] } } })
    const error = await gatewayRejection(client.sendText(text))
    expect(error.code).toBe('file_type')
    expect(error.gatewayMessage).toBe('The file type must be: jpg, png.')
    server.enqueue({ body: { status: false } })
    expect((await gatewayRejection(client.sendText(text))).code).toBe('rejected')
  })

  it('permanent codes are permanent and transient codes transient', async () => {
    server.enqueue({ body: { status: false, message: 'device not found' } })
    expect((await gatewayRejection(clientFor().sendText(text))).transient).toBe(false)
  })
})

describe('credentials never leak', () => {
  it('redacts a gateway that echoes the token in its refusal, its error page or a bad body', async () => {
    const client = clientFor()
    server.enqueue({ body: { status: false, message: `token ${CREDENTIAL} invalid` } })
    let error = await gatewayRejection(client.sendText(text))
    expect(error.code).toBe('token_invalid')
    expect(error.gatewayMessage).toBe('token [redacted] invalid')
    expectNoCredential(error)

    server.enqueue({
      status: 500,
      body: { message: `crash in handler for ${encodeURIComponent(CREDENTIAL)} / ${SAMPLE_SECRET}` }
    })
    error = await gatewayRejection(client.sendText(text))
    expectNoCredential(error)

    // The legacy info echoes the token; a wrong type next to it must not quote the body.
    server.enqueue({
      body: { ...deviceInfo.legacy, data: { ...deviceInfo.legacy.data, whatsapp: { quota: SAMPLE_TOKEN } } }
    })
    error = await gatewayRejection(client.deviceInfo())
    expect(error.code).toBe('bad_response')
    expectNoCredential(error)
  })

  it('redacts undici-style failures whose text includes the URL with ?token=', async () => {
    const leakyFetch = (async (input: string | URL | Request) => {
      const url = String(input)
      throw new TypeError('fetch failed', {
        cause: Object.assign(
          new Error(`connect ECONNREFUSED while requesting ${url} (${decodeURIComponent(url)})`),
          {
            code: 'ECONNREFUSED'
          }
        )
      })
    }) as typeof fetch
    const client = clientFor({ fetch: leakyFetch })
    const queryAuthenticated = [client.deviceInfo(), client.sendTextSimple(text), client.scanQr()]
    for (const call of queryAuthenticated) {
      const error = await gatewayRejection(call)
      expect(error.code).toBe('network')
      expect(String(error.cause)).toContain('ECONNREFUSED')
      expect(String(error.cause)).toContain('token=[redacted]')
      expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED')
      expectNoCredential(error)
    }
  })

  it('keeps credentials out of timeouts, aborts and resets on query-authenticated endpoints', async () => {
    server.route('GET /api/device/info', { hang: true })
    expectNoCredential(await gatewayRejection(clientFor({ timeoutMs: 100 }).deviceInfo()))
    server.route('GET /api/send-message', { reset: true })
    expectNoCredential(await gatewayRejection(clientFor().sendTextSimple(text)))
    server.route('GET /api/device/scan', {
      truncate: { body: '<html><img src="data:image/png;base64,iVBOR' }
    })
    expectNoCredential(await gatewayRejection(clientFor().scanQr()))
  })

  it('wraps anything unforeseen from an injected fetch as a GatewayError', async () => {
    const oddFetch = (async () => {
      throw 'a string, not an Error'
    }) as unknown as typeof fetch
    expect((await gatewayRejection(clientFor({ fetch: oddFetch }).disconnect())).code).toBe('network')
    const brokenBody = (async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new Error(`stream broke at ${CREDENTIAL}`))
          }
        }),
        { status: 200 }
      )) as typeof fetch
    const error = await gatewayRejection(clientFor({ fetch: brokenBody }).disconnect())
    expect(error.code).toBe('bad_response')
    expectNoCredential(error)
  })
})

// An aborted call's request can reach the server after its test ended (the client gave up, the bytes were already on
// the wire): on a shared server it took the reply the next test had scripted, and that test read 599.
describe('a late request from an earlier test', () => {
  let straggler: Socket | undefined

  it('(part 1) leaves a request half-written, as an aborted call can', async () => {
    const { port } = new URL(server.url)
    straggler = connect(Number(port), '127.0.0.1')
    straggler.on('error', () => undefined)
    await new Promise<void>((resolve) => straggler?.once('connect', () => resolve()))
    straggler.write('GET /api/device/info HTTP/1.1\r\nHost: 127.0.0.1\r\n')
  })

  it('(part 2) does not take the reply this test scripted', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '7' }, body: 'slow down' })
    straggler?.write('\r\n')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const error = await gatewayRejection(clientFor().sendText(text))
    expect(error).toMatchObject({ code: 'rate_limited', httpStatus: 429 })
    straggler?.destroy()
  })
})
