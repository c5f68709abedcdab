// Devices view: live state with words, sender/quota/expiry, actions, and the add-device form's as-typed and server checks.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDevicesStore, useDevices } from '../../stores/devices'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeCounts, makeDevice, makeSettings } from '../../testing/fixtures'
import { accessibleDescription } from '../../testing/described'
import { installFakeApi, seedStores } from '../../testing/render'
import { renderWithRowKeys, walkRowsWithJK } from '../../testing/row-keys'
import { computerZoneIs } from '../../testing/zone'
import { dropFocusAsChromiumDoes, pressAndHold } from '../../testing/focus'
import { checkBaseUrl } from './device-rules'
import { BASE_URL_CASES } from '../../../../shared/domain/base-url.cases'
import { DevicesView } from './DevicesView'
import { OverviewView } from '../overview/OverviewView'
import { EMPTY_COUNTS } from '../../stores/outbox'
import { formatDateTimeInZone } from '../../i18n/dates'
import { localeOf } from '../../i18n'
import { handleNavigate } from '../../stores/app'
import type { InvokeReply, RemovalReminder, RemovalSeries } from '../../../../shared/contract'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
})

function show(devices = [makeDevice()]): void {
  seedStores(makeBootstrap({ devices }))
  render(<DevicesView />)
}

/** A device's row, found by its name (the row is labelled by its heading). */
/** A device's row in the Devices view's list (the Overview, drawn beside it in some tests, lists devices too). */
function row(label: string): HTMLElement {
  const rows = screen.getAllByRole('listitem', { name: new RegExp(label) })
  const inDevices = rows.filter((item) => item.closest('.device-list'))
  expect(inDevices).toHaveLength(1)
  return inDevices[0] as HTMLElement
}

/** The value next to a fact's term in a row ("Sender number" → "+62 812-3456-7890"). */
function fact(inRow: HTMLElement, term: string): string {
  return within(inRow).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? ''
}

/** The advice a row gives for its device's state (in the operator's language, above the gateway's own words). */
function advice(label: string): string {
  return (
    within(row(label))
      .getByTestId(/device-note-/)
      .querySelector('p')?.textContent ?? ''
  )
}

/** What the row's status line says after an action. */
function feedback(label: string): string {
  return within(row(label)).getByRole('status').textContent ?? ''
}

