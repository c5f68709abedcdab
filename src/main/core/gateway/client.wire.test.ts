// Every client method against a real loopback server: the exact request on the wire and every documented answer shape.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from './client'
import type { GatewayClient, SendResult } from './types'
import { HTTP_URL_CASES } from '../../../shared/domain/http-url.cases'
import { gatewayRejection } from './testing/gateway-rejection'
import { startWireServer, type RecordedRequest, type WireServer } from './testing/wire-server'
import {
  MANAGED_IDS,
  SAMPLE_SECRET,
  SAMPLE_TOKEN,
  device,
  deviceInfo,
  manage,
  report,
  schedule,
  send
} from './testing/samples'

const CREDENTIAL = `${SAMPLE_TOKEN}.${SAMPLE_SECRET}`
const FORM = 'application/x-www-form-urlencoded'

let server: WireServer
let client: GatewayClient

// A server of its own for each test, as in errors.wire.test.ts: an aborted call's late request must not meet the next
// test's scripted replies.
beforeEach(async () => {
  server = await startWireServer()
  client = createGatewayClient({
    baseUrl: server.url,
    token: SAMPLE_TOKEN,
    secret: SAMPLE_SECRET,
    restartMemory: new Map()
  })
})
afterEach(async () => {
  await server.close()
})

/** Header-authenticated v1 call: exact Authorization, no token in the URL. */
function expectHeaderAuth(request: RecordedRequest): void {
  expect(request.headers.authorization).toBe(CREDENTIAL)
  expect(request.rawQuery).not.toContain('token=')
}

/** Query-authenticated call: `token=<token>.<secret>` first in the query, no Authorization header. */
function expectQueryAuth(request: RecordedRequest): void {
  expect(request.rawQuery.startsWith(`token=${CREDENTIAL}`)).toBe(true)
  expect(request.headers.authorization).toBeUndefined()
}

/** As the reference documents device/info, device/scan and reconnect: `token=<token>` alone, the secret nowhere. */
function expectBareQueryAuth(request: RecordedRequest): void {
  expect(request.rawQuery.startsWith(`token=${SAMPLE_TOKEN}`)).toBe(true)
  expect(request.rawQuery).not.toContain(SAMPLE_SECRET)
  expect(request.headers.authorization).toBeUndefined()
}

describe('credentials', () => {
  it('sends the bare token when there is no secret, in the header and in the query', async () => {
    const plain = createGatewayClient({ baseUrl: `${server.url}/`, token: SAMPLE_TOKEN })
    server.route('GET /api/device/disconnect', { body: device.disconnect })
    server.route('GET /api/device/info', { body: deviceInfo.current })
    await plain.disconnect()
    expect(server.last().headers.authorization).toBe(SAMPLE_TOKEN)
    await plain.deviceInfo()
    expect(server.last().rawQuery).toBe(`token=${SAMPLE_TOKEN}`)
  })

  it('does not double a secret the token already carries, and accepts a base URL ending in /api', async () => {
    const pasted = createGatewayClient({
      baseUrl: `${server.url}/api/`,
      token: CREDENTIAL,
      secret: SAMPLE_SECRET
    })
    server.route('GET /api/device/disconnect', { body: device.disconnect })
    await pasted.disconnect()
    expect(server.last().path).toBe('/api/device/disconnect')
    expect(server.last().headers.authorization).toBe(CREDENTIAL)
    expect(pasted.baseUrl).toBe(server.url)
  })

  it('rejects bad settings on call, with no request and no credential in the message', async () => {
    const badUrl = createGatewayClient({ baseUrl: 'ftp://solo.wablas.com', token: SAMPLE_TOKEN })
    expect((await gatewayRejection(badUrl.deviceInfo())).code).toBe('invalid_input')
    const badToken = createGatewayClient({ baseUrl: server.url, token: `${SAMPLE_TOKEN}\r\nX-Evil: 1` })
    const error = await gatewayRejection(badToken.disconnect())
    expect(error.code).toBe('invalid_input')
    expect(JSON.stringify(error)).not.toContain(SAMPLE_TOKEN)
    expect(server.requests).toHaveLength(0)
  })
})

