// The invoice history under the devices: every kept invoice with the sentence to act on, money and due dates in the
// window's locale and zone, and payment honestly unknown; and the new-device form's last price.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError, type InvoiceHistoryEntry } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { readsAgainOnTryAgain } from '../../testing/read-again'
import { pressRowEnds, renderWithRowKeys, walkRowsWithJK } from '../../testing/row-keys'
import { computerZoneIs } from '../../testing/zone'
import { DevicesView } from './DevicesView'
import { localeOf } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { NewDeviceView } from './NewDeviceView'

let fake: FakeApi

/** The entries' due date, 2026-11-29 12:38:19 on the gateway's clock (WIB, UTC+7), as the moment it is. */
const DUE_MOMENT = '2026-11-29T05:38:19.000Z'

function entry(patch: Partial<InvoiceHistoryEntry>): InvoiceHistoryEntry {
  return {
    id: 'inv-1',
    createdAt: '2026-11-28T05:38:19.000Z',
    baseUrl: 'https://kudus.wablas.com',
    deviceId: null,
    deviceLabel: null,
    number: 'INV/20261128/000001',
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
    ...patch
  }
}

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Kantor' })] }))
})

describe('invoice history', () => {
  it('lists every kept invoice, newest first, with its sentence and payment unknown', async () => {
    fake.handle('devices:invoices', () => ({
      invoices: [
        entry({ id: 'inv-2', number: 'INV/2', deviceId: 'dev-1', deviceLabel: 'Kantor' }),
        entry({ id: 'inv-1', number: null, total: null, discount: 0, product: 'gold', periode: null })
      ]
    }))
    render(<DevicesView />)
    const list = await screen.findByRole('list', { name: 'Invoices' })
    const [newest, older] = within(list).getAllByRole('listitem')
    expect(within(newest!).getByRole('heading').textContent).toBe('Invoice INV/2')
    expect(within(newest!).getByTestId('invoice-sentence').textContent).toBe(
      `Pay Rp\u00a0150,000 to BCA 8730 451 229 (PT Wablas) by ${formatDateTimeInZone(DUE_MOMENT, localeOf('en'), 'Asia/Jakarta')}.`
    )
    expect(within(newest!).getByTestId('invoice-product').textContent).toBe('Pro · Monthly')
    expect(within(newest!).getByTestId('invoice-discount').textContent).toBe('Rp\u00a010,000')
    expect(within(newest!).getByTestId('invoice-paid').textContent).toMatch(
      /^Unknown: the gateway does not tell/
    )
    expect(newest!.textContent).toContain('https://kudus.wablas.com · Kantor')
    // What the gateway left out is said, not guessed: no total, no number, a package it made up shown as it came.
    expect(within(older!).getByRole('heading').textContent).toBe('Invoice without a number')
    expect(within(older!).getByTestId('invoice-sentence').textContent).toMatch(/did not say how much to pay/)
    expect(within(older!).getByTestId('invoice-total').textContent).toBe('Unknown')
    expect(within(older!).getByTestId('invoice-product').textContent).toBe('gold · Unknown')
    expect(within(older!).queryByTestId('invoice-discount')).toBeNull()
  })

  it('formats money and dates in Bahasa Indonesia', async () => {
    seedStores(
      makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice({ id: 'dev-1' })] })
    )
    fake.handle('devices:invoices', () => ({ invoices: [entry({})] }))
    render(<DevicesView />)
    const item = await screen.findByTestId('invoice-entry')
    expect(within(item).getByTestId('invoice-sentence').textContent).toBe(
      `Bayar Rp\u00a0150.000 ke BCA 8730 451 229 (PT Wablas) sebelum ${formatDateTimeInZone(DUE_MOMENT, localeOf('id'), 'Asia/Jakarta')}.`
    )
    expect(within(item).getByTestId('invoice-product').textContent).toBe('Pro · Bulanan')
  })

  // On a UTC computer with the operator on WITA, "Pay by" and "Ordered" were the computer's ("29 Nov 2026, 05:38
  // UTC") beside the operator's clock everywhere else; the due moment (on the gateway's WIB clock) is the same moment.
  it("shows the due moment and the order's time on the operator's clock, named (QA Q7-08)", async () => {
    computerZoneIs('UTC')
    seedStores(
      makeBootstrap({
        settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }),
        devices: [makeDevice({ id: 'dev-1', label: 'Kantor' })]
      })
    )
    fake.handle('devices:invoices', () => ({ invoices: [entry({})] }))
    render(<DevicesView />)
    const item = await screen.findByTestId('invoice-entry')
    // 12:38:19 on the gateway's clock (WIB, UTC+7) is 13:38 WITA.
    expect(within(item).getByTestId('invoice-due').textContent).toBe('29 Nov 2026, 13:38 WITA')
    expect(within(item).getByTestId('invoice-sentence').textContent).toBe(
      'Pay Rp\u00a0150,000 to BCA 8730 451 229 (PT Wablas) by 29 Nov 2026, 13:38 WITA.'
    )
    expect(within(item).getByTestId('invoice-ordered').textContent).toBe('28 Nov 2026, 13:38 WITA')
  })

  it("dates the new-device form's last price on the operator's clock, named", async () => {
    computerZoneIs('UTC')
    seedStores(makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }) }))
    // 17:00 UTC on 28 Nov: the 29th at 01:00 WITA.
    fake.handle('devices:invoices', () => ({ invoices: [entry({ createdAt: '2026-11-28T17:00:00.000Z' })] }))
    const user = userEvent.setup()
    render(<NewDeviceView />)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Package' }), 'pro')
    expect((await screen.findByText(/^Last invoice for Pro/)).textContent).toMatch(
      /, on 29 Nov 2026, 01:00 WITA\.?$/
    )
  })

  it("keeps a due date without a time a day on the gateway's calendar, its zone named", async () => {
    fake.handle('devices:invoices', () => ({ invoices: [entry({ dueDate: '2026-11-29' })] }))
    render(<DevicesView />)
    const item = await screen.findByTestId('invoice-entry')
    expect(within(item).getByTestId('invoice-due').textContent).toBe('29 Nov 2026 WIB')
  })

  it.each([
    ['en', 'This list could not be read: database is locked', 'Try again', 'Invoices'],
    ['id', 'Daftar ini tidak dapat dibaca: database is locked', 'Coba lagi', 'Tagihan']
  ] as const)(
    'says why the invoices could not be read, with Try again that reads them again (%s)',
    async (language, says, tryAgain, title) => {
      seedStores(
        makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice({ id: 'dev-1' })] })
      )
      fake.once('devices:invoices', () => {
        throw new ApiError({ code: 'internal', message: 'database is locked' })
      })
      fake.handle('devices:invoices', () => ({ invoices: [entry({})] }))
      const user = userEvent.setup()
      render(<DevicesView />)
      const history = await screen.findByTestId('invoice-history')
      await readsAgainOnTryAgain(user, history, {
        says,
        tryAgain,
        heading: () => within(history).getByRole('heading', { name: title }),
        read: () => within(history).findByTestId('invoice-entry')
      })
      expect(fake.requests('devices:invoices')).toHaveLength(2)
    }
  )

  it('says when there is none yet', async () => {
    render(<DevicesView />)
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe(
      'No invoices yet: creating a device makes one.'
    )
  })
})

