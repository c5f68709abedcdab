// Runs `sender-desk` inside the test process (no child process): the exit code and its one `--json` result line.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { composeCore, MemoryVault, type Core } from '../../core/compose'
import { main } from '../index'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `main(argv, env)` in process: its exit code and all it wrote. main() waits on SIGINT/SIGTERM for long-running
 * commands; the listeners a short run added are dropped, so many runs in one file do not pile them up.
 */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  try {
    return { code: await main(argv, env), stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) {
        if (!before[signal].includes(listener)) process.removeListener(signal, listener)
      }
    }
  }
}

/** The one line a `--json` run printed, parsed (fails the test when there is not exactly one). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function jsonLineOf(run: CliRun): any {
  const lines = run.stdout.split('\n').filter((line) => line !== '')
  expect(lines, run.stderr).toHaveLength(1)
  return JSON.parse(lines[0] ?? '')
}

export async function runCliJson(
  env: NodeJS.ProcessEnv,
  args: string[]
): Promise<{ code: number; json: Record<string, unknown> }> {
  const run = await runCli([...args, '--json'], env)
  return {
    code: run.code,
    json: JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>
  }
}

/** A campaign made by the terminal from `sheet` with the template "Hi", named `name`: its id (fails the test if refused). */
export async function createCampaignByCli(
  env: NodeJS.ProcessEnv,
  sheet: string,
  name: string
): Promise<string> {
  const run = await runCliJson(env, [
    'campaign',
    'create',
    '--file',
    sheet,
    '--template',
    'Hi',
    '--name',
    name
  ])
  expect(run.code, JSON.stringify(run.json)).toBe(0)
  return (run.json.campaign as { id: string }).id
}

/** A sandbox gateway with one linked device, and the environment that points the CLI at it and at `dataDir`. */
export async function sandboxForCli(
  dataDir: string,
  options: Parameters<typeof startSandbox>[0]
): Promise<{ sandbox: Sandbox; control: SandboxControl; env: NodeJS.ProcessEnv }> {
  const sandbox = await startSandbox(options)
  const control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const { token } = await control.createDevice({ linked: true })
  const env = {
    SENDER_DESK_BASE_URL: sandbox.baseUrl,
    SENDER_DESK_TOKEN: token,
    SENDER_DESK_DATA_DIR: dataDir
  }
  return { sandbox, control, env }
}

/** The app's core on the terminal's data folder, not started: what a command runs beside once it is (`start()`). */
export function appCoreOn(dataDir: string): Promise<Core> {
  return composeCore({ dataDir, vault: new MemoryVault(), appInfo: { version: 'test', platform: 'test' } })
}

/** The terminal beside the open app on one data folder: what {@link besideTheAppEachTest} makes for each test. */
export interface BesideTheApp {
  /** The test's own folder (removed after it); the data folder is its `data`. */
  work: string
  dataDir: string
  sandbox: Sandbox
  control: SandboxControl
  /** What points the CLI at the sandbox's one linked device and at the data folder. */
  env: NodeJS.ProcessEnv
  /** The app's core on the data folder, not started. */
  app: Core
}

/**
 * For each test of the file: a folder of its own (named from `prefix`), a sandbox gateway with one linked device
 * ({@link sandboxForCli}) and the app's core on its data folder ({@link appCoreOn}); after it, the app stopped, the
 * sandbox closed and the folder removed. Its fields are set anew before each test: read them inside one.
 */
export function besideTheAppEachTest(
  prefix: string,
  options: Parameters<typeof startSandbox>[0]
): BesideTheApp {
  const beside = {} as BesideTheApp
  beforeEach(async () => {
    const work = mkdtempSync(join(tmpdir(), prefix))
    const dataDir = join(work, 'data')
    Object.assign(beside, { work, dataDir }, await sandboxForCli(dataDir, options))
    beside.app = await appCoreOn(dataDir)
  })
  afterEach(async () => {
    await beside.app.stop()
    await beside.sandbox.close()
    rmSync(beside.work, { recursive: true, force: true })
  })
  return beside
}

/** The app lists the terminal's device (the one `env` names): its `add` answer. */
export function listTheTerminalsDevice(
  app: Core,
  env: NodeJS.ProcessEnv
): ReturnType<Core['registry']['add']> {
  return app.registry.add({
    label: 'Toko Quota',
    baseUrl: String(env['SENDER_DESK_BASE_URL']),
    token: String(env['SENDER_DESK_TOKEN'])
  })
}

/** Waits until `check` holds, looking every 100 ms; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
