// The opt-out list reaches every device's gateway blacklist: a device that joins (or is first opened) after numbers
// were opted out gets the whole list once, in the background, and what a push could not bring to a gateway that was
// down goes when the device is back, not on every start.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { GatewayError } from '../gateway'
import { openDatabase, type SqliteDatabase } from '../store/database'
import {
  gatewaysMissed,
  optOutGatewaySync,
  pushOptOutsToGateways,
  type CampaignDevices
} from './gateway-blacklist'

let dir: string
let db: SqliteDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-blacklist-test-'))
  db = openDatabase({ dataDir: dir })
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A gateway's blacklist as the app can reach it: every call heard, down (unreachable) when asked. */
class FakeBlacklist {
  readonly calls: string[] = []
  readonly listed = new Set<string>()
  down = false
  blacklist = async (phone: string): Promise<{ message: string }> =>
    this.call(`+${phone}`, () => this.listed.add(phone))
  unblacklist = async (phone: string): Promise<{ message: string }> =>
    this.call(`-${phone}`, () => this.listed.delete(phone))
  private call(what: string, apply: () => void): { message: string } {
    this.calls.push(what)
    if (this.down) throw new GatewayError({ code: 'network', message: 'connection refused' })
    apply()
    return { message: 'ok' }
  }
}

function devices(clients: Record<string, FakeBlacklist | undefined>): CampaignDevices {
  return {
    get: (id) => (id in clients ? { label: id } : undefined),
    list: () => Object.keys(clients).map((id) => ({ id })),
    openedClient: (id) => clients[id]
  }
}

/** The opt-out list, as the campaigns' store answers it. */
function optOutList(phones: string[]): { listed: () => string[]; isListed: (phone: string) => boolean } {
  return { listed: () => [...phones], isListed: (phone) => phones.includes(phone) }
}

it('gives a device opened after numbers were opted out the whole list once, not again after a restart', async () => {
  const list = optOutList(['6281111', '6282222'])
  const first = new FakeBlacklist()
  const clients: Record<string, FakeBlacklist | undefined> = { first }
  await optOutGatewaySync({ db, registry: devices(clients), ...list }).catchUp('first')
  expect(first.calls).toEqual(['+6281111', '+6282222'])

  // The next start opens the same device again: its gateway has the list already.
  const restarted = optOutGatewaySync({ db, registry: devices(clients), ...list })
  await restarted.catchUp('first')
  expect(first.calls).toHaveLength(2)

  // A device added later gets the list; the first one is not asked again.
  const second = new FakeBlacklist()
  clients.second = second
  await restarted.catchUp('second')
  expect(second.calls).toEqual(['+6281111', '+6282222'])
  expect(first.calls).toHaveLength(2)
})

it('sends a long list in the background, without holding the caller, and keeps that it went', async () => {
  const phones = Array.from({ length: 60 }, (_, i) => `62812${String(i).padStart(5, '0')}`)
  const gateway = new FakeBlacklist()
  const sync = optOutGatewaySync({ db, registry: devices({ gateway }), ...optOutList(phones) })
  const done = sync.catchUp('gateway')
  expect(gateway.calls.length).toBeLessThan(phones.length)
  await done
  expect(gateway.listed).toEqual(new Set(phones))
  await optOutGatewaySync({ db, registry: devices({ gateway }), ...optOutList(phones) }).catchUp('gateway')
  expect(gateway.calls).toHaveLength(phones.length)
})

it('tries again at the next opening when the gateway was down, stopping at the first unreachable call', async () => {
  const list = optOutList(['6281111', '6282222', '6283333'])
  const gateway = new FakeBlacklist()
  gateway.down = true
  const sync = optOutGatewaySync({ db, registry: devices({ gateway }), ...list })
  await sync.catchUp('gateway')
  expect(gateway.calls).toEqual(['+6281111'])
  gateway.down = false
  await optOutGatewaySync({ db, registry: devices({ gateway }), ...list }).catchUp('gateway')
  expect(gateway.listed).toEqual(new Set(['6281111', '6282222', '6283333']))
})

