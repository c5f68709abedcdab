/**
 * Messages in with the sandbox in one click: the core runs a relay on this computer, connects a mailbox on it and the
 * sandbox device receives through it, with no terminal and no "webhooks to this computer" switch (the sandbox may post
 * to that relay's origin only). After a restart the relay is back on its port and the same mailbox keeps working,
 * each message kept once.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { ReceivingView } from '../../src/shared/contract'
import { composeCore, describeCoreError, type Core } from '../../src/main/core/compose'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { MemoryVault } from '../../src/main/core/vault'
import { linkSandboxDevice } from './testing/sandbox-core'

let core: Core | null = null
let otherRelay: TestRelay | null = null
let squatter: Server | null = null
afterEach(async () => {
  await core?.stop()
  core = null
  await otherRelay?.close()
  otherRelay = null
  await new Promise((done) => (squatter ? squatter.close(done) : done(undefined)))
  squatter = null
})

async function compose(dataDir: string, vault: MemoryVault): Promise<Core> {
  const started = await composeCore({
    dataDir,
    vault,
    appInfo: { version: 'test', platform: 'test' },
    // The app's default: no switch letting the sandbox post to loopback.
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 100, readAfterMs: 150 }, webhookRetry: 'none' },
    outbox: { pacingMs: 0, trackingIntervalMs: 100, trackingCapMs: 200 },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
  await started.start()
  return started
}

async function invoke(channel: string, request: unknown): Promise<unknown> {
  if (!core) throw new Error('no core')
  const result = await dispatchInvoke(core.handlers, channel, request, { describeError: describeCoreError })
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

const texts = async (): Promise<string[]> =>
  ((await invoke('inbox:list', {})) as { messages: { text: string }[] }).messages.map((m) => m.text)

describe('a relay on this computer for the sandbox', () => {
  it('connects, receives on the sandbox device, refuses other loopback targets, and comes back after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sd-local-relay-core-'))
    const vault = new MemoryVault()
    core = await compose(dataDir, vault)
    const deviceId = await linkSandboxDevice(core)

    const view = (await invoke('inbox:connectLocalRelay', {})) as {
      connected: boolean
      relayUrl: string | null
    }
    expect(view.connected).toBe(true)
    const relayUrl = view.relayUrl ?? ''
    expect(relayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    await invoke('inbox:provision', { deviceId })
    expect(await invoke('webhooks:get', { deviceId })).toMatchObject({
      incoming: true,
      webhookUrl: expect.stringMatching(new RegExp(`^${relayUrl}/h/`))
    })

    await invoke('sandbox:receive', { deviceId, from: '081377778888', message: 'Masih buka?' })
    await expect.poll(texts, { timeout: 15_000 }).toEqual(['Masih buka?'])

    // Only that relay: another relay on this computer stays a refused webhook target.
    otherRelay = await startTestRelay()
    await expect(
      invoke('webhooks:update', { deviceId, webhookUrl: `${otherRelay.url}/h/x/y/incoming` })
    ).rejects.toThrow(/does not post to “127\.0\.0\.1” on this computer/)

    // Quit and start again: the relay is back where the mailbox's URLs point, before the first pull.
    await core.stop()
    core = await compose(dataDir, vault)
    expect(await invoke('inbox:receiving', {})).toMatchObject({ connected: true, relayUrl })
    await invoke('sandbox:receive', { deviceId, from: '081377778888', message: 'Sudah transfer' })
    await expect.poll(texts, { timeout: 15_000 }).toEqual(['Sudah transfer', 'Masih buka?'])
    await expect.poll(() => invoke('inbox:status', {})).toMatchObject({ state: 'connected', messages: 2 })
  }, 60_000)

  it('a port taken while the app was closed: the inbox says unreachable, and running the relay again moves it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sd-local-relay-taken-'))
    const vault = new MemoryVault()
    core = await compose(dataDir, vault)
    const deviceId = await linkSandboxDevice(core)
    const { relayUrl } = (await invoke('inbox:connectLocalRelay', {})) as { relayUrl: string }
    await invoke('inbox:provision', { deviceId })
    await core.stop()

    // Another program takes the port before the next start.
    const port = Number(new URL(relayUrl).port)
    squatter = createServer((socket) => socket.destroy())
    await new Promise<void>((done) => squatter!.listen(port, '127.0.0.1', done))
    core = await compose(dataDir, vault)
    await expect
      .poll(async () => ((await invoke('inbox:status', {})) as { state: string }).state)
      .toBe('unreachable')
    expect(await invoke('inbox:receiving', {})).toMatchObject({
      connected: true,
      relayUrl,
      onThisComputer: true
    })

    // The operator runs it again: a free port and a new mailbox; the device receives once turned on again.
    const moved = (await invoke('inbox:connectLocalRelay', { replace: true })) as {
      relayUrl: string
      onThisComputer: boolean
      devices: { deviceId: string; receiving: boolean }[]
    }
    expect(moved.relayUrl).not.toBe(relayUrl)
    expect(moved.onThisComputer).toBe(true)
    expect(moved.devices).toEqual([expect.objectContaining({ deviceId, receiving: false })])
    await invoke('inbox:provision', { deviceId })
    await invoke('sandbox:receive', { deviceId, from: '081377778888', message: 'Halo lagi' })
    await expect.poll(texts, { timeout: 15_000 }).toEqual(['Halo lagi'])
    expect(await invoke('inbox:status', {})).toMatchObject({ state: 'connected' })
  }, 60_000)

  it('stops when the mailbox moves to another relay, freeing its port, and runs again when asked', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sd-local-relay-moved-'))
    core = await compose(dataDir, new MemoryVault())
    const deviceId = await linkSandboxDevice(core)
    const { relayUrl } = (await invoke('inbox:connectLocalRelay', {})) as { relayUrl: string }
    const port = Number(new URL(relayUrl).port)

    // "Use another relay": a relay elsewhere takes the mailbox's place.
    otherRelay = await startTestRelay()
    const moved = (await invoke('inbox:connect', {
      relayUrl: otherRelay.url,
      replace: true
    })) as ReceivingView
    expect(moved).toMatchObject({ relayUrl: otherRelay.url, onThisComputer: false })
    // Nothing listens on its port any more, and the sandbox may no longer post to it.
    squatter = createServer((socket) => socket.destroy())
    await new Promise<void>((done, fail) => {
      squatter!.once('error', fail)
      squatter!.listen(port, '127.0.0.1', done)
    })
    await new Promise((done) => squatter!.close(done))
    squatter = null
    await expect(
      invoke('webhooks:update', { deviceId, webhookUrl: `${relayUrl}/h/x/y/incoming` })
    ).rejects.toThrow(/does not post to “127\.0\.0\.1” on this computer/)

    // Back to the relay on this computer: it runs again where it was, and a message arrives through it.
    const back = (await invoke('inbox:connectLocalRelay', { replace: true })) as ReceivingView
    expect(back).toMatchObject({ relayUrl, onThisComputer: true })
    await invoke('inbox:provision', { deviceId })
    await invoke('sandbox:receive', { deviceId, from: '081377778888', message: 'Masih buka?' })
    await expect.poll(texts, { timeout: 15_000 }).toEqual(['Masih buka?'])
  }, 60_000)

  it('undo puts the sandbox device back as it was, also after a new mailbox took the old one’s place', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sd-local-relay-undo-'))
    core = await compose(dataDir, new MemoryVault())
    const deviceId = await linkSandboxDevice(core)
    const asFirst = await invoke('webhooks:get', { deviceId })
    expect(asFirst).toMatchObject({ source: 'sandbox', webhookUrl: null, trackingUrl: null, incoming: false })
    const pristine = { webhookUrl: null, trackingUrl: null, incoming: false }

    await invoke('inbox:connectLocalRelay', {})
    await invoke('inbox:provision', { deviceId })
    expect(await invoke('inbox:undoProvision', { deviceId })).toMatchObject({ notRestored: [] })
    expect(await invoke('webhooks:get', { deviceId })).toMatchObject(pristine)

    // Receiving again, then a new mailbox in place of the old one, and receiving through it: the undo still goes back
    // to the sandbox's empty fields, not to the first mailbox's addresses.
    await invoke('inbox:provision', { deviceId })
    await invoke('inbox:connectLocalRelay', { replace: true })
    await invoke('inbox:provision', { deviceId })
    expect(await invoke('inbox:undoProvision', { deviceId })).toMatchObject({ notRestored: [] })
    expect(await invoke('webhooks:get', { deviceId })).toMatchObject(pristine)
  }, 60_000)

  it('a voice note arrives without words, as WhatsApp sends one; a text message without words is refused', async () => {
    core = await compose(await mkdtemp(join(tmpdir(), 'sd-local-relay-voice-')), new MemoryVault())
    const deviceId = await linkSandboxDevice(core)
    await invoke('inbox:connectLocalRelay', {})
    await invoke('inbox:provision', { deviceId })
    await expect(invoke('sandbox:receive', { deviceId, from: '081377778888', message: '' })).rejects.toThrow(
      /message/
    )
    await invoke('sandbox:receive', { deviceId, from: '081377778888', message: '', media: 'audio' })
    await expect
      .poll(async () => ((await invoke('inbox:list', {})) as { messages: unknown[] }).messages, {
        timeout: 15_000
      })
      .toEqual([expect.objectContaining({ messageType: 'audio', text: '' })])
  }, 60_000)
})
