// The quota words' tables. Which devices they name as ones to top up (device-status.ts, quotaToppedUpBy): only those
// whose quota can hold the messages back. An unlimited quota never does, nor a count that covers every message the
// devices carry between them; a quota not known (not read yet) may. And a send's shortfall counted device by device
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
 * One table for a send's quota shortfall counted device by device (domain/send-budget.ts, quotaShortfall): each
 * device's share of the messages (rotation gives row r to device r % n, so the first devices take one more of an
 * uneven split) against its own quota. A quota not known is said unknown for that device, an unlimited one is no
 * shortfall for that device only: neither hides another device running out. Run by the domain and by the pre-send
 * summaries' words (budget-words.tsx), which name the devices short and those not known.
 */
export interface QuotaShortfallCase {
  name: string
  devices: readonly Device[]
  messages: number
  expected: {
    /** The messages short, summed over the devices whose quota is a count. */
    short: number
    devices: readonly (
      | { id: string; share: number; kind: 'short'; short: number }
      | { id: string; share: number; kind: 'covered' | 'unknown' | 'unlimited' }
    )[]
  }
}

export const QUOTA_SHORTFALL_CASES: readonly QuotaShortfallCase[] = [
  {
    name: 'one device: its quota against every message',
    devices: [hosted('h', 10)],
    messages: 12,
    expected: { short: 2, devices: [{ id: 'h', share: 12, kind: 'short', short: 2 }] }
  },
  {
    name: 'a hosted device short beside an unlimited sandbox one: the hosted one is still short',
    devices: [hosted('h', 50), sandbox('s', 'unlimited')],
    messages: 200,
    expected: {
      short: 50,
      devices: [
        { id: 'h', share: 100, kind: 'short', short: 50 },
        { id: 's', share: 100, kind: 'unlimited' }
      ]
    }
  },
  {
    name: 'a hosted device short beside one whose quota is not known: one short, one unknown',
    devices: [hosted('h', 50), hosted('u', null)],
    messages: 200,
    expected: {
      short: 50,
      devices: [
        { id: 'h', share: 100, kind: 'short', short: 50 },
        { id: 'u', share: 100, kind: 'unknown' }
      ]
    }
  },
  {
    name: 'one short, one unknown, one unlimited',
    devices: [hosted('h', 10), hosted('u', null), sandbox('s', 'unlimited')],
    messages: 100,
    expected: {
      short: 24,
      devices: [
        { id: 'h', share: 34, kind: 'short', short: 24 },
        { id: 'u', share: 33, kind: 'unknown' },
        { id: 's', share: 33, kind: 'unlimited' }
      ]
    }
  },
  {
    name: 'quotas that together cover the set but one not its own share',
    devices: [hosted('h1', 10), hosted('h2', 500)],
    messages: 100,
    expected: {
      short: 40,
      devices: [
        { id: 'h1', share: 50, kind: 'short', short: 40 },
        { id: 'h2', share: 50, kind: 'covered' }
      ]
    }
  },
  {
    name: 'an uneven split: the first device takes one more',
    devices: [hosted('a', 3), sandbox('b', 3)],
    messages: 7,
    expected: {
      short: 1,
      devices: [
        { id: 'a', share: 4, kind: 'short', short: 1 },
        { id: 'b', share: 3, kind: 'covered' }
      ]
    }
  },
  {
    name: 'both short: the shortfalls add up',
    devices: [hosted('h', 2), sandbox('s', 0)],
    messages: 10,
    expected: {
      short: 8,
      devices: [
        { id: 'h', share: 5, kind: 'short', short: 3 },
        { id: 's', share: 5, kind: 'short', short: 5 }
      ]
    }
  },
  {
    name: 'every quota covers its share: none short',
    devices: [hosted('h1', 100), hosted('h2', 100)],
    messages: 200,
    expected: {
      short: 0,
      devices: [
        { id: 'h1', share: 100, kind: 'covered' },
        { id: 'h2', share: 100, kind: 'covered' }
      ]
    }
  },
  {
    name: 'quotas not known: none short, each unknown',
    devices: [hosted('u1', null), sandbox('u2', null)],
    messages: 10,
    expected: {
      short: 0,
      devices: [
        { id: 'u1', share: 5, kind: 'unknown' },
        { id: 'u2', share: 5, kind: 'unknown' }
      ]
    }
  },
  {
    name: 'fewer messages than devices: a device with none to send is not short',
    devices: [hosted('h1', 0), hosted('h2', 0)],
    messages: 1,
    expected: {
      short: 1,
      devices: [
        { id: 'h1', share: 1, kind: 'short', short: 1 },
        { id: 'h2', share: 0, kind: 'covered' }
      ]
    }
  },
  { name: 'no device', devices: [], messages: 10, expected: { short: 0, devices: [] } }
]
