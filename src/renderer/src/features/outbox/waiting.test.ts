// Why a waiting message waits: an item the gateway may already have is being checked, not waiting for a time.
import { describe, expect, it } from 'vitest'
import { encodeNote } from '../../../../shared/i18n/note-text'
import { translate, type Translate } from '../../i18n'
import { makeDevice, makeItem } from '../../testing/fixtures'
import type { OutboxItemView } from '../../../../shared/contract'
import { en } from '../../../../shared/i18n/en'
import type { Language, MessageKey } from '../../../../shared/i18n'
import { batchSummary, batchTitleKey, notAtGatewayReason, waitingLine, waitingReason } from './waiting'

const t: Translate = (key, params) => translate('en', key, params)
const formatTime = (iso: string): string => iso.slice(11, 16)
const context = { device: makeDevice(), sendingPaused: false }

describe('waitingReason', () => {
  it('says an item in doubt is being checked at the gateway, with no retry time that goes stale (QA12 Q12-03)', () => {
    // A 500 or a time-out on the send: the item stays "sending" while the gateway's reports are checked, its next
    // check moved forward quietly every few seconds.
    const inDoubt = makeItem({ status: 'sending', nextAttemptAt: '2026-11-30T03:14:20.000Z', attempts: 1 })
    const reason = waitingReason(inDoubt, context, t, formatTime)
    expect(reason).not.toContain('03:14')
    expect(reason).toBe('checking whether the gateway got it before sending it again')
  })

  it('gives a queued item its retry time', () => {
    const retrying = makeItem({ status: 'queued', nextAttemptAt: '2026-11-30T03:18:40.000Z', attempts: 1 })
    expect(waitingReason(retrying, context, t, formatTime)).toBe('the gateway will be tried again at 03:18')
  })

  it.each([
    ['en', 'Front office has no quota left (renew or top up the gateway package)'],
    ['id', 'kuota Front office habis (perpanjang atau isi ulang paket gateway)']
  ] as const)(
    'says a queued item waits for its device’s quota once the gateway refused a send for it (%s, QA12 Q12-10)',
    (language, words) => {
      const say: Translate = (key, params) => translate(language, key, params)
      const spent = { device: makeDevice({ label: 'Front office', quota: 0 }), sendingPaused: false }
      expect(waitingReason(makeItem({ status: 'queued', attempts: 1 }), spent, say, formatTime)).toBe(words)
    }
  )

  it.each([
    ['en', 'Sandbox device has no quota left (top it up in Sandbox controls on its card in Devices)'],
    ['id', 'kuota Sandbox device habis (isi ulang di Kontrol sandbox pada kartunya di Perangkat)']
  ] as const)(
    'points a sandbox device’s spent quota to the sandbox panel’s top-up, not to a package (%s)',
    (language, words) => {
      const say: Translate = (key, params) => translate(language, key, params)
      const spent = {
        device: makeDevice({ label: 'Sandbox device', quota: 0, sandbox: true }),
        sendingPaused: false
      }
      expect(waitingReason(makeItem({ status: 'queued', attempts: 1 }), spent, say, formatTime)).toBe(words)
    }
  )

  // QA72: "Waiting: Sandbox device is “Gateway unreachable”" read as if the device were the gateway: a sentence of
  // its own for each state that stops sending, in both languages, no state's name in quotes.
  it.each([
    ['disconnected', undefined, 'Front office is disconnected', 'Front office terputus'],
    [
      'awaiting-activation',
      undefined,
      'Front office is waiting for the gateway to activate it',
      'Front office menunggu diaktifkan oleh gateway'
    ],
    [
      'expired',
      undefined,
      'Front office has expired at the gateway',
      'Front office sudah kedaluwarsa di gateway'
    ],
    [
      'token-invalid',
      undefined,
      'the gateway refused the token of Front office',
      'gateway menolak token Front office'
    ],
    [
      'unreachable',
      undefined,
      'the gateway is unreachable for Front office',
      'gateway tidak terjangkau untuk Front office'
    ],
    [
      'unreachable',
      'desktop.device.rateLimited',
      'the gateway asks Front office to slow down',
      'gateway meminta Front office memperlambat pengiriman'
    ],
    [
      'unreachable',
      'desktop.device.notSupported',
      'the address of Front office is not a gateway',
      'alamat Front office bukan alamat gateway'
    ],
    ['locked', undefined, 'the token of Front office is locked', 'token Front office terkunci']
  ] as const)(
    'says in a sentence why an item waits for a device that is %s (%s)',
    (state, stateNoteKey, en, id) => {
      const device = makeDevice({ label: 'Front office', state, ...(stateNoteKey ? { stateNoteKey } : {}) })
      const item = makeItem({ status: 'queued' })
      for (const [language, words] of [
        ['en', en],
        ['id', id]
      ] as const) {
        const say: Translate = (key, params) => translate(language, key, params)
        expect(waitingReason(item, { device, sendingPaused: false }, say, formatTime)).toBe(words)
      }
    }
  )

  it.each([
    ['en', 'the gateway is failing for Front office'],
    ['id', 'gateway bermasalah untuk Front office']
  ] as const)(
    'says an item waits for a gateway that is failing, not one that cannot be reached (%s, QA12 Q12-01)',
    (language, words) => {
      const say: Translate = (key, params) => translate(language, key, params)
      const failing = makeDevice({
        label: 'Front office',
        state: 'unreachable',
        stateNoteKey: 'desktop.device.serverErrorStatus',
        stateNoteParams: { status: 503 }
      })
      const item = makeItem({ status: 'queued' })
      expect(waitingReason(item, { device: failing, sendingPaused: false }, say, formatTime)).toBe(words)
    }
  )

  it.each([
    ['en', 'Paused when the device was “Needs a QR scan”.'],
    ['id', 'Dijeda saat status perangkat “Perlu pindai QR”.']
  ] as const)(
    'says why a campaign row is held with the device state its part paused for, the device back since (%s)',
    (language, words) => {
      // The core keeps the state's name as a note inside the pause's note, as the row's timeline stores it.
      const say: Translate = (key, params) => translate(language, key, params)
      const held = makeItem({
        status: 'queued',
        waitReason: {
          message: 'Paused when the device was “Needs a QR scan”.',
          messageKey: 'campaigns.autoPause.wasState',
          messageParams: { state: encodeNote('state.needs-scan') }
        }
      })
      expect(waitingReason(held, context, say, formatTime)).toBe(words)
    }
  )

  it('says a message held by its device’s daily cap waits for it until midnight on the device’s clock (QA24 Q24-05)', () => {
    // The kernel says it of every queued message of a capped device (a one-off send, an inbox reply), with the zone
    // whose midnight starts the count again: the time is shown on that clock, as the device card shows it.
    const capped = makeItem({
      status: 'queued',
      waitReason: {
        message: 'this number reached its daily cap of 3; it goes on at 2026-11-30T17:00:00.000Z',
        messageKey: 'desktop.wait.deviceDailyCap',
        messageParams: { cap: 3, until: '2026-11-30T17:00:00.000Z', zone: 'Asia/Jakarta' }
      }
    })
    const onClock = (iso: string, zone?: string): string =>
      `${iso.slice(0, 16)} in ${zone ?? 'the computer zone'}`
    expect(waitingReason(capped, context, t, onClock)).toBe(
      'this number reached its daily cap of 3; it goes on at 2026-11-30T17:00 in Asia/Jakarta'
    )
  })
})

