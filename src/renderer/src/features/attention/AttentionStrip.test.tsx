// The attention strip: devices that need the operator, except while the operator is linking one in the wizard.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLinking } from '../../stores/linking'
import { useNavigation } from '../../stores/navigation'
import type { CampaignView } from '../../../../shared/contract'
import {
  makeBootstrap,
  makeCampaign,
  makeCounts,
  makeDevice,
  makeInboxStatus,
  makeSettings
} from '../../testing/fixtures'
import { connectEvents } from '../../stores/app'
import { useOutbox } from '../../stores/outbox'
import { installFakeApi, seedStores } from '../../testing/render'
import type { FakeApi } from '../../testing/fake-api'
import { dropFocusAsChromiumDoes, pressAndHold } from '../../testing/focus'
import { useDevices } from '../../stores/devices'
import userEvent from '@testing-library/user-event'
import { DevicesView } from '../devices/DevicesView'
import { AttentionStrip } from './AttentionStrip'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  seedStores(
    makeBootstrap({
      devices: [
        makeDevice({ state: 'needs-scan', stateNoteKey: 'desktop.device.notLinked' }),
        makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'disconnected' })
      ]
    })
  )
})

describe('attention strip', () => {
  it('steps aside in the wizard for every device, so the QR code stays in sight (QA16 Q16-10)', () => {
    render(<AttentionStrip />)
    expect(screen.getByTestId('attention-dev-1').textContent).toContain('not been linked yet')
    expect(screen.getByRole('button', { name: 'Link: Front office' })).toBeTruthy()
    act(() => {
      useLinking.setState({ deviceId: 'dev-1' })
      useNavigation.getState().navigate('linking')
    })
    expect(screen.queryByTestId('attention-dev-1')).toBeNull()
    // Another device's trouble waits for the wizard to close: at 360 × 640 it pushed the code below the fold.
    expect(screen.queryByTestId('attention-dev-2')).toBeNull()
    act(() => useNavigation.getState().navigate('devices'))
    expect(screen.getByTestId('attention-dev-1')).toBeTruthy()
    expect(screen.getByTestId('attention-dev-2')).toBeTruthy()
  })

  it.each([
    ['en', 'Front office: Gateway unreachable. Check the internet connection; Sender Desk keeps trying.'],
    ['id', 'Front office: Gateway tidak terjangkau. Periksa koneksi internet; Sender Desk terus mencoba.']
  ] as const)('says an unreachable gateway once, then what to do (%s)', (language, line) => {
    seedStores(
      makeBootstrap({
        settings: makeSettings({ language }),
        devices: [makeDevice({ state: 'unreachable' })]
      })
    )
    render(<AttentionStrip />)
    expect(screen.getByTestId('attention-dev-1').querySelector('span')?.textContent).toBe(line)
  })

  it.each([
    ['en', 'Front office: Gateway failing. The gateway answers'],
    ['id', 'Front office: Gateway bermasalah. Gateway menjawab']
  ] as const)(
    'names a gateway that answered with a server error as failing, not unreachable (%s, QA12 Q12-01)',
    (language, start) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [
            makeDevice({
              state: 'unreachable',
              stateNote: 'The gateway is failing (HTTP 503).',
              stateNoteKey: 'desktop.device.serverErrorStatus',
              stateNoteParams: { status: 503 }
            })
          ]
        })
      )
      render(<AttentionStrip />)
      expect(screen.getByTestId('attention-dev-1').querySelector('span')?.textContent).toMatch(
        new RegExp(`^${start}`)
      )
    }
  )

  it.each([
    ['en', 'Renew at jkt.wablas.com'],
    ['id', 'Perpanjang di jkt.wablas.com']
  ] as const)(
    'offers an ended subscription its renewal on the gateway host beside the advice (%s)',
    (language, name) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice({ state: 'expired', baseUrl: 'https://jkt.wablas.com' })]
        })
      )
      render(<AttentionStrip />)
      const item = screen.getByTestId('attention-dev-1')
      expect(within(item).getByRole('link', { name }).getAttribute('href')).toBe('https://jkt.wablas.com/')
    }
  )

  it.each([
    [
      'en',
      'Front office: Connected, quota used up. Its messages wait: renew or top up the gateway package, then check again. Renew at solo.wablas.com',
      'Check again: Front office'
    ],
    [
      'id',
      'Front office: Terhubung, kuota habis. Pesannya menunggu: perpanjang atau isi ulang paket gateway, lalu periksa lagi. Perpanjang di solo.wablas.com',
      'Periksa lagi: Front office'
    ]
  ] as const)(
    'lists a connected device whose quota is used up, with what mends it and where (%s, QA12 Q12-10)',
    (language, line, check) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice({ state: 'connected', quota: 0 }), makeDevice({ id: 'dev-2', quota: 998 })]
        })
      )
      render(<AttentionStrip />)
      const item = screen.getByTestId('attention-dev-1')
      expect(item.querySelector('span')?.textContent).toBe(line)
      expect(within(item).getByRole('button', { name: check })).toBeTruthy()
      expect(within(item).getByTestId('renew-link-dev-1').getAttribute('href')).toBe(
        'https://solo.wablas.com/'
      )
      expect(screen.queryByTestId('attention-dev-2')).toBeNull()
    }
  )
})

