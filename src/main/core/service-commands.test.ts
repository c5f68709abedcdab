// The service features through the contract on a composed core: webhook settings (sandbox and hosted devices), the
// webhook inspector, "try it" with auto-replies, and the sandbox's sent messages.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InvokeChannel, InvokeReply, InvokeRequest } from '../../shared/contract'
import { describeCoreError } from './compose'
import { FakeClock } from './clock'
import { composeCore, type Core } from './compose'
import { startWireServer, type WireServer } from './gateway/testing/wire-server'
import { loseNextAnswer } from './gateway/testing/lost-answer'
import { dispatchInvoke } from './ipc-dispatch'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { MemoryVault } from './vault'
import { AUTO_REPLY_STALE_MS } from './autoreplies'
import { createGatewayClient } from './gateway'
import { PUBLIC_GATEWAY, WEBHOOK_REACH_CASES } from './gateway/webhook-reach.cases'
import { startTestRelay } from './inbox/testing/test-relay'
import { isHttpUrl } from '../../shared/domain'

let dir: string
let vault: MemoryVault
let core: Core
let clock: FakeClock
let receiver: WireServer
let hosted: Sandbox
let hostedControl: SandboxControl

async function invoke<C extends InvokeChannel>(
  channel: C,
  request: InvokeRequest<C>
): Promise<InvokeReply<C>> {
  const result = await dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })
  if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
  return result.value as InvokeReply<C>
}

async function failure(
  promise: Promise<unknown>
): Promise<{ code: string; field?: string; message: string }> {
  try {
    await promise
  } catch (error) {
    return error as { code: string; field?: string; message: string }
  }
  throw new Error('expected a failure')
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sender-desk-service-'))
  clock = new FakeClock('2026-01-15T03:00:00Z')
  receiver = await startWireServer()
  hosted = await startSandbox({ clock })
  hostedControl = new SandboxControl(hosted.baseUrl, hosted.controlToken)
  vault = new MemoryVault()
  await startCore()
})

/** A core on the test's data folder and keychain: started again, it is the app after a restart. */
async function startCore(ports: Partial<Parameters<typeof composeCore>[0]> = {}): Promise<void> {
  core = await composeCore({
    dataDir: dir,
    vault,
    clock,
    appInfo: { version: 't', platform: 't' },
    // The receiver is on 127.0.0.1, which the sandbox refuses as a webhook target unless the run opts in.
    sandbox: { allowPrivateWebhookTargets: true },
    ...ports
  })
  await core.start()
}
afterEach(async () => {
  await core.stop()
  await hosted.close()
  await receiver.close()
  await rm(dir, { recursive: true, force: true })
})

async function linkedSandboxDevice(): Promise<string> {
  const { device } = await invoke('sandbox:start', {})
  await invoke('devices:qr', { id: device.id })
  await invoke('sandbox:control', { deviceId: device.id, action: 'scan' })
  await invoke('sandbox:control', { deviceId: device.id, action: 'activate' })
  return device.id
}

describe('webhook settings', () => {
  it('sandbox devices: saved at the sandbox and read back from it, reply switch included', async () => {
    const deviceId = await linkedSandboxDevice()
    expect(await invoke('webhooks:get', { deviceId })).toEqual({
      deviceId,
      webhookUrl: null,
      trackingUrl: null,
      incoming: false,
      autoReplyFromWebhook: false,
      source: 'sandbox',
      savedAt: null
    })
    const saved = await invoke('webhooks:update', {
      deviceId,
      webhookUrl: `${receiver.url}/in`,
      trackingUrl: `${receiver.url}/track`,
      incoming: true,
      autoReplyFromWebhook: true
    })
    expect(saved).toEqual({
      deviceId,
      webhookUrl: `${receiver.url}/in`,
      trackingUrl: `${receiver.url}/track`,
      incoming: true,
      autoReplyFromWebhook: true,
      source: 'sandbox',
      savedAt: '2026-01-15T03:00:00.000Z'
    })
    const sandbox = (await core.sandbox.current())!
    expect((await sandbox.control.devices())[0]).toMatchObject({ incomingWebhook: true, webhookReply: true })

    // The sandbox is its own dashboard: an address emptied in the window is removed there, the other one kept.
    const cleared = await invoke('webhooks:update', { deviceId, clear: ['webhookUrl'] })
    expect(cleared).toMatchObject({
      webhookUrl: null,
      trackingUrl: `${receiver.url}/track`,
      source: 'sandbox'
    })
    expect((await sandbox.control.devices())[0]).toMatchObject({
      webhookUrl: null,
      trackingUrl: `${receiver.url}/track`
    })
  })

  it('hosted devices: each setting goes to the gateway and is remembered; the reply switch is refused', async () => {
    const created = await hostedControl.createDevice({ linked: true })
    const device = await invoke('devices:add', {
      label: 'Kasir',
      baseUrl: hosted.baseUrl,
      token: created.token
    })
    const saved = await invoke('webhooks:update', {
      deviceId: device.id,
      webhookUrl: 'https://hooks.example.com/in'
    })
    expect(saved).toMatchObject({
      webhookUrl: 'https://hooks.example.com/in',
      incoming: false,
      source: 'remembered'
    })
    await invoke('webhooks:update', { deviceId: device.id, incoming: true })
    expect(await hostedControl.device(created.token)).toMatchObject({
      webhookUrl: 'https://hooks.example.com/in',
      incomingWebhook: true
    })
    expect(await invoke('webhooks:get', { deviceId: device.id })).toMatchObject({
      webhookUrl: 'https://hooks.example.com/in',
      trackingUrl: null,
      incoming: true,
      source: 'remembered'
    })
    const refused = await failure(
      invoke('webhooks:update', { deviceId: device.id, autoReplyFromWebhook: true })
    )
    expect(refused).toMatchObject({ code: 'not_supported', field: 'autoReplyFromWebhook' })
    // The gateway's API cannot remove an address (gateway-api.md §4.1): refused, the address kept.
    const notCleared = await failure(
      invoke('webhooks:update', { deviceId: device.id, clear: ['webhookUrl'] })
    )
    expect(notCleared).toMatchObject({ code: 'not_supported', field: 'clear' })
    expect(await invoke('webhooks:get', { deviceId: device.id })).toMatchObject({
      webhookUrl: 'https://hooks.example.com/in'
    })
    const badUrl = await failure(invoke('webhooks:update', { deviceId: device.id, webhookUrl: 'ftp://x' }))
    expect(badUrl).toMatchObject({ code: 'invalid_request', field: 'webhookUrl' })
    expect(await failure(invoke('sandbox:webhookDeliveries', { deviceId: device.id }))).toMatchObject({
      code: 'not_sandbox'
    })
  })
})

