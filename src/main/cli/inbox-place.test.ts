// A reply or a queued send from the terminal moves its conversation in the Inbox as one from the window does (QA76):
// when the terminal's flush hands it to the gateway, the customer's conversation goes above those who wrote before.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { InboxConversationsStore, openDatabase } from '../core/store'
import { newInboxMessage } from '../core/store/testing/new-inbox-message'
import { receiveMessages } from '../core/store/testing/receive-messages'
import { appCoreOn, runCli, sandboxForCli } from './testing/in-process'

let work: string
let dataDir: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv

const DEWI = '6281377770001'
const BUDI = '6281377770002'
const SARI = '6281377770003'

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-inbox-place-cli-'))
  dataDir = join(work, 'data')
  ;({ sandbox, env } = await sandboxForCli(dataDir, { seed: 76 }))
  // The app knows the device (its serial, as the gateway names it to the inbox), and is closed again.
  const app = await appCoreOn(dataDir)
  const { device } = await app.registry.add({
    label: 'Toko Dewi',
    baseUrl: String(env['SENDER_DESK_BASE_URL']),
    token: String(env['SENDER_DESK_TOKEN'])
  })
  await app.stop()
  expect(device.serial).toBeTruthy()
  // Dewi wrote first, then Budi, then Sari: the list reads Sari, Budi, Dewi.
  const db = openDatabase({ dataDir })
  receiveMessages(
    db,
    [DEWI, BUDI, SARI].map((chatId, i) =>
      newInboxMessage(`WA-${i}`, { deviceSerial: device.serial, chatId, text: `Halo ${i}` })
    )
  )
  db.close()
})
afterEach(async () => {
  await sandbox.close()
  rmSync(work, { recursive: true, force: true })
})

function inboxOrder(): string[] {
  const db = openDatabase({ dataDir })
  try {
    return new InboxConversationsStore(db).list({ limit: 10 }).map((c) => c.chatId)
  } finally {
    db.close()
  }
}

async function flush(): Promise<void> {
  const flushed = await runCli(['outbox', 'flush'], env)
  expect(flushed.code, flushed.stderr).toBe(0)
}

it('a reply from the terminal puts its conversation on top once the flush sends it, not while it waits', async () => {
  expect(inboxOrder()).toEqual([SARI, BUDI, DEWI])
  const replied = await runCli(['inbox', 'reply', DEWI, '--text', 'Siap, Bu Dewi.'], env)
  expect(replied.code, replied.stderr).toBe(0)
  expect(inboxOrder()).toEqual([SARI, BUDI, DEWI])
  await flush()
  expect(inboxOrder()).toEqual([DEWI, SARI, BUDI])
})

it('a send queued from the terminal moves its conversation too', async () => {
  const queued = await runCli(['send', 'text', '--to', BUDI, '--message', 'Promo hari ini', '--queue'], env)
  expect(queued.code, queued.stderr).toBe(0)
  await flush()
  expect(inboxOrder()).toEqual([BUDI, SARI, DEWI])
})
