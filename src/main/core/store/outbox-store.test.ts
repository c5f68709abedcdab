// The outbox's SQL: guarded transitions with history, per-recipient lines, listing, retention purge, attachment refs, the lease.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type SqliteDatabase } from './database'
import { OutboxStore } from './outbox-store'
import { newTextItem } from './testing/new-item'

let dir: string
let db: SqliteDatabase
let store: OutboxStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-store-test-'))
  db = openDatabase({ dataDir: dir })
  store = new OutboxStore(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const item = newTextItem

describe('OutboxStore', () => {
  it('moves an item only from an expected status, with one history row per transition', () => {
    store.insertItems([item('x')], [], [{ recipient: 'a', isGroup: false }], 10)
    expect(store.transition('x', ['queued'], 'sending', { attempts: 1 }, 'attempt 1', 20)).toMatchObject({
      status: 'sending',
      attempts: 1,
      updatedAt: 20
    })
    // A second, stale transition from `queued` finds the item moved on and changes nothing.
    expect(store.transition('x', ['queued'], 'sending', { attempts: 2 }, null, 30)).toBeUndefined()
    expect(store.history('x')).toEqual([
      { at: 10, status: 'queued', note: null },
      { at: 20, status: 'sending', note: 'attempt 1' }
    ])
  })

  it('offers only the head of each recipient line, in enqueue order', () => {
    store.insertItems(
      [
        item('a1'),
        item('b1', { recipient: 'b' }),
        item('a2'),
        item('b2', { recipient: 'b', nextAttemptAt: 500 })
      ],
      [],
      [],
      0
    )
    expect(store.nextSendable('d1', 0)?.id).toBe('a1')
    store.transition('a1', ['queued'], 'sending', {}, null, 1)
    // a2 waits behind a1 (in flight); b1 is next.
    expect(store.nextSendable('d1', 1)?.id).toBe('b1')
    store.transition('b1', ['queued'], 'sending', {}, null, 1)
    expect(store.nextSendable('d1', 1)).toBeUndefined()
    store.transition('a1', ['sending'], 'accepted', {}, null, 2)
    store.transition('b1', ['sending'], 'failed', {}, null, 2)
    expect(store.nextSendable('d1', 2)?.id).toBe('a2')
    // b2 is not due before 500.
    store.transition('a2', ['queued'], 'sending', {}, null, 3)
    expect(store.nextSendable('d1', 3)).toBeUndefined()
    expect(store.nextHeadDueAt('d1')).toBe(500)
    expect(store.nextSendable('d1', 500)?.id).toBe('b2')
  })

  it('lists newest first with filters and a total, and counts by status', () => {
    store.insertItems([item('old', { createdAt: 1, recipient: '6281%x' })], [], [], 1)
    store.insertItems([item('new', { createdAt: 2, status: 'scheduled' })], [], [], 2)
    expect(store.listItems({}).items.map((i) => i.id)).toEqual(['new', 'old'])
    expect(store.listItems({ status: ['queued'] })).toMatchObject({ total: 1, items: [{ id: 'old' }] })
    expect(store.listItems({ recipient: '%x' }).items.map((i) => i.id)).toEqual(['old'])
    expect(store.listItems({ from: 2 }).items.map((i) => i.id)).toEqual(['new'])
    expect(store.listItems({ limit: 1, offset: 1 })).toMatchObject({ total: 2, items: [{ id: 'old' }] })
    expect(store.counts()).toMatchObject({ queued: 1, scheduled: 1, read: 0 })
  })

  it('purges closed items past a cutoff and tells which attachments lost a reference', () => {
    store.insertItems(
      [
        item('gone', { attachmentSha256: 'f'.repeat(64), kind: 'image' }),
        item('kept', { attachmentSha256: 'f'.repeat(64), kind: 'image' }),
        item('recent')
      ],
      [{ sha256: 'f'.repeat(64), size: 3 }],
      [],
      0
    )
    store.transition('gone', ['queued'], 'failed', { closedAt: 100 }, null, 100)
    store.transition('recent', ['queued'], 'failed', { closedAt: 900 }, null, 900)
    expect(store.purgeClosedBefore(500, 10)).toEqual({ deleted: 1, attachments: ['f'.repeat(64)] })
    expect(store.releaseAttachmentIfUnused('f'.repeat(64))).toBe(false)
    store.deleteItem('kept')
    expect(store.releaseAttachmentIfUnused('f'.repeat(64))).toBe(true)
    expect(store.isKnownAttachment('f'.repeat(64))).toBe(false)
    expect(store.getItem('recent')?.status).toBe('failed')
  })

  // QA65: a message whose Delete for everyone waits for its device is not deleted by the operator; nor by retention.
  it('keeps a closed item whose take-back has not settled, and purges it once it has', () => {
    store.insertItems([item('waits')], [], [], 0)
    store.transition('waits', ['queued'], 'failed', { closedAt: 100 }, null, 100)
    const op = (state: string): void => {
      store.db
        .prepare(
          `INSERT OR REPLACE INTO outbox_takeback_ops (request_id, item_id, action, device_id, gateway_id, state)
           VALUES ('tb-1', 'waits', 'revoke', 'd1', 'gw-1', ?)`
        )
        .run(state)
    }
    op('waiting')
    expect(store.purgeClosedBefore(500, 10)).toEqual({ deleted: 0, attachments: [] })
    op('done')
    expect(store.purgeClosedBefore(500, 10)).toEqual({ deleted: 1, attachments: [] })
  })

  it('keeps recent recipients, most recent first', () => {
    store.insertItems([], [], [{ recipient: 'a', isGroup: false }], 1)
    store.insertItems([], [], [{ recipient: 'b', isGroup: false }], 2)
    store.insertItems([], [], [{ recipient: 'a', isGroup: false }], 3)
    expect(store.recentRecipients(10)).toEqual(['a', 'b'])
  })

  it('lets one live process hold the dispatcher lease', () => {
    const alive = (pid: number) => pid === 111
    expect(store.claimLease('dispatcher', 111, alive, 0)).toEqual({ ok: true })
    expect(store.claimLease('dispatcher', 222, alive, 1)).toEqual({ ok: false, pid: 111 })
    // The holder died (crash): the next process takes over.
    expect(store.claimLease('dispatcher', 222, () => false, 2)).toEqual({ ok: true })
    store.releaseLease('dispatcher', 222)
    expect(store.claimLease('dispatcher', 333, alive, 3)).toEqual({ ok: true })
  })
})

describe("moving the terminal's items to a listed device (QA24 Q24-01)", () => {
  it('moves its one-off items, with their counts; never one being sent, nor a producer’s; twice moves nothing', () => {
    const cli = 'cli-cf034cb27f21d606'
    store.insertItems(
      [
        item('queued', { deviceId: cli }),
        item('failed', { deviceId: cli, status: 'failed', recipient: 'b' }),
        item('sending', { deviceId: cli, recipient: 'c' }),
        item('campaign', { deviceId: cli, recipient: 'd', producerTag: 'campaign:c1' }),
        item('other', { deviceId: 'cli-0000000000000000', recipient: 'e' })
      ],
      [],
      [],
      0
    )
    store.transition('sending', ['queued'], 'sending', {}, null, 1)
    expect(store.moveItemsToDevice([cli], 'dev-1')).toBe(2)
    expect(
      ['queued', 'failed', 'sending', 'campaign', 'other'].map((id) => store.getItem(id)?.deviceId)
    ).toEqual(['dev-1', 'dev-1', cli, cli, 'cli-0000000000000000'])
    expect(store.counts('dev-1')).toMatchObject({ queued: 1, failed: 1 })
    expect(store.counts(cli)).toMatchObject({ queued: 1, sending: 1 })
    expect(store.moveItemsToDevice([cli], 'dev-1')).toBe(0)
    expect(store.moveItemsToDevice([], 'dev-1')).toBe(0)
  })
})
