// A device's sends counted by the quarter hour they went in (migration 61): a day is its quarters whichever zone names
// it, the day rows of earlier builds still count for their day, and the terminal's sends under its own id become the
// device's once the app adopts them (foldSendDays), both kinds of rows alike.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { dayBoundsOn } from '../../../shared/domain'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-send-counts-test-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** 15 Jan 2026, 03:00 UTC: 10:00 in Jakarta, 14 Jan 18:00 in Anchorage. */
const AT = Date.UTC(2026, 0, 15, 3, 0)

it('counts a day as its quarters, in the zone that names the day now', () => {
  store.countSend('dev-1', AT)
  store.countSend('dev-1', AT + 60_000)
  // 14 Jan, 23:59:59.999 UTC: the day before in UTC, the same day in Jakarta (UTC+7).
  store.countSend('dev-1', Date.UTC(2026, 0, 14, 23, 59, 59, 999))
  expect(store.sendsOn('dev-1', dayBoundsOn(AT, 'UTC'))).toBe(2)
  expect(store.sendsOn('dev-1', dayBoundsOn(AT, 'Asia/Jakarta'))).toBe(3)
  expect(store.sendsOn('dev-1', dayBoundsOn(AT, 'America/Anchorage'))).toBe(3)
  expect(store.sendsOn('dev-2', dayBoundsOn(AT, 'UTC'))).toBe(0)
})

it("moves the terminal's counts, quarters and earlier builds' day rows, to the device it adopts them for", () => {
  const today = dayBoundsOn(AT, 'UTC')
  store.countSend('terminal-1', AT)
  store.countSend('terminal-1', AT + 1)
  store.countSend('dev-1', AT)
  db.prepare('INSERT INTO device_send_days (device_id, day, sends) VALUES (?, ?, ?)').run(
    'terminal-1',
    today.day,
    4
  )
  store.foldSendDays(['terminal-1'], 'dev-1')
  expect(store.sendsOn('dev-1', today)).toBe(7)
  expect(store.sendsOn('terminal-1', today)).toBe(0)
})
