// Tests for the device monitor under a fake clock: polling cadence, backoff, resume, history and events.
import { coreText, encodeNote, translateNote } from '../../../shared/i18n/notes'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DeviceState, DeviceView } from '../../../shared/contract'
import { DeviceView as DeviceViewSchema } from '../../../shared/contract'
import { adviceKey, scanCause } from '../../../shared/device-status'
import { FakeClock } from '../clock'
import { EncryptedFileVault, type Cipher } from '../vault'
import { MemoryVault } from '../vault/memory-vault'
import { DeviceMonitor, type DeviceMonitorOptions } from './monitor'
import { DeviceRegistry } from './registry'
import { ScriptedGatewayClient, deviceInfoFixture, gatewayFailure } from './testing/scripted-gateway-client'

/** These devices are on a real gateway, not Sender Desk's built-in sandbox gateway. */
const ON_SANDBOX_GATEWAY = false

const TOKEN = 'Zq8xLr2mN4pK7vB1cD3eF5gH6jJ9kL0aS2dF4gH6jK8lQ1wE3rT5yU7iO9pA1sD3'
const NEEDS_SCAN = deviceInfoFixture({
  connection: 'disconnected',
  statusText: 'disconnected',
  active: true,
  note: 'whatsapp sender not connected, need scan qr code again'
})
const OFFLINE = deviceInfoFixture({
  connection: 'disconnected',
  statusText: 'disconnected',
  note: 'device disconnected, restart the device to reconnect'
})

let dir: string
let clock: FakeClock
let vault: MemoryVault
let client: ScriptedGatewayClient
let registry: DeviceRegistry
let monitor: DeviceMonitor | undefined
let transitions: Array<[string, DeviceState, DeviceState, string | null]>
let viewsSeen: DeviceView[][]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'monitor-test-'))
  clock = new FakeClock()
  vault = new MemoryVault()
  client = new ScriptedGatewayClient()
  transitions = []
  viewsSeen = []
  registry = await DeviceRegistry.open({
    file: join(dir, 'devices.json'),
    vault,
    clock,
    newId: () => 'dev-1',
    clientFactory: () => client
  })
  await registry.add({ label: 'Shop', baseUrl: 'https://solo.wablas.com', token: TOKEN })
  client.calls.length = 0
})

afterEach(async () => {
  await monitor?.close()
  monitor = undefined
  await rm(dir, { recursive: true, force: true })
})

async function openMonitor(options: Partial<DeviceMonitorOptions> = {}): Promise<DeviceMonitor> {
  monitor = await DeviceMonitor.open({
    registry,
    clock,
    stateFile: join(dir, 'device-states.json'),
    random: () => 0.5,
    ...options
  })
  monitor.on('stateChanged', (id, from, to, note) => transitions.push([id, from, to, note]))
  monitor.on('devicesChanged', (views) => viewsSeen.push(views))
  return monitor
}

const polls = (): number => client.count('deviceInfo')
const dueIn = (m: DeviceMonitor): number => (m.nextPollAt('dev-1') ?? NaN) - clock.now()

