// One invoice as the operator reads it: the sentence to act on ("Pay Rp 150.000 to BCA … by 29 Nov 2026, 05:38 UTC"),
// then its fields, money in the window's locale. The due date is read on the gateway's clock (it writes it without a
// zone) and shown as that moment in the window's zone, named, like the order's time beside it and the device's expiry.
// The new device view shows the one just made; the invoice history shows every one kept.
import type { InvoiceView } from '../../../../shared/contract'
import { BILLING_PERIODS, DEVICE_PRODUCTS } from '../../../../shared/domain'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatRupiah } from '../../i18n/dates'
import { formatGatewayTime } from '../../i18n/wall-clock'
import { useOperatorZone } from '../../stores/settings'

type Translate = ReturnType<typeof useT>

const PRODUCT_LABEL: Record<(typeof DEVICE_PRODUCTS)[number], MessageKey> = {
  lite: 'newDevice.product.lite',
  pro: 'newDevice.product.pro',
  enterprise: 'newDevice.product.enterprise'
}
const PERIOD_LABEL: Record<(typeof BILLING_PERIODS)[number], MessageKey> = {
  monthly: 'newDevice.periode.monthly',
  yearly: 'newDevice.periode.yearly'
}

function known<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  const wanted = value?.trim().toLowerCase()
  return choices.find((choice) => choice === wanted)
}

/** A package in the operator's words; a name the gateway made up is shown as it came. */
export function productLabel(t: Translate, product: string | null): string {
  const choice = known(DEVICE_PRODUCTS, product)
  return choice ? t(PRODUCT_LABEL[choice]) : (product ?? t('common.unknown'))
}

/** A billing period in the operator's words; one the gateway made up is shown as it came. */
export function periodeLabel(t: Translate, periode: string | null): string {
  const choice = known(BILLING_PERIODS, periode)
  return choice ? t(PERIOD_LABEL[choice]) : (periode ?? t('common.unknown'))
}

/** "BCA 8730 451 229 (PT Wablas)", or null when the gateway named no account. */
export function payToText(invoice: InvoiceView): string | null {
  const account = [invoice.bankName, invoice.accountNumber].filter(Boolean).join(' ')
  if (!account) return null
  return invoice.accountName ? `${account} (${invoice.accountName})` : account
}

export function InvoiceDetails({
  invoice,
  showPaid = false,
  children
}: {
  invoice: InvoiceView
  /** The history says what the app knows of payment (nothing); the invoice just made needs no such line. */
  showPaid?: boolean
  /** More terms and descriptions at the end of the same list. */
  children?: React.ReactNode
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const unknown = t('common.unknown')
  const money = (amount: number | null): string => (amount === null ? unknown : formatRupiah(amount, locale))
  const due = invoice.dueDate ? formatGatewayTime(invoice.dueDate, locale, zone) : null
  const payTo = payToText(invoice)
  return (
    <>
      <p data-testid="invoice-sentence">
        {invoice.total !== null && payTo && due
          ? t('newDevice.invoice.sentence', { total: money(invoice.total), payTo, due })
          : t('newDevice.invoice.sentenceUnknown')}
      </p>
      <dl className="invoice">
        <dt>{t('newDevice.invoice.number')}</dt>
        <dd data-testid="invoice-number">{invoice.number ?? unknown}</dd>
        <dt>{t('newDevice.invoice.device')}</dt>
        <dd>
          {invoice.deviceName ?? unknown} {invoice.deviceSerial ? `(${invoice.deviceSerial})` : ''}
        </dd>
        <dt>{t('newDevice.product')}</dt>
        <dd data-testid="invoice-product">
          {productLabel(t, invoice.product)} · {periodeLabel(t, invoice.periode)}
        </dd>
        {invoice.discount ? (
          <>
            <dt>{t('newDevice.invoice.discount')}</dt>
            <dd data-testid="invoice-discount" data-money>
              {money(invoice.discount)}
            </dd>
          </>
        ) : null}
        <dt>{t('newDevice.invoice.total')}</dt>
        <dd data-testid="invoice-total" data-money>
          <strong>{money(invoice.total)}</strong>
        </dd>
        <dt>{t('newDevice.invoice.due')}</dt>
        <dd data-testid="invoice-due">{due ?? unknown}</dd>
        <dt>{t('newDevice.invoice.payTo')}</dt>
        <dd data-testid="invoice-account">{payTo ?? unknown}</dd>
        {showPaid ? (
          <>
            <dt>{t('newDevice.invoice.paid')}</dt>
            <dd data-testid="invoice-paid">{t('newDevice.invoice.paidUnknown')}</dd>
          </>
        ) : null}
        {children}
      </dl>
    </>
  )
}