describe('device', () => {
  it('deviceInfo: GET /api/device/info?token=<bare token> (as documented, even with a secret), flat shape', async () => {
    server.route('GET /api/device/info', { body: deviceInfo.current })
    const info = await client.deviceInfo()
    const request = server.last()
    expect(request.method).toBe('GET')
    expect(request.rawQuery).toBe(`token=${SAMPLE_TOKEN}`)
    expectBareQueryAuth(request)
    expect(request.headers.accept).toBe('application/json')
    expect(info).toEqual({
      name: 'Toko Sinar',
      serial: 'A5DOYJ',
      sender: '6281234567890',
      quota: 94,
      expiresAt: '2026-12-31',
      active: true,
      connection: 'connected',
      statusText: 'connected',
      note: null,
      shape: 'current'
    })
  })

  it('deviceInfo: current shape with a note, "unlimited" quota, string booleans and a 08… sender', async () => {
    server.route('GET /api/device/info', { body: deviceInfo.currentWithNote })
    expect(await client.deviceInfo()).toEqual({
      name: 'Toko Sinar',
      serial: 'A5DOYJ',
      sender: '6281234567890',
      quota: 'unlimited',
      expiresAt: '2026-12-31 23:59:59',
      active: false,
      connection: 'disconnected',
      statusText: 'disconnected',
      note: 'whatsapp sender not connected, need scan qr code again',
      shape: 'current'
    })
  })

  it('deviceInfo: legacy data.whatsapp shape, without passing on the token it echoes', async () => {
    server.route('GET /api/device/info', { body: deviceInfo.legacy })
    const info = await client.deviceInfo()
    expect(info).toEqual({
      name: null,
      serial: null,
      sender: '6281234567890',
      quota: 120,
      expiresAt: '2026-06-30',
      active: null,
      connection: 'connected',
      statusText: 'online',
      note: null,
      shape: 'legacy'
    })
    expect(JSON.stringify(info)).not.toContain(SAMPLE_TOKEN)
  })

  it('deviceInfo: a data object with none of the fields is a bad response', async () => {
    server.route('GET /api/device/info', { body: { status: true, data: { hello: 1 } } })
    expect((await gatewayRejection(client.deviceInfo())).code).toBe('bad_response')
    server.route('GET /api/device/info', {
      body: { status: true, data: { ...deviceInfo.current.data, quota: 'lots' } }
    })
    expect((await gatewayRejection(client.deviceInfo())).code).toBe('bad_response')
  })

  it('changeNumber: POST /api/device/change-number with the normalised phone', async () => {
    server.route('POST /api/device/change-number', { body: device.changeNumber })
    expect(await client.changeNumber('0812-3456-7890')).toEqual({ message: 'number successfully changed' })
    const request = server.last()
    expect(request.method).toBe('POST')
    expectHeaderAuth(request)
    expect(request.contentType).toBe(FORM)
    expect(request.rawBody.toString()).toBe('phone=6281234567890')
  })

  it('changeNumber: falls back to the legacy change-sender on 404', async () => {
    server.route('POST /api/device/change-number', { status: 404, body: 'Not Found' })
    server.route('POST /api/device/change-sender', { body: { status: true, message: 'sender changed' } })
    expect(await client.changeNumber('081234567890')).toEqual({ message: 'sender changed' })
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/device/change-number',
      '/api/device/change-sender'
    ])
    expect(server.last().form).toEqual({ phone: '6281234567890' })
    expectHeaderAuth(server.last())
  })

  it('changeNumber: an invalid phone fails before any request', async () => {
    const error = await gatewayRejection(client.changeNumber('0812-CALL-ME'))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toContain('0812-CALL-ME')
    expect(server.requests).toHaveLength(0)
  })

  it('createDevice: POST /api/device/create form and the invoice parsed', async () => {
    server.route('POST /api/device/create', { body: device.create })
    const invoice = await client.createDevice({
      name: 'Toko Sinar',
      phone: '081234567890',
      bank: 'BCA',
      product: 'pro',
      periode: 'monthly'
    })
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toBe(FORM)
    expect(request.rawBody.toString()).toBe(
      'name=Toko+Sinar&phone=6281234567890&bank=BCA&product=pro&periode=monthly'
    )
    expect(invoice).toEqual({
      deviceName: 'Toko Sinar',
      device: 'A5DOYJ',
      product: 'pro',
      numberInvoice: 'INV/2026/05/0001',
      periode: 'monthly',
      bank: { bankName: 'BCA', accountNumber: '1234567890', accountName: 'PT Wablas' },
      discount: 0,
      total: 150000,
      dueDate: '2026-06-01',
      message: 'create device & invoice successfully'
    })
  })

  it('createDevice: omits periode when not given; rejects an unknown bank without a request', async () => {
    server.route('POST /api/device/create', {
      body: { ...device.create, data: { ...device.create.data, bank: null } }
    })
    const invoice = await client.createDevice({
      name: 'X',
      phone: '081234567890',
      bank: 'DANA',
      product: 'lite'
    })
    expect(server.last().form).toEqual({ name: 'X', phone: '6281234567890', bank: 'DANA', product: 'lite' })
    expect(invoice.bank).toBeNull()
    const error = await gatewayRejection(
      client.createDevice({ name: 'X', phone: '081234567890', bank: 'PAYPAL' as never, product: 'lite' })
    )
    expect(error.code).toBe('invalid_input')
    expect(server.requests).toHaveLength(1)
  })

  it('generateToken: GET /api/device/generate-token', async () => {
    server.route('GET /api/device/generate-token', { body: device.generateToken })
    expect(await client.generateToken()).toEqual({
      deviceName: 'Toko Sinar',
      deviceSerial: 'A5DOYJ',
      token: 'NewTok3nNewTok3nNewTok3n'
    })
    expect(server.last().method).toBe('GET')
    expectHeaderAuth(server.last())
    server.route('GET /api/device/generate-token', { body: { status: true, data: { device_name: 'x' } } })
    expect((await gatewayRejection(client.generateToken())).code).toBe('bad_response')
  })

  it('disconnect: GET /api/device/disconnect', async () => {
    server.route('GET /api/device/disconnect', { body: device.disconnect })
    expect(await client.disconnect()).toEqual({ message: 'your device A5DOYJ succesfully disconnected' })
    expect(server.last()).toMatchObject({ method: 'GET', path: '/api/device/disconnect', rawQuery: '' })
    expectHeaderAuth(server.last())
  })

  it('changeWebhookUrl and changeTrackingUrl: POST form webhook_url / tracking_url', async () => {
    server.route('POST /api/device/change-webhook-url', { body: device.changeWebhookUrl })
    server.route('POST /api/device/change-tracking-url', { body: device.changeTrackingUrl })
    expect(await client.changeWebhookUrl('https://hooks.example.com/in?k=1&x=y')).toEqual({
      message: 'webhook url successfully changed'
    })
    expect(server.last().contentType).toBe(FORM)
    expect(server.last().form).toEqual({ webhook_url: 'https://hooks.example.com/in?k=1&x=y' })
    expectHeaderAuth(server.last())
    expect(await client.changeTrackingUrl('https://hooks.example.com/track')).toEqual({
      message: 'tracking url successfully changed'
    })
    expect(server.last().form).toEqual({ tracking_url: 'https://hooks.example.com/track' })
    expect((await gatewayRejection(client.changeWebhookUrl('javascript:alert(1)'))).code).toBe(
      'invalid_input'
    )
    expect(server.requests).toHaveLength(2)
  })

  it.each(HTTP_URL_CASES.map((c) => [c.input, c.ok] as const))(
    'answers the shared webhook address case %j → %s like the contract and the window',
    async (input, ok) => {
      server.route('POST /api/device/change-webhook-url', { body: device.changeWebhookUrl })
      const call = client.changeWebhookUrl(input)
      if (ok) {
        await call
        expect(server.requests).toHaveLength(1)
      } else {
        expect((await gatewayRejection(call)).code).toBe('invalid_input')
        expect(server.requests).toHaveLength(0)
      }
    }
  )
})

