import { describe, expect, it } from 'vitest'
import type { DeviceView, InboxStatusView, OutboxCounts } from '../../shared/contract'
import { translate, type Language, type Translate } from '../../shared/i18n'
import { buildTrayModel, findMenuItem, fleetHealth, trayDestination } from './tray-model'

const inLanguage =
  (language: Language): Translate =>
  (key, params) =>
    translate(language, key, params)
const english = inLanguage('en')

/** These devices are on a real gateway, not Sender Desk's built-in sandbox gateway. */
const ON_SANDBOX_GATEWAY = false

const counts = (over: Partial<OutboxCounts> = {}): OutboxCounts => ({
  scheduled: 0,
  queued: 0,
  sending: 0,
  accepted: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  cancelled: 0,
  cancelled_at_gateway: 0,
  revoked: 0,
  optedOut: 0,
  total: 0,
  ...over
})

const device = (id: string, state: DeviceView['state'], label = id): DeviceView => ({
  id,
  label,
  state,
  baseUrl: 'https://solo.wablas.com',
  tokenHint: '••••abcd',
  hasSecret: false,
  sandbox: ON_SANDBOX_GATEWAY,
  stateNote: null,
  name: null,
  serial: null,
  sender: null,
  quota: null,
  expiresAt: null,
  lastCheckedAt: null,
  stateSince: null,
  paused: false
})