describe('addresses the gateway cannot reach', () => {
  /** A device on a gateway on the internet (its address as the operator typed it), answered by the test's sandbox. */
  async function deviceOnAGatewayOnTheInternet() {
    await core.stop()
    await startCore({
      clientFactory: (credentials) => createGatewayClient({ ...credentials, baseUrl: hosted.baseUrl })
    })
    const created = await hostedControl.createDevice({ linked: true })
    const device = await invoke('devices:add', {
      label: 'Kasir',
      baseUrl: PUBLIC_GATEWAY,
      token: created.token
    })
    return { created, device }
  }

  it('hosted devices: refused at their field before any request, in words naming where they lead', async () => {
    const { created, device } = await deviceOnAGatewayOnTheInternet()
    const asked = WEBHOOK_REACH_CASES.filter(
      ({ gateway, target }) => gateway === PUBLIC_GATEWAY && isHttpUrl(target)
    )
    expect(asked.filter((c) => c.unreachable === 'this-computer').length).toBeGreaterThan(3)
    expect(asked.filter((c) => c.unreachable === 'private-network').length).toBeGreaterThan(3)
    for (const { target, unreachable } of asked) {
      for (const field of ['webhookUrl', 'trackingUrl'] as const) {
        const before = await hostedControl.device(created.token)
        const answer = await invoke('webhooks:update', { deviceId: device.id, [field]: target }).catch(
          (error: unknown) => error
        )
        if (unreachable === null) {
          expect(answer, target).toMatchObject({ [field]: target })
          continue
        }
        expect(answer, target).toMatchObject({
          code: 'unreachable_webhook',
          field,
          messageKey:
            unreachable === 'this-computer'
              ? 'desktop.error.webhookThisComputer'
              : 'desktop.error.webhookPrivateNetwork',
          messageParams: { host: expect.any(String) }
        })
        // Nothing reached the gateway: its saved addresses are as they were.
        const after = await hostedControl.device(created.token)
        expect([after.webhookUrl, after.trackingUrl]).toEqual([before.webhookUrl, before.trackingUrl])
      }
    }
  })

  // Stop 54's note: with both addresses unreachable, the refusal named the first; the second was said at the next Save.
  it('hosted devices: both addresses unreachable are refused together, each at its field', async () => {
    const { created, device } = await deviceOnAGatewayOnTheInternet()
    const answer = await failure(
      invoke('webhooks:update', {
        deviceId: device.id,
        webhookUrl: 'http://localhost:8080/in',
        trackingUrl: 'https://192.168.1.20/status'
      })
    )
    expect(answer).toMatchObject({
      code: 'unreachable_webhook',
      field: 'webhookUrl',
      messageKey: 'desktop.error.webhookThisComputer',
      messageParams: { host: 'localhost' },
      otherFields: [
        {
          field: 'trackingUrl',
          message: expect.stringContaining('192.168.1.20'),
          messageKey: 'desktop.error.webhookPrivateNetwork',
          messageParams: { host: '192.168.1.20' }
        }
      ]
    })
    // One address unreachable names that one alone.
    expect(
      await failure(
        invoke('webhooks:update', {
          deviceId: device.id,
          webhookUrl: 'https://hooks.example.com/in',
          trackingUrl: 'https://192.168.1.20/status'
        })
      )
    ).toEqual(expect.not.objectContaining({ otherFields: expect.anything() }))
    expect(await hostedControl.device(created.token)).toMatchObject({ webhookUrl: null, trackingUrl: null })
  })

  it('Messages in: a relay on this computer is refused for a hosted device, said of the relay, nothing set', async () => {
    const { created, device } = await deviceOnAGatewayOnTheInternet()
    // "sender-desk relay serve" run on this computer: the connection works, the gateway could never post to it.
    const relay = await startTestRelay()
    try {
      await invoke('inbox:connect', { relayUrl: relay.url })
      const saidOfTheRelay = {
        code: 'unreachable_webhook',
        messageKey: 'desktop.error.relayThisComputer',
        messageParams: { host: '127.0.0.1' }
      }
      // Said when "Receive messages on Kasir?" would be asked, and again if it is confirmed anyway.
      expect(await failure(invoke('inbox:provisionPreview', { deviceId: device.id }))).toMatchObject(
        saidOfTheRelay
      )
      expect(await failure(invoke('inbox:provision', { deviceId: device.id }))).toMatchObject(saidOfTheRelay)
      expect(await hostedControl.device(created.token)).toMatchObject({
        webhookUrl: null,
        incomingWebhook: false
      })
    } finally {
      await relay.close()
    }
  })

  it("sandbox devices: the sandbox's own refusal is said at the field; what it allows is taken", async () => {
    await core.stop()
    // The app's sandbox as an operator runs it: webhooks to this computer and private networks refused.
    await startCore({ sandbox: {} })
    const deviceId = await linkedSandboxDevice()
    const local = await failure(
      invoke('webhooks:update', { deviceId, webhookUrl: 'http://localhost:9999/hook?secret=abc' })
    )
    expect(local).toMatchObject({
      code: 'unreachable_webhook',
      field: 'webhookUrl',
      messageKey: 'desktop.error.webhookSandboxThisComputer',
      messageParams: { host: 'localhost' }
    })
    const office = await failure(
      invoke('webhooks:update', { deviceId, trackingUrl: 'https://192.168.1.10/status' })
    )
    expect(office).toMatchObject({
      code: 'unreachable_webhook',
      field: 'trackingUrl',
      messageKey: 'desktop.error.webhookSandboxPrivateNetwork'
    })
    expect(await invoke('webhooks:get', { deviceId })).toMatchObject({ webhookUrl: null, trackingUrl: null })
    expect(
      await invoke('webhooks:update', { deviceId, webhookUrl: 'https://hooks.example.com/in' })
    ).toMatchObject({ webhookUrl: 'https://hooks.example.com/in', source: 'sandbox' })
    await core.stop()
    // Started to let webhooks reach this computer (--sandbox-webhooks-to-this-computer): taken.
    await startCore({ sandbox: { allowLoopbackWebhookTargets: true } })
    expect(
      await invoke('webhooks:update', { deviceId, webhookUrl: 'http://localhost:9999/hook' })
    ).toMatchObject({ webhookUrl: 'http://localhost:9999/hook' })
  })
})

