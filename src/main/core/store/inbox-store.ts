// The inbox's tables: events pulled from the relay (once each, by identity), the messages received, and the cursor
// of each mailbox. A page's events and its cursor commit together, so a crash leaves either both or neither.
import type Database from 'better-sqlite3'
import {
  DELETED_EVENT_PAYLOAD,
  fileInConversation,
  InboxConversationsStore,
  nextMessageNumber
} from './inbox-conversations-store'
import {
  MESSAGE_COLUMNS,
  toMessage,
  type InboxMessageRecord,
  type MessageRow,
  type NewInboxMessage
} from './inbox-records'

export type { InboxMessageRecord, NewInboxMessage } from './inbox-records'

export type InboxEventKind = 'incoming' | 'tracking' | 'device' | 'refused'

export interface NewInboxEvent {
  /** Unique: the same identity a second time is a duplicate and only counted. */
  identity: string
  kind: InboxEventKind
  /** The relay's sequence number. */
  seq: number
  /** When the relay received it. */
  receivedAt: number
  /** The parsed event (or the refusal and what came), as JSON. */
  payload: unknown
  /** False for what must still be applied elsewhere (tracking, device status). */
  applied: boolean
  message?: NewInboxMessage
}

export interface PendingInboxEvent {
  id: number
  kind: InboxEventKind
  payload: unknown
}

export interface InboxCounts {
  messages: number
  unread: number
  /**
   * The customers (chats) with unread messages: one who wrote to two devices has two conversations but is one
   * customer (QA N04). Counted in the same pass over the conversations as the unread total.
   */
  unreadCustomers: number
  /** The conversations the operator marked unread with no message of theirs unread (QA72). */
  markedUnread: number
  /** Events kept as refusals (unreadable bodies, envelopes that did not open). */
  refused: number
  /** Tracking and device events not yet applied. */
  pending: number
  /** Posts that repeated an event already kept. */
  duplicates: number
}

export interface InboxRefusalRecord {
  seq: number
  mailbox: string
  receivedAt: number
  payload: unknown
}

export class InboxStore {
  constructor(private readonly db: Database.Database) {}

  /** The last relay sequence number committed for the mailbox (0 before the first). */
  cursor(mailbox: string): number {
    const row = this.db.prepare('SELECT after_seq FROM inbox_cursors WHERE mailbox = ?').get(mailbox) as
      { after_seq: number } | undefined
    return row?.after_seq ?? 0
  }