describe('device list', () => {
  it('says why "Last checked" may be minutes old when the status arrives by push (QA 2026-11-29)', async () => {
    seedStores(
      makeBootstrap({
        devices: [makeDevice({ id: 'dev-1', label: 'Shop', statusPushed: true, checkEverySec: 900 })]
      })
    )
    render(<DevicesView />)
    expect((await screen.findByTestId('device-pushed-dev-1')).textContent).toBe(
      ' · its status changes arrive through Messages in as they happen; it is also checked every 15 minutes'
    )
  })

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
    const first = row('Front office')
    expect(within(first).getByText('Connected')).toBeTruthy()
    expect(fact(first, 'Sender number')).toBe('+62 812-3456-7890')
    expect(fact(first, 'Quota')).toBe('Unlimited')
    expect(fact(first, 'Expires')).toContain('2030')
    const second = row('Warehouse')
    expect(within(second).getByText('Token refused')).toBeTruthy()
    expect(fact(second, 'Quota')).toBe('120 messages left')
    expect(second.textContent).toContain('Token expired')
    expect(second.textContent).toContain('Enter the token again')
  })

  // On a UTC computer with the operator on WITA, the card's times were the computer's ("count starts again 28 Nov
  // 2026, 16:00 UTC" for the operator's midnight, the day the daily cap counts), the rest of the window the operator's.
  it("shows a card's times, and a cap's hold, on the operator's clock, named", async () => {
    computerZoneIs('UTC')
    // The operator's midnight on 29 Nov (WITA, UTC+8): when the daily cap's count starts again.
    const sentToday = { count: 7, resetsAt: '2026-11-28T16:00:00.000Z', zone: 'Asia/Makassar' }
    fake.handle('devices:setDailyCap', ({ id, dailyCap }) => makeDevice({ id, dailyCap, sentToday }))
    seedStores(
      makeBootstrap({
        settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }),
        devices: [
          makeDevice({
            expiresAt: '2026-11-29 12:38:19',
            lastCheckedAt: '2026-11-28T17:05:00.000Z',
            sentToday
          })
        ]
      })
    )
    render(<DevicesView />)
    const front = row('Front office')
    // 12:38 on the gateway's clock (WIB, UTC+7) is 13:38 on the operator's.
    expect(fact(front, 'Expires')).toBe('29 Nov 2026, 13:38 WITA')
    expect(fact(front, 'Daily cap today')).toBe(
      'no cap · 7 send attempts · count starts again 29 Nov 2026, 00:00 WITA'
    )
    expect(fact(front, 'Last checked')).toMatch(/^29 Nov 2026, 01:05 WITA/)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Daily cap' }))
    await user.type(screen.getByRole('textbox', { name: 'Most sends a day through this number' }), '5{Enter}')
    expect(feedback('Front office')).toMatch(/until the count starts again 29 Nov 2026, 00:00 WITA\.$/)
  })

  it("shows every time on a card in the operator's zone, named: the expiry (on the gateway's clock) too (issue 29, QA)", () => {
    show([
      makeDevice({
        expiresAt: '2026-11-29 12:38:19',
        lastCheckedAt: '2026-11-28T07:05:00.000Z',
        sentToday: { count: 3, resetsAt: '2026-11-28T17:00:00.000Z', zone: 'Asia/Jakarta' },
        quota: 12000
      }),
      makeDevice({
        id: 'dev-2',
        label: 'Warehouse',
        state: 'expired',
        expiresAt: '2026-01-02',
        expiresBy: '2026-01-02T17:00:00.000Z'
      })
    ])
    // QA: the expiry said "… WIB" beside the daily count's "starts again … UTC" on one card.
    // The settings' zone (WIB in the fixture), not the computer's.
    const here = 'WIB'
    const front = row('Front office')
    const times = [fact(front, 'Expires'), fact(front, 'Daily cap today'), fact(front, 'Last checked')]
    for (const time of times) expect(time).toMatch(new RegExp(`\\d{2}[:.]\\d{2} ${here}$`))
    // 12:38 on the gateway's clock (WIB, UTC+7) is 05:38 UTC: the same moment, in the operator's zone.
    expect(fact(front, 'Expires')).toBe(
      formatDateTimeInZone('2026-11-29T05:38:00.000Z', localeOf('en'), 'Asia/Jakarta')
    )
    expect(fact(front, 'Quota')).toBe('12,000 messages left')
    const checked = fact(front, 'Last checked')
    expect(checked).toMatch(/^28 Nov 2026, \d{2}:05 \S+$/)
    const ended = screen.getByTestId('device-expires-dev-2')
    expect(ended.textContent).toBe('2 Jan 2026 WIB (ended)')
    expect(ended.className).toBe('device-expired')
  })

  it.each([
    ['en', 'subscription ended'],
    ['id', 'langganan sudah berakhir']
  ] as const)(
    'says an ended subscription ended, never beside a date still ahead (%s, QA12 Q12-12)',
    (language, ended) => {
      // The state may come by push while the expiry is the one last read (a year ahead, from before it ended): the card
      // must not read "30 Nov 2027 (ended)".
      const aYearAhead = new Date(Date.now() + 365 * 24 * 3_600_000).toISOString()
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice({ state: 'expired', expiresAt: aYearAhead, expiresBy: aYearAhead })]
        })
      )
      render(<DevicesView />)
      const expires = screen.getByTestId('device-expires-dev-1')
      expect(expires.textContent).toBe(ended)
      expect(expires.textContent).not.toMatch(new RegExp(String(new Date(aYearAhead).getUTCFullYear())))
      expect(expires.className).toBe('device-expired')
    }
  )

  it.each([
    ['en', 'used up: renew or top up the gateway package'],
    ['id', 'habis: perpanjang atau isi ulang paket gateway']
  ] as const)('says a quota used up is used up, and what mends it (%s, QA12 Q12-10)', (language, words) => {
    seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice({ quota: 0 })] }))
    render(<DevicesView />)
    expect(screen.getByTestId('device-quota-dev-1').textContent).toBe(words)
  })

  it('names the state by what the check met: a gateway asking to slow down was reached (QA12 Q12-01)', () => {
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({
            state: 'unreachable',
            stateNote: 'The gateway asked us to slow down (rate limited).',
            stateNoteKey: 'desktop.device.rateLimited',
            stateNoteParams: {}
          })
        ]
      })
    )
    render(<DevicesView />)
    expect(screen.getByTestId('device-state-dev-1').textContent).toBe('⚠Gateway asks to slow down')
  })

  // QA: while the gateway answered 429 to sends, campaigns and outbox rows said so, the card only "✓ Connected".
  it.each([
    [
      'en',
      '✓Connected',
      'Sending is held: the gateway asked to slow down; next try at 28 Nov 2026, 17:30 WITA'
    ],
    [
      'id',
      '✓Terhubung',
      'Pengiriman ditahan: gateway meminta pengiriman diperlambat; dicoba lagi pukul 28 Nov 2026, 17.30 WITA'
    ]
  ] as const)(
    "says under a connected device that the gateway's 429 holds its sends, and until when, on the operator's clock (%s)",
    (language, badge, words) => {
      computerZoneIs('UTC')
      const settings = makeSettings({ language, defaultTimezone: 'Asia/Makassar' })
      const held = makeDevice({ gatewayHold: { until: '2026-11-28T09:30:00.000Z' } })
      seedStores(makeBootstrap({ settings, devices: [held] }))
      render(<DevicesView />)
      expect(screen.getByTestId('device-state-dev-1').textContent).toBe(badge)
      expect(screen.getByTestId('device-hold-dev-1').textContent).toBe(words)
      // The hold ends (the next try went, or the device came back): the card stops saying it.
      act(() => seedStores(makeBootstrap({ settings, devices: [makeDevice()] })))
      expect(screen.queryByTestId('device-hold-dev-1')).toBeNull()
      expect(row('Front office').textContent).not.toContain(words.slice(0, 12))
    }
  )

  it.each([
    ['en', '◌Connected, quota used up', 'Renew at solo.wablas.com'],
    ['id', '◌Terhubung, kuota habis', 'Perpanjang di solo.wablas.com']
  ] as const)(
    'does not call a device whose quota is used up just “Connected”, and links where it is renewed (%s, QA12 Q12-10)',
    (language, badge, link) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice({ quota: 0 })] }))
      render(<DevicesView />)
      const state = screen.getByTestId('device-state-dev-1')
      expect(state.textContent).toBe(badge)
      expect(state.className).toContain('badge--warn')
      const renew = screen.getByTestId('renew-link-dev-1')
      expect(renew.textContent).toBe(link)
      expect(renew.getAttribute('href')).toBe('https://solo.wablas.com/')
    }
  )

  it.each([
    ['en', 'Its messages wait: renew or top up the gateway package, then check again.', 'Check again'],
    ['id', 'Pesannya menunggu: perpanjang atau isi ulang paket gateway, lalu periksa lagi.', 'Periksa lagi']
  ] as const)(
    'advises a device whose quota is used up as the strip does, with Check again first (%s, QA16 Q16-05)',
    async (language, words, check) => {
      fake.handle('devices:refresh', ({ id }) => makeDevice({ id, quota: 500 }))
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice({ quota: 0 })] }))
      render(<DevicesView />)
      expect(advice('Front office')).toBe(words)
      const primary = [...row('Front office').querySelectorAll('.button--primary')].map((b) => b.textContent)
      expect(primary).toEqual([check])
      await userEvent.setup().click(within(row('Front office')).getByRole('button', { name: check }))
      expect(fake.requests('devices:refresh')).toEqual([{ id: 'dev-1' }])
    }
  )

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
    expect(fake.requests('sandbox:start')).toEqual([{ language: 'en' }])
  })

  it('keeps the focus on the pressed "Try the sandbox" while it starts, starts it once, and says why it did not', async () => {
    show()
    const started = fake.defer('sandbox:start')
    const button = screen.getByRole('button', { name: 'Try the sandbox' })
    await pressAndHold(userEvent.setup(), button, started.called)
    started.reject({ code: 'port_in_use', message: 'The sandbox could not open a port.' })
    expect((await screen.findByRole('alert')).textContent).toBe('The sandbox could not open a port.')
    expect(document.activeElement).toBe(button)
    expect(fake.requests('sandbox:start')).toHaveLength(1)
  })

  it('follows state changes from the store (device events)', () => {
    show()
    act(() => seedStores(makeBootstrap({ devices: [makeDevice({ state: 'needs-scan' })] })))
    expect(within(row('Front office')).getByText('Needs a QR scan')).toBeTruthy()
  })

  it('restarts a device and shows the result', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'connected' })
    }))
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    expect(fake.requests('devices:restart')).toEqual([{ id: 'dev-1' }])
    expect(feedback('Front office')).toBe('Restarted.')
    expect(within(row('Front office')).getByText('Connected')).toBeTruthy()
  })

  it('keeps the focus on Restart once the restart is done', async () => {
    fake.handle('devices:restart', ({ id }) => {
      dropFocusAsChromiumDoes()
      return { message: 'device restarted', via: 'restart', device: makeDevice({ id, state: 'connected' }) }
    })
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    expect(feedback('Front office')).toBe('Restarted.')
    expect(document.activeElement).toBe(within(row('Front office')).getByRole('button', { name: 'Restart' }))
  })

  it('does not report a restart as a success while the device stays disconnected', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'disconnected' })
    }))
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    expect(feedback('Front office')).toContain('still “Disconnected”')
    expect(feedback('Front office')).not.toContain('Restarted')
  })

  it('a restart verdict follows the device: "still Disconnected" gives way once it connects', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'disconnected' })
    }))
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    expect(feedback('Front office')).toContain('still “Disconnected”')
    act(() => useDevices.getState().upsert(makeDevice({ state: 'connected' })))
    expect(within(row('Front office')).getByText('Connected')).toBeTruthy()
    expect(feedback('Front office')).toBe('Restarted.')
  })

  // QA16 Q16-04: the monitor waits about 5 s for the device to report back; a red "still Disconnected" before then
  // pointed at advice to relink a device that was about to connect.
  it('says a restart is waiting for the device while it settles, and gives its verdict only once it has', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'disconnected', settling: true })
    }))
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    const line = within(row('Front office')).getByRole('status')
    expect(line.textContent).toBe('The gateway took the restart: waiting for the device to report back…')
    expect(line.className).not.toContain('feedback--bad')
    act(() => useDevices.getState().upsert(makeDevice({ state: 'disconnected' })))
    expect(feedback('Front office')).toContain('still “Disconnected”')
    expect(line.className).toContain('feedback--bad')
  })

  it('a restart that settles connected says so, with no failure on the way', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'disconnected', settling: true })
    }))
    show([makeDevice({ state: 'disconnected' })])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    act(() => useDevices.getState().upsert(makeDevice({ state: 'connected', settling: true })))
    expect(feedback('Front office')).toBe(
      'The gateway took the restart: waiting for the device to report back…'
    )
    act(() => useDevices.getState().upsert(makeDevice({ state: 'connected' })))
    expect(feedback('Front office')).toBe('Restarted.')
  })

  // QA16 Q16-02: "Still “Gateway failing”." stayed in red under a green "✓ Connected".
  it('a "Check again" verdict follows the device, and goes once a later change leaves it behind', async () => {
    const failing = makeDevice({
      state: 'unreachable',
      stateNote: 'The gateway is failing (HTTP 503).',
      stateNoteKey: 'desktop.device.serverErrorStatus',
      stateNoteParams: { status: 503 }
    })
    fake.handle('devices:refresh', () => failing)
    show([failing])
    await userEvent.setup().click(within(row('Front office')).getByRole('button', { name: 'Check again' }))
    expect(feedback('Front office')).toBe('Still “Gateway failing”.')
    act(() =>
      useDevices.getState().upsert(
        makeDevice({
          state: 'unreachable',
          stateNote: 'The gateway asks to slow down.',
          stateNoteKey: 'desktop.device.rateLimited'
        })
      )
    )
    expect(feedback('Front office')).toBe('Still “Gateway asks to slow down”.')
    act(() => useDevices.getState().upsert(makeDevice({ state: 'connected' })))
    expect(within(row('Front office')).getByText('Connected')).toBeTruthy()
    expect(feedback('Front office')).toBe('Connected again.')
    // Connected again, then down again later: the badge and the advice speak; "Connected again." would contradict them.
    act(() => useDevices.getState().upsert(makeDevice({ state: 'disconnected' })))
    expect(feedback('Front office')).toBe('')
  })

  it('words a needed scan by its cause: never linked, number changed, logged out', () => {
    show([
      makeDevice({ state: 'needs-scan', stateNoteKey: 'desktop.device.notLinked' }),
      makeDevice({
        id: 'dev-2',
        label: 'Warehouse',
        state: 'needs-scan',
        stateNoteKey: 'desktop.device.numberChanged'
      }),
      makeDevice({ id: 'dev-3', label: 'Shop', state: 'needs-scan', stateNote: 'logged out' })
    ])
    expect(advice('Front office')).toContain('not been linked yet')
    expect(advice('Warehouse')).toContain('number was changed')
    expect(advice('Shop')).toContain('logged out')
    expect(new Set([advice('Front office'), advice('Warehouse'), advice('Shop')]).size).toBe(3)
  })

  it.each([
    ['en', /WhatsApp Web.*close.*Restart/],
    ['id', /WhatsApp Web.*tutup.*Mulai ulang/]
  ] as const)(
    'names a WhatsApp Web take-over in the advice and says what helps (%s, QA16 Q16-09)',
    (language, says) => {
      const gateway = 'disconnected because the number was opened in WhatsApp Web at the same time'
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [
            makeDevice({
              state: 'disconnected',
              stateNote: `WhatsApp Web took over (gateway: "${gateway}")`,
              stateNoteKey: 'desktop.device.webConflict',
              stateNoteParams: { gateway }
            })
          ]
        })
      )
      render(<DevicesView />)
      expect(advice('Front office')).toMatch(says)
    }
  )

  it("words the gateway's scan note by whether a phone has scanned the device since it was added", () => {
    const gatewaySays = 'whatsapp sender not connected, need scan qr code again'
    show([
      makeDevice({ state: 'needs-scan', stateNote: gatewaySays, linked: false }),
      makeDevice({ id: 'dev-2', label: 'Shop', state: 'needs-scan', stateNote: gatewaySays, linked: true })
    ])
    expect(advice('Front office')).toContain('not been linked yet')
    expect(advice('Shop')).toContain('logged out')
    // The scan is named for what it does to each: linking one, linking the other again.
    expect(within(row('Front office')).getByTestId('relink-dev-1').textContent).toBe('Link')
    expect(within(row('Shop')).getByTestId('relink-dev-2').textContent).toBe('Relink')
    // The gateway's own words stay under their disclosure for both.
    expect(within(row('Front office')).getByText(gatewaySays)).toBeTruthy()
  })

  it('makes the action that helps the primary button: Relink when logged out, Restart when disconnected', () => {
    show([
      makeDevice({ state: 'needs-scan' }),
      makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'disconnected' })
    ])
    const primary = (label: string): string[] =>
      [...row(label).querySelectorAll('.button--primary')].map((b) => b.textContent ?? '')
    expect(primary('Front office')).toEqual(['Relink'])
    expect(primary('Warehouse')).toEqual(['Restart'])
  })

  it('offers an expired device renewal and a check, never Restart or a new QR code', async () => {
    fake.handle('devices:refresh', ({ id }) => makeDevice({ id, state: 'connected' }))
    show([makeDevice({ state: 'expired' })])
    const actions = screen.getByRole('group', { name: /Actions for/ })
    expect(within(actions).queryByRole('button', { name: 'Restart' })).toBeNull()
    expect(within(actions).queryByRole('button', { name: 'Relink' })).toBeNull()
    expect(row('Front office').textContent).toContain('Renew it with your provider')
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'Check again' }))
    expect(fake.requests('devices:refresh')).toEqual([{ id: 'dev-1' }])
    expect(feedback('Front office')).toBe('Connected again.')
  })

  it.each([
    ['en', 'Renew at jkt.wablas.com'],
    ['id', 'Perpanjang di jkt.wablas.com']
  ] as const)(
    "offers an ended subscription's renewal on its gateway's host, beside the advice (%s, QA Q7-11)",
    (language, name) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [
            makeDevice({ state: 'expired', baseUrl: 'https://jkt.wablas.com/api' }),
            makeDevice({
              id: 'dev-2',
              label: 'Warehouse',
              state: 'disconnected',
              baseUrl: 'https://jkt.wablas.com'
            })
          ]
        })
      )
      render(<DevicesView />)
      // A new window, which the main process hands to the browser: the gateway host is where subscriptions are paid.
      const link = within(screen.getByTestId('device-note-dev-1')).getByRole('link', { name })
      expect(link.getAttribute('href')).toBe('https://jkt.wablas.com/')
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
      expect(within(row('Warehouse')).queryByRole('link')).toBeNull()
    }
  )

  it("offers no gateway link for the sandbox's ended subscription: its own panel renews it", () => {
    show([makeDevice({ state: 'expired', sandbox: true, baseUrl: 'http://127.0.0.1:4010' })])
    expect(within(row('Front office')).queryByRole('link')).toBeNull()
    expect(within(row('Front office')).getByRole('button', { name: 'Renew the subscription' })).toBeTruthy()
    // Its advice points to that button, not to a provider the sandbox does not have (QA40 Q40-02).
    expect(row('Front office').textContent).toContain('choose “Renew the subscription” in Sandbox controls')
    expect(row('Front office').textContent).not.toContain('provider')
  })

  it('a sandbox device whose quota is used up offers its top-up first, opening its panel on it (Q44-01)', async () => {
    show([makeDevice({ state: 'connected', quota: 0, sandbox: true, baseUrl: 'http://127.0.0.1:4010' })])
    const card = row('Front office')
    expect(card.textContent).toContain('Its messages wait: top up its sandbox quota.')
    const topUp = within(card).getByRole('button', { name: 'Top up' })
    expect(topUp.className).toContain('button--primary')
    expect(within(card).getByTestId('check-again-dev-1').className).not.toContain('button--primary')
    await userEvent.setup().click(topUp)
    const control = within(card).getByTestId('sandbox-top-up')
    expect(control.closest('details')?.open).toBe(true)
    expect(document.activeElement).toBe(control)
  })

  describe("the tray's Enter token… and Renew…: the window opens at that device's card, on that action", () => {
    function showAskedFromTray(devices: ReturnType<typeof makeDevice>[]): void {
      seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-0', label: 'Shop' }), ...devices] }))
      act(() => useNavigation.getState().navigate('home'))
      render(<DevicesView />)
    }

    it('Enter token… opens that device’s token form, the focus in its field', () => {
      showAskedFromTray([makeDevice({ state: 'token-invalid' })])
      act(() => handleNavigate({ view: 'devices', deviceId: 'dev-1', deviceAction: 'enterToken' }))
      expect(useNavigation.getState().view).toBe('devices')
      expect(within(row('Front office')).getByTestId('token-dev-1').getAttribute('aria-expanded')).toBe(
        'true'
      )
      expect(document.activeElement).toBe(within(row('Front office')).getByLabelText('Device token'))
      expect(useNavigation.getState().deviceAsk).toBeNull()
    })

    // QA48 Q48-02: the Outbox's "Change the file-size limit" landed on the view's heading.
    it('a file-size limit asked from a failed message opens that device’s limit form, the focus in its field', () => {
      showAskedFromTray([makeDevice({ state: 'connected' })])
      act(() =>
        useNavigation
          .getState()
          .navigate('devices', { deviceAsk: { deviceId: 'dev-1', action: 'fileLimit' } })
      )
      const card = row('Front office')
      expect(within(card).getByTestId('limit-dev-1').getAttribute('aria-expanded')).toBe('true')
      expect(document.activeElement).toBe(within(card).getByTestId('limit-input-dev-1'))
      expect(within(row('Shop')).queryByTestId('limit-form-dev-0')).toBeNull()
      expect(useNavigation.getState().deviceAsk).toBeNull()
    })

    it('Renew… focuses where the subscription is renewed: the gateway’s host', () => {
      showAskedFromTray([makeDevice({ state: 'expired' })])
      act(() => handleNavigate({ view: 'devices', deviceId: 'dev-1', deviceAction: 'renew' }))
      expect(document.activeElement).toBe(within(row('Front office')).getByTestId('renew-link-dev-1'))
      expect(useNavigation.getState().deviceAsk).toBeNull()
    })

    it('Renew… for the sandbox focuses its own panel’s renewal, opened', () => {
      showAskedFromTray([makeDevice({ state: 'expired', sandbox: true, baseUrl: 'http://127.0.0.1:4010' })])
      act(() => handleNavigate({ view: 'devices', deviceId: 'dev-1', deviceAction: 'renew' }))
      const renew = within(row('Front office')).getByRole('button', { name: 'Renew the subscription' })
      expect(document.activeElement).toBe(renew)
      expect(renew.closest('details')?.open).toBe(true)
    })

    it('Info… brings that device’s card into view, the focus on its heading', () => {
      // jsdom lays nothing out and has no scrollIntoView: record which element asked to be brought into view.
      const scrolled: Element[] = []
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this)
      }
      try {
        showAskedFromTray([makeDevice({ state: 'connected' })])
        act(() => handleNavigate({ view: 'devices', deviceId: 'dev-1' }))
        expect(useNavigation.getState().view).toBe('devices')
        const heading = within(row('Front office')).getByRole('heading', { name: 'Front office' })
        expect(document.activeElement).toBe(heading)
        expect(scrolled).toContain(heading)
        expect(useNavigation.getState().deviceAsk).toBeNull()
      } finally {
        // @ts-expect-error -- jsdom has none; put it back as it was
        delete Element.prototype.scrollIntoView
      }
    })

    it('a device that no longer needs the action is shown without it, and no form opens', () => {
      showAskedFromTray([makeDevice({ state: 'connected' })])
      act(() => handleNavigate({ view: 'devices', deviceId: 'dev-1', deviceAction: 'enterToken' }))
      expect(within(row('Front office')).queryByLabelText('Device token')).toBeNull()
      expect(useNavigation.getState().deviceAsk).toBeNull()
    })
  })

  it('shows a restart failure', async () => {
    fake.fail('devices:restart', { code: 'gateway_unreachable', message: 'The gateway did not answer.' })
    show()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart' }))
    expect(feedback('Front office')).toBe('The gateway did not answer.')
  })

  it('offers no Relink on a connected device, which would open the wizard at "Connected" (QA16 Q16-07)', () => {
    show([makeDevice({ state: 'connected' })])
    const actions = screen.getByRole('group', { name: /Actions for/ })
    expect(within(actions).getByRole('button', { name: 'Restart' })).toBeTruthy()
    expect(within(actions).queryByRole('button', { name: 'Relink' })).toBeNull()
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
    await userEvent.setup().click(screen.getByRole('button', { name: 'Relink' }))
    expect(useNavigation.getState().view).toBe('linking')
    expect(useLinking.getState().deviceId).toBe('dev-1')
    expect(useLinking.getState().step).toBe('qr')
  })

  // An operator's probe: "Change number" to another device's number was taken without a word, and both devices
  // then showed one sender number.
  it('says beside the field when another device sends from the number typed', async () => {
    show([
      makeDevice({ id: 'dev-1', label: 'Front office' }),
      makeDevice({ id: 'dev-2', label: 'Gudang', sender: '6281388827531' })
    ])
    const user = userEvent.setup()
    await user.click(within(row('Front office')).getByRole('button', { name: 'Change number' }))
    const input = screen.getByRole('textbox', { name: 'New sender number' })
    await user.type(input, '0813 8882 7531')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(accessibleDescription(input)).toContain(
      '“Gudang” sends from this number already: of two devices linked to one number, the one linked last takes over its connection.'
    )
  })

  it('changes the number, validating it as typed and sending it normalised', async () => {
    fake.handle('devices:changeNumber', ({ id, phone }) =>
      makeDevice({ id, sender: phone, state: 'needs-scan' })
    )
    show()
    const user = userEvent.setup()
    const toggle = screen.getByRole('button', { name: 'Change number' })
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const input = screen.getByRole('textbox', { name: 'New sender number' })
    await user.type(input, '12345')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(input)).toContain('Start with 08')
    // The number it sends from already (an operator's probe: the device was unlinked for nothing): said, not sent.
    await user.clear(input)
    await user.type(input, '0812 3456 7890')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(input)).toContain('That is the number this device sends from already.')
    await user.click(within(input.closest('form')!).getByRole('button', { name: 'Change number' }))
    expect(fake.requests('devices:changeNumber')).toEqual([])
    expect(document.activeElement).toBe(input)
    await user.clear(input)
    await user.type(input, '0813-9999-8888')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    // As every number is read (an operator's probe: "Will be saved as 6281234567890.").
    expect(accessibleDescription(input)).toContain('Will be saved as +62 813-9999-8888.')
    const form = input.closest('form')!
    // Asked first, naming what it stops (probe 4 P6: Enter changed it at once); the focus on the harmless answer.
    await user.click(within(form).getByRole('button', { name: 'Change number' }))
    expect(fake.requests('devices:changeNumber')).toEqual([])
    const question = within(form).getByRole('group', { name: /^Change the number of Front office/ })
    expect(question.textContent).toContain(
      'Change the number of Front office to +62 813-9999-8888? Nothing is sent from it until the phone with that number scans a new QR code.'
    )
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep' }))
    // Keep: back to the number, nothing changed; the question again, then yes.
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(input)
    expect(within(form).queryByRole('group')).toBeNull()
    await user.keyboard('{Enter}')
    await user.click(within(form).getByRole('button', { name: 'Change number' }))
    expect(fake.requests('devices:changeNumber')).toEqual([{ id: 'dev-1', phone: '6281399998888' }])
    // The new number, written as every number is read, on the card and in the line under it (QA16 Q16-11).
    expect(feedback('Front office')).toBe(
      'The number is now +62 813-9999-8888. Relink the device to scan a new code.'
    )
    expect(fact(row('Front office'), 'Sender number')).toBe('+62 813-9999-8888')
  })

  it('renames a device', async () => {
    fake.handle('devices:rename', ({ id, label }) => makeDevice({ id, label }))
    show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    const input = screen.getByRole('textbox', { name: 'Device name' })
    await user.clear(input)
    await user.type(input, 'Kasir 2{Enter}')
    expect(fake.requests('devices:rename')).toEqual([{ id: 'dev-1', label: 'Kasir 2' }])
    expect(within(row('Kasir 2')).getByRole('heading').textContent).toContain('Kasir 2')
    // The form is gone: focus is back on the button that opened it, not lost at the top of the page.
    expect(document.activeElement).toBe(within(row('Kasir 2')).getByRole('button', { name: 'Rename' }))
  })

  // An operator's probe: an empty name disabled Save with no word, and another device's name was taken silently.
  it('says at the field why a name cannot be saved: empty, or another device’s', async () => {
    fake.handle('devices:rename', ({ id, label }) => makeDevice({ id, label }))
    show([makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse' })])
    const user = userEvent.setup()
    await user.click(within(row('Front office')).getByRole('button', { name: 'Rename' }))
    const input = screen.getByRole('textbox', { name: 'Device name' })
    await user.clear(input)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(input)).toContain('Enter a name.')
    await user.type(input, 'warehouse {Enter}')
    expect(accessibleDescription(input)).toContain(
      'Another device is called “Warehouse”: pick a name that tells them apart.'
    )
    expect(fake.requests('devices:rename')).toEqual([])
    await user.type(input, '2{Enter}')
    expect(fake.requests('devices:rename')).toEqual([{ id: 'dev-1', label: 'warehouse 2' }])
  })

  // QA78: a name pasted past 80 characters was cut to 80 by the field, unsaid, and the cut name saved.
  it('keeps a name pasted past 80 characters whole and says so at the field, renaming nothing', async () => {
    fake.handle('devices:rename', ({ id, label }) => makeDevice({ id, label }))
    show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    const input = screen.getByRole('textbox', { name: 'Device name' }) as HTMLInputElement
    await user.clear(input)
    await user.paste('k'.repeat(85))
    expect(input.value).toHaveLength(85)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(input)).toContain('Keep the name to 80 characters.')
    await user.keyboard('{Enter}')
    expect(fake.requests('devices:rename')).toEqual([])
  })

  it('offers to enter the token again only when it is locked or refused, and sends it for a live check', async () => {
    fake.handle('devices:updateToken', ({ id }) => makeDevice({ id, label: 'Warehouse', state: 'connected' }))
    show([makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'locked' })])
    expect(within(row('Front office')).queryByRole('button', { name: 'Enter the token again' })).toBeNull()
    const user = userEvent.setup()
    const warehouse = row('Warehouse')
    await user.click(within(warehouse).getByRole('button', { name: 'Enter the token again' }))
    const submit = within(warehouse).getByRole('button', { name: 'Check and save' })
    expect(submit).toHaveProperty('disabled', true)
    // A password field has no role: found by its label.
    await user.type(within(warehouse).getByLabelText('Device token'), '  new-token-value  ')
    await user.click(submit)
    expect(fake.requests('devices:updateToken')).toEqual([{ id: 'dev-2', token: 'new-token-value' }])
    expect(within(row('Warehouse')).getByText('Connected')).toBeTruthy()
    expect(feedback('Warehouse')).toContain('Token accepted')
  })

  it("sets this gateway's own file size limit in MB, or clears it back to the setting", async () => {
    fake.handle('devices:setFileLimit', ({ id, maxFileBytes }) => makeDevice({ id, maxFileBytes }))
    show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'File size limit' }))
    const input = screen.getByRole('textbox', { name: 'Largest file for this gateway (MB)' })
    await user.type(input, 'lots')
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true)
    // Under the 0.1 MB the words offer (an operator's probe: 0.001 was saved, and 0.0000001 gave the contract's
    // "Too small" in English): said at the field, nothing sent.
    for (const tooSmall of ['0.001', '0.0000001', '0.09']) {
      await user.clear(input)
      await user.type(input, `${tooSmall}{Enter}`)
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true)
      expect(input.getAttribute('aria-invalid')).toBe('true')
    }
    expect(fake.requests('devices:setFileLimit')).toEqual([])
    await user.clear(input)
    await user.type(input, '16{Enter}')
    expect(fake.requests('devices:setFileLimit')).toEqual([{ id: 'dev-1', maxFileBytes: 16 * 1024 * 1024 }])
    expect(feedback('Front office')).toContain('16 MB')
    await user.click(screen.getByRole('button', { name: 'File size limit' }))
    await user.clear(screen.getByRole('textbox', { name: 'Largest file for this gateway (MB)' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fake.requests('devices:setFileLimit').at(-1)).toEqual({ id: 'dev-1', maxFileBytes: null })
  })

  it('reads and writes the limit in Indonesian numbers: "2,5", never "2.5" (QA19 rest)', async () => {
    fake.handle('devices:setFileLimit', ({ id, maxFileBytes }) => makeDevice({ id, maxFileBytes }))
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'id' }),
        devices: [makeDevice({ maxFileBytes: 1.5 * 1024 * 1024 })]
      })
    )
    render(<DevicesView />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Batas ukuran file' }))
    const input = screen.getByRole('textbox', { name: 'File terbesar untuk gateway ini (MB)' })
    expect((input as HTMLInputElement).value).toBe('1,5')
    await user.clear(input)
    await user.type(input, '2,5{Enter}')
    expect(fake.requests('devices:setFileLimit')).toEqual([{ id: 'dev-1', maxFileBytes: 2.5 * 1024 * 1024 }])
    expect(feedback('Front office')).toContain('2,5 MB')
  })

  it('moves focus into a row form when it opens, and into a confirmation', async () => {
    show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    const form = row('Front office').querySelector('.inline-form')!
    expect(form.contains(document.activeElement)).toBe(true)
    expect(document.activeElement?.tagName).toBe('INPUT')
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep device' }))
  })

  // Issue 29, point 2: the cap counts a message at its first try (before the request, so a crash cannot undercount);
  // "sent today" counts what the gateway took. After one send the gateway refused, the Overview said "0 sent today"
  // while the card said "Sent today 1 / 1,000": the card names its number as the cap's.
  it("names the card's count as today's cap use, never as sent today beside the Overview's 0 (issue 29)", async () => {
    fake.handle('outbox:since', () => ({
      sent: { ...EMPTY_COUNTS, total: 0 },
      sentDeleted: EMPTY_COUNTS,
      failed: 1,
      cancelled: 0,
      optedOut: 0
    }))
    fake.handle('campaigns:list', () => ({ campaigns: [] }))
    const sentToday = { count: 1, resetsAt: '2026-01-15T17:00:00.000Z', zone: 'Asia/Jakarta' }
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({ dailyCap: 1000, sentToday }),
          makeDevice({ id: 'dev-2', label: 'Warehouse', sentToday })
        ]
      })
    )
    render(
      <>
        <OverviewView />
        <DevicesView />
      </>
    )
    const today = screen.getByRole('region', { name: 'Today' })
    expect(await within(today).findByRole('button', { name: '0 sent today' })).toBeTruthy()
    for (const label of ['Front office', 'Warehouse'])
      expect(row(label).textContent).not.toMatch(/sent today/i)
    expect(fact(row('Front office'), 'Daily cap today')).toMatch(/^1 of 1,000 used · count starts again /)
    expect(fact(row('Warehouse'), 'Daily cap today')).toMatch(
      /^no cap · 1 send attempt · count starts again /
    )
  })

  // Issue 27: one daily cap per number, counted across every campaign and direct send.
  it("shows today's use of the daily cap on the card and sets or clears the cap", async () => {
    fake.handle('devices:setDailyCap', ({ id, dailyCap }) =>
      makeDevice({
        id,
        dailyCap,
        sentToday: { count: 37, resetsAt: '2026-01-15T17:00:00.000Z', zone: 'Asia/Jakarta' }
      })
    )
    show([
      makeDevice({ sentToday: { count: 37, resetsAt: '2026-01-15T17:00:00.000Z', zone: 'Asia/Jakarta' } })
    ])
    const user = userEvent.setup()
    expect(fact(row('Front office'), 'Daily cap today')).toMatch(
      /^no cap · 37 send attempts · count starts again 1[56] Jan 2026, \d\d:00 \S+$/
    )
    await user.click(screen.getByRole('button', { name: 'Daily cap' }))
    const input = screen.getByRole('textbox', { name: 'Most sends a day through this number' })
    await user.type(input, '2.5')
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true)
    await user.clear(input)
    await user.type(input, '200{Enter}')
    expect(fake.requests('devices:setDailyCap')).toEqual([{ id: 'dev-1', dailyCap: 200 }])
    expect(fact(row('Front office'), 'Daily cap today')).toMatch(/^37 of 200 used · count starts again /)
    expect(feedback('Front office')).toContain('At most 200 sends a day')
    await user.click(screen.getByRole('button', { name: 'Daily cap' }))
    // The form opened again is a new change: the last one's confirmation goes (QA69: it stayed under an error about
    // the new value).
    expect(feedback('Front office')).not.toContain('At most 200 sends a day')
    await user.clear(screen.getByRole('textbox', { name: 'Most sends a day through this number' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fake.requests('devices:setDailyCap').at(-1)).toEqual({ id: 'dev-1', dailyCap: null })
  })

  // QA68: a cap set below today's count read "4 of 3 used", as if the count were wrong; QA70: one equal to it read
  // "4 of 4 used" while the device sends nothing more.
  it.each([3, 4])("says a cap of %i, at or below today's 4 send attempts, is reached", (cap) => {
    const sentToday = { count: 4, resetsAt: '2026-01-15T17:00:00.000Z', zone: 'Asia/Jakarta' }
    show([makeDevice({ dailyCap: cap, sentToday })])
    expect(fact(row('Front office'), 'Daily cap today')).toMatch(
      new RegExp(`^cap reached: 4 send attempts against a cap of ${cap} · count starts again `)
    )
  })

  it.each([
    [
      'en',
      'Daily cap',
      'Most sends a day through this number',
      'Save',
      'At most 5 sends a day through this number. Today already has 7 send attempts through it, so nothing more goes out from it until the count starts again {at}.'
    ],
    [
      'id',
      'Batas harian',
      'Maksimum pengiriman sehari lewat nomor ini',
      'Simpan',
      'Paling banyak 5 pengiriman sehari lewat nomor ini. Hari ini sudah 7 pengiriman dicoba lewat nomor ini, jadi tidak ada lagi yang keluar darinya sampai hitungan mulai lagi {at}.'
    ]
  ] as const)(
    'says a cap set at or below what was already sent today holds the number until the count starts again (%s, QA26 Q26-05)',
    async (language, open, label, save, says) => {
      const sentToday = { count: 7, resetsAt: '2026-01-15T17:00:00.000Z', zone: 'Asia/Jakarta' }
      fake.handle('devices:setDailyCap', ({ id, dailyCap }) => makeDevice({ id, dailyCap, sentToday }))
      seedStores(
        makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice({ sentToday })] })
      )
      render(<DevicesView />)
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: open }))
      await user.type(screen.getByRole('textbox', { name: label }), '5')
      await user.click(screen.getByRole('button', { name: save }))
      // The moment as the row says it ("count starts again …"), so the two agree.
      const at = formatDateTimeInZone(sentToday.resetsAt, localeOf(language), 'Asia/Jakarta')
      expect(feedback('Front office')).toBe(says.replace('{at}', at))
    }
  )

  it('says a single send of a cap of one in the singular, and nothing of a hold below the cap', async () => {
    const sentToday = { count: 0, resetsAt: '2026-01-15T17:00:00.000Z', zone: 'Asia/Jakarta' }
    fake.handle('devices:setDailyCap', ({ id, dailyCap }) => makeDevice({ id, dailyCap, sentToday }))
    show([makeDevice({ sentToday })])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Daily cap' }))
    await user.type(screen.getByRole('textbox', { name: 'Most sends a day through this number' }), '1{Enter}')
    expect(feedback('Front office')).toBe('At most 1 send a day through this number.')
  })

  // QA31 Q31-02: "1.000" typed in Indonesian was saved as a cap of 1, holding the number until midnight.
  it.each([
    ['id', 'Batas harian', 'Maksimum pengiriman sehari lewat nomor ini', 'Simpan', '1.000', '1.500', '2,5'],
    ['en', 'Daily cap', 'Most sends a day through this number', 'Save', '1,000', '1,500', '2.5']
  ] as const)(
    'reads and shows the cap with thousands as the window writes them (%s)',
    async (language, open, label, save, thousand, typed, notWhole) => {
      fake.handle('devices:setDailyCap', ({ id, dailyCap }) => makeDevice({ id, dailyCap }))
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice({ dailyCap: 1000 })]
        })
      )
      render(<DevicesView />)
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: open }))
      const input = screen.getByRole('textbox', { name: label }) as HTMLInputElement
      expect(input.value).toBe(thousand)
      await user.clear(input)
      await user.type(input, notWhole)
      expect(screen.getByRole('button', { name: save })).toHaveProperty('disabled', true)
      await user.clear(input)
      await user.type(input, typed)
      await user.click(screen.getByRole('button', { name: save }))
      expect(fake.requests('devices:setDailyCap')).toEqual([{ id: 'dev-1', dailyCap: 1500 }])
    }
  )

  it('says the daily cap in Indonesian', () => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language: 'id' }),
        devices: [
          makeDevice({
            dailyCap: 200,
            sentToday: { count: 37, resetsAt: '2026-01-15T17:00:00.000Z', zone: 'Asia/Jakarta' }
          })
        ]
      })
    )
    render(<DevicesView />)
    expect(fact(row('Front office'), 'Batas harian hari ini')).toMatch(
      /^37 dari 200 terpakai · hitungan mulai lagi 1[56] Jan 2026/
    )
    expect(screen.getByRole('button', { name: 'Batas harian' })).toBeTruthy()
  })

  it('removes a device only after confirmation', async () => {
    fake.handle('devices:remove', () => ({ ok: true }))
    show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(fake.requests('devices:remove')).toEqual([])
    const question = screen.getByRole('group', { name: /Remove Front office from Sender Desk\?/ })
    // What becomes of its messages is said before they are settled.
    expect(question.textContent).toContain('waiting messages are cancelled')
    expect(question.textContent).toContain('untried rows move to the campaign’s other devices')
    await user.click(within(question).getByRole('button', { name: 'Remove device' }))
    expect(fake.requests('devices:remove')).toEqual([{ id: 'dev-1' }])
    expect(screen.queryByRole('listitem', { name: /Front office/ })).toBeNull()
  })
})