describe('polling cadence', () => {
  it('polls once at start, then every 30 s, with a per-poll timeout', async () => {
    const m = await openMonitor()
    await m.start()
    expect(polls()).toBe(1)
    expect(dueIn(m)).toBe(30_000)
    await clock.advance(29_999)
    expect(polls()).toBe(1)
    await clock.advance(1)
    expect(polls()).toBe(2)
    await clock.advance(60_000)
    expect(polls()).toBe(4)
    expect(client.timeouts.every((t) => t === 15_000)).toBe(true)
    expect(m.status('dev-1').state).toBe('connected')
  })

  // QA60: a connected device's card said "Last checked 18:40" at 18:43 while its polls went on: only a change was
  // told to the window, so the card looked as if checking had stopped.
  it('tells the window when a poll moves the minute it was last checked at, though nothing else changed', async () => {
    const m = await openMonitor()
    await m.start()
    const seen = viewsSeen.length
    await clock.advance(30_000)
    await clock.advance(30_000)
    expect(polls()).toBe(3)
    const told = viewsSeen.slice(seen).map((views) => views[0]?.lastCheckedAt)
    expect(told.length).toBeGreaterThanOrEqual(1)
    expect(told.at(-1)).toBe(m.status('dev-1').lastCheckedAt)
    // Not once a poll within the same minute: a minute's polls are told once.
    const minutes = new Set(told.map((at) => at?.slice(0, 16)))
    expect(minutes.size).toBe(told.length)
  })

  it('uses the configured idle interval, and a changed one from the next poll', async () => {
    const m = await openMonitor({ intervals: { idleMs: 60_000 } })
    await m.start()
    expect(dueIn(m)).toBe(60_000)
    m.setIdleInterval(10_000)
    await clock.advance(60_000)
    expect(dueIn(m)).toBe(10_000)
  })

  it('polls every 5 s while linking and returns to 30 s by itself once connected', async () => {
    client.info = NEEDS_SCAN
    const m = await openMonitor()
    await m.start()
    expect(dueIn(m)).toBe(30_000)
    await clock.advance(1_000)
    m.beginLinking('dev-1')
    expect(m.isLinking('dev-1')).toBe(true)
    expect(dueIn(m)).toBe(5_000)
    await clock.advance(15_000)
    expect(polls()).toBe(4)
    // Polls at +6, +11 and +16 s; the next one is 5 s after the last.
    expect(dueIn(m)).toBe(5_000)
    client.info = deviceInfoFixture()
    await clock.advance(5_000)
    expect(m.status('dev-1').state).toBe('connected')
    expect(m.isLinking('dev-1')).toBe(false)
    expect(dueIn(m)).toBe(30_000)
  })

  it('endLinking returns to the idle cadence; linking also ends after its window', async () => {
    client.info = NEEDS_SCAN
    const m = await openMonitor({ intervals: { linkingWindowMs: 20_000 } })
    await m.start()
    m.beginLinking('dev-1')
    await clock.advance(5_000)
    m.endLinking('dev-1')
    await clock.advance(5_000)
    expect(dueIn(m)).toBe(30_000)
    m.beginLinking('dev-1')
    await clock.advance(25_000)
    expect(m.isLinking('dev-1')).toBe(false)
    // Fast polls at +5, +10, +15 s; the window closed at +20 s, so the poll then set the idle beat.
    expect(polls()).toBe(7)
    expect(dueIn(m)).toBe(25_000)
  })

  it('backs off exponentially with jitter while the gateway fails, capped, then recovers to 30 s', async () => {
    const m = await openMonitor({ backoff: { baseMs: 5_000, maxMs: 60_000 } })
    await m.start()
    client.info = gatewayFailure('network')
    const delays: number[] = []
    for (let i = 0; i < 6; i++) {
      await clock.advance(dueIn(m))
      delays.push(dueIn(m))
    }
    // random() = 0.5 → three quarters of each step: 5, 10, 20, 40, 60 (cap), 60 s.
    expect(delays).toEqual([3_750, 7_500, 15_000, 30_000, 45_000, 45_000])
    client.info = deviceInfoFixture()
    await clock.advance(dueIn(m))
    expect(m.status('dev-1').state).toBe('connected')
    expect(dueIn(m)).toBe(30_000)
  })

  it('steps back to the safety cadence while statuses arrive by push, and takes over at once when they stop', async () => {
    const m = await openMonitor({ intervals: { pushedMs: 15 * 60_000 } })
    await m.start()
    let relayHealthy = true
    m.setPushCoverage(() => relayHealthy)
    // The poll already due keeps its time; from then on, one poll per 15 minutes.
    expect(dueIn(m)).toBe(30_000)
    await clock.advance(30_000)
    expect(polls()).toBe(2)
    expect(dueIn(m)).toBe(15 * 60_000)
    await clock.advance(10 * 60_000)
    expect(polls()).toBe(2)

    // The relay became unreachable (or the device was taken off it): polling takes over as before, at once.
    relayHealthy = false
    m.pushCoverageChanged()
    expect(dueIn(m)).toBe(30_000)
    await clock.advance(30_000)
    expect(polls()).toBe(3)
    expect(dueIn(m)).toBe(30_000)

    // Covered again: a failing gateway still backs off as usual, never slower than the failure calls for.
    relayHealthy = true
    m.pushCoverageChanged()
    expect(dueIn(m)).toBe(30_000)
    client.info = gatewayFailure('network')
    await clock.advance(30_000)
    expect(dueIn(m)).toBe(3_750)
  })

  it("says in the device's view how often it is checked: the safety cadence while statuses arrive by push", async () => {
    const m = await openMonitor({ intervals: { pushedMs: 15 * 60_000 } })
    await m.start()
    // QA 2026-11-29: "Last checked" stayed minutes old beside a 30-second setting, with nothing saying why.
    expect(m.view('dev-1')).toMatchObject({ checkEverySec: 30, statusPushed: false })
    let covered = true
    const seen: boolean[] = []
    m.on('devicesChanged', (views) => seen.push(views[0]!.statusPushed === true))
    m.setPushCoverage(() => covered)
    expect(m.view('dev-1')).toMatchObject({ checkEverySec: 15 * 60, statusPushed: true })
    covered = false
    m.pushCoverageChanged()
    expect(m.view('dev-1')).toMatchObject({ checkEverySec: 30, statusPushed: false })
    // The window hears of each change of coverage.
    expect(seen).toEqual([true, false])
  })

  it('spreads retries by the random source', async () => {
    const low = await openMonitor({ random: () => 0 })
    await low.start()
    client.info = gatewayFailure('timeout')
    await clock.advance(30_000)
    expect(dueIn(low)).toBe(2_500)
    await low.close()
    client.info = deviceInfoFixture()
    const high = await openMonitor({ random: () => 0.999 })
    await high.start()
    client.info = gatewayFailure('timeout')
    await clock.advance(30_000)
    expect(dueIn(high)).toBe(4_998)
  })

  it("honours the gateway's Retry-After when it is longer than the backoff", async () => {
    const m = await openMonitor()
    await m.start()
    client.info = gatewayFailure('rate_limited', { retryAfterMs: 90_000 })
    await clock.advance(30_000)
    expect(dueIn(m)).toBe(90_000)
  })

  it('polls every device immediately on resume and on a network change', async () => {
    const m = await openMonitor()
    await m.start()
    await clock.advance(10_000)
    clock.jump(3 * 3600_000) // asleep for three hours; no timer fired
    m.notifyResume()
    await clock.advance(0)
    expect(polls()).toBe(2)
    expect(dueIn(m)).toBe(30_000)
    await clock.advance(7_000)
    m.notifyNetworkChange()
    await clock.advance(0)
    expect(polls()).toBe(3)
    expect(dueIn(m)).toBe(30_000)
  })

  it('joins a poll already in flight instead of starting a second one', async () => {
    let release: () => void = () => undefined
    const m = await openMonitor()
    client.info = () =>
      new Promise((resolve) => {
        release = () => resolve(deviceInfoFixture())
      })
    const first = m.start()
    const second = m.refresh('dev-1')
    await clock.advance(0)
    expect(polls()).toBe(1)
    release()
    await Promise.all([first, second])
    expect(polls()).toBe(1)
    expect(clock.pending).toBe(1)
  })

  it('stops polling when stopped, and a removed device is forgotten', async () => {
    const m = await openMonitor()
    await m.start()
    await m.stop()
    expect(clock.pending).toBe(0)
    await clock.advance(120_000)
    expect(polls()).toBe(1)
    await m.start()
    expect(polls()).toBe(2)
    await registry.remove('dev-1')
    expect(clock.pending).toBe(0)
    expect(m.views()).toEqual([])
    expect(m.history('dev-1')).toEqual([])
  })
})

