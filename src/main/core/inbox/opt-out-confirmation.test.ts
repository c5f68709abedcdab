// A STOP's blacklist push waits for its confirmation to leave the queue, and that wait is kept in the data folder with
// the opt-out: an app that quits meanwhile makes the push at its next start, once the confirmation left, exactly once,
// and a device catching up with the whole list before then leaves the number alone.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { optOutGatewaySync, type CampaignDevices } from '../campaigns'
import { GatewayBlacklistStore, openDatabase, type SqliteDatabase } from '../store'
import type { KeywordChange } from './apply'
import { optOutConfirmations, type OptOutConfirmationDeps } from './opt-out-confirmation'

let dir: string
const opened: SqliteDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'opt-out-confirmation-test-'))
})
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A process's connection to the data folder (the app before and after a restart, each its own). */
function connect(): SqliteDatabase {
  const db = openDatabase({ dataDir: dir })
  opened.push(db)
  return db
}

const CUSTOMER = '6281300000009'
const STOP: KeywordChange = {
  phone: CUSTOMER,
  action: 'opt-out',
  eventId: 41,
  deviceSerial: 'SERIAL-SHOP',
  devicePhone: null
}

/** The gateway's blacklist: every call heard. */
function gatewayBlacklist() {
  const calls: string[] = []
  return {
    calls,
    client: {
      blacklist: async (phone: string) => (calls.push(`+${phone}`), { message: 'ok' }),
      unblacklist: async (phone: string) => (calls.push(`-${phone}`), { message: 'ok' })
    }
  }
}

/** One run of the app over `db`: its blacklists and its confirmations, the queue's answers the test's to give. */
function app(db: SqliteDatabase, gateway: ReturnType<typeof gatewayBlacklist>['client'], listed: string[]) {
  const registry: CampaignDevices = {
    get: () => ({ label: 'Shop' }),
    list: () => [{ id: 'shop' }],
    openedClient: () => gateway
  }
  const blacklists = optOutGatewaySync({
    db,
    registry,
    listed: () => [...listed],
    isListed: (phone) => listed.includes(phone)
  })
  const replies: string[] = []
  let leave: () => void = () => undefined
  const left = new Promise<void>((resolve) => (leave = resolve))
  let released = Promise.resolve()
  const deps: OptOutConfirmationDeps = {
    db,
    now: () => 1_000,
    text: () => 'Baik, Anda tidak akan menerima pesan lagi.',
    deviceIdOf: () => 'shop',
    reply: async (request) => (replies.push(request.requestId), { itemIds: [request.requestId] }),
    settled: () => left,
    released: () => void (released = blacklists.catchUpAll()),
    failed: (error) => {
      throw error
    }
  }
  return {
    blacklists,
    confirmations: optOutConfirmations(deps),
    replies,
    /** The confirmation leaves the queue; resolves once its push went. */
    async confirmationLeft() {
      leave()
      await expect.poll(() => new GatewayBlacklistStore(db).waits()).toEqual([])
      await released
    }
  }
}

it('pushes a STOP after a restart once its confirmation left, exactly once, and not in a catch-up before', async () => {
  const listed = ['6281111']
  const gateway = gatewayBlacklist()
  const first = app(connect(), gateway.client, listed)
  await first.blacklists.catchUp('shop')
  expect(gateway.calls).toEqual(['+6281111'])

  // The STOP: the number goes on the list and its confirmation's wait is kept, in one transaction.
  const db = opened[0]!
  db.transaction(() => {
    listed.push(CUSTOMER)
    first.confirmations.owe(STOP)
  })()
  first.confirmations.send([STOP])
  expect(first.replies).toEqual(['optout-confirm:41'])
  // The app quits before the confirmation left the queue.
  first.confirmations.stop()
  db.close()

  const again = app(connect(), gateway.client, listed)
  // Nothing is known of the device's gateway any more (its token given again): the whole list but the number waiting.
  again.blacklists.forget('shop')
  await again.blacklists.catchUp('shop')
  expect(gateway.calls).toEqual(['+6281111', '+6281111'])
  again.confirmations.resume()
  // The confirmation is asked for again by its request id (found in the queue, not added), and left alone until then.
  expect(again.replies).toEqual(['optout-confirm:41'])
  await again.blacklists.catchUp('shop')
  expect(gateway.calls).not.toContain(`+${CUSTOMER}`)

  await again.confirmationLeft()
  await again.blacklists.catchUpAll()
  expect(gateway.calls.filter((call) => call === `+${CUSTOMER}`)).toHaveLength(1)
})

it('keeps no wait for a STOP without a confirmation text: its push goes at once', () => {
  const db = connect()
  const confirmations = optOutConfirmations({
    db,
    now: () => 1_000,
    text: () => '  ',
    deviceIdOf: () => 'shop',
    reply: async () => ({ itemIds: [] }),
    settled: async () => undefined,
    released: () => undefined,
    failed: () => undefined
  })
  confirmations.owe(STOP)
  expect(new GatewayBlacklistStore(db).waits()).toEqual([])
})
