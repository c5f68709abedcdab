/**
 * Audio files and captions through the composed core (QA32 Q32-01): the gateway's audio sends take no caption, so
 * the core never queues one on an audio file, by the domain's one rule, and an item queued with one before the rule
 * still goes (without it) instead of failing at every try.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Core } from '../../src/main/core/compose'
import { fileEntryOf } from '../../src/main/core/outbox'
import { composeSandboxCore, linkSandboxDevice } from './testing/sandbox-core'

let core: Core

beforeEach(async () => {
  core = await composeSandboxCore('sd-audio-caption-', undefined, {
    outbox: { backoffBaseMs: 50, backoffCapMs: 200 }
  })
})
afterEach(async () => core.stop())

const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.alloc(900, 5)])
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(300, 7)
])

async function handleOf(name: string, bytes: Buffer): Promise<string> {
  const { files } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name, dataBase64: bytes.toString('base64') }]
  })
  return files[0]!.handle
}

async function sandboxMessages(count: number) {
  const sandbox = await core.sandbox.current()
  for (let i = 0; i < 200; i++) {
    const messages = await sandbox!.control.messages()
    if (messages.length >= count) return messages
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`fewer than ${count} messages reached the sandbox`)
}

async function settled(ids: readonly string[]) {
  for (let i = 0; i < 200; i++) {
    const items = await Promise.all(ids.map((id) => core.handlers['outbox:get']({ id })))
    if (items.every((view) => !['queued', 'sending'].includes(view.item.status))) return items
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('items did not settle')
}

it('audio beside other files: queued without the caption, which the other files carry; nothing fails', async () => {
  const deviceId = await linkSandboxDevice(core)
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081255556666'],
    isGroup: false,
    entries: [
      { kind: 'file', handle: await handleOf('voice.mp3', MP3), caption: 'Dokumen Anda' },
      { kind: 'file', handle: await handleOf('promo.jpg', JPEG), caption: 'Dokumen Anda' }
    ]
  })
  expect(itemIds).toHaveLength(2)
  const items = await settled(itemIds)
  expect(
    items.map((view) => [view.item.kind, view.item.text ?? null, view.item.status === 'failed'])
  ).toEqual([
    ['audio', null, false],
    ['image', 'Dokumen Anda', false]
  ])
  expect((await sandboxMessages(2)).map((m) => [m.kind, m.text ?? ''])).toEqual([
    ['audio', ''],
    ['image', 'Dokumen Anda']
  ])
})

it('only audio: the caption goes once, as its own text after the audio', async () => {
  const deviceId = await linkSandboxDevice(core)
  const { itemIds } = await core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081255556666'],
    isGroup: false,
    entries: [{ kind: 'file', handle: await handleOf('rapat.mp3', MP3), caption: 'Rekaman rapat pagi' }]
  })
  const items = await settled(itemIds)
  expect(
    items.map((view) => [view.item.kind, view.item.text ?? null, view.item.status === 'failed'])
  ).toEqual([
    ['audio', null, false],
    ['text', 'Rekaman rapat pagi', false]
  ])
})

it('an inbox reply of an audio file with text: the audio, then the text as its own message', async () => {
  const deviceId = await linkSandboxDevice(core)
  const { itemIds } = await core.handlers['inbox:reply']({
    requestId: 'reply-audio-1',
    deviceId,
    chatId: '081255556666',
    isGroup: false,
    text: 'Ini rekamannya',
    handle: await handleOf('voice.mp3', MP3)
  })
  const items = await settled(itemIds)
  expect(
    items.map((view) => [view.item.kind, view.item.text ?? null, view.item.status === 'failed'])
  ).toEqual([
    ['audio', null, false],
    ['text', 'Ini rekamannya', false]
  ])
})

it('an audio item queued with a caption before the rule goes without it, not failing at every try', async () => {
  const deviceId = await linkSandboxDevice(core)
  const file = core.files.get(await handleOf('voice.ogg.mp3', MP3))!
  // Straight into the kernel, as the window's request was queued before the rule.
  const { itemIds } = await core.outbox.enqueue({
    deviceId,
    recipients: ['6281255556666'],
    entries: [fileEntryOf(file, 'Dokumen Anda')]
  })
  const [view] = await settled(itemIds)
  expect(view!.item.status).not.toBe('failed')
  expect((await sandboxMessages(1)).map((m) => m.kind)).toEqual(['audio'])
})
