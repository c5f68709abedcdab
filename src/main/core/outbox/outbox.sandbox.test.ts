// The outbox against the real sandbox gateway and the real client over loopback HTTP, with fault injection.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from '../gateway'
import type { GatewayClient } from '../gateway/types'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { openDatabase, type SqliteDatabase } from '../store'
import { createOutbox, type Outbox } from '../sending'
import type { Clock } from '../clock'
import { OutboxError, type OutboxOptions } from './types'
import { scheduleKeeper } from '../../../shared/domain'

// Real HTTP needs the real clock; the outbox's delays are scaled down to milliseconds instead.
const FAST: OutboxOptions = {
  pacingMs: 0,
  backoffBaseMs: 20,
  backoffCapMs: 200,
  visibilityWindowMs: 300,
  reconcileIntervalMs: 50,
  trackingIntervalMs: 50,
  trackingCapMs: 100,
  random: () => 0.5
}

let sandbox: Sandbox
let control: SandboxControl
let dir: string
let db: SqliteDatabase
let outbox: Outbox
const clients = new Map<string, GatewayClient>()
const tokens = new Map<string, string>()

beforeEach(async () => {
  sandbox = await startSandbox({
    seed: 7,
    timings: { sentAfterMs: 30, deliveredAfterMs: 60, readAfterMs: 90 }
  })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  dir = mkdtempSync(join(tmpdir(), 'outbox-sandbox-'))
  db = openDatabase({ dataDir: dir })
  clients.clear()
  tokens.clear()
})

afterEach(async () => {
  await outbox.stop()
  db.close()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

async function addDevice(deviceId: string): Promise<string> {
  const { token } = await control.createDevice({ linked: true })
  tokens.set(deviceId, token)
  clients.set(deviceId, createGatewayClient({ baseUrl: sandbox.baseUrl, token, timeoutMs: 1000 }))
  return token
}

function makeOutbox(options: OutboxOptions = {}, clock?: Clock): Outbox {
  outbox = createOutbox({
    db,
    dataDir: dir,
    ...(clock ? { clock } : {}),
    clientFor: (id) => clients.get(id),
    options: { ...FAST, ...options }
  })
  return outbox
}

async function waitFor(
  done: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 10_000
): Promise<void> {
  const giveUpAt = Date.now() + limitMs
  while (!(await done())) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const texts = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ kind: 'text' as const, text: `${prefix} ${i + 1}` }))

/** Every item accepted exactly once by the gateway, with the gateway's id recorded on the item. */
async function expectExactlyOnce(itemIds: string[]): Promise<void> {
  const log = await control.acceptedLog()
  for (const id of itemIds) {
    const entries = log.filter((e) => e.refId === id)
    expect(entries, `accepted log for ${id}`).toHaveLength(1)
    expect(outbox.get(id).item.gatewayId).toBe(entries[0]?.messageId)
  }
}