describe('Escape cancels a form on the Devices view (QA19 Q19-04)', () => {
  // Each row form by the button that opens it, and something typed into it that Escape must not save.
  const ROW_FORMS = [
    { button: 'File size limit', typed: '2,5' },
    { button: 'Daily cap', typed: 'many' },
    { button: 'Change number', typed: '0813-9999-8888' },
    { button: 'Rename', typed: ' 2' },
    { button: 'Enter the token again', typed: 'new-token-value' }
  ]

  it('closes each row form unsaved, with the focus back on the button that opened it', async () => {
    show([makeDevice({ state: 'locked' })])
    const user = userEvent.setup()
    for (const { button, typed } of ROW_FORMS) {
      const opener = within(row('Front office')).getByRole('button', { name: button })
      opener.focus()
      await user.keyboard('{Enter}')
      const form = row('Front office').querySelector('.inline-form')!
      expect(form.contains(document.activeElement), button).toBe(true)
      await user.keyboard(typed)
      await user.keyboard('{Escape}')
      expect(row('Front office').querySelector('.inline-form'), `${button} stayed open`).toBeNull()
      expect(opener.getAttribute('aria-expanded'), button).toBe('false')
      expect(document.activeElement, button).toBe(opener)
    }
    for (const saved of [
      'devices:setFileLimit',
      'devices:setDailyCap',
      'devices:changeNumber',
      'devices:rename',
      'devices:updateToken'
    ] as const)
      expect(fake.requests(saved), saved).toEqual([])
  })

  it('closes the daily cap with its error shown, the error going with it', async () => {
    show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Daily cap' }))
    await user.type(screen.getByRole('textbox', { name: 'Most sends a day through this number' }), '2.5')
    expect(row('Front office').textContent).toContain('Enter a whole number of at least 1')
    await user.keyboard('{Escape}')
    expect(row('Front office').textContent).not.toContain('Enter a whole number of at least 1')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Daily cap' }))
  })

  it.each([
    { language: 'en' as const, typed: '100,001', said: 'at most 100,000' },
    { language: 'id' as const, typed: '1.000.000', said: 'paling banyak 100.000' }
  ])(
    'says a daily cap over the highest one allowed names it, grouped as the window writes it (QA35 Q35-06, $language)',
    async ({ language, typed, said }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      render(<DevicesView />)
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: language === 'en' ? 'Daily cap' : 'Batas harian' }))
      await user.type(row('Front office').querySelector('input')!, typed)
      expect(row('Front office').textContent).toContain(said)
    }
  )

  it('closes "Add a device" unsaved, with the focus back on "Add a device"', async () => {
    show([])
    const user = userEvent.setup()
    screen.getByRole('button', { name: 'Add a device' }).focus()
    await user.keyboard('{Enter}')
    await user.keyboard('Kasir')
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('add-device-form')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a device' }))
    expect(fake.requests('devices:add')).toEqual([])
  })
})

