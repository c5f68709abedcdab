// QA65: the step that keeps a ledger of what was sent. An outbox written before it finds its last days' sent messages
// in the ledger (the Overview's "sent today" holds once they are deleted), not the older ones, nor what was not sent.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { OPTED_OUT_NOTE } from '../outbox'
import { openDatabase } from './database'
import { migrations } from './migrations'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

const dir = mkdtempSync(join(tmpdir(), 'sent-ledger-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const HOUR = 3_600_000

it('fills the ledger with the last days’ sent messages, which then outlive their deletion', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('outbox: a ledger of what was sent'))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  // The step reads the real clock: "the last days" are the ones before it runs.
  const now = Date.now()
  new OutboxStore(old).insertItems(
    [
      newTextItem('read-today', { status: 'read', acceptedAt: now - HOUR, closedAt: now - HOUR }),
      newTextItem('delivered-today', { status: 'delivered', acceptedAt: now - 2 * HOUR }),
      newTextItem('held-at-gateway', { status: 'accepted', acceptedAt: now - HOUR }),
      newTextItem('refused-today', { status: 'failed', acceptedAt: now - HOUR, closedAt: now - HOUR }),
      newTextItem('read-last-month', {
        status: 'read',
        acceptedAt: now - 30 * 24 * HOUR,
        closedAt: now - 30 * 24 * HOUR
      }),
      newTextItem('queued', { status: 'queued' })
    ],
    [],
    [],
    1
  )
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  expect(db.prepare('SELECT item_id, status FROM outbox_sent_ledger ORDER BY item_id').all()).toEqual([
    { item_id: 'delivered-today', status: 'delivered' },
    { item_id: 'read-today', status: 'read' }
  ])
  db.prepare("DELETE FROM outbox_items WHERE id IN ('read-today', 'delivered-today')").run()
  expect(store.since(now - 24 * HOUR, OPTED_OUT_NOTE).sent).toMatchObject({ read: 1, delivered: 1 })
  db.close()
})