describe("the quota from sends' answers", () => {
  it('keeps the lowest figure while answers come back out of order, and takes a top-up a later send reports', async () => {
    const m = await openMonitor()
    await m.start()
    const quota = (): unknown => m.view('dev-1').quota
    expect(quota()).toBe(100) // the poll's figure
    // Two sends asked at the same moment; the one the gateway took second answers first.
    const asked = clock.now()
    await clock.advance(200)
    m.quotaReported('dev-1', 98, asked)
    expect(quota()).toBe(98)
    await clock.advance(50)
    m.quotaReported('dev-1', 99, asked) // the older answer: not a figure to go back to
    expect(quota()).toBe(98)
    // The operator tops up; the next send, asked after the last figure arrived, reports the new quota.
    m.quotaReported('dev-1', 997, clock.now())
    expect(quota()).toBe(997)
  })
})

describe("a device's day that ends", () => {
  // QA59: past the device's midnight its card said "182 send attempts · count starts again 6 Dec, 00:00" (a time gone)
  // until the next poll, minutes later; a summary read then counted yesterday's sends as today's.
  it("tells the window the devices' views again at the midnight their count starts again", async () => {
    const midnight = clock.now() + 90 * 60_000
    let day: { sentToday: number; resetsAt: number } = { sentToday: 182, resetsAt: midnight }
    const m = await openMonitor({
      budgetOf: () => ({ ...day, cap: null, zone: 'UTC' }),
      intervals: { idleMs: 24 * 3_600_000, pushedMs: 24 * 3_600_000 }
    })
    await m.start()
    m.budgetsChanged()
    await clock.advance(2_000)
    const seen = viewsSeen.length
    day = { sentToday: 0, resetsAt: midnight + 24 * 3_600_000 }
    await clock.advance(midnight - clock.now() + 1_000)
    expect(viewsSeen.length).toBeGreaterThan(seen)
    expect(viewsSeen.at(-1)?.[0]?.sentToday?.count).toBe(0)
  })
})

