// Child process for the crash test: enqueues a large batch and SIGKILLs itself once `killAtRows` of it are on disk.
import { openDatabase, OutboxStore } from '../store'
import { createOutbox } from '../sending'

const [dataDir, countArg, killAtArg] = process.argv.slice(2)
const count = Number(countArg)
const killAtRows = Number(killAtArg)
if (!dataDir || !Number.isInteger(count) || !Number.isInteger(killAtRows)) {
  process.stderr.write('usage: crash-enqueue-child <dataDir> <count> <killAtRows>\n')
  process.exit(2)
}

const db = openDatabase({ dataDir })
const outbox = createOutbox({ db, dataDir, clientFor: () => undefined })
const store = new OutboxStore(db)
// Runs between two chunks (they yield with setImmediate), so the kill lands right after a chunk committed.
const watch = (): void => {
  if (store.batchedRowCount() >= killAtRows) process.kill(process.pid, 'SIGKILL')
  else setImmediate(watch)
}
setImmediate(watch)
const entries = Array.from({ length: count }, (_, i) => ({ kind: 'text' as const, text: `batch ${i}` }))
await outbox.enqueue({ deviceId: 'd1', recipients: ['6281200000009'], entries })
process.stdout.write('enqueued without being killed\n')
db.close()