describe('the webhook inspector and "try it"', () => {
  // QA78 defect 3: an auto-reply's statuses read "The message to … is now read": the outbox never had it.
  it('names the auto-reply a status is about: the sandbox sent it, not the outbox', async () => {
    const deviceId = await linkedSandboxDevice()
    receiver.route('POST /track', { body: 'ok' })
    await invoke('webhooks:update', { deviceId, trackingUrl: `${receiver.url}/track` })
    await invoke('autoReplies:create', { deviceId, keyword: 'harga', response: 'Harga mulai 10rb' })
    const tried = await invoke('sandbox:receive', { deviceId, from: '0813 7777 8888', message: 'harga' })
    expect(tried.replies.map((reply) => reply.text)).toEqual(['Harga mulai 10rb'])
    // "Sent" comes 1.5 s after the gateway took the reply.
    await clock.advance(2_000)
    await vi.waitFor(async () =>
      expect(
        (await invoke('sandbox:webhookDeliveries', { deviceId })).deliveries.some(
          (d) => d.kind === 'tracking'
        )
      ).toBe(true)
    )
    const tracking = (await invoke('sandbox:webhookDeliveries', { deviceId })).deliveries.filter(
      (d) => d.kind === 'tracking'
    )
    expect(tracking[0]?.message).toEqual({
      kind: 'text',
      text: 'Harga mulai 10rb',
      fileName: null,
      sentBy: 'autoreply'
    })
  })

  it('lists each delivery with its payload, attempts and what the receiver answered, and the reply it caused', async () => {
    const deviceId = await linkedSandboxDevice()
    receiver.route('POST /in', { body: 'Halo juga!', headers: { 'content-type': 'text/plain' } })
    await invoke('webhooks:update', {
      deviceId,
      webhookUrl: `${receiver.url}/in`,
      incoming: true,
      autoReplyFromWebhook: true
    })
    const tried = await invoke('sandbox:receive', {
      deviceId,
      from: '0812 777 888',
      message: 'halo',
      pushName: 'Budi'
    })
    expect(tried.replies).toEqual([])
    expect(tried.webhookDeliveryId).toEqual(expect.any(String))
    await vi.waitFor(async () =>
      expect((await invoke('sandbox:webhookDeliveries', { deviceId })).deliveries[0]?.state).toBe('delivered')
    )
    const [delivery] = (await invoke('sandbox:webhookDeliveries', { deviceId })).deliveries
    expect(delivery).toMatchObject({
      id: tried.webhookDeliveryId,
      kind: 'incoming',
      url: `${receiver.url}/in`,
      payload: { id: tried.incomingId, pushName: 'Budi', phone: '62812777888', message: 'halo' },
      attempts: [{ httpStatus: 200, contentType: 'text/plain', body: 'Halo juga!', error: null }],
      replies: ['Halo juga!'],
      replyNote: null
    })
    const sent = await invoke('sandbox:sent', { deviceId })
    expect(sent.messages).toMatchObject([
      { phone: '62812777888', text: 'Halo juga!', source: 'webhook-reply' }
    ])
  })

  it('pushes sandbox:changed (at most every 250 ms) when the sandbox world changes', async () => {
    const deviceId = await linkedSandboxDevice()
    const seen: string[] = []
    core.events.subscribe((event) => {
      if (event === 'sandbox:changed') seen.push(event)
    })
    await clock.advance(300)
    seen.length = 0
    await invoke('sandbox:receive', { deviceId, from: '0812777888', message: 'one' })
    await invoke('sandbox:receive', { deviceId, from: '0812777888', message: 'two' })
    expect(seen).toEqual([])
    await clock.advance(250)
    expect(seen).toEqual(['sandbox:changed'])
    expect(
      await failure(invoke('sandbox:receive', { deviceId, from: 'nobody', message: 'x' }))
    ).toMatchObject({
      code: 'sandbox_refused',
      field: 'from'
    })
  })

  it("says in the window's words why a message cannot arrive: a number that is not one, a device not linked", async () => {
    const deviceId = await linkedSandboxDevice()
    expect(
      await failure(invoke('sandbox:receive', { deviceId, from: 'nobody', message: 'x' }))
    ).toMatchObject({
      field: 'from',
      messageKey: 'desktop.error.sandboxFromInvalid',
      messageParams: { from: 'nobody' }
    })
    await invoke('sandbox:control', { deviceId, action: 'logout' })
    const refused = await failure(invoke('sandbox:receive', { deviceId, from: '0812777888', message: 'x' }))
    expect(refused).toMatchObject({
      code: 'sandbox_not_linked',
      messageKey: 'desktop.error.sandboxNotLinked'
    })
    // Not the sandbox's own sentence ("a logged_out device receives nothing…").
    expect(refused.message).not.toMatch(/logged_out|receives nothing/)
  })
})

