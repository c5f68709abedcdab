// Text searched for anywhere in a column with LIKE: the operator's text taken literally.

/** `%text%` with LIKE's own characters (%, _ and the escape itself) escaped: use it with `ESCAPE '\'`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
