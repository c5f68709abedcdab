// An item's view says the wait that holds it now, by the domain's one rule (holding-wait.cases.ts): its own (a
// campaign's gap) or its device's (the daily cap), never one that ended, and no next attempt in the past.
import { describe, expect, it } from 'vitest'
import { HOLDING_WAIT_CASES } from '../../../shared/domain/holding-wait.cases'
import { encodeNote } from '../../../shared/i18n/notes'
import type { ItemRecord, SettingsStore } from '../store'
import { newTextItem } from '../store/testing/new-item'
import { itemViews } from './views'

const NOW = Date.UTC(2026, 10, 30, 18, 35, 46)
const GAP = encodeNote('campaigns.wait.gap', { until: '2026-11-30T18:34:00.000Z' })
const CAP = encodeNote('desktop.wait.deviceDailyCap', {
  cap: 8,
  until: '2026-12-01T00:00:00.000Z',
  zone: 'UTC'
})

/** A store with no gateway schedules (these items are kept here). */
const NO_SCHEDULES = { scheduleForItem: () => undefined }

/** The settings as the kernel left them: the device's wait under `outbox.deviceWaits`. */
function settingsWith(deviceWait: { until: number; reason: string } | null): SettingsStore {
  const waits = deviceWait ? { d1: deviceWait } : undefined
  return {
    get: (key: string) => (key === 'outbox.deviceWaits' ? waits : undefined)
  } as unknown as SettingsStore
}

function campaignRow(ownUntil: number | null): ItemRecord {
  return {
    ...newTextItem('row-8'),
    seq: 1,
    updatedAt: 0,
    producerTag: 'campaign:c1',
    producerRef: 8,
    waitReason: ownUntil === null ? null : GAP,
    nextAttemptAt: ownUntil
  }
}

describe('a queued item’s wait', () => {
  it.each(HOLDING_WAIT_CASES)('$why', ({ own, device, holds }) => {
    const deviceWait = device === null ? null : { until: NOW + device, reason: CAP }
    const view = itemViews({
      settings: settingsWith(deviceWait),
      store: NO_SCHEDULES,
      retryHooks: [],
      policies: [],
      now: () => NOW
    })(campaignRow(own === null ? null : NOW + own))
    const expected = {
      own: { key: 'campaigns.wait.gap', at: own === null ? null : NOW + own },
      device: { key: 'desktop.wait.deviceDailyCap', at: device === null ? null : NOW + device },
      none: { key: undefined, at: null }
    }[holds ?? 'none']
    expect(view.waitReason?.messageKey).toBe(expected.key)
    expect(view.nextAttemptAt).toBe(expected.at === null ? null : new Date(expected.at).toISOString())
  })

  it('never says a next attempt that has passed', () => {
    const retry = { ...campaignRow(null), producerTag: null, attempts: 1, nextAttemptAt: NOW - 60_000 }
    expect(
      itemViews({
        settings: settingsWith(null),
        store: NO_SCHEDULES,
        retryHooks: [],
        policies: [],
        now: () => NOW
      })(retry).nextAttemptAt
    ).toBeNull()
  })

  it('keeps a send in doubt’s next check, which says it is being checked', () => {
    const inDoubt = { ...campaignRow(null), status: 'sending' as const, nextAttemptAt: NOW - 60_000 }
    expect(
      itemViews({
        settings: settingsWith(null),
        store: NO_SCHEDULES,
        retryHooks: [],
        policies: [],
        now: () => NOW
      })(inDoubt).nextAttemptAt
    ).not.toBeNull()
  })
})

describe('a cancel foreseen at the turn', () => {
  const OPTED_OUT = encodeNote('desktop.note.optedOut')
  const foreseeing = [{ name: 'opt-outs', check: () => null, foreseeCancel: () => OPTED_OUT }]
  const view = (item: ItemRecord) =>
    itemViews({
      settings: settingsWith(null),
      store: NO_SCHEDULES,
      retryHooks: [],
      policies: foreseeing,
      now: () => NOW
    })(item)
  const item = (over: Partial<ItemRecord>): ItemRecord => ({
    ...campaignRow(null),
    producerTag: null,
    waitReason: null,
    ...over
  })

  it.each([
    { what: 'a queued message', over: { status: 'queued' as const }, said: true },
    {
      what: 'a schedule kept on this computer',
      over: { status: 'scheduled' as const, scheduleMode: 'local' as const },
      said: true
    },
    // The gateway fires it at its time: no policy of this computer is asked.
    {
      what: 'a schedule the gateway keeps',
      over: { status: 'scheduled' as const, scheduleMode: 'gateway' as const },
      said: false
    },
    { what: 'a message already sent', over: { status: 'sent' as const }, said: false },
    { what: 'a cancelled message', over: { status: 'cancelled' as const }, said: false }
  ])('is said of $what: $said', ({ over, said }) => {
    expect(view(item(over)).cancelsAtTurn?.messageKey).toBe(said ? 'desktop.note.optedOut' : undefined)
  })
})
