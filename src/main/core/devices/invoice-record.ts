// What is kept of an invoice the gateway answered (device/create), for the window's history and the terminal's.
import { randomUUID } from 'node:crypto'
import type { InvoiceView } from '../../../shared/contract'
import type { Invoice } from '../gateway'
import type { InvoiceRecord } from '../store'

/** The gateway's invoice as the window shows it. */
export function toInvoiceView(invoice: Invoice): InvoiceView {
  return {
    number: invoice.numberInvoice,
    deviceName: invoice.deviceName,
    deviceSerial: invoice.device,
    product: invoice.product,
    periode: invoice.periode,
    bankName: invoice.bank?.bankName ?? null,
    accountNumber: invoice.bank?.accountNumber ?? null,
    accountName: invoice.bank?.accountName ?? null,
    discount: invoice.discount,
    total: invoice.total,
    dueDate: invoice.dueDate,
    message: invoice.message
  }
}

/**
 * What is kept of an invoice the gateway answered (device/create), for the window's and the terminal's history: the
 * gateway cannot list it later.
 */
export function invoiceRecord(invoice: Invoice, baseUrl: string, createdAt: number): InvoiceRecord {
  return { id: randomUUID(), baseUrl, deviceId: null, createdAt, ...toInvoiceView(invoice) }
}
