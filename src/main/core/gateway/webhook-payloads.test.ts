// Every documented webhook shape (gateway-api.md §5.2, §5.4, §5.5) read into its event, and garbage refused by type.
import { describe, expect, it } from 'vitest'
import { parseWebhook, webhookTime, type WebhookEvent, type WebhookParse } from './webhook-payloads'

const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

function eventOf(parse: WebhookParse): WebhookEvent {
  if (!parse.ok) throw new Error(`refused: ${parse.refusal.code} ${parse.refusal.detail}`)
  return parse.event
}

/** The current JSON sample of §5.2, a private chat. */
const currentPrivate = {
  id: '809DE6896F2203BC4D8D2A67C2A5E9C1',
  pushName: 'Budi',
  isGroup: false,
  group: { sender: '', subject: '', owner: '', desc: '', participants: null },
  message: 'Halo, stok masih ada?',
  phone: '6281234567890',
  messageType: 'text',
  file: '',
  url: '',
  mimeType: '',
  deviceId: 'A0HDJU',
  sender: '6285700000001',
  isFromMe: false,
  timestamp: '2021-03-31T02:15:45Z',
  profileImage: ''
}

function multipart(fields: Record<string, string>): { type: string; body: string } {
  const boundary = '----sd-boundary-42'
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  )
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` }
}

describe('incoming message (§5.2)', () => {
  it('current JSON, private chat: sender, device, text, time, and the message id as identity', async () => {
    const event = eventOf(await parseWebhook('incoming', JSON_TYPE, JSON.stringify(currentPrivate)))
    expect(event).toEqual({
      kind: 'incoming',
      identity: 'incoming:A0HDJU/809DE6896F2203BC4D8D2A67C2A5E9C1',
      messageId: '809DE6896F2203BC4D8D2A67C2A5E9C1',
      deviceSerial: 'A0HDJU',
      devicePhone: '6285700000001',
      chatId: '6281234567890',
      isGroup: false,
      groupSubject: null,
      groupMember: null,
      pushName: 'Budi',
      text: 'Halo, stok masih ada?',
      messageType: 'text',
      media: null,
      sentAt: Date.UTC(2021, 2, 31, 2, 15, 45),
      isFromMe: false,
      shape: 'current'
    })
  })

  it('current JSON, group with media: the group id is the chat, group.sender the member, the caption the text', async () => {
    const body = {
      ...currentPrivate,
      isGroup: true,
      phone: '120363210179095768',
      group: {
        sender: '6281298765432',
        subject: 'Reseller Jakarta',
        owner: '6281111111111',
        desc: '',
        participants: [{ jid: '6281298765432@s.whatsapp.net', is_admin: false }]
      },
      message: 'foto katalog',
      messageType: 'image',
      file: '3EB0A1.jpg',
      url: 'https://solo.wablas.com/image/3EB0A1.jpg',
      mimeType: 'image/jpeg'
    }
    const event = eventOf(await parseWebhook('incoming', JSON_TYPE, JSON.stringify(body)))
    expect(event).toMatchObject({
      chatId: '120363210179095768',
      isGroup: true,
      groupSubject: 'Reseller Jakarta',
      groupMember: '6281298765432',
      text: 'foto katalog',
      messageType: 'image',
      media: { url: 'https://solo.wablas.com/image/3EB0A1.jpg', file: '3EB0A1.jpg', mimeType: 'image/jpeg' }
    })
  })

  it.each([
    ['true', true],
    [1, true],
    ['1', true],
    [true, true],
    ['false', false],
    [0, false]
  ])('isFromMe %j reads as %s', async (value, expected) => {
    const body = JSON.stringify({ ...currentPrivate, isFromMe: value })
    expect(eventOf(await parseWebhook('incoming', JSON_TYPE, body))).toMatchObject({ isFromMe: expected })
  })

  it('a phone posted as a JSON number, and an 08… number, come out as 62… text', async () => {
    const body = JSON.stringify({ ...currentPrivate, phone: 6281335614467, sender: '085700000001' })
    expect(eventOf(await parseWebhook('incoming', JSON_TYPE, body))).toMatchObject({
      chatId: '6281335614467',
      devicePhone: '6285700000001'
    })
  })

  it('intermediate JSON (~2022): numeric sender and timestamp, no deviceId', async () => {
    const body = {
      id: 'ABCD1234',
      pushName: 'Sari',
      isGroup: false,
      group: { subject: '', owner: '', desc: '' },
      message: 'invoice.pdf',
      phone: '6281200000002',
      messageType: 'document',
      file: 'invoice.pdf',
      mimeType: 'application/pdf',
      sender: 6285700000001,
      timestamp: 1617156945
    }
    const event = eventOf(await parseWebhook('incoming', JSON_TYPE, JSON.stringify(body)))
    expect(event).toMatchObject({
      identity: 'incoming:/ABCD1234',
      deviceSerial: null,
      devicePhone: '6285700000001',
      messageType: 'document',
      media: { url: null, file: 'invoice.pdf', mimeType: 'application/pdf' },
      sentAt: 1617156945 * 1000,
      shape: 'intermediate'
    })
  })

  it('legacy form POST, private image: `image` is the file name, the time unix seconds', async () => {
    const body = new URLSearchParams({
      id: 'LEGACY1',
      phone: '6281200000003',
      message: 'lihat ini',
      pushName: 'Andi',
      groupId: '',
      groupSubject: '',
      timestamp: '1617156945',
      image: 'IMG-1.jpg',
      file: '',
      url: 'https://solo.wablas.com/image/IMG-1.jpg',
      receiver: '6285700000001'
    }).toString()
    expect(eventOf(await parseWebhook('incoming', FORM_TYPE, body))).toMatchObject({
      chatId: '6281200000003',
      isGroup: false,
      devicePhone: '6285700000001',
      messageType: 'image',
      media: { file: 'IMG-1.jpg', url: 'https://solo.wablas.com/image/IMG-1.jpg' },
      sentAt: 1617156945 * 1000,
      shape: 'legacy'
    })
  })

  it('legacy form POST in a group: groupId is the chat and phone the member who wrote', async () => {
    const body = new URLSearchParams({
      id: 'LEGACY2',
      phone: '6281200000004',
      message: 'siap',
      pushName: 'Rina',
      groupId: '6287817274185-1632192971',
      groupSubject: 'Tim Gudang',
      timestamp: '1617156945'
    }).toString()
    expect(eventOf(await parseWebhook('incoming', FORM_TYPE, body))).toMatchObject({
      chatId: '6287817274185-1632192971',
      isGroup: true,
      groupSubject: 'Tim Gudang',
      groupMember: '6281200000004',
      messageType: 'text'
    })
  })

  it('a form with PHP-style nested group fields, and the same as multipart', async () => {
    const fields = {
      id: 'FORM3',
      phone: '120363210179095768',
      isGroup: 'true',
      'group[subject]': 'Grosir',
      'group[sender]': '6281200000005',
      message: 'ok',
      deviceId: 'A0HDJU',
      isFromMe: '1',
      timestamp: '2024-01-22T04:56:02.41114184Z'
    }
    const expected = {
      chatId: '120363210179095768',
      isGroup: true,
      groupSubject: 'Grosir',
      groupMember: '6281200000005',
      isFromMe: true,
      sentAt: Date.parse('2024-01-22T04:56:02.411Z')
    }
    const form = new URLSearchParams(fields).toString()
    expect(eventOf(await parseWebhook('incoming', FORM_TYPE, form))).toMatchObject(expected)
    const { type, body } = multipart(fields)
    expect(eventOf(await parseWebhook('incoming', type, body))).toMatchObject(expected)
  })

  it('JSON labelled text/plain or unlabelled is read as JSON (the relay accepts it so)', async () => {
    const body = JSON.stringify(currentPrivate)
    expect(eventOf(await parseWebhook('incoming', 'text/plain; charset=utf-8', body)).kind).toBe('incoming')
    expect(eventOf(await parseWebhook('incoming', '', body)).kind).toBe('incoming')
  })
})

describe('tracking (§5.4)', () => {
  it('the documented fields, status lower-cased, identity by gateway id and status', async () => {
    const body = {
      id: '5be46e84-650c-4ba1-a1a6-5647d358c43a',
      phone: '6281234567890',
      status: 'Delivered',
      note: '',
      deviceId: 'A0HDJU',
      sender: '6285700000001'
    }
    expect(eventOf(await parseWebhook('tracking', JSON_TYPE, JSON.stringify(body)))).toEqual({
      kind: 'tracking',
      identity: 'tracking:5be46e84-650c-4ba1-a1a6-5647d358c43a/delivered',
      gatewayMessageId: '5be46e84-650c-4ba1-a1a6-5647d358c43a',
      status: 'delivered',
      phone: '6281234567890',
      note: null,
      deviceSerial: 'A0HDJU',
      at: null
    })
  })

  it('the live-traffic DTO with message and timestamp, and the form-POST variant', async () => {
    const live = {
      id: 'u-1',
      phone: 6281234567890,
      status: 'read',
      message: 'hi',
      timestamp: '2024-01-22 04:56:02'
    }
    expect(eventOf(await parseWebhook('tracking', JSON_TYPE, JSON.stringify(live)))).toMatchObject({
      status: 'read',
      phone: '6281234567890',
      at: Date.parse('2024-01-22 04:56:02')
    })
    const form = new URLSearchParams({
      id: 'u-2',
      status: 'reject',
      note: 'number not on WhatsApp'
    }).toString()
    expect(eventOf(await parseWebhook('tracking', FORM_TYPE, form))).toMatchObject({
      identity: 'tracking:u-2/reject',
      note: 'number not on WhatsApp'
    })
  })
})

describe('device status (§5.5)', () => {
  it('disconnected with its note, identity by device, status and time as posted', async () => {
    const body = {
      deviceId: 'A0HDJU',
      deviceName: 'Toko Budi',
      sender: '6285700000001',
      status: 'disconnected',
      note: 'whatsapp sender not connected, need scan qr code again',
      timestamp: '2024-01-22T04:56:02.41114184Z'
    }
    expect(eventOf(await parseWebhook('device', JSON_TYPE, JSON.stringify(body)))).toEqual({
      kind: 'device',
      identity: 'device:A0HDJU/disconnected/2024-01-22T04:56:02.41114184Z',
      deviceSerial: 'A0HDJU',
      deviceName: 'Toko Budi',
      devicePhone: '6285700000001',
      status: 'disconnected',
      connection: 'disconnected',
      note: 'whatsapp sender not connected, need scan qr code again',
      at: Date.parse('2024-01-22T04:56:02.411Z')
    })
  })

  it('connected, ready to use', async () => {
    const body = JSON.stringify({
      deviceId: 'A0HDJU',
      status: 'connected',
      note: 'ready to use',
      timestamp: ''
    })
    expect(eventOf(await parseWebhook('device', JSON_TYPE, body))).toMatchObject({
      connection: 'connected',
      identity: 'device:A0HDJU/connected/',
      at: null
    })
  })
})

describe('garbage is a typed refusal, never a throw', () => {
  it.each([
    ['incoming', JSON_TYPE, '', 'empty'],
    ['incoming', JSON_TYPE, '   ', 'empty'],
    ['incoming', JSON_TYPE, '{"id": "x"', 'bad-json'],
    ['incoming', JSON_TYPE, '[1,2]', 'bad-json'],
    ['incoming', JSON_TYPE, 'null', 'bad-json'],
    ['incoming', 'text/xml', '<a/>', 'unsupported-type'],
    ['incoming', 'multipart/form-data', 'no boundary', 'bad-form'],
    ['incoming', JSON_TYPE, '{"phone": "6281"}', 'bad-fields'],
    ['incoming', JSON_TYPE, '{"id": "", "phone": "6281"}', 'bad-fields'],
    ['incoming', JSON_TYPE, '{"id": {"a":1}, "phone": "6281"}', 'bad-fields'],
    ['tracking', JSON_TYPE, '{"id": "u-1"}', 'bad-fields'],
    ['tracking', FORM_TYPE, 'status=read', 'bad-fields'],
    ['device', JSON_TYPE, '{"status": "connected"}', 'bad-fields']
  ] as const)('%s %s %j → %s', async (kind, type, body, code) => {
    const parse = await parseWebhook(kind, type, body)
    expect(parse.ok).toBe(false)
    if (!parse.ok) {
      expect(parse.refusal.code).toBe(code)
      expect(parse.refusal.detail.length).toBeGreaterThan(0)
    }
  })

  it('odd values in optional fields are dropped, not fatal', async () => {
    const body = JSON.stringify({
      ...currentPrivate,
      pushName: { x: 1 },
      group: 'nope',
      isFromMe: 'maybe',
      timestamp: 'soon'
    })
    expect(eventOf(await parseWebhook('incoming', JSON_TYPE, body))).toMatchObject({
      pushName: null,
      isFromMe: false,
      sentAt: null
    })
  })
})

describe('webhookTime', () => {
  it('reads ISO with nanoseconds, unix seconds, milliseconds and numeric strings; nothing else', () => {
    expect(webhookTime('2021-03-31T02:15:45Z')).toBe(Date.UTC(2021, 2, 31, 2, 15, 45))
    expect(webhookTime(1617156945)).toBe(1617156945000)
    expect(webhookTime(1617156945123)).toBe(1617156945123)
    expect(webhookTime('1617156945')).toBe(1617156945000)
    expect(webhookTime('')).toBeNull()
    expect(webhookTime('yesterday')).toBeNull()
    expect(webhookTime(-5)).toBeNull()
    expect(webhookTime(null)).toBeNull()
  })
})
