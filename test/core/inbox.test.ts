/**
 * Messages in through the composed core, as the window will use it (inbox:status, inbox:list, inbox:changed): a relay
 * on 127.0.0.1, a linked sandbox device; a message posted as the gateway would lands once, and a device-status post
 * moves the device at once, without waiting for a poll. A customer's file is fetched from the device's gateway only.
 */
import { eventChannels, type EventChannel } from '../../src/shared/contract'
import { existsSync } from 'node:fs'
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
let dataDir: string
const seen: { event: EventChannel; payload: unknown }[] = []

beforeEach(async () => {
  relay = await startTestRelay()
  dataDir = await mkdtemp(join(tmpdir(), 'sd-core-inbox-'))
  core = await composeCore({
    dataDir,
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

/** A photo the contact 0812777888 sends to the sandbox device: the sandbox serves it at {gateway}/image/{id}.png. */
async function photoFromContact(
  device: { id: string; baseUrl: string },
  message: string
): Promise<{ url: string; file: string }> {
  const sent = await core.handlers['sandbox:receive']({
    deviceId: device.id,
    from: '0812777888',
    message,
    media: 'image'
  })
  return {
    url: `${device.baseUrl.replace(/\/+$/, '')}/image/${sent.incomingId}.png`,
    file: `${sent.incomingId}.png`
  }
}

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
  const { url: photoUrl, file } = await photoFromContact(device, 'Foto')

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
    file,
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

// Deleting a conversation (a customer asks to be forgotten, or a chat filed by mistake): its messages and files leave
// this computer, the same webhook posted again brings nothing back, and a later message starts a thread without what
// was sent before (that stays in the outbox).
it('deletes a conversation with its files; nothing comes back, and a new thread starts after it', async () => {
  const { device, serial } = await linkedSandboxDevice()
  const { url, file } = await photoFromContact(device, 'Foto KTP saya')
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId: device.id,
    recipients: ['0812777888'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Kirim foto KTP ya' }]
  })
  await expect
    .poll(async () => (await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status)
    .not.toBe('queued')
  const photo = {
    id: 'WA-KTP',
    pushName: 'Dewi',
    isGroup: false,
    phone: '62812777888',
    message: 'Foto KTP saya',
    messageType: 'image',
    mimeType: 'image/png',
    file,
    url,
    deviceId: serial,
    timestamp: new Date().toISOString()
  }
  await post(connected.urls.incoming, photo)
  const listed = async () => ((await invoke('inbox:list', {})) as Listed).messages
  await expect.poll(async () => (await listed())[0]?.media?.state, { timeout: 20_000 }).toBe('fetched')
  const [message] = await listed()
  const kept = join(dataDir, 'inbox-media', String(message!.number))
  expect(existsSync(kept)).toBe(true)
  const { conversations } = await core.handlers['inbox:conversations']({})
  expect(conversations).toHaveLength(1)
  const unreadBefore = (await core.handlers['inbox:status']({})).unread
  expect(unreadBefore).toBe(1)
  // A reply was being written there, with a pasted file the core keeps for its draft.
  const { files: pasted } = await core.handlers['files:register']({
    sources: [
      { kind: 'bytes', name: 'katalog.pdf', dataBase64: Buffer.from('%PDF-1.4 katalog').toString('base64') }
    ]
  })
  const replyFile = core.files.get(pasted[0]!.handle)!
  await core.handlers['files:keepForDraft']({
    handles: [replyFile.handle],
    conversationId: conversations[0]!.id
  })
  seen.length = 0

  expect(await invoke('inbox:deleteConversation', { conversationId: conversations[0]!.id })).toEqual({
    messages: 1
  })
  expect(existsSync(kept)).toBe(false)
  // The reply's draft went with the conversation: its file is let go (the pasted copy deleted), nothing comes back.
  expect(core.files.get(replyFile.handle)).toBeUndefined()
  expect(existsSync(replyFile.path)).toBe(false)
  expect(await core.handlers['files:restoreDraft']({ conversationId: conversations[0]!.id })).toEqual({
    files: [],
    rejected: []
  })
  expect(await listed()).toEqual([])
  expect((await core.handlers['inbox:search']({ text: 'KTP' })).messages).toEqual([])
  // The tray's and the tab's unread counts follow.
  expect(
    seen.some(
      ({ event, payload }) => event === 'inbox:changed' && (payload as { unread: number }).unread === 0
    )
  ).toBe(true)
  await expect(invoke('inbox:media', { number: message!.number })).rejects.toThrow()
  await expect(invoke('inbox:deleteConversation', { conversationId: conversations[0]!.id })).rejects.toThrow(
    /This conversation is no longer in the inbox/
  )

  // The gateway posting the same webhook again is a duplicate: the message does not come back.
  await post(connected.urls.incoming, photo)
  await expect.poll(async () => core.inbox.counts().duplicates).toBe(1)
  expect(await listed()).toEqual([])

  // What was sent before stays in the outbox, out of the new thread; the customer's new message starts it.
  await post(connected.urls.incoming, {
    ...photo,
    id: 'WA-NEW',
    message: 'Halo lagi',
    messageType: 'text',
    url: '',
    file: ''
  })
  await expect.poll(async () => (await core.handlers['inbox:conversations']({})).conversations.length).toBe(1)
  const [again] = (await core.handlers['inbox:conversations']({})).conversations
  const thread = await core.handlers['inbox:thread']({ conversationId: again!.id })
  expect(thread.entries.map((e) => (e.direction === 'in' ? e.message.text : e.item.text))).toEqual([
    'Halo lagi'
  ])
  expect((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.text).toBe('Kirim foto KTP ya')
}, 60_000)
