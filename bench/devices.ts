// Device polling benchmark: the CPU and memory of the composed core polling 50 devices, against a bare loop of the
// same gateway client asking the same 50 devices' device/info at the same cadence — a same-run ratio (issue 18).
//
// Each side runs in a child process of its own (this file, with BENCH_DEVICES_SIDE set), so process.cpuUsage() and
// the heap count that side only; the sandbox gateway both poll lives in this parent process and is not counted.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SandboxControl, startSandbox } from '@sender-desk/sandbox-gateway'
import { printed, reported, type BenchLine } from './lines'
import {
  composeCore,
  describeCoreError,
  dispatchInvoke,
  gatewayClientFactory,
  MemoryVault
} from '../src/main/core/compose'
import { eventChannels } from '../src/shared/contract'

const DEVICES = 50
/** The app polls every 30 s by default; a second makes 50 polls a second, enough to measure in a short window. */
const CADENCE_MS = 1_000
const WINDOW_MS = 15_000
/** Polls settle (first rounds, clients opened, code compiled) before the window opens. */
const WARM_UP_MS = 3_000
const ROUNDS = 2

type Side = 'core' | 'bare'

interface SideInput {
  baseUrl: string
  tokens: string[]
}

/** What a side reports from its window. */
interface SideReport {
  cpuMs: number
  polls: number
  /** Heap in use after a full GC at the end of the window, and its growth over the window. */
  heapMb: number
  heapGrowthMb: number
  rssMb: number
  /** Events the core emitted in the window (the window's and the tray's share of the work); 0 for the bare loop. */
  events: number
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits })
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
const MB = 1024 * 1024

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc
  if (!collect) throw new Error('the side runs with --expose-gc')
  collect()
}

/**
 * BENCH_DEVICES_PROFILE=<folder> writes a CPU profile of each side's window there (open it in Chrome's DevTools):
 * a profile of the whole child would be mostly its start-up.
 */
