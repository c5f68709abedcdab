// Messages in: the relay's states in words, connecting a mailbox, "Receive messages" with its confirmation and undo,
// the rotation, and the empty inbox (InboxConversations.test.tsx has the conversations, thread and reply).
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InboxStatusView, ReceivingView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeDevice,
  makeInboxStatus,
  makeReceiving,
  makeSettings
} from '../../testing/fixtures'
import { dropFocusOffDisabled, pressAndHold } from '../../testing/focus'
import { installFakeApi, seedStores } from '../../testing/render'
import { useSettings } from '../../stores/settings'
import { InboxView } from './InboxView'
import { encodeNote } from '../../../../shared/i18n/notes'

let fake: FakeApi

const shop = makeDevice({ id: 'dev-1', label: 'Shop', serial: 'SN-0001' })
const RELAY = 'https://relay.example.com'
const DEVICE_URL = `${RELAY}/h/mbx-1/s3cr3t/device`

const status = (over: Partial<InboxStatusView> = {}): InboxStatusView =>
  makeInboxStatus({
    storage: { used: 100, cap: 10_000, nearFull: false, full: false, refusedWhileFull: 0 },
    ...over
  })

const NOT_SET_UP = status({
  state: 'not-connected',
  behind: null,
  mailbox: null,
  storage: null,
  lastContactAt: null
})

const receiving = (over: Partial<ReceivingView> = {}): ReceivingView =>
  makeReceiving({ relayUrl: RELAY, deviceStatusUrl: DEVICE_URL, ...over })

function script(options: { status?: InboxStatusView; view?: ReceivingView } = {}) {
  fake.handle('inbox:status', () => options.status ?? status())
  fake.handle('inbox:receiving', () => options.view ?? receiving())
  fake.handle('inbox:conversations', () => ({ conversations: [], next: null }))
}

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [shop] }))
})

