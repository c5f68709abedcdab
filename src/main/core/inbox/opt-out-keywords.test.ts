// A customer's "STOP" through the relay (issue 26, point 4): the number goes on the opt-out list once, the gateways'
// blacklists are told after the commit, "MULAI" takes it off; a longer text, a group message or our own is no keyword.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startNodeRelay, type NodeRelay } from '@sender-desk/inbox-relay'
import { createCampaigns, keywordOptOuts } from '../campaigns'
import { systemClock } from '../clock'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { SettingsStore } from '../store'
import { MemoryVault } from '../vault'
import { createInbox, vaultInboxCredentials, type Inbox } from '.'

let relayDir: string
let relay: NodeRelay
let fx: OutboxFixture
let inbox: Inbox
let incomingUrl: string
let campaigns: ReturnType<typeof createCampaigns>
let pushed: { phones: readonly string[]; add: boolean }[]
/** How many commits told the app the list changed (its window's open list refetches). */
let listChanges: number

let serial = 0
/** A customer's message as the gateway posts it (each with its own WhatsApp id). */
function incoming(
  phone: string,
  message: string,
  extra: Record<string, unknown> = {}
): Record<string, unknown> {
  return {
    id: `3EB0${String(++serial).padStart(16, '0')}`,
    pushName: 'Sari',
    isGroup: false,
    message,
    phone,
    messageType: 'text',
    deviceId: 'A0HDJU',
    sender: '6285700000001',
    isFromMe: false,
    timestamp: '2026-01-15T03:00:00Z',
    ...extra
  }
}

async function post(body: unknown): Promise<void> {
  const response = await fetch(incomingUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  expect(response.status).toBe(200)
}

/** Each entry: the number, how it got on the list and, for a keyword, the customer's word (the list shows it). */
const listed = (): string[] =>
  campaigns.optOuts.list().map((entry) => `${entry.phone} ${entry.source} ${entry.keyword ?? '-'}`)

beforeEach(async () => {
  relayDir = mkdtempSync(join(tmpdir(), 'inbox-keywords-relay-'))
  relay = await startNodeRelay({ dataDir: relayDir, host: '127.0.0.1', port: 0 })
  fx = makeFixture({ tracking: false })
  campaigns = createCampaigns({ db: fx.db, queue: fx.outbox.queue, clock: systemClock })
  pushed = []
  listChanges = 0
  inbox = createInbox({
    db: fx.db,
    clock: systemClock,
    fetch: (url, init) => fetch(url, init),
    credentials: vaultInboxCredentials(new MemoryVault()),
    targets: {
      tracking: fx.outbox.queue,
      optOuts: keywordOptOuts({
        db: fx.db,
        campaigns,
        pushToGateways: async (phones, add) => void pushed.push({ phones, add }),
        onCommitted: () => void listChanges++
      })
    }
  })
  const connected = await inbox.connect({ relayUrl: relay.url })
  if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
  incomingUrl = connected.urls.incoming
})

afterEach(async () => {
  await inbox.sync.stop()
  await relay.close()
  fx.close()
  rmSync(relayDir, { recursive: true, force: true })
})

it('"stop." puts the number on the opt-out list once, tells the blacklists after; "MULAI" takes it off', async () => {
  await post(incoming('6281298765432', 'stop.'))
  await post(incoming('6281298765432', 'STOP'))
  await inbox.sync.catchUp()
  // The word of the message that opted the number out, as the customer wrote it.
  expect(listed()).toEqual(['6281298765432 keyword stop.'])
  expect(pushed).toEqual([{ phones: ['6281298765432'], add: true }])
  expect(listChanges).toBe(1)
  // The messages are in the inbox like any other, with what they did kept on their events: the second STOP found the
  // number on the list already, so it did nothing the thread should note.
  expect(inbox.list().map((m) => [m.text, m.keywordOutcome])).toEqual([
    ['STOP', null],
    ['stop.', 'opted-out']
  ])
  expect(inbox.counts().pending).toBe(0)

  await post(incoming('6281298765432', ' Mulai '))
  await inbox.sync.catchUp()
  expect(listed()).toEqual([])
  expect(pushed.at(-1)).toEqual({ phones: ['6281298765432'], add: false })
  expect(listChanges).toBe(2)
  expect(inbox.list()[0]?.keywordOutcome).toBe('opted-in')
})

it('a sentence, a group message and our own "STOP" change nothing', async () => {
  await post(incoming('6281298765432', 'Tolong stop kirim promo ya'))
  await post(
    incoming('120363025246125888', 'STOP', {
      isGroup: true,
      group: { subject: 'Pelanggan', sender: '6281298765432' }
    })
  )
  await post(incoming('6281298765433', 'STOP', { isFromMe: true }))
  await inbox.sync.catchUp()
  expect(listed()).toEqual([])
  expect(pushed).toEqual([])
  expect(listChanges).toBe(0)
  expect(inbox.counts().pending).toBe(0)
})

it("follows the operator's own keyword lists", async () => {
  new SettingsStore(fx.db).set('optouts.keywords', { optOut: ['cukup'], optIn: ['lanjut'] })
  await post(incoming('6281298765432', 'STOP'))
  await post(incoming('6281298765499', 'Cukup!'))
  await inbox.sync.catchUp()
  expect(listed()).toEqual(['6281298765499 keyword Cukup!'])
})
