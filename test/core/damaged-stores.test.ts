/**
 * Failures stay in their room (issue 28, point 1): the settings and the recurring series are kept in rows of the
 * outbox database, and a row that cannot be read — truncated, empty, NUL-filled, not JSON, or from a newer version —
 * puts only that feature in a "damaged" state naming the file and the part, with "set aside and start fresh" keeping
 * the damaged copy; the core still starts and sends. (A directory in the place of a file does not apply to a row:
 * the database file itself is the one store whose failure refuses startup, see test/boot/main-bundle.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { composeCore } from '../../src/main/core/compose'
import { openSettings } from '../../src/main/core/compose-command-line'
import { defaultSettings } from '../../src/main/core/settings'
import { DATABASE_FILE, openDatabase, SeriesStore, type SeriesRecord } from '../../src/main/core/store'
import { MemoryVault } from '../../src/main/core/vault'

const DAMAGED_VALUES: ReadonlyArray<[string, string, RegExp]> = [
  ['truncated', '{"language":"id","pacingMs":15', /cut off or garbled/],
  ['empty', '', /empty/],
  ['NUL-filled', '\u0000'.repeat(64), /NUL/],
  ['not JSON', 'language=id; theme=dark', /not JSON/],
  ['from a newer version (not an object any more)', '["v9", {"language":"id"}]', /not a set of settings/]
]

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sd-damaged-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function writeSettingsRow(value: string): void {
  const db = openDatabase({ dataDir: dir })
  db.prepare(
    "INSERT INTO settings (key, value) VALUES ('app.settings', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
  ).run(value)
  db.close()
}

function series(id: string, extra: Partial<SeriesRecord> = {}): SeriesRecord {
  return {
    id,
    deviceId: 'd1',
    recipients: ['6281234567890'],
    isGroup: false,
    startLocal: '2026-01-01T09:00:00',
    timeZone: 'Asia/Jakarta',
    ruleKind: 'daily',
    ruleDays: null,
    overduePolicy: 'send',
    status: 'active',
    endDate: null,
    endTimes: null,
    lastIndex: null,
    nextIndex: 0,
    nextAt: 1_000,
    occurrences: 0,
    skipped: 0,
    skippedByOperator: 0,
    lastOccurrenceAt: null,
    createdAt: 0,
    updatedAt: 0,
    entries: [
      { kind: 'text', text: 'hi', attachmentSha256: null, fileName: null, fileMime: null, fileSize: null }
    ],
    ...extra
  }
}

describe('damaged settings', () => {
  for (const [what, value, reason] of DAMAGED_VALUES) {
    it(`${what}: the defaults are used, the damage names the file and key, setting aside keeps the copy`, () => {
      writeSettingsRow(value)
      const db = openDatabase({ dataDir: dir })
      const { store, settings } = openSettings(db)
      expect(settings.get()).toEqual({
        ...defaultSettings(),
        defaultTimezone: settings.get().defaultTimezone
      })
      expect(settings.damaged()).toMatchObject({
        file: join(dir, DATABASE_FILE),
        part: 'app.settings',
        reason: expect.stringMatching(reason)
      })
      // A change made while damaged first keeps the damaged copy, then saves.
      settings.update({ language: 'id' })
      expect(settings.damaged()).toBeNull()
      expect(store.get('app.settings')).toMatchObject({ language: 'id' })
      const copy = db.prepare("SELECT value FROM settings WHERE key LIKE 'app.settings.damaged-%'").get() as {
        value: string
      }
      expect(copy.value).toBe(value)
      db.close()
      const again = openDatabase({ dataDir: dir })
      const reopened = openSettings(again).settings
      expect([reopened.damaged(), reopened.get().language]).toEqual([null, 'id'])
      again.close()
    })
  }

  it('"set aside and start fresh" without a change saves the defaults and keeps the damaged copy', () => {
    writeSettingsRow('{"language":')
    const db = openDatabase({ dataDir: dir })
    const { settings } = openSettings(db)
    settings.setAsideDamaged()
    expect(settings.damaged()).toBeNull()
    const rows = db.prepare('SELECT key, value FROM settings ORDER BY key').all() as {
      key: string
      value: string
    }[]
    expect(rows.map((row) => row.key)).toEqual([
      'app.settings',
      expect.stringMatching(/^app\.settings\.damaged-\d+$/)
    ])
    expect(rows[1]!.value).toBe('{"language":')
    db.close()
  })
})

describe('a damaged series', () => {
  const damage: ReadonlyArray<[string, (db: ReturnType<typeof openDatabase>) => void, RegExp]> = [
    [
      'truncated recipients',
      (db) => db.prepare(`UPDATE outbox_series SET recipients = '["62812' WHERE id = 'bad'`).run(),
      /cut off/
    ],
    [
      'empty recipients',
      (db) => db.prepare(`UPDATE outbox_series SET recipients = '' WHERE id = 'bad'`).run(),
      /empty/
    ],
    [
      'NUL-filled recipients',
      (db) => db.prepare(`UPDATE outbox_series SET recipients = ? WHERE id = 'bad'`).run('\u0000'.repeat(16)),
      /NUL/
    ],
    [
      'recipients not JSON',
      (db) => db.prepare(`UPDATE outbox_series SET recipients = 'a,b' WHERE id = 'bad'`).run(),
      /not JSON/
    ],
    [
      'a rule from a newer version',
      (db) => db.prepare(`UPDATE outbox_series SET rule_kind = 'hourly' WHERE id = 'bad'`).run(),
      /hourly/
    ]
  ]
  for (const [what, spoil, reason] of damage) {
    it(`${what}: set aside on its own, named, and the other series stay due`, () => {
      const db = openDatabase({ dataDir: dir })
      const store = new SeriesStore(db)
      store.insert(series('bad'), [])
      store.insert(series('good', { nextAt: 2_000 }), [])
      spoil(db)
      expect(store.due(10_000, 10).map((s) => s.id)).toEqual(['good'])
      expect(store.list().map((s) => s.id)).toEqual(['good'])
      expect(store.damaged()).toEqual([
        expect.objectContaining({
          file: join(dir, DATABASE_FILE),
          part: 'series bad',
          reason: expect.stringMatching(reason)
        })
      ])
      // Never due again, and the row is kept as it was (for recovery by hand) until the operator starts fresh.
      expect(store.due(10_000, 10).map((s) => s.id)).toEqual(['good'])
      expect(db.prepare(`SELECT count(*) AS n FROM outbox_series WHERE id = 'bad'`).get()).toEqual({ n: 1 })
      store.removeDamaged()
      expect(store.damaged()).toEqual([])
      db.close()
    })
  }
})

describe('the app with its settings and a series damaged', () => {
  it('starts, says which feature is damaged, and queues', async () => {
    writeSettingsRow('\u0000\u0000\u0000')
    const seeded = openDatabase({ dataDir: dir })
    new SeriesStore(seeded).insert(series('bad'), [])
    seeded.prepare(`UPDATE outbox_series SET recipients = 'garbage' WHERE id = 'bad'`).run()
    seeded.close()
    const core = await composeCore({
      dataDir: dir,
      vault: new MemoryVault(),
      appInfo: { version: 'test', platform: 'test' },
      pollIntervals: { idleMs: 60_000, linkingMs: 60_000, settlingMs: 60_000 }
    })
    try {
      await core.start()
      expect(core.settings.damaged()).toMatchObject({
        part: 'app.settings',
        reason: expect.stringMatching(/NUL/)
      })
      const { device } = await core.handlers['sandbox:start']({})
      const queued = await core.handlers['outbox:enqueue']({
        deviceId: device.id,
        recipients: ['081234567890'],
        isGroup: false,
        entries: [{ kind: 'text', text: 'still sending' }]
      })
      expect(queued.itemIds).toHaveLength(1)
      // The window asks what is damaged, by part and file, and sets each aside to start it fresh.
      const { parts } = await core.handlers['app:damaged']({})
      expect(parts.map((p) => p.part).sort()).toEqual(['series', 'settings'])
      expect(parts.every((p) => p.file.endsWith(DATABASE_FILE) && p.message.length > 0)).toBe(true)
      await core.handlers['app:startFresh']({ part: 'settings' })
      await core.handlers['app:startFresh']({ part: 'series' })
      expect((await core.handlers['app:damaged']({})).parts).toEqual([])
    } finally {
      await core.stop()
    }
  })
})
