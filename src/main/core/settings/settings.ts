/** The operator's settings: defaults, validation by the contract's schema, and persistence through a small key-value port. */
import { Settings } from '../../../shared/contract'
import type { Language } from '../../../shared/i18n'
import { ApiFailure } from '../commands'
import {
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_INCOMING_MEDIA_BYTES,
  DEFAULT_TIME_ZONE,
  isValidTimeZone
} from '../../../shared/domain'

export interface SettingsStorage {
  /** The stored values; throws when they cannot be read (the settings then start from the defaults, damaged). */
  load(): Record<string, unknown> | null
  /** What to keep: every setting, except a language the operator never chose (it follows the computer's). */
  save(values: StoredSettings): void
  /** Keeps the damaged stored settings under another name, so saving starts fresh; says where they were kept. */
  setAside?(): string | null
}

/** The stored settings could not be read: which file, which part and why, and where the copy was kept once set aside. */
export interface SettingsDamage {
  file: string
  part: string
  reason: string
}

/** The settings as kept: the language only once the operator chose one (settings kept before did, and keep it). */
export type StoredSettings = Omit<Settings, 'language'> & { language?: Language }

/**
 * `language` is the computer's (the shell's `languageOfLocale(app.getLocale())`): the window's language until the
 * operator chooses one, so an Indonesian computer opens in Bahasa Indonesia (QA31 Q31-01).
 */
export function defaultSettings(
  timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE,
  language: Language = 'en'
): Settings {
  return {
    language,
    theme: 'system',
    pollIntervalSec: 30,
    // The gateway's own pacing is 10–120 s per batch of 5; one send every 2 s stays well inside it.
    pacingMs: 2_000,
    maxFileBytes: DEFAULT_MAX_FILE_BYTES,
    notifications: true,
    doNotDisturb: false,
    optOutConfirmation: '',
    maxIncomingMediaBytes: DEFAULT_MAX_INCOMING_MEDIA_BYTES,
    startAtLogin: false,
    supportContact: '',
    retentionDays: 30,
    defaultTimezone: timezone,
    allowWeakTokenStorage: false
  }
}

export class SettingsService {
  private current: Settings
  private readonly listeners = new Set<(settings: Settings) => void>()
  private damage: SettingsDamage | null = null
  /**
   * Whether the language was chosen (a save that named it), so kept; otherwise it follows the computer's at each
   * start. A stored language counts as chosen: settings kept before this distinction held the default 'en' too, and
   * an operator who has worked in English must not find the window changing language with an update.
   */
  private languageChosen = false

  constructor(
    private readonly storage: SettingsStorage,
    defaults: Settings = defaultSettings()
  ) {
    // Stored values are merged key by key so one bad or newer value never resets the others; stored settings that
    // cannot be read at all leave the settings on their defaults, marked damaged, and never stop the app.
    const stored = this.loadStored()
    const merged: Record<string, unknown> = { ...defaults }
    for (const [key, value] of Object.entries(stored)) {
      if (!(key in defaults)) continue
      const candidate = Settings.safeParse({ ...merged, [key]: value })
      if (!candidate.success) continue
      merged[key] = value
      if (key === 'language') this.languageChosen = true
    }
    this.current = Settings.parse(merged)
    if (!isValidTimeZone(this.current.defaultTimezone))
      this.current.defaultTimezone = defaults.defaultTimezone
  }

  get(): Settings {
    return { ...this.current }
  }

  /** Whether the operator chose the language (else it is the computer's, and follows it at the next start). */
  languageIsChosen(): boolean {
    return this.languageChosen
  }

  /** Why the stored settings could not be read (the defaults are in use), or null. */
  damaged(): SettingsDamage | null {
    return this.damage ? { ...this.damage } : null
  }

  /**
   * "Set aside and start fresh": the damaged copy is kept under another name and the settings in use now (the
   * defaults, or what was changed since) are saved. Also done before the first save, so no save overwrites it.
   */
  setAsideDamaged(): void {
    if (!this.damage) return
    this.storage.setAside?.()
    this.damage = null
    this.storage.save(this.toStore(this.current))
  }

  private toStore(settings: Settings): StoredSettings {
    if (this.languageChosen) return settings
    const { language: _followsTheComputer, ...kept } = settings
    return kept
  }

  private loadStored(): Record<string, unknown> {
    let stored: unknown
    try {
      stored = this.storage.load()
    } catch (error) {
      const known = error as Partial<SettingsDamage>
      this.damage = {
        file: typeof known.file === 'string' ? known.file : 'the settings store',
        part: typeof known.part === 'string' ? known.part : 'settings',
        reason: typeof known.reason === 'string' ? known.reason : String((error as Error)?.message ?? error)
      }
      return {}
    }
    if (stored === null || stored === undefined) return {}
    if (typeof stored !== 'object' || Array.isArray(stored)) {
      this.damage = { file: 'the settings store', part: 'settings', reason: 'they are not a set of settings' }
      return {}
    }
    return stored as Record<string, unknown>
  }

  update(patch: Partial<Settings>): Settings {
    const next = Settings.parse({ ...this.current, ...patch })
    if (!isValidTimeZone(next.defaultTimezone))
      throw new ApiFailure(
        'invalid_request',
        { key: 'desktop.error.unknownTimezone', params: { timezone: next.defaultTimezone } },
        'defaultTimezone'
      )
    this.current = next
    if (patch.language !== undefined) this.languageChosen = true
    if (this.damage) this.setAsideDamaged()
    else this.storage.save(this.toStore(next))
    for (const listener of this.listeners) listener(this.get())
    return this.get()
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
