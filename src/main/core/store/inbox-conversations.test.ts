// Conversations kept as messages are committed: one per gateway device and chat, newest first by keyset, unread
// counts of the customer's messages, archive, the search of texts and contacts, and contact names by precedence.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkpointInBackground } from './background-checkpoints'
import { ContactsStore } from './contacts-store'
import { DATABASE_FILE, openDatabase, type SqliteDatabase } from './database'
import { anyHoldsAccentsAside } from './fts-fold'
import { DELETED_EVENT_PAYLOAD, InboxConversationsStore } from './inbox-conversations-store'
import type { NewInboxMessage } from './inbox-records'
import { InboxStore, type NewInboxEvent } from './inbox-store'
import { migrations } from './migrations'
import { queryPlan, recordPreparedSql } from './testing/prepared-sql'
import { newInboxMessage } from './testing/new-inbox-message'
import { PHONE_CASES } from '../../../shared/domain/phone.cases'

let dir: string
let db: SqliteDatabase
let inbox: InboxStore
let conversations: InboxConversationsStore
let contacts: ContactsStore
let seq = 0
let made = 0

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-conversations-'))
  db = openDatabase({ dataDir: dir })
  inbox = new InboxStore(db)
  conversations = new InboxConversationsStore(db)
  contacts = new ContactsStore(db)
  seq = 0
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function message(overrides: Partial<NewInboxMessage>): NewInboxMessage {
  return newInboxMessage(`m${++made}`, {
    devicePhone: '6281100000001',
    pushName: 'Budi',
    text: 'halo',
    ...overrides
  })
}

/** Commits messages as the sync does, one relay page. */
function receive(...messages: NewInboxMessage[]): void {
  const from = inbox.cursor('box')
  const events: NewInboxEvent[] = messages.map((m) => {
    seq++
    return {
      identity: `incoming:${m.deviceSerial}/${m.messageId}`,
      kind: 'incoming',
      seq,
      receivedAt: 1_000 * seq,
      payload: {},
      applied: true,
      message: m
    }
  })
  expect(inbox.commit('box', from, seq, events, 0)).not.toBeNull()
}