describe('restart', () => {
  it('uses GET /api/device/restart with the header and reads the device id from the message', async () => {
    const memory = new Map<string, 'restart' | 'reconnect'>()
    const restarting = createGatewayClient({
      baseUrl: server.url,
      token: SAMPLE_TOKEN,
      restartMemory: memory
    })
    server.route('GET /api/device/restart', { body: device.restart })
    expect(await restarting.restart()).toEqual({
      via: 'restart',
      message: 'restart device A5DOYJ successfully',
      deviceId: 'A5DOYJ'
    })
    expect(server.last().headers.authorization).toBe(SAMPLE_TOKEN)
    expect(server.last().rawQuery).toBe('')
    expect(memory.get(server.url)).toBe('restart')
  })

  it('falls back to the legacy reconnect?token= on 404, remembers it, and goes straight there next time', async () => {
    const memory = new Map<string, 'restart' | 'reconnect'>()
    const restarting = createGatewayClient({
      baseUrl: server.url,
      token: SAMPLE_TOKEN,
      secret: SAMPLE_SECRET,
      restartMemory: memory
    })
    server.route('GET /api/device/restart', { status: 404, body: { message: 'Not Found' } })
    server.route('GET /api/device/reconnect', { body: device.reconnect })
    expect(await restarting.restart()).toEqual({
      via: 'reconnect',
      message: 'device reconnect successfully',
      deviceId: '1234'
    })
    expect(server.requests.map((r) => r.path)).toEqual(['/api/device/restart', '/api/device/reconnect'])
    expectBareQueryAuth(server.last())
    expect(server.last().rawQuery).toBe(`token=${SAMPLE_TOKEN}`)
    expect(memory.get(server.url)).toBe('reconnect')

    server.requests.length = 0
    await restarting.restart()
    expect(server.requests.map((r) => r.path)).toEqual(['/api/device/reconnect'])
  })

  it('tries the other endpoint when the remembered one starts answering 405, and remembers the switch', async () => {
    const memory = new Map<string, 'restart' | 'reconnect'>([[server.url, 'reconnect']])
    const restarting = createGatewayClient({
      baseUrl: server.url,
      token: SAMPLE_TOKEN,
      restartMemory: memory
    })
    server.route('GET /api/device/reconnect', { status: 405, body: '' })
    server.route('GET /api/device/restart', { body: device.restart })
    expect((await restarting.restart()).via).toBe('restart')
    expect(server.requests.map((r) => r.path)).toEqual(['/api/device/reconnect', '/api/device/restart'])
    expect(memory.get(server.url)).toBe('restart')
  })

  it('does not fall back on other failures, and reports not_supported when neither exists', async () => {
    server.route('GET /api/device/restart', {
      body: { status: false, message: 'token invalid or device expired' }
    })
    expect((await gatewayRejection(client.restart())).code).toBe('token_invalid')
    server.route('GET /api/device/restart', { status: 500, body: 'oops' })
    expect((await gatewayRejection(client.restart())).code).toBe('server_error')
    expect(server.requests.every((r) => r.path === '/api/device/restart')).toBe(true)

    server.route('GET /api/device/restart', { status: 404, body: '' })
    server.route('GET /api/device/reconnect', { status: 404, body: '' })
    expect((await gatewayRejection(client.restart())).code).toBe('not_supported')
  })

  it('parses a reconnect refusal {status:false, message, device_}', async () => {
    server.route('GET /api/device/restart', { status: 404, body: '' })
    server.route('GET /api/device/reconnect', {
      body: { status: false, message: 'device not found', device_: '0' }
    })
    const error = await gatewayRejection(client.restart())
    expect(error.code).toBe('device_not_found')
    expect(error.gatewayMessage).toBe('device not found')
  })

  it('shares a process-wide memory per base URL when none is injected', async () => {
    server.route('GET /api/device/restart', { status: 404, body: '' })
    server.route('GET /api/device/reconnect', { body: device.reconnect })
    const first = createGatewayClient({ baseUrl: server.url, token: SAMPLE_TOKEN })
    await first.restart()
    server.requests.length = 0
    const second = createGatewayClient({ baseUrl: server.url, token: 'AnotherTokenForTheSameServer' })
    expect((await second.restart()).via).toBe('reconnect')
    expect(server.requests.map((r) => r.path)).toEqual(['/api/device/reconnect'])
  })
})

