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
