// The inbox as an operator works it: one conversation per gateway device and chat, kept as each message is inserted
// (never grouped at read time), its messages, read and archived marks, and the search of texts and contacts.
import type Database from 'better-sqlite3'
import {
  MESSAGE_COLUMNS,
  toMessage,
  WRITTEN_AT,
  writtenAt,
  type InboxMessageRecord,
  type MessageRow,
  type NewInboxMessage
} from './inbox-records'
import { contactNameKey, phoneSearch } from '../../../shared/domain'
import { emptyLog } from './background-checkpoints'
import { anyHoldsAccentsAside, foldedSearchWords, registerFoldedHolds } from './fts-fold'
import { containsPattern, searchWords } from './like-pattern'
import { preparedOnce } from './prepared'

export interface ConversationRecord {
  id: number
  /** How the gateway named its device: lower-cased serial, else its phone, else ''. */
  deviceKey: string
  deviceSerial: string | null
  devicePhone: string | null
  chatId: string
  isGroup: boolean
  groupSubject: string | null
  /** The customer's newest push name (null for groups). */
  pushName: string | null
  /** The contact's name (contacts table), when one is known. */
  contactName: string | null
  /** The newest message's number. */
  lastNumber: number
  /**
   * The row's place, newest first, and the list's keyset: its newest message's number, or a later number from the same
   * sequence taken when the gateway took a message to its chat (bumpActivity; QA76: not when it was queued). Only grows.
   */
  activity: number
  lastAt: number
  lastText: string
  lastType: string
  lastFromMe: boolean
  /** A group's: who wrote its newest message (their push name, else their number), null when we did or for a chat. */
  lastSender: string | null
  unread: number
  /** Marked unread by the operator with no customer's message counted (QA72: their reply was the newest). */
  markedUnread: boolean
  archived: boolean
}

/** A message a search found, with the conversation it is filed under (the window opens it from the hit). */
export type FoundMessage = InboxMessageRecord & { conversationId: number }

/** A customer's message kept after a given number, with what a notification says about it. */
export interface ArrivedMessage {
  number: number
  conversationId: number
  chatId: string
  isGroup: boolean
  groupSubject: string | null
  pushName: string | null
  contactName: string | null
  text: string
}

export interface ConversationFilter {
  limit: number
  /** The activity of the previous page's last conversation. */
  before?: number
  /** Archived ones only when true; the others when false or absent. */
  archived?: boolean
  unreadOnly?: boolean
  /** Only these gateway devices (their keys). */
  deviceKeys?: readonly string[]
  /** Only these conversations (the chatbot view's "answered by this keyword"). */
  ids?: readonly number[]
}

/** The conversation a message belongs to: the gateway's device name for it, lower-cased serial first. */
export function deviceKeyOf(serial: string | null, phone: string | null): string {
  return serial?.trim().toLowerCase() || phone?.trim() || ''
}

interface ConversationRow {
  id: number
  device_key: string
  device_serial: string | null
  device_phone: string | null
  chat_id: string
  is_group: number
  group_subject: string | null
  push_name: string | null
  contact_name: string | null
  last_number: number
  activity: number
  last_at: number
  last_text: string
  last_type: string
  last_from_me: number
  last_sender: string | null
  unread: number
  marked_unread: number
  archived: number
}

// A group's newest message by its number (the primary key): who wrote it, named as its thread names them (QA39: a
// group's row said "siap" and not who said it).
const SELECT_CONVERSATION = `SELECT c.*, k.name AS contact_name,
    CASE WHEN lm.from_me = 0 THEN COALESCE(lm.push_name, lm.group_member) END AS last_sender
  FROM inbox_conversations c
  LEFT JOIN contacts k ON c.is_group = 0 AND k.phone = c.chat_id
  LEFT JOIN inbox_messages lm ON c.is_group = 1 AND lm.number = c.last_number`

const toConversation = (row: ConversationRow): ConversationRecord => ({
  id: row.id,
  deviceKey: row.device_key,
  deviceSerial: row.device_serial,
  devicePhone: row.device_phone,
  chatId: row.chat_id,
  isGroup: row.is_group === 1,
  groupSubject: row.group_subject,
  pushName: row.push_name,
  contactName: row.contact_name,
  lastNumber: row.last_number,
  activity: row.activity,
  lastAt: row.last_at,
  lastText: row.last_text,
  lastType: row.last_type,
  lastFromMe: row.last_from_me === 1,
  lastSender: row.last_sender,
  unread: row.unread,
  markedUnread: row.marked_unread === 1,
  archived: row.archived === 1
})

