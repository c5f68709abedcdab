// A device's daily cap through the composed core: one budget for the number, counted across every campaign and direct
// send (two campaigns at once no longer double a number's exposure), shown on the device.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCommandLine, openSettings } from '../../src/main/core/compose-command-line'
import { openDatabase } from '../../src/main/core/store'
import type { Core } from '../../src/main/core/compose'
import type { DeviceView } from '../../src/shared/contract'
import { computerTimeZone, dayBoundsOn, offsetAt } from '../../src/shared/domain/zoned-time'
import {
  clockFrom,
  composeSandboxCore,
  linkSandboxDevice,
  QUICK_PACING,
  startedCampaign
} from './testing/sandbox-core'

let core: Core

beforeEach(async () => {
  core = await composeSandboxCore('sd-budget-')
})
afterEach(async () => core.stop())

const linkedDevice = (): Promise<string> => linkSandboxDevice(core)

it('holds two campaigns and a direct send on one device to its daily cap of 3 in all, and the device says so', async () => {
  const deviceId = await linkedDevice()
  const view = await core.handlers['devices:setDailyCap']({ id: deviceId, dailyCap: 3 })
  expect(view.dailyCap).toBe(3)
  await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081200000001'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'direct' }]
  })
  await startedCampaign(core, deviceId, 'january', ['081211110001', '081211110002', '081211110003'])
  await startedCampaign(core, deviceId, 'february', ['081222220001', '081222220002', '081222220003'])
  const sentSoFar = async (): Promise<number> =>
    (await core.handlers['outbox:list']({ offset: 0, limit: 100 })).items.filter((i) => i.gatewayId !== null)
      .length
  for (let i = 0; i < 60 && (await sentSoFar()) < 3; i++)
    await new Promise((resolve) => setTimeout(resolve, 50))
  // Time for a fourth to slip through, if the cap let it.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(await sentSoFar()).toBe(3)
  const device = (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
  expect(device?.sentToday?.count).toBe(3)
  // Those left wait for the device's midnight, saying why.
  const waiting = (await core.handlers['outbox:list']({ offset: 0, limit: 100, status: ['queued'] })).items
  expect(waiting).toHaveLength(4)
})

it('shows a send in the device’s "sent today" as the gateway takes it, without waiting for the next poll', async () => {
  // No poll in the way: every view update seen comes from the sends.
  await core.stop()
  core = await composeSandboxCore('sd-budget-quiet-', undefined, {
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
  })
  const deviceId = await linkedDevice()
  const shown: (number | undefined)[] = []
  core.events.subscribe((event, payload) => {
    if (event !== 'devices:changed') return
    const { devices } = payload as { devices: { id: string; sentToday?: { count: number } }[] }
    shown.push(devices.find((d) => d.id === deviceId)?.sentToday?.count)
  })
  await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081200000001', '081200000002'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'direct' }]
  })
  await expect.poll(() => shown.at(-1), { timeout: 5_000 }).toBe(2)
})

it("shows the gateway's quota as each send's answer gives it, without waiting for the next poll", async () => {
  // No poll in the way: the quota seen after the sends is the one the gateway gave in its answers to them.
  await core.stop()
  core = await composeSandboxCore('sd-quota-quiet-', undefined, {
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
  })
  const deviceId = await linkedDevice()
  const before = (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)?.quota
  expect(typeof before).toBe('number')
  const shown: unknown[] = []
  core.events.subscribe((event, payload) => {
    if (event !== 'devices:changed') return
    const { devices } = payload as { devices: { id: string; quota: unknown }[] }
    shown.push(devices.find((d) => d.id === deviceId)?.quota)
  })
  await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081200000001', '081200000002'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'direct' }]
  })
  // The sandbox takes one message of quota per send, as the hosted gateway does.
  await expect.poll(() => shown.at(-1), { timeout: 5_000 }).toBe(Number(before) - 2)
  const listed = (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
  expect(listed?.quota).toBe(Number(before) - 2)
})