describe('auto-replies', () => {
  it("keeps the device's rules for the chatbot view: the app's changes at once, the dashboard's once the copy is stale", async () => {
    const created = await hostedControl.createDevice({ linked: true })
    const device = await invoke('devices:add', {
      label: 'Kasir',
      baseUrl: hosted.baseUrl,
      token: created.token
    })
    const keywords = async (): Promise<string[]> =>
      (await invoke('autoReplies:chatbot', {})).devices
        .find((d) => d.deviceId === device.id)!
        .rules.map((rule) => rule.keyword)
    const harga = await invoke('autoReplies:create', {
      deviceId: device.id,
      keyword: 'harga',
      response: 'Rp 50.000'
    })
    expect(await keywords()).toEqual(['harga'])
    // A rule made in the gateway's dashboard: the copy is fresh, so the gateway is not asked again yet.
    const dashboard = createGatewayClient({ baseUrl: hosted.baseUrl, token: created.token, timeoutMs: 5_000 })
    await dashboard.createAutoReply({ keyword: 'promo', response: 'Diskon 10%' })
    expect(await keywords()).toEqual(['harga'])
    await clock.advance(AUTO_REPLY_STALE_MS + 1)
    expect(await keywords()).toEqual(['harga', 'promo'])
    await invoke('autoReplies:update', {
      deviceId: device.id,
      id: harga.id,
      keyword: 'harga grosir',
      response: 'Rp 45.000'
    })
    expect(await keywords()).toEqual(['harga grosir', 'promo'])
    await invoke('autoReplies:delete', { deviceId: device.id, id: harga.id })
    expect(await keywords()).toEqual(['promo'])
    // A removed device's rules go with it.
    await invoke('devices:remove', { id: device.id })
    expect((await invoke('autoReplies:chatbot', {})).devices).toEqual([])
  })

  it('create, list, update and delete at the gateway; "try it" gets the reply at once', async () => {
    const deviceId = await linkedSandboxDevice()
    const rule = await invoke('autoReplies:create', {
      deviceId,
      keyword: ' jam buka ',
      response: 'Buka 08.00'
    })
    expect(rule).toEqual({
      id: expect.any(String),
      keyword: 'jam buka',
      response: 'Buka 08.00',
      category: null,
      file: null
    })
    expect(await invoke('autoReplies:list', { deviceId })).toEqual({
      autoReplies: [{ ...rule, category: 'text', file: null }]
    })
    const tried = await invoke('sandbox:receive', { deviceId, from: '0812777888', message: 'Jam Buka' })
    expect(tried.replies).toMatchObject([{ phone: '62812777888', text: 'Buka 08.00', source: 'autoreply' }])

    const updated = await invoke('autoReplies:update', {
      deviceId,
      id: rule.id,
      keyword: 'buka',
      response: 'Setiap hari'
    })
    expect(updated).toMatchObject({ id: rule.id, keyword: 'buka', response: 'Setiap hari' })
    expect((await invoke('autoReplies:list', { deviceId, keyword: 'BUKA' })).autoReplies).toHaveLength(1)
    expect(await invoke('autoReplies:delete', { deviceId, id: rule.id })).toEqual({
      ok: true,
      message: 'remove autoreply keyword: buka successfully'
    })
    expect((await invoke('autoReplies:list', { deviceId })).autoReplies).toEqual([])
    const again = await failure(invoke('autoReplies:delete', { deviceId, id: rule.id }))
    expect(again).toMatchObject({
      code: 'rejected',
      message: expect.stringContaining(`autoreply ${rule.id} not found`)
    })
    expect(
      await failure(invoke('autoReplies:create', { deviceId, keyword: ' ', response: 'x' }))
    ).toMatchObject({
      code: 'invalid_request',
      field: 'keyword'
    })
  })
})

// A rule's answer lost after the gateway made it: "failed" before, and made again the gateway refused it as a
// keyword it has ("already exist"), while the list shown did not have it.
it('finds an auto-reply whose answer was lost in the gateway’s list, and answers with it', async () => {
  const deviceId = await linkedSandboxDevice()
  const sandbox = (await core.sandbox.current())!
  await loseNextAnswer(sandbox.control, '/api/v2/autoreply', { method: 'POST' })
  const rule = await invoke('autoReplies:create', { deviceId, keyword: 'ongkir', response: 'Gratis ongkir' })
  expect(rule).toMatchObject({ id: expect.any(String), keyword: 'ongkir', response: 'Gratis ongkir' })
  expect((await invoke('autoReplies:list', { deviceId })).autoReplies).toEqual([
    expect.objectContaining({ id: rule.id, keyword: 'ongkir' })
  ])
  // Not made after all (its answer lost before the gateway did anything): the failure is said as it came.
  await sandbox.control.addFault({ path: '/api/v2/autoreply', method: 'POST', kind: 'garbage', times: 1 })
  expect(
    await failure(invoke('autoReplies:create', { deviceId, keyword: 'jam', response: 'Buka 08.00' }))
  ).toMatchObject({ code: 'bad_response' })
})

