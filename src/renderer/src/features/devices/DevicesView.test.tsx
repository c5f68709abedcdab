// Devices view: live state with words, sender/quota/expiry, actions, and the add-device form's as-typed and server checks.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { checkBaseUrl } from './device-rules'
import { BASE_URL_CASES } from '../../../../shared/domain/base-url.cases'
import { DevicesView } from './DevicesView'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
})

function show(devices = [makeDevice()]): void {
  seedStores(makeBootstrap({ devices }))
  render(<DevicesView />)
}

describe('device list', () => {
  it('shows each device with its state in words, sender, quota and expiry', () => {
    show([
      makeDevice(),
      makeDevice({
        id: 'dev-2',
        label: 'Warehouse',
        state: 'token-invalid',
        quota: 120,
        sender: null,
        stateNote: 'Token expired'
      })
    ])
    const first = screen.getByTestId('device-row-dev-1')
    expect(screen.getByTestId('device-state-dev-1').textContent).toContain('Connected')
    expect(screen.getByTestId('device-sender-dev-1').textContent).toBe('+62 812-3456-7890')
    expect(screen.getByTestId('device-quota-dev-1').textContent).toBe('Unlimited')
    expect(first.textContent).toContain('2030')
    expect(screen.getByTestId('device-state-dev-2').textContent).toContain('Token refused')
    expect(screen.getByTestId('device-quota-dev-2').textContent).toBe('120')
    expect(screen.getByTestId('device-note-dev-2').textContent).toContain('Token expired')
    expect(screen.getByTestId('device-note-dev-2').textContent).toContain('Enter the token again')
  })

  it("shows the core's state note in the operator language, and the gateway's own words as they came", () => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'id' }),
        devices: [
          makeDevice({
            state: 'unreachable',
            stateNote: 'Cannot reach the gateway (network).',
            stateNoteKey: 'desktop.device.network',
            stateNoteParams: {}
          }),
          makeDevice({ id: 'dev-2', state: 'disconnected', stateNote: 'phone is offline' })
        ]
      })
    )
    render(<DevicesView />)
    expect(screen.getByTestId('device-note-dev-1').textContent).toContain(
      'Gateway tidak dapat dihubungi (jaringan).'
    )
    expect(screen.getByTestId('device-note-dev-2').textContent).toContain('phone is offline')
  })

  it("gives the advice in the operator's language, and keeps the gateway's own words apart", () => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'id' }),
        devices: [makeDevice({ state: 'expired', stateNote: 'The device expired on 2026-01-31.' })]
      })
    )
    render(<DevicesView />)
    const row = screen.getByRole('listitem', { name: /Front office/ })
    // The first thing the operator reads is the Indonesian advice, on its own.
    const advice = within(row).getByText(
      'Langganan gateway sudah berakhir. Perpanjang di penyedia gateway Anda.'
    )
    expect(advice.textContent).not.toContain('expired on')
    // The English note is behind a labelled disclosure, not run into the advice.
    const details = within(row).getByText('Laporan dari gateway').closest('details')
    expect(details?.open).toBe(false)
    expect(details?.textContent).toContain('The device expired on 2026-01-31.')
  })

  it('keeps "Try the sandbox" reachable after the welcome screen, until a sandbox device exists', async () => {
    fake.handle('sandbox:start', () => ({
      device: makeDevice({ id: 'sbx', sandbox: true, state: 'needs-scan' })
    }))
    show()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try the sandbox' }))
    expect(fake.requests('sandbox:start')).toEqual([{}])
  })

  it('follows state changes from the store (device events)', () => {
    show()
    act(() => seedStores(makeBootstrap({ devices: [makeDevice({ state: 'needs-scan' })] })))
    expect(screen.getByTestId('device-state-dev-1').getAttribute('data-state')).toBe('needs-scan')
  })

  it('restarts a device and shows the result', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'connected' })
    }))
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByTestId('restart-dev-1'))
    expect(fake.requests('devices:restart')).toEqual([{ id: 'dev-1' }])
    expect(screen.getByTestId('device-feedback-dev-1').textContent).toBe('Restarted.')
    expect(screen.getByTestId('device-state-dev-1').textContent).toContain('Connected')
  })

  it('does not report a restart as a success while the device stays disconnected', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'disconnected' })
    }))
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    const feedback = screen.getByTestId('device-feedback-dev-1')
    expect(feedback.textContent).toContain('still “Disconnected”')
    expect(feedback.textContent).not.toContain('Restarted')
  })

  it('offers an expired device renewal and a check, never Restart or a new QR code', async () => {
    fake.handle('devices:refresh', ({ id }) => makeDevice({ id, state: 'connected' }))
    show([makeDevice({ state: 'expired' })])
    const actions = screen.getByRole('group', { name: /Actions for/ })
    expect(within(actions).queryByRole('button', { name: 'Restart' })).toBeNull()
    expect(within(actions).queryByRole('button', { name: 'Relink' })).toBeNull()
    expect(screen.getByTestId('device-note-dev-1').textContent).toContain('Renew it with your provider')
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'Check again' }))
    expect(fake.requests('devices:refresh')).toEqual([{ id: 'dev-1' }])
    expect(screen.getByTestId('device-feedback-dev-1').textContent).toBe('Connected again.')
  })

  it('shows a restart failure', async () => {
    fake.fail('devices:restart', { code: 'gateway_unreachable', message: 'The gateway did not answer.' })
    show()
    await userEvent.setup().click(screen.getByTestId('restart-dev-1'))
    expect(screen.getByTestId('device-feedback-dev-1').textContent).toBe('The gateway did not answer.')
  })

  it('Relink opens the wizard on the QR step for that device', async () => {
    fake.handle('linking:begin', () => makeDevice({ state: 'needs-scan' }))
    fake.handle('devices:qr', () => ({
      kind: 'text',
      text: 'x',
      fetchedAt: new Date().toISOString(),
      refreshAfterMs: 20_000
    }))
    show([makeDevice({ state: 'needs-scan' })])
    await userEvent.setup().click(screen.getByTestId('relink-dev-1'))
    expect(useNavigation.getState().view).toBe('linking')
    expect(useLinking.getState().deviceId).toBe('dev-1')
    expect(useLinking.getState().step).toBe('qr')
  })

  it('changes the number, validating it as typed and sending it normalised', async () => {
    fake.handle('devices:changeNumber', ({ id, phone }) =>
      makeDevice({ id, sender: phone, state: 'needs-scan' })
    )
    show()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('change-number-dev-1'))
    const input = screen.getByTestId('number-input-dev-1')
    await user.type(input, '12345')
    expect(screen.getByTestId('number-error-dev-1').textContent).toContain('Start with 08')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    await user.clear(input)
    await user.type(input, '0813-9999-8888')
    expect(screen.queryByTestId('number-error-dev-1')).toBeNull()
    expect(screen.getByTestId('number-form-dev-1').textContent).toContain('Will be saved as 6281399998888')
    await user.click(screen.getByTestId('number-submit-dev-1'))
    expect(fake.requests('devices:changeNumber')).toEqual([{ id: 'dev-1', phone: '6281399998888' }])
    expect(screen.getByTestId('device-feedback-dev-1').textContent).toContain('6281399998888')
  })

  it('renames a device', async () => {
    fake.handle('devices:rename', ({ id, label }) => makeDevice({ id, label }))
    show()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('rename-dev-1'))
    const input = screen.getByTestId('rename-input-dev-1')
    await user.clear(input)
    await user.type(input, 'Kasir 2{Enter}')
    expect(fake.requests('devices:rename')).toEqual([{ id: 'dev-1', label: 'Kasir 2' }])
    expect(within(screen.getByTestId('device-row-dev-1')).getByRole('heading').textContent).toContain(
      'Kasir 2'
    )
  })

  it('offers to enter the token again only when it is locked or refused, and sends it for a live check', async () => {
    fake.handle('devices:updateToken', ({ id }) => makeDevice({ id, state: 'connected' }))
    show([makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'locked' })])
    expect(screen.queryByTestId('token-dev-1')).toBeNull()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('token-dev-2'))
    expect(screen.getByTestId('token-submit-dev-2')).toHaveProperty('disabled', true)
    await user.type(screen.getByTestId('token-input-dev-2'), '  new-token-value  ')
    await user.click(screen.getByTestId('token-submit-dev-2'))
    expect(fake.requests('devices:updateToken')).toEqual([{ id: 'dev-2', token: 'new-token-value' }])
    expect(screen.getByTestId('device-state-dev-2').getAttribute('data-state')).toBe('connected')
    expect(screen.getByTestId('device-feedback-dev-2').textContent).toContain('Token accepted')
  })

  it("sets this gateway's own file size limit in MB, or clears it back to the setting", async () => {
    fake.handle('devices:setFileLimit', ({ id, maxFileBytes }) => makeDevice({ id, maxFileBytes }))
    show()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('limit-dev-1'))
    const input = screen.getByTestId('limit-input-dev-1')
    await user.type(input, 'lots')
    expect(screen.getByTestId('limit-submit-dev-1')).toHaveProperty('disabled', true)
    await user.clear(input)
    await user.type(input, '16{Enter}')
    expect(fake.requests('devices:setFileLimit')).toEqual([{ id: 'dev-1', maxFileBytes: 16 * 1024 * 1024 }])
    expect(screen.getByTestId('device-feedback-dev-1').textContent).toContain('16 MB')
    await user.click(screen.getByTestId('limit-dev-1'))
    await user.clear(screen.getByTestId('limit-input-dev-1'))
    await user.click(screen.getByTestId('limit-submit-dev-1'))
    expect(fake.requests('devices:setFileLimit').at(-1)).toEqual({ id: 'dev-1', maxFileBytes: null })
  })

  it('removes a device only after confirmation', async () => {
    fake.handle('devices:remove', () => ({ ok: true }))
    show()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('remove-dev-1'))
    expect(fake.requests('devices:remove')).toEqual([])
    expect(screen.getByText(/Remove Front office from Sender Desk\?/)).toBeTruthy()
    await user.click(screen.getByTestId('remove-confirm-dev-1'))
    expect(fake.requests('devices:remove')).toEqual([{ id: 'dev-1' }])
    expect(screen.queryByTestId('device-row-dev-1')).toBeNull()
  })
})

