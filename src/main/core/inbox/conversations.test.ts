// A thread's pages when received and sent entries share a millisecond: every entry once, in one order, whatever the
// page size (the cursor carries the side and the key, not only the time).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { OutboxItemView } from '../../../shared/contract'
import { InboxStore, openDatabase, type SqliteDatabase } from '../store'
import { newInboxMessage } from '../store/testing/new-inbox-message'
import { createConversations, type SentToChat } from './conversations'

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

/** Sent items as the kernel's query answers them: newest first by (createdAt, id), before the cursor. */
function sentItems(items: { id: string; at: number }[]): SentToChat {
  return {
    sentToChat: (_deviceId, _recipient, limit, before) =>
      items
        .filter((i) => !before || i.at < before.at || (i.at === before.at && i.id < before.id))
        .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
        .slice(0, limit)
        .map((i) => ({ id: i.id, createdAt: new Date(i.at).toISOString(), text: i.id }) as OutboxItemView)
  }
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