describe('conversations', () => {
  it('keeps one per device and chat, newest first, with the last message and the unread count', () => {
    receive(
      message({ text: 'first' }),
      message({ chatId: '6289999999999', pushName: 'Sari', text: 'from sari' }),
      message({ text: 'second' }),
      message({ deviceSerial: 'SER-2', text: 'to the other device' }),
      message({ fromMe: true, text: 'answered from the phone', pushName: 'Operator' })
    )
    const list = conversations.list({ limit: 10 })
    expect(list.map((c) => [c.deviceKey, c.chatId, c.lastText, c.unread, c.contactName])).toEqual([
      ['ser-1', '6281234567890', 'answered from the phone', 2, 'Budi'],
      ['ser-2', '6281234567890', 'to the other device', 1, 'Budi'],
      ['ser-1', '6289999999999', 'from sari', 1, 'Sari']
    ])
    expect(list[0]!.lastFromMe).toBe(true)
    // A message written by the device itself is not a push name of the customer's.
    expect(list[0]!.pushName).toBe('Budi')
  })

  it('pages by the newest message number without repeating or skipping', () => {
    for (let i = 0; i < 7; i++) receive(message({ chatId: `62812000000${i}`, text: `chat ${i}` }))
    const first = conversations.list({ limit: 3 })
    const second = conversations.list({ limit: 3, before: first.at(-1)!.lastNumber })
    const third = conversations.list({ limit: 3, before: second.at(-1)!.lastNumber })
    expect([...first, ...second, ...third].map((c) => c.lastText)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((i) => `chat ${i}`)
    )
  })

  it('groups carry their subject, and a member’s push name is not a contact', () => {
    receive(
      message({
        chatId: '120363000000000001',
        isGroup: true,
        groupSubject: 'Arisan RT 5',
        groupMember: '6281200000009',
        pushName: 'Member'
      })
    )
    const [group] = conversations.list({ limit: 1 })
    expect(group).toMatchObject({
      isGroup: true,
      groupSubject: 'Arisan RT 5',
      pushName: null,
      contactName: null
    })
    expect(contacts.list({ limit: 10 })).toEqual([])
  })

  it('marks read and unread, and one message read counts down its conversation', () => {
    receive(message({ text: 'a' }), message({ text: 'b' }), message({ text: 'c' }))
    const [conversation] = conversations.list({ limit: 1 })
    expect(inbox.markRead(conversation!.lastNumber)).toBe(true)
    expect(conversations.get(conversation!.id)!.unread).toBe(2)
    expect(conversations.markRead(conversation!.id, true)).toBe(true)
    expect(conversations.get(conversation!.id)!.unread).toBe(0)
    expect(inbox.counts().unread).toBe(0)
    expect(conversations.markRead(conversation!.id, false)).toBe(true)
    expect(conversations.get(conversation!.id)!.unread).toBe(1)
    expect(conversations.list({ limit: 5, unreadOnly: true })).toHaveLength(1)
  })

  it("counts unread messages as the messages themselves say, whatever marked them (the tray's total)", () => {
    const recount = (): number =>
      db.prepare('SELECT COUNT(*) FROM inbox_messages WHERE read = 0 AND from_me = 0').pluck().get() as number
    receive(
      message({ text: 'a' }),
      message({ text: 'b' }),
      message({ chatId: '6281200000002', text: 'c' }),
      message({ text: 'sent from the phone', fromMe: true }),
      message({ chatId: '120363000000000001', isGroup: true, groupMember: '6281200000009', text: 'd' })
    )
    expect(inbox.counts()).toMatchObject({ messages: 5, unread: 4 })
    const [newest, , first] = conversations.list({ limit: 3 })
    inbox.markRead(first!.lastNumber)
    expect(inbox.counts().unread).toBe(recount())
    conversations.markRead(newest!.id, true)
    expect(inbox.counts().unread).toBe(recount())
    conversations.markRead(newest!.id, false)
    expect(inbox.counts()).toMatchObject({ messages: 5, unread: recount() })
  })

  it('counts the customers the unread messages are from, as notifications name them (QA F11)', () => {
    receive(
      message({ text: 'a' }),
      message({ text: 'b' }),
      message({ chatId: '6281200000002', text: 'c' }),
      message({ chatId: '6281200000003', text: 'mine', fromMe: true })
    )
    expect(inbox.counts()).toMatchObject({ unread: 3, unreadCustomers: 2 })
    const second = conversations.list({ limit: 5 }).find((c) => c.chatId === '6281200000002')
    conversations.markRead(second!.id, true)
    expect(inbox.counts()).toMatchObject({ unread: 2, unreadCustomers: 1 })
  })

  it('counts as unread what "Unread only" finds: not an archived conversation’s (the badge said 1, the list none)', () => {
    receive(message({ text: 'a' }), message({ chatId: '6281200000002', text: 'c' }))
    const second = conversations.list({ limit: 5 }).find((c) => c.chatId === '6281200000002')
    conversations.setArchived(second!.id, true)
    const findable = conversations.list({ limit: 5, unreadOnly: true })
    expect(findable.map((c) => c.chatId)).toEqual(['6281234567890'])
    expect(inbox.counts()).toMatchObject({
      unread: findable.reduce((sum, c) => sum + c.unread, 0),
      unreadCustomers: findable.length
    })
    // The customer writing again brings it back, and it counts again.
    receive(message({ chatId: '6281200000002', text: 'halo?' }))
    expect(inbox.counts()).toMatchObject({ unread: 3, unreadCustomers: 2 })
  })

  it('counts a customer who wrote to two devices once: the customers, not their conversations (QA N04)', () => {
    receive(
      message({ text: 'a' }),
      message({ deviceSerial: 'SER-2', devicePhone: '6281100000002', text: 'b' }),
      message({ chatId: '6281200000002', text: 'c' })
    )
    expect(conversations.list({ limit: 5 })).toHaveLength(3)
    expect(inbox.counts()).toMatchObject({ unread: 3, unreadCustomers: 2 })
  })

  it('counts without reading every message or event: by the kept counts and the partial indexes', () => {
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    inbox.counts()
    const plan = prepared.flatMap((sql) => queryPlan(prepareUnrecorded, sql, null))
    // A table read whole is planned as a bare "SCAN <table>"; counting a table's rows walks its smallest index.
    expect(plan.filter((step) => /^SCAN inbox_(messages|events)$/.test(step))).toEqual([])
    expect(
      plan.filter(
        (step) =>
          step.includes('inbox_events') && !/INDEX inbox_events_(refused|to_apply|duplicated)\b/.test(step)
      )
    ).toEqual([])
  })

  it('reads every conversation by its place, archived or not, a page at a time down their index', () => {
    for (let i = 0; i < 5; i++) receive(message({ chatId: `62812000000${i}`, text: `chat ${i}` }))
    conversations.setArchived(conversations.list({ limit: 10 })[1]!.id, true)
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    const first = conversations.byPlace(2)
    const second = conversations.byPlace(2, first.at(-1)!.activity)
    const third = conversations.byPlace(2, second.at(-1)!.activity)
    expect([...first, ...second, ...third].map((c) => c.lastText)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `chat ${i}`)
    )
    const plan = prepared.flatMap((sql) => queryPlan(prepareUnrecorded, sql, 1))
    expect(plan.filter((step) => /^SCAN (c|inbox_conversations)\b/.test(step))).toEqual([])
  })

  it('moves a conversation up under the ones kept above it (traffic after its message went), in their order', () => {
    for (let i = 0; i < 5; i++) receive(message({ chatId: `62812000000${i}`, text: `chat ${i}` }))
    const idOf = (text: string): number =>
      conversations.list({ limit: 10 }).find((c) => c.lastText === text)!.id
    const keepAbove = [idOf('chat 4'), idOf('chat 2')]
    const moved = db.transaction(() =>
      conversations.bumpActivity([{ deviceKeys: ['ser-1'], chatId: '628120000000' }], keepAbove)
    )()
    expect(moved).toBe(1)
    const texts = (): string[] => conversations.list({ limit: 10 }).map((c) => c.lastText)
    expect(texts()).toEqual(['chat 4', 'chat 2', 'chat 0', 'chat 3', 'chat 1'])
    // The next message's number is past every place given.
    receive(message({ chatId: '628120000001', text: 'chat 1 again' }))
    expect(texts()[0]).toBe('chat 1 again')
  })

  it('archives, and the customer writing again brings the conversation back', () => {
    receive(message({ text: 'a' }))
    const [conversation] = conversations.list({ limit: 1 })
    expect(conversations.setArchived(conversation!.id, true)).toBe(true)
    expect(conversations.list({ limit: 5 })).toEqual([])
    expect(conversations.list({ limit: 5, archived: true })).toHaveLength(1)
    receive(message({ fromMe: true, text: 'from the phone' }))
    expect(conversations.list({ limit: 5 })).toEqual([])
    receive(message({ text: 'again' }))
    expect(conversations.list({ limit: 5 }).map((c) => c.lastText)).toEqual(['again'])
  })

  it('lists a conversation’s messages newest first, paged', () => {
    receive(message({ text: 'a' }), message({ chatId: '6280000000000' }), message({ text: 'b' }))
    receive(message({ text: 'c' }))
    const [conversation] = conversations.withChat('6281234567890')
    const page = conversations.messages(conversation!.id, 2)
    expect(page.map((m) => m.text)).toEqual(['c', 'b'])
    const last = page.at(-1)!
    expect(
      conversations
        .messages(conversation!.id, 2, { at: last.receivedAt, number: last.number })
        .map((m) => m.text)
    ).toEqual(['a'])
  })

  it('searches texts by substring (short terms too) and conversations by contact name or number', () => {
    receive(
      message({ text: 'Pesanan nomor 1234 sudah sampai?' }),
      message({ chatId: '6289999999999', pushName: 'Sari Dewi', text: 'terima kasih' })
    )
    contacts.learn('6281234567890', 'Pak Budi (toko)', 'operator', 5)
    expect(conversations.search('SUDAH samp', 10).messages.map((m) => m.text)).toEqual([
      'Pesanan nomor 1234 sudah sampai?'
    ])
    expect(conversations.search('Pe', 10).messages).toHaveLength(1)
    expect(conversations.search('dewi', 10).conversations.map((c) => c.chatId)).toEqual(['6289999999999'])
    expect(conversations.search('(toko)', 10).conversations.map((c) => c.contactName)).toEqual([
      'Pak Budi (toko)'
    ])
    expect(conversations.search('99999', 10).conversations).toHaveLength(1)
    expect(conversations.search('  ', 10)).toEqual({ messages: [], conversations: [] })
  })

  it('finds a text holding every word typed, in any order and apart, short words too (QA27 Q27-07)', () => {
    receive(
      message({ text: 'Berapa ongkir ke Surabaya kak?' }),
      message({ text: 'Surabaya dulu, lalu ongkirnya berapa?' }),
      message({ text: 'ongkir ke Jakarta' }),
      message({ text: 'kirim ke Surabaya' })
    )
    const texts = (term: string): string[] => conversations.search(term, 10).messages.map((m) => m.text)
    expect(texts('ongkir Surabaya')).toEqual([
      'Surabaya dulu, lalu ongkirnya berapa?',
      'Berapa ongkir ke Surabaya kak?'
    ])
    expect(texts('  SURABAYA   ongkir ')).toEqual(texts('ongkir Surabaya'))
    // A word under three characters is not in the trigram index: it narrows what the index's words found.
    expect(texts('ke surabaya')).toEqual(['kirim ke Surabaya', 'Berapa ongkir ke Surabaya kak?'])
    // Only short words: a scan, every word still required.
    expect(texts('ke ja')).toEqual(['ongkir ke Jakarta'])
    // A quote in a word is taken literally, not as the index's syntax.
    expect(texts('"ongkir Surabaya')).toEqual([])
  })

  it('finds a conversation by a name holding every word typed, in any order and any case, as texts are (QA27 Q27-07)', () => {
    receive(
      message({ chatId: '6281111111111', pushName: 'Made', text: 'halo' }),
      message({ chatId: '6282222222222', pushName: 'Putu Saputra', text: 'halo' }),
      message({ chatId: '6283333333333', pushName: 'Made Wirawan', text: 'halo' }),
      message({ chatId: '6284444444444', pushName: 'Ni Luh', text: 'halo' })
    )
    contacts.learn('6281111111111', 'Made Saputra', 'operator', 5)
    const found = (text: string): string[] =>
      conversations.search(text, 10).conversations.map((c) => c.chatId)
    expect(found('Saputra Made')).toEqual(['6281111111111'])
    expect(found('  saputra   MADE ')).toEqual(['6281111111111'])
    // A push name is a name too; a short word narrows like the others.
    expect(found('wirawan made')).toEqual(['6283333333333'])
    expect(found('luh ni')).toEqual(['6284444444444'])
    // Every word in one name: "Putu" is Putu Saputra's, "Made" another's.
    expect(found('Putu Made')).toEqual([])
  })

  it('reads a search of several words through the trigram index, not a walk of every message', () => {
    receive(message({ text: 'Berapa ongkir ke Surabaya kak?' }))
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    new InboxConversationsStore(db).search('ongkir ke Surabaya', 10)
    const sql = prepared.find((statement) => statement.includes('MATCH')) ?? ''
    const plan = (
      prepareUnrecorded(`EXPLAIN QUERY PLAN ${sql}`).all(
        'ongkir',
        ...anyHoldsAccentsAside(['m.text', 'm.media_file'], 'ke').params,
        10
      ) as { detail: string }[]
    ).map((row) => row.detail)
    // The index answers the MATCH (its plan says M), and each row it found is read by its number.
    expect(plan).toEqual([
      expect.stringMatching(/^SCAN s VIRTUAL TABLE INDEX \d+:M/),
      'SEARCH m USING INTEGER PRIMARY KEY (rowid=?)'
    ])
  })

  it('finds a conversation by its number in every form Send takes (08…, +62 …, dashed), as the phone rule reads it', () => {
    receive(
      message({ chatId: '6281234500004', pushName: 'Budi', text: 'halo' }),
      message({ chatId: '6281234500001', pushName: 'Sari', text: 'kue 0001' })
    )
    const found = (text: string): string[] =>
      conversations.search(text, 10).conversations.map((c) => c.chatId)
    for (const typed of [
      '081234500004',
      '0812-3450-0004',
      '+62 812 3450 0004',
      '6281234500004',
      '81234500004'
    ])
      expect(found(typed), typed).toEqual(['6281234500004'])
    // A number begun with its prefix, and a formatted tail, find the numbers that start or end so.
    expect(found('0812 3450 0004')).toEqual(['6281234500004'])
    expect(found('0812-345')).toEqual(['6281234500001', '6281234500004'])
    expect(found('3450-0004')).toEqual(['6281234500004'])
    // Short tails and digits in texts still match as before.
    expect(found('0001')).toEqual(['6281234500001'])
    expect(conversations.search('0001', 10).messages.map((m) => m.text)).toEqual(['kue 0001'])
    expect(found('kue 0001')).toEqual([])
  })

  it.each(PHONE_CASES.filter((c) => 'value' in c.expected).map((c) => [c.input, c.expected] as const))(
    'finds the conversation of %j (the phone cases table)',
    (input, expected) => {
      const chatId = (expected as { value: string }).value
      receive(message({ chatId, text: 'halo' }), message({ chatId: '6289999999999', text: 'halo' }))
      expect(conversations.search(input, 10).conversations.map((c) => c.chatId)).toEqual([chatId])
    }
  )
})