describe('the remove question counts what it cancels (QA7 Q7-13)', () => {
  it('says how many waiting messages are cancelled, and nothing about them when none wait, in both languages', async () => {
    fake.handle('outbox:counts', (request) =>
      makeCounts(
        request.deviceId === 'dev-1' ? { scheduled: 1, queued: 1, sent: 3, total: 5 } : { read: 4, total: 4 }
      )
    )
    for (const [language, remove, waiting, moved] of [
      [
        'en',
        'Remove',
        'Its 2 waiting messages are cancelled.',
        'untried rows move to the campaign’s other devices'
      ],
      [
        'id',
        'Hapus',
        '2 pesan yang masih menunggu dibatalkan.',
        'Baris kampanye yang belum dicoba dipindahkan'
      ]
    ] as const) {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Gudang' })]
        })
      )
      const { unmount } = render(<DevicesView />)
      const user = userEvent.setup()
      await user.click(within(row('Front office')).getByRole('button', { name: remove }))
      const question = within(row('Front office')).getByRole('group', {
        name: /^(Remove|Hapus) Front office/
      })
      await waitFor(() => expect(question.textContent).toContain(waiting))
      expect(question.textContent).toContain(moved)
      // Asked of the removed device only: the other's messages are not counted in.
      expect(fake.requests('outbox:counts')).toContainEqual({ deviceId: 'dev-1' })
      await user.click(within(row('Gudang')).getByRole('button', { name: remove }))
      const other = within(row('Gudang')).getByRole('group', { name: /^(Remove|Hapus) Gudang/ })
      await waitFor(() => expect(fake.requests('outbox:counts')).toContainEqual({ deviceId: 'dev-2' }))
      await waitFor(() => expect(other.textContent).not.toMatch(/waiting|menunggu/))
      expect(other.textContent).toContain(moved)
      unmount()
    }
  })
})

