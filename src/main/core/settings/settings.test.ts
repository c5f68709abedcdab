import { describe, expect, it } from 'vitest'
import type { Settings } from '../../../shared/contract'
import { defaultSettings, SettingsService, type SettingsStorage } from './settings'

function memoryStorage(
  initial: Record<string, unknown> | null = null
): SettingsStorage & { saved: Partial<Settings>[] } {
  const saved: Partial<Settings>[] = []
  return { saved, load: () => saved.at(-1) ?? initial, save: (values) => saved.push(values) }
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

  describe('the language (QA31 Q31-01: an Indonesian computer opened in English)', () => {
    it('never chosen: the computer’s language, at every start, and a save of another setting does not fix it', () => {
      const storage = memoryStorage()
      const first = new SettingsService(storage, defaultSettings('Asia/Jakarta', 'id'))
      expect(first.get().language).toBe('id')
      first.update({ theme: 'dark' })
      expect(storage.saved.at(-1)).not.toHaveProperty('language')
      // The computer now speaks English: so does the window, as nobody chose otherwise.
      const later = new SettingsService(storage, defaultSettings('Asia/Jakarta', 'en'))
      expect(later.get()).toMatchObject({ language: 'en', theme: 'dark' })
    })

    it('chosen: the choice wins over the computer’s language, even when it is the same as the computer’s', () => {
      for (const [computer, chosen] of [
        ['id', 'en'],
        ['en', 'id'],
        ['id', 'id']
      ] as const) {
        const storage = memoryStorage()
        new SettingsService(storage, defaultSettings('Asia/Jakarta', computer)).update({ language: chosen })
        expect(storage.saved.at(-1)).toMatchObject({ language: chosen })
        const other = computer === 'id' ? 'en' : 'id'
        expect(new SettingsService(storage, defaultSettings('Asia/Jakarta', other)).get().language).toBe(
          chosen
        )
      }
    })

    it('an install that already saved English stays English on an Indonesian computer, and keeps it saved', () => {
      const storage = memoryStorage({ language: 'en', theme: 'light' })
      const service = new SettingsService(storage, defaultSettings('Asia/Jakarta', 'id'))
      expect(service.get().language).toBe('en')
      service.update({ theme: 'dark' })
      expect(storage.saved.at(-1)).toMatchObject({ language: 'en', theme: 'dark' })
    })

    it('damaged settings set aside: the computer’s language, not saved as a choice', () => {
      const storage: SettingsStorage & { saved: Partial<Settings>[] } = {
        saved: [],
        load: () => {
          throw new Error('unreadable')
        },
        save: (values) => storage.saved.push(values),
        setAside: () => 'kept'
      }
      const service = new SettingsService(storage, defaultSettings('Asia/Jakarta', 'id'))
      expect(service.get().language).toBe('id')
      service.setAsideDamaged()
      expect(storage.saved.at(-1)).not.toHaveProperty('language')
    })
  })
})
