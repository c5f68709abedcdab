// The sandbox is locked to its owner: control token, Host check (DNS rebinding), JSON only as application/json,
// no CORS, unpredictable tokens, and webhook answers read up to a cap with per-device, per-kind limits.

import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from './index'
import { AUTO_REPLIES_PER_MINUTE } from './world'
import { MAX_ANSWER_BYTES, WEBHOOK_DELIVERIES_PER_MINUTE } from './webhook-deliveries'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'
import { DEFAULT_TIMINGS } from './world-interface'

let t: TestSandbox
let token: string

beforeEach(async () => {
  t = await openSandbox()
  token = t.sandbox.world.createDevice({ linked: true, quota: 'unlimited' }).token
})
afterEach(async () => {
  await t.close()
})

/** A raw HTTP request, so the test chooses every header (fetch will not send a foreign Host). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {}
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(t.sandbox.baseUrl)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {}
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      }
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

describe('control routes need the per-run control token', () => {
  it('answers 401 without it or with a wrong one, and serves with it', async () => {
    const without = await raw('/__sandbox/devices')
    expect(without.status).toBe(401)
    expect(without.body).not.toContain(token)
    const wrong = await raw('/__sandbox/devices', { headers: { 'x-sandbox-control': 'guess' } })
    expect(wrong.status).toBe(401)
    // A device token is not a control token.
    expect(
      (await raw('/__sandbox/device/logout', { method: 'POST', headers: { authorization: token } })).status
    ).toBe(401)
    const right = await raw('/__sandbox/devices', {
      headers: { 'x-sandbox-control': t.sandbox.controlToken }
    })
    expect(right.status).toBe(200)
    expect(right.body).toContain(token)
  })

  it('gives each run its own control token', async () => {
    const a = await startSandbox()
    const b = await startSandbox()
    try {
      expect(a.controlToken).not.toBe(b.controlToken)
      expect(a.controlToken.length).toBeGreaterThanOrEqual(32)
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('every route checks the Host header (DNS rebinding)', () => {
  it('answers 421 to a foreign Host on gateway and control routes, and serves its own', async () => {
    const port = new URL(t.sandbox.baseUrl).port
    const foreign = await raw(`/api/device/info?token=${token}`, {
      headers: { host: `evil.example:${port}` }
    })
    expect(foreign.status).toBe(421)
    expect(foreign.body).not.toContain(token)
    const otherPort = await raw(`/api/device/info?token=${token}`, { headers: { host: '127.0.0.1:1' } })
    expect(otherPort.status).toBe(421)
    const control = await raw('/__sandbox/devices', {
      headers: { host: `rebind.example:${port}`, 'x-sandbox-control': t.sandbox.controlToken }
    })
    expect(control.status).toBe(421)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await raw(`/api/device/info?token=${token}`, { headers: { host } })).status).toBe(200)
    }
  })
})

describe('bodies', () => {
  it('refuses text/plain (what a cross-site form can send) with 415 on gateway and control routes', async () => {
    const plain = { 'content-type': 'text/plain', authorization: token }
    const json = JSON.stringify({ phone: '08123456789', message: 'hi' })
    const sent = await raw('/api/send-message', { method: 'POST', headers: plain, body: json })
    expect(sent.status).toBe(415)
    expect(t.sandbox.world.messages()).toEqual([])
    const control = await raw('/__sandbox/devices', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-sandbox-control': t.sandbox.controlToken },
      body: '{}'
    })
    expect(control.status).toBe(415)
    // A control route takes JSON only, even a form.
    const controlForm = await raw('/__sandbox/devices', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-sandbox-control': t.sandbox.controlToken
      },
      body: 'name=x'
    })
    expect(controlForm.status).toBe(415)
    // The documented encodings still work.
    expect(
      (
        await t.call('/api/send-message', {
          token,
          method: 'POST',
          body: form({ phone: '08123456789', message: 'a' })
        })
      ).status
    ).toBe(200)
    expect(
      (
        await t.call('/api/send-message', {
          token,
          method: 'POST',
          body: { phone: '08123456789', message: 'b' }
        })
      ).status
    ).toBe(200)
  })

  it('sends no CORS headers, to preflights or to requests with an Origin', async () => {
    const preflight = await raw('/api/send-message', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' }
    })
    expect(preflight.status).not.toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const simple = await raw(`/api/device/info?token=${token}`, {
      headers: { origin: 'https://evil.example' }
    })
    expect(simple.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('tokens and secrets', () => {
  it('come from the CSPRNG without a seed: two fresh installs never share their first token', async () => {
    const a = await startSandboxWithDevice()
    const b = await startSandboxWithDevice()
    expect(a.token).not.toBe(b.token)
    expect(a.secret).not.toBe(b.secret)
    expect(a.token).toMatch(/^[A-Za-z0-9]{64}$/)
    expect(a.secret).toMatch(/^[A-Za-z0-9]{8}$/)
  })

  it('repeat only when a test asks for a seed', async () => {
    const first = await openSandbox({ seed: 42 })
    const second = await openSandbox({ seed: 42 })
    try {
      expect(first.sandbox.world.createDevice().token).toBe(second.sandbox.world.createDevice().token)
    } finally {
      await first.close()
      await second.close()
    }
  })
})

async function startSandboxWithDevice(): Promise<{ token: string; secret: string | undefined }> {
  const sandbox = await startSandbox()
  try {
    const response = await fetch(`${sandbox.baseUrl}/__sandbox/devices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-control': sandbox.controlToken },
      body: JSON.stringify({ secret: true })
    })
    const created = (await response.json()) as { token: string; secret?: string }
    return { token: created.token, secret: created.secret }
  } finally {
    await sandbox.close()
  }
}

describe('webhook deliveries', () => {
  let receiver: Server
  let receiverUrl: string
  let written = 0
  let answerBytes = 0

  beforeEach(async () => {
    written = 0
    answerBytes = 0
    receiver = createServer((req, res) => {
      req.resume()
      res.writeHead(200, { 'content-type': 'text/plain' })
      // A huge answer, written in chunks as the sandbox reads them.
      const chunk = Buffer.alloc(16 * 1024, 'a')
      const pump = (): void => {
        while (written < answerBytes) {
          written += chunk.length
          if (!res.write(chunk)) {
            res.once('drain', pump)
            return
          }
        }
        res.end()
      }
      res.on('close', () => res.removeAllListeners('drain'))
      pump()
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`
    const fields = { webhook_url: receiverUrl }
    expect(
      (await t.call('/api/device/change-webhook-url', { token, method: 'POST', body: form(fields) })).status
    ).toBe(200)
    await t.call('/api/device/incoming', { token, method: 'POST', body: form({ incoming: 'active' }) })
  })
  afterEach(async () => {
    receiver.closeAllConnections()
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
  })

  it('reads an answer only up to 64 KB and drops the rest unread', async () => {
    answerBytes = 64 * 1024 * 1024
    t.sandbox.world.setWebhookReply(token, true)
    t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
    await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('delivered'), {
      timeout: 10_000
    })
    // The receiver could not write much past the cap before the sandbox hung up (socket buffers aside).
    expect(written).toBeLessThan(8 * 1024 * 1024)
    const [reply] = t.sandbox.world.messages().filter((m) => m.endpoint === 'webhook-reply')
    expect(reply?.text?.length ?? 0).toBeLessThanOrEqual(MAX_ANSWER_BYTES)
  })

  it('POSTs at most the per-device limit a minute per kind; more wait and go out as the minute frees up', async () => {
    answerBytes = 2
    await t.call('/api/device/change-tracking-url', {
      token,
      method: 'POST',
      body: form({ tracking_url: receiverUrl })
    })
    for (let i = 0; i < WEBHOOK_DELIVERIES_PER_MINUTE + 5; i++) {
      t.sandbox.world.receive(token, { from: '0812777888', message: `m${i}` })
    }
    const waiting = () =>
      t.sandbox.world
        .webhookDeliveries(token)
        .filter((d) => d.state === 'pending' && d.nextAttemptAt !== null)
    expect(waiting()).toHaveLength(5)
    expect(waiting().map((d) => [d.attempts, d.nextAttemptAt])).toEqual(
      Array(5).fill([[], '2026-01-15T03:01:00.000Z'])
    )
    expect(t.sandbox.world.webhookQueue()).toEqual({
      queued: { incoming: 5, tracking: 0, device: 0 },
      dropped: { incoming: 0, tracking: 0, device: 0 }
    })
    // Tracking has its own minute: a message's status goes out at once while incoming is over its cap.
    await t.call('/api/send-message', {
      token,
      method: 'POST',
      body: form({ phone: '0812345678', message: 'x' })
    })
    await t.clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    const tracking = () => t.sandbox.world.webhookDeliveries(token).filter((d) => d.kind === 'tracking')
    await vi.waitFor(() => expect(tracking()[0]?.state).toBe('delivered'))
    await t.sandbox.world.webhooksSettled()
    expect(t.sandbox.world.webhookDeliveries(token).filter((d) => d.state === 'failed')).toEqual([])

    // A minute after the first ones, the waiting five are POSTed.
    await t.clock.advance(60_000 - DEFAULT_TIMINGS.sentAfterMs)
    await vi.waitFor(() =>
      expect(
        t.sandbox.world
          .webhookDeliveries(token)
          .filter((d) => d.kind === 'incoming' && d.state === 'delivered')
      ).toHaveLength(WEBHOOK_DELIVERIES_PER_MINUTE + 5)
    )
    expect(t.sandbox.world.webhookQueue().queued.incoming).toBe(0)
  })

  it('drops what does not fit in the bounded queue, and counts it', async () => {
    const small = await openSandbox({ webhookPerMinute: { incoming: 2 }, webhookQueueLimit: 3 })
    try {
      const device = small.sandbox.world.createDevice({ linked: true }).token
      await small.call('/api/device/change-webhook-url', {
        token: device,
        method: 'POST',
        body: form({ webhook_url: receiverUrl })
      })
      small.sandbox.world.setIncomingWebhook(device, true)
      answerBytes = 2
      for (let i = 0; i < 7; i++)
        small.sandbox.world.receive(device, { from: '0812777888', message: `m${i}` })
      const dropped = small.sandbox.world.webhookDeliveries(device).filter((d) => d.state === 'failed')
      expect(dropped).toHaveLength(2)
      expect(dropped[0]?.attempts[0]?.error).toMatch(/^not sent: over 2 incoming webhook deliveries a minute/)
      const answer = await small.call('/__sandbox/webhooks')
      expect(answer.body.queue).toEqual({
        queued: { incoming: 3, tracking: 0, device: 0 },
        dropped: { incoming: 2, tracking: 0, device: 0 }
      })
      await small.sandbox.world.webhooksSettled()
    } finally {
      await small.close()
    }
  })
})

describe('webhook addresses and answers', () => {
  it('takes http(s) URLs only, on every route that sets one', async () => {
    const routes: [string, string][] = [
      ['/api/device/change-webhook-url', 'webhook_url'],
      ['/api/device/change-tracking-url', 'tracking_url'],
      ['/api/device/tracking', 'url']
    ]
    for (const [path, field] of routes) {
      for (const url of [
        'file:///etc/passwd',
        'ftp://x.test/in',
        'javascript:alert(1)',
        'gopher://x.test/',
        'x.test/in'
      ]) {
        const answer = await t.call(path, { token, method: 'POST', body: form({ [field]: url }) })
        expect([path, url, answer.body.status]).toEqual([path, url, false])
      }
    }
    expect(t.sandbox.world.device(token)).toMatchObject({ webhookUrl: null, trackingUrl: null })
    await t.call('/api/device/change-webhook-url', {
      token,
      method: 'POST',
      body: form({ webhook_url: 'https://hooks.example.test/in' })
    })
    expect(t.sandbox.world.device(token).webhookUrl).toBe('https://hooks.example.test/in')
  })

  it('gives up an attempt after 10 s without an answer, and plans a retry', async () => {
    let arrived = 0
    const silent = createServer((req) => {
      arrived += 1
      req.resume()
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/in`
      await t.call('/api/device/change-webhook-url', {
        token,
        method: 'POST',
        body: form({ webhook_url: url })
      })
      await t.call('/api/device/incoming', { token, method: 'POST', body: form({ incoming: 'active' }) })
      t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
      await vi.waitFor(() => expect(arrived).toBe(1))
      await t.clock.advance(9_999)
      expect(t.sandbox.world.webhookDeliveries(token)[0]?.attempts).toEqual([])
      await t.clock.advance(1)
      await vi.waitFor(() =>
        expect(t.sandbox.world.webhookDeliveries(token)[0]).toMatchObject({
          state: 'pending',
          attempts: [{ httpStatus: null, error: 'no answer within 10 s' }]
        })
      )
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})

describe('auto-replies', () => {
  it('sends at most the per-device limit a minute, however many messages arrive', async () => {
    await t.call('/api/v2/autoreply', {
      token,
      method: 'POST',
      body: { keyword: 'halo', response: 'Halo juga' }
    })
    for (let i = 0; i < AUTO_REPLIES_PER_MINUTE + 10; i++) {
      t.sandbox.world.receive(token, { from: `08127778${String(i).padStart(3, '0')}`, message: 'halo' })
    }
    expect(t.sandbox.world.messages().filter((m) => m.endpoint === 'autoreply')).toHaveLength(
      AUTO_REPLIES_PER_MINUTE
    )
    await t.clock.advance(60_001)
    expect(t.sandbox.world.receive(token, { from: '0812777000', message: 'halo' }).replies).toHaveLength(1)
  })
})
