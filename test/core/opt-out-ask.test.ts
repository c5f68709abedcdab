/**
 * A direct send to numbers on the opt-out list asks first (issue 26 point 4): the composed core refuses it, naming
 * how many, until the request says what the operator chose — send anyway, or leave them out.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, describeCoreError, type Core } from '../../src/main/core/compose'
import { startWireServer, type WireServer } from '../../src/main/core/gateway/testing/wire-server'
import { deviceInfo, SAMPLE_TOKEN } from '../../src/main/core/gateway/testing/samples'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { MemoryVault } from '../../src/main/core/vault'

let core: Core
let gateway: WireServer
let dataDir: string

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-opt-out-ask-'))
  gateway = await startWireServer()
  gateway.route('GET /api/device/info', { body: deviceInfo.current })
  core = await composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    pollIntervals: { idleMs: 60_000, linkingMs: 200, settlingMs: 200 }
  })
  await core.start()
})
afterEach(async () => {
  await core.stop()
  await gateway.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** A device whose sends stay queued (paused), and these numbers on the opt-out list. */
async function pausedDeviceWithOptOuts(phones: string[]): Promise<{ id: string }> {
  const device = await core.handlers['devices:add']({
    label: 'Kasir',
    baseUrl: gateway.url,
    token: SAMPLE_TOKEN
  })
  await core.handlers['outbox:setPaused']({ paused: true })
  await core.handlers['optouts:add']({ phones, source: 'operator' })
  return device
}

it('refuses a send to opted-out numbers until asked, then sends anyway or leaves them out', async () => {
  const device = await pausedDeviceWithOptOuts(['081111111111', '082222222222'])
  const request = {
    deviceId: device.id,
    recipients: ['081111111111', '082222222222', '083333333333'],
    isGroup: false,
    entries: [{ kind: 'text' as const, text: 'Promo' }]
  }
  const asked = await dispatchInvoke(core.handlers, 'outbox:enqueue', request, {
    describeError: describeCoreError
  })
  expect(asked).toMatchObject({
    ok: false,
    error: {
      code: 'opted_out',
      field: 'recipients',
      message: expect.stringContaining('2 of these numbers are on the opt-out list')
    }
  })
  expect((await core.handlers['outbox:counts']({})).queued).toBe(0)

  const leftOut = await core.handlers['outbox:enqueue']({ ...request, optedOut: 'leave-out' })
  expect(leftOut.itemIds).toHaveLength(1)
  // Said back as queued, so the window's card counts the one number it went to (QA61: "To 2 recipients").
  expect(leftOut.leftOut).toEqual(['6281111111111', '6282222222222'])
  const listed = await core.handlers['outbox:list']({ offset: 0, limit: 50 })
  expect(listed.items.map((item) => item.recipient)).toEqual(['6283333333333'])

  const anyway = await core.handlers['outbox:enqueue']({ ...request, optedOut: 'send' })
  expect(anyway.itemIds).toHaveLength(3)

  // Nobody left to send to: said so, nothing queued.
  const none = await dispatchInvoke(
    core.handlers,
    'outbox:enqueue',
    { ...request, recipients: ['081111111111'], optedOut: 'leave-out' },
    { describeError: describeCoreError }
  )
  expect(none).toMatchObject({ ok: false, error: { code: 'all_opted_out' } })
  // A number not on the list is not asked about.
  await core.handlers['outbox:enqueue']({ ...request, recipients: ['083333333333'] })
  expect((await core.handlers['outbox:list']({ offset: 0, limit: 50 })).total).toBe(5)
}, 60_000)

