// Contacts: one name a number, with where it came from (the operator, a campaign's spreadsheet, the gateway's
// contacts, a customer's push name). The operator's name is never overwritten by what is learnt; a spreadsheet's or
// the gateway's name wins over a push name (the operator's list names the customer as the business knows them, a push
// name is whatever the customer typed in WhatsApp), and between a spreadsheet and the gateway the newer one is kept.
import type Database from 'better-sqlite3'
import { learnContactName, learnContactNames, type ContactSource } from './inbox-conversations-store'
import { contactNameKey, phoneSearch } from '../../../shared/domain'
import { WRITTEN_AT } from './inbox-records'
import { ACCENTS_ASIDE_TOKENIZER, ftsFold, holdsAccentsAside, registerFoldedHolds } from './fts-fold'
import { containsPattern, searchableByIndex, searchPhrase } from './like-pattern'
import { preparedOnce } from './prepared'

export type { ContactSource } from './inbox-conversations-store'

export interface ContactRecord {
  phone: string
  name: string
  source: ContactSource
  updatedAt: number
}

/** A contact as the customer list shows it: with whether the number is on the opt-out list. */
export interface CustomerRecord extends ContactRecord {
  optedOut: boolean
}

/** Where a page of the customer list ends: the next page starts after this name and number. */
export interface CustomerPlace {
  name: string
  phone: string
}

/**
 * The customer list narrowed to one campaign: the contacts whose number a row of its spreadsheet held (a number no
 * contact has is no customer to list); with `since`, only those who wrote in a private chat (`replied`) or are on the
 * opt-out list with an entry made (`optedOut`) since the campaign started. A campaign never started has neither.
 */
export interface CampaignFilter {
  id: string
  since?: 'replied' | 'optedOut'
}

/** Sorts after every character a name can hold: a prefix's range ends just below it. */
const AFTER_EVERY_CHARACTER = '\u{10FFFF}'
/** The character after 9: a number's prefix range ends just below it. */
const AFTER_DIGITS = ':'

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

const toCustomer = (row: CustomerRow): CustomerRecord => ({
  ...toContact(row),
  optedOut: row.opted_out === 1
})

/**
 * Where the customer list's rows are on `c`: `search` a number's start (then listed by number), else a name's start
 * (by the folded name: contactNameKey, "Çağrı" as "cagri", typed text folded alike: QA17 Q17-08); `after` a page's end.
 * Each a range of an index, so a page walks it from a point.
 */
function placeTerms(text: string | undefined, after?: CustomerPlace): Terms & { order: string } {
  const search = text?.trim() ?? ''
  const number = search === '' ? null : phoneSearch(search)
  const where: string[] = []
  const params: string[] = []
  if (number) {
    where.push('c.phone >= ? AND c.phone < ?')
    params.push(number.start, number.start + AFTER_DIGITS)
    if (after) {
      where.push('c.phone > ?')
      params.push(after.phone)
    }
    return { where, params, order: 'c.phone' }
  }
  if (search !== '') {
    const key = contactNameKey(search)
    where.push('c.name_key >= ? AND c.name_key < ?')
    params.push(key, key + AFTER_EVERY_CHARACTER)
  }
  if (after) {
    // Spelled out, not as a row value: SQLite starts the index walk at the name only when it is a range of its own.
    const key = contactNameKey(after.name)
    where.push('c.name_key >= ? AND (c.name_key > ? OR c.phone > ?)')
    params.push(key, key, after.phone)
  }
  return { where, params, order: 'c.name_key, c.phone' }
}

/**
 * The picker's suggestions read each match's row to sort them when there are at most this many (about a microsecond
 * each at 1,000,000 contacts, the row a random read); beyond, they are read a stretch of names at a time (see suggest).
 */
const SORTED_MATCHES = 2_000

/** A condition on a contact's row (SQL on its columns) and its parameters in order. */
interface RowTest {
  sql: string
  params: string[]
}

/**
 * Matches read from the index in name order at a time: the stretches of names they complete are sorted, and a first
 * stretch holding more than this is walked in the index by name instead (its matches are at least this dense there).
 */
