// Sandbox panel: buttons follow the device's state, the subscription can be renewed, the gateway made unreachable, in operator wording.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DeviceView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { dropFocusOffDisabled, pressAndHold } from '../../testing/focus'
import { installFakeApi, seedStores } from '../../testing/render'
import { useDevices } from '../../stores/devices'
import { SandboxPanel } from './SandboxPanel'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
})

function show(device: DeviceView): ReturnType<typeof userEvent.setup> {
  seedStores(makeBootstrap({ devices: [device] }))
  render(<SandboxPanel device={device} />)
  return userEvent.setup()
}

const gateway = (): HTMLElement => screen.getByRole('group', { name: 'Gateway' })
const button = (name: string): HTMLButtonElement => screen.getByRole('button', { name }) as HTMLButtonElement

describe('sandbox panel', () => {
  it('offers only what applies to a connected device', () => {
    show(makeDevice({ sandbox: true, state: 'connected' }))
    expect(button('Scan the code').disabled).toBe(true)
    expect(button('Activate the device').disabled).toBe(true)
    expect(button('End the subscription').disabled).toBe(false)
    expect(button('Renew the subscription').disabled).toBe(true)
    expect(within(gateway()).getByRole('button', { name: 'Make the gateway unreachable' })).toBeTruthy()
  })

  // An operator's probe: "…: the device is now “Disconnected”" stayed under a Connected badge after a Restart.
  it('puts its line away once the device’s state moves on from what it said', async () => {
    const device = makeDevice({ sandbox: true, state: 'connected' })
    fake.handle('sandbox:control', () => ({ ...device, state: 'disconnected' }))
    seedStores(makeBootstrap({ devices: [device] }))
    const { rerender } = render(<SandboxPanel device={device} />)
    const user = userEvent.setup()
    await user.click(button('Phone loses its connection'))
    const status = screen.getByTestId('sandbox-status')
    await waitFor(() => expect(status.textContent).toMatch(/the device is now “Disconnected”/))
    rerender(<SandboxPanel device={{ ...device, state: 'disconnected' }} />)
    expect(status.textContent).toMatch(/the device is now “Disconnected”/)
    // Restarted from its card: connected again.
    rerender(<SandboxPanel device={{ ...device, state: 'connected' }} />)
    expect(status.textContent).toBe('')
  })

  it('tops up a spent quota: 1,000 messages unless another amount is chosen, and says what the device has now', async () => {
    const device = makeDevice({ sandbox: true, state: 'connected', quota: 0 })
    fake.handle('sandbox:topUp', ({ amount }) => ({ ...device, quota: amount }))
    const user = show(device)
    const amount = screen.getByRole('combobox', { name: 'Messages to add' }) as HTMLSelectElement
    expect(amount.value).toBe('1000')
    await user.selectOptions(amount, '500')
    await user.click(button('Top up the quota'))
    expect(fake.requests('sandbox:topUp')).toEqual([{ deviceId: device.id, amount: 500 }])
    expect(screen.getByTestId('sandbox-status').textContent).toBe(
      'Top up the quota: the device now has 500 messages left.'
    )
    expect(useDevices.getState().devices[0]?.quota).toBe(500)
  })

  it('offers the top-up while the quota is low, not while plenty is left or it has no limit', () => {
    const { unmount } = render(
      <SandboxPanel device={makeDevice({ sandbox: true, state: 'connected', quota: 40 })} />
    )
    expect(button('Top up the quota').disabled).toBe(false)
    unmount()
    const plenty = render(
      <SandboxPanel device={makeDevice({ sandbox: true, state: 'connected', quota: 900 })} />
    )
    expect(button('Top up the quota').disabled).toBe(true)
    // Disabled, and why: it is offered at 100 or fewer left.
    expect(button('Top up the quota').getAttribute('aria-describedby')).toBe(
      screen.getByTestId('sandbox-top-up-when').id
    )
    expect(screen.getByTestId('sandbox-top-up-when').textContent).toBe(
      'Offered once 100 or fewer messages are left.'
    )
    plenty.unmount()
    render(<SandboxPanel device={makeDevice({ sandbox: true, state: 'connected', quota: 'unlimited' })} />)
    expect(screen.queryByRole('button', { name: 'Top up the quota' })).toBeNull()
  })

  it('undoes an ended subscription with Renew', async () => {
    const device = makeDevice({ sandbox: true, state: 'expired' })
    fake.handle('sandbox:control', () => ({ ...device, state: 'connected' }))
    const user = show(device)
    expect(button('End the subscription').disabled).toBe(true)
    await user.click(button('Renew the subscription'))
    expect(fake.requests('sandbox:control')).toEqual([{ deviceId: device.id, action: 'renew' }])
    expect(screen.getByTestId('sandbox-status').textContent).toBe(
      'Renew the subscription: the device is now “Connected”.'
    )
  })

  // QA74: "Make the gateway unreachable" no longer applies once done; the focus went from it to the line at the end of
  // the panel. It stays on the control pressed, said unavailable (not disabled under the focus, which Chromium drops to
  // the page), the line saying what was done; once the focus leaves it, it is disabled as the others are.
  it('keeps the focus on the control pressed, said unavailable where it no longer applies, the result said', async () => {
    const device = makeDevice({ sandbox: true, state: 'connected' })
    fake.handle('sandbox:control', ({ action }) => ({
      ...device,
      state: action === 'unreachable' ? 'unreachable' : 'connected'
    }))
    seedStores(makeBootstrap({ devices: [device] }))
    // The panel as the devices view shows it: following the device in the store.
    function Live(): React.JSX.Element {
      return <SandboxPanel device={useDevices((s) => s.devices[0]!)} />
    }
    render(<Live />)
    const user = userEvent.setup()
    const unreachable = button('Make the gateway unreachable')
    unreachable.focus()
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByTestId('sandbox-status').textContent).toBe(
        'Make the gateway unreachable: the device is now “Gateway unreachable”.'
      )
    )
    dropFocusOffDisabled()
    expect(document.activeElement).toBe(unreachable)
    expect(unreachable.getAttribute('aria-disabled')).toBe('true')
    // Pressed again, it does nothing: it no longer applies.
    await user.keyboard('{Enter}')
    expect(fake.requests('sandbox:control')).toHaveLength(1)
    await user.tab()
    expect(document.activeElement).toBe(button('Make the gateway reachable again'))
    expect(unreachable.disabled).toBe(true)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(fake.requests('sandbox:control')).toHaveLength(2))
    await waitFor(() =>
      expect(button('Make the gateway reachable again').getAttribute('aria-disabled')).toBe('true')
    )
    dropFocusOffDisabled()
    expect(document.activeElement).toBe(button('Make the gateway reachable again'))
  })

  it('keeps the focus on the pressed action and on Top up while each runs, never on the page', async () => {
    const device = makeDevice({ sandbox: true, state: 'connected', quota: 40 })
    const user = show(device)
    const control = fake.defer('sandbox:control')
    await pressAndHold(user, button('End the subscription'), control.called)
    control.resolve(device)
    await waitFor(() => expect(button('End the subscription').getAttribute('aria-disabled')).toBeNull())
    const topUp = fake.defer('sandbox:topUp')
    await pressAndHold(user, button('Top up the quota'), topUp.called)
    topUp.resolve(device)
    await waitFor(() => expect(button('Top up the quota').getAttribute('aria-disabled')).toBeNull())
    expect(fake.requests('sandbox:control')).toHaveLength(1)
    expect(fake.requests('sandbox:topUp')).toHaveLength(1)
  })

  it('makes the whole gateway unreachable, not just the device disconnected', async () => {
    const device = makeDevice({ sandbox: true, state: 'connected' })
    fake.handle('sandbox:control', () => ({ ...device, state: 'unreachable' }))
    const user = show(device)
    await user.click(button('Make the gateway unreachable'))
    expect(fake.requests('sandbox:control')).toEqual([{ deviceId: device.id, action: 'unreachable' }])
  })

  it('says the gateway is every sandbox device’s: a second device goes unreachable with the one pressed (QA72)', async () => {
    const front = makeDevice({ id: 'dev-1', label: 'Front office', sandbox: true, state: 'connected' })
    const shop = makeDevice({ id: 'dev-2', label: 'Shop B', sandbox: true, state: 'connected' })
    seedStores(makeBootstrap({ devices: [front, shop] }))
    fake.handle('sandbox:control', () => ({ ...shop, state: 'unreachable' }))
    render(<SandboxPanel device={shop} />)
    expect(within(gateway()).getByText(/every sandbox device/).textContent).toBe(
      'The gateway is the same for every sandbox device: unreachable, it is so for all 2 of them.'
    )
    await userEvent.setup().click(button('Make the gateway unreachable'))
    expect(await screen.findByText(/^Make the gateway unreachable:/)).toHaveProperty(
      'textContent',
      'Make the gateway unreachable: all 2 sandbox devices are now “Gateway unreachable”.'
    )
  })

  it('says nothing of other devices while this one is the only sandbox device', async () => {
    const device = makeDevice({ sandbox: true, state: 'connected' })
    fake.handle('sandbox:control', () => ({ ...device, state: 'unreachable' }))
    const user = show(device)
    expect(within(gateway()).queryByText(/every sandbox device/)).toBeNull()
    await user.click(button('Make the gateway unreachable'))
    expect(await screen.findByText(/^Make the gateway unreachable:/)).toHaveProperty(
      'textContent',
      'Make the gateway unreachable: the device is now “Gateway unreachable”.'
    )
  })

  it("answers a refusal in the operator's words, not the sandbox's", async () => {
    const device = makeDevice({ sandbox: true, state: 'connected' })
    fake.fail('sandbox:control', {
      code: 'sandbox_refused',
      message: 'cannot logout: device in state x (409)'
    })
    const user = show(device)
    await user.click(button('Log out on the phone'))
    const status = screen.getByTestId('sandbox-status').textContent ?? ''
    expect(status).toBe('“Log out on the phone” does not apply while the device is “Connected”.')
  })

  it.each([
    ['en', 'Scan the code', 'Press “Relink” first to show a code, then “Scan the code”.'],
    ['id', 'Pindai kode', 'Tekan “Tautkan ulang” dulu untuk menampilkan kode, lalu “Pindai kode”.']
  ] as const)(
    'says what to do when no code is shown to scan, never that scanning does not apply (QA F19, %s)',
    async (language, scan, words) => {
      const device = makeDevice({ sandbox: true, state: 'needs-scan' })
      fake.fail('sandbox:control', {
        code: 'sandbox_refused',
        message: 'no QR code is shown (state logged_out); call device/scan first'
      })
      seedStores(makeBootstrap({ devices: [device], settings: makeSettings({ language }) }))
      render(<SandboxPanel device={device} />)
      await userEvent.setup().click(button(scan))
      expect(screen.getByTestId('sandbox-status').textContent).toBe(words)
    }
  )
})
