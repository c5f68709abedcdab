// The Outbox's Recipient filter: its condition on the number typed, and by a contact's name (QA14 Q14-07) which way
// to read the messages to the contacts named so, by how common the name is.
import type Database from 'better-sqlite3'
import { recipientSearchTerms } from '../../../shared/domain/recipient-search'
import { statusesOfChoices } from '../../../shared/domain/status-buckets'
import type { ItemFilter } from './outbox-records'
import { namedContactsUpTo, phoneNamedTest, phonesNamedSubquery } from './contacts-store'
import { anyPhrase, containsAny, searchableByIndex } from './like-pattern'
import type { PagePick } from './outbox-search-matches'

/**
 * A name with more contacts than this is common: a page newest first walks the outbox in its own order and asks each
 * item's contact for the name (its items are then at least one in (contacts / 2,000) of the outbox, so a page of 50
 * ends within about 25,000 items at 1,000,000 contacts), rather than read every contact so named and sort all their
 * items (0.45 s for the first page at 100,000 such of 300,000 contacts).
 */
export const NAMED_WALK_FROM = 2_000

export interface NamedTerm {
  sql: string
  params: string[]
}

/** Digits kept of a long number searched for: a number's last six are enough to find few others (see indexKey). */
const INDEX_KEY_DIGITS = 6
/**
 * A leading 62 is left out only when this many digits follow: the key then finds about one number in a thousand of
 * random digits, and checking what it found costs less than the 62's trigrams did; for fewer (`0812`: 812 alone finds
 * too many numbers to check one by one), the whole term.
 */
const NATIONAL_KEY_MIN = 4

/**
 * The part of a term a full-text index of numbers is asked for (the items', recipientNumberTerms; the numbers' own,
 * numbersHolding). Every stored number starts with its country code
 * (62…) and most with one of a few operators' prefixes (628…, 62812…), so the index's lists of those trigrams name
 * nearly every item and reading them was most of a search (a number typed from its start read 11-19 ms at 1,000,000
 * items to 50,000 numbers: bench "recipient search at…"). Digits are asked for without a leading 62 and, when longer,
 * by their last INDEX_KEY_DIGITS (a number's own end, where its digits differ); what that finds is then checked
 * against the whole term (recipientNumberTerms' `holds`). Other text is asked for as typed.
 */
function indexKey(term: string): string {
  if (!/^\d+$/.test(term)) return term
  const national = term.startsWith('62') && term.length - 2 >= NATIONAL_KEY_MIN ? term.slice(2) : term
  return national.length > INDEX_KEY_DIGITS ? national.slice(-INDEX_KEY_DIGITS) : national
}

/**
 * The Recipient filter's condition on the number, from what the operator typed (the window's twin reads it by the
 * same shared rule, recipientSearchTerms): it holds any one of its terms (two for digits typed from 0: the start of a
 * number written so far, or its last digits). `match` when the outbox's full-text index answers every term (three
 * characters or more: an FTS5 query of their index keys joined by OR, to join the list's one query), with `exact`,
 * the condition that keeps, of what the keys found, the numbers holding a whole term (null when every key is its
 * term); and `holds`, the condition on its own (by LIKE for a shorter term); null for blank text.
 */
export function recipientNumberTerms(
  typed: string
): { match: string | null; exact: NamedTerm | null; holds: NamedTerm } | null {
  const terms = recipientSearchTerms(typed)
  if (terms.length === 0) return null
  if (!terms.every(searchableByIndex))
    return { match: null, exact: null, holds: containsAny('recipient', terms) }
  const keys = terms.map(indexKey)
  const match = anyPhrase('recipient', [...new Set(keys)])
  // A plain substring test (a shortened key is always of digits), on the few rows the index found.
  const exact = keys.every((key, i) => key === terms[i])
    ? null
    : { sql: `(${terms.map(() => 'instr(recipient, ?) > 0').join(' OR ')})`, params: terms }
  const found = 'rowid IN (SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ?)'
  const holds = exact
    ? { sql: `(${found} AND ${exact.sql})`, params: [match, ...exact.params] }
    : { sql: found, params: [match] }
  return { match, exact, holds }
}

