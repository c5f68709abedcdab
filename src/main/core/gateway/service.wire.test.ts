// The service operations (device/incoming, v2/autoreply, reminder) against a real loopback server: the exact request
// on the wire and the documented answers parsed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from './client'
import { MAX_KEYWORD_LENGTH } from '../../../shared/domain'
import { REMINDER_REPEAT_CASES } from '../../../shared/domain/repeat.cases'
import { gatewayRejection } from './testing/gateway-rejection'
import { SAMPLE_SECRET, SAMPLE_TOKEN } from './testing/samples'
import { startWireServer, type RecordedRequest, type WireServer } from './testing/wire-server'
import type { GatewayClient } from './types'

const CREDENTIAL = `${SAMPLE_TOKEN}.${SAMPLE_SECRET}`
const FORM = 'application/x-www-form-urlencoded'

let server: WireServer
let client: GatewayClient

beforeAll(async () => {
  server = await startWireServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.reset()
  client = createGatewayClient({ baseUrl: server.url, token: SAMPLE_TOKEN, secret: SAMPLE_SECRET })
})

function expectHeaderAuth(request: RecordedRequest): void {
  expect(request.headers.authorization).toBe(CREDENTIAL)
  expect(request.rawQuery).not.toContain('token=')
}

describe('device/incoming', () => {
  it('POSTs incoming=active to turn it on and incoming=inactive to turn it off', async () => {
    server.route('POST /api/device/incoming', {
      body: { status: true, message: 'incoming message activated' }
    })
    expect(await client.setIncoming(true)).toEqual({ message: 'incoming message activated' })
    expectHeaderAuth(server.last())
    expect(server.last().contentType).toBe(FORM)
    expect(server.last().rawBody.toString()).toBe('incoming=active')
    await client.setIncoming(false)
    expect(server.last().rawBody.toString()).toBe('incoming=inactive')
  })

  it('takes an answer without a message (the reference documents none) and reads a refusal', async () => {
    server.route('POST /api/device/incoming', { body: { status: true } })
    expect(await client.setIncoming(true)).toEqual({ message: '' })
    server.route('POST /api/device/incoming', { body: { status: false, message: 'token invalid' } })
    expect((await gatewayRejection(client.setIncoming(true))).code).toBe('token_invalid')
    expect((await gatewayRejection(client.setIncoming('yes' as never))).code).toBe('invalid_input')
  })
})

