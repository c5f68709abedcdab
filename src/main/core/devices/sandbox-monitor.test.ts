// The device monitor, registry and actions against the real sandbox gateway through the real client: every
// transition the gateway can show (scan, activation, web conflict, offline, logout, number change, expiry,
// network loss through a reset fault), each read by an actual device/info poll.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DeviceState } from '../../../shared/contract'
import { FakeClock } from '../clock'
import { createGatewayClient } from '../gateway'
import { SandboxControl, startSandbox, type CreateDeviceOptions } from '@sender-desk/sandbox-gateway'
import { MemoryVault } from '../vault/memory-vault'
import { DeviceActions } from './actions'
import { DeviceMonitor } from './monitor'
import { DeviceRegistry } from './registry'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>

let dir: string
let clock: FakeClock
let sandbox: Sandbox
let control: SandboxControl
let registry: DeviceRegistry
let monitor: DeviceMonitor
let actions: DeviceActions
let transitions: string[]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-monitor-'))
  clock = new FakeClock()
  sandbox = await startSandbox({ clock, seed: 7 })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  registry = await DeviceRegistry.open({
    file: join(dir, 'devices.json'),
    vault: new MemoryVault(),
    clock,
    clientFactory: (credentials) => createGatewayClient({ ...credentials, timeoutMs: 5_000 })
  })
  monitor = await DeviceMonitor.open({
    registry,
    clock,
    stateFile: join(dir, 'device-states.json'),
    random: () => 0.5
  })
  actions = new DeviceActions({ registry, monitor, clock })
  transitions = []
  monitor.on('stateChanged', (_id, from, to) => transitions.push(`${from}>${to}`))
})

