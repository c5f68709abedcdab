// The Outbox's "Recipient" filter finds a message by the name its row shows (QA14 Q14-07: "Budi" found nothing while
// the row read "Budi Santoso +62 813-1111-0001"): the contacts named so are found through their index, and their
// numbers through the outbox's index by recipient, never a scan of either table.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'
import { recordPreparedSql } from './testing/prepared-sql'

const dir = mkdtempSync(join(tmpdir(), 'outbox-recipient-names-test-'))
let db: SqliteDatabase
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function seeded(): { outbox: OutboxStore } {
  db = openDatabase({ dataDir: dir })
  const outbox = new OutboxStore(db)
  const contact = db.prepare('INSERT INTO contacts (phone, name, source, updated_at) VALUES (?, ?, ?, 1)')
  contact.run('6281311110001', 'Budi Santoso', 'operator')
  contact.run('6281311110002', 'Siti Aminah', 'push')
  contact.run('6281311110003', 'Pembeli 5', 'campaign')
  const to = (recipient: string, n: number) =>
    Array.from({ length: n }, (_, i) => newTextItem(`${recipient}-${i}`, { recipient, createdAt: 10 + i }))
  outbox.insertItems(
    [...to('6281311110001', 3), ...to('6281311110002', 2), ...to('6281399990001', 4)],
    [],
    [],
    1
  )
  return { outbox }
}

it('finds the messages to the contacts whose name holds the text, and still those whose number does', () => {
  const { outbox } = seeded()
  const byName = (text: string) => {
    const page = outbox.listItems({ recipient: text, recipientByName: true })
    return { recipients: [...new Set(page.items.map((item) => item.recipient))], total: page.total }
  }
  expect(byName('Budi')).toEqual({ recipients: ['6281311110001'], total: 3 })
  expect(byName('budi santoso')).toEqual({ recipients: ['6281311110001'], total: 3 })
  expect(byName('Pembeli 5')).toEqual({ recipients: [], total: 0 })
  // A number still finds by number, a name's number among them or not.
  expect(byName('99990001')).toEqual({ recipients: ['6281399990001'], total: 4 })
  expect(byName('0001')).toEqual({ recipients: ['6281399990001', '6281311110001'], total: 7 })
  expect(byName('Siti')).toEqual({ recipients: ['6281311110002'], total: 2 })
  expect(byName('Si')).toEqual({ recipients: [], total: 0 })
})

it('reads both tables through their indexes', () => {
  const { outbox } = seeded()
  const { prepared, prepareUnrecorded } = recordPreparedSql(db)
  outbox.listItems({ recipient: 'Budi', recipientByName: true, limit: 5 })
  outbox.listItems({ recipient: 'Budi', recipientByName: true, limit: 5, offset: 2 })
  const scans = prepared.flatMap((sql) =>
    (
      prepareUnrecorded(`EXPLAIN QUERY PLAN ${sql}`).all(
        ...Array.from(sql.matchAll(/\?/g), () => '["6281311110001"]')
      ) as { detail: string }[]
    )
      .map((row) => row.detail)
      .filter((detail) => /^SCAN (outbox_items|contacts)\b/.test(detail))
  )
  expect(scans).toEqual([])
})