it("estimates a campaign's end past the device's midnight when its own daily cap cannot send every row today (QA6 Q04)", async () => {
  const deviceId = await linkedDevice()
  await core.handlers['devices:setDailyCap']({ id: deviceId, dailyCap: 2 })
  const phones = Array.from({ length: 6 }, (_, i) => `08123450${String(i).padStart(4, '0')}`)
  const csv = ['Name,Phone', ...phones.map((phone, i) => `Pelanggan ${i},${phone}`)].join('\n')
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'promo.csv', dataBase64: Buffer.from(csv).toString('base64') }],
    purpose: 'spreadsheet'
  })
  const sheet = await core.handlers['campaigns:read']({ handle: files[0]!.handle })
  const check = (devices?: string[]) =>
    core.handlers['campaigns:check']({
      sheetId: sheet.sheetId,
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: 'Halo {Name}',
      pacing: QUICK_PACING,
      deviceCount: 1,
      ...(devices ? { devices } : {})
    })
  const device = (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
  const midnight = Date.parse(device?.sentToday?.resetsAt ?? '')
  expect(Number.isFinite(midnight)).toBe(true)
  // The campaign's pacing alone would send all six within seconds; the device sends 2 a day: the last goes two
  // midnights from now, and the summary no longer promises today.
  const held = (await check([deviceId])).estimate?.finishAt ?? null
  expect(held).not.toBeNull()
  expect(held!).toBeGreaterThanOrEqual(midnight + 86_400_000)
  const unheld = (await check()).estimate?.finishAt ?? null
  expect(unheld!).toBeLessThan(midnight)
  // A started campaign's own estimate holds it to the cap the same way.
  const id = await startedCampaign(core, deviceId, 'promo', phones)
  const started = await core.handlers['campaigns:get']({ id })
  expect(started.estimate.finishAt ?? 0).toBeGreaterThanOrEqual(midnight + 86_400_000)
})

it("gives the rows a device's gateway quota covers their own end in the check's estimate, the rest waiting", async () => {
  const deviceId = await linkedDevice()
  const sandbox = await core.sandbox.current()
  const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
  await sandbox?.control.setQuota(token, 2)
  expect((await core.handlers['devices:refresh']({ id: deviceId })).quota).toBe(2)
  const phones = Array.from({ length: 6 }, (_, i) => `08123460${String(i).padStart(4, '0')}`)
  const csv = ['Name,Phone', ...phones.map((phone, i) => `Pelanggan ${i},${phone}`)].join('\n')
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'quota.csv', dataBase64: Buffer.from(csv).toString('base64') }],
    purpose: 'spreadsheet'
  })
  const sheet = await core.handlers['campaigns:read']({ handle: files[0]!.handle })
  const { estimate } = await core.handlers['campaigns:check']({
    sheetId: sheet.sheetId,
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Halo {Name}',
    pacing: QUICK_PACING,
    deviceCount: 1,
    devices: [deviceId]
  })
  const finish = estimate?.quotaFinish
  if (finish?.kind !== 'part') throw new Error(`expected a part covered, got ${JSON.stringify(finish)}`)
  expect([finish.covered, finish.waiting]).toEqual([2, 4])
  // The 2 covered go before every row would have: their end is known, and not the end of all six.
  expect(finish.at).not.toBeNull()
  expect(finish.at!).toBeLessThan(estimate!.finishAt!)
})

