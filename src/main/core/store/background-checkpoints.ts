// Copies the write-ahead log into the database file from a worker thread, so that the main thread never waits on it.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { SqliteDatabase } from './database'

/** SQLite's own default: a connection that commits past this many log pages copies the log in that commit. */
export const AUTOCHECKPOINT_PAGES = 1000

/**
 * How often the worker looks whether the log changed; it copies it at most this often while writes go on. Each copy
 * syncs the log too, so the main thread's next synced commit finds little left to flush: at 1,000 ms a 10,000-row
 * campaign start still blocked 55–60 ms on its last commit's fsync (what its unsynced chunks wrote), at 250 ms 34–41.
 */
export const CHECKPOINT_EVERY_MS = 250

export interface BackgroundCheckpoints {
  /** Resolves once the worker has started and the main connection has stopped checkpointing on its own. */
  readonly ready: Promise<boolean>
  /** Checkpoints done by the worker so far (each copied at least one page). */
  copies(): number
  /** Stops the worker and closes its connection; the main connection checkpoints on its own again. */
  stop(): Promise<void>
}

/**
 * The worker: its own connection to the file, and every CHECKPOINT_EVERY_MS, when another connection committed since
 * all of the log was last copied (`data_version`: read from the log's index, no I/O; the log file's size and time
 * are written before the commit is, so they could not tell), a PASSIVE checkpoint (copies what no reader still needs
 * and never waits for a lock; what it could not copy is tried again at the next look). A checkpoint syncs the log and
 * then the database file, so it flushes the log frames unsynced commits wrote (transactionUnsynced) too, and the next
 * synced commit of the main thread has less to wait for. Asked to empty the log ('empty'), it tries a TRUNCATE at once
 * and at each look until one is not kept busy by a reader or writer (busy_timeout 0: it never waits for them).
 * CommonJS text for `eval: true`: the app's bundle ships no separate worker file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.path, { fileMustExist: true })
db.pragma('busy_timeout = 0')
let copiedUpTo = null
let emptyWanted = false
let emptiesAsked = 0
const look = () => {
  const version = db.pragma('data_version', { simple: true })
  if (emptyWanted) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)')
    if (result.busy !== 0) return
    emptyWanted = false
    copiedUpTo = version
    parentPort.postMessage({ emptied: emptiesAsked })
    return
  }
  if (version === copiedUpTo) return
  const [result] = db.pragma('wal_checkpoint(PASSIVE)')
  if (result.busy === 0 && result.checkpointed === result.log) copiedUpTo = version
  if (result.checkpointed > 0) parentPort.postMessage({ copied: result.checkpointed })
}
const timer = setInterval(look, workerData.everyMs)
parentPort.on('message', (message) => {
  if (message === 'empty') {
    emptyWanted = true
    emptiesAsked++
    look()
    return
  }
  if (message !== 'stop') return
  clearInterval(timer)
  db.close()
  parentPort.close()
})
parentPort.postMessage({ ready: true })
`

/** The databases whose log a worker copies, and how to ask it to empty the log. */
const workers = new WeakMap<SqliteDatabase, () => void>()

/**
 * Empties `db`'s log after a delete, so that no page as it was before is left in the file beside the database. A
 * TRUNCATE copies the whole log and then cuts it to nothing; it cannot while a reader or writer uses the log, nor
 * while another checkpoint runs (then SQLite answers busy at once, no error). Where a worker copies the log, the
 * worker is asked, and it tries again until it can (its own copy would otherwise keep this one busy now and then,
 * and the main thread never waits for a reader); elsewhere (the terminal, the tests) it is tried once here, and a
 * busy answer (the app's worker copying the log beside the terminal) leaves the old pages in the log until the last
 * connection closes (SQLite then removes the log) or later writes overwrite them.
 */
export function emptyLog(db: SqliteDatabase): void {
  const askWorker = workers.get(db)
  if (askWorker) askWorker()
  else emptyLogNow(db)
}

