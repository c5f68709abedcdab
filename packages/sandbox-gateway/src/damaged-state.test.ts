// A damaged saved state never throws anything but a typed error that names the file and says why, and "set aside
// and start fresh" keeps the damaged file beside it and starts clean. Every damaged shape, for both stores.

import Database from 'better-sqlite3'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SandboxStateError, setAsideSandboxState, startSandbox, type SandboxStateProblem } from './index'
import { TestClock } from './test-clock'
import { startSandboxInProcess } from './in-process'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-damaged-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A real saved world with one linked device, in the given store. */
async function savedWorld(options: { dataDir?: string; stateFile?: string }): Promise<void> {
  const sandbox = await startSandboxInProcess({ ...options, clock: new TestClock() })
  const { token } = sandbox.world.createDevice({ linked: true })
  for (let i = 0; i < 300; i++)
    sandbox.world.deliverIncoming(token, { from: '6281234567890', message: `hello ${i}` })
  await sandbox.close()
}

type Damage = (path: string) => void | Promise<void>

const cutInHalf: Damage = (path) => truncateSync(path, Math.floor(readFileSync(path).length / 2))
const directoryInPlace: Damage = (path) => {
  rmSync(path)
  mkdirSync(path)
}

const JSON_SHAPES: [string, Damage, SandboxStateProblem][] = [
  ['truncated', cutInHalf, 'truncated'],
  ['empty', (path) => writeFileSync(path, ''), 'empty'],
  ['NUL-filled', (path) => writeFileSync(path, Buffer.alloc(4096)), 'nul-filled'],
  [
    'ending in NULs',
    (path) => writeFileSync(path, Buffer.concat([readFileSync(path).subarray(0, 100), Buffer.alloc(4096)])),
    'nul-filled'
  ],
  [
    'cut after a comma',
    (path) => {
      const text = readFileSync(path, 'utf8')
      writeFileSync(path, text.slice(0, text.indexOf(',', 200) + 1))
    },
    'truncated'
  ],
  ['not JSON', (path) => writeFileSync(path, 'devices: all of them\n'), 'not-json'],
  [
    'a wrong version',
    (path) => writeFileSync(path, JSON.stringify({ version: 9, devices: [] })),
    'wrong-version'
  ],
  ['a directory in its place', directoryInPlace, 'directory']
]

const SQLITE_SHAPES: [string, Damage, SandboxStateProblem][] = [
  ['truncated', cutInHalf, 'truncated'],
  ['NUL-filled', (path) => writeFileSync(path, Buffer.alloc(8192)), 'nul-filled'],
  ['not a database', (path) => writeFileSync(path, '{"version":1}'), 'not-a-database'],
  [
    'a wrong version',
    (path) => {
      const db = new Database(path)
      db.pragma('user_version = 9')
      db.close()
    },
    'wrong-version'
  ],
  ['a directory in its place', directoryInPlace, 'directory']
]

async function startFailure(options: { dataDir?: string; stateFile?: string }): Promise<unknown> {
  try {
    const sandbox = await startSandbox(options)
    await sandbox.close()
  } catch (error) {
    return error
  }
  throw new Error('expected the start to fail')
}