/**
 * The Recipient filter as a condition on the numbers items went to (outbox_recipients: each once, with how many items
 * went to it): a number holding any one of the terms (recipientSearchTerms), or one of `named`'s (the contacts a rare
 * name finds). The items' index lists every item's number, and every stored number shares its first trigrams
 * (628…): "084" read lists naming nearly every item, twice (the total and the page), 40 ms at 1,000,000 items to
 * 50,000 numbers (bench "recipient search at…"). The numbers are a twentieth of that there. Where it is asked instead
 * of the items' index (recipientNumberTerms): recipientByNumbers. Null for blank text.
 */
function numbersHolding(typed: string, named?: NamedTerm): NamedTerm | null {
  const terms = recipientSearchTerms(typed)
  if (terms.length === 0) return null
  // Named by table: the condition is asked inside a query of outbox_items, whose columns have the same names.
  const holding = terms.every(searchableByIndex) ? numbersFound(terms) : containsAny(NUMBER, terms)
  return named
    ? { sql: `(${holding.sql} OR ${NUMBER} IN (${named.sql}))`, params: [...holding.params, ...named.params] }
    : holding
}

const NUMBER = 'outbox_recipients.recipient'

/** The numbers the numbers' index finds for `terms` (three characters or more each), as recipientNumberTerms asks. */
function numbersFound(terms: string[]): NamedTerm {
  const keys = terms.map(indexKey)
  const found =
    'outbox_recipients.id IN (SELECT rowid FROM outbox_recipients_search WHERE outbox_recipients_search MATCH ?)'
  const match = anyPhrase('recipient', [...new Set(keys)])
  if (keys.every((key, i) => key === terms[i])) return { sql: found, params: [match] }
  return {
    sql: `(${found} AND (${terms.map(() => `instr(${NUMBER}, ?) > 0`).join(' OR ')}))`,
    params: [match, ...terms]
  }
}

/**
 * How many items went to the numbers `numbers` names, summed from the numbers' counts rather than counted item by
 * item ("084", 106,900 items of 1,000,000: about 1 ms, against 12 through the items' index): the list's total when the
 * Recipient filter is its one condition, and how many items reading by number would read otherwise.
 */
function itemsToNumbers(
  prepare: (sql: string) => Database.Statement,
  numbers: NamedTerm
): { items: number; numbers: number } {
  const sum = prepare(
    `SELECT COALESCE(SUM(items), 0) AS items, COUNT(*) AS numbers FROM outbox_recipients WHERE ${numbers.sql}`
  )
  return sum.get(...numbers.params) as { items: number; numbers: number }
}

/**
 * With a status, a device or an open batch's fence, what a page costs read each way, in entries of a newest-first
 * index walked: an item read by number costs about this many (its row for the page's order, and a sort of them all,
 * ~4 µs), an entry of the walk one (its row for the number, ~1 µs).
 */
const ITEM_READ_PER_ENTRY_WALKED = 4

/**
 * The numbers' items a chunk of an export walks the outbox newest first for: a hundredth of it (a chunk of 1,000 then
 * reads fewer than 100,000 index entries, ~30 ms, no dearer than reading and sorting the items at ~3 µs each), and
 * more than DENSE_ITEMS (fewer are read and sorted in a few ms; a list's page picks its own way: searchPagePicks).
 */
const DENSE_SHARE = 1 / 100
const DENSE_ITEMS = 1_000

/**
 * The list's conditions when the Recipient filter, by the numbers items went to (numbersHolding), is what narrows it:
 * alone, the items to those numbers (the page walks the items testing each one's number, or reads them by number when
 * they are few: searchPagePicks) and their total from the numbers' counts; with `kept`'s conditions (a status, a
 * device, an open batch's fence), counted from the index by number and a page picked as keptByNumbers says. With the
 * contacts the text names when they are few (NAMED_WALK_FROM or fewer, read no further). Null when the filter has no
 * text, another condition (a text, a time), or names more contacts (recipientNamedTerms walks for those): the items'
 * index answers then.
 */
