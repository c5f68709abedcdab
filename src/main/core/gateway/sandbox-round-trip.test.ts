// The real gateway client against the real sandbox for every client method, the fault matrix and every refusal class.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_TIMINGS, SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { FakeClock } from '../clock'
import { createGatewayClient } from './client'
import { GatewayError } from './errors'
import type { GatewayClient, GatewayClientOptions, MediaKind } from './types'

interface RecordedRequest {
  method: string
  url: string
  body: unknown
}

/** The sandbox on a fake clock, driven over HTTP only: its gateway routes through the client, its control routes. */
let t: { sandbox: Sandbox; clock: FakeClock }
let control: SandboxControl
let token: string
let requests: RecordedRequest[]

/** The global fetch, recording what the client put on the wire (to tell the upload encodings apart). */
const recordingFetch: typeof fetch = (input, init) => {
  requests.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body })
  return fetch(input, init)
}

function clientFor(overrides: Partial<GatewayClientOptions> = {}): GatewayClient {
  return createGatewayClient({
    baseUrl: t.sandbox.baseUrl,
    token,
    timeoutMs: 5_000,
    fetch: recordingFetch,
    restartMemory: new Map(),
    ...overrides
  })
}

/** The GatewayError a call rejects with (fails the test if it resolves or throws anything else). */
async function failure(call: Promise<unknown>): Promise<GatewayError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(GatewayError)
  return error as GatewayError
}

beforeEach(async () => {
  const clock = new FakeClock('2026-01-15T03:00:00Z')
  // Tracking webhooks go to a receiver on this machine in some tests: the run opts in to loopback targets.
  t = { sandbox: await startSandbox({ seed: 11, clock, allowPrivateWebhookTargets: true }), clock }
  control = new SandboxControl(t.sandbox.baseUrl, t.sandbox.controlToken)
  token = (await control.createDevice({ linked: true, sender: '081100001111', name: 'Front desk' })).token
  requests = []
})
afterEach(() => t.sandbox.close())

/** The methods this file takes through a round trip; a method added to the client must be added here (and tested). */
const COVERED = [
  'deviceInfo',
  'scanQr',
  'restart',
  'changeNumber',
  'createDevice',
  'generateToken',
  'disconnect',
  'changeWebhookUrl',
  'changeTrackingUrl',
  'setIncoming',
  'sendText',
  'sendTextSimple',
  'sendTextBulk',
  'sendMediaUrl',
  'sendLocalFile',
  'createSchedule',
  'updateSchedule',
  'cancelSchedule',
  'deleteSchedule',
  'createScheduleV2',
  'updateScheduleV2',
  'deleteSchedulesV2',
  'reportRealtime',
  'reportMessages',
  'createAutoReply',
  'updateAutoReply',
  'deleteAutoReply',
  'listAutoReplies',
  'blacklist',
  'unblacklist',
  'addContacts',
  'updateContacts',
  'deleteContacts',
  'listContacts',
  'createReminder',
  'updateReminder',
  'reminderInfo',
  'deleteReminder',
  'revokeMessages',
  'cancelMessages',
  'cancelAllMessages',
  'resendMessages'
]

it('every method of the client has a round trip here', () => {
  const client = clientFor() as unknown as Record<string, unknown>
  const methods = Object.keys(client).filter((key) => typeof client[key] === 'function')
  expect(methods.sort()).toEqual([...COVERED].sort())
})

