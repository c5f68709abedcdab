// Which opt-out entries a search keeps: a name holding the text, or a number as Send would take it (0812…, +62 …).
import { phoneSearch } from '../../../../shared/domain'

/** Whether `entry` matches `search` (an empty search keeps every entry). */
export function matchesOptOut(entry: { phone: string; name: string | null }, search: string): boolean {
  const text = search.trim()
  if (text === '') return true
  const number = phoneSearch(text)
  if (number) return entry.phone.startsWith(number.start) || entry.phone.includes(number.digits)
  return entry.name?.toLocaleLowerCase().includes(text.toLocaleLowerCase()) ?? false
}