describe('attention strip actions', () => {
  it('“Enter the token again” opens that device’s token form on Devices, the focus in its field (QA12 Q12-04)', async () => {
    seedStores(
      makeBootstrap({
        devices: [makeDevice(), makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'token-invalid' })]
      })
    )
    act(() => useNavigation.getState().navigate('home'))
    render(
      <>
        <AttentionStrip />
        <DevicesView />
      </>
    )
    const user = userEvent.setup()
    screen.getByRole('button', { name: 'Enter the token again: Warehouse' }).focus()
    await user.keyboard('{Enter}')
    expect(useNavigation.getState().view).toBe('devices')
    const row = screen.getByTestId('device-row-dev-2')
    expect(within(row).getByTestId('token-dev-2').getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(within(row).getByLabelText('Device token'))
    // Asked once: the front office's row opens no form, and a later visit to Devices opens none.
    expect(screen.queryByTestId('token-dev-1')).toBeNull()
    expect(useNavigation.getState().deviceAsk).toBeNull()
  })

  it.each([
    [
      'en',
      'Front office: Connected, quota used up. Its messages wait: top up its sandbox quota.',
      'Top up: Front office'
    ],
    [
      'id',
      'Front office: Terhubung, kuota habis. Pesannya menunggu: isi ulang kuota sandbox-nya.',
      'Isi ulang: Front office'
    ]
  ] as const)(
    'a sandbox device whose quota is used up: “Top up” opens its sandbox panel on Devices, on its top-up (%s, Q44-01)',
    async (language, line, topUp) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [
            makeDevice({ id: 'dev-0', label: 'Shop' }),
            makeDevice({ state: 'connected', quota: 0, sandbox: true, baseUrl: 'http://127.0.0.1:4010' })
          ]
        })
      )
      act(() => useNavigation.getState().navigate('outbox'))
      render(
        <>
          <AttentionStrip />
          <DevicesView />
        </>
      )
      const item = screen.getByTestId('attention-dev-1')
      // Said from any view: no "this device's card" while the Outbox is open.
      expect(item.querySelector('span')?.textContent).toBe(line)
      // "Check again" refills no sandbox quota: the one button is the one that does.
      expect(within(item).getAllByRole('button')).toHaveLength(1)
      await userEvent.setup().click(within(item).getByRole('button', { name: topUp }))
      expect(useNavigation.getState().view).toBe('devices')
      const control = within(screen.getByTestId('device-row-dev-1')).getByTestId('sandbox-top-up')
      expect(control.closest('details')?.open).toBe(true)
      expect(document.activeElement).toBe(control)
      expect(useNavigation.getState().deviceAsk).toBeNull()
    }
  )
})

