// Reminders in the sandbox: create/update/info/delete in the documented envelopes, kept in the device's zone and fired
// by the clock as messages, every day, month (month-end safe), year or N days.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let token: string
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

// The fake clock starts at 2026-01-15 03:00:00 UTC = 10:00:00 in Asia/Jakarta.
beforeEach(async () => {
  t = await openSandbox({ timings: { sentAfterMs: 1_000, deliveredAfterMs: 1_000, readAfterMs: 1_000 } })
  token = t.sandbox.world.createDevice({ linked: true, quota: 50 }).token
})
afterEach(() => t.close())

const create = (fields: Record<string, string>): ReturnType<TestSandbox['call']> =>
  t.call('/api/reminder', { token, method: 'POST', body: form(fields) })

const reminderMessages = (): { text: string | null; acceptedAt: string; status: string }[] =>
  t.sandbox.world
    .messages()
    .filter((m) => m.endpoint === 'reminder')
    .map((m) => ({ text: m.text, acceptedAt: m.acceptedAt, status: m.status }))

describe('reminder routes', () => {
  it('create answers with data{id, phone, title, message, timezone, start_at, reminder_type}', async () => {
    const res = await create({
      phone: '0812 3456 7890',
      message: 'Bayar tagihan',
      title: 'Tagihan',
      start_date: '2026-01-15 10:30:00',
      periode: 'custom',
      custom_day: '5'
    })
    expect(res.body).toEqual({
      status: true,
      category: 'text',
      message: 'Reminder Messages is succesfully saved and waiting to be processed',
      data: {
        id: expect.stringMatching(/^\d+$/),
        phone: '6281234567890',
        title: 'Tagihan',
        message: 'Bayar tagihan',
        timezone: 'Asia/Jakarta',
        start_at: '2026-01-15 10:30:00',
        reminder_type: 'custom: send every 5 days'
      }
    })
    const id: string = res.body.data.id
    const info = await t.call(`/api/reminder/info/${id}`, { token })
    expect(info.body.data).toEqual(res.body.data)

    const updated = await t.call(`/api/reminder/${id}`, {
      token,
      method: 'POST',
      body: form({
        phone: '0812000111',
        start_date: '2026-01-16 08:00:00',
        message: 'Bayar!',
        title: 'Ingat'
      })
    })
    expect(updated.body).toMatchObject({
      status: true,
      message: 'Reminder Messages is succesfully updated',
      data: {
        id,
        phone: '62812000111',
        title: 'Ingat',
        message: 'Bayar!',
        start_at: '2026-01-16 08:00:00',
        reminder_type: 'custom: send every 5 days'
      }
    })
    expect((await t.call(`/api/reminder/${id}`, { token, method: 'DELETE' })).body).toEqual({
      status: true,
      message: `Reminder ${id} is succesfully deleted`
    })
    expect((await t.call(`/api/reminder/info/${id}`, { token })).body).toEqual({
      status: false,
      message: `reminder ${id} not found`
    })
  })

  it('refuses what the reference does not allow', async () => {
    const base = { phone: '0812345678', message: 'x', start_date: '2026-01-15 10:30:00' }
    expect((await create({ ...base, periode: 'weekly' })).body.message).toBe(
      'periode invalid, use daily, monthly, yearly, custom'
    )
    expect((await create({ ...base, periode: 'custom' })).body.message).toBe(
      'custom_day must be a number from 1 to 1000'
    )
    expect((await create({ ...base, periode: 'custom', custom_day: '1001' })).body.status).toBe(false)
    // The reference's table calls it custom_date.
    expect((await create({ ...base, periode: 'custom', custom_date: '1000' })).body.data.reminder_type).toBe(
      'custom: send every 1000 days'
    )
    expect((await create({ ...base, periode: 'daily', start_date: '15/01/2026' })).body.message).toBe(
      'start_date format invalid, use Y-m-d H:i:s'
    )
    expect((await create({ ...base, phone: 'abc', periode: 'daily' })).body.message).toBe(
      'phone number abc invalid'
    )
    const other = t.sandbox.world.createDevice({ linked: true }).token
    const mine = (await create({ ...base, periode: 'daily' })).body.data.id as string
    expect((await t.call(`/api/reminder/info/${mine}`, { token: other })).body.status).toBe(false)
  })
})

