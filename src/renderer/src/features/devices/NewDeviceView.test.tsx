// New device view: order with an existing device's account or a typed-in gateway, see the invoice, then link the new
// device (when the gateway gave its token) or be told to pay first.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError, type InvoiceView } from '../../../../shared/contract'
import { useNavigation } from '../../stores/navigation'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { NewDeviceView } from './NewDeviceView'
import { DevicesView } from './DevicesView'
import { localeOf } from '../../i18n'
import { formatDateTimeInZone } from '../../i18n/dates'
import { pressAndHold } from '../../testing/focus'
import { accessibleDescription } from '../../testing/described'

let fake: FakeApi

const invoice: InvoiceView = {
  number: 'INV/20260115/123456',
  deviceName: 'Cabang 2',
  deviceSerial: 'B2XYZ9',
  product: 'pro',
  periode: 'yearly',
  bankName: 'DANA',
  accountNumber: '0812 2000 1101',
  accountName: 'PT Sandbox Gateway Nusantara',
  discount: 300_000,
  total: 1_500_000,
  dueDate: '2026-01-16 10:00:00',
  message: 'create device & invoice successfully'
}

beforeEach(() => {
  fake = installFakeApi()
  seedStores(
    makeBootstrap({ devices: [makeDevice({ id: 'dev-sb', label: 'Sandbox device', sandbox: true })] })
  )
})

