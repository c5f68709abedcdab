// The device state machine, device/info per state (both shapes), QR rotation and grace, and the device routes.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEVICE_NOTES } from './device-lifecycle'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'
import { SandboxActionError } from './world-interface'

let t: TestSandbox
const ROTATE = 20_000
const GRACE = 5_000

beforeEach(async () => {
  t = await openSandbox({ timings: { qrRotateMs: ROTATE, qrGraceMs: GRACE } })
})
afterEach(() => t.close())

async function info(token: string): Promise<Record<string, unknown>> {
  const res = await t.call('/api/device/info', { token })
  expect(res.status).toBe(200)
  expect(res.body.status).toBe(true)
  return res.body.data
}

async function qrJson(token: string): Promise<{ qr: string; expires_in: number }> {
  const res = await t.call(`/api/device/scan?token=${token}`, { headers: { accept: 'application/json' } })
  expect(res.body).toMatchObject({ status: true, message: 'scan the qr code' })
  return res.body.data
}

describe('device life cycle', () => {
  it('walks created → QR shown → scanned → awaiting activation → active, with device/info for each', async () => {
    const world = t.sandbox.world
    const { token, serial } = world.createDevice({ name: 'Front desk', sender: '0812-3456-7890', quota: 50 })
    expect(serial).toMatch(/^[A-Z0-9]{6}$/)
    expect(token).toMatch(/^[A-Za-z0-9]{64}$/)
    expect(world.device(token).state).toBe('needs-scan')
    expect(await info(token)).toEqual({
      name: 'Front desk',
      serial,
      sender: '6281234567890',
      quota: 50,
      expired_date: '2027-01-15 10:00:00',
      active: false,
      status: 'disconnected',
      note: 'whatsapp sender not connected, need scan qr code again'
    })

    // The phone cannot scan before a QR is shown.
    expect(() => world.scan(token)).toThrow(SandboxActionError)

    const qr = await qrJson(token)
    expect(qr.expires_in).toBe(20)
    expect(world.device(token).state).toBe('qr-shown')
    expect(world.device(token).qr?.text).toBe(qr.qr)
    expect(await info(token)).toMatchObject({ status: 'disconnected', note: DEVICE_NOTES.needsScan })

    world.scan(token, qr.qr)
    expect(world.device(token).state).toBe('awaiting-activation')
    expect(await info(token)).toMatchObject({
      status: 'connected',
      active: false,
      note: 'waiting for activation by IT support'
    })

    world.activate(token)
    expect(world.device(token).state).toBe('connected')
    expect(await info(token)).toMatchObject({ status: 'connected', active: true, note: 'ready to use' })
    expect(() => world.activate(token)).toThrow(/already activated/)
  })

  it('offline → restart reconnects; online also reconnects; notes tell which', async () => {
    const world = t.sandbox.world
    const { token, serial } = world.createDevice({ linked: true })
    world.goOffline(token)
    expect(await info(token)).toMatchObject({
      status: 'disconnected',
      active: true,
      note: 'device disconnected, restart the device to reconnect'
    })
    const restart = await t.call('/api/device/restart', { token })
    expect(restart.body).toEqual({ status: true, message: `restart device ${serial} successfully` })
    expect(world.device(token).state).toBe('connected')

    world.goOffline(token)
    world.goOnline(token)
    expect(world.device(token).state).toBe('connected')
    expect(() => world.goOnline(token)).toThrow(/cannot go online from connected/)
  })

  it('opening WhatsApp Web disconnects with a note; the legacy reconnect answers device_ as a numeric string', async () => {
    const world = t.sandbox.world
    const { token } = world.createDevice({ linked: true })
    world.openWeb(token)
    expect(world.device(token).state).toBe('web-conflict')
    const data = await info(token)
    expect(data.status).toBe('disconnected')
    expect(data.note).toMatch(/opened in WhatsApp Web at the same time.*restart the device to reconnect/)
    // goOnline is the phone's network coming back; a web conflict needs a restart.
    expect(() => world.goOnline(token)).toThrow(SandboxActionError)

    const res = await t.call(`/api/device/reconnect?token=${token}`)
    expect(res.body).toMatchObject({ status: true, device_: world.device(token).deviceId })
    expect(res.body.device_).toMatch(/^\d+$/)
    expect(world.device(token).state).toBe('connected')
  })

  it('restart cannot help a device that needs a scan or activation', async () => {
    const world = t.sandbox.world
    const fresh = world.createDevice()
    const restart = await t.call('/api/device/restart', { token: fresh.token })
    expect(restart.body).toEqual({ status: false, message: DEVICE_NOTES.needsScan })
    const legacy = await t.call(`/api/device/reconnect?token=${fresh.token}`)
    expect(legacy.body).toMatchObject({ status: false, device_: world.device(fresh.token).deviceId })

    await qrJson(fresh.token)
    world.scan(fresh.token)
    const waiting = await t.call('/api/device/restart', { token: fresh.token })
    expect(waiting.body.message).toMatch(/activation/)
  })

  it('logout and change-number need a new scan; an activated device then connects right after scanning', async () => {
    const world = t.sandbox.world
    const { token } = world.createDevice({ linked: true })
    world.logout(token)
    expect(world.device(token).state).toBe('needs-scan')
    expect(await info(token)).toMatchObject({
      status: 'disconnected',
      active: true,
      note: DEVICE_NOTES.needsScan
    })
    expect(() => world.logout(token)).toThrow(SandboxActionError)

    await qrJson(token)
    world.scan(token)
    expect(world.device(token).state).toBe('connected')

    const changed = await t.call('/api/device/change-number', {
      token,
      method: 'POST',
      body: form({ phone: '0813 1111 2222' })
    })
    expect(changed.body).toEqual({ status: true, message: 'number successfully changed' })
    expect(world.device(token).state).toBe('needs-scan')
    expect(world.device(token).sender).toBe('6281311112222')

    await qrJson(token)
    world.scan(token)
    const legacy = await t.call('/api/device/change-sender', {
      token,
      method: 'POST',
      body: { phone: '081399998888' }
    })
    expect(legacy.body.status).toBe(true)
    expect(world.device(token).sender).toBe('6281399998888')
    const missing = await t.call('/api/device/change-number', { token, method: 'POST', body: form({}) })
    expect(missing.body).toEqual({ status: false, message: 'phone is required' })
  })

  it('device/disconnect drops the session', async () => {
    const { token, serial } = t.sandbox.world.createDevice({ linked: true })
    const res = await t.call('/api/device/disconnect', { token })
    expect(res.body).toEqual({ status: true, message: `your device ${serial} succesfully disconnected` })
    expect(t.sandbox.world.device(token).state).toBe('needs-scan')
  })

  it('expired devices answer device/info with the expired note and refuse everything else', async () => {
    const world = t.sandbox.world
    const { token } = world.createDevice({ linked: true })
    world.expire(token)
    const data = await info(token)
    expect(data).toMatchObject({ status: 'disconnected', active: false, note: 'device expired' })
    expect(Date.parse(String(data.expired_date).replace(' ', 'T') + '+07:00')).toBeLessThan(t.clock.now())
    const send = await t.call('/api/send-message', {
      token,
      method: 'POST',
      body: form({ phone: '0812345678', message: 'x' })
    })
    expect(send.body).toEqual({ status: false, message: 'token invalid or device expired' })
    const scan = await t.call(`/api/device/scan?token=${token}`)
    expect(scan.body).toEqual({ status: false, message: 'token invalid or device expired' })
    expect(() => world.activate(token)).toThrow(SandboxActionError)
  })

  it('a device expires by itself when its expiry date passes on the clock', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true, expiresAt: '2026-01-16 10:00:00' })
    expect(t.sandbox.world.device(token).state).toBe('connected')
    t.clock.jump(2 * 24 * 60 * 60 * 1000)
    expect(t.sandbox.world.device(token).state).toBe('expired')
    expect((await info(token)).note).toBe('device expired')
  })

  it('answers the legacy device/info shape per device or with ?legacy=1', async () => {
    const legacy = t.sandbox.world.createDevice({ linked: true, legacyInfo: true, quota: 'unlimited' })
    const res = await t.call(`/api/device/info?token=${legacy.token}`)
    expect(res.body.data).toEqual({
      token: legacy.token,
      domain: t.sandbox.baseUrl,
      sender: t.sandbox.world.device(legacy.token).sender,
      whatsapp: { quota: 'unlimited', expired: '2027-01-15', status: 'connected' }
    })
    const current = t.sandbox.world.createDevice()
    const forced = await t.call(`/api/device/info?token=${current.token}&legacy=1`)
    expect(forced.body.data.whatsapp).toMatchObject({ status: 'disconnected' })
    // The CI4 client's path form.
    const pathForm = await t.call(`/api/device/info/${current.token}`)
    expect(pathForm.body.data.serial).toBe(current.serial)
  })
})