export function recipientByNumbers(
  prepare: (sql: string) => Database.Statement,
  filter: ItemFilter,
  walkFrom: number,
  kept: { where: string[]; params: unknown[]; items: () => number }
): {
  where: string[]
  params: unknown[]
  pageWhere: string[]
  pageParams: unknown[]
  matches: number | undefined
  pagePicks?: (through: number) => PagePick[]
} | null {
  // A campaign's items (QA73) are read by its own index, as a text or a time range is: the numbers' index knows none.
  if (
    filter.text ||
    filter.from !== undefined ||
    filter.to !== undefined ||
    filter.happenedSince ||
    filter.campaignId !== undefined ||
    filter.directOnly
  )
    return null
  const typed = filter.recipient ?? ''
  const hitsOf = filter.recipientByName ? phonesNamedSubquery(typed) : null
  if (hitsOf && contactsNamedUpTo(prepare, typed, walkFrom + 1) > walkFrom) return null
  const numbers = numbersHolding(typed, hitsOf ?? undefined)
  if (!numbers) return null
  const only = `recipient IN (SELECT recipient FROM outbox_recipients WHERE ${numbers.sql})`
  const { items, numbers: numbersFound } = itemsToNumbers(prepare, numbers)
  // Every number matched (the first digits of a number typed, "0" or "628", where every number is Indonesian): the
  // filter keeps every item, and is left out rather than asked of each (its set was built twice, 17 ms at 50,000).
  const everyNumber = prepare('SELECT COUNT(*) AS n FROM outbox_recipients').get() as { n: number }
  if (numbersFound === everyNumber.n) {
    const clause = kept.where.length > 0 ? ` WHERE ${kept.where.join(' AND ')}` : ''
    return {
      where: kept.where,
      params: kept.params,
      pageWhere: kept.where,
      pageParams: kept.params,
      matches: kept.items(),
      pagePicks: () => [{ sql: `SELECT rowid FROM outbox_items${clause}`, params: kept.params }]
    }
  }
  if (kept.where.length === 0) {
    // An export's chunk is read newest first by these conditions as they are: SQLite read every item of the numbers
    // and sorted them for each chunk of 1,000 (0.4 s of "084"'s 106,900, 2 s of "628"'s 1,000,000 at 1,000,000
    // items). Many (DENSE_SHARE), they are tested walking the newest-first index instead.
    const page = items > DENSE_ITEMS && items >= kept.items() * DENSE_SHARE ? `+${only}` : only
    return {
      where: [only],
      params: numbers.params,
      pageWhere: [page],
      pageParams: numbers.params,
      matches: items
    }
  }
  return keptByNumbers(prepare, filter, numbers, only, items, kept)
}

/**
 * recipientByNumbers with a status, a device or an open batch's fence (`kept`): counted from the numbers' index, which
 * holds each item's status and device (the numbers matched, or those not matched taken from the kept counts, whichever
 * have fewer items: 970,000 of "628" with "read" at 1,000,000 items are all but nothing), and a page read by number or
 * by walking the newest first index of those conditions, whichever reads less (ITEM_READ_PER_ENTRY_WALKED). Through
 * the items' index instead, "084" with "read" took 250 ms, "628" 320, a first "0" 180 there.
 */
