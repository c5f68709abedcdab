// Webhooks view: settings per device (only changes are sent), the inspector and "try it" for sandbox devices.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError, type WebhookDeliveryView, type WebhookSettingsView } from '../../../../shared/contract'
import { connectEvents } from '../../stores/app'
import { useSandboxActivity } from '../../stores/sandbox-activity'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { readsAgainOnTryAgain } from '../../testing/read-again'
import { renderWithRowKeys, walkRowsWithJK } from '../../testing/row-keys'
import { pressAndHold } from '../../testing/focus'
import { computerZoneIs } from '../../testing/zone'
import { WebhooksView } from './WebhooksView'

let fake: FakeApi

const hosted = makeDevice({ id: 'dev-1', label: 'Front office' })
const sandbox = makeDevice({ id: 'dev-sb', label: 'Sandbox device', sandbox: true })

const settings = (overrides: Partial<WebhookSettingsView> = {}): WebhookSettingsView => ({
  deviceId: 'dev-1',
  webhookUrl: null,
  trackingUrl: null,
  incoming: false,
  autoReplyFromWebhook: false,
  source: 'remembered',
  savedAt: null,
  ...overrides
})

const delivery: WebhookDeliveryView = {
  id: 'wh-1',
  kind: 'incoming',
  url: 'http://127.0.0.1:9000/in',
  payload: { id: 'ABC', message: 'halo', phone: '62812777888' },
  createdAt: '2026-01-15T03:00:00.000Z',
  state: 'delivered',
  attempts: [
    {
      at: '2026-01-15T03:00:00.000Z',
      httpStatus: 500,
      error: 'HTTP 500',
      contentType: 'text/plain',
      body: 'boom'
    },
    {
      at: '2026-01-15T03:00:05.000Z',
      httpStatus: 200,
      error: null,
      contentType: 'text/plain',
      body: 'Halo juga'
    }
  ],
  nextAttemptAt: null,
  replies: ['Halo juga'],
  replyNote: null
}

beforeEach(() => {
  fake = installFakeApi()
})

