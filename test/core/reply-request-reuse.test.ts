/**
 * A reply's requestId is its items' id: asked again, the same reply is answered as already queued. The same requestId
 * for another chat or from another device is not that reply (a CLI run given another chat with the same
 * --request-id, a window's kept id reused): it is refused in the operator's words, never reported as "already sent".
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { describeCoreError, dispatchInvoke, type Core } from '../../src/main/core/compose'
import { coreText } from '../../src/shared/i18n/notes'
import { composeSandboxCore, linkSandboxDevice } from './testing/sandbox-core'

const PRICE_LIST_PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100, 32)]).toString('base64')

let core: Core
beforeEach(async () => {
  core = await composeSandboxCore('sd-reply-reuse-')
})
afterEach(async () => {
  await core.stop()
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
  const anotherDevice = await linkSandboxDevice(core)
  expect(await reply({ deviceId: anotherDevice, chatId: '6281377778888' })).toMatchObject({
    ok: false,
    error: { code: 'reply_elsewhere' }
  })
  // A device this app does not know is said as such, whatever the request id was used for.
  expect(await reply({ deviceId: 'removed-device', chatId: '6281377778888' })).toMatchObject({
    ok: false,
    error: { code: 'not_found', messageKey: 'desktop.error.deviceGone' }
  })

  // The same reply asked again (the same chat, written as the operator may type it, the same device): a repeat.
  expect(await reply({ deviceId, chatId: '0813-7777-8888' })).toEqual({
    ok: true,
    value: { itemIds: ['reply-r'], repeated: true }
  })
  const items = (await core.handlers['outbox:list']({ offset: 0, limit: 10 })).items
  expect(items.map((item) => [item.id, item.recipient])).toEqual([['reply-r', '6281377778888']])
})

it('lets go of the file a repeated reply carries: the reply was queued with the first one', async () => {
  const deviceId = await linkSandboxDevice(core)
  const pasted = async (): Promise<string> => {
    const { files } = await core.handlers['files:register']({
      sources: [{ kind: 'bytes', name: 'price.pdf', dataBase64: PRICE_LIST_PDF }]
    })
    return files[0]!.handle
  }
  const reply = (handle: string) =>
    core.handlers['inbox:reply']({
      requestId: 'reply-f',
      deviceId,
      chatId: '6281377778888',
      handle,
      isGroup: false
    })
  expect(await reply(await pasted())).toMatchObject({ repeated: false })

  // The window asks again after a reload, its draft's file registered anew: queued once, the new handle let go.
  const again = await pasted()
  expect(await reply(again)).toMatchObject({ repeated: true })
  const { rejected } = await core.handlers['files:check']({ files: [{ handle: again, name: 'price.pdf' }] })
  expect(rejected.map((refusal) => refusal.code)).toEqual(['file_gone'])
})
