// A damaged sandbox stays in its room: the core starts, real devices and the outbox run, the sandbox says which
// file is damaged and why, and "set aside and start fresh" keeps the damaged copy and brings the sandbox back.
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { composeCore, type Core } from '../../src/main/core/compose'
import { startWireServer, type WireServer } from '../../src/main/core/gateway/testing/wire-server'
import { deviceInfo, SAMPLE_TOKEN, send } from '../../src/main/core/gateway/testing/samples'
import { MemoryVault } from '../../src/main/core/vault'

let core: Core | undefined
let gateway: WireServer | undefined
let dataDir: string | undefined

afterEach(async () => {
  await core?.stop()
  await gateway?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const compose = (dir: string, vault: MemoryVault): Promise<Core> =>
  composeCore({
    dataDir: dir,
    vault,
    appInfo: { version: 'test', platform: 'test' },
    outbox: { pacingMs: 0 },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })

it('starts and sends with the sandbox state damaged, names the file, and starts the sandbox fresh on request', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-sandbox-damage-'))
  const vault = new MemoryVault()
  gateway = await startWireServer()
  gateway.route('GET /api/device/info', { body: deviceInfo.current })
  gateway.route('POST /api/send-message', { body: send.single })
  // A first run: a sandbox device and a real one.
  core = await compose(dataDir, vault)
  await core.start()
  await core.handlers['sandbox:start']({})
  const real = await core.handlers['devices:add']({
    label: 'Kasir',
    baseUrl: gateway.url,
    token: SAMPLE_TOKEN
  })
  await core.stop()
  // The sandbox's saved world is damaged while the app is closed (a cut-short write, a disk error).
  const sandboxDir = join(dataDir, 'sandbox')
  const stateFiles = readdirSync(sandboxDir).filter(
    (name) => !name.endsWith('-wal') && !name.endsWith('-shm')
  )
  expect(stateFiles.length).toBeGreaterThan(0)
  for (const name of stateFiles) writeFileSync(join(sandboxDir, name), 'this is not a sandbox world')

  core = await compose(dataDir, vault)
  await core.start()
  const health = await core.handlers['sandbox:health']({})
  expect(health.damaged?.file).toContain(sandboxDir)
  expect(health.damaged?.message).toMatch(/cannot be opened/)
  expect((await core.handlers['app:damaged']({})).parts).toMatchObject([
    { part: 'sandbox', file: health.damaged?.file }
  ])
  // The real device sends all the same.
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId: real.id,
    recipients: ['081234567890'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'halo' }]
  })
  for (let i = 0; i < 100; i++) {
    if ((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status === 'accepted') break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect((await core.handlers['outbox:get']({ id: itemIds[0]! })).item.status).toBe('accepted')

  await core.handlers['sandbox:startFresh']({})
  expect((await core.handlers['sandbox:health']({})).damaged).toBeNull()
  // The damaged copy is kept beside the fresh one.
  expect(readdirSync(sandboxDir).some((name) => name.includes('.damaged-'))).toBe(true)
  expect(existsSync(health.damaged!.file)).toBe(true)
})
