// Webhooks from the sandbox to a receiver this test starts (node:http on 127.0.0.1): both kinds with exactly the
// documented fields, "Get Incoming Message" on/off, retries with backoff on the clock, and auto reply from webhook.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'
import { GATEWAY_MESSAGES } from './rejections'

const INCOMING_FIELDS = [
  'deviceId',
  'file',
  'group',
  'id',
  'isFromMe',
  'isGroup',
  'message',
  'messageType',
  'mimeType',
  'phone',
  'profileImage',
  'pushName',
  'sender',
  'timestamp',
  'url'
]
const GROUP_FIELDS = ['desc', 'owner', 'participants', 'sender', 'subject']
const TRACKING_FIELDS = ['deviceId', 'id', 'note', 'phone', 'sender', 'status']

let t: TestSandbox
let receiver: WebhookReceiver
let token: string
let serial: string
let sender: string

beforeEach(async () => {
  receiver = await startWebhookReceiver()
  t = await openSandbox({
    timings: { sentAfterMs: 1_000, deliveredAfterMs: 1_000, readAfterMs: 1_000 },
    webhookBackoffMs: [5_000, 30_000]
  })
  const created = t.sandbox.world.createDevice({ linked: true, quota: 50 })
  token = created.token
  serial = created.serial
  sender = t.sandbox.world.device(token).sender
})
afterEach(async () => {
  await t.close()
  await receiver.close()
})

const post = (path: string, fields: Record<string, string>): ReturnType<TestSandbox['call']> =>
  t.call(path, { token, method: 'POST', body: form(fields) })

async function hooksOn(): Promise<void> {
  expect(
    (await post('/api/device/change-webhook-url', { webhook_url: `${receiver.url}/in` })).body.status
  ).toBe(true)
  expect(
    (await post('/api/device/change-tracking-url', { tracking_url: `${receiver.url}/track` })).body.status
  ).toBe(true)
  expect((await post('/api/device/incoming', { incoming: 'active' })).body).toEqual({
    status: true,
    message: 'incoming message successfully activated'
  })
}

const posted = (path: string): Record<string, unknown>[] =>
  receiver.requests.filter((r) => r.path === path).map((r) => r.json as Record<string, unknown>)

describe('incoming-message webhook', () => {
  it('POSTs JSON with exactly the documented fields for a private chat and a group', async () => {
    receiver.route('POST /in', { status: 200, headers: { 'content-type': 'text/plain' }, body: 'OK' })
    await hooksOn()
    const incoming = t.sandbox.world.deliverIncoming(token, {
      from: '0812 777 888',
      message: 'Halo, toko buka?',
      pushName: 'Budi'
    })
    await vi.waitFor(() => expect(posted('/in')).toHaveLength(1))
    const request = receiver.requests.find((r) => r.path === '/in')!
    expect(request.method).toBe('POST')
    expect(request.contentType).toBe('application/json')
    const body = posted('/in')[0]!
    expect(Object.keys(body).sort()).toEqual(INCOMING_FIELDS)
    expect(body).toEqual({
      id: incoming.id,
      pushName: 'Budi',
      isGroup: false,
      group: { sender: '', subject: '', owner: '', desc: '', participants: null },
      message: 'Halo, toko buka?',
      phone: '62812777888',
      messageType: 'text',
      file: '',
      url: '',
      mimeType: '',
      deviceId: serial,
      sender,
      isFromMe: false,
      timestamp: '2026-01-15T03:00:00Z',
      profileImage: ''
    })

    t.sandbox.world.deliverIncoming(token, {
      from: '0812777999',
      message: 'rapat jam 3',
      groupId: '120363210179095768',
      groupSubject: 'Tim Gudang'
    })
    await vi.waitFor(() => expect(posted('/in')).toHaveLength(2))
    const group = posted('/in')[1]!
    expect(Object.keys(group).sort()).toEqual(INCOMING_FIELDS)
    expect(Object.keys(group.group as object).sort()).toEqual(GROUP_FIELDS)
    expect(group).toMatchObject({
      // No name was given: the field is empty, not a made-up name every sandbox sender would share.
      pushName: '',
      isGroup: true,
      phone: '120363210179095768',
      group: {
        sender: '62812777999',
        subject: 'Tim Gudang',
        participants: [
          { jid: '62812777999@s.whatsapp.net', is_admin: true },
          { jid: `${sender}@s.whatsapp.net`, is_admin: false }
        ]
      }
    })
  })

  it('sends nothing while "Get Incoming Message" is off (anything but incoming=active turns it off)', async () => {
    receiver.route('POST /in', { body: 'OK', headers: { 'content-type': 'text/plain' } })
    await hooksOn()
    expect((await post('/api/device/incoming', { incoming: 'inactive' })).body.message).toBe(
      'incoming message successfully deactivated'
    )
    expect(t.sandbox.world.device(token)).toMatchObject({
      incomingWebhook: false,
      webhookUrl: `${receiver.url}/in`
    })
    const delivery = t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
    expect(delivery.webhookDeliveryId).toBeNull()
    await t.sandbox.world.webhooksSettled()
    expect(posted('/in')).toEqual([])
  })
})

