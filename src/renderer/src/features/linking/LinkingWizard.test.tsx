// The wizard on screen: QR with countdown and rules, the sandbox playing phone and IT support, activation message, errors explained.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceView } from '../../../../shared/contract'
import { useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import { useSettings } from '../../stores/settings'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { LinkingWizard } from './LinkingWizard'

let fake: FakeApi

function setup(device: DeviceView): void {
  seedStores(makeBootstrap({ devices: [device] }))
  fake.handle('linking:begin', () => useDevices.getState().devices[0] ?? device)
  fake.handle('devices:qr', () => ({
    kind: 'text',
    text: 'wa-link-QR',
    fetchedAt: new Date().toISOString(),
    refreshAfterMs: 20_000
  }))
}

async function openWizard(options?: { forceQr?: boolean }): Promise<void> {
  render(<LinkingWizard />)
  await act(async () => {
    await useLinking.getState().open('dev-1', options)
  })
}

/** What the core answers a request for a code the gateway answered with `status` (deviceErrorFromGateway). */
function failQr(code: 'server_error' | 'rate_limited', status: number): void {
  fake.fail('devices:qr', {
    code,
    message: `The gateway is having trouble (HTTP ${status}); try again in a moment.`,
    messageKey: 'desktop.error.gatewayTroubleStatus',
    messageParams: { status, said: '' }
  })
}

const step = (): string | null => screen.getByTestId('wizard-step').getAttribute('data-step')

beforeEach(() => {
  fake = installFakeApi()
})

describe('LinkingWizard', () => {
  it.each([
    [
      'en',
      'The number was changed to +62 857-2222-3333: scan this code with the phone that has that number.'
    ],
    ['id', 'Nomornya diganti ke +62 857-2222-3333: pindai kode ini dengan ponsel yang memakai nomor itu.']
  ] as const)(
    'after a number change says which phone scans: the one with the new number (%s, QA16 Q16-10)',
    async (language, says) => {
      const changed = makeDevice({
        state: 'needs-scan',
        stateNote: 'Number changed to 6285722223333: scan the QR code with that phone.',
        stateNoteKey: 'desktop.device.numberChanged',
        stateNoteParams: { phone: '6285722223333' }
      })
      setup(changed)
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [changed] }))
      await openWizard()
      expect(step()).toBe('qr')
      expect(screen.getByTestId('wizard-new-number').textContent).toBe(says)
    }
  )

  it('says nothing of a new number for a phone that logged out', async () => {
    setup(makeDevice({ state: 'needs-scan', stateNote: 'need scan qr code again' }))
    await openWizard()
    expect(step()).toBe('qr')
    expect(screen.queryByTestId('wizard-new-number')).toBeNull()
  })

  it('walks a sandbox device from QR to connected, driven by the sandbox panel', async () => {
    const sandbox = makeDevice({
      sandbox: true,
      state: 'needs-scan',
      sender: '6281111222333',
      serial: 'SBX-42'
    })
    setup(sandbox)
    fake.handle('sandbox:control', ({ action }) => {
      const state =
        action === 'scan' ? 'awaiting-activation' : action === 'activate' ? 'connected' : 'needs-scan'
      return { ...sandbox, state, stateSince: '2025-05-01T02:15:00.000Z' }
    })
    const user = userEvent.setup()
    await openWizard()

    expect(step()).toBe('qr')
    const code = await screen.findByTestId('qr-code')
    const img = await within(code).findByRole('img')
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(img.getAttribute('alt')).toContain('Front office')
    const rules = screen.getByTestId('qr-rules').textContent ?? ''
    expect(rules).toContain('WhatsApp Web at the same time')
    expect(rules).toContain('changing the number, needs a new scan')
    expect(rules).toContain('regular (non-business) account is preferred')

    // No "I have scanned" button: the code stays up until the gateway reports the phone.
    expect(screen.queryByRole('button', { name: /scanned/i })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Scan the code' }))
    expect(fake.requests('sandbox:control')).toEqual([{ deviceId: 'dev-1', action: 'scan' }])
    // The stepper follows the badge: the gateway sees the phone, so the step is asking IT support.
    expect(step()).toBe('activation')
    expect(screen.getByTestId('device-state-wizard-dev-1').textContent).toContain('Waiting for activation')
    const progress = screen.getByTestId('link-progress')
    expect(progress.textContent).toContain('Code scanned')
    expect(
      within(progress).getByText('Activated by IT support').closest('li')?.getAttribute('data-mark')
    ).toBe('pending')
    const message = (screen.getByRole('textbox', { name: 'Message for IT support' }) as HTMLTextAreaElement)
      .value
    expect(message).toContain('SBX-42')
    expect(message).toContain('6281111222333')
    expect(message).toContain('2025')
    // The zone as the pickers name it (the settings' Asia/Jakarta), not its IANA id, after the time as the window
    // writes every zoned time ("09:30 WIB"), not in brackets.
    expect(message).toMatch(/\d{2}[:.]\d{2} WIB/)
    expect(message).not.toContain('(WIB)')
    expect(message).not.toContain('Asia/Jakarta')
    expect(screen.getByTestId('support-contact').textContent).toContain('it@example.co.id')

    await user.click(screen.getByRole('button', { name: 'Copy message' }))
    expect(await navigator.clipboard.readText()).toBe(message)
    expect(screen.getByTestId('activation-copy-status').textContent).toBe('Copied')

    await user.click(screen.getByRole('button', { name: 'Activate the device' }))
    expect(step()).toBe('done')
    // The number as it is read, as the devices view shows it; the message for IT support keeps the gateway's digits.
    expect(screen.getByTestId('wizard-done').textContent).toContain('+62 811-1122-2333')
    // "Connected" once, in the step list; the sentence says the rest (QA: badge, step, heading and sentence all said it).
    // (The sandbox panel's own feedback and the screen reader's step announcement aside.)
    const said = screen
      .getAllByText(/connected/i)
      .filter((node) => !node.closest('.visually-hidden, [data-testid="sandbox-panel"]'))
    expect(said.map((node) => node.textContent)).toEqual([
      'Connected',
      expect.stringContaining('is connected')
    ])
    expect(screen.queryByRole('heading', { name: 'Connected' })).toBeNull()
  })

  // QA75: a relink the sandbox's "Scan the code" finished left the focus on the panel's status line, the next Tab on
  // "Skip to content"; the focus goes to what the scan produced, the connected step.
  it('puts the focus on the connected step when a scan by keyboard ends the relink', async () => {
    const sandbox = makeDevice({ sandbox: true, state: 'needs-scan', linked: true })
    setup(sandbox)
    fake.handle('sandbox:control', () => ({ ...sandbox, state: 'connected' }))
    const user = userEvent.setup()
    await openWizard({ forceQr: true })
    screen.getByRole('button', { name: 'Scan the code' }).focus()
    await user.keyboard('{Enter}')
    expect(step()).toBe('done')
    expect(document.activeElement).toBe(screen.getByTestId('wizard-done'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send a message' }))
  })

  // QA75 in Chromium: the gateway's event of the link came before the scan's reply, and the panel then gave the focus
  // to its line (the control had left the focus, so it was disabled).
  it('keeps the focus on the connected step when the link is told before the scan’s reply', async () => {
    const sandbox = makeDevice({ sandbox: true, state: 'needs-scan', linked: true })
    setup(sandbox)
    fake.handle('sandbox:control', async () => {
      act(() => useDevices.getState().setDevices([{ ...sandbox, state: 'connected' }]))
      await new Promise((resolve) => setTimeout(resolve, 0))
      return { ...sandbox, state: 'connected' }
    })
    const user = userEvent.setup()
    await openWizard({ forceQr: true })
    screen.getByRole('button', { name: 'Scan the code' }).focus()
    await user.keyboard('{Enter}')
    await screen.findByText(/^Scan the code: /)
    expect(document.activeElement).toBe(screen.getByTestId('wizard-done'))
  })

  it('puts the focus on the connected step when the phone scans by itself, the focus inside the wizard', async () => {
    const device = makeDevice({ state: 'needs-scan', linked: true })
    setup(device)
    await openWizard({ forceQr: true })
    screen.getByRole('button', { name: 'Show a new code' }).focus()
    act(() => useDevices.getState().setDevices([{ ...device, state: 'connected' }]))
    expect(step()).toBe('done')
    expect(document.activeElement).toBe(screen.getByTestId('wizard-done'))
  })

  it('leaves the focus where it is outside the wizard when the phone scans by itself', async () => {
    const device = makeDevice({ state: 'needs-scan', linked: true })
    setup(device)
    const outside = document.createElement('button')
    document.body.append(outside)
    await openWizard({ forceQr: true })
    outside.focus()
    act(() => useDevices.getState().setDevices([{ ...device, state: 'connected' }]))
    expect(step()).toBe('done')
    expect(document.activeElement).toBe(outside)
    outside.remove()
  })

  it('resumes on the activation step for a device awaiting activation', async () => {
    setup(makeDevice({ state: 'awaiting-activation' }))
    await openWizard()
    expect(step()).toBe('activation')
    expect(
      screen.getByRole('list', { name: 'Linking steps' }).querySelector('[aria-current="step"]')?.textContent
    ).toContain('Ask IT support to activate')
    expect(fake.requests('devices:qr')).toEqual([])
  })

  // QA60: steps 2 and 3 had no Cancel or way back; only the navigation's tabs left the wizard.
  it.each(['needs-scan', 'awaiting-activation'] as const)(
    'leaves from its %s step to the device’s card, ending the linking',
    async (state) => {
      setup(makeDevice({ state }))
      await openWizard()
      expect(step()).toBe(state === 'needs-scan' ? 'qr' : 'activation')
      await userEvent.setup().click(screen.getByRole('button', { name: 'Back to devices' }))
      expect(useNavigation.getState().view).toBe('devices')
      expect(useNavigation.getState().takeDeviceAsk()).toEqual({ deviceId: 'dev-1', action: 'show' })
      expect(useLinking.getState().deviceId).toBeNull()
      expect(fake.requests('linking:end')).toEqual([{ id: 'dev-1' }])
    }
  )

  // QA60: a sandbox device's ended subscription sent the operator to "your gateway provider", under a greyed code.
  it('sends a sandbox device’s ended subscription to its Sandbox controls, with no code beside it', async () => {
    const device = makeDevice({ state: 'needs-scan', sandbox: true, baseUrl: 'http://127.0.0.1:5000' })
    setup(device)
    await openWizard()
    expect(screen.getByTestId('qr-new-code')).toBeTruthy()
    act(() =>
      useDevices.getState().setDevices([{ ...device, state: 'expired', stateNote: 'device expired' }])
    )
    const problem = await screen.findByTestId('wizard-problem')
    expect(problem.textContent).toContain(
      'What to do: Choose “Renew the subscription” in Sandbox controls below, then try again.'
    )
    expect(problem.textContent).toContain('The gateway said: “device expired”')
    expect(screen.queryByTestId('qr-new-code')).toBeNull()
    expect(screen.queryByTestId('qr-countdown')).toBeNull()
  })

  // QA77 5a (the wizard's part): the sandbox set unreachable in its own panel below was told to "Check the internet
  // connection", which it does not use: it runs inside Sender Desk, on this computer.
  it.each([
    ['en', 'Sandbox controls below', 'Make the gateway reachable again', /check the internet/i],
    ['id', 'Kontrol sandbox di bawah', 'Buat gateway terjangkau lagi', /periksa koneksi internet/i]
  ] as const)(
    'sends a sandbox gateway not reached to its Sandbox controls’ “reachable again”, not to the internet (%s)',
    async (language, panel, reachable, internet) => {
      const device = makeDevice({ state: 'needs-scan', sandbox: true, baseUrl: 'http://127.0.0.1:5000' })
      setup(device)
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [device] }))
      const unreachable: DeviceView = {
        ...device,
        state: 'unreachable',
        stateNote: 'Cannot reach the gateway (network).',
        stateNoteKey: 'desktop.device.network'
      }
      fake.handle('sandbox:control', () => unreachable)
      const user = userEvent.setup()
      await openWizard()
      await user.click(
        screen.getByRole('button', {
          name: language === 'en' ? 'Make the gateway unreachable' : 'Buat gateway tidak terjangkau'
        })
      )
      const problem = await screen.findByTestId('wizard-problem')
      expect(problem.getAttribute('data-kind')).toBe('unreachable')
      expect(problem.textContent).toContain(panel)
      expect(problem.textContent).toContain(`“${reachable}”`)
      expect(problem.textContent).not.toMatch(internet)
      // The button it names is there below, and it applies now.
      expect((screen.getByRole('button', { name: reachable }) as HTMLButtonElement).disabled).toBe(false)

      // A sandbox that did answer (it asked to slow down) was reached: nothing to make reachable.
      act(() =>
        useDevices.getState().setDevices([
          {
            ...unreachable,
            stateNote: 'The gateway asked us to slow down (rate limited).',
            stateNoteKey: 'desktop.device.rateLimited'
          }
        ])
      )
      expect(screen.getByTestId('wizard-problem').textContent).not.toContain(reachable)
    }
  )

  // Issue 29 point 3: a gateway that answered 503 or asked to slow down (429) was told to "Check the internet
  // connection", which reached it fine. The next step follows the cause, as the device card's advice does.
  it.each([
    [
      'en',
      /check the internet/i,
      'The gateway answers, with a server error: the trouble is on the provider’s side.',
      'The gateway asked Sender Desk to slow down; it waits and tries again by itself.'
    ],
    [
      'id',
      /periksa koneksi internet/i,
      'Gateway menjawab, tetapi dengan galat server: masalahnya ada di pihak penyedia.',
      'Gateway meminta Sender Desk memperlambat; Sender Desk menunggu lalu mencoba lagi sendiri.'
    ]
  ] as const)(
    'says what to do for the cause: a server error (503) or a gateway asking to slow down (429), not the internet (%s)',
    async (language, internet, serverError, rateLimited) => {
      const device = makeDevice({ state: 'needs-scan' })
      setup(device)
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [device] }))
      // The gateway answers the wizard's check with 503.
      const failing: DeviceView = {
        ...device,
        state: 'unreachable',
        stateNote: 'The gateway is failing (HTTP 503).',
        stateNoteKey: 'desktop.device.serverErrorStatus',
        stateNoteParams: { status: 503 }
      }
      fake.handle('linking:begin', () => failing)
      await openWizard()
      const problem = await screen.findByTestId('wizard-problem')
      expect(problem.getAttribute('data-kind')).toBe('unreachable')
      expect(problem.textContent).toContain(serverError)
      expect(problem.textContent).not.toMatch(internet)
      // It was reached: its title does not say otherwise.
      expect(problem.textContent).not.toMatch(/cannot be reached|tidak bisa dihubungi/)

      // Then it answers 429: the words follow the check's cause, the gateway's note with them.
      act(() =>
        useDevices.getState().setDevices([
          {
            ...failing,
            stateNote: 'The gateway asked us to slow down (rate limited).',
            stateNoteKey: 'desktop.device.rateLimited',
            stateNoteParams: undefined
          }
        ])
      )
      const slowed = screen.getByTestId('wizard-problem').textContent
      expect(slowed).toContain(rateLimited)
      expect(slowed).not.toContain(serverError)
      expect(slowed).not.toMatch(/503/)
      expect(slowed).not.toMatch(internet)

      // Not reached at all: the internet is the thing to check.
      act(() =>
        useDevices.getState().setDevices([
          {
            ...failing,
            stateNote: 'Cannot reach the gateway (network).',
            stateNoteKey: 'desktop.device.network',
            stateNoteParams: undefined
          }
        ])
      )
      expect(screen.getByTestId('wizard-problem').textContent).toMatch(internet)
    }
  )

  // The built-in sandbox answering 500 was sent to "contact your gateway provider", and a request for a code that met
  // nothing, its device's check fine, to "Check the internet connection": it runs inside Sender Desk, with neither.
  it.each([
    ['en', /provider|internet connection/i, 'restart Sender Desk', 'Make the gateway reachable again'],
    ['id', /penyedia|koneksi internet/i, 'mulai ulang Sender Desk', 'Buat gateway terjangkau lagi']
  ] as const)(
    'says the built-in sandbox’s server error and a request that met nothing as its own, not a provider’s (%s)',
    async (language, elsewhere, restart, reachable) => {
      const device = makeDevice({ state: 'needs-scan', sandbox: true, baseUrl: 'http://127.0.0.1:5000' })
      setup(device)
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [device] }))
      // The sandbox answers the request for a code with 500 (an error of its own).
      failQr('server_error', 500)
      await openWizard()
      const failing = await screen.findByTestId('wizard-problem')
      expect(failing.getAttribute('data-kind')).toBe('unreachable')
      expect(failing.textContent).not.toMatch(elsewhere)
      expect(failing.textContent).toContain(restart)

      // Its check says the same 500.
      act(() =>
        useDevices.getState().setDevices([
          {
            ...device,
            state: 'unreachable',
            stateNote: 'The gateway is failing (HTTP 500).',
            stateNoteKey: 'desktop.device.serverErrorStatus',
            stateNoteParams: { status: 500 }
          }
        ])
      )
      const checked = screen.getByTestId('wizard-problem')
      expect(checked.textContent).not.toMatch(elsewhere)
      expect(checked.textContent).toContain(restart)

      // The request met nothing (the sandbox stopped), the device's check still fine: no internet, and not the
      // panel's "reachable again", which applies only once the sandbox is set unreachable.
      act(() => useDevices.getState().setDevices([device]))
      fake.fail('devices:qr', {
        code: 'unreachable',
        message: 'The sandbox gateway at http://127.0.0.1:5000 did not answer.',
        messageKey: 'desktop.error.sandboxUnreachable',
        messageParams: { baseUrl: 'http://127.0.0.1:5000' }
      })
      await act(async () => {
        await useLinking.getState().newCode()
      })
      const unanswered = screen.getByTestId('wizard-problem')
      expect(unanswered.getAttribute('data-kind')).toBe('unreachable')
      expect(unanswered.textContent).not.toMatch(elsewhere)
      expect(unanswered.textContent).not.toContain(reachable)
      expect(unanswered.textContent).toContain(restart)
    }
  )

  // An address that does not answer as a gateway: the card's "choose Check again" names a button the wizard lacks.
  it.each([
    ['en', 'desktop.device.notSupported', 'server address in your gateway dashboard', '“Try again”'],
    ['id', 'desktop.device.notSupported', 'alamat server di dasbor gateway Anda', '“Coba lagi”'],
    ['en', 'desktop.device.notSupportedNow', 'answered as a gateway before', '“Try again”'],
    ['id', 'desktop.device.notSupportedNow', 'sebelumnya menjawab sebagai gateway', '“Coba lagi”']
  ] as const)(
    'sends an address that does not answer as a gateway to its dashboard, with the wizard’s own button (%s, %s)',
    async (language, stateNoteKey, says, button) => {
      const device = makeDevice({ state: 'needs-scan' })
      setup(device)
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [device] }))
      fake.handle('linking:begin', () => ({
        ...device,
        state: 'unreachable',
        stateNote: 'This address does not answer device/info; check the server URL.',
        stateNoteKey
      }))
      await openWizard()
      const problem = await screen.findByTestId('wizard-problem')
      expect(problem.textContent).toContain(says)
      expect(problem.textContent).toContain(button)
      expect(problem.textContent).not.toMatch(/check the internet|periksa koneksi internet/i)
      expect(problem.textContent).not.toMatch(/Check again|Periksa lagi/)
      expect(within(problem).getByTestId('wizard-problem-action').textContent).toBe(button.slice(1, -1))
    }
  )

  // QA61: after a logout the note to scan a new code stayed above the ended subscription, two contrary advices.
  it('says nothing of scanning again once the device has a problem a code cannot mend', async () => {
    const device = makeDevice({ state: 'needs-scan', sandbox: true, linked: true })
    setup(device)
    await openWizard({ forceQr: true })
    act(() => useLinking.setState({ rescan: true }))
    expect(screen.getByTestId('wizard-rescan')).toBeTruthy()
    act(() =>
      useDevices.getState().setDevices([{ ...device, state: 'expired', stateNote: 'device expired' }])
    )
    await screen.findByTestId('wizard-problem')
    expect(screen.queryByTestId('wizard-rescan')).toBeNull()
  })

  it('counts down to the next code and refreshes it', async () => {
    vi.useFakeTimers()
    setup(makeDevice({ state: 'needs-scan' }))
    await openWizard()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByTestId('qr-countdown').textContent).toBe('A new code in 20 s')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(screen.getByTestId('qr-countdown').textContent).toBe('A new code in 15 s')
    const before = screen.getByTestId('qr-code').getAttribute('data-fetched-at')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    expect(fake.requests('devices:qr').length).toBe(2)
    expect(screen.getByTestId('qr-code').getAttribute('data-fetched-at')).not.toBe(before)
    expect(screen.getByTestId('qr-countdown').textContent).toBe('A new code in 20 s')
  })

  it('stops after the rotation cap and offers "Show a new code"', async () => {
    vi.useFakeTimers()
    setup(makeDevice({ state: 'needs-scan' }))
    await openWizard()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000 * 10)
    })
    expect(screen.queryByTestId('qr-code')).toBeNull()
    expect(screen.getByTestId('qr-placeholder').textContent).toContain('stopped refreshing')
    const calls = fake.requests('devices:qr').length
    await act(async () => {
      screen.getByRole('button', { name: 'Show a new code' }).click()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(fake.requests('devices:qr').length).toBe(calls + 1)
    expect(screen.getByTestId('qr-code')).toBeTruthy()
  })

  it('numbers each code shown, the first one included, out of every code it will show (QA34 Q34-07)', async () => {
    vi.useFakeTimers()
    setup(makeDevice({ state: 'needs-scan' }))
    await openWizard()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    const shown: (string | null)[] = []
    const said: (string | null)[] = []
    const count = (): string | null => screen.queryByText(/^Code \d+ of \d+$/)?.textContent ?? null
    shown.push(count())
    said.push(screen.getByTestId('qr-countdown').textContent)
    for (let i = 0; i < 5; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000)
      })
      shown.push(count())
      said.push(screen.getByTestId('qr-countdown').textContent)
    }
    // The last code promises no new one (an operator's probe).
    expect(said.at(-1)).toBe('The last code: it stops refreshing in 20 s')
    expect(said.slice(0, -1).every((line) => line === 'A new code in 20 s')).toBe(true)
    expect(fake.requests('devices:qr')).toHaveLength(6)
    expect(shown).toEqual([
      'Code 1 of 6',
      'Code 2 of 6',
      'Code 3 of 6',
      'Code 4 of 6',
      'Code 5 of 6',
      'Code 6 of 6'
    ])
  })

  it('pauses the countdown when the window is hidden', async () => {
    setup(makeDevice({ state: 'needs-scan' }))
    await openWizard()
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(screen.getByTestId('qr-countdown').textContent).toBe('Paused while this window is hidden.')
    visibility.mockReturnValue('visible')
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'))
      await Promise.resolve()
    })
    expect(screen.getByTestId('qr-countdown').textContent).toMatch(/A new code in \d+ s/)
    visibility.mockRestore()
  })

  it.each([
    ['gateway_unreachable', 'The gateway cannot be reached.', 'Check the internet connection', 'Try again'],
    ['token_invalid', 'The gateway refused this device’s token.', 'Enter the token again', 'Go to devices'],
    [
      'qr_expired',
      'The code expired before it was scanned.',
      'Show a new code and scan it',
      'Show a new code'
    ]
  ])('explains %s with the next thing to do', async (code, title, next, action) => {
    setup(makeDevice({ state: 'needs-scan' }))
    fake.fail('devices:qr', { code, message: `gateway said ${code}` })
    await openWizard()
    const problem = await screen.findByTestId('wizard-problem')
    expect(problem.textContent).toContain(title)
    expect(problem.textContent).toContain(next)
    expect(problem.textContent).toContain(`gateway said ${code}`)
    expect(within(problem).getByTestId('wizard-problem-action').textContent).toBe(action)
  })

  // A 503 (or a 429) answered to the request for a code was said "The gateway did not give a code.", next to "No code
  // to show.", as if it had none, and "restart the device": the device card says of the same answer that the gateway
  // is failing on the provider's side (or asks to slow down), and Sender Desk keeps trying.
  it.each([
    [
      'en',
      'The gateway answered, but cannot link this device now.',
      'The gateway answers, with a server error: the trouble is on the provider’s side.',
      'The gateway asked Sender Desk to slow down; it waits and tries again by itself.',
      /did not give a code|No code to show|restart the device/
    ],
    [
      'id',
      'Gateway menjawab, tetapi belum bisa menautkan perangkat ini sekarang.',
      'Gateway menjawab, tetapi dengan galat server: masalahnya ada di pihak penyedia.',
      'Gateway meminta Sender Desk memperlambat; Sender Desk menunggu lalu mencoba lagi sendiri.',
      /tidak memberikan kode|Tidak ada kode|mulai ulang perangkat/
    ]
  ] as const)(
    'says a 503 or a 429 answered to the request for a code as the card does, not as no code (%s)',
    async (language, title, serverError, rateLimited, noCode) => {
      const device = makeDevice({ state: 'needs-scan' })
      setup(device)
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [device] }))
      failQr('server_error', 503)
      await openWizard()
      const problem = await screen.findByTestId('wizard-problem')
      expect(problem.getAttribute('data-kind')).toBe('unreachable')
      expect(problem.textContent).toContain(title)
      expect(problem.textContent).toContain(serverError)
      expect(problem.textContent).toMatch(/HTTP 503/)
      expect(screen.getByTestId('wizard-step').textContent).not.toMatch(noCode)
      expect(screen.queryByTestId('qr-placeholder')).toBeNull()

      failQr('rate_limited', 429)
      await act(async () => {
        await useLinking.getState().newCode()
      })
      const slowed = screen.getByTestId('wizard-problem')
      expect(slowed.textContent).toContain(title)
      expect(slowed.textContent).toContain(rateLimited)
      expect(slowed.textContent).not.toContain(serverError)
      expect(screen.getByTestId('wizard-step').textContent).not.toMatch(noCode)
    }
  )

  // Issue 29 point 6: the problem was kept worded in the store, and stayed in English after the language changed.
  it('says the core’s words of a problem again in the language the window changes to', async () => {
    setup(makeDevice({ state: 'needs-scan' }))
    fake.fail('devices:qr', {
      code: 'disk_full',
      message: 'The disk is full: free some space and try again (nothing was lost).',
      messageKey: 'desktop.error.diskFull'
    })
    await openWizard()
    const problem = await screen.findByTestId('wizard-problem')
    expect(problem.textContent).toContain(
      'The disk is full: free some space and try again (nothing was lost).'
    )
    act(() => useSettings.getState().set(makeSettings({ language: 'id' })))
    expect(problem.textContent).toContain(
      'Disk penuh: kosongkan sebagian ruang lalu coba lagi (tidak ada yang hilang).'
    )
  })

  it('"Try again" after an unreachable gateway begins linking again', async () => {
    setup(makeDevice({ state: 'needs-scan' }))
    fake.fail('devices:qr', { code: 'gateway_unreachable', message: 'offline' })
    const user = userEvent.setup()
    await openWizard()
    fake.handle('devices:qr', () => ({
      kind: 'text',
      text: 'back',
      fetchedAt: new Date().toISOString(),
      refreshAfterMs: 20_000
    }))
    await user.click(await screen.findByTestId('wizard-problem-action'))
    expect(fake.requests('linking:begin').length).toBe(2)
    expect(await screen.findByTestId('qr-code')).toBeTruthy()
    expect(screen.queryByTestId('wizard-problem')).toBeNull()
  })

  it('shows the gateway’s own QR image as given', async () => {
    setup(makeDevice({ state: 'needs-scan' }))
    fake.handle('devices:qr', () => ({
      kind: 'image',
      dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
      fetchedAt: new Date().toISOString(),
      refreshAfterMs: 30_000
    }))
    await openWizard()
    const img = within(await screen.findByTestId('qr-code')).getByRole('img')
    expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
  })

  it('lets the operator pick a device on step 1', async () => {
    setup(makeDevice({ state: 'needs-scan' }))
    const user = userEvent.setup()
    render(<LinkingWizard />)
    expect(step()).toBe('pick')
    await user.click(screen.getByTestId('wizard-pick-dev-1'))
    expect(step()).toBe('qr')
    expect(fake.requests('linking:begin')).toEqual([{ id: 'dev-1' }])
  })
})