describe('device operations', () => {
  it('deviceInfo reads the current flat shape as the world has it', async () => {
    const info = await clientFor().deviceInfo()
    const device = await control.device(token)
    expect(info).toEqual({
      name: 'Front desk',
      serial: device.serial,
      sender: '6281100001111',
      quota: device.quota,
      expiresAt: device.expiresAt,
      active: true,
      connection: 'connected',
      statusText: 'connected',
      note: 'ready to use',
      shape: 'current'
    })
  })

  it('deviceInfo reads the legacy data.whatsapp shape, and an unlimited quota', async () => {
    token = (
      await control.createDevice({
        legacyInfo: true,
        quota: 'unlimited',
        sender: '0813-2222-3333'
      })
    ).token
    const info = await clientFor().deviceInfo()
    const device = await control.device(token)
    expect(info).toMatchObject({
      shape: 'legacy',
      sender: '6281322223333',
      quota: 'unlimited',
      expiresAt: device.expiresAt.slice(0, 10),
      connection: 'disconnected',
      active: null
    })
  })

  it('scanQr returns the QR text the world shows, and it rotates on the clock', async () => {
    token = (await control.createDevice()).token
    const client = clientFor()
    const first = await client.scanQr()
    expect(first).toEqual({ kind: 'text', text: (await control.device(token)).qr?.text })
    expect((await control.device(token)).state).toBe('qr-shown')
    await t.clock.advance(DEFAULT_TIMINGS.qrRotateMs)
    const second = await client.scanQr()
    expect(second.kind === 'text' && second.text).not.toBe(first.kind === 'text' && first.text)
    expect(second).toEqual({ kind: 'text', text: (await control.device(token)).qr?.text })
    // The phone scans the current code; IT support activates; the device connects.
    await control.act(token, 'scan', second.kind === 'text' ? second.text : '')
    expect((await client.deviceInfo()).note).toBe('waiting for activation by IT support')
    await control.act(token, 'activate')
    expect(await client.deviceInfo()).toMatchObject({ connection: 'connected', active: true })
  })

  it('restart reconnects an offline device and reads the serial from the message', async () => {
    await control.act(token, 'offline')
    const result = await clientFor().restart()
    const device = await control.device(token)
    expect(result).toEqual({
      via: 'restart',
      message: `restart device ${device.serial} successfully`,
      deviceId: device.serial
    })
    expect(device.state).toBe('connected')
  })

  it('restart falls back to the legacy reconnect when restart is missing, and remembers it', async () => {
    await control.act(token, 'open-web')
    await control.addFault({ path: '/api/device/restart', kind: 'status', status: 404, times: 1 })
    const memory = new Map<string, 'restart' | 'reconnect'>()
    const client = clientFor({ restartMemory: memory })
    const result = await client.restart()
    const device = await control.device(token)
    expect(result).toEqual({
      via: 'reconnect',
      message: 'device successfully reconnected',
      deviceId: device.deviceId
    })
    expect(device.state).toBe('connected')
    expect(memory.get(t.sandbox.baseUrl)).toBe('reconnect')
    // Remembered: the next restart goes straight to reconnect.
    requests = []
    await control.act(token, 'offline')
    expect((await client.restart()).via).toBe('reconnect')
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/device/reconnect'])
  })

  it('changeNumber stores the new number normalised and asks for a new scan', async () => {
    expect(await clientFor().changeNumber('0812-9999-0000')).toEqual({
      message: 'number successfully changed'
    })
    expect(await control.device(token)).toMatchObject({ sender: '6281299990000', state: 'needs-scan' })
  })

  it('createDevice returns the invoice of a new device the world now holds', async () => {
    const invoice = await clientFor().createDevice({
      name: 'Branch 2',
      phone: '0812 7777 8888',
      bank: 'BCA',
      product: 'pro',
      periode: 'yearly'
    })
    const created = (await control.devices()).find((device) => device.serial === invoice.device)
    expect(created).toMatchObject({ name: 'Branch 2', sender: '6281277778888', state: 'needs-scan' })
    expect(invoice).toMatchObject({
      message: 'create device & invoice successfully',
      deviceName: 'Branch 2',
      product: 'pro',
      periode: 'yearly',
      discount: 300_000,
      total: 1_500_000,
      bank: { bankName: 'BCA', accountName: 'PT Sandbox Gateway Nusantara' }
    })
    expect(invoice.numberInvoice).toMatch(/^INV\/\d{8}\/\d{6}$/)
  })

  it('generateToken replaces the token: the new one works, the old one is refused', async () => {
    const serial = (await control.device(token)).serial
    const oldClient = clientFor()
    const generated = await oldClient.generateToken()
    expect(generated).toEqual({ deviceName: 'Front desk', deviceSerial: serial, token: generated.token })
    expect(generated.token).not.toBe(token)
    expect((await control.device(generated.token)).serial).toBe(serial)
    expect((await failure(oldClient.deviceInfo())).code).toBe('token_invalid')
    token = generated.token
    expect((await clientFor().deviceInfo()).serial).toBe(serial)
  })

  it('disconnect drops the WhatsApp session', async () => {
    const serial = (await control.device(token)).serial
    expect(await clientFor().disconnect()).toEqual({
      message: `your device ${serial} succesfully disconnected`
    })
    expect((await control.device(token)).state).toBe('needs-scan')
  })

  it('changeWebhookUrl and changeTrackingUrl store the URLs', async () => {
    const client = clientFor()
    expect(await client.changeWebhookUrl('https://hooks.example.com/in')).toEqual({
      message: 'webhook url successfully changed'
    })
    expect(await client.changeTrackingUrl('https://hooks.example.com/track')).toEqual({
      message: 'tracking url successfully changed'
    })
    expect(await control.device(token)).toMatchObject({
      webhookUrl: 'https://hooks.example.com/in',
      trackingUrl: 'https://hooks.example.com/track'
    })
  })

  it('setIncoming turns "Get Incoming Message" on and off', async () => {
    const client = clientFor()
    expect(await client.setIncoming(true)).toEqual({ message: 'incoming message successfully activated' })
    expect((await control.device(token)).incomingWebhook).toBe(true)
    expect(await client.setIncoming(false)).toEqual({ message: 'incoming message successfully deactivated' })
    expect((await control.device(token)).incomingWebhook).toBe(false)
  })
})