describe('firing on the clock', () => {
  it('sends a daily reminder at its time in the device zone, every day, as a message that progresses', async () => {
    await create({
      phone: '0812345678',
      message: 'Minum obat',
      start_date: '2026-01-15 10:30:00',
      periode: 'daily'
    })
    await t.clock.advance(30 * MINUTE - 1)
    expect(reminderMessages()).toEqual([])
    await t.clock.advance(1)
    expect(reminderMessages()).toEqual([
      { text: 'Minum obat', acceptedAt: '2026-01-15T03:30:00.000Z', status: 'pending' }
    ])
    await t.clock.advance(DAY + 3_000)
    expect(reminderMessages().map((m) => [m.acceptedAt, m.status])).toEqual([
      ['2026-01-15T03:30:00.000Z', 'read'],
      ['2026-01-16T03:30:00.000Z', 'read']
    ])
    expect(t.sandbox.world.reminders(token)[0]).toMatchObject({
      sentCount: 2,
      lastSentAt: '2026-01-16T03:30:00.000Z',
      nextAt: '2026-01-17T03:30:00.000Z'
    })
    expect(t.sandbox.world.device(token).quota).toBe(48)
  })

  it('monthly from the 31st goes to the month end and back; custom every N days; a past start begins with the next', async () => {
    await create({
      phone: '0812345678',
      message: 'gaji',
      start_date: '2026-01-31 09:00:00',
      periode: 'monthly'
    })
    await create({
      phone: '0812345678',
      message: 'siram',
      start_date: '2026-01-15 09:00:00',
      periode: 'custom',
      custom_day: '20'
    })
    for (let i = 0; i < 80; i++) await t.clock.advance(DAY)
    const sent = (text: string): string[] =>
      t.sandbox.world
        .messages()
        .filter((m) => m.text === text)
        .map((m) => m.acceptedAt)
    expect(sent('gaji')).toEqual([
      '2026-01-31T02:00:00.000Z',
      '2026-02-28T02:00:00.000Z',
      '2026-03-31T02:00:00.000Z'
    ])
    // 09:00 on the 15th had passed (it was 10:00): the first is 20 days later.
    expect(sent('siram')).toEqual([
      '2026-02-04T02:00:00.000Z',
      '2026-02-24T02:00:00.000Z',
      '2026-03-16T02:00:00.000Z',
      '2026-04-05T02:00:00.000Z'
    ])
  })

  it('a device that cannot send has the occurrence rejected; a deleted reminder stops', async () => {
    const id: string = (
      await create({ phone: '0812345678', message: 'x', start_date: '2026-01-15 10:05:00', periode: 'daily' })
    ).body.data.id
    t.sandbox.world.setQuota(token, 0)
    await t.clock.advance(5 * MINUTE)
    expect(t.sandbox.world.messages()).toMatchObject([
      {
        endpoint: 'reminder',
        scheduleId: id,
        status: 'rejected',
        note: expect.stringMatching(/^reminder not sent: quota/)
      }
    ])
    await t.call(`/api/reminder/${id}`, { token, method: 'DELETE' })
    await t.clock.advance(2 * DAY)
    expect(t.sandbox.world.messages()).toHaveLength(1)
  })

  it('an occurrence due to a number blacklisted since is rejected as send-message is, and the next one too', async () => {
    const id: string = (
      await create({ phone: '0812345678', message: 'x', start_date: '2026-01-15 10:05:00', periode: 'daily' })
    ).body.data.id
    expect((await t.call('/api/blacklist?phone=0812345678', { token, method: 'GET' })).body.status).toBe(true)
    await t.clock.advance(5 * MINUTE)
    expect(t.sandbox.world.messages()).toMatchObject([
      {
        endpoint: 'reminder',
        scheduleId: id,
        status: 'rejected',
        note: 'reminder not sent: number is on the blacklist'
      }
    ])
    expect(t.sandbox.world.device(token).quota).toBe(50)
    // Taken off the blacklist, the next day's occurrence goes.
    await t.call('/api/blacklist/cancel?phone=0812345678', { token, method: 'GET' })
    await t.clock.advance(DAY)
    expect(reminderMessages().map((m) => m.status)).toEqual(['rejected', 'pending'])
  })

  it('create, update, info, delete end to end over HTTP (the app client: sandbox-round-trip.test.ts)', async () => {
    const created = await t.call('/api/reminder', {
      token,
      method: 'POST',
      body: form({
        phone: '0812345678',
        message: 'Rapat',
        start_date: '2026-01-15 10:10',
        periode: 'yearly',
        title: 'Tahunan'
      })
    })
    expect(created.body.data).toMatchObject({
      phone: '62812345678',
      start_at: '2026-01-15 10:10:00',
      reminder_type: 'yearly: send every year',
      timezone: 'Asia/Jakarta'
    })
    const id: string = created.body.data.id
    const updated = await t.call(`/api/reminder/${id}`, {
      token,
      method: 'POST',
      body: form({ phone: '0812345678', message: 'Rapat!', start_date: '2026-01-15 10:20:00' })
    })
    expect(updated.body.data.message).toBe('Rapat!')
    expect((await t.call(`/api/reminder/info/${id}`, { token })).body.data.start_at).toBe(
      '2026-01-15 10:20:00'
    )
    await t.clock.advance(20 * MINUTE)
    expect(reminderMessages().map((m) => m.text)).toEqual(['Rapat!'])
    expect((await t.call(`/api/reminder/${id}`, { token, method: 'DELETE' })).body.message).toBe(
      `Reminder ${id} is succesfully deleted`
    )
  })
})
