// The quota words' tables. Which devices they name as ones to top up (device-status.ts, quotaToppedUpBy): only those
// whose quota can hold the messages back. An unlimited quota never does, nor a count that covers every message the
// devices carry between them; a quota not known (not read yet) may. And a send's shortfall as rotation sends it
// (QUOTA_SHORTFALL_CASES, below).
import type { DeviceView } from './contract'

type Device = Pick<DeviceView, 'id' | 'sandbox' | 'quota'>

export interface QuotaToppedUpCase {
  name: string
  devices: readonly Device[]
  /** The messages the devices carry between them. */
  messages: number
  /** `by`, and for a mix the ids of each kind's devices named. */
  expected: { by: 'sandbox' | 'gateway' } | { by: 'both'; sandbox: string[]; gateway: string[] }
}

/** A device of the table by its kind: the gateway's hosted one, or the built-in sandbox's. */
const device =
  (kind: 'hosted' | 'sandbox') =>
  (id: string, quota: DeviceView['quota']): Device => ({ id, sandbox: kind === 'sandbox', quota })
const hosted = device('hosted')
const sandbox = device('sandbox')

export const QUOTA_TOPPED_UP_CASES: readonly QuotaToppedUpCase[] = [
  { name: 'one hosted device used up', devices: [hosted('h', 0)], messages: 10, expected: { by: 'gateway' } },
  {
    name: 'one sandbox device used up',
    devices: [sandbox('s', 0)],
    messages: 10,
    expected: { by: 'sandbox' }
  },
  {
    name: 'both kinds short',
    devices: [hosted('h', 2), sandbox('s', 3)],
    messages: 10,
    expected: { by: 'both', sandbox: ['s'], gateway: ['h'] }
  },
  {
    name: 'the only limited device is the sandbox’s: an unlimited hosted one is not named',
    devices: [hosted('h', 'unlimited'), sandbox('s', 0)],
    messages: 10,
    expected: { by: 'sandbox' }
  },
  {
    name: 'the only limited device is hosted: an unlimited sandbox one is not named',
    devices: [hosted('h', 0), sandbox('s', 'unlimited')],
    messages: 10,
    expected: { by: 'gateway' }
  },
  {
    name: 'a hosted device whose quota covers every message is not named',
    devices: [hosted('h', 500), sandbox('s', 0)],
    messages: 10,
    expected: { by: 'sandbox' }
  },
  {
    name: 'a quota just enough for every message holds nothing back',
    devices: [hosted('h', 10), sandbox('s', 3)],
    messages: 10,
    expected: { by: 'sandbox' }
  },
  {
    name: 'a quota one short of every message may hold one back',
    devices: [hosted('h', 9), sandbox('s', 3)],
    messages: 10,
    expected: { by: 'both', sandbox: ['s'], gateway: ['h'] }
  },
  {
    name: 'a quota not known may run out: still named',
    devices: [hosted('h', null), sandbox('s', 0)],
    messages: 10,
    expected: { by: 'both', sandbox: ['s'], gateway: ['h'] }
  },
  {
    name: 'two hosted, one unlimited, beside a sandbox one: only the limited hosted one named',
    devices: [hosted('h1', 'unlimited'), hosted('h2', 0), sandbox('s', 0)],
    messages: 10,
    expected: { by: 'both', sandbox: ['s'], gateway: ['h2'] }
  },
  // The words are said from an estimate made earlier: a quota renewed since leaves none that can run out; what tops
  // up is then told by every device, as before the rule.
  {
    name: 'none can run out any more: every device counted',
    devices: [hosted('h', 'unlimited'), sandbox('s', 'unlimited')],
    messages: 10,
    expected: { by: 'both', sandbox: ['s'], gateway: ['h'] }
  },
  { name: 'no device known', devices: [], messages: 10, expected: { by: 'gateway' } }
]

/**
 * One table for a send's quota shortfall (domain/send-budget.ts, quotaShortfall), as a campaign's rotation sends it: a
 * spent device's rows go to the devices with quota left (pacing.ts, estimateSchedule), so one device's quota below its
 * share is no shortfall while another's takes its rows. Any unlimited quota takes every row the others cannot: none
 * short. Every quota a count: the set is short by what the count passes their sum. Some not known (none unlimited):
 * how many are short is not known; said only when the known quotas do not cover the messages alone. None known at
 * all: nothing to count against, and said so. Short or not known, the devices whose quota runs out before their own
 * part are named: the part the start deals each device in turn (campaigns.ts start: row i to device i % n, the
 * first devices one more when the rows do not divide evenly), its quota against it, most short first. Run by the
 * domain and by the pre-send summaries' words (budget-words.tsx).
 */
export interface QuotaShortfallCase {
  name: string
  devices: readonly Device[]
  messages: number
  expected:
    | { kind: 'none' }
    /** The set's shortfall: `covered`, the quotas' sum, of the messages; `short` the rest. */
    | { kind: 'short'; covered: number; short: number; runsOut: RunsOutAt[] }
    /** Not known: the known quotas cover `covered`, and the ids of the devices whose quota is not known. */
    | { kind: 'unknown'; covered: number; unknown: string[]; runsOut: RunsOutAt[] }
    /** No device's quota known: nothing to count against. */
    | { kind: 'none_known' }
}

/** A device whose quota runs out before its part: its id, what its quota covers of it, and its part. */
export interface RunsOutAt {
  id: string
  covers: number
  part: number
}

