// Inbox benchmark (issue 26): 100,000 messages in 5,000 conversations, committed through the sync's own store path,
// beside 100,000 sent items to the same chats. Opening the inbox, a conversation (its merged thread) and a search,
// each as a ratio to a floor read of the same size from the same database in the same run, with the absolute
// median and p99 against the 50 ms goal; and the cost of keeping the conversations while committing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInbox } from '../src/main/core/inbox'
import { systemClock } from '../src/main/core/clock'
import { createOutbox } from '../src/main/core/sending'
import { InboxStore, openDatabase, type NewInboxEvent, type SqliteDatabase } from '../src/main/core/store'
import { commitPages, incomingPages, SEED_DEVICE, SEED_SEARCH_PHRASE, seedSent, settle } from './inbox-seed'
import { printed, reported, underBudget, type BenchLine } from './lines'

const PAGE = 50
const GOAL_MS = 50

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits })

function timed(run: () => unknown, rounds: number): number[] {
  for (let i = 0; i < 5; i++) run()
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    run()
    times.push(performance.now() - started)
  }
  return times
}

/** Commits the pages through the sync's store path (conversations kept), or the same rows without them (floor). */
function commitRate(
  pages: NewInboxEvent[][],
  keepConversations: boolean
): { db: SqliteDatabase; dir: string; rate: number } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-'))
  const db = openDatabase({ dataDir: dir })
  const store = new InboxStore(db)
  const insertEvent = db.prepare(
    `INSERT INTO inbox_events (identity, kind, mailbox, seq, received_at, stored_at, payload, applied)
     VALUES (?, 'incoming', 'bench', ?, ?, ?, '{}', 1)`
  )
  const insertMessage = db.prepare(
    `INSERT INTO inbox_messages (event_id, message_id, device_serial, device_phone, chat_id, is_group, push_name, text,
       message_type, received_at, from_me) VALUES (?, ?, ?, ?, ?, 0, ?, ?, 'text', ?, 0)`
  )
  const started = performance.now()
  if (keepConversations) commitPages(store, pages)
  else {
    for (const page of pages) {
      const upTo = page.at(-1)!.seq
      // The floor: the same event and message rows, every index and the search trigger, no conversation upkeep.
      db.transaction(() => {
        for (const event of page) {
          const m = event.message!
          const id = insertEvent.run(event.identity, event.seq, event.receivedAt, Date.now()).lastInsertRowid
          insertMessage.run(
            id,
            m.messageId,
            m.deviceSerial,
            m.devicePhone,
            m.chatId,
            m.pushName,
            m.text,
            event.receivedAt
          )
        }
        db.prepare(
          `INSERT INTO inbox_cursors (mailbox, after_seq, updated_at) VALUES ('bench', ?, ?)
           ON CONFLICT(mailbox) DO UPDATE SET after_seq = excluded.after_seq`
        ).run(upTo, Date.now())
      }).immediate()
    }
  }
  const count = pages.reduce((sum, page) => sum + page.length, 0)
  const rate = count / ((performance.now() - started) / 1000)
  return { db, dir, rate }
}

