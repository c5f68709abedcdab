// A thread's pages when received and sent entries share a millisecond: every entry once, in one order, whatever the
// page size (the cursor carries the side and the key, not only the time).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { InboxThreadEntry, OutboxItemView } from '../../../shared/contract'
import { inEntryKey, sentEntryKey } from '../../../shared/domain'
import { FakeClock } from '../clock'
import { createOutbox } from '../sending'
import {
  CampaignStore,
  ContactsStore,
  InboxStore,
  OutboxStore,
  openDatabase,
  type SqliteDatabase
} from '../store'
import { newInboxMessage } from '../store/testing/new-inbox-message'
import { newTextItem } from '../store/testing/new-item'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createConversations, REPLY_SCAN_LIMIT, type SentToChat } from './conversations'

let dir: string
let db: SqliteDatabase

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-thread-'))
  db = openDatabase({ dataDir: dir })
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/**
 * Sent items as the kernel's query answers them: newest first by (shown at, id), before the cursor; oldest first after
 * it; the one item asked for by its id.
 */
function sentItems(items: { id: string; at: number }[]): SentToChat {
  const newerThan = (i: { id: string; at: number }, place: { at: number; id: string }): boolean =>
    i.at > place.at || (i.at === place.at && i.id > place.id)
  return {
    sentToChat: (_deviceId, _recipient, limit, place) =>
      items
        .filter((i) =>
          place === undefined
            ? true
            : 'before' in place
              ? newerThan(place.before, i)
              : 'after' in place
                ? newerThan(i, place.after)
                : i.id === place.item
        )
        .sort((a, b) => (place && 'after' in place ? -1 : 1) * (b.at - a.at || (a.id < b.id ? 1 : -1)))
        .slice(0, limit)
        .map((i) => ({
          at: i.at,
          item: { id: i.id, createdAt: new Date(i.at).toISOString(), text: i.id } as OutboxItemView
        })),
    sentWithText: () => ({ matches: [], readTo: null }),
    sentAt: () => [],
    newestToChats: (chats) => chats.map(() => null)
  }
}

/** The inbox of two devices, d1 (gateway serial ser-1) and d2 (ser-2), over this outbox's sent messages if any. */
function conversationsOfTwoDevices(outbox?: SentToChat) {
  return createConversations({
    db,
    now: () => 0,
    devices: {
      list: () => [
        { id: 'd1', serial: 'ser-1', phone: null },
        { id: 'd2', serial: 'ser-2', phone: null }
      ]
    },
    ...(outbox === undefined ? {} : { outbox })
  })
}

it('pages a thread whose entries share milliseconds without repeating or skipping one, at every page size', () => {
  const store = new InboxStore(db)
  // Received at 1000 (three), 2000 (one); sent at 1000 (three), 2000 (one), 500 (one).
  const times = [1000, 1000, 2000, 1000]
  store.commit(
    'box',
    0,
    times.length,
    times.map((at, i) => ({
      identity: `incoming:${i}`,
      kind: 'incoming',
      seq: i + 1,
      receivedAt: at,
      payload: {},
      applied: true,
      message: newInboxMessage(`m${i}`, { text: `in ${i}` })
    })),
    0
  )
  const conversations = createConversations({
    db,
    now: () => 0,
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: sentItems([
      { id: 'out-a', at: 1000 },
      { id: 'out-b', at: 1000 },
      // An id that sorts before a message number's text (a UUID may start with a digit).
      { id: '0out', at: 1000 },
      { id: 'out-c', at: 2000 },
      { id: 'out-d', at: 500 }
    ])
  })
  const [conversation] = conversations.list({}).conversations
  const label = (e: ReturnType<typeof conversations.thread>['entries'][number]): string =>
    e.direction === 'in' ? e.message.text : e.item.id
  const whole = conversations.thread(conversation!.id, { limit: 100 }).entries.map(label)
  expect(whole).toEqual(['out-c', 'in 2', 'out-b', 'out-a', '0out', 'in 3', 'in 1', 'in 0', 'out-d'])
  for (const limit of [1, 2, 3, 5]) {
    const paged: string[] = []
    let before: string | undefined
    for (let page = 0; page < 20; page++) {
      const answer = conversations.thread(conversation!.id, { limit, before })
      paged.push(...answer.entries.map(label))
      if (answer.next === null) break
      before = answer.next
    }
    expect(paged, `pages of ${limit}`).toEqual(whole)
  }
})

/**
 * A customer of device d1 (6281111) who wrote `customerText`, the operator's `replyText` to them, then a second later a
 * campaign's `campaignSize` messages with the word "promo" to numbers that never wrote (no conversation).
 */
async function replyThenCampaign(
  customerText: string,
  replyText: string,
  campaignSize: number
): Promise<ReturnType<typeof createOutbox>> {
  const store = new InboxStore(db)
  store.commit(
    'box',
    0,
    1,
    [
      {
        identity: 'incoming:0',
        kind: 'incoming',
        seq: 1,
        receivedAt: 1000,
        payload: {},
        applied: true,
        message: newInboxMessage('m0', { deviceSerial: 'ser-1', chatId: '6281111', text: customerText })
      }
    ],
    0
  )
  const clock = new FakeClock(2000)
  const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
  await outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281111'],
    entries: [{ kind: 'text', text: replyText }]
  })
  clock.jump(1000)
  await outbox.enqueue({
    deviceId: 'd1',
    recipients: Array.from({ length: campaignSize }, (_, i) => `62813${String(i).padStart(6, '0')}`),
    entries: [{ kind: 'text', text: 'promo akhir bulan' }]
  })
  return outbox
}

describe('the search’s conversations', () => {
  /** `count` chats whose customer's push name is `name`, one message each. */
  function conversationsNamed(name: string, count: number): ReturnType<typeof createConversations> {
    new InboxStore(db).commit(
      'box',
      0,
      count,
      Array.from({ length: count }, (_, i) => ({
        identity: `incoming:${i}`,
        kind: 'incoming' as const,
        seq: i + 1,
        receivedAt: 1000 + i,
        payload: {},
        applied: true,
        message: newInboxMessage(`m${i}`, { chatId: `62812000${String(i).padStart(5, '0')}`, pushName: name })
      })),
      0
    )
    return createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'SER-1', phone: null }] },
      outbox: sentItems([])
    })
  }

  it('says when more conversations match than the page holds, and not when they all fit', () => {
    const conversations = conversationsNamed('Made Saputra', 4)
    const full = conversations.search('saputra', { limit: 3 })
    expect(full.conversations).toHaveLength(3)
    expect(full.conversationsMoreFound).toBe(true)
    const all = conversations.search('saputra', { limit: 4 })
    expect(all.conversations).toHaveLength(4)
    expect(all.conversationsMoreFound).toBe(false)
  })

  // QA46 Q46-03: "Pak Dédé" was found by "Dédé" only; names fold as the customer list folds them (contactNameKey).
  it('finds a name whatever its accents and case, and a number as before', () => {
    const conversations = conversationsNamed('Pak Dédé', 1)
    const names = (text: string): (string | null)[] =>
      conversations.search(text).conversations.map((c) => c.pushName)
    for (const text of ['dede', 'DEDE', 'Dédé', 'DÉDÉ', 'pak dede', 'dede pak'])
      expect(names(text), text).toEqual(['Pak Dédé'])
    expect(names('dedi')).toEqual([])
    // A mark alone folds to nothing: no name holds it, and the search still answers.
    expect(names('\u0301')).toEqual([])
    expect(names('0812000')).toEqual(['Pak Dédé'])
    expect(names('62812000')).toEqual(['Pak Dédé'])
  })

  it("finds a customer's push name and a group's subject whatever their accents, beside a contact's other name", () => {
    new ContactsStore(db).add('6281200000000', 'Budi', 0)
    const conversations = conversationsNamed('Pak Dédé', 1)
    new InboxStore(db).commit(
      'box',
      1,
      2,
      [
        {
          identity: 'incoming:group',
          kind: 'incoming',
          seq: 2,
          receivedAt: 5000,
          payload: {},
          applied: true,
          message: newInboxMessage('g1', {
            chatId: '120363000000000001@g.us',
            isGroup: true,
            groupSubject: 'Arisan Cécile',
            groupMember: '6281300000000',
            pushName: 'Ani'
          })
        }
      ],
      0
    )
    expect(conversations.search('dede').conversations.map((c) => c.contactName)).toEqual(['Budi'])
    expect(conversations.search('CECILE').conversations.map((c) => c.groupSubject)).toEqual(['Arisan Cécile'])
  })
})