describe('NewDeviceView', () => {
  // QA37 Q37-05: as "Add a device" does, Escape closes the form and the operator lands back on its opener.
  it.each(['{Escape}', 'Cancel'])(
    'goes back to "Create a new device" on %s, with the focus on it',
    async (how) => {
      function DevicesOrNew(): React.JSX.Element {
        return useNavigation((state) => state.view) === 'newDevice' ? <NewDeviceView /> : <DevicesView />
      }
      useNavigation.getState().navigate('devices')
      const user = userEvent.setup()
      render(<DevicesOrNew />)
      await user.click(screen.getByTestId('create-device-open'))
      await user.click(screen.getByRole('textbox', { name: 'Device name' }))
      if (how === 'Cancel') await user.click(screen.getByRole('button', { name: 'Cancel' }))
      else await user.keyboard(how)
      expect(useNavigation.getState().view).toBe('devices')
      await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('create-device-open')))
    }
  )

  // An operator's probe: ordering "Front office" again, same name and number, made a second device and a second
  // Rp 1,500,000 invoice with no word.
  it('refuses another device’s name and says when another device sends from the number', async () => {
    seedStores(
      makeBootstrap({
        devices: [makeDevice({ id: 'dev-sb', label: 'Front office', sandbox: true, sender: '6281255556666' })]
      })
    )
    const user = userEvent.setup()
    render(<NewDeviceView />)
    const name = screen.getByRole('textbox', { name: 'Device name' })
    const number = screen.getByRole('textbox', { name: 'WhatsApp number for the device' })
    await user.type(name, 'front office')
    await user.type(number, '+62 812-5555-6666')
    expect(accessibleDescription(name)).toContain(
      'Another device is called “Front office”: pick a name that tells them apart.'
    )
    expect(accessibleDescription(number)).toContain(
      '“Front office” sends from this number already: a new device for it makes a second invoice.'
    )
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    expect(fake.requests('devices:create')).toEqual([])
    await user.type(name, ' 2')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    // The number is the operator's to choose: said, not refused.
    await waitFor(() => expect(fake.requests('devices:create')).toHaveLength(1))
  })

  // QA78: the field cut a name pasted past 80 characters to 80, unsaid, and ordered the device under the cut name.
  it('keeps a name pasted past 80 characters whole and says so at the field, ordering nothing', async () => {
    const user = userEvent.setup()
    render(<NewDeviceView />)
    const name = screen.getByRole('textbox', { name: 'Device name' }) as HTMLInputElement
    await user.click(name)
    await user.paste('k'.repeat(85))
    expect(name.value).toHaveLength(85)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(name)).toContain('Keep the name to 80 characters.')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    expect(fake.requests('devices:create')).toEqual([])
  })

  it('orders with an existing device’s account, shows the invoice and opens the linking wizard', async () => {
    const created = makeDevice({ id: 'dev-new', label: 'Cabang 2', sandbox: true, state: 'needs-scan' })
    fake.handle('devices:create', () => ({ invoice, device: created }))
    fake.handle('linking:begin', () => created)
    fake.handle('devices:qr', () => ({
      kind: 'text',
      text: '2@qr',
      fetchedAt: '2026-01-15T03:00:00.000Z',
      refreshAfterMs: 20_000
    }))
    const user = userEvent.setup()
    render(<NewDeviceView />)
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    expect(screen.getAllByText('Required')).toHaveLength(2)
    expect(fake.requests('devices:create')).toEqual([])

    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'Cabang 2')
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number for the device' }), '0812 9990 000')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Package' }), 'pro')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Billing period' }), 'yearly')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pay with' }), 'DANA')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    expect(fake.requests('devices:create')).toEqual([
      {
        accountDeviceId: 'dev-sb',
        name: 'Cabang 2',
        phone: '0812 9990 000',
        product: 'pro',
        periode: 'yearly',
        bank: 'DANA'
      }
    ])
    const shown = await screen.findByTestId('new-device-invoice')
    // The form the focus was in is gone: the focus is on what replaced it, not dropped to the page (QA F22).
    expect(document.activeElement).toBe(within(shown).getByRole('heading', { name: 'Invoice' }))
    expect(screen.getByTestId('invoice-number').textContent).toBe('INV/20260115/123456')
    // Money and the due date in the window's locale; the due date (10:00 on the gateway's clock, WIB) in its zone.
    const due = formatDateTimeInZone('2026-01-16T03:00:00.000Z', localeOf('en'), 'Asia/Jakarta')
    expect(screen.getByTestId('invoice-total').textContent).toBe('Rp\u00a01,500,000')
    expect(screen.getByTestId('invoice-due').textContent).toBe(due)
    expect(shown.textContent).not.toContain('create device & invoice successfully')
    expect(screen.getByTestId('invoice-account').textContent).toBe(
      'DANA 0812 2000 1101 (PT Sandbox Gateway Nusantara)'
    )
    expect(shown.textContent).toContain('Cabang 2 was added to Sender Desk')
    // The package in words and one sentence to act on, not the gateway's raw 'pro · yearly'.
    expect(screen.getByTestId('invoice-product').textContent).toBe('Pro · Yearly')
    expect(screen.getByTestId('invoice-sentence').textContent).toBe(
      `Pay Rp\u00a01,500,000 to DANA 0812 2000 1101 (PT Sandbox Gateway Nusantara) by ${due}.`
    )

    await user.click(screen.getByRole('button', { name: 'Link the new device' }))
    expect(useNavigation.getState().view).toBe('linking')
    expect(fake.requests('linking:begin')).toEqual([{ id: 'dev-new' }])
  })

  // The gateway's answer lost as it made the device: said as "failed" before, the operator ordered again and owed two.
  it('says an order whose answer was lost may have made the device, and orders again only when told to', async () => {
    const created = makeDevice({ id: 'dev-new', label: 'Cabang 2', sandbox: true, state: 'needs-scan' })
    let answers = 0
    fake.handle('devices:create', () => {
      answers++
      if (answers === 1)
        throw new ApiError({
          code: 'device_create_unconfirmed',
          message: 'lost',
          messageKey: 'desktop.error.deviceCreateUnconfirmed',
          messageParams: { name: 'Cabang 2' }
        })
      return { invoice, device: created }
    })
    fake.handle('linking:begin', () => created)
    const user = userEvent.setup()
    render(<NewDeviceView />)
    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'Cabang 2')
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number for the device' }), '0812 9990 000')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    const said = await screen.findByTestId('new-device-error')
    expect(said.textContent).toBe(
      "The gateway's answer was lost: it may have made Cabang 2, with its invoice. Look in the gateway's dashboard (devices and invoices) before ordering it again, or you may pay for two."
    )
    expect(said.className).toBe('alert alert--warn')
    await user.click(screen.getByRole('button', { name: 'It is not there: order it anyway' }))
    expect(fake.requests('devices:create')[1]).toMatchObject({ name: 'Cabang 2', createAgain: true })
    expect(fake.requests('devices:create')[0]).not.toHaveProperty('createAgain')
    expect(await screen.findByTestId('new-device-invoice')).toBeTruthy()
  })

  it('orders at another gateway with a typed-in token; without the new token it says to pay first', async () => {
    fake.handle('devices:create', () => ({ invoice: { ...invoice, discount: 0 }, device: null }))
    const user = userEvent.setup()
    render(<NewDeviceView />)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order with the account of' }), '__other__')
    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'Toko')
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number for the device' }), '081234567890')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    expect(screen.getByText('Enter the device token.')).toBeTruthy()
    // The address still at its "https://" start is asked for, not called "not a web address".
    expect(screen.getByText('Enter the gateway address.')).toBeTruthy()
    expect(screen.queryByText(/not a web address/)).toBeNull()
    await user.clear(screen.getByRole('textbox', { name: 'Gateway address' }))
    await user.type(screen.getByRole('textbox', { name: 'Gateway address' }), 'https://solo.wablas.com')
    await user.type(screen.getByLabelText('Account token'), 'AccountToken')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    expect(fake.requests('devices:create')).toEqual([
      {
        baseUrl: 'https://solo.wablas.com',
        token: 'AccountToken',
        name: 'Toko',
        phone: '081234567890',
        product: 'lite',
        periode: 'monthly',
        bank: 'BCA'
      }
    ])
    expect((await screen.findByTestId('new-device-pay-first')).textContent).toMatch(
      /When the invoice is paid/
    )
  })

  it('checks the number at its field, in the window’s language, before asking the gateway (QA7 Q7-05)', async () => {
    for (const [language, name, number, create, problem] of [
      [
        'en',
        'Device name',
        'WhatsApp number for the device',
        'Create device and invoice',
        'Start with 08, 8, +62'
      ],
      [
        'id',
        'Nama perangkat',
        'Nomor WhatsApp untuk perangkat',
        'Buat perangkat dan tagihan',
        'Awali dengan 08, 8, +62'
      ]
    ] as const) {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice({ id: 'dev-sb', label: 'Sandbox device', sandbox: true })]
        })
      )
      const user = userEvent.setup()
      const { unmount } = render(<NewDeviceView />)
      await user.type(screen.getByRole('textbox', { name }), 'Toko')
      const phone = screen.getByRole('textbox', { name: new RegExp(`^${number}`) })
      await user.type(phone, '12345')
      await user.click(screen.getByRole('button', { name: create }))
      expect(fake.requests('devices:create')).toEqual([])
      expect(phone.getAttribute('aria-invalid')).toBe('true')
      // Said where the number is typed: among what describes the field.
      const described = phone
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
      expect(described.some((text) => text.includes(problem))).toBe(true)
      expect(screen.queryByTestId('new-device-error')).toBeNull()
      unmount()
    }
  })

  it('gives the focus to the first marked field when the form is sent incomplete (QA7 Q7-07)', async () => {
    const user = userEvent.setup()
    render(<NewDeviceView />)
    screen.getByRole('button', { name: 'Create device and invoice' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Device name' }))
    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'Toko')
    screen.getByRole('button', { name: 'Create device and invoice' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: /^WhatsApp number for the device/ })
    )
    expect(fake.requests('devices:create')).toEqual([])
  })

  // Issue #29 (point 4): disabled while the gateway makes it, the pressed button dropped the focus to the page.
  it('keeps the focus on the pressed "Create device and invoice" while it runs, and creates once', async () => {
    const user = userEvent.setup()
    render(<NewDeviceView />)
    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'Cabang 2')
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number for the device' }), '081234567890')
    const created = fake.defer('devices:create')
    await pressAndHold(
      user,
      screen.getByRole('button', { name: 'Create device and invoice' }),
      created.called
    )
    created.reject({ code: 'token_invalid', message: 'The gateway rejected the token.' })
    expect((await screen.findByTestId('new-device-error')).textContent).toBe(
      'The gateway rejected the token.'
    )
    expect(fake.requests('devices:create')).toHaveLength(1)
  })

  it('shows the gateway refusal and keeps the form', async () => {
    fake.fail('devices:create', { code: 'token_invalid', message: 'The gateway rejected the token.' })
    const user = userEvent.setup()
    render(<NewDeviceView />)
    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'x')
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number for the device' }), '081234567890')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    expect((await screen.findByTestId('new-device-error')).textContent).toBe(
      'The gateway rejected the token.'
    )
    expect(screen.getByTestId('new-device-form')).toBeTruthy()
  })

  // Stop 38's probe: an order typed, a look at the Outbox, and the form was empty again.
  it('keeps the order typed while another view is shown, never the token; empty again once made or cancelled', async () => {
    fake.handle('devices:create', () => ({ invoice, device: null }))
    const user = userEvent.setup()
    const first = render(<NewDeviceView />)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order with the account of' }), '__other__')
    await user.clear(screen.getByRole('textbox', { name: 'Gateway address' }))
    await user.type(screen.getByRole('textbox', { name: 'Gateway address' }), 'https://solo.wablas.com')
    await user.type(screen.getByLabelText('Account token'), 'AccountToken')
    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'Cabang 2')
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number for the device' }), '0812 9990 000')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Package' }), 'pro')
    first.unmount()
    const fields = (): string[] => [
      (screen.getByRole('combobox', { name: 'Order with the account of' }) as HTMLSelectElement).value,
      (screen.getByRole('textbox', { name: 'Gateway address' }) as HTMLInputElement).value,
      (screen.getByLabelText('Account token') as HTMLInputElement).value,
      (screen.getByRole('textbox', { name: 'Device name' }) as HTMLInputElement).value,
      (screen.getByRole('textbox', { name: 'WhatsApp number for the device' }) as HTMLInputElement).value,
      (screen.getByRole('combobox', { name: 'Package' }) as HTMLSelectElement).value
    ]
    const second = render(<NewDeviceView />)
    expect(fields()).toEqual(['__other__', 'https://solo.wablas.com', '', 'Cabang 2', '0812 9990 000', 'pro'])
    await user.type(screen.getByLabelText('Account token'), 'AccountToken')
    await user.click(screen.getByRole('button', { name: 'Create device and invoice' }))
    await screen.findByTestId('new-device-invoice')
    second.unmount()
    const third = render(<NewDeviceView />)
    expect(screen.getByRole('textbox', { name: 'Device name' })).toHaveProperty('value', '')
    await user.type(screen.getByRole('textbox', { name: 'Device name' }), 'Cabang 3')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    third.unmount()
    render(<NewDeviceView />)
    expect(screen.getByRole('textbox', { name: 'Device name' })).toHaveProperty('value', '')
  })
})
