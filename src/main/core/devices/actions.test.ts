// Tests for device actions: restart with fast polling until settled, change number, QR views and relink.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { QrView } from '../../../shared/contract'
import { FakeClock } from '../clock'
import { MemoryVault } from '../vault/memory-vault'
import { DeviceActions, toQrView } from './actions'
import { DeviceError } from './errors'
import { DeviceMonitor } from './monitor'
import { DeviceRegistry } from './registry'
import { ScriptedGatewayClient, deviceInfoFixture, gatewayFailure } from './testing/scripted-gateway-client'

const TOKEN = 'Zq8xLr2mN4pK7vB1cD3eF5gH6jJ9kL0aS2dF4gH6jK8lQ1wE3rT5yU7iO9pA1sD3'
const OFFLINE = deviceInfoFixture({
  connection: 'disconnected',
  note: 'device disconnected, restart the device to reconnect'
})

let dir: string
let clock: FakeClock
let vault: MemoryVault
let client: ScriptedGatewayClient
let monitor: DeviceMonitor
let actions: DeviceActions
let ids = 0
let registry: DeviceRegistry

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'actions-test-'))
  ids = 0
  clock = new FakeClock()
  vault = new MemoryVault()
  client = new ScriptedGatewayClient()
  registry = await DeviceRegistry.open({
    file: join(dir, 'devices.json'),
    vault,
    clock,
    newId: () => `dev-${++ids}`,
    clientFactory: () => client
  })
  await registry.add({ label: 'Shop', baseUrl: 'https://solo.wablas.com', token: TOKEN })
  monitor = await DeviceMonitor.open({ registry, clock, random: () => 0.5 })
  await monitor.start()
  actions = new DeviceActions({ registry, monitor, clock })
  client.calls.length = 0
})

afterEach(async () => {
  await monitor.close()
  await rm(dir, { recursive: true, force: true })
})

const dueIn = (): number => (monitor.nextPollAt('dev-1') ?? NaN) - clock.now()

describe('restart', () => {
  it('reports the result and polls every 5 s until connected, then idles at 30 s', async () => {
    client.info = OFFLINE
    await clock.advance(30_000)
    expect(monitor.status('dev-1').state).toBe('disconnected')
    client.restartResult = { via: 'reconnect', message: 'device reconnected', deviceId: '7' }

    const result = await actions.restart('dev-1')
    expect(result).toMatchObject({
      message: 'device reconnected',
      via: 'reconnect',
      device: { id: 'dev-1', state: 'disconnected' }
    })
    expect(monitor.isSettling('dev-1')).toBe(true)
    expect(dueIn()).toBe(5_000)
    await clock.advance(5_000)
    expect(dueIn()).toBe(5_000)
    client.info = deviceInfoFixture()
    await clock.advance(5_000)
    expect(monitor.status('dev-1').state).toBe('connected')
    expect(monitor.isSettling('dev-1')).toBe(false)
    expect(dueIn()).toBe(30_000)
  })

  it('stops fast polling after the settle window when the state never settles', async () => {
    client.info = OFFLINE
    await actions.restart('dev-1')
    await clock.advance(120_000)
    expect(monitor.isSettling('dev-1')).toBe(false)
    expect(dueIn()).toBe(30_000)
    expect(client.count('deviceInfo')).toBe(24)
  })

  // The window words a restart's verdict only once the monitor stops waiting (QA16 Q16-04): the views say when.
  it('says in the views while it settles, and sends the views again when it stops, changed state or not', async () => {
    const settling: boolean[] = []
    monitor.on('devicesChanged', (views) => settling.push(views[0]?.settling === true))
    await clock.advance(30_000)
    expect(monitor.status('dev-1').state).toBe('connected')
    const reply = await actions.restart('dev-1')
    expect(reply.device.settling).toBe(true)
    expect(monitor.view('dev-1').settling).toBe(true)
    settling.length = 0
    // Still connected: nothing else changed, yet the window must hear that the wait is over.
    await clock.advance(5_000)
    expect(monitor.isSettling('dev-1')).toBe(false)
    expect(monitor.view('dev-1').settling).toBeFalsy()
    expect(settling).toEqual([false])
  })

  it('sends the views when the settle window ends with the device still down', async () => {
    client.info = OFFLINE
    await clock.advance(30_000)
    await actions.restart('dev-1')
    const settling: boolean[] = []
    monitor.on('devicesChanged', (views) => settling.push(views[0]?.settling === true))
    await clock.advance(115_000)
    // Told as its last-checked minute moves (QA60), still settling each time.
    expect(settling.every((s) => s)).toBe(true)
    const during = settling.length
    await clock.advance(10_000)
    expect(monitor.status('dev-1').state).toBe('disconnected')
    expect(settling.slice(during)).toEqual([false])
  })

  it('turns a gateway refusal into an operator-facing DeviceError and a locked token into token_locked', async () => {
    client.restartResult = gatewayFailure('device_not_connected', { gatewayMessage: 'device not connected' })
    await expect(actions.restart('dev-1')).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringMatching(/device not connected/)
    })
    await expect(actions.restart('dev-9')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses to act with a locked or missing token, and never calls the gateway', async () => {
    client.info = deviceInfoFixture({ serial: 'SERIAL-2' })
    await registry.add({ label: 'Other', baseUrl: 'https://solo.wablas.com', token: `${TOKEN}2` })
    client.calls.length = 0
    vault.lock('dev-2', 'the keyring is locked')
    await expect(actions.restart('dev-2')).rejects.toMatchObject({
      code: 'token_locked',
      message: expect.stringMatching(/^Token locked: the keyring is locked/)
    })
    await vault.erase('dev-2')
    await expect(actions.qr('dev-2')).rejects.toMatchObject({ code: 'token_locked' })
    expect(client.calls).toEqual([])
  })
})