describe('tracking webhook', () => {
  it('POSTs every status change with exactly id, phone, status, note, deviceId, sender', async () => {
    receiver.route('POST /track', { body: { ok: true } })
    await hooksOn()
    const sent = await post('/api/send-message', { phone: '0812345678', message: 'Pesanan dikirim' })
    const id: string = sent.body.data.messages[0].id
    await t.clock.advance(3_000)
    await vi.waitFor(() => expect(posted('/track')).toHaveLength(3))
    for (const body of posted('/track')) expect(Object.keys(body).sort()).toEqual(TRACKING_FIELDS)
    expect(posted('/track')).toEqual([
      {
        id,
        phone: '62812345678',
        status: 'sent',
        note: 'message sent to whatsapp',
        deviceId: serial,
        sender
      },
      {
        id,
        phone: '62812345678',
        status: 'received',
        note: "message delivered to the recipient's phone",
        deviceId: serial,
        sender
      },
      {
        id,
        phone: '62812345678',
        status: 'read',
        note: 'message read by the recipient',
        deviceId: serial,
        sender
      }
    ])
  })
})

describe("the dashboard's webhook URL fields", () => {
  it('can be emptied there (the API only sets a URL): a cleared tracking URL gets no more POSTs', async () => {
    receiver.route('POST /track', { body: { ok: true } })
    await hooksOn()
    expect((await post('/api/device/change-tracking-url', { tracking_url: '' })).body.status).toBe(false)
    const cleared = await t.call('/__sandbox/device/clear-webhook-urls', {
      token,
      method: 'POST',
      body: { fields: ['webhookUrl', 'trackingUrl'] }
    })
    expect(cleared.body).toMatchObject({ ok: true, device: { webhookUrl: null, trackingUrl: null } })
    await post('/api/send-message', { phone: '0812345678', message: 'Pesanan dikirim' })
    await t.clock.advance(3_000)
    await t.sandbox.world.webhooksSettled()
    expect(posted('/track')).toEqual([])
    const refused = await t.call('/__sandbox/device/clear-webhook-urls', {
      token,
      method: 'POST',
      body: { fields: ['statusUrl'] }
    })
    expect(refused.status).toBe(400)
  })
})

describe('retries and the inspector', () => {
  it('retries a failing receiver with backoff on the clock and keeps each attempt and answer', async () => {
    receiver.enqueue(
      { status: 500, body: 'boom', headers: { 'content-type': 'text/plain' } },
      { status: 200, body: 'thanks', headers: { 'content-type': 'text/plain' } }
    )
    await hooksOn()
    const { webhookDeliveryId } = t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
    await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.attempts).toHaveLength(1))
    let [delivery] = t.sandbox.world.webhookDeliveries(token)
    expect(delivery).toMatchObject({
      id: webhookDeliveryId,
      kind: 'incoming',
      url: `${receiver.url}/in`,
      state: 'pending',
      nextAttemptAt: '2026-01-15T03:00:05.000Z',
      attempts: [{ httpStatus: 500, error: 'HTTP 500', contentType: 'text/plain', body: 'boom' }]
    })
    expect(delivery?.payload).toMatchObject({ message: 'halo', phone: '62812777888' })

    await t.clock.advance(4_999)
    expect(receiver.requests.filter((r) => r.path === '/in')).toHaveLength(1)
    await t.clock.advance(1)
    await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('delivered'))
    ;[delivery] = t.sandbox.world.webhookDeliveries(token)
    expect(delivery?.attempts.map((a) => [a.at, a.httpStatus, a.body])).toEqual([
      ['2026-01-15T03:00:00.000Z', 500, 'boom'],
      ['2026-01-15T03:00:05.000Z', 200, 'thanks']
    ])
    expect(delivery?.nextAttemptAt).toBeNull()
  })

  it('gives up after the last backoff step when nobody listens', async () => {
    const url = receiver.url
    await receiver.close()
    await post('/api/device/change-webhook-url', { webhook_url: `${url}/in` })
    await post('/api/device/incoming', { incoming: 'active' })
    t.sandbox.world.receive(token, { from: '0812777888', message: 'anyone?' })
    const attempts = (): number => t.sandbox.world.webhookDeliveries(token)[0]?.attempts.length ?? 0
    await vi.waitFor(() => expect(attempts()).toBe(1))
    expect(t.sandbox.world.webhookDeliveries(token)[0]?.attempts[0]).toMatchObject({
      httpStatus: null,
      error: 'ECONNREFUSED'
    })
    await t.clock.advance(5_000)
    await vi.waitFor(() => expect(attempts()).toBe(2))
    await t.clock.advance(30_000)
    await vi.waitFor(() => expect(attempts()).toBe(3))
    expect(t.sandbox.world.webhookDeliveries(token)[0]).toMatchObject({
      state: 'failed',
      nextAttemptAt: null
    })
    receiver = await startWebhookReceiver()
  })
})

