// Translation in the window: `useT()` gives `t(key, params)` in the operator's language (from settings). The tables
// and the lookup live in src/shared/i18n, shared with the main process; the settings store holds a language only once
// its strings are in (./strings.ts).
import { useCallback } from 'react'
import { useSettings } from '../stores/settings'
import { translate, type Language, type Translate } from '../../../shared/i18n/translate'

export {
  chromiumLocaleOf,
  formatList,
  formatNumber,
  localeOf,
  translate
} from '../../../shared/i18n/translate'
export type { Language, MessageKey, Params, Translate } from '../../../shared/i18n/translate'

/**
 * A line kept past the render it was made in (a store's, a draft's), said in the language it is drawn in: `t` speaks
 * `language`. Never kept as words, which stayed in the old language after Settings changed it (QA73, issue 29 point 6).
 */
export type SaidLine = (t: Translate, language: Language) => string

export function useLanguage(): Language {
  return useSettings((state) => state.settings?.language ?? 'en')
}

export function useT(): Translate {
  const language = useLanguage()
  return useCallback((key, params) => translate(language, key, params), [language])
}
