import { describe, expect, it } from 'vitest'
import type { Settings } from '../../../shared/contract'
import { defaultSettings, SettingsService, type SettingsStorage } from './settings'

function memoryStorage(
  initial: Record<string, unknown> | null = null
): SettingsStorage & { saved: Settings[] } {
  const saved: Settings[] = []
  return { saved, load: () => initial, save: (values) => saved.push(values) }
}

describe('SettingsService', () => {
  it('starts from defaults and keeps each valid stored value, dropping only the bad ones', () => {
    const service = new SettingsService(
      memoryStorage({ language: 'id', pollIntervalSec: 1, theme: 'dark', unknownKey: 5 }),
      defaultSettings('Asia/Jakarta')
    )
    const settings = service.get()
    expect(settings.language).toBe('id')
    expect(settings.theme).toBe('dark')
    expect(settings.pollIntervalSec).toBe(30) // 1 s is below the minimum: default kept
    expect(settings).not.toHaveProperty('unknownKey')
  })

  it('validates updates, persists them and tells listeners', () => {
    const storage = memoryStorage()
    const service = new SettingsService(storage, defaultSettings('Asia/Jakarta'))
    const heard: Settings[] = []
    service.onChange((s) => heard.push(s))
    service.update({ supportContact: '+62 811 000', retentionDays: 7 })
    expect(storage.saved.at(-1)).toMatchObject({ supportContact: '+62 811 000', retentionDays: 7 })
    expect(heard).toHaveLength(1)
    expect(() => service.update({ pacingMs: -5 })).toThrow()
    expect(() => service.update({ defaultTimezone: 'Mars/Olympus' })).toThrow(/time zone/)
    expect(service.get().defaultTimezone).toBe('Asia/Jakarta')
  })
})
