// Settings store: the core's settings as last told by `app:bootstrap` / `settings:changed`, and updates.
import { create } from 'zustand'
import type { Settings } from '../../../shared/contract'
import type { Language } from '../../../shared/i18n'
import { call } from '../api'
import { computerZone } from '../i18n/dates'

interface SettingsState {
  settings: Settings | null
  /** Replace with what the core says (bootstrap, `settings:changed`, update reply). */
  set(settings: Settings): void
  /** Ask the core to change some settings; resolves with the core's full settings, rejects with its error. */
  update(patch: Partial<Settings>): Promise<Settings>
}

export const useSettings = create<SettingsState>()((set) => ({
  settings: null,
  set: (settings) => set({ settings }),
  async update(patch) {
    const settings = await call('settings:update', patch)
    set({ settings })
    return settings
  }
}))

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
