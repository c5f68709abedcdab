// The inbox benches' data (issue 26): incoming messages spread round robin over conversations, committed through the
// sync's own store path (conversations and search kept as the app keeps them), and sent items to the same chats.
// Shared by the core's inbox bench (bench/inbox.ts) and the window's (bench/window-inbox.ts).
import { InboxStore, openDatabase, type NewInboxEvent, type SqliteDatabase } from '../src/main/core/store'
import { newInboxMessage } from '../src/main/core/store/testing/new-inbox-message'

const WORDS = ['pesanan', 'harga', 'grosir', 'kirim', 'ongkir', 'stok', 'warna', 'ukuran', 'promo', 'bayar']
/** The gateway device every seeded message arrived on and every seeded sent item went from. */
export const SEED_DEVICE = { id: 'd-1', serial: 'SER-1', phone: '6281100000001' } as const
/** A phrase found in exactly one seeded message's text, at any size over 4,242 messages. */
export const SEED_SEARCH_PHRASE = 'pesanan nomor 4242'

export const chatOf = (conversation: number): string => `62813${String(conversation).padStart(7, '0')}`

/** `messages` incoming events spread over `conversations` chats (round robin), as relay pages of 500. */
export function incomingPages(messages: number, conversations: number, firstSeq: number): NewInboxEvent[][] {
  const pages: NewInboxEvent[][] = []
  const start = Date.now() - messages * 1_000
  for (let at = 0; at < messages; at += 500) {
    const page: NewInboxEvent[] = []
    for (let i = at; i < Math.min(messages, at + 500); i++) {
      const chat = chatOf(i % conversations)
      page.push({
        identity: `incoming:ser-1/WA-${firstSeq + i}`,
        kind: 'incoming',
        seq: firstSeq + i + 1,
        receivedAt: start + i * 1_000,
        payload: {},
        applied: true,
        message: newInboxMessage(`WA-${firstSeq + i}`, {
          deviceSerial: SEED_DEVICE.serial,
          devicePhone: SEED_DEVICE.phone,
          chatId: chat,
          pushName: `Customer ${i % conversations}`,
          text: `${WORDS[i % WORDS.length]} untuk pesanan nomor ${i} ${WORDS[(i * 7) % WORDS.length]}`
        })
      })
    }
    pages.push(page)
  }
  return pages
}

/** Commits relay pages as the sync does, one transaction a page, the mailbox's cursor moving on. */
export function commitPages(store: InboxStore, pages: NewInboxEvent[][], mailbox = 'bench'): void {
  let cursor = 0
  for (const page of pages) {
    const upTo = page.at(-1)!.seq
    store.commit(mailbox, cursor, upTo, page, Date.now())
    cursor = upTo
  }
}

/** Sent items to the same chats from the same device, by SQL (the outbox bench seeds its finished items so). */
export function seedSent(db: SqliteDatabase, rows: number, conversations: number): void {
  const now = Date.now()
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ? - 1)
     INSERT INTO outbox_items (id, seq, device_id, recipient, is_group, kind, text, status, attempts,
       created_at, updated_at, closed_at, accepted_at, gateway_id, track_attempts, held)
     SELECT printf('sent-%08d', i), -i, ?, printf('62813%07d', i % ?), 0, 'text', 'terima kasih, pesanan dikirim',
       'read', 1, ? - i * 1000 - 500, ? - i * 1000, ? - i * 1000, ? - i * 1000, printf('gw-%d', i), 0, 0 FROM n`
  ).run(rows, SEED_DEVICE.id, conversations, now, now, now, now)
}

/** As a database that has been in use is: its search index merged and its WAL checkpointed. */
export function settle(db: SqliteDatabase): void {
  db.exec(`INSERT INTO inbox_messages_search (inbox_messages_search) VALUES ('optimize')`)
  db.pragma('wal_checkpoint(TRUNCATE)')
}

/**
 * A data folder's inbox filled as the app fills it: `messages` incoming in `conversations` conversations through the
 * store, as many sent items to the same chats, settled; the database closed again (the app opens it next).
 */
export function seedInboxFolder(dataDir: string, size: { messages: number; conversations: number }): void {
  const db = openDatabase({ dataDir })
  try {
    commitPages(new InboxStore(db), incomingPages(size.messages, size.conversations, 0))
    seedSent(db, size.messages, size.conversations)
    settle(db)
  } finally {
    db.close()
  }
}