describe.each([
  [
    'a JSON state file',
    JSON_SHAPES,
    () => ({ stateFile: join(dir, 'world.json') }),
    () => join(dir, 'world.json')
  ],
  [
    'the SQLite store',
    SQLITE_SHAPES,
    () => ({ dataDir: join(dir, 'data') }),
    () => join(dir, 'data', 'world.sqlite')
  ]
] as const)('%s', (_store, shapes, optionsOf, pathOf) => {
  it.each(shapes)(
    '%s: a typed error naming the file and why; set aside, it is kept beside and the sandbox starts clean',
    async (_shape, damage, problem) => {
      const options = optionsOf()
      const path = pathOf()
      await savedWorld(options)
      // Only the main file is damaged: the store's write-ahead log is merged into it at close.
      await damage(path)
      const error = await startFailure(options)
      expect(error).toBeInstanceOf(SandboxStateError)
      expect(error).toMatchObject({ file: path, problem, code: 'SANDBOX_STATE_DAMAGED' })
      const message = (error as Error).message
      expect(message).toContain(path)
      // A sentence in words, not a parser's or zod's text.
      expect(message).not.toMatch(/Unexpected|position \d|SQLITE_|"code"|invalid_type/)

      const kept = setAsideSandboxState(options, new Date('2026-11-28T06:00:00Z'))
      expect(kept).toBe(`${path}.damaged-2026-11-28T06-00-00-000Z`)
      expect(existsSync(kept!)).toBe(true)
      const fresh = await startSandbox(options)
      try {
        expect(fresh.setAside).toEqual([])
      } finally {
        await fresh.close()
      }
      // The damaged copy is still there after the fresh start saved its own world.
      expect(
        readdirSync(join(path, '..')).some((name) => name.startsWith('world.') && name.includes('.damaged-'))
      ).toBe(true)
    }
  )
})

it('an empty SQLite file is an empty store: the sandbox starts with no world', async () => {
  const dataDir = join(dir, 'data')
  mkdirSync(dataDir)
  writeFileSync(join(dataDir, 'world.sqlite'), '')
  const sandbox = await startSandboxInProcess({ dataDir, clock: new TestClock() })
  try {
    expect(sandbox.world.devices()).toEqual([])
    expect(sandbox.setAside).toEqual([])
  } finally {
    await sandbox.close()
  }
})

it('a damaged record does not stop the start: the healthy devices load and the report names what was set aside', async () => {
  const stateFile = join(dir, 'world.json')
  const first = await startSandboxInProcess({ stateFile, clock: new TestClock() })
  const kept = first.world.createDevice({ linked: true })
  const damaged = first.world.createDevice({ linked: true })
  await first.close()
  const saved = JSON.parse(readFileSync(stateFile, 'utf8'))
  saved.devices[1].state = 'on-the-moon'
  writeFileSync(stateFile, JSON.stringify(saved))

  const sandbox = await startSandbox({ stateFile })
  try {
    expect(sandbox.setAside).toEqual([
      {
        file: stateFile,
        kind: 'device',
        id: damaged.serial,
        reason: expect.stringMatching(/^state: .*expected one of/),
        keptIn: `${stateFile}.damaged.json`
      }
    ])
    const control = await fetch(`${sandbox.baseUrl}/__sandbox/devices`, {
      headers: { 'x-sandbox-control': sandbox.controlToken }
    })
    const { devices } = (await control.json()) as { devices: { serial: string }[] }
    expect(devices.map((device) => device.serial)).toEqual([kept.serial])
  } finally {
    await sandbox.close()
  }
})

it('a damaged older world.json waiting to be imported is named, and setting aside the data folder clears it', async () => {
  const dataDir = join(dir, 'data')
  mkdirSync(dataDir)
  writeFileSync(join(dataDir, 'world.json'), '{"version":1,"devices":[')
  const error = await startFailure({ dataDir })
  expect(error).toMatchObject({ file: join(dataDir, 'world.json'), problem: 'truncated' })
  expect(setAsideSandboxState({ dataDir })).not.toBeNull()
  const fresh = await startSandbox({ dataDir })
  await fresh.close()
  expect(readdirSync(dataDir).filter((name) => name.startsWith('world.json.damaged-'))).toHaveLength(1)
})

it('a file where the data folder should be is named; set aside, the folder is made afresh', async () => {
  const dataDir = join(dir, 'data')
  writeFileSync(dataDir, 'not a folder')
  const error = await startFailure({ dataDir })
  expect(error).toBeInstanceOf(SandboxStateError)
  expect(error).toMatchObject({ file: dataDir, problem: 'not-a-folder' })
  // The file a SandboxStateError names can be set aside directly, too.
  expect(setAsideSandboxState((error as SandboxStateError).file)).toMatch(/data\.damaged-/)
  const fresh = await startSandbox({ dataDir })
  await fresh.close()
})