describe('auto reply from webhook', () => {
  const replies = (): { text: string | null; phone: string; endpoint: string; kind: string }[] =>
    t.sandbox.world
      .messages()
      .filter((m) => m.endpoint === 'webhook-reply')
      .map((m) => ({ text: m.text, phone: m.phone, endpoint: m.endpoint, kind: m.kind }))

  it('is off by default: the answer is only shown in the inspector', async () => {
    receiver.route('POST /in', { body: 'Terima kasih', headers: { 'content-type': 'text/plain' } })
    await hooksOn()
    t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
    await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('delivered'))
    expect(t.sandbox.world.webhookDeliveries(token)[0]).toMatchObject({
      replies: [],
      replyNote: { reason: 'reply-off' }
    })
    expect(replies()).toEqual([])
  })

  it('sends a text/plain answer back to the chat, JSON {data:[…]} as several, other JSON verbatim', async () => {
    await hooksOn()
    t.sandbox.world.setWebhookReply(token, true)
    receiver.enqueue(
      { body: 'Kami buka jam 8', headers: { 'content-type': 'text/plain; charset=utf-8' } },
      {
        body: {
          data: [
            { category: 'text', message: 'Katalog:' },
            { category: 'image', caption: 'Promo', urlFile: 'https://cdn.example.com/promo.jpg' }
          ]
        }
      },
      { body: { success: true } },
      { body: '', headers: { 'content-type': 'text/plain' } }
    )
    for (const message of ['jam buka?', 'katalog', 'x', 'y']) {
      t.sandbox.world.receive(token, { from: '0812777888', message })
      await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('delivered'))
    }
    expect(replies()).toEqual([
      { text: 'Kami buka jam 8', phone: '62812777888', endpoint: 'webhook-reply', kind: 'text' },
      { text: 'Katalog:', phone: '62812777888', endpoint: 'webhook-reply', kind: 'text' },
      { text: 'Promo', phone: '62812777888', endpoint: 'webhook-reply', kind: 'image' },
      { text: '{"success":true}', phone: '62812777888', endpoint: 'webhook-reply', kind: 'text' }
    ])
    const shown = t.sandbox.world.webhookDeliveries(token).map((d) => [d.replies, d.replyNote])
    expect(shown).toEqual([
      [[], { reason: 'no-reply-asked' }],
      [['{"success":true}'], null],
      [['Katalog:', 'image: https://cdn.example.com/promo.jpg'], null],
      [['Kami buka jam 8'], null]
    ])
  })

  it("names the gateway's own words when the gateway refuses the reply (quota spent)", async () => {
    await hooksOn()
    t.sandbox.world.setWebhookReply(token, true)
    t.sandbox.world.setQuota(token, 0)
    receiver.route('POST /in', { body: 'Terima kasih', headers: { 'content-type': 'text/plain' } })
    t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
    await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('delivered'))
    expect(t.sandbox.world.webhookDeliveries(token)[0]).toMatchObject({
      replies: [],
      replyNote: { reason: 'gateway-refused', gatewaySaid: GATEWAY_MESSAGES.quotaExhausted }
    })
    expect(replies()).toEqual([])
  })
})