describe('tray model', () => {
  it('shows the worst state of the fleet', () => {
    expect(fleetHealth([])).toBe('idle')
    expect(fleetHealth([device('a', 'connected')])).toBe('ok')
    expect(fleetHealth([device('a', 'connected'), device('b', 'unreachable')])).toBe('warning')
    expect(fleetHealth([device('a', 'disconnected'), device('b', 'needs-scan')])).toBe('error')
    expect(fleetHealth([device('a', 'locked')])).toBe('error')
  })

  it('lists each device with its state and Restart / Relink / Info, then pause, open, settings, quit', () => {
    const model = buildTrayModel(
      {
        devices: [device('d1', 'connected', 'Shop'), device('d2', 'needs-scan', 'Office')],
        counts: counts({ queued: 3, scheduled: 2, failed: 1 }),
        sendingPaused: false
      },
      english
    )
    expect(model.menu.map((i) => i.id)).toEqual([
      'device:d1',
      'device:d2',
      'sep:devices',
      'toggle-pause',
      'sep:app',
      'open',
      'settings',
      'quit'
    ])
    expect(model.menu[1]?.label).toBe('Office — Needs a QR scan')
    expect(findMenuItem(model.menu, 'device:d2:relink')?.action).toEqual({ kind: 'relink', deviceId: 'd2' })
    expect(findMenuItem(model.menu, 'device:d2:relink')?.label).toBe('Relink (scan QR)…')
    expect(findMenuItem(model.menu, 'toggle-pause')?.label).toBe('Pause sending (5 to send)')
    expect(model.tooltip).toBe('Sender Desk — 1/2 connected · Office: Needs a QR scan · 5 to send · 1 failed')
  })

  it('names the scan Link for a device no phone has scanned since it was added', () => {
    const model = buildTrayModel(
      {
        devices: [{ ...device('d1', 'needs-scan', 'Shop'), linked: false }],
        counts: counts({}),
        sendingPaused: false
      },
      english
    )
    expect(findMenuItem(model.menu, 'device:d1:relink')?.label).toBe('Link (scan QR)…')
  })

  // QA60: "Relink" for a device scanned and waiting for IT support opened the message for them, not a new code.
  it('names it for the message to IT support while a scanned device waits for them', () => {
    const model = buildTrayModel(
      {
        devices: [{ ...device('d1', 'awaiting-activation', 'Shop'), linked: true }],
        counts: counts({}),
        sendingPaused: false
      },
      english
    )
    expect(findMenuItem(model.menu, 'device:d1:relink')?.label).toBe('Message for IT support…')
  })

  it('offers Restart and Relink where the window does: no Relink for a connected device, no Restart for an expired one', () => {
    const states: DeviceView['state'][] = [
      'connected',
      'disconnected',
      'needs-scan',
      'expired',
      'unreachable'
    ]
    const model = buildTrayModel(
      { devices: states.map((state) => device(state, state)), counts: counts(), sendingPaused: false },
      english
    )
    const enabled = (id: string, action: string): boolean | undefined =>
      findMenuItem(model.menu, `device:${id}:${action}`)?.enabled
    expect(states.map((state) => [state, enabled(state, 'restart'), enabled(state, 'relink')])).toEqual([
      ['connected', true, false],
      ['disconnected', true, true],
      ['needs-scan', false, true],
      ['expired', false, false],
      ['unreachable', false, false]
    ])
  })

  it('offers what helps a refused token or an ended subscription, and its click opens that device card on that action', () => {
    const model = (language: Language): ReturnType<typeof buildTrayModel> =>
      buildTrayModel(
        {
          devices: [
            device('d1', 'token-invalid', 'Shop'),
            device('d2', 'expired', 'Office'),
            device('d3', 'locked', 'Warehouse'),
            device('d4', 'connected', 'Front')
          ],
          counts: counts(),
          sendingPaused: false
        },
        inLanguage(language)
      )
    const menu = model('en').menu
    const submenu = (id: string): Array<[string, string, boolean]> | undefined =>
      findMenuItem(menu, `device:${id}`)?.submenu?.map((item) => [item.id, item.label, item.enabled])
    // What helps comes first; Restart and Relink stay, greyed, where they cannot help.
    expect(submenu('d1')).toEqual([
      ['device:d1:enterToken', 'Enter token…', true],
      ['device:d1:restart', 'Restart', false],
      ['device:d1:relink', 'Relink…', false],
      ['device:d1:info', 'Info…', true]
    ])
    expect(submenu('d2')?.[0]).toEqual(['device:d2:renew', 'Renew…', true])
    expect(submenu('d3')?.[0]).toEqual(['device:d3:enterToken', 'Enter token…', true])
    // A device these cannot help is not offered them.
    expect(submenu('d4')?.map(([id]) => id)).toEqual([
      'device:d4:restart',
      'device:d4:relink',
      'device:d4:info'
    ])
    expect(submenu('d1')?.some(([id]) => id.endsWith(':renew'))).toBe(false)
    expect(submenu('d2')?.some(([id]) => id.endsWith(':enterToken'))).toBe(false)

    const clicked = (id: string): ReturnType<typeof trayDestination> =>
      trayDestination(findMenuItem(menu, id)!.action!)
    expect(clicked('device:d1:enterToken')).toEqual({
      view: 'devices',
      deviceId: 'd1',
      deviceAction: 'enterToken'
    })
    expect(clicked('device:d2:renew')).toEqual({ view: 'devices', deviceId: 'd2', deviceAction: 'renew' })
    expect(clicked('device:d4:info')).toEqual({ view: 'devices', deviceId: 'd4' })

    const indonesian = model('id').menu
    expect(findMenuItem(indonesian, 'device:d1:enterToken')?.label).toBe('Masukkan token…')
    expect(findMenuItem(indonesian, 'device:d2:renew')?.label).toBe('Perpanjang…')
  })

  it('offers Resume with the waiting count when paused, and no restart for a locked token', () => {
    const model = buildTrayModel(
      {
        devices: [device('d1', 'locked')],
        counts: counts({ queued: 4 }),
        sendingPaused: true
      },
      english
    )
    expect(findMenuItem(model.menu, 'toggle-pause')?.label).toBe('Resume sending (4 to send)')
    expect(findMenuItem(model.menu, 'device:d1:restart')?.enabled).toBe(false)
    expect(model.tooltip).toContain('(paused)')
  })

  it('says how many of those to send a pause holds, as the window does (QA4 F21: "8 queued" said nothing of it)', () => {
    const state = {
      devices: [device('d1', 'connected')],
      counts: counts({ queued: 10, scheduled: 2 }),
      sendingPaused: false,
      pausedQueued: 8
    }
    expect(buildTrayModel(state, english).tooltip).toContain('12 to send (8 paused)')
    expect(buildTrayModel(state, inLanguage('id')).tooltip).toContain('12 akan dikirim (8 dijeda)')
    // Nothing held: nothing said; all sending paused: the whole count is.
    expect(buildTrayModel({ ...state, pausedQueued: 0 }, english).tooltip).toContain('12 to send')
    expect(buildTrayModel({ ...state, pausedQueued: 0 }, english).tooltip).not.toContain('paused')
    expect(buildTrayModel({ ...state, sendingPaused: true }, english).tooltip).toContain(
      '12 to send (paused)'
    )
  })

  // Since QA76 the Overview and the header name a scheduled message whose number opted out since apart ("3 waiting
  // (2 after today, 1 will not be sent: opted out)"); the tray still counted it among those to send.
  it('names apart the scheduled that will not be sent, their number opted out, as the Overview does', () => {
    const state = {
      devices: [device('d1', 'connected')],
      counts: counts({ queued: 2, scheduled: 3 }),
      sendingPaused: false,
      scheduledOptedOut: 1
    }
    const model = buildTrayModel(state, english)
    expect(model.tooltip).toBe('Sender Desk — 1/1 connected · 4 to send · 1 will not be sent: opted out')
    expect(findMenuItem(model.menu, 'toggle-pause')?.label).toBe('Pause sending (4 to send)')
    const paused = buildTrayModel({ ...state, sendingPaused: true }, english)
    expect(paused.tooltip).toContain('4 to send (paused) · 1 will not be sent: opted out')
    expect(findMenuItem(paused.menu, 'toggle-pause')?.label).toBe('Resume sending (4 to send)')
    const id = buildTrayModel(state, inLanguage('id'))
    expect(id.tooltip).toBe(
      'Sender Desk — 1/1 terhubung · 4 akan dikirim · 1 tidak akan dikirim: berhenti berlangganan'
    )
    expect(findMenuItem(id.menu, 'toggle-pause')?.label).toBe('Jeda pengiriman (4 akan dikirim)')
    // Nothing else waiting: nothing to send, and the one that will not be sent still named.
    const only = buildTrayModel({ ...state, counts: counts({ scheduled: 1 }) }, english)
    expect(only.tooltip).toBe('Sender Desk — 1/1 connected · 1 will not be sent: opted out')
    expect(findMenuItem(only.menu, 'toggle-pause')?.label).toBe('Pause sending (0 to send)')
  })

  // The Overview says "1 held for your decision" of a scheduled message the overdue policy holds: it never goes by
  // itself. The tray counted it among those to send, and in what "Pause sending" would hold back.
  it('names apart the scheduled held for the operator’s decision, as the Overview does', () => {
    const state = {
      devices: [device('d1', 'connected')],
      counts: counts({ queued: 2, scheduled: 4 }),
      sendingPaused: false,
      heldOverdue: 2,
      scheduledOptedOut: 1
    }
    const model = buildTrayModel(state, english)
    expect(model.tooltip).toBe(
      'Sender Desk — 1/1 connected · 3 to send · 2 held for your decision · 1 will not be sent: opted out'
    )
    expect(findMenuItem(model.menu, 'toggle-pause')?.label).toBe('Pause sending (3 to send)')
    const paused = buildTrayModel({ ...state, sendingPaused: true }, english)
    expect(paused.tooltip).toContain('3 to send (paused) · 2 held for your decision')
    // The tooltip's own words: the Overview's "waiting" counts the held and opted out too (5 here, not 3).
    expect(findMenuItem(paused.menu, 'toggle-pause')?.label).toBe('Resume sending (3 to send)')
    expect(
      findMenuItem(buildTrayModel({ ...state, sendingPaused: true }, inLanguage('id')).menu, 'toggle-pause')
        ?.label
    ).toBe('Lanjutkan pengiriman (3 akan dikirim)')
    const id = buildTrayModel(state, inLanguage('id'))
    expect(id.tooltip).toBe(
      'Sender Desk — 1/1 terhubung · 3 akan dikirim · 2 ditahan menunggu keputusan Anda · 1 tidak akan dikirim: berhenti berlangganan'
    )
    // Only held ones: nothing to send, and they are still named.
    const only = buildTrayModel({ ...state, counts: counts({ scheduled: 1 }), heldOverdue: 1 }, english)
    expect(only.tooltip).toBe('Sender Desk — 1/1 connected · 1 held for your decision')
    expect(findMenuItem(only.menu, 'toggle-pause')?.label).toBe('Pause sending (0 to send)')
  })

  it('says a terminal command holds sending, as the window does, until the app takes it over', () => {
    const state = {
      devices: [device('d1', 'connected')],
      counts: counts({ queued: 3 }),
      sendingPaused: false,
      sendingHeldBy: 4242
    }
    expect(buildTrayModel(state, english).tooltip).toContain(
      '3 to send (a terminal command, pid 4242, is sending them)'
    )
    expect(buildTrayModel(state, inLanguage('id')).tooltip).toContain(
      '3 akan dikirim (dikirim oleh perintah terminal, pid 4242)'
    )
    expect(buildTrayModel({ ...state, sendingHeldBy: null }, english).tooltip).not.toContain('terminal')
  })

  it('has no device section when there are no devices', () => {
    const model = buildTrayModel({ devices: [], counts: counts(), sendingPaused: false }, english)
    expect(model.menu[0]?.id).toBe('toggle-pause')
    expect(model.health).toBe('idle')
  })

  it('speaks Bahasa Indonesia when that is the language setting, with the window’s words for states', () => {
    const model = buildTrayModel(
      {
        devices: [device('d1', 'needs-scan', 'Kasir')],
        counts: counts({ queued: 2 }),
        sendingPaused: false
      },
      inLanguage('id')
    )
    expect(model.menu[0]?.label).toBe(`Kasir — ${translate('id', 'state.needs-scan')}`)
    expect(findMenuItem(model.menu, 'quit')?.label).toBe('Keluar')
    expect(findMenuItem(model.menu, 'toggle-pause')?.label).toBe('Jeda pengiriman (2 akan dikirim)')
    expect(model.tooltip).toBe(
      `Sender Desk — 0/1 terhubung · Kasir: ${translate('id', 'state.needs-scan')} · 2 akan dikirim`
    )
  })

  describe('the relay line (issue 25)', () => {
    const relay = (over: Partial<InboxStatusView> = {}): InboxStatusView => ({
      state: 'connected',
      behind: 0,
      since: null,
      retryAt: null,
      detail: null,
      mailbox: 'mbx',
      storage: { used: 10, cap: 1000, nearFull: false, full: false, refusedWhileFull: 0 },
      lastContactAt: '2026-01-15T03:00:00.000Z',
      messages: 0,
      unread: 0,
      unreadCustomers: 0,
      refused: 0,
      pending: 0,
      ...over
    })
    const modelWith = (inbox: InboxStatusView | undefined, language: Language = 'en') =>
      buildTrayModel(
        { devices: [device('d1', 'connected', 'Shop')], counts: counts(), sendingPaused: false, inbox },
        inLanguage(language)
      )

    it('says nothing of a relay that is not set up', () => {
      const model = modelWith(relay({ state: 'not-connected', mailbox: null, storage: null }))
      expect(findMenuItem(model.menu, 'relay')).toBeUndefined()
      expect(model.tooltip).toBe('Sender Desk — 1/1 connected')
      expect(model.health).toBe('ok')
    })

    it('shows connected, behind by N, unreachable, auth refused and full, and opens Messages in', () => {
      const cases: [Partial<InboxStatusView>, string, string][] = [
        [{}, 'Messages in — relay: ✓ connected', 'ok'],
        [{ behind: 120 }, 'Messages in — relay: ↓ catching up, 120 waiting', 'ok'],
        [
          { state: 'unreachable', behind: null, detail: 'fetch failed' },
          'Messages in — relay: ⚠ cannot be reached',
          'warning'
        ],
        [
          { state: 'auth-refused', behind: null },
          'Messages in — relay: ✕ refused this computer’s pull token; trying again every few minutes',
          'warning'
        ],
        [
          {
            state: 'unreachable',
            behind: null,
            detail: 'the relay refused the pull token; trying again (2 of 3)',
            detailKey: 'inbox.fault.pullTokenRefusedRetrying',
            detailParams: { attempt: 2, tries: 3 }
          },
          'Messages in — relay: ↻ refused this computer’s pull token; trying again (2 of 3)',
          'warning'
        ],
        [
          { storage: { used: 1000, cap: 1000, nearFull: true, full: true, refusedWhileFull: 3 } },
          'Messages in — relay: ● full, refusing new messages',
          'warning'
        ]
      ]
      for (const [over, line, health] of cases) {
        const model = modelWith(relay(over))
        expect(findMenuItem(model.menu, 'relay')).toMatchObject({ label: line, action: { kind: 'inbox' } })
        expect(model.tooltip).toBe(`Sender Desk — 1/1 connected · ${line}`)
        expect(model.health).toBe(health)
      }
    })

    it.each(['en', 'id'] as const)('names the relay once in every state (%s)', (language) => {
      const states: Partial<InboxStatusView>[] = [
        { state: 'idle', behind: null },
        {},
        { behind: 12 },
        { storage: { used: 900, cap: 1000, nearFull: true, full: false, refusedWhileFull: 0 } },
        { storage: { used: 1000, cap: 1000, nearFull: true, full: true, refusedWhileFull: 3 } },
        { state: 'unreachable', behind: null },
        {
          state: 'unreachable',
          behind: null,
          detailKey: 'inbox.fault.pullTokenRefusedRetrying',
          detailParams: { attempt: 1, tries: 3 }
        },
        { state: 'auth-refused', behind: null },
        { state: 'credentials-locked', behind: null },
        { state: 'failing', behind: null },
        { state: 'cursor-ahead', behind: null }
      ]
      const lines = states.map(
        (over) => findMenuItem(modelWith(relay(over), language).menu, 'relay')?.label ?? ''
      )
      expect(new Set(lines).size).toBe(states.length)
      for (const line of lines) expect(line.match(/relay/gi), line).toHaveLength(1)
    })

    it('speaks Bahasa Indonesia', () => {
      expect(findMenuItem(modelWith(relay({ behind: 7 }), 'id').menu, 'relay')?.label).toBe(
        'Pesan masuk — relay: ↓ menyusul, 7 menunggu'
      )
    })
  })
})

