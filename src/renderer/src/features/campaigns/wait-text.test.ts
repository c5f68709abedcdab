// A campaign's wait in words: the time its working hours open on their own clock, the zone named as the pickers name
// it (QA N11: English read "until 08:00 GMT+7" while the heading said "30 Nov 2026, 08:00 WIB"), in both languages.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeviceState, type CampaignView, type DeviceView } from '../../../../shared/contract'
import { localeOf, translate, type Language, type Translate } from '../../i18n'
import { campaignWaitText } from './wait-text'

afterEach(() => {
  vi.useRealTimers()
})

/** 30 Nov 2026, 08:00 WIB (01:00 UTC). */
const OPENS = Date.UTC(2026, 10, 30, 1, 0)
const waiting: CampaignView['devices'][number] = {
  deviceId: 'dev-1',
  wait: { code: 'outside_hours', until: OPENS },
  autoPaused: null
}

function waitIn(language: Language, now: number, zone = 'Asia/Jakarta'): string {
  vi.useFakeTimers({ now, toFake: ['Date'] })
  const t: Translate = (key, params) => translate(language, key, params)
  return campaignWaitText(waiting, t, { locale: localeOf(language), timeZone: zone })
}

describe('the wait for working hours', () => {
  it('names the day it opens when that is not today on the hours’ clock, and the zone as the pickers do', () => {
    // 29 Nov 2026, 22:48 WIB: the hours open tomorrow.
    const evening = Date.UTC(2026, 10, 29, 15, 48)
    expect(waitIn('en', evening)).toBe('Waiting: outside working hours until 30 Nov 2026, 08:00 WIB')
    expect(waitIn('id', evening)).toBe('Menunggu: di luar jam kerja hingga 30 Nov 2026, 08.00 WIB')
  })

  it('gives the time alone when the hours open later today, still with the zone named', () => {
    // 30 Nov 2026, 06:00 WIB.
    const morning = Date.UTC(2026, 10, 29, 23, 0)
    expect(waitIn('en', morning)).toBe('Waiting: outside working hours until 08:00 WIB')
    expect(waitIn('id', morning)).toBe('Menunggu: di luar jam kerja hingga 08.00 WIB')
    // Today is the hours' day, not the computer's: 00:30 WITA on the 30th is still the 29th in UTC.
    expect(waitIn('en', Date.UTC(2026, 10, 29, 16, 30), 'Asia/Makassar')).toBe(
      'Waiting: outside working hours until 09:00 WITA'
    )
    expect(waitIn('en', morning, 'Europe/Paris')).toBe('Waiting: outside working hours until 02:00 Paris')
  })
})

// QA4 F16: "Waiting between sends until 18:02 UTC" at 18:02, the pauses 8–15 s: a wait ending within minutes names
// its seconds (a clock time, not a countdown: the Overview draws its lines again only when something changes).
describe('a short wait', () => {
  const gapUntil = (until: number): CampaignView['devices'][number] => ({
    deviceId: 'dev-1',
    wait: { code: 'gap', until },
    autoPaused: null
  })
  const at = (language: Language, device: CampaignView['devices'][number], now: number): string => {
    vi.useFakeTimers({ now, toFake: ['Date'] })
    const t: Translate = (key, params) => translate(language, key, params)
    return campaignWaitText(device, t, { locale: localeOf(language), timeZone: 'UTC' })
  }
  const now = Date.UTC(2026, 10, 29, 18, 2, 0)

  it('names the second the next send is due, in both languages', () => {
    const soon = gapUntil(now + 9_000)
    expect(at('en', soon, now)).toBe('Waiting between sends until 18:02:09 UTC')
    expect(at('id', soon, now)).toBe('Menunggu jarak antarpengiriman hingga 18.02.09 UTC')
  })

  it('keeps minutes for a wait of longer than a few minutes', () => {
    const later = {
      deviceId: 'dev-1',
      wait: { code: 'batch_pause' as const, until: now + 10 * 60_000 },
      autoPaused: null
    }
    expect(at('en', later, now)).toBe('Batch pause until 18:12 UTC')
  })
})

// QA12-05: every send answered 502 and the part read "Toko Kedua — Sending now": its sends in doubt are being checked.
describe('a part whose sends are in doubt', () => {
  const part = (over: Partial<CampaignView['devices'][number]>): CampaignView['devices'][number] => ({
    deviceId: 'dev-1',
    wait: null,
    autoPaused: null,
    checking: 3,
    ...over
  })
  const inWords = (language: Language, p: CampaignView['devices'][number], sendingPaused = false): string =>
    campaignWaitText(p, (key, params) => translate(language, key, params), {
      locale: localeOf(language),
      timeZone: 'Asia/Jakarta',
      sendingPaused
    })

  it.each([
    ['en', 'The gateway is failing: checking whether it got the last 3 messages before sending again'],
    [
      'id',
      'Gateway sedang bermasalah: memeriksa apakah gateway sudah menerima 3 pesan terakhir sebelum mengirim lagi'
    ]
  ] as const)(
    'says the gateway is failing and the sends are being checked, not "Sending now" (%s)',
    (language, want) => {
      expect(inWords(language, part({}))).toBe(want)
      // Between two sends too: the pause between them is not what holds the part.
      expect(inWords(language, part({ wait: { code: 'gap', until: Date.now() + 5_000 } }))).toBe(want)
    }
  )

  it('says "Sending now" again once nothing is in doubt, and leaves a pause its own words', () => {
    expect(inWords('en', part({ checking: 0 }))).toBe('Sending now')
    expect(inWords('en', part({ autoPaused: 'unreachable' }))).toBe(
      'Paused: the gateway could not be reached.'
    )
    expect(inWords('en', part({}), true)).toBe(
      'Held: all sending is paused (Resume sending is in the header).'
    )
  })
})

