// Create a new device (`devices:create`): the gateway makes the device and an invoice with an account's token (an
// existing device's, or one typed in); the invoice is shown, and a device the gateway also gave a token for (the
// sandbox does) goes straight into the linking wizard.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import type { DeviceView, InvoiceView } from '../../../../shared/contract'
import { BILLING_PERIODS, DEVICE_PRODUCTS, PAYMENT_CHANNELS } from '../../../../shared/domain'
import { call, errorInfo, type ErrorInfo } from '../../api'
import { localeOf, useLanguage, useT, type MessageKey } from '../../i18n'
import { formatDateTimeInZone, formatRupiah } from '../../i18n/dates'
import { useDevices } from '../../stores/devices'
import { useOperatorZone } from '../../stores/settings'
import { useLinking } from '../../stores/linking'
import { forgetKeptFields, useKeptState } from '../../stores/kept-fields'
import { useNavigation } from '../../stores/navigation'
import { busyButtonProps } from '../../ui/busy-button'
import { deviceOptionLabel } from '../../ui/DeviceSelect'
import { Field } from '../../ui/Field'
import { ViewHeading } from '../../ui/ViewHeading'
import { cancelOnEscape } from '../../ui/escape'
import { SecretInput } from '../../ui/SecretInput'
import { useFocusFirstInvalid } from '../../ui/use-focus-first-invalid'
import { InvoiceDetails, periodeLabel, productLabel } from './InvoiceDetails'
import { useInvoiceHistory } from './InvoiceHistory'
import { lastKnownPrice } from './invoice-prices'
import { checkBaseUrl, labelTooLong, type UrlProblem } from './device-rules'
import { normalisePhone, type RecipientProblem } from '../send/recipients'

const PRODUCTS = DEVICE_PRODUCTS
const PERIODS = BILLING_PERIODS
const CHANNELS = PAYMENT_CHANNELS
/** The account choice for "type in another gateway's address and token". */
const OTHER = '__other__'
/** The name the form's kept fields go under (stores/kept-fields). */
const KEPT_AS = 'newDevice.'
const URL_PROBLEM: Record<UrlProblem, MessageKey> = {
  required: 'addDevice.url.required',
  invalid: 'addDevice.url.invalid',
  https: 'addDevice.url.https'
}

/**
 * The number checked here with the shared phone rule, as the device's "Change number" does: said at its field in the
 * window's language, not sent for the core to refuse in English at the foot of the form (QA7).
 */
function phoneProblem(phone: string): 'required' | RecipientProblem | null {
  return phone.trim() ? normalisePhone(phone).problem : 'required'
}