describe('send', () => {
  it('sendText: POST /api/send-message form with joined recipients, string booleans, ref_id', async () => {
    server.route('POST /api/send-message', { body: send.single })
    const result = await client.sendText({
      phone: ['0812 3456 7890', '081398765432, 081234567890'],
      message: 'Halo & selamat pagi = 100%',
      refId: 'ref-1',
      secret: false,
      retry: 3,
      priority: true
    })
    const request = server.last()
    expect(request.method).toBe('POST')
    expectHeaderAuth(request)
    expect(request.contentType).toBe(FORM)
    expect(request.form).toEqual({
      phone: '6281234567890,6281398765432',
      message: 'Halo & selamat pagi = 100%',
      ref_id: 'ref-1',
      secret: 'false',
      retry: '3',
      priority: 'true'
    })
    expect(request.rawBody.toString()).toMatch(/^phone=6281234567890%2C6281398765432&message=/)
    expect(result).toEqual({
      deviceId: 'A5DOYJ',
      quota: 94,
      message: 'Message is pending and waiting to be processed',
      messages: [
        {
          id: '5be46e84-650c-4ba1-a1a6-5647d358c43a',
          phone: '6281234567890',
          status: 'pending',
          refId: 'ref-1',
          deviceId: 'A5DOYJ'
        }
      ]
    })
  })

  it('sendText: a group send puts the group id in phone untouched with isGroup=true', async () => {
    server.route('POST /api/send-message', { body: send.group })
    const result = await client.sendText({ phone: '120363210179095768', message: 'hi all', isGroup: true })
    expect(server.last().form).toEqual({ phone: '120363210179095768', message: 'hi all', isGroup: 'true' })
    expect(result.messages[0]?.phone).toBe('120363210179095768')
  })

  const variants: Array<[string, unknown, Partial<SendResult>, Array<Record<string, unknown>>]> = [
    [
      'plain sample without device_id/quota/ref_id (ref id filled from the request)',
      send.plain,
      { deviceId: null, quota: null },
      [{ id: '11111111-650c-4ba1-a1a6-5647d358c43a', phone: '6281234567890', refId: 'mine', deviceId: null }]
    ],
    [
      'phone as a JSON number, quota as a numeric string',
      send.numericPhone,
      { deviceId: 'A5DOYJ', quota: 93 },
      [{ phone: '6281335614467', refId: 'mine' }]
    ],
    [
      'singular `message` key holding the list, ref_id null',
      send.singularKey,
      { quota: 'unlimited' },
      [
        { id: '33333333-650c-4ba1-a1a6-5647d358c43a', refId: 'mine' },
        { id: '44444444-650c-4ba1-a1a6-5647d358c43a', phone: '6281398765432' }
      ]
    ],
    [
      'multi-device data array (flattened, device per message, no single device/quota)',
      send.multiDevice,
      { deviceId: null, quota: null, message: 'Messages processed successfully' },
      [
        { id: '55555555-650c-4ba1-a1a6-5647d358c43a', deviceId: 'A5DOYJ' },
        { id: '66666666-650c-4ba1-a1a6-5647d358c43a', deviceId: 'B7XKQ2' }
      ]
    ],
    [
      'multi-device with a singular `message` object',
      send.multiDeviceSingularObject,
      { deviceId: 'A5DOYJ', quota: 89 },
      [{ id: '77777777-650c-4ba1-a1a6-5647d358c43a', status: 'pending' }]
    ]
  ]

  it.each(variants)('sendText parses the %s', async (_name, body, top, items) => {
    server.route('POST /api/send-message', { body })
    const result = await client.sendText({ phone: '081234567890', message: 'hello', refId: 'mine' })
    expect(result).toMatchObject(top)
    expect(result.messages).toHaveLength(items.length)
    items.forEach((item, index) => expect(result.messages[index]).toMatchObject(item))
  })

  it('sendText: accepted without any message id is a bad response (outcome unknown)', async () => {
    server.route('POST /api/send-message', { body: { status: true, message: 'ok', data: { messages: [] } } })
    expect((await gatewayRejection(client.sendText({ phone: '081234567890', message: 'x' }))).code).toBe(
      'bad_response'
    )
    server.route('POST /api/send-message', { body: { status: true, message: 'ok' } })
    expect((await gatewayRejection(client.sendText({ phone: '081234567890', message: 'x' }))).code).toBe(
      'bad_response'
    )
  })

  it('sendText: validates before the network (length, empty, recipients, refId)', async () => {
    const cases = [
      client.sendText({ phone: '081234567890', message: 'x'.repeat(1025) }),
      client.sendText({ phone: '081234567890', message: '   ' }),
      client.sendText({ phone: 'abc', message: 'hi' }),
      client.sendText({ phone: '', message: 'hi' }),
      client.sendText({ phone: '081234567890', message: 'hi', refId: '' }),
      client.sendText({ phone: '081234567890', message: 'hi', retry: -1 })
    ]
    for (const call of cases) expect((await gatewayRejection(call)).code).toBe('invalid_input')
    // 1024 characters counted as characters, not UTF-16 units: 1024 emoji pass.
    server.route('POST /api/send-message', { body: send.single })
    await client.sendText({ phone: '081234567890', message: '😀'.repeat(1024) })
    expect(server.requests).toHaveLength(1)
  })

  it('sendTextSimple: GET /api/send-message with the token first and everything URL-encoded in the query', async () => {
    server.route('GET /api/send-message', { body: send.single })
    const result = await client.sendTextSimple({
      phone: '081234567890,081398765432',
      message: 'Halo kak, pesanan #12 siap & dikirim 😀',
      refId: 'ref-1',
      isGroup: false
    })
    const request = server.last()
    expect(request.method).toBe('GET')
    expectQueryAuth(request)
    expect(request.rawQuery).toBe(
      `token=${CREDENTIAL}&phone=6281234567890,6281398765432&message=${encodeURIComponent('Halo kak, pesanan #12 siap & dikirim 😀').replace(/%2C/g, ',')}&isGroup=false&ref_id=ref-1`
    )
    expect(request.query.message).toBe('Halo kak, pesanan #12 siap & dikirim 😀')
    expect(request.rawBody.byteLength).toBe(0)
    expect(result.messages[0]?.id).toBe('5be46e84-650c-4ba1-a1a6-5647d358c43a')
  })

  it('sendTextBulk: POST /api/v2/send-message JSON {data:[…]} with real booleans and per-item ref_id', async () => {
    server.route('POST /api/v2/send-message', { body: send.multiDevice })
    const result = await client.sendTextBulk([
      { phone: '081234567890', message: 'one', refId: 'r1', isGroup: false, priority: true, retry: 2 },
      { phone: '+62 813-9876-5432', message: 'two', refId: 'r2', secret: true },
      { phone: '120363210179095768', message: 'group', isGroup: true }
    ])
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toBe('application/json')
    expect(request.json).toEqual({
      data: [
        { phone: '6281234567890', message: 'one', isGroup: false, ref_id: 'r1', retry: 2, priority: true },
        { phone: '6281398765432', message: 'two', ref_id: 'r2', secret: true },
        { phone: '120363210179095768', message: 'group', isGroup: true }
      ]
    })
    // ref_id absent in the answer: matched back by recipient.
    expect(result.messages.map((m) => [m.phone, m.refId])).toEqual([
      ['6281234567890', 'r1'],
      ['6281398765432', 'r2']
    ])
  })

  it('sendTextBulk: more than 100 items is invalid_input and nothing is sent (never split)', async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ phone: '081234567890', message: `m${i}` }))
    const error = await gatewayRejection(client.sendTextBulk(items))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toContain('100')
    expect((await gatewayRejection(client.sendTextBulk([]))).code).toBe('invalid_input')
    expect(server.requests).toHaveLength(0)
    server.route('POST /api/v2/send-message', { body: send.single })
    await client.sendTextBulk(items.slice(0, 100))
    expect((server.last().json as { data: unknown[] }).data).toHaveLength(100)
  })

  it.each([
    ['image', send.image, { caption: 'promo' }],
    ['document', send.image, { caption: 'invoice.pdf' }],
    ['video', send.image, { caption: 'clip' }],
    ['audio', send.audio, {}]
  ] as const)(
    'sendMediaUrl %s: POST /api/send-%s with the URL under a field named after the kind',
    async (kind, body, extra) => {
      server.route(`POST /api/send-${kind}`, { body })
      const url = `https://cdn.example.com/files/a.${kind === 'image' ? 'jpg' : 'bin'}?v=1`
      const result = await client.sendMediaUrl({ phone: '081234567890', kind, url, refId: 'mine', ...extra })
      const request = server.last()
      expect(request.path).toBe(`/api/send-${kind}`)
      expectHeaderAuth(request)
      expect(request.contentType).toBe(FORM)
      expect(request.form).toEqual({ phone: '6281234567890', [kind]: url, ref_id: 'mine', ...extra })
      // The audio sample echoes its own ref_id; the others echo none, so ours is kept.
      expect(result.messages[0]?.refId).toBe(kind === 'audio' ? 'ref-9' : 'mine')
    }
  )

  it('sendMediaUrl: validates URL, caption length, audio caption and kind without touching the network', async () => {
    const cases = [
      client.sendMediaUrl({ phone: '081234567890', kind: 'image', url: 'not a url' }),
      client.sendMediaUrl({ phone: '081234567890', kind: 'image', url: 'file:///etc/passwd' }),
      client.sendMediaUrl({
        phone: '081234567890',
        kind: 'image',
        url: 'https://x.example/a.jpg',
        caption: 'c'.repeat(1025)
      }),
      client.sendMediaUrl({
        phone: '081234567890',
        kind: 'audio',
        url: 'https://x.example/a.mp3',
        caption: 'hi'
      }),
      client.sendMediaUrl({
        phone: '081234567890',
        kind: 'sticker' as never,
        url: 'https://x.example/a.webp'
      })
    ]
    // An audio caption has its own code: a permanent refusal the outbox words and offers no Retry for (QA32 Q32-01).
    const codes = await Promise.all(cases.map(async (call) => (await gatewayRejection(call)).code))
    expect(codes).toEqual([
      'invalid_input',
      'invalid_input',
      'invalid_input',
      'audio_caption',
      'invalid_input'
    ])
    expect(server.requests).toHaveLength(0)
  })
})