describe('v2/autoreply', () => {
  const created = {
    status: true,
    message: 'Auto reply created successfully',
    data: { id: 12, device: 'A5DOYJ', keyword: 'jam buka', response: 'Kami buka 08.00–17.00' }
  }

  it('create: POST JSON {keyword, response}, not wrapped in data; the id may come as a number', async () => {
    server.route('POST /api/v2/autoreply', { body: created })
    const reply = await client.createAutoReply({ keyword: ' jam buka ', response: 'Kami buka 08.00–17.00' })
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toBe('application/json')
    expect(request.json).toEqual({ keyword: 'jam buka', response: 'Kami buka 08.00–17.00' })
    expect(reply).toEqual({
      id: '12',
      device: 'A5DOYJ',
      keyword: 'jam buka',
      response: 'Kami buka 08.00–17.00',
      category: null,
      file: null
    })
  })

  it('update: PUT /api/v2/autoreply/{id}; delete: DELETE it', async () => {
    server.route('PUT /api/v2/autoreply/12', {
      body: {
        status: true,
        message: 'update autoreply keyword: buka successfully',
        data: { ...created.data, keyword: 'buka' }
      }
    })
    server.route('DELETE /api/v2/autoreply/12', {
      body: { status: true, message: 'remove autoreply keyword: buka successfully' }
    })
    expect((await client.updateAutoReply('12', { keyword: 'buka', response: 'x' })).keyword).toBe('buka')
    expect(server.last()).toMatchObject({ method: 'PUT', json: { keyword: 'buka', response: 'x' } })
    expect(await client.deleteAutoReply('12')).toEqual({
      message: 'remove autoreply keyword: buka successfully'
    })
    expect(server.last()).toMatchObject({
      method: 'DELETE',
      path: '/api/v2/autoreply/12',
      rawBody: Buffer.alloc(0)
    })
    expectHeaderAuth(server.last())
  })

  it('list: GET getData with an optional keyword; an empty answer is an empty list', async () => {
    server.route('GET /api/v2/autoreply/getData', {
      body: {
        status: true,
        message: 'sucessfully get autoreplies data',
        data: [
          {
            id: '12',
            device: 'A5DOYJ',
            keyword: 'jam buka',
            category: 'text',
            response: 'Kami buka',
            file: null
          }
        ]
      }
    })
    expect(await client.listAutoReplies()).toEqual([
      { id: '12', device: 'A5DOYJ', keyword: 'jam buka', response: 'Kami buka', category: 'text', file: null }
    ])
    expect(server.last().rawQuery).toBe('')
    await client.listAutoReplies({ keyword: 'jam buka' })
    expect(server.last().rawQuery).toBe('keyword=jam%20buka')
    server.route('GET /api/v2/autoreply/getData', { body: { status: true, message: 'no data', data: null } })
    expect(await client.listAutoReplies()).toEqual([])
  })

  it('refuses an empty keyword or response, an over-long response and a bad id before any request', async () => {
    for (const call of [
      client.createAutoReply({ keyword: ' ', response: 'x' }),
      client.createAutoReply({ keyword: 'k', response: '' }),
      client.createAutoReply({ keyword: 'k', response: 'x'.repeat(1025) }),
      client.updateAutoReply('1/2', { keyword: 'k', response: 'x' }),
      client.deleteAutoReply('')
    ]) {
      expect((await gatewayRejection(call)).code).toBe('invalid_input')
    }
    expect(server.requests).toHaveLength(0)
  })

  it('counts a keyword as the contract does: 100 emoji go to the gateway, 101 do not', async () => {
    const over = client.createAutoReply({ keyword: '😀'.repeat(MAX_KEYWORD_LENGTH + 1), response: 'r' })
    expect((await gatewayRejection(over)).code).toBe('invalid_input')
    expect(server.requests).toHaveLength(0)
    server.route('POST /api/v2/autoreply', { body: { status: false, message: 'stop here' } })
    await client
      .createAutoReply({ keyword: '😀'.repeat(MAX_KEYWORD_LENGTH), response: 'r' })
      .catch(() => null)
    expect(server.requests).toHaveLength(1)
  })
})