function keptByNumbers(
  prepare: (sql: string) => Database.Statement,
  filter: ItemFilter,
  numbers: NamedTerm,
  only: string,
  items: number,
  kept: { where: string[]; params: unknown[]; items: () => number }
): {
  where: string[]
  params: unknown[]
  pageWhere: string[]
  pageParams: unknown[]
  matches: number
  pagePicks: (through: number) => PagePick[]
} {
  // Counted in the index by number alone, each number's entries of a chosen status sought (its second column).
  const counted = (numbersIn: string): number =>
    (
      prepare(
        `SELECT COUNT(*) AS n FROM outbox_items INDEXED BY outbox_items_by_recipient
         WHERE ${[...kept.where, numbersIn].join(' AND ')}`
      ).get(...kept.params, ...numbers.params) as { n: number }
    ).n
  // A unary + keeps SQLite from reading by those conditions' indexes: the numbers' index answers them.
  const byNumber = kept.where.map((condition) => `+${condition}`)
  const where = [...byNumber, only]
  const params = [...kept.params, ...numbers.params]
  // Every item, from the kept counts (a few rows; the numbers' own would be read whole).
  const everyItem = (prepare('SELECT COALESCE(SUM(n), 0) AS n FROM outbox_counts').get() as { n: number }).n
  // `IS NOT 1`: a number the condition holds nothing of (false or unknown) is not among those matched.
  const notMatched = `recipient IN (SELECT recipient FROM outbox_recipients WHERE (${numbers.sql}) IS NOT 1)`
  const keptItems = kept.items()
  const matches = everyItem - items < items ? keptItems - counted(notMatched) : counted(only)
  const { statuses } = statusesOfChoices(filter.status ?? [])
  // One status or a device: their own index walked in the page's order; else the outbox's.
  const ownIndex = statuses.length === 1 || filter.deviceId !== undefined
  const walk = ownIndex
    ? `SELECT rowid FROM outbox_items WHERE ${[...kept.where, `+${only}`].join(' AND ')}`
    : `SELECT rowid FROM outbox_items INDEXED BY outbox_items_newest WHERE ${[...byNumber, only].join(' AND ')}`
  const walked = ownIndex ? keptItems : everyItem
  const pagePicks = (through: number): PagePick[] => [
    through * walked < matches * matches * ITEM_READ_PER_ENTRY_WALKED
      ? { sql: walk, params }
      : { sql: `SELECT rowid FROM outbox_items WHERE ${where.join(' AND ')}`, params }
  ]
  return { where, params, pageWhere: where, pageParams: params, matches, pagePicks }
}

/** How many contacts `text` names, read up to `cap` and no further (namedContactsUpTo). */
function contactsNamedUpTo(prepare: (sql: string) => Database.Statement, text: string, cap: number): number {
  const count = namedContactsUpTo(text, cap)
  return (prepare(count.sql).get(...count.params) as { n: number }).n
}

/** The recipient's own condition (its number holds what was typed) or that of the contacts. */
const numberOr = (number: NamedTerm, named: NamedTerm): NamedTerm => ({
  sql: `(${number.sql} OR ${named.sql})`,
  params: [...number.params, ...named.params]
})

/**
 * The condition "sent to a number `number` keeps (the list's own condition on the number typed: through the outbox's
 * index), or to a contact whose name holds `text`" on outbox_items: `whole` for every match at once (a total, a count
 * by device, an export), read from whichever side is smaller (the contacts so named, through the trigram index and
 * the outbox's index by recipient, or the outbox, asking each item's contact);
 * `page` for a page newest first (a common name walks the outbox, see NAMED_WALK_FROM). Null when `text` names no one
 * (too short).
 */
export function recipientNamedTerms(
  prepare: (sql: string) => Database.Statement,
  text: string,
  number: NamedTerm,
  outboxItems: number,
  walkFrom: number
): { whole: NamedTerm; page: NamedTerm } | null {
  const hitsOf = phonesNamedSubquery(text)
  const asked = phoneNamedTest(text, 'outbox_items.recipient')
  if (!hitsOf || !asked) return null
  const fromHits = { sql: `recipient IN (${hitsOf.sql})`, params: hitsOf.params }
  const hitsUpTo = (cap: number): number => contactsNamedUpTo(prepare, text, cap)
  // A rare name reads its few contacts both ways (the index read no further than the cap); a common one walks for a
  // page, and counts from the smaller side.
  if (hitsUpTo(walkFrom + 1) <= walkFrom)
    return { whole: numberOr(number, fromHits), page: numberOr(number, fromHits) }
  const fewerHits = outboxItems > walkFrom && hitsUpTo(outboxItems + 1) <= outboxItems
  return { whole: numberOr(number, fewerHits ? fromHits : asked), page: numberOr(number, asked) }
}
