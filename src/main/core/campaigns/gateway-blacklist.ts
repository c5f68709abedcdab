// The opt-out list, kept here, reaches each device's gateway blacklist (which blocks broadcasts to those numbers there
// too; gateway-api.md §4.10). The gateway cannot list its blacklist, so the push is one way, and what a gateway has
// been given is remembered per device (a settings entry): a device opened for the first time gets the whole list, and
// a gateway that could not be reached gets what it missed when its device is opened or reachable again.
import { z } from 'zod'
import { isGatewayError, type GatewayClient } from '../gateway'
import { SettingsStore, type SqliteDatabase } from '../store'

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

/** Told once a push is over (behind the answer when it went on in the background): the devices it did not reach. */
export type PushSettled = (phones: readonly string[], add: boolean, unreached: readonly string[]) => void

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
    }
    settled?.(phones, add, unreached)
    return results
  }
  if (phones.length === 0) return { background: false, devices: [] }
  if (phones.length <= SYNC_IN_FOREGROUND) return { background: false, devices: await push() }
  // Nothing of it is known to have arrived anywhere when it broke off (and a core stopping meanwhile keeps nothing).
  void push()
    .catch(() => settled?.(phones, add, everyDevice(registry)))
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

/** Per device: whether its gateway holds the whole list, and numbers taken off the list it has not been told of. */
const DeviceBlacklists = z.record(
  z.string(),
  z.object({ listPushed: z.boolean(), toRemove: z.array(z.string()) })
)
type DeviceBlacklist = z.infer<typeof DeviceBlacklists>[string]

const SYNC_KEY = 'optouts.gatewayBlacklists'

/** An entry that cannot be read tells nothing: every device then gets the whole list once more (harmless). */
function readBlacklists(store: SettingsStore): Record<string, DeviceBlacklist> {
  try {
    return DeviceBlacklists.safeParse(store.get(SYNC_KEY)).data ?? {}
  } catch {
    return {}
  }
}

/** What a device's gateway missed of a push: an addition asks for the whole list, a removal is kept to take off. */
function missed(was: DeviceBlacklist, phones: readonly string[], add: boolean): DeviceBlacklist {
  return add
    ? { ...was, listPushed: false }
    : { ...was, toRemove: [...new Set([...was.toRemove, ...phones])] }
}

/**
 * The list changed where the app's gateways are not open (the terminal): every device's gateway but those in `reached`
 * missed it, and catches up when the app next opens it. A device never caught up gets the whole list then anyway.
 */
export function gatewaysMissed(
  db: SqliteDatabase,
  phones: readonly string[],
  add: boolean,
  reached: readonly string[] = []
): void {
  const store = new SettingsStore(db)
  const all = readBlacklists(store)
  for (const deviceId of Object.keys(all))
    if (!reached.includes(deviceId)) all[deviceId] = missed(all[deviceId]!, phones, add)
  store.set(SYNC_KEY, all)
}

export interface OptOutGatewaySync {
  /**
   * The device's client was opened (a start, a device added, a new token) or the device is reachable again: what its
   * gateway misses goes now, in the background (the promise is for tests; callers do not wait for it).
   */
  catchUp(deviceId: string): Promise<void>
  /** Hand to every push of the list: what did not reach a device is kept for its catch-up. */
  settled: PushSettled
  /** The device was removed or given another token: nothing is known of its gateway's blacklist any more. */
  forget(deviceId: string): void
}

export function optOutGatewaySync(deps: {
  db: SqliteDatabase
  registry: CampaignDevices
  /** Every number on the opt-out list. */
  listed: () => readonly string[]
  isListed: (phone: string) => boolean
}): OptOutGatewaySync {
  const store = new SettingsStore(deps.db)
  const read = (): Record<string, DeviceBlacklist> => readBlacklists(store)
  const update = (deviceId: string, change: (was: DeviceBlacklist) => DeviceBlacklist | null): void => {
    const all = read()
    const next = change(all[deviceId] ?? { listPushed: false, toRemove: [] })
    if (next) all[deviceId] = next
    else delete all[deviceId]
    store.set(SYNC_KEY, all)
  }
  /** Devices catching up right now: an opening and a reconnection at once push once. */
  const catchingUp = new Map<string, Promise<void>>()
  /** Of those, the ones a push of a number missed meanwhile: their whole list is not known to be there at the end. */
  const missedWhileCatchingUp = new Set<string>()

  const oneDevice = (deviceId: string): CampaignDevices => ({
    get: (id) => deps.registry.get(id),
    list: () => deps.registry.list().filter((device) => device.id === deviceId),
    openedClient: (id) => deps.registry.openedClient(id)
  })
  /** Pushes to one device; resolves with whether its gateway was reached (a long list goes on in the background). */
  const pushTo = (deviceId: string, phones: readonly string[], add: boolean): Promise<boolean> =>
    new Promise((resolve) => {
      if (phones.length === 0) return resolve(true)
      pushOptOutsToGateways(oneDevice(deviceId), phones, add, (_phones, _add, unreached) =>
        resolve(!unreached.includes(deviceId))
      ).catch(() => resolve(false))
    })

  async function catchUpNow(deviceId: string): Promise<void> {
    const state = read()[deviceId]
    if (state?.listPushed && state.toRemove.length === 0) return
    if (!state?.listPushed) {
      const phones = [...deps.listed()]
      missedWhileCatchingUp.delete(deviceId)
      if (!(await pushTo(deviceId, phones, true)) || missedWhileCatchingUp.has(deviceId)) return
      // A number taken off the list while its whole list went may have gone onto the gateway after its removal.
      const takenOff = phones.filter((phone) => !deps.isListed(phone))
      update(deviceId, (was) => ({
        listPushed: true,
        toRemove: [...new Set([...was.toRemove, ...takenOff])]
      }))
    }
    const toRemove = (read()[deviceId]?.toRemove ?? []).filter((phone) => !deps.isListed(phone))
    if (!(await pushTo(deviceId, toRemove, false))) return
    // A number listed again is the gateway's to keep: its earlier removal is dropped with those just made.
    update(deviceId, (was) => ({
      ...was,
      toRemove: was.toRemove.filter((phone) => !toRemove.includes(phone) && !deps.isListed(phone))
    }))
  }

  return {
    catchUp(deviceId) {
      const running = catchingUp.get(deviceId)
      if (running) return running
      if (!deps.registry.openedClient(deviceId)) return Promise.resolve()
      const run = catchUpNow(deviceId)
        .catch(() => undefined)
        .finally(() => {
          catchingUp.delete(deviceId)
          missedWhileCatchingUp.delete(deviceId)
        })
      catchingUp.set(deviceId, run)
      return run
    },
    settled(phones, add, unreached) {
      for (const deviceId of unreached) {
        if (add && catchingUp.has(deviceId)) missedWhileCatchingUp.add(deviceId)
        update(deviceId, (was) => missed(was, phones, add))
      }
    },
    forget(deviceId) {
      update(deviceId, () => null)
    }
  }
}
