// Child process for the inbox crash suite: syncs a mailbox into a data folder until nothing waits, and SIGKILLs
// itself at a chosen step of a round (after the n-th pull, opening, slice commit, acknowledgement or application).
import { join } from 'node:path'
import { localKeywordOptOuts } from '../campaigns'
import { systemClock } from '../clock'
import { createOutbox } from '../sending'
import { openDatabase } from '../store'
import { EncryptedFileVault, NO_KEYRING } from '../vault'
import { createInbox, vaultInboxCredentials, type SyncStep } from '.'

const [dataDir, killOptions] = process.argv.slice(2)
if (!dataDir) {
  process.stderr.write('usage: crash-sync-child <dataDir> [{"step":"committed","at":2}]\n')
  process.exit(2)
}
const kill = (killOptions ? JSON.parse(killOptions) : {}) as { step?: SyncStep; at?: number }

const db = openDatabase({ dataDir })
const outbox = createOutbox({
  db,
  dataDir,
  clientFor: () => undefined,
  options: { tracking: false, devicesSendableByDefault: true }
})
const vault = new EncryptedFileVault({
  cipher: NO_KEYRING,
  file: join(dataDir, 'cli-secrets.json'),
  allowWeak: true
})
let seen = 0
const inbox = createInbox({
  db,
  clock: systemClock,
  fetch: (url, init) => fetch(url, init),
  credentials: vaultInboxCredentials(vault),
  // As the terminal's sync has them (compose-command-line): a short text waits for the keyword target, so without it
  // every short message stayed pending and the run never ended with nothing to apply.
  targets: {
    tracking: outbox.queue,
    optOuts: localKeywordOptOuts({ db, queue: outbox.queue, clock: systemClock })
  },
  options: { pageSize: 25 },
  onStep: (step) => {
    if (step === kill.step && ++seen === kill.at) process.kill(process.pid, 'SIGKILL')
  }
})

process.stdout.write('ready\n')
for (let round = 0; round < 1_000; round++) {
  const status = await inbox.sync.catchUp()
  if (status.state.kind !== 'connected') {
    process.stdout.write(`state ${JSON.stringify(status.state)}\n`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    continue
  }
  if (status.state.behind === 0 && inbox.counts().pending === 0) break
}
process.stdout.write(`done ${JSON.stringify(inbox.counts())}\n`)
db.close()
