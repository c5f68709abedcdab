// `sender-desk webhook deliveries` against a sandbox: each status delivery headed by the message it is about, in the
// words of the window's inspector (one headline and one lookup of the message for both), --json carrying it too.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { DEFAULT_TIMINGS, type Sandbox, type SandboxControl } from '@sender-desk/sandbox-gateway'
import { FakeClock } from '../core/clock'
import { startWireServer, type WireServer } from '../core/gateway/testing/wire-server'
import { jsonLineOf, runCli, sandboxForCli, type CliRun } from './testing/in-process'

let work: string
let clock: FakeClock
let receiver: WireServer
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv

/** The sandbox's clock starts at this minute: the terminal checks a time for later against the computer's. */
const start = Math.floor(Date.now() / 60_000) * 60_000
/** `minutes` after the start, as "Y-m-d H:i" on Jakarta's clock (the sandbox device's zone). */
const jakarta = (minutes: number): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Jakarta',
    dateStyle: 'short',
    timeStyle: 'short'
  }).format(start + minutes * 60_000)

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-cli-deliveries-'))
  clock = new FakeClock(new Date(start).toISOString())
  receiver = await startWireServer()
  receiver.route('POST /track', { body: 'ok' })
  // The receiver is on 127.0.0.1, which the sandbox refuses as a webhook target unless the run opts in.
  ;({ sandbox, control, env } = await sandboxForCli(join(work, 'data'), {
    seed: 13,
    clock,
    allowPrivateWebhookTargets: true
  }))
  env = { ...env, SENDER_DESK_SANDBOX_CONTROL: sandbox.controlToken }
})
afterEach(async () => {
  await sandbox.close()
  await receiver.close()
  rmSync(work, { recursive: true, force: true })
})

const run = (...argv: string[]): Promise<CliRun> => runCli(argv, env)

async function ok(...argv: string[]): Promise<CliRun> {
  const done = await run(...argv)
  expect(done.code, `${argv.join(' ')}: ${done.stderr}`).toBe(0)
  return done
}

/** The "sent" status of every message the sandbox sent so far, each posted to the tracking address. */
async function sentStatusesPosted(count: number): Promise<void> {
  await clock.advance(DEFAULT_TIMINGS.sentAfterMs)
  await vi.waitFor(async () => {
    const token = env['SENDER_DESK_TOKEN'] ?? ''
    const posted = (await control.webhookDeliveries(token)).filter(
      (d) => d.kind === 'tracking' && d.payload['status'] === 'sent' && d.state === 'delivered'
    )
    expect(posted).toHaveLength(count)
  })
}

it('heads each status with the message it is about, as the inspector does: outbox, auto-reply, reminder, schedule', async () => {
  await ok('webhook', 'set', '--tracking-url', `${receiver.url}/track`)
  // Sent from this computer's outbox.
  await ok('send', 'text', '--to', '0812-3456-7001', '--message', 'Halo tracking dari terminal', '--queue')
  await ok('outbox', 'flush', '--timeout', '10')
  // An auto-reply the gateway sent itself.
  await ok('autoreply', 'create', '--keyword', 'harga', '--response', 'Harga mulai 10rb')
  await control.receive(env['SENDER_DESK_TOKEN'] ?? '', { from: '081377778888', message: 'harga' })
  await sentStatusesPosted(2)
  // A schedule and a reminder the gateway keeps, sent at their time.
  await ok(
    'send',
    'text',
    '--to',
    '0812-3456-7002',
    '--message',
    'Promo mulai jam 10.30',
    '--at',
    jakarta(30),
    '--zone',
    'Asia/Jakarta',
    '--on-gateway'
  )
  await ok('outbox', 'flush', '--timeout', '10')
  await ok(
    'reminder',
    'create',
    '--to',
    '0812-3456-7003',
    '--message',
    'Minum obat',
    '--start',
    jakarta(40),
    '--periode',
    'daily'
  )
  await clock.advance(45 * 60_000)
  await sentStatusesPosted(4)

  const headlines = [
    'Text “Halo tracking dari…” to +62 812-3456-7001 is now sent',
    'Auto-reply “Harga mulai 10rb” to +62 813-7777-8888 is now sent',
    'Text “Promo mulai jam 10.30” to +62 812-3456-7002 is now sent',
    'Text “Minum obat” to +62 812-3456-7003 is now sent'
  ]
  const listed = await ok('webhook', 'deliveries')
  for (const headline of headlines) expect(listed.stdout).toContain(`\n  ${headline}\n`)

  const json = jsonLineOf(await ok('webhook', 'deliveries', '--json'))
  const sent = (
    json.deliveries as {
      kind: string
      payload: { status?: string }
      headline: string | null
      message: unknown
    }[]
  ).filter((d) => d.kind === 'tracking' && d.payload.status === 'sent')
  expect(sent.map((d) => d.headline).sort()).toEqual(headlines.sort())
  expect(sent.map((d) => d.message)).toContainEqual({
    kind: 'text',
    text: 'Harga mulai 10rb',
    fileName: null,
    sentBy: 'autoreply'
  })
})

// A read-only command: on a computer with no data folder it made one (and an empty database) to look up the messages
// the statuses are about.
it('lists the deliveries on a computer with no data folder, says there is no data yet there, and creates none', async () => {
  await ok('webhook', 'set', '--tracking-url', `${receiver.url}/track`)
  await ok('send', 'text', '--to', '0812-3456-7004', '--message', 'Dari gateway', '--queue')
  await ok('outbox', 'flush', '--timeout', '10')
  await sentStatusesPosted(1)
  const missing = join(work, 'new-computer', 'data')
  const listed = await ok('webhook', 'deliveries', '--data-dir', missing)
  expect(existsSync(join(work, 'new-computer'))).toBe(false)
  expect(listed.stdout).toContain('\n  Text “Dari gateway” to +62 812-3456-7004 is now sent\n')
  expect(listed.stdout).toContain(
    `\nNo data yet: Sender Desk has no data in ${missing}. The app's data folder is in its Settings → Data and security; give it with --data-dir or SENDER_DESK_DATA_DIR.\n`
  )
  expect(jsonLineOf(await ok('webhook', 'deliveries', '--data-dir', missing, '--json'))).toMatchObject({
    ok: true,
    noDataIn: missing
  })
  expect(existsSync(join(work, 'new-computer'))).toBe(false)
})

// The window's inspector shows a payload as escaped JSON (shownJson): an override a customer wrote reads as \u202e, so
// a reader sees one was sent. The terminal's human line dropped it instead, and read "gnp.exe" where the JSON had it.
it('writes a payload as the inspector does: the same JSON, an override a customer wrote shown as its escape', async () => {
  receiver.route('POST /hook', { body: 'ok' })
  await ok('webhook', 'set', '--url', `${receiver.url}/hook`, '--incoming', 'on')
  await control.receive(env['SENDER_DESK_TOKEN'] ?? '', { from: '081377778888', message: '\u202Egnp.exe' })
  await vi.waitFor(async () => {
    const posted = await control.webhookDeliveries(env['SENDER_DESK_TOKEN'] ?? '')
    expect(posted.filter((d) => d.kind === 'incoming' && d.state === 'delivered')).toHaveLength(1)
  })
  const listed = await ok('webhook', 'deliveries')
  const payload = listed.stdout.split('\n').find((line) => line.startsWith('  payload: '))
  expect(payload).toContain('"message":"\\u202egnp.exe"')
  expect(JSON.parse(payload!.slice('  payload: '.length))).toMatchObject({ message: '\u202Egnp.exe' })
})
