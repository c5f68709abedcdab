// A contact's name: what the operator types and what a spreadsheet's name column may teach (one line, trimmed,
// at most MAX_CONTACT_NAME_LENGTH characters).

export const MAX_CONTACT_NAME_LENGTH = 100

/** The name to keep from a typed name or a spreadsheet's cell, trimmed; null when it is empty, too long or not one line. */
export function usableContactName(text: string): string | null {
  const name = text.trim()
  if (name === '' || name.length > MAX_CONTACT_NAME_LENGTH || /[\r\n]/.test(name)) return null
  return name
}
