/**
 * Messages in through the composed core, as the window will use it (inbox:status, inbox:list, inbox:changed): a relay
 * on 127.0.0.1, a linked sandbox device; a message posted as the gateway would lands once, and a device-status post
 * moves the device at once, without waiting for a poll. A customer's file is fetched from the device's gateway only.
 */
import { eventChannels, type EventChannel } from '../../src/shared/contract'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { composeCore, describeCoreError, type Core } from '../../src/main/core/compose'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { MemoryVault } from '../../src/main/core/vault'

let core: Core
let relay: TestRelay
const seen: { event: EventChannel; payload: unknown }[] = []

beforeEach(async () => {
  relay = await startTestRelay()
  core = await composeCore({
    dataDir: await mkdtemp(join(tmpdir(), 'sd-core-inbox-')),
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    // Slow polling: the device's state may only change here by what the gateway pushes.
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 200, settlingMs: 200 }
  })
  core.events.subscribe((event, payload) => seen.push({ event, payload }))
  await core.start()
})
afterEach(async () => {
  await core.stop()
  await relay.close()
  seen.length = 0
})

async function invoke(channel: string, request: unknown): Promise<unknown> {
  const result = await dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  expect(response.status).toBe(200)
}

/** A sandbox device scanned and connected, with the serial the gateway names it by. */
async function linkedSandboxDevice() {
  const { device } = await core.handlers['sandbox:start']({})
  await core.handlers['devices:qr']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'scan' })
  await core.handlers['devices:refresh']({ id: device.id })
  expect((await core.handlers['sandbox:control']({ deviceId: device.id, action: 'activate' })).state).toBe(
    'connected'
  )
  const serial = core.monitor.status(device.id).info?.serial
  expect(serial).toBeTruthy()
  return { device, serial }
}

it('a message and a device status posted to the relay reach the composed core once, at once', async () => {
  expect(await invoke('inbox:status', {})).toMatchObject({ state: 'not-connected', messages: 0 })
  const { device, serial } = await linkedSandboxDevice()

  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  const message = {
    id: 'WA-CORE-1',
    pushName: 'Dewi',
    isGroup: false,
    message: 'Harga grosir berapa?',
    phone: '6281377778888',
    messageType: 'text',
    deviceId: serial,
    timestamp: new Date().toISOString()
  }
  await post(connected.urls.incoming, message)
  await post(connected.urls.incoming, message)
  await expect
    .poll(async () => ((await invoke('inbox:list', {})) as { messages: unknown[] }).messages, {
      timeout: 15_000
    })
    .toHaveLength(1)
  expect(await invoke('inbox:list', { chatId: '6281377778888' })).toMatchObject({
    messages: [
      { number: 1, pushName: 'Dewi', text: 'Harga grosir berapa?', deviceSerial: serial, read: false }
    ]
  })

  await post(connected.urls.device, {
    deviceId: serial,
    status: 'disconnected',
    note: 'whatsapp sender not connected, need scan qr code again',
    timestamp: new Date(Date.now() + 1_000).toISOString()
  })
  await expect.poll(() => core.monitor.status(device.id).state, { timeout: 15_000 }).toBe('needs-scan')

  const status = await invoke('inbox:status', {})
  expect(status).toMatchObject({
    state: 'connected',
    behind: 0,
    messages: 1,
    unread: 1,
    pending: 0,
    refused: 0
  })
  // The window hears of it (each payload as the contract says), and not once per quiet long-poll.
  const changes = seen.filter((e) => e.event === 'inbox:changed')
  expect(changes.length).toBeGreaterThan(0)
  for (const change of changes)
    expect(eventChannels['inbox:changed'].safeParse(change.payload).success).toBe(true)
  expect(changes.at(-1)?.payload).toMatchObject({ state: 'connected', messages: 1 })
}, 60_000)

// Customers' files: one on the receiving device's gateway (the sandbox) is fetched into private storage and answered
// over inbox:media; one naming another origin is refused without a request.
interface Listed {
  messages: {
    number: number
    messageId: string
    media?: { state: string; type: string | null; refusal: string | null } | null
  }[]
}

it('fetches a file on the device gateway once and answers its bytes; refuses one elsewhere', async () => {
  const { device, serial } = await linkedSandboxDevice()
  // The contact sends a photo to the sandbox device: the sandbox serves it at {gateway}/image/{id}.png.
  const sent = await core.handlers['sandbox:receive']({
    deviceId: device.id,
    from: '0812777888',
    message: 'Foto',
    media: 'image'
  })
  const photoUrl = `${device.baseUrl.replace(/\/+$/, '')}/image/${sent.incomingId}.png`

  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  const base = {
    pushName: 'Dewi',
    isGroup: false,
    phone: '62812777888',
    messageType: 'image',
    mimeType: 'image/png',
    deviceId: serial,
    timestamp: new Date().toISOString()
  }
  await post(connected.urls.incoming, {
    ...base,
    id: 'WA-PHOTO',
    message: 'Foto',
    file: `${sent.incomingId}.png`,
    url: photoUrl
  })
  await post(connected.urls.incoming, {
    ...base,
    id: 'WA-ELSEWHERE',
    message: 'Lihat',
    file: 'x.png',
    url: 'http://169.254.169.254/latest/meta-data/x.png'
  })

  const byId = async (id: string) =>
    ((await invoke('inbox:list', {})) as Listed).messages.find((m) => m.messageId === id)?.media
  await expect
    .poll(() => byId('WA-PHOTO'), { timeout: 20_000 })
    .toMatchObject({ state: 'fetched', type: 'image/png' })
  await expect
    .poll(() => byId('WA-ELSEWHERE'), { timeout: 20_000 })
    .toMatchObject({ state: 'refused', refusal: 'other-origin' })

  const photo = ((await invoke('inbox:list', {})) as Listed).messages.find((m) => m.messageId === 'WA-PHOTO')!
  const answer = (await invoke('inbox:media', { number: photo.number })) as { dataBase64: string }
  const bytes = Buffer.from(answer.dataBase64, 'base64')
  expect([...bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
  const served = Buffer.from(await (await fetch(photoUrl)).arrayBuffer())
  expect(bytes.equals(served)).toBe(true)

  const refused = ((await invoke('inbox:list', {})) as Listed).messages.find(
    (m) => m.messageId === 'WA-ELSEWHERE'
  )!
  await expect(invoke('inbox:media', { number: refused.number })).rejects.toThrow(/not downloaded/i)
  // A refusal is not something "Try again" changes.
  expect(await invoke('inbox:mediaRetry', { number: refused.number })).toMatchObject({ state: 'refused' })
}, 60_000)