// QA71 follow-up: a large send's summary names the opted-out numbers and its Send leaves them out, answering the
// question the core would ask. A list that changed since the summary was read is asked about again, and nothing goes.
it('leaves out the opted-out numbers the window named, and asks again when the list changed since', async () => {
  const device = await pausedDeviceWithOptOuts(['081111111111'])
  const request = {
    deviceId: device.id,
    recipients: ['081111111111', '082222222222', '083333333333'],
    isGroup: false,
    entries: [{ kind: 'text' as const, text: 'Promo' }],
    optedOut: 'leave-out' as const,
    optedOutSeen: ['6281111111111']
  }
  const named = await core.handlers['outbox:enqueue'](request)
  expect(named.leftOut).toEqual(['6281111111111'])
  expect(named.itemIds).toHaveLength(2)

  // 0822… opted out after the summary was read: refused, naming both, never sent to it.
  await core.handlers['optouts:add']({ phones: ['082222222222'], source: 'operator' })
  const ask = { describeError: describeCoreError }
  expect(await dispatchInvoke(core.handlers, 'outbox:enqueue', request, ask)).toMatchObject({
    ok: false,
    error: {
      code: 'opted_out',
      message: expect.stringContaining('2 of these numbers are on the opt-out list')
    }
  })
  // 0811… taken off the list since: what the summary counted no longer holds either.
  await core.handlers['optouts:remove']({ phone: '081111111111' })
  expect(await dispatchInvoke(core.handlers, 'outbox:enqueue', request, ask)).toMatchObject({
    ok: false,
    error: { code: 'opted_out' }
  })
  expect((await core.handlers['outbox:list']({ offset: 0, limit: 50 })).total).toBe(2)
}, 60_000)

it('asks the same about a gateway reminder to an opted-out number, before the gateway is asked', async () => {
  const device = await pausedDeviceWithOptOuts(['081111111111'])
  const reminder = {
    deviceId: device.id,
    phone: '081111111111',
    message: 'Tagihan jatuh tempo',
    start: '2030-01-15T08:00',
    periode: 'monthly' as const
  }
  expect(
    await dispatchInvoke(core.handlers, 'reminders:create', reminder, { describeError: describeCoreError })
  ).toMatchObject({
    ok: false,
    error: {
      code: 'opted_out',
      field: 'phone',
      message: 'This number is on the opt-out list: +62 811-1111-1111.'
    }
  })
  expect(gateway.requests.filter((request) => request.path.includes('reminder'))).toEqual([])
  // Leaving the one number out leaves nobody.
  expect(
    await dispatchInvoke(
      core.handlers,
      'reminders:create',
      { ...reminder, optedOut: 'leave-out' },
      { describeError: describeCoreError }
    )
  ).toMatchObject({ ok: false, error: { code: 'all_opted_out' } })
}, 60_000)

it('asks the same about a series and an inbox reply to an opted-out number', async () => {
  const device = await pausedDeviceWithOptOuts(['081111111111'])
  const ask = { describeError: describeCoreError }

  const series = {
    deviceId: device.id,
    recipients: ['081111111111', '083333333333'],
    isGroup: false,
    entries: [{ kind: 'text' as const, text: 'Menu minggu ini' }],
    start: { localTime: '2026-01-19T08:00', timezone: 'Asia/Jakarta' },
    rule: { kind: 'weekly' as const },
    overduePolicy: 'send' as const
  }
  expect(await dispatchInvoke(core.handlers, 'series:create', series, ask)).toMatchObject({
    ok: false,
    error: {
      code: 'opted_out',
      field: 'recipients',
      message: 'This number is on the opt-out list: +62 811-1111-1111.'
    }
  })
  expect((await core.handlers['series:list']({ deviceId: device.id })).series).toEqual([])
  const leftOut = await core.handlers['series:create']({ ...series, optedOut: 'leave-out' })
  expect(leftOut.recipients).toEqual(['6283333333333'])
  // At another time: the same series again to a number the first one sends to would be refused as its copy.
  const anyway = await core.handlers['series:create']({
    ...series,
    start: { ...series.start, localTime: '2026-01-19T09:00' },
    optedOut: 'send'
  })
  expect(anyway.recipients).toEqual(['6281111111111', '6283333333333'])

  const reply = {
    requestId: 'r-1',
    deviceId: device.id,
    chatId: '081111111111',
    isGroup: false,
    text: 'Halo'
  }
  expect(await dispatchInvoke(core.handlers, 'inbox:reply', reply, ask)).toMatchObject({
    ok: false,
    error: { code: 'opted_out', field: 'chatId' }
  })
  expect((await core.handlers['outbox:counts']({})).queued).toBe(0)
  expect((await core.handlers['inbox:reply']({ ...reply, optedOut: 'send' })).itemIds).toEqual(['r-1'])
  // A reply to a number not on the list, and to a group, is not asked about.
  await core.handlers['inbox:reply']({ ...reply, requestId: 'r-2', chatId: '083333333333' })
  await core.handlers['inbox:reply']({
    ...reply,
    requestId: 'r-3',
    chatId: '120363025246125486@g.us',
    isGroup: true
  })
  expect((await core.handlers['outbox:counts']({})).queued).toBe(3)
}, 60_000)