describe('sendLocalFile', () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 250, 251])
  const b64 = Buffer.from(jpeg).toString('base64')

  it('image: form-urlencoded with base64 file, data={"name":…}, filename, caption and flags', async () => {
    server.route('POST /api/send-image-from-local', { body: send.image })
    const result = await client.sendLocalFile({
      phone: '081234567890',
      kind: 'image',
      file: { name: 'promo.jpg', bytes: jpeg },
      caption: 'Promo hari ini',
      refId: 'ref-7',
      isGroup: false
    })
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toBe(FORM)
    expect(request.form).toEqual({
      phone: '6281234567890',
      caption: 'Promo hari ini',
      file: b64,
      data: '{"name":"promo.jpg"}',
      filename: 'promo.jpg',
      isGroup: 'false',
      ref_id: 'ref-7'
    })
    expect(Buffer.from(request.form?.file ?? '', 'base64')).toEqual(Buffer.from(jpeg))
    expect(result.messages[0]?.refId).toBe('ref-7')
  })

  it('image: a custom filename longer than 60 characters is shortened before the extension', async () => {
    server.route('POST /api/send-image-from-local', { body: send.image })
    const name = `${'a'.repeat(80)}.png`
    await client.sendLocalFile({ phone: '081234567890', kind: 'image', file: { name, bytes: jpeg } })
    expect(server.last().form?.filename).toBe(`${'a'.repeat(56)}.png`)
    expect(server.last().form?.data).toBe(JSON.stringify({ name }))
  })

  it('document: form-urlencoded with base64 file, data, name_file and caption; group id untouched', async () => {
    server.route('POST /api/send-document-from-local', { body: send.image })
    const bytes = new TextEncoder().encode('%PDF-1.4 hello')
    await client.sendLocalFile({
      phone: '6287817274185-1632192971',
      isGroup: true,
      kind: 'document',
      file: { name: 'Invoice Mei.pdf', bytes },
      caption: 'Invoice'
    })
    expect(server.last().form).toEqual({
      phone: '6287817274185-1632192971',
      caption: 'Invoice',
      file: Buffer.from(bytes).toString('base64'),
      data: '{"name":"Invoice Mei.pdf"}',
      name_file: 'Invoice Mei.pdf',
      isGroup: 'true'
    })
  })

  it('video: multipart with a binary file part (filename and type set), phone, caption and flags', async () => {
    server.route('POST /api/send-video-from-local', { body: send.image })
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256)
    await client.sendLocalFile({
      phone: '081234567890',
      kind: 'video',
      file: { name: 'clip.mp4', bytes },
      caption: 'Lihat ini',
      refId: 'ref-v',
      retry: 1
    })
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(request.multipart?.fields).toEqual({
      phone: '6281234567890',
      caption: 'Lihat ini',
      ref_id: 'ref-v',
      retry: '1'
    })
    const part = request.multipart?.files.file
    expect(part?.filename).toBe('clip.mp4')
    expect(part?.type).toBe('video/mp4')
    expect(Buffer.from(part?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true)
  })

  it('audio: multipart with the file part and phone, no caption field, caller mime kept', async () => {
    server.route('POST /api/send-audio-from-local', { body: send.audio })
    const bytes = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0])
    const result = await client.sendLocalFile({
      phone: '081234567890',
      kind: 'audio',
      file: { name: 'voice.ogg', mime: 'audio/ogg', bytes }
    })
    const request = server.last()
    expect(request.multipart?.fields).toEqual({ phone: '6281234567890' })
    expect(request.multipart?.files.file).toMatchObject({ filename: 'voice.ogg', type: 'audio/ogg' })
    expect(result.messages[0]).toMatchObject({ refId: 'ref-9', status: 'pending' })
  })

  it('refuses files over 2 MB, wrong types per kind, empty files and audio captions, without a request', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1)
    const cases: Array<[Promise<unknown>, string]> = [
      [
        client.sendLocalFile({ phone: '081234567890', kind: 'image', file: { name: 'a.jpg', bytes: big } }),
        'file_too_large'
      ],
      [
        client.sendLocalFile({ phone: '081234567890', kind: 'image', file: { name: 'a.webp', bytes: jpeg } }),
        'file_type'
      ],
      [
        client.sendLocalFile({
          phone: '081234567890',
          kind: 'document',
          file: { name: 'a.exe', bytes: jpeg }
        }),
        'file_type'
      ],
      [
        client.sendLocalFile({ phone: '081234567890', kind: 'video', file: { name: 'a.mov', bytes: jpeg } }),
        'file_type'
      ],
      [
        client.sendLocalFile({ phone: '081234567890', kind: 'audio', file: { name: 'a.wav', bytes: jpeg } }),
        'file_type'
      ],
      [
        client.sendLocalFile({ phone: '081234567890', kind: 'image', file: { name: 'noext', bytes: jpeg } }),
        'file_type'
      ],
      [
        client.sendLocalFile({
          phone: '081234567890',
          kind: 'image',
          file: { name: 'a.png', bytes: new Uint8Array() }
        }),
        'invalid_input'
      ],
      [
        client.sendLocalFile({
          phone: '081234567890',
          kind: 'audio',
          file: { name: 'a.mp3', bytes: jpeg },
          caption: 'x'
        }),
        'audio_caption'
      ]
    ]
    for (const [call, code] of cases) expect((await gatewayRejection(call)).code).toBe(code)
    expect(server.requests).toHaveLength(0)
  })

  it('a file of exactly 2 MB and an allowed upper-case extension go through', async () => {
    server.route('POST /api/send-audio-from-local', { body: send.audio })
    await client.sendLocalFile({
      phone: '081234567890',
      kind: 'audio',
      file: { name: 'SONG.MPGA', bytes: new Uint8Array(2 * 1024 * 1024) }
    })
    expect(server.last().multipart?.files.file?.bytes.byteLength).toBe(2 * 1024 * 1024)
  })
})