describe("batchTitleKey: the card's title by the counting model, agreeing with its summary (QA18 Q18-02)", () => {
  const batch = (...statuses: OutboxItemView['status'][]): OutboxItemView[] =>
    statuses.map((status, n) => makeItem({ id: `b-${n}`, status }))
  it.each([
    // The gateway took them and holds them (phone offline): with the gateway, not sent.
    [['accepted', 'accepted', 'accepted'], 'With the gateway'],
    [['accepted', 'cancelled_at_gateway'], 'With the gateway'],
    // One of them went: the card has just sent something.
    [['sent', 'delivered', 'read'], 'Just sent'],
    // QA79: some sent, the rest still waiting or held by the gateway: sending, not "Waiting to be sent" nor "Just sent".
    [['accepted', 'accepted', 'sent', 'sent'], 'Sending…'],
    [['queued', 'queued', 'queued', 'delivered', 'read', 'read'], 'Sending…'],
    // QA79: taken back, all or some: never "Just sent".
    [['read', 'cancelled'], 'Partly sent'],
    [['cancelled', 'cancelled', 'revoked'], 'Taken back'],
    // Cancelled, here or at the gateway: the cancelled bucket either way.
    [['cancelled_at_gateway', 'cancelled_at_gateway'], 'Cancelled'],
    [['cancelled', 'cancelled_at_gateway'], 'Cancelled'],
    [['cancelled'], 'Cancelled'],
    [['revoked', 'revoked'], 'Deleted for everyone'],
    [['read', 'revoked'], 'Partly taken back'],
    [['queued', 'accepted'], 'Waiting to be sent'],
    [['sending', 'read'], 'Sending…'],
    [['failed', 'failed'], 'Not sent'],
    [['failed', 'accepted'], 'Some messages failed'],
    [['scheduled', 'accepted'], 'Just scheduled']
  ] as const)('%j is titled "%s"', (statuses, title) => {
    expect(t(batchTitleKey(batch(...statuses), false))).toBe(title)
  })

  it.each([
    ['en', 'With the gateway', 'Cancelled', ['Sending…', 'Partly sent', 'Taken back', 'Partly taken back']],
    [
      'id',
      'Di gateway, belum terkirim',
      'Dibatalkan',
      ['Sedang dikirim…', 'Sebagian terkirim', 'Ditarik kembali', 'Sebagian ditarik kembali']
    ]
  ] as const)(
    'words the gateway-held and gateway-cancelled titles in %s',
    (language, held, cancelled, more) => {
      const say: Translate = (key, params) => translate(language, key, params)
      expect(say(batchTitleKey(batch('accepted', 'accepted'), false))).toBe(held)
      expect(say(batchTitleKey(batch('cancelled_at_gateway'), false))).toBe(cancelled)
      expect(
        [
          batch('queued', 'read'),
          batch('read', 'cancelled'),
          batch('cancelled', 'revoked'),
          batch('read', 'revoked')
        ].map((items) => say(batchTitleKey(items, false)))
      ).toEqual(more)
    }
  )
})