describe('contact names', () => {
  it('learns push names but never overwrites a name the operator or a spreadsheet gave', () => {
    receive(message({ pushName: 'Budi' }))
    expect(contacts.get('6281234567890')).toMatchObject({ name: 'Budi', source: 'push' })
    receive(message({ pushName: 'Budi S.' }))
    expect(contacts.get('6281234567890')).toMatchObject({ name: 'Budi S.', source: 'push' })
    expect(contacts.learn('6281234567890', 'Budi Santoso', 'campaign', 10)).toBe(true)
    receive(message({ pushName: 'bud' }))
    expect(contacts.get('6281234567890')).toMatchObject({ name: 'Budi Santoso', source: 'campaign' })
    expect(contacts.learn('6281234567890', 'Pak Budi', 'operator', 11)).toBe(true)
    expect(contacts.learn('6281234567890', 'Budi from the sheet', 'campaign', 12)).toBe(false)
    expect(contacts.get('6281234567890')).toMatchObject({ name: 'Pak Budi', source: 'operator' })
    expect(contacts.remove('6281234567890')).toBe(true)
    expect(contacts.get('6281234567890')).toBeUndefined()
  })
})

describe('the migration that adds conversations', () => {
  it('files the messages received before it: conversations, unread counts, contacts and the search index', () => {
    db.close()
    rmSync(dir, { recursive: true, force: true })
    const step = migrations.findIndex((m) =>
      m.name.startsWith('inbox: conversations kept as messages arrive')
    )
    expect(step).toBeGreaterThan(0)
    const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
    const event = old.prepare(
      `INSERT INTO inbox_events (identity, kind, mailbox, seq, received_at, stored_at, payload)
       VALUES (?, 'incoming', 'box', ?, ?, 0, '{}')`
    )
    const row = old.prepare(
      `INSERT INTO inbox_messages (event_id, message_id, device_serial, device_phone, chat_id, is_group, push_name,
         text, message_type, received_at, from_me, read)
       VALUES (?, ?, ?, NULL, ?, 0, ?, ?, 'text', ?, ?, ?)`
    )
    const earlier: [string, string, string, string, number, number][] = [
      // serial, chat, push name, text, from me, read
      ['SER-1', '6281234567890', 'Budi', 'pesanan saya mana', 0, 1],
      ['ser-1', '6281234567890', 'Budi S', 'halo?', 0, 0],
      ['SER-1', '6281234567890', 'Operator', 'sudah dikirim', 1, 0],
      ['SER-1', '6289999999999', 'Sari', 'terima kasih', 0, 0]
    ]
    earlier.forEach(([serial, chat, name, text, fromMe, read], i) => {
      const id = event.run(`incoming:${i}`, i + 1, 1_000 * (i + 1)).lastInsertRowid
      row.run(id, `m${i}`, serial, chat, name, text, 1_000 * (i + 1), fromMe, read)
    })
    old.close()

    db = openDatabase({ dataDir: dir })
    conversations = new InboxConversationsStore(db)
    contacts = new ContactsStore(db)
    expect(
      conversations
        .list({ limit: 10 })
        .map((c) => [c.deviceKey, c.chatId, c.lastText, c.lastFromMe, c.unread])
    ).toEqual([
      ['ser-1', '6289999999999', 'terima kasih', false, 1],
      ['ser-1', '6281234567890', 'sudah dikirim', true, 1]
    ])
    const [, budi] = conversations.list({ limit: 10 })
    expect(conversations.messages(budi!.id, 10).map((m) => m.text)).toEqual([
      'sudah dikirim',
      'halo?',
      'pesanan saya mana'
    ])
    // The newest push name of the customer's own messages, not the device's.
    expect(contacts.get('6281234567890')).toMatchObject({ name: 'Budi S', source: 'push' })
    expect(conversations.search('pesanan', 10).messages.map((m) => m.text)).toEqual(['pesanan saya mana'])
  })
})

