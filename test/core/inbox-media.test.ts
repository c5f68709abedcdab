/**
 * Customers' files through the composed core: a message with a media URL on the receiving device's gateway (the
 * sandbox) is fetched into private storage and its bytes answered over `inbox:media`; one naming another origin is
 * refused without a request, and the window hears of both by `inbox:changed`.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, describeCoreError, type Core } from '../../src/main/core/compose'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { MemoryVault } from '../../src/main/core/vault'

let core: Core
let relay: TestRelay

beforeEach(async () => {
  relay = await startTestRelay()
  core = await composeCore({
    dataDir: await mkdtemp(join(tmpdir(), 'sd-core-inbox-media-')),
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 200, settlingMs: 200 }
  })
  await core.start()
})
afterEach(async () => {
  await core.stop()
  await relay.close()
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

interface Listed {
  messages: {
    number: number
    messageId: string
    media?: { state: string; type: string | null; refusal: string | null } | null
  }[]
}

it('fetches a file on the device gateway once and answers its bytes; refuses one elsewhere', async () => {
  const { device } = await core.handlers['sandbox:start']({})
  await core.handlers['devices:qr']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'scan' })
  await core.handlers['devices:refresh']({ id: device.id })
  await core.handlers['sandbox:control']({ deviceId: device.id, action: 'activate' })
  const serial = core.monitor.status(device.id).info?.serial
  expect(serial).toBeTruthy()
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
