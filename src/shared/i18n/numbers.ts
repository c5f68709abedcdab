// Numbers in each language's digits and grouping, with no table of strings: the CLI's counts and the window's
// start read them without loading either language's strings (a --help compiled both tables, ~280 kB).
export type Language = 'en' | 'id'

/** BCP 47 locale for Intl formatting. */
export function localeOf(language: Language): string {
  return language === 'id' ? 'id-ID' : 'en-GB'
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/** How each language separates thousands in a whole number, as `Intl.NumberFormat` does for its locale. */
const THOUSANDS: Record<Language, string> = { en: ',', id: '.' }

/**
 * A whole number grouped by thousands, as `Intl.NumberFormat` groups it for both languages (i18n.test.ts holds the
 * two side by side). Without making one: the window's first `Intl.NumberFormat` took ~25 ms of its start's main
 * thread in the window bench, and the shell shows a count (issue 29).
 */
function groupWhole(value: number, language: Language): string {
  const digits = String(Math.abs(value))
  const groups: string[] = []
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end))
  return (value < 0 ? '-' : '') + groups.join(THOUSANDS[language])
}

/** A count in the language's digits and grouping: 12,345 (English) or 12.345 (Indonesian). */
export function formatNumber(value: number, language: Language): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return groupWhole(value, language)
  const locale = localeOf(language)
  let format = numberFormats.get(locale)
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)))
  return format.format(value)
}

/** Names as one list in the language's words: "Front office and Test line", "Front office dan Test line". */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(items)
}
