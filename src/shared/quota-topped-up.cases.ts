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
 * how many are short is not known; said only when the known quotas do not cover the messages alone. Run by the domain
 * and by the pre-send summaries' words (budget-words.tsx).
 */
export interface QuotaShortfallCase {
  name: string
  devices: readonly Device[]
  messages: number
  expected:
    | { kind: 'none' }
    /** The set's shortfall: `covered`, the quotas' sum, of the messages; `short` the rest. */
    | { kind: 'short'; covered: number; short: number }
    /** Not known: the known quotas cover `covered`, and the ids of the devices whose quota is not known. */
    | { kind: 'unknown'; covered: number; unknown: string[] }
}

export const QUOTA_SHORTFALL_CASES: readonly QuotaShortfallCase[] = [
  {
    name: 'one device: its quota against every message',
    devices: [hosted('h', 10)],
    messages: 12,
    expected: { kind: 'short', covered: 10, short: 2 }
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
    expected: { kind: 'short', covered: 2, short: 8 }
  },
  {
    name: 'an uneven split short by one',
    devices: [hosted('a', 3), sandbox('b', 3)],
    messages: 7,
    expected: { kind: 'short', covered: 6, short: 1 }
  },
  {
    name: 'quotas that add up to the messages exactly: none short',
    devices: [hosted('h1', 10), hosted('h2', 90)],
    messages: 100,
    expected: { kind: 'none' }
  },
  {
    name: 'fewer messages than devices, every quota spent',
    devices: [hosted('h1', 0), hosted('h2', 0)],
    messages: 1,
    expected: { kind: 'short', covered: 0, short: 1 }
  },
  {
    name: 'a device short beside one not known: the known quota covers part, the rest may wait',
    devices: [hosted('h', 50), hosted('u', null)],
    messages: 200,
    expected: { kind: 'unknown', covered: 50, unknown: ['u'] }
  },
  {
    name: 'two not known beside a known one: both named',
    devices: [hosted('u1', null), sandbox('h', 10), hosted('u2', null)],
    messages: 30,
    expected: { kind: 'unknown', covered: 10, unknown: ['u1', 'u2'] }
  },
  {
    name: 'the known quotas alone cover the messages: nothing said of the one not known',
    devices: [hosted('h1', 10), hosted('h2', 5), sandbox('u', null)],
    messages: 15,
    expected: { kind: 'none' }
  },
  // Nothing known to count against: the devices' lines say each quota is not known, the warning says nothing.
  {
    name: 'no quota known at all',
    devices: [hosted('u1', null), sandbox('u2', null)],
    messages: 10,
    expected: { kind: 'none' }
  },
  { name: 'no device', devices: [], messages: 10, expected: { kind: 'none' } }
]