describe('changeNumber', () => {
  it('normalises the phone, calls the gateway and leaves the device needing a scan', async () => {
    const view = await actions.changeNumber('dev-1', '0813-3456-7890')
    expect(client.calls).toContain('changeNumber:6281334567890')
    expect(view).toMatchObject({ state: 'needs-scan', stateNote: expect.stringMatching(/6281334567890/) })
    expect(monitor.history('dev-1').at(-1)?.state).toBe('needs-scan')
  })

  it('shows the new number as the sender at once, not the old one until the next poll (QA16 Q16-11)', async () => {
    expect(monitor.view('dev-1').sender).not.toBe('6285722223333')
    const view = await actions.changeNumber('dev-1', '0857 2222 3333')
    expect(view.sender).toBe('6285722223333')
    expect(monitor.view('dev-1').sender).toBe('6285722223333')
  })

  it('refuses the number the device already sends from, without calling the gateway or unlinking it', async () => {
    await actions.changeNumber('dev-1', '0857 2222 3333')
    const calls = client.calls.length
    const before = monitor.view('dev-1').state
    const error = await actions.changeNumber('dev-1', '+62 857-2222-3333').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DeviceError)
    expect(error).toMatchObject({ code: 'invalid_phone', field: 'phone' })
    expect(client.calls).toHaveLength(calls)
    expect(monitor.view('dev-1').state).toBe(before)
  })

  it('refuses a malformed phone on the phone field without calling the gateway', async () => {
    const error = await actions.changeNumber('dev-1', 'call me').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DeviceError)
    expect(error).toMatchObject({ code: 'invalid_phone', field: 'phone' })
    expect(client.calls).toEqual([])
  })
})

describe('qr', () => {
  it('returns a text QR with the default 20 s refresh', async () => {
    const view = await actions.qr('dev-1')
    expect(QrView.parse(view)).toEqual({
      kind: 'text',
      text: '2@scripted-qr',
      fetchedAt: '2026-01-15T03:00:00.000Z',
      refreshAfterMs: 20_000
    })
  })

  it('turns image bytes into a data URL, never remote content', async () => {
    client.qrCode = { kind: 'image', mime: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }
    const view = await actions.qr('dev-1')
    expect(QrView.parse(view)).toMatchObject({ kind: 'image', dataUrl: 'data:image/png;base64,iVBORw==' })
  })

  // The linking wizard said a 503 answered to the request for a code as "The gateway did not give a code.": the code of
  // the failure now tells a gateway that answered with a server error, or asked to slow down, from any other failure.
  it.each([
    ['server_error', 503, 'server_error'],
    ['rate_limited', 429, 'rate_limited']
  ] as const)(
    'says a %s (HTTP %i) answered to the request for a code by its own code',
    async (cause, status, code) => {
      client.qrCode = gatewayFailure(cause, { httpStatus: status })
      await expect(actions.qr('dev-1')).rejects.toMatchObject({
        code,
        text: { key: 'desktop.error.gatewayTroubleStatus', params: expect.objectContaining({ status }) }
      })
    }
  )

  // A request for a code the built-in sandbox did not answer was said "Cannot reach http://127.0.0.1:…. Check the
  // address and your network." under the wizard's "needs no internet": it runs inside Sender Desk, on this computer.
  it('says a request the built-in sandbox did not answer as the sandbox’s, not the address’s or the network’s', async () => {
    client.qrCode = gatewayFailure('network')
    await expect(actions.qr('dev-1')).rejects.toMatchObject({
      code: 'unreachable',
      text: { key: 'desktop.error.unreachable' }
    })
    client.info = deviceInfoFixture({ serial: 'SBX-1' })
    await registry.add({
      label: 'Sandbox',
      baseUrl: 'http://127.0.0.1:5000',
      token: `${TOKEN}2`,
      sandbox: true
    })
    await expect(actions.qr('dev-2')).rejects.toMatchObject({
      code: 'unreachable',
      text: { key: 'desktop.error.sandboxUnreachable', params: { baseUrl: 'http://127.0.0.1:5000' } }
    })
  })

  it("follows the gateway's expiry hint, clamped", () => {
    const hinted = { kind: 'text', text: 'x', expiresInSec: 7 } as const
    expect(toQrView(hinted, 0).refreshAfterMs).toBe(7_000)
    expect(toQrView({ kind: 'text', text: 'x', expiresInMs: 1 } as never, 0).refreshAfterMs).toBe(3_000)
    expect(toQrView({ kind: 'text', text: 'x' }, 0, 600_000).refreshAfterMs).toBe(120_000)
  })
})

describe('relink', () => {
  it('starts fast polling and returns what the wizard needs', async () => {
    const target = await actions.relink('dev-1')
    expect(target).toMatchObject({ view: 'linking', deviceId: 'dev-1', device: { id: 'dev-1' } })
    expect(monitor.isLinking('dev-1')).toBe(true)
    expect(dueIn()).toBe(5_000)
  })
})