describe('QR codes', () => {
  it('rotate every qrRotateMs; the previous one is accepted for qrGraceMs, then refused', async () => {
    const world = t.sandbox.world
    const { token } = world.createDevice()
    const first = (await qrJson(token)).qr
    await t.clock.advance(ROTATE - 1)
    expect((await qrJson(token)).qr).toBe(first)
    await t.clock.advance(1)
    const second = await qrJson(token)
    expect(second.qr).not.toBe(first)
    expect(second.expires_in).toBe(20)
    expect(world.device(token).qr?.previousText).toBe(first)

    await t.clock.advance(GRACE)
    expect(world.device(token).qr?.previousText).toBeNull()
    expect(() => world.scan(token, first)).toThrow(/expired or not recognised/)
    expect(() => world.scan(token, 'not a qr')).toThrow(SandboxActionError)
    expect(world.device(token).state).toBe('qr-shown')
  })

  it('a scan of the previous QR within grace links the device', async () => {
    const world = t.sandbox.world
    const { token } = world.createDevice()
    const first = (await qrJson(token)).qr
    await t.clock.advance(ROTATE + GRACE - 1)
    world.scan(token, first)
    expect(world.device(token).state).toBe('awaiting-activation')
  })

  it('a new QR session after logout shows different codes', async () => {
    const world = t.sandbox.world
    const { token } = world.createDevice({ linked: true })
    world.logout(token)
    const before = (await qrJson(token)).qr
    world.scan(token, before)
    world.logout(token)
    const after = (await qrJson(token)).qr
    expect(after).not.toBe(before)
    expect(() => world.scan(token, before)).toThrow(SandboxActionError)
  })

  it('serves an HTML page with a PNG data URL when JSON is not asked for', async () => {
    const { token } = t.sandbox.world.createDevice()
    const res = await t.call(`/api/device/scan?token=${token}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const match = /<img src="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(res.text)
    expect(match).not.toBeNull()
    const png = Buffer.from(match?.[1] ?? '', 'base64')
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  })

  it('says already connected once the phone is linked', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true })
    const res = await t.call(`/api/device/scan?token=${token}`, { headers: { accept: 'application/json' } })
    expect(res.body).toEqual({ status: false, message: 'device already connected' })
  })
})

describe('other device routes', () => {
  it('generate-token replaces the token', async () => {
    const world = t.sandbox.world
    const { token, serial } = world.createDevice({ name: 'Ops', linked: true })
    const res = await t.call('/api/device/generate-token', { token })
    expect(res.body).toMatchObject({ status: true, message: 'token successfully changed' })
    expect(res.body.data).toMatchObject({ device_name: 'Ops', device_serial: serial })
    const fresh: string = res.body.data.token
    expect(fresh).toMatch(/^[A-Za-z0-9]{64}$/)
    expect(fresh).not.toBe(token)
    expect((await t.call('/api/device/info', { token })).body.message).toBe('token invalid or device expired')
    expect((await t.call('/api/device/info', { token: fresh })).body.data.serial).toBe(serial)
  })

  it('device/create returns an invoice and adds an unactivated device', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true })
    const res = await t.call('/api/device/create', {
      token,
      method: 'POST',
      body: form({ name: 'Branch 2', phone: '08129990000', bank: 'BCA', product: 'pro', periode: 'yearly' })
    })
    expect(res.body).toMatchObject({ status: true, message: 'create device & invoice successfully' })
    expect(res.body.data).toMatchObject({
      device_name: 'Branch 2',
      product: 'pro',
      periode: 'yearly',
      bank: { bankName: 'BCA' },
      discount: 300_000,
      total: 1_500_000,
      due_date: '2026-01-16 10:00:00'
    })
    expect(res.body.data.numberInvoice).toMatch(/^INV\/20260115\/\d{6}$/)
    const created = t.sandbox.world.devices().find((d) => d.serial === res.body.data.device)
    expect(created).toMatchObject({
      name: 'Branch 2',
      sender: '628129990000',
      state: 'needs-scan',
      activated: false
    })

    const bad = await t.call('/api/device/create', {
      token,
      method: 'POST',
      body: form({ name: 'x', phone: '08129990000', bank: 'PAYPAL', product: 'pro' })
    })
    expect(bad.body.status).toBe(false)
    expect(bad.body.message).toMatch(/bank invalid/)
  })

  it('device/create makes the device valid for the period it was ordered for', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true })
    const order = async (periode?: string): Promise<string> => {
      const fields = {
        name: `Branch ${periode ?? 'default'}`,
        phone: '08129990000',
        bank: 'BCA',
        product: 'lite'
      }
      const res = await t.call('/api/device/create', {
        token,
        method: 'POST',
        body: form(periode === undefined ? fields : { ...fields, periode })
      })
      expect(res.body.status).toBe(true)
      const created = t.sandbox.world.devices().find((d) => d.serial === res.body.data.device)
      return created?.expiresAt ?? 'missing'
    }
    // The clock stands at 2026-01-15 10:00 in Jakarta: a month is a calendar month there, a year a calendar year.
    expect(await order('monthly')).toBe('2026-02-15 10:00:00')
    expect(await order('yearly')).toBe('2027-01-15 10:00:00')
    // periode is optional and device/create answers `monthly` for it then.
    expect(await order()).toBe('2026-02-15 10:00:00')
  })

  it('"renew" gives an ordered device its own period again: a month for a monthly one, a year for a yearly one', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true })
    const order = async (periode: 'monthly' | 'yearly'): Promise<string> => {
      const res = await t.call('/api/device/create', {
        token,
        method: 'POST',
        body: form({ name: `Branch ${periode}`, phone: '08129990000', bank: 'BCA', product: 'lite', periode })
      })
      const created = t.sandbox.world.devices().find((d) => d.serial === res.body.data.device)
      return created?.token ?? 'missing'
    }
    const renewed = async (ordered: string): Promise<string> => {
      await t.call('/__sandbox/device/expire', { token: ordered, method: 'POST' })
      const res = await t.call('/__sandbox/device/renew', { token: ordered, method: 'POST' })
      expect(res.body).toMatchObject({ ok: true })
      return t.sandbox.world.device(ordered).expiresAt
    }
    // The clock stands at 2026-01-15 10:00 in Jakarta: the renewal runs one period from then, on the device's clock.
    expect(await renewed(await order('monthly'))).toBe('2026-02-15 10:00:00')
    expect(await renewed(await order('yearly'))).toBe('2027-01-15 10:00:00')
    // A device made by the control (no order, no period) keeps its year.
    expect(await renewed(token)).toBe('2027-01-15 10:00:00')
  })

  it('change-webhook-url and change-tracking-url store the URLs', async () => {
    const world = t.sandbox.world
    const { token } = world.createDevice({ linked: true })
    const webhook = await t.call('/api/device/change-webhook-url', {
      token,
      method: 'POST',
      body: form({ webhook_url: 'https://example.test/hook' })
    })
    expect(webhook.body).toEqual({ status: true, message: 'webhook url successfully changed' })
    const tracking = await t.call('/api/device/change-tracking-url', {
      token,
      method: 'POST',
      body: { tracking_url: 'https://example.test/track' }
    })
    expect(tracking.body).toEqual({ status: true, message: 'tracking url successfully changed' })
    expect(world.device(token)).toMatchObject({
      webhookUrl: 'https://example.test/hook',
      trackingUrl: 'https://example.test/track'
    })
    const bad = await t.call('/api/device/change-webhook-url', {
      token,
      method: 'POST',
      body: form({ webhook_url: 'nope' })
    })
    expect(bad.body).toEqual({ status: false, message: 'webhook url invalid' })
  })

  it('records incoming messages only for a linked device', () => {
    const world = t.sandbox.world
    const linked = world.createDevice({ linked: true })
    const incoming = world.deliverIncoming(linked.token, { from: '0812 777 888', message: 'halo' })
    expect(incoming).toMatchObject({ from: '62812777888', message: 'halo', deviceSerial: linked.serial })
    expect(incoming.id).toMatch(/^[0-9A-F]{20}$/)
    expect(world.incoming(linked.token)).toEqual([incoming])
    const fresh = world.createDevice()
    expect(() => world.deliverIncoming(fresh.token, { from: '0812777888', message: 'x' })).toThrow(
      SandboxActionError
    )
  })

  it('answers unknown routes with 404 and wrong methods with 405, in the gateway envelope', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true })
    expect(await t.call('/api/nothing-here', { token })).toMatchObject({
      status: 404,
      body: { status: false, message: 'route not found' }
    })
    expect((await t.call('/api/device/change-number', { token })).status).toBe(405)
  })
})
