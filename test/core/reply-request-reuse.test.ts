/**
 * A reply's requestId is its items' id: asked again, the same reply is answered as already queued. The same requestId
 * for another chat or from another device is not that reply (a CLI run given another chat with the same
 * --request-id, a window's kept id reused): it is refused in the operator's words, never reported as "already sent".
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { composeCore, describeCoreError, dispatchInvoke, type Core } from '../../src/main/core/compose'
import { coreText } from '../../src/shared/i18n/notes'
import { MemoryVault } from '../../src/main/core/vault'
import { linkSandboxDevice } from './testing/sandbox-core'

let dataDir: string
let core: Core
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-reply-reuse-'))
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

it('refuses a requestId already used for another chat or device; the same reply again is still a repeat', async () => {
  const deviceId = await linkSandboxDevice(core)
  const reply = (request: { deviceId: string; chatId: string }) =>
    dispatchInvoke(
      core.handlers,
      'inbox:reply',
      { requestId: 'reply-r', text: 'Rp 45.000 per lusin.', ...request },
      { describeError: describeCoreError }
    )
  expect(await reply({ deviceId, chatId: '6281377778888' })).toMatchObject({
    ok: true,
    value: { itemIds: ['reply-r'], repeated: false }
  })

  const toAnotherChat = await reply({ deviceId, chatId: '6281299990000' })
  expect(toAnotherChat).toMatchObject({
    ok: false,
    error: { code: 'reply_elsewhere', messageKey: 'desktop.error.replyElsewhere' }
  })
  if (toAnotherChat.ok) throw new Error('answered as already sent')
  // In the operator's words, in both languages, with no number, device or request id in them.
  for (const message of [toAnotherChat.error.message, coreText('id', '', 'desktop.error.replyElsewhere')]) {
    expect(message).not.toMatch(/reply-r|6281|request/i)
    expect(message).not.toContain(deviceId)
  }
  expect(await reply({ deviceId: 'another-device', chatId: '6281377778888' })).toMatchObject({
    ok: false,
    error: { code: 'reply_elsewhere' }
  })

  // The same reply asked again (the same chat, written as the operator may type it, the same device): a repeat.
  expect(await reply({ deviceId, chatId: '0813-7777-8888' })).toEqual({
    ok: true,
    value: { itemIds: ['reply-r'], repeated: true }
  })
  const items = (await core.handlers['outbox:list']({ offset: 0, limit: 10 })).items
  expect(items.map((item) => [item.id, item.recipient])).toEqual([['reply-r', '6281377778888']])
})
