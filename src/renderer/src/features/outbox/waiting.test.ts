// Why a waiting message waits: an item the gateway may already have is being checked, not waiting for a time.
import { describe, expect, it } from 'vitest'
import { encodeNote } from '../../../../shared/i18n/note-text'
import { translate, type Translate } from '../../i18n'
import { makeDevice, makeItem } from '../../testing/fixtures'
import type { OutboxItemView } from '../../../../shared/contract'
import { batchSummary, batchTitleKey, waitingReason } from './waiting'

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
    ['en', 'Front office is “Gateway failing”'],
    ['id', 'Front office berstatus “Gateway bermasalah”']
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
    [['accepted', 'accepted', 'sent', 'sent'], 'Just sent'],
    [['sent', 'delivered', 'read'], 'Just sent'],
    [['read', 'cancelled'], 'Just sent'],
    // Cancelled, here or at the gateway: the cancelled bucket either way.
    [['cancelled_at_gateway', 'cancelled_at_gateway'], 'Cancelled'],
    [['cancelled', 'cancelled_at_gateway'], 'Cancelled'],
    [['cancelled'], 'Cancelled'],
    [['revoked', 'revoked'], 'Deleted for everyone'],
    [['read', 'revoked'], 'Just sent'],
    [['queued', 'accepted'], 'Waiting to be sent'],
    [['sending', 'read'], 'Waiting to be sent'],
    [['failed', 'failed'], 'Not sent'],
    [['failed', 'accepted'], 'Some messages failed'],
    [['scheduled', 'accepted'], 'Just scheduled']
  ] as const)('%j is titled "%s"', (statuses, title) => {
    expect(t(batchTitleKey(batch(...statuses), false))).toBe(title)
  })

  it.each([
    ['en', 'With the gateway', 'Cancelled'],
    ['id', 'Di gateway, belum terkirim', 'Dibatalkan']
  ] as const)('words the gateway-held and gateway-cancelled titles in %s', (language, held, cancelled) => {
    const say: Translate = (key, params) => translate(language, key, params)
    expect(say(batchTitleKey(batch('accepted', 'accepted'), false))).toBe(held)
    expect(say(batchTitleKey(batch('cancelled_at_gateway'), false))).toBe(cancelled)
  })
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
