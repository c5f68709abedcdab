// Translation shared by both processes: the window (through its React hook) and the main process (tray, notices,
// dialogs) look up the same keys in the same tables, English as the fallback.
import { en, type MessageKey } from './en'
import { id } from './id'

export type { MessageKey }
export { pacingProblemMessage } from './pacing'
export type Language = 'en' | 'id'
export type Params = Record<string, string | number>
export type Translate = (key: MessageKey, params?: Params) => string

export const messages: Record<Language, Record<MessageKey, string>> = { en, id }

/** `{name}` placeholders are replaced by params; an unknown placeholder is left visible (a bug to notice). */
export function translate(language: Language, key: MessageKey, params?: Params): string {
  const template = messages[language][key] ?? en[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole
  )
}

/** BCP 47 locale for Intl formatting. */
export function localeOf(language: Language): string {
  return language === 'id' ? 'id-ID' : 'en-GB'
}