describe('add-device form', () => {
  it('checks the base URL rule', () => {
    expect(checkBaseUrl('')).toBe('required')
    // Typed without a scheme: https, as the core has always taken it (the window used to refuse it).
    expect(checkBaseUrl('solo.wablas.com')).toBeNull()
    expect(checkBaseUrl('http://solo.wablas.com')).toBe('https')
    expect(checkBaseUrl('https://solo.wablas.com')).toBeNull()
    expect(checkBaseUrl('http://localhost:8080')).toBeNull()
    expect(checkBaseUrl('http://127.0.0.1:3000')).toBeNull()
    expect(checkBaseUrl('http://[::1]:3000')).toBeNull()
    expect(checkBaseUrl('ftp://solo.wablas.com')).toBe('invalid')
  })

  it.each(BASE_URL_CASES.filter((c) => !c.allowInsecureHttp).map((c) => [c.input, c.expected] as const))(
    'answers the shared base-URL case %j like the core',
    (input, expected) => {
      expect(checkBaseUrl(input) === null).toBe('value' in expected)
    }
  )

  it('validates as the operator types', async () => {
    show([])
    const user = userEvent.setup()
    await user.click(screen.getByTestId('add-device-open'))
    const url = screen.getByTestId('add-device-url')
    await user.clear(url)
    await user.type(url, 'http://solo.wablas.com')
    expect(screen.getByTestId('add-device-error-baseUrl').textContent).toContain('Use https://')
    await user.clear(url)
    await user.type(url, 'http://localhost:9000')
    expect(screen.queryByTestId('add-device-error-baseUrl')).toBeNull()
    await user.type(screen.getByTestId('add-device-token'), 'x')
    await user.clear(screen.getByTestId('add-device-token'))
    expect(screen.getByTestId('add-device-error-token').textContent).toBe('⚠ Enter the device token.')
  })

  it('does not submit an incomplete form and moves focus to the first problem', async () => {
    show([])
    const user = userEvent.setup()
    await user.click(screen.getByTestId('add-device-open'))
    await user.click(screen.getByTestId('add-device-submit'))
    expect(fake.requests('devices:add')).toEqual([])
    expect(screen.getByTestId('add-device-error-label')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByTestId('add-device-label'))
  })

  it('shows the core’s error next to the field it names', async () => {
    fake.fail('devices:add', {
      code: 'token_invalid',
      message: 'The gateway refused this token.',
      field: 'token'
    })
    show([])
    const user = userEvent.setup()
    await user.click(screen.getByTestId('add-device-open'))
    await user.type(screen.getByTestId('add-device-label'), 'Kasir')
    await user.clear(screen.getByTestId('add-device-url'))
    await user.type(screen.getByTestId('add-device-url'), 'https://solo.wablas.com')
    await user.type(screen.getByTestId('add-device-token'), 'abc123')
    await user.click(screen.getByTestId('add-device-submit'))
    expect(fake.requests('devices:add')).toEqual([
      { label: 'Kasir', baseUrl: 'https://solo.wablas.com', token: 'abc123' }
    ])
    expect(screen.getByTestId('add-device-error-token').textContent).toContain(
      'The gateway refused this token.'
    )
    expect(document.activeElement).toBe(screen.getByTestId('add-device-token'))
    await user.type(screen.getByTestId('add-device-token'), '4')
    expect(screen.queryByTestId('add-device-error-token')).toBeNull()
  })

  it('shows an error without a field above the buttons', async () => {
    fake.fail('devices:add', { code: 'gateway_unreachable', message: 'Could not reach solo.wablas.com.' })
    show([])
    const user = userEvent.setup()
    await user.click(screen.getByTestId('add-device-open'))
    await user.type(screen.getByTestId('add-device-label'), 'Kasir')
    await user.clear(screen.getByTestId('add-device-url'))
    await user.type(screen.getByTestId('add-device-url'), 'https://solo.wablas.com')
    await user.type(screen.getByTestId('add-device-token'), 'abc')
    await user.type(screen.getByTestId('add-device-secret'), 's3cret')
    await user.click(screen.getByTestId('add-device-submit'))
    expect(fake.requests('devices:add')[0]).toMatchObject({ secret: 's3cret' })
    expect(screen.getByTestId('add-device-error').textContent).toBe('Could not reach solo.wablas.com.')
  })

  it('adds the device and opens the wizard when it needs a scan', async () => {
    const added = makeDevice({ id: 'new-1', label: 'Kasir', state: 'needs-scan' })
    fake.handle('devices:add', () => added)
    fake.handle('linking:begin', () => added)
    fake.handle('devices:qr', () => ({
      kind: 'text',
      text: 'x',
      fetchedAt: new Date().toISOString(),
      refreshAfterMs: 20_000
    }))
    show([])
    const user = userEvent.setup()
    await user.click(screen.getByTestId('add-device-open'))
    await user.type(screen.getByTestId('add-device-label'), 'Kasir')
    await user.clear(screen.getByTestId('add-device-url'))
    await user.type(screen.getByTestId('add-device-url'), 'https://solo.wablas.com')
    await user.type(screen.getByTestId('add-device-token'), 'abc')
    await user.click(screen.getByTestId('add-device-submit'))
    expect(useNavigation.getState().view).toBe('linking')
    expect(useLinking.getState().deviceId).toBe('new-1')
  })
})
