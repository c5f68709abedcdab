// Child process for the take-back crash test: opens the outbox in a data folder and runs it (flush) until its
// take-backs are settled, logging every revoke call's ids as it goes out, and SIGKILLing itself where told.
import { appendFileSync } from 'node:fs'
import { createGatewayClient, type GatewayClient } from '../gateway'
import { openDatabase } from '../store'
import { createOutbox } from '../sending'

const [dataDir, baseUrl, token, callLog, crashOptions] = process.argv.slice(2)
if (!dataDir || !baseUrl || !token || !callLog) {
  process.stderr.write('usage: crash-take-back-child <dataDir> <baseUrl> <token> <callLog> [crash options]\n')
  process.exit(2)
}

/**
 * A SIGKILL of this process at its n-th revoke call: `killAtCall` once the batch is marked `calling` and before the
 * request leaves; `killAtAnswer` as the answer comes back (the gateway has acted, the outbox has not written it).
 */
interface CrashOptions {
  killAtCall?: number
  killAtAnswer?: number
}
const crash = (crashOptions ? JSON.parse(crashOptions) : {}) as CrashOptions

const db = openDatabase({ dataDir })
const client = createGatewayClient({ baseUrl, token, timeoutMs: 5_000 })
let calls = 0
const killed = (): void => void process.kill(process.pid, 'SIGKILL')
const recordingClient: GatewayClient = {
  ...client,
  revokeMessages: async (ids, opts) => {
    if (++calls === crash.killAtCall) killed()
    // Every id that goes to the gateway, one line per call, written before the request leaves.
    appendFileSync(callLog, `${ids.join(',')}\n`)
    const result = await client.revokeMessages(ids, opts)
    if (calls === crash.killAtAnswer) killed()
    return result
  }
}
const outbox = createOutbox({
  db,
  dataDir,
  clientFor: () => recordingClient,
  options: {
    pacingMs: 0,
    backoffBaseMs: 20,
    backoffCapMs: 200,
    visibilityWindowMs: 1000,
    reconcileIntervalMs: 100,
    tracking: false
  }
})
process.stdout.write('ready\n')
const summary = await outbox.flush({ timeoutMs: 60_000 })
process.stdout.write(`${JSON.stringify(summary)}\n`)
db.close()