describe('the remove question says what becomes of each campaign on the device (QA77)', () => {
  it('names the campaigns whose rows move, to which devices, and those that end with their rows cancelled', async () => {
    fake.handle('outbox:counts', () => makeCounts({ queued: 194, total: 194 }))
    fake.handle('devices:removalPreview', () =>
      removalPreview({
        campaigns: [
          { id: 'c-1', name: 'pertama', movesTo: ['Gudang', 'Kasir'], moving: 40 },
          { id: 'c-2', name: 'kedua', movesTo: [], moving: 0 },
          { id: 'c-3', name: 'ketiga', movesTo: [], moving: 0 },
          { id: 'c-4', name: 'keempat', movesTo: ['Gudang'], moving: 0 }
        ]
      })
    )
    for (const [language, waiting, moves, goesOn, ends, not] of [
      [
        'en',
        // Of the 194 waiting, the 40 that move are not cancelled.
        'Its 154 waiting messages are cancelled.',
        'Campaign “pertama” goes on: its 40 untried rows move to Gudang and Kasir.',
        'Campaign “keempat” goes on with Gudang.',
        'Campaigns “kedua” and “ketiga” have no other device: they are cancelled, with their rows not yet sent.',
        'untried rows move to the campaign’s other devices'
      ],
      [
        'id',
        '154 pesan yang masih menunggu dibatalkan.',
        'Kampanye “pertama” tetap berjalan: 40 baris yang belum dicoba dipindahkan ke Gudang dan Kasir.',
        'Kampanye “keempat” tetap berjalan dengan Gudang.',
        'Kampanye “kedua” dan “ketiga” tidak punya perangkat lain: kampanye itu dibatalkan, beserta barisnya yang belum terkirim.',
        'dipindahkan ke perangkat lain di kampanye itu'
      ]
    ] as const) {
      const { question, unmount } = await askToRemove(language)
      await waitFor(() => expect(question.textContent).toContain(moves))
      expect(question.textContent).toContain(waiting)
      expect(question.textContent).toContain(goesOn)
      expect(question.textContent).toContain(ends)
      // The sentence that promised every campaign's rows a move is not said once the campaigns are known.
      expect(question.textContent).not.toContain(not)
      unmount()
    }
  })

  it('says one campaign that ends in the singular, and nothing about campaigns when none sends on it', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    fake.handle('devices:removalPreview', () =>
      removalPreview({ campaigns: [{ id: 'c-2', name: 'kedua', movesTo: [], moving: 0 }] })
    )
    const one = await askToRemove('en')
    await waitFor(() =>
      expect(one.question.textContent).toContain(
        'Campaign “kedua” has no other device: it is cancelled, with its rows not yet sent.'
      )
    )
    one.unmount()
    fake.handle('devices:removalPreview', () => removalPreview())
    const none = await askToRemove('en')
    await waitFor(() => expect(fake.requests('devices:removalPreview').length).toBeGreaterThan(1))
    await waitFor(() =>
      expect(none.question.textContent).toContain('Messages already sent stay in the outbox under its name.')
    )
    expect(none.question.textContent).not.toMatch(/[Cc]ampaign/)
    none.unmount()
  })
})