/** A name as the search matches it (contactNameKey: the contacts' name_key's rule), null for no name. */
/** What the search finds a message by: its text and its file's name, the columns of its full-text index. */
const MESSAGE_SEARCHED = ['text', 'media_file'] as const

const nameKey = (name: string | null): string | null => (name === null ? null : contactNameKey(name))

/**
 * Files a message just inserted (row `number`) under its conversation, in the caller's transaction: the
 * conversation's newest message and unread count move, a customer's push name is learnt as a contact's name unless
 * the number has a name from elsewhere. A customer writing again brings an archived conversation back.
 */
export function fileInConversation(
  db: Database.Database,
  number: number,
  message: NewInboxMessage,
  receivedAt: number
): void {
  const fromCustomer = !message.fromMe
  const pushName = !message.isGroup && fromCustomer ? message.pushName?.trim() || null : null
  const { id } = preparedOnce(db, FILE_IN_CONVERSATION).get(
    deviceKeyOf(message.deviceSerial, message.devicePhone),
    message.deviceSerial,
    message.devicePhone,
    message.chatId,
    message.isGroup ? 1 : 0,
    message.groupSubject,
    nameKey(message.groupSubject),
    pushName,
    nameKey(pushName),
    number,
    number,
    writtenAt(message.sentAt, receivedAt),
    message.text,
    message.messageType,
    message.fromMe ? 1 : 0,
    fromCustomer ? 1 : 0
  ) as { id: number }
  preparedOnce(db, 'UPDATE inbox_messages SET conversation_id = ? WHERE number = ?').run(id, number)
  if (pushName) learnContactName(db, message.chatId, pushName, 'push', receivedAt)
}

// A new conversation's id is past the highest ever given (inbox_conversation_ids, kept by a trigger at each delete):
// SQLite's own choice, the highest kept plus one, is a deleted conversation's id again, and drafts, kept files and
// the window's open thread are keyed by it. On a chat that has its conversation, the id here is not used.
const FILE_IN_CONVERSATION = `INSERT INTO inbox_conversations (id, device_key, device_serial, device_phone, chat_id, is_group,
           group_subject, group_subject_key, push_name, push_name_key, last_number, activity, last_at, last_text,
           last_type, last_from_me, unread)
         VALUES (max(COALESCE((SELECT MAX(id) FROM inbox_conversations), 0),
             COALESCE((SELECT highest FROM inbox_conversation_ids WHERE id = 1), 0)) + 1,
           ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (device_key, chat_id) DO UPDATE SET
           device_serial = COALESCE(excluded.device_serial, device_serial),
           device_phone = COALESCE(excluded.device_phone, device_phone),
           group_subject = COALESCE(excluded.group_subject, group_subject),
           group_subject_key = COALESCE(excluded.group_subject_key, group_subject_key),
           push_name = COALESCE(excluded.push_name, push_name),
           push_name_key = COALESCE(excluded.push_name_key, push_name_key),
           -- A message written before the newest one (held back, retried late by the gateway) is not the newest.
           last_number = CASE WHEN excluded.last_at >= last_at THEN excluded.last_number ELSE last_number END,
           -- The newest message moves the row up (its number is past every activity given); an older one does not.
           activity = CASE WHEN excluded.last_at >= last_at THEN max(activity, excluded.activity) ELSE activity END,
           last_text = CASE WHEN excluded.last_at >= last_at THEN excluded.last_text ELSE last_text END,
           last_type = CASE WHEN excluded.last_at >= last_at THEN excluded.last_type ELSE last_type END,
           last_from_me = CASE WHEN excluded.last_at >= last_at THEN excluded.last_from_me ELSE last_from_me END,
           last_at = max(excluded.last_at, last_at),
           unread = unread + excluded.unread,
           archived = CASE WHEN excluded.last_from_me = 0 THEN 0 ELSE archived END
         RETURNING id`

/** The number the next message is given: past the newest kept and past the highest ever given (deleted ones). */
export function nextMessageNumber(db: Database.Database): number {
  return preparedOnce(
    db,
    `SELECT max(COALESCE((SELECT MAX(number) FROM inbox_messages), 0),
         COALESCE((SELECT highest FROM inbox_message_numbers WHERE id = 1), 0)) + 1`
  )
    .pluck()
    .get() as number
}