export function NewDeviceView(): React.JSX.Element {
  const t = useT()
  const devices = useDevices((s) => s.devices)
  // The typing outlives a look at another view (an operator's probe: the order was empty again after one); the token
  // and secret are not kept past the form, as nothing of a token is kept in the window.
  const [keptAccount, setAccount] = useKeptState<string>(`${KEPT_AS}account`, devices[0]?.id ?? OTHER)
  // A kept account whose device was removed meanwhile gives way to the first there is.
  const account =
    keptAccount === OTHER || devices.some((device) => device.id === keptAccount)
      ? keptAccount
      : (devices[0]?.id ?? OTHER)
  const [baseUrl, setBaseUrl] = useKeptState(`${KEPT_AS}baseUrl`, 'https://')
  const [token, setToken] = useState('')
  const [secret, setSecret] = useState('')
  const [name, setName] = useKeptState(`${KEPT_AS}name`, '')
  const [phone, setPhone] = useKeptState(`${KEPT_AS}phone`, '')
  const [product, setProduct] = useKeptState<(typeof PRODUCTS)[number]>(`${KEPT_AS}product`, 'lite')
  const [periode, setPeriode] = useKeptState<(typeof PERIODS)[number]>(`${KEPT_AS}periode`, 'monthly')
  const [bank, setBank] = useKeptState<(typeof CHANNELS)[number]>(`${KEPT_AS}bank`, 'BCA')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const lostAnswer = error?.code === 'device_create_unconfirmed'
  const [result, setResult] = useState<{ invoice: InvoiceView; device: DeviceView | null } | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirstInvalid = useFocusFirstInvalid(formRef)

  const other = account === OTHER
  // A name another device has would make every message naming a device ambiguous; a number another device sends
  // from is most likely that device ordered again (an operator's probe: a second device and a second invoice, with
  // no word): said beside the number, not refused (a number may move to a new device on purpose).
  const nameTaken = devices.find(
    (device) => device.label.trim().toLowerCase() === name.trim().toLowerCase() && name.trim() !== ''
  )
  const typedNumber = phone.trim() && !phoneProblem(phone) ? normalisePhone(phone).value : null
  const numberTaken = typedNumber ? devices.find((device) => device.sender === typedNumber) : undefined
  const problems = {
    baseUrl: other ? checkBaseUrl(baseUrl) : null,
    token: other && !token.trim(),
    name: !name.trim() || nameTaken !== undefined || labelTooLong(name),
    phone: phoneProblem(phone)
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    setTried(true)
    // The first marked field takes the focus, not the button it was pressed on (QA7).
    if (Object.values(problems).some(Boolean)) {
      focusFirstInvalid()
      return
    }
    await order()
  }

  /** `createAgain`: the operator looked after a lost answer, and the device is not at the gateway. */
  async function order(createAgain = false): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      const reply = await call('devices:create', {
        ...(other
          ? {
              baseUrl: baseUrl.trim(),
              token: token.trim(),
              ...(secret.trim() ? { secret: secret.trim() } : {})
            }
          : { accountDeviceId: account }),
        name: name.trim(),
        phone: phone.trim(),
        product,
        periode,
        bank,
        ...(createAgain ? { createAgain } : {})
      })
      if (reply.device) useDevices.getState().upsert(reply.device)
      forgetKeptFields(KEPT_AS)
      setResult(reply)
    } catch (e) {
      setError(errorInfo(e))
    } finally {
      setBusy(false)
    }
  }

  // Back to Devices, on the button that opened this form, as "Add a device" does (QA37 Q37-05). Cancel (and Escape)
  // put the order away: the next one starts empty.
  const back = (): void => {
    forgetKeptFields(KEPT_AS)
    useNavigation.getState().navigate('devices', { focusOnArrival: 'create-device-open' })
  }

  return (
    <section
      className="view"
      aria-labelledby="new-device-heading"
      data-testid="view-newDevice"
      // Escape backs out as Cancel does while the form is up; the invoice, once made, is not put away by a key.
      onKeyDown={result ? undefined : cancelOnEscape(back, busy)}
    >
      <ViewHeading id="new-device-heading">{t('newDevice.title')}</ViewHeading>
      <p className="muted">{t('newDevice.intro')}</p>
      {result ? (
        <Invoice invoice={result.invoice} device={result.device} />
      ) : (
        <form
          ref={formRef}
          className="card form"
          noValidate
          onSubmit={(e) => void submit(e)}
          data-testid="new-device-form"
        >
          <div className="form-grid">
            <Field id="new-device-account" label={t('newDevice.account')} hint={t('newDevice.account.hint')}>
              {(control) => (
                <select
                  {...control}
                  data-testid="new-device-account"
                  value={account}
                  onChange={(e) => setAccount(e.target.value)}
                >
                  {devices.map((device) => (
                    <option key={device.id} value={device.id}>
                      {deviceOptionLabel(device, t, devices)}
                    </option>
                  ))}
                  <option value={OTHER}>{t('newDevice.account.other')}</option>
                </select>
              )}
            </Field>
            {other ? (
              <>
                <Field
                  id="new-device-url"
                  label={t('addDevice.url')}
                  hint={t('addDevice.url.hint')}
                  error={tried && problems.baseUrl ? t(URL_PROBLEM[problems.baseUrl]) : null}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="url"
                      data-testid="new-device-url"
                      value={baseUrl}
                      onChange={(e) => setBaseUrl(e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  id="new-device-token"
                  label={t('newDevice.token')}
                  error={tried && problems.token ? t('addDevice.token.required') : null}
                >
                  {(control) => (
                    <SecretInput
                      control={control}
                      testId="new-device-token"
                      value={token}
                      onChange={setToken}
                    />
                  )}
                </Field>
                <Field id="new-device-secret" label={t('addDevice.secret')}>
                  {(control) => <SecretInput control={control} value={secret} onChange={setSecret} />}
                </Field>
              </>
            ) : null}
            <Field
              id="new-device-name"
              label={t('newDevice.name')}
              error={
                nameTaken
                  ? t('devices.rename.taken', { name: nameTaken.label })
                  : labelTooLong(name)
                    ? t('addDevice.label.tooLong')
                    : tried && problems.name
                      ? t('common.required')
                      : null
              }
            >
              {(control) => (
                <input
                  {...control}
                  data-testid="new-device-name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </Field>
            <Field
              id="new-device-phone"
              label={t('newDevice.phone')}
              hint={
                numberTaken
                  ? t('newDevice.phone.taken', { device: numberTaken.label })
                  : t('devices.number.hint')
              }
              error={
                tried && problems.phone
                  ? problems.phone === 'required'
                    ? t('common.required')
                    : t(`recipient.problem.${problems.phone}`)
                  : null
              }
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="tel"
                  data-testid="new-device-phone"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
              )}
            </Field>
            <Field id="new-device-product" label={t('newDevice.product')}>
              {(control) => (
                <select
                  {...control}
                  data-testid="new-device-product"
                  value={product}
                  onChange={(e) => setProduct(e.target.value as (typeof PRODUCTS)[number])}
                >
                  {PRODUCTS.map((choice) => (
                    <option key={choice} value={choice}>
                      {productLabel(t, choice)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="new-device-periode" label={t('newDevice.periode')}>
              {(control) => (
                <select
                  {...control}
                  data-testid="new-device-periode"
                  value={periode}
                  onChange={(e) => setPeriode(e.target.value as (typeof PERIODS)[number])}
                >
                  {PERIODS.map((choice) => (
                    <option key={choice} value={choice}>
                      {periodeLabel(t, choice)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="new-device-bank" label={t('newDevice.bank')}>
              {(control) => (
                <select
                  {...control}
                  data-testid="new-device-bank"
                  value={bank}
                  onChange={(e) => setBank(e.target.value as (typeof CHANNELS)[number])}
                >
                  {CHANNELS.map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <LastPrice product={product} periode={periode} />
          {error ? (
            // A lost answer is not a failure: the device may be there; said as a warning, with the way on.
            <p
              className={lostAnswer ? 'alert alert--warn' : 'alert alert--bad'}
              role="alert"
              data-testid="new-device-error"
            >
              {error.message}
            </p>
          ) : null}
          {lostAnswer ? (
            <button
              type="button"
              className="button"
              {...busyButtonProps(busy, () => void order(true))}
              data-testid="new-device-order-anyway"
            >
              {t('newDevice.orderAnyway')}
            </button>
          ) : null}
          <div className="actions">
            <button
              type="submit"
              className="button button--primary"
              {...busyButtonProps(busy)}
              data-testid="new-device-submit"
            >
              {busy ? t('newDevice.creating') : t('newDevice.submit')}
            </button>
            <button type="button" className="button" onClick={back}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}

/**
 * What the chosen package and period cost last time, from the kept invoices: the gateway publishes no price list, so
 * without such an invoice the form says where the price will appear instead of inventing one.
 */
function LastPrice({ product, periode }: { product: string; periode: string }): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const zone = useOperatorZone()
  const { invoices } = useInvoiceHistory()
  const last = invoices ? lastKnownPrice(invoices, product, periode) : null
  const text =
    last && last.total !== null
      ? t(last.discount ? 'newDevice.price.lastDiscount' : 'newDevice.price.last', {
          product: productLabel(t, product),
          periode: periodeLabel(t, periode),
          total: formatRupiah(last.total, locale),
          discount: formatRupiah(last.discount ?? 0, locale),
          date: formatDateTimeInZone(last.createdAt, locale, zone)
        })
      : t('newDevice.price.none')
  return (
    <p className="field-hint" aria-live="polite" data-testid="new-device-price">
      {text}
    </p>
  )
}

function Invoice({
  invoice,
  device
}: {
  invoice: InvoiceView
  device: DeviceView | null
}): React.JSX.Element {
  const t = useT()
  // It replaces the form whose button had the focus: the focus goes to its heading, not to the page.
  const headingRef = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => headingRef.current?.focus(), [])
  return (
    <section className="card" aria-labelledby="invoice-heading" data-testid="new-device-invoice">
      <h3 id="invoice-heading" ref={headingRef} tabIndex={-1}>
        {t('newDevice.invoice.title')}
      </h3>
      {/* Our own sentence in the operator's language; the gateway's English ("create device & invoice
          successfully") says nothing more. */}
      <p role="status">{t('newDevice.invoice.created')}</p>
      <InvoiceDetails invoice={invoice} />
      {device ? (
        <>
          <p>{t('newDevice.linkNow.body', { label: device.label })}</p>
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              data-testid="new-device-link"
              onClick={() => void useLinking.getState().open(device.id)}
            >
              {t('newDevice.linkNow')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p data-testid="new-device-pay-first">{t('newDevice.payFirst')}</p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => useNavigation.getState().navigate('devices', { addDevice: true })}
            >
              {t('devices.add')}
            </button>
          </div>
        </>
      )}
    </section>
  )
}
