/**
 * Stress for issue 28's crash hunt: the outbox's FTS5 search (real schema, real OutboxStore queries) read by two
 * connections while a third writes (inserts, status changes, deletes that the search index follows), with a busy
 * loop on every core, for a bounded time. Each connection runs in its own worker thread and the workers are ended
 * abruptly at the end (terminate, as a process exiting mid-query would), the teardown path a native fault would
 * show in. Prints one JSON line with what was done; a fault ends the process by a signal instead.
 *
 *   node --import tsx bench/fts-stress.ts [seconds]     (test/stress/fts-under-load.test.ts runs it in the slow tier)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { openDatabase, OutboxStore } from '../src/main/core/store'
import { newTextItem } from '../src/main/core/store/testing/new-item'

type Role = 'writer' | 'reader' | 'busy'
interface Job {
  role: Role
  dir: string
  seed: number
}

const WORDS = [
  'halo',
  'promo',
  'diskon',
  'pesanan',
  'kirim',
  'terima kasih',
  'toko',
  'sinar',
  'jadwal',
  'besok'
]

/** A small deterministic random source per worker (no Math.random: a failing run can be replayed by its seed). */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

function runWorker(job: Job): void {
  const next = random(job.seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  let stop = false
  parentPort!.on('message', (message) => {
    if (message === 'stop') stop = true
  })
  const counts = { writes: 0, searches: 0, matches: 0, spins: 0 }
  const report = (): void => parentPort!.postMessage(counts)
  if (job.role === 'busy') {
    // Busy, but still answering the parent between slices, as a loaded machine's other work would be.
    const spin = (): void => {
      const until = Date.now() + 50
      while (Date.now() < until) counts.spins++
      if (stop) report()
      else setImmediate(spin)
    }
    spin()
    return
  }
  const db = openDatabase({ dataDir: job.dir })
  const store = new OutboxStore(db)
  let serial = 0
  const step = (): void => {
    const until = Date.now() + 20
    while (Date.now() < until) {
      if (job.role === 'writer') {
        const batch = Array.from({ length: 20 }, () =>
          newTextItem(`w${job.seed}-${serial++}`, {
            recipient: `62812${String(Math.floor(next() * 1e7)).padStart(7, '0')}`,
            text: `${pick(WORDS)} ${pick(WORDS)} ${serial}`,
            createdAt: Date.now()
          })
        )
        store.insertItems(batch, [], [], Date.now())
        const some = batch[Math.floor(next() * batch.length)]!
        store.patchItem(some.id, { text: `${pick(WORDS)} diubah` })
        counts.writes += batch.length + 1
      } else {
        const { items } = store.listItems({
          text: pick(WORDS).slice(0, 1 + Math.floor(next() * 5)),
          limit: 50
        })
        counts.searches++
        counts.matches += items.length
        store.listItems({ recipient: String(Math.floor(next() * 100)), text: pick(WORDS), limit: 20 })
        counts.searches++
      }
    }
    if (stop) {
      report()
      return
    }
    setImmediate(step)
  }
  step()
}

async function main(seconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sd-fts-stress-'))
  // The schema (and its FTS5 table) exists before the workers race to open it.
  openDatabase({ dataDir: dir }).close()
  const roles: Role[] = [
    'writer',
    'reader',
    'reader',
    ...Array.from({ length: Math.max(2, availableParallelism()) }, () => 'busy' as const)
  ]
  const workers = roles.map(
    (role, i) =>
      new Worker(new URL(import.meta.url), {
        workerData: { role, dir, seed: 1000 + i } satisfies Job,
        execArgv: ['--import', 'tsx']
      })
  )
  const totals = { writes: 0, searches: 0, matches: 0, spins: 0 }
  const finished = workers.map(
    (worker) =>
      new Promise<void>((resolve, reject) => {
        worker.once('error', reject)
        worker.once('message', (counts: typeof totals) => {
          for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += counts[key]
          resolve()
        })
      })
  )
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  for (const worker of workers) worker.postMessage('stop')
  await Promise.all(finished)
  // Ended abruptly, connections still open: the teardown a crash report pointed at.
  await Promise.all(workers.map((worker) => worker.terminate()))
  // After the churn the search index must agree with the table (FTS5's own check throws SQLITE_CORRUPT_VTAB if not),
  // and find what was written.
  const db = openDatabase({ dataDir: dir })
  db.prepare("INSERT INTO outbox_items_search(outbox_items_search) VALUES ('integrity-check')").run()
  const found = new OutboxStore(db).listItems({ text: 'diubah', limit: 1 }).total
  db.close()
  rmSync(dir, { recursive: true, force: true })
  console.log(JSON.stringify({ seconds, workers: roles, ...totals, indexConsistent: true, found }))
}

if (isMainThread) await main(Number(process.argv[2] ?? 20))
else runWorker(workerData as Job)