describe('reminders', () => {
  const data = {
    id: 77,
    phone: '6281234567890',
    title: 'Tagihan',
    message: 'Jangan lupa bayar',
    timezone: 'Asia/Jakarta',
    start_at: '2026-02-01 08:00:00',
    reminder_type: 'custom: send every 5 days'
  }
  const parsed = {
    id: '77',
    phone: '6281234567890',
    title: 'Tagihan',
    message: 'Jangan lupa bayar',
    timezone: 'Asia/Jakarta',
    startAt: '2026-02-01 08:00:00',
    reminderType: 'custom: send every 5 days'
  }

  it('create: POST /api/reminder form with start_date, periode and custom_day', async () => {
    server.route('POST /api/reminder', {
      body: {
        status: true,
        category: 'text',
        message: 'Reminder Messages is succesfully saved and waiting to be processed',
        data
      }
    })
    const reminder = await client.createReminder({
      phone: '0812-3456-7890',
      message: 'Jangan lupa bayar',
      startDate: '2026-02-01 08:00',
      periode: 'custom',
      customDay: 5,
      title: 'Tagihan'
    })
    const request = server.last()
    expectHeaderAuth(request)
    expect(request.contentType).toBe(FORM)
    expect(request.rawBody.toString()).toBe(
      'phone=6281234567890&message=Jangan+lupa+bayar&start_date=2026-02-01+08%3A00%3A00&title=Tagihan&periode=custom&custom_day=5'
    )
    expect(reminder).toEqual({
      ...parsed,
      gatewayMessage: 'Reminder Messages is succesfully saved and waiting to be processed'
    })
  })

  it('create: daily/monthly/yearly send no custom_day and no empty title', async () => {
    server.route('POST /api/reminder', {
      body: { status: true, message: 'ok', data: { ...data, title: '' } }
    })
    for (const periode of ['daily', 'monthly', 'yearly'] as const) {
      await client.createReminder({
        phone: '081234567890',
        message: 'x',
        startDate: '2026-02-01 08:00:00',
        periode
      })
      expect(server.last().form).toEqual({
        phone: '6281234567890',
        message: 'x',
        start_date: '2026-02-01 08:00:00',
        periode
      })
    }
  })

  it('update is a POST to /api/reminder/{id} (not PUT) without the period; info and delete', async () => {
    server.route('POST /api/reminder/77', {
      body: { status: true, message: 'Reminder Messages is succesfully updated', data }
    })
    server.route('GET /api/reminder/info/77', { body: { status: true, message: 'success', data } })
    server.route('DELETE /api/reminder/77', {
      body: { status: true, message: 'Reminder 77 is succesfully deleted' }
    })
    const updated = await client.updateReminder('77', {
      phone: '081234567890',
      message: 'Jangan lupa bayar',
      startDate: '2026-02-01 08:00:00',
      title: 'Tagihan'
    })
    expect(server.last()).toMatchObject({ method: 'POST', path: '/api/reminder/77' })
    expect(server.last().form).toEqual({
      phone: '6281234567890',
      message: 'Jangan lupa bayar',
      start_date: '2026-02-01 08:00:00',
      title: 'Tagihan'
    })
    expect(updated.gatewayMessage).toBe('Reminder Messages is succesfully updated')
    expect(await client.reminderInfo('77')).toEqual({ ...parsed, gatewayMessage: 'success' })
    expect(server.last()).toMatchObject({ method: 'GET', path: '/api/reminder/info/77' })
    expectHeaderAuth(server.last())
    expect(await client.deleteReminder('77')).toEqual({ message: 'Reminder 77 is succesfully deleted' })
    expect(server.last()).toMatchObject({ method: 'DELETE', path: '/api/reminder/77' })
  })

  it.each(REMINDER_REPEAT_CASES.map((c) => [c.periode, c.customDay, c.expected] as const))(
    'answers the shared repeat case %s every %s days → %s, refusing before sending',
    async (periode, customDay, expected) => {
      server.route('POST /api/reminder', { body: { status: true, message: 'ok', data } })
      const call = client.createReminder({
        phone: '081234567890',
        message: 'x',
        startDate: '2026-02-01 08:00:00',
        periode,
        ...(customDay !== undefined ? { customDay } : {})
      })
      if (expected === null) {
        await call
        expect(server.requests).toHaveLength(1)
      } else {
        expect((await gatewayRejection(call)).code).toBe('invalid_input')
        expect(server.requests).toHaveLength(0)
      }
    }
  )

  it('refuses bad dates, periods and phones, before sending', async () => {
    const base = { phone: '081234567890', message: 'x', startDate: '2026-02-01 08:00:00' }
    for (const call of [
      client.createReminder({ ...base, periode: 'weekly' as never }),
      client.createReminder({ ...base, startDate: '01/02/2026', periode: 'daily' }),
      client.createReminder({ ...base, phone: 'nobody', periode: 'daily' })
    ]) {
      expect((await gatewayRejection(call)).code).toBe('invalid_input')
    }
    expect(server.requests).toHaveLength(0)
    server.route('POST /api/reminder', {
      body: { status: true, message: 'ok', data: { ...data, custom_day: 1000 } }
    })
    await client.createReminder({ ...base, periode: 'custom', customDay: 1000 })
    expect(server.last().form?.custom_day).toBe('1000')
  })

  it('a reminder answer without data is a bad response; a refusal is classified', async () => {
    server.route('GET /api/reminder/info/9', { body: { status: true, message: 'ok' } })
    expect((await gatewayRejection(client.reminderInfo('9'))).code).toBe('bad_response')
    server.route('GET /api/reminder/info/9', {
      status: 400,
      body: { status: false, message: 'reminder 9 not found' }
    })
    expect((await gatewayRejection(client.reminderInfo('9'))).code).toBe('rejected')
  })
})

