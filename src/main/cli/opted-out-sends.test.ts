// A number on the opt-out list is asked about in the terminal too: `send text|file` (now or --queue), `inbox reply`
// and `reminder create` refuse it, naming it and --include-opted-out, and send nothing; with the flag they go.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox, SandboxControl } from '@sender-desk/sandbox-gateway'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'
import { optedOutRefusal } from './opted-out'

const OPTED_OUT = '6281355550001'
const OTHER = '6281355550002'
/** A monthly reminder the gateway keeps, to the opted-out number. */
const REMINDER = [
  ...['reminder', 'create', '--to', OPTED_OUT, '--message', 'Tagihan'],
  ...['--start', '2030-01-15 08:00', '--periode', 'monthly']
]

let work: string
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv
let photo: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-opted-out-cli-'))
  ;({ sandbox, control, env } = await sandboxForCli(join(work, 'data'), { seed: 12 }))
  const added = await runCliJson(env, ['optout', 'add', '0813-5555-0001'])
  expect(added.code).toBe(0)
  photo = join(work, 'promo.png')
  // The smallest PNG the type check accepts: its signature and an IHDR chunk.
  writeFileSync(
    photo,
    Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex'
    )
  )
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

const sentTo = async (phone: string): Promise<number> =>
  (await control.messages()).filter((message) => message.phone === phone).length

const queued = async (): Promise<string[]> => {
  const listed = await runCliJson(env, ['outbox', 'list', '--status', 'queued'])
  return (listed.json.items as { recipient: string }[]).map((item) => item.recipient)
}

describe('a send to a number on the opt-out list', () => {
  // Functions: `photo` is made in beforeAll, after the table is built.
  it.each([
    ['send text now', () => ['send', 'text', '--to', `${OTHER},${OPTED_OUT}`, '--message', 'Promo']],
    ['send file now', () => ['send', 'file', photo, '--to', OPTED_OUT]],
    ['send text --queue', () => ['send', 'text', '--to', OPTED_OUT, '--message', 'Promo', '--queue']],
    ['inbox reply', () => ['inbox', 'reply', OPTED_OUT, '--text', 'Halo']],
    ['reminder create', () => REMINDER]
  ])('%s is refused, names the number and the flag, and sends nothing', async (_, args) => {
    const run = await runCli(args(), env)
    expect(run.code).toBe(2)
    // Named once: "6281… is on the opt-out list …: 6281…" said it twice.
    expect(run.stderr.split(OPTED_OUT)).toHaveLength(2)
    expect(run.stderr).toContain('--include-opted-out')
    expect(await sentTo(OPTED_OUT)).toBe(0)
    expect(await sentTo(OTHER)).toBe(0)
    expect(await queued()).toEqual([])
    expect(await control.reminders()).toEqual([])
  })

  it('goes with --include-opted-out: now, queued and as a reply', async () => {
    const now = await runCli(
      ['send', 'text', '--to', OPTED_OUT, '--message', 'Promo', '--include-opted-out'],
      env
    )
    expect(now.code, now.stderr).toBe(0)
    expect(await sentTo(OPTED_OUT)).toBe(1)

    const queuedSend = await runCliJson(env, [
      'send',
      'text',
      '--to',
      OPTED_OUT,
      '--message',
      'Promo',
      '--queue',
      '--include-opted-out'
    ])
    expect(queuedSend.code).toBe(0)
    const reply = await runCliJson(env, [
      'inbox',
      'reply',
      OPTED_OUT,
      '--text',
      'Halo',
      '--include-opted-out'
    ])
    expect(reply.code).toBe(0)
    expect(await queued()).toEqual([OPTED_OUT, OPTED_OUT])
    const reminder = await runCli([...REMINDER, '--include-opted-out'], env)
    expect(reminder.code, reminder.stderr).toBe(0)
    expect((await control.reminders()).map((r) => r.phone)).toEqual([OPTED_OUT])
  })

  it('leaves numbers that are not on the list alone', async () => {
    const run = await runCli(['send', 'text', '--to', OTHER, '--message', 'Promo'], env)
    expect(run.code, run.stderr).toBe(0)
    expect(await sentTo(OTHER)).toBe(1)
  })
})

describe('the refusal, in words', () => {
  it('names one number once, and several after their count', () => {
    expect(optedOutRefusal(['6281234567890']).message).toBe(
      '6281234567890 is on the opt-out list. Nothing was sent. To send anyway: --include-opted-out'
    )
    expect(optedOutRefusal(['6281234567890', '6281311112222']).message).toBe(
      '2 numbers are on the opt-out list: 6281234567890, 6281311112222. Nothing was sent. To send anyway: --include-opted-out'
    )
  })
})