describe('device-status webhook (§5.5)', () => {
  const STATUS_FIELDS = ['deviceId', 'deviceName', 'note', 'sender', 'status', 'timestamp']

  it('POSTs connected/disconnected in the documented shape to the URL set by the control route', async () => {
    receiver.route('POST /status', { body: 'OK', headers: { 'content-type': 'text/plain' } })
    const set = await t.call('/__sandbox/device/status-url', {
      token,
      method: 'POST',
      body: { url: `${receiver.url}/status` }
    })
    expect(set.body).toMatchObject({ ok: true, device: { statusUrl: `${receiver.url}/status` } })
    const statuses = () => receiver.requests.filter((r) => r.path === '/status').map((r) => r.json)

    // The phone logs the device out.
    await t.call('/__sandbox/device/logout', { token, method: 'POST' })
    await vi.waitFor(() => expect(statuses()).toHaveLength(1))
    expect(Object.keys(statuses()[0] as object).sort()).toEqual(STATUS_FIELDS)
    expect(statuses()[0]).toEqual({
      deviceId: serial,
      deviceName: expect.any(String),
      sender,
      status: 'disconnected',
      note: 'whatsapp sender not connected, need scan qr code again',
      timestamp: '2026-01-15T03:00:00.000Z'
    })

    // Scanned again: connected (the device was activated before).
    await t.clock.advance(1_500)
    await t.call('/api/device/scan', { token })
    await t.call('/__sandbox/device/scan', { token, method: 'POST' })
    await vi.waitFor(() => expect(statuses()).toHaveLength(2))
    expect(statuses()[1]).toMatchObject({
      status: 'connected',
      note: 'ready to use',
      timestamp: '2026-01-15T03:00:01.500Z'
    })

    // The gateway's own disconnect.
    await post('/api/device/disconnect', {})
    await vi.waitFor(() => expect(statuses()).toHaveLength(3))
    expect(statuses()[2]).toMatchObject({ status: 'disconnected' })
    expect(t.sandbox.world.webhookDeliveries(token).filter((d) => d.kind === 'device')).toHaveLength(3)

    // Removed: no more status POSTs.
    await t.call('/__sandbox/device/status-url', { token, method: 'POST', body: { url: null } })
    await t.call('/api/device/scan', { token })
    await t.call('/__sandbox/device/scan', { token, method: 'POST' })
    await t.sandbox.world.webhooksSettled()
    expect(statuses()).toHaveLength(3)
  })

  it('posts nothing without a status URL (the hosted gateway sets it in its dashboard only)', async () => {
    await t.call('/__sandbox/device/logout', { token, method: 'POST' })
    await t.sandbox.world.webhooksSettled()
    expect(t.sandbox.world.webhookDeliveries(token)).toEqual([])
  })
})

describe('the retry knob', () => {
  async function failingDelivery(options: Parameters<typeof openSandbox>[0]): Promise<TestSandbox> {
    const sandbox = await openSandbox(options)
    const device = sandbox.sandbox.world.createDevice({ linked: true }).token
    await sandbox.call('/api/device/change-webhook-url', {
      token: device,
      method: 'POST',
      body: form({ webhook_url: `${receiver.url}/in` })
    })
    sandbox.sandbox.world.setIncomingWebhook(device, true)
    receiver.route('POST /in', { status: 500, body: 'down' })
    sandbox.sandbox.world.receive(device, { from: '0812777888', message: 'halo' })
    await vi.waitFor(() => expect(sandbox.sandbox.world.webhookDeliveries()[0]?.attempts).toHaveLength(1))
    return sandbox
  }

  it('none: one attempt, then failed, as the hosted gateway is assumed to do', async () => {
    const none = await failingDelivery({ webhookRetry: 'none' })
    try {
      expect(none.sandbox.world.webhookDeliveries()[0]).toMatchObject({
        state: 'failed',
        nextAttemptAt: null
      })
      await none.clock.advance(3_600_000)
      await none.sandbox.world.webhooksSettled()
      expect(receiver.requests.filter((r) => r.path === '/in')).toHaveLength(1)
    } finally {
      await none.close()
    }
  })

  it('a schedule: one more attempt after each wait, then failed', async () => {
    const scheduled = await failingDelivery({ webhookRetry: [1_000, 2_000] })
    try {
      expect(scheduled.sandbox.world.webhookDeliveries()[0]).toMatchObject({
        state: 'pending',
        nextAttemptAt: '2026-01-15T03:00:01.000Z'
      })
      await scheduled.clock.advance(1_000)
      await vi.waitFor(() => expect(scheduled.sandbox.world.webhookDeliveries()[0]?.attempts).toHaveLength(2))
      await scheduled.clock.advance(2_000)
      await vi.waitFor(() => expect(scheduled.sandbox.world.webhookDeliveries()[0]?.state).toBe('failed'))
      expect(scheduled.sandbox.world.webhookDeliveries()[0]?.attempts).toHaveLength(3)
    } finally {
      await scheduled.close()
    }
  })
})
