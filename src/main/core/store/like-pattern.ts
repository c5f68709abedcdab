// Text searched for anywhere in a column: with LIKE, or with a trigram full-text index for three characters or more;
// the operator's text taken literally either way.

/** `%text%` with LIKE's own characters (%, _ and the escape itself) escaped: use it with `ESCAPE '\'`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The full-text index finds substrings of three characters or more (it indexes trigrams). */
export function searchableByIndex(term: string): boolean {
  return [...term].length >= 3
}

/** An FTS5 phrase in `column`: the trigram tokenizer makes it "contains this text", any character taken literally. */
export function searchPhrase(column: string, term: string): string {
  return `${column} : "${term.replaceAll('"', '""')}"`
}

/** An FTS5 query: `column` holds any one of `terms` (phrases joined by OR, in brackets to join other phrases by AND). */
export function anyPhrase(column: string, terms: readonly string[]): string {
  return `(${terms.map((term) => searchPhrase(column, term)).join(' OR ')})`
}

/**
 * `column` holds any one of `terms`, by LIKE: one for each, joined by OR (as the opt-out list's search of a number's
 * start or its digits: CampaignStore.optOutsPage).
 */
export function containsAny(column: string, terms: readonly string[]): { sql: string; params: string[] } {
  return {
    sql: `(${terms.map(() => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    params: terms.map(containsPattern)
  }
}

/**
 * The words of a search (split at white space, each once): text matches when it holds every one of them, in any order
 * and apart (QA27 Q27-07).
 */
export function searchWords(text: string): string[] {
  return [
    ...new Set(
      text
        .trim()
        .split(/\s+/)
        .filter((word) => word !== '')
    )
  ]
}

/**
 * Text that holds every word of `text` (searchWords): the words the index can find as one FTS5 query of phrases joined
 * by AND (null when none is three characters long), and the shorter ones as LIKE patterns that narrow what it found
 * (or, without an indexed word, what a scan reads).
 */
export function allWords(column: string, text: string): { match: string | null; likes: string[] } {
  const words = searchWords(text)
  const indexed = words.filter(searchableByIndex)
  return {
    match: indexed.length === 0 ? null : indexed.map((word) => searchPhrase(column, word)).join(' AND '),
    likes: words.filter((word) => !searchableByIndex(word)).map(containsPattern)
  }
}