afterEach(async () => {
  await monitor.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

async function addDevice(options: CreateDeviceOptions = {}) {
  const created = await control.createDevice(options)
  const { device } = await registry.add({
    label: 'Sandbox phone',
    baseUrl: `${sandbox.baseUrl}/api/`,
    token: created.token,
    secret: created.secret,
    sandbox: true
  })
  return { id: device.id, token: created.token, secret: created.secret }
}

async function stateAfterPoll(id: string): Promise<DeviceState> {
  return (await monitor.refresh(id)).state
}

describe('monitor against the sandbox', () => {
  it('follows a new device through QR scan and activation, with linking ending by itself', async () => {
    const { id, token } = await addDevice()
    expect(monitor.status(id)).toMatchObject({
      state: 'needs-scan',
      note: 'whatsapp sender not connected, need scan qr code again'
    })

    const target = await actions.relink(id)
    expect(target.view).toBe('linking')
    const qr = await actions.qr(id)
    expect(qr.kind).toBe('text')
    expect(qr.refreshAfterMs).toBeGreaterThan(0)
    expect(qr.refreshAfterMs).toBeLessThanOrEqual(20_000)

    await control.act(token, 'scan', qr.kind === 'text' ? qr.text : undefined)
    expect(await stateAfterPoll(id)).toBe('awaiting-activation')
    expect(monitor.status(id).note).toBe('waiting for activation by IT support')
    expect(monitor.isLinking(id)).toBe(true)

    await control.act(token, 'activate')
    expect(await stateAfterPoll(id)).toBe('connected')
    expect(monitor.isLinking(id)).toBe(false)
    expect(monitor.isSendable(id)).toBe(true)
    expect(transitions).toEqual([
      'unknown>needs-scan',
      'needs-scan>awaiting-activation',
      'awaiting-activation>connected'
    ])
    expect(monitor.history(id).map((h) => h.state)).toEqual([
      'needs-scan',
      'awaiting-activation',
      'connected'
    ])
  })

  it('shows the web-client conflict and going offline as disconnected, and a restart brings it back', async () => {
    const { id, token } = await addDevice({ linked: true, secret: 'tgw6gVhz' })
    expect(monitor.status(id).state).toBe('connected')

    await control.act(token, 'open-web')
    expect(await stateAfterPoll(id)).toBe('disconnected')
    expect(monitor.status(id).note).toMatch(/WhatsApp Web/)
    const restarted = await actions.restart(id)
    expect(restarted.message).toBeTruthy()
    expect(['restart', 'reconnect']).toContain(restarted.via)
    expect(monitor.isSettling(id)).toBe(true)
    expect(await stateAfterPoll(id)).toBe('connected')
    expect(monitor.isSettling(id)).toBe(false)

    await control.act(token, 'offline')
    expect(await stateAfterPoll(id)).toBe('disconnected')
    expect(monitor.status(id).note).toMatch(/restart/)
    await control.act(token, 'online')
    expect(await stateAfterPoll(id)).toBe('connected')
  })

  it('needs a scan after the phone logs out and after a number change', async () => {
    const { id, token } = await addDevice({ linked: true })
    await control.act(token, 'logout')
    expect(await stateAfterPoll(id)).toBe('needs-scan')

    const qr = await actions.qr(id)
    await control.act(token, 'scan', qr.kind === 'text' ? qr.text : undefined)
    expect(await stateAfterPoll(id)).toBe('connected')

    const view = await actions.changeNumber(id, '0812 9999 0000')
    expect(view.state).toBe('needs-scan')
    expect((await control.device(token)).sender).toBe('6281299990000')
    expect(await stateAfterPoll(id)).toBe('needs-scan')
  })

  it('polls on its own 30 s timer and at once on resume', async () => {
    const { id, token } = await addDevice({ linked: true })
    await monitor.start()
    await control.act(token, 'offline')
    await clock.advance(29_000)
    await monitor.whenIdle()
    expect(monitor.status(id).state).toBe('connected')
    await clock.advance(1_000)
    await monitor.whenIdle()
    expect(monitor.status(id).state).toBe('disconnected')

    await control.act(token, 'online')
    monitor.notifyResume()
    await monitor.whenIdle()
    expect(monitor.status(id).state).toBe('connected')
    expect(monitor.nextPollAt(id)).toBe(clock.now() + 30_000)
  })

  it('reports expiry', async () => {
    const { id, token } = await addDevice({ linked: true })
    await control.act(token, 'expire')
    expect(await stateAfterPoll(id)).toBe('expired')
    expect(monitor.isSendable(id)).toBe(false)
  })

  it('reads the legacy device/info shape', async () => {
    const { id, token } = await addDevice({ linked: true, legacyInfo: true })
    expect(monitor.status(id).state).toBe('connected')
    await control.act(token, 'offline')
    expect(await stateAfterPoll(id)).toBe('disconnected')
  })

  it('keeps the last state through one connection reset, reports unreachable on the second, and recovers', async () => {
    const { id } = await addDevice({ linked: true })
    await control.addFault({ path: '/api/device/info', kind: 'reset', times: 2 })
    expect(await stateAfterPoll(id)).toBe('connected')
    expect(await stateAfterPoll(id)).toBe('unreachable')
    // The sandbox's own, not the network's: it runs inside Sender Desk.
    expect(monitor.status(id).note).toMatch(/sandboxUnreachable/)
    expect(await stateAfterPoll(id)).toBe('connected')
    expect(transitions).toEqual(['unknown>connected', 'connected>unreachable', 'unreachable>connected'])
  })

  it('reports a failing gateway (HTTP 502) as unreachable after the tolerated failure', async () => {
    const { id } = await addDevice({ linked: true })
    await control.addFault({ path: '/api/device/info', kind: 'status', status: 502, times: 2 })
    await stateAfterPoll(id)
    expect(await stateAfterPoll(id)).toBe('unreachable')
    expect(monitor.status(id).note).toMatch(/502/)
  })

  it('persists no token in the device list or the state history', async () => {
    const { id, token, secret } = await addDevice({ linked: true, secret: 'tgw6gVhz' })
    await control.act(token, 'offline')
    await stateAfterPoll(id)
    await monitor.flush()
    const files = [
      await readFile(join(dir, 'devices.json'), 'utf8'),
      await readFile(join(dir, 'device-states.json'), 'utf8')
    ]
    for (const text of files) {
      expect(text).not.toContain(token)
      expect(text).not.toContain(secret ?? 'tgw6gVhz')
    }
  })
})

describe('registry against the sandbox', () => {
  it('refuses a token the gateway does not know, and a wrong secret key', async () => {
    await expect(
      registry.add({ label: 'X', baseUrl: sandbox.baseUrl, token: 'not-a-real-token-0000000000000000' })
    ).rejects.toMatchObject({ code: 'token_invalid', field: 'token' })
    const created = await control.createDevice({ linked: true, secret: 'tgw6gVhz' })
    await expect(
      registry.add({ label: 'X', baseUrl: sandbox.baseUrl, token: created.token, secret: 'wrong123' })
    ).rejects.toMatchObject({ code: 'secret_invalid', field: 'secret' })
    expect(registry.list()).toEqual([])
  })
})
