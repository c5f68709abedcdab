// Schedules v1 and v2: create/update/cancel/delete responses, and firing on the clock as messages.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let token: string
const MINUTE = 60_000

// The fake clock starts at 2026-01-15 03:00:00 UTC = 10:00:00 in Asia/Jakarta.
beforeEach(async () => {
  t = await openSandbox({ timings: { sentAfterMs: 1_000, deliveredAfterMs: 1_000, readAfterMs: 1_000 } })
  token = t.sandbox.world.createDevice({ linked: true, quota: 20 }).token
})
afterEach(() => t.close())

const createV1 = (fields: Record<string, string>): ReturnType<TestSandbox['call']> =>
  t.call('/api/schedule', { token, method: 'POST', body: form(fields) })

describe('schedule v1', () => {
  it('answers flat with "phones list" and fires each recipient at the time, in the given zone', async () => {
    const res = await createV1({
      phone: '0812345678, 0812345679',
      message: 'Reminder',
      date: '2026-01-15',
      time: '10:30:00',
      timezone: 'Asia/Jakarta'
    })
    expect(res.body).toMatchObject({
      status: true,
      category: 'text',
      message: 'Scheduled Messages is succesfully saved and waiting to be processed',
      'phones list': ['0812345678', '0812345679']
    })
    expect(res.body.data).toBeUndefined()
    expect(res.body.messages).toEqual([
      expect.objectContaining({
        phone: '62812345678',
        message: 'Reminder',
        status: true,
        timezone: 'Asia/Jakarta',
        schedule_at: '2026-01-15 10:30:00'
      }),
      expect.objectContaining({ phone: '62812345679', schedule_at: '2026-01-15 10:30:00' })
    ])
    const ids: string[] = res.body.messages.map((m: { id: string }) => m.id)

    await t.clock.advance(30 * MINUTE - 1)
    expect(t.sandbox.world.messages()).toHaveLength(0)
    await t.clock.advance(1)
    const fired = t.sandbox.world.messages()
    expect(fired.map((m) => m.id)).toEqual(ids)
    expect(fired[0]).toMatchObject({
      status: 'pending',
      endpoint: 'schedule',
      scheduleId: ids[0],
      text: 'Reminder'
    })
    expect(t.sandbox.world.device(token).quota).toBe(18)
    await t.clock.advance(3_000)
    expect(t.sandbox.world.messages().map((m) => m.status)).toEqual(['read', 'read'])
  })

  it('takes other zones and legacy requests without a timezone (the device zone)', async () => {
    // 22:05 on the 14th in New York is 03:05 UTC on the 15th.
    await createV1({
      phone: '0812345678',
      message: 'ny',
      date: '2026-01-14',
      time: '22:05:00',
      timezone: 'America/New_York'
    })
    await createV1({ phone: '0812345678', message: 'legacy', date: '2026-01-15', time: '10:10' })
    await t.clock.advance(5 * MINUTE)
    expect(t.sandbox.world.messages().map((m) => m.text)).toEqual(['ny'])
    await t.clock.advance(5 * MINUTE)
    expect(t.sandbox.world.messages().map((m) => m.text)).toEqual(['ny', 'legacy'])
  })

  it('update moves the time; cancel stops it; delete removes it', async () => {
    const created = await createV1({
      phone: '0812345678',
      message: 'a',
      date: '2026-01-15',
      time: '10:05:00',
      timezone: 'Asia/Jakarta'
    })
    const id: string = created.body.messages[0].id
    const updated = await t.call(`/api/schedule/${id}`, {
      token,
      method: 'PUT',
      body: form({
        phone: '0812345670',
        message: 'b',
        date: '2026-01-15',
        time: '10:20:00',
        timezone: 'Asia/Jakarta'
      })
    })
    expect(updated.body).toMatchObject({
      status: true,
      id,
      category: 'text',
      message: 'Scheduled Messages is succesfully updated',
      timezone: 'Asia/Jakarta',
      schedule_at: '2026-01-15 10:20:00',
      device: { serial: t.sandbox.world.device(token).serial },
      'phones list': ['0812345670'],
      messages: 'b'
    })
    await t.clock.advance(10 * MINUTE)
    expect(t.sandbox.world.messages()).toHaveLength(0)
    await t.clock.advance(10 * MINUTE)
    expect(t.sandbox.world.messages()).toMatchObject([{ id, phone: '62812345670', text: 'b' }])

    const second = await createV1({
      phone: '0812345678',
      message: 'c',
      date: '2026-01-15',
      time: '11:00:00',
      timezone: 'Asia/Jakarta'
    })
    const secondId: string = second.body.messages[0].id
    const cancel = await t.call(`/api/schedule-cancel/${secondId}`, { token, method: 'PUT' })
    expect(cancel.body).toEqual({ status: true, message: 'schedule canceled successfully' })
    const again = await t.call(`/api/schedule/${secondId}`, {
      token,
      method: 'PUT',
      body: form({ message: 'd' })
    })
    expect(again.body).toEqual({ status: false, message: 'schedule already canceled' })
    await t.clock.advance(60 * MINUTE)
    expect(t.sandbox.world.messages()).toHaveLength(1)

    const removed = await t.call(`/api/schedule/${secondId}`, { token, method: 'DELETE' })
    expect(removed.body).toEqual({ status: true, message: 'schedule deleted successfully' })
    const missing = await t.call(`/api/schedule/${secondId}`, { token, method: 'DELETE' })
    expect(missing).toMatchObject({ status: 400, body: { status: false, message: 'schedule not found' } })
  })

  it('refuses bad dates, times in the past and unknown zones', async () => {
    const base = { phone: '0812345678', message: 'x', timezone: 'Asia/Jakarta' }
    expect((await createV1({ ...base, date: '2026-02-30', time: '10:00:00' })).body.message).toMatch(
      /format invalid/
    )
    expect((await createV1({ ...base, date: '2026-01-15', time: '09:00:00' })).body.message).toMatch(
      /later than now/
    )
    expect(
      (await createV1({ ...base, date: '2026-01-15', time: '11:00:00', timezone: 'Mars/Base' })).body.message
    ).toMatch(/timezone Mars\/Base invalid/)
    expect(t.sandbox.world.schedules()).toHaveLength(0)
  })

  it('a schedule due while the device needs a scan becomes a rejected message that says why', async () => {
    await createV1({
      phone: '0812345678',
      message: 'x',
      date: '2026-01-15',
      time: '10:01:00',
      timezone: 'Asia/Jakarta'
    })
    t.sandbox.world.logout(token)
    await t.clock.advance(MINUTE)
    expect(t.sandbox.world.messages()).toMatchObject([
      {
        status: 'rejected',
        note: 'schedule not sent: whatsapp sender not connected, need scan qr code again'
      }
    ])
  })

  it('a schedule due to a number blacklisted since is rejected as send-message is; the others go', async () => {
    await createV1({
      phone: '0812345678, 0812345679',
      message: 'x',
      date: '2026-01-15',
      time: '10:01:00',
      timezone: 'Asia/Jakarta'
    })
    expect((await t.call('/api/blacklist?phone=0812345678', { token, method: 'GET' })).body.status).toBe(true)
    await t.clock.advance(MINUTE)
    expect(t.sandbox.world.messages()).toMatchObject([
      { phone: '62812345678', status: 'rejected', note: 'schedule not sent: number is on the blacklist' },
      { phone: '62812345679', status: 'pending' }
    ])
    // Only the message that goes counts against the quota.
    expect(t.sandbox.world.device(token).quota).toBe(19)
  })
})