describe('states, history and events', () => {
  it('seeds the state from the add, then records each transition with events', async () => {
    await registry.remove('dev-1')
    const m = await openMonitor()
    await m.start()
    await registry.add({ label: 'Shop', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    // The add's own live check is the first answer; the monitor does not ask again at once.
    expect(polls()).toBe(1)
    expect(m.status('dev-1')).toMatchObject({
      state: 'connected',
      note: 'ready to use',
      since: '2026-01-15T03:00:00.000Z'
    })
    expect(dueIn(m)).toBe(30_000)

    client.info = NEEDS_SCAN
    await clock.advance(30_000)
    client.info = deviceInfoFixture({ active: false, note: 'waiting for activation by IT support' })
    await clock.advance(30_000)
    client.info = deviceInfoFixture()
    await clock.advance(30_000)
    expect(transitions).toEqual([
      ['dev-1', 'unknown', 'connected', 'ready to use'],
      ['dev-1', 'connected', 'needs-scan', NEEDS_SCAN.note],
      ['dev-1', 'needs-scan', 'awaiting-activation', 'waiting for activation by IT support'],
      ['dev-1', 'awaiting-activation', 'connected', 'ready to use']
    ])
    expect(m.history('dev-1').map((h) => h.state)).toEqual([
      'connected',
      'needs-scan',
      'awaiting-activation',
      'connected'
    ])
    expect(m.history('dev-1')[1]).toEqual({
      at: '2026-01-15T03:00:30.000Z',
      state: 'needs-scan',
      note: NEEDS_SCAN.note
    })
    const last = viewsSeen.at(-1)?.[0]
    expect(last).toMatchObject({ id: 'dev-1', state: 'connected', stateSince: '2026-01-15T03:01:30.000Z' })
  })

  it('takes a status the gateway pushed at once, found by serial or number, and ignores one older than its poll', async () => {
    const m = await openMonitor()
    await m.start()
    const pushed = {
      serial: 'serial-1',
      phone: null,
      status: 'disconnected',
      connection: 'disconnected' as const,
      note: 'whatsapp sender not connected, need scan qr code again',
      at: clock.now() + 1_000
    }
    await clock.advance(1_000)
    expect(m.applyPushedStatus(pushed)).toBe('applied')
    // No poll asked: the push alone moved the device.
    expect(polls()).toBe(1)
    expect(m.status('dev-1')).toMatchObject({ state: 'needs-scan', note: pushed.note })
    expect(transitions.at(-1)).toEqual(['dev-1', 'connected', 'needs-scan', pushed.note])
    // Reconnected by number; a push from before that is stale.
    const reconnected = { ...pushed, serial: 'other', phone: '6281234567890', status: 'connected' }
    expect(m.applyPushedStatus({ ...reconnected, connection: 'connected', note: 'ready to use' })).toBe(
      'applied'
    )
    expect(m.status('dev-1').state).toBe('connected')
    expect(m.applyPushedStatus({ ...pushed, at: clock.now() - 60_000 })).toBe('stale')
    expect(m.status('dev-1').state).toBe('connected')
    expect(m.applyPushedStatus({ ...pushed, serial: 'NOT-OURS' })).toBe('unknown-device')
  })

  it('keeps no date still ahead for a device the gateway says expired, and keeps it expired when it then refuses its token (QA12 Q12-12)', async () => {
    const m = await openMonitor()
    await m.start()
    // Polled once: its subscription runs to 31 Dec 2026, a year ahead.
    expect(m.status('dev-1').info?.expiresAt).toBe('2026-12-31')
    // The window counts to the end of that day on the gateway's clock (WIB): midnight there, 17:00 UTC.
    expect(viewsSeen.at(-1)?.[0]?.expiresBy).toBe('2026-12-31T17:00:00.000Z')
    // The gateway pushes that it ended, with no date: the old one is no longer true (it read "expires in 365 days").
    await clock.advance(1_000)
    expect(
      m.applyPushedStatus({
        serial: 'serial-1',
        phone: null,
        status: 'expired',
        connection: 'disconnected',
        note: 'device expired',
        at: clock.now()
      })
    ).toBe('applied')
    expect(m.status('dev-1').state).toBe('expired')
    expect(viewsSeen.at(-1)?.[0]?.expiresAt).toBeNull()
    expect(viewsSeen.at(-1)?.[0]?.expiresBy).toBeUndefined()
    // An expired device answers "token invalid or device expired": known expired, it was not its token.
    client.info = gatewayFailure('token_invalid', {
      gatewayMessage: 'token invalid or device expired',
      httpStatus: 401
    })
    await clock.advance(60_000)
    expect(polls()).toBeGreaterThan(1)
    expect(m.status('dev-1').state).toBe('expired')
    expect(transitions.map(([, , to]) => to)).not.toContain('token-invalid')
  })

  it('records a note change within a state in the history, without a stateChanged event', async () => {
    const m = await openMonitor()
    await m.start()
    client.info = OFFLINE
    await clock.advance(30_000)
    client.info = deviceInfoFixture({
      ...OFFLINE,
      note: 'device disconnected because the number was opened in WhatsApp Web'
    })
    await clock.advance(30_000)
    expect(transitions.map(([, from, to]) => `${from}>${to}`)).toEqual([
      'unknown>connected',
      'connected>disconnected'
    ])
    expect(m.history('dev-1').map((h) => translateNote('en', h.note))).toEqual([
      'ready to use',
      OFFLINE.note,
      'WhatsApp Web took over the connection (gateway: "device disconnected because the number was opened in WhatsApp Web").'
    ])
    expect(m.status('dev-1').since).toBe('2026-01-15T03:00:30.000Z')
  })

  it('keeps the last good state through one failure, then reports unreachable once', async () => {
    const m = await openMonitor()
    await m.start()
    client.info = gatewayFailure('network')
    await clock.advance(30_000)
    expect(m.status('dev-1').state).toBe('connected')
    await clock.advance(dueIn(m))
    expect(m.status('dev-1').state).toBe('unreachable')
    expect(translateNote('en', m.status('dev-1').note)).toBe('Cannot reach the gateway (network).')
    await clock.advance(dueIn(m))
    expect(transitions.filter(([, , to]) => to === 'unreachable')).toHaveLength(1)
    expect(m.isSendable('dev-1')).toBe(false)
  })

  // The built-in sandbox not answering read "Cannot reach the gateway (network).": it runs inside Sender Desk, on this
  // computer, with no network of the operator's to check.
  it('says a sandbox device it cannot reach as the sandbox’s, not the network’s', async () => {
    await registry.remove('dev-1')
    await registry.add({ label: 'Sandbox', baseUrl: 'http://127.0.0.1:5000', token: TOKEN, sandbox: true })
    const m = await openMonitor()
    await m.start()
    client.info = gatewayFailure('network')
    await clock.advance(dueIn(m))
    await clock.advance(dueIn(m))
    const view = m.view('dev-1')
    expect(view.state).toBe('unreachable')
    expect(translateNote('en', m.status('dev-1').note)).toBe(
      'The sandbox gateway at http://127.0.0.1:5000 did not answer.'
    )
    expect(translateNote('id', m.status('dev-1').note)).toBe(
      'Gateway sandbox di http://127.0.0.1:5000 tidak menjawab.'
    )
    // The card's note: its key and address, worded in the window's language.
    expect(view).toMatchObject({
      stateNoteKey: 'desktop.error.sandboxUnreachable',
      stateNoteParams: { baseUrl: 'http://127.0.0.1:5000' }
    })
    // Still the sandbox not reached: its card's advice points to its Sandbox controls.
    expect(adviceKey(view)).toBe('advice.unreachable.sandbox')
  })

  it('reports locked without calling the gateway, and recovers when the keyring unlocks', async () => {
    vault.lock('dev-1', 'the keyring is locked')
    const m = await openMonitor()
    await m.start()
    expect(polls()).toBe(0)
    expect(m.status('dev-1').state).toBe('locked')
    expect(translateNote('en', m.status('dev-1').note)).toMatch(/^Token locked: the keyring is locked/)
    vault.unlock('dev-1')
    await clock.advance(30_000)
    expect(m.status('dev-1').state).toBe('connected')
  })

  it("words the vault's lock reason in the operator's language inside the locked note", async () => {
    // The keyring wrote the token, then cannot decrypt it on the next run (a locked keyring, as in the field).
    const keyring: Cipher & { decrypts: boolean } = {
      decrypts: true,
      isAvailable: () => true,
      backend: () => 'gnome_libsecret',
      encrypt: async (text) => Buffer.from(text),
      decrypt: async function (data) {
        if (!this.decrypts) throw new Error('Error while decrypting the ciphertext.')
        return { text: data.toString() }
      }
    }
    const vaultFile = join(dir, 'secrets.json')
    const written = await DeviceRegistry.open({
      file: join(dir, 'locked-devices.json'),
      vault: new EncryptedFileVault({ cipher: keyring, file: vaultFile }),
      clock,
      newId: () => 'dev-1',
      clientFactory: () => client
    })
    await written.add({ label: 'Shop', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    keyring.decrypts = false
    registry = await DeviceRegistry.open({
      file: join(dir, 'locked-devices.json'),
      vault: new EncryptedFileVault({ cipher: keyring, file: vaultFile }),
      clock,
      clientFactory: () => client
    })
    const m = await openMonitor()
    await m.start()
    const view = m.view('dev-1')
    expect(view.state).toBe('locked')
    expect(view.stateNote).toBe(
      'Token locked: the keyring (gnome_libsecret) could not decrypt it; it may be locked. ' +
        'Unlock the keyring, or enter the token again.'
    )
    expect(coreText('id', view.stateNote ?? '', view.stateNoteKey, view.stateNoteParams)).toBe(
      'Token terkunci: keyring (gnome_libsecret) tidak bisa mendekripsinya; mungkin keyring sedang terkunci. ' +
        'Buka kunci keyring, atau masukkan token lagi.'
    )
    // The vault's own English stays what secrets.json and the logs have always said.
    expect(await new EncryptedFileVault({ cipher: keyring, file: vaultFile }).load('dev-1')).toMatchObject({
      reason: 'the keyring (gnome_libsecret) could not decrypt it; it may be locked'
    })
  })

  it('marks needs-scan and keeps it against a bare "disconnected"', async () => {
    const m = await openMonitor()
    await m.start()
    m.markNeedsScan('dev-1', 'Number changed')
    client.info = deviceInfoFixture({ connection: 'disconnected', note: null })
    await clock.advance(30_000)
    expect(m.status('dev-1')).toMatchObject({ state: 'needs-scan', note: 'Number changed' })
  })

  it("keeps a number change's cause through the next polls and an outage until a phone scans (QA16 Q16-01)", async () => {
    const m = await openMonitor()
    await m.start()
    m.markNeedsScan('dev-1', encodeNote('desktop.device.numberChanged', { phone: '6285722223333' }))
    client.info = NEEDS_SCAN
    await clock.advance(30_000)
    expect(scanCause(m.view('dev-1'))).toBe('number-changed')
    client.info = gatewayFailure('network')
    await clock.advance(dueIn(m))
    await clock.advance(dueIn(m))
    expect(m.status('dev-1').state).toBe('unreachable')
    client.info = NEEDS_SCAN
    await clock.advance(dueIn(m))
    expect(m.view('dev-1')).toMatchObject({
      state: 'needs-scan',
      stateNoteParams: { phone: '6285722223333' }
    })
    expect(scanCause(m.view('dev-1'))).toBe('number-changed')
    // Scanned and connected: a later logout is a logout.
    client.info = deviceInfoFixture()
    await clock.advance(dueIn(m))
    client.info = NEEDS_SCAN
    await clock.advance(dueIn(m))
    expect(scanCause(m.view('dev-1'))).toBe('logged-out')
  })

  it('bounds the history, persists it, and restores it on the next run', async () => {
    const m = await openMonitor({ historyLimit: 3 })
    await m.start()
    for (const info of [OFFLINE, deviceInfoFixture(), NEEDS_SCAN, deviceInfoFixture()]) {
      client.info = info
      await clock.advance(30_000)
    }
    await m.flush()
    expect(m.history('dev-1').map((h) => h.state)).toEqual(['connected', 'needs-scan', 'connected'])
    const stored = JSON.parse(await readFile(join(dir, 'device-states.json'), 'utf8')) as {
      devices: Record<string, { history: unknown[]; state: string }>
    }
    expect(stored.devices['dev-1']?.history).toHaveLength(3)
    expect(JSON.stringify(stored)).not.toContain(TOKEN)
    await m.close()

    const next = await openMonitor({ historyLimit: 3 })
    expect(next.status('dev-1')).toMatchObject({
      state: 'connected',
      lastCheckedAt: '2026-01-15T03:02:00.000Z'
    })
    expect(next.history('dev-1')).toEqual(m.history('dev-1'))
    expect(next.view('dev-1').name).toBe('Shop front')
  })

  it('tells a device no phone has scanned since it was added from one that logged out, across runs', async () => {
    const m = await openMonitor()
    await m.start()
    // Added while the monitor runs, not scanned yet: the gateway's words are those of a logout.
    await registry.remove('dev-1')
    client.info = NEEDS_SCAN
    await registry.add({ label: 'Shop', baseUrl: 'https://solo.wablas.com', token: TOKEN })
    expect(m.view('dev-1')).toMatchObject({ state: 'needs-scan', stateNote: NEEDS_SCAN.note, linked: false })
    expect(scanCause(m.view('dev-1'))).toBe('never-linked')
    await m.close()

    const next = await openMonitor()
    await next.start()
    expect(scanCause(next.view('dev-1'))).toBe('never-linked')
    // Scanned (the gateway waits for its IT support to activate it), then logged out.
    client.info = deviceInfoFixture({ active: false, note: 'waiting for activation' })
    await clock.advance(30_000)
    expect(next.view('dev-1')).toMatchObject({ state: 'awaiting-activation', linked: true })
    client.info = NEEDS_SCAN
    await clock.advance(30_000)
    expect(scanCause(next.view('dev-1'))).toBe('logged-out')
    await next.close()
    expect(scanCause((await openMonitor()).view('dev-1'))).toBe('logged-out')
  })

  it('reads states kept before `linked` was: linked if the history shows a scan, else not known', async () => {
    const file = join(dir, 'device-states.json')
    const kept = (history: Array<{ state: DeviceState }>): string =>
      JSON.stringify({
        version: 1,
        devices: {
          'dev-1': {
            state: 'needs-scan',
            note: NEEDS_SCAN.note,
            since: '2026-01-15T03:00:00.000Z',
            lastCheckedAt: '2026-01-15T03:00:00.000Z',
            info: null,
            history: history.map((item) => ({ at: '2026-01-15T03:00:00.000Z', note: null, ...item }))
          }
        }
      })
    await writeFile(file, kept([{ state: 'connected' }, { state: 'needs-scan' }]))
    expect((await openMonitor()).view('dev-1')).toMatchObject({ state: 'needs-scan', linked: true })
    await monitor?.close()
    await writeFile(file, kept([{ state: 'needs-scan' }]))
    const unknown = (await openMonitor()).view('dev-1')
    expect(unknown.linked).toBeNull()
    expect(scanCause(unknown)).toBe('logged-out')
  })

  it('emits views that satisfy the contract, with the paused flag from the caller', async () => {
    const m = await openMonitor({ isPaused: (id) => id === 'dev-1' })
    await m.start()
    await registry.rename('dev-1', 'Front desk')
    const view = viewsSeen.at(-1)?.[0]
    expect(DeviceViewSchema.parse(view)).toEqual({
      id: 'dev-1',
      label: 'Front desk',
      baseUrl: 'https://solo.wablas.com',
      tokenHint: `••••${TOKEN.slice(-4)}`,
      hasSecret: false,
      sandbox: ON_SANDBOX_GATEWAY,
      state: 'connected',
      stateNote: 'ready to use',
      linked: true,
      name: 'Shop front',
      serial: 'SERIAL-1',
      sender: '6281234567890',
      quota: 100,
      expiresAt: '2026-12-31',
      expiresBy: '2026-12-31T17:00:00.000Z',
      lastCheckedAt: '2026-01-15T03:00:00.000Z',
      checkEverySec: 30,
      statusPushed: false,
      stateSince: '2026-01-15T03:00:00.000Z',
      paused: true,
      maxFileBytes: null,
      dailyCap: null
    })
    expect(JSON.stringify(viewsSeen)).not.toContain(TOKEN)
  })

  it("carries the device's budget: today's sends, when its day ends and the zone its days start in", async () => {
    // The window plans a direct send's following days at midnights in that zone (the send queue's budget's).
    const resetsAt = Date.parse('2026-10-24T22:00:00.000Z')
    const m = await openMonitor({
      budgetOf: () => ({ sentToday: 3, cap: 5, resetsAt, zone: 'Europe/Berlin' })
    })
    expect(DeviceViewSchema.parse(m.view('dev-1')).sentToday).toEqual({
      count: 3,
      resetsAt: '2026-10-24T22:00:00.000Z',
      zone: 'Europe/Berlin'
    })
  })

  it('a throwing listener does not stop polling or other listeners', async () => {
    const m = await openMonitor()
    m.on('stateChanged', () => {
      throw new Error('broken window')
    })
    await m.start()
    expect(transitions).toHaveLength(1)
    expect(dueIn(m)).toBe(30_000)
  })
})