it('keeps what a push could not bring to a gateway that was down, and brings it when the device is back', async () => {
  const phones = ['6281111']
  const list = { listed: () => [...phones], isListed: (phone: string) => phones.includes(phone) }
  const up = new FakeBlacklist()
  const away = new FakeBlacklist()
  const registry = devices({ up, away })
  const sync = optOutGatewaySync({ db, registry, ...list })
  await sync.catchUp('up')
  await sync.catchUp('away')

  away.down = true
  phones.push('6282222')
  await pushOptOutsToGateways(registry, ['6282222'], true, sync.settled)
  phones.splice(phones.indexOf('6281111'), 1)
  await pushOptOutsToGateways(registry, ['6281111'], false, sync.settled)
  expect(up.listed).toEqual(new Set(['6282222']))
  expect(away.listed).toEqual(new Set(['6281111']))

  // Back (the monitor sees it reachable, or the next start opens it): it gets the number and loses the other.
  away.down = false
  await optOutGatewaySync({ db, registry, ...list }).catchUp('away')
  expect(away.listed).toEqual(new Set(['6282222']))
  // The device that was up is not sent the list again.
  const upCalls = up.calls.length
  await sync.catchUp('up')
  expect(up.calls).toHaveLength(upCalls)
})

it('a device forgotten (removed, or given a new token) gets the whole list when it is opened again', async () => {
  const list = optOutList(['6281111'])
  const gateway = new FakeBlacklist()
  const sync = optOutGatewaySync({ db, registry: devices({ gateway }), ...list })
  await sync.catchUp('gateway')
  sync.forget('gateway')
  await sync.catchUp('gateway')
  expect(gateway.calls).toEqual(['+6281111', '+6281111'])
})

it('forgets a removal it kept once the number is listed again, and does not take it off a second time', async () => {
  const phones = ['6281111']
  const list = { listed: () => [...phones], isListed: (phone: string) => phones.includes(phone) }
  const gateway = new FakeBlacklist()
  const registry = devices({ gateway })
  const sync = optOutGatewaySync({ db, registry, ...list })
  await sync.catchUp('gateway')
  gateway.down = true
  phones.length = 0
  await pushOptOutsToGateways(registry, ['6281111'], false, sync.settled)
  phones.push('6281111')
  await pushOptOutsToGateways(registry, ['6281111'], true, sync.settled)
  gateway.down = false
  await sync.catchUp('gateway')
  expect(gateway.listed).toEqual(new Set(['6281111']))

  // Taken off while the gateway is up: the push says so once, and later catch-ups have nothing to add to it.
  phones.length = 0
  await pushOptOutsToGateways(registry, ['6281111'], false, sync.settled)
  const calls = gateway.calls.length
  await sync.catchUp('gateway')
  expect(gateway.calls).toHaveLength(calls)
})

it("keeps a change the terminal recorded while the app's catch-up of that device was under way", async () => {
  // The app and the terminal: two processes over one data folder, each with its own connection.
  const terminalDb = openDatabase({ dataDir: dir })
  try {
    const phones = ['6281111']
    const list = { listed: () => [...phones], isListed: (phone: string) => phones.includes(phone) }
    const gateway = new FakeBlacklist()
    let letThrough: () => void = () => undefined
    const held = new Promise<void>((resolve) => (letThrough = resolve))
    const slow = {
      blacklist: async (phone: string) => (await held, gateway.blacklist(phone)),
      unblacklist: async (phone: string) => (await held, gateway.unblacklist(phone))
    } as unknown as FakeBlacklist
    const app = optOutGatewaySync({ db, registry: devices({ shop: slow }), ...list })
    const catchingUp = app.catchUp('shop')

    // Meanwhile the terminal opts a number out; its gateway is not open there.
    phones.push('6282222')
    gatewaysMissed(terminalDb, ['6282222'], true)
    letThrough()
    await catchingUp

    // The app's next catch-up brings what the terminal changed.
    await optOutGatewaySync({ db, registry: devices({ shop: gateway }), ...list }).catchUp('shop')
    expect(gateway.listed).toEqual(new Set(['6281111', '6282222']))
  } finally {
    terminalDb.close()
  }
})
