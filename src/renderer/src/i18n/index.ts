// Translation: `useT()` gives `t(key, params)` in the operator's language (from settings), English as the fallback.
import { useCallback } from 'react'
import { useSettings } from '../stores/settings'
import { en, type MessageKey } from './en'
import { id } from './id'

export type { MessageKey }
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

export function useLanguage(): Language {
  return useSettings((state) => state.settings?.language ?? 'en')
}

export function useT(): Translate {
  const language = useLanguage()
  return useCallback((key, params) => translate(language, key, params), [language])
}

/** BCP 47 locale for Intl formatting. */
export function localeOf(language: Language): string {
  return language === 'id' ? 'id-ID' : 'en-GB'
}