  /**
   * Keeps the events and moves the mailbox's cursor from `from` to `upTo`, in one transaction. Null (and nothing
   * written) when the cursor is no longer `from`: another process took these events first.
   */
  commit(
    mailbox: string,
    from: number,
    upTo: number,
    events: readonly NewInboxEvent[],
    now: number
  ): { inserted: number; duplicates: number } | null {
    const insertEvent = this.db.prepare(
      `INSERT OR IGNORE INTO inbox_events (identity, kind, mailbox, seq, received_at, stored_at, payload, applied)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
    )
    const countDuplicate = this.db.prepare(
      'UPDATE inbox_events SET duplicates = duplicates + 1 WHERE identity = ?'
    )
    const insertMessage = this.db.prepare(
      `INSERT INTO inbox_messages (number, event_id, message_id, device_serial, device_phone, chat_id, is_group,
         group_subject, group_member, push_name, text, message_type, media_url, media_file, media_mime, sent_at,
         received_at, from_me, media_state, media_retry_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    return this.db
      .transaction(() => {
        if (this.cursor(mailbox) !== from) return null
        // Numbered here, past every number ever given: a deleted conversation's numbers are not given again.
        let number = nextMessageNumber(this.db)
        let inserted = 0
        let duplicates = 0
        for (const event of events) {
          const result = insertEvent.run(
            event.identity,
            event.kind,
            mailbox,
            event.seq,
            event.receivedAt,
            now,
            JSON.stringify(event.payload),
            event.applied ? 1 : 0
          )
          if (result.changes === 0) {
            countDuplicate.run(event.identity)
            duplicates++
            continue
          }
          inserted++
          const m = event.message
          if (!m) continue
          insertMessage.run(
            number,
            result.lastInsertRowid,
            m.messageId,
            m.deviceSerial,
            m.devicePhone,
            m.chatId,
            m.isGroup ? 1 : 0,
            m.groupSubject,
            m.groupMember,
            m.pushName,
            m.text,
            m.messageType,
            m.mediaUrl,
            m.mediaFile,
            m.mediaMime,
            m.sentAt,
            event.receivedAt,
            m.fromMe ? 1 : 0,
            // A file waits for the media fetcher (inbox/media-fetcher.ts), due at once.
            m.mediaUrl ? 'pending' : null,
            m.mediaUrl ? 0 : null
          )
          fileInConversation(this.db, number++, m, event.receivedAt)
        }
        this.db
          .prepare(
            `INSERT INTO inbox_cursors (mailbox, after_seq, updated_at) VALUES (?, ?, ?)
           ON CONFLICT(mailbox) DO UPDATE SET after_seq = excluded.after_seq, updated_at = excluded.updated_at`
          )
          .run(mailbox, upTo, now)
        return { inserted, duplicates }
      })
      .immediate()
  }

  /**
   * When the mailbox's relay last answered a pull (null before the first). Without a mailbox (before the sync
   * read its credentials), the latest of any: this computer follows one mailbox at a time.
   */
  lastContactAt(mailbox: string | null): number | null {
    const row = (
      mailbox === null
        ? this.db.prepare('SELECT MAX(last_contact_at) AS at FROM inbox_cursors').get()
        : this.db.prepare('SELECT last_contact_at AS at FROM inbox_cursors WHERE mailbox = ?').get(mailbox)
    ) as { at: number | null } | undefined
    return row?.at ?? null
  }

  /** The relay answered a pull or an acknowledgement: kept, so a start with the relay down still says when. */
  recordContact(mailbox: string, at: number): void {
    this.db
      .prepare(
        `INSERT INTO inbox_cursors (mailbox, after_seq, updated_at, last_contact_at) VALUES (?, 0, ?, ?)
         ON CONFLICT(mailbox) DO UPDATE SET last_contact_at = excluded.last_contact_at`
      )
      .run(mailbox, at, at)
  }

  /** Sets the cursor outright: only for an operator's explicit decision (a relay whose storage was replaced). */
  setCursor(mailbox: string, value: number, now: number): void {
    this.db
      .prepare(
        `INSERT INTO inbox_cursors (mailbox, after_seq, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(mailbox) DO UPDATE SET after_seq = excluded.after_seq, updated_at = excluded.updated_at`
      )
      .run(mailbox, value, now)
  }

  /** Tracking and device events not yet applied, oldest first (in the order the gateway posted them). */
  pending(kinds: readonly InboxEventKind[], limit: number): PendingInboxEvent[] {
    if (kinds.length === 0) return []
    const rows = this.db
      .prepare(
        `SELECT id, kind, payload FROM inbox_events WHERE applied = 0 AND kind IN (${kinds.map(() => '?').join(',')})
         ORDER BY id LIMIT ?`
      )
      .all(...kinds, limit) as { id: number; kind: InboxEventKind; payload: string }[]
    return rows.map((row) => ({ id: row.id, kind: row.kind, payload: JSON.parse(row.payload) as unknown }))
  }

  /**
   * Applies events and marks each applied, all in one transaction: `apply` writes its own rows in it (the outbox's
   * status change) and answers the outcome to keep. A throw rolls everything back and the events stay pending.
   */
  settleMany(events: readonly PendingInboxEvent[], apply: (event: PendingInboxEvent) => string): void {
    // A customer's message deleted while its event waited (a possible keyword) loses its body once applied.
    const mark = this.db.prepare(
      `UPDATE inbox_events SET applied = 1, apply_outcome = ?,
         payload = CASE WHEN kind = 'incoming' AND NOT EXISTS (SELECT 1 FROM inbox_messages m WHERE m.event_id = inbox_events.id)
           THEN '${DELETED_EVENT_PAYLOAD}' ELSE payload END
       WHERE id = ? AND applied = 0`
    )
    this.db
      .transaction(() => {
        for (const event of events) mark.run(apply(event), event.id)
      })
      .immediate()
  }

  /** Newest first; `before` pages back by message number; `chatId` keeps one conversation. */
  messages(options: {
    limit: number
    before?: number
    chatId?: string
    unreadOnly?: boolean
  }): InboxMessageRecord[] {
    const where: string[] = []
    const params: (string | number)[] = []
    if (options.before !== undefined) {
      where.push('number < ?')
      params.push(options.before)
    }
    if (options.chatId !== undefined) {
      where.push('chat_id = ?')
      params.push(options.chatId)
    }
    if (options.unreadOnly) where.push('read = 0')
    const rows = this.db
      .prepare(
        `SELECT ${MESSAGE_COLUMNS} FROM inbox_messages ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY number DESC LIMIT ?`
      )
      .all(...params, options.limit) as MessageRow[]
    return rows.map(toMessage)
  }

  message(number: number): InboxMessageRecord | undefined {
    const row = this.db
      .prepare(`SELECT ${MESSAGE_COLUMNS} FROM inbox_messages WHERE number = ?`)
      .get(number) as MessageRow | undefined
    return row ? toMessage(row) : undefined
  }

  /** One message read; its conversation's unread count follows. */
  markRead(number: number): boolean {
    return new InboxConversationsStore(this.db).markMessageRead(number)
  }

  /**
   * Unread as the Inbox's "Unread only" finds it: an archived conversation's unread messages are not counted (the tab
   * said 1 while the list showed none); a customer writing again brings it back, and its count with it.
   * Asked on every read mark (the tray's and the tab's unread counts): the unread total is the conversations' kept
   * counts and the events' sums come from partial indexes, not scans of every message and event (17 ms of the core's
   * thread at 100,000 messages, which held up the thread and the conversations the window had asked for first).
   */
  counts(): InboxCounts {
    const messages = this.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM inbox_messages) AS n, COALESCE(SUM(unread), 0) AS unread,
           COUNT(DISTINCT CASE WHEN unread > 0 THEN chat_id END) AS unreadCustomers,
           COUNT(CASE WHEN unread = 0 AND marked_unread = 1 THEN 1 END) AS markedUnread
         FROM inbox_conversations WHERE archived = 0`
      )
      .get() as { n: number; unread: number; unreadCustomers: number; markedUnread: number }
    // Each by its partial index: refusals, events waiting to be applied and duplicates are few.
    const events = this.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM inbox_events WHERE kind = 'refused') AS refused,
           (SELECT COUNT(*) FROM inbox_events WHERE applied = 0) AS pending,
           (SELECT COALESCE(SUM(duplicates), 0) FROM inbox_events WHERE duplicates > 0) AS duplicates`
      )
      .get() as { refused: number; pending: number; duplicates: number }
    return {
      messages: messages.n,
      unread: messages.unread,
      unreadCustomers: messages.unreadCustomers,
      markedUnread: messages.markedUnread,
      ...events
    }
  }

  /** The newest refusals, for diagnostics. */
  refusals(limit: number): InboxRefusalRecord[] {
    const rows = this.db
      .prepare(
        `SELECT seq, mailbox, received_at, payload FROM inbox_events WHERE kind = 'refused' ORDER BY id DESC LIMIT ?`
      )
      .all(limit) as { seq: number; mailbox: string; received_at: number; payload: string }[]
    return rows.map((row) => ({
      seq: row.seq,
      mailbox: row.mailbox,
      receivedAt: row.received_at,
      payload: JSON.parse(row.payload) as unknown
    }))
  }
}