describe('send operations', () => {
  it('sendText: ids, normalised phones and ref_id match what the world accepted', async () => {
    const result = await clientFor().sendText({
      phone: ['0812-3456-7890', '+62 813 1111 2222'],
      message: 'Halo',
      refId: 'order-1'
    })
    const world = await control.messages({ refId: 'order-1' })
    const serial = (await control.device(token)).serial
    expect(world.map((m) => m.phone)).toEqual(['6281234567890', '6281311112222'])
    expect(result).toEqual({
      deviceId: serial,
      quota: 998,
      message: 'Message is pending and waiting to be processed',
      messages: world.map((m) => ({
        id: m.id,
        phone: m.phone,
        status: 'pending',
        refId: 'order-1',
        deviceId: serial
      }))
    })
    expect(
      world.every((m) => m.kind === 'text' && m.text === 'Halo' && m.endpoint === '/api/send-message')
    ).toBe(true)
    expect(result.messages[0]?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    )
  })

  it('sendTextSimple goes as a GET with everything in the query', async () => {
    const result = await clientFor().sendTextSimple({
      phone: '08129998888',
      message: 'via GET',
      refId: 'g-1'
    })
    const [stored] = await control.messages({ refId: 'g-1' })
    expect(result.messages).toEqual([
      {
        id: stored?.id,
        phone: '628129998888',
        status: 'pending',
        refId: 'g-1',
        deviceId: stored?.deviceSerial
      }
    ])
    expect(stored).toMatchObject({ text: 'via GET', endpoint: '/api/send-message' })
    expect(requests[0]?.method).toBe('GET')
    expect(requests[0]?.body).toBeUndefined()
  })

  it('sendTextBulk sends one v2 request and maps each ref_id to its message', async () => {
    const result = await clientFor().sendTextBulk([
      { phone: '0812-1000-0001', message: 'one', refId: 'b-1' },
      { phone: '0812-1000-0002', message: 'two', refId: 'b-2' }
    ])
    const stored = await control.messages()
    expect(stored.map((m) => [m.phone, m.refId, m.text, m.endpoint])).toEqual([
      ['6281210000001', 'b-1', 'one', '/api/v2/send-message'],
      ['6281210000002', 'b-2', 'two', '/api/v2/send-message']
    ])
    expect(result.messages.map((m) => [m.id, m.phone, m.refId])).toEqual(
      stored.map((m) => [m.id, m.phone, m.refId])
    )
  })

  it.each([
    ['image', 'https://cdn.example.com/promo.jpg', 'promo.jpg'],
    ['document', 'https://cdn.example.com/price-list.pdf', 'price-list.pdf'],
    ['video', 'https://cdn.example.com/clip.mp4', 'clip.mp4'],
    ['audio', 'https://cdn.example.com/voice.mp3', 'voice.mp3']
  ] as const)('sendMediaUrl %s', async (kind, url, fileName) => {
    const caption = kind === 'audio' ? undefined : `a ${kind}`
    const result = await clientFor().sendMediaUrl({
      phone: '08123000111',
      kind,
      url,
      caption,
      refId: `u-${kind}`
    })
    const [stored] = await control.messages({ refId: `u-${kind}` })
    expect(stored).toMatchObject({
      kind,
      url,
      fileName,
      phone: '628123000111',
      endpoint: `/api/send-${kind}`
    })
    expect(stored?.text).toBe(caption ?? null)
    expect(result.messages).toEqual([
      {
        id: stored?.id,
        phone: '628123000111',
        status: 'pending',
        refId: `u-${kind}`,
        deviceId: stored?.deviceSerial
      }
    ])
  })

  it.each([
    ['image', 'photo.jpg', 'form'],
    ['document', 'invoice.pdf', 'form'],
    ['video', 'clip.mp4', 'multipart'],
    ['audio', 'voice.ogg', 'multipart']
  ] as const)('sendLocalFile %s (%s) goes as %s', async (kind: MediaKind, name, encoding) => {
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7) % 256)
    const result = await clientFor().sendLocalFile({
      phone: '08123000222',
      kind,
      file: { name, bytes },
      caption: kind === 'audio' ? undefined : 'see attached',
      refId: `f-${kind}`
    })
    const [stored] = await control.messages({ refId: `f-${kind}` })
    expect(stored).toMatchObject({
      kind,
      fileName: name,
      fileBytes: 3000,
      phone: '628123000222',
      endpoint: `/api/send-${kind}-from-local`
    })
    expect(result.messages).toEqual([
      {
        id: stored?.id,
        phone: '628123000222',
        status: 'pending',
        refId: `f-${kind}`,
        deviceId: stored?.deviceSerial
      }
    ])
    const body = requests[0]?.body
    if (encoding === 'multipart') {
      expect(body).toBeInstanceOf(FormData)
    } else {
      expect(typeof body).toBe('string')
      const fields = new URLSearchParams(body as string)
      expect(Buffer.from(fields.get('file') ?? '', 'base64')).toEqual(Buffer.from(bytes))
      expect(JSON.parse(fields.get('data') ?? '{}')).toEqual({ name })
    }
  })

  it('statuses progress pending → sent → delivered → read on the clock, and reports follow them', async () => {
    const client = clientFor()
    const sent = await client.sendText({ phone: '08123000333', message: 'track me', refId: 'p-1' })
    const id = sent.messages[0]?.id ?? ''
    const statusByRef = async (): Promise<string | undefined> =>
      (await client.reportMessages({ refId: 'p-1' })).items[0]?.status
    expect(await statusByRef()).toBe('pending')
    await t.clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    expect(await statusByRef()).toBe('sent')
    await t.clock.advance(DEFAULT_TIMINGS.deliveredAfterMs)
    // The hosted service's word for delivered, as the report carries it (the outbox maps it to delivered).
    expect(await statusByRef()).toBe('received')
    await t.clock.advance(DEFAULT_TIMINGS.readAfterMs)
    expect(await statusByRef()).toBe('read')
    const [stored] = await control.messages({ refId: 'p-1' })
    expect(stored?.history.map((h) => h.status)).toEqual(['pending', 'sent', 'delivered', 'read'])

    const realtime = await client.reportRealtime({ messageIds: [id] })
    expect(realtime).toMatchObject({ page: 1, totalPage: 1, totalData: 1 })
    expect(realtime.items).toEqual([
      {
        id,
        from: (await control.device(token)).sender,
        to: '628123000333',
        status: 'read',
        note: 'message read by the recipient',
        refId: 'p-1',
        category: 'text',
        text: 'track me',
        createdAt: '2026-01-15 10:00:00',
        updatedAt: expect.stringMatching(/^2026-01-15 10:00:1\d$/)
      }
    ])
  })

  it('reportMessages finds by ref_id only that message, and nothing for an unknown ref', async () => {
    const client = clientFor()
    await client.sendText({ phone: '08123000444', message: 'a', refId: 'r-a' })
    await client.sendText({ phone: '08123000444', message: 'b', refId: 'r-b' })
    const page = await client.reportMessages({ refId: 'r-b' })
    expect(page.totalData).toBe(1)
    expect(page.items.map((i) => [i.id, i.refId, i.text])).toEqual([
      [(await control.messages({ refId: 'r-b' }))[0]?.id, 'r-b', 'b']
    ])
    expect(await client.reportMessages({ refId: 'nope' })).toEqual({
      page: 1,
      totalPage: 0,
      totalData: 0,
      items: []
    })
  })
})