describe('prices on the new-device form', () => {
  it('shows the last known price of the chosen package and period, else where the price will appear', async () => {
    fake.handle('devices:invoices', () => ({
      invoices: [
        entry({ id: 'a', product: 'Pro', periode: 'monthly', total: 150_000, discount: 0 }),
        entry({ id: 'b', product: 'pro', periode: 'monthly', total: 140_000, discount: 0 }),
        entry({ id: 'c', product: 'lite', periode: 'yearly', total: null }),
        entry({
          id: 'd',
          product: 'lite',
          periode: 'yearly',
          total: 900_000,
          discount: 100_000,
          createdAt: '2026-10-01T03:00:00.000Z'
        })
      ]
    }))
    const user = userEvent.setup()
    render(<NewDeviceView />)
    const price = screen.getByTestId('new-device-price')
    // Lite, monthly: never invoiced, so no price is made up.
    expect(await screen.findByText(/publishes no price list/)).toBe(price)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Package' }), 'pro')
    expect(price.textContent).toMatch(
      /^Last invoice for Pro, Monthly: Rp\u00a0150,000, on 28 Nov 2026, \d\d:38 /
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Package' }), 'lite')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Billing period' }), 'yearly')
    // The newest invoice with a total: one without a total says nothing about the price.
    expect(price.textContent).toMatch(
      /^Last invoice for Lite, Yearly: Rp\u00a0900,000 after a discount of Rp\u00a0100,000, on 1 Oct 2026/
    )
  })
})

// J / K walked the devices and passed the invoices by: each is now a row, named by its heading.
describe('the row keys in the invoice history', () => {
  it('J and K walk the devices, then the invoices, each invoice named by its heading; Home and End reach either end', async () => {
    fake.handle('devices:invoices', () => ({
      invoices: [entry({ id: 'inv-2', number: 'INV/2' }), entry({ id: 'inv-1', number: null })]
    }))
    renderWithRowKeys(<DevicesView />)
    const list = await screen.findByRole('list', { name: 'Invoices' })
    const rows = [
      screen.getByTestId('device-row-dev-1'),
      within(list).getByRole('listitem', { name: 'Invoice INV/2' }),
      within(list).getByRole('listitem', { name: 'Invoice without a number' })
    ]
    await walkRowsWithJK(rows)
    // Home / End from the view reach the first / last row of all; from a row, those of its own list (QA42).
    const [device, newest, oldest] = rows as [HTMLElement, HTMLElement, HTMLElement]
    await pressRowEnds([
      ['{End}', 'view', oldest],
      ['{Home}', 'row', newest],
      ['{End}', 'row', oldest],
      ['{Home}', 'view', device],
      ['{End}', 'row', device]
    ])
  })
})
