import { describe, expect, it } from 'vitest'
import { translate, type Language } from '../../shared/i18n'
import { encodeNote } from '../../shared/i18n/notes'
import { SHOWN_TEXT_CASES } from '../../shared/domain/shown-text.cases'
import { FakeClock } from './clock'
import { stateFromInfo } from './devices'
import { deviceInfoFixture as deviceInfo } from './devices/testing/scripted-gateway-client'
import { NoticeBoard, type Notice, type NoticeText } from './notices'

/** What the shell shows: the notice's text in the operator's language. */
const shown = (text: NoticeText, language: Language = 'en'): string =>
  'text' in text ? text.text : translate(language, text.key, text.params)

function board(enabled = true): { clock: FakeClock; seen: Notice[]; notices: NoticeBoard } {
  const clock = new FakeClock()
  const seen: Notice[] = []
  const notices = new NoticeBoard({
    clock,
    notify: (n) => seen.push(n),
    enabled: () => enabled,
    debounceMs: 10_000
  })
  return { clock, seen, notices }
}

describe('NoticeBoard', () => {
  it('tells about a logout once the state holds, with a relink action', async () => {
    const { clock, seen, notices } = board()
    notices.deviceStateChanged('d1', 'Shop', 'connected', 'needs-scan', null)
    await clock.advance(9_999)
    expect(seen).toEqual([])
    await clock.advance(1)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ action: { kind: 'relink', deviceId: 'd1' } })
    expect(shown(seen[0]!.title)).toBe('Shop was logged out')
    // The core emits keys, so the same notice reads in Indonesian when that is the operator's language.
    expect(shown(seen[0]!.title, 'id')).toBe('Shop telah keluar')
  })

  it('says nothing when a device flaps back to connected inside the window', async () => {
    const { clock, seen, notices } = board()
    notices.deviceStateChanged('d1', 'Shop', 'connected', 'disconnected', null)
    await clock.advance(3_000)
    notices.deviceStateChanged('d1', 'Shop', 'disconnected', 'connected', null)
    await clock.advance(60_000)
    expect(seen).toEqual([])
  })

  it('reports only the last bad state of a burst, and nothing for the first poll after start', async () => {
    const { clock, seen, notices } = board()
    notices.deviceStateChanged('d1', 'Shop', 'unknown', 'needs-scan', null)
    notices.deviceStateChanged('d2', 'Desk', 'connected', 'disconnected', 'phone offline')
    notices.deviceStateChanged('d2', 'Desk', 'disconnected', 'token-invalid', null)
    await clock.advance(20_000)
    expect(seen.map((n) => shown(n.title))).toEqual(['Desk: token rejected'])
  })

  it("words the monitor's own note in the operator language and quotes the gateway's as it came", async () => {
    const { clock, seen, notices } = board()
    const ours = stateFromInfo(deviceInfo({ connection: 'disconnected', note: null }), Date.now())
    notices.deviceStateChanged('d1', 'Shop', 'connected', 'disconnected', ours.note)
    notices.deviceStateChanged('d2', 'Desk', 'connected', 'disconnected', 'phone offline')
    await clock.advance(10_000)
    expect(seen.map((n) => shown(n.body, 'id'))).toEqual([
      'Terputus; memulai ulang perangkat mungkin menyambungkannya kembali.',
      'phone offline'
    ])
    expect(shown(seen[0]!.body)).toBe('Disconnected; a restart may bring it back.')
  })

  it("words a campaign pause's cause when the device's note is one of ours, never the stored code", () => {
    // The monitor's note for a gateway asking to slow down is a key: the notice showed its stored form.
    const { seen, notices } = board()
    notices.campaignAutoPaused({
      campaignId: 'c1',
      name: 'Promo',
      deviceId: 'd1',
      reason: 'unreachable',
      note: encodeNote('desktop.device.rateLimited')
    })
    expect(shown(seen[0]!.body)).toBe('The gateway asked us to slow down (rate limited).')
    expect(shown(seen[0]!.body, 'id')).not.toContain('desktop.device')
  })

  it("says a campaign whose device is back is still paused, replacing the pause's notice, in both languages", () => {
    const { seen, notices } = board()
    notices.campaignAutoPaused({
      campaignId: 'c1',
      name: 'Promo',
      deviceId: 'd1',
      reason: 'unreachable',
      note: null
    })
    notices.campaignDeviceBack({ campaignId: 'c1', name: 'Promo', deviceId: 'd1' })
    expect(seen).toHaveLength(2)
    expect(seen[1]?.key).toBe(seen[0]?.key)
    expect(shown(seen[0]!.body)).toBe('Paused: the gateway could not be reached.')
    expect(shown(seen[1]!.title)).toBe('Campaign "Promo" is still paused')
    expect(shown(seen[1]!.body)).toBe('The device is connected again: press Resume to go on.')
    expect(shown(seen[1]!.title, 'id')).toBe('Kampanye "Promo" masih dijeda')
    expect(seen[1]?.action).toEqual({ kind: 'open', view: 'campaigns' })
  })

  it('groups failed sends into one notice', async () => {
    const { clock, seen, notices } = board()
    notices.sendFailed()
    notices.sendFailed()
    notices.sendFailed()
    await clock.advance(10_000)
    expect(seen.map((n) => shown(n.title))).toEqual(['3 messages could not be sent'])
    notices.sendFailed()
    await clock.advance(10_000)
    expect(seen.map((n) => shown(n.title))).toEqual([
      '3 messages could not be sent',
      'A message could not be sent'
    ])
  })

  it('stays quiet when notifications are off', async () => {
    const { clock, seen, notices } = board(false)
    notices.deviceStateChanged('d1', 'Shop', 'connected', 'expired', null)
    notices.sendFailed()
    await clock.advance(60_000)
    expect(seen).toEqual([])
  })
})

