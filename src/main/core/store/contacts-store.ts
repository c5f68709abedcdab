// Contacts: one name a number, with where it came from (the operator, a campaign's spreadsheet, the gateway's
// contacts, a customer's push name). The operator's name is never overwritten by what is learnt.
import type Database from 'better-sqlite3'
import { learnContactName, type ContactSource } from './inbox-conversations-store'

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
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
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
    return this.db
      .transaction(
        () => entries.filter((e) => learnContactName(this.db, e.phone, e.name, source, now)).length
      )
      .immediate()
  }

  remove(phone: string): boolean {
    return this.db.prepare('DELETE FROM contacts WHERE phone = ?').run(phone).changes > 0
  }
}