describe("the search finds the operator's own messages in a conversation", () => {
  /** Two devices, a customer writing to each; the operator's messages queued through the real outbox. */
  async function inboxWithReplies(): Promise<ReturnType<typeof createConversations>> {
    const store = new InboxStore(db)
    const received = [
      newInboxMessage('m1', { deviceSerial: 'ser-1', chatId: '6281111', text: 'halo, mau pesan kue' }),
      newInboxMessage('m2', { deviceSerial: 'ser-2', chatId: '6282222', text: 'halo juga' })
    ]
    store.commit(
      'box',
      0,
      received.length,
      received.map((message, i) => ({
        identity: `incoming:${i}`,
        kind: 'incoming',
        seq: i + 1,
        receivedAt: 1000 + i,
        payload: {},
        applied: true,
        message
      })),
      0
    )
    const clock = new FakeClock()
    const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
    // To this conversation's customer from its device; to another device's customer; to a chat that never wrote.
    await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281111'],
      entries: [{ kind: 'text', text: 'Invoice INV-77 sudah saya kirim' }]
    })
    await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6282222'],
      entries: [{ kind: 'text', text: 'Invoice INV-88 dari perangkat lain' }]
    })
    await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6289999'],
      entries: [{ kind: 'text', text: 'Invoice INV-99 kampanye' }]
    })
    return conversationsOfTwoDevices(outbox.queue)
  }

  it('finds a conversation by a word only in the reply sent to it', async () => {
    const conversations = await inboxWithReplies()
    const found = conversations.search('INV-77')
    expect(found.messages).toEqual([])
    expect(found.replies.map((r) => [r.conversation.chatId, r.conversation.deviceId, r.item.text])).toEqual([
      ['6281111', 'd1', 'Invoice INV-77 sudah saya kirim']
    ])
  })

  it("does not give a conversation what its device sent to another device's customer, or to a chat with none", async () => {
    const conversations = await inboxWithReplies()
    // 6282222 wrote to d2: what d1 sent it is not in that conversation's thread, so not its hit either.
    expect(conversations.search('INV-88').replies).toEqual([])
    expect(conversations.search('INV-99').replies).toEqual([])
    const both = conversations.search('invoice')
    expect(both.replies.map((r) => r.item.text)).toEqual(['Invoice INV-77 sudah saya kirim'])
  })

  it('finds a reply holding every word typed, in any order and apart (QA27 Q27-07)', async () => {
    const conversations = await inboxWithReplies()
    const replies = (text: string): string[] =>
      conversations.search(text).replies.map((r) => r.item.text ?? '')
    expect(replies('kirim INV-77')).toEqual(['Invoice INV-77 sudah saya kirim'])
    expect(replies('saya invoice')).toEqual(['Invoice INV-77 sudah saya kirim'])
    expect(replies('INV-77 kampanye')).toEqual([])
  })

  it('gives each found message its conversation (once a page), named by the device it reached (QA27 Q27-01)', async () => {
    const store = new InboxStore(db)
    const received = [
      newInboxMessage('m1', { deviceSerial: 'ser-1', chatId: '6281111', text: 'pesanan #4242 kapan?' }),
      newInboxMessage('m2', { deviceSerial: 'SER-2', chatId: '6281111', text: 'pesanan #4242 juga' }),
      newInboxMessage('m3', { deviceSerial: 'ser-1', chatId: '6281111', text: 'pesanan #4242 lagi' })
    ]
    store.commit(
      'box',
      0,
      received.length,
      received.map((message, i) => ({
        identity: `incoming:${i}`,
        kind: 'incoming',
        seq: i + 1,
        receivedAt: 1000 + i,
        payload: {},
        applied: true,
        message
      })),
      0
    )
    const conversations = conversationsOfTwoDevices()
    const listed = conversations.list({}).conversations
    const idOf = (deviceId: string): number => listed.find((c) => c.deviceId === deviceId)!.id
    const found = conversations.search('pesanan #4242')
    expect(found.messages.map((m) => [m.text, m.conversationId])).toEqual([
      ['pesanan #4242 lagi', idOf('d1')],
      ['pesanan #4242 juga', idOf('d2')],
      ['pesanan #4242 kapan?', idOf('d1')]
    ])
    // Each conversation once, whatever its number of hits, as the list shows it (its device known by id).
    expect(found.messageConversations.map((c) => [c.id, c.deviceId, c.chatId])).toEqual([
      [idOf('d1'), 'd1', '6281111'],
      [idOf('d2'), 'd2', '6281111']
    ])
    expect(found.messageConversations).toEqual(
      expect.arrayContaining(listed.filter((c) => c.chatId === '6281111'))
    )
  })

  it('merges the customers’ messages and the replies newest first, and pages them without repeating or skipping', async () => {
    const store = new InboxStore(db)
    store.commit(
      'box',
      0,
      2,
      [1000, 3000].map((at, i) => ({
        identity: `incoming:${i}`,
        kind: 'incoming',
        seq: i + 1,
        receivedAt: at,
        payload: {},
        applied: true,
        message: newInboxMessage(`m${i}`, { deviceSerial: 'ser-1', chatId: '6281111', text: `kue ${at}` })
      })),
      0
    )
    const clock = new FakeClock(2000)
    const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
    for (const at of [2000, 4000]) {
      clock.jump(at - clock.now())
      await outbox.enqueue({
        deviceId: 'd1',
        recipients: ['6281111'],
        entries: [{ kind: 'text', text: `kue ${at}` }]
      })
    }
    const conversations = createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: outbox.queue
    })
    /** A page's hits newest first, as the window lists them. */
    const hits = (answer: ReturnType<typeof conversations.search>): string[] =>
      [
        ...answer.messages.map((m) => ({ at: Date.parse(m.receivedAt), label: m.text })),
        ...answer.replies.map((r) => ({ at: Date.parse(r.item.createdAt), label: `you: ${r.item.text}` }))
      ]
        .sort((a, b) => b.at - a.at)
        .map((hit) => hit.label)
    const whole = conversations.search('kue', { limit: 10 })
    expect(whole.next).toBeNull()
    expect(hits(whole)).toEqual(['you: kue 4000', 'kue 3000', 'you: kue 2000', 'kue 1000'])
    for (const limit of [1, 2, 3]) {
      const paged: string[] = []
      let before: string | undefined
      for (let page = 0; page < 10; page++) {
        const answer = conversations.search('kue', { limit, before })
        paged.push(...hits(answer))
        if (answer.next === null) break
        before = answer.next
      }
      expect(paged, `pages of ${limit}`).toEqual(hits(whole))
    }
    // One page of two holds the newest two, one of each side.
    expect(hits(conversations.search('kue', { limit: 2 }))).toEqual(['you: kue 4000', 'kue 3000'])
  })

  it('reads a bounded number of sent matches per page when most went to chats without a conversation', async () => {
    const outbox = await replyThenCampaign('promo kemarin?', 'promo masih ada', 6_000)
    let read = 0
    const counted: SentToChat = {
      sentToChat: (...args) => outbox.queue.sentToChat(...args),
      sentWithText: (...args) => {
        const found = outbox.queue.sentWithText(...args)
        read += found.matches.length
        return found
      },
      sentAt: (...args) => outbox.queue.sentAt(...args),
      newestToChats: (...args) => outbox.queue.newestToChats(...args)
    }
    const conversations = createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: counted
    })
    const hits: string[] = []
    const readPerPage: number[] = []
    const saidRead: number[] = []
    let before: string | undefined
    for (let page = 0; page < 20; page++) {
      read = 0
      const answer = conversations.search('promo', { limit: 10, before })
      readPerPage.push(read)
      saidRead.push(answer.sentRead)
      hits.push(...answer.replies.map((r) => `you: ${r.item.text}`), ...answer.messages.map((m) => m.text))
      if (answer.next === null) break
      before = answer.next
    }
    // Nothing lost or repeated, newest first, and no page read every match: each stays a short task.
    expect(hits).toEqual(['you: promo masih ada', 'promo kemarin?'])
    expect(Math.max(...readPerPage)).toBeLessThanOrEqual(REPLY_SCAN_LIMIT)
    // Each page says how far it read (the window's progress), and together they count every sent match once.
    expect(saidRead.slice(0, -1).every((n) => n > 0 && n <= REPLY_SCAN_LIMIT)).toBe(true)
    expect(saidRead.reduce((sum, n) => sum + n, 0)).toBe(6_001)
  })

  it('says there is more only when a hit past the page is known, not when sent messages are merely left to read (QA27 Q27-08)', async () => {
    // A campaign's "promo" to chats that never wrote, then two customers' messages with the word.
    const clock = new FakeClock(1000)
    const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
    await outbox.enqueue({
      deviceId: 'd1',
      recipients: Array.from({ length: 3_000 }, (_, i) => `62813${String(i).padStart(6, '0')}`),
      entries: [{ kind: 'text', text: 'promo akhir bulan' }]
    })
    new InboxStore(db).commit(
      'box',
      0,
      2,
      ['promo masih ada?', 'promo apa kak?'].map((text, i) => ({
        identity: `incoming:${i}`,
        kind: 'incoming',
        seq: i + 1,
        receivedAt: 5000 + i,
        payload: {},
        applied: true,
        message: newInboxMessage(`m${i}`, { deviceSerial: 'ser-1', chatId: `628111${i}`, text })
      })),
      0
    )
    const conversations = createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: outbox.queue
    })
    // Both hits shown; the campaign is read only in part: reading goes on, but nothing more is known.
    const whole = conversations.search('promo', { limit: 10 })
    expect(whole.messages.map((m) => m.text)).toEqual(['promo apa kak?', 'promo masih ada?'])
    expect(whole.next).not.toBeNull()
    expect(whole.moreFound).toBe(false)
    // A page of one: the other hit was read, so there is more.
    expect(conversations.search('promo', { limit: 1 }).moreFound).toBe(true)
    // Read on to the end: nothing more is found, and no page said there was.
    let before = whole.next
    let pages = 0
    while (before !== null && pages++ < 20) {
      const answer = conversations.search('promo', { limit: 10, before })
      expect(answer.messages.length + answer.replies.length).toBe(0)
      expect(answer.moreFound).toBe(false)
      before = answer.next
    }
    expect(before).toBeNull()
  })

  it('ends a page early with where it read to when its CPU time is spent, and loads only the hits’ items', async () => {
    const outbox = await replyThenCampaign('halo', 'promo lama', 3_000)
    let loaded = 0
    const counted: SentToChat = {
      sentToChat: (...args) => outbox.queue.sentToChat(...args),
      sentWithText: (...args) => outbox.queue.sentWithText(...args),
      sentAt: (positions) => {
        loaded += positions.length
        return outbox.queue.sentAt(positions)
      },
      newestToChats: (...args) => outbox.queue.newestToChats(...args)
    }
    // Each look at the clock finds 1 ms more spent: a page is out of time after 20 looks, whatever the machine.
    let cpu = 0
    const conversations = createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: counted,
      cpuMs: () => cpu++
    })
    const replies: string[] = []
    const saidRead: number[] = []
    let before: string | undefined
    for (let page = 0; page < 50; page++) {
      cpu = 0
      const answer = conversations.search('promo', { limit: 10, before })
      replies.push(...answer.replies.map((r) => r.item.text ?? ''))
      saidRead.push(answer.sentRead)
      if (answer.next === null) break
      before = answer.next
    }
    // Pages stopped for time, short of the count bound, and still found the one reply and counted every match once.
    expect(saidRead[0]).toBeGreaterThan(0)
    expect(saidRead[0]).toBeLessThan(REPLY_SCAN_LIMIT)
    expect(replies).toEqual(['promo lama'])
    expect(saidRead.reduce((sum, n) => sum + n, 0)).toBe(3_001)
    // Only the hit's item was loaded whole: the 3,000 others were read as where they went.
    expect(loaded).toBe(1)
  })

  it('counts a sent match read again by the next page (past the last reply shown) on that page only', async () => {
    const clock = new FakeClock(1000)
    const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
    const store = new InboxStore(db)
    store.commit(
      'box',
      0,
      1,
      [
        {
          identity: 'incoming:0',
          kind: 'incoming',
          seq: 1,
          receivedAt: 500,
          payload: {},
          applied: true,
          message: newInboxMessage('m0', { deviceSerial: 'ser-1', chatId: '6281111', text: 'halo' })
        }
      ],
      0
    )
    // Replies to the conversation's chat, each followed by messages to chats without one.
    for (let i = 0; i < 4; i++) {
      clock.jump(1000)
      await outbox.enqueue({
        deviceId: 'd1',
        recipients: ['6281111'],
        entries: [{ kind: 'text', text: `diskon ${i}` }]
      })
      clock.jump(1000)
      await outbox.enqueue({
        deviceId: 'd1',
        recipients: Array.from({ length: 3 }, (_, j) => `62813${i}${j}`),
        entries: [{ kind: 'text', text: `diskon massal ${i}` }]
      })
    }
    const conversations = createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: outbox.queue
    })
    const replies: string[] = []
    let said = 0
    let before: string | undefined
    for (let page = 0; page < 10; page++) {
      const answer = conversations.search('diskon', { limit: 1, before })
      replies.push(...answer.replies.map((r) => r.item.text ?? ''))
      said += answer.sentRead
      if (answer.next === null) break
      before = answer.next
    }
    expect(replies).toEqual(['diskon 3', 'diskon 2', 'diskon 1', 'diskon 0'])
    expect(said).toBe(16)
  })
})

