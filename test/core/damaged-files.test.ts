/**
 * Failures stay in their room (issue 28, point 1), for the stores kept as files beside the database: the devices
 * list (devices.json), the devices' last states (device-states.json) and the token vault. Each is tried truncated,
 * empty, NUL-filled, not JSON, from a newer version and with a folder in its place: the core starts, queues and
 * sends; the damaged copy is kept; and what the operator lost is named with its file (the devices list through
 * `app:damaged`, the vault through its status note and locked entries).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { composeCore } from '../../src/main/core/compose'
import { FakeClock } from '../../src/main/core/clock'
import { EncryptedFileVault, MemoryVault, type Cipher } from '../../src/main/core/vault'

type Damage = readonly [what: string, write: (path: string) => void]

const DAMAGE: readonly Damage[] = [
  ['truncated', (path) => writeFileSync(path, '{"version":1,"devices":[{"id":"d1","label":"Toko')],
  ['empty', (path) => writeFileSync(path, '')],
  ['NUL-filled', (path) => writeFileSync(path, Buffer.alloc(256))],
  ['not JSON', (path) => writeFileSync(path, 'devices = d1, d2')],
  [
    'from a newer version',
    (path) => writeFileSync(path, JSON.stringify({ version: 9, devices: { d1: {} } }))
  ],
  ['a folder in its place', (path) => mkdirSync(join(path, 'inside'), { recursive: true })]
]

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sd-damaged-files-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** What was set aside beside `name` (the damaged copy, kept for recovery). */
function copiesOf(name: string): string[] {
  return readdirSync(dir).filter((entry) => entry.startsWith(`${name}.`) && !entry.endsWith('.tmp'))
}

async function startAndSend(): Promise<{
  damaged: { part: string; file: string; message: string }[]
  queued: number
  stop: () => Promise<void>
  startFresh: (part: 'devices') => Promise<unknown>
}> {
  const core = await composeCore({
    dataDir: dir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    pollIntervals: { idleMs: 60_000, linkingMs: 60_000, settlingMs: 60_000 }
  })
  await core.start()
  const { device } = await core.handlers['sandbox:start']({})
  const queued = await core.handlers['outbox:enqueue']({
    deviceId: device.id,
    recipients: ['081234567890'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'still sending' }]
  })
  const { parts } = await core.handlers['app:damaged']({})
  return {
    damaged: parts,
    queued: queued.itemIds.length,
    stop: () => core.stop(),
    startFresh: (part) => core.handlers['app:startFresh']({ part })
  }
}

describe('a damaged devices list (devices.json)', () => {
  for (const [what, write] of DAMAGE) {
    it(`${what}: the core starts and sends, the copy is kept, and the window is told which file and why`, async () => {
      write(join(dir, 'devices.json'))
      const run = await startAndSend()
      try {
        expect(run.queued).toBe(1)
        const [copy] = copiesOf('devices.json')
        expect(copy).toMatch(/^devices\.json\.corrupt-/)
        const devices = run.damaged.filter((part) => part.part === 'devices')
        expect(devices).toEqual([
          {
            part: 'devices',
            file: join(dir, 'devices.json'),
            message: expect.stringContaining(join(dir, copy!))
          }
        ])
        // Acknowledged: the notice goes, the kept copy stays.
        await run.startFresh('devices')
        expect(copiesOf('devices.json')).toEqual([copy])
      } finally {
        await run.stop()
      }
    })
  }
})

describe("damaged device states (device-states.json, the devices' last known states)", () => {
  for (const [what, write] of DAMAGE) {
    it(`${what}: the core starts and sends, and the copy is kept`, async () => {
      write(join(dir, 'device-states.json'))
      const run = await startAndSend()
      try {
        expect(run.queued).toBe(1)
        expect(copiesOf('device-states.json')).toEqual([
          expect.stringMatching(/^device-states\.json\.corrupt-/)
        ])
      } finally {
        await run.stop()
      }
    })
  }
})

describe('a damaged token vault file', () => {
  const TOKEN = 'tokenAAAA1111222233334444555566667777888899990000aaaabbbbccccdddd'
  /** A keyring stand-in: reversible, marked, always available. */
  const cipher: Cipher = {
    isAvailable: () => true,
    backend: () => 'gnome_libsecret',
    encrypt: async (text) => Buffer.from(`sealed:${text}`),
    decrypt: async (data) => ({ text: data.toString().replace(/^sealed:/, ''), shouldReEncrypt: false })
  }
  const open = (file: string): EncryptedFileVault =>
    new EncryptedFileVault({ cipher, file, clock: new FakeClock() })

  for (const [what, write] of DAMAGE.slice(0, 4)) {
    it(`${what}: tokens read as locked (never absent), a copy is kept before the first write, and a new token is kept`, async () => {
      const file = join(dir, 'vault.json')
      write(file)
      const damagedBytes = readFileSync(file)
      const vault = open(file)
      expect(await vault.load('d1')).toMatchObject({
        kind: 'locked',
        reason: expect.stringMatching(/damaged/)
      })
      await vault.store('d1', { token: TOKEN })
      const [copy] = copiesOf('vault.json')
      expect(copy).toMatch(/^vault\.json\.damaged-/)
      expect(readFileSync(join(dir, copy!)).equals(damagedBytes)).toBe(true)
      expect(vault.status().note).toMatch(/copy of the damaged file was kept/)
      expect(await open(file).load('d1')).toMatchObject({ kind: 'found', value: { token: TOKEN } })
    })
  }

  it('from a newer version: used read-only, its tokens locked with the reason, the file left byte for byte', async () => {
    const file = join(dir, 'vault.json')
    DAMAGE[4]![1](file)
    const before = readFileSync(file)
    const vault = open(file)
    expect(await vault.load('d1')).toMatchObject({
      kind: 'locked',
      reason: expect.stringMatching(/newer version/)
    })
    await expect(vault.store('d1', { token: TOKEN })).rejects.toThrow(/newer version/)
    expect(readFileSync(file).equals(before)).toBe(true)
    expect(copiesOf('vault.json')).toEqual([])
  })

  it('a folder in its place: tokens locked with the file named, nothing written, the folder left as it was', async () => {
    const file = join(dir, 'vault.json')
    DAMAGE[5]![1](file)
    const vault = open(file)
    expect(await vault.load('d1')).toMatchObject({ kind: 'locked', reason: expect.stringContaining(file) })
    await expect(vault.store('d1', { token: TOKEN })).rejects.toThrow(file)
    expect(readdirSync(file)).toEqual(['inside'])
  })
})
