/**
 * A conversation deleted elsewhere (the terminal's `inbox delete`, on the same data folder) while the window still
 * shows it (QA24 Q24-06): a reply from it is refused in the operator's words, with no internal id, and nothing is
 * queued for a conversation that no longer exists: the check and the write are one transaction.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, describeCoreError, dispatchInvoke, type Core } from '../../src/main/core/compose'
import { InboxConversationsStore, openDatabase } from '../../src/main/core/store'
import { MemoryVault } from '../../src/main/core/vault'
import { conversationWithACustomer } from './testing/inbox-conversation'
import { linkSandboxDevice } from './testing/sandbox-core'

let dataDir: string
let core: Core
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-reply-deleted-'))
  core = await composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    sandbox: { timings: { sentAfterMs: 50, deliveredAfterMs: 100, readAfterMs: 150 } },
    outbox: { pacingMs: 0 },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
  await core.start()
})
afterEach(async () => {
  await core.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** What `sender-desk inbox delete` does: through a connection of its own. */
function deleteElsewhere(conversationId: number): void {
  const db = openDatabase({ dataDir })
  try {
    expect(new InboxConversationsStore(db).delete(conversationId, Date.now())).not.toBeNull()
  } finally {
    db.close()
  }
}

it('refuses a reply to a conversation deleted elsewhere, in words without its id, and queues nothing', async () => {
  const deviceId = await linkSandboxDevice(core)
  const conversationId = conversationWithACustomer(dataDir, '6281377778888')
  const reply = (requestId: string) =>
    dispatchInvoke(
      core.handlers,
      'inbox:reply',
      { requestId, conversationId, deviceId, chatId: '6281377778888', text: 'Rp 45.000 per lusin.' },
      { describeError: describeCoreError }
    )
  expect(await reply('reply-1')).toMatchObject({ ok: true, value: { itemIds: ['reply-1'] } })

  deleteElsewhere(conversationId)
  const refused = await reply('reply-2')
  expect(refused).toMatchObject({
    ok: false,
    error: {
      code: 'conversation_gone',
      message: 'This conversation is no longer in the inbox: it was deleted. Nothing was sent.'
    }
  })
  if (refused.ok) throw new Error('queued')
  expect(refused.error.message).not.toContain(String(conversationId))
  expect((await core.handlers['outbox:list']({ offset: 0, limit: 10 })).items.map((i) => i.id)).toEqual([
    'reply-1'
  ])

  // Reading the thread says the same, without the id.
  expect(
    await dispatchInvoke(
      core.handlers,
      'inbox:thread',
      { conversationId },
      { describeError: describeCoreError }
    )
  ).toMatchObject({
    ok: false,
    error: { code: 'not_found', message: 'This conversation is no longer in the inbox: it was deleted.' }
  })
})

it("lets go of a refused reply's file: its handle, its pasted copy and the draft kept for it", async () => {
  const deviceId = await linkSandboxDevice(core)
  const conversationId = conversationWithACustomer(dataDir, '6281377778888')
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'katalog.png', dataBase64: png.toString('base64') }]
  })
  const pasted = files[0]!
  await core.handlers['files:keepForDraft']({ handles: [pasted.handle], conversationId })
  expect(readdirSync(join(dataDir, 'incoming'))).toHaveLength(1)

  deleteElsewhere(conversationId)
  expect(
    await dispatchInvoke(
      core.handlers,
      'inbox:reply',
      { requestId: 'reply-1', conversationId, deviceId, chatId: '6281377778888', handle: pasted.handle },
      { describeError: describeCoreError }
    )
  ).toMatchObject({ ok: false, error: { code: 'conversation_gone' } })

  expect(readdirSync(join(dataDir, 'incoming'))).toEqual([])
  expect(
    (await core.handlers['files:check']({ files: [{ handle: pasted.handle, name: pasted.name }] })).rejected
  ).toMatchObject([{ code: 'file_gone' }])
  expect(await core.handlers['files:restoreDraft']({ conversationId })).toEqual({ files: [], rejected: [] })
})