// QA16 Q16-03: the strip's buttons dropped the focus to the page (disabled while running, then gone with their item),
// and a failed check said nothing.
describe('attention strip actions by keyboard', () => {
  function showStripAndDevices(devices: ReturnType<typeof makeDevice>[]): ReturnType<typeof userEvent.setup> {
    seedStores(makeBootstrap({ devices }))
    render(
      <>
        <AttentionStrip />
        <main id="main">
          <DevicesView />
        </main>
      </>
    )
    return userEvent.setup()
  }

  it('a failed Check again says so in the strip, following the device, and keeps the focus on its button', async () => {
    fake.handle('devices:refresh', ({ id }) => {
      dropFocusAsChromiumDoes()
      return makeDevice({ id, state: 'unreachable' })
    })
    const user = showStripAndDevices([makeDevice({ state: 'unreachable' })])
    const check = screen.getByRole('button', { name: 'Check again: Front office' })
    check.focus()
    await user.keyboard('{Enter}')
    expect(fake.requests('devices:refresh')).toEqual([{ id: 'dev-1' }])
    const item = screen.getByTestId('attention-dev-1')
    expect(item.textContent).toContain('Still “Gateway unreachable”.')
    expect(document.activeElement).toBe(check)
    act(() =>
      useDevices.getState().upsert(
        makeDevice({
          state: 'unreachable',
          stateNote: 'slow down',
          stateNoteKey: 'desktop.device.rateLimited'
        })
      )
    )
    expect(item.textContent).toContain('Still “Gateway asks to slow down”.')
  })

  it('a check that mends the device moves the focus to the next item of the strip', async () => {
    fake.handle('devices:refresh', ({ id }) => {
      dropFocusAsChromiumDoes()
      return makeDevice({ id, state: 'connected' })
    })
    const user = showStripAndDevices([
      makeDevice({ state: 'unreachable' }),
      makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'disconnected' })
    ])
    screen.getByRole('button', { name: 'Check again: Front office' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('attention-dev-1')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restart: Warehouse' }))
  })

  it('a restart waits for the device in the strip, then the focus goes to the view heading once the strip is empty', async () => {
    fake.handle('devices:restart', ({ id }) => {
      dropFocusAsChromiumDoes()
      return {
        message: 'device restarted',
        via: 'restart',
        device: makeDevice({ id, state: 'disconnected', settling: true })
      }
    })
    const user = showStripAndDevices([makeDevice({ state: 'disconnected' })])
    const restart = screen.getByRole('button', { name: 'Restart: Front office' })
    restart.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('attention-dev-1').textContent).toContain(
      'The gateway took the restart: waiting for the device to report back…'
    )
    expect(document.activeElement).toBe(restart)
    // Chromium drops the focus of an element that goes; jsdom leaves it on the detached button.
    act(() => {
      dropFocusAsChromiumDoes()
      useDevices.getState().upsert(makeDevice({ state: 'connected' }))
    })
    expect(screen.queryByTestId('attention-strip')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Devices' }))
  })

  // Issue #29 (point 4): disabled while it ran, the pressed button dropped the focus to the page meanwhile.
  it('keeps the focus on the pressed Restart and Check again (a used-up quota) while each runs, and runs each once', async () => {
    const user = showStripAndDevices([
      makeDevice({ state: 'disconnected' }),
      makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'connected', quota: 0 })
    ])
    const restarted = fake.defer('devices:restart')
    await pressAndHold(user, screen.getByRole('button', { name: 'Restart: Front office' }), restarted.called)
    restarted.resolve({
      message: 'device restarted',
      via: 'restart',
      device: makeDevice({ state: 'disconnected', settling: true })
    })
    expect(
      await within(screen.getByTestId('attention-dev-1')).findByText(/waiting for the device/)
    ).toBeTruthy()
    expect(fake.requests('devices:restart')).toHaveLength(1)

    const checked = fake.defer('devices:refresh')
    await pressAndHold(user, screen.getByRole('button', { name: 'Check again: Warehouse' }), checked.called)
    checked.resolve(makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'connected', quota: 0 }))
    expect(
      await within(screen.getByTestId('attention-dev-2')).findByText(/Still/, { selector: '[role="status"]' })
    ).toBeTruthy()
    expect(fake.requests('devices:refresh')).toHaveLength(1)
  })

  it('leaves the focus alone when an item goes by itself, not by its action', () => {
    showStripAndDevices([makeDevice({ state: 'unreachable' })])
    const elsewhere = screen.getByRole('button', { name: /Add a device/ })
    elsewhere.focus()
    act(() => useDevices.getState().upsert(makeDevice({ state: 'connected' })))
    expect(document.activeElement).toBe(elsewhere)
  })
})