describe('a part paused for an unreachable gateway', () => {
  const paused: CampaignView['devices'][number] = { deviceId: 'dev-1', wait: null, autoPaused: 'unreachable' }
  const say =
    (language: Language): Translate =>
    (key, params) =>
      translate(language, key, params)

  it('says what the check met while it lasts: a gateway that asked to slow down was reached (QA12 Q12-01)', () => {
    const slowDown = { state: 'unreachable' as const, stateNoteKey: 'desktop.device.rateLimited' }
    expect(campaignWaitText(paused, say('en'), {}, slowDown)).toBe('Paused: the gateway asked to slow down.')
    expect(campaignWaitText(paused, say('id'), {}, slowDown)).toBe('Dijeda: gateway meminta memperlambat.')
    const network = { state: 'unreachable' as const, stateNoteKey: 'desktop.device.network' }
    expect(campaignWaitText(paused, say('en'), {}, network)).toBe('Paused: the gateway could not be reached.')
  })
})

describe('a part paused while the take-back question is open', () => {
  const paused: CampaignView['devices'][number] = {
    deviceId: 'dev-1',
    wait: { code: 'paused', until: null },
    autoPaused: null
  }
  const say =
    (language: Language): Translate =>
    (key, params) =>
      translate(language, key, params)

  // QA58: "Paused by you" beside the question that paused it: the operator paused nothing.
  it('says the question holds it, in both languages; the operator’s own pause stays theirs', () => {
    expect(campaignWaitText(paused, say('en'), { heldForTakeBack: true })).toBe(
      'Paused while you decide whether to take the campaign back'
    )
    expect(campaignWaitText(paused, say('id'), { heldForTakeBack: true })).toBe(
      'Dijeda selama Anda memutuskan apakah kampanye ditarik kembali'
    )
    expect(campaignWaitText(paused, say('en'), {})).toBe('Paused by you')
  })
})

// QA (carried, state words): a part held by its device read "Waiting: the device is “Needs a QR scan”." — the badge's
// name quoted as if the device had said it, and a state the window has no words for quoted as its bare key. Each state
// is its own sentence in both languages, and one not known says so without quoting the machine's word.
describe('a part held by its device’s state', () => {
  const part = (
    autoPaused: CampaignView['devices'][number]['autoPaused']
  ): CampaignView['devices'][number] => ({ deviceId: 'dev-1', wait: null, autoPaused })
  const heldBy = (
    language: Language,
    autoPaused: CampaignView['devices'][number]['autoPaused'],
    device: Pick<DeviceView, 'state' | 'stateNoteKey' | 'linked'>
  ): string =>
    campaignWaitText(part(autoPaused), (key, params) => translate(language, key, params), {}, device)

  it.each([
    ['en', null, { state: 'needs-scan' }, 'Waiting: the device is logged out.'],
    ['id', null, { state: 'needs-scan' }, 'Menunggu: perangkat sudah keluar (logout).'],
    ['en', null, { state: 'needs-scan', linked: false }, 'Waiting: the device is not linked yet.'],
    ['en', null, { state: 'expired' }, 'Waiting: the device’s gateway subscription has ended.'],
    ['id', null, { state: 'expired' }, 'Menunggu: langganan gateway perangkat sudah berakhir.'],
    [
      'en',
      null,
      { state: 'unreachable', stateNoteKey: 'desktop.device.rateLimited' },
      'Waiting: the gateway asks to slow down.'
    ],
    ['en', 'disconnected', { state: 'expired' }, 'Paused: the device’s gateway subscription has ended.'],
    ['id', 'disconnected', { state: 'token-invalid' }, 'Dijeda: gateway menolak token perangkat.'],
    ['en', 'unreachable', { state: 'needs-scan' }, 'Paused: the device is logged out.']
  ] as const)('%s, paused %s, %o: %s', (language, autoPaused, device, want) => {
    expect(heldBy(language, autoPaused, device)).toBe(want)
  })

  it('words every state a part can wait or pause for as a sentence, never a quoted name or key', () => {
    for (const language of ['en', 'id'] as const)
      for (const autoPaused of [null, 'disconnected', 'unreachable'] as const)
        for (const state of DeviceState.options) {
          const text = heldBy(language, autoPaused, { state })
          expect(text).not.toMatch(/[“”"]|state\./)
        }
  })

  it('says a state it does not know is one, without quoting the gateway’s word', () => {
    const strange = { state: 'banned' as DeviceState }
    expect(heldBy('en', null, strange)).toBe(
      'Waiting: the device cannot send; the gateway reports a state Sender Desk does not know.'
    )
    expect(heldBy('id', 'disconnected', strange)).toBe(
      'Dijeda: perangkat tidak dapat mengirim; gateway melaporkan status yang tidak dikenal Sender Desk.'
    )
  })
})