/** What an event of a deleted message keeps: its identity and kind, not the body that held the text. */
export const DELETED_EVENT_PAYLOAD = '{"deleted":true}'

/**
 * What of a chat's id a webhook body the inbox could not read holds when it is that chat's: its last nine digits (a
 * number may be written 62…, 08… or +62…, a group's id with or without its "@g.us"), or a legacy group id whole. Such
 * bodies are kept for diagnostics and linked to no conversation, so a delete finds the customer's among them by this;
 * a body that only happens to hold the same digits loses a diagnostic, nothing more.
 */
function chatAsWrittenInBodies(chatId: string): string {
  const id = chatId.split('@')[0] ?? chatId
  return /^\d{9,}$/.test(id) ? id.slice(-9) : id
}

/** A conversation deleted: how many of its messages went, and which of them had a file on disk to remove. */
export interface DeletedConversation {
  messages: number
  fetchedFiles: number[]
}

export type ContactSource = 'operator' | 'campaign' | 'gateway' | 'push'

/** Which name wins: the operator's over a spreadsheet's or the gateway's, any of those over a push name. */
const SOURCE_RANK = `CASE %s WHEN 'operator' THEN 3 WHEN 'campaign' THEN 2 WHEN 'gateway' THEN 2 ELSE 1 END`

/** What a learnt name does to a number that has one: replaced unless the kept name's source wins over it. */
const ON_KNOWN_NUMBER = `ON CONFLICT (phone) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
           source = excluded.source, updated_at = excluded.updated_at
         WHERE ${SOURCE_RANK.replace('%s', 'contacts.source')} <= ${SOURCE_RANK.replace('%s', 'excluded.source')}
           AND (contacts.name IS NOT excluded.name OR contacts.source IS NOT excluded.source)`

/** Keeps `name` for `phone` unless the number has a name from a source that wins over this one. */
const LEARN_NAME = `INSERT INTO contacts (phone, name, name_key, source, updated_at) VALUES (?, ?, ?, ?, ?)
         ${ON_KNOWN_NUMBER}`

/**
 * The same for many names in one statement (a JSON array of [phone, name, name's key] entries, in order: a later
 * entry for the same number counts as learnt after the earlier one): one call for a spreadsheet's chunk, not one a row.
 */
const LEARN_NAMES = `INSERT INTO contacts (phone, name, name_key, source, updated_at)
         SELECT value ->> 0, value ->> 1, value ->> 2, ?, ? FROM json_each(?) WHERE true ${ON_KNOWN_NUMBER}`

export function learnContactName(
  db: Database.Database,
  phone: string,
  name: string,
  source: ContactSource,
  now: number
): boolean {
  return preparedOnce(db, LEARN_NAME).run(phone, name, contactNameKey(name), source, now).changes > 0
}

/** Many names learnt by the rule of learnContactName, in one statement; how many numbers' names changed. */
export function learnContactNames(
  db: Database.Database,
  entries: readonly { phone: string; name: string }[],
  source: ContactSource,
  now: number
): number {
  if (entries.length === 0) return 0
  const pairs = JSON.stringify(entries.map((entry) => [entry.phone, entry.name, contactNameKey(entry.name)]))
  return preparedOnce(db, LEARN_NAMES).run(source, now, pairs).changes
}

export class InboxConversationsStore {
  constructor(private readonly db: Database.Database) {
    // The search tests a message's short words as the full-text index folds text (holdsAccentsAside).
    registerFoldedHolds(db)
  }

  private prepare(sql: string): Database.Statement {
    return preparedOnce(this.db, sql)
  }

  /** The newest message's number (0 for an empty inbox): where "new" starts for notifications. */
  newestNumber(): number {
    const row = this.prepare('SELECT COALESCE(MAX(number), 0) AS n FROM inbox_messages').get() as {
      n: number
    }
    return row.n
  }