describe('WebhooksView', () => {
  it('shows what Sender Desk remembers for a hosted device and sends only what changed', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () => settings({ webhookUrl: 'https://hooks.example.com/in' }))
    fake.handle('webhooks:update', (request) =>
      settings({ ...request, webhookUrl: 'https://hooks.example.com/in' })
    )
    const user = userEvent.setup()
    render(<WebhooksView />)
    const url = (await screen.findByTestId('webhooks-url')) as HTMLInputElement
    expect(url.value).toBe('https://hooks.example.com/in')
    expect(screen.getByTestId('webhooks-remembered').textContent).toMatch(/last saved/)
    expect(
      (screen.getByRole('checkbox', { name: 'Auto reply from webhook' }) as HTMLInputElement).disabled
    ).toBe(true)
    expect(screen.getByText(/switched in the dashboard/)).toBeTruthy()
    expect(screen.getByTestId('webhooks-inspector-sandbox-only')).toBeTruthy()

    await user.type(screen.getByRole('textbox', { name: 'Tracking URL' }), 'ftp://nope')
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(screen.getByText(/starts with https:\/\//)).toBeTruthy()
    expect(fake.requests('webhooks:update')).toEqual([])

    await user.clear(screen.getByRole('textbox', { name: 'Tracking URL' }))
    await user.type(screen.getByRole('textbox', { name: 'Tracking URL' }), 'https://hooks.example.com/track')
    await user.click(screen.getByRole('checkbox', { name: 'Get incoming messages' }))
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(fake.requests('webhooks:update')).toEqual([
      { deviceId: 'dev-1', trackingUrl: 'https://hooks.example.com/track', incoming: true }
    ])
    expect((await screen.findByTestId('webhooks-feedback')).textContent).toBe('Saved at the gateway.')
  })

  // Stop 38's probe: an address typed, a look at the Outbox, and the form showed the gateway's settings again.
  it('keeps unsaved edits while another view is shown, over the settings read again; saved, they go', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () => settings({ webhookUrl: 'https://hooks.example.com/in' }))
    fake.handle('webhooks:update', (request) =>
      settings({ ...request, webhookUrl: 'https://hooks.example.com/in' })
    )
    const user = userEvent.setup()
    const first = render(<WebhooksView />)
    await user.type(
      await screen.findByRole('textbox', { name: 'Tracking URL' }),
      'https://hooks.example.com/tr'
    )
    await user.click(screen.getByRole('checkbox', { name: 'Get incoming messages' }))
    first.unmount()
    const fields = async (): Promise<[string, string, boolean]> => {
      const url = (await screen.findByTestId('webhooks-url')) as HTMLInputElement
      return [
        url.value,
        (screen.getByRole('textbox', { name: 'Tracking URL' }) as HTMLInputElement).value,
        (screen.getByRole('checkbox', { name: 'Get incoming messages' }) as HTMLInputElement).checked
      ]
    }
    const second = render(<WebhooksView />)
    expect(await fields()).toEqual(['https://hooks.example.com/in', 'https://hooks.example.com/tr', true])
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(fake.requests('webhooks:update')).toEqual([
      { deviceId: 'dev-1', trackingUrl: 'https://hooks.example.com/tr', incoming: true }
    ])
    await screen.findByText('Saved at the gateway.')
    second.unmount()
    render(<WebhooksView />)
    expect(await fields()).toEqual(['https://hooks.example.com/in', '', false])
  })

  // On a UTC computer with the operator on WITA, the settings' saved time and the inspector's times were the computer's
  // ("15 Jan 2026, 03:00") while the Outbox and the Inbox speak the operator's clock, the zone named.
  it("shows the saved time and the inspector's times on the operator's clock, the zone named", async () => {
    computerZoneIs('UTC')
    const settingsOnWita = makeSettings({ defaultTimezone: 'Asia/Makassar' })
    seedStores(makeBootstrap({ settings: settingsOnWita, devices: [hosted, sandbox] }))
    fake.handle('webhooks:get', (request) =>
      request.deviceId === 'dev-1'
        ? settings({ savedAt: '2026-01-15T03:00:00.000Z' })
        : settings({ deviceId: 'dev-sb', source: 'sandbox' })
    )
    fake.handle('sandbox:webhookDeliveries', () => ({
      deliveries: [{ ...delivery, state: 'pending', nextAttemptAt: '2026-01-15T16:01:00.000Z' }]
    }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    expect((await screen.findByTestId('webhooks-remembered')).textContent).toMatch(
      / Saved 15 Jan 2026, 11:00 WITA\.$/
    )
    await user.selectOptions(screen.getByTestId('webhooks-device'), 'dev-sb')
    const row = await screen.findByTestId('webhook-delivery')
    expect(row.querySelector('.delivery-head .muted')?.textContent).toBe(
      '15 Jan 2026, 11:00 WITA → http://127.0.0.1:9000/in'
    )
    expect(
      within(row)
        .getAllByTestId('webhook-attempt')
        .map((a) => a.querySelector('.muted')?.textContent)
    ).toEqual(['15 Jan 2026, 11:00:00 WITA', '15 Jan 2026, 11:00:05 WITA'])
    // 00:01 on the next day there: the date is the operator's too. To the second, as the attempts (QA34 Q34-08: a retry
    // 3 s after a failed attempt read the same minute as it).
    expect(within(row).getByText(/^Next attempt/).textContent).toBe('Next attempt 16 Jan 2026, 00:01:00 WITA')
  })

  it('keeps the focus on the pressed Save while it runs and once the gateway has answered, never on the page', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () => settings())
    const updated = fake.defer('webhooks:update')
    const user = userEvent.setup()
    render(<WebhooksView />)
    await user.type(
      await screen.findByRole('textbox', { name: 'Tracking URL' }),
      'https://hooks.example.com/t'
    )
    const save = screen.getByRole('button', { name: 'Save webhook settings' })
    await pressAndHold(user, save, updated.called)
    updated.resolve(settings({ trackingUrl: 'https://hooks.example.com/t' }))
    expect((await screen.findByTestId('webhooks-feedback')).textContent).toBe('Saved at the gateway.')
    expect(document.activeElement).toBe(save)
    expect(fake.requests('webhooks:update')).toHaveLength(1)
  })

  it('shows the gateway refusal', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () => settings())
    fake.fail('webhooks:update', { code: 'token_invalid', message: 'The gateway rejected the token.' })
    const user = userEvent.setup()
    render(<WebhooksView />)
    await user.type(await screen.findByTestId('webhooks-url'), 'https://hooks.example.com/in')
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect((await screen.findByTestId('webhooks-error')).textContent).toBe('The gateway rejected the token.')
  })

  it('a refused address clears the last "Saved", says what is wrong with it and takes the focus (QA34 Q34-02/05/09)', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () => settings())
    fake.handle('webhooks:update', (request) => settings({ ...request }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    const url = await screen.findByRole('textbox', { name: 'Receive-message URL' })
    await user.type(url, 'https://hooks.example.com/in')
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect((await screen.findByTestId('webhooks-feedback')).textContent).toBe('Saved at the gateway.')
    const bad = async (address: string): Promise<void> => {
      await user.clear(url)
      await user.type(url, address)
      await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    }
    await bad('https://example.com:99999/in')
    expect(screen.getByTestId('webhooks-feedback').textContent).toBe('')
    expect(screen.getByText(/port.*1 to 65535/)).toBeTruthy()
    expect(screen.queryByText(/starts with https:\/\//)).toBeNull()
    expect(document.activeElement).toBe(url)
    await bad('https://example..com/in')
    expect(screen.getByText(/“example..com” cannot exist/)).toBeTruthy()
    await bad('http://example.com/in')
    expect(screen.getByText(/unencrypted/)).toBeTruthy()
    expect(fake.requests('webhooks:update')).toHaveLength(1)
  })

  it('a refused address clears the last gateway refusal: every Save clears the last outcome first (QA35 Q35-02)', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () => settings())
    fake.fail('webhooks:update', {
      code: 'gateway_error',
      message: 'the gateway refused the request (HTTP 400)'
    })
    const user = userEvent.setup()
    render(<WebhooksView />)
    const url = await screen.findByRole('textbox', { name: 'Receive-message URL' })
    await user.type(url, 'https://hooks.example.com/in')
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect((await screen.findByTestId('webhooks-error')).textContent).toContain('HTTP 400')
    await user.clear(url)
    await user.type(url, 'https://example.com:99999/in')
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(screen.getByText(/port.*1 to 65535/)).toBeTruthy()
    expect(screen.queryByTestId('webhooks-error')).toBeNull()
    expect(fake.requests('webhooks:update')).toHaveLength(1)
  })

  it('an address the gateway cannot reach is said at its field in the window’s language, with the focus, until it is changed', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [sandbox] }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.fail('webhooks:update', {
      code: 'unreachable_webhook',
      message: 'The sandbox plays a hosted gateway, so it does not post to “localhost” on this computer.',
      messageKey: 'desktop.error.webhookSandboxThisComputer',
      messageParams: { host: 'localhost' },
      field: 'trackingUrl'
    })
    const user = userEvent.setup()
    render(<WebhooksView />)
    const tracking = await screen.findByTestId('webhooks-tracking-url')
    await user.type(tracking, 'http://localhost:9999/status')
    await user.click(screen.getByTestId('webhooks-save'))
    // At the field it is about, not in a line above Save, and in the window's language.
    const said = await screen.findByText(/tidak mengirim ke “localhost” di komputer ini/)
    expect(tracking.getAttribute('aria-invalid')).toBe('true')
    expect(tracking.getAttribute('aria-describedby')?.split(' ')).toContain(said.id)
    expect(document.activeElement).toBe(tracking)
    expect(screen.queryByTestId('webhooks-error')).toBeNull()
    expect(screen.getByTestId('webhooks-url').getAttribute('aria-invalid')).not.toBe('true')
    // Another address is not the one refused: the words go with it.
    await user.clear(tracking)
    await user.type(tracking, 'https://hooks.example.com/status')
    expect(screen.queryByText(/tidak mengirim ke “localhost”/)).toBeNull()
  })

  it('both addresses refused are each said at their field at once, the focus on the first', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [hosted] }))
    fake.handle('webhooks:get', () => settings())
    fake.fail('webhooks:update', {
      code: 'unreachable_webhook',
      message: 'x',
      messageKey: 'desktop.error.webhookThisComputer',
      messageParams: { host: 'localhost' },
      field: 'webhookUrl',
      otherFields: [
        {
          field: 'trackingUrl',
          message: 'y',
          messageKey: 'desktop.error.webhookPrivateNetwork',
          messageParams: { host: '192.168.1.20' }
        }
      ]
    })
    const user = userEvent.setup()
    render(<WebhooksView />)
    const url = await screen.findByTestId('webhooks-url')
    const tracking = screen.getByTestId('webhooks-tracking-url')
    await user.type(url, 'http://localhost:8080/in')
    await user.type(tracking, 'https://192.168.1.20/status')
    await user.click(screen.getByTestId('webhooks-save'))
    const saidOfUrl = await screen.findByText(/“localhost”/)
    const saidOfTracking = screen.getByText(/“192\.168\.1\.20”/)
    expect(url.getAttribute('aria-describedby')?.split(' ')).toContain(saidOfUrl.id)
    expect(tracking.getAttribute('aria-describedby')?.split(' ')).toContain(saidOfTracking.id)
    expect([url, tracking].map((field) => field.getAttribute('aria-invalid'))).toEqual(['true', 'true'])
    expect(document.activeElement).toBe(url)
    expect(screen.queryByTestId('webhooks-error')).toBeNull()
  })

  it('an address with a user name or password is refused at the field, in the window’s language, with the focus (QA35 Q35-03)', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [hosted] }))
    fake.handle('webhooks:get', () => settings())
    const user = userEvent.setup()
    render(<WebhooksView />)
    const url = await screen.findByTestId('webhooks-url')
    await user.type(url, 'https://user:pw@example.com/in')
    await user.click(screen.getByTestId('webhooks-save'))
    expect(fake.requests('webhooks:update')).toEqual([])
    expect(document.activeElement).toBe(url)
    expect(screen.getByText(/nama pengguna dan kata sandi/)).toBeTruthy()
  })

  it('names an underscore in the host and an IP part over 255 for what they are (QA35 Q35-07)', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () => settings())
    const user = userEvent.setup()
    render(<WebhooksView />)
    const url = await screen.findByRole('textbox', { name: 'Receive-message URL' })
    await user.type(url, 'https://exam_ple.com/in')
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(screen.getByText(/“exam_ple.com” cannot have an underscore/)).toBeTruthy()
    await user.clear(url)
    await user.type(url, 'https://256.1.1.1/in')
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(screen.getByText(/“256.1.1.1”.*0 to 255/)).toBeTruthy()
  })

  // QA75: "ftp://x" on a sandbox device said "http:// only for this computer", and http://127.0.0.1 was then refused:
  // the sandbox plays a hosted gateway. Only a gateway on this computer is offered http://.
  it.each([
    ['en', 'sandbox', sandbox, 'Use an address that starts with https://.'],
    ['id', 'sandbox', sandbox, 'Gunakan alamat yang diawali https://.'],
    ['en', 'hosted', hosted, 'Use an address that starts with https://.'],
    [
      'en',
      'on this computer',
      makeDevice({ id: 'dev-here', label: 'Gateway here', baseUrl: 'http://127.0.0.1:5000' }),
      'Use an address that starts with https:// (http:// only for this computer).'
    ],
    [
      'id',
      'on this computer',
      makeDevice({ id: 'dev-here', label: 'Gateway here', baseUrl: 'http://localhost:5000' }),
      'Gunakan alamat yang diawali https:// (http:// hanya untuk komputer ini).'
    ]
  ] as const)(
    'offers http:// for a webhook only where the device’s gateway posts to this computer (%s, %s)',
    async (language, _where, device, says) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [device] }))
      fake.handle('webhooks:get', () => settings({ deviceId: device.id }))
      const user = userEvent.setup()
      render(<WebhooksView />)
      const url = await screen.findByTestId('webhooks-url')
      await user.type(url, 'ftp://x')
      await user.click(screen.getByTestId('webhooks-save'))
      expect(screen.getByText(says)).toBeTruthy()
      await user.clear(url)
      await user.type(url, 'http://example.com/in')
      await user.click(screen.getByTestId('webhooks-save'))
      const plain = screen.getByText(/^(Plain http:\/\/|http:\/\/ biasa)/).textContent ?? ''
      expect(plain.includes('(http://')).toBe(says.includes('(http://'))
      expect(fake.requests('webhooks:update')).toEqual([])
    }
  )

  it('an emptied address: says the gateway cannot remove one and what to do, and shows the saved address again (QA34 Q34-03)', async () => {
    seedStores(makeBootstrap({ devices: [hosted] }))
    fake.handle('webhooks:get', () =>
      settings({ webhookUrl: 'https://hooks.example.com/in', trackingUrl: 'https://hooks.example.com/t' })
    )
    const user = userEvent.setup()
    render(<WebhooksView />)
    const url = (await screen.findByRole('textbox', { name: 'Receive-message URL' })) as HTMLInputElement
    await user.clear(url)
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(fake.requests('webhooks:update')).toEqual([])
    expect(url.value).toBe('https://hooks.example.com/in')
    const said = screen.getByTestId('webhooks-feedback').textContent ?? ''
    expect(said).not.toMatch(/Nothing changed/)
    expect(said).toMatch(/cannot remove/)
    expect(said).toMatch(/Get incoming messages/)
    expect(said).toMatch(/dashboard/)
  })

  it('an emptied address on a sandbox device: removed at the sandbox, which has no dashboard, and said so', async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    const before = settings({
      deviceId: 'dev-sb',
      source: 'sandbox',
      webhookUrl: 'http://127.0.0.1:9000/in',
      trackingUrl: 'http://127.0.0.1:9000/t'
    })
    fake.handle('webhooks:get', () => before)
    fake.handle('webhooks:update', () => ({ ...before, trackingUrl: null }))
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [] }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    const tracking = (await screen.findByRole('textbox', { name: 'Tracking URL' })) as HTMLInputElement
    await user.clear(tracking)
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(fake.requests('webhooks:update')).toEqual([{ deviceId: 'dev-sb', clear: ['trackingUrl'] }])
    await waitFor(() => expect(screen.getByTestId('webhooks-feedback').textContent).toMatch(/removed/))
    expect(tracking.value).toBe('')
    expect((screen.getByRole('textbox', { name: 'Receive-message URL' }) as HTMLInputElement).value).toBe(
      'http://127.0.0.1:9000/in'
    )
    const said = screen.getByTestId('webhooks-feedback').textContent ?? ''
    expect(said).not.toMatch(/cannot remove/)
    expect(said).not.toMatch(/dashboard/)
  })

  // QA58: the mailbox's Receive-message URL, cleared here and saved, stopped Messages in with nothing asked and
  // nothing saying the address was Sender Desk's own.
  it('says the addresses are Messages in’s, and asks before a change that stops it', async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    const mailbox = settings({
      deviceId: 'dev-sb',
      source: 'sandbox',
      webhookUrl: 'http://127.0.0.1:45523/h/m/s/incoming',
      trackingUrl: 'http://127.0.0.1:45523/h/m/s/tracking',
      incoming: true
    })
    let receiving = true
    fake.handle('inbox:receiving', () => ({
      connected: true,
      relayUrl: 'http://127.0.0.1:45523',
      onThisComputer: true,
      mailbox: 'm',
      deviceStatusUrl: null,
      secretRotationPending: false,
      devices: [{ deviceId: 'dev-sb', receiving, since: '2026-12-06T05:00:00.000Z', canUndo: true }]
    }))
    fake.handle('webhooks:get', () => mailbox)
    fake.handle('webhooks:update', () => {
      receiving = false
      return { ...mailbox, webhookUrl: null }
    })
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [] }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    expect((await screen.findByTestId('webhooks-receiving-here')).textContent).toBe(
      'Messages in receives this device’s messages: these addresses are Sender Desk’s mailbox. Changing them, or turning incoming messages off, stops Messages in for this device.'
    )
    const url = screen.getByRole('textbox', { name: 'Receive-message URL' })
    await user.clear(url)
    const save = screen.getByRole('button', { name: 'Save webhook settings' })
    await user.click(save)
    expect(fake.requests('webhooks:update')).toEqual([])
    expect(screen.getByTestId('webhooks-stops-inbox').textContent).toContain(
      'Saving this stops Messages in for Sandbox device'
    )
    // Keep: nothing saved, the focus back on Save.
    await user.click(screen.getByRole('button', { name: 'Keep receiving' }))
    expect(screen.queryByTestId('webhooks-stops-inbox')).toBeNull()
    expect(document.activeElement).toBe(save)
    expect(fake.requests('webhooks:update')).toEqual([])
    // Asked again, and saved anyway: the line about the mailbox goes with the receiving.
    await user.click(save)
    await user.click(screen.getByRole('button', { name: 'Save anyway' }))
    expect(fake.requests('webhooks:update')).toEqual([{ deviceId: 'dev-sb', clear: ['webhookUrl'] }])
    await waitFor(() => expect(screen.queryByTestId('webhooks-receiving-here')).toBeNull())
    expect(screen.getByTestId('webhooks-feedback').textContent).toMatch(/removed/)
  })

  it('a "try it" result belongs to its device: switching devices clears it (QA34 Q34-04)', async () => {
    const other = makeDevice({ id: 'dev-sb2', label: 'Cabang Bandung', sandbox: true })
    seedStores(makeBootstrap({ devices: [sandbox, other] }))
    fake.handle('webhooks:get', (request) => settings({ deviceId: request.deviceId, source: 'sandbox' }))
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [] }))
    fake.handle('sandbox:receive', () => ({ incomingId: 'ABC', replies: [], webhookDeliveryId: 'wh-1' }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    await screen.findByTestId('webhook-inspector-empty')
    await user.clear(screen.getByRole('textbox', { name: 'From (phone number)' }))
    await user.type(screen.getByRole('textbox', { name: 'From (phone number)' }), '0812 1111 2222')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'halo')
    await user.click(screen.getByRole('button', { name: 'Deliver the message' }))
    expect(await screen.findByTestId('try-no-reply')).toBeTruthy()
    await user.selectOptions(screen.getByTestId('webhooks-device'), 'dev-sb2')
    await screen.findByTestId('webhook-inspector-empty')
    expect(screen.queryByTestId('try-no-reply')).toBeNull()
    expect(screen.queryByTestId('try-webhook')).toBeNull()
    expect((screen.getByRole('textbox', { name: 'From (phone number)' }) as HTMLInputElement).value).not.toBe(
      '0812 1111 2222'
    )
  })

  it('sandbox devices: the reply switch, the inspector with attempts and answers, and "try it"', async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    connectEvents()
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.handle('webhooks:update', (request) => settings({ source: 'sandbox', ...request }))
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [] }))
    fake.handle('sandbox:receive', () => ({ incomingId: 'ABC', replies: [], webhookDeliveryId: 'wh-1' }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    expect(await screen.findByTestId('webhook-inspector-empty')).toBeTruthy()
    // Its label already says sandbox: not "Sandbox device (Sandbox)".
    expect(screen.getByRole('option', { name: 'Sandbox device' })).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'Auto reply from webhook' }))
    await user.click(screen.getByRole('button', { name: 'Save webhook settings' }))
    expect(fake.requests('webhooks:update')).toEqual([{ deviceId: 'dev-sb', autoReplyFromWebhook: true }])

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'halo')
    await user.click(screen.getByRole('button', { name: 'Deliver the message' }))
    expect(fake.requests('sandbox:receive')).toEqual([
      { deviceId: 'dev-sb', from: '0812 3456 7890', message: 'halo' }
    ])
    expect(await screen.findByTestId('try-no-reply')).toBeTruthy()
    // The copy's line follows its delivery (QA58: "also went to the webhook address" read as done, and stayed so
    // when every attempt failed).
    expect(screen.getByTestId('try-webhook').textContent).toBe(
      'A copy is on its way to the webhook address. Its attempts are in the inspector below.'
    )

    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [delivery] }))
    act(() => fake.emit('sandbox:changed', { at: '2026-01-15T03:00:06.000Z' }))
    await waitFor(() =>
      expect(screen.getByTestId('try-webhook').textContent).toBe(
        'A copy reached the webhook address (HTTP 200). Its attempts are in the inspector below.'
      )
    )
    const row = await screen.findByTestId('webhook-delivery')
    expect(row.getAttribute('data-state')).toBe('delivered')
    expect(within(row).getByTestId('webhook-payload').textContent).toContain('"message": "halo"')
    expect(
      within(row)
        .getAllByTestId('webhook-attempt')
        .map((a) => a.textContent)
    ).toEqual([expect.stringMatching(/HTTP 500.*boom/), expect.stringMatching(/HTTP 200.*Halo juga/)])
    expect(within(row).getByTestId('webhook-replies').textContent).toBe('Sent back to the chat: Halo juga')
    // Read once on opening and once on the change: by the inspector, and by the try line that follows its copy.
    await waitFor(() => expect(fake.requests('sandbox:webhookDeliveries').length).toBe(4))
  })

  it('"try it" says a copy the receiver never took: retried, then given up, with the last attempt in words', async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    connectEvents()
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.handle('sandbox:receive', () => ({ incomingId: 'ABC', replies: [], webhookDeliveryId: 'wh-1' }))
    const refused = { ...delivery.attempts[0]!, httpStatus: null, error: 'ECONNREFUSED', body: null }
    let shown: WebhookDeliveryView = { ...delivery, state: 'pending', attempts: [refused], replies: [] }
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [shown] }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'halo')
    await user.click(screen.getByRole('button', { name: 'Deliver the message' }))
    const line = await screen.findByTestId('try-webhook')
    const refusedWords =
      'Nothing is listening at 127.0.0.1:9000 (connection refused): is your receiver running?'
    await waitFor(() =>
      expect(line.textContent).toBe(
        `A copy has not reached the webhook address yet; the sandbox tries again. Last attempt: ${refusedWords} ` +
          'Its attempts are in the inspector below.'
      )
    )
    shown = { ...shown, state: 'failed', attempts: [refused, refused] }
    act(() => fake.emit('sandbox:changed', { at: '2026-01-15T03:00:06.000Z' }))
    await waitFor(() =>
      expect(screen.getByTestId('try-webhook').textContent).toBe(
        `A copy did not reach the webhook address, and the sandbox has stopped trying. Last attempt: ${refusedWords} ` +
          'Its attempts are in the inspector below.'
      )
    )
  })

  it('heads each delivery with its message and status, and filters by kind and delivery state (issue 29)', async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    const tracking: WebhookDeliveryView = {
      ...delivery,
      id: 'wh-2',
      kind: 'tracking',
      state: 'failed',
      payload: { id: 'g-1', phone: '6281234567890', status: 'read', message: 'Order #1042 is ready' }
    }
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [tracking, delivery] }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    await screen.findAllByTestId('webhook-delivery')
    expect(screen.getAllByTestId('webhook-headline').map((h) => h.textContent)).toEqual([
      'The message to +62 812-3456-7890 (“Order #1042 is ready”) is now read',
      'From +62 812-777-888: “halo”'
    ])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'incoming')
    expect(screen.getAllByTestId('webhook-delivery').map((d) => d.getAttribute('data-kind'))).toEqual([
      'incoming'
    ])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery' }), 'failed')
    expect(screen.queryAllByTestId('webhook-delivery')).toEqual([])
    expect(screen.getByTestId('webhook-inspector-empty').textContent).toBe(
      'No delivery matches these filters.'
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), '')
    expect(screen.getAllByTestId('webhook-delivery').map((d) => d.getAttribute('data-kind'))).toEqual([
      'tracking'
    ])
  })

  it("keeps the inspector's filters while another view is shown, each device its own", async () => {
    const other = makeDevice({ id: 'dev-sb2', label: 'Second sandbox', sandbox: true })
    seedStores(makeBootstrap({ devices: [sandbox, other] }))
    fake.handle('webhooks:get', (request) => settings({ deviceId: request.deviceId, source: 'sandbox' }))
    const failed: WebhookDeliveryView = { ...delivery, id: 'wh-2', kind: 'tracking', state: 'failed' }
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [failed, delivery] }))
    const user = userEvent.setup()
    const first = render(<WebhooksView />)
    await screen.findAllByTestId('webhook-delivery')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'tracking')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery' }), 'failed')
    first.unmount()
    render(<WebhooksView />)
    await waitFor(() =>
      expect(screen.getAllByTestId('webhook-delivery').map((d) => d.getAttribute('data-kind'))).toEqual([
        'tracking'
      ])
    )
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('tracking')
    expect((screen.getByRole('combobox', { name: 'Delivery' }) as HTMLSelectElement).value).toBe('failed')
    await user.selectOptions(screen.getByTestId('webhooks-device'), 'dev-sb2')
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(2))
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('')
  })

  it('names the outbox message a status is about by its kind and first words, capitalised, in both languages (QA7 Q7-12)', async () => {
    const tracking = (id: string, message: WebhookDeliveryView['message']): WebhookDeliveryView => ({
      ...delivery,
      id,
      kind: 'tracking',
      payload: { id: `g-${id}`, phone: '6281234500032', status: 'read' },
      message
    })
    fake.handle('sandbox:webhookDeliveries', () => ({
      deliveries: [
        tracking('wh-1', { kind: 'text', text: 'Tes webhook dari Sender Desk untuk toko', fileName: null }),
        tracking('wh-2', { kind: 'document', text: null, fileName: 'katalog.pdf' }),
        // QA78 defect 3: an auto-reply the gateway sent read "The message to …".
        tracking('wh-4', { kind: 'text', text: 'Harga mulai 10rb', fileName: null, sentBy: 'autoreply' }),
        tracking('wh-5', { kind: 'image', text: null, fileName: 'menu.jpg', sentBy: 'webhook-reply' }),
        // Not sent by Sender Desk (or purged): as before.
        tracking('wh-3', null)
      ]
    }))
    for (const [language, said] of [
      [
        'en',
        [
          'Text “Tes webhook dari Sender…” to +62 812-3450-0032 is now read',
          'Document katalog.pdf to +62 812-3450-0032 is now read',
          'Auto-reply “Harga mulai 10rb” to +62 812-3450-0032 is now read',
          'Webhook reply menu.jpg to +62 812-3450-0032 is now read',
          'The message to +62 812-3450-0032 is now read'
        ]
      ],
      [
        'id',
        [
          'Teks “Tes webhook dari Sender…” ke +62 812-3450-0032 kini dibaca',
          'Dokumen katalog.pdf ke +62 812-3450-0032 kini dibaca',
          'Balasan otomatis “Harga mulai 10rb” ke +62 812-3450-0032 kini dibaca',
          'Balasan webhook menu.jpg ke +62 812-3450-0032 kini dibaca',
          'Pesan ke +62 812-3450-0032 kini dibaca'
        ]
      ]
    ] as const) {
      seedStores(makeBootstrap({ devices: [sandbox], settings: makeSettings({ language }) }))
      fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
      const { unmount } = render(<WebhooksView />)
      await screen.findAllByTestId('webhook-delivery')
      expect(screen.getAllByTestId('webhook-headline').map((h) => h.textContent)).toEqual(said)
      unmount()
    }
  })

  // What the customer (or anyone holding the webhook's address) wrote, as the inbox draws it: an override in a message
  // read "exe.png" in the headline, the payload, the receiver's answer and the replies it sent.
  it('shows what a customer wrote without the bidi controls that would reorder it, and the payload with them escaped', async () => {
    const RLO = '\u202E'
    const spoofed: WebhookDeliveryView = {
      ...delivery,
      payload: { id: 'ABC', message: `${RLO}gnp.exe`, phone: '62812777888', pushName: `${RLO}Budi` },
      attempts: [{ ...delivery.attempts[1]!, body: `Terima kasih ${RLO}Budi` }],
      replies: [`Terima kasih ${RLO}Budi`]
    }
    seedStores(makeBootstrap({ devices: [sandbox] }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [spoofed] }))
    render(<WebhooksView />)
    const row = await screen.findByTestId('webhook-delivery')
    expect(screen.getByTestId('webhook-headline').textContent).toBe('From +62 812-777-888: “gnp.exe”')
    // The payload is the JSON as it came: the same JSON, the override written as its escape for a reader to see.
    const payload = screen.getByTestId('webhook-payload').textContent ?? ''
    expect(payload).toContain('"message": "\\u202egnp.exe"')
    expect(JSON.parse(payload)).toEqual(spoofed.payload)
    expect(within(row).getByLabelText('Answer').textContent).toBe('Terima kasih Budi')
    expect(screen.getByTestId('webhook-replies').textContent).toContain('Terima kasih Budi')
    expect(row.textContent).not.toContain(RLO)
  })

  // QA42 Q42-03: a delivery not yet tried (no attempt, only "Next attempt …") was badged "Retrying".
  it('badges a delivery not yet tried "Waiting", and "Retrying" only after a failed attempt, in both languages', async () => {
    const waiting: WebhookDeliveryView = {
      ...delivery,
      id: 'wh-waiting',
      state: 'pending',
      attempts: [],
      nextAttemptAt: '2026-01-15T03:00:01.000Z',
      replies: []
    }
    const retrying: WebhookDeliveryView = {
      ...waiting,
      id: 'wh-retrying',
      attempts: [delivery.attempts[0]!],
      nextAttemptAt: '2026-01-15T03:00:05.000Z'
    }
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [waiting, retrying] }))
    for (const [language, badges, stateOption] of [
      ['en', ['Waiting', 'Retrying'], 'Waiting or retrying'],
      ['id', ['Menunggu', 'Mencoba lagi'], 'Menunggu atau mencoba lagi']
    ] as const) {
      seedStores(makeBootstrap({ devices: [sandbox], settings: makeSettings({ language }) }))
      fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
      const { unmount } = render(<WebhooksView />)
      const rows = await screen.findAllByTestId('webhook-delivery')
      expect(rows.map((row) => row.querySelector('.badge')?.textContent)).toEqual(badges)
      // The filter's one choice holds both.
      expect(screen.getByRole('option', { name: stateOption })).toBeTruthy()
      unmount()
    }
  })

  it("words the gateway's status words in the operator's language, and leaves a word it does not name as it came", async () => {
    seedStores(makeBootstrap({ devices: [sandbox], settings: makeSettings({ language: 'id' }) }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    const tracking = (id: string, status: string): WebhookDeliveryView => ({
      ...delivery,
      id,
      kind: 'tracking',
      payload: { id: 'g-1', phone: '6281234567890', status }
    })
    const device: WebhookDeliveryView = {
      ...delivery,
      id: 'wh-d',
      kind: 'device',
      payload: { status: 'disconnected' }
    }
    fake.handle('sandbox:webhookDeliveries', () => ({
      // `received` is the hosted service's word for delivered.
      deliveries: [
        tracking('wh-1', 'received'),
        tracking('wh-2', 'read'),
        tracking('wh-3', 'mystery'),
        device
      ]
    }))
    render(<WebhooksView />)
    await screen.findAllByTestId('webhook-delivery')
    expect(screen.getAllByTestId('webhook-headline').map((h) => h.textContent)).toEqual([
      'Pesan ke +62 812-3456-7890 kini sampai',
      'Pesan ke +62 812-3456-7890 kini dibaca',
      'Pesan ke +62 812-3456-7890 kini “mystery”',
      'Perangkat terputus'
    ])
  })

  it("says why an answer was not sent back in the operator's language, with the gateway's own words quoted", async () => {
    seedStores(makeBootstrap({ devices: [sandbox], settings: makeSettings({ language: 'id' }) }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.handle('sandbox:webhookDeliveries', () => ({
      deliveries: [
        { ...delivery, id: 'wh-off', replies: [], replyNote: { reason: 'reply-off' } },
        {
          ...delivery,
          id: 'wh-quota',
          replies: [],
          replyNote: { reason: 'gateway-refused', gatewaySaid: 'quota habis' }
        }
      ]
    }))
    render(<WebhooksView />)
    await screen.findAllByTestId('webhook-delivery')
    const notes = screen.getAllByTestId('webhook-reply-note').map((note) => note.textContent)
    expect(notes).toEqual([
      // The switch's own label, on this page where the switch is (the inspector is for sandbox devices only).
      'Tidak dikirim kembali ke obrolan: “Balasan otomatis dari webhook” mati untuk perangkat ini (di atas).',
      expect.stringMatching(/gateway menolak balasannya\. Katanya: “quota habis”/)
    ])
  })

  // What the gateway said is the gateway's (or the receiver's answer it refused), not the operator's: an override in it
  // drew the rest of the note backwards.
  it("quotes the gateway's words without the bidi controls in them", async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.handle('sandbox:webhookDeliveries', () => ({
      deliveries: [
        {
          ...delivery,
          replies: [],
          replyNote: { reason: 'gateway-refused', gatewaySaid: '\u202Equota\u2066 habis\u0007' }
        }
      ]
    }))
    render(<WebhooksView />)
    const note = (await screen.findByTestId('webhook-reply-note')).textContent ?? ''
    expect(note).toContain('“quota habis”')
    for (const unshown of ['\u202E', '\u2066', '\u0007']) expect(note).not.toContain(unshown)
  })
})

// QA37 Q37-07: J / K walked the Outbox's and Messages in's rows only.
describe('deliveries the inspector could not read', () => {
  it('says why, with Try again that reads them again, the focus on its heading meanwhile', async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.once('sandbox:webhookDeliveries', () => {
      throw new ApiError({ code: 'internal', message: 'database is locked' })
    })
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries: [delivery] }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    await readsAgainOnTryAgain(user, await screen.findByTestId('webhook-inspector'), {
      says: 'This list could not be read: database is locked',
      tryAgain: 'Try again',
      heading: () => screen.getByRole('heading', { name: 'Webhook inspector' }),
      read: () => screen.findByTestId('webhook-delivery')
    })
  })
})

