// The matches of a list filter counted per device: what a bulk action over every match would touch on each device,
// counted over all of them (not the page the window has loaded), by the same filter the list reads.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { newTextItem } from './testing/new-item'
import { OutboxStore, type ItemFilter } from './outbox-store'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-device-counts-test-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
  // Device a: 250 failed (created 0..249), 5 read; device b: 3 failed with "refund" in their text; device c: 1 queued.
  store.insertItems(
    [
      ...Array.from({ length: 250 }, (_, i) =>
        newTextItem(`a${i}`, { deviceId: 'a', status: 'failed', createdAt: i, text: `order ${i}` })
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        newTextItem(`ar${i}`, { deviceId: 'a', status: 'read', createdAt: 300 })
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        newTextItem(`b${i}`, { deviceId: 'b', status: 'failed', createdAt: 400 + i, text: `refund ${i}` })
      ),
      newTextItem('c0', { deviceId: 'c', status: 'queued', createdAt: 500 })
    ],
    [],
    [],
    1
  )
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('countByDevice', () => {
  it.each<[string, ItemFilter, Record<string, number>]>([
    ['every failed message, far beyond a first page', { status: ['failed'] }, { a: 250, b: 3 }],
    ['a text search', { status: ['failed'], text: 'refund' }, { b: 3 }],
    ['a creation range', { status: ['failed'], from: 100, to: 401 }, { a: 150, b: 2 }],
    ['one device', { deviceId: 'a' }, { a: 255 }],
    ['no filter', {}, { a: 255, b: 3, c: 1 }]
  ])('counts %s on each device, summing to the list total', (_, filter, expected) => {
    const counts = store.countByDevice(filter)
    expect(Object.fromEntries(counts.map(({ deviceId, count }) => [deviceId, count]))).toEqual(expected)
    expect(counts.reduce((sum, { count }) => sum + count, 0)).toBe(
      store.listItems({ ...filter, limit: 1 }).total
    )
  })
})
