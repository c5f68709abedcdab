// Reports: report/message filters and paging, report-realtime (today only, by id) with its duplicate `message` key.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let token: string
let sender: string

beforeEach(async () => {
  t = await openSandbox({ timings: { sentAfterMs: 1_000, deliveredAfterMs: 1_000, readAfterMs: 1_000 } })
  token = t.sandbox.world.createDevice({ linked: true, quota: 'unlimited' }).token
  sender = t.sandbox.world.device(token).sender
})
afterEach(() => t.close())

async function send(phone: string, message: string, refId: string): Promise<string> {
  const res = await t.call('/api/send-message', {
    token,
    method: 'POST',
    body: form({ phone, message, ref_id: refId })
  })
  return res.body.data.messages[0].id
}

describe('report/message', () => {
  it('answers the legacy report?from=&to= with the days in the range, limit as perPage', async () => {
    const DAY_MS = 24 * 60 * 60 * 1000
    await send('0812345670', 'day one', 'd1')
    await t.clock.advance(DAY_MS)
    const second = await send('0812345671', 'day two', 'd2')
    await t.clock.advance(DAY_MS)
    const third = await send('0812345672', 'day three', 'd3')
    const res = await t.call('/api/report?from=2026-01-16&to=2026-01-17&limit=1', { token })
    expect(res.body).toMatchObject({ status: true, totalData: 2, perPage: 1, totalPage: 2 })
    expect(res.body.message.map((item: { id: string }) => item.id)).toEqual([third])
    const dayTwo = await t.call('/api/report?from=2026-01-16&to=2026-01-16&page=1', { token })
    expect(dayTwo.body.message.map((item: { id: string }) => item.id)).toEqual([second])
  })

  it('finds a message by ref_id and tells what happened to it', async () => {
    const id = await send('0812345678', 'Your order shipped', 'order-1')
    await send('0812345679', 'Other', 'order-2')
    await t.clock.advance(1_500)
    const res = await t.call('/api/report/message?ref_id=order-1', { token })
    expect(res.body).toEqual({
      status: true,
      totalData: 1,
      perPage: 10,
      page: 1,
      totalPage: 1,
      message: [
        {
          id,
          phone: { from: sender, to: '62812345678' },
          category: 'text',
          text: 'Your order shipped',
          URL_file: null,
          status: 'sent',
          type: 'agent',
          ref_id: 'order-1',
          note: 'message sent to whatsapp',
          date: { created_at: '2026-01-15 10:00:00', updated_at: '2026-01-15 10:00:01' }
        }
      ]
    })
  })

  it('filters by status, phone, date, message_id, text and type; pages newest first', async () => {
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(await send(`081234567${i}`, `note ${i}`, `r${i}`))
      await t.clock.advance(10_000)
    }
    await t.call('/api/send-image', {
      token,
      method: 'POST',
      body: form({ phone: '0812345670', image: 'https://x.test/p.png', caption: 'pic' })
    })
    const query = async (
      q: string
    ): Promise<{ total: number; ids: string[]; body: Record<string, unknown> }> => {
      const res = await t.call(`/api/report/message?${q}`, { token })
      return {
        total: res.body.totalData,
        ids: res.body.message.map((m: { id: string }) => m.id),
        body: res.body
      }
    }
    expect((await query('status=read')).total).toBe(5)
    expect((await query('status=pending')).total).toBe(1)
    expect((await query('phone=0812345670')).total).toBe(2)
    expect((await query('date=2026-01-15')).total).toBe(6)
    expect((await query('date=2026-01-14')).total).toBe(0)
    expect((await query(`message_id=${ids[1]},${ids[3]}`)).ids).toEqual([ids[3], ids[1]])
    expect((await query('text=NOTE 2')).ids).toEqual([ids[2]])
    const image = await query('type=image')
    expect(image.total).toBe(1)
    expect((image.body.message as { URL_file: string }[])[0]?.URL_file).toBe('https://x.test/p.png')

    const page = await query('perPage=2&page=2&type=text')
    expect(page.body).toMatchObject({ totalData: 5, perPage: 2, page: 2, totalPage: 3 })
    expect(page.ids).toEqual([ids[2], ids[1]])
  })

  it('covers one device, or every device with device=all', async () => {
    await send('0812345678', 'mine', 'x')
    const other = t.sandbox.world.createDevice({ linked: true }).token
    await t.call('/api/send-message', {
      token: other,
      method: 'POST',
      body: form({ phone: '0812345678', message: 'theirs' })
    })
    expect((await t.call('/api/report/message', { token })).body.totalData).toBe(1)
    expect((await t.call('/api/report/message?device=all', { token })).body.totalData).toBe(2)
  })
})

describe('report-realtime', () => {
  it('lists today only, keeps the duplicate message key, filters by message_id and pages by limit', async () => {
    await send('0812345678', 'yesterday', 'y')
    await t.clock.advance(24 * 60 * 60 * 1000)
    const a = await send('0812345678', 'a', 'a')
    const b = await send('0812345679', 'b', 'b')
    const c = await send('0812345670', 'c', 'c')

    const res = await t.call('/api/report-realtime', { token })
    expect(res.text).toContain('"message":"success, report only today"')
    expect(res.body).toMatchObject({
      status: true,
      device_id: t.sandbox.world.device(token).serial,
      totalData: 3
    })
    expect(res.body.message.map((m: { id: string }) => m.id)).toEqual([c, b, a])
    expect(res.body.message[0]).toMatchObject({
      phone: { from: sender, to: '62812345670' },
      message: 'c',
      status: 'pending',
      category: 'text',
      ref_id: 'c'
    })

    const byId = await t.call(`/api/report-realtime?message_id=${a},${c}`, { token })
    expect(byId.body.message.map((m: { id: string }) => m.id)).toEqual([c, a])
    const paged = await t.call('/api/report-realtime?limit=2&page=2', { token })
    expect(paged.body).toMatchObject({ page: 2, totalPage: 2, totalData: 3 })
    expect(paged.body.message.map((m: { id: string }) => m.id)).toEqual([a])
  })
})
