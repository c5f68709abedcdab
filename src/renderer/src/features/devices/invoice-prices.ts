// The last price the app has seen for a package and billing period: the gateway publishes no price list, so the only
// honest price is the one on the newest kept invoice for the same choice.
import type { InvoiceHistoryEntry } from '../../../../shared/contract'

const same = (a: string | null, b: string): boolean => a?.trim().toLowerCase() === b

/** The newest invoice with a total for this package and period (the list comes newest first), or null. */
export function lastKnownPrice(
  invoices: readonly InvoiceHistoryEntry[],
  product: string,
  periode: string
): InvoiceHistoryEntry | null {
  return (
    invoices.find(
      (invoice) => invoice.total !== null && same(invoice.product, product) && same(invoice.periode, periode)
    ) ?? null
  )
}