  /** Customers' messages (never ours) kept after `number`, oldest first, at most `limit`. */
  arrivedAfter(number: number, limit: number): ArrivedMessage[] {
    const rows = this.prepare(
      `SELECT m.number, m.conversation_id, m.chat_id, m.is_group, m.group_subject, m.push_name, m.text,
              k.name AS contact_name
         FROM inbox_messages m LEFT JOIN contacts k ON m.is_group = 0 AND k.phone = m.chat_id
        WHERE m.number > ? AND m.from_me = 0 AND m.conversation_id IS NOT NULL
        ORDER BY m.number LIMIT ?`
    ).all(number, limit) as {
      number: number
      conversation_id: number
      chat_id: string
      is_group: number
      group_subject: string | null
      push_name: string | null
      text: string
      contact_name: string | null
    }[]
    return rows.map((row) => ({
      number: row.number,
      conversationId: row.conversation_id,
      chatId: row.chat_id,
      isGroup: row.is_group === 1,
      groupSubject: row.group_subject,
      pushName: row.push_name,
      contactName: row.contact_name,
      text: row.text
    }))
  }

  /**
   * Moves to the top, in the caller's transaction, the conversations of these chats on these gateway devices (the
   * gateway took a message to them), in the order given: each takes the next number of the messages' sequence, so
   * it stays past every row's place and a message arriving later goes above it. The conversations `keepAbove` (ids:
   * rows whose traffic came after the message went, one the gateway kept learnt late) then take the numbers after
   * those, in their order: still above the moved ones. Returns how many moved (`keepAbove` not counted).
   */
  bumpActivity(
    sent: readonly { deviceKeys: readonly string[]; chatId: string }[],
    keepAbove: readonly number[] = []
  ): number {
    const pairs = sent.flatMap(({ deviceKeys, chatId }) => deviceKeys.map((key) => [key, chatId]))
    if (pairs.length === 0) return 0
    const base = nextMessageNumber(this.db) - 1
    const moved = this.prepare(
      `WITH sent AS (
           SELECT value ->> 0 AS device_key, value ->> 1 AS chat_id, key AS place FROM json_each(?)
         ), hit AS (
           SELECT c.id, min(sent.place) AS place FROM sent
             JOIN inbox_conversations c ON c.device_key = sent.device_key AND c.chat_id = sent.chat_id
            GROUP BY c.id
         ), numbered AS (
           SELECT id, row_number() OVER (ORDER BY place) AS n FROM hit
         )
         UPDATE inbox_conversations SET activity = ? + numbered.n FROM numbered
          WHERE inbox_conversations.id = numbered.id`
    ).run(JSON.stringify(pairs), base).changes
    if (moved === 0) return 0
    const kept =
      keepAbove.length === 0
        ? 0
        : this.prepare(
            `WITH numbered AS (
               SELECT c.id, row_number() OVER (ORDER BY c.activity) AS n FROM inbox_conversations c
                WHERE c.id IN (SELECT value FROM json_each(?)) AND c.activity <= ?
             )
             UPDATE inbox_conversations SET activity = ? + numbered.n FROM numbered
              WHERE inbox_conversations.id = numbered.id`
          ).run(JSON.stringify(keepAbove), base, base + moved).changes
    this.prepare(
      `INSERT INTO inbox_message_numbers (id, highest) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET highest = max(highest, excluded.highest)`
    ).run(base + moved + kept)
    return moved
  }

  /**
   * Every conversation, archived or not, by its place (newest first), keyset-paged on it past `before`: the rows a
   * message learnt to have gone earlier is placed among (bumpActivity's keepAbove).
   */
  byPlace(limit: number, before?: number): ConversationRecord[] {
    // Each list's page read down its index (archived, activity), the two merged: not every conversation sorted.
    const page = (archived: 0 | 1): string =>
      `SELECT id FROM (SELECT id FROM inbox_conversations WHERE archived = ${archived} AND activity < ?
         ORDER BY activity DESC LIMIT ?)`
    const below = before ?? Number.MAX_SAFE_INTEGER
    const rows = this.prepare(
      `${SELECT_CONVERSATION} WHERE c.id IN (${page(0)} UNION ALL ${page(1)}) ORDER BY c.activity DESC LIMIT ?`
    ).all(below, limit, below, limit, limit) as ConversationRow[]
    return rows.map(toConversation)
  }

  /** Newest first (by their newest message or reply), keyset-paged on their activity. */
  list(filter: ConversationFilter): ConversationRecord[] {
    const where = ['c.archived = ?']
    const params: (string | number)[] = [filter.archived ? 1 : 0]
    if (filter.before !== undefined) {
      where.push('c.activity < ?')
      params.push(filter.before)
    }
    if (filter.unreadOnly) where.push('(c.unread > 0 OR c.marked_unread = 1)')
    if (filter.deviceKeys) {
      where.push(`c.device_key IN (SELECT value FROM json_each(?))`)
      params.push(JSON.stringify(filter.deviceKeys))
    }
    if (filter.ids) {
      where.push(`c.id IN (SELECT value FROM json_each(?))`)
      params.push(JSON.stringify(filter.ids))
    }
    const rows = this.prepare(
      `${SELECT_CONVERSATION} WHERE ${where.join(' AND ')} ORDER BY c.activity DESC LIMIT ?`
    ).all(...params, filter.limit) as ConversationRow[]
    return rows.map(toConversation)
  }

