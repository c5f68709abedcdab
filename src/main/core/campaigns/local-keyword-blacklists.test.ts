// A customer's keyword honoured by a process that opens no gateway (the terminal's inbox commands): the list changes
// there, and the app's next catch-up brings it to every device's gateway blacklist (localKeywordOptOuts' promise).
import { afterEach, beforeEach, expect, it } from 'vitest'
import { systemClock } from '../clock'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createCampaigns } from './campaigns'
import { optOutGatewaySync, type CampaignDevices } from './gateway-blacklist'
import { localKeywordOptOuts } from './opt-out-keywords'

let fx: OutboxFixture
beforeEach(() => {
  fx = makeFixture({ tracking: false })
})
afterEach(() => fx.close())

it("a STOP and a MULAI taken in the terminal reach the gateway's blacklist at the app's next catch-up", async () => {
  const calls: string[] = []
  const gateway = {
    blacklist: async (phone: string) => (calls.push(`+${phone}`), { message: 'ok' }),
    unblacklist: async (phone: string) => (calls.push(`-${phone}`), { message: 'ok' })
  }
  const registry: CampaignDevices = {
    get: () => ({ label: 'Shop' }),
    list: () => [{ id: 'shop' }],
    openedClient: () => gateway
  }
  const campaigns = createCampaigns({ db: fx.db, queue: fx.outbox.queue, clock: systemClock })
  const app = () =>
    optOutGatewaySync({
      db: fx.db,
      registry,
      listed: () => campaigns.optOuts.list().map((entry) => entry.phone),
      isListed: (phone) => campaigns.optOuts.has(phone)
    })
  // The app ran once: the device's gateway holds the (empty) list.
  await app().catchUp('shop')

  const terminal = localKeywordOptOuts({ db: fx.db, queue: fx.outbox.queue, clock: systemClock })
  expect(terminal.apply('6281234567899', 'opt-out', 'STOP')).toBe('opted-out')
  terminal.committed([{ phone: '6281234567899', action: 'opt-out' }])
  await app().catchUp('shop')
  expect(calls).toEqual(['+6281234567899'])

  expect(terminal.apply('6281234567899', 'opt-in', 'MULAI')).toBe('opted-in')
  terminal.committed([{ phone: '6281234567899', action: 'opt-in' }])
  await app().catchUp('shop')
  expect(calls).toEqual(['+6281234567899', '-6281234567899'])
})
