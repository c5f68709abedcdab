// What a full `npm run bench` leaves behind for the README's tables (bench/readme.ts): every section's lines with the
// commit, the machine and its load. Only a full run writes it; the file is local (bench/results is ignored by git).
import type { BenchLine } from './lines'

/** Every section of `npm run bench`, in the order it runs, as its heading prints (`# title`). */
export const SECTION_TITLES = [
  'outbox',
  'campaign import',
  'campaign import at its limits (memory, 1,000,000 rows)',
  'campaign pacing (sandbox timestamps)',
  'devices (50 polled vs a bare polling client)',
  'inbox (100,000 messages in 5,000 conversations)',
  'sandbox',
  'messages in (relay: webhook → desktop latency, a week of catch-up)',
  'window (Chromium over the browser harness)',
  'campaign import in the window (Chromium over the browser harness)',
  'the inbox in the window (Chromium over the browser harness)'
] as const
export type SectionTitle = (typeof SECTION_TITLES)[number]

export const RESULTS_FILE = 'bench/results/latest.json'

export interface SectionResult {
  title: string
  /** Wall time of the whole section, setup included. */
  seconds: number
  lines: BenchLine[]
}

export interface BenchResults {
  /** HEAD when the run started. */
  commit: string
  /** Uncommitted changes in the tree (bench/results aside) when the run started or ended, or HEAD moved meanwhile. */
  dirty: boolean
  /** ISO time the run started. */
  date: string
  machine: { cpu: string; cores: number; memoryGb: number; platform: string; arch: string }
  node: string
  /** os.loadavg() (1, 5, 15 minutes) just before the first section and just after the last. */
  loadBefore: number[]
  loadAfter: number[]
  /** Why the run does not stand for the whole bench (a section filter, a BENCH_* variable), null for a full run. */
  partial: string | null
  sections: SectionResult[]
}

/** Why the run is partial: a section filter, or variables that narrow or shorten sections (BENCH_ONLY, …). */
export function partialReason(filter: string | undefined, env: NodeJS.ProcessEnv): string | null {
  const narrowing = Object.keys(env)
    .filter((name) => name.startsWith('BENCH_'))
    .sort()
    .map((name) => `${name}=${env[name]}`)
  const reasons = [...(filter === undefined ? [] : [`only the sections matching "${filter}"`]), ...narrowing]
  return reasons.length === 0 ? null : reasons.join(', ')
}