  /**
   * The customers' text messages received since `since` that are short enough to be a keyword, with their
   * conversation and its device as the gateway named it (the chatbot view counts what each rule answered).
   */
  recentShortIncoming(
    since: number,
    maxLength: number
  ): {
    conversationId: number
    deviceSerial: string | null
    devicePhone: string | null
    text: string
    receivedAt: number
  }[] {
    const rows = this.prepare(
      `SELECT m.conversation_id, c.device_serial, c.device_phone, m.text, m.received_at FROM inbox_messages m
         JOIN inbox_conversations c ON c.id = m.conversation_id
         WHERE m.received_at >= ? AND m.from_me = 0 AND m.message_type = 'text' AND length(m.text) <= ?`
    ).all(since, maxLength) as {
      conversation_id: number
      device_serial: string | null
      device_phone: string | null
      text: string
      received_at: number
    }[]
    return rows.map((row) => ({
      conversationId: row.conversation_id,
      deviceSerial: row.device_serial,
      devicePhone: row.device_phone,
      text: row.text,
      receivedAt: row.received_at
    }))
  }

  /** Whether the conversation is still here (a reply draft's kept files are let go once it is not). */
  exists(id: number): boolean {
    return this.prepare('SELECT 1 FROM inbox_conversations WHERE id = ?').get(id) !== undefined
  }

  get(id: number): ConversationRecord | undefined {
    const row = this.prepare(`${SELECT_CONVERSATION} WHERE c.id = ?`).get(id) as ConversationRow | undefined
    return row && toConversation(row)
  }

  /** The conversations with this chat (one per gateway device that has one), newest first. */
  withChat(chatId: string): ConversationRecord[] {
    const rows = this.prepare(`${SELECT_CONVERSATION} WHERE c.chat_id = ? ORDER BY c.activity DESC`).all(
      chatId
    ) as ConversationRow[]
    return rows.map(toConversation)
  }

  /** The conversations with any of these chats, newest first: one look-up for many chats (the search's). */
  withChats(chatIds: readonly string[]): ConversationRecord[] {
    if (chatIds.length === 0) return []
    const rows = this.prepare(
      `${SELECT_CONVERSATION} WHERE c.chat_id IN (SELECT value FROM json_each(?)) ORDER BY c.activity DESC`
    ).all(JSON.stringify(chatIds)) as ConversationRow[]
    return rows.map(toConversation)
  }

  /**
   * A conversation's messages newest first by when the customer wrote them (WRITTEN_AT; a thread merges them with
   * sent items by time), `before` the (writtenAt, number) of the previous page's last one.
   */
  messages(
    conversationId: number,
    limit: number,
    before?: { at: number; number: number }
  ): InboxMessageRecord[] {
    const rows = this.prepare(
      `SELECT number FROM inbox_messages WHERE conversation_id = ?${before ? ` AND (${WRITTEN_AT}, number) < (?, ?)` : ''}
         ORDER BY ${WRITTEN_AT} DESC, number DESC LIMIT ?`
    )
      .pluck()
      .all(conversationId, ...(before ? [before.at, before.number] : []), limit) as number[]
    return rows.length === 0 ? [] : this.messagesByNumber(rows, `${WRITTEN_AT} DESC, number DESC`)
  }

  /**
   * QA75: a conversation's messages newer than `after` (a (writtenAt, number) keyset), the nearest first (oldest
   * first): a thread's later page, read from the same index as `messages` the other way.
   */
  messagesNewer(
    conversationId: number,
    limit: number,
    after: { at: number; number: number }
  ): InboxMessageRecord[] {
    const rows = this.prepare(
      `SELECT number FROM inbox_messages WHERE conversation_id = ? AND (${WRITTEN_AT}, number) > (?, ?)
         ORDER BY ${WRITTEN_AT} ASC, number ASC LIMIT ?`
    )
      .pluck()
      .all(conversationId, after.at, after.number, limit) as number[]
    return rows.length === 0 ? [] : this.messagesByNumber(rows, `${WRITTEN_AT} ASC, number ASC`)
  }