// QA (marked unread): a conversation the operator marked unread to come back to was counted by the tab's badge only;
// the tray named only customers' unread messages. It names both, in the Inbox's words, each conversation once.
describe('the unread line', () => {
  const inboxWith = (unread: number, markedUnread: number): InboxStatusView => ({
    state: 'connected',
    behind: 0,
    since: null,
    retryAt: null,
    detail: null,
    mailbox: 'mbx',
    storage: null,
    lastContactAt: null,
    messages: 9,
    unread,
    unreadCustomers: unread > 0 ? 1 : 0,
    markedUnread,
    refused: 0,
    pending: 0
  })
  const unreadItem = (inbox: InboxStatusView, language: Language = 'en') => {
    const model = buildTrayModel(
      { devices: [device('d1', 'connected', 'Shop')], counts: counts(), sendingPaused: false, inbox },
      inLanguage(language)
    )
    return { item: findMenuItem(model.menu, 'unread'), tooltip: model.tooltip }
  }

  it('names conversations marked unread beside the unread messages, and alone, and opens Messages in', () => {
    const both = unreadItem(inboxWith(3, 1))
    expect(both.item).toMatchObject({
      label: '3 unread messages and 1 conversation marked unread',
      action: { kind: 'inbox' }
    })
    expect(both.tooltip).toContain('· 3 unread messages and 1 conversation marked unread')
    const markedOnly = unreadItem(inboxWith(0, 2))
    expect(markedOnly.item).toMatchObject({
      label: '2 conversations marked unread',
      action: { kind: 'inbox' }
    })
    expect(markedOnly.tooltip).toContain('· 2 conversations marked unread')
    expect(unreadItem(inboxWith(3, 0)).item?.label).toBe('3 unread messages')
    expect(unreadItem(inboxWith(0, 0)).item).toBeUndefined()
  })

  it('speaks Bahasa Indonesia', () => {
    expect(unreadItem(inboxWith(3, 1), 'id').item?.label).toBe(
      '3 pesan belum dibaca dan 1 percakapan ditandai belum dibaca'
    )
    expect(unreadItem(inboxWith(0, 1), 'id').item?.label).toBe('1 percakapan ditandai belum dibaca')
  })
})

describe('a device state in the tray', () => {
  it('names a gateway answering with a server error as failing, as the window does (QA12 Q12-01)', () => {
    const failing = {
      ...device('a', 'unreachable', 'Front office'),
      stateNoteKey: 'desktop.device.serverError'
    }
    const model = buildTrayModel({ devices: [failing], counts: counts(), sendingPaused: false }, english)
    expect(model.tooltip).toContain('Front office: Gateway failing')
    expect(findMenuItem(model.menu, 'device:a')?.label).toBe('Front office — Gateway failing')
  })
})

describe('a device whose quota is used up', () => {
  it('counts as a problem in the tray: its messages wait though it is connected (QA12 Q12-10)', () => {
    const spent = { ...device('a', 'connected', 'Front office'), quota: 0 }
    const model = buildTrayModel(
      { devices: [spent, device('b', 'connected')], counts: counts(), sendingPaused: false },
      english
    )
    expect(model.health).toBe('warning')
    expect(model.tooltip).toContain('Front office: Connected, quota used up')
    expect(findMenuItem(model.menu, 'device:a')?.label).toBe('Front office — Connected, quota used up')
    expect(fleetHealth([{ ...spent, quota: 5 }])).toBe('ok')
  })
})