describe('the remove question names the drafts the device leaves', () => {
  it('says which drafts will have no device, to choose one before starting, and which keep others', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    fake.handle('devices:removalPreview', () =>
      removalPreview({
        drafts: [
          { id: 'd-1', name: 'promo', keeps: [] },
          { id: 'd-2', name: 'lebaran', keeps: [] },
          { id: 'd-3', name: 'arisan', keeps: ['Gudang', 'Kasir'] }
        ]
      })
    )
    for (const [language, none, keeps] of [
      [
        'en',
        'Drafts “promo” and “lebaran” will have no device: choose one for each before starting them.',
        'Draft “arisan” keeps Gudang and Kasir.'
      ],
      [
        'id',
        'Draf “promo” dan “lebaran” tidak akan punya perangkat: pilih perangkat sebelum memulainya.',
        'Draf “arisan” tetap memakai Gudang dan Kasir.'
      ]
    ] as const) {
      const { question, unmount } = await askToRemove(language)
      await waitFor(() => expect(question.textContent).toContain(none))
      expect(question.textContent).toContain(keeps)
      unmount()
    }
  })

  it('says one draft left with no device in the singular', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    fake.handle('devices:removalPreview', () =>
      removalPreview({ drafts: [{ id: 'd-1', name: 'promo', keeps: [] }] })
    )
    const { question, unmount } = await askToRemove('en')
    await waitFor(() =>
      expect(question.textContent).toContain(
        'Draft “promo” will have no device: choose one before starting it.'
      )
    )
    unmount()
  })
})

/** What removing a device with nothing on it does, but `over`: no reminders, series, campaigns or drafts. */
const removalPreview = (
  over: Partial<InvokeReply<'devices:removalPreview'>> = {}
): InvokeReply<'devices:removalPreview'> => ({
  gatewayReminders: 0,
  series: 0,
  reminders: [],
  namedSeries: [],
  campaigns: [],
  drafts: [],
  ...over
})

/** Front office's remove question, opened in the language given. */
async function askToRemove(language: 'en' | 'id') {
  seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
  const { unmount } = render(<DevicesView />)
  const user = userEvent.setup()
  const remove = language === 'en' ? 'Remove' : 'Hapus'
  await user.click(within(row('Front office')).getByRole('button', { name: remove }))
  const question = within(row('Front office')).getByRole('group', { name: /^(Remove|Hapus) Front office/ })
  return { question, user, unmount }
}

/** The next removal is refused: the gateway did not delete the reminder “Cicilan”. */
function gatewayRefusesOnce(): void {
  fake.once('devices:remove', () => {
    throw Object.assign(new Error('The gateway did not delete the reminder “Cicilan”'), {
      code: 'reminder_not_deleted',
      messageKey: 'desktop.error.reminderNotDeleted',
      messageParams: { reminder: 'Cicilan', label: 'Front office', reason: 'no answer' }
    })
  })
}

describe('the remove question names the gateway reminders and series (QA42 Q42-01)', () => {
  it('says the gateway reminders are deleted there first and the series deleted, in both languages', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    fake.handle('devices:removalPreview', () =>
      removalPreview({
        gatewayReminders: 2,
        series: 1,
        reminders: [removalReminder('Cicilan', '501'), removalReminder('Minum obat', '502')],
        namedSeries: [removalSeries('s-1', 'Laporan mingguan', { kind: 'weekly' })]
      })
    )
    for (const [language, reminders, series] of [
      [
        'en',
        'Its 2 reminders kept at the gateway are deleted there first, so the gateway stops sending them.',
        'Its 1 recurring message kept by Sender Desk is deleted.'
      ],
      [
        'id',
        '2 pengingat yang disimpan di gateway dihapus dulu di gateway, jadi gateway berhenti mengirimnya.',
        '1 pesan berulang yang disimpan Sender Desk dihapus.'
      ]
    ] as const) {
      const { question, unmount } = await askToRemove(language)
      await waitFor(() => expect(question.textContent).toContain(reminders))
      expect(question.textContent).toContain(series)
      expect(fake.requests('devices:removalPreview')).toContainEqual({ id: 'dev-1' })
      unmount()
    }
  })

  it('offers to remove it anyway, keeping the reminders at the gateway, when one was not deleted there', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    fake.handle('devices:removalPreview', () =>
      removalPreview({ gatewayReminders: 1, reminders: [removalReminder('Cicilan', '501')] })
    )
    for (const [language, yes, said, anyway] of [
      [
        'en',
        'Remove device',
        'The gateway did not delete the reminder “Cicilan”',
        'Remove anyway; the gateway keeps sending its reminders'
      ],
      [
        'id',
        'Hapus perangkat',
        'Gateway tidak menghapus pengingat “Cicilan”',
        'Tetap hapus; gateway terus mengirim pengingatnya'
      ]
    ] as const) {
      gatewayRefusesOnce()
      fake.handle('devices:remove', () => ({ ok: true }))
      const { user, unmount } = await askToRemove(language)
      // No way to keep them at the gateway is offered before the gateway refused a delete.
      expect(within(row('Front office')).queryByRole('button', { name: anyway })).toBeNull()
      await user.click(within(row('Front office')).getByRole('button', { name: yes }))
      await waitFor(() => expect(feedback('Front office')).toContain(said))
      await user.click(within(row('Front office')).getByRole('button', { name: anyway }))
      await waitFor(() => expect(screen.queryByRole('listitem', { name: /Front office/ })).toBeNull())
      expect(fake.requests('devices:remove').slice(-2)).toEqual([
        { id: 'dev-1' },
        { id: 'dev-1', keepGatewayReminders: true }
      ])
      unmount()
    }
  })
})

/** The lines of the list the remove question names (reminders or series) by `name`. */
async function namedIn(question: HTMLElement, name: string): Promise<(string | null)[]> {
  const named = await within(question).findByRole('list', { name })
  return within(named)
    .getAllByRole('listitem')
    .map((item) => item.textContent)
}

/** A series as the removal's preview names it: running, next on 21 Jan 2030 08:00 in Makassar, unless `more` says. */
function removalSeries(
  id: string,
  name: string,
  rule: RemovalSeries['rule'],
  more: Partial<RemovalSeries> = {}
): RemovalSeries {
  return {
    id,
    name,
    rule,
    startLocal: '2030-01-21T08:00:00',
    timezone: 'Asia/Makassar',
    status: 'active',
    nextAt: '2030-01-21T00:00:00.000Z',
    ...more
  }
}

