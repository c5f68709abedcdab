// The lookup behind translation, shared by both processes, with English built in and the other tables added by
// whoever loads them: index.ts adds them all (the main process), the window adds its operator's language when it is
// chosen (src/renderer/src/i18n/strings.ts), so its start carries one table, not both (issue 29). English is the
// fallback. Plurals and numbers are worded here, once, by the language's own rules (Intl.PluralRules,
// Intl.NumberFormat).
import { en, type MessageKey } from './en'
import { formatList, formatNumber, localeOf, type Language } from './numbers'

export type { Language, MessageKey }
export { formatList, formatNumber, localeOf }
export type Params = Record<string, string | number>
export type Translate = (key: MessageKey, params?: Params) => string

const tables: Partial<Record<Language, Record<MessageKey, string>>> = { en }

/** Makes `language`'s strings available to `translate` (until then it answers in English). */
export function addStrings(language: Language, table: Record<MessageKey, string>): void {
  tables[language] = table
}

/**
 * Whether `key` names a string: in English's built-in table or in one added since. Own keys only: `in` also said yes
 * to `toString` or `constructor`, which every table inherits, and a note keyed so translated to a function's text.
 */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key) || Object.values(tables).some((table) => Object.hasOwn(table, key))
}

/** Whether `translate` has `language`'s own strings. */
export function hasStrings(language: Language): boolean {
  return tables[language] !== undefined
}

/**
 * The locale Chromium is started with for a window in `language` (`--lang`, window-locale.ts in the shell): one
 * Chromium ships, whose native date and time inputs read as the window's own formats (a 24-hour clock).
 */
export function chromiumLocaleOf(language: Language): string {
  return language === 'id' ? 'id' : 'en-GB'
}

/** Numbers that name something rather than count it: shown as they are, never grouped ("pid 12345"). */
const IDENTIFIER_PARAMS = new Set(['pid', 'code', 'serial', 'id', 'port', 'number', 'year'])

const pluralRules = new Map<string, Intl.PluralRules>()

function pluralRulesOf(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale)
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)))
  return rules
}

/**
 * `{count, plural, one {# message to {name}} other {# messages to {name}}}`: the form `Intl.PluralRules` picks for
 * the number (`#` is the number as formatted; a form may hold `{name}` placeholders, filled as anywhere else); `other`
 * when the language has no form for the category (Indonesian has only `other`).
 */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|\w+)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g
const PLURAL_FORM = /(=\d+|\w+)\s*\{((?:[^{}]|\{\w+\})*)\}/g

function selectPlurals(template: string, params: Params, language: Language): string {
  return template.replace(PLURAL, (whole, name: string, body: string) => {
    const value = params[name]
    if (typeof value !== 'number') return whole
    const forms = new Map([...body.matchAll(PLURAL_FORM)].map((m) => [m[1] ?? '', m[2] ?? '']))
    const form =
      forms.get(`=${value}`) ??
      forms.get(pluralRulesOf(localeOf(language)).select(value)) ??
      forms.get('other')
    return form === undefined ? whole : form.replace(/#/g, formatNumber(value, language))
  })
}

/**
 * `{name}` placeholders are replaced by params (numbers formatted for the language); plural forms are chosen by the
 * number; an unknown placeholder is left visible (a bug to notice).
 */
export function translate(language: Language, key: MessageKey, params?: Params): string {
  // The key itself when no table has it: only in the window, whose start has English's start strings until the rest
  // arrive (a bug test/boot/window-start.test.ts catches; shown rather than thrown).
  const template = tables[language]?.[key] ?? tables.en?.[key] ?? en[key] ?? key
  if (!params) return template
  return selectPlurals(template, params, language).replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole
    const value = params[name]
    return typeof value === 'number' && Number.isFinite(value) && !IDENTIFIER_PARAMS.has(name)
      ? formatNumber(value, language)
      : String(value)
  })
}
