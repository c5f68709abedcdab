// Settings as JSON under keys: round trips, batch writes and deletion.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from './database'
import { SettingsStore } from './settings-store'

const dir = mkdtempSync(join(tmpdir(), 'settings-test-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('SettingsStore', () => {
  it('keeps JSON values by key, survives a reopen, and deletes', () => {
    const db = openDatabase({ dataDir: dir })
    const settings = new SettingsStore(db)
    expect(settings.get('language')).toBeUndefined()
    settings.set('language', 'id')
    settings.setMany({ pacingMs: 1500, notifications: false, window: { width: 800 } })
    db.close()

    const again = openDatabase({ dataDir: dir })
    const reopened = new SettingsStore(again)
    expect(reopened.get('language')).toBe('id')
    expect(reopened.all()).toEqual({
      language: 'id',
      notifications: false,
      pacingMs: 1500,
      window: { width: 800 }
    })
    reopened.set('language', undefined)
    reopened.delete('pacingMs')
    expect(Object.keys(reopened.all())).toEqual(['notifications', 'window'])
    again.close()
  })
})