it('orders messages held back by a relay outage by when the customer wrote them, one time in both places (QA14 Q14-05)', () => {
  const store = new InboxStore(db)
  // Written 06:16:01 but retried by the gateway only at 06:16:36; written 06:16:26 and arrived at once.
  const held = { at: Date.parse('2026-11-30T06:16:36Z'), sentAt: Date.parse('2026-11-30T06:16:01Z') }
  const prompt = { at: Date.parse('2026-11-30T06:16:27Z'), sentAt: Date.parse('2026-11-30T06:16:26Z') }
  const arrivals = [
    { ...prompt, text: 'Jawab dong kak' },
    { ...held, text: 'Kok pesannya dihapus?' }
  ]
  arrivals.forEach((m, i) =>
    store.commit(
      'box',
      i,
      i + 1,
      [
        {
          identity: `incoming:${i}`,
          kind: 'incoming',
          seq: i + 1,
          receivedAt: m.at,
          payload: {},
          applied: true,
          message: newInboxMessage(`m${i}`, { text: m.text, sentAt: m.sentAt })
        }
      ],
      0
    )
  )
  const conversations = createConversations({
    db,
    now: () => 0,
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: sentItems([{ id: 'out-between', at: Date.parse('2026-11-30T06:16:10Z') }])
  })
  const [conversation] = conversations.list({}).conversations
  // The list's preview is the newest written, not the latest arrival.
  expect(conversation).toMatchObject({ lastText: 'Jawab dong kak', lastAt: '2026-11-30T06:16:26.000Z' })
  const entries = conversations.thread(conversation!.id, { limit: 10 }).entries
  expect(entries.map((e) => (e.direction === 'in' ? e.message.text : e.item.id))).toEqual([
    'Jawab dong kak',
    'out-between',
    'Kok pesannya dihapus?'
  ])
  // The thread's time is the one the list shows.
  expect(entries[0]!.at).toBe('2026-11-30T06:16:26.000Z')
  expect(entries[2]!.at).toBe('2026-11-30T06:16:01.000Z')
})

it('never places a message after it arrived when the gateway clock runs ahead', () => {
  const store = new InboxStore(db)
  const arrived = Date.parse('2026-11-30T06:00:00Z')
  store.commit(
    'box',
    0,
    1,
    [
      {
        identity: 'incoming:ahead',
        kind: 'incoming',
        seq: 1,
        receivedAt: arrived,
        payload: {},
        applied: true,
        message: newInboxMessage('ahead', { text: 'from the future', sentAt: arrived + 3_600_000 })
      }
    ],
    0
  )
  const conversations = createConversations({
    db,
    now: () => 0,
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: sentItems([])
  })
  const [conversation] = conversations.list({}).conversations
  expect(conversation!.lastAt).toBe('2026-11-30T06:00:00.000Z')
  expect(conversations.thread(conversation!.id).entries[0]!.at).toBe('2026-11-30T06:00:00.000Z')
})

it('shows the operator’s newest reply as the conversation’s last message, one that failed said so (QA14 Q14-10)', () => {
  const store = new InboxStore(db)
  store.commit(
    'box',
    0,
    1,
    [
      {
        identity: 'incoming:asked',
        kind: 'incoming',
        seq: 1,
        receivedAt: 1_000,
        payload: {},
        applied: true,
        message: newInboxMessage('asked', { text: 'Selamat pagi kak, saya mau tanya' })
      }
    ],
    0
  )
  const sent: OutboxItemView[] = []
  const conversations = createConversations({
    db,
    now: () => 0,
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: {
      sentToChat: (_deviceId, _recipient, limit) =>
        [...sent]
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
          .slice(0, limit)
          .map((item) => ({ at: Date.parse(item.createdAt), item })),
      sentWithText: () => ({ matches: [], readTo: null }),
      sentAt: () => [],
      // The kernel's answer: the newest of the chat's items gone out (each of these; the store's test has the rule).
      newestToChats: (chats) =>
        chats.map(() => {
          const item = [...sent].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]
          return item ? { at: Date.parse(item.createdAt), item } : null
        })
    }
  })
  const row = () => conversations.list({}).conversations[0]!
  expect(row()).toMatchObject({ lastText: 'Selamat pagi kak, saya mau tanya', lastFromMe: false })

  sent.push({
    id: 'r1',
    kind: 'text',
    text: 'Baik kak, stok ada',
    fileName: null,
    status: 'delivered',
    createdAt: new Date(2_000).toISOString()
  } as OutboxItemView)
  expect(row()).toMatchObject({
    lastText: 'Baik kak, stok ada',
    lastType: 'text',
    lastFromMe: true,
    lastAt: new Date(2_000).toISOString()
  })
  expect(row().lastUnreached).toBeUndefined()
  // A reply the gateway took that then did not reach the customer is still the chat's newest act, at the top where its
  // going moved the row: shown with its own time and how it ended, not the older delivered one under it.
  sent.push({
    id: 'r2',
    kind: 'image',
    text: null,
    fileName: 'katalog.png',
    status: 'failed',
    createdAt: new Date(3_000).toISOString()
  } as OutboxItemView)
  expect(row()).toMatchObject({
    lastText: '',
    lastType: 'image',
    lastFromMe: true,
    lastUnreached: 'failed',
    lastAt: new Date(3_000).toISOString()
  })
  // Cancelled because the number opted out, cancelled by the operator, deleted for everyone: each as its bucket.
  const r2 = sent.at(-1)!
  for (const [status, failure, unreached] of [
    ['cancelled', { code: 'opted_out', message: 'opted out' }, 'optedOut'],
    ['cancelled', null, 'cancelled'],
    ['cancelled_at_gateway', null, 'cancelled'],
    ['revoked', null, 'revoked'],
    ['delivered', null, undefined]
  ] as const) {
    sent[sent.length - 1] = { ...r2, status, failure } as OutboxItemView
    expect(row().lastUnreached).toBe(unreached)
  }
})