describe('the row keys in the webhook inspector', () => {
  it('J and K walk the deliveries, each row named by what it carried', async () => {
    seedStores(makeBootstrap({ devices: [sandbox] }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.handle('sandbox:webhookDeliveries', () => ({
      deliveries: [delivery, { ...delivery, id: 'wh-2', createdAt: '2026-01-15T04:00:00.000Z' }]
    }))
    renderWithRowKeys(<WebhooksView />)
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(2))
    const rows = within(screen.getByTestId('webhook-inspector')).getAllByRole('listitem', {
      name: /Delivered/
    })
    expect(rows).toEqual(screen.getAllByTestId('webhook-delivery'))
    await walkRowsWithJK(rows)
  })
})

// A focused delivery that left the filtered list (delivered under "Waiting or retrying") took the focus to the page
// when no delivery was left beside it, and nothing said what happened.
describe('a focused delivery that leaves the inspector’s filtered list', () => {
  const waiting = (id: string): WebhookDeliveryView => ({
    ...delivery,
    id,
    state: 'pending',
    attempts: [],
    nextAttemptAt: '2026-01-15T03:00:01.000Z',
    replies: []
  })

  /**
   * The inspector over two waiting deliveries, filtered to those waiting, the focus on the first; `delivered` has the
   * sandbox deliver some, and the inspector read its deliveries again.
   */
  async function focusedOnFirstWaiting(): Promise<{ delivered(...ids: string[]): Promise<void> }> {
    let deliveries = [waiting('wh-2'), waiting('wh-1')]
    seedStores(makeBootstrap({ devices: [sandbox] }))
    fake.handle('webhooks:get', () => settings({ deviceId: 'dev-sb', source: 'sandbox' }))
    fake.handle('sandbox:webhookDeliveries', () => ({ deliveries }))
    const user = userEvent.setup()
    render(<WebhooksView />)
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(2))
    await user.selectOptions(screen.getByTestId('webhook-filter-state'), 'pending')
    act(() => screen.getAllByTestId('webhook-delivery')[0]!.focus())
    return {
      delivered: async (...ids) => {
        deliveries = deliveries.map((d) => (ids.includes(d.id) ? { ...d, state: 'delivered' } : d))
        const asked = fake.requests('sandbox:webhookDeliveries').length
        act(() => useSandboxActivity.getState().changed())
        await waitFor(() => expect(fake.requests('sandbox:webhookDeliveries').length).toBe(asked + 1))
        const left = deliveries.filter((d) => d.state === 'pending').length
        await waitFor(() => expect(screen.queryAllByTestId('webhook-delivery')).toHaveLength(left))
      }
    }
  }

  it('hands the focus to the next delivery and says so', async () => {
    const { delivered } = await focusedOnFirstWaiting()
    await delivered('wh-2')
    expect(document.activeElement).toBe(screen.getByTestId('webhook-delivery'))
    expect(screen.getByTestId('webhook-row-gone').textContent).toBe(
      'The delivery you were on no longer matches the filters. You are on the next delivery.'
    )
  })

  it('hands the focus to the heading when no delivery is left, and says so', async () => {
    const { delivered } = await focusedOnFirstWaiting()
    await delivered('wh-2', 'wh-1')
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Webhook inspector' }))
    expect(screen.getByTestId('webhook-row-gone').textContent).toBe(
      'The delivery you were on no longer matches the filters. You are on the Webhook inspector heading.'
    )
  })
})