describe('batchSummary: the queued bucket named as the header and Overview name it (QA18 Q18-04)', () => {
  it.each([
    ['en', '3 queued — the device is offline · 3 in all', '3 queued'],
    ['id', '3 dalam antrean — the device is offline · total 3', '3 dalam antrean']
  ] as const)('in %s', (language, line, headerWord) => {
    const say: Translate = (key, params) => translate(language, key, params)
    const items = Array.from({ length: 3 }, (_, n) => makeItem({ id: `q-${n}`, status: 'queued' }))
    const summary = batchSummary(
      items,
      3,
      () => 'the device is offline',
      say,
      () => ''
    )
    expect(summary).toBe(line)
    // The header's own word for the bucket, the same.
    expect(say('buckets.queued', { count: 3 })).toBe(headerWord)
  })
})

/**
 * Every reason a policy can keep with a held message (the campaign's waits and pauses, the queue's own waits), found
 * by its key's family so a reason added later is in the table too: the detail's line says "Waiting" once at most
 * (QA31 Q31-03: "Waiting: Waiting: outside working hours…", "Menunggu: Menunggu: …").
 */
describe('waitingLine', () => {
  const policyKeys = (Object.keys(en) as MessageKey[]).filter((key) =>
    /^(campaigns\.(wait|autoPause)|desktop\.wait)\./.test(key)
  )
  const params = {
    until: '2026-12-01T01:00:00.000Z',
    zone: 'Asia/Jakarta',
    cap: 1000,
    count: 2,
    state: encodeNote('state.needs-scan'),
    error: 'HTTP 500'
  }
  const cases = (['en', 'id'] as const).flatMap((language) =>
    policyKeys.map((key) => [language, key] as [Language, MessageKey])
  )

  it('finds the reasons the kernel keeps', () => {
    for (const key of ['campaigns.wait.outsideHours', 'campaigns.wait.gap', 'campaigns.wait.held.expired'])
      expect(policyKeys).toContain(key)
    expect(policyKeys).toContain('desktop.wait.deviceDailyCap')
  })

  it.each(cases)('%s %s: the reason whole, "Waiting" said once at most', (language, key) => {
    const say: Translate = (k, p) => translate(language, k, p)
    const word = say('outbox.waiting.label', { reason: '' }).replace(/[:\s]+$/, '')
    const held = makeItem({
      status: 'queued',
      producer: { kind: 'campaign', id: 'camp-1', ref: 3 },
      waitReason: { message: key, messageKey: key, messageParams: params }
    })
    const line = waitingLine(held, context, say, formatTime) ?? ''
    const reason = waitingReason(held, context, say, formatTime) ?? ''
    expect(reason).not.toBe('')
    expect(line).toContain(reason)
    expect(
      line.toLocaleLowerCase(language).split(word.toLocaleLowerCase(language)).length - 1
    ).toBeLessThanOrEqual(1)
  })

  it('says a reason worded to follow "Waiting:" after it (the queue’s own and the detail’s phrases)', () => {
    const capped = makeItem({
      status: 'queued',
      waitReason: { message: 'cap', messageKey: 'desktop.wait.deviceDailyCap', messageParams: params }
    })
    expect(waitingLine(capped, context, t, formatTime)).toBe(
      'Waiting: this number reached its daily cap of 1,000; it goes on at 01:00'
    )
    const retrying = makeItem({ status: 'queued', nextAttemptAt: '2026-11-30T03:18:40.000Z', attempts: 1 })
    expect(waitingLine(retrying, context, t, formatTime)).toBe(
      'Waiting: the gateway will be tried again at 03:18'
    )
    expect(waitingLine(makeItem({ status: 'delivered' }), context, t, formatTime)).toBeNull()
  })
})