describe('contacts (v2/contact; contact delete)', () => {
  it('adds and updates as JSON under `data`, normalising numbers, and reads each contact’s outcome', async () => {
    server.route('POST /api/v2/contact', {
      body: {
        status: true,
        message: 'Successfully Add contact',
        data: {
          messages: [
            { phone: '6281377778888', message: 'Successfully Add contact', status: true },
            { phone: '6281200000001', message: '6281200000001 already add on contact', status: false }
          ]
        }
      }
    })
    expect(
      await client.addContacts([
        { name: ' Bu Dewi ', phone: '0813-7777-8888' },
        { name: 'Pak Budi', phone: '+62 812 0000 0001' }
      ])
    ).toEqual([
      { phone: '6281377778888', ok: true, message: 'Successfully Add contact' },
      { phone: '6281200000001', ok: false, message: '6281200000001 already add on contact' }
    ])
    expectHeaderAuth(server.last())
    expect(server.last().contentType).toContain('application/json')
    expect(JSON.parse(server.last().rawBody.toString())).toEqual({
      data: [
        { name: 'Bu Dewi', phone: '6281377778888' },
        { name: 'Pak Budi', phone: '6281200000001' }
      ]
    })

    server.route('POST /api/v2/contact/update', {
      body: {
        status: true,
        message: 'Successfully update contact',
        data: {
          messages: [{ phone: '6281399999999', message: 'contact 6281399999999 not found', status: false }]
        }
      }
    })
    expect(await client.updateContacts([{ name: 'X', phone: '081399999999' }])).toEqual([
      { phone: '6281399999999', ok: false, message: 'contact 6281399999999 not found' }
    ])
    expect(server.last().path).toBe('/api/v2/contact/update')
  })

  it('deletes by a comma-separated phone query on the v1 path, and lists a page', async () => {
    server.route('DELETE /api/contact', {
      body: { status: true, message: 'Successfully deleted contacts: 6281377778888, 6281200000001' }
    })
    expect(await client.deleteContacts(['0813 7777 8888', '6281200000001'])).toEqual({
      message: 'Successfully deleted contacts: 6281377778888, 6281200000001'
    })
    expectHeaderAuth(server.last())
    expect(new URLSearchParams(server.last().rawQuery).get('phone')).toBe('6281377778888,6281200000001')

    server.route('GET /api/v2/contact', {
      body: {
        status: true,
        totalData: 3,
        perPage: 2,
        page: 2,
        totalPage: 2,
        message: [
          { id: 9, phone: '6281377778888', email: '', name: 'Bu Dewi ', nickname: 'Bu', status: 'active' },
          { id: 10, phone: 6281200000001, name: null }
        ]
      }
    })
    expect(await client.listContacts({ page: 2, limit: 2 })).toEqual({
      contacts: [
        { phone: '6281377778888', name: 'Bu Dewi' },
        { phone: '6281200000001', name: '' }
      ],
      page: 2,
      totalPage: 2,
      totalData: 3
    })
    const query = new URLSearchParams(server.last().rawQuery)
    expect([query.get('page'), query.get('limit')]).toEqual(['2', '2'])
  })

  it('refuses before the wire what the gateway would refuse, and reads a refusal', async () => {
    expect((await gatewayRejection(client.addContacts([]))).code).toBe('invalid_input')
    expect((await gatewayRejection(client.addContacts([{ name: ' ', phone: '0813' }]))).code).toBe(
      'invalid_input'
    )
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `n${i}`, phone: `6281300000${100 + i}` }))
    expect((await gatewayRejection(client.addContacts(many))).code).toBe('invalid_input')
    expect(server.requests).toHaveLength(0)
    server.route('GET /api/v2/contact', { body: { status: false, message: 'token invalid' } })
    expect((await gatewayRejection(client.listContacts())).code).toBe('token_invalid')
  })
})
