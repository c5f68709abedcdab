// The Outbox's Recipient filter by a contact's name (QA14 Q14-07): which way to read the messages to the contacts
// named so, by how common the name is.
import type Database from 'better-sqlite3'
import { namedContactsUpTo, phoneNamedTest, phonesNamedSubquery } from './contacts-store'
import { searchPhrase } from './like-pattern'

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

/** The recipient's own condition (its number holds `text`, through the outbox's index) or that of the contacts. */
const numberOr = (text: string, named: NamedTerm): NamedTerm => ({
  sql: `(rowid IN (SELECT rowid FROM outbox_items_search WHERE outbox_items_search MATCH ?) OR ${named.sql})`,
  params: [searchPhrase('recipient', text), ...named.params]
})

/**
 * The condition "sent to a number holding `text`, or to a contact whose name holds it" on outbox_items: `whole` for
 * every match at once (a total, a count by device, an export), read from whichever side is smaller (the contacts so
 * named, through the trigram index and the outbox's index by recipient, or the outbox, asking each item's contact);
 * `page` for a page newest first (a common name walks the outbox, see NAMED_WALK_FROM). Null when `text` names no one
 * (too short).
 */
export function recipientNamedTerms(
  prepare: (sql: string) => Database.Statement,
  text: string,
  outboxItems: number,
  walkFrom: number
): { whole: NamedTerm; page: NamedTerm } | null {
  const hitsOf = phonesNamedSubquery(text)
  const asked = phoneNamedTest(text, 'outbox_items.recipient')
  if (!hitsOf || !asked) return null
  const fromHits = { sql: `recipient IN (${hitsOf.sql})`, params: hitsOf.params }
  const hitsUpTo = (cap: number): number => {
    const count = namedContactsUpTo(text, cap)
    return (prepare(count.sql).get(...count.params) as { n: number }).n
  }
  // A rare name reads its few contacts both ways (the index read no further than the cap); a common one walks for a
  // page, and counts from the smaller side.
  if (hitsUpTo(walkFrom + 1) <= walkFrom)
    return { whole: numberOr(text, fromHits), page: numberOr(text, fromHits) }
  const fewerHits = outboxItems > walkFrom && hitsUpTo(outboxItems + 1) <= outboxItems
  return { whole: numberOr(text, fewerHits ? fromHits : asked), page: numberOr(text, asked) }
}