describe('a gateway schedule in the send result (QA40 Q40-01)', () => {
  const at = '2026-12-02T04:00:00.000Z'
  const scheduled = (savedAtGateway: boolean): OutboxItemView =>
    makeItem({
      status: 'scheduled',
      scheduleMode: 'gateway',
      scheduledAt: at,
      timezone: 'Asia/Jakarta',
      savedAtGateway
    })
  const expired = { device: makeDevice({ label: 'Cabang Surabaya', state: 'expired' }), sendingPaused: false }

  // With its time, as the part the gateway keeps says it (QA69: "not at the gateway yet" alone never said when).
  it.each([
    [
      'en',
      '1 scheduled for 2 Dec, 11:00, not at the gateway yet — Cabang Surabaya has expired at the gateway',
      '1 kept by the gateway until 2 Dec, 11:00'
    ],
    [
      'id',
      '1 dijadwalkan 2 Dec, 11:00, belum sampai di gateway — Cabang Surabaya sudah kedaluwarsa di gateway',
      '1 disimpan gateway sampai 2 Dec, 11:00'
    ]
  ] as const)(
    'is said to be kept by the gateway only once the gateway saved it (%s)',
    (language, notYet, kept) => {
      const say: Translate = (key, params) => translate(language, key, params)
      const reasonOf = (item: OutboxItemView): string | null =>
        waitingReason(item, expired, say, formatTime) ?? notAtGatewayReason(item, expired, say)
      const summary = (item: OutboxItemView): string | null =>
        batchSummary([item], 1, reasonOf, say, () => '2 Dec, 11:00')
      expect(summary(scheduled(false))).toBe(notYet)
      expect(summary({ ...scheduled(false), savedAtGateway: undefined })).toBe(notYet)
      expect(summary(scheduled(true))).toBe(kept)
    }
  )

  it('says the part not at the gateway beside the part it keeps', () => {
    const connected = { device: makeDevice({ state: 'connected' }), sendingPaused: false }
    const reasonOf = (item: OutboxItemView): string | null => notAtGatewayReason(item, connected, t)
    // A device that can take it: the call is on its way, no reason to give.
    expect(
      batchSummary([scheduled(true), { ...scheduled(false), id: 'b' }], 2, reasonOf, t, () => '2 Dec, 11:00')
    ).toBe(
      '1 kept by the gateway until 2 Dec, 11:00 · 1 scheduled for 2 Dec, 11:00, not at the gateway yet · 2 in all'
    )
  })
})
