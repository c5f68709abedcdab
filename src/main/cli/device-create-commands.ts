/** `sender-desk device create …`: order a new device with the account's token and print the invoice to pay. */
import { UsageError, requireString, stringFlag } from './args'
import { EXIT } from './output'
import type { CliContext } from './index'
import type { Invoice } from '../core/compose-command-line'
import { BILLING_PERIODS, DEVICE_PRODUCTS, PAYMENT_CHANNELS } from '../../shared/domain'

const PRODUCTS = DEVICE_PRODUCTS
const PERIODES = BILLING_PERIODS
const BANKS = PAYMENT_CHANNELS

function choice<T extends string>(value: string, flag: string, allowed: readonly T[]): T {
  const found = allowed.find((option) => option.toLowerCase() === value.trim().toLowerCase())
  if (!found) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}`)
  return found
}

export function describeInvoice(invoice: Invoice): string {
  const money = (n: number | null): string => (n === null ? 'unknown' : `Rp ${n.toLocaleString('id-ID')}`)
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
  const invoice = await client.createDevice({ name, phone, product, bank, ...(periode ? { periode } : {}) })
  context.out.result(describeInvoice(invoice), { ok: true, invoice })
  return EXIT.ok
}