export async function runInboxBench(
  log: (line: string) => void = console.log,
  size: { messages: number; conversations: number; rounds: number } = {
    messages: 100_000,
    conversations: 5_000,
    rounds: 200
  }
): Promise<BenchLine[]> {
  const lines: BenchLine[] = []
  const add = (line: BenchLine): void => {
    lines.push(line)
    log(printed(line))
  }
  const pages = incomingPages(size.messages, size.conversations, 0)

  const floor = commitRate(pages, false)
  floor.db.close()
  rmSync(floor.dir, { recursive: true, force: true })
  const { db, dir, rate } = commitRate(pages, true)
  add({
    name: `commit ${fmt(size.messages)} messages with their conversations kept`,
    ratio: rate / floor.rate,
    ...reported,
    measured: `${fmt(rate)} vs ${fmt(floor.rate)} messages/s`,
    detail: `${fmt(rate)} messages/s vs the same rows without the conversations ${fmt(floor.rate)} rows/s`
  })

  seedSent(db, size.messages, size.conversations)
  settle(db)
  const outbox = createOutbox({ db, dataDir: dir, clientFor: () => undefined })
  const inbox = createInbox({
    db,
    clock: systemClock,
    fetch: () => Promise.reject(new Error('no relay in the bench')),
    credentials: {
      load: async () => ({ kind: 'absent' }),
      save: async () => undefined,
      erase: async () => undefined,
      loadPendingPullToken: async () => null,
      savePendingPullToken: async () => undefined,
      erasePendingPullToken: async () => undefined,
      loadPendingIngressSecret: async () => null,
      savePendingIngressSecret: async () => undefined,
      erasePendingIngressSecret: async () => undefined
    },
    targets: {},
    devices: { list: () => [SEED_DEVICE] },
    outbox: outbox.queue
  })
  const conversations = inbox.conversations
  const middle = conversations.list({
    limit: 1,
    before: conversations.list({ limit: size.conversations / 2 }).next!
  }).conversations[0]!

  const measured: [string, () => unknown, () => unknown, string][] = [
    [
      'open the inbox (first page of conversations)',
      () => conversations.list({ limit: PAGE }),
      () => db.prepare('SELECT * FROM inbox_conversations ORDER BY id DESC LIMIT ?').all(PAGE),
      `the ${PAGE} newest rows of the conversations table by its primary key`
    ],
    [
      'open a conversation (its thread: messages and sent items merged)',
      () => conversations.thread(middle.id, { limit: PAGE }),
      () => {
        db.prepare('SELECT * FROM inbox_messages WHERE chat_id = ? ORDER BY number DESC LIMIT ?').all(
          middle.chatId,
          PAGE
        )
        db.prepare('SELECT * FROM outbox_items WHERE recipient = ? LIMIT ?').all(middle.chatId, PAGE)
      },
      `the same chat's rows read raw from both tables by their existing indexes`
    ],
    [
      'search a word in the texts and contacts',
      () => conversations.search(SEED_SEARCH_PHRASE, { limit: PAGE }),
      () => {
        db.prepare(`SELECT rowid FROM inbox_messages_search WHERE inbox_messages_search MATCH ? LIMIT ?`).all(
          `text : "${SEED_SEARCH_PHRASE}"`,
          PAGE
        )
        db.prepare(
          `SELECT * FROM inbox_conversations WHERE push_name LIKE :like OR chat_id LIKE :like LIMIT :limit`
        ).all({ like: `%${SEED_SEARCH_PHRASE}%`, limit: PAGE })
        // The operator's own messages are searched too: the outbox's index, read in its order.
        db.prepare(
          `SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ? ORDER BY rowid DESC LIMIT ?`
        ).all(`text : "${SEED_SEARCH_PHRASE}"`, PAGE)
      },
      'the bare FTS5 matches of the same phrase in the messages and the sent items and a bare scan of the conversations for it'
    ]
  ]
  for (const [name, run, floorRun, floorDetail] of measured) {
    const ours = timed(run, size.rounds)
    const bare = timed(floorRun, size.rounds)
    const p50 = quantile(ours, 0.5)
    const p99 = quantile(ours, 0.99)
    add({
      name: `${name}, ${fmt(size.messages)} messages in ${fmt(size.conversations)} conversations`,
      ratio: quantile(bare, 0.5) / p50,
      ...underBudget(p50, GOAL_MS),
      measured: `${fmt(p50, 2)} ms (p99 ${fmt(p99, 2)}) vs ${fmt(quantile(bare, 0.5), 2)} ms`,
      detail:
        `median ${fmt(p50, 2)} ms, p99 ${fmt(p99, 2)} ms (goal < ${GOAL_MS} ms) vs ${floorDetail} ` +
        `${fmt(quantile(bare, 0.5), 2)} ms`
    })
  }
  // A word a campaign sent to 100,000 numbers that never wrote (newest in the outbox): the search reads through every
  // match page by page, each page one task of the core's event loop.
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
     INSERT INTO outbox_items (id, seq, device_id, recipient, is_group, kind, text, status, attempts,
       created_at, updated_at, closed_at, accepted_at, gateway_id, track_attempts, held)
     SELECT printf('campaign-%08d', i), 1000000 + i, ?, printf('62899%07d', i), 0, 'text',
       'selamat lebaran, promo akhir bulan', 'read', 1, ? + i, ? + i, ? + i, ? + i, printf('gw-c-%d', i), 0, 0 FROM n`
  ).run(size.messages, SEED_DEVICE.id, Date.now(), Date.now(), Date.now(), Date.now())
  const pageTimes: number[] = []
  let before: string | undefined
  do {
    const started = performance.now()
    before = conversations.search('lebaran', { limit: PAGE, before }).next ?? undefined
    pageTimes.push(performance.now() - started)
  } while (before !== undefined)
  const slowest = Math.max(...pageTimes)
  const pageP50 = quantile(pageTimes, 0.5)
  add({
    name: `inbox search through ${fmt(size.messages)} sent matches without a conversation: longest core block per page`,
    ratio: GOAL_MS / slowest,
    ...underBudget(slowest, GOAL_MS),
    measured: `${fmt(slowest, 1)} ms (median ${fmt(pageP50, 1)}) over ${pageTimes.length} pages`,
    detail:
      `slowest page ${fmt(slowest, 1)} ms, median ${fmt(pageP50, 1)} ms (goal < ${GOAL_MS} ms) over ` +
      `${pageTimes.length} pages, vs the goal itself as the floor`
  })
  db.close()
  rmSync(dir, { recursive: true, force: true })
  return lines
}