function emptyLogNow(db: SqliteDatabase): void {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
  } catch {
    // The delete has committed; its pages are written to the file at the next checkpoint.
  }
}

/** After a worker fails, the next one starts this long after, doubling at each failure up to RESTART_MOST_MS. */
export const RESTART_AFTER_MS = 60_000
const RESTART_MOST_MS = 30 * 60_000

/**
 * Start checkpointing `db`'s file (at `path`) from a worker thread. Until the worker has opened its connection, and
 * again if it ever fails, the main connection checkpoints on its own as SQLite does by default, so the log never
 * grows without bound. With it, a checkpoint (writing up to a few MB into the database file, then an fsync of each
 * file) no longer blocks the event loop: on a busy disk that was 80–660 ms of one block in a retention sweep or a
 * campaign start, against 20–40 ms of the work itself (bench: "longest event-loop block"). A worker that fails (a
 * checkpoint on a full disk throws) is reported and another is started later, so a passing fault does not leave the
 * main thread checkpointing for the rest of the run.
 */
export function checkpointInBackground(
  db: SqliteDatabase,
  path: string,
  options: { everyMs?: number; restartAfterMs?: number; onFailure?: (error: unknown) => void } = {}
): BackgroundCheckpoints {
  let copies = 0
  let stopped = false
  let restartAfterMs = options.restartAfterMs ?? RESTART_AFTER_MS
  let restartTimer: ReturnType<typeof setTimeout> | undefined
  let current: { worker: Worker; exited: Promise<void> } | undefined
  const checkpointOnOwn = (): void => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`)
  }
  const restartLater = (): void => {
    if (stopped || !db.open) return
    restartTimer = setTimeout(() => {
      restartTimer = undefined
      // Closed without stop() in the meantime: a worker now would keep the file open, and nothing would stop it.
      if (!stopped && db.open) void startWorker()
    }, restartAfterMs)
    restartTimer.unref?.()
    restartAfterMs = Math.min(restartAfterMs * 2, RESTART_MOST_MS)
  }

  /** One worker's life; resolves true once it is up, false if it could not start or failed first. */
  const startWorker = (): Promise<boolean> => {
    let worker: Worker
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          driver: createRequire(import.meta.url).resolve('better-sqlite3'),
          path,
          everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS
        }
      })
    } catch (error) {
      // No thread to be had: the start goes on, checkpointing as before.
      options.onFailure?.(error)
      return Promise.resolve(false)
    }
    // Emptyings asked of the worker, and how many of them it has done (a TRUNCATE covers every one asked before it).
    let emptiesAsked = 0
    let emptiesDone = 0
    workers.set(db, () => {
      emptiesAsked++
      worker.postMessage('empty')
    })
    // Without the worker the main connection copies the log again, and empties it if the worker had not yet.
    const takeBack = (): void => {
      if (current?.worker === worker) workers.delete(db)
      checkpointOnOwn()
      if (emptiesDone < emptiesAsked && db.open) emptyLogNow(db)
      emptiesDone = emptiesAsked
    }
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
    current = { worker, exited }
    return new Promise<boolean>((resolve) => {
      worker.on('message', (message: { ready?: true; copied?: number; emptied?: number }) => {
        if (message.ready && !stopped && db.open) {
          db.pragma('wal_autocheckpoint = 0')
          resolve(true)
        }
        if (message.copied) copies++
        if (message.emptied) emptiesDone = message.emptied
      })
      worker.once('error', (error) => {
        takeBack()
        if (!stopped) {
          options.onFailure?.(error)
          restartLater()
        }
        resolve(false)
      })
      worker.once('exit', () => {
        takeBack()
        resolve(false)
      })
    })
  }

  const ready = startWorker()
  return {
    ready,
    copies: () => copies,
    async stop() {
      if (!stopped) {
        stopped = true
        clearTimeout(restartTimer)
        workers.delete(db)
        checkpointOnOwn()
        current?.worker.postMessage('stop')
      }
      await current?.exited
    }
  }
}