describe('schedules', () => {
  const base = { phone: '0812-5555-0001', timezone: 'Asia/Jakarta', date: '2026-01-15' }

  it('v1 create, update, cancel and delete change the world’s schedule', async () => {
    const client = clientFor()
    const created = await client.createSchedule({ ...base, message: 'meeting at noon', time: '12:00' })
    const [stored] = await control.schedules(token)
    expect(created).toEqual({
      message: 'Scheduled Messages is succesfully saved and waiting to be processed',
      scheduleId: stored?.id,
      messages: [
        {
          id: stored?.id,
          phone: '6281255550001',
          scheduleAt: '2026-01-15 12:00:00',
          timezone: 'Asia/Jakarta'
        }
      ]
    })
    const id = created.scheduleId ?? ''

    const updated = await client.updateSchedule(id, { ...base, message: 'moved to 13:30', time: '13:30:00' })
    expect(updated.scheduleId).toBe(id)
    expect(updated.messages).toEqual([
      { id, phone: '6281255550001', scheduleAt: '2026-01-15 13:30:00', timezone: 'Asia/Jakarta' }
    ])
    expect((await control.schedules(token))[0]).toMatchObject({
      text: 'moved to 13:30',
      scheduleAt: '2026-01-15 13:30:00'
    })

    expect(await client.cancelSchedule(id)).toEqual({ message: 'schedule canceled successfully' })
    expect((await control.schedules(token))[0]?.status).toBe('cancel')
    expect(await client.deleteSchedule(id)).toEqual({ message: 'schedule deleted successfully' })
    expect(await control.schedules(token)).toEqual([])
  })

  it('a v1 schedule fires when due; the message carries the schedule id and reports find it', async () => {
    const client = clientFor()
    const created = await client.createSchedule({ ...base, message: 'soon', time: '10:05:00' })
    const id = created.scheduleId ?? ''
    await t.clock.advance(5 * 60_000)
    expect((await control.schedules(token))[0]?.status).toBe('fired')
    const report = await client.reportRealtime({ messageIds: [id] })
    expect(report.items.map((i) => [i.id, i.to, i.text])).toEqual([[id, '6281255550001', 'soon']])
  })

  it('v2 create, update and delete (several ids at once)', async () => {
    const client = clientFor()
    const created = await client.createScheduleV2([
      { category: 'text', phone: '0812-5555-0002', scheduledAt: '2026-01-15 12:00:00', text: 'hello' },
      {
        category: 'image',
        phone: '0812-5555-0003',
        scheduledAt: '2026-01-15 12:30',
        text: 'menu',
        url: 'https://cdn.example.com/menu.png'
      }
    ])
    const stored = await control.schedules(token)
    expect(created.scheduleId).toBe(stored[0]?.id)
    expect(created.messages).toEqual(
      stored.map((s) => ({ id: s.id, phone: s.phone, scheduleAt: s.scheduleAt, timezone: 'Asia/Jakarta' }))
    )
    expect(stored.map((s) => [s.version, s.category, s.phone, s.scheduleAt, s.url])).toEqual([
      ['v2', 'text', '6281255550002', '2026-01-15 12:00:00', null],
      ['v2', 'image', '6281255550003', '2026-01-15 12:30:00', 'https://cdn.example.com/menu.png']
    ])
    const firstId = stored[0]?.id ?? ''
    const updated = await client.updateScheduleV2(firstId, [
      { category: 'text', phone: '0812-5555-0004', scheduledAt: '2026-01-15 14:00:00', text: 'later' }
    ])
    expect(updated).toMatchObject({
      scheduleId: firstId,
      messages: [{ id: firstId, phone: '6281255550004', scheduleAt: '2026-01-15 14:00:00' }]
    })
    expect((await control.schedules(token))[0]).toMatchObject({ text: 'later', phone: '6281255550004' })

    expect(await client.deleteSchedulesV2(stored.map((s) => s.id))).toEqual({
      message: 'schedules deleted successfully'
    })
    expect(await control.schedules(token)).toEqual([])
  })
})