describe('NoticeBoard: customers’ new messages (issue 26)', () => {
  function messageBoard(options: { dnd?: boolean; viewing?: number | null } = {}) {
    const clock = new FakeClock()
    const seen: Notice[] = []
    const state = { dnd: options.dnd ?? false, viewing: options.viewing ?? null }
    const notices = new NoticeBoard({
      clock,
      notify: (n) => seen.push(n),
      enabled: () => true,
      doNotDisturb: () => state.dnd,
      viewing: () => state.viewing,
      messageGroupMs: 1_000
    })
    return { clock, seen, notices, state }
  }
  // Each conversation its own customer unless told: one customer writing to two devices has two conversations.
  const message = (
    conversationId: number,
    from: string,
    text: string,
    customer = `62800${conversationId}`
  ) => ({
    conversationId,
    customer,
    from,
    text
  })

  it('tells one message with its sender and first line, and a click opens that conversation', async () => {
    const { clock, seen, notices } = messageBoard()
    notices.messagesArrived([message(7, 'Budi', '\n  Is my order ready?\nIt was #42')])
    await clock.advance(1_000)
    expect(seen).toHaveLength(1)
    expect(shown(seen[0]!.title)).toBe('Budi')
    expect(shown(seen[0]!.body)).toBe('Is my order ready?')
    expect(seen[0]!.action).toEqual({ kind: 'conversation', conversationId: 7 })
  })

  // QA82: a customer's name and text as the window draws them (the shown-text rule's table): an override in a push
  // name or a message turned "\u202Egnp.exe" into "exe.png" in the toast too.
  it.each(SHOWN_TEXT_CASES.filter((c) => c.shown.trim() !== ''))(
    'tells $text from a customer named so as $shown',
    async ({ text, shown: drawn }) => {
      const { clock, seen, notices } = messageBoard()
      notices.messagesArrived([message(7, text, text)])
      await clock.advance(1_000)
      expect(shown(seen[0]!.title)).toBe(drawn)
      expect(shown(seen[0]!.body)).toBe(
        drawn
          .split('\n')
          .find((line) => line.trim() !== '')!
          .trim()
      )
      notices.messagesArrived([message(7, text, text), message(7, text, text)])
      await clock.advance(1_000)
      expect(shown(seen[1]!.title)).toBe(`2 new messages from ${drawn}`)
    }
  )

  it('groups messages that arrive together into one notice, in both languages', async () => {
    const { clock, seen, notices } = messageBoard()
    notices.messagesArrived([message(1, 'Budi', 'a'), message(2, 'Sari', 'b')])
    notices.messagesArrived([message(3, 'Andi', 'c'), message(1, 'Budi', 'd')])
    await clock.advance(1_000)
    expect(seen).toHaveLength(1)
    expect(shown(seen[0]!.title)).toBe('4 new messages from 3 customers')
    expect(shown(seen[0]!.title, 'id')).toBe('4 pesan baru dari 3 pelanggan')
    expect(seen[0]!.action).toEqual({ kind: 'open', view: 'inbox' })
    // Several from one customer: their name, and the click opens their conversation.
    notices.messagesArrived([message(5, 'Sari', 'x'), message(5, 'Sari', 'y')])
    await clock.advance(1_000)
    expect(shown(seen[1]!.title)).toBe('2 new messages from Sari')
    expect(seen[1]!.action).toEqual({ kind: 'conversation', conversationId: 5 })
  })

  it('counts a customer who wrote to two devices once, as the Overview counts distinct numbers', async () => {
    const { clock, seen, notices } = messageBoard()
    notices.messagesArrived([message(1, 'Budi', 'a', '628111'), message(2, 'Budi', 'b', '628111')])
    notices.messagesArrived([message(3, 'Sari', 'c', '628222')])
    await clock.advance(1_000)
    expect(shown(seen[0]!.title)).toBe('3 new messages from 2 customers')
    // Only that customer: their name, and the click opens the conversation they wrote in last.
    notices.messagesArrived([message(1, 'Budi', 'd', '628111'), message(2, 'Budi', 'e', '628111')])
    await clock.advance(1_000)
    expect(shown(seen[1]!.title)).toBe('2 new messages from Budi')
    expect(seen[1]!.action).toEqual({ kind: 'conversation', conversationId: 2 })
  })

  it('holds a catch-up backlog and tells it once, grouped, when the sync has caught up', async () => {
    const { clock, seen, notices } = messageBoard()
    for (let page = 0; page < 3; page++) {
      notices.messagesArrived(
        Array.from({ length: 500 }, (_, i) => message((i % 40) + 1, `C${i % 40}`, 'old')),
        true
      )
      await clock.advance(60_000)
    }
    expect(seen).toEqual([])
    notices.messagesArrived([], false)
    await clock.advance(1_000)
    expect(seen).toHaveLength(1)
    expect(shown(seen[0]!.title)).toBe('1,500 new messages from 40 customers')
  })

  it('stays silent for the conversation open in the focused window, and entirely with do-not-disturb', async () => {
    const { clock, seen, notices, state } = messageBoard({ viewing: 7 })
    notices.messagesArrived([message(7, 'Budi', 'here')])
    await clock.advance(5_000)
    expect(seen).toEqual([])
    notices.messagesArrived([message(8, 'Sari', 'elsewhere')])
    await clock.advance(1_000)
    expect(seen.map((n) => shown(n.title))).toEqual(['Sari'])
    state.dnd = true
    notices.messagesArrived([message(9, 'Andi', 'quiet')])
    await clock.advance(5_000)
    expect(seen).toHaveLength(1)
  })
})
