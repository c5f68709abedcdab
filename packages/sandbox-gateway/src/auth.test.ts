// Every credential form of the reference, and the token/secret refusals.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSandbox, type TestSandbox } from './sandbox-fixture'

let t: TestSandbox

beforeEach(async () => {
  t = await openSandbox()
})
afterEach(() => t.close())

async function infoStatus(path: string, headers: Record<string, string> = {}): Promise<unknown> {
  return (await t.call(path, { headers })).body
}

describe('credential forms', () => {
  it('token only: Authorization header, Bearer, ?token=', async () => {
    const { token, serial } = t.sandbox.world.createDevice({ linked: true })
    const ok = { status: true, data: { serial } }
    expect(await infoStatus('/api/device/info', { authorization: token })).toMatchObject(ok)
    expect(await infoStatus('/api/device/info', { authorization: `Bearer ${token}` })).toMatchObject(ok)
    expect(await infoStatus(`/api/device/info?token=${token}`)).toMatchObject(ok)
  })

  it('token and secret: token.secret in the header or query, Bearer, or a Secret-key header', async () => {
    const { token, serial, secret } = t.sandbox.world.createDevice({ linked: true, secret: 'tgw6gVhz' })
    expect(secret).toBe('tgw6gVhz')
    const ok = { status: true, data: { serial } }
    expect(await infoStatus('/api/device/info', { authorization: `${token}.tgw6gVhz` })).toMatchObject(ok)
    expect(await infoStatus(`/api/device/info?token=${token}.tgw6gVhz`)).toMatchObject(ok)
    expect(await infoStatus('/api/device/info', { authorization: `Bearer ${token}.tgw6gVhz` })).toMatchObject(
      ok
    )
    expect(
      await infoStatus('/api/device/info', { authorization: token, 'secret-key': 'tgw6gVhz' })
    ).toMatchObject(ok)
  })

  it('splits on the first dot, so a secret may contain dots', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true, secret: 'ab.cd' })
    expect(await infoStatus('/api/device/info', { authorization: `${token}.ab.cd` })).toMatchObject({
      status: true
    })
    expect(await infoStatus('/api/device/info', { authorization: `${token}.ab` })).toEqual({
      status: false,
      message: 'secret key invalid'
    })
  })

  it('a secret sent for a device without one is ignored', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true })
    expect(await infoStatus('/api/device/info', { authorization: `${token}.whatever` })).toMatchObject({
      status: true
    })
  })
})

describe('refusals', () => {
  it('missing or unknown token: token invalid or device expired (401)', async () => {
    t.sandbox.world.createDevice({ linked: true })
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'x'.repeat(64) },
      { authorization: 'Bearer ' }
    ]
    for (const headers of attempts) {
      const res = await t.call('/api/device/info', { headers })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ status: false, message: 'token invalid or device expired' })
    }
  })

  it('device with a secret: none given → need secret key; wrong → secret key invalid', async () => {
    const { token } = t.sandbox.world.createDevice({ linked: true, secret: 'tgw6gVhz' })
    expect(await infoStatus('/api/device/info', { authorization: token })).toEqual({
      status: false,
      message: 'need secret key'
    })
    // As documented, device/info, device/scan and reconnect take `?token=<token>` alone; elsewhere the secret is needed.
    expect((await t.call(`/api/device/info?token=${token}`)).body).toMatchObject({ status: true })
    expect(
      (await t.call(`/api/device/scan?token=${token}`, { headers: { accept: 'application/json' } })).body
    ).toMatchObject({
      status: false,
      message: 'device already connected'
    })
    expect((await t.call(`/api/device/reconnect?token=${token}`)).body).toMatchObject({ status: true })
    expect(await infoStatus(`/api/device/disconnect?token=${token}`)).toEqual({
      status: false,
      message: 'need secret key'
    })
    expect(await infoStatus(`/api/device/info?token=${token}.wrong`)).toEqual({
      status: false,
      message: 'secret key invalid'
    })
    expect(await infoStatus('/api/device/info', { authorization: token, 'secret-key': 'wrong' })).toEqual({
      status: false,
      message: 'secret key invalid'
    })
  })
})
