// Crash test for take-backs: revoking 1,000 delivered messages on the sandbox gateway, in a child process SIGKILLed
// before a call leaves and as an answer comes back, several times; after the last restart every message is revoked,
// and no message was named in two revoke calls.
import { build } from 'esbuild'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { openDatabase } from '../store'
import { createOutbox } from '../sending'

const MESSAGES = 1000
const ROOT = join(import.meta.dirname, '../../../..')
const BUNDLES = join(ROOT, 'node_modules', '.cache', 'sender-desk-tests')
const SEND_CHILD = join(BUNDLES, 'crash-child.mjs')
const TAKE_BACK_CHILD = join(BUNDLES, 'crash-take-back-child.mjs')

function runChild(
  script: string,
  args: string[]
): Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve({ code, signal, out }))
  })
}

let sandbox: Sandbox
let control: SandboxControl
let dataDir: string

beforeAll(async () => {
  await build({
    entryPoints: ['crash-child.ts', 'crash-take-back-child.ts'].map((name) =>
      join(import.meta.dirname, name)
    ),
    outdir: BUNDLES,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error'
  })
  // Messages are sent and delivered within moments, and never read (so they stay revocable and visible).
  sandbox = await startSandbox({
    seed: 3030,
    timings: { sentAfterMs: 5, deliveredAfterMs: 5, readAfterMs: 3_600_000 }
  })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  dataDir = mkdtempSync(join(tmpdir(), 'take-back-crash-'))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

it(`SIGKILL while revoking ${MESSAGES} messages: each revoked, none named in two calls`, async () => {
  const { token } = await control.createDevice({ linked: true })
  const recipients = Array.from({ length: MESSAGES }, (_, i) => `62813${String(i).padStart(7, '0')}`)
  const setup = openDatabase({ dataDir })
  const queued = createOutbox({ db: setup, dataDir, clientFor: () => undefined })
  const { itemIds } = await queued.enqueue({
    deviceId: 'd1',
    recipients,
    entries: [{ kind: 'text', text: 'wrong amount' }]
  })
  setup.close()
  const sent = await runChild(SEND_CHILD, [dataDir, sandbox.baseUrl, token])
  expect(sent.code, sent.out).toBe(0)

  // The gateway delivered them; the outbox hears it as from the gateway's status push, then the operator revokes.
  await expect
    .poll(async () => (await control.messages()).filter((m) => m.status === 'delivered').length, {
      timeout: 30_000
    })
    .toBe(MESSAGES)
  const db = openDatabase({ dataDir })
  const outbox = createOutbox({ db, dataDir, clientFor: () => undefined })
  for (const id of itemIds) outbox.applyGatewayStatus(outbox.get(id).item.gatewayId ?? '', 'delivered')
  const request = outbox.takeBackItems(itemIds, 'revoke')
  expect(request.revoke.pending).toBe(MESSAGES)
  db.close()

  const callLog = join(dataDir, 'revoke-calls.log')
  writeFileSync(callLog, '')
  const kills = [
    { killAtAnswer: 2 },
    { killAtCall: 2 },
    { killAtAnswer: 1 },
    { killAtCall: 1 },
    { killAtAnswer: 3 }
  ]
  let killed = 0
  for (const kill of kills) {
    const run = await runChild(TAKE_BACK_CHILD, [
      dataDir,
      sandbox.baseUrl,
      token,
      callLog,
      JSON.stringify(kill)
    ])
    if (run.signal === 'SIGKILL') killed++
    else expect(run.code, run.out).toBe(0)
  }
  expect(killed).toBe(kills.length)
  const final = await runChild(TAKE_BACK_CHILD, [dataDir, sandbox.baseUrl, token, callLog])
  expect(final.code, final.out).toBe(0)

  const named = readFileSync(callLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => line.split(','))
  const times = new Map<string, number>()
  for (const id of named) times.set(id, (times.get(id) ?? 0) + 1)
  expect([...times.values()].filter((n) => n > 1)).toEqual([])
  expect(times.size).toBe(MESSAGES)
  expect((await control.messages()).filter((m) => m.status === 'revoke')).toHaveLength(MESSAGES)

  const check = openDatabase({ dataDir })
  const after = createOutbox({ db: check, dataDir, clientFor: () => undefined })
  try {
    expect(after.counts()).toMatchObject({ revoked: MESSAGES })
    expect(after.takeBackProgress(request.id)).toMatchObject({
      state: 'done',
      revoke: { done: MESSAGES, refused: 0, unknown: 0, pending: 0 }
    })
  } finally {
    check.close()
  }
}, 180_000)