it("gives a saved draft's part its device's gateway quota covers an end, as the check does", async () => {
  // The draft's "Before you start" took its figures from the campaign's view, which has no quota part: it said the
  // covered part had no estimated end.
  const deviceId = await linkedDevice()
  const sandbox = await core.sandbox.current()
  const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
  await sandbox?.control.setQuota(token, 2)
  expect((await core.handlers['devices:refresh']({ id: deviceId })).quota).toBe(2)
  const phones = Array.from({ length: 6 }, (_, i) => `08123461${String(i).padStart(4, '0')}`)
  const csv = ['Name,Phone', ...phones.map((phone, i) => `Pelanggan ${i},${phone}`)].join('\n')
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'quota.csv', dataBase64: Buffer.from(csv).toString('base64') }],
    purpose: 'spreadsheet'
  })
  const sheet = await core.handlers['campaigns:read']({ handle: files[0]!.handle })
  const request = {
    sheetId: sheet.sheetId,
    mapping: { phone: 'Phone', variables: ['Name'] },
    template: 'Halo {Name}',
    pacing: QUICK_PACING
  }
  const checked = await core.handlers['campaigns:check']({ ...request, deviceCount: 1, devices: [deviceId] })
  const draft = await core.handlers['campaigns:create']({ ...request, name: 'quota', devices: [deviceId] })
  const { estimate } = await core.handlers['campaigns:checkDraft']({ id: draft.id })
  const finish = estimate.quotaFinish
  if (finish.kind !== 'part') throw new Error(`expected a part covered, got ${JSON.stringify(finish)}`)
  expect([finish.covered, finish.waiting]).toEqual([2, 4])
  expect(finish.at).not.toBeNull()
  expect(finish.at!).toBeLessThan(estimate.finishAt!)
  // The same code as the check's: seeded alike, the covered part ends as long after now as the check said.
  const checkedFinish = checked.estimate?.quotaFinish
  if (checkedFinish?.kind !== 'part') throw new Error('the check gave no part')
  expect(finish.at! - estimate.finishAt!).toBe(checkedFinish.at! - checked.estimate!.finishAt!)
})

it('shows no quota left once the gateway refuses a send for quota, without waiting for the next poll (QA12 Q12-10)', async () => {
  // No poll in the way (the walk's device had its statuses by push: polled every 15 min): the figure must follow the
  // refusal itself, or the card says "998 messages left" beside a message that waits for quota.
  await core.stop()
  core = await composeSandboxCore('sd-quota-refused-', undefined, {
    pollIntervals: { idleMs: 10 * 60_000, linkingMs: 10 * 60_000, settlingMs: 10 * 60_000 }
  })
  const deviceId = await linkedDevice()
  const shownBefore = (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)?.quota
  expect(shownBefore).toBeGreaterThan(0)
  const sandbox = await core.sandbox.current()
  const token = (await sandbox?.control.devices())?.[0]?.token ?? ''
  await sandbox?.control.setQuota(token, 0)
  await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081200000001'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'direct' }]
  })
  const shown = async (): Promise<unknown> =>
    (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)?.quota
  await expect.poll(shown, { timeout: 5_000 }).toBe(0)
  // The message waits with its device; nothing was taken.
  const items = (await core.handlers['outbox:list']({ offset: 0, limit: 10 })).items
  expect(items.map((i) => i.status)).toEqual(['queued'])
  expect(await sandbox?.control.messages()).toHaveLength(0)
})

it('sends what the cap held as soon as the operator raises it, within the new cap', async () => {
  const deviceId = await linkedDevice()
  await core.handlers['devices:setDailyCap']({ id: deviceId, dailyCap: 1 })
  await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081200000001', '081200000002', '081200000003', '081200000004'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'direct' }]
  })
  const sentSoFar = async (): Promise<number> =>
    (await core.handlers['outbox:list']({ offset: 0, limit: 100 })).items.filter((i) => i.gatewayId !== null)
      .length
  await expect.poll(sentSoFar, { timeout: 5_000 }).toBe(1)
  await core.handlers['devices:setDailyCap']({ id: deviceId, dailyCap: 3 })
  await expect.poll(sentSoFar, { timeout: 5_000 }).toBe(3)
  // Time for a fourth to slip through, if the new cap let it.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(await sentSoFar()).toBe(3)
})

