// Auto-replies in the sandbox: v2/autoreply create/update/delete/getData per device, and an incoming message equal to a
// keyword answered with the response as an outgoing message.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox
let token: string
let serial: string

beforeEach(async () => {
  t = await openSandbox({ timings: { sentAfterMs: 1_000, deliveredAfterMs: 1_000, readAfterMs: 1_000 } })
  const created = t.sandbox.world.createDevice({ linked: true, quota: 10 })
  token = created.token
  serial = created.serial
})
afterEach(() => t.close())

describe('v2/autoreply routes', () => {
  it('create, list (all or by keyword), update and delete, in the documented envelopes', async () => {
    const created = await t.call('/api/v2/autoreply', {
      token,
      method: 'POST',
      body: { keyword: 'jam buka', response: 'Kami buka 08.00–17.00' }
    })
    expect(created.body).toEqual({
      status: true,
      message: 'Auto reply created successfully',
      data: { id: expect.any(String), device: serial, keyword: 'jam buka', response: 'Kami buka 08.00–17.00' }
    })
    const id: string = created.body.data.id
    await t.call('/api/v2/autoreply', {
      token,
      method: 'POST',
      body: { keyword: 'harga', response: 'Lihat katalog' }
    })

    const all = await t.call('/api/v2/autoreply/getData', { token })
    expect(all.body.message).toBe('sucessfully get autoreplies data')
    expect(all.body.data.map((r: { keyword: string }) => r.keyword)).toEqual(['jam buka', 'harga'])
    expect(all.body.data[0]).toEqual({
      id,
      device: serial,
      keyword: 'jam buka',
      category: 'text',
      response: 'Kami buka 08.00–17.00',
      file: null
    })
    // The reference's sample asks for the list with PUT.
    const one = await t.call('/api/v2/autoreply/getData?keyword=JAM%20BUKA', { token, method: 'PUT' })
    expect(one.body.data.map((r: { id: string }) => r.id)).toEqual([id])

    const updated = await t.call(`/api/v2/autoreply/${id}`, {
      token,
      method: 'PUT',
      body: { keyword: 'buka', response: 'Buka setiap hari' }
    })
    expect(updated.body).toMatchObject({
      status: true,
      message: 'update autoreply keyword: buka successfully',
      data: { id, keyword: 'buka', response: 'Buka setiap hari' }
    })
    const removed = await t.call(`/api/v2/autoreply/${id}`, { token, method: 'DELETE' })
    expect(removed.body).toEqual({ status: true, message: 'remove autoreply keyword: buka successfully' })
    expect(t.sandbox.world.autoReplies(token).map((r) => r.keyword)).toEqual(['harga'])
  })

  it('refuses a missing keyword or response, a keyword taken (any case), and unknown ids', async () => {
    const post = (body: object) => t.call('/api/v2/autoreply', { token, method: 'POST', body })
    expect((await post({ response: 'x' })).body).toEqual({ status: false, message: 'keyword is required' })
    expect((await post({ keyword: 'x' })).body).toEqual({ status: false, message: 'response is required' })
    await post({ keyword: 'Promo', response: 'x' })
    expect((await post({ keyword: 'promo', response: 'y' })).body).toEqual({
      status: false,
      message: 'keyword promo already exist'
    })
    expect((await t.call('/api/v2/autoreply/999', { token, method: 'DELETE' })).body).toEqual({
      status: false,
      message: 'autoreply 999 not found'
    })
  })

  it('keeps each device to its own rules; yii2-style arrays create several', async () => {
    const other = t.sandbox.world.createDevice({ linked: true }).token
    const many = await t.call('/api/v2/autoreply', {
      token,
      method: 'POST',
      body: [
        { keyword: 'a', response: '1' },
        { keyword: 'b', response: '2' }
      ]
    })
    expect(many.body.data).toHaveLength(2)
    expect((await t.call('/api/v2/autoreply/getData', { token: other })).body.data).toEqual([])
    const id: string = many.body.data[0].id
    expect((await t.call(`/api/v2/autoreply/${id}`, { token: other, method: 'DELETE' })).body.status).toBe(
      false
    )
  })
})

describe('answering incoming messages', () => {
  it('an incoming message equal to a keyword (case and spaces aside) gets the response from the device', async () => {
    // (The app's client against these routes: src/main/core/gateway/sandbox-round-trip.test.ts.)
    const created = await t.call('/api/v2/autoreply', {
      token,
      method: 'POST',
      body: { keyword: 'Jam Buka', response: 'Kami buka 08.00–17.00' }
    })
    expect(created.body.status).toBe(true)

    const received = t.sandbox.world.receive(token, { from: '0812 777 888', message: '  jam   buka ' })
    expect(received.replies).toHaveLength(1)
    expect(received.replies[0]).toMatchObject({
      phone: '62812777888',
      kind: 'text',
      text: 'Kami buka 08.00–17.00',
      endpoint: 'autoreply',
      status: 'pending'
    })
    expect(
      t.sandbox.world.receive(token, { from: '0812777888', message: 'jam buka besok?' }).replies
    ).toEqual([])
    expect(t.sandbox.world.device(token).quota).toBe(9)
    await t.clock.advance(3_000)
    expect(t.sandbox.world.messages().map((m) => [m.endpoint, m.status])).toEqual([['autoreply', 'read']])

    // A group message is answered in the group.
    const inGroup = t.sandbox.world.receive(token, {
      from: '0812777888',
      message: 'jam buka',
      groupId: '120363210179095768'
    })
    expect(inGroup.replies[0]).toMatchObject({ phone: '120363210179095768', isGroup: true })
  })

  it('sends nothing without quota; the rules are saved with the world', async () => {
    await t.call('/api/v2/autoreply', { token, method: 'POST', body: { keyword: 'halo', response: 'Halo!' } })
    t.sandbox.world.setQuota(token, 0)
    expect(t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' }).replies).toEqual([])
    expect(t.sandbox.world.autoReplies(token)).toHaveLength(1)
  })
})
