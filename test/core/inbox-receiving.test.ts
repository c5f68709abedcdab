/**
 * "Receive messages" through the composed core, as the window uses it: a relay on 127.0.0.1 and the built-in sandbox
 * gateway answering the webhook calls (change-webhook-url, change-tracking-url, device/incoming) as the hosted one
 * does. A message the sandbox device receives reaches the inbox through the relay; a rotation sets the new URLs on the
 * device; the undo puts back what the device had before.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { invokeChannels, type InvokeChannel, type InvokeReply } from '../../src/shared/contract'
import { composeCore, describeCoreError, type Core } from '../../src/main/core/compose'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { MemoryVault } from '../../src/main/core/vault'
import { BASE_URL_CASES } from '../../src/shared/domain/base-url.cases'
import { linkSandboxDevice } from './testing/sandbox-core'

let core: Core
let relay: TestRelay

beforeEach(async () => {
  relay = await startTestRelay()
  core = await composeCore({
    dataDir: await mkdtemp(join(tmpdir(), 'sd-core-receiving-')),
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    // The relay is on 127.0.0.1, which the sandbox refuses as a webhook target unless the run opts in (loopback only).
    sandbox: { allowLoopbackWebhookTargets: true },
    pollIntervals: { idleMs: 60_000, pushedMs: 15 * 60_000, linkingMs: 200, settlingMs: 200 }
  })
  await core.start()
})
afterEach(async () => {
  await core.stop()
  await relay.close()
})

/** Through the dispatcher, so every request and reply is checked against the contract. */
async function invoke<C extends InvokeChannel>(channel: C, request: unknown): Promise<InvokeReply<C>> {
  const result = await dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`)
  return result.value as InvokeReply<C>
}

/** The device-status URL the sandbox's stand-in dashboard has for its one device. */
async function sandboxStatusUrl(): Promise<string | null> {
  const running = await core.sandbox.current()
  const [device] = (await running?.control.devices()) ?? []
  return device?.statusUrl ?? null
}

async function inboxTexts(): Promise<string[]> {
  return (await invoke('inbox:list', {})).messages.map((m) => m.text)
}

it('provisions the sandbox device to the mailbox, brings its messages in, rotates, and undoes', async () => {
  const deviceId = await linkSandboxDevice(core)
  const earlier = {
    webhookUrl: 'https://crm.example.com/wa/in',
    trackingUrl: 'https://crm.example.com/wa/status',
    incoming: false
  }
  await invoke('webhooks:update', { deviceId, ...earlier })

  const notYet = await dispatchInvoke(
    core.handlers,
    'inbox:provision',
    { deviceId },
    { describeError: describeCoreError }
  )
  expect(notYet).toMatchObject({
    ok: false,
    error: { code: 'no_mailbox', messageKey: 'desktop.error.noMailbox' }
  })

  const connected = await invoke('inbox:connect', { relayUrl: relay.url })
  expect(connected).toMatchObject({
    connected: true,
    relayUrl: relay.url,
    devices: [{ deviceId, receiving: false }]
  })
  expect(connected.deviceStatusUrl).toMatch(new RegExp(`^${relay.url}/h/${connected.mailbox}/[^/]+/device$`))
  const again = await dispatchInvoke(
    core.handlers,
    'inbox:connect',
    { relayUrl: relay.url },
    { describeError: describeCoreError }
  )
  expect(again).toMatchObject({ ok: false, error: { code: 'mailbox_connected' } })

  // The confirmation names what the sandbox device has now.
  expect(await invoke('inbox:provisionPreview', { deviceId })).toEqual({
    deviceId,
    relayHost: new URL(relay.url).host,
    replaces: { source: 'sandbox', ...earlier, savedAt: expect.any(String) }
  })

  const provisioned = await invoke('inbox:provision', { deviceId })
  expect(provisioned.devices).toEqual([
    { deviceId, receiving: true, since: expect.any(String), canUndo: true }
  ])
  const atGateway = await invoke('webhooks:get', { deviceId })
  expect(atGateway).toMatchObject({ source: 'sandbox', incoming: true })
  expect(atGateway.webhookUrl).toBe(provisioned.deviceStatusUrl!.replace(/\/device$/, '/incoming'))
  expect(atGateway.trackingUrl).toBe(provisioned.deviceStatusUrl!.replace(/\/device$/, '/tracking'))

  // The sandbox is its own dashboard: its device got the device-status URL too (a hosted one is pasted by hand).
  expect(await sandboxStatusUrl()).toBe(provisioned.deviceStatusUrl)

  await invoke('sandbox:receive', { deviceId, from: '0812777888', message: 'Masih buka?' })
  await expect.poll(inboxTexts, { timeout: 20_000 }).toEqual(['Masih buka?'])
  // Committed first, acknowledged next, then the state says connected.
  await expect.poll(async () => (await invoke('inbox:status', {})).state).toBe('connected')

  // Provisioned to a connected relay: the device's statuses arrive by push, its polling steps back to the safety cadence.
  const nextPollIn = (): number => (core.monitor.nextPollAt(deviceId) ?? Infinity) - Date.now()
  await invoke('devices:refresh', { id: deviceId })
  expect(nextPollIn()).toBeGreaterThan(10 * 60_000)

  const rotated = await invoke('inbox:rotateSecret', {})
  expect(rotated).toMatchObject({ reprovisioned: [deviceId], failed: [] })
  expect(rotated.view.deviceStatusUrl).not.toBe(provisioned.deviceStatusUrl)
  expect((await invoke('webhooks:get', { deviceId })).webhookUrl).toBe(
    rotated.view.deviceStatusUrl!.replace(/\/device$/, '/incoming')
  )
  await invoke('sandbox:receive', { deviceId, from: '0812777888', message: 'Halo lagi' })
  await expect.poll(inboxTexts, { timeout: 20_000 }).toEqual(['Halo lagi', 'Masih buka?'])

  // Undo goes back to the device's settings from before the first "Receive messages", not the first mailbox URLs.
  const undone = await invoke('inbox:undoProvision', { deviceId })
  // No longer provisioned: polling takes over at once, at the usual cadence.
  expect(nextPollIn()).toBeLessThanOrEqual(60_000)
  expect(undone.notRestored).toEqual([])
  expect(undone.view.devices).toEqual([{ deviceId, receiving: false, since: null, canUndo: false }])
  expect(await invoke('webhooks:get', { deviceId })).toMatchObject({ source: 'sandbox', ...earlier })
  expect(await sandboxStatusUrl()).toBeNull()

  // Every reply above went through the contract's own schemas.
  expect(invokeChannels['inbox:receiving'].reply.safeParse(await invoke('inbox:receiving', {})).success).toBe(
    true
  )
}, 90_000)

it('inbox:connect refuses every address the shared base-URL rule refuses, on the relay address, with its words', async () => {
  for (const c of BASE_URL_CASES) {
    if ('value' in c.expected) continue
    const result = await dispatchInvoke(
      core.handlers,
      'inbox:connect',
      { relayUrl: c.input, ...(c.allowInsecureHttp ? { allowInsecureHttp: true } : {}) },
      { describeError: describeCoreError }
    )
    // An empty address stops at the contract; every other refusal is the rule's, in the relay address's own words
    // (QA30 Q30-06: no relay was asked, and the field is not a gateway's).
    if (result.ok) throw new Error(`${c.input} was accepted`)
    if (c.input.trim() === '') continue
    expect(result.error, c.input).toMatchObject({ code: 'relay_address', field: 'relayUrl' })
    expect(result.error.message, c.input).toMatch(/^Check the relay’s address: /)
    expect(result.error.message, c.input).not.toMatch(/gateway|refused/i)
  }
  expect((await invoke('inbox:receiving', {})).connected).toBe(false)
})

it('a device whose webhook the operator points elsewhere afterwards no longer receives here, and is polled as before', async () => {
  const deviceId = await linkSandboxDevice(core)
  await invoke('inbox:connect', { relayUrl: relay.url })
  await invoke('inbox:provision', { deviceId })
  await expect.poll(async () => (await invoke('inbox:status', {})).state).toBe('connected')
  await invoke('devices:refresh', { id: deviceId })
  const nextPollIn = (): number => (core.monitor.nextPollAt(deviceId) ?? Infinity) - Date.now()
  expect(nextPollIn()).toBeGreaterThan(10 * 60_000)

  await invoke('webhooks:update', { deviceId, webhookUrl: 'https://crm.example.com/wa/in' })
  expect((await invoke('inbox:receiving', {})).devices).toEqual([
    { deviceId, receiving: false, since: null, canUndo: false }
  ])
  expect(nextPollIn()).toBeLessThanOrEqual(60_000)
}, 60_000)