// QA29 Q29-04: the cap's day followed the computer's zone (UTC) while the window speaks the operator's (WITA): "it
// goes on at 1 Dec 2026, 00:00 UTC" above "Next attempt 1 Dec 2026, 08:00 WITA". The cap's day is the operator's.
// Run on a clock set to each hour that matters, whatever the hour the suite runs at: on the real clock the zone change
// met the next date there only between 15:00 and 16:00 UTC, and failed in that hour alone (CI, stop 29).
it("starts a daily cap's day at the operator's midnight, names that zone in the wait, and moves with the zone (10:00 UTC: one date in both zones)", () =>
  capDayFollowsTheZone(Date.UTC(2026, 11, 1, 10, 0)))

it("starts a daily cap's day at the operator's midnight, names that zone in the wait, and moves with the zone (15:27 UTC: the new zone already on the next date)", () =>
  // 23:27 WITA on 1 Dec, 00:27 WIT on 2 Dec: the minute it failed at before 366f283a.
  capDayFollowsTheZone(Date.UTC(2026, 11, 1, 15, 27)))

async function capDayFollowsTheZone(at: number): Promise<void> {
  await core.stop()
  const clock = clockFrom(at)
  core = await composeSandboxCore('sd-budget-zone-', undefined, { clock })
  // A zone that is not the computer's, so the computer's day cannot pass for it.
  const computer = computerTimeZone()
  const [first, second] = ['Asia/Makassar', 'Asia/Jayapura', 'America/New_York'].filter(
    (zone) => offsetAt(clock.now(), zone) !== offsetAt(clock.now(), computer)
  ) as [string, string]
  await core.handlers['settings:update']({ defaultTimezone: first })
  const deviceId = await linkedDevice()
  await core.handlers['devices:setDailyCap']({ id: deviceId, dailyCap: 1 })
  await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081200000001', '081200000002'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'direct' }]
  })
  const heldReason = async (): Promise<Record<string, string | number> | undefined> =>
    (await core.handlers['outbox:list']({ offset: 0, limit: 10, status: ['queued'] })).items[0]?.waitReason
      ?.messageParams
  await expect.poll(heldReason, { timeout: 10_000 }).toBeDefined()
  expect(await heldReason()).toMatchObject({
    zone: first,
    until: new Date(dayBoundsOn(clock.now(), first).end).toISOString()
  })
  const device = async (): Promise<DeviceView | undefined> =>
    (await core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
  expect((await device())?.sentToday).toMatchObject({ count: 1, zone: first })
  // The operator changes the zone mid-day: the cap's day is the new zone's at once. The send, counted by the instant
  // it went, is that day's too (it went minutes ago, after the new zone's midnight), also when the new zone is already
  // on the next date (15:27 UTC, Makassar's 23:27 and Jayapura's 00:27): counted by day string, it was the day
  // before's there and a second message went past the cap of 1 (QA59).
  await core.handlers['settings:update']({ defaultTimezone: second })
  await expect
    .poll(async () => (await device())?.sentToday, { timeout: 5_000 })
    .toMatchObject({ count: 1, zone: second })
  await expect.poll(heldReason, { timeout: 5_000 }).toMatchObject({
    zone: second,
    until: new Date(dayBoundsOn(clock.now(), second).end).toISOString()
  })
}

it("counts the terminal's sends on the operator's day too: it reads the same settings from the data folder", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-budget-terminal-'))
  const db = openDatabase({ dataDir })
  const zone =
    offsetAt(Date.now(), computerTimeZone()) === offsetAt(Date.now(), 'Asia/Makassar')
      ? 'Asia/Jayapura'
      : 'Asia/Makassar'
  openSettings(db).settings.update({ defaultTimezone: zone })
  db.close()
  const terminal = composeCommandLine({ dataDir, device: null })
  try {
    const budget = terminal.outbox.queue.budgetOf('dev-1', () => 5)
    expect(budget).toMatchObject({ zone, resetsAt: dayBoundsOn(Date.now(), zone).end })
  } finally {
    terminal.close()
  }
})