export const QUOTA_SHORTFALL_CASES: readonly QuotaShortfallCase[] = [
  {
    name: 'one device: its quota against every message',
    devices: [hosted('h', 10)],
    messages: 12,
    expected: { kind: 'short', covered: 10, short: 2, runsOut: [{ id: 'h', covers: 10, part: 12 }] }
  },
  {
    name: 'one device whose quota covers every message',
    devices: [sandbox('s', 12)],
    messages: 12,
    expected: { kind: 'none' }
  },
  {
    name: 'a hosted device below its share beside an unlimited sandbox one: the sandbox one takes the rest',
    devices: [hosted('h', 50), sandbox('s', 'unlimited')],
    messages: 200,
    expected: { kind: 'none' }
  },
  {
    name: 'quotas that together cover the set, one below its share: the other takes its rows',
    devices: [hosted('h1', 10), hosted('h2', 500)],
    messages: 100,
    expected: { kind: 'none' }
  },
  {
    name: 'one spent, one not known, one unlimited: the unlimited one takes every row',
    devices: [hosted('h', 10), hosted('u', null), sandbox('s', 'unlimited')],
    messages: 100,
    expected: { kind: 'none' }
  },
  {
    name: 'every quota a count, their sum short: the set’s shortfall',
    devices: [hosted('h', 2), sandbox('s', 0)],
    messages: 10,
    // Five each: the spent one is the most short, named first.
    expected: {
      kind: 'short',
      covered: 2,
      short: 8,
      runsOut: [
        { id: 's', covers: 0, part: 5 },
        { id: 'h', covers: 2, part: 5 }
      ]
    }
  },
  {
    name: 'an uneven split short by one',
    devices: [hosted('a', 3), sandbox('b', 3)],
    messages: 7,
    // The first device is dealt the odd row: 4 and 3, so only the first runs out of its own.
    expected: { kind: 'short', covered: 6, short: 1, runsOut: [{ id: 'a', covers: 3, part: 4 }] }
  },
  {
    name: 'quotas that add up to the messages exactly: none short',
    devices: [hosted('h1', 10), hosted('h2', 90)],
    messages: 100,
    expected: { kind: 'none' }
  },
  // QA49 Q49-05: a quota already spent covers none of its part (its rows go to the others, or wait).
  {
    name: 'one device already spent beside one with quota left',
    devices: [hosted('h', 0), hosted('k', 3)],
    messages: 10,
    expected: {
      kind: 'short',
      covered: 3,
      short: 7,
      runsOut: [
        { id: 'h', covers: 0, part: 5 },
        { id: 'k', covers: 3, part: 5 }
      ]
    }
  },
  {
    name: 'every device already spent: the set covers none',
    devices: [hosted('h', 0), sandbox('s', 0)],
    messages: 10,
    expected: {
      kind: 'short',
      covered: 0,
      short: 10,
      runsOut: [
        { id: 'h', covers: 0, part: 5 },
        { id: 's', covers: 0, part: 5 }
      ]
    }
  },
  {
    name: 'fewer messages than devices, every quota spent',
    devices: [hosted('h1', 0), hosted('h2', 0)],
    messages: 1,
    // The one row is dealt to the first: the second has no part to run out of.
    expected: { kind: 'short', covered: 0, short: 1, runsOut: [{ id: 'h1', covers: 0, part: 1 }] }
  },
  {
    name: 'a device short beside one not known: the known quota covers part, the rest may wait',
    devices: [hosted('h', 50), hosted('u', null)],
    messages: 200,
    expected: {
      kind: 'unknown',
      covered: 50,
      unknown: ['u'],
      runsOut: [{ id: 'h', covers: 50, part: 100 }]
    }
  },
  {
    name: 'two not known beside a known one: both named',
    devices: [hosted('u1', null), sandbox('h', 10), hosted('u2', null)],
    messages: 30,
    // Its quota just covers its part of 10: none known runs out of its own.
    expected: { kind: 'unknown', covered: 10, unknown: ['u1', 'u2'], runsOut: [] }
  },
  {
    name: 'the known quotas alone cover the messages: nothing said of the one not known',
    devices: [hosted('h1', 10), hosted('h2', 5), sandbox('u', null)],
    messages: 15,
    expected: { kind: 'none' }
  },
  // Nothing known to count against: the devices' lines say each quota is not known, and the warning that the gateway
  // may stop part-way says it of them all.
  {
    name: 'no quota known at all',
    devices: [hosted('u1', null), sandbox('u2', null)],
    messages: 10,
    expected: { kind: 'none_known' }
  },
  {
    name: 'one device whose quota is not known',
    devices: [hosted('u', null)],
    messages: 10,
    expected: { kind: 'none_known' }
  },
  {
    name: 'a device below its part beside one that takes the rest but not all of it: only the first runs out of its own',
    devices: [hosted('shop', 120), hosted('branch', 400)],
    messages: 600,
    expected: {
      kind: 'short',
      covered: 520,
      short: 80,
      runsOut: [{ id: 'shop', covers: 120, part: 300 }]
    }
  },
  {
    name: 'rows that do not divide evenly: the first devices are dealt one more',
    devices: [hosted('a', 33), hosted('b', 33), hosted('c', 33)],
    messages: 100,
    expected: { kind: 'short', covered: 99, short: 1, runsOut: [{ id: 'a', covers: 33, part: 34 }] }
  },
  {
    name: 'five devices short: every one named, most short first, ties in the devices’ order',
    devices: [hosted('a', 10), hosted('b', 20), sandbox('c', 0), hosted('d', 10), hosted('e', 50)],
    messages: 500,
    expected: {
      kind: 'short',
      covered: 90,
      short: 410,
      runsOut: [
        { id: 'c', covers: 0, part: 100 },
        { id: 'a', covers: 10, part: 100 },
        { id: 'd', covers: 10, part: 100 },
        { id: 'b', covers: 20, part: 100 },
        { id: 'e', covers: 50, part: 100 }
      ]
    }
  },
  { name: 'no device', devices: [], messages: 10, expected: { kind: 'none' } }
]
