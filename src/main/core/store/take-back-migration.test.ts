// The migration that gave a gateway cancel its own status: items recorded before it as failed/gateway_cancelled move
// to cancelled_at_gateway, with their counts, and nothing else moves.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { migrations } from './migrations'
import { OutboxStore } from './outbox-store'

const dir = mkdtempSync(join(tmpdir(), 'take-back-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('moves items a report had cancelled at the gateway to cancelled_at_gateway, counts and history along', () => {
  const step = migrations.findIndex((m) => m.name === 'outbox: a gateway cancel is its own status')
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  const insert = old.prepare(
    `INSERT INTO outbox_items (id, seq, device_id, recipient, kind, text, status, failure_code,
       failure_gateway_message, created_at, updated_at)
     VALUES (?, ?, 'd1', '6281', 'text', 'hi', 'failed', ?, ?, 1000, 2000)`
  )
  insert.run('cancelled-there', 1, 'gateway_cancelled', 'cancel')
  insert.run('rejected-there', 2, 'gateway_rejected', 'reject')
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new OutboxStore(db)
  expect(store.getItem('cancelled-there')).toMatchObject({
    status: 'cancelled_at_gateway',
    failureCode: null
  })
  expect(store.getItem('rejected-there')).toMatchObject({ status: 'failed', failureCode: 'gateway_rejected' })
  expect(store.counts()).toMatchObject({ failed: 1, cancelled_at_gateway: 1 })
  expect(store.history('cancelled-there').map((h) => h.status)).toEqual(['cancelled_at_gateway'])
  db.close()
})