describe('fault matrix: transient errors', () => {
  const sendText = (client: GatewayClient, timeoutMs?: number): Promise<unknown> =>
    client.sendText(
      { phone: '08123000555', message: 'x', refId: 'fault' },
      timeoutMs ? { timeoutMs } : undefined
    )

  it('latency beyond the client timeout → timeout', async () => {
    await control.addFault({ path: '/api/send-message', kind: 'latency', latencyMs: 60_000 })
    const error = await failure(sendText(clientFor(), 200))
    expect([error.code, error.kind]).toEqual(['timeout', 'transient'])
  })

  it('latency within the timeout is only slow: the send is accepted', async () => {
    await control.addFault({ path: '/api/send-message', kind: 'latency', latencyMs: 3_000 })
    const pending = sendText(clientFor())
    while (t.clock.pending === 0) await new Promise((resolve) => setImmediate(resolve))
    await t.clock.advance(3_000)
    await expect(pending).resolves.toMatchObject({ messages: [{ refId: 'fault' }] })
  })

  it.each([500, 502, 503])('status %i → server_error', async (status) => {
    await control.addFault({ path: '/api/send-message', kind: 'status', status })
    const error = await failure(sendText(clientFor()))
    expect([error.code, error.kind, error.httpStatus]).toEqual(['server_error', 'transient', status])
    expect(await control.messages()).toEqual([])
  })

  it('rate-limit → rate_limited with retryAfterMs from Retry-After', async () => {
    await control.addFault({ path: '/api/send-message', kind: 'rate-limit', retryAfterSec: 7 })
    const error = await failure(sendText(clientFor()))
    expect([error.code, error.kind, error.retryAfterMs]).toEqual(['rate_limited', 'transient', 7_000])
  })

  it('hang → timeout', async () => {
    await control.addFault({ path: '/api/send-message', kind: 'hang' })
    const error = await failure(sendText(clientFor(), 200))
    expect([error.code, error.kind]).toEqual(['timeout', 'transient'])
  })

  it('reset → network', async () => {
    await control.addFault({ path: '/api/send-message', kind: 'reset' })
    const error = await failure(sendText(clientFor()))
    expect([error.code, error.kind]).toEqual(['network', 'transient'])
  })

  it.each(['truncate', 'garbage'] as const)(
    '%s → bad_response (even after the gateway took it)',
    async (kind) => {
      await control.addFault({ path: '/api/send-message', kind, applyAfterHandling: true })
      const error = await failure(sendText(clientFor()))
      expect([error.code, error.kind]).toEqual(['bad_response', 'transient'])
      // The message was accepted: this is why bad_response must be reconciled, not blindly resent.
      expect(await control.messages({ refId: 'fault' })).toHaveLength(1)
    }
  )

  it('faults on other routes leave a route alone, and a used-up rule stops', async () => {
    await control.addFault({ path: '/api/device/*', kind: 'status', status: 503, times: 1 })
    await expect(sendText(clientFor())).resolves.toBeDefined()
    expect((await failure(clientFor().deviceInfo())).code).toBe('server_error')
    await expect(clientFor().deviceInfo()).resolves.toMatchObject({ connection: 'connected' })
  })
})

