// Webhook targets: loopback, link-local, private and unspecified hosts and URLs with credentials are refused unless
// the run opts in; a name is checked by the address it resolves to, at the moment the socket connects.

import type { LookupAddress } from 'node:dns'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'
import { form, openSandbox, type TestSandbox } from './sandbox-fixture'
import { postWebhook, WebhookTargetRefused, type ResolveAll } from './webhook-targets'

let receiver: WebhookReceiver
beforeEach(async () => {
  receiver = await startWebhookReceiver()
  receiver.route('POST /in', { body: 'OK', headers: { 'content-type': 'text/plain' } })
})
afterEach(() => receiver.close())

/** Sets a device's webhook URL over the gateway's route; answers the gateway's `status` (whether it took it). */
const webhookSetter =
  (t: TestSandbox, token: string) =>
  async (url: string): Promise<unknown> =>
    (
      await t.call('/api/device/change-webhook-url', {
        token,
        method: 'POST',
        body: form({ webhook_url: url })
      })
    ).body.status

/** The receiver's URL is taken as the device's webhook, and a customer's message is POSTed there. */
async function expectDeliveredToReceiver(t: TestSandbox, token: string): Promise<void> {
  expect(await webhookSetter(t, token)(`${receiver.url}/in`)).toBe(true)
  t.sandbox.world.setIncomingWebhook(token, true)
  t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
  await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('delivered'))
  expect(receiver.requests.map((r) => r.path)).toEqual(['/in'])
}

const NON_PUBLIC = [
  'http://127.0.0.1:9/in',
  'http://127.8.9.10/in',
  'http://localhost:8080/in',
  'http://hooks.localhost/in',
  'http://localhost./in',
  'http://0x7f.1/in',
  'http://169.254.169.254/latest/meta-data',
  'http://10.1.2.3/in',
  'http://172.16.0.1/in',
  'http://172.31.255.254/in',
  'http://192.168.1.1/in',
  'http://0.0.0.0/in',
  'http://[::]/in',
  'http://[::1]/in',
  'http://[fe80::1]/in',
  'http://[fd12:3456::1]/in',
  'http://[::ffff:127.0.0.1]/in',
  'http://2130706433/in'
]

describe('without the opt-in (the default)', () => {
  let t: TestSandbox
  let token: string
  beforeEach(async () => {
    t = await openSandbox({ allowPrivateWebhookTargets: false, webhookBackoffMs: [5_000] })
    token = t.sandbox.world.createDevice({ linked: true }).token
  })
  afterEach(() => t.close())

  it.each([
    ['/api/device/change-webhook-url', 'webhook_url'],
    ['/api/device/change-tracking-url', 'tracking_url'],
    ['/api/device/tracking', 'url']
  ])('%s refuses non-public hosts and credentials, and takes a public one', async (path, field) => {
    for (const url of [...NON_PUBLIC, 'https://user:pass@hooks.example.com/in']) {
      const answer = await t.call(path, { token, method: 'POST', body: form({ [field]: url }) })
      expect([url, answer.status, answer.body.status, answer.body.message]).toEqual([
        url,
        400,
        false,
        expect.stringMatching(/url invalid: /)
      ])
    }
    expect(t.sandbox.world.device(token)).toMatchObject({ webhookUrl: null, trackingUrl: null })
    const good = await t.call(path, {
      token,
      method: 'POST',
      body: form({ [field]: 'https://hooks.example.com/in' })
    })
    expect(good.body.status).toBe(true)
  })

  it('refuses the device-status URL the same way', async () => {
    const refused = await t.call('/__sandbox/device/status-url', {
      token,
      method: 'POST',
      body: { url: 'http://169.254.169.254/' }
    })
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, error: expect.stringMatching(/link-local/) }
    })
  })
})

it('refuses at POST time a saved URL that points at loopback: nothing reaches it, no retry is planned', async () => {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'sandbox-targets-')), 'world.json')
  try {
    // A run that opted in saved a loopback URL; the next run does not opt in.
    const opted = await openSandbox({ stateFile, allowPrivateWebhookTargets: true })
    const { token } = opted.sandbox.world.createDevice({ linked: true })
    await opted.call('/api/device/change-webhook-url', {
      token,
      method: 'POST',
      body: form({ webhook_url: `${receiver.url}/in` })
    })
    opted.sandbox.world.setIncomingWebhook(token, true)
    await opted.close()
    const t = await openSandbox({ stateFile, allowPrivateWebhookTargets: false, webhookBackoffMs: [5_000] })
    try {
      t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
      await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('failed'))
      expect(t.sandbox.world.webhookDeliveries(token)[0]).toMatchObject({
        nextAttemptAt: null,
        attempts: [{ httpStatus: null, error: 'refused: 127.0.0.1 is a loopback address' }]
      })
      expect(receiver.requests).toEqual([])
    } finally {
      await t.close()
    }
  } finally {
    rmSync(join(stateFile, '..'), { recursive: true, force: true })
  }
})