const STRETCH_MATCHES = 200

/**
 * The index in name order (migration "contacts: the trigram index in name order") keys a contact by its name's first
 * four characters, 7 bits each (from U+007F on, a character counts as U+007F and ends the key), above its rowid.
 */
const ROWID_BITS = 35
const KEY_CHARS = 4
const LAST_KEY_CHAR = 127
const KEY_CHAR_SPAN = LAST_KEY_CHAR + 1
const ROWID_MASK = 2 ** ROWID_BITS - 1

/**
 * Every contact's number whose name holds `text`, as a subquery for another table's `IN (…)`: the Outbox's Recipient
 * filter finds a message by the name its row shows (QA14 Q14-07), however many contacts share that name. Three
 * characters or more once folded (found through the trigram index, then checked as it folds, accents aside:
 * holdsAccentsAside); shorter text names no one (null): a letter or two is in most names.
 */
export function phonesNamedSubquery(text: string): { sql: string; params: string[] } | null {
  const folded = ftsFold(text.trim(), ACCENTS_ASIDE_TOKENIZER)
  if (!searchableByIndex(folded)) return null
  const holds = holdsAccentsAside('name', folded)
  return {
    sql: `SELECT phone FROM contacts
        WHERE rowid IN (SELECT rowid & ${ROWID_MASK} FROM contacts_search_by_name WHERE contacts_search_by_name MATCH ?)
          AND ${holds.sql}`,
    params: [searchPhrase('name', folded), ...holds.params]
  }
}

/**
 * Whether the contact numbered `phone` (a column of the outer query) has a name holding `text`: the numbers
 * phonesNamedSubquery gives, asked one number at a time (its fold alone decides; the trigram index only narrows), for
 * a list read in its own order that stops at a page. Null where phonesNamedSubquery is.
 */
export function phoneNamedTest(text: string, phone: string): { sql: string; params: string[] } | null {
  const folded = ftsFold(text.trim(), ACCENTS_ASIDE_TOKENIZER)
  if (!searchableByIndex(folded)) return null
  const holds = holdsAccentsAside('contacts.name', folded)
  return {
    sql: `EXISTS (SELECT 1 FROM contacts WHERE contacts.phone = ${phone} AND ${holds.sql})`,
    params: holds.params
  }
}

/**
 * How many contacts the trigram index finds for `text` (three characters or more once folded), counted up to `cap`
 * and no further: how common a name is, at the cost of reading that many index entries at most.
 */
