// Child process for the crash test: opens the outbox in a data folder and flushes it against a gateway until done (or killed).
import { createGatewayClient, type GatewayClient } from '../gateway'
import { openDatabase } from '../store'
import { createOutbox } from '../sending'

const [dataDir, baseUrl, token, crashOptions] = process.argv.slice(2)
if (!dataDir || !baseUrl || !token) {
  process.stderr.write('usage: crash-child <dataDir> <baseUrl> <token> [crash options as JSON]\n')
  process.exit(2)
}

/**
 * Optional: sends in flight at once, and a SIGKILL of this process at a chosen moment: when the outbox makes its
 * n-th request (its `sending` mark committed, the request not yet out), or as the n-th answer comes back (the
 * gateway has the message, the outbox has not written it).
 */
interface CrashOptions {
  concurrency?: number
  killAtRequest?: number
  killAtAnswer?: number
}
const crash = (crashOptions ? JSON.parse(crashOptions) : {}) as CrashOptions

const db = openDatabase({ dataDir })
const client = createGatewayClient({ baseUrl, token, timeoutMs: 300 })
let requests = 0
let answers = 0
const killed = (): void => void process.kill(process.pid, 'SIGKILL')
const sendingClient: GatewayClient = {
  ...client,
  sendText: async (...args) => {
    if (++requests === crash.killAtRequest) killed()
    const result = await client.sendText(...args)
    if (++answers === crash.killAtAnswer) killed()
    return result
  }
}
const outbox = createOutbox({
  db,
  dataDir,
  clientFor: () => sendingClient,
  options: {
    pacingMs: 0,
    backoffBaseMs: 20,
    backoffCapMs: 200,
    // Longer than any delay the sandbox adds before it handles a request, so a resend never races the original.
    visibilityWindowMs: 1000,
    reconcileIntervalMs: 100,
    tracking: false,
    ...(crash.concurrency ? { concurrency: crash.concurrency } : {})
  }
})
process.stdout.write('ready\n')
const summary = await outbox.flush({ timeoutMs: 60_000 })
process.stdout.write(`${JSON.stringify(summary)}\n`)
db.close()