  /** The conversation's message numbered `number`, or null when it holds none so numbered (QA75: a search hit's). */
  messageIn(conversationId: number, number: number): InboxMessageRecord | null {
    const held = this.prepare('SELECT 1 FROM inbox_messages WHERE number = ? AND conversation_id = ?')
      .pluck()
      .get(number, conversationId)
    return held === undefined ? null : (this.messagesByNumber([number])[0] ?? null)
  }

  /**
   * Every message of the conversation read and its mark cleared (true), or its newest customer message unread again
   * (false).
   */
  markRead(conversationId: number, read: boolean): boolean {
    return this.db
      .transaction(() => {
        if (read) {
          this.prepare('UPDATE inbox_messages SET read = 1 WHERE conversation_id = ? AND read = 0').run(
            conversationId
          )
          return (
            this.prepare(
              `UPDATE inbox_conversations SET unread = 0, marked_unread = 0
                 WHERE id = ? AND (unread > 0 OR marked_unread = 1)`
            ).run(conversationId).changes > 0
          )
        }
        const newest = this.prepare(
          `SELECT number, read FROM inbox_messages WHERE conversation_id = ? AND from_me = 0
             ORDER BY number DESC LIMIT 1`
        ).get(conversationId) as { number: number; read: number } | undefined
        if (!newest || newest.read === 0) return false
        this.prepare('UPDATE inbox_messages SET read = 0 WHERE number = ?').run(newest.number)
        this.prepare('UPDATE inbox_conversations SET unread = unread + 1 WHERE id = ?').run(conversationId)
        return true
      })
      .immediate()
  }

  /** QA72: the conversation marked unread with no message counted (the operator's reply is its newest). */
  markUnreadWithoutCount(conversationId: number): boolean {
    return (
      this.prepare('UPDATE inbox_conversations SET marked_unread = 1 WHERE id = ? AND marked_unread = 0').run(
        conversationId
      ).changes > 0
    )
  }

  /** One message read: its conversation's unread count follows. */
  markMessageRead(number: number): boolean {
    return this.db
      .transaction(() => {
        const changed =
          this.prepare('UPDATE inbox_messages SET read = 1 WHERE number = ? AND read = 0').run(number)
            .changes > 0
        if (changed)
          this.prepare(
            `UPDATE inbox_conversations SET unread = max(unread - 1, 0)
               WHERE id = (SELECT conversation_id FROM inbox_messages WHERE number = ? AND from_me = 0)`
          ).run(number)
        return changed
      })
      .immediate()
  }

  /**
   * Deletes a conversation and the messages it received, in one transaction; null when there is no such
   * conversation. Their events keep their identities (a webhook posted again is counted as a duplicate, never a
   * message back) but not their bodies; one still to be applied (a possible opt-out keyword) keeps its body until it
   * is (InboxStore.settleMany). The chat is marked cleared at `now`: what was sent to it before stays in the outbox
   * and leaves the chat's thread. The files on disk are the caller's to remove once this has committed.
   */
  delete(conversationId: number, now: number): DeletedConversation | null {
    // What goes is overwritten, not only unlinked (secure_delete, set where the database is opened; the search index
    // drops its entries for good, by a migration), and the log that still holds the pages as they were is emptied.
    const deleted = this.deleteInTransaction(conversationId, now)
    if (deleted) emptyLog(this.db)
    return deleted
  }