describe('schedule v2', () => {
  it('takes the same request on v2/send-schedule, as third-party clients send it', async () => {
    const res = await t.call('/api/v2/send-schedule', {
      token,
      method: 'POST',
      body: {
        data: [{ category: 'text', phone: '0812345678', scheduled_at: '2026-01-15 10:15:00', text: 'hi' }]
      }
    })
    expect(res.body).toMatchObject({
      status: true,
      message: 'Message is pending and waiting to be processed'
    })
    expect(t.sandbox.world.schedules(token)).toMatchObject([
      { phone: '62812345678', text: 'hi', scheduleAt: '2026-01-15 10:15:00', status: 'waiting' }
    ])
  })

  it('creates text and media items in the device zone and fires them', async () => {
    const res = await t.call('/api/v2/schedule', {
      token,
      method: 'POST',
      body: {
        data: [
          { category: 'text', phone: '0812345678', scheduled_at: '2026-01-15 10:15:00', text: 'hello' },
          {
            category: 'image',
            phone: '0812345679',
            scheduled_at: '2026-01-15 10:20:00',
            text: 'pic',
            url: 'https://x.test/p.jpg'
          }
        ]
      }
    })
    expect(res.body).toMatchObject({
      status: true,
      message: 'Message is pending and waiting to be processed'
    })
    expect(res.body.data.messages).toEqual([
      {
        id: expect.any(String),
        phone: '62812345678',
        messages: 'hello',
        file: null,
        timezone: 'Asia/Jakarta',
        schedule_at: '2026-01-15 10:15:00'
      },
      {
        id: expect.any(String),
        phone: '62812345679',
        messages: 'pic',
        file: 'https://x.test/p.jpg',
        timezone: 'Asia/Jakarta',
        schedule_at: '2026-01-15 10:20:00'
      }
    ])
    await t.clock.advance(20 * MINUTE)
    expect(t.sandbox.world.messages()).toMatchObject([
      { kind: 'text', text: 'hello' },
      { kind: 'image', text: 'pic', fileName: 'p.jpg', url: 'https://x.test/p.jpg' }
    ])
  })

  it('updates one schedule and deletes several by ?id= or by body', async () => {
    const create = (time: string): Promise<string> =>
      t
        .call('/api/v2/schedule', {
          token,
          method: 'POST',
          body: {
            data: [{ category: 'text', phone: '0812345678', scheduled_at: `2026-01-15 ${time}`, text: time }]
          }
        })
        .then((res) => res.body.data.messages[0].id)
    const [a, b, c] = [await create('11:00:00'), await create('11:05:00'), await create('11:10:00')]
    const updated = await t.call(`/api/v2/schedule/${a}`, {
      token,
      method: 'PUT',
      body: {
        data: [{ category: 'text', phone: '0812345670', scheduled_at: '2026-01-15 10:30:00', text: 'moved' }]
      }
    })
    expect(updated.body).toEqual({
      status: true,
      id: a,
      category: 'text',
      message: 'Scheduled Messages is succesfully Updated',
      timezone: 'Asia/Jakarta',
      schedule_at: '2026-01-15 10:30:00',
      phone: '62812345670',
      messages: 'moved',
      file: null
    })
    const byQuery = await t.call(`/api/v2/delete-schedule?id=${b},unknown`, { token, method: 'DELETE' })
    expect(byQuery.body).toEqual({ status: true, message: 'schedules deleted successfully' })
    const byBody = await t.call('/api/v2/delete-schedule', { token, method: 'DELETE', body: { id: c } })
    expect(byBody.body.status).toBe(true)
    expect((await t.call(`/api/v2/delete-schedule?id=${c}`, { token, method: 'DELETE' })).body.status).toBe(
      false
    )
    await t.clock.advance(2 * 60 * MINUTE)
    expect(t.sandbox.world.messages().map((m) => m.text)).toEqual(['moved'])
  })

  it('refuses unsupported categories, media without url and more than 100 items', async () => {
    const post = (data: unknown[]): ReturnType<TestSandbox['call']> =>
      t.call('/api/v2/schedule', { token, method: 'POST', body: { data } })
    const item = { category: 'text', phone: '0812345678', scheduled_at: '2026-01-15 11:00:00', text: 'x' }
    expect((await post([{ ...item, category: 'location' }])).body.message).toMatch(
      /category location not supported/
    )
    expect((await post([{ ...item, category: 'video' }])).body.message).toMatch(/url is required for video/)
    expect((await post(Array.from({ length: 101 }, () => item))).body.message).toMatch(/maximum 100/)
    expect(t.sandbox.world.schedules()).toHaveLength(0)
  })
})