/** A gateway reminder as the removal's preview names it. */
function removalReminder(
  name: string,
  reminderId: string,
  more: Partial<RemovalReminder> = {}
): RemovalReminder {
  return {
    reminderId,
    name,
    startAt: '2030-01-15 10:30:00',
    periode: 'daily',
    customDay: null,
    timezone: 'Asia/Jakarta',
    ...more
  }
}

describe('the remove question and its answer name the gateway reminders', () => {
  it('names the first few reminders with their schedules, and how many more, in both languages', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    const reminders = [
      removalReminder('Cicilan', '501'),
      removalReminder('Minum obat', '502', {
        periode: 'custom',
        customDay: 5,
        startAt: '2030-02-01 08:00:00'
      }),
      removalReminder('Arisan', '503', { periode: 'monthly', timezone: 'Asia/Makassar' }),
      removalReminder('Iuran', '504'),
      removalReminder('Rapat', '505')
    ]
    fake.handle('devices:removalPreview', () => removalPreview({ gatewayReminders: 5, reminders }))
    for (const [language, list, lines, more] of [
      [
        'en',
        'Reminders kept at the gateway',
        [
          '“Cicilan”: Every day, from 15 Jan 2030, 10:30 WIB',
          '“Minum obat”: Every 5 days, from 1 Feb 2030, 08:00 WIB',
          // On its day, as a series' repeat is (QA69 follow-up).
          '“Arisan”: Every month on day 15, from 15 Jan 2030, 10:30 WITA'
        ],
        'and 2 more'
      ],
      [
        'id',
        'Pengingat yang disimpan di gateway',
        [
          '“Cicilan”: Setiap hari, mulai 15 Jan 2030, 10.30 WIB',
          '“Minum obat”: Setiap 5 hari, mulai 1 Feb 2030, 08.00 WIB',
          '“Arisan”: Setiap bulan pada tanggal 15, mulai 15 Jan 2030, 10.30 WITA'
        ],
        'dan 2 lainnya'
      ]
    ] as const) {
      const { question, unmount } = await askToRemove(language)
      expect(await namedIn(question, list)).toEqual([...lines, more])
      expect(question.textContent).not.toContain('Iuran')
      unmount()
    }
  })

  it('names the first few of Sender Desk’s own series with their rules and next times, running first, ended and stopped ones so, in both languages', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    // QA69: a stopped or ended series read as running, and none said its next time. Those still running come first.
    const namedSeries = [
      removalSeries('s-2', 'Cek stok', { kind: 'every-n-days', days: 3 }, { status: 'ended', nextAt: null }),
      removalSeries('s-1', 'Laporan mingguan', { kind: 'weekly' }),
      removalSeries('s-3', 'jadwal.pdf', { kind: 'daily' }, { status: 'stopped', nextAt: null }),
      removalSeries('s-4', 'Rekap bulanan', { kind: 'monthly' }, { status: 'stopped', nextAt: null })
    ]
    fake.handle('devices:removalPreview', () => removalPreview({ series: 4, namedSeries: [...namedSeries] }))
    for (const [language, list, lines, more] of [
      [
        'en',
        'Recurring messages kept by Sender Desk',
        [
          '“Laporan mingguan”: Every week on Monday, next 21 Jan 2030, 08:00 WITA',
          '“Cek stok”: Every 3 days, ended',
          '“jadwal.pdf”: Every day, stopped'
        ],
        'and 1 more'
      ],
      [
        'id',
        'Pesan berulang yang disimpan Sender Desk',
        [
          '“Laporan mingguan”: Setiap minggu pada hari Senin, berikutnya 21 Jan 2030, 08.00 WITA',
          '“Cek stok”: Setiap 3 hari, selesai',
          '“jadwal.pdf”: Setiap hari, dihentikan'
        ],
        'dan 1 lainnya'
      ]
    ] as const) {
      const { question, unmount } = await askToRemove(language)
      expect(await namedIn(question, list)).toEqual([...lines, more])
      expect(question.textContent).not.toContain('Rekap bulanan')
      unmount()
    }
  })

  it('after removing it anyway, says which reminders the gateway keeps sending, with their ids, to copy', async () => {
    fake.handle('outbox:counts', () => makeCounts({}))
    const kept = [
      removalReminder('Cicilan', '501'),
      removalReminder('Minum obat', '502', {
        periode: 'custom',
        customDay: 5,
        startAt: '2030-02-01 08:00:00'
      })
    ]
    fake.handle('devices:removalPreview', () => removalPreview({ gatewayReminders: 2, reminders: kept }))
    for (const [language, yes, anyway, said, label, text, copy] of [
      [
        'en',
        'Remove device',
        'Remove anyway; the gateway keeps sending its reminders',
        'The gateway goes on sending 2 reminders of Front office, which Sender Desk no longer manages: delete them in the gateway’s dashboard by their gateway ids.',
        'Reminders the gateway keeps sending',
        '“Cicilan”: Every day, from 15 Jan 2030, 10:30 WIB; gateway id 501\n' +
          '“Minum obat”: Every 5 days, from 1 Feb 2030, 08:00 WIB; gateway id 502',
        'Copy the list'
      ],
      [
        'id',
        'Hapus perangkat',
        'Tetap hapus; gateway terus mengirim pengingatnya',
        'Gateway terus mengirim 2 pengingat dari Front office, yang tidak lagi dikelola Sender Desk: hapus pengingat itu di dasbor gateway dengan ID gateway-nya.',
        'Pengingat yang terus dikirim gateway',
        '“Cicilan”: Setiap hari, mulai 15 Jan 2030, 10.30 WIB; ID gateway 501\n' +
          '“Minum obat”: Setiap 5 hari, mulai 1 Feb 2030, 08.00 WIB; ID gateway 502',
        'Salin daftar'
      ]
    ] as const) {
      gatewayRefusesOnce()
      fake.handle('devices:remove', () => ({ ok: true, keptAtGateway: kept }))
      const { user, unmount } = await askToRemove(language)
      await user.click(within(row('Front office')).getByRole('button', { name: yes }))
      await user.click(await within(row('Front office')).findByRole('button', { name: anyway }))
      await waitFor(() => expect(screen.queryByRole('listitem', { name: /Front office/ })).toBeNull())

      const record = await screen.findByRole('region', { name: label })
      expect(record.textContent).toContain(said)
      // The text is what the operator copies: selectable, and copied whole by its button.
      expect(within(record).getByRole('textbox', { name: label })).toHaveProperty('value', text)
      await user.click(within(record).getByRole('button', { name: copy }))
      expect(await navigator.clipboard.readText()).toBe(text)
      unmount()
    }
  })

  it('shows what the gateway keeps sending again after a reload, from the core, until the operator dismisses it', async () => {
    const kept = [
      { deviceId: 'gone-1', label: 'Cabang Gowa', reminders: [removalReminder('Cicilan', '501')] }
    ]
    for (const [language, label, text, done] of [
      [
        'en',
        'Reminders the gateway keeps sending',
        '“Cicilan”: Every day, from 15 Jan 2030, 10:30 WIB; gateway id 501',
        'Deleted at the gateway'
      ],
      [
        'id',
        'Pengingat yang terus dikirim gateway',
        '“Cicilan”: Setiap hari, mulai 15 Jan 2030, 10.30 WIB; ID gateway 501',
        'Sudah dihapus di gateway'
      ]
    ] as const) {
      fake.handle('devices:keptAtGateway', () => ({ records: kept }))
      fake.handle('devices:dismissKeptAtGateway', () => ({ records: [] }))
      // A window just loaded (or the app just started): nothing of the removal is in its memory.
      resetDevicesStore()
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      const { unmount } = render(<DevicesView />)
      const record = await screen.findByRole('region', { name: label })
      expect(record.textContent).toContain('Cabang Gowa')
      expect(within(record).getByRole('textbox', { name: label })).toHaveProperty('value', text)

      await userEvent.setup().click(within(record).getByRole('button', { name: done }))
      await waitFor(() => expect(screen.queryByRole('region', { name: label })).toBeNull())
      expect(fake.requests('devices:dismissKeptAtGateway')).toEqual([{ deviceId: 'gone-1' }])
      // Gone with the focused button: the focus is on the view's heading, not dropped to the page.
      expect(document.activeElement?.id).toBe('devices-heading')
      unmount()
      fake.calls.length = 0
    }
  })

  it('names a kept reminder whose gateway id is not known (its answer was lost as it was made) without an id', async () => {
    const kept = [
      {
        deviceId: 'gone-1',
        label: 'Cabang Gowa',
        reminders: [
          removalReminder('Cicilan', '501'),
          { ...removalReminder('Tagihan', ''), reminderId: null }
        ]
      }
    ]
    fake.handle('devices:keptAtGateway', () => ({ records: kept }))
    resetDevicesStore()
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    render(<DevicesView />)
    const label = 'Reminders the gateway keeps sending'
    const record = await screen.findByRole('region', { name: label })
    expect(within(record).getByRole('textbox', { name: label })).toHaveProperty(
      'value',
      '“Cicilan”: Every day, from 15 Jan 2030, 10:30 WIB; gateway id 501\n' +
        "“Tagihan”: Every day, from 15 Jan 2030, 10:30 WIB; its gateway id is not known (the gateway's answer was lost as it was made)"
    )
  })

  it('says nothing of kept reminders when the gateway deleted them all', async () => {
    fake.handle('devices:remove', () => ({ ok: true }))
    show()
    const user = userEvent.setup()
    await user.click(within(row('Front office')).getByRole('button', { name: 'Remove' }))
    await user.click(within(row('Front office')).getByRole('button', { name: 'Remove device' }))
    await waitFor(() =>
      expect(screen.getByTestId('devices-notice').textContent).toBe('Front office was removed.')
    )
    expect(screen.queryByRole('region', { name: 'Reminders the gateway keeps sending' })).toBeNull()
  })
})

