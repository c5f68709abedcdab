// A contact's name: what the operator types and what a spreadsheet's name column may teach (one line, trimmed,
// at most MAX_CONTACT_NAME_LENGTH characters).

export const MAX_CONTACT_NAME_LENGTH = 100

/** The name to keep from a typed name or a spreadsheet's cell, trimmed; null when it is empty, too long or not one line. */
export function usableContactName(text: string): string | null {
  const name = text.trim()
  if (name === '' || name.length > MAX_CONTACT_NAME_LENGTH || /[\r\n]/.test(name)) return null
  return name
}

/**
 * What the customer list sorts and searches a name by: its letters without their marks, in lower case ("Çağrı Ünal"
 * as "cagrı unal"), so "çağ", "ÇAĞ" and "cag" find it and it sorts among the C's. SQLite's NOCASE folds ASCII only
 * (QA17 Q17-08). The same function keys the kept names and what is typed, so both fold alike.
 */
export function contactNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}