export function namedContactsUpTo(text: string, cap: number): { sql: string; params: (string | number)[] } {
  return {
    sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM contacts_search_by_name WHERE contacts_search_by_name MATCH ? LIMIT ?)`,
    params: [searchPhrase('name', ftsFold(text.trim(), ACCENTS_ASIDE_TOKENIZER)), cap]
  }
}

/**
 * The names whose key starts with `stretch` (the key without its rowid): from `from`, below `below` (none: to the end).
 * Names sort by their characters' code points (BINARY), so a stretch is a run of the index by name.
 */
export function namesOfStretch(stretch: number): { from: string; below?: string } {
  let prefix = ''
  for (let at = 0; at < KEY_CHARS; at++) {
    const code = Math.floor(stretch / KEY_CHAR_SPAN ** (KEY_CHARS - 1 - at)) % KEY_CHAR_SPAN
    // The name ended here: that name alone (a NUL would count as its end too).
    if (code === 0) return { from: prefix, below: `${prefix}\u0001` }
    if (code === LAST_KEY_CHAR) return { from: `${prefix}\u007f`, below: following(prefix) }
    prefix += String.fromCodePoint(code)
  }
  return { from: prefix, below: following(prefix) }
}

/** The first text after every text that starts with `prefix` (ASCII below U+007F): none after the empty one. */
const following = (prefix: string): string | undefined =>
  prefix === ''
    ? undefined
    : prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)

/**
 * A campaign's page reads its contacts and sorts them when it keeps at most this many (a sort of 2,000 takes about a
 * millisecond); beyond, the index by name is walked, each contact asked whether the campaign held it: they are then
 * at least one in (contacts / 2,000) of the list, so a page's walk ends within about 25,000 entries at 1,000,000.
 */
const SORTED_MEMBERS = 2_000

const CUSTOMER_COLUMNS = `c.phone, c.name, c.source, c.updated_at,
              EXISTS (SELECT 1 FROM opt_outs o WHERE o.phone = c.phone) AS opted_out`

/** The campaign's numbers, each once (rows of a number written twice, and invalid rows, are not). */
const CAMPAIGN_NUMBERS = `(SELECT DISTINCT r.phone FROM campaign_rows r WHERE r.campaign_id = ? AND r.phone IS NOT NULL)`

type CustomerRow = ContactRow & { opted_out: 0 | 1 }

/** SQL terms on the contacts `c`, joined by AND, and their parameters in order. */
interface Terms {
  where: string[]
  params: (string | number)[]
}

const whereOf = (terms: Terms): string => (terms.where.length > 0 ? `WHERE ${terms.where.join(' AND ')}` : '')

export interface ContactsStoreOptions {
  /** Tests only: how many contacts a campaign may keep for its page to sort them, not walk the index by name. */
  sortedMembers?: number
  /** Tests only: how many matches are sorted at once before the index by name is walked instead. */
  sortedMatches?: number
  /** Tests only: how many matches are read from the index in name order at a time. */
  stretchMatches?: number
}

export class ContactsStore {
  private readonly sortedMatches: number
  private readonly stretchMatches: number
  private readonly sortedMembers: number

  constructor(
    private readonly db: Database.Database,
    options: ContactsStoreOptions = {}
  ) {
    // Names are tested as their index folds them, accents aside (holdsAccentsAside).
    registerFoldedHolds(db)
    this.sortedMatches = options.sortedMatches ?? SORTED_MATCHES
    this.stretchMatches = options.stretchMatches ?? STRETCH_MATCHES
    this.sortedMembers = options.sortedMembers ?? SORTED_MEMBERS
  }

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
   * A page of the customer list: by name whatever its case and marks (then number), `after` the previous page's end; `search`,
   * when it reads as a number (0812…, +62 …), keeps the numbers that start so, listed by number; otherwise the names
   * that start with it. Each walks an index from a point and stops at `limit` (the list stays quick at 100,000).
   * `campaign` keeps that campaign's contacts (pageOfCampaign).
   */
  page(options: {
    limit: number
    after?: CustomerPlace
    search?: string
    campaign?: CampaignFilter
  }): CustomerRecord[] {
    const { campaign, ...rest } = options
    if (campaign) return this.pageOfCampaign({ ...rest, campaign }).customers
    const place = placeTerms(options.search, options.after)
    const rows = preparedOnce(
      this.db,
      `SELECT ${CUSTOMER_COLUMNS} FROM contacts c ${whereOf(place)} ORDER BY ${place.order} LIMIT ?`
    ).all(...place.params, options.limit) as CustomerRow[]
    return rows.map(toCustomer)
  }

  /**
   * A page of one campaign's contacts (CampaignFilter), searched and ordered as the whole list's, and on the first page
   * (no `after`) how many the campaign and search keep in all (`total`; null on a later page: a count reads every
   * member, 50,000 for a large campaign, and the window keeps the first page's, read again from the start whenever
   * contacts or opt-outs change). Few: they are read from the campaign and sorted; many: the index by name is walked as
   * the whole list's pages walk it (SORTED_MEMBERS).
   */
  pageOfCampaign(options: {
    limit: number
    after?: CustomerPlace
    search?: string
    campaign: CampaignFilter
  }): { customers: CustomerRecord[]; total: number | null } {
    const first = options.after === undefined
    const since = this.sinceTerms(options.campaign)
    if (since === null) return { customers: [], total: first ? 0 : null }
    const total = first ? this.countOf(options.campaign.id, since, placeTerms(options.search)) : null
    if (total === 0) return { customers: [], total }
    // A later page only asks whether the set is over SORTED_MEMBERS: at most that many matches read, not all.
    const sorted =
      total !== null
        ? total <= this.sortedMembers
        : this.keptUpTo(options.campaign.id, since, placeTerms(options.search), this.sortedMembers + 1) <=
          this.sortedMembers
    const place = placeTerms(options.search, options.after)
    const sql = sorted
      ? `SELECT ${CUSTOMER_COLUMNS} FROM ${CAMPAIGN_NUMBERS} AS members CROSS JOIN contacts c ON c.phone = members.phone
            ${whereOf({ where: [...since.where, ...place.where], params: [] })} ORDER BY ${place.order} LIMIT ?`
      : `SELECT ${CUSTOMER_COLUMNS} FROM contacts c
            WHERE ${[
              ...place.where,
              'EXISTS (SELECT 1 FROM campaign_rows r WHERE r.campaign_id = ? AND r.phone = c.phone)',
              ...since.where
            ].join(' AND ')}
            ORDER BY ${place.order} LIMIT ?`
    const params = sorted
      ? [options.campaign.id, ...since.params, ...place.params]
      : [...place.params, options.campaign.id, ...since.params]
    const rows = preparedOnce(this.db, sql).all(...params, options.limit) as CustomerRow[]
    return { customers: rows.map(toCustomer), total }
  }

  /** How many contacts a campaign (CampaignFilter) and a search keep: a campaign's page's total. */
  countInCampaign(options: { campaign: CampaignFilter; search?: string }): number {
    const since = this.sinceTerms(options.campaign)
    return since === null ? 0 : this.countOf(options.campaign.id, since, placeTerms(options.search))
  }

  /** How many contacts the campaign, `since` and `place` keep, read up to `cap` and no further. */
  private keptUpTo(campaignId: string, since: Terms, place: Terms, cap: number): number {
    return preparedOnce(
      this.db,
      `SELECT 1 FROM ${CAMPAIGN_NUMBERS} AS members CROSS JOIN contacts c ON c.phone = members.phone
        ${whereOf({ where: [...since.where, ...place.where], params: [] })} LIMIT ?`
    ).all(campaignId, ...since.params, ...place.params, cap).length
  }

  private countOf(campaignId: string, since: Terms, place: Terms): number {
    return preparedOnce(
      this.db,
      `SELECT COUNT(*) FROM ${CAMPAIGN_NUMBERS} AS members CROSS JOIN contacts c ON c.phone = members.phone
        ${whereOf({ where: [...since.where, ...place.where], params: [] })}`
    )
      .pluck()
      .get(campaignId, ...since.params, ...place.params) as number
  }

  /**
   * The terms `since` adds (none without it); null when nobody can meet them: a campaign not there, or never started
   * for `since`. A reply is a customer's message in their private chat written since the start (WRITTEN_AT, as the
   * thread orders them); an opt-out, an entry of the list added since then.
   */
  private sinceTerms(campaign: CampaignFilter): Terms | null {
    const startedAt = preparedOnce(this.db, 'SELECT started_at FROM campaigns WHERE id = ?')
      .pluck()
      .get(campaign.id) as number | null | undefined
    if (startedAt === undefined) return null
    if (campaign.since === undefined) return { where: [], params: [] }
    if (startedAt === null) return null
    const where =
      campaign.since === 'replied'
        ? `EXISTS (SELECT 1 FROM inbox_messages m WHERE m.chat_id = c.phone AND m.is_group = 0 AND m.from_me = 0
             AND ${WRITTEN_AT} >= ?)`
        : 'EXISTS (SELECT 1 FROM opt_outs o WHERE o.phone = c.phone AND o.added_at >= ?)'
    return { where: [where], params: [startedAt] }
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

  /**
   * Contacts whose name or number holds `text`, then groups whose subject holds it, at most `limit` of each. Subjects
   * match by their keys (contactNameKey, the typed text folded alike), as the inbox's search finds them: "cecile" finds
   * "Arisan Cécile".
   */
  suggest(
    text: string,
    limit: number
  ): { chatId: string; name: string; isGroup: boolean; optedOut?: boolean }[] {
    const term = text.trim()
    const folded = ftsFold(term, ACCENTS_ASIDE_TOKENIZER)
    // A contact's name as its index folds it ("dede" finds "Dédé"), its number as typed.
    const holds = holdsAccentsAside('name', folded)
    const test = {
      sql: `(${holds.sql} OR phone LIKE ? ESCAPE '\\')`,
      params: [...holds.params, containsPattern(term)]
    }
    // Marks alone ("\u0301") fold to nothing: no name holds them, nor a number.
    const contacts = folded === '' && term !== '' ? [] : this.suggestContacts(folded, test, limit)
    const key = contactNameKey(term)
    // Marks alone ("\u0301") fold to nothing: no subject holds them.
    const groups =
      key === '' && term !== ''
        ? []
        : (preparedOnce(
            this.db,
            `SELECT chat_id AS chatId, group_subject AS name FROM inbox_conversations
              WHERE is_group = 1 AND group_subject_key LIKE ? ESCAPE '\\'
              GROUP BY chat_id HAVING last_number = MAX(last_number) ORDER BY group_subject LIMIT ?`
          ).all(containsPattern(key), limit) as { chatId: string; name: string }[])
    // QA71: a number on the opt-out list is said as it is suggested, not only once Send is refused (a key lookup each).
    const listed = preparedOnce(this.db, 'SELECT 1 FROM opt_outs WHERE phone = ?')
    return [
      ...contacts.map((c) => ({
        ...c,
        isGroup: false,
        ...(listed.get(c.chatId) === undefined ? {} : { optedOut: true })
      })),
      ...groups.map((g) => ({ ...g, isGroup: true }))
    ]
  }

  /**
   * The first `limit` contacts by name and number whose name or number holds `term`: what a LIKE scan of every contact
   * sorted would answer (asked at each keystroke, that was 90–130 ms at 1,000,000 contacts). `test` (the name as the
   * index folds it, the number by LIKE) still decides each row, after the trigram index has found the candidates;
   * `term` is folded.
   */
  private suggestContacts(term: string, test: RowTest, limit: number): { chatId: string; name: string }[] {
    if (!searchableByIndex(term)) {
      // One or two characters are too short for the trigram index: the index by name is walked in the picker's order
      // and the walk stops at the limit. A letter or two are in most names, so it ends within a few hundred entries;
      // a rare pair reads the whole index (about the old cost, without its sort) until the third character.
      return this.walkByName(test, limit)
    }
    const phrase = searchPhrase('{name phone}', term)
    const matches = preparedOnce(
      this.db,
      `SELECT rowid & ${ROWID_MASK} FROM contacts_search_by_name WHERE contacts_search_by_name MATCH ? LIMIT ?`
    )
      .pluck()
      .all(phrase, this.sortedMatches + 1) as number[]
    if (matches.length <= this.sortedMatches) return this.sorted(matches, test, limit)
    // Many matches ("ang", a common first name): sorting them all reads every one's row (20 ms for 20,000), and a
    // walk of the index by name reached those that gather late in the alphabet ("Zainal") only after 170,000 names.
    // The index's matches come a stretch of names (their first four characters) at a time, in name order: the
    // stretches a read completes are sorted, and a stretch with more matches than a read is walked in the index by
    // name, where they are dense. Either way a read ends at the suggestions' first stretches.
    const found: { chatId: string; name: string }[] = []
    let fromStretch = 0
    while (found.length < limit) {
      const read = preparedOnce(
        this.db,
        `SELECT rowid >> ${ROWID_BITS} AS stretch, rowid & ${ROWID_MASK} AS id FROM contacts_search_by_name
          WHERE contacts_search_by_name MATCH ? AND rowid >= (? << ${ROWID_BITS}) ORDER BY rowid LIMIT ?`
      ).all(phrase, fromStretch, this.stretchMatches + 1) as { stretch: number; id: number }[]
      const last = read.at(-1)
      if (!last) break
      const whole = read.length <= this.stretchMatches
      const completed = whole ? read : read.filter((match) => match.stretch < last.stretch)
      if (completed.length > 0) {
        found.push(
          ...this.sorted(
            completed.map((match) => match.id),
            test,
            limit - found.length
          )
        )
        if (whole) break
        fromStretch = last.stretch
      } else {
        found.push(...this.walkStretch(last.stretch, test, limit - found.length))
        fromStretch = last.stretch + 1
      }
    }
    return found
  }

  /** Of the contacts with these rowids, those `test` keeps, the first `limit` by name and number. */
  private sorted(
    rowids: readonly number[],
    test: RowTest,
    limit: number
  ): { chatId: string; name: string }[] {
    return preparedOnce(
      this.db,
      `SELECT phone AS chatId, name FROM contacts WHERE rowid IN (SELECT value FROM json_each(?))
         AND ${test.sql} ORDER BY name, phone LIMIT ?`
    ).all(JSON.stringify(rowids), ...test.params, limit) as { chatId: string; name: string }[]
  }

  /** The contacts `test` keeps whose names are in `stretch`, the first `limit` of them in the index by name. */
  private walkStretch(stretch: number, test: RowTest, limit: number): { chatId: string; name: string }[] {
    const { from, below } = namesOfStretch(stretch)
    const names = below === undefined ? [from] : [from, below]
    return preparedOnce(
      this.db,
      `SELECT phone AS chatId, name FROM contacts WHERE name >= ?${below === undefined ? '' : ' AND name < ?'}
         AND ${test.sql} ORDER BY name, phone LIMIT ?`
    ).all(...names, ...test.params, limit) as { chatId: string; name: string }[]
  }

  /** The contacts `test` keeps in the index by name and number, the first `limit` of them. */
  private walkByName(test: RowTest, limit: number): { chatId: string; name: string }[] {
    return preparedOnce(
      this.db,
      `SELECT phone AS chatId, name FROM contacts WHERE ${test.sql} ORDER BY name, phone LIMIT ?`
    ).all(...test.params, limit) as { chatId: string; name: string }[]
  }

  get(phone: string): ContactRecord | undefined {
    const row = this.db.prepare('SELECT * FROM contacts WHERE phone = ?').get(phone) as ContactRow | undefined
    return row && toContact(row)
  }

  /** Keeps a name unless the number has one from a source that wins (the operator's wins over every other). */
  learn(phone: string, name: string, source: ContactSource, now: number): boolean {
    return learnContactName(this.db, phone, name, source, now)
  }

  /**
   * The operator's name for a number not kept yet; a kept one (under any name and source) is answered as it is and
   * left alone. One IMMEDIATE transaction: a name learnt between the look and the write cannot be replaced.
   */
  add(phone: string, name: string, now: number): ContactRecord | undefined {
    return this.db
      .transaction(() => {
        const kept = this.get(phone)
        if (!kept) this.learn(phone, name, 'operator', now)
        return kept
      })
      .immediate()
  }

  /** Many names at once (a spreadsheet, the gateway's list), in one transaction; answers how many were kept. */
  learnMany(entries: readonly { phone: string; name: string }[], source: ContactSource, now: number): number {
    return this.db.transaction(() => learnContactNames(this.db, entries, source, now)).immediate()
  }

  /** A customer put back exactly as they were (Undo), over whatever the number has now. */
  restore(contact: { phone: string; name: string; source: ContactSource; updatedAt: number }): void {
    this.db
      .prepare(
        `INSERT INTO contacts (phone, name, name_key, source, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (phone) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
           source = excluded.source, updated_at = excluded.updated_at`
      )
      .run(contact.phone, contact.name, contactNameKey(contact.name), contact.source, contact.updatedAt)
  }

  remove(phone: string): boolean {
    return this.db.prepare('DELETE FROM contacts WHERE phone = ?').run(phone).changes > 0
  }
}
