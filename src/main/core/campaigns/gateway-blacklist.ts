// The opt-out list, kept here, reaches each device's gateway blacklist (which blocks broadcasts to those numbers there
// too; gateway-api.md §4.10). The gateway cannot list its blacklist, so the push is one way, and what a gateway has
// been given is remembered per device and number (the store's gateway_blacklist_entries): a device opened for the first
// time gets the whole list, and a gateway that could not be reached gets what it missed when its device is opened or
// reachable again. A number whose STOP confirmation is still in the queue waits (opt_out_confirmation_waits).
import { isGatewayError, type GatewayClient } from '../gateway'
import { GatewayBlacklistStore, type SqliteDatabase } from '../store'

/**
 * What the opt-out pushes ask of the devices (the app's DeviceRegistry; the terminal's one device): a device by id,
 * the devices whose gateways get the opt-out list, and a device's opened client.
 */
export interface CampaignDevices {
  get(id: string): { label: string } | undefined
  list(): readonly { id: string }[]
  openedClient(id: string): Pick<GatewayClient, 'blacklist' | 'unblacklist'> | undefined
}

/** Up to this many numbers are pushed to the gateways' blacklists before answering; a longer list goes on behind. */
const SYNC_IN_FOREGROUND = 20

export interface GatewaySync {
  background: boolean
  devices: { deviceId: string; ok: boolean; message: string | null }[]
}

/** Told once a push is over (behind the answer when it went on in the background): the devices it did and did not reach. */
export type PushSettled = (
  phones: readonly string[],
  add: boolean,
  unreached: readonly string[],
  reached: readonly string[]
) => void

/** The gateway refused this number (not one, not on its blacklist), not the device's every call. */
function refusedOneNumber(error: unknown): boolean {
  return isGatewayError(error) && (error.code === 'rejected' || error.code === 'invalid_input')
}

/**
 * Pushes numbers onto (or off) the blacklist of every device's gateway whose client is open. A gateway without the
 * API answers an error, reported per device: the local list still applies. A device whose gateway cannot take any
 * (down, timing out, its token refused, no such API) is not asked for the rest of the numbers; `settled` hears of
 * it, and of each device not opened.
 */
export async function pushOptOutsToGateways(
  registry: CampaignDevices,
  phones: readonly string[],
  add: boolean,
  settled?: PushSettled
): Promise<GatewaySync> {
  const push = async (): Promise<GatewaySync['devices']> => {
    const results: GatewaySync['devices'] = []
    const unreached: string[] = []
    const reached: string[] = []
    for (const device of registry.list()) {
      const client = registry.openedClient(device.id)
      if (!client) {
        unreached.push(device.id)
        continue
      }
      let message: string | null = null
      for (const phone of phones) {
        try {
          await (add ? client.blacklist(phone) : client.unblacklist(phone))
        } catch (error) {
          message ??= error instanceof Error ? error.message : String(error)
          if (!refusedOneNumber(error)) {
            unreached.push(device.id)
            break
          }
        }
      }
      results.push({ deviceId: device.id, ok: message === null, message })
      if (!unreached.includes(device.id)) reached.push(device.id)
    }
    settled?.(phones, add, unreached, reached)
    return results
  }
  if (phones.length === 0) return { background: false, devices: [] }
  if (phones.length <= SYNC_IN_FOREGROUND) return { background: false, devices: await push() }
  // Nothing of it is known to have arrived anywhere when it broke off (and a core stopping meanwhile keeps nothing).
  void push()
    .catch(() => settled?.(phones, add, everyDevice(registry), []))
    .catch(() => undefined)
  return { background: true, devices: [] }
}

function everyDevice(registry: CampaignDevices): string[] {
  try {
    return registry.list().map((device) => device.id)
  } catch {
    return []
  }
}

/**
 * The list changed where the app's gateways are not open (the terminal): the devices in `reached` took the change; every
 * other device's gateway finds it missing from its rows at its next catch-up, so nothing need be written for those.
 */
