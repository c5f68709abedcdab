/**
 * The shared rules through the composed core, end to end against a real HTTP gateway (the wire test server): a
 * device's file-size limit above the gateway default reaches the client; enqueue answers every phone case.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { composeCore, describeCoreError, type Core } from '../../src/main/core/compose'
import { startWireServer, type WireServer } from '../../src/main/core/gateway/testing/wire-server'
import { deviceInfo, SAMPLE_TOKEN, send } from '../../src/main/core/gateway/testing/samples'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { MemoryVault } from '../../src/main/core/vault'
import { PHONE_CASES } from '../../src/shared/domain/phone.cases'
import { TEXT_LIMIT_CASES } from '../../src/shared/domain/text-limit.cases'

const MB = 1024 * 1024
let core: Core
let gateway: WireServer
let dataDir: string

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-file-limit-'))
  gateway = await startWireServer()
  gateway.route('GET /api/device/info', { body: deviceInfo.current })
  gateway.route('POST /api/send-document-from-local', { body: send.single })
  core = await composeCore({
    dataDir,
    vault: new MemoryVault(),
    appInfo: { version: 'test', platform: 'test' },
    outbox: { pacingMs: 0, backoffBaseMs: 50, backoffCapMs: 200 },
    pollIntervals: { idleMs: 1_000, linkingMs: 200, settlingMs: 200 }
  })
  await core.start()
})
afterEach(async () => {
  await core.stop()
  await gateway.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('condition not reached')
}

it('a 5 MB limit on a device: a 4 MB file is accepted, copied and sent', async () => {
  const device = await core.handlers['devices:add']({
    label: 'Plan 5 MB',
    baseUrl: gateway.url,
    token: SAMPLE_TOKEN
  })
  expect(
    (await core.handlers['devices:setFileLimit']({ id: device.id, maxFileBytes: 5 * MB })).maxFileBytes
  ).toBe(5 * MB)
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4 * MB - 9, 32)])
  const { files, rejected } = await core.handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'katalog.pdf', dataBase64: pdf.toString('base64') }]
  })
  expect(rejected).toEqual([])

  const enqueued = await dispatchInvoke(
    core.handlers,
    'outbox:enqueue',
    {
      deviceId: device.id,
      recipients: ['081234567890'],
      isGroup: false,
      entries: [{ kind: 'file', handle: files[0]!.handle }]
    },
    { describeError: describeCoreError }
  )
  expect(enqueued).toMatchObject({ ok: true })
  const itemId = (enqueued as { ok: true; value: { itemIds: string[] } }).value.itemIds[0]!

  const item = await waitFor(
    async () => (await core.handlers['outbox:get']({ id: itemId })).item,
    (it) => it.status !== 'queued' && it.status !== 'sending'
  )
  expect(item).toMatchObject({ status: 'accepted', failure: null })
  const upload = gateway.requests.find((r) => r.path === '/api/send-document-from-local')
  expect(upload).toBeDefined()
  const sentBytes =
    Object.values(upload!.multipart?.files ?? {})[0]?.bytes.byteLength ??
    Buffer.from(upload!.form?.['file'] ?? upload!.multipart?.fields['file'] ?? '', 'base64').byteLength
  expect(sentBytes).toBe(4 * MB)
})

describe('outbox:enqueue answers every shared phone case like the window', () => {
  it('queues the 62… form of each valid number and refuses each invalid one on the recipients field', async () => {
    const device = await core.handlers['devices:add']({
      label: 'Kasir',
      baseUrl: gateway.url,
      token: SAMPLE_TOKEN
    })
    // Nothing is sent: this is about what enqueue accepts and how it writes the recipient.
    await core.handlers['outbox:setPaused']({ paused: true })
    for (const { input, expected } of PHONE_CASES) {
      const reply = await dispatchInvoke(
        core.handlers,
        'outbox:enqueue',
        {
          deviceId: device.id,
          recipients: [input],
          isGroup: false,
          entries: [{ kind: 'text', text: 'halo' }]
        },
        { describeError: describeCoreError }
      )
      if ('value' in expected) {
        expect(reply, input).toMatchObject({ ok: true })
        const itemId = (reply as { ok: true; value: { itemIds: string[] } }).value.itemIds[0]!
        expect((await core.handlers['outbox:get']({ id: itemId })).item.recipient, input).toBe(expected.value)
      } else {
        expect(reply, input).toMatchObject({
          ok: false,
          error: { field: expect.stringMatching(/^recipients/) }
        })
      }
    }
  })
})

describe('every producer answers the text-limit cases like the window (messageTextProblem)', () => {
  const request = (deviceId: string, text: string) => ({
    deviceId,
    recipients: ['081234567890'],
    isGroup: false,
    entries: [{ kind: 'text' as const, text }]
  })

  it('outbox:enqueue, series:create and outbox:edit accept and refuse the same texts', async () => {
    const device = await core.handlers['devices:add']({
      label: 'Kasir',
      baseUrl: gateway.url,
      token: SAMPLE_TOKEN
    })
    await core.handlers['outbox:setPaused']({ paused: true })
    const held = await core.handlers['outbox:enqueue'](request(device.id, 'to be edited'))
    // A message's text (required); captions are the same rule with an empty one allowed (contract-rules.test.ts).
    for (const { name, text, problem } of TEXT_LIMIT_CASES.filter((c) => c.required)) {
      const enqueued = await dispatchInvoke(core.handlers, 'outbox:enqueue', request(device.id, text), {
        describeError: describeCoreError
      })
      expect(enqueued.ok, `enqueue: ${name}`).toBe(problem === null)
      const series = await dispatchInvoke(
        core.handlers,
        'series:create',
        {
          ...request(device.id, text),
          start: { localTime: '2030-01-01T09:00', timezone: 'Asia/Jakarta' },
          rule: { kind: 'daily' }
        },
        { describeError: describeCoreError }
      )
      expect(series.ok, `series: ${name}`).toBe(problem === null)
      const edited = await dispatchInvoke(
        core.handlers,
        'outbox:edit',
        { id: held.itemIds[0]!, text },
        { describeError: describeCoreError }
      )
      expect(edited.ok, `edit: ${name}`).toBe(problem === null)
    }
  })
})