describe('permanent errors from the sandbox’s real refusals', () => {
  const send = (client: GatewayClient): Promise<unknown> =>
    client.sendText({ phone: '08123000666', message: 'x' })

  const expectPermanent = async (
    call: Promise<unknown>,
    code: GatewayError['code']
  ): Promise<GatewayError> => {
    const error = await failure(call)
    expect([error.code, error.kind]).toEqual([code, 'permanent'])
    return error
  }

  it('a bad token → token_invalid, and the error never holds the token', async () => {
    const error = await expectPermanent(send(clientFor({ token: 'not-a-real-token' })), 'token_invalid')
    expect(error.httpStatus).toBe(401)
    expect(JSON.stringify(error.toJSON())).not.toContain('not-a-real-token')
  })

  it('a missing or wrong secret → secret_invalid; the right one works', async () => {
    token = (await control.createDevice({ linked: true, secret: 'S3cret.key' })).token
    const missing = await expectPermanent(send(clientFor()), 'secret_invalid')
    expect(missing.gatewayMessage).toBe('need secret key')
    const wrong = await expectPermanent(send(clientFor({ secret: 'wrong' })), 'secret_invalid')
    expect(wrong.gatewayMessage).toBe('secret key invalid')
    await expect(send(clientFor({ secret: 'S3cret.key' }))).resolves.toBeDefined()
  })

  it('a device that needs a scan → device_not_connected', async () => {
    token = (await control.createDevice()).token
    await expectPermanent(send(clientFor()), 'device_not_connected')
  })

  it('a device waiting for activation by IT support → device_not_connected', async () => {
    token = (await control.createDevice()).token
    await clientFor().scanQr()
    await control.act(token, 'scan')
    const error = await expectPermanent(send(clientFor()), 'device_not_connected')
    expect(error.gatewayMessage).toBe('device not active, waiting for activation by IT support')
    await expectPermanent(clientFor().restart(), 'device_not_connected')
  })

  it('quota exhausted → quota_exceeded', async () => {
    await control.setQuota(token, 0)
    await expectPermanent(send(clientFor()), 'quota_exceeded')
  })

  it('an expired device → token_invalid (device/info still answers, saying so)', async () => {
    await control.act(token, 'expire')
    await expectPermanent(send(clientFor()), 'token_invalid')
    expect(await clientFor().deviceInfo()).toMatchObject({ active: false, note: 'device expired' })
  })

  it('a local file over 2 MB → file_too_large before anything goes on the wire', async () => {
    const bytes = new Uint8Array(2 * 1024 * 1024 + 1)
    const call = clientFor().sendLocalFile({
      phone: '08123000666',
      kind: 'image',
      file: { name: 'big.jpg', bytes }
    })
    await expectPermanent(call, 'file_too_large')
    // One byte over reads as the limit in megabytes ("2.0 MB; … at most 2 MB" before): said in bytes.
    await expect(call).rejects.toThrow(
      'big.jpg is 2,097,153 bytes; the gateway accepts at most 2,097,152 bytes'
    )
    expect(requests).toEqual([])
  })

  it('a media URL of a type the gateway refuses → file_type', async () => {
    const call = clientFor().sendMediaUrl({
      phone: '08123000666',
      kind: 'image',
      url: 'https://cdn.example.com/anim.gif'
    })
    const error = await expectPermanent(call, 'file_type')
    expect(error.gatewayMessage).toMatch(/file type \.gif not allowed/)
  })

  it('an endpoint the sandbox does not have → not_supported', async () => {
    const client = clientFor({ baseUrl: `${t.sandbox.baseUrl}/v9` })
    const error = await expectPermanent(client.deviceInfo(), 'not_supported')
    expect(error.httpStatus).toBe(404)
  })
})

describe('blacklist', () => {
  it('blacklist and unblacklist: the world refuses a message to the number in between, and a second cancel', async () => {
    const client = clientFor()
    expect(await client.blacklist('0812-3000-999')).toEqual({
      message: 'Add 628123000999 to blacklist succesfully'
    })
    await client.sendText({ phone: '08123000999', message: 'promo' })
    const refused = (await control.messages()).find((m) => m.phone === '628123000999')
    expect(JSON.stringify(refused)).toMatch(/blacklist/)
    expect(await client.unblacklist('08123000999')).toEqual({
      message: 'sucessfully cancel 628123000999 from blacklist'
    })
    expect((await failure(client.unblacklist('08123000999'))).code).toBe('rejected')
  })
})

describe('contacts', () => {
  it('addContacts, updateContacts, listContacts and deleteContacts keep the device’s address book', async () => {
    const client = clientFor()
    expect(
      await client.addContacts([
        { name: 'Bu Dewi', phone: '0813-7777-8888' },
        { name: 'Pak Budi', phone: '081200000001' }
      ])
    ).toEqual([
      { phone: '6281377778888', ok: true, message: 'Successfully Add contact' },
      { phone: '6281200000001', ok: true, message: 'Successfully Add contact' }
    ])
    expect((await client.addContacts([{ name: 'Again', phone: '6281377778888' }]))[0]).toMatchObject({
      ok: false
    })
    expect(await client.updateContacts([{ name: 'Budi Santoso', phone: '6281200000001' }])).toEqual([
      { phone: '6281200000001', ok: true, message: 'contact 6281200000001 successfully updated' }
    ])
    const page = await client.listContacts({ page: 1, limit: 1 })
    expect(page).toMatchObject({ page: 1, totalPage: 2, totalData: 2 })
    const all = await client.listContacts({ limit: 10 })
    expect(all.contacts.map((c) => [c.phone, c.name]).sort()).toEqual([
      ['6281200000001', 'Budi Santoso'],
      ['6281377778888', 'Bu Dewi']
    ])
    expect((await client.deleteContacts(['6281377778888'])).message).toContain('6281377778888')
    expect((await client.listContacts()).contacts.map((c) => c.phone)).toEqual(['6281200000001'])
  })
})

