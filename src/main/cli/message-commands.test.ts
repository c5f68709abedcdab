// `sender-desk message revoke|cancel|resend|cancel-all` through `main(argv, env)`: against the sandbox for what the
// gateway ends up with, and against the recording server for a run the gateway cuts short.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_TIMINGS, SandboxControl, startSandbox, type Sandbox } from '@sender-desk/sandbox-gateway'
import { FakeClock } from '../core/clock'
import { startWireServer, type RecordedRequest } from '../core/gateway/testing/wire-server'
import { jsonLineOf, runCli, type CliRun } from './testing/in-process'

let sandbox: Sandbox
let clock: FakeClock
let control: SandboxControl
let env: NodeJS.ProcessEnv
let dataDir: string

const run = (argv: string[], environment: NodeJS.ProcessEnv = env): Promise<CliRun> =>
  runCli(argv, environment)
const jsonOf = jsonLineOf

/** Sends one text with the CLI's own one-shot send and returns the gateway's message id. */
async function sendOne(phone: string): Promise<string> {
  const sent = await run(['send', 'text', '--to', phone, '--message', 'wrong amount', '--json'])
  expect(sent.code, sent.stderr).toBe(0)
  return jsonOf(sent).messages[0].id as string
}

beforeEach(async () => {
  clock = new FakeClock('2026-01-15T03:00:00Z')
  sandbox = await startSandbox({ seed: 5, clock })
  control = new SandboxControl(sandbox.baseUrl, sandbox.controlToken)
  const { token } = await control.createDevice({ linked: true })
  // A data folder of its own: the ids are looked up in its outbox first (none of these are in it).
  dataDir = mkdtempSync(join(tmpdir(), 'sd-message-'))
  env = { SENDER_DESK_BASE_URL: sandbox.baseUrl, SENDER_DESK_TOKEN: token, SENDER_DESK_DATA_DIR: dataDir }
})
afterEach(async () => {
  await sandbox.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('message revoke|cancel|resend against the sandbox', () => {
  it('revoke: the sent one is deleted for everyone, the pending one refused in the gateway’s words; exit 3', async () => {
    const sent = await sendOne('08123000801')
    await clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    await control.act(env.SENDER_DESK_TOKEN ?? '', 'offline')
    const pending = await sendOne('08123000802')

    const human = await run(['message', 'revoke', sent, pending])
    expect(human.code).toBe(3)
    expect(human.stdout).toContain('1 revoked, 1 refused, 0 unknown')
    expect(human.stdout).toContain(`${pending}  refused: Id Invalid or message is not sent yet`)
    expect(human.stderr).toContain('Revoking 2 messages at the gateway')
    expect((await control.messages()).find((m) => m.id === sent)?.status).toBe('revoke')

    // Nothing taken back: the gateway's general "being deleted" is no headline over the tally (QA80).
    const none = await run(['message', 'revoke', pending])
    expect(none.code).toBe(3)
    expect(none.stdout).not.toContain('Message is being deleted')
    expect(none.stdout.split('\n')[0]).toBe('0 revoked, 1 refused, 0 unknown')

    const again = jsonOf(await run(['message', 'revoke', `${sent},${pending}`, '--json']))
    expect(again).toMatchObject({
      ok: false,
      action: 'revoke',
      tally: { revoked: 0, refused: 2, unknown: 0 },
      stoppedBy: null
    })
    expect(again.outcomes.map((o: { id: string }) => o.id)).toEqual([sent, pending])
  })

  it('cancel: every pending one cancelled, exit 0; cancel-all then finds none', async () => {
    await control.act(env.SENDER_DESK_TOKEN ?? '', 'offline')
    const ids = [await sendOne('08123000811'), await sendOne('08123000812')]
    const result = await run(['message', 'cancel', ...ids, ids[0] ?? '', '--json'])
    expect(result.code).toBe(0)
    expect(jsonOf(result)).toMatchObject({
      ok: true,
      action: 'cancel',
      tally: { cancelled: 2, refused: 0, unknown: 0 },
      messages: ['Message is canceled and waiting to be processed'],
      outcomes: [
        { id: ids[0], result: 'cancelled', gatewayStatus: 'cancel' },
        { id: ids[1], result: 'cancelled', gatewayStatus: 'cancel' }
      ]
    })
    const none = await run(['message', 'cancel-all'])
    expect([none.code, none.stdout]).toEqual([
      0,
      // The count once, in its plural (the gateway's own "Cancel 0 pending messages" only in --json).
      '0 pending messages cancelled at the gateway\n'
    ])
  })

  it('cancel-all: the pending ones, listed and counted', async () => {
    await control.act(env.SENDER_DESK_TOKEN ?? '', 'offline')
    const ids = [await sendOne('08123000821'), await sendOne('08123000822')]
    expect(jsonOf(await run(['message', 'cancel-all', '--json']))).toEqual({
      ok: true,
      cancelledIds: ids,
      count: 2,
      message: 'Cancel 2 pending messages'
    })
  })

  it('resend: a message the gateway failed is queued again; one it did not fail is refused', async () => {
    const token = env.SENDER_DESK_TOKEN ?? ''
    const blacklist = (path: string): Promise<Response> =>
      fetch(`${sandbox.baseUrl}/api/${path}?token=${token}&phone=08123000831`)
    await blacklist('blacklist')
    // The gateway fails a message to a blacklisted number.
    const failed = await sendOne('08123000831')
    const sent = await sendOne('08123000832')
    await clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    await blacklist('blacklist/cancel')

    const result = await run(['message', 'resend', failed, sent, '--json'])
    expect(result.code).toBe(3)
    expect(jsonOf(result)).toMatchObject({
      ok: false,
      action: 'resend',
      tally: { resent: 1, refused: 1, unknown: 0 },
      messages: ['Resend Message is pending and waiting to be processed'],
      outcomes: [
        { id: failed, result: 'resent', gatewayStatus: 'pending' },
        { id: sent, result: 'refused', gatewayMessage: 'Id Invalid or message can not be resent' }
      ]
    })
    await clock.advance(DEFAULT_TIMINGS.sentAfterMs)
    expect((await control.messages()).find((m) => m.id === failed)?.status).toBe('sent')
  })

  it('a rate limit on the first call is a transient failure: exit 4 with the one line', async () => {
    await control.addFault({ path: '/api/revoke-message', kind: 'rate-limit', retryAfterSec: 5 })
    const result = await run(['message', 'revoke', 'a1'])
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/revoke-message: the gateway asks to slow down/)
  })

  it('bad input is exit 2, before any gateway call', async () => {
    for (const argv of [
      ['message'],
      ['message', 'delete', 'a1'],
      ['message', 'revoke'],
      ['message', 'cancel', ' , '],
      ['message', 'cancel-all', 'a1'],
      ['message', 'resend', 'a/b']
    ]) {
      const result = await run(argv)
      expect(result.code, argv.join(' ')).toBe(2)
    }
    expect(await control.acceptedLog()).toEqual([])
  })
})

describe('message revoke cut short by the gateway', () => {
  it('prints the tally so far, the ids never asked, and exits 4 on a transient stop', async () => {
    const server = await startWireServer()
    try {
      const answer = (request: RecordedRequest): { body: unknown } => ({
        body: {
          status: true,
          message: 'Message is being deleted and waiting to be processed',
          data: { messages: (request.query.id ?? '').split(',').map((id) => ({ id, status: 'revoke' })) }
        }
      })
      server.enqueue(answer, { status: 503, body: 'busy' })
      const ids = Array.from({ length: 150 }, (_, index) => `m${index}`)
      const result = await run(['message', 'revoke', ...ids, '--json'], {
        SENDER_DESK_BASE_URL: server.url,
        SENDER_DESK_TOKEN: 'tok',
        SENDER_DESK_DATA_DIR: dataDir
      })
      expect(result.code).toBe(4)
      const json = jsonOf(result)
      expect(json.tally).toEqual({ revoked: 100, refused: 0, unknown: 50 })
      expect(json.stoppedBy).toMatchObject({ code: 'server_error', kind: 'transient', httpStatus: 503 })
      expect(json.outcomes[100]).toMatchObject({ id: 'm100', result: 'unknown', reason: 'call_failed' })
      expect(server.requests.map((request) => request.query.id?.split(',').length)).toEqual([100, 50])
    } finally {
      await server.close()
    }
  })
})