// The window's one lookup of names and the contact picker's suggestions, over contacts and group conversations.
describe('names of chats', () => {
  const group = (deviceSerial: string, subject: string): NewInboxMessage =>
    message({
      deviceSerial,
      chatId: '120363000000000001',
      isGroup: true,
      groupSubject: subject,
      groupMember: '6281200000009',
      pushName: 'Member'
    })

  it('answers many chats in one call: contact names, the newest subject of a group, nothing for the unknown', () => {
    contacts.learn('6281111111111', 'Bu Dewi', 'operator', 1)
    receive(message({ chatId: '6282222222222', pushName: 'Sari' }), group('SER-1', 'Arisan RT 5'))
    receive(group('SER-2', 'Arisan RT 5 (2026)'))
    const names = contacts.names(['6281111111111', '6282222222222', '120363000000000001', '6283333333333'])
    expect(names.sort((a, b) => a.chatId.localeCompare(b.chatId))).toEqual([
      { chatId: '120363000000000001', name: 'Arisan RT 5 (2026)' },
      { chatId: '6281111111111', name: 'Bu Dewi' },
      { chatId: '6282222222222', name: 'Sari' }
    ])
    expect(contacts.names([])).toEqual([])
  })

  it('suggests contacts by name or digits and groups by subject, once each', () => {
    contacts.learn('6281111111111', 'Bu Dewi', 'operator', 1)
    contacts.learn('6282222222222', 'Pak Dewa', 'campaign', 1)
    receive(group('SER-1', 'Dewan RT 5'), group('SER-2', 'Dewan RT 5'))
    expect(contacts.suggest('dew', 10)).toEqual([
      { chatId: '6281111111111', name: 'Bu Dewi', isGroup: false },
      { chatId: '6282222222222', name: 'Pak Dewa', isGroup: false },
      { chatId: '120363000000000001', name: 'Dewan RT 5', isGroup: true }
    ])
    expect(contacts.suggest('8222', 10).map((s) => s.chatId)).toEqual(['6282222222222'])
    expect(contacts.suggest('50%', 10)).toEqual([])
  })

  it("suggests a group whatever the accents of its subject and of what is typed, as the inbox's search finds it", () => {
    receive(group('SER-1', 'Arisan Cécile'))
    const arisan = [{ chatId: '120363000000000001', name: 'Arisan Cécile', isGroup: true }]
    expect(contacts.suggest('cecile', 10)).toEqual(arisan)
    expect(contacts.suggest('CÉCILE', 10)).toEqual(arisan)
    expect(contacts.suggest('ce', 10)).toEqual(arisan)
    expect(contacts.suggest('cecilia', 10)).toEqual([])
    // A mark typed alone folds to no letter: it is in no subject, not in every one.
    expect(contacts.suggest('\u0301', 10)).toEqual([])
  })
})

