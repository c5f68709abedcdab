// The window's strings beyond English, loaded when the operator's language is chosen: the start carries English
// only (the fallback, built into shared/i18n/translate.ts), and Indonesian is a chunk of its own (issue 29: each
// table is about 85 kB of the start's script).
import { addStrings, hasStrings, type Language } from '../../../shared/i18n/translate'

const loading = new Map<Language, Promise<boolean>>()

/**
 * Resolves once `language`'s strings are available to `translate`: true, or false if they could not be loaded (the
 * window then speaks English, its fallback, and the next call tries again).
 */
export function loadStrings(language: Language): Promise<boolean> {
  if (hasStrings(language)) return Promise.resolve(true)
  let load = loading.get(language)
  if (!load) {
    load = import('../../../shared/i18n/id').then(
      ({ id }) => {
        addStrings('id', id)
        return true
      },
      () => {
        loading.delete(language)
        return false
      }
    )
    loading.set(language, load)
  }
  return load
}
