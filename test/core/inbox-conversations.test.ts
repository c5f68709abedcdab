/**
 * The inbox an operator works from, through the composed core's handlers (issue 26): a customer writes to a linked
 * sandbox device through a relay on 127.0.0.1; the conversation carries the push name and our device id, the thread
 * merges the message with what the device sent to that number (with its live status), marks, archive, search and
 * contacts behave as the window will use them.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { InboxConversationView, InboxThreadEntry } from '../../src/shared/contract'
import { describeCoreError, type Core } from '../../src/main/core/compose'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { MemoryVault } from '../../src/main/core/vault'
import { composeSandboxCore, composeSandboxCoreAt, linkSandboxDevice } from './testing/sandbox-core'
import { REPLY_TEMPLATE_CASES } from '../../src/shared/domain/reply-template.cases'

let core: Core
let relay: TestRelay

beforeEach(async () => {
  relay = await startTestRelay()
  core = await composeSandboxCore('sd-core-conversations-')
})
afterEach(async () => {
  await core.stop()
  await relay.close()
})

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  expect(response.status).toBe(200)
}

async function conversations(request: object = {}): Promise<InboxConversationView[]> {
  return (await core.handlers['inbox:conversations'](request)).conversations
}

it('a customer’s message becomes a conversation on our device; its thread holds what we sent, with live statuses', async () => {
  const deviceId = await linkSandboxDevice(core)
  const serial = core.monitor.status(deviceId).info?.serial
  expect(serial).toBeTruthy()
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))

  const {
    itemIds: [sentId]
  } = await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['0813-7777-8888'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Promo minggu ini' }]
  })
  const incoming = (id: string, text: string, extra: object = {}): object => ({
    id,
    pushName: 'Dewi',
    isGroup: false,
    message: text,
    phone: '6281377778888',
    messageType: 'text',
    deviceId: serial,
    timestamp: new Date().toISOString(),
    ...extra
  })
  await expect.poll(async () => (await core.handlers['outbox:get']({ id: sentId! })).item.status).toBe('read')
  await post(connected.urls.incoming, incoming('WA-1', 'Harga grosir berapa?'))
  await post(connected.urls.incoming, incoming('WA-2', 'Dan ongkirnya?'))
  await expect
    .poll(async () => (await conversations()).map((c) => c.unread), { timeout: 10_000 })
    .toEqual([2])

  const [conversation] = await conversations()
  expect(conversation).toMatchObject({
    deviceId,
    chatId: '6281377778888',
    contactName: 'Dewi',
    lastText: 'Dan ongkirnya?',
    unread: 2,
    archived: false
  })

  const thread = await core.handlers['inbox:thread']({ conversationId: conversation!.id })
  const describe = (entry: InboxThreadEntry): string =>
    entry.direction === 'in' ? `in ${entry.message.text}` : `out ${entry.item.text} ${entry.item.status}`
  expect(thread.entries.map(describe)).toEqual([
    'in Dan ongkirnya?',
    'in Harga grosir berapa?',
    'out Promo minggu ini read'
  ])
  // Paged one by one, the same entries in the same order, none twice.
  const paged: string[] = []
  let before: string | undefined
  for (;;) {
    const page = await core.handlers['inbox:thread']({ conversationId: conversation!.id, limit: 1, before })
    paged.push(...page.entries.map(describe))
    if (page.next === null) break
    before = page.next
  }
  expect(paged).toEqual(thread.entries.map(describe))

  expect(
    (await core.handlers['inbox:markRead']({ conversationId: conversation!.id, read: true })).unread
  ).toBe(0)
  expect((await core.handlers['inbox:status']({})).unread).toBe(0)
  expect(
    (await core.handlers['inbox:markRead']({ conversationId: conversation!.id, read: false })).unread
  ).toBe(1)

  await core.handlers['inbox:archive']({ conversationId: conversation!.id, archived: true })
  expect(await conversations()).toEqual([])
  expect(await conversations({ archived: true })).toHaveLength(1)
  expect(await conversations({ deviceId })).toEqual([])
  expect(await conversations({ archived: true, deviceId: 'another-device' })).toEqual([])

  const found = await core.handlers['inbox:search']({ text: 'grosir' })
  expect(found.messages.map((m) => m.text)).toEqual(['Harga grosir berapa?'])
  expect((await core.handlers['inbox:search']({ text: 'dewi' })).conversations).toHaveLength(1)

  // The operator's name wins over the push name, now and when she writes again under another.
  const named = await core.handlers['contacts:set']({ phone: '0813 7777 8888', name: 'Bu Dewi (grosir)' })
  expect(named).toMatchObject({ phone: '6281377778888', source: 'operator' })
  await post(connected.urls.incoming, incoming('WA-3', 'Halo?', { pushName: 'D' }))
  await expect
    .poll(async () => (await conversations()).map((c) => c.contactName), { timeout: 10_000 })
    .toEqual(['Bu Dewi (grosir)'])
  expect((await core.handlers['contacts:list']({})).contacts.map((c) => c.name)).toEqual(['Bu Dewi (grosir)'])
  expect(await core.handlers['contacts:remove']({ phone: '+62 813-7777-8888' })).toEqual({ removed: true })

  // A reply goes through the send queue once, however often it is asked, and shows in the thread as it moves.
  const reply = {
    requestId: 'reply-1',
    deviceId,
    chatId: conversation!.chatId,
    isGroup: false,
    text: 'Grosir mulai 10 pcs, Bu.'
  }
  const first = await core.handlers['inbox:reply'](reply)
  expect(first).toEqual({ itemIds: ['reply-1'], repeated: false })
  expect(await core.handlers['inbox:reply'](reply)).toEqual({ itemIds: ['reply-1'], repeated: true })
  const replied = await core.handlers['outbox:get']({ id: 'reply-1' })
  expect(replied.item).toMatchObject({ recipient: '6281377778888', text: 'Grosir mulai 10 pcs, Bu.' })
  // The search finds the operator's reply too, in the conversation whose thread shows it.
  const mine = await core.handlers['inbox:search']({ text: '10 pcs' })
  expect(mine.messages).toEqual([])
  expect(mine.replies.map((r) => [r.conversation.id, r.item.id])).toEqual([[conversation!.id, 'reply-1']])
  await expect
    .poll(
      async () => {
        const [newest] = (await core.handlers['inbox:thread']({ conversationId: conversation!.id, limit: 1 }))
          .entries
        return newest && describe(newest)
      },
      { timeout: 10_000 }
    )
    .toBe('out Grosir mulai 10 pcs, Bu. read')
  expect(
    (await core.handlers['outbox:list']({ recipient: '6281377778888', offset: 0, limit: 10 })).total
  ).toBe(2)
})

// The conversation's device is matched by the gateway's serial each time it is read: removing the device, or adding it
// again, changes what the open thread's reply box offers, and the window reads it again only on `inbox:changed`.
it('a conversation’s device removed, then added again with its token: the window hears of each, its device gone then back', async () => {
  const vault = new MemoryVault()
  await core.stop()
  core = await composeSandboxCoreAt(await mkdtemp(join(tmpdir(), 'sd-core-conversations-')), vault)
  const heard: string[] = []
  core.events.subscribe((event) => heard.push(event))
  const deviceId = await linkSandboxDevice(core)
  const serial = core.monitor.status(deviceId).info?.serial
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  await post(connected.urls.incoming, {
    id: 'WA-1',
    pushName: 'Dewi',
    isGroup: false,
    message: 'Harga grosir berapa?',
    phone: '6281377778888',
    messageType: 'text',
    deviceId: serial,
    timestamp: new Date().toISOString()
  })
  await expect
    .poll(async () => (await conversations()).map((c) => c.deviceId), { timeout: 10_000 })
    .toEqual([deviceId])
  const secret = await vault.load(deviceId)
  if (secret.kind !== 'found') throw new Error(secret.kind)
  const { baseUrl } = (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)!

  heard.length = 0
  await core.handlers['devices:remove']({ id: deviceId })
  expect((await conversations()).map((c) => c.deviceId)).toEqual([null])
  await expect.poll(() => heard.includes('inbox:changed')).toBe(true)

  heard.length = 0
  const back = await core.handlers['devices:add']({ label: 'Shop', baseUrl, token: secret.value.token })
  await expect.poll(async () => (await conversations()).map((c) => c.deviceId)).toEqual([back.id])
  await expect.poll(() => heard.includes('inbox:changed')).toBe(true)
})

it('a reply is refused by the Send view’s checks: a device we do not have, a number that is not one', async () => {
  const deviceId = await linkSandboxDevice(core)
  const reply = (request: object) =>
    dispatchInvoke(core.handlers, 'inbox:reply', request, { describeError: describeCoreError })
  expect(
    await reply({ requestId: 'r', deviceId: 'nope', chatId: '6281377778888', text: 'Hi' })
  ).toMatchObject({
    ok: false,
    error: { field: 'deviceId' }
  })
  expect(await reply({ requestId: 'r', deviceId, chatId: '12', text: 'Hi' })).toMatchObject({
    ok: false,
    error: { code: 'invalid_recipient' }
  })
  expect(await reply({ requestId: 'r', deviceId, chatId: '6281377778888', text: '  ' })).toMatchObject({
    ok: false,
    error: { code: 'invalid_request' }
  })
  expect((await core.handlers['outbox:counts']({})).total).toBe(0)
})

it('refuses a conversation that is not there, and a contact number that is not one, in a sentence', async () => {
  const missing = await dispatchInvoke(
    core.handlers,
    'inbox:thread',
    { conversationId: 404 },
    {
      describeError: describeCoreError
    }
  )
  expect(missing).toMatchObject({
    ok: false,
    error: { code: 'not_found', message: 'This conversation is no longer in the inbox: it was deleted.' }
  })
  const badNumber = await dispatchInvoke(
    core.handlers,
    'contacts:set',
    { phone: 'abc', name: 'Someone' },
    {
      describeError: describeCoreError
    }
  )
  expect(badNumber).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'phone' } })
  if (badNumber.ok) throw new Error('accepted')
  expect(badNumber.error.message).toMatch(/^“abc” is not a number a contact can have: .+\.$/)
})

it('canned replies are kept per device and read with the conversation’s contact, by the domain’s case table', async () => {
  const deviceId = await linkSandboxDevice(core)
  const serial = core.monitor.status(deviceId).info?.serial
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  await post(connected.urls.incoming, {
    id: 'WA-C1',
    pushName: 'Dewi',
    isGroup: false,
    message: 'Halo',
    phone: '6281377778888',
    messageType: 'text',
    deviceId: serial,
    timestamp: new Date().toISOString()
  })
  await expect.poll(async () => (await conversations()).length, { timeout: 10_000 }).toBe(1)
  const [conversation] = await conversations()
  await core.handlers['contacts:set']({ phone: '6281377778888', name: 'Bu Dewi' })

  const cases = REPLY_TEMPLATE_CASES.filter(
    (c) => c.values.name === 'Bu Dewi' && c.values.number === '6281377778888' && c.template !== ''
  )
  expect(cases.length).toBeGreaterThan(3)
  for (const c of cases) {
    const saved = await core.handlers['cannedReplies:save']({ deviceId, title: c.why, text: c.template })
    expect(
      await core.handlers['cannedReplies:render']({ id: saved.id, conversationId: conversation!.id })
    ).toEqual(c.expected)
  }
  const { replies } = await core.handlers['cannedReplies:list']({ deviceId })
  expect(replies).toHaveLength(cases.length)
  expect((await core.handlers['cannedReplies:list']({ deviceId: 'another-device' })).replies).toEqual([])
  const changed = await core.handlers['cannedReplies:save']({ ...replies[0]!, text: 'Terima kasih {name}' })
  expect(changed.text).toBe('Terima kasih {name}')
  expect(await core.handlers['cannedReplies:remove']({ id: changed.id })).toEqual({ removed: true })
  const gone = await dispatchInvoke(
    core.handlers,
    'cannedReplies:render',
    { id: changed.id, conversationId: conversation!.id },
    { describeError: describeCoreError }
  )
  expect(gone).toMatchObject({
    ok: false,
    error: { code: 'not_found', message: `There is no canned reply ${changed.id}.` }
  })
})

it('contacts sync with a device’s address book at the gateway only when asked: both ways, the operator’s names first', async () => {
  const deviceId = await linkSandboxDevice(core)
  const gateway = (await core.registry.clientFor(deviceId))!
  await gateway.addContacts([
    { name: 'Pak Budi', phone: '6281200000001' },
    { name: 'Sari', phone: '6281300000003' }
  ])
  await core.handlers['contacts:set']({ phone: '081377778888', name: 'Bu Dewi' })
  await core.handlers['contacts:set']({ phone: '081200000001', name: 'Budi Santoso' })
  // Nothing moves by itself.
  expect((await gateway.listContacts()).contacts).toHaveLength(2)
  expect((await core.handlers['contacts:list']({})).contacts).toHaveLength(2)

  expect(await core.handlers['contacts:syncWithGateway']({ deviceId })).toEqual({
    learnt: 1,
    added: 1,
    updated: 1,
    failed: []
  })
  const there = (await gateway.listContacts({ limit: 100 })).contacts.map((c) => [c.phone, c.name]).sort()
  expect(there).toEqual([
    ['6281200000001', 'Budi Santoso'],
    ['6281300000003', 'Sari'],
    ['6281377778888', 'Bu Dewi']
  ])
  const here = (await core.handlers['contacts:list']({})).contacts.map((c) => [c.phone, c.name, c.source])
  expect(here).toEqual([
    ['6281200000001', 'Budi Santoso', 'operator'],
    ['6281300000003', 'Sari', 'gateway'],
    ['6281377778888', 'Bu Dewi', 'operator']
  ])
  // Again: nothing left to do.
  expect(await core.handlers['contacts:syncWithGateway']({ deviceId })).toEqual({
    learnt: 0,
    added: 0,
    updated: 0,
    failed: []
  })
  const unknown = await dispatchInvoke(
    core.handlers,
    'contacts:syncWithGateway',
    { deviceId: 'gone' },
    {
      describeError: describeCoreError
    }
  )
  expect(unknown).toMatchObject({ ok: false, error: { message: 'That device no longer exists.' } })
})

// QA76: a message scheduled to a customer put their row above customers who wrote later and hid their last words
// behind "Anda, untuk …: Flash sale…"; a cancelled one behind "You, cancelled: …".
it('keeps a conversation where its real traffic puts it: a scheduled or cancelled message moves nothing, a sent one does', async () => {
  const deviceId = await linkSandboxDevice(core)
  const serial = core.monitor.status(deviceId).info?.serial
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  const wrote = (id: string, phone: string, text: string): Promise<void> =>
    post(connected.urls.incoming, {
      id,
      pushName: null,
      isGroup: false,
      message: text,
      phone,
      messageType: 'text',
      deviceId: serial,
      timestamp: new Date().toISOString()
    })
  await wrote('WA-A', '6281222223333', 'Oke makasih kak')
  await expect.poll(async () => (await conversations()).length, { timeout: 10_000 }).toBe(1)
  await new Promise((resolve) => setTimeout(resolve, 20))
  await wrote('WA-B', '6281322220002', 'Kirim ke Bandung bisa?')
  await expect.poll(async () => (await conversations()).length, { timeout: 10_000 }).toBe(2)
  const rows = async (): Promise<string[]> =>
    (await conversations()).map(
      (c) =>
        `${c.chatId} ${c.lastFromMe ? 'you' : 'them'}${c.lastUnreached ? `, ${c.lastUnreached}` : ''}: ${c.lastText}`
    )
  const before = ['6281322220002 them: Kirim ke Bandung bisa?', '6281222223333 them: Oke makasih kak']
  expect(await rows()).toEqual(before)
  const lastAt = (await conversations()).map((c) => c.lastAt)

  // The operator schedules a message to the first customer for tomorrow: nothing moves, nothing is hidden.
  const schedule = {
    mode: 'local' as const,
    localTime: '2099-01-01T09:00',
    timezone: 'Asia/Jakarta',
    overduePolicy: 'send' as const
  }
  const {
    itemIds: [scheduled]
  } = await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['6281222223333'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Flash sale besok' }],
    schedule
  })
  expect(await rows()).toEqual(before)
  expect((await conversations()).map((c) => c.lastAt)).toEqual(lastAt)
  // Cancelled before it went: still nothing.
  await core.handlers['outbox:cancel']({ id: scheduled! })
  expect(await rows()).toEqual(before)

  // A message that goes out moves the row up, shown with the time the gateway took it.
  const {
    itemIds: [sent]
  } = await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['6281222223333'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Paket Anda sudah dikirim' }]
  })
  await expect
    .poll(async () => (await rows())[0], { timeout: 10_000 })
    .toBe('6281222223333 you: Paket Anda sudah dikirim')
  expect(await rows()).toEqual([
    '6281222223333 you: Paket Anda sudah dikirim',
    '6281322220002 them: Kirim ke Bandung bisa?'
  ])
  const { item } = await core.handlers['outbox:get']({ id: sent! })
  expect(item.status).not.toMatch(/^(queued|sending|scheduled)$/)
  const times = (await conversations()).map((c) => Date.parse(c.lastAt))
  expect(times).toEqual([...times].sort((a, b) => b - a))
})