describe('what the chatbot view reads', () => {
  it("gives the customers' short texts since a time, with their conversation, device and time, and lists chosen conversations", () => {
    receive(
      message({ text: 'old harga' }),
      message({ text: 'harga' }),
      message({ chatId: '6289999999999', text: 'harga', fromMe: true }),
      message({ chatId: '6289999999999', text: 'photo', messageType: 'image' }),
      message({ deviceSerial: 'SER-2', text: 'x'.repeat(41) }),
      message({ deviceSerial: 'SER-2', text: 'jam buka' })
    )
    const recent = conversations.recentShortIncoming(2_000, 40)
    const mine = conversations.list({ limit: 10 })
    const idOf = (serial: string, chat: string) =>
      mine.find((c) => c.deviceSerial === serial && c.chatId === chat)!.id
    expect(recent).toEqual([
      {
        conversationId: idOf('SER-1', '6281234567890'),
        deviceSerial: 'SER-1',
        devicePhone: '6281100000001',
        text: 'harga',
        receivedAt: 2_000
      },
      {
        conversationId: idOf('SER-2', '6281234567890'),
        deviceSerial: 'SER-2',
        devicePhone: '6281100000001',
        text: 'jam buka',
        receivedAt: 6_000
      }
    ])
    const chosen = conversations.list({ limit: 10, ids: [idOf('SER-2', '6281234567890')] })
    expect(chosen.map((c) => c.deviceSerial)).toEqual(['SER-2'])
  })

  it("finds a chat's conversations through an index by chat, not a walk of every conversation", () => {
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    new InboxConversationsStore(db).withChat('6281111')
    const sql = prepared.find((statement) => statement.includes('c.chat_id = ?')) ?? ''
    const plan = (prepareUnrecorded(`EXPLAIN QUERY PLAN ${sql}`).all('6281111') as { detail: string }[]).map(
      (row) => row.detail
    )
    expect(plan.find((detail) => /\b(c|inbox_conversations)\b/.test(detail))).toMatch(
      /^SEARCH c USING INDEX inbox_conversations_by_chat/
    )
  })

  it("reads the last days through an index of the customers' texts, not a walk of every message", () => {
    const { prepared, prepareUnrecorded } = recordPreparedSql(db)
    new InboxConversationsStore(db).recentShortIncoming(2_000, 40)
    const sql = prepared.find((statement) => statement.includes('FROM inbox_messages m')) ?? ''
    const plan = (prepareUnrecorded(`EXPLAIN QUERY PLAN ${sql}`).all(0, 40) as { detail: string }[]).map(
      (row) => row.detail
    )
    expect(plan.find((detail) => /\b(m|inbox_messages)\b/.test(detail))).toMatch(
      /^SEARCH m USING INDEX inbox_messages_customer_texts/
    )
  })
})

