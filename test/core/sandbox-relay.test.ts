/**
 * Sandbox device → relay (Node, on 127.0.0.1) → desktop core, end to end with nothing posted by hand: the sandbox's
 * own webhooks carry a customer's message, the tracking of a message sent from the desktop, and a logout at the
 * phone. The core polls neither statuses nor devices here, so every change seen came through the relay.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/core/compose'
import { describeCoreError } from '../../src/main/core/compose'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { composeSandboxCore, linkSandboxDevice, type SandboxCoreOverrides } from './testing/sandbox-core'

/** Every status change must come through the relay: no delivery-status polls, device polls ten minutes apart. */
const PUSH_ONLY: SandboxCoreOverrides = {
  outbox: { tracking: false },
  pollIntervals: { idleMs: 10 * 60_000 }
}

let core: Core | null = null
let relay: TestRelay

beforeEach(async () => {
  relay = await startTestRelay()
})
afterEach(async () => {
  await core?.stop()
  core = null
  await relay.close()
})

async function invoke(channel: string, request: unknown): Promise<unknown> {
  if (!core) throw new Error('no core')
  const result = await dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

/** The sandbox's control, and the linked device's token, as the gateway's dashboard would be used. */
async function dashboardOf(
  started: Core
): Promise<{ act: (action: 'logout') => Promise<unknown>; setStatusUrl: (url: string) => Promise<unknown> }> {
  const running = await started.sandbox.current()
  if (!running) throw new Error('sandbox not running')
  const [device] = await running.control.devices()
  if (!device) throw new Error('no sandbox device')
  return {
    act: (action) => running.control.act(device.token, action),
    setStatusUrl: (url) => running.control.setStatusUrl(device.token, url)
  }
}

describe('with "allow webhooks to this computer"', () => {
  beforeEach(async () => {
    core = await composeSandboxCore('sd-sandbox-relay-', undefined, {
      ...PUSH_ONLY,
      sandbox: { allowLoopbackWebhookTargets: true, webhookRetry: 'none' }
    })
  })

  it('a customer message, a sent message tracked to read, and a logout at the phone reach the core through the relay', async () => {
    const started = core!
    const deviceId = await linkSandboxDevice(started)
    const connected = await started.inbox.connect({ relayUrl: relay.url })
    if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
    const { urls } = connected

    // The core's webhooks command points the sandbox device at the relay's ingress.
    expect(
      await invoke('webhooks:update', {
        deviceId,
        webhookUrl: urls.incoming,
        trackingUrl: urls.tracking,
        incoming: true
      })
    ).toMatchObject({ webhookUrl: urls.incoming, trackingUrl: urls.tracking, incoming: true })
    const dashboard = await dashboardOf(started)
    // The device-status URL is set in the dashboard only (the gateway has no API for it).
    await dashboard.setStatusUrl(urls.device)

    // A customer writes: the sandbox posts it to the relay, the core pulls it and commits it once.
    await invoke('sandbox:receive', {
      deviceId,
      from: '081377778888',
      message: 'Harga grosir berapa?',
      pushName: 'Dewi'
    })
    await expect
      .poll(async () => ((await invoke('inbox:list', {})) as { messages: unknown[] }).messages, {
        timeout: 15_000
      })
      .toHaveLength(1)
    expect(await invoke('inbox:list', {})).toMatchObject({
      messages: [{ number: 1, pushName: 'Dewi', text: 'Harga grosir berapa?', read: false }]
    })

    // A message sent from the desktop: its tracking webhooks move it to delivered, then read.
    const statuses: string[] = []
    started.events.subscribe((event, payload) => {
      if (event === 'outbox:itemChanged') statuses.push((payload as { item: { status: string } }).item.status)
    })
    const { itemIds } = (await invoke('outbox:enqueue', {
      deviceId,
      recipients: ['081377778888'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Grosir mulai 10 pcs' }]
    })) as { itemIds: string[] }
    const itemId = itemIds[0]!
    await expect.poll(() => started.outbox.get(itemId).item.status, { timeout: 15_000 }).toBe('read')
    expect(statuses).toContain('delivered')
    expect(statuses.indexOf('delivered')).toBeLessThan(statuses.indexOf('read'))

    // The phone logs out by itself (not through the app): the device webhook moves the device at once.
    expect(started.monitor.status(deviceId).state).toBe('connected')
    await dashboard.act('logout')
    await expect.poll(() => started.monitor.status(deviceId).state, { timeout: 15_000 }).toBe('needs-scan')

    // Every webhook reached the relay and got the empty 200 the gateway needs; each event is in the desktop once.
    const deliveries = (await invoke('sandbox:webhookDeliveries', { deviceId })) as {
      deliveries: { kind: string; state: string }[]
    }
    expect(deliveries.deliveries.length).toBeGreaterThanOrEqual(4)
    expect(deliveries.deliveries.filter((d) => d.state !== 'delivered')).toEqual([])
    expect(new Set(deliveries.deliveries.map((d) => d.kind))).toEqual(
      new Set(['incoming', 'tracking', 'device'])
    )
    expect(await invoke('inbox:status', {})).toMatchObject({
      state: 'connected',
      behind: 0,
      messages: 1,
      pending: 0,
      refused: 0
    })
  }, 90_000)
})

describe('without the opt-in (the default)', () => {
  it('the sandbox refuses the relay on 127.0.0.1 as a webhook URL, and nothing is set', async () => {
    core = await composeSandboxCore('sd-sandbox-relay-refused-', undefined, PUSH_ONLY)
    const deviceId = await linkSandboxDevice(core)
    const connected = await core.inbox.connect({ relayUrl: relay.url })
    if (connected.kind !== 'connected') throw new Error(JSON.stringify(connected))
    await expect(
      invoke('webhooks:update', { deviceId, webhookUrl: connected.urls.incoming })
    ).rejects.toThrow(/does not post to “127\.0\.0\.1” on this computer/)
    expect(await invoke('webhooks:get', { deviceId })).toMatchObject({ webhookUrl: null })
  }, 60_000)
})