describe('reminders', () => {
  it('created at the gateway and remembered here; the sandbox reports what it sent', async () => {
    const deviceId = await linkedSandboxDevice()
    const created = await invoke('reminders:create', {
      deviceId,
      phone: '0812-3456-7890',
      message: 'Minum obat',
      title: 'Obat',
      start: '2026-01-15T10:30',
      periode: 'daily'
    })
    expect(created).toMatchObject({
      deviceId,
      phone: '6281234567890',
      title: 'Obat',
      message: 'Minum obat',
      startAt: '2026-01-15 10:30:00',
      periode: 'daily',
      customDay: null,
      timezone: 'Asia/Jakarta',
      reminderType: 'daily: send every day',
      sandbox: { sentCount: 0, lastSentAt: null, nextAt: '2026-01-15T03:30:00.000Z' }
    })
    await clock.advance(30 * 60_000)
    const [listed] = (await invoke('reminders:list', { deviceId })).reminders
    expect(listed?.sandbox).toEqual({
      sentCount: 1,
      lastSentAt: '2026-01-15T03:30:00.000Z',
      nextAt: '2026-01-16T03:30:00.000Z'
    })
    const sent = await invoke('sandbox:sent', { deviceId })
    expect(sent.messages).toMatchObject([{ text: 'Minum obat', source: 'reminder', phone: '6281234567890' }])

    const updated = await invoke('reminders:update', {
      id: created.id,
      phone: '0812000111',
      message: 'Minum obat sore',
      start: '2026-01-15T17:00'
    })
    expect(updated).toMatchObject({
      phone: '62812000111',
      message: 'Minum obat sore',
      startAt: '2026-01-15 17:00:00'
    })
    expect((await invoke('reminders:refresh', { id: created.id })).message).toBe('Minum obat sore')
    expect(await invoke('reminders:delete', { id: created.id })).toEqual({ ok: true })
    expect((await invoke('reminders:list', {})).reminders).toEqual([])
    expect(await failure(invoke('reminders:refresh', { id: created.id }))).toMatchObject({
      code: 'not_found'
    })
  })

  it('checks custom days and the phone before the gateway; forgets one the gateway no longer knows', async () => {
    const deviceId = await linkedSandboxDevice()
    const base = { deviceId, phone: '081234567890', message: 'x', start: '2026-01-16T08:00' }
    expect(await failure(invoke('reminders:create', { ...base, periode: 'custom' }))).toMatchObject({
      code: 'invalid_request',
      field: 'customDay'
    })
    expect(
      await failure(invoke('reminders:create', { ...base, periode: 'daily', customDay: 3 }))
    ).toMatchObject({
      field: 'customDay'
    })
    expect(
      await failure(invoke('reminders:create', { ...base, phone: 'budi', periode: 'daily' }))
    ).toMatchObject({
      code: 'invalid_recipient',
      field: 'phone'
    })
    // A year typed short (26 → 0026) is refused here in words the window translates: the gateway took it and the
    // card said "from 6 Dec 1926".
    expect(
      await failure(invoke('reminders:create', { ...base, start: '0026-12-06T20:30', periode: 'daily' }))
    ).toMatchObject({
      code: 'invalid_input',
      field: 'start',
      messageKey: 'desktop.error.noSuchTime',
      messageParams: { time: '0026-12-06 20:30' }
    })
    const every5 = await invoke('reminders:create', { ...base, periode: 'custom', customDay: 5 })
    expect(every5).toMatchObject({ customDay: 5, reminderType: 'custom: send every 5 days' })
    // Deleted on the dashboard (here: straight at the sandbox): removing it in Sender Desk still works.
    const sandbox = (await core.sandbox.current())!
    const token = (await sandbox.control.devices())[0]!.token
    await fetch(`${sandbox.baseUrl}/api/reminder/${every5.reminderId}`, {
      method: 'DELETE',
      headers: { authorization: token }
    })
    expect(await invoke('reminders:delete', { id: every5.id })).toEqual({ ok: true })
  })

  // Probe 4 leftover: a reminder the same as one already at the gateway (made yesterday, or from the CLI) was made
  // again, and the customer got the message twice at each time. The core refuses it, naming the one kept; another
  // time, number, message or period is a reminder of its own.
  it('refuses a reminder the same as one the device keeps at the gateway, and makes one that differs', async () => {
    const deviceId = await linkedSandboxDevice()
    const base = {
      deviceId,
      phone: '0812-3456-7890',
      message: 'Minum obat ',
      title: 'Obat',
      start: '2026-01-15T10:30',
      periode: 'daily' as const
    }
    await invoke('reminders:create', base)
    const sandbox = (await core.sandbox.current())!
    const token = (await sandbox.control.devices())[0]!.token
    const atGateway = async (): Promise<number> => (await sandbox.control.reminders(token)).length
    expect(
      await failure(
        invoke('reminders:create', { ...base, phone: '+62 812 3456 7890', message: 'Minum obat' })
      )
    ).toMatchObject({
      code: 'reminder_exists',
      messageKey: 'desktop.error.reminderExists',
      messageParams: { reminder: 'Obat' }
    })
    expect(await atGateway()).toBe(1)
    await invoke('reminders:create', { ...base, start: '2026-01-15T10:31' })
    await invoke('reminders:create', { ...base, periode: 'monthly' })
    await invoke('reminders:create', { ...base, phone: '0812-3456-7891' })
    await invoke('reminders:create', { ...base, message: 'Minum obat sore' })
    expect(await atGateway()).toBe(5)
    await invoke('reminders:create', { ...base, periode: 'custom', customDay: 3 })
    await invoke('reminders:create', { ...base, periode: 'custom', customDay: 4 })
    expect(
      await failure(invoke('reminders:create', { ...base, periode: 'custom', customDay: 3 }))
    ).toMatchObject({ code: 'reminder_exists' })
    expect(await atGateway()).toBe(7)

    // An edit is the same: into a copy of another it is refused; saved as it is (its title changed), it is kept.
    const other = await invoke('reminders:create', { ...base, start: '2026-01-15T12:00' })
    expect(await failure(invoke('reminders:update', { id: other.id, ...base }))).toMatchObject({
      code: 'reminder_exists',
      messageParams: { reminder: 'Obat' }
    })
    expect((await invoke('reminders:refresh', { id: other.id })).startAt).toBe('2026-01-15 12:00:00')
    const renamed = await invoke('reminders:update', {
      id: other.id,
      ...base,
      start: '2026-01-15T12:00',
      title: 'Obat siang'
    })
    expect(renamed.title).toBe('Obat siang')
  })
})

