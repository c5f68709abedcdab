import { describe, expect, it } from 'vitest'
import { translate, type Language } from '../../shared/i18n'
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