describe('attention strip: messages held for a decision (QA13 Q13-01)', () => {
  // The core holds a message it finds overdue: after the app was closed, or after the computer slept with it open
  // (timers stop in a suspend too), and it cannot tell which, so the words are true of both.
  it.each([
    [
      'en',
      1,
      '1 scheduled message came due while it could not be sent (Sender Desk was closed or the computer was asleep) and is held for you: send it or cancel it.',
      'Open Schedules'
    ],
    [
      'en',
      3,
      '3 scheduled messages came due while they could not be sent (Sender Desk was closed or the computer was asleep) and are held for you: send or cancel each, or all at once in Schedules.',
      'Open Schedules'
    ],
    [
      'id',
      2,
      '2 pesan terjadwal jatuh tempo saat tidak bisa dikirim (Sender Desk tertutup atau komputer sedang tidur) dan ditahan untuk Anda: kirim atau batalkan.',
      'Buka Jadwal'
    ]
  ] as const)(
    'names the held overdue messages and opens Schedules (%s, %i)',
    async (language, held, line, open) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
      act(() =>
        useOutbox.getState().setCounts({
          counts: makeCounts({ scheduled: held, total: held }),
          heldOverdue: held
        })
      )
      render(<AttentionStrip />)
      const item = screen.getByTestId('attention-held')
      expect(item.querySelector('span')?.textContent).toBe(line)
      await userEvent.setup().click(within(item).getByRole('button', { name: open }))
      expect(useNavigation.getState().view).toBe('schedules')
      // There, the item says what is held without a way to where the operator is.
      expect(within(item).queryByRole('button', { name: open })).toBeNull()
      // Sent or cancelled: nothing is held, and the item goes.
      act(() => useOutbox.getState().setCounts({ counts: makeCounts(), heldOverdue: 0 }))
      expect(screen.queryByTestId('attention-held')).toBeNull()
    }
  )
})

