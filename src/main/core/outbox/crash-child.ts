// Child process for the crash test: opens the outbox in a data folder and flushes it against a gateway until done (or killed).
import { createGatewayClient } from '../gateway'
import { openDatabase } from '../store'
import { createOutbox } from './outbox'

const [dataDir, baseUrl, token] = process.argv.slice(2)
if (!dataDir || !baseUrl || !token) {
  process.stderr.write('usage: crash-child <dataDir> <baseUrl> <token>\n')
  process.exit(2)
}

const db = openDatabase({ dataDir })
const client = createGatewayClient({ baseUrl, token, timeoutMs: 300 })
const outbox = createOutbox({
  db,
  dataDir,
  clientFor: () => client,
  options: {
    pacingMs: 0,
    backoffBaseMs: 20,
    backoffCapMs: 200,
    // Longer than any delay the sandbox adds before it handles a request, so a resend never races the original.
    visibilityWindowMs: 1000,
    reconcileIntervalMs: 100,
    tracking: false
  }
})
process.stdout.write('ready\n')
const summary = await outbox.flush({ timeoutMs: 60_000 })
process.stdout.write(`${JSON.stringify(summary)}\n`)
db.close()