// A reminder's answer lost after the gateway saved it (a timeout, a garbled body): the window said it failed, the
// operator made it again, and the gateway sent every message twice, for ever, one of them unknown to Sender Desk.
describe('a reminder whose answer was lost', () => {
  it('is kept here as unconfirmed, so making it again is refused; only forgetting it is offered', async () => {
    const deviceId = await linkedSandboxDevice()
    const sandbox = (await core.sandbox.current())!
    const token = (await sandbox.control.devices())[0]!.token
    const atGateway = async (): Promise<number> => (await sandbox.control.reminders(token)).length
    const draft = {
      deviceId,
      phone: '0812-3456-7890',
      message: 'Tagihan bulan ini',
      title: 'Tagihan',
      start: '2026-01-15T10:30',
      periode: 'monthly' as const
    }
    await loseNextAnswer(sandbox.control, '/api/reminder', { method: 'POST' })
    const unconfirmed = await invoke('reminders:create', draft)
    expect(unconfirmed).toMatchObject({ reminderId: null, title: 'Tagihan', startAt: '2026-01-15 10:30:00' })
    expect(await atGateway()).toBe(1)
    expect(await failure(invoke('reminders:create', draft))).toMatchObject({
      code: 'reminder_exists',
      messageKey: 'desktop.error.reminderMaybeExists',
      messageParams: { reminder: 'Tagihan' }
    })
    expect(await atGateway()).toBe(1)
    // Nothing to ask the gateway about it by: no edit, no refresh; forgetting it leaves the gateway alone.
    for (const asked of [
      invoke('reminders:refresh', { id: unconfirmed.id }),
      invoke('reminders:update', { id: unconfirmed.id, ...draft, title: 'Tagihan Januari' })
    ])
      expect(await failure(asked)).toMatchObject({ code: 'reminder_unconfirmed' })
    expect(await invoke('reminders:delete', { id: unconfirmed.id })).toEqual({ ok: true })
    expect(await atGateway()).toBe(1)
    expect((await invoke('reminders:list', { deviceId })).reminders).toEqual([])
  })

  it('is not kept when the gateway surely did not save it (it refused it)', async () => {
    const deviceId = await linkedSandboxDevice()
    const sandbox = (await core.sandbox.current())!
    await sandbox.control.addFault({ path: '/api/reminder', method: 'POST', kind: 'rate-limit', times: 1 })
    await failure(
      invoke('reminders:create', {
        deviceId,
        phone: '0812-3456-7890',
        message: 'Tagihan bulan ini',
        start: '2026-01-15T10:30',
        periode: 'monthly'
      })
    )
    expect((await invoke('reminders:list', { deviceId })).reminders).toEqual([])
  })
})

