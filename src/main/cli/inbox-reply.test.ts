// `sender-desk inbox reply` in process against a sandbox gateway: a text reply and a file reply queued through the
// Send checks, once per request id, and sent by `outbox flush`; a reply with nothing to say is refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-inbox-reply-cli-'))
  ;({ sandbox, env } = await sandboxForCli(join(work, 'data'), { seed: 11 }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

const cli = (...args: string[]) => runCliJson(env, args)

it('queues a reply once per request id, with a file and its caption too, and flush sends them', async () => {
  const text = await cli('inbox', 'reply', '0813-7777-8888', '--text', 'Siap, Bu.', '--request-id', 'cli-r1')
  expect(text).toMatchObject({ code: 0, json: { ok: true, itemIds: ['cli-r1'], repeated: false } })
  const again = await cli('inbox', 'reply', '0813-7777-8888', '--text', 'Siap, Bu.', '--request-id', 'cli-r1')
  expect(again).toMatchObject({ code: 0, json: { itemIds: ['cli-r1'], repeated: true } })

  const photo = join(work, 'katalog.png')
  // The smallest PNG the type check accepts: its signature and an IHDR chunk.
  writeFileSync(
    photo,
    Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex'
    )
  )
  const file = await cli('inbox', 'reply', '6281377778888', '--file', photo, '--text', 'Katalog terbaru')
  expect(file.code).toBe(0)
  const [fileId] = file.json.itemIds as string[]

  const listed = await cli('outbox', 'list', '--status', 'queued')
  const items = listed.json.items as { id: string; recipient: string; kind: string; text: string }[]
  expect(items.map((i) => [i.id, i.recipient, i.kind, i.text]).sort()).toEqual(
    [
      ['cli-r1', '6281377778888', 'text', 'Siap, Bu.'],
      [fileId, '6281377778888', 'image', 'Katalog terbaru']
    ].sort()
  )
  const flushed = await runCli(['outbox', 'flush'], env)
  expect(flushed.code, flushed.stderr).toBe(0)
  expect((await cli('outbox', 'list', '--status', 'queued')).json.items).toEqual([])
})

it('refuses a reply with nothing to send, and one to a number that is not one', async () => {
  const empty = await runCli(['inbox', 'reply', '6281377778888'], env)
  expect(empty.code).toBe(2)
  expect(empty.stderr).toContain('inbox reply needs --text, --file, or both')
  const badNumber = await runCli(['inbox', 'reply', '12', '--text', 'Hi'], env)
  expect(badNumber.code).toBe(2)
  expect(badNumber.stderr).toMatch(/12/)
})
