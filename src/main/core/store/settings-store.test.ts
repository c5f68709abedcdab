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

  it('updates a value from what it holds, a damaged one set aside first and read as none', () => {
    const db = openDatabase({ dataDir: dir })
    const settings = new SettingsStore(db)
    const append = (value: unknown) => [...(Array.isArray(value) ? value : []), 'next']
    expect(settings.update('list', 1, append)).toEqual(['next'])
    expect(settings.update('list', 2, append)).toEqual(['next', 'next'])
    db.prepare('UPDATE settings SET value = ? WHERE key = ?').run('["half', 'list')
    expect(settings.update('list', 3, append)).toEqual(['next'])
    expect(db.prepare('SELECT value FROM settings WHERE key = ?').get('list.damaged-3')).toEqual({
      value: '["half'
    })
    expect(settings.update('list', 4, () => undefined)).toBeUndefined()
    expect(settings.get('list')).toBeUndefined()
    db.close()
  })
})