describe('recurring series', () => {
  it('creates a series with a file from a handle, lists, stops and deletes it', async () => {
    const deviceId = await linkedSandboxDevice()
    const registered = await invoke('files:register', {
      sources: [
        {
          kind: 'bytes',
          name: 'menu.pdf',
          mime: 'application/pdf',
          dataBase64: Buffer.from('%PDF-1.4 menu').toString('base64')
        }
      ]
    })
    const handle = registered.files[0]!.handle
    const series = await invoke('series:create', {
      deviceId,
      recipients: ['0812 3456 7890'],
      entries: [
        { kind: 'text', text: 'Menu minggu ini' },
        { kind: 'file', handle, caption: 'Menu' }
      ],
      start: { localTime: '2026-01-19T08:00', timezone: 'Asia/Jakarta' },
      rule: { kind: 'weekly' }
    })
    expect(series).toMatchObject({
      recipients: ['6281234567890'],
      isGroup: false,
      entries: [
        { kind: 'text', text: 'Menu minggu ini', fileName: null },
        { kind: 'document', text: 'Menu', fileName: 'menu.pdf', fileSize: 13 }
      ],
      rule: { kind: 'weekly' },
      overduePolicy: 'send',
      nextLocal: '2026-01-19T08:00:00'
    })
    expect((await invoke('series:list', { deviceId })).series.map((s) => s.id)).toEqual([series.id])
    // An end reaches the series through the command (QA33 Q33-05).
    const ending = await invoke('series:create', {
      deviceId,
      recipients: ['0812 3456 7890'],
      entries: [{ kind: 'text', text: 'Promo' }],
      start: { localTime: '2026-01-19T08:00', timezone: 'Asia/Jakarta' },
      rule: { kind: 'daily' },
      end: { kind: 'times', times: 30 }
    })
    expect(ending.end).toEqual({ kind: 'times', times: 30, passed: 0 })
    // And changes after: a last day from the shared rule, checked against the series' own start.
    expect(
      await invoke('series:setEnd', { id: ending.id, end: { kind: 'date', lastDate: '2026-02-28' } })
    ).toMatchObject({ status: 'active', end: { kind: 'date', lastDate: '2026-02-28' } })
    expect(
      await failure(invoke('series:setEnd', { id: ending.id, end: { kind: 'date', lastDate: '2026-01-18' } }))
    ).toMatchObject({ code: 'invalid_input', field: 'end' })
    expect(
      await failure(invoke('series:setEnd', { id: ending.id, end: { kind: 'times', times: 0 } }))
    ).toMatchObject({ code: 'invalid_request' })
    await invoke('series:delete', { id: ending.id, cancelMade: true })
    expect(
      await failure(
        invoke('series:create', {
          deviceId,
          recipients: ['081234567890'],
          entries: [{ kind: 'file', handle }],
          start: { localTime: '2026-01-19T08:00', timezone: 'Asia/Jakarta' },
          rule: { kind: 'daily' }
        })
      )
    ).toMatchObject({
      code: 'file_gone'
    })
    expect(await invoke('series:skipNext', { id: series.id, nextLocal: '2026-01-19T08:00' })).toMatchObject({
      status: 'active',
      nextLocal: '2026-01-26T08:00:00'
    })
    expect(await invoke('series:stop', { id: series.id, cancelMade: true })).toMatchObject({
      status: 'stopped',
      nextAt: null
    })
    expect(
      await failure(invoke('series:skipNext', { id: series.id, nextLocal: '2026-01-26T08:00' }))
    ).toMatchObject({
      code: 'invalid_state'
    })
    expect(await invoke('series:delete', { id: series.id, cancelMade: true })).toEqual({
      ok: true,
      cancelledMade: 0,
      madeUnsent: null
    })
    expect((await invoke('series:list', {})).series).toEqual([])
    expect(await failure(invoke('series:stop', { id: series.id, cancelMade: true }))).toMatchObject({
      code: 'not_found'
    })
  })
})

describe('the computer waking up', () => {
  /** A message scheduled for 11:00 in Jakarta, an hour after the test clock's 10:00; reads its status. */
  async function scheduledAnHourAhead(): Promise<() => Promise<string>> {
    const deviceId = await linkedSandboxDevice()
    const { itemIds } = await invoke('outbox:enqueue', {
      deviceId,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Selamat pagi' }],
      schedule: { localTime: '2026-01-15T11:00', timezone: 'Asia/Jakarta', mode: 'local' }
    })
    return async () => (await invoke('outbox:get', { id: itemIds[0]! })).item.status
  }

  it('sends a schedule whose time passed while the computer slept, at the wake, not when its slept timer fires', async () => {
    const status = await scheduledAnHourAhead()
    expect(await status()).toBe('scheduled')
    // Asleep for two hours: the wall clock moves, but a timer armed as a duration slept too (Node's timers count
    // the monotonic clock, which stands still while the computer is suspended), so nothing fires.
    clock.jump(2 * 3_600_000)
    expect(await status()).toBe('scheduled')
    core.computerWoke()
    expect(await status()).not.toBe('scheduled')
  })

  it('sends a schedule whose time passed when the wall clock was set forward while awake, within seconds', async () => {
    const status = await scheduledAnHourAhead()
    // Set two hours forward: the queue's wait, armed for an hour, still has its hour to run (no resume is announced).
    clock.wallClockMoved(2 * 3_600_000)
    await clock.advance(15_000)
    expect(await status()).not.toBe('scheduled')
  })
})