// QA72: a campaign paused by its device's failure stays paused once the device is back (by design: the operator
// resumes), and the strip said nothing of it: empty while "8 queued (8 paused)" went nowhere.
describe('attention strip: campaigns paused by a failure, their device back', () => {
  const pausedPart = (
    over: Partial<CampaignView['devices'][number]> = {}
  ): CampaignView['devices'][number] => ({
    deviceId: 'dev-1',
    wait: null,
    autoPaused: 'unreachable',
    ...over
  })

  function showStrip(
    campaigns: CampaignView[],
    devices = [makeDevice({ state: 'connected' })],
    language: 'en' | 'id' = 'en',
    pausedQueued = 8
  ): ReturnType<typeof userEvent.setup> {
    seedStores(makeBootstrap({ settings: makeSettings({ language }), devices }))
    // A part paused by a failure holds its queued messages: the header's "8 queued (8 paused)".
    useOutbox.getState().setCounts({
      counts: makeCounts({ queued: pausedQueued, total: pausedQueued }),
      pausedQueued,
      heldOverdue: 0
    })
    fake.handle('campaigns:list', () => ({ campaigns }))
    render(
      <>
        <AttentionStrip />
        <main id="main">
          <h2 className="view-title" tabIndex={-1}>
            Overview
          </h2>
        </main>
      </>
    )
    return userEvent.setup()
  }

  it('reads no campaign while no pause holds a queued message, so the window’s start asks nothing more of the core', async () => {
    showStrip([makeCampaign({ devices: [pausedPart()] })], undefined, 'en', 0)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(fake.requests('campaigns:list')).toEqual([])
    act(() =>
      useOutbox.getState().setCounts({
        counts: makeCounts({ queued: 8, total: 8 }),
        pausedQueued: 8,
        heldOverdue: 0
      })
    )
    expect(await screen.findByTestId('attention-campaign-c1-dev-1')).toBeTruthy()
    expect(fake.requests('campaigns:list')).toHaveLength(1)
  })

  it.each([
    [
      'en',
      'Campaign “bills”: Front office — Paused: the gateway could not be reached. The device is connected again: press Resume to go on.',
      'Resume',
      'Resume bills on Front office'
    ],
    [
      'id',
      'Kampanye “bills”: Front office — Dijeda: gateway tidak dapat dihubungi. Perangkat sudah tersambung lagi: tekan Lanjutkan untuk meneruskan.',
      'Lanjutkan',
      'Lanjutkan bills di Front office'
    ]
  ] as const)(
    'names the campaign, its device and why it paused, with Resume (%s)',
    async (language, line, label, name) => {
      showStrip([makeCampaign({ devices: [pausedPart()] })], undefined, language)
      const item = await screen.findByTestId('attention-campaign-c1-dev-1')
      expect(item.querySelector('span')?.textContent).toBe(line)
      const resume = within(item).getByRole('button', { name })
      expect(resume.textContent).toBe(label)
    }
  )

  it.each([
    ['failure_rate', 'Paused: too many recent sends failed.'],
    ['quota', 'Paused: the gateway says the quota is spent.']
  ] as const)(
    'says a pause for %s, which waits for Resume too, its device connected',
    async (reason, why) => {
      showStrip(
        [makeCampaign({ devices: [pausedPart({ autoPaused: reason })] })],
        [makeDevice({ state: 'connected', quota: 500 })]
      )
      const item = await screen.findByTestId('attention-campaign-c1-dev-1')
      expect(item.querySelector('span')?.textContent).toBe(
        `Campaign “bills”: Front office — ${why} It does not go on by itself: press Resume to go on.`
      )
    }
  )

  it('leaves a part paused for the quota to its device’s item while the quota is used up', async () => {
    showStrip(
      [makeCampaign({ devices: [pausedPart({ autoPaused: 'quota' })] })],
      [makeDevice({ state: 'connected', quota: 0 })]
    )
    expect(await screen.findByTestId('attention-dev-1')).toBeTruthy()
    await act(async () => undefined)
    expect(screen.queryByTestId('attention-campaign-c1-dev-1')).toBeNull()
  })

  it('leaves a failing device to its own item, and lists no part the operator paused or that is not paused', async () => {
    showStrip(
      [
        makeCampaign({
          devices: [pausedPart(), pausedPart({ deviceId: 'dev-2', autoPaused: 'disconnected' })]
        }),
        makeCampaign({ id: 'c2', name: 'paused by me', status: 'paused', devices: [pausedPart()] }),
        makeCampaign({ id: 'c3', name: 'sending', devices: [pausedPart({ autoPaused: null })] })
      ],
      [
        makeDevice({ state: 'connected' }),
        makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'disconnected' })
      ]
    )
    await screen.findByTestId('attention-campaign-c1-dev-1')
    // The device still failing has its own item, with its own action; the campaign is not said twice, nor under it.
    expect(screen.queryByTestId('attention-campaign-c1-dev-2')).toBeNull()
    expect(screen.getByTestId('attention-dev-2').textContent).not.toContain('bills')
    expect(screen.queryByTestId('attention-campaign-c2-dev-1')).toBeNull()
    expect(screen.queryByTestId('attention-campaign-c3-dev-1')).toBeNull()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    // Its device back, the second part comes to the strip too.
    act(() =>
      useDevices.getState().upsert(makeDevice({ id: 'dev-2', label: 'Warehouse', state: 'connected' }))
    )
    expect(screen.getByTestId('attention-campaign-c1-dev-2')).toBeTruthy()
    expect(screen.queryByTestId('attention-dev-2')).toBeNull()
  })

  it('comes and goes as the campaign changes: paused by the core, then paused by the operator, then cancelled', async () => {
    const campaign = makeCampaign({ devices: [pausedPart({ autoPaused: null })] })
    showStrip([campaign])
    await act(async () => undefined)
    expect(screen.queryByTestId('attention-strip')).toBeNull()
    fake.handle('campaigns:get', () => makeCampaign({ devices: [pausedPart()] }))
    act(() => fake.emit('campaigns:changed', { id: 'c1' }))
    expect(await screen.findByTestId('attention-campaign-c1-dev-1', {}, { timeout: 2000 })).toBeTruthy()
    fake.handle('campaigns:get', () => makeCampaign({ status: 'paused', devices: [pausedPart()] }))
    act(() => fake.emit('campaigns:changed', { id: 'c1' }))
    await waitFor(() => expect(screen.queryByTestId('attention-strip')).toBeNull(), { timeout: 2000 })
    fake.handle('campaigns:get', () => makeCampaign({ devices: [pausedPart()] }))
    act(() => fake.emit('campaigns:changed', { id: 'c1' }))
    expect(await screen.findByTestId('attention-campaign-c1-dev-1', {}, { timeout: 2000 })).toBeTruthy()
    fake.handle('campaigns:get', () => makeCampaign({ status: 'cancelled', devices: [pausedPart()] }))
    act(() => fake.emit('campaigns:changed', { id: 'c1' }))
    await waitFor(() => expect(screen.queryByTestId('attention-strip')).toBeNull(), { timeout: 2000 })
  })

  it('Resume resumes that part as the campaign’s own Resume does, keeping the focus while it runs, then moving it on', async () => {
    const user = showStrip(
      [
        makeCampaign({ devices: [pausedPart()] }),
        makeCampaign({ id: 'c2', name: 'promo', devices: [pausedPart({ autoPaused: 'disconnected' })] })
      ],
      [makeDevice({ state: 'connected' })]
    )
    const resume = await screen.findByRole('button', { name: 'Resume bills on Front office' })
    const resumed = fake.defer('campaigns:resume')
    await pressAndHold(user, resume, resumed.called)
    expect(fake.requests('campaigns:resume')).toEqual([{ id: 'c1', deviceId: 'dev-1' }])
    act(() => {
      dropFocusAsChromiumDoes()
      resumed.resolve(makeCampaign({ devices: [pausedPart({ autoPaused: null })] }))
    })
    await waitFor(() => expect(screen.queryByTestId('attention-campaign-c1-dev-1')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume promo on Front office' }))
    expect(fake.requests('campaigns:resume')).toHaveLength(1)
    // The last one resumed, the strip goes and the focus goes to the view's heading.
    fake.handle('campaigns:resume', () => {
      dropFocusAsChromiumDoes()
      return makeCampaign({ id: 'c2', name: 'promo', devices: [pausedPart({ autoPaused: null })] })
    })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByTestId('attention-strip')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Overview' }))
  })

  it('a Resume that fails says why beside the item and keeps the focus on its button', async () => {
    const user = showStrip([makeCampaign({ devices: [pausedPart()] })])
    fake.fail('campaigns:resume', { code: 'invalid_state', message: 'The campaign is already cancelled.' })
    const resume = await screen.findByRole('button', { name: 'Resume bills on Front office' })
    resume.focus()
    await user.keyboard('{Enter}')
    const item = screen.getByTestId('attention-campaign-c1-dev-1')
    expect(await within(item).findByText(/already cancelled/)).toBeTruthy()
    expect(document.activeElement).toBe(resume)
  })

  it('steps aside in the wizard, as the devices do', async () => {
    showStrip([makeCampaign({ devices: [pausedPart()] })])
    await screen.findByTestId('attention-campaign-c1-dev-1')
    act(() => useNavigation.getState().navigate('linking'))
    expect(screen.queryByTestId('attention-strip')).toBeNull()
  })
})

