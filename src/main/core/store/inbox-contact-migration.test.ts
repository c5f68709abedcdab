// The migration that keeps when each mailbox's relay last answered: a cursor kept before it stays where it was, its
// last contact unknown until the next pull, which is then kept without moving the cursor.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InboxStore } from './inbox-store'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'inbox-contact-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('keeps the cursors kept before it, with no last contact until the next one', () => {
  const step = migrations.findIndex((m) => m.name === "inbox: when each mailbox's relay last answered a pull")
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  new InboxStore(old).setCursor('box', 42, 1_000)
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new InboxStore(db)
  expect(store.cursor('box')).toBe(42)
  expect(store.lastContactAt('box')).toBeNull()
  store.recordContact('box', 5_000)
  store.recordContact('new-box', 6_000)
  expect(store.cursor('box')).toBe(42)
  expect(store.cursor('new-box')).toBe(0)
  expect(store.lastContactAt('box')).toBe(5_000)
  // Before the sync has read which mailbox it follows: the latest contact of any.
  expect(store.lastContactAt(null)).toBe(6_000)
  db.close()
})