async function profiledWindow(side: Side): Promise<() => Promise<void>> {
  const folder = process.env['BENCH_DEVICES_PROFILE']
  if (!folder) return async () => undefined
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return async () => {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, `devices-${side}-${process.pid}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}

/** Lets the side settle, then reports what its next `WINDOW_MS` cost. */
async function measureWindow(side: Side, counted: { polls: number; events: number }): Promise<SideReport> {
  await sleep(WARM_UP_MS)
  gc()
  const heapBefore = process.memoryUsage().heapUsed
  const polls = counted.polls
  const events = counted.events
  const stopProfile = await profiledWindow(side)
  const cpu = process.cpuUsage()
  await sleep(WINDOW_MS)
  const used = process.cpuUsage(cpu)
  await stopProfile()
  const polled = counted.polls - polls
  const emitted = counted.events - events
  gc()
  const memory = process.memoryUsage()
  return {
    cpuMs: (used.user + used.system) / 1000,
    polls: polled,
    heapMb: memory.heapUsed / MB,
    heapGrowthMb: (memory.heapUsed - heapBefore) / MB,
    rssMb: memory.rss / MB,
    events: emitted
  }
}

/** The app's side: the composed core with the 50 devices added as the window adds them, events heard as the shell does. */
async function coreSide(input: SideInput): Promise<SideReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-devices-'))
  const counted = { polls: 0, events: 0 }
  const core = await composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'bench', platform: process.platform },
    clientFactory: (credentials) => {
      const client = gatewayClientFactory(credentials)
      return {
        ...client,
        deviceInfo: (...args: Parameters<typeof client.deviceInfo>) => {
          counted.polls++
          return client.deviceInfo(...args)
        }
      }
    },
    pollIntervals: { idleMs: CADENCE_MS }
  })
  try {
    // What the shell does with every event (forwardEvents: check it against the contract, send it to the window)
    // and every snapshot (the tray redraws).
    core.events.subscribe((event, payload) => {
      if (eventChannels[event].safeParse(payload).success) counted.events++
    })
    core.onSnapshotChange(() => counted.events++)
    await core.start()
    for (const [i, token] of input.tokens.entries()) {
      const added = await dispatchInvoke(
        core.handlers,
        'devices:add',
        { label: `bench ${i + 1}`, baseUrl: input.baseUrl, token },
        { describeError: describeCoreError }
      )
      if (!added.ok) throw new Error(`devices:add failed: ${added.error.message}`)
    }
    return await measureWindow('core', counted)
  } finally {
    await core.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The floor: the same client factory, each device's device/info asked again `CADENCE_MS` after its last answer. */
async function bareSide(input: SideInput): Promise<SideReport> {
  const counted = { polls: 0, events: 0 }
  let running = true
  const loops = input.tokens.map(async (token) => {
    const client = gatewayClientFactory({ baseUrl: input.baseUrl, token })
    while (running) {
      counted.polls++
      // A poll that times out on a loaded machine is a poll, as it is for the app's monitor. Thrown, it rejected this
      // loop while nothing awaited it yet (measureWindow was sleeping): an unhandled rejection that ended the side
      // process, and with it `npm run bench` (issue 28).
      await client.deviceInfo({ timeoutMs: 15_000 }).catch(() => undefined)
      await sleep(CADENCE_MS)
    }
  })
  try {
    return await measureWindow('bare', counted)
  } finally {
    running = false
    await Promise.all(loops)
  }
}

function runSide(side: Side, input: SideInput): Promise<SideReport> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], {
    // From the project folder, where `--import tsx` resolves, whatever folder the bench was started from.
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, BENCH_DEVICES_SIDE: side, BENCH_DEVICES_INPUT: JSON.stringify(input) },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`the ${side} side failed (${code}): ${stdout}`))
      else resolve(JSON.parse(last) as SideReport)
    })
  })
}

export async function runDevicesBench(log: (line: string) => void = console.log): Promise<BenchLine[]> {
  const sandbox = await startSandbox({ seed: 5 })
  try {
    const control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
    const tokens: string[] = []
    for (let i = 0; i < DEVICES; i++) tokens.push((await control.createDevice({ linked: true })).token)
    const input: SideInput = { baseUrl: sandbox.baseUrl, tokens }
    const reports: Record<Side, SideReport[]> = { core: [], bare: [] }
    for (let round = 0; round < ROUNDS; round++) {
      reports.core.push(await runSide('core', input))
      reports.bare.push(await runSide('bare', input))
    }
    const of = (side: Side, key: keyof SideReport): number => median(reports[side].map((r) => r[key]))
    // CPU per poll, so a side that managed fewer polls in the window is not flattered.
    const corePerPoll = of('core', 'cpuMs') / of('core', 'polls')
    const barePerPoll = of('bare', 'cpuMs') / of('bare', 'polls')
    const lines: BenchLine[] = [
      {
        name: `${DEVICES} polled devices, CPU`,
        ratio: barePerPoll / corePerPoll,
        ...reported,
        measured: `${fmt(corePerPoll, 2)} vs ${fmt(barePerPoll, 2)} ms per poll`,
        detail: `core ${fmt(corePerPoll, 2)} ms per poll (${fmt(of('core', 'cpuMs'))} ms for ${fmt(of('core', 'polls'))} polls, ${fmt(of('core', 'events'))} events) vs bare client ${fmt(barePerPoll, 2)} ms (${fmt(of('bare', 'cpuMs'))} ms for ${fmt(of('bare', 'polls'))}), every ${fmt(CADENCE_MS)} ms for ${fmt(WINDOW_MS / 1000)} s`
      },
      {
        name: `${DEVICES} polled devices, memory`,
        ratio: of('bare', 'heapMb') / of('core', 'heapMb'),
        ...reported,
        measured: `${fmt(of('core', 'heapMb'), 1)} vs ${fmt(of('bare', 'heapMb'), 1)} MB heap`,
        detail: `core heap ${fmt(of('core', 'heapMb'), 1)} MB (grew ${fmt(of('core', 'heapGrowthMb'), 2)} MB in the window; RSS ${fmt(of('core', 'rssMb'))} MB) vs bare client ${fmt(of('bare', 'heapMb'), 1)} MB (grew ${fmt(of('bare', 'heapGrowthMb'), 2)} MB; RSS ${fmt(of('bare', 'rssMb'))} MB); both sides load the same code, so the heaps differ by what the composed core keeps`
      }
    ]
    for (const line of lines) log(printed(line))
    return lines
  } finally {
    await sandbox.close()
  }
}

const side = process.env['BENCH_DEVICES_SIDE'] as Side | undefined
if (side) {
  const input = JSON.parse(process.env['BENCH_DEVICES_INPUT'] ?? '{}') as SideInput
  const report = side === 'core' ? await coreSide(input) : await bareSide(input)
  console.log(JSON.stringify(report))
  // Keep-alive sockets of the gateway clients would hold the side open a little longer for nothing.
  process.exit(0)
}