describe('auto-replies and reminders', () => {
  it('createAutoReply, listAutoReplies, updateAutoReply and deleteAutoReply keep the rule the world answers with', async () => {
    const client = clientFor()
    const rule = await client.createAutoReply({ keyword: 'Jam Buka', response: 'Buka 08.00' })
    expect(rule).toEqual({
      id: expect.stringMatching(/^\d+$/),
      device: (await control.device(token)).serial,
      keyword: 'Jam Buka',
      response: 'Buka 08.00',
      category: null,
      file: null
    })
    expect(await client.listAutoReplies({ keyword: 'jam buka' })).toEqual([{ ...rule, category: 'text' }])
    expect(
      (await control.receive(token, { from: '08123000777', message: 'jam buka' })).replies
    ).toMatchObject([{ text: 'Buka 08.00', endpoint: 'autoreply' }])
    expect(
      (await client.updateAutoReply(rule.id, { keyword: 'buka', response: 'Setiap hari' })).keyword
    ).toBe('buka')
    expect(await client.deleteAutoReply(rule.id)).toEqual({
      message: 'remove autoreply keyword: buka successfully'
    })
    expect(await client.listAutoReplies()).toEqual([])
    expect((await failure(client.deleteAutoReply(rule.id))).code).toBe('rejected')
  })

  it('createReminder, reminderInfo, updateReminder and deleteReminder; the world fires it on its clock', async () => {
    const client = clientFor()
    const reminder = await client.createReminder({
      phone: '08123000888',
      message: 'Minum obat',
      startDate: '2026-01-15 10:30:00',
      periode: 'custom',
      customDay: 3,
      title: 'Obat'
    })
    expect(reminder).toEqual({
      id: expect.stringMatching(/^\d+$/),
      phone: '628123000888',
      title: 'Obat',
      message: 'Minum obat',
      timezone: 'Asia/Jakarta',
      startAt: '2026-01-15 10:30:00',
      reminderType: 'custom: send every 3 days',
      gatewayMessage: 'Reminder Messages is succesfully saved and waiting to be processed'
    })
    expect(await client.reminderInfo(reminder.id)).toMatchObject({ id: reminder.id, message: 'Minum obat' })
    const updated = await client.updateReminder(reminder.id, {
      phone: '08123000888',
      message: 'Minum obat sore',
      startDate: '2026-01-15 10:45:00'
    })
    expect(updated).toMatchObject({
      message: 'Minum obat sore',
      startAt: '2026-01-15 10:45:00',
      title: 'Obat'
    })
    await t.clock.advance(45 * 60_000)
    expect((await control.messages()).map((m) => [m.endpoint, m.text])).toEqual([
      ['reminder', 'Minum obat sore']
    ])
    expect(await client.deleteReminder(reminder.id)).toEqual({
      message: `Reminder ${reminder.id} is succesfully deleted`
    })
    expect((await failure(client.reminderInfo(reminder.id))).code).toBe('rejected')
  })
})

