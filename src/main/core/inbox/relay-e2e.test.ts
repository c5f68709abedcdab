// End to end on 127.0.0.1: the Node relay as deployed, webhooks posted to it over HTTP as the gateway would, and the
// desktop reaching it with the real fetch: a message lands once, a tracking post moves a sent message to delivered.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startNodeRelay, type NodeRelay } from '@sender-desk/inbox-relay'
import { systemClock } from '../clock'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { MemoryVault } from '../vault'
import { createInbox, vaultInboxCredentials, type Inbox } from '.'

let relayDir: string
let relay: NodeRelay
let fx: OutboxFixture
let inbox: Inbox
let urls: { incoming: string; tracking: string; device: string }

/** As the gateway posts: no header of its own, the body as JSON. */
async function gatewayPost(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: response.status, text: await response.text() }
}

beforeEach(async () => {
  relayDir = mkdtempSync(join(tmpdir(), 'inbox-e2e-relay-'))
  relay = await startNodeRelay({ dataDir: relayDir, host: '127.0.0.1', port: 0 })
  fx = makeFixture({ tracking: false })
  inbox = createInbox({
    db: fx.db,
    clock: systemClock,
    fetch: (url, init) => fetch(url, init),
    credentials: vaultInboxCredentials(new MemoryVault()),
    targets: { tracking: fx.outbox.queue }
  })
  const connected = await inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  urls = connected.urls
})

afterEach(async () => {
  await inbox.sync.stop()
  await relay.close()
  fx.close()
  rmSync(relayDir, { recursive: true, force: true })
})

it('a message posted to the relay twice is in the desktop once; the gateway gets 200 with an empty body', async () => {
  const body = {
    id: '3EB0C767D26A1D9B8E21',
    pushName: 'Sari',
    isGroup: false,
    message: 'Pesanan saya sudah dikirim?',
    phone: '6281298765432',
    messageType: 'text',
    deviceId: 'A0HDJU',
    sender: '6285700000001',
    isFromMe: false,
    timestamp: '2026-01-15T03:00:00Z'
  }
  expect(await gatewayPost(urls.incoming, body)).toEqual({ status: 200, text: '' })
  expect(await gatewayPost(urls.incoming, body)).toEqual({ status: 200, text: '' })
  const status = await inbox.sync.catchUp()
  expect(status.state).toEqual({ kind: 'connected', behind: 0 })
  expect(inbox.list().map((m) => [m.chatId, m.pushName, m.text])).toEqual([
    ['6281298765432', 'Sari', 'Pesanan saya sudah dikirim?']
  ])
  expect(status.duplicates).toBe(1)
})

it('a tracking post moves the outbox item the gateway named to delivered, while following', async () => {
  await fx.outbox.start()
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281234567890'],
    entries: [{ kind: 'text', text: 'Pesanan Anda sudah dikirim' }]
  })
  const id = itemIds[0]!
  await fx.clock.advance(0)
  const gatewayId = fx.outbox.get(id).item.gatewayId!
  expect(fx.outbox.get(id).item.status).toBe('accepted')

  inbox.sync.start()
  const tracking = {
    id: gatewayId,
    phone: '6281234567890',
    status: 'delivered',
    note: '',
    deviceId: 'A0HDJU'
  }
  expect((await gatewayPost(urls.tracking, tracking)).status).toBe(200)
  await expect.poll(() => fx.outbox.get(id).item.status, { timeout: 10_000 }).toBe('delivered')
  expect(inbox.counts().pending).toBe(0)
})