// QA82 defect 3: the relay down or refusing the pull token was said on the Messages in page alone; the Overview and
// the strip said nothing while customers' messages stopped arriving. The strip says it by the tray's rule.
describe('attention strip: the relay', () => {
  function relayDown(language: 'en' | 'id', over: Parameters<typeof makeInboxStatus>[0]): void {
    seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
    connectEvents()
    act(() => fake.emit('inbox:changed', makeInboxStatus(over)))
  }

  it.each([
    [
      'en',
      { state: 'unreachable' },
      'Messages in — relay: cannot be reached. Customers’ new messages are not reaching this computer.',
      'Open Messages in'
    ],
    [
      'id',
      { state: 'unreachable' },
      'Pesan masuk — relay: tidak bisa dijangkau. Pesan baru dari pelanggan tidak sampai ke komputer ini.',
      'Buka Pesan masuk'
    ],
    [
      'en',
      { state: 'auth-refused' },
      'Messages in — relay: refused this computer’s pull token; trying again every few minutes. Customers’ new messages are not reaching this computer.',
      'Open Messages in'
    ],
    [
      'en',
      { storage: { used: 100, cap: 100, nearFull: true, full: true, refusedWhileFull: 3 } },
      'Messages in — relay: full, refusing new messages. Messages customers send now are lost.',
      'Open Messages in'
    ],
    [
      'id',
      { storage: { used: 90, cap: 100, nearFull: true, full: false, refusedWhileFull: 0 } },
      'Pesan masuk — relay: tersambung, hampir penuh. Relay sebentar lagi menolak pesan baru dari pelanggan.',
      'Buka Pesan masuk'
    ]
  ] as const)(
    'says a relay that needs the operator, and opens Messages in (%s, %j)',
    async (language, over, line, open) => {
      relayDown(language, over)
      render(<AttentionStrip />)
      const item = screen.getByTestId('attention-relay')
      expect(item.querySelector('span')?.textContent).toBe(line)
      await userEvent.click(within(item).getByRole('button', { name: open }))
      expect(useNavigation.getState().view).toBe('inbox')
      // On Messages in the relay's card says it, with its reason, next try and Try now: the strip steps aside.
      expect(screen.queryByTestId('attention-relay')).toBeNull()
    }
  )

  it('says nothing of a relay that is well, catching up or not set up, and goes when it is back', () => {
    relayDown('en', { state: 'unreachable' })
    render(<AttentionStrip />)
    expect(screen.getByTestId('attention-relay')).toBeTruthy()
    for (const over of [
      {},
      { behind: 40 },
      { state: 'not-connected' as const },
      { state: 'idle' as const }
    ]) {
      act(() => fake.emit('inbox:changed', makeInboxStatus(over)))
      expect(screen.queryByTestId('attention-strip')).toBeNull()
    }
  })
})
