// `sender-desk message revoke|cancel|resend` of a message the outbox holds (QA80): named by the id the terminal printed
// when it queued it, or by the gateway's id, it is taken back through the window's own "Delete for everyone"
// (outbox:takeBack), so the outbox records it and Outbox, Overview and counts agree, with the app open beside or not.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox, SandboxControl } from '@sender-desk/sandbox-gateway'
import type { Core } from '../core/compose'
import { appCoreOn, runCli, runCliJson, sandboxForCli, until } from './testing/in-process'

let work: string
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv
let app: Core | null

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-message-outbox-'))
  ;({ sandbox, control, env } = await sandboxForCli(join(work, 'data'), {
    seed: 80,
    timings: { sentAfterMs: 50, deliveredAfterMs: 50, readAfterMs: 50 }
  }))
  app = null
})
afterEach(async () => {
  await app?.stop()
  await sandbox.close()
  rmSync(work, { recursive: true, force: true })
})

const cli = (...args: string[]) => runCliJson(env, args)

/** The gateway's status of its one message with this text. */
async function atGateway(text: string): Promise<string | undefined> {
  return (await control.messages()).find((m) => m.text === text)?.status
}

/** Queues one text from the terminal (`send text --queue`): the outbox item's id, as the terminal prints it. */
async function queued(text: string): Promise<string> {
  const sent = await cli('send', 'text', '--to', '081299990025', '--message', text, '--queue')
  expect(sent.code, JSON.stringify(sent.json)).toBe(0)
  const [id] = sent.json.itemIds as string[]
  return id ?? ''
}

/** The terminal's outbox item, as `outbox list --json` shows it. */
async function listed(id: string): Promise<{ status: string; gatewayId: string | null }> {
  const list = await cli('outbox', 'list')
  const item = (list.json.items as { id: string; status: string; gatewayId: string | null }[]).find(
    (i) => i.id === id
  )
  if (!item) throw new Error(`${id} is not listed`)
  return item
}

describe('message revoke of a message the terminal queued, without the app', () => {
  it('by the id the terminal printed: deleted for everyone, and the outbox says revoked', async () => {
    const id = await queued('salah kirim')
    expect((await cli('outbox', 'flush', '--timeout', '10')).code).toBe(0)
    await until(async () => (await atGateway('salah kirim')) === 'read')

    const revoked = await runCli(['message', 'revoke', id], env)
    expect(revoked.stdout, revoked.stderr).toContain('1 revoked, 0 refused, 0 unknown')
    expect(revoked.stdout).not.toContain('refused:')
    expect(revoked.code).toBe(0)
    expect(await atGateway('salah kirim')).toBe('revoke')
    expect((await listed(id)).status).toBe('revoked')
  })

  it('by the gateway’s id (outbox list): the outbox records it too', async () => {
    const id = await queued('harga salah')
    expect((await cli('outbox', 'flush', '--timeout', '10')).code).toBe(0)
    await until(async () => (await atGateway('harga salah')) === 'read')
    const { gatewayId } = await listed(id)

    const revoked = await cli('message', 'revoke', gatewayId ?? '')
    expect(revoked.code, JSON.stringify(revoked.json)).toBe(0)
    expect(revoked.json).toMatchObject({ ok: true, tally: { revoked: 1, refused: 0, unknown: 0 } })
    expect(await atGateway('harga salah')).toBe('revoke')
    expect((await listed(id)).status).toBe('revoked')
  })
})

describe('message revoke of the outbox’s messages, what else is queued', () => {
  it('one not sent yet is stopped here, and the gateway is asked nothing', async () => {
    const id = await queued('belum dikirim')
    const revoked = await runCli(['message', 'revoke', id], env)
    expect(revoked.code, revoked.stderr).toBe(0)
    expect(revoked.stdout).toBe('0 revoked, 0 refused, 0 unknown\n1 cancelled before it left\n')
    expect((await listed(id)).status).toBe('cancelled')
    expect(await control.acceptedLog()).toEqual([])
  })

  it('other messages queued for these credentials are not sent by it: it takes back only', async () => {
    const id = await queued('salah kirim')
    expect((await cli('outbox', 'flush', '--timeout', '10')).code).toBe(0)
    await until(async () => (await atGateway('salah kirim')) === 'read')
    const other = await queued('kirim nanti')

    const revoked = await runCli(['message', 'revoke', id, '--timeout', '10'], env)
    expect(revoked.code, revoked.stderr).toBe(0)
    expect(revoked.stdout).toContain('1 revoked, 0 refused, 0 unknown')
    expect(await atGateway('salah kirim')).toBe('revoke')
    expect((await listed(id)).status).toBe('revoked')
    // The other was not asked to go now: still queued, for outbox flush.
    expect(await atGateway('kirim nanti')).toBeUndefined()
    expect((await listed(other)).status).toBe('queued')
  })
})

describe('message revoke while the app runs on the same data folder', () => {
  it('the app’s Outbox item is revoked, and its counts say so', async () => {
    const core = await appCoreOn(String(env['SENDER_DESK_DATA_DIR']))
    app = core
    await core.registry.add({
      label: 'Toko QA',
      baseUrl: String(env['SENDER_DESK_BASE_URL']),
      token: String(env['SENDER_DESK_TOKEN'])
    })
    await core.start()
    const id = await queued('salah kirim')
    // The app sends it (it lists the device), and hears it was read (its tracking webhook).
    await until(() => core.outbox.get(id).item.gatewayId !== null)
    await until(async () => (await atGateway('salah kirim')) === 'read')
    const gatewayId = core.outbox.get(id).item.gatewayId ?? ''
    core.outbox.applyGatewayStatus(gatewayId, 'read')
    expect(core.outbox.get(id).item.status).toBe('read')

    const revoked = await runCli(['message', 'revoke', gatewayId], env)
    expect(revoked.code, revoked.stderr).toBe(0)
    await until(() => core.outbox.get(id).item.status === 'revoked', 5_000)
    expect(await atGateway('salah kirim')).toBe('revoke')
    expect(core.outbox.counts()).toMatchObject({ read: 0, revoked: 1 })
  })

  it('for credentials the app does not list: asks the gateway nothing, exits 2, and waits for a flush after it', async () => {
    const id = await queued('salah kirim')
    expect((await cli('outbox', 'flush', '--timeout', '10')).code).toBe(0)
    await until(async () => (await atGateway('salah kirim')) === 'read')
    const core = await appCoreOn(String(env['SENDER_DESK_DATA_DIR']))
    app = core
    await core.start()

    const waiting = await runCli(['message', 'revoke', id], env)
    expect(waiting.code).toBe(2)
    expect(waiting.stderr).toContain(
      'sender-desk: message revoke asked the gateway nothing while Sender Desk runs; 1 message to take back for these credentials waits until it is closed'
    )
    expect(waiting.stderr).toContain('goes with sender-desk outbox flush once it is closed')
    expect(await atGateway('salah kirim')).toBe('read')

    await core.stop()
    app = null
    expect((await cli('outbox', 'flush', '--timeout', '10')).code).toBe(0)
    expect(await atGateway('salah kirim')).toBe('revoke')
    expect((await listed(id)).status).toBe('revoked')
  })
})
