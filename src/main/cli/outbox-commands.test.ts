// `sender-desk outbox cancel|retry` with several ids, in process against a real sandbox gateway: one bulk action,
// every id accounted for, and a partial result exits non-zero.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '@sender-desk/sandbox-gateway'
import type { OutboxItemView } from '../../shared/contract'
import { describeItem } from './outbox-commands'
import { runCli, runCliJson, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-outbox-cli-'))
  ;({ sandbox, env } = await sandboxForCli(join(work, 'data'), { seed: 7 }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Runs the CLI in process; returns the exit code and the one JSON result line. */
const cli = (...args: string[]) => runCliJson(env, args)

describe('sender-desk outbox cancel|retry with several ids', () => {
  it('cancels and retries them in one go and reports the ones it left', async () => {
    const queued = await cli(
      'send',
      'text',
      '--to',
      '081200000001,081200000002',
      '--message',
      'later',
      '--queue'
    )
    expect(queued.code).toBe(0)
    const ids = queued.json.itemIds as string[]
    expect(ids).toHaveLength(2)

    const cancelled = await cli('outbox', 'cancel', ...ids)
    expect(cancelled).toEqual({ code: 0, json: { ok: true, done: ids, refused: [] } })

    const retried = await cli('outbox', 'retry', ids[0]!, 'no-such-item')
    expect(retried).toEqual({
      code: 3,
      json: {
        ok: false,
        done: [ids[0]],
        refused: [{ id: 'no-such-item', reason: 'not_found', status: null }]
      }
    })
    const listed = await cli('outbox', 'list')
    const statuses = Object.fromEntries(
      (listed.json.items as { id: string; status: string }[]).map((item) => [item.id, item.status])
    )
    expect(statuses).toEqual({ [ids[0]!]: 'queued', [ids[1]!]: 'cancelled' })
  })

  it('deletes what the delete rule allows and keeps a message waiting to be sent, saying to cancel it first', async () => {
    const queued = await cli(
      'send',
      'text',
      '--to',
      '081200000021,081200000022',
      '--message',
      'to tidy away',
      '--queue'
    )
    const [cancelled, waiting] = queued.json.itemIds as [string, string]
    expect((await cli('outbox', 'cancel', cancelled)).code).toBe(0)

    const deleted = await cli('outbox', 'delete', cancelled, waiting)
    expect(deleted).toEqual({
      code: 3,
      json: {
        ok: false,
        done: [cancelled],
        refused: [{ id: waiting, reason: 'not_applicable', status: 'queued' }]
      }
    })
    const text = await runCli(['outbox', 'delete', waiting], env)
    expect(text.code).toBe(3)
    expect(text.stdout).toContain(`${waiting}  kept as queued: waiting to be sent: cancel it first`)
    const listed = await cli('outbox', 'list')
    const ids = (listed.json.items as { id: string }[]).map((item) => item.id)
    expect(ids).toContain(waiting)
    expect(ids).not.toContain(cancelled)
  })

  it('cancels and retries every item matching --status/--text once the count is given back with --expect', async () => {
    const promo = await cli(
      'send',
      'text',
      '--to',
      '081200000011,081200000012,081200000013',
      '--message',
      'Promo week',
      '--queue'
    )
    const other = await cli('send', 'text', '--to', '081200000014', '--message', 'Your order', '--queue')
    expect([promo.code, other.code]).toEqual([0, 0])

    const asked = await cli('outbox', 'cancel', '--matching', '--text', 'promo', '--status', 'queued')
    expect(asked).toEqual({
      code: 2,
      json: { ok: false, exitCode: 2, error: '3 items match; add --expect 3 to cancel them all' }
    })
    const stale = await cli(
      'outbox',
      'cancel',
      '--matching',
      '--text',
      'promo',
      '--status',
      'queued',
      '--expect',
      '2'
    )
    expect(stale).toEqual({
      code: 2,
      json: {
        ok: false,
        exitCode: 2,
        error: 'The list changed: 3 messages match now, not 2. Look at the list again and confirm again.'
      }
    })

    const cancelled = await cli(
      'outbox',
      'cancel',
      '--matching',
      '--text',
      'promo',
      '--status',
      'queued',
      '--expect',
      '4'
    )
    // One of the four counted has left the filter since (sent, cancelled): the three still matching are done.
    expect(cancelled).toEqual({ code: 0, json: { ok: true, done: 3, refused: [], noLongerMatching: 1 } })
    const retried = await cli(
      'outbox',
      'retry',
      '--matching',
      '--text',
      'promo',
      '--status',
      'cancelled',
      '--expect',
      '3'
    )
    expect(retried).toEqual({ code: 0, json: { ok: true, done: 3, refused: [], noLongerMatching: 0 } })
    const listed = await cli('outbox', 'list', '--status', 'queued')
    const ours = [...(promo.json.itemIds as string[]), ...(other.json.itemIds as string[])]
    const queuedIds = (listed.json.items as { id: string }[]).map((item) => item.id)
    // The promos are back in line (retried), beside the order update that never matched.
    expect(queuedIds.filter((id) => ours.includes(id)).sort()).toEqual([...ours].sort())
  })
})

describe('sender-desk send --queue, as text', () => {
  it('counts what it queued in words ("1 item", not "1 item(s)")', async () => {
    const one = await runCli(['send', 'text', '--to', '081200000021', '--message', 'later', '--queue'], env)
    expect(one.code, one.stderr).toBe(0)
    expect(one.stdout).toMatch(/^Queued 1 item:\n/)
    const two = await runCli(
      ['send', 'text', '--to', '081200000022,081200000023', '--message', 'later', '--queue'],
      env
    )
    expect(two.stdout).toMatch(/^Queued 2 items:\n/)
  })
})

describe('sender-desk outbox list, a waiting message', () => {
  it('says why it waits and until when on its device’s clock, as the window does (QA24 Q24-05)', () => {
    // The kernel's view of a queued one-off send on a device that reached its daily cap (the app's rounds said so).
    const capped: OutboxItemView = {
      ...queuedItem,
      waitReason: {
        message: 'this number reached its daily cap of 3; it goes on at 2026-11-30T17:00:00.000Z',
        messageKey: 'desktop.wait.deviceDailyCap',
        messageParams: { cap: 3, until: '2026-11-30T17:00:00.000Z', zone: 'Asia/Jakarta' }
      }
    }
    // The item's own line (its times on this computer's clock: outbox-times.test.ts), then why it waits.
    const [line, waiting, ...more] = describeItem(capped).split('\n')
    expect(line).toBe(describeItem(queuedItem))
    expect(line).toMatch(/^item-1 {2}queued .*to 6281234567890 {2}"Promo A"$/)
    expect(waiting).toBe(
      '  waiting: this number reached its daily cap of 3; it goes on at 2026-12-01 00:00 (Asia/Jakarta)'
    )
    expect(more).toEqual([])
    expect(describeItem(queuedItem)).not.toContain('waiting')
  })
})

const queuedItem: OutboxItemView = {
  id: 'item-1',
  deviceId: 'd1',
  recipient: '6281234567890',
  isGroup: false,
  kind: 'text',
  text: 'Promo A',
  fileName: null,
  fileSize: null,
  status: 'queued',
  failure: null,
  gatewayId: null,
  createdAt: '2026-11-30T08:00:00.000Z',
  updatedAt: '2026-11-30T08:00:00.000Z',
  scheduledAt: null,
  timezone: null,
  scheduleMode: null,
  overduePolicy: null,
  held: false,
  attempts: 0,
  nextAttemptAt: null
}
