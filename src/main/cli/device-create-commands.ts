/**
 * `sender-desk device create …`: order a new device with the account's token, print the invoice to pay and keep it in
 * the terminal's data folder; `sender-desk device invoices` lists the invoices kept.
 */
import { UsageError, requireString, stringFlag } from './args'
import { EXIT } from './output'
import { cliDataDir, saidNoData } from './outbox-commands'
import { reportDataUpdate } from './data-update'
import type { CliContext } from './index'
import { withInvoiceBook, type Invoice, type InvoiceRecord } from '../core/compose-command-line'
import { BILLING_PERIODS, DEVICE_PRODUCTS, PAYMENT_CHANNELS } from '../../shared/domain'

const PRODUCTS = DEVICE_PRODUCTS
const PERIODES = BILLING_PERIODS
const BANKS = PAYMENT_CHANNELS

function choice<T extends string>(value: string, flag: string, allowed: readonly T[]): T {
  const found = allowed.find((option) => option.toLowerCase() === value.trim().toLowerCase())
  if (!found) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}`)
  return found
}

const money = (n: number | null): string => (n === null ? 'unknown' : `Rp ${n.toLocaleString('id-ID')}`)

export function describeInvoice(invoice: Invoice): string {
  const lines = [
    invoice.message,
    `Invoice ${invoice.numberInvoice ?? '(no number)'} for device ${invoice.device ?? '?'}${invoice.deviceName ? ` (${invoice.deviceName})` : ''}: ${invoice.product ?? ''} ${invoice.periode ?? ''}`.trim(),
    `Total: ${money(invoice.total)}${invoice.discount ? ` after a discount of ${money(invoice.discount)}` : ''}`,
    `Pay by: ${invoice.dueDate ?? 'unknown'}`
  ]
  if (invoice.bank) {
    lines.push(
      `Pay to: ${invoice.bank.bankName ?? ''} ${invoice.bank.accountNumber ?? ''}${invoice.bank.accountName ? ` (${invoice.bank.accountName})` : ''}`.trim()
    )
  }
  lines.push(
    invoice.token
      ? `New device token (sandbox): ${invoice.token}\nLink it: SENDER_DESK_TOKEN=<that token> sender-desk device qr`
      : 'When it is paid, take the new device’s token from the gateway dashboard and link it with sender-desk device qr.'
  )
  return lines.join('\n')
}

export async function runDeviceCreate(context: CliContext): Promise<number> {
  const name = requireString(context.args, 'name', 'the new device’s name')
  const phone = requireString(context.args, 'phone', 'its WhatsApp number')
  const product = choice(requireString(context.args, 'product', PRODUCTS.join(', ')), 'product', PRODUCTS)
  const bank = choice(requireString(context.args, 'bank', 'the payment channel'), 'bank', BANKS)
  const periodeFlag = stringFlag(context.args, 'periode')
  const periode = periodeFlag === undefined ? undefined : choice(periodeFlag, 'periode', PERIODES)
  const client = await context.client()
  const credentials = await context.credentials()
  const invoice = await client.createDevice({ name, phone, product, bank, ...(periode ? { periode } : {}) })
  // The gateway cannot list its invoices later: kept here, as the app keeps the window's. The invoice is owed whether
  // or not it could be kept, so a failure to keep it is a warning, not a failed command (a retry would order again).
  const dataDir = cliDataDir(context)
  let kept = false
  try {
    withInvoiceBook(dataDir, (book) => book.keep(invoice, credentials.baseUrl), reportDataUpdate(context.out))
    kept = true
  } catch (error) {
    context.out.progress(
      `sender-desk: the invoice could not be kept in ${dataDir} (${error instanceof Error ? error.message : String(error)}): keep this output`
    )
  }
  const where = kept ? `\nKept in ${dataDir}: sender-desk device invoices lists it.` : ''
  context.out.result(`${describeInvoice(invoice)}${where}`, { ok: true, invoice, kept })
  return EXIT.ok
}

/** One kept invoice on a line: when it was ordered, its number, device, plan, total, and when and where to pay. */
function describeKept(record: InvoiceRecord): string {
  const device = [record.deviceName, record.deviceSerial ? `device ${record.deviceSerial}` : null].filter(
    Boolean
  )
  const payTo = [record.bankName, record.accountNumber, record.accountName ? `(${record.accountName})` : null]
    .filter(Boolean)
    .join(' ')
  return [
    new Date(record.createdAt).toISOString(),
    record.number ?? '(no number)',
    device.join(', ') || '?',
    [record.product, record.periode].filter(Boolean).join(' '),
    money(record.total),
    `pay by ${record.dueDate ?? 'unknown'}${payTo ? ` to ${payTo}` : ''}`,
    record.baseUrl
  ].join('  ')
}

export function runDeviceInvoices(context: CliContext): number {
  if (saidNoData(context, { invoices: [] })) return EXIT.ok
  const invoices = withInvoiceBook(cliDataDir(context), (book) => book.list(), reportDataUpdate(context.out))
  const human = invoices.length === 0 ? 'No invoice kept yet.' : invoices.map(describeKept).join('\n')
  context.out.result(human, { ok: true, invoices })
  return EXIT.ok
}
