// The window's strings beyond its start: English's whole table (the start has its start strings only:
// english-at-start.ts) and Indonesian, each a chunk of its own loaded when needed (issue 29: each table is about 85 kB
// of script, and the first load paid 6-11 ms for English's alone).
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

let english: Promise<void> | null = null

/**
 * English's whole table, loaded once (after the shell; the views wait for it). Rejects if it cannot be loaded (a
 * damaged install): the view that waited says so with Try again, and the next call tries again.
 */
export function loadEnglish(): Promise<void> {
  // This module's import is the one the window build leaves whole (electron.vite.config.ts, englishAtStart).
  english ??= import('../../../shared/i18n/en').then(
    ({ en }) => addStrings('en', en),
    (error: unknown) => {
      english = null
      throw error
    }
  )
  return english
}