describe('creating a device', () => {
  it('sandbox: orders with an existing device’s account, shows the invoice and adds the new device for linking', async () => {
    const accountDeviceId = await linkedSandboxDevice()
    const { invoice, device } = await invoke('devices:create', {
      accountDeviceId,
      name: 'Cabang 2',
      phone: '0812-9990-000',
      product: 'pro',
      periode: 'yearly',
      bank: 'BCA'
    })
    expect(invoice).toEqual({
      number: expect.stringMatching(/^INV\/20260115\/\d{6}$/),
      deviceName: 'Cabang 2',
      deviceSerial: expect.stringMatching(/^[A-Z0-9]{6}$/),
      product: 'pro',
      periode: 'yearly',
      bankName: 'BCA',
      accountNumber: '8730 451 229',
      accountName: 'PT Sandbox Gateway Nusantara',
      discount: 300_000,
      total: 1_500_000,
      dueDate: '2026-01-16 10:00:00',
      message: 'create device & invoice successfully'
    })
    expect(device).toMatchObject({
      label: 'Cabang 2',
      sandbox: true,
      state: 'needs-scan',
      serial: invoice.deviceSerial
    })
    // Straight on into the linking wizard's steps: QR, the phone scans, IT support activates.
    await invoke('devices:qr', { id: device!.id })
    expect((await invoke('sandbox:control', { deviceId: device!.id, action: 'scan' })).state).toBe(
      'awaiting-activation'
    )
    expect((await invoke('sandbox:control', { deviceId: device!.id, action: 'activate' })).state).toBe(
      'connected'
    )
    expect((await invoke('devices:list', {})).devices).toHaveLength(2)

    // The invoice is kept: listed with the device it made while that device is in the app, and after it is removed.
    expect((await invoke('devices:invoices', {})).invoices).toEqual([
      {
        ...invoice,
        id: expect.any(String),
        createdAt: '2026-01-15T03:00:00.000Z',
        baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/),
        deviceId: device!.id,
        deviceLabel: 'Cabang 2'
      }
    ])
    await invoke('devices:remove', { id: device!.id })
    expect((await invoke('devices:invoices', {})).invoices).toEqual([
      expect.objectContaining({ number: invoice.number, deviceId: null, deviceLabel: null })
    ])
  })

  // The gateway's answer lost after it made the device (a timeout, a garbled answer): "failed" before, so the operator
  // ordered again and owed two invoices for two devices.
  it('says a creation whose answer was lost may have made the device, and makes it again only when told to', async () => {
    const accountDeviceId = await linkedSandboxDevice()
    const sandbox = (await core.sandbox.current())!
    const devicesAtGateway = async (): Promise<number> => (await sandbox.control.devices()).length
    const order = {
      accountDeviceId,
      name: 'Cabang 3',
      phone: '0812-9990-001',
      product: 'lite' as const,
      bank: 'BCA' as const
    }
    await loseNextAnswer(sandbox.control, '/api/device/create')
    expect(await failure(invoke('devices:create', order))).toMatchObject({
      code: 'device_create_unconfirmed',
      messageKey: 'desktop.error.deviceCreateUnconfirmed',
      messageParams: { name: 'Cabang 3' }
    })
    expect(await devicesAtGateway()).toBe(2)
    // Ordered again as it was: refused, saying why, until the operator says to make it anyway.
    expect(await failure(invoke('devices:create', order))).toMatchObject({
      code: 'device_create_unconfirmed',
      messageKey: 'desktop.error.deviceCreateAgain'
    })
    expect(await devicesAtGateway()).toBe(2)
    // Another order is not held by it.
    await invoke('devices:create', { ...order, name: 'Cabang 4' })
    expect(await devicesAtGateway()).toBe(3)
    const again = await invoke('devices:create', { ...order, createAgain: true })
    expect(again.invoice.deviceName).toBe('Cabang 3')
    expect(await devicesAtGateway()).toBe(4)

    // Lost again, then the app restarted: the order is still held (it was kept only while the app ran).
    const lost = { ...order, name: 'Cabang 5' }
    await loseNextAnswer(sandbox.control, '/api/device/create')
    expect(await failure(invoke('devices:create', lost))).toMatchObject({ code: 'device_create_unconfirmed' })
    await core.stop()
    await startCore()
    expect(await failure(invoke('devices:create', lost))).toMatchObject({
      code: 'device_create_unconfirmed',
      messageKey: 'desktop.error.deviceCreateAgain'
    })
  })

  it('hosted gateway: a typed-in address and token; only the invoice comes back', async () => {
    receiver.route('POST /api/device/create', {
      body: {
        status: true,
        message: 'create device & invoice successfully',
        data: {
          device_name: 'Toko',
          device: 'A5DOYJ',
          product: 'lite',
          numberInvoice: 'INV/2026/05/0001',
          periode: 'monthly',
          bank: { bankName: 'DANA', account_number: '0812', account_name: 'PT Wablas' },
          discount: 0,
          total: '75000',
          due_date: '2026-06-01'
        }
      }
    })
    const reply = await invoke('devices:create', {
      baseUrl: receiver.url,
      token: 'AccountToken123',
      name: 'Toko',
      phone: '081234567890',
      product: 'lite',
      bank: 'DANA'
    })
    expect(reply).toEqual({
      device: null,
      invoice: expect.objectContaining({
        number: 'INV/2026/05/0001',
        total: 75_000,
        bankName: 'DANA',
        dueDate: '2026-06-01'
      })
    })
    expect(receiver.last().headers.authorization).toBe('AccountToken123')
    expect(receiver.last().form).toEqual({
      name: 'Toko',
      phone: '6281234567890',
      bank: 'DANA',
      product: 'lite',
      periode: 'monthly'
    })
    // A hosted gateway's invoice is kept too, though no device came with it, newest first.
    await clock.advance(60_000)
    await invoke('devices:create', {
      baseUrl: receiver.url,
      token: 'AccountToken123',
      name: 'Toko 2',
      phone: '081234567891',
      product: 'lite',
      bank: 'DANA'
    })
    const { invoices } = await invoke('devices:invoices', {})
    expect(invoices.map((i) => [i.createdAt, i.total, i.dueDate, i.deviceId])).toEqual([
      ['2026-01-15T03:01:00.000Z', 75_000, '2026-06-01', null],
      ['2026-01-15T03:00:00.000Z', 75_000, '2026-06-01', null]
    ])
    expect(invoices[0]).toMatchObject({ baseUrl: receiver.url, bankName: 'DANA', accountName: 'PT Wablas' })
    expect(
      await failure(
        invoke('devices:create', { name: 'x', phone: '081234567890', product: 'lite', bank: 'BCA' })
      )
    ).toMatchObject({ code: 'invalid_request', field: 'token' })
    // The phone is checked by the contract with the shared rule, before anything reaches a gateway.
    expect(
      await failure(invoke('devices:create', { name: 'x', phone: '0812', product: 'lite', bank: 'BCA' }))
    ).toMatchObject({ code: 'invalid_request', field: 'phone' })
  })
})