describe('outbox × sandbox', () => {
  it('queues while offline and drains in order per recipient once back online', async () => {
    await addDevice('d1')
    makeOutbox()
    outbox.setNetworkOnline(false)
    await outbox.start()
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001', '6281200000002'],
      entries: texts('msg', 5)
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await control.messages()).toHaveLength(0)
    expect(outbox.counts().queued).toBe(10)

    outbox.setNetworkOnline(true)
    await waitFor(
      () =>
        outbox.counts().accepted + outbox.counts().sent + outbox.counts().delivered + outbox.counts().read ===
        10,
      'drain'
    )
    for (const phone of ['6281200000001', '6281200000002']) {
      const sent = (await control.acceptedLog())
        .filter((e) => e.phone === phone)
        .map((e) => outbox.get(e.refId!).item.text)
      expect(sent).toEqual(texts('msg', 5).map((t) => t.text))
    }
    await expectExactlyOnce(itemIds)
  })

  it('waits while the device is offline at the gateway and resumes when it is back', async () => {
    const token = await addDevice('d1')
    makeOutbox()
    await control.act(token, 'offline')
    outbox.setDeviceSendable('d1', false)
    await outbox.start()
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001'],
      entries: texts('m', 3)
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await control.acceptedLog()).toHaveLength(0)
    await control.act(token, 'online')
    outbox.setDeviceSendable('d1', true)
    await waitFor(() => itemIds.every((id) => outbox.get(id).item.gatewayId !== null), 'drain')
    await expectExactlyOnce(itemIds)
  })

  it('retries 429 (honouring Retry-After), 5xx and timeouts, and still accepts each item exactly once', async () => {
    await addDevice('d1')
    makeOutbox()
    await control.addFault({ path: '/api/send-message', kind: 'rate-limit', retryAfterSec: 1, times: 1 })
    await control.addFault({ path: '/api/send-message', kind: 'status', status: 503, times: 1 })
    await control.addFault({
      path: '/api/send-message',
      kind: 'status',
      status: 500,
      times: 1,
      applyAfterHandling: true
    })
    await control.addFault({ path: '/api/send-message', kind: 'hang', times: 1 })
    await control.addFault({
      path: '/api/send-message',
      kind: 'latency',
      latencyMs: 700,
      times: 1,
      applyAfterHandling: true
    })
    await control.addFault({ path: '/api/send-message', kind: 'reset', times: 1, applyAfterHandling: true })
    await control.addFault({ path: '/api/send-message', kind: 'garbage', times: 1 })
    await outbox.start()
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001', '6281200000002', '6281200000003'],
      entries: texts('m', 3)
    })
    await waitFor(() => itemIds.every((id) => outbox.get(id).item.gatewayId !== null), 'all accepted', 20_000)
    await expectExactlyOnce(itemIds)
    const notes = itemIds.flatMap((id) => outbox.get(id).history.map((h) => h.note ?? ''))
    // Each note starts with the failure's reason in the operator's words.
    expect(notes.some((n) => n.startsWith('the gateway asks to slow down (HTTP 429)'))).toBe(true)
    expect(notes.some((n) => n.startsWith('the gateway did not answer in time'))).toBe(true)
    expect(notes.some((n) => n.startsWith('the gateway had an internal error (HTTP 5'))).toBe(true)
    expect(notes.some((n) => /found in the gateway's report/.test(n))).toBe(true)
  })

  it('does not retry permanent errors', async () => {
    await addDevice('d1')
    makeOutbox()
    await control.addFault({ path: '/api/send-message', kind: 'status', status: 400, times: 1 })
    await outbox.start()
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001'],
      entries: texts('m', 1)
    })
    const id = itemIds[0]!
    await waitFor(() => outbox.get(id).item.status === 'failed', 'failure')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(outbox.get(id).item.failure?.code).toBe('rejected')
    expect(await control.acceptedLog()).toHaveLength(0)
    expect(outbox.get(id).history.filter((h) => h.status === 'sending')).toHaveLength(1)
  })

  it('a logged-out device pauses only its own queue', async () => {
    const tokenA = await addDevice('a')
    await addDevice('b')
    makeOutbox()
    await control.act(tokenA, 'logout')
    await outbox.start()
    const a = await outbox.enqueue({
      deviceId: 'a',
      recipients: ['6281200000001', '6281200000002'],
      entries: texts('a', 2)
    })
    const b = await outbox.enqueue({
      deviceId: 'b',
      recipients: ['6281200000001', '6281200000002'],
      entries: texts('b', 2)
    })
    // Device a's first attempt may still be on the wire when b is done; its refusal then pauses a's queue.
    await waitFor(
      () =>
        b.itemIds.every((id) => outbox.get(id).item.gatewayId !== null) &&
        a.itemIds.every((id) => outbox.get(id).item.status !== 'sending'),
      'device b drained, device a refused'
    )
    expect(a.itemIds.map((id) => outbox.get(id).item.status)).toEqual([
      'queued',
      'queued',
      'queued',
      'queued'
    ])
    await expectExactlyOnce(b.itemIds)

    // The operator relinks the phone; the device monitor reports the device back.
    await clients.get('a')!.scanQr()
    await control.act(tokenA, 'scan')
    outbox.setDeviceSendable('a', true)
    await waitFor(() => a.itemIds.every((id) => outbox.get(id).item.gatewayId !== null), 'device a drained')
    await expectExactlyOnce(a.itemIds)
  })

  it('tracks accepted items to read', async () => {
    await addDevice('d1')
    makeOutbox()
    await outbox.start()
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001', '6281200000002'],
      entries: texts('m', 2)
    })
    await waitFor(() => outbox.counts().read === 4, 'read')
    const statuses = outbox.get(itemIds[0]!).history.map((h) => h.status)
    expect(statuses[0]).toBe('queued')
    expect(statuses.at(-1)).toBe('read')
    expect(statuses.indexOf('accepted')).toBeLessThan(statuses.indexOf('read'))
  })

  it('sends a file from its queued copy after the original is gone', async () => {
    await addDevice('d1')
    makeOutbox()
    const original = join(dir, 'photo.png')
    const bytes = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(5000, 7)
    ])
    writeFileSync(original, bytes)
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001'],
      entries: [
        {
          kind: 'file',
          path: original,
          name: 'photo.png',
          mime: 'image/png',
          mediaKind: 'image',
          caption: 'look'
        }
      ]
    })
    unlinkSync(original)
    await outbox.start()
    await waitFor(() => outbox.get(itemIds[0]!).item.gatewayId !== null, 'file accepted')
    const [message] = await control.messages({ refId: itemIds[0] })
    expect(message).toMatchObject({
      kind: 'image',
      fileName: 'photo.png',
      fileBytes: bytes.length,
      text: 'look'
    })
  })

  it('learns what became of a gateway schedule sent on an earlier day while it was closed (QA33 Q33-02)', async () => {
    // One clock for the gateway and the app, moved on as if the app were closed for two days: timers wait on the
    // real clock, and the ones a jump has made due run at once.
    const DAY = 86_400_000
    let shift = -2 * DAY
    const timers = new Map<number, { at: number; run: () => void; real: ReturnType<typeof setTimeout> }>()
    let lastTimer = 0
    const clock = {
      now: () => Date.now() + shift,
      setTimeout(run: () => void, ms: number) {
        const id = ++lastTimer
        const real = setTimeout(
          () => {
            timers.delete(id)
            run()
          },
          Math.min(ms, 2_000_000_000)
        )
        timers.set(id, { at: clock.now() + ms, run, real })
        return id
      },
      clearTimeout(id: unknown) {
        const timer = timers.get(id as number)
        if (timer) clearTimeout(timer.real)
        timers.delete(id as number)
      }
    }
    await sandbox.close()
    sandbox = await startSandbox({
      seed: 7,
      clock,
      timings: { sentAfterMs: 30, deliveredAfterMs: 60, readAfterMs: 90 }
    })
    control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
    const token = await addDevice('d1')
    makeOutbox({}, clock as unknown as Clock)
    await outbox.start()
    // Due "tomorrow" on the clock of two days ago: yesterday, on the gateway's clock, once the app is back.
    const due = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Jakarta',
      dateStyle: 'short',
      timeStyle: 'short'
    })
      .format(clock.now() + DAY)
      .replace(' ', 'T')
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001'],
      entries: texts('kept by the gateway', 1),
      schedule: { localTime: due, timezone: 'Asia/Jakarta', mode: 'gateway' }
    })
    const id = itemIds[0]!
    await waitFor(async () => (await control.schedules(token)).length === 1, 'schedule created')
    await waitFor(
      () => !outbox.get(id).history.some((h) => /pending|busy/.test(h.note ?? '')),
      'schedule recorded'
    )
    await outbox.stop()
    // Back two days on: the gateway sent it yesterday (its timers run now), then the app opens again.
    shift = 0
    for (const [timerId, timer] of [...timers])
      if (timer.at <= clock.now()) {
        clock.clearTimeout(timerId)
        timer.run()
      }
    await waitFor(async () => (await control.acceptedLog()).length === 1, 'sent by the gateway')
    makeOutbox({}, clock as unknown as Clock)
    await outbox.start()
    await waitFor(() => outbox.get(id).item.status === 'read', 'read, as the gateway reports it', 5_000)
    expect(outbox.counts().accepted).toBe(0)
  })

  it('a gateway schedule is kept by the gateway only once the gateway saved it (QA40 Q40-01)', async () => {
    const live = await addDevice('d1')
    const ended = await addDevice('d2')
    await control.act(ended, 'expire')
    makeOutbox()
    await outbox.start()
    const schedule = { localTime: '2099-01-01T09:00', timezone: 'Asia/Jakarta', mode: 'gateway' } as const
    const entries = texts('later', 1)
    const saved = (await outbox.enqueue({ deviceId: 'd1', recipients: ['6281200000001'], entries, schedule }))
      .itemIds[0]!
    const refused = (
      await outbox.enqueue({ deviceId: 'd2', recipients: ['6281200000002'], entries, schedule })
    ).itemIds[0]!
    await waitFor(
      async () => (await control.schedules(live)).length === 1,
      'the live device’s schedule created'
    )
    await waitFor(() => outbox.get(saved).item.savedAtGateway === true, 'the save recorded')
    expect(scheduleKeeper(outbox.get(saved).item)).toBe('gateway')
    // The expired device's gateway refuses it: it is still this computer's to keep, and the window says so.
    expect(await control.schedules(ended)).toEqual([])
    expect(outbox.get(refused).item).toMatchObject({ status: 'scheduled', savedAtGateway: false })
    expect(scheduleKeeper(outbox.get(refused).item)).toBe('notYetAtGateway')
  })

  it('creates, updates and cancels gateway schedules', async () => {
    const token = await addDevice('d1')
    makeOutbox()
    await outbox.start()
    const { itemIds } = await outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001'],
      entries: texts('later', 2),
      schedule: { localTime: '2099-01-01T09:00', timezone: 'Asia/Jakarta', mode: 'gateway' }
    })
    await waitFor(async () => (await control.schedules(token)).length === 2, 'schedules created')
    // The gateway has them, but our side may still be recording its answer; until then an edit is refused as busy.
    const unlessBusy = (change: () => void) => (): boolean => {
      try {
        change()
        return true
      } catch (error) {
        if (error instanceof OutboxError && error.code === 'busy') return false
        throw error
      }
    }
    await waitFor(
      unlessBusy(() => outbox.edit(itemIds[0]!, { text: 'later, edited' })),
      'edit accepted'
    )
    await waitFor(
      unlessBusy(() => outbox.cancel(itemIds[1]!)),
      'cancel accepted'
    )
    await waitFor(
      async () =>
        (await control.schedules(token)).some((s) => s.text === 'later, edited') &&
        (await control.schedules(token)).some((s) => s.status === 'cancel'),
      'schedules synced'
    )
    expect(await control.acceptedLog()).toHaveLength(0)
  })
})
