// Sandbox persistence benchmark: the send rate over HTTP with the world kept in SQLite vs in memory only, measured on
// the last 1,000 of 10,000 messages (where a file rewritten whole would slow down most) — a same-run ratio, the median
// of alternated rounds.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SandboxControl, startSandbox, type SandboxOptions } from '@sender-desk/sandbox-gateway'
import type { BenchLine } from './lines'

const MESSAGES = 10_000
const MEASURED = 1_000
const CONCURRENCY = 8
/**
 * Rounds of both worlds, alternating which goes first. One round each read 0.21, 1.91 and 0.44 in three full runs of
 * unchanged sandbox code (the in-memory rate alone 489–2,386 msg/s, from a scan of every message on its way); since
 * the world finds its next step in a queue, a round's 1,000 sends take 110–210 ms, where one collection or one busy
 * moment of the machine still moves a round's ratio (0.61–1.36 in one run): the figure is the median of the rounds'
 * ratios, and a round now costs seconds, not tens of them.
 */
const ROUNDS = 7
/** Keeping the world in SQLite costs at most half the in-memory send rate ("within 2×"). */
const GOAL = 0.5

const fmt = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 0 })

/** Messages per second over the last MEASURED sends of `total`, `CONCURRENCY` requests in flight. */
async function sendRate(options: SandboxOptions, total: number): Promise<number> {
  const sandbox = await startSandbox(options)
  try {
    const control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
    const { token } = await control.createDevice({ linked: true, quota: 'unlimited' })
    let next = 0
    let measuredFrom = 0
    const worker = async (): Promise<void> => {
      for (;;) {
        const n = next++
        if (n >= total) return
        if (n === total - MEASURED) measuredFrom = performance.now()
        const response = await fetch(`${sandbox.baseUrl}/api/send-message`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ phone: `0812${String(n).padStart(8, '0')}`, message: `bench ${n}` })
        })
        if (!response.ok) throw new Error(`send ${n} answered ${response.status}`)
        await response.arrayBuffer()
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    return (MEASURED / (performance.now() - measuredFrom)) * 1000
  } finally {
    await sandbox.close()
  }
}

export async function runSandboxBench(log: (line: string) => void = console.log): Promise<BenchLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'))
  try {
    await sendRate({}, 2 * MEASURED) // warm-up
    const rounds: Array<{ memory: number; sqlite: number }> = []
    for (let round = 0; round < ROUNDS; round++) {
      const world = join(dir, `sqlite-${round}`)
      if (round % 2 === 0) {
        const memory = await sendRate({}, MESSAGES)
        rounds.push({ memory, sqlite: await sendRate({ dataDir: world }, MESSAGES) })
      } else {
        const sqlite = await sendRate({ dataDir: world }, MESSAGES)
        rounds.push({ memory: await sendRate({}, MESSAGES), sqlite })
      }
    }
    const byRatio = [...rounds].sort((a, b) => a.sqlite / a.memory - b.sqlite / b.memory)
    const { memory, sqlite } = byRatio[Math.floor(byRatio.length / 2)]!
    const line: BenchLine = {
      name: 'sandbox send rate, SQLite vs memory',
      ratio: sqlite / memory,
      goal: `≥ ${GOAL.toFixed(2)}`,
      within: sqlite / memory >= GOAL,
      measured: `${fmt(sqlite)} vs ${fmt(memory)} msg/s`,
      detail: `${fmt(sqlite)} msg/s with the world in SQLite vs ${fmt(memory)} msg/s in memory, last ${fmt(MEASURED)} of ${fmt(MESSAGES)}, the median of ${ROUNDS} alternated rounds (ratios ${rounds.map((r) => (r.sqlite / r.memory).toFixed(2)).join(', ')})`
    }
    log(`${line.name}: ${line.ratio.toFixed(2)} (${line.detail}); within 2× when ≥ ${GOAL.toFixed(2)}`)
    return [line]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