describe('schedules', () => {
  const input = {
    phone: '081234567890, 081398765432',
    message: 'see you',
    date: '2026-05-31',
    time: '08:30',
    timezone: 'Asia/Jakarta'
  }

  it('createSchedule: POST /api/schedule form; flat answer with "phones list" and messages[]', async () => {
    server.route('POST /api/schedule', { body: schedule.v1Create })
    const result = await client.createSchedule({ ...input, isGroup: false })
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toBe(FORM)
    expect(request.rawBody.toString()).toBe(
      'phone=6281234567890%2C6281398765432&message=see+you&date=2026-05-31&time=08%3A30%3A00&timezone=Asia%2FJakarta&isGroup=false'
    )
    expect(result).toEqual({
      message: 'Scheduled Messages is succesfully saved and waiting to be processed',
      scheduleId: 'sch-1',
      messages: [
        { id: 'sch-1', phone: '6281234567890', scheduleAt: '2026-05-31 08:30:00', timezone: 'Asia/Jakarta' },
        { id: 'sch-2', phone: '6281398765432', scheduleAt: '2026-05-31 08:30:00', timezone: 'Asia/Jakarta' }
      ]
    })
  })

  it('createSchedule: validates date, time and timezone before sending', async () => {
    const cases = [
      client.createSchedule({ ...input, date: '31-05-2026' }),
      client.createSchedule({ ...input, time: '8.30' }),
      client.createSchedule({ ...input, time: '24:00:00' }),
      client.createSchedule({ ...input, timezone: 'Mars/Olympus' }),
      client.createSchedule({ ...input, message: '' })
    ]
    for (const call of cases) expect((await gatewayRejection(call)).code).toBe('invalid_input')
    expect(server.requests).toHaveLength(0)
  })

  it('updateSchedule: PUT /api/schedule/{id} form; flat answer with id, "phones list" and a text `messages`', async () => {
    server.route('PUT /api/schedule/sch-1', { body: schedule.v1Update })
    const result = await client.updateSchedule('sch-1', { ...input, phone: '081234567890', time: '09:00:00' })
    const request = server.last()
    expect(request.method).toBe('PUT')
    expectHeaderAuth(request)
    expect(request.form).toEqual({
      phone: '6281234567890',
      message: 'see you',
      date: '2026-05-31',
      time: '09:00:00',
      timezone: 'Asia/Jakarta'
    })
    expect(result).toEqual({
      message: 'Scheduled Messages is succesfully updated',
      scheduleId: 'sch-1',
      messages: [
        { id: 'sch-1', phone: '6281234567890', scheduleAt: '2026-06-01 09:00:00', timezone: 'Asia/Jakarta' }
      ]
    })
    expect((await gatewayRejection(client.updateSchedule('a/b', input))).code).toBe('invalid_input')
  })

  it('cancelSchedule: PUT /api/schedule-cancel/{id} without a body', async () => {
    server.route('PUT /api/schedule-cancel/sch-1', { body: schedule.cancel })
    expect(await client.cancelSchedule('sch-1')).toEqual({ message: 'schedule canceled successfully' })
    expect(server.last()).toMatchObject({ method: 'PUT', path: '/api/schedule-cancel/sch-1', rawQuery: '' })
    expect(server.last().rawBody.byteLength).toBe(0)
    expectHeaderAuth(server.last())
  })

  it('deleteSchedule: DELETE /api/schedule/{id}', async () => {
    server.route('DELETE /api/schedule/sch-1', { body: schedule.delete })
    expect(await client.deleteSchedule('sch-1')).toEqual({ message: 'schedule deleted successfully' })
    expect(server.last().method).toBe('DELETE')
    expectHeaderAuth(server.last())
  })

  it('createScheduleV2: POST /api/v2/schedule JSON with scheduled_at; the answer says schedule_at', async () => {
    server.route('POST /api/v2/schedule', { body: schedule.v2Create })
    const result = await client.createScheduleV2([
      { category: 'text', phone: '081234567890', scheduledAt: '2026-05-31 08:30:00', text: 'see you' },
      {
        category: 'image',
        phone: '081398765432',
        scheduledAt: '2026-05-31 08:30',
        text: 'pic',
        url: 'https://cdn.example.com/a.jpg'
      }
    ])
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toBe('application/json')
    expect(request.json).toEqual({
      data: [
        { category: 'text', phone: '6281234567890', scheduled_at: '2026-05-31 08:30:00', text: 'see you' },
        {
          category: 'image',
          phone: '6281398765432',
          scheduled_at: '2026-05-31 08:30:00',
          text: 'pic',
          url: 'https://cdn.example.com/a.jpg'
        }
      ]
    })
    expect(result).toEqual({
      message: 'Message is pending and waiting to be processed',
      scheduleId: 'v2s-1',
      messages: [
        { id: 'v2s-1', phone: '6281234567890', scheduleAt: '2026-05-31 08:30:00', timezone: 'Asia/Jakarta' }
      ]
    })
  })

  it('createScheduleV2: media without url, bad date-time, >100 items are refused before sending', async () => {
    const item = {
      category: 'text' as const,
      phone: '081234567890',
      scheduledAt: '2026-05-31 08:30:00',
      text: 'x'
    }
    const cases = [
      client.createScheduleV2([{ ...item, category: 'video' }]),
      client.createScheduleV2([{ ...item, scheduledAt: '2026-05-31T08:30:00Z' }]),
      client.createScheduleV2(Array.from({ length: 101 }, () => item)),
      client.createScheduleV2([])
    ]
    for (const call of cases) expect((await gatewayRejection(call)).code).toBe('invalid_input')
    expect(server.requests).toHaveLength(0)
  })

  it('updateScheduleV2: PUT /api/v2/schedule/{id} JSON; flat answer with id and phone', async () => {
    server.route('PUT /api/v2/schedule/v2s-1', { body: schedule.v2Update })
    const result = await client.updateScheduleV2('v2s-1', [
      {
        category: 'image',
        phone: '081234567890',
        scheduledAt: '2026-06-01 09:00:00',
        text: 'new caption',
        url: 'https://example.com/a.jpg'
      }
    ])
    expect(server.last().method).toBe('PUT')
    expect(server.last().json).toEqual({
      data: [
        {
          category: 'image',
          phone: '6281234567890',
          scheduled_at: '2026-06-01 09:00:00',
          text: 'new caption',
          url: 'https://example.com/a.jpg'
        }
      ]
    })
    expect(result).toEqual({
      message: 'Scheduled Messages is succesfully Updated',
      scheduleId: 'v2s-1',
      messages: [
        { id: 'v2s-1', phone: '6281234567890', scheduleAt: '2026-06-01 09:00:00', timezone: 'Asia/Jakarta' }
      ]
    })
  })

  it('deleteSchedulesV2: DELETE /api/v2/delete-schedule?id=a,b', async () => {
    server.route('DELETE /api/v2/delete-schedule', { body: schedule.v2Delete })
    expect(await client.deleteSchedulesV2(['v2s-1', 'v2s-2', 'v2s-1'])).toEqual({
      message: 'schedules deleted successfully'
    })
    expect(server.last()).toMatchObject({ method: 'DELETE', rawQuery: 'id=v2s-1,v2s-2' })
    expectHeaderAuth(server.last())
    expect((await gatewayRejection(client.deleteSchedulesV2([]))).code).toBe('invalid_input')
    expect((await gatewayRejection(client.deleteSchedulesV2(['a,b']))).code).toBe('invalid_input')
  })

  it('a schedule answer with neither an id nor a list is a bad response', async () => {
    server.route('POST /api/schedule', { body: { status: true, message: 'saved' } })
    expect((await gatewayRejection(client.createSchedule(input))).code).toBe('bad_response')
  })
})

