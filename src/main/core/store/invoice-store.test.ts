// The invoices kept from the gateway's answers: the migration that adds their table to a database already in use,
// newest first, a device linked later, kept across a restart.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { InvoiceStore, type InvoiceRecord } from './invoice-store'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'invoice-store-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function invoice(id: string, createdAt: number, patch: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    id,
    baseUrl: 'https://kudus.wablas.com',
    deviceId: null,
    number: `INV/${id}`,
    deviceName: 'Toko',
    deviceSerial: 'A5DOYJ',
    product: 'pro',
    periode: 'monthly',
    bankName: 'BCA',
    accountNumber: '8730 451 229',
    accountName: 'PT Wablas',
    discount: 10_000,
    total: 150_000,
    dueDate: '2026-11-29 12:38:19',
    message: 'create device & invoice successfully',
    createdAt,
    ...patch
  }
}

it('adds its table to a database made before it, keeps invoices across a restart, newest first', () => {
  const step = migrations.findIndex((m) => m.name.startsWith('invoices the gateway answered'))
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  expect(() => new InvoiceStore(old).list()).toThrow(/no such table/)
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new InvoiceStore(db)
  store.add(invoice('a', 1_000))
  store.add(invoice('b', 3_000, { discount: null, total: null, bankName: null }))
  store.add(invoice('c', 2_000, { product: 'lite' }))
  store.linkDevice('c', 'device-1')
  db.close()

  const reopened = openDatabase({ dataDir: dir })
  const list = new InvoiceStore(reopened).list()
  expect(list.map((i) => i.id)).toEqual(['b', 'c', 'a'])
  expect(list[0]).toEqual(invoice('b', 3_000, { discount: null, total: null, bankName: null }))
  expect(list[1]).toMatchObject({ deviceId: 'device-1', product: 'lite' })
  reopened.close()
})