export function gatewaysMissed(
  db: SqliteDatabase,
  phones: readonly string[],
  add: boolean,
  reached: readonly string[] = []
): void {
  const store = new GatewayBlacklistStore(db)
  for (const deviceId of reached) store.pushed(deviceId, phones, add)
}

export interface OptOutGatewaySync {
  /**
   * The device's client was opened (a start, a device added, a new token) or the device is reachable again: what its
   * gateway misses goes now, in the background (the promise is for tests; callers do not wait for it). Asked while one
   * runs, it runs once more after it, so a change made meanwhile is not left for the next opening.
   */
  catchUp(deviceId: string): Promise<void>
  /** Every device catches up (a number's confirmation left the queue: its push may go now). */
  catchUpAll(): Promise<void>
  /** Hand to every push of the list: what reached a device is kept, what did not is found by its catch-up. */
  settled: PushSettled
  /** The device was removed or given another token: nothing is known of its gateway's blacklist any more. */
  forget(deviceId: string): void
}

/** A catch-up keeps what went this often, so a stop in the middle of a long list sends little of it again. */
const RECORD_EVERY = 50

export function optOutGatewaySync(deps: {
  db: SqliteDatabase
  registry: CampaignDevices
  /** Every number on the opt-out list. */
  listed: () => readonly string[]
  isListed: (phone: string) => boolean
}): OptOutGatewaySync {
  const store = new GatewayBlacklistStore(deps.db)
  /** Devices catching up right now, and the run asked for after each (one at most). */
  const catchingUp = new Map<string, Promise<void>>()
  const queuedAfter = new Map<string, Promise<void>>()

  type Blacklist = Pick<GatewayClient, 'blacklist' | 'unblacklist'>
  /** Pushes one number at a time, keeping each that went; false when the gateway could not be reached. */
  async function pushEach(
    deviceId: string,
    client: Blacklist,
    phones: readonly string[],
    add: boolean
  ): Promise<boolean> {
    let went: string[] = []
    const keep = (): void => {
      store.pushed(deviceId, went, add)
      went = []
    }
    try {
      for (const phone of phones) {
        try {
          await (add ? client.blacklist(phone) : client.unblacklist(phone))
        } catch (error) {
          // A number the gateway refuses (not one, or not on its blacklist) is not asked again.
          if (!refusedOneNumber(error)) return false
        }
        went.push(phone)
        if (went.length >= RECORD_EVERY) keep()
      }
      return true
    } finally {
      keep()
    }
  }

  async function catchUpNow(deviceId: string): Promise<void> {
    const client = deps.registry.openedClient(deviceId)
    if (!client) return
    const given = store.onGateway(deviceId)
    // A number whose confirmation is still in the queue goes once it left (the blacklist would refuse it).
    const waiting = store.waitingPhones()
    const toAdd = deps.listed().filter((phone) => !given.has(phone) && !waiting.has(phone))
    if (!(await pushEach(deviceId, client, toAdd, true))) return
    const toRemove = [...store.onGateway(deviceId)].filter((phone) => !deps.isListed(phone))
    await pushEach(deviceId, client, toRemove, false)
  }

  function catchUp(deviceId: string): Promise<void> {
    const running = catchingUp.get(deviceId)
    if (running) {
      const queued = queuedAfter.get(deviceId)
      if (queued) return queued
      const next = running.then(() => {
        queuedAfter.delete(deviceId)
        return catchUp(deviceId)
      })
      queuedAfter.set(deviceId, next)
      return next
    }
    if (!deps.registry.openedClient(deviceId)) return Promise.resolve()
    const run = catchUpNow(deviceId)
      .catch(() => undefined)
      .finally(() => catchingUp.delete(deviceId))
    catchingUp.set(deviceId, run)
    return run
  }

  return {
    catchUp,
    async catchUpAll() {
      await Promise.all(everyDevice(deps.registry).map((id) => catchUp(id)))
    },
    settled(phones, add, _unreached, reached) {
      for (const deviceId of reached) store.pushed(deviceId, phones, add)
    },
    forget(deviceId) {
      store.forget(deviceId)
    }
  }
}
