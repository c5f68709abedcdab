// A campaign the terminal made under its own id for a device the app lists (the same gateway address and token):
// the app, once it holds the dispatcher lease, takes it over for that device and sends each row once.
import { afterEach, expect, it } from 'vitest'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createCampaigns, type Campaigns } from './campaigns'
import { DEFAULT_PACING, type PacingPolicy } from './pacing'
import { SheetRows, type Sheet } from './spreadsheet'
import { CampaignStore } from '../store'

const PACING: PacingPolicy = {
  ...DEFAULT_PACING,
  minDelaySeconds: 5,
  maxDelaySeconds: 10,
  batchPauseMinutes: 0,
  workingHours: null,
  warmUp: null
}

function sheetOf(count: number): Sheet {
  const rows = Array.from({ length: count }, (_, i) => [`Customer ${i + 1}`, `08123456${String(7000 + i)}`])
  return {
    headers: ['Name', 'Phone'],
    rows: SheetRows.of(rows.map((cells, i) => ({ rowNumber: i + 2, cells }))),
    format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
  }
}

let fixture: OutboxFixture

afterEach(async () => {
  await fixture.outbox.stop()
  fixture.close()
})

/** The terminal sends for its own id, the app (once it runs) for its device d1: one gateway account either way. */
function terminalThenApp(): { appRuns: () => void } {
  let appRuns = false
  fixture = makeFixture(
    { visibilityWindowMs: 2_000 },
    (gateway) => (deviceId) => (deviceId === (appRuns ? 'd1' : 'cli-x') ? gateway.clientFor('d1') : undefined)
  )
  return { appRuns: () => (appRuns = true) }
}

/** A campaign of `rows` rows the terminal made and started under its id, killed with `sent` sent and one in doubt. */
async function terminalLeftCampaignMidSend(rows: number, sent: number): Promise<string> {
  const terminal = createCampaigns({ db: fixture.db, queue: fixture.outbox.queue, clock: fixture.clock })
  const { id } = await terminal.create({
    name: 'From the terminal',
    fileName: 'terminal.csv',
    sheet: sheetOf(rows),
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Hi {Name}',
    pacing: PACING,
    devices: ['cli-x']
  })
  await fixture.outbox.start()
  await terminal.start(id)
  await fixture.runUntil(() => fixture.gateway.messages.length === sent, { stepMs: 1000 })
  // The next row reaches the gateway, and the terminal is killed before its answer comes back.
  fixture.gateway.holdAnswers = true
  await fixture.runUntil(() => fixture.gateway.heldCount === 1, { stepMs: 1000 })
  fixture.crash()
  fixture.gateway.holdAnswers = false
  return id
}

it('takes over a campaign the terminal left mid-send for the listed device, and sends each row once', async () => {
  const { appRuns } = terminalThenApp()
  const id = await terminalLeftCampaignMidSend(8, 3)
  expect(fixture.gateway.messages).toHaveLength(4)

  // The app runs (it holds the dispatcher lease: the terminal is gone) and lists the terminal's id for d1.
  appRuns()
  const reopened = fixture.reopen()
  const campaigns: Campaigns = createCampaigns({
    db: fixture.db,
    queue: reopened.queue,
    clock: fixture.clock
  })
  await reopened.start()
  expect(campaigns.adoptTerminalCampaigns(['cli-x'], 'd1')).toEqual([id])
  await fixture.runUntil(() => campaigns.get(id).status === 'finished', { stepMs: 1000, maxSteps: 5000 })

  // Every row reached the gateway once: the one in doubt was found in the reports, not sent again.
  const phones = fixture.gateway.messages.map((m) => m.phone)
  expect(phones).toHaveLength(8)
  expect(new Set(phones).size).toBe(8)
  const view = campaigns.get(id)
  expect(view.counts.accepted).toBe(8)
  // The card names the device, and so does each row's proof.
  expect(view.devices.map((d) => d.deviceId)).toEqual(['d1'])
  expect(new Set(campaigns.results(id).map((r) => r.deviceId))).toEqual(new Set(['d1']))
  // The device's daily cap counts the terminal's sends of the day too: one gateway account sent them all.
  expect(reopened.queue.budgetOf('d1', () => 100)?.sentToday).toBe(8)
  expect(campaigns.adoptTerminalCampaigns(['cli-x'], 'd1')).toEqual([])
})

it('merges the terminal id into the device the campaign already names, keeping a pause', () => {
  fixture = makeFixture()
  const store = new CampaignStore(fixture.db)
  store.beginImport(
    {
      id: 'both',
      name: 'Both',
      fileName: 'both.csv',
      headers: [],
      mapping: {},
      template: '',
      pacing: {},
      devices: ['d1', 'cli-x', 'd2', 'cli-y'],
      seed: 1,
      status: 'draft',
      createdAt: 0,
      updatedAt: 0,
      startedAt: null,
      attachmentName: null,
      blankRows: null
    },
    process.pid
  )
  store.finishImport('both', 1)
  store.setWait('both', 'd1', 'gap', 5_000)
  store.setWait('both', 'cli-x', 'daily_cap', 9_000)
  store.setDevicePaused('both', 'cli-y', 'quota', null)
  store.restartOutcomes('both', 'cli-x', 7)

  store.renameDevice('both', ['cli-x', 'cli-y'], 'd1', 2)
  expect(store.get('both')?.devices).toEqual(['d1', 'd2'])
  expect(store.devices('both')).toEqual([
    expect.objectContaining({
      deviceId: 'd1',
      waitCode: 'daily_cap',
      waitUntil: 9_000,
      pausedReason: 'quota'
    }),
    expect.objectContaining({ deviceId: 'd2', waitCode: null, pausedReason: null })
  ])
  expect(store.outcomesFrom('both', 'd1')).toBe(7)
})