describe('with the opt-in', () => {
  it('delivers to a receiver on 127.0.0.1, and still refuses credentials in the URL', async () => {
    const t = await openSandbox({ allowPrivateWebhookTargets: true })
    try {
      const { token } = t.sandbox.world.createDevice({ linked: true })
      const set = webhookSetter(t, token)
      expect(await set(`http://user:pass@127.0.0.1:${new URL(receiver.url).port}/in`)).toBe(false)
      expect(await set(`${receiver.url}/in`)).toBe(true)
      await t.call('/api/device/incoming', { token, method: 'POST', body: form({ incoming: 'active' }) })
      t.sandbox.world.receive(token, { from: '0812777888', message: 'halo' })
      await vi.waitFor(() => expect(t.sandbox.world.webhookDeliveries(token)[0]?.state).toBe('delivered'))
      expect(receiver.requests.map((r) => r.path)).toEqual(['/in'])
    } finally {
      await t.close()
    }
  })
})

describe('DNS rebinding: the address connected to is the one checked', () => {
  /** A public-looking name that resolves to loopback, as a rebinding name does on its second lookup. */
  const rebinding =
    (addresses: LookupAddress[]): ResolveAll =>
    (_hostname, done) =>
      done(null, addresses)

  const post = (resolve: ResolveAll, allowPrivateTargets: boolean) =>
    postWebhook(`http://hooks.example.com:${new URL(receiver.url).port}/in`, '{}', {
      signal: AbortSignal.timeout(5_000),
      policy: { allowPrivateTargets, resolve },
      maxAnswerBytes: 1024,
      userAgent: 'test'
    })

  it('refuses a name that resolves to a loopback, link-local or private address; nothing is sent', async () => {
    for (const address of ['127.0.0.1', '169.254.169.254', '10.0.0.7']) {
      const refused = await post(rebinding([{ address, family: 4 }]), false).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(WebhookTargetRefused)
      expect((refused as Error).message).toContain(`resolves to ${address}`)
    }
    // One bad address among good ones is enough: the socket could be handed either.
    const mixed = await post(
      rebinding([
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 }
      ]),
      false
    ).catch((error: unknown) => error)
    expect(mixed).toBeInstanceOf(WebhookTargetRefused)
    expect(receiver.requests).toEqual([])
  })

  it('connects to the resolved address itself when the run opts in', async () => {
    const answer = await post(rebinding([{ address: '127.0.0.1', family: 4 }]), true)
    expect(answer).toMatchObject({ status: 200, text: 'OK' })
    expect(receiver.requests.map((r) => r.path)).toEqual(['/in'])
  })
})

describe('"allow webhooks to this computer": loopback only', () => {
  const LOOPBACK = [
    'http://127.0.0.1:9/in',
    'http://127.8.9.10/in',
    'http://localhost:8080/in',
    'http://hooks.localhost/in',
    'http://[::1]/in',
    'http://[::ffff:127.0.0.1]/in'
  ]
  const OTHER_PRIVATE = [
    'http://169.254.169.254/latest/meta-data',
    'http://10.1.2.3/in',
    'http://172.16.0.1/in',
    'http://192.168.1.1/in',
    'http://0.0.0.0/in',
    'http://[fe80::1]/in',
    'http://[fd12:3456::1]/in'
  ]

  it('takes a loopback URL, still refuses private, link-local and unspecified ones, and delivers on 127.0.0.1', async () => {
    const t = await openSandbox({ allowPrivateWebhookTargets: false, allowLoopbackWebhookTargets: true })
    try {
      const { token } = t.sandbox.world.createDevice({ linked: true })
      const set = webhookSetter(t, token)
      for (const url of LOOPBACK) expect([url, await set(url)]).toEqual([url, true])
      for (const url of OTHER_PRIVATE) expect([url, await set(url)]).toEqual([url, false])
      await expectDeliveredToReceiver(t, token)
    } finally {
      await t.close()
    }
  })

  it('refuses a name that resolves to a private address, and connects to one that resolves to loopback', async () => {
    const post = (address: string) =>
      postWebhook(`http://hooks.example.com:${new URL(receiver.url).port}/in`, '{}', {
        signal: AbortSignal.timeout(5_000),
        policy: {
          allowPrivateTargets: false,
          allowLoopbackTargets: true,
          resolve: (_hostname, done) => done(null, [{ address, family: 4 }])
        },
        maxAnswerBytes: 1024,
        userAgent: 'test'
      })
    for (const address of ['169.254.169.254', '10.0.0.7', '192.168.1.20']) {
      const refused = await post(address).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(WebhookTargetRefused)
    }
    expect(receiver.requests).toEqual([])
    expect(await post('127.0.0.1')).toMatchObject({ status: 200, text: 'OK' })
    expect(receiver.requests.map((r) => r.path)).toEqual(['/in'])
  })
})

describe('one loopback origin the app names (its own relay)', () => {
  it('takes that origin only: another port, a name for it and other private addresses stay refused; delivers there', async () => {
    const origin = new URL(receiver.url).origin
    const t = await openSandbox({
      allowPrivateWebhookTargets: false,
      allowLoopbackWebhookOrigin: (asked) => asked === origin
    })
    try {
      const { token } = t.sandbox.world.createDevice({ linked: true })
      const set = webhookSetter(t, token)
      const port = Number(new URL(receiver.url).port)
      for (const url of [
        `http://127.0.0.1:${port + 1}/in`,
        `http://localhost:${port}/in`,
        `http://127.0.0.2:${port}/in`,
        'http://10.1.2.3/in',
        'http://[::1]/in'
      ])
        expect([url, await set(url)]).toEqual([url, false])
      await expectDeliveredToReceiver(t, token)
    } finally {
      await t.close()
    }
  })
})