describe('deleting a conversation', () => {
  /** One relay page of customer messages whose events carry their text, as the sync's do. */
  function receiveWithBodies(messages: NewInboxMessage[], applied = true): void {
    const from = inbox.cursor('box')
    const events: NewInboxEvent[] = messages.map((m) => ({
      identity: `incoming:${m.deviceSerial}/${m.messageId}`,
      kind: 'incoming',
      seq: ++seq,
      receivedAt: 1_000 * seq,
      payload: { text: m.text },
      applied,
      message: m
    }))
    expect(inbox.commit('box', from, seq, events, 0)).not.toBeNull()
  }
  const payloads = (): string[] =>
    (db.prepare('SELECT payload FROM inbox_events ORDER BY id').all() as { payload: string }[]).map(
      (r) => r.payload
    )

  it('takes its messages, their search entries and their events’ bodies, and leaves the other conversations', () => {
    const budi = [message({ text: 'alamat saya Jl. Melati 12' }), message({ text: 'dan nomor rumah 7' })]
    receiveWithBodies([...budi, message({ chatId: '6289999999999', pushName: 'Sari', text: 'alamat toko?' })])
    const [, budiConversation] = conversations.list({ limit: 5 })
    expect(budiConversation!.chatId).toBe('6281234567890')

    expect(conversations.delete(budiConversation!.id, 50_000)).toEqual({ messages: 2, fetchedFiles: [] })

    expect(conversations.list({ limit: 5 }).map((c) => c.chatId)).toEqual(['6289999999999'])
    expect(conversations.get(budiConversation!.id)).toBeUndefined()
    expect(conversations.search('alamat', 10).messages.map((m) => m.text)).toEqual(['alamat toko?'])
    expect(inbox.counts()).toMatchObject({ messages: 1, unread: 1 })
    expect(payloads().filter((p) => p.includes('Melati') || p.includes('rumah'))).toEqual([])
    expect(payloads()).toContain(JSON.stringify({ text: 'alamat toko?' }))
    expect(conversations.clearedAt('ser-1', '6281234567890')).toBe(50_000)
    expect(conversations.delete(budiConversation!.id, 60_000)).toBeNull()
  })

  /** Every file of the database (its log and shared memory too), read as one: where a deleted text could remain. */
  const databaseFiles = (): Buffer =>
    Buffer.concat(
      readdirSync(dir)
        .filter((name) => name.startsWith(DATABASE_FILE))
        .map((name) => readFileSync(join(dir, name)))
    )

  it('leaves no byte of the deleted texts in the database file or its log, the search index included', () => {
    // Enough messages that the texts fill pages of their own in every table and in the index.
    const secret = (i: number): string => `KTP 3201${String(i).padStart(8, '0')} Jl. Melati`
    receiveWithBodies(Array.from({ length: 200 }, (_, i) => message({ text: secret(i) })))
    receiveWithBodies([message({ chatId: '6289999999999', pushName: 'Sari', text: 'tetap ada' })])
    db.pragma('wal_checkpoint(TRUNCATE)')
    expect(databaseFiles().includes('32010000012')).toBe(true)
    const indexBytes = (): number =>
      db.prepare('SELECT SUM(length(block)) FROM inbox_messages_search_data').pluck().get() as number
    const indexBefore = indexBytes()

    conversations.delete(conversations.withChat('6281234567890')[0]!.id, 9_000)

    // The index dropped the deleted texts' entries, rather than adding markers beside them.
    expect(indexBytes()).toBeLessThan(indexBefore / 4)
    const left = databaseFiles()
    expect(left.includes('tetap ada')).toBe(true)
    expect(left.includes('Melati')).toBe(false)
    expect(left.includes('32010000012')).toBe(false)
  })

  it('leaves no byte of them in the log either when a reader held it during the delete, the log copied by a worker as in the app', async () => {
    const checkpoints = checkpointInBackground(db, join(dir, DATABASE_FILE), { everyMs: 20 })
    expect(await checkpoints.ready).toBe(true)
    const secret = (i: number): string => `KTP 3201${String(i).padStart(8, '0')} Jl. Melati`
    // Received and not yet copied: the log holds the pages with the texts when the delete writes their new versions.
    receiveWithBodies(Array.from({ length: 200 }, (_, i) => message({ text: secret(i) })))
    receiveWithBodies([message({ chatId: '6289999999999', pushName: 'Sari', text: 'tetap ada' })])
    // A reader on a snapshot from before the delete (the terminal, or the worker's own copy running at that moment).
    const reader = new Database(join(dir, DATABASE_FILE), { readonly: true })
    reader.exec('BEGIN')
    reader.prepare('SELECT count(*) FROM inbox_messages').get()

    conversations.delete(conversations.withChat('6281234567890')[0]!.id, 9_000)
    reader.exec('COMMIT')
    reader.close()

    await vi.waitFor(() => expect(databaseFiles().includes('32010000012')).toBe(false), { timeout: 5_000 })
    expect(databaseFiles().includes('tetap ada')).toBe(true)
    await checkpoints.stop()
  })

  it('drops the kept bodies of unreadable webhooks that name the customer’s number, in either form, and no other', () => {
    receiveWithBodies([message({ text: 'halo' })])
    const refused = (body: string): NewInboxEvent => ({
      identity: `refused:box/${++seq}/${seq}`,
      kind: 'refused',
      seq,
      receivedAt: seq,
      payload: { eventKind: 'incoming', code: 'invalid', detail: 'no id', contentType: 'text/plain', body },
      applied: true
    })
    const bodies = [
      'phone=6281234567890&message=alamat+saya+Jl.+Melati',
      'phone=081234567890&message=KTP+3201',
      'phone=6289999999999&message=tetap+ada'
    ]
    const from = inbox.cursor('box')
    const events = bodies.map(refused)
    expect(inbox.commit('box', from, seq, events, 0)).not.toBeNull()

    conversations.delete(conversations.withChat('6281234567890')[0]!.id, 9_000)

    const left = inbox.refusals(10).map((r) => r.payload as Record<string, unknown>)
    expect(left.map((p) => p['body'] ?? null)).toEqual([bodies[2], null, null])
    // What the refusal was stays, for diagnostics: only the customer's words go.
    expect(left[1]).toEqual({
      eventKind: 'incoming',
      code: 'invalid',
      detail: 'no id',
      contentType: 'text/plain',
      bodyDeleted: true
    })
    expect(inbox.counts().refused).toBe(3)
  })

  it('keeps the events’ identities: the same webhook posted again is a duplicate, not the message back', () => {
    const kept = message({ text: 'rahasia' })
    receiveWithBodies([kept])
    conversations.delete(conversations.list({ limit: 1 })[0]!.id, 9_000)
    receiveWithBodies([kept])
    expect(conversations.list({ limit: 5 })).toEqual([])
    expect(inbox.counts()).toMatchObject({ messages: 0, duplicates: 1 })
  })

  it('never gives a deleted message’s number again (files, rows and notifications are named by it)', () => {
    receiveWithBodies([message({ text: 'older', chatId: '6289999999999' }), message({ text: 'newest' })])
    const newest = conversations.newestNumber()
    conversations.delete(conversations.withChat('6281234567890')[0]!.id, 9_000)
    expect(conversations.newestNumber()).toBeLessThan(newest)
    receiveWithBodies([message({ text: 'after the delete' })])
    expect(conversations.newestNumber()).toBe(newest + 1)
  })

  it('never gives a deleted conversation’s id again (reply drafts, kept files and the open thread are keyed by it)', () => {
    receiveWithBodies([message({ chatId: '6289999999999', pushName: 'Sari', text: 'A' })])
    receiveWithBodies([message({ text: 'B, the newest conversation' })])
    const [b, a] = conversations.list({ limit: 5 })
    expect(b!.id).toBeGreaterThan(a!.id)
    conversations.delete(b!.id, 9_000)

    receiveWithBodies([message({ chatId: '6287777777777', pushName: 'Joko', text: 'a new customer' })])
    const joko = conversations.withChat('6287777777777')[0]!
    expect(joko.id).toBeGreaterThan(b!.id)
    expect(conversations.get(b!.id)).toBeUndefined()
    // The deleted chat writing again is a new conversation too, not the old one back.
    receiveWithBodies([message({ text: 'B again' })])
    expect(conversations.withChat('6281234567890')[0]!.id).toBeGreaterThan(joko.id)
  })

  it('never gives the id of a conversation deleted by another connection (the terminal beside the app)', () => {
    receiveWithBodies([message({ text: 'the only conversation' })])
    const only = conversations.list({ limit: 1 })[0]!
    const terminal = openDatabase({ dataDir: dir })
    try {
      new InboxConversationsStore(terminal).delete(only.id, 9_000)
    } finally {
      terminal.close()
    }
    receiveWithBodies([message({ chatId: '6287777777777', text: 'a new customer' })])
    expect(conversations.withChat('6287777777777')[0]!.id).toBeGreaterThan(only.id)
  })

  it('names the fetched files to remove, and a message’s event still to be applied keeps its body until it is', () => {
    receiveWithBodies([
      message({ text: 'with a photo', mediaUrl: 'https://gw.example/f.jpg', messageType: 'image' })
    ])
    receiveWithBodies([message({ text: 'STOP' })], false)
    const [first, second] = conversations.messages(conversations.list({ limit: 1 })[0]!.id, 5).reverse()
    db.prepare(`UPDATE inbox_messages SET media_state = 'fetched' WHERE number = ?`).run(first!.number)

    const deleted = conversations.delete(conversations.list({ limit: 1 })[0]!.id, 9_000)
    expect(deleted).toEqual({ messages: 2, fetchedFiles: [first!.number] })
    expect(second!.text).toBe('STOP')
    // The opt-out keyword is still applied from its body, which goes once it has been.
    const [pending] = inbox.pending(['incoming'], 10)
    expect(pending!.payload).toEqual({ text: 'STOP' })
    inbox.settleMany([pending!], () => 'opted-out')
    expect(payloads()).toEqual([DELETED_EVENT_PAYLOAD, DELETED_EVENT_PAYLOAD])
    expect(inbox.pending(['incoming'], 10)).toEqual([])
  })
})
