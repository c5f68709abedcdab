/**
 * New-message notifications and the unread count through the composed core (issue 26 point 3): a customer's message
 * posted to a relay on 127.0.0.1 becomes one notice naming the customer, our own message none, the conversation the
 * focused window shows none; marking it read moves the unread count the tray and the window follow.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Core, Notice } from '../../src/main/core/compose'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { composeSandboxCore, linkSandboxDevice } from './testing/sandbox-core'

let core: Core
let relay: TestRelay
const notices: Notice[] = []
const unreadTold: number[] = []

beforeEach(async () => {
  relay = await startTestRelay()
  // Slow polling: nothing but what arrives through the relay moves here.
  core = await composeSandboxCore('sd-core-alerts-', (notice) => notices.push(notice), {
    pollIntervals: { idleMs: 10 * 60_000 }
  })
  core.events.subscribe((event, payload) => {
    if (event === 'inbox:changed') unreadTold.push((payload as { unread: number }).unread)
  })
})
afterEach(async () => {
  await core.stop()
  await relay.close()
  notices.length = 0
  unreadTold.length = 0
})

async function post(url: string, body: unknown): Promise<void> {
  expect(await relay.post(url, JSON.stringify(body))).toBe(200)
}

const customerMessage = (id: string, text: string, isFromMe = false) => ({
  id,
  pushName: 'Dewi',
  isGroup: false,
  isFromMe,
  message: text,
  phone: '6281377778888',
  messageType: 'text',
  deviceId: 'SERIAL-ALERTS',
  timestamp: new Date().toISOString()
})

it('notifies a customer’s message once (never ours), silent in the open conversation, and follows read marks', async () => {
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  await post(connected.urls.incoming, customerMessage('WA-A1', 'Harga grosir berapa?\nUntuk 10 dus'))
  await expect.poll(() => notices.length, { timeout: 15_000 }).toBe(1)
  const [conversation] = (await core.handlers['inbox:conversations']({})).conversations
  expect(notices[0]).toMatchObject({
    title: { text: 'Dewi' },
    body: { text: 'Harga grosir berapa?' },
    action: { kind: 'conversation', conversationId: conversation!.id }
  })
  expect(unreadTold.at(-1)).toBe(1)

  // Our own message (sent from the phone) is kept in the thread but never notified.
  await post(connected.urls.incoming, customerMessage('WA-A2', 'Sudah kami kirim', true))
  // The window shows that conversation and has the focus: the customer's next message stays quiet.
  await core.handlers['inbox:viewing']({ conversationId: conversation!.id, focused: true })
  await post(connected.urls.incoming, customerMessage('WA-A3', 'Terima kasih'))
  await expect
    .poll(async () => (await core.handlers['inbox:list']({})).messages.length, { timeout: 15_000 })
    .toBe(3)
  // Only customers' messages wait to be read: ours do not count.
  expect((await core.handlers['inbox:status']({})).unread).toBe(2)
  // The same conversation in a window without the focus is notified again.
  await core.handlers['inbox:viewing']({ conversationId: conversation!.id, focused: false })
  await post(connected.urls.incoming, customerMessage('WA-A4', 'Halo?'))
  await expect.poll(() => notices.length, { timeout: 15_000 }).toBe(2)
  expect(notices[1]).toMatchObject({ body: { text: 'Halo?' } })

  await core.handlers['inbox:markRead']({ conversationId: conversation!.id, read: true })
  expect(unreadTold.at(-1)).toBe(0)
  expect(core.snapshot().inbox.unread).toBe(0)

  // Archived unread, it is no longer counted where "Unread only" does not find it; taken out again, it is.
  await core.handlers['inbox:markRead']({ conversationId: conversation!.id, read: false })
  expect(unreadTold.at(-1)).toBe(1)
  await core.handlers['inbox:archive']({ conversationId: conversation!.id, archived: true })
  expect(unreadTold.at(-1)).toBe(0)
  expect((await core.handlers['inbox:status']({})).unread).toBe(0)
  await core.handlers['inbox:archive']({ conversationId: conversation!.id, archived: false })
  expect(unreadTold.at(-1)).toBe(1)
}, 60_000)

it('confirms a STOP once through the send queue when the setting has a text, and not at all by default', async () => {
  const deviceId = await linkSandboxDevice(core)
  const serial = core.monitor.status(deviceId).info?.serial
  expect(serial).toBeTruthy()
  await core.handlers['outbox:setPaused']({ paused: true })
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  const stop = (id: string, phone: string) => ({
    ...customerMessage(id, 'stop'),
    phone,
    deviceId: serial
  })
  const toCustomer = async (phone: string) =>
    (await core.handlers['outbox:list']({ offset: 0, limit: 50 })).items.filter((item) =>
      item.recipient.endsWith(phone.slice(2))
    )

  // Off by default: the number is opted out, nothing is sent.
  await post(connected.urls.incoming, stop('WA-S1', '6281300000001'))
  await expect
    .poll(async () => (await core.handlers['optouts:list']({})).optOuts.map((o) => o.phone), {
      timeout: 15_000
    })
    .toContain('6281300000001')
  expect(await toCustomer('6281300000001')).toEqual([])
  // The list says who it was (the name WhatsApp gave) and how the number got there.
  await expect
    .poll(async () =>
      (await core.handlers['optouts:list']({})).optOuts.find((o) => o.phone === '6281300000001')
    )
    .toMatchObject({ name: 'Dewi', source: 'keyword' })

  await core.handlers['settings:update']({ optOutConfirmation: 'Baik, Anda tidak akan menerima pesan lagi.' })
  await post(connected.urls.incoming, stop('WA-S2', '6281300000002'))
  await post(connected.urls.incoming, stop('WA-S2', '6281300000002'))
  await expect.poll(async () => (await toCustomer('6281300000002')).length, { timeout: 15_000 }).toBe(1)
  const [confirmation] = await toCustomer('6281300000002')
  expect(confirmation).toMatchObject({
    text: 'Baik, Anda tidak akan menerima pesan lagi.',
    deviceId
  })
  // Another round of the sync queues nothing more.
  await core.inbox.sync.catchUp()
  expect(await toCustomer('6281300000002')).toHaveLength(1)
}, 60_000)

it('sends the STOP confirmation before the number goes on the gateway’s blacklist, which would refuse it', async () => {
  const deviceId = await linkSandboxDevice(core)
  const serial = core.monitor.status(deviceId).info?.serial
  const connected = await core.inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  await core.handlers['settings:update']({ optOutConfirmation: 'Baik, Anda tidak akan menerima pesan lagi.' })
  await post(connected.urls.incoming, {
    ...customerMessage('WA-S3', 'STOP'),
    phone: '6281300000003',
    deviceId: serial
  })
  const confirmation = async () =>
    (await core.handlers['outbox:list']({ offset: 0, limit: 50 })).items.find((item) =>
      item.recipient.endsWith('81300000003')
    )
  // Settled at the gateway: handed over and not refused.
  await expect
    .poll(async () => (await confirmation())?.status, { timeout: 20_000 })
    .toMatch(/^(accepted|sent|delivered|read)$/)
  expect((await confirmation())?.failure ?? null).toBeNull()
  // And the gateway's blacklist gets the number once the confirmation is on its way: a send to it is refused.
  const sandbox = await core.sandbox.current()
  const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
  await expect
    .poll(
      async () => {
        const probe = `probe ${Date.now()}`
        await fetch(`${sandbox?.baseUrl}/api/send-message`, {
          method: 'POST',
          headers: { Authorization: token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ phone: '6281300000003', message: probe })
        })
        const sent = (await sandbox?.control.messages())?.find((m) => JSON.stringify(m).includes(probe))
        return JSON.stringify(sent)
      },
      { timeout: 15_000 }
    )
    .toMatch(/blacklist/i)
}, 60_000)
