// Settings store: the core's settings as last told by `app:bootstrap` / `settings:changed`, and updates.
import { create } from 'zustand'
import type { Settings } from '../../../shared/contract'
import { hasStrings, type Language } from '../../../shared/i18n/translate'
import { call } from '../api'
import { computerZone } from '../i18n/dates'
import { loadStrings } from '../i18n/strings'

interface SettingsState {
  settings: Settings | null
  /** Replace with what the core says (bootstrap, `settings:changed`, update reply). */
  set(settings: Settings): void
  /** Ask the core to change some settings; resolves with the core's full settings, rejects with its error. */
  update(patch: Partial<Settings>): Promise<Settings>
}

/** Counts the settings handed to the store, so that one waiting for its language's strings never undoes a newer one. */
let handedIn = 0

export const useSettings = create<SettingsState>()((set) => {
  /**
   * Settings are taken as they come, except a language whose strings are not loaded yet: then once they are, so no
   * view is drawn in a language it cannot show (if they cannot be loaded, the settings are taken with English shown).
   */
  function take(settings: Settings): void {
    const mine = ++handedIn
    if (hasStrings(settings.language)) set({ settings })
    else
      void loadStrings(settings.language).then(() => {
        if (mine === handedIn) set({ settings })
      })
  }
  return {
    settings: null,
    set: take,
    async update(patch) {
      const settings = await call('settings:update', patch)
      await loadStrings(settings.language)
      take(settings)
      return settings
    }
  }
})

export function resetSettingsStore(): void {
  useSettings.setState({ settings: null })
}

/** The operator's language now, for text made outside a component (stores, error handlers). */
export function currentLanguage(): Language {
  return useSettings.getState().settings?.language ?? 'en'
}

/**
 * The operator's zone, the clock a new campaign's hours start on: the settings' default zone (which the core starts
 * as the computer's), the computer's before the settings arrive. The gateway reports no zone for a device.
 */
export function useOperatorZone(): string {
  return useSettings((s) => s.settings?.defaultTimezone) ?? computerZone()
}

/** The operator's zone now (useOperatorZone), for requests made outside a component. */
export function operatorZone(): string {
  return useSettings.getState().settings?.defaultTimezone ?? computerZone()
}
