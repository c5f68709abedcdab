// One table for which devices the quota words name as ones to top up (device-status.ts, quotaToppedUpBy): only those
// whose quota can hold the messages back. An unlimited quota never does, nor a count that covers every message the
// devices carry between them; a quota not known (not read yet) may.
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
