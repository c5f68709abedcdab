// What the Outbox's text field searches: a message's text, and a file's name (a document sent without a caption has no
// text: an operator's probe found nothing they remembered of it). Migration 55 put the name in the full-text index.
import { anyHoldsAccentsAside } from './fts-fold'
import { searchableByIndex, searchPhrase } from './like-pattern'

const TEXT_SEARCHED = ['text', 'file_name'] as const

/** The text field's phrase for the index, or null when the text is too short for it (under three characters). */
export function textPhrase(text: string): string | null {
  return searchableByIndex(text) ? searchPhrase(`{${TEXT_SEARCHED.join(' ')}}`, text) : null
}

/** The text field's condition tested item by item (a text too short for the index): the text or the name holds it. */
export function textHolds(text: string): { sql: string; params: string[] } {
  return anyHoldsAccentsAside(TEXT_SEARCHED, text)
}
