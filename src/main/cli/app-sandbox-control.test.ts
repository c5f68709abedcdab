// The app's own sandbox from the terminal (QA80 defect 8): `webhook deliveries` and the sandbox's actions need its
// control token, which the app never printed. While the sandbox runs, the app keeps the token in its data folder,
// readable by this user alone; the terminal given that data folder and the sandbox's address finds it there, and
// sends it to no other address. `sandbox start`'s sandbox still takes --control-token or SENDER_DESK_SANDBOX_CONTROL.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Core } from '../core/compose'
import type { RunningSandbox } from '../core/sandbox-control'
import { runCli, sandboxForCli, appCoreOn } from './testing/in-process'

let work: string
let dataDir: string
let app: Core
let running: RunningSandbox
let env: NodeJS.ProcessEnv

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-app-sandbox-control-'))
  dataDir = join(work, 'data')
  app = await appCoreOn(dataDir)
  // "Try the sandbox": the app starts its sandbox and makes a device in it (the window's sandbox:start).
  running = await app.sandbox.ensure()
  const { token } = await running.control.createDevice({ linked: true })
  env = { SENDER_DESK_BASE_URL: running.baseUrl, SENDER_DESK_TOKEN: token, SENDER_DESK_DATA_DIR: dataDir }
})
afterEach(async () => {
  await app.sandbox.close()
  await app.stop()
  rmSync(work, { recursive: true, force: true })
})

/** Every file of the data folder (and its sandbox folder) that holds `text`, with its permission bits. */
function filesHolding(text: string): { file: string; mode: number }[] {
  const found: { file: string; mode: number }[] = []
  for (const folder of [dataDir, join(dataDir, 'sandbox')]) {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name)
      if (statSync(file).isFile() && readFileSync(file).includes(text)) {
        found.push({ file, mode: statSync(file).mode & 0o777 })
      }
    }
  }
  return found
}

it("lists the app's sandbox's webhook deliveries with no control token to copy, from the app's data folder", async () => {
  const listed = await runCli(['webhook', 'deliveries'], env)
  expect(listed.code, listed.stderr).toBe(0)
  expect(listed.stdout).toBe('No webhook deliveries yet.\n')
  // The phone's part too (`sandbox scan` …) goes through the same control routes.
  const scanned = await runCli(['sandbox', 'logout'], env)
  expect(scanned.code, scanned.stderr).toBe(0)
})

it('keeps the control token only in a file this user alone reads, never printed, and lets it go with the sandbox', async () => {
  const token = (running.control as unknown as { controlToken: string }).controlToken
  const kept = filesHolding(token)
  expect(kept).toHaveLength(1)
  if (process.platform !== 'win32') expect(kept[0]?.mode).toBe(0o600)
  const listed = await runCli(['webhook', 'deliveries', '--json'], env)
  expect(listed.code, listed.stderr).toBe(0)
  expect(listed.stdout + listed.stderr).not.toContain(token)

  // Closed (the app quit): no token is left behind, and the terminal says what to do.
  await app.sandbox.close()
  expect(filesHolding(token)).toEqual([])
  const after = await runCli(['webhook', 'deliveries'], env)
  expect(after.code).toBe(2)
  expect(after.stderr).toContain('--control-token or SENDER_DESK_SANDBOX_CONTROL')
  expect(after.stderr).toContain(
    `For Sender Desk's own sandbox no token is needed: keep the app open with its sandbox started and give the app's data folder (--data-dir or SENDER_DESK_DATA_DIR); no sandbox runs from ${dataDir}`
  )
})

it("a sandbox at another address does not get the app's token: it still asks for its own", async () => {
  const other = await sandboxForCli(dataDir, { seed: 80 })
  try {
    const asked = await runCli(['webhook', 'deliveries'], other.env)
    expect(asked.code).toBe(2)
    expect(asked.stderr).toContain(
      '--control-token or SENDER_DESK_SANDBOX_CONTROL (printed by `sandbox start`)'
    )
    // The app's sandbox is named, for an operator who meant it.
    expect(asked.stderr).toContain(
      `Sender Desk's own sandbox (from ${dataDir}) is at ${running.baseUrl}: give --base-url ${running.baseUrl} for it`
    )
    const given = await runCli(['webhook', 'deliveries'], {
      ...other.env,
      SENDER_DESK_SANDBOX_CONTROL: other.sandbox.controlToken
    })
    expect(given.code, given.stderr).toBe(0)
  } finally {
    await other.sandbox.close()
  }
})