describe('InboxView', () => {
  it('without a mailbox: says not set up, offers to connect one, then shows the device-status URL to copy', async () => {
    script({
      status: NOT_SET_UP,
      view: receiving({ connected: false, relayUrl: null, mailbox: null, deviceStatusUrl: null, devices: [] })
    })
    fake.handle('inbox:connect', () => receiving())
    const user = userEvent.setup()
    render(<InboxView />)
    expect((await screen.findByTestId('inbox-relay-state')).textContent).toBe('○not set up')
    expect(screen.queryByTestId('inbox-relay-last-pull')).toBeNull()
    expect(screen.queryByTestId('inbox-devices')).toBeNull()
    expect((await screen.findByTestId('inbox-conversations-empty')).textContent).toMatch(/No message yet/)

    const connect = screen.getByTestId('inbox-connect-submit') as HTMLButtonElement
    expect(connect.disabled).toBe(true)
    await user.type(screen.getByRole('textbox', { name: 'Relay address' }), ` ${RELAY} `)
    fake.handle('inbox:status', () => status())
    await user.click(connect)
    expect(fake.requests('inbox:connect')).toEqual([{ relayUrl: RELAY }])
    expect(await screen.findByTestId('inbox-devices')).toBeTruthy()
    expect(screen.queryByTestId('inbox-connect')).toBeNull()
    expect((screen.getByTestId('inbox-device-url-value') as HTMLInputElement).value).toBe(DEVICE_URL)
    // The form is gone: the focus is on what the connection produced, the next step.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Receive messages' }))
    expect(screen.getByRole('button', { name: 'Copy the device-status URL' })).toBeTruthy()
    expect((await screen.findByTestId('inbox-relay-state')).textContent).toBe('✓connected')
    // Where the messages come through, in words; the mailbox's id (for support) behind a disclosure any keyboard or
    // screen reader reaches, to select or copy (QA: it was only a tooltip).
    const where = screen.getByTestId('inbox-relay-where')
    expect(where.textContent).toBe('Through the relay at relay.example.com')
    expect(where.getAttribute('title')).toBeNull()
    const mailbox = screen.getByTestId('inbox-relay-mailbox')
    await user.click(within(mailbox).getByText('Mailbox id'))
    expect(mailbox.hasAttribute('open')).toBe(true)
    expect(within(mailbox).getByText('mbx-1').className).toContain('selectable')
    await user.click(within(mailbox).getByRole('button', { name: 'Copy the mailbox id' }))
    expect(await navigator.clipboard.readText()).toBe('mbx-1')
  })

  it('says what brings messages in while the inbox is empty: a mailbox first, then a device receiving', async () => {
    script({
      status: NOT_SET_UP,
      view: receiving({ connected: false, relayUrl: null, mailbox: null, deviceStatusUrl: null, devices: [] })
    })
    const { unmount } = render(<InboxView />)
    expect((await screen.findByTestId('inbox-conversations-empty')).textContent).toBe(
      'No message yet: connect a mailbox above, then turn on “Receive messages” for a device.'
    )
    unmount()
    script()
    const second = render(<InboxView />)
    await waitFor(() =>
      expect(screen.getByTestId('inbox-conversations-empty').textContent).toBe(
        'No device sends its messages here yet: turn on “Receive messages” for a device below.'
      )
    )
    second.unmount()
    script({
      view: receiving({ devices: [{ deviceId: 'dev-1', receiving: true, since: null, canUndo: true }] })
    })
    render(<InboxView />)
    await waitFor(() =>
      expect(screen.getByTestId('inbox-conversations-empty').textContent).toBe(
        'No message yet. Once a device sends its messages to the relay, they appear here, newest first.'
      )
    )
  })

  // QA71: after "Use a relay on this computer" and "Receive messages on Sandbox device" the view said only "No message
  // yet…": the one way to play a customer writing was under Webhooks (and Auto-replies), so a new operator could not see
  // the setup work.
  it('offers "a message arrives" while a sandbox device receives, the empty inbox pointing to it', async () => {
    const sandbox = makeDevice({ id: 'dev-2', label: 'Sandbox device', sandbox: true })
    seedStores(makeBootstrap({ devices: [shop, sandbox] }))
    // The shop receives, the sandbox does not yet: nothing to play (its message would not come here).
    script({
      view: receiving({ devices: [{ deviceId: 'dev-1', receiving: true, since: null, canUndo: true }] })
    })
    const { unmount } = render(<InboxView />)
    await screen.findByTestId('inbox-devices')
    expect(screen.queryByTestId('try-incoming')).toBeNull()
    unmount()

    script({
      view: receiving({
        devices: [
          { deviceId: 'dev-1', receiving: true, since: null, canUndo: true },
          { deviceId: 'dev-2', receiving: true, since: null, canUndo: true }
        ]
      })
    })
    fake.handle('sandbox:receive', () => ({ incomingId: 'ABC', webhookDeliveryId: null, replies: [] }))
    const user = userEvent.setup()
    render(<InboxView />)
    const form = await screen.findByTestId('try-incoming')
    expect(within(form).getByRole('heading').textContent).toBe('Try it: a message arrives')
    await waitFor(() =>
      expect(screen.getByTestId('inbox-conversations-empty').textContent).toBe(
        'No message yet. Play a customer writing to your sandbox device with “Try it: a message arrives” below: their message appears here.'
      )
    )
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Masih buka?')
    await user.click(within(form).getByRole('button', { name: 'Deliver the message' }))
    await waitFor(() =>
      expect(fake.requests('sandbox:receive')).toEqual([
        { deviceId: 'dev-2', from: '0812 3456 7890', message: 'Masih buka?' }
      ])
    )
  })

  it('names the sandbox device each "a message arrives" writes to when more than one receives', async () => {
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({ id: 'dev-2', label: 'Sandbox A', sandbox: true }),
          makeDevice({ id: 'dev-3', label: 'Sandbox B', sandbox: true })
        ]
      })
    )
    script({
      view: receiving({
        devices: [
          { deviceId: 'dev-2', receiving: true, since: null, canUndo: true },
          { deviceId: 'dev-3', receiving: true, since: null, canUndo: true }
        ]
      })
    })
    render(<InboxView />)
    await waitFor(() => expect(screen.getAllByTestId('try-incoming')).toHaveLength(2))
    expect(screen.getAllByTestId('try-incoming').map((form) => form.querySelector('p')?.textContent)).toEqual(
      ['Play a contact writing to Sandbox A.', 'Play a contact writing to Sandbox B.']
    )
    // Each a form landmark named by its heading and device, told apart in a screen reader's list of landmarks.
    expect(screen.getAllByRole('form').map((form) => form.getAttribute('data-testid'))).toEqual([
      'try-incoming',
      'try-incoming'
    ])
    expect(
      screen.getByRole('form', { name: 'Try it: a message arrives Play a contact writing to Sandbox B.' })
    ).toBeDefined()
  })

  it('with a sandbox device: one click connects a relay this computer runs; a failure is said in words', async () => {
    const notConnected = receiving({
      connected: false,
      relayUrl: null,
      mailbox: null,
      deviceStatusUrl: null,
      devices: []
    })
    script({ status: NOT_SET_UP, view: notConnected })
    const { unmount } = render(<InboxView />)
    await screen.findByTestId('inbox-connect')
    // Only the sandbox can post to this computer: a hosted device alone is not offered it.
    expect(screen.queryByTestId('inbox-local-relay')).toBeNull()
    unmount()

    seedStores(
      makeBootstrap({ devices: [shop, makeDevice({ id: 'dev-2', label: 'Sandbox', sandbox: true })] })
    )
    fake.fail('inbox:connectLocalRelay', {
      code: 'local_relay_failed',
      message: 'The relay on this computer could not start: disk full.',
      messageKey: 'desktop.error.localRelayFailed',
      messageParams: { detail: 'disk full' }
    })
    const user = userEvent.setup()
    render(<InboxView />)
    const local = within(await screen.findByTestId('inbox-local-relay'))
    await user.click(local.getByRole('button', { name: 'Use a relay on this computer' }))
    expect((await local.findByRole('alert')).textContent).toBe(
      'The relay on this computer could not start: disk full.'
    )

    const LOCAL = 'http://127.0.0.1:50123'
    fake.handle('inbox:connectLocalRelay', () =>
      receiving({ relayUrl: LOCAL, onThisComputer: true, deviceStatusUrl: `${LOCAL}/h/mbx-1/s3cr3t/device` })
    )
    fake.handle('inbox:status', () => status())
    await user.click(local.getByRole('button', { name: 'Use a relay on this computer' }))
    expect(fake.requests('inbox:connectLocalRelay')).toEqual([{}, {}])
    expect(await screen.findByTestId('inbox-devices')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Receive messages' }))
    expect(screen.queryByTestId('inbox-local-relay')).toBeNull()
    expect(screen.queryByTestId('inbox-connect')).toBeNull()
    expect((await screen.findByTestId('inbox-relay-state')).textContent).toBe('✓connected')
    // Not "127.0.0.1:50123": the relay is this computer's own.
    expect(screen.getByTestId('inbox-relay-where').textContent).toBe('Through the relay on this computer')
  })

  it('keeps the focus on the pressed "Use a relay on this computer" while it runs, never on the page', async () => {
    seedStores(
      makeBootstrap({ devices: [shop, makeDevice({ id: 'dev-2', label: 'Sandbox', sandbox: true })] })
    )
    script({
      status: NOT_SET_UP,
      view: receiving({ connected: false, relayUrl: null, mailbox: null, deviceStatusUrl: null, devices: [] })
    })
    const local = fake.defer('inbox:connectLocalRelay')
    const user = userEvent.setup()
    render(<InboxView />)
    await pressAndHold(
      user,
      await screen.findByRole('button', { name: 'Use a relay on this computer' }),
      local.called
    )
    local.reject({ code: 'local_relay_failed', message: 'The relay on this computer could not start' })
    expect((await screen.findByRole('alert')).textContent).toBe('The relay on this computer could not start')
    expect(fake.requests('inbox:connectLocalRelay')).toHaveLength(1)
  })

  it('offers to run the relay on this computer again when its mailbox cannot be reached there, not for a relay elsewhere', async () => {
    const down = status({
      state: 'unreachable',
      since: '2026-01-15T03:00:00.000Z',
      retryAt: '2026-01-15T03:01:00.000Z',
      detail: 'connect ECONNREFUSED 127.0.0.1:50123'
    })
    script({ status: down })
    const { unmount } = render(<InboxView />)
    await screen.findByTestId('inbox-devices')
    expect(screen.queryByTestId('inbox-local-relay')).toBeNull()
    expect(screen.queryByTestId('inbox-connect')).toBeNull()
    unmount()

    const LOCAL = 'http://127.0.0.1:50123'
    script({ status: down, view: receiving({ relayUrl: LOCAL, onThisComputer: true }) })
    fake.handle('inbox:connectLocalRelay', () =>
      receiving({ relayUrl: 'http://127.0.0.1:50999', onThisComputer: true })
    )
    const user = userEvent.setup()
    render(<InboxView />)
    const local = within(await screen.findByRole('region', { name: 'Run the relay on this computer again' }))
    expect(local.getByText(/its port was taken when Sender Desk started/)).toBeTruthy()
    fake.handle('inbox:status', () => status())
    await user.click(local.getByRole('button', { name: 'Use a relay on this computer' }))
    expect(fake.requests('inbox:connectLocalRelay')).toEqual([{ replace: true }])
    await waitFor(() => expect(screen.queryByTestId('inbox-local-relay')).toBeNull())
    // "Receive messages" stayed on screen throughout: the focus still moves there, not to the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Receive messages' }))
  })

  it('moves a connected inbox to another relay: the panel takes the focus, a new mailbox replaces the old one', async () => {
    const LOCAL = 'http://127.0.0.1:50123'
    seedStores(
      makeBootstrap({ devices: [shop, makeDevice({ id: 'dev-2', label: 'Sandbox', sandbox: true })] })
    )
    script({ view: receiving({ relayUrl: LOCAL, onThisComputer: true }) })
    fake.handle('inbox:connect', () => receiving())
    const user = userEvent.setup()
    render(<InboxView />)
    const open = await screen.findByRole('button', { name: 'Use another relay' })
    expect(open.getAttribute('aria-expanded')).toBe('false')
    // All is well: no form unless asked for.
    expect(screen.queryByTestId('inbox-connect')).toBeNull()
    await user.click(open)
    expect(open.getAttribute('aria-expanded')).toBe('true')
    const panel = within(screen.getByTestId('inbox-switch-panel'))
    expect(panel.getByText(/Messages still waiting on this relay stay there/)).toBeTruthy()
    // Another relay, not the lost mailbox connected again (QA F18).
    expect(panel.getByRole('heading', { name: 'Connect another mailbox' })).toBeTruthy()
    // Already on this computer's relay: offering it again would change nothing.
    expect(panel.queryByTestId('inbox-local-relay')).toBeNull()
    expect(document.activeElement).toBe(panel.getByRole('textbox', { name: 'Relay address' }))

    // Cancel puts the focus back on the button that opened it.
    await user.click(panel.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByTestId('inbox-switch-panel')).toBeNull()
    expect(document.activeElement).toBe(open)

    await user.click(open)
    await user.type(screen.getByRole('textbox', { name: 'Relay address' }), RELAY)
    await user.click(screen.getByTestId('inbox-connect-submit'))
    expect(fake.requests('inbox:connect')).toEqual([{ relayUrl: RELAY, replace: true }])
    await waitFor(() => expect(screen.queryByTestId('inbox-switch-panel')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Receive messages' }))
  })

  it('offers this computer’s relay among the others when the inbox is on a relay elsewhere', async () => {
    seedStores(
      makeBootstrap({ devices: [shop, makeDevice({ id: 'dev-2', label: 'Sandbox', sandbox: true })] })
    )
    script()
    fake.handle('inbox:connectLocalRelay', () =>
      receiving({ relayUrl: 'http://127.0.0.1:50123', onThisComputer: true })
    )
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByRole('button', { name: 'Use another relay' }))
    const panel = within(screen.getByTestId('inbox-switch-panel'))
    await user.click(panel.getByRole('button', { name: 'Use a relay on this computer' }))
    expect(fake.requests('inbox:connectLocalRelay')).toEqual([{ replace: true }])
    await waitFor(() => expect(screen.queryByTestId('inbox-switch-panel')).toBeNull())
  })

  it('offers no change the gateway would refuse: an expired device says what helps instead', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Shop', state: 'expired' })] }))
    script()
    render(<InboxView />)
    const blocked = await screen.findByTestId('inbox-device-blocked-dev-1')
    expect(blocked.textContent).toBe(
      'The gateway subscription has ended. Renew it with your provider. Renew at solo.wablas.com'
    )
    expect(within(blocked).getByRole('link', { name: 'Renew at solo.wablas.com' }).getAttribute('href')).toBe(
      'https://solo.wablas.com/'
    )
    expect(screen.queryByRole('button', { name: 'Receive messages on Shop' })).toBeNull()
  })

  it('words a refused connection where the operator typed the address', async () => {
    script({
      status: NOT_SET_UP,
      view: receiving({ connected: false, relayUrl: null, mailbox: null, deviceStatusUrl: null, devices: [] })
    })
    fake.fail('inbox:connect', {
      code: 'relay_refused',
      message: 'The relay refused: the relay answered HTTP 503.',
      messageKey: 'desktop.error.relayRefused',
      messageParams: { detail: 'the relay answered HTTP 503' },
      field: 'relayUrl'
    })
    const user = userEvent.setup()
    render(<InboxView />)
    await user.type(await screen.findByRole('textbox', { name: 'Relay address' }), RELAY)
    await user.click(screen.getByTestId('inbox-connect-submit'))
    expect((await screen.findByTestId('inbox-connect-error')).textContent).toContain(
      'The relay refused: the relay answered HTTP 503.'
    )
    expect(screen.getByRole('textbox', { name: 'Relay address' }).getAttribute('aria-invalid')).toBe('true')
  })

  it('says a refused creation token on the token field, with the focus there to type it again (QA21 Q21-05)', async () => {
    script({
      status: NOT_SET_UP,
      view: receiving({ connected: false, relayUrl: null, mailbox: null, deviceStatusUrl: null, devices: [] })
    })
    fake.fail('inbox:connect', {
      code: 'relay_refused',
      message: 'The relay refused: the relay refused the creation token.',
      messageKey: 'desktop.error.relayRefused',
      messageParams: { detail: encodeNote('inbox.fault.creationTokenRefused') },
      field: 'creationToken'
    })
    const user = userEvent.setup()
    render(<InboxView />)
    const address = await screen.findByRole('textbox', { name: 'Relay address' })
    await user.type(address, RELAY)
    const token = screen.getByLabelText(/^Creation token/)
    await user.type(token, 'wrong-token')
    await user.click(screen.getByTestId('inbox-connect-submit'))
    const error = await screen.findByTestId('inbox-connect-error')
    expect(error.textContent).toBe('⚠ The relay refused: the relay refused the creation token.')
    await waitFor(() => expect(document.activeElement).toBe(token))
    expect(token.getAttribute('aria-invalid')).toBe('true')
    expect(token.getAttribute('aria-describedby')).toContain(error.id)
    expect(address.getAttribute('aria-invalid')).toBeNull()
  })

  it('words an unreachable relay by its cause and puts the focus on the address that carries it', async () => {
    script({
      status: NOT_SET_UP,
      view: receiving({ connected: false, relayUrl: null, mailbox: null, deviceStatusUrl: null, devices: [] })
    })
    fake.fail('inbox:connect', {
      code: 'relay_unreachable',
      message: 'Cannot connect: no server answers at relay.example. Check the address.',
      messageKey: 'desktop.error.relayUnreachable',
      messageParams: { detail: encodeNote('inbox.fault.nameNotFound', { host: 'relay.example' }) },
      field: 'relayUrl'
    })
    const user = userEvent.setup()
    render(<InboxView />)
    const address = await screen.findByRole('textbox', { name: 'Relay address' })
    await user.type(address, 'https://relay.example')
    await user.click(screen.getByTestId('inbox-connect-submit'))
    expect((await screen.findByTestId('inbox-connect-error')).textContent).toBe(
      '⚠ Cannot connect: no server answers at relay.example. Check the address.'
    )
    // The focus lands on the field the error is about, which reads the error as its description.
    await waitFor(() => expect(document.activeElement).toBe(address))
    expect(address.getAttribute('aria-describedby')).toContain(screen.getByTestId('inbox-connect-error').id)
  })

  it.each([
    ['en', 'Cannot connect: 127.0.0.1:9 could not be reached. Check the address.'],
    ['id', 'Tidak bisa tersambung: 127.0.0.1:9 tidak bisa dihubungi. Periksa alamatnya.']
  ] as const)(
    'words a failed connection without a cause of its own plainly, never the system’s raw words (QA F18, %s)',
    async (language, words) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      script({
        status: NOT_SET_UP,
        view: receiving({
          connected: false,
          relayUrl: null,
          mailbox: null,
          deviceStatusUrl: null,
          devices: []
        })
      })
      fake.fail('inbox:connect', {
        code: 'relay_unreachable',
        message: 'Cannot connect: 127.0.0.1:9 could not be reached. Check the address.',
        messageKey: 'desktop.error.relayUnreachable',
        messageParams: {
          detail: encodeNote('inbox.fault.connection', { host: '127.0.0.1:9', reason: 'fetch failed' })
        },
        field: 'relayUrl'
      })
      const user = userEvent.setup()
      render(<InboxView />)
      await user.type(await screen.findByTestId('inbox-relay-url'), 'http://127.0.0.1:9')
      await user.click(screen.getByTestId('inbox-connect-submit'))
      expect((await screen.findByTestId('inbox-connect-error')).textContent).toBe(`⚠ ${words}`)
    }
  )

  it('follows the relay: connected with its last pull, behind by N, unreachable with the reason, full, refused', async () => {
    script()
    render(<InboxView />)
    const state = await screen.findByTestId('inbox-relay-state')
    expect(state.textContent).toBe('✓connected')
    expect(screen.getByTestId('inbox-relay-last-pull').textContent).toMatch(/^Last successful pull: .*2026/)
    expect(screen.queryByTestId('inbox-relay-hint')).toBeNull()

    act(() => fake.emit('inbox:changed', status({ behind: 1200 })))
    expect(state.textContent).toBe('↓catching up, 1,200 waiting')

    act(() =>
      fake.emit(
        'inbox:changed',
        status({
          state: 'unreachable',
          behind: null,
          detail: 'fetch failed',
          retryAt: '2026-01-15T03:05:00.000Z'
        })
      )
    )
    expect(state.textContent).toBe('⚠cannot be reached')
    expect(screen.getByTestId('inbox-relay-reason').textContent).toBe('Reason: fetch failed')
    expect(screen.getByTestId('inbox-relay-hint').textContent).toMatch(/tries again by itself/)
    expect(screen.getByTestId('inbox-relay-last-pull').textContent).toMatch(/^Last successful pull/)

    act(() =>
      fake.emit(
        'inbox:changed',
        status({ storage: { used: 10_000, cap: 10_000, nearFull: true, full: true, refusedWhileFull: 4 } })
      )
    )
    expect(state.textContent).toBe('●full, refusing new messages')
    expect(screen.getByTestId('inbox-relay-hint').className).toContain('alert--bad')

    act(() =>
      fake.emit(
        'inbox:changed',
        status({ state: 'auth-refused', behind: null, since: '2026-01-15T03:00:00.000Z' })
      )
    )
    expect(state.textContent).toBe('✕refused this computer’s pull token; trying again every few minutes')
    // Tried again slowly, and a new mailbox offered as the other way: the connect form, replacing the refused one.
    expect(within(screen.getByTestId('inbox-connect')).getByRole('heading').textContent).toBe(
      'Connect a mailbox again'
    )
  })

  it.each([
    ['en', 'refused this computer’s pull token; trying again (2 of 3)', /keeps refusing/],
    ['id', 'menolak token pengambilan komputer ini; mencoba lagi (2 dari 3)', /terus menolak/]
  ] as const)(
    'a refused pull token tried again (%s) says so, with its try and what to do, not "cannot be reached"',
    async (language, words, whatToDo) => {
      seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language }) }))
      script({
        status: status({
          state: 'unreachable',
          behind: null,
          detail: 'the relay refused the pull token; trying again (2 of 3)',
          detailKey: 'inbox.fault.pullTokenRefusedRetrying',
          detailParams: { attempt: 2, tries: 3 },
          retryAt: '2026-01-15T03:05:00.000Z'
        })
      })
      render(<InboxView />)
      const state = await screen.findByTestId('inbox-relay-state')
      expect(state.textContent).toBe(`↻${words}`)
      const hint = screen.getByTestId('inbox-relay-hint').textContent ?? ''
      expect(hint).toMatch(whatToDo)
      // Not the hint for a relay that cannot be reached: this one did answer.
      expect(hint).not.toMatch(/meanwhile wait on the relay|sementara itu menunggu di relay/)
      // The badge already says why: no second "Reason:" line repeating it.
      expect(screen.queryByTestId('inbox-relay-reason')).toBeNull()
      // It is still tried again: the next try and "Try now" stay.
      expect(screen.getByTestId('inbox-relay-retry')).toBeTruthy()
      expect(screen.getByTestId('inbox-relay-try-now')).toBeTruthy()
    }
  )

  it.each(['en', 'id'] as const)(
    'names the relay once in every state (%s): its label, not again in the words',
    async (language) => {
      seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language }) }))
      const fullStorage = { used: 10_000, cap: 10_000, nearFull: true, full: true, refusedWhileFull: 4 }
      const nearFullStorage = { used: 9_000, cap: 10_000, nearFull: true, full: false, refusedWhileFull: 0 }
      const states: InboxStatusView[] = [
        NOT_SET_UP,
        status({ state: 'idle', behind: null }),
        status(),
        status({ behind: 12 }),
        status({ storage: nearFullStorage }),
        status({ storage: fullStorage }),
        status({ state: 'unreachable', behind: null }),
        status({
          state: 'unreachable',
          behind: null,
          detailKey: 'inbox.fault.pullTokenRefusedRetrying',
          detailParams: { attempt: 1, tries: 3 }
        }),
        status({ state: 'auth-refused', behind: null }),
        status({ state: 'credentials-locked', behind: null }),
        status({ state: 'failing', behind: null }),
        status({ state: 'cursor-ahead', behind: null })
      ]
      script({ status: states[0] })
      render(<InboxView />)
      const line = await screen.findByTestId('inbox-relay-state')
      // The heading and the state are read together (announced as one when the state changes): "Relay", then the
      // state in words (QA: "Relay" in the heading and "Relay: connected" in its badge).
      const title = screen.getByTestId('inbox-relay-title')
      expect(title.getAttribute('role')).toBe('status')
      expect(title.getAttribute('aria-atomic')).toBe('true')
      expect(within(title).getByRole('heading').textContent).toBe('Relay')
      const seen = new Set<string>()
      for (const state of states) {
        act(() => fake.emit('inbox:changed', state))
        seen.add(line.dataset['health'] ?? '')
        expect(title.textContent?.match(/relay/gi), title.textContent ?? '').toHaveLength(1)
      }
      expect(seen.size).toBe(states.length)
    }
  )

  it.each([
    ['en', /wait on the relay if it is up/, /may be lost/],
    ['id', /menunggu di relay jika relay menyala/, /bisa hilang/]
  ] as const)(
    'says, for a relay it cannot reach, that messages wait only if the relay is up and may be lost if it is down (%s, QA12 Q12-13)',
    async (language, waitsIfUp, lostIfDown) => {
      // This computer cannot tell a relay it cannot reach from a relay that is down; in the second case the gateway's
      // webhooks fail and are retried a few times at most, so "messages wait on the relay" alone would be untrue.
      seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language }) }))
      script({ status: status({ state: 'unreachable', behind: null, detail: 'fetch failed' }) })
      render(<InboxView />)
      const hint = (await screen.findByTestId('inbox-relay-hint')).textContent ?? ''
      expect(hint).toMatch(waitsIfUp)
      expect(hint).toMatch(lostIfDown)
    }
  )

  it("gives the reason the relay cannot be reached in Indonesian, from the core's key and values", async () => {
    seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language: 'id' }) }))
    script({
      status: status({
        state: 'unreachable',
        behind: null,
        detail: 'no answer within 20 s',
        detailKey: 'inbox.fault.noAnswer',
        detailParams: { seconds: 20 },
        retryAt: '2026-01-15T03:05:00.000Z'
      })
    })
    render(<InboxView />)
    expect((await screen.findByTestId('inbox-relay-reason')).textContent).toBe(
      'Alasan: tidak ada jawaban dalam 20 dtk'
    )
  })

  it('confirms "Receive messages" naming what Sender Desk last saved, then offers the undo', async () => {
    script()
    fake.handle('inbox:provisionPreview', () => ({
      deviceId: 'dev-1',
      relayHost: 'relay.example.com',
      replaces: {
        source: 'remembered',
        webhookUrl: 'https://crm.example.com/wa/in',
        trackingUrl: null,
        incoming: true,
        savedAt: '2026-01-02T08:00:00.000Z'
      }
    }))
    fake.handle('inbox:provision', () =>
      receiving({
        devices: [{ deviceId: 'dev-1', receiving: true, since: '2026-01-15T03:10:00.000Z', canUndo: true }]
      })
    )
    fake.handle('inbox:undoProvision', () => ({
      view: receiving(),
      notRestored: ['trackingUrl']
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    expect((await screen.findByTestId('inbox-device-state-dev-1')).textContent).toBe(
      'Not receiving through Sender Desk'
    )
    await user.click(screen.getByRole('button', { name: 'Receive messages on Shop' }))
    const confirm = await screen.findByRole('group', { name: 'Receive messages on Shop?' })
    expect(confirm.textContent).toContain('your mailbox on relay.example.com')
    const replaces = within(confirm).getByTestId('inbox-confirm-replaces').textContent
    expect(replaces).toMatch(/^It replaces what Sender Desk last saved \(.*2026.*\):/)
    expect(replaces).toContain('Receive-message URL: https://crm.example.com/wa/in')
    expect(replaces).toContain('Tracking URL: none')
    expect(replaces).toContain('Get incoming messages: on')
    expect(replaces).toContain('cannot be read back and will be replaced')
    expect(fake.requests('inbox:provision')).toEqual([])
    // The question takes the focus on its harmless answer; Cancel gives it back to the button that asked.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }))
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Receive messages on Shop' }))
    // Esc answers as Cancel does (QA47: the question had a Cancel but no Esc).
    await user.click(screen.getByRole('button', { name: 'Receive messages on Shop' }))
    await screen.findByRole('group', { name: 'Receive messages on Shop?' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Receive messages on Shop?' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Receive messages on Shop' }))
    await user.click(screen.getByRole('button', { name: 'Receive messages on Shop' }))
    await screen.findByRole('group', { name: 'Receive messages on Shop?' })

    await user.click(
      within(screen.getByRole('group', { name: 'Receive messages on Shop?' })).getByRole('button', {
        name: 'Receive messages'
      })
    )
    expect(fake.requests('inbox:provision')).toEqual([{ deviceId: 'dev-1' }])
    await waitFor(() =>
      expect(screen.getByTestId('inbox-device-state-dev-1').textContent).toMatch(/^Receiving since /)
    )
    // Receiving already: the focus on the line that says so (QA37 Q37-06: the focus on Undo told a screen reader
    // nothing), not on Undo, where a second Enter undid it at once (an operator's probe).
    expect(screen.queryByRole('button', { name: 'Receive messages on Shop' })).toBeNull()
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('inbox-device-feedback-dev-1'))
    )
    expect(document.activeElement?.textContent).toBe('Shop now receives its messages here.')
    expect(screen.getByRole('button', { name: 'Undo on Shop' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Undo on Shop' }))
    expect(fake.requests('inbox:undoProvision')).toEqual([{ deviceId: 'dev-1' }])
    expect((await screen.findByTestId('inbox-device-feedback-dev-1')).textContent).toBe(
      'The earlier settings are back on Shop. Not put back: Tracking URL. Sender Desk never knew what was there before: set what belongs there in the gateway’s dashboard.'
    )
    expect(screen.queryByRole('button', { name: 'Undo on Shop' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Receive messages on Shop' }))
  })

  it('keeps the focus on the pressed Receive, its confirmation and Undo while each runs, never on the page', async () => {
    script()
    const user = userEvent.setup()
    render(<InboxView />)

    const preview = fake.defer('inbox:provisionPreview')
    await pressAndHold(
      user,
      await screen.findByRole('button', { name: 'Receive messages on Shop' }),
      preview.called
    )
    preview.resolve({
      deviceId: 'dev-1',
      relayHost: 'relay.example.com',
      replaces: { source: 'unknown', webhookUrl: null, trackingUrl: null, incoming: false, savedAt: null }
    })
    const question = await screen.findByRole('group', { name: 'Receive messages on Shop?' })

    const provision = fake.defer('inbox:provision')
    await pressAndHold(
      user,
      within(question).getByRole('button', { name: 'Receive messages' }),
      provision.called
    )
    provision.resolve(
      receiving({
        devices: [{ deviceId: 'dev-1', receiving: true, since: '2026-01-15T03:10:00.000Z', canUndo: true }]
      })
    )
    const undo = await screen.findByRole('button', { name: 'Undo on Shop' })
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('inbox-device-feedback-dev-1'))
    )
    undo.focus()

    const undone = fake.defer('inbox:undoProvision')
    await pressAndHold(user, undo, undone.called)
    undone.resolve({ view: receiving(), notRestored: [] })
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Receive messages on Shop' }))
    )
    expect(fake.requests('inbox:provisionPreview')).toHaveLength(1)
    expect(fake.requests('inbox:provision')).toHaveLength(1)
    expect(fake.requests('inbox:undoProvision')).toHaveLength(1)
  })

  it('names the device whose sandbox settings are replaced, not "the sandbox device" (QA F22)', async () => {
    script()
    fake.handle('inbox:provisionPreview', () => ({
      deviceId: 'dev-1',
      relayHost: 'relay.example.com',
      replaces: { source: 'sandbox', webhookUrl: null, trackingUrl: null, incoming: false, savedAt: null }
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByRole('button', { name: 'Receive messages on Shop' }))
    expect((await screen.findByTestId('inbox-confirm-replaces')).textContent).toMatch(
      /^It replaces the current settings of Shop:/
    )
  })

  // On the operator's clock (the settings' zone, WIB here), as every other time (QA29 Q29-05: it was the computer's).
  it('names the zone of the last pull and since when a device receives, as device cards do (QA F22)', async () => {
    const since = '2026-01-15T03:10:00.000Z'
    const retryAt = '2026-01-15T03:05:00.000Z'
    script({
      status: status({ state: 'unreachable', behind: null, retryAt }),
      view: receiving({ devices: [{ deviceId: 'dev-1', receiving: true, since, canUndo: false }] })
    })
    render(<InboxView />)
    expect((await screen.findByTestId('inbox-relay-last-pull')).textContent).toBe(
      'Last successful pull: 15 Jan 2026, 10:00 WIB'
    )
    expect((await screen.findByTestId('inbox-device-state-dev-1')).textContent).toBe(
      'Receiving since 15 Jan 2026, 10:10 WIB'
    )
  })

  it('says a URL set in the dashboard cannot be read back when Sender Desk never saved one', async () => {
    script()
    fake.handle('inbox:provisionPreview', () => ({
      deviceId: 'dev-1',
      relayHost: 'relay.example.com',
      replaces: { source: 'unknown', webhookUrl: null, trackingUrl: null, incoming: false, savedAt: null }
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByRole('button', { name: 'Receive messages on Shop' }))
    expect((await screen.findByTestId('inbox-confirm-replaces')).textContent).toBe(
      'Sender Desk never saved webhook settings for this device: a URL set in the gateway’s dashboard cannot be read back and will be replaced.'
    )
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByTestId('inbox-confirm-replaces')).toBeNull()
    expect(fake.requests('inbox:provision')).toEqual([])
  })

  it('rotates the secret after a confirmation and shows the new device-status URL', async () => {
    script()
    const NEW_URL = `${RELAY}/h/mbx-1/n3w/device`
    fake.handle('inbox:rotateSecret', () => ({
      view: receiving({ deviceStatusUrl: NEW_URL }),
      reprovisioned: ['dev-1'],
      failed: []
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    await user.click(await screen.findByRole('button', { name: 'Rotate the secret' }))
    expect(fake.requests('inbox:rotateSecret')).toEqual([])
    await user.click(screen.getByRole('checkbox', { name: /^Stop the old addresses at once/ }))
    await user.click(screen.getByRole('button', { name: 'Rotate' }))
    expect(fake.requests('inbox:rotateSecret')).toEqual([{ stopOldAtOnce: true }])
    expect((await screen.findByTestId('inbox-rotate-feedback')).textContent).toBe(
      'New addresses set on 1 device.Paste the new device-status URL in the dashboard.'
    )
    expect((screen.getByTestId('inbox-device-url-value') as HTMLInputElement).value).toBe(NEW_URL)
  })

  it('rotates the pull token only after a confirmation that says what it does, then says it is done', async () => {
    script()
    fake.handle('inbox:rotatePullToken', () => ({}))
    const user = userEvent.setup()
    render(<InboxView />)
    const card = within(await screen.findByTestId('inbox-pull-token-section'))
    const opener = card.getByRole('button', { name: 'Rotate the pull token' })
    await user.click(opener)
    expect(fake.requests('inbox:rotatePullToken')).toEqual([])
    expect(card.getByText(/^Give the mailbox a new pull token now\?/).textContent).toBe(
      'Give the mailbox a new pull token now? Whoever holds the old one can no longer fetch or delete its messages. Nothing changes in the gateway.'
    )
    await user.click(card.getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Rotate the pull token' }))
    expect(fake.requests('inbox:rotatePullToken')).toEqual([])

    await user.click(card.getByRole('button', { name: 'Rotate the pull token' }))
    await user.click(card.getByRole('button', { name: 'Rotate the token' }))
    expect(fake.requests('inbox:rotatePullToken')).toEqual([{}])
    expect((await card.findByTestId('inbox-pull-token-feedback')).textContent).toBe(
      'New pull token in use; the old one no longer works.'
    )
    await waitFor(() =>
      expect(document.activeElement).toBe(card.getByRole('button', { name: 'Rotate the pull token' }))
    )
  })

  it('says in the window’s language when the relay did not answer a pull token rotation, and that the inbox keeps working', async () => {
    seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language: 'id' }) }))
    script()
    fake.fail('inbox:rotatePullToken', {
      code: 'relay_unreachable',
      message: 'Cannot rotate the pull token: …',
      messageKey: 'desktop.error.pullTokenRotateUnreachable',
      messageParams: { detail: encodeNote('inbox.fault.connectionRefused', { host: '127.0.0.1:47631' }) }
    })
    const user = userEvent.setup()
    render(<InboxView />)
    const card = within(await screen.findByTestId('inbox-pull-token-section'))
    await user.click(card.getByRole('button', { name: 'Ganti token pengambilan' }))
    await user.click(card.getByRole('button', { name: 'Ganti token' }))
    const failure = await card.findByRole('alert')
    expect(failure.textContent).toBe(
      'Tidak bisa mengganti token pengambilan: 127.0.0.1:47631 tidak menerima sambungan di port-nya. Pesan masuk tetap berjalan: komputer ini menyimpan token baru dan mencobanya saat relay menjawab lagi. Ganti lagi saat itu, untuk memastikan token lama sudah berhenti.'
    )
    expect(document.activeElement).toBe(failure)
  })

  it('does not ask to paste what Sender Desk set itself: with sandbox devices alone, the dashboard is its own', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Sandbox', sandbox: true })] }))
    script()
    fake.handle('inbox:rotateSecret', () => ({ view: receiving(), reprovisioned: ['dev-1'], failed: [] }))
    const user = userEvent.setup()
    render(<InboxView />)
    const section = within(await screen.findByTestId('inbox-device-url-section'))
    expect(section.getByText(/^The sandbox device gets it from Sender Desk/)).toBeTruthy()
    expect(section.queryByText(/paste it there/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Rotate the secret' }))
    await user.click(screen.getByRole('button', { name: 'Rotate' }))
    expect((await screen.findByTestId('inbox-rotate-feedback')).textContent).toBe(
      'New addresses set on 1 device.'
    )
  })
  // QA21 Q21-01…04: the rotation while the relay is down, the relay back, a language switch, the keyboard.
  const ROTATE_DOWN = {
    code: 'relay_unreachable',
    message:
      'The rotation is not finished: the relay’s answer did not come back (127.0.0.1:47631 takes no connections on its port). This computer kept the new secret and asks the relay again by itself until it answers, so both end on the same one; the current addresses keep working meanwhile.',
    messageKey: 'desktop.error.rotateUnreachable',
    messageParams: { detail: encodeNote('inbox.fault.connectionRefused', { host: '127.0.0.1:47631' }) }
  }

  it('keeps the focus in the Webhook secret card, and a new attempt replaces the last one’s outcome (QA21 Q21-02, Q21-04)', async () => {
    script()
    fake.handle('inbox:rotateSecret', () => ({ view: receiving(), reprovisioned: ['dev-1'], failed: [] }))
    const user = userEvent.setup()
    render(<InboxView />)
    const card = within(await screen.findByTestId('inbox-rotate-section'))
    const opener = card.getByRole('button', { name: 'Rotate the secret' })
    // Opening puts the focus on the harmless answer; Cancel gives it back to the button that opened the question.
    opener.focus()
    await user.keyboard(' ')
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Cancel' }))
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Rotate the secret' }))

    await user.click(card.getByRole('button', { name: 'Rotate the secret' }))
    await user.click(card.getByRole('button', { name: 'Rotate' }))
    expect((await card.findByTestId('inbox-rotate-feedback')).textContent).toBe(
      'New addresses set on 1 device.Paste the new device-status URL in the dashboard.'
    )
    await waitFor(() =>
      expect(document.activeElement).toBe(card.getByRole('button', { name: 'Rotate the secret' }))
    )

    // The next attempt fails: its failure is the only outcome said, with the focus on it.
    fake.fail('inbox:rotateSecret', ROTATE_DOWN)
    await user.click(card.getByRole('button', { name: 'Rotate the secret' }))
    await user.click(card.getByRole('button', { name: 'Rotate' }))
    const failure = await card.findByRole('alert')
    expect(failure.textContent).toBe(ROTATE_DOWN.message)
    expect(card.getByTestId('inbox-rotate-feedback').textContent).toBe('')
    await waitFor(() => expect(document.activeElement).toBe(failure))

    // And the one after succeeds: the failure goes.
    fake.handle('inbox:rotateSecret', () => ({ view: receiving(), reprovisioned: ['dev-1'], failed: [] }))
    await user.click(card.getByRole('button', { name: 'Rotate' }))
    await waitFor(() =>
      expect(card.getByTestId('inbox-rotate-feedback').textContent).toMatch(/^New addresses set on 1 device/)
    )
    expect(card.queryByRole('alert')).toBeNull()
  })

  it('keeps the focus on the pressed Rotate while either rotation runs, never on the page (QA49 Q49-02)', async () => {
    script()
    const user = userEvent.setup()
    render(<InboxView />)
    /** Asks the card's rotation by keyboard and answers it; returns the pressed answer, its rotation under way. */
    const press = async (section: string, opener: string, go: string): Promise<HTMLElement> => {
      const card = within(await screen.findByTestId(section))
      card.getByRole('button', { name: opener }).focus()
      await user.keyboard('{Enter}')
      const answer = card.getByRole('button', { name: go })
      answer.focus()
      await user.keyboard('{Enter}')
      return answer
    }
    /** While the rotation runs (the question drawn busy), where the focus is: a button disabled under it drops it. */
    const whileRunning = async (answer: HTMLElement): Promise<void> => {
      await act(async () => undefined)
      dropFocusOffDisabled()
      expect(document.activeElement).toBe(answer)
      await user.keyboard('{Enter}') // a second press while it runs starts nothing more
    }

    const secret = fake.defer('inbox:rotateSecret')
    const rotate = await press('inbox-rotate-section', 'Rotate the secret', 'Rotate')
    await secret.called
    await whileRunning(rotate)
    secret.resolve({ view: receiving(), reprovisioned: ['dev-1'], failed: [] })
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rotate the secret' }))
    )

    const pullToken = fake.defer('inbox:rotatePullToken')
    const rotateToken = await press('inbox-pull-token-section', 'Rotate the pull token', 'Rotate the token')
    await pullToken.called
    await whileRunning(rotateToken)
    pullToken.resolve({})
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rotate the pull token' }))
    )
    expect(fake.requests('inbox:rotateSecret')).toHaveLength(1)
    expect(fake.requests('inbox:rotatePullToken')).toHaveLength(1)
  })

  it('asks "Stop the old addresses at once" for one rotation: unticked again after Cancel or a rotation (QA49 Q49-04)', async () => {
    script()
    fake.handle('inbox:rotateSecret', () => ({ view: receiving(), reprovisioned: ['dev-1'], failed: [] }))
    const user = userEvent.setup()
    render(<InboxView />)
    const card = within(await screen.findByTestId('inbox-rotate-section'))
    const stopOld = (): HTMLInputElement =>
      card.getByRole('checkbox', { name: /^Stop the old addresses at once/ }) as HTMLInputElement
    await user.click(card.getByRole('button', { name: 'Rotate the secret' }))
    await user.click(stopOld())
    await user.click(card.getByRole('button', { name: 'Cancel' }))
    await user.click(card.getByRole('button', { name: 'Rotate the secret' }))
    expect(stopOld().checked).toBe(false)

    // A failure keeps the question open to try again, with its choice; the rotation done closes it, and the choice.
    await user.click(stopOld())
    fake.fail('inbox:rotateSecret', ROTATE_DOWN)
    await user.click(card.getByRole('button', { name: 'Rotate' }))
    await card.findByRole('alert')
    expect(stopOld().checked).toBe(true)
    fake.handle('inbox:rotateSecret', () => ({ view: receiving(), reprovisioned: ['dev-1'], failed: [] }))
    await user.click(card.getByRole('button', { name: 'Rotate' }))
    await waitFor(() => expect(card.queryByRole('button', { name: 'Rotate' })).toBeNull())
    await user.click(card.getByRole('button', { name: 'Rotate the secret' }))
    expect(stopOld().checked).toBe(false)
    await user.click(card.getByRole('button', { name: 'Rotate' }))
    expect(fake.requests('inbox:rotateSecret')).toEqual([
      { stopOldAtOnce: true },
      { stopOldAtOnce: true },
      {}
    ])
  })

  it('words the rotation’s outcome in the language chosen now, and drops its failure once the relay is back (QA21 Q21-03)', async () => {
    seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language: 'id' }) }))
    script({ status: status({ state: 'unreachable', behind: null, detail: 'fetch failed' }) })
    fake.fail('inbox:rotateSecret', ROTATE_DOWN)
    const user = userEvent.setup()
    render(<InboxView />)
    const card = within(await screen.findByTestId('inbox-rotate-section'))
    await user.click(card.getByRole('button', { name: 'Ganti rahasia' }))
    await user.click(card.getByRole('button', { name: 'Ganti' }))
    expect((await card.findByRole('alert')).textContent).toBe(
      'Penggantian belum selesai: jawaban relay tidak kembali (127.0.0.1:47631 tidak menerima sambungan di port-nya). Komputer ini menyimpan rahasia baru dan menanyakan relay lagi dengan sendirinya sampai relay menjawab, jadi keduanya akan memakai rahasia yang sama; alamat yang sekarang tetap berfungsi sementara itu.'
    )
    act(() => useSettings.setState({ settings: makeSettings({ language: 'en' }) }))
    expect(card.getByRole('alert').textContent).toBe(ROTATE_DOWN.message)

    // The relay is back: the failure is no longer what is true now.
    act(() => fake.emit('inbox:changed', status()))
    expect(card.queryByRole('alert')).toBeNull()
  })

  it('words why a device was not set again in the window’s language, the gateway’s own words as they came', async () => {
    seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language: 'id' }) }))
    script()
    const reason = encodeNote('desktop.gateway.rejected')
    fake.handle('inbox:rotateSecret', () => ({
      view: receiving(),
      reprovisioned: [],
      failed: [
        {
          deviceId: 'dev-1',
          message: 'the gateway refused the request (gateway: "URL webhook tidak valid")',
          messageKey: 'desktop.gateway.said',
          messageParams: { reason, gateway: 'URL webhook tidak valid' }
        }
      ]
    }))
    const user = userEvent.setup()
    render(<InboxView />)
    const card = within(await screen.findByTestId('inbox-rotate-section'))
    await user.click(card.getByRole('button', { name: 'Ganti rahasia' }))
    await user.click(card.getByRole('button', { name: 'Ganti' }))
    await waitFor(() =>
      expect(card.getByTestId('inbox-rotate-feedback').textContent).toContain(
        'Tidak diatur di Shop: gateway menolak permintaan (gateway: "URL webhook tidak valid")'
      )
    )
    act(() => useSettings.setState({ settings: makeSettings({ language: 'en' }) }))
    expect(card.getByTestId('inbox-rotate-feedback').textContent).toContain(
      'Not set on Shop: the gateway refused the request (gateway: "URL webhook tidak valid")'
    )
  })

  it('words a rotation’s success in the language chosen now', async () => {
    script()
    fake.handle('inbox:rotateSecret', () => ({ view: receiving(), reprovisioned: ['dev-1'], failed: [] }))
    const user = userEvent.setup()
    render(<InboxView />)
    const card = within(await screen.findByTestId('inbox-rotate-section'))
    await user.click(card.getByRole('button', { name: 'Rotate the secret' }))
    await user.click(card.getByRole('button', { name: 'Rotate' }))
    await waitFor(() =>
      expect(card.getByTestId('inbox-rotate-feedback').textContent).toMatch(/^New addresses set on 1 device/)
    )
    act(() => useSettings.setState({ settings: makeSettings({ language: 'id' }) }))
    expect(card.getByTestId('inbox-rotate-feedback').textContent).toMatch(
      /^Alamat baru diatur di 1 perangkat/
    )
  })
  // QA21 Q21-06: the relay back, the window said "cannot be reached … Next try: 12:30 UTC" read at 12:30 for up to
  // the backoff, with no way to try at once.
  it.each([
    ['en', 42_000, 'Next try in 42 s'],
    ['en', 3.5 * 60_000, 'Next try in 4 min'],
    ['en', -2_000, 'Trying again now…'],
    ['id', 42_000, 'Percobaan berikutnya dalam 42 dtk'],
    ['id', 3.5 * 60_000, 'Percobaan berikutnya dalam 4 menit'],
    ['id', -2_000, 'Sedang mencoba lagi…']
  ] as const)(
    'says when the next try is as a countdown that never reads as past (%s, %i ms)',
    async (language, inMs, words) => {
      seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language }) }))
      const retryAt = new Date(Date.now() + inMs).toISOString()
      script({ status: status({ state: 'unreachable', behind: null, detail: 'fetch failed', retryAt }) })
      render(<InboxView />)
      expect((await screen.findByTestId('inbox-relay-retry')).textContent).toBe(words)
    }
  )

  it('offers "Try now" while the relay cannot be reached: a pull at once, the focus kept on what it produced (QA21 Q21-06)', async () => {
    const down = status({
      state: 'unreachable',
      behind: null,
      detail: 'fetch failed',
      retryAt: new Date(Date.now() + 200_000).toISOString()
    })
    script({ status: down })
    fake.handle('inbox:tryNow', () => down)
    const user = userEvent.setup()
    render(<InboxView />)
    const tryNow = await screen.findByRole('button', { name: 'Try now' })
    await user.click(tryNow)
    expect(fake.requests('inbox:tryNow')).toEqual([{}])
    // Still down: said so (the badge's words did not change, so nothing else would be announced), the focus kept.
    expect((await screen.findByTestId('inbox-relay-tried')).textContent).toBe(
      'Tried just now: the relay still cannot be reached.'
    )
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try now' })))

    // Back: the state says connected at once, the button goes, and the focus goes to the relay's heading.
    fake.handle('inbox:tryNow', () => status())
    await user.click(screen.getByRole('button', { name: 'Try now' }))
    await waitFor(() => expect(screen.getByTestId('inbox-relay-state').textContent).toBe('✓connected'))
    expect(screen.queryByRole('button', { name: 'Try now' })).toBeNull()
    expect(screen.queryByTestId('inbox-relay-tried')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Relay' })))
  })

  it('keeps the focus on the pressed "Try now" while it runs, never on the page', async () => {
    const down = status({ state: 'unreachable', behind: null, detail: 'fetch failed', retryAt: null })
    script({ status: down })
    const tried = fake.defer('inbox:tryNow')
    const user = userEvent.setup()
    render(<InboxView />)
    const tryNow = await screen.findByRole('button', { name: 'Try now' })
    await pressAndHold(user, tryNow, tried.called)
    tried.resolve(down)
    expect((await screen.findByTestId('inbox-relay-tried')).textContent).toBe(
      'Tried just now: the relay still cannot be reached.'
    )
    expect(document.activeElement).toBe(tryNow)
    expect(fake.requests('inbox:tryNow')).toHaveLength(1)
  })

  it('offers no "Try now" while the relay is connected or lost its storage', async () => {
    script()
    render(<InboxView />)
    await screen.findByTestId('inbox-relay-state')
    expect(screen.queryByRole('button', { name: 'Try now' })).toBeNull()
    act(() => fake.emit('inbox:changed', status({ state: 'cursor-ahead', behind: null })))
    expect(screen.queryByRole('button', { name: 'Try now' })).toBeNull()
  })

  // QA82 defect 2: refused past its quick tries, the only way offered was a new mailbox, which strands what waits on
  // the old one; the sync now tries again slowly, and the operator can try at once.
  it.each([
    [
      'en',
      '✕refused this computer’s pull token; trying again every few minutes',
      /messages still waiting on this mailbox stay there/,
      'Tried just now: the relay still refuses this computer’s pull token.',
      'Try now'
    ],
    [
      'id',
      '✕menolak token pengambilan komputer ini; mencoba lagi setiap beberapa menit',
      /pesan yang masih menunggu di kotak surat ini tetap di sana/,
      'Baru saja dicoba: relay masih menolak token pengambilan komputer ini.',
      'Coba sekarang'
    ]
  ] as const)(
    'a refused pull token (%s) says it keeps trying, offers "Try now", and a new mailbox as the other way',
    async (language, words, stays, stillRefused, tryNowName) => {
      seedStores(makeBootstrap({ devices: [shop], settings: makeSettings({ language }) }))
      const refused = status({
        state: 'auth-refused',
        behind: null,
        since: '2026-01-15T03:00:00.000Z',
        retryAt: new Date(Date.now() + 200_000).toISOString()
      })
      script({ status: refused })
      fake.handle('inbox:tryNow', () => refused)
      const user = userEvent.setup()
      render(<InboxView />)
      const state = await screen.findByTestId('inbox-relay-state')
      expect(screen.queryByRole('button', { name: tryNowName })).not.toBeNull()
      expect(state.textContent).toBe(words)
      expect(screen.getByTestId('inbox-relay-retry')).toBeTruthy()
      expect(screen.getByTestId('inbox-relay-hint').textContent).toMatch(stays)
      // The other way stays offered: a new mailbox.
      expect(screen.getByTestId('inbox-connect')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: tryNowName }))
      expect(fake.requests('inbox:tryNow')).toEqual([{}])
      expect((await screen.findByTestId('inbox-relay-tried')).textContent).toBe(stillRefused)
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: tryNowName }))
      )
      // Taken again: connected, the button gone.
      fake.handle('inbox:tryNow', () => status())
      await user.click(screen.getByRole('button', { name: tryNowName }))
      await waitFor(() => expect(screen.getByTestId('inbox-relay-state').dataset['health']).toBe('connected'))
      expect(screen.queryByRole('button', { name: tryNowName })).toBeNull()
    }
  )
})