  private deleteInTransaction(conversationId: number, now: number): DeletedConversation | null {
    return this.db
      .transaction(() => {
        const conversation = this.prepare(
          'SELECT device_key, chat_id FROM inbox_conversations WHERE id = ?'
        ).get(conversationId) as { device_key: string; chat_id: string } | undefined
        if (!conversation) return null
        const messages = this.prepare(
          'SELECT number, media_state FROM inbox_messages WHERE conversation_id = ?'
        ).all(conversationId) as { number: number; media_state: string | null }[]
        const highest = messages.reduce((max, m) => Math.max(max, m.number), 0)
        this.prepare(
          `INSERT INTO inbox_message_numbers (id, highest) VALUES (1, ?)
             ON CONFLICT (id) DO UPDATE SET highest = max(highest, excluded.highest)`
        ).run(highest)
        this.prepare(
          `UPDATE inbox_events SET payload = ? WHERE applied = 1
             AND id IN (SELECT event_id FROM inbox_messages WHERE conversation_id = ?)`
        ).run(DELETED_EVENT_PAYLOAD, conversationId)
        this.prepare(
          `UPDATE inbox_events SET payload = json_set(json_remove(payload, '$.body'), '$.bodyDeleted', json('true'))
            WHERE kind = 'refused' AND instr(json_extract(payload, '$.body'), ?) > 0`
        ).run(chatAsWrittenInBodies(conversation.chat_id))
        this.prepare('DELETE FROM inbox_messages WHERE conversation_id = ?').run(conversationId)
        this.prepare('DELETE FROM inbox_conversations WHERE id = ?').run(conversationId)
        this.prepare(
          `INSERT INTO inbox_cleared_chats (device_key, chat_id, cleared_at) VALUES (?, ?, ?)
             ON CONFLICT (device_key, chat_id) DO UPDATE SET cleared_at = excluded.cleared_at`
        ).run(conversation.device_key, conversation.chat_id, now)
        return {
          messages: messages.length,
          fetchedFiles: messages.filter((m) => m.media_state === 'fetched').map((m) => m.number)
        }
      })
      .immediate()
  }

  /** When the operator last deleted the conversation with this chat on this device, or null. */
  clearedAt(deviceKey: string, chatId: string): number | null {
    const row = this.prepare(
      'SELECT cleared_at FROM inbox_cleared_chats WHERE device_key = ? AND chat_id = ?'
    ).get(deviceKey, chatId) as { cleared_at: number } | undefined
    return row?.cleared_at ?? null
  }

  /** clearedAt for many chats at once (a page of conversations), in the order asked. */
  clearedAtOf(chats: readonly { deviceKey: string; chatId: string }[]): (number | null)[] {
    if (chats.length === 0) return []
    const rows = this.prepare(
      `SELECT c.key AS at, cleared.cleared_at AS clearedAt FROM json_each(?) AS c
       JOIN inbox_cleared_chats AS cleared
         ON cleared.device_key = json_extract(c.value, '$[0]') AND cleared.chat_id = json_extract(c.value, '$[1]')`
    ).all(JSON.stringify(chats.map((chat) => [chat.deviceKey, chat.chatId]))) as {
      at: number
      clearedAt: number
    }[]
    const cleared: (number | null)[] = chats.map(() => null)
    for (const row of rows) cleared[row.at] = row.clearedAt
    return cleared
  }

  /**
   * Which of these chats' numbers are on the opt-out list, in one read for a page of rows (a row says so, QA67: only
   * the thread told). A group's id is never on it.
   */
  optedOutAmong(chatIds: readonly string[]): Set<string> {
    if (chatIds.length === 0) return new Set()
    const rows = this.prepare(
      'SELECT o.phone AS phone FROM opt_outs AS o WHERE o.phone IN (SELECT value FROM json_each(?))'
    ).all(JSON.stringify([...new Set(chatIds)])) as { phone: string }[]
    return new Set(rows.map((row) => row.phone))
  }

  setArchived(conversationId: number, archived: boolean): boolean {
    return (
      this.prepare('UPDATE inbox_conversations SET archived = ? WHERE id = ? AND archived <> ?').run(
        archived ? 1 : 0,
        conversationId,
        archived ? 1 : 0
      ).changes > 0
    )
  }

