/** The operator's settings: defaults, validation by the contract's schema, and persistence through a small key-value port. */
import { Settings } from '../../../shared/contract'
import { isValidTimeZone } from '../zoned-time'
import { ApiFailure } from '../commands'
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_TIME_ZONE } from '../../../shared/domain'

export interface SettingsStorage {
  load(): Record<string, unknown> | null
  save(values: Settings): void
}

export function defaultSettings(
  timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE
): Settings {
  return {
    language: 'en',
    theme: 'system',
    pollIntervalSec: 30,
    // The gateway's own pacing is 10–120 s per batch of 5; one send every 2 s stays well inside it.
    pacingMs: 2_000,
    maxFileBytes: DEFAULT_MAX_FILE_BYTES,
    notifications: true,
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

  constructor(
    private readonly storage: SettingsStorage,
    defaults: Settings = defaultSettings()
  ) {
    // Stored values are merged key by key so one bad or newer value never resets the others.
    const stored = storage.load() ?? {}
    const merged: Record<string, unknown> = { ...defaults }
    for (const [key, value] of Object.entries(stored)) {
      if (!(key in defaults)) continue
      const candidate = Settings.safeParse({ ...merged, [key]: value })
      if (candidate.success) merged[key] = value
    }
    this.current = Settings.parse(merged)
    if (!isValidTimeZone(this.current.defaultTimezone))
      this.current.defaultTimezone = defaults.defaultTimezone
  }

  get(): Settings {
    return { ...this.current }
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
    this.storage.save(next)
    for (const listener of this.listeners) listener(this.get())
    return this.get()
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
