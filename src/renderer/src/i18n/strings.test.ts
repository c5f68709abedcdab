// The window's start carries English only: Indonesian loads when the operator's language is Indonesian, and the
// settings store takes that language once its strings are in. Fresh modules per test: the shared test setup has
// already added Indonesian to its own copy.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeSettings } from '../testing/fixtures'

beforeEach(() => {
  vi.resetModules()
})

async function freshWindow(): Promise<{
  translate: typeof import('../../../shared/i18n/translate').translate
  hasStrings: typeof import('../../../shared/i18n/translate').hasStrings
  useSettings: typeof import('../stores/settings').useSettings
}> {
  const { translate, hasStrings } = await import('../../../shared/i18n/translate')
  const { useSettings } = await import('../stores/settings')
  return { translate, hasStrings, useSettings }
}

describe('strings on demand', () => {
  it('has English only at start; choosing Indonesian loads it, and the settings are taken once it is in', async () => {
    const { translate, hasStrings, useSettings } = await freshWindow()
    expect(hasStrings('en')).toBe(true)
    expect(hasStrings('id')).toBe(false)
    expect(translate('id', 'app.loading')).toBe('Starting Sender Desk…')

    useSettings.getState().set(makeSettings({ language: 'id' }))
    // Not yet: a view drawn now would show Indonesian settings in English.
    expect(useSettings.getState().settings).toBeNull()
    await vi.waitFor(() => expect(useSettings.getState().settings?.language).toBe('id'))
    expect(translate('id', 'app.loading')).toBe('Memulai Sender Desk…')
  })

  it('takes English at once, and a newer setting is not undone by one still waiting for its strings', async () => {
    const { hasStrings, useSettings } = await freshWindow()
    useSettings.getState().set(makeSettings({ language: 'id', theme: 'dark' }))
    useSettings.getState().set(makeSettings({ language: 'en', theme: 'light' }))
    expect(useSettings.getState().settings).toMatchObject({ language: 'en', theme: 'light' })
    await vi.waitFor(() => expect(hasStrings('id')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(useSettings.getState().settings).toMatchObject({ language: 'en', theme: 'light' })
  })
})
