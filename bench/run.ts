// `npm run bench`: runs every benchmark and prints its same-run ratios (numbers are for reading; goals are printed
// beside them). `npm run bench -- <word>` runs only the sections whose title contains the word (e.g. `memory`).
// A full run (no word, no BENCH_* variable) also writes bench/results/latest.json, from which `npm run bench:readme`
// writes the README's performance tables.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { runCampaignImportBench } from './campaign-import'
import { runCampaignImportMemoryBench } from './campaign-import-memory'
import { runCampaignPacingBench } from './campaign-pacing'
import { runDevicesBench } from './devices'
import { runInboxRelayBench } from './inbox-relay'
import { runInboxBench } from './inbox'
import type { BenchLine } from './lines'
import { runOutboxBench } from './outbox'
import {
  partialReason,
  RESULTS_FILE,
  type BenchResults,
  type SectionResult,
  type SectionTitle
} from './results'
import { runSandboxBench } from './sandbox'
import { runWindowBench } from './window'
import { runWindowCampaignBench } from './window-campaign'
import { runWindowInboxBench } from './window-inbox'

const ROOT = resolve(import.meta.dirname, '..')
const sections: Record<SectionTitle, () => Promise<BenchLine[]>> = {
  outbox: () => runOutboxBench(),
  'campaign import': runCampaignImportBench,
  'campaign import at its limits (memory, 1,000,000 rows)': runCampaignImportMemoryBench,
  'campaign pacing (sandbox timestamps)': runCampaignPacingBench,
  'devices (50 polled vs a bare polling client)': () => runDevicesBench(),
  'inbox (100,000 messages in 5,000 conversations)': () => runInboxBench(),
  sandbox: () => runSandboxBench(),
  'messages in (relay: webhook → desktop latency, a week of catch-up)': () => runInboxRelayBench(),
  'window (Chromium over the browser harness)': () => runWindowBench(),
  'campaign import in the window (Chromium over the browser harness)': () => runWindowCampaignBench(),
  'the inbox in the window (Chromium over the browser harness)': () => runWindowInboxBench()
}

/** Git's answer, or null outside a git checkout (the results then say "unknown" and count as dirty). */
const git = (...args: string[]): string | null => {
  try {
    return execFileSync('git', args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore']
    }).trim()
  } catch {
    return null
  }
}
/** Uncommitted changes to what is measured (the results folder is the run's own output). */
const treeDirty = (): boolean => {
  const status = git('status', '--porcelain', '--', '.', ':(exclude)bench/results')
  return status === null || status !== ''
}

/**
 * Each section runs in a process of its own (this file again, with BENCH_SECTION naming it): run one after the other
 * in one process, a section measured the heap the ones before it left. In a full run of d2975a5 the relay's catch-up
 * blocked its loop 65–70 ms, in collections of 88–134 ms of a heap the sections before it had filled; run alone it
 * read 22 ms, as every full run before had.
 */
async function runInItsOwnProcess(title: SectionTitle): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sender-desk-bench-section-'))
  const out = join(dir, 'lines.json')
  try {
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn(process.execPath, [...process.execArgv, import.meta.filename], {
        cwd: ROOT,
        env: { ...process.env, [SECTION_VARIABLE]: title, [SECTION_OUT_VARIABLE]: out },
        stdio: 'inherit'
      })
      child.once('error', fail)
      child.once('exit', done)
    })
    if (code !== 0) throw new Error(`the section "${title}" ended with exit code ${code}`)
    return JSON.parse(readFileSync(out, 'utf8')) as BenchLine[]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const SECTION_VARIABLE = 'BENCH_SECTION'
const SECTION_OUT_VARIABLE = 'BENCH_SECTION_OUT'
const ownSection = process.env[SECTION_VARIABLE] as SectionTitle | undefined
if (ownSection !== undefined) {
  // The child's side: one section, its lines handed back in a file (its output goes to the terminal as it comes).
  const run = sections[ownSection]
  if (!run) throw new Error(`no bench section "${ownSection}"`)
  writeFileSync(process.env[SECTION_OUT_VARIABLE] ?? '', JSON.stringify(await run()))
  process.exit(0)
}

console.log(`sender-desk bench — node ${process.version}, ${process.platform}/${process.arch}`)
const only = process.argv[2]
const partial = partialReason(only, process.env)
const commit = git('rev-parse', 'HEAD') ?? 'unknown'
const dirtyAtStart = treeDirty()
const date = new Date().toISOString()
const loadBefore = loadavg()
const results: SectionResult[] = []
for (const title of Object.keys(sections) as SectionTitle[]) {
  if (only !== undefined && !title.includes(only)) continue
  console.log(`\n# ${title}`)
  const started = performance.now()
  const lines = await runInItsOwnProcess(title)
  results.push({ title, seconds: (performance.now() - started) / 1000, lines })
}
const loadAfter = loadavg()

console.log('\n# how long each section took')
for (const { title, seconds } of results) console.log(`${title}: ${seconds.toFixed(0)} s`)
if (partial !== null) {
  console.log(`\nA partial run (${partial}): ${RESULTS_FILE} is left as it was.`)
} else {
  const report: BenchResults = {
    commit,
    dirty: dirtyAtStart || treeDirty() || git('rev-parse', 'HEAD') !== commit,
    date,
    machine: {
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      platform: process.platform,
      arch: process.arch
    },
    node: process.version,
    loadBefore,
    loadAfter,
    partial,
    sections: results
  }
  const file = join(ROOT, RESULTS_FILE)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nWritten to ${RESULTS_FILE}${report.dirty ? ' (from a tree with uncommitted changes)' : ''}.`)
}
