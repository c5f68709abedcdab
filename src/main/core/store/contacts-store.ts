// Contacts: one name a number, with where it came from (the operator, a campaign's spreadsheet, the gateway's
// contacts, a customer's push name). The operator's name is never overwritten by what is learnt; a spreadsheet's or
// the gateway's name wins over a push name (the operator's list names the customer as the business knows them, a push
// name is whatever the customer typed in WhatsApp), and between a spreadsheet and the gateway the newer one is kept.
import type Database from 'better-sqlite3'
import { learnContactName, learnContactNames, type ContactSource } from './inbox-conversations-store'
import { containsPattern } from './like-pattern'
import { preparedOnce } from './prepared'

export type { ContactSource } from './inbox-conversations-store'

export interface ContactRecord {
  phone: string
  name: string
  source: ContactSource
  updatedAt: number
}

interface ContactRow {
  phone: string
  name: string
  source: ContactSource
  updated_at: number
}

const toContact = (row: ContactRow): ContactRecord => ({
  phone: row.phone,
  name: row.name,
  source: row.source,
  updatedAt: row.updated_at
})

export class ContactsStore {
  constructor(private readonly db: Database.Database) {}

  /** By number, `after` the previous page's last number; `search` keeps names or numbers holding it. */
  list(options: { limit: number; after?: string; search?: string }): ContactRecord[] {
    const where: string[] = []
    const params: (string | number)[] = []
    if (options.after !== undefined) {
      where.push('phone > ?')
      params.push(options.after)
    }
    const search = options.search?.trim()
    if (search) {
      const like = containsPattern(search)
      where.push(`(name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\')`)
      params.push(like, like)
    }
    const rows = this.db
      .prepare(
        `SELECT * FROM contacts ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY phone LIMIT ?`
      )
      .all(...params, options.limit) as ContactRow[]
    return rows.map(toContact)
  }

  /**
   * The names of many chats in one query: a number's contact name, a group's subject from the inbox's group
   * conversations (the most recent one when devices know it under several); chats with neither are left out.
   */
  names(chats: readonly string[]): { chatId: string; name: string }[] {
    if (chats.length === 0) return []
    const list = JSON.stringify(chats)
    // Prepared once: the window asks at every turn of a scroll that draws new rows, the picker at every keystroke.
    return preparedOnce(
      this.db,
      `SELECT phone AS chatId, name FROM contacts WHERE phone IN (SELECT value FROM json_each(?))
         UNION ALL
         SELECT chat_id AS chatId, group_subject AS name FROM (
           SELECT chat_id, group_subject, ROW_NUMBER() OVER (PARTITION BY chat_id ORDER BY last_number DESC) AS n
             FROM inbox_conversations
            WHERE is_group = 1 AND group_subject IS NOT NULL AND chat_id IN (SELECT value FROM json_each(?))
         ) WHERE n = 1`
    ).all(list, list) as { chatId: string; name: string }[]
  }

  /** Contacts whose name or number holds `text`, then groups whose subject holds it, at most `limit` of each. */
  suggest(text: string, limit: number): { chatId: string; name: string; isGroup: boolean }[] {
    const like = containsPattern(text.trim())
    const contacts = preparedOnce(
      this.db,
      `SELECT phone AS chatId, name FROM contacts
        WHERE name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\' ORDER BY name, phone LIMIT ?`
    ).all(like, like, limit) as { chatId: string; name: string }[]
    const groups = preparedOnce(
      this.db,
      `SELECT chat_id AS chatId, group_subject AS name FROM inbox_conversations
        WHERE is_group = 1 AND group_subject LIKE ? ESCAPE '\\'
        GROUP BY chat_id HAVING last_number = MAX(last_number) ORDER BY group_subject LIMIT ?`
    ).all(like, limit) as { chatId: string; name: string }[]
    return [
      ...contacts.map((c) => ({ ...c, isGroup: false })),
      ...groups.map((g) => ({ ...g, isGroup: true }))
    ]
  }

  get(phone: string): ContactRecord | undefined {
    const row = this.db.prepare('SELECT * FROM contacts WHERE phone = ?').get(phone) as ContactRow | undefined
    return row && toContact(row)
  }

  /** Keeps a name unless the number has one from a source that wins (the operator's wins over every other). */
  learn(phone: string, name: string, source: ContactSource, now: number): boolean {
    return learnContactName(this.db, phone, name, source, now)
  }

  /** Many names at once (a spreadsheet, the gateway's list), in one transaction; answers how many were kept. */
  learnMany(entries: readonly { phone: string; name: string }[], source: ContactSource, now: number): number {
    return this.db.transaction(() => learnContactNames(this.db, entries, source, now)).immediate()
  }

  remove(phone: string): boolean {
    return this.db.prepare('DELETE FROM contacts WHERE phone = ?').run(phone).changes > 0
  }
}
