// The /__sandbox/ control routes: the same world actions over HTTP, with `{ok:false, error}` and 4xx on mistakes.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SandboxControl } from './control-client'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox

beforeEach(async () => {
  t = await openSandbox()
})
afterEach(() => t.close())

const control = (path: string, token?: string, body?: object): ReturnType<TestSandbox['call']> =>
  t.call(`/__sandbox/${path}`, { method: body === undefined ? 'GET' : 'POST', token, body })

describe('control routes', () => {
  it('create, show QR, scan, activate, then the other transitions, all over HTTP', async () => {
    const created = await control('devices', undefined, { name: 'Desk', quota: 5, secret: 'abc12345' })
    expect(created.body).toMatchObject({
      ok: true,
      serial: expect.stringMatching(/^[A-Z0-9]{6}$/),
      secret: 'abc12345'
    })
    const token: string = created.body.token

    const qr = await t.call('/api/device/scan', {
      token: `${token}.abc12345`,
      headers: { accept: 'application/json' }
    })
    const scanned = await control('device/scan', token, { qr: qr.body.data.qr })
    expect(scanned.body).toMatchObject({ ok: true, device: { state: 'awaiting-activation' } })
    expect((await control('device/activate', token, {})).body.device.state).toBe('connected')
    expect((await control('device', token)).body.device).toMatchObject({
      name: 'Desk',
      quota: 5,
      state: 'connected'
    })

    const steps: [string, string][] = [
      ['offline', 'offline'],
      ['online', 'connected'],
      ['open-web', 'web-conflict'],
      ['logout', 'needs-scan'],
      ['expire', 'expired']
    ]
    for (const [action, state] of steps) {
      const res = await control(`device/${action}`, `${token}.abc12345`, {})
      expect(res.body).toMatchObject({ ok: true, device: { state } })
    }
  })

  it('incoming messages and the message list by ref_id', async () => {
    const token: string = (await control('devices', undefined, { linked: true })).body.token
    const incoming = await control('device/incoming', token, { from: '0812345678', message: 'ping' })
    expect(incoming.body).toMatchObject({ ok: true, incoming: { from: '62812345678', message: 'ping' } })
    expect((await t.call(`/__sandbox/device/incoming?token=${token}`)).body.incoming).toHaveLength(1)

    for (const ref of ['a', 'b', 'a']) {
      await t.call('/api/send-message', {
        token,
        method: 'POST',
        body: form({ phone: '0812345678', message: ref, ref_id: ref })
      })
    }
    expect((await control('messages?ref_id=a')).body.messages.map((m: { text: string }) => m.text)).toEqual([
      'a',
      'a'
    ])
    expect((await control('messages')).body.messages).toHaveLength(3)
    expect((await control('accepted-log')).body.entries).toHaveLength(3)
  })

  it('answers mistakes with ok:false and a 4xx', async () => {
    const token: string = (await control('devices', undefined, { linked: true })).body.token
    expect(await control('device/online', token, {})).toMatchObject({
      status: 409,
      body: { ok: false, error: expect.stringMatching(/cannot go online from connected/) }
    })
    expect(await control('device/activate', 'no-such-token', {})).toMatchObject({
      status: 404,
      body: { ok: false }
    })
    expect(await control('device/activate', undefined, {})).toMatchObject({
      status: 400,
      body: { ok: false }
    })
    expect(await control('devices', undefined, { quota: -1 })).toMatchObject({
      status: 400,
      body: { ok: false }
    })
    expect(await control('devices', undefined, { colour: 'blue' })).toMatchObject({
      status: 400,
      body: { ok: false }
    })
    expect(await control('device/incoming', token, { message: 'no sender' })).toMatchObject({ status: 400 })
    expect(await control('nothing')).toMatchObject({ status: 404, body: { ok: false } })
    const notJson = await t.call('/__sandbox/devices', {
      method: 'POST',
      body: '{"name":',
      headers: { 'content-type': 'application/json' }
    })
    expect(notJson).toMatchObject({ status: 400, body: { ok: false, error: 'the body must be JSON' } })
  })
})

describe('the action names the app and the CLI call', () => {
  it('are exported from the package and each one is a control route (SandboxControl.act reaches it)', async () => {
    const { SANDBOX_DEVICE_ACTIONS, SandboxControl } = await import('./index')
    expect([...SANDBOX_DEVICE_ACTIONS].sort()).toEqual(
      ['activate', 'expire', 'logout', 'offline', 'online', 'open-web', 'renew', 'scan'].sort()
    )
    const client = new SandboxControl(t.sandbox.baseUrl, t.sandbox.controlToken)
    const { token } = t.sandbox.world.createDevice({ linked: true })
    for (const action of SANDBOX_DEVICE_ACTIONS) {
      // Some are refused in the device's state (409/400), none is an unknown route (404).
      const outcome = await client.act(token, action).then(
        () => 200,
        (error: { status: number }) => error.status
      )
      expect([action, outcome]).not.toEqual([action, 404])
    }
  })
})

describe('top-up: the package bought again for a spent or low quota', () => {
  it('adds to what is left, so a spent quota takes sends again and counts down from the new figure', async () => {
    const token: string = (await control('devices', undefined, { linked: true, quota: 0 })).body.token
    const send = (phone: string): ReturnType<TestSandbox['call']> =>
      t.call('/api/send-message', { token, method: 'POST', body: form({ phone, message: 'hi' }) })
    expect((await send('0812345601')).body).toMatchObject({ status: false, message: /quota/ })

    const topped = await control('device/top-up', token, { amount: 500 })
    expect(topped.body).toMatchObject({ ok: true, device: { quota: 500 } })
    expect((await send('0812345602')).body).toMatchObject({ status: true })
    // On top of what was left, as a real top-up is: 499 + 100.
    const client = new SandboxControl(t.sandbox.baseUrl, t.sandbox.controlToken)
    expect((await client.topUp(token, 100)).quota).toBe(599)
    expect((await control('device', token)).body.device.quota).toBe(599)
  })

  it('refuses an amount that is no whole positive number, and a quota without a limit', async () => {
    const token: string = (await control('devices', undefined, { linked: true, quota: 3 })).body.token
    for (const amount of [0, -5, 2.5, '100', 1_000_001])
      expect(await control('device/top-up', token, { amount })).toMatchObject({
        status: 400,
        body: { ok: false }
      })
    const unlimited: string = (await control('devices', undefined, { linked: true, quota: 'unlimited' })).body
      .token
    expect(await control('device/top-up', unlimited, { amount: 100 })).toMatchObject({
      status: 409,
      body: { ok: false, error: expect.stringMatching(/unlimited/) }
    })
    expect((await control('device', token)).body.device.quota).toBe(3)
  })
})
