// Translation in the window: `useT()` gives `t(key, params)` in the operator's language (from settings). The tables
// and the lookup live in src/shared/i18n, shared with the main process.
import { useCallback } from 'react'
import { useSettings } from '../stores/settings'
import { translate, type Language, type Translate } from '../../../shared/i18n'

export { localeOf, messages, translate } from '../../../shared/i18n'
export type { Language, MessageKey, Params, Translate } from '../../../shared/i18n'

export function useLanguage(): Language {
  return useSettings((state) => state.settings?.language ?? 'en')
}

export function useT(): Translate {
  const language = useLanguage()
  return useCallback((key, params) => translate(language, key, params), [language])
}