describe('removing a device by keyboard (QA7 Q7-04)', () => {
  it('leaves the focus on the Devices heading and says which device went, in both languages', async () => {
    fake.handle('devices:remove', () => ({ ok: true }))
    for (const [language, remove, yes, said] of [
      ['en', 'Remove', 'Remove device', 'Front office was removed.'],
      ['id', 'Hapus', 'Hapus perangkat', 'Front office sudah dihapus.']
    ] as const) {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Gudang' })]
        })
      )
      const { unmount } = render(<DevicesView />)
      const user = userEvent.setup()
      within(row('Front office')).getByRole('button', { name: remove }).focus()
      await user.keyboard('{Enter}')
      within(row('Front office')).getByRole('button', { name: yes }).focus()
      await user.keyboard('{Enter}')
      await waitFor(() => expect(screen.queryByRole('listitem', { name: /Front office/ })).toBeNull())
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }))
      expect(screen.getByTestId('devices-notice').textContent).toBe(said)
      unmount()
    }
  })
})

/** No device yet, and the add-device form opened and filled in: Kasir at https://solo.wablas.com, with this token. */
async function fillAddDevice(token: string): Promise<ReturnType<typeof userEvent.setup>> {
  show([])
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Add a device' }))
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Kasir')
  await user.clear(screen.getByRole('textbox', { name: 'Gateway address' }))
  await user.type(screen.getByRole('textbox', { name: 'Gateway address' }), 'https://solo.wablas.com')
  await user.type(screen.getByLabelText('Token'), token)
  return user
}

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
    await user.click(screen.getByRole('button', { name: 'Add a device' }))
    const url = screen.getByRole('textbox', { name: 'Gateway address' })
    await user.clear(url)
    await user.type(url, 'http://solo.wablas.com')
    expect(accessibleDescription(url)).toContain('Use https://')
    await user.clear(url)
    await user.type(url, 'http://localhost:9000')
    expect(url.getAttribute('aria-invalid')).toBeNull()
    await user.type(screen.getByLabelText('Token'), 'x')
    await user.clear(screen.getByLabelText('Token'))
    expect(accessibleDescription(screen.getByLabelText('Token'))).toContain('⚠ Enter the device token.')
  })

  // QA78: the field cut a name to 80 characters, so its "too long" could never be said.
  it('keeps a name pasted past 80 characters whole and says so at the field, adding nothing', async () => {
    const user = await fillAddDevice('tok')
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement
    await user.clear(name)
    await user.click(name)
    await user.paste('k'.repeat(85))
    expect(name.value).toHaveLength(85)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(accessibleDescription(name)).toContain('Keep the name to 80 characters.')
    await user.click(screen.getByRole('button', { name: 'Add device' }))
    expect(fake.requests('devices:add')).toEqual([])
  })

  it('"Add a device" takes the focus into the form, and its Cancel gives it back to the button', async () => {
    show([])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add a device' }))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByTestId('add-device-form')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a device' }))
  })

  it('does not submit an incomplete form and moves focus to the first problem', async () => {
    show([])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add a device' }))
    await user.click(screen.getByRole('button', { name: 'Add device' }))
    expect(fake.requests('devices:add')).toEqual([])
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
    // The address was left at its "https://" start: nothing entered, so it asks for it rather than calling it wrong.
    const url = accessibleDescription(screen.getByRole('textbox', { name: 'Gateway address' }))
    expect(url).toContain('Enter the gateway address.')
    expect(url).not.toContain('not a web address')
  })

  it('shows the core’s error next to the field it names', async () => {
    fake.fail('devices:add', {
      code: 'token_invalid',
      message: 'The gateway refused this token.',
      field: 'token'
    })
    const user = await fillAddDevice('abc123')
    await user.click(screen.getByRole('button', { name: 'Add device' }))
    expect(fake.requests('devices:add')).toEqual([
      { label: 'Kasir', baseUrl: 'https://solo.wablas.com', token: 'abc123' }
    ])
    expect(accessibleDescription(screen.getByLabelText('Token'))).toContain('The gateway refused this token.')
    // Said once, under the field it names (focus moves there): not again in a second alert.
    expect(screen.getAllByText('The gateway refused this token.')).toHaveLength(1)
    expect(document.activeElement).toBe(screen.getByLabelText('Token'))
    await user.type(screen.getByLabelText('Token'), '4')
    expect(screen.getByLabelText('Token').getAttribute('aria-invalid')).toBeNull()
  })

  it('shows an error without a field above the buttons', async () => {
    fake.fail('devices:add', { code: 'gateway_unreachable', message: 'Could not reach solo.wablas.com.' })
    const user = await fillAddDevice('abc')
    await user.type(screen.getByLabelText('Secret key (optional)'), 's3cret')
    await user.click(screen.getByRole('button', { name: 'Add device' }))
    expect(fake.requests('devices:add')[0]).toMatchObject({ secret: 's3cret' })
    expect(screen.getByText('Could not reach solo.wablas.com.').getAttribute('role')).toBe('alert')
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
    const user = await fillAddDevice('abc')
    await user.click(screen.getByRole('button', { name: 'Add device' }))
    expect(useNavigation.getState().view).toBe('linking')
    expect(useLinking.getState().deviceId).toBe('new-1')
  })
})

// QA37 Q37-07: J / K walked the Outbox's and Messages in's rows only.
describe('the row keys in Devices', () => {
  it('J and K walk the devices', async () => {
    seedStores(
      makeBootstrap({
        devices: [makeDevice({ id: 'd1', label: 'Shop' }), makeDevice({ id: 'd2', label: 'Gudang' })]
      })
    )
    renderWithRowKeys(<DevicesView />)
    await walkRowsWithJK([row('Shop'), row('Gudang')])
  })
})

// Issue #29 (point 4): a button disabled under the focus drops it to the page in Chromium; the pressed one says it is
// busy (aria-disabled) instead, keeps the focus while its request runs, and a second press starts nothing more.
describe('the pressed button keeps the focus while its action runs (issue #29)', () => {
  it('Restart and Check again on the card', async () => {
    fake.handle('devices:restart', ({ id }) => ({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ id, state: 'disconnected' })
    }))
    show([
      makeDevice({ state: 'disconnected' }),
      makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'unreachable' })
    ])
    const user = userEvent.setup()
    const restarted = fake.defer('devices:restart')
    await pressAndHold(
      user,
      within(row('Front office')).getByRole('button', { name: 'Restart' }),
      restarted.called
    )
    restarted.resolve({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ state: 'connected' })
    })
    expect(await within(row('Front office')).findByText('Connected')).toBeTruthy()
    expect(fake.requests('devices:restart')).toHaveLength(1)

    const checked = fake.defer('devices:refresh')
    await pressAndHold(
      user,
      within(row('Warehouse')).getByRole('button', { name: 'Check again' }),
      checked.called
    )
    checked.resolve(makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'connected' }))
    expect(await within(row('Warehouse')).findByText('Connected')).toBeTruthy()
    expect(fake.requests('devices:refresh')).toHaveLength(1)
  })

  // Every row form ends with the one FormActions: each is pressed by keyboard on its own submit button.
  it.each([
    { open: 'Rename', typed: ' 2', submit: 'Save', channel: 'devices:rename' },
    {
      open: 'Enter the token again',
      typed: 'new-token-value',
      submit: 'Check and save',
      channel: 'devices:updateToken'
    },
    {
      open: 'Change number',
      typed: '0813-9999-8888',
      submit: 'Change number',
      channel: 'devices:changeNumber'
    },
    { open: 'File size limit', typed: '16', submit: 'Save', channel: 'devices:setFileLimit' },
    { open: 'Daily cap', typed: '200', submit: 'Save', channel: 'devices:setDailyCap' }
  ] as const)('$open: its $submit', async ({ open, typed, submit, channel }) => {
    show([makeDevice({ state: 'locked' })])
    const user = userEvent.setup()
    await user.click(within(row('Front office')).getByRole('button', { name: open }))
    await user.keyboard(typed)
    const form = row('Front office').querySelector('form')!
    // A number is changed once its question is answered: the answer is the button pressed.
    if (channel === 'devices:changeNumber') await user.keyboard('{Enter}')
    const saved = fake.defer(channel)
    await pressAndHold(user, within(form).getByRole('button', { name: submit }), saved.called)
    saved.resolve(makeDevice())
    await waitFor(() => expect(row('Front office').querySelector('form')).toBeNull())
    expect(fake.requests(channel)).toHaveLength(1)
  })

  it('Add device, in the add-device form', async () => {
    const user = await fillAddDevice('abc')
    const added = fake.defer('devices:add')
    await pressAndHold(user, screen.getByRole('button', { name: 'Add device' }), added.called)
    added.reject({ code: 'token_invalid', message: 'The gateway rejected the token.' })
    expect(await screen.findByText('The gateway rejected the token.')).toBeTruthy()
    expect(fake.requests('devices:add')).toHaveLength(1)
  })

  it('"Deleted at the gateway" on the reminders the gateway keeps sending', async () => {
    fake.handle('devices:keptAtGateway', () => ({
      records: [{ deviceId: 'gone-1', label: 'Cabang Gowa', reminders: [removalReminder('Cicilan', '501')] }]
    }))
    show()
    const user = userEvent.setup()
    const record = await screen.findByRole('region', { name: 'Reminders the gateway keeps sending' })
    const dismissed = fake.defer('devices:dismissKeptAtGateway')
    await pressAndHold(
      user,
      within(record).getByRole('button', { name: 'Deleted at the gateway' }),
      dismissed.called
    )
    dismissed.reject({ code: 'io', message: 'Could not save.' })
    expect(await within(record).findByRole('alert')).toBeTruthy()
    expect(document.activeElement).toBe(
      within(record).getByRole('button', { name: 'Deleted at the gateway' })
    )
    expect(fake.requests('devices:dismissKeptAtGateway')).toHaveLength(1)
  })
})