  /**
   * Messages whose text holds every word of `term` (the trigram index for the words of three characters or more, a
   * scan when there is none), newest first, `before` a message number, each with its conversation's id; and the
   * conversations whose contact name, push name or group subject holds every word of `term`, or whose number holds it
   * (a scan of the conversations, one row per chat: thousands, not the messages' hundred thousands, each contact read
   * by its number), unless `withConversations` is false (a later page, which may still start from the newest message).
   */
  search(
    term: string,
    limit: number,
    before?: number,
    withConversations = before === undefined
  ): { messages: FoundMessage[]; conversations: ConversationRecord[] } {
    const trimmed = term.trim()
    if (trimmed === '') return { messages: [], conversations: [] }
    const like = containsPattern(trimmed)
    // Every word folded as the index folds text (accents and case aside: fts-fold.cases.ts), the short ones too; each
    // held by the message's text or its file's name (a document sent without a caption: QA61).
    const { match, short } = foldedSearchWords(`{${MESSAGE_SEARCHED.join(' ')}}`, trimmed)
    const tests = short.map((word) =>
      anyHoldsAccentsAside(
        MESSAGE_SEARCHED.map((column) => `m.${column}`),
        word
      )
    )
    const shortWords = tests.map((test) => ` AND ${test.sql}`).join('')
    const shortParams = tests.flatMap((test) => test.params)
    const numbers = (
      match === null && short.length === 0
        ? [] // Marks alone: no word, and no text holds it.
        : match !== null
          ? // The index's rowid is the message's number: the index gives the order and the keyset, the few short
            // words are checked on the rows it found.
            this.prepare(
              `SELECT s.rowid FROM inbox_messages_search s${short.length > 0 ? ' JOIN inbox_messages m ON m.number = s.rowid' : ''}
                 WHERE inbox_messages_search MATCH ?${shortWords}${before === undefined ? '' : ' AND s.rowid < ?'}
                 ORDER BY s.rowid DESC LIMIT ?`
            )
              .pluck()
              .all(match, ...shortParams, ...(before === undefined ? [] : [before]), limit)
          : this.prepare(
              `SELECT m.number FROM inbox_messages m WHERE 1${shortWords}${before === undefined ? '' : ' AND m.number < ?'}
                 ORDER BY m.number DESC LIMIT ?`
            )
              .pluck()
              .all(...shortParams, ...(before === undefined ? [] : [before]), limit)
    ) as number[]
    // A number typed as Send takes it (08…, +62 …, dashed) is stored as 62… digits: those forms are looked for too.
    const number = phoneSearch(trimmed)
    // A name holds every word, in any order, as a text does: each of them in the same name. Names and words are
    // matched by their keys (contactNameKey), so "dede" finds "Pak Dédé" as the customer list does (QA46 Q46-03).
    const nameWords = searchWords(contactNameKey(trimmed)).map(containsPattern)
    // Marks alone ("\u0301") fold to no word: no name holds them.
    const holdsEveryWord = (column: string): string =>
      nameWords.length === 0
        ? '0'
        : `(${nameWords.map((_, i) => `${column} LIKE :word${i} ESCAPE '\\'`).join(' AND ')})`
    const conversations = withConversations
      ? (
          this.prepare(
            `${SELECT_CONVERSATION} WHERE ${holdsEveryWord('k.name_key')} OR ${holdsEveryWord('c.push_name_key')}
                 OR ${holdsEveryWord('c.group_subject_key')} OR c.chat_id LIKE :like ESCAPE '\\'
                 OR c.chat_id LIKE :digits OR c.chat_id LIKE :start
                 ORDER BY c.activity DESC LIMIT :limit`
          ).all({
            ...Object.fromEntries(nameWords.map((word, i) => [`word${i}`, word])),
            like,
            // Digits only (no LIKE characters); '' matches nothing when the text is not a number.
            digits: number ? `%${number.digits}%` : '',
            start: number ? `${number.start}%` : '',
            limit
          }) as ConversationRow[]
        ).map(toConversation)
      : []
    return { messages: numbers.length === 0 ? [] : this.foundMessages(numbers), conversations }
  }

  /** These conversations, newest first (a search page's messages' own: one read for all of them). */
  byIds(ids: readonly number[]): ConversationRecord[] {
    if (ids.length === 0) return []
    const rows = this.prepare(
      `${SELECT_CONVERSATION} WHERE c.id IN (SELECT value FROM json_each(?)) ORDER BY c.activity DESC`
    ).all(JSON.stringify(ids)) as ConversationRow[]
    return rows.map(toConversation)
  }

  /** The messages at these numbers, newest first, each with the conversation it is filed under. */
  private foundMessages(numbers: readonly number[]): FoundMessage[] {
    const rows = this.prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM inbox_messages WHERE number IN (SELECT value FROM json_each(?)) ORDER BY number DESC`
    ).all(JSON.stringify(numbers)) as (MessageRow & { conversation_id: number })[]
    return rows.map((row) => ({ ...toMessage(row), conversationId: row.conversation_id }))
  }

  private messagesByNumber(numbers: readonly number[], order = 'number DESC'): InboxMessageRecord[] {
    const rows = this.prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM inbox_messages WHERE number IN (SELECT value FROM json_each(?)) ORDER BY ${order}`
    ).all(JSON.stringify(numbers)) as MessageRow[]
    return rows.map(toMessage)
  }
}