/** Thirty customers who each wrote once to device ser-1 (chat ids `${prefix}0000`…): their numbers. */
function thirtyCustomersWrote(prefix: string): string[] {
  const chats = Array.from({ length: 30 }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`)
  new InboxStore(db).commit(
    'box',
    0,
    chats.length,
    chats.map((chatId, i) => ({
      identity: `incoming:${i}`,
      kind: 'incoming',
      seq: i + 1,
      receivedAt: 1_000 + i,
      payload: {},
      applied: true,
      message: newInboxMessage(`m${i}`, { deviceSerial: 'ser-1', chatId, text: `tanya ${i}` })
    })),
    0
  )
  return chats
}

it("reads a page of conversations' newest replies in one read for the page, not one a row", async () => {
  const chats = thirtyCustomersWrote('62811')
  const clock = new FakeClock(5_000)
  const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
  // The operator answered every other customer, after they wrote: the gateway took each answer.
  new OutboxStore(db).insertItems(
    chats
      .filter((_, i) => i % 2 === 0)
      .map((recipient) =>
        newTextItem(`answer-${recipient}`, {
          recipient,
          text: 'Baik kak',
          status: 'sent',
          createdAt: 5_000,
          acceptedAt: 5_000
        })
      ),
    [],
    [],
    5_000
  )
  const asked = { perChat: 0, perPage: 0 }
  const counted: SentToChat = {
    sentToChat: (...args) => (asked.perChat++, outbox.queue.sentToChat(...args)),
    sentWithText: (...args) => outbox.queue.sentWithText(...args),
    sentAt: (...args) => outbox.queue.sentAt(...args),
    newestToChats: (...args) => (asked.perPage++, outbox.queue.newestToChats(...args))
  }
  const conversations = createConversations({
    db,
    now: () => 0,
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: counted
  })
  const page = conversations.list({ limit: 20 })
  expect(asked).toEqual({ perChat: 0, perPage: 1 })
  expect(page.conversations).toHaveLength(20)
  for (const row of page.conversations) {
    const answered = chats.indexOf(row.chatId) % 2 === 0
    expect(row).toMatchObject(
      answered
        ? { lastText: 'Baik kak', lastFromMe: true }
        : { lastText: expect.stringMatching(/^tanya/), lastFromMe: false }
    )
  }
})

it('reads the conversations a search finds replies in at once, not two reads each', async () => {
  const chats = thirtyCustomersWrote('62812')
  const clock = new FakeClock(5_000)
  const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
  await outbox.enqueue({
    deviceId: 'd1',
    recipients: chats,
    entries: [{ kind: 'text', text: 'Resi JNE-4411' }]
  })
  const asked = { newest: 0 }
  const counted: SentToChat = {
    sentToChat: (...args) => outbox.queue.sentToChat(...args),
    sentWithText: (...args) => outbox.queue.sentWithText(...args),
    sentAt: (...args) => outbox.queue.sentAt(...args),
    newestToChats: (...args) => (asked.newest++, outbox.queue.newestToChats(...args))
  }
  const conversations = createConversations({
    db,
    now: () => 0,
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: counted
  })
  const found = conversations.search('JNE-4411', { limit: 20 })
  expect(found.replies).toHaveLength(20)
  expect(new Set(found.replies.map((reply) => reply.conversation.chatId)).size).toBe(20)
  // One read for the chats the reply scan met, one for the page's conversations: never one a chat.
  expect(asked.newest).toBeLessThanOrEqual(3)
})

/** Bu Ratna's question about her order, come in at 09.02 WITA (01.02 UTC, 1 December 2026): QA38 Q38-02's. */
function buRatnaAsksAt0902(): void {
  new InboxStore(db).commit(
    'box',
    0,
    1,
    [
      {
        identity: 'incoming:asked',
        kind: 'incoming',
        seq: 1,
        receivedAt: Date.parse('2026-12-01T01:02:00Z'),
        payload: {},
        applied: true,
        message: newInboxMessage('asked', { text: 'Pagi, pesanan saya bisa diambil jam berapa?' })
      }
    ],
    0
  )
}

it('places and stamps a sent message by when the gateway took it, a waiting one by when it is due (QA38 Q38-02)', () => {
  const at = (hhmmss: string): number => Date.parse(`2026-12-01T${hhmmss}Z`)
  // At 09.02 WITA (01.02 UTC) Bu Ratna asks; the reminder written at 08.59 for 15.30 was moved to 09.07 and went then.
  buRatnaAsksAt0902()
  const items = new OutboxStore(db)
  const chat = { recipient: '6281234567890' }
  items.insertItems(
    [
      newTextItem('invoice', { ...chat, createdAt: at('00:59:00') }),
      newTextItem('reminder', {
        ...chat,
        status: 'scheduled',
        createdAt: at('00:59:30'),
        notBefore: at('01:07:00')
      }),
      newTextItem('dropped', {
        ...chat,
        status: 'scheduled',
        createdAt: at('01:03:00'),
        notBefore: at('01:20:00')
      }),
      newTextItem('waiting', {
        ...chat,
        status: 'scheduled',
        createdAt: at('01:04:00'),
        notBefore: at('01:12:00')
      })
    ],
    [],
    [],
    at('01:04:00')
  )
  items.transition('invoice', ['queued'], 'accepted', { acceptedAt: at('00:59:05') }, null, at('00:59:05'))
  items.transition(
    'reminder',
    ['scheduled'],
    'accepted',
    { acceptedAt: at('01:07:10') },
    null,
    at('01:07:10')
  )
  items.transition('reminder', ['accepted'], 'read', {}, null, at('01:07:20'))
  // Cancelled before it was due: it never went, so it stays where it was written.
  items.transition('dropped', ['scheduled'], 'cancelled', {}, null, at('01:05:00'))
  const outbox = createOutbox({
    db,
    dataDir: dir,
    clock: new FakeClock(at('01:08:00')),
    clientFor: () => undefined
  })
  const conversations = createConversations({
    db,
    now: () => at('01:08:00'),
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: outbox.queue
  })
  const [conversation] = conversations.list({}).conversations
  const shown = (entries: ReturnType<typeof conversations.thread>['entries']): string[] =>
    entries.map((e) => `${e.direction === 'in' ? 'asked' : e.item.id} ${e.at.slice(11, 19)}`)
  const expected = [
    'waiting 01:12:00',
    'reminder 01:07:10',
    'dropped 01:03:00',
    'asked 01:02:00',
    'invoice 00:59:05'
  ]
  expect(shown(conversations.thread(conversation!.id).entries)).toEqual(expected)
  // Paged, the same order: the cursor is the time shown, not when it was written.
  for (const limit of [1, 2, 3]) {
    const paged: string[] = []
    let before: string | undefined
    do {
      const page = conversations.thread(conversation!.id, { limit, ...(before ? { before } : {}) })
      paged.push(...shown(page.entries))
      before = page.next ?? undefined
    } while (before)
    expect(paged).toEqual(expected)
  }
  // Found by a search, the same time as its thread's.
  expect(conversations.search('reminder').replies.map(({ item, at: shown }) => [item.id, shown])).toEqual([
    ['reminder', '2026-12-01T01:07:10.000Z']
  ])
})

/** A customer's message to device ser-1 from the default chat (or `from`'s), received at `receivedAt` (its own seq). */
function customerWrote(
  seq: number,
  text: string,
  receivedAt: number,
  from: Parameters<typeof newInboxMessage>[1] = {}
): void {
  new InboxStore(db).commit(
    'box',
    seq - 1,
    seq,
    [
      {
        identity: `incoming:${seq}`,
        kind: 'incoming',
        seq,
        receivedAt,
        payload: {},
        applied: true,
        message: newInboxMessage(`m${seq}`, { ...from, text })
      }
    ],
    0
  )
}

it("gives a conversation's row the time and last reply its thread shows first, by when each went", () => {
  const at = (hhmmss: string): number => Date.parse(`2026-12-01T${hhmmss}Z`)
  const chat = { recipient: '6281234567890' }
  const items = new OutboxStore(db)
  // The reminder written at 08.59 WITA went at 09.07; a thank-you written at 09.00 went at once; the customer asked
  // at 09.02. By when they were written the thank-you is the newest reply and older than the question; by when they
  // went the reminder is the newest of all, as the thread shows it.
  items.insertItems(
    [
      newTextItem('reminder', {
        ...chat,
        status: 'scheduled',
        createdAt: at('00:59:30'),
        notBefore: at('01:07:00')
      }),
      newTextItem('thanks', { ...chat, createdAt: at('01:00:00') })
    ],
    [],
    [],
    at('01:00:00')
  )
  items.transition('thanks', ['queued'], 'accepted', { acceptedAt: at('01:00:05') }, null, at('01:00:05'))
  customerWrote(1, 'Pesanan saya jam berapa?', at('01:02:00'))
  items.transition(
    'reminder',
    ['scheduled'],
    'accepted',
    { acceptedAt: at('01:07:10') },
    null,
    at('01:07:10')
  )
  const outbox = createOutbox({
    db,
    dataDir: dir,
    clock: new FakeClock(at('01:08:00')),
    clientFor: () => undefined
  })
  const conversations = createConversations({
    db,
    now: () => at('01:08:00'),
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: outbox.queue
  })
  const [row] = conversations.list({}).conversations
  const [first] = conversations.thread(row!.id).entries
  expect(first).toMatchObject({ direction: 'out', at: '2026-12-01T01:07:10.000Z', item: { id: 'reminder' } })
  expect(row).toMatchObject({ lastAt: first!.at, lastText: 'reminder', lastFromMe: true })
  // The same row read alone (an action's answer) and found by a search.
  expect(conversations.get(row!.id)).toMatchObject({ lastAt: first!.at, lastText: 'reminder' })
  expect(conversations.search('Pesanan').messageConversations[0]).toMatchObject({ lastAt: first!.at })
})

it('shows in a reopened conversation what was written before it was deleted but went after (by when it went)', async () => {
  const at = (hhmmss: string): number => Date.parse(`2026-12-01T${hhmmss}Z`)
  const chat = { recipient: '6281234567890' }
  const items = new OutboxStore(db)
  customerWrote(1, 'Halo kak', at('01:00:00'))
  items.insertItems(
    [
      newTextItem('went-before', { ...chat, createdAt: at('01:01:00') }),
      newTextItem('promo-besok', {
        ...chat,
        status: 'scheduled',
        createdAt: at('01:02:00'),
        notBefore: at('01:20:00')
      }),
      newTextItem('still-waiting', {
        ...chat,
        status: 'scheduled',
        createdAt: at('01:03:00'),
        notBefore: at('01:40:00')
      })
    ],
    [],
    [],
    at('01:03:00')
  )
  items.transition(
    'went-before',
    ['queued'],
    'accepted',
    { acceptedAt: at('01:01:05') },
    null,
    at('01:01:05')
  )
  const deleting = createConversations({
    db,
    now: () => at('01:10:00'),
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] }
  })
  await deleting.delete(deleting.list({}).conversations[0]!.id)
  // The customer writes again (the conversation is back); the scheduled message goes after the delete.
  customerWrote(2, 'Kak, promonya masih?', at('01:15:00'))
  items.transition(
    'promo-besok',
    ['scheduled'],
    'accepted',
    { acceptedAt: at('01:20:03') },
    null,
    at('01:20:03')
  )
  const outbox = createOutbox({
    db,
    dataDir: dir,
    clock: new FakeClock(at('01:21:00')),
    clientFor: () => undefined
  })
  const conversations = createConversations({
    db,
    now: () => at('01:21:00'),
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: outbox.queue
  })
  const [row] = conversations.list({}).conversations
  const shown = conversations
    .thread(row!.id)
    .entries.map((e) => `${e.direction === 'in' ? e.message.text : e.item.id} ${e.at.slice(11, 19)}`)
  // What went after the delete shows, and so does what will land after it; what went before it stays gone.
  expect(shown).toEqual(['still-waiting 01:40:00', 'promo-besok 01:20:03', 'Kak, promonya masih? 01:15:00'])
  // The row says what happened last, not what will land at 01.40 (it gave the row a time to come, an operator's probe).
  expect(row).toMatchObject({ lastText: 'promo-besok', lastAt: '2026-12-01T01:20:03.000Z' })
  // A search finds in the reopened conversation what its thread shows, and not what it does not.
  expect(conversations.search('promo-besok').replies.map((r) => r.item.id)).toEqual(['promo-besok'])
  expect(conversations.search('went-before').replies).toEqual([])
})

it('pages a search in the order its hits show, when replies went out in another order than they were written', () => {
  const at = (hhmmss: string): number => Date.parse(`2026-12-01T${hhmmss}Z`)
  // Bu Ratna asks at 09.02 WITA; of the replies with "pesanan", one written at 09.01 went at 09.09 (the phone was
  // offline), one written at 08.59:30 went at 09.07, one written at 08.59 went at once, one written at 09.03 waits.
  buRatnaAsksAt0902()
  const items = new OutboxStore(db)
  const chat = { recipient: '6281234567890' }
  const written = { invoice: '00:59:00', reminder: '00:59:30', late: '01:01:00', waiting: '01:03:00' }
  items.insertItems(
    Object.entries(written).map(([id, hhmmss]) =>
      newTextItem(id, { ...chat, text: `pesanan ${id}`, createdAt: at(hhmmss) })
    ),
    [],
    [],
    at('01:03:00')
  )
  const went = { invoice: '00:59:05', reminder: '01:07:10', late: '01:09:00' }
  for (const [id, hhmmss] of Object.entries(went)) {
    items.transition(id, ['queued'], 'accepted', { acceptedAt: at(hhmmss) }, null, at(hhmmss))
  }
  const outbox = createOutbox({
    db,
    dataDir: dir,
    clock: new FakeClock(at('01:10:00')),
    clientFor: () => undefined
  })
  const conversations = createConversations({
    db,
    now: () => at('01:10:00'),
    devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
    outbox: outbox.queue
  })
  /** A page's hits as the window lists them: newest first by when each shows in its thread. */
  const hits = (answer: ReturnType<typeof conversations.search>): string[] =>
    [
      ...answer.messages.map((m) => ({ at: m.receivedAt, label: `asked ${m.receivedAt.slice(11, 19)}` })),
      ...answer.replies.map((r) => ({ at: r.at, label: `${r.item.id} ${r.at.slice(11, 19)}` }))
    ]
      .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
      .map((hit) => hit.label)
  const expected = [
    'late 01:09:00',
    'reminder 01:07:10',
    'waiting 01:03:00',
    'asked 01:02:00',
    'invoice 00:59:05'
  ]
  expect(hits(conversations.search('pesanan', { limit: 10 }))).toEqual(expected)
  for (const limit of [1, 2, 3]) {
    const paged: string[] = []
    let before: string | undefined
    for (let page = 0; page < 10; page++) {
      const answer = conversations.search('pesanan', { limit, before })
      paged.push(...hits(answer))
      if (answer.next === null) break
      before = answer.next
    }
    // Every hit once, and a later page never holds one that shows above what an earlier page listed.
    expect(paged, `pages of ${limit}`).toEqual(expected)
  }
})

// QA39: a group's row said "siap", not who said it; the thread names each member by push name, else number.
describe('a group conversation names who wrote its newest message', () => {
  const GROUP = '120363000000000002@g.us'
  let seq = 0
  const arrives = (
    { text = '', ...from }: NonNullable<Parameters<typeof newInboxMessage>[1]>,
    at: number
  ): void => customerWrote(++seq, text, at, from)
  const lastSenders = (
    conversations: ReturnType<typeof createConversations>
  ): Record<string, string | null> =>
    Object.fromEntries(conversations.list({}).conversations.map((c) => [c.chatId, c.lastSender]))

  it('by push name, else member number; nobody for ours or a private chat', () => {
    seq = 0
    const conversations = createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: sentItems([])
    })
    const inGroup = { chatId: GROUP, isGroup: true, groupSubject: 'Arisan' }
    arrives({ ...inGroup, groupMember: '6281300000001', pushName: 'Eko', text: 'siap' }, 1000)
    arrives({ chatId: '6281377778888', pushName: 'Dewi', text: 'halo' }, 1001)
    expect(lastSenders(conversations)).toEqual({ [GROUP]: 'Eko', '6281377778888': null })
    arrives({ ...inGroup, groupMember: '6281300000002', text: 'oke' }, 1002)
    expect(lastSenders(conversations)[GROUP]).toBe('6281300000002')
    // Held back by the gateway and retried late: not the newest, so not who wrote last.
    arrives({ ...inGroup, groupMember: '6281300000003', pushName: 'Tono', text: 'lama' }, 500)
    expect(lastSenders(conversations)[GROUP]).toBe('6281300000002')
    // Written from our own phone: the row says "You", no member.
    arrives({ ...inGroup, fromMe: true, text: 'rapat jam 8' }, 1003)
    expect(lastSenders(conversations)[GROUP]).toBeNull()
  })
})

// Issue 26: conversations "newest first" by their last message. They were ordered by the customer's newest message
// while a row shows the operator's newer reply: answered a minute ago, a row sat below one that wrote an hour ago.
describe('conversations ordered by their real traffic: what came in and what went out (QA76)', () => {
  let fx: OutboxFixture
  beforeEach(() => {
    fx = makeFixture()
  })
  afterEach(async () => {
    await fx.outbox.stop()
    fx.close()
  })

  /** Customers write in this order (each one message, a second apart), to device d1 (serial ser-1) unless named. */
  function received(...chats: (string | { chat: string; serial: string; at?: number })[]): void {
    const store = new InboxStore(fx.db)
    const from = store.cursor('box')
    store.commit(
      'box',
      from,
      from + chats.length,
      chats.map((chat, i) => {
        const {
          chat: chatId,
          serial,
          at
        } = typeof chat === 'string' ? { chat, serial: 'SER-1', at: undefined } : chat
        const receivedAt = at ?? 1_000 * (from + i + 1)
        return {
          identity: `incoming:${from + i}`,
          kind: 'incoming',
          seq: from + i + 1,
          receivedAt,
          payload: {},
          applied: true,
          message: newInboxMessage(`m${from + i}`, { chatId, deviceSerial: serial, text: `from ${chatId}` })
        }
      }),
      0
    )
  }

  async function inbox() {
    const conversations = createConversations({
      db: fx.db,
      now: () => fx.clock.now(),
      devices: {
        list: () => [
          { id: 'd1', serial: 'ser-1', phone: null },
          { id: 'd2', serial: 'ser-2', phone: null }
        ]
      },
      outbox: fx.outbox.queue
    })
    // As the composition wires them: a message the gateway took moves its conversation.
    fx.outbox.onItemTaken((item) => conversations.messageTaken(item))
    await fx.outbox.start()
    const order = (): string[] => conversations.list({}).conversations.map((c) => c.chatId)
    const rows = (): string[] =>
      conversations
        .list({})
        .conversations.map((c) => `${c.chatId} ${c.lastFromMe ? 'you' : 'them'}: ${c.lastText}`)
    const gone = (ids: readonly string[]) => () =>
      ids.every((id) => !['queued', 'sending', 'scheduled'].includes(fx.outbox.get(id).item.status))
    /** Queued now, and run until the gateway took every message. */
    const send = async (deviceId: string, ...recipients: string[]): Promise<void> => {
      const { itemIds } = await fx.outbox.enqueue({
        deviceId,
        recipients,
        entries: [{ kind: 'text', text: 'Baik, kami cek' }]
      })
      await fx.runUntil(gone(itemIds))
    }
    /** Kept here for 10:05 in Jakarta (the clock reads 10:00 there): not gone out. */
    const schedule = async (deviceId: string, recipient: string): Promise<string> => {
      const { itemIds } = await fx.outbox.enqueue({
        deviceId,
        recipients: [recipient],
        entries: [{ kind: 'text', text: 'Flash sale besok' }],
        schedule: { localTime: '2026-01-15T10:05', timezone: 'Asia/Jakarta', mode: 'local' }
      })
      return itemIds[0]!
    }
    return { conversations, order, rows, send, schedule, gone }
  }

  it('a reply moves its conversation above those that wrote before it once it goes; a later message goes above it', async () => {
    received('6281111', '6282222', '6283333')
    const { order, send } = await inbox()
    expect(order()).toEqual(['6283333', '6282222', '6281111'])
    await send('d1', '6281111')
    expect(order()).toEqual(['6281111', '6283333', '6282222'])
    received('6282222')
    expect(order()).toEqual(['6282222', '6281111', '6283333'])
  })

  it('moves only the conversation of the device that sent, and none for a number that never wrote', async () => {
    received({ chat: '6281111', serial: 'SER-2' }, '6282222', '6281111')
    const { conversations, order, send } = await inbox()
    const rows = () => conversations.list({}).conversations.map((c) => `${c.chatId}@${c.deviceId}`)
    expect(rows()).toEqual(['6281111@d1', '6282222@d1', '6281111@d2'])
    await send('d2', '6281111', '6289999')
    expect(rows()).toEqual(['6281111@d2', '6281111@d1', '6282222@d1'])
    expect(order()).toHaveLength(3)
  })

  it('a send to many numbers moves the conversations among them as each goes', async () => {
    received('6281111', '6282222', '6283333')
    const { order, send } = await inbox()
    await send('d1', '6287700001', '6282222', '6287700002')
    expect(order()).toEqual(['6282222', '6283333', '6281111'])
  })

  it('a message written before the newest one (held back by the gateway) does not move the conversation', async () => {
    received('6281111', '6282222')
    const { order, send } = await inbox()
    await send('d1', '6281111')
    received({ chat: '6282222', serial: 'SER-1', at: 500 })
    expect(order()).toEqual(['6281111', '6282222'])
  })

  it('pages by the row’s place: every conversation once, newest first, whatever moved', async () => {
    received('6281111', '6282222', '6283333', '6284444', '6285555')
    const { conversations, send } = await inbox()
    await send('d1', '6282222')
    await send('d1', '6284444')
    const seen: string[] = []
    let before: number | undefined
    for (;;) {
      const page = conversations.list({ limit: 2, ...(before === undefined ? {} : { before }) })
      seen.push(...page.conversations.map((c) => c.chatId))
      if (page.next === null) break
      before = page.next
    }
    expect(seen).toEqual(['6284444', '6282222', '6285555', '6283333', '6281111'])
  })

  // QA76: "Oke makasih kak" at 15.39 was hidden by "Anda, untuk …: Flash sale…", its row above customers who wrote later.
  it('a message scheduled to a conversation moves nothing and hides nothing; when it goes, it moves the row up', async () => {
    received('6281111', '6282222', '6283333')
    const { rows, schedule, gone } = await inbox()
    const before = rows()
    const id = await schedule('d1', '6281111')
    expect(rows()).toEqual(before)
    expect(rows()).toEqual([
      '6283333 them: from 6283333',
      '6282222 them: from 6282222',
      '6281111 them: from 6281111'
    ])
    await fx.runUntil(gone([id]), { stepMs: 10_000 })
    expect(rows()).toEqual([
      '6281111 you: Flash sale besok',
      '6283333 them: from 6283333',
      '6282222 them: from 6282222'
    ])
  })

  /** 2026-01-15 at `time` in Jakarta (the clock starts at 10:00 there). */
  const jakartaAt = (time: string): number => Date.parse(`2026-01-15T${time}:00+07:00`)
  const wroteAt = (chat: string, time: string) => ({ chat, serial: 'SER-1', at: jakartaAt(time) })

  /** Saved at the gateway for 10:05 in Jakarta: the gateway sends it then, Sender Desk open or not. Its item's id. */
  async function keptAtGateway(recipient: string): Promise<string> {
    const saved = fx.gateway.schedules.length
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: [recipient],
      entries: [{ kind: 'text', text: 'Flash sale besok' }],
      schedule: { localTime: '2026-01-15T10:05', timezone: 'Asia/Jakarta', mode: 'gateway' }
    })
    await fx.runUntil(() => fx.gateway.schedules.length === saved + 1)
    return itemIds[0]!
  }

  /**
   * Sender Desk closed until `time` in Jakarta, then opened: what happened `meanwhile` comes in first, then the
   * outbox learns that the gateway sent what it kept (`ids`) at its time.
   */
  async function closedUntil(
    time: string,
    conversations: ReturnType<typeof createConversations>,
    ids: readonly string[],
    meanwhile: () => void
  ): Promise<void> {
    await fx.outbox.stop()
    fx.clock.jump(jakartaAt(time) - fx.clock.now())
    meanwhile()
    fx.reopen().onItemTaken((item) => conversations.messageTaken(item))
    await fx.outbox.start()
    await fx.runUntil(() => ids.every((id) => fx.outbox.get(id).item.status === 'accepted'))
  }

  // A message the gateway kept for 10:05 went then, Sender Desk closed: learnt at 10:20, it was placed above the
  // customers who wrote at 10:10, as if sent when learnt.
  it('a message the gateway kept and sent while Sender Desk was closed takes the place of when it went', async () => {
    received(wroteAt('6281111', '09:57'), wroteAt('6282222', '09:58'), wroteAt('6283333', '09:59'))
    const { conversations, rows } = await inbox()
    const id = await keptAtGateway('6281111')
    await closedUntil('10:20', conversations, [id], () =>
      received(wroteAt('6282222', '10:02'), wroteAt('6284444', '10:10'))
    )
    expect(rows()).toEqual([
      '6284444 them: from 6284444',
      '6281111 you: Flash sale besok',
      '6282222 them: from 6282222',
      '6283333 them: from 6283333'
    ])
    const times = conversations.list({}).conversations.map((c) => c.lastAt)
    expect(times).toEqual(
      ['10:10', '10:05', '10:02', '09:59'].map((time) => new Date(jakartaAt(time)).toISOString())
    )
  })

  it('rows whose reply went after it stay above it; its customer writing since keeps its row on top', async () => {
    received(wroteAt('6281111', '09:57'), wroteAt('6282222', '09:58'), wroteAt('6283333', '09:59'))
    const { conversations, rows } = await inbox()
    const ids = [await keptAtGateway('6281111'), await keptAtGateway('6282222')]
    await closedUntil('10:20', conversations, ids, () => {
      // Sent at 10:08 from the terminal, Sender Desk's window closed; the second customer wrote at 10:15.
      const at = jakartaAt('10:08')
      const reply = { recipient: '6283333', text: 'Pesanan sudah dikirim', status: 'sent' as const }
      new OutboxStore(fx.db).insertItems(
        [newTextItem('terminal', { ...reply, createdAt: at, acceptedAt: at })],
        [],
        [],
        at
      )
      received(wroteAt('6282222', '10:15'))
    })
    expect(rows()).toEqual([
      '6282222 them: from 6282222',
      '6283333 you: Pesanan sudah dikirim',
      '6281111 you: Flash sale besok'
    ])
    const times = conversations.list({}).conversations.map((c) => c.lastAt)
    expect(times).toEqual(['10:15', '10:08', '10:05'].map((time) => new Date(jakartaAt(time)).toISOString()))
  })

  it('a message cancelled before it went moves nothing and hides nothing', async () => {
    received('6281111', '6282222')
    const { rows, schedule } = await inbox()
    const before = rows()
    const id = await schedule('d1', '6281111')
    fx.outbox.cancel(id)
    expect(fx.outbox.get(id).item.status).toBe('cancelled')
    expect(rows()).toEqual(before)
    expect(rows()).toEqual(['6282222 them: from 6282222', '6281111 them: from 6281111'])
  })
})

// QA67: after Siti's "BERHENTI" her row read as any other; only her thread told she was on the opt-out list.
it('says which rows are of a number on the opt-out list, read with the page (never a group)', () => {
  customerWrote(1, 'Mau tanya ongkir', 1000)
  customerWrote(2, 'BERHENTI', 2000, { chatId: '6281234567891', pushName: 'Siti' })
  customerWrote(3, 'Stok ada?', 3000, { chatId: '120363000000000001@g.us', isGroup: true })
  new CampaignStore(db).addOptOuts(['6281234567891'], 'keyword', 2000, 'BERHENTI')
  const conversations = conversationsOfTwoDevices()
  const marked = (): [string, boolean][] =>
    conversations.list({}).conversations.map((c) => [c.chatId, c.optedOut])
  expect(marked()).toEqual([
    ['120363000000000001@g.us', false],
    ['6281234567891', true],
    ['6281234567890', false]
  ])
  const siti = conversations.list({}).conversations.find((c) => c.chatId === '6281234567891')!
  expect(conversations.get(siti.id).optedOut).toBe(true)
  expect(conversations.thread(siti.id).conversation.optedOut).toBe(true)
})

// QA71: a search result older than the newest 500 entries of its thread was not reached: the thread read at most the
// contract's largest page from its end, so it opened there without the message found.
/** `count` customer messages a second apart and a reply sent between every tenth; the oldest first. */
function longThread(count = 700) {
  const store = new InboxStore(db)
  store.commit(
    'box',
    0,
    count,
    Array.from({ length: count }, (_, i) => ({
      identity: `incoming:${i}`,
      kind: 'incoming',
      seq: i + 1,
      receivedAt: 1_000_000 + i * 1000,
      payload: {},
      applied: true,
      message: newInboxMessage(`m${i}`, { text: `in ${i}` })
    })),
    0
  )
  const replies = Array.from({ length: count / 10 }, (_, i) => ({
    id: `reply-${i}`,
    at: 1_000_500 + i * 10_000
  }))
  const conversations = conversationsOfTwoDevices(sentItems(replies))
  const [conversation] = conversations.list({}).conversations
  return { conversations, conversationId: conversation!.id }
}
const label = (e: InboxThreadEntry): string => (e.direction === 'in' ? e.message.text : e.item.id)

describe('a thread read through a message a search found (QA71)', () => {
  it('reaches a customer message 549 entries back, with a page older than it, and pages on from there', () => {
    const { conversations, conversationId } = longThread()
    const [found] = conversations.search('in 200').messages
    expect(found?.text).toBe('in 200')
    const page = conversations.thread(conversationId, { limit: 50, through: inEntryKey(found!.number) })
    const labels = page.entries.map(label)
    // Every entry from the newest down to it, once (699 … 201 and 50 replies), then a page of older ones.
    expect(labels.slice(0, 3)).toEqual(['in 699', 'in 698', 'in 697'])
    expect(labels.indexOf('in 200')).toBe(549)
    expect(new Set(labels).size).toBe(labels.length)
    expect(labels).toHaveLength(549 + 1 + 50)
    expect(labels.at(-1)).toBe('in 154')
    const older = conversations.thread(conversationId, { limit: 50, before: page.next! }).entries.map(label)
    expect(older[0]).toBe('in 153')
  })

  it('reaches a reply sent 746 entries back', () => {
    const { conversations, conversationId } = longThread()
    const page = conversations.thread(conversationId, { limit: 20, through: sentEntryKey('reply-2') })
    const labels = page.entries.map(label)
    expect(labels).toContain('reply-2')
    expect(labels.length - labels.indexOf('reply-2') - 1).toBe(20)
  })

  it('reads as without it an entry the thread does not hold (gone since)', () => {
    const { conversations, conversationId } = longThread()
    const page = conversations.thread(conversationId, { limit: 50, through: sentEntryKey('gone') })
    expect(page.entries).toHaveLength(50)
    expect(page.next).not.toBeNull()
  })
})

// QA71 (Earlier messages): the window asked for a larger page from the thread's end on each "Earlier messages", capped at
// 500 entries, so no message further back could be reached. It now pages before its oldest entry, a page at a time.
describe('a long thread paged back before its oldest entry shown (QA71, Earlier messages)', () => {
  it('reaches its first entry past 500, each page once and in order, and says when it is there', () => {
    const { conversations, conversationId } = longThread()
    const first = conversations.thread(conversationId, { limit: 50 })
    const read = first.entries.map(label)
    let next = first.next
    let pages = 1
    while (next !== null) {
      const page = conversations.thread(conversationId, { limit: 50, before: next })
      expect(page.entries.length).toBeGreaterThan(0)
      expect(page.entries.length).toBeLessThanOrEqual(50)
      read.push(...page.entries.map(label))
      next = page.next
      pages += 1
    }
    // 700 customer messages and 70 replies: every one once, the oldest last.
    expect(read).toHaveLength(770)
    expect(new Set(read).size).toBe(770)
    expect(pages).toBe(Math.ceil(770 / 50))
    expect(read.slice(0, 2)).toEqual(['in 699', 'in 698'])
    expect(read.at(-1)).toBe('in 0')
    expect(read.indexOf('reply-0')).toBeGreaterThan(read.indexOf('in 1'))
  })
})

// QA75: a search result further back than a thread is read down to (THREAD_THROUGH_MOST entries) opened the thread at
// its end, the message found not in it. A page around it is read instead (by the thread's own order, a page each side),
// older pages before it and later ones after it, never the whole conversation.
describe('a thread read around a message further back than it is read down to (QA75)', () => {
  type Conversations = ReturnType<typeof createConversations>
  /** The whole thread, newest first, paged back from its end (what pages around an entry must agree with). */
  function wholeThread(conversations: Conversations, conversationId: number): string[] {
    const read: string[] = []
    let before: string | undefined
    for (;;) {
      const page = conversations.thread(conversationId, { limit: 500, before })
      read.push(...page.entries.map(label))
      if (page.next === null) return read
      before = page.next
    }
  }
  /** Every later page from `later` on, each newest first as a page is, put above one another: the newest first. */
  function laterPages(conversations: Conversations, conversationId: number, later: string, limit: number) {
    const read: string[] = []
    let after: string | null | undefined = later
    let pages = 0
    while (typeof after === 'string' && pages <= 1000) {
      const page = conversations.thread(conversationId, { limit, after })
      expect(page.entries.length).toBeGreaterThan(0)
      expect(page.entries.length).toBeLessThanOrEqual(limit)
      read.unshift(...page.entries.map(label))
      after = page.later
      pages += 1
    }
    return { read, pages }
  }

  it('opens 10,000 entries back on a page around the message, with older pages before it and later ones to the end', () => {
    const count = 10_100
    const { conversations, conversationId } = longThread(count)
    const whole = wholeThread(conversations, conversationId)
    expect(whole).toHaveLength(count + count / 10)
    const found = conversations.search('in 150').messages.find((message) => message.text === 'in 150')
    const key = inEntryKey(found!.number)
    // Read down to, it is further back than THREAD_THROUGH_MOST: that read opens at the end without it.
    expect(
      conversations.thread(conversationId, { limit: 50, through: key }).entries.map(label)
    ).not.toContain('in 150')

    const page = conversations.thread(conversationId, { limit: 50, around: key })
    const labels = page.entries.map(label)
    const at = whole.indexOf('in 150')
    const hit = labels.indexOf('in 150')
    // The page is the thread's own stretch around it: newer entries above it, older ones below, 50 in all.
    expect(labels).toHaveLength(50)
    expect(hit).toBeGreaterThan(20)
    expect(labels.length - hit - 1).toBeGreaterThan(20)
    expect(labels).toEqual(whole.slice(at - hit, at - hit + 50))
    // Older: the page past its oldest entry, as "Show earlier messages" reads it.
    const older = conversations.thread(conversationId, { limit: 50, before: page.next! }).entries.map(label)
    expect(older).toEqual(whole.slice(at - hit + 50, at - hit + 100))
    // Later: a page at a time up to the thread's end, each entry once, then no more.
    expect(typeof page.later).toBe('string')
    const { read, pages } = laterPages(conversations, conversationId, page.later!, 500)
    expect(read).toEqual(whole.slice(0, at - hit))
    expect(pages).toBe(Math.ceil((at - hit) / 500))
    expect(read[0]).toBe(`in ${count - 1}`)
  })

  // Opening a search result asked twice: down to it (the thread's end, without it, that far back), then around it.
  it('reads around an entry asked for down to and around when it is further back than it is read down to', () => {
    const { conversations, conversationId } = longThread(10_100)
    const key = inEntryKey(conversations.search('in 150').messages.find((m) => m.text === 'in 150')!.number)
    const both = conversations.thread(conversationId, { limit: 50, through: key, around: key })
    expect(both).toEqual(conversations.thread(conversationId, { limit: 50, around: key }))
    expect(both.entries.map(label)).toContain('in 150')
    expect(typeof both.later).toBe('string')
  })

  it('reads down to an entry asked for down to and around when it is not that far back, as without it when gone', () => {
    const { conversations, conversationId } = longThread()
    const key = inEntryKey(conversations.search('in 200').messages[0]!.number)
    const both = conversations.thread(conversationId, { limit: 50, through: key, around: key })
    expect(both).toEqual(conversations.thread(conversationId, { limit: 50, through: key }))
    expect(both.entries.map(label).slice(0, 2)).toEqual(['in 699', 'in 698'])
    expect(both.later).toBeNull()
    const gone = sentEntryKey('gone')
    const none = conversations.thread(conversationId, { limit: 50, through: gone, around: gone })
    expect(none).toEqual(conversations.thread(conversationId, { limit: 50 }))
  })

  it('reaches a reply sent further back the same way', () => {
    const { conversations, conversationId } = longThread(10_100)
    const page = conversations.thread(conversationId, { limit: 20, around: sentEntryKey('reply-3') })
    const labels = page.entries.map(label)
    expect(labels).toContain('reply-3')
    expect(labels).toHaveLength(20)
    expect(page.next).not.toBeNull()
    expect(typeof page.later).toBe('string')
  })

  it('reads around the first entry and the newest: no older page, no later page', () => {
    const { conversations, conversationId } = longThread()
    const whole = wholeThread(conversations, conversationId)
    const first = conversations.thread(conversationId, { limit: 50, around: inEntryKey(1) })
    expect(first.entries.map(label).at(-1)).toBe('in 0')
    expect(first.next).toBeNull()
    expect(laterPages(conversations, conversationId, first.later!, 50).read).toEqual(
      whole.slice(0, whole.length - first.entries.length)
    )
    const newest = conversations.thread(conversationId, { limit: 50, around: inEntryKey(700) })
    expect(newest.entries.map(label)[0]).toBe('in 699')
    expect(newest.later).toBeNull()
    expect(newest.next).not.toBeNull()
  })

  it('reads as without it an entry the thread does not hold (gone since), at its end', () => {
    const { conversations, conversationId } = longThread()
    const page = conversations.thread(conversationId, { limit: 50, around: sentEntryKey('gone') })
    expect(page.entries.map(label).slice(0, 2)).toEqual(['in 699', 'in 698'])
    expect(page.later).toBeNull()
  })

  it("pages around each entry of the kernel's own thread, sent and received sharing milliseconds, at every size", () => {
    const chat = { recipient: '6281234567890' }
    const items = new OutboxStore(db)
    // Customer messages and replies at 1000 (two each), 2000 (one each) and 3000 (a reply).
    items.insertItems(
      ['r-a', 'r-b', 'r-c', 'r-d'].map((id, i) =>
        newTextItem(id, { ...chat, createdAt: [1000, 1000, 2000, 3000][i] })
      ),
      [],
      [],
      3000
    )
    ;[1000, 1000, 2000].forEach((at, i) => customerWrote(i + 1, `in ${i}`, at))
    const outbox = createOutbox({ db, dataDir: dir, clock: new FakeClock(4000), clientFor: () => undefined })
    const conversations = createConversations({
      db,
      now: () => 4000,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: outbox.queue
    })
    const [row] = conversations.list({}).conversations
    const whole = wholeThread(conversations, row!.id)
    expect(whole).toHaveLength(7)
    const keyOf = (entry: string): string =>
      entry.startsWith('in ') ? inEntryKey(Number(entry.slice(3)) + 1) : sentEntryKey(entry)
    for (const limit of [1, 2, 3, 7])
      for (const entry of whole) {
        const page = conversations.thread(row!.id, { limit, around: keyOf(entry) })
        const labels = page.entries.map(label)
        const from = whole.indexOf(labels[0]!)
        expect(labels, `${limit} around ${entry}`).toContain(entry)
        expect(labels, `${limit} around ${entry}`).toEqual(whole.slice(from, from + labels.length))
        const later = page.later === null ? [] : laterPages(conversations, row!.id, page.later, limit).read
        expect(later, `later than ${limit} around ${entry}`).toEqual(whole.slice(0, from))
        if (page.next !== null) {
          const below = conversations.thread(row!.id, { limit: 7, before: page.next }).entries.map(label)
          expect(below, `older than ${limit} around ${entry}`).toEqual(whole.slice(from + labels.length))
        } else expect(from + labels.length).toBe(whole.length)
      }
  })
})

// QA72: "Mark unread" on a conversation whose newest message is the operator's own reply made the customer's message
// before it unread again, counted "1 unread message" that the customer had not sent since. It is marked unread
// without a count (WhatsApp's "Mark as unread"), listed under "Unread only", counted apart, and cleared by a read.
describe('marking unread a conversation the operator answered last (QA72)', () => {
  it('marks it without counting a message, lists it as unread, and a read clears the mark', async () => {
    const store = new InboxStore(db)
    customerWrote(1, 'ada stok?', 1000, { deviceSerial: 'ser-1', chatId: '6281111' })
    const clock = new FakeClock(2000)
    const outbox = createOutbox({ db, dataDir: dir, clock, clientFor: () => undefined })
    // The operator's answer, taken by the gateway (one still waiting is not the newest of the row: QA76).
    new OutboxStore(db).insertItems(
      [
        newTextItem('answer', {
          recipient: '6281111',
          text: 'ada kak',
          status: 'sent',
          createdAt: 2000,
          acceptedAt: 2000
        })
      ],
      [],
      [],
      2000
    )
    const conversations = createConversations({
      db,
      now: () => 0,
      devices: { list: () => [{ id: 'd1', serial: 'ser-1', phone: null }] },
      outbox: outbox.queue
    })
    const [answered] = conversations.list({}).conversations
    conversations.markRead(answered!.id, true)

    const marked = conversations.markRead(answered!.id, false)
    expect(marked).toMatchObject({ lastFromMe: true, unread: 0, markedUnread: true })
    expect(store.counts()).toMatchObject({ unread: 0, unreadCustomers: 0, markedUnread: 1 })
    expect(conversations.list({ unreadOnly: true }).conversations.map((c) => c.id)).toEqual([answered!.id])
    // The customer's message stays read: nothing of theirs waits.
    expect(conversations.thread(answered!.id).entries.find((e) => e.direction === 'in')).toMatchObject({
      message: { read: true }
    })

    expect(conversations.markRead(answered!.id, true)).toMatchObject({ unread: 0, markedUnread: false })
    expect(store.counts()).toMatchObject({ markedUnread: 0 })
    expect(conversations.list({ unreadOnly: true }).conversations).toEqual([])
  })

  it('still makes the customer’s newest message unread again when it is the newest of the thread', () => {
    const store = new InboxStore(db)
    customerWrote(1, 'ada stok?', 1000, { deviceSerial: 'ser-1', chatId: '6281111' })
    const conversations = conversationsOfTwoDevices(sentItems([]))
    const [waiting] = conversations.list({}).conversations
    conversations.markRead(waiting!.id, true)
    expect(conversations.markRead(waiting!.id, false)).toMatchObject({ unread: 1, markedUnread: false })
    expect(store.counts()).toMatchObject({ unread: 1, markedUnread: 0 })
  })
})
