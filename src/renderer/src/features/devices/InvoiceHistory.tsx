// The invoices kept from the gateways' answers (`devices:invoices`), newest first, under the device list: what to pay,
// where and by when, and what the app can say about payment (nothing: the gateway does not tell).
import { useEffect, useRef, useState } from 'react'
import type { InvoiceHistoryEntry } from '../../../../shared/contract'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { useOperatorZone } from '../../stores/settings'
import { ListStatus } from '../../ui/ListStatus'
import { InvoiceDetails } from './InvoiceDetails'

/** Every kept invoice, loaded once for the view that shows them (null while loading), and again on Try again. */
export function useInvoiceHistory(): {
  invoices: InvoiceHistoryEntry[] | null
  error: ErrorInfo | null
  /** Reads them again after a failed read ("Loading…" meanwhile). */
  retry(): void
} {
  const [invoices, setInvoices] = useState<InvoiceHistoryEntry[] | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [reads, setReads] = useState(0)
  useEffect(() => {
    let live = true
    call('devices:invoices', {})
      .then((reply) => live && setInvoices(reply.invoices))
      .catch((e: unknown) => live && setError(errorInfo(e)))
    return () => {
      live = false
    }
  }, [reads])
  return {
    invoices,
    error,
    retry: () => {
      setError(null)
      setReads((n) => n + 1)
    }
  }
}

export function InvoiceHistory(): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const { invoices, error, retry } = useInvoiceHistory()
  const headingRef = useRef<HTMLHeadingElement>(null)
  return (
    <section className="invoice-history" aria-labelledby="invoices-heading" data-testid="invoice-history">
      <h3 id="invoices-heading" ref={headingRef} tabIndex={-1}>
        {t('invoices.title')}
      </h3>
      <p className="muted">{t('invoices.intro')}</p>
      <ListStatus
        items={invoices}
        error={error}
        emptyText={t('invoices.empty')}
        emptyTestId="invoices-empty"
        loadingText={t('invoices.loading')}
        onRetry={retry}
        waitsOn={headingRef}
      />
      {invoices !== null && invoices.length > 0 ? (
        <ul className="invoice-list" aria-labelledby="invoices-heading">
          {invoices.map((invoice) => (
            // A J / K stop, named by its heading (a list item takes no name from what it holds).
            <li
              key={invoice.id}
              className="card"
              data-testid="invoice-entry"
              data-row-focus
              tabIndex={-1}
              aria-labelledby={`invoice-heading-${invoice.id}`}
            >
              <h4 id={`invoice-heading-${invoice.id}`}>
                {invoice.number ? t('invoices.heading', { number: invoice.number }) : t('invoices.noNumber')}
              </h4>
              <InvoiceDetails invoice={invoice} showPaid>
                <dt>{t('invoices.ordered')}</dt>
                <dd data-testid="invoice-ordered">{formatDateTimeInZone(invoice.createdAt, locale, zone)}</dd>
                <dt>{t('invoices.gateway')}</dt>
                <dd>
                  {invoice.deviceLabel ? `${invoice.baseUrl} · ${invoice.deviceLabel}` : invoice.baseUrl}
                </dd>
              </InvoiceDetails>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
