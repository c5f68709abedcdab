// All SQL of the invoices the gateway answered (device/create): the gateway cannot list them later, so they are kept here.
import type Database from 'better-sqlite3'

export interface InvoiceRecord {
  id: string
  /** The account's gateway. */
  baseUrl: string
  /** The device Sender Desk added for it, if any. */
  deviceId: string | null
  number: string | null
  deviceName: string | null
  deviceSerial: string | null
  product: string | null
  periode: string | null
  bankName: string | null
  accountNumber: string | null
  accountName: string | null
  discount: number | null
  total: number | null
  /** As the gateway wrote it ('Y-m-d H:i:s' on its clock). */
  dueDate: string | null
  /** The gateway's own words with it. */
  message: string
  createdAt: number
}

interface InvoiceRow {
  id: string
  base_url: string
  device_id: string | null
  number: string | null
  device_name: string | null
  device_serial: string | null
  product: string | null
  periode: string | null
  bank_name: string | null
  account_number: string | null
  account_name: string | null
  discount: number | null
  total: number | null
  due_date: string | null
  gateway_message: string
  created_at: number
}

function toRecord(row: InvoiceRow): InvoiceRecord {
  return {
    id: row.id,
    baseUrl: row.base_url,
    deviceId: row.device_id,
    number: row.number,
    deviceName: row.device_name,
    deviceSerial: row.device_serial,
    product: row.product,
    periode: row.periode,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    accountName: row.account_name,
    discount: row.discount,
    total: row.total,
    dueDate: row.due_date,
    message: row.gateway_message,
    createdAt: row.created_at
  }
}

export class InvoiceStore {
  constructor(private readonly db: Database.Database) {}

  add(invoice: InvoiceRecord): void {
    this.db
      .prepare(
        `INSERT INTO gateway_invoices (id, base_url, device_id, number, device_name, device_serial, product, periode,
           bank_name, account_number, account_name, discount, total, due_date, gateway_message, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        invoice.id,
        invoice.baseUrl,
        invoice.deviceId,
        invoice.number,
        invoice.deviceName,
        invoice.deviceSerial,
        invoice.product,
        invoice.periode,
        invoice.bankName,
        invoice.accountNumber,
        invoice.accountName,
        invoice.discount,
        invoice.total,
        invoice.dueDate,
        invoice.message,
        invoice.createdAt
      )
  }

  /** The device Sender Desk added for an invoice (the sandbox answers its token with the invoice). */
  linkDevice(id: string, deviceId: string): void {
    this.db.prepare(`UPDATE gateway_invoices SET device_id = ? WHERE id = ?`).run(deviceId, id)
  }

  /** Every invoice kept, newest first (a tie in time keeps the later insert first). */
  list(): InvoiceRecord[] {
    const rows = this.db
      .prepare(`SELECT * FROM gateway_invoices ORDER BY created_at DESC, rowid DESC`)
      .all() as InvoiceRow[]
    return rows.map(toRecord)
  }
}