describe('message management: taking messages back', () => {
  /** What the world's reports and tracking webhooks say of one message. */
  const reportedStatus = async (client: GatewayClient, id: string): Promise<string | undefined> =>
    (await client.reportRealtime({ messageIds: [id] })).items[0]?.status
  const trackedStatuses = async (id: string): Promise<unknown[]> =>
    (await control.webhookDeliveries(token))
      .filter((delivery) => delivery.kind === 'tracking' && delivery.payload.id === id)
      .map((delivery) => delivery.payload.status)
  const sendTo = async (client: GatewayClient, phone: string, message = 'oops'): Promise<string> =>
    (await client.sendText({ phone, message })).messages[0]?.id ?? ''

  it('revoke: a sent message is revoked, and reports and tracking say so; one not yet sent is refused', async () => {
    const client = clientFor()
    // Nothing listens on port 9: the deliveries fail, but each is recorded with what it would have said.
    await client.changeTrackingUrl('http://127.0.0.1:9/track')
    const sent = await sendTo(client, '08123000701')
    await t.clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    await control.act(token, 'offline')
    const pending = await sendTo(client, '08123000702')
    expect(await reportedStatus(client, sent)).toBe('sent')

    const result = await client.revokeMessages([sent, pending])
    expect(result).toMatchObject({
      action: 'revoke',
      messages: ['Message is being deleted and waiting to be processed'],
      stoppedBy: null
    })
    expect(result.outcomes).toEqual([
      { id: sent, result: 'revoked', gatewayStatus: 'revoke', phone: '628123000701' },
      // The sandbox's words; the reference documents no refusal text for revoke.
      { id: pending, result: 'refused', gatewayMessage: 'Id Invalid or message is not sent yet' }
    ])
    expect(await reportedStatus(client, sent)).toBe('revoke')
    expect(await reportedStatus(client, pending)).toBe('pending')
    expect((await trackedStatuses(sent)).sort()).toEqual(['revoke', 'sent'])
    // Revoked is final: the clock moves it no further, and a second revoke is refused.
    await t.clock.advance(DEFAULT_TIMINGS.deliveredAfterMs + DEFAULT_TIMINGS.readAfterMs)
    expect(await reportedStatus(client, sent)).toBe('revoke')
    expect((await client.revokeMessages([sent])).outcomes[0]).toMatchObject({ result: 'refused' })
  })

  it('cancel: only while pending at the gateway; reports and tracking say cancel', async () => {
    const client = clientFor()
    await client.changeTrackingUrl('http://127.0.0.1:9/track')
    await control.act(token, 'offline')
    const [first, second] = [await sendTo(client, '08123000711'), await sendTo(client, '08123000712')]

    const cancelled = await client.cancelMessages([first, 'not-a-message-id'])
    expect(cancelled.messages).toEqual(['Message is canceled and waiting to be processed'])
    expect(cancelled.outcomes).toEqual([
      { id: first, result: 'cancelled', gatewayStatus: 'cancel', phone: '628123000711' },
      {
        id: 'not-a-message-id',
        result: 'refused',
        gatewayMessage: 'Id Invalid or message is not pending anymore'
      }
    ])
    expect(await reportedStatus(client, first)).toBe('cancel')
    expect((await client.reportMessages({ status: 'cancel' })).items.map((item) => item.id)).toEqual([first])
    expect(await trackedStatuses(first)).toEqual(['cancel'])
    expect((await client.cancelMessages([first])).outcomes).toEqual([
      { id: first, result: 'refused', gatewayMessage: 'Id Invalid or message is not pending anymore' }
    ])

    // Once the device is back and the message has left, it is no longer pending: cancel is refused.
    await control.act(token, 'online')
    await t.clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    expect(await reportedStatus(client, second)).toBe('sent')
    expect((await client.cancelMessages([second])).outcomes[0]).toMatchObject({ result: 'refused' })
    // The cancelled one never went out.
    expect(await reportedStatus(client, first)).toBe('cancel')
  })

  it('cancel-all: every message pending for this device, counted, and nothing else', async () => {
    const client = clientFor()
    const other = (await control.createDevice({ linked: true, sender: '081100002222' })).token
    await control.act(token, 'offline')
    await control.act(other, 'offline')
    const ids = [
      await sendTo(client, '08123000721'),
      await sendTo(client, '08123000722'),
      await sendTo(client, '08123000723')
    ]
    const othersId = await sendTo(clientFor({ token: other }), '08123000724')
    await client.cancelMessages([ids[0] ?? ''])

    const result = await client.cancelAllMessages()
    expect(result).toEqual({
      cancelledIds: [ids[1], ids[2]],
      count: 2,
      message: 'Cancel 2 pending messages'
    })
    for (const id of ids) expect(await reportedStatus(client, id)).toBe('cancel')
    expect(await reportedStatus(clientFor({ token: other }), othersId)).toBe('pending')
    expect(await client.cancelAllMessages()).toEqual({
      cancelledIds: [],
      count: 0,
      message: 'Cancel 0 pending messages'
    })
  })

  it('resend: a message the gateway failed goes out again; a sent one is refused', async () => {
    const client = clientFor()
    await client.blacklist('08123000731')
    const failed = await sendTo(client, '08123000731', 'invoice')
    const delivered = await sendTo(client, '08123000732', 'invoice')
    await t.clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    // The hosted word for the gateway's failure, as reports carry it.
    expect(await reportedStatus(client, failed)).toBe('reject')
    expect(await reportedStatus(client, delivered)).toBe('sent')
    await client.unblacklist('08123000731')

    const result = await client.resendMessages([failed, delivered])
    expect(result).toMatchObject({
      action: 'resend',
      messages: ['Resend Message is pending and waiting to be processed'],
      quota: (await control.device(token)).quota,
      stoppedBy: null
    })
    expect(result.outcomes).toEqual([
      { id: failed, result: 'resent', gatewayStatus: 'pending', phone: '628123000731' },
      { id: delivered, result: 'refused', gatewayMessage: 'Id Invalid or message can not be resent' }
    ])
    expect(await reportedStatus(client, failed)).toBe('pending')
    await t.clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    expect(await reportedStatus(client, failed)).toBe('sent')
  })

  it('a long list goes as several calls the sandbox answers one by one', async () => {
    const client = clientFor()
    await control.act(token, 'offline')
    const ids = (await client.sendText({ phone: ['08123000741', '08123000742'], message: 'x' })).messages.map(
      (message) => message.id
    )
    const unknownIds = Array.from({ length: 120 }, (_, index) => `missing-${index}`)
    requests.length = 0
    const result = await client.cancelMessages([...unknownIds, ...ids])
    expect(requests.filter((request) => request.url.includes('/api/cancel-message'))).toHaveLength(2)
    expect(result.outcomes.filter((outcome) => outcome.result === 'refused')).toHaveLength(120)
    expect(result.outcomes.slice(120).map((outcome) => outcome.result)).toEqual(['cancelled', 'cancelled'])
  })

  it('a rate limit on the first call rejects typed, and nothing changed', async () => {
    await control.act(token, 'offline')
    const client = clientFor()
    const id = await sendTo(client, '08123000751')
    await control.addFault({ path: '/api/cancel-message', kind: 'rate-limit', retryAfterSec: 4 })
    const error = await failure(client.cancelMessages([id]))
    expect([error.code, error.retryAfterMs]).toEqual(['rate_limited', 4_000])
    expect(await reportedStatus(client, id)).toBe('pending')
  })
})