describe('reports', () => {
  it('reportRealtime: GET /api/report-realtime?message_id=a,b&page&limit; duplicate `message` keys keep the list', async () => {
    server.route('GET /api/report-realtime', {
      headers: { 'content-type': 'application/json' },
      body: report.realtimeText
    })
    const page = await client.reportRealtime({ messageIds: ['id-1', 'id-2'], page: 2, limit: 500 })
    const request = server.last()
    expect(request.rawQuery).toBe('message_id=id-1,id-2&page=2&limit=500')
    expectHeaderAuth(request)
    expect(page).toEqual({
      page: 1,
      totalPage: 1,
      totalData: 1,
      items: [
        {
          id: '5be46e84-650c-4ba1-a1a6-5647d358c43a',
          from: '6281200000000',
          to: '6281234567890',
          status: 'delivered',
          note: null,
          refId: null,
          category: 'text',
          text: 'hello',
          createdAt: '2026-05-31 08:30:00',
          updatedAt: '2026-05-31 08:30:09'
        }
      ]
    })
  })

  it('reportRealtime: the list survives when the text `message` comes last; no query when nothing given', async () => {
    server.route('GET /api/report-realtime', {
      headers: { 'content-type': 'application/json' },
      body: report.realtimeTextListFirst
    })
    const page = await client.reportRealtime({})
    expect(server.last().rawQuery).toBe('')
    expect(page.items.map((item) => item.status)).toEqual(['delivered'])
  })

  it('reportRealtime: a text-only answer counting nothing is an empty page; limit over 1000 is refused', async () => {
    server.route('GET /api/report-realtime', {
      body: { status: true, message: 'success, report only today', totalData: 0 }
    })
    expect(await client.reportRealtime({ page: 3 })).toEqual({
      page: 3,
      totalPage: 0,
      totalData: 0,
      items: []
    })
    expect((await gatewayRejection(client.reportRealtime({ limit: 1001 }))).code).toBe('invalid_input')
    server.route('GET /api/report-realtime', { body: { status: true, message: 'success', totalData: 4 } })
    expect((await gatewayRejection(client.reportRealtime({}))).code).toBe('bad_response')
  })

  it('reportMessages: GET /api/report/message with every filter in the documented names', async () => {
    server.route('GET /api/report/message', { body: report.message })
    const page = await client.reportMessages({
      refId: 'ref-1',
      status: 'read',
      date: '2026-05-31',
      messageId: '5be46e84-650c-4ba1-a1a6-5647d358c43a',
      phone: '0812 3456 7890',
      device: 'A5DOYJ',
      page: 1,
      perPage: 10
    })
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.rawQuery).toBe(
      'ref_id=ref-1&status=read&date=2026-05-31&message_id=5be46e84-650c-4ba1-a1a6-5647d358c43a&phone=6281234567890&device=A5DOYJ&page=1&perPage=10'
    )
    expect(page).toEqual({
      page: 1,
      totalPage: 1,
      totalData: 2,
      items: [
        {
          id: '5be46e84-650c-4ba1-a1a6-5647d358c43a',
          from: '6281200000000',
          to: '6281234567890',
          status: 'read',
          note: null,
          refId: 'ref-1',
          category: 'text',
          text: 'hello',
          createdAt: '2026-05-31 08:30:00',
          updatedAt: '2026-05-31 08:31:10'
        },
        {
          id: '6be46e84-650c-4ba1-a1a6-5647d358c43a',
          from: '6281200000000',
          to: '6281398765432',
          status: 'sent',
          note: null,
          refId: null,
          category: 'image',
          text: null,
          createdAt: '2026-05-31 08:32:00',
          updatedAt: '2026-05-31 08:32:05'
        }
      ]
    })
  })

  it('reportMessages: refuses an unknown status or a bad date; an item without status is a bad response', async () => {
    expect((await gatewayRejection(client.reportMessages({ status: 'delivered' as never }))).code).toBe(
      'invalid_input'
    )
    expect((await gatewayRejection(client.reportMessages({ date: 'yesterday' }))).code).toBe('invalid_input')
    expect(server.requests).toHaveLength(0)
    const [first] = report.message.message
    server.route('GET /api/report/message', {
      body: { ...report.message, message: [{ ...first, status: undefined }] }
    })
    expect((await gatewayRejection(client.reportMessages({}))).code).toBe('bad_response')
  })
})

describe('message management (revoke, cancel, cancel-all, resend)', () => {
  const [A, B, C] = MANAGED_IDS
  const NOT_PENDING = 'Id Invalid or message is not pending anymore'
  /** `count` distinct UUID-like ids. */
  const manyIds = (count: number): string[] =>
    Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`)
  /** Answers every id of the request as `status` (the sandbox's shape). */
  const answerAll =
    (status: string) =>
    (request: RecordedRequest): { body: unknown } => ({
      body: {
        status: true,
        message: 'ok',
        data: { messages: (request.query.id ?? '').split(',').map((id) => ({ id, status })) }
      }
    })

  it('revokeMessages: GET /api/revoke-message?id=a,b with the header credential; "revoke" items are revoked', async () => {
    server.route('GET /api/revoke-message', { body: manage.revoke })
    const result = await client.revokeMessages([A, B])
    const request = server.last()
    expect(request.rawQuery).toBe(`id=${A},${B}`)
    expectHeaderAuth(request)
    expect(result).toEqual({
      action: 'revoke',
      outcomes: [
        { id: A, result: 'revoked', gatewayStatus: 'revoke', phone: '6281234567890' },
        { id: B, result: 'revoked', gatewayStatus: 'revoke', phone: '6281398765432' }
      ],
      messages: ['Message is being deleted and waiting to be processed'],
      quota: null,
      stoppedBy: null
    })
  })

  it('cancelMessages: the refusal item without an id is matched by its place, with the gateway’s own words', async () => {
    server.route('GET /api/cancel-message', { body: manage.cancelMixed })
    const result = await client.cancelMessages([A, B])
    expect(server.last().rawQuery).toBe(`id=${A},${B}`)
    expect(result.outcomes).toEqual([
      { id: A, result: 'cancelled', gatewayStatus: 'cancel', phone: '6281234567890' },
      { id: B, result: 'refused', gatewayMessage: NOT_PENDING }
    ])
    expect(result.messages).toEqual(['Message is canceled and waiting to be processed'])
  })

  it('cancelMessages: items naming their ids are matched by id, whatever their order', async () => {
    server.route('GET /api/cancel-message', { body: manage.cancelNamedRefusal })
    expect((await client.cancelMessages([A, B])).outcomes).toEqual([
      { id: A, result: 'cancelled', gatewayStatus: 'cancel', phone: '6281234567890' },
      { id: B, result: 'refused', gatewayMessage: NOT_PENDING }
    ])
  })

  it('nameless refusals go to the ids nothing else names; when they cannot be matched the ids stay unknown', async () => {
    const refusal = { message: NOT_PENDING, status: 'false' }
    const cancelled = { id: B, status: 'canceled' }
    server.route('GET /api/cancel-message', {
      body: { status: true, message: 'm', data: { messages: [cancelled, refusal, refusal] } }
    })
    // B's item stands in A's place, so places say nothing: the two refusals are A's and C's, in order.
    expect((await client.cancelMessages([A, B, C])).outcomes).toEqual([
      { id: A, result: 'refused', gatewayMessage: NOT_PENDING },
      { id: B, result: 'cancelled', gatewayStatus: 'canceled', phone: null },
      { id: C, result: 'refused', gatewayMessage: NOT_PENDING }
    ])
    server.route('GET /api/cancel-message', {
      body: { status: true, message: 'm', data: { messages: [cancelled, refusal] } }
    })
    expect((await client.cancelMessages([A, B, C])).outcomes).toEqual([
      { id: A, result: 'unknown', reason: 'not_listed', gatewayStatus: null, errorCode: null },
      { id: B, result: 'cancelled', gatewayStatus: 'canceled', phone: null },
      { id: C, result: 'unknown', reason: 'not_listed', gatewayStatus: null, errorCode: null }
    ])
  })

  it('resendMessages: GET /api/resend-message; "pending" items are resent and the quota is read', async () => {
    server.route('GET /api/resend-message', { body: manage.resend })
    const result = await client.resendMessages([C])
    expect(server.last().rawQuery).toBe(`id=${C}`)
    expectHeaderAuth(server.last())
    expect(result).toEqual({
      action: 'resend',
      outcomes: [{ id: C, result: 'resent', gatewayStatus: 'pending', phone: '6281234567890' }],
      messages: ['Resend Message is pending and waiting to be processed'],
      quota: 93,
      stoppedBy: null
    })
  })

  it('an unexpected status, a missing id, an id not asked for and `status: true` are each read for what they are', async () => {
    server.route('GET /api/revoke-message', {
      body: {
        status: true,
        message: 'Message is being deleted and waiting to be processed',
        data: {
          messages: [
            { id: A, status: 'sent' },
            { id: 'someone-elses', status: 'revoke' },
            { id: C, status: true },
            'garbage'
          ]
        }
      }
    })
    expect((await client.revokeMessages([A, B, C])).outcomes).toEqual([
      { id: A, result: 'unknown', reason: 'unexpected_status', gatewayStatus: 'sent', errorCode: null },
      { id: B, result: 'unknown', reason: 'not_listed', gatewayStatus: null, errorCode: null },
      { id: C, result: 'revoked', gatewayStatus: 'true', phone: null }
    ])
  })

  it('a refusal item with no words is refused with null, never with the envelope’s text', async () => {
    server.route('GET /api/revoke-message', {
      body: { status: true, message: 'Message is being deleted', data: { messages: [{ status: false }] } }
    })
    expect((await client.revokeMessages([A])).outcomes).toEqual([
      { id: A, result: 'refused', gatewayMessage: null }
    ])
  })

  it('splits a long list into calls of 100 ids, in order, without repeats', async () => {
    server.route('GET /api/revoke-message', answerAll('revoke'))
    const ids = manyIds(250)
    const result = await client.revokeMessages([...ids, ids[0] ?? ''])
    expect(server.requests.map((request) => request.query.id?.split(',').length)).toEqual([100, 100, 50])
    expect(server.requests.flatMap((request) => request.query.id?.split(','))).toEqual(ids)
    expect(result.outcomes.map((outcome) => [outcome.id, outcome.result])).toEqual(
      ids.map((id) => [id, 'revoked'])
    )
    expect(result.messages).toEqual(['ok', 'ok', 'ok'])
    expect(result.stoppedBy).toBeNull()
  })

  it('a later call failing ends the run: its ids unknown (call_failed), the rest not attempted, the error kept', async () => {
    server.enqueue(answerAll('cancel'), {
      status: 429,
      headers: { 'retry-after': '9' },
      body: { status: false, message: 'too many requests' }
    })
    const ids = manyIds(250)
    const result = await client.cancelMessages(ids)
    expect(server.requests).toHaveLength(2)
    expect(result.stoppedBy).toMatchObject({ code: 'rate_limited', retryAfterMs: 9_000 })
    expect(result.outcomes.slice(0, 100).every((outcome) => outcome.result === 'cancelled')).toBe(true)
    expect(result.outcomes[100]).toEqual({
      id: ids[100],
      result: 'unknown',
      reason: 'call_failed',
      gatewayStatus: null,
      errorCode: 'rate_limited'
    })
    expect(
      result.outcomes.slice(100, 200).every((o) => o.result === 'unknown' && o.reason === 'call_failed')
    ).toBe(true)
    expect(
      result.outcomes.slice(200).every((o) => o.result === 'unknown' && o.reason === 'not_attempted')
    ).toBe(true)
    expect(result.outcomes.map((outcome) => outcome.id)).toEqual(ids)
  })

  it('the caller aborting between calls leaves the ids not yet sent as not attempted', async () => {
    const controller = new AbortController()
    server.route('GET /api/revoke-message', answerAll('revoke'))
    // The first answer is read in full before the abort, so the abort falls between the two calls.
    const abortingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      const bytes = await response.arrayBuffer()
      controller.abort()
      return new Response(bytes, { status: response.status, headers: response.headers })
    }
    const aborting = createGatewayClient({ baseUrl: server.url, token: SAMPLE_TOKEN, fetch: abortingFetch })
    const ids = manyIds(150)
    const result = await aborting.revokeMessages(ids, { signal: controller.signal })
    expect(server.requests).toHaveLength(1)
    expect(result.stoppedBy?.code).toBe('aborted')
    expect(result.outcomes.slice(0, 100).every((outcome) => outcome.result === 'revoked')).toBe(true)
    expect(
      result.outcomes.slice(100).map((outcome) => outcome.result === 'unknown' && outcome.reason)
    ).toEqual(Array(50).fill('not_attempted'))
  })

  it('the first call failing rejects with the client’s typed errors', async () => {
    server.route('GET /api/revoke-message', {
      status: 429,
      headers: { 'retry-after': '3' },
      body: 'slow down'
    })
    expect(await gatewayRejection(client.revokeMessages([A]))).toMatchObject({
      code: 'rate_limited',
      kind: 'transient',
      retryAfterMs: 3_000
    })
    server.route('GET /api/cancel-message', {
      body: { status: false, message: 'token invalid or device expired' }
    })
    expect(await gatewayRejection(client.cancelMessages([A]))).toMatchObject({
      code: 'token_invalid',
      kind: 'permanent'
    })
    // A whole call refused with the per-item words: a plain refusal that keeps the gateway's text.
    server.route('GET /api/cancel-message', { body: { status: false, message: NOT_PENDING } })
    expect(await gatewayRejection(client.cancelMessages([A]))).toMatchObject({
      code: 'rejected',
      gatewayMessage: NOT_PENDING
    })
    server.route('GET /api/resend-message', { reset: true })
    expect(await gatewayRejection(client.resendMessages([A]))).toMatchObject({ code: 'network' })
    server.route('GET /api/resend-message', { status: 404, body: 'Not Found' })
    expect(await gatewayRejection(client.resendMessages([A]))).toMatchObject({ code: 'not_supported' })
    server.route('GET /api/revoke-message', { body: { status: true, message: 'done' } })
    expect(await gatewayRejection(client.revokeMessages([A]))).toMatchObject({ code: 'bad_response' })
  })

  it('refuses an empty list or an id that would change the query, before any request', async () => {
    expect((await gatewayRejection(client.revokeMessages([]))).code).toBe('invalid_input')
    expect((await gatewayRejection(client.cancelMessages([A, 'b,c']))).code).toBe('invalid_input')
    expect((await gatewayRejection(client.resendMessages(['a b']))).code).toBe('invalid_input')
    expect(server.requests).toHaveLength(0)
  })

  it('cancelAllMessages: GET /api/cancel-all-message; the ids listed and N of "Cancel N pending messages"', async () => {
    server.route('GET /api/cancel-all-message', { body: manage.cancelAll })
    expect(await client.cancelAllMessages()).toEqual({
      cancelledIds: [A, B],
      count: 2,
      message: 'Cancel 2 pending messages'
    })
    expect(server.last().rawQuery).toBe('')
    expectHeaderAuth(server.last())
    server.route('GET /api/cancel-all-message', { body: manage.cancelAllNone })
    expect(await client.cancelAllMessages()).toEqual({
      cancelledIds: [],
      count: 0,
      message: 'Cancel 0 pending messages'
    })
  })

  it('cancelAllMessages: a count without a list is the count; neither is a bad response', async () => {
    server.route('GET /api/cancel-all-message', {
      body: { status: true, message: 'Cancel 3 pending messages' }
    })
    expect(await client.cancelAllMessages()).toEqual({
      cancelledIds: [],
      count: 3,
      message: 'Cancel 3 pending messages'
    })
    server.route('GET /api/cancel-all-message', { body: { status: true, message: 'done' } })
    expect((await gatewayRejection(client.cancelAllMessages())).code).toBe('bad_response')
  })
})
