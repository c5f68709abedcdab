// The outbox API: bulk enqueue, contract-shaped views, operator actions, retention of items and attachments, flush, lease, events.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { OutboxCounts, OutboxHistoryEntry, OutboxItemView } from '../../../shared/contract'
import { coreText, historyNote } from '../../../shared/i18n/notes'
// The full tables: Indonesian too, as the window and the CLI have them.
import '../../../shared/i18n'
import { attachmentsDir, OutboxStore } from '../store'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'
import type { FileEntry } from './types'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const DAY = 24 * 3_600_000
const bulkTexts = (count: number): { kind: 'text'; text: string }[] =>
  Array.from({ length: count }, (_, i) => ({ kind: 'text' as const, text: `bulk ${i}` }))

function files(count: number, prefix = 'file'): FileEntry[] {
  const folder = join(fx.dir, 'originals')
  mkdirSync(folder, { recursive: true })
  return Array.from({ length: count }, (_, i) => {
    const path = join(folder, `${prefix}-${i}.pdf`)
    writeFileSync(path, `%PDF-1.4 ${prefix} ${i}`)
    return { kind: 'file', path, name: `${prefix}-${i}.pdf`, mime: 'application/pdf', mediaKind: 'document' }
  })
}

describe('enqueue', () => {
  it('takes 500 files for 3 recipients as one bulk change, copying each file once', async () => {
    fx = makeFixture()
    const entries = files(500)
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b', 'c'], entries })
    expect(itemIds).toHaveLength(1500)
    expect(new Set(itemIds).size).toBe(1500)
    expect(fx.bulk).toEqual([1500])
    expect(fx.changed).toHaveLength(0)
    expect(fx.outbox.counts()).toMatchObject({ queued: 1500, total: 1500 })
    expect(readdirSync(attachmentsDir(fx.dir))).toHaveLength(500)
    const first = fx.outbox.get(itemIds[0]!).item
    expect(first).toMatchObject({
      kind: 'document',
      fileName: 'file-0.pdf',
      recipient: 'a',
      status: 'queued'
    })
    expect(first.fileSize).toBe('%PDF-1.4 file 0'.length)
  })

  it("two enqueues never interleave in a recipient's line", async () => {
    fx = makeFixture()
    const texts = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ kind: 'text' as const, text: `${prefix} ${i}` }))
    const big = fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('big', 1000) })
    const next = fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('next', 3) })
    const [{ itemIds }] = await Promise.all([big, next])
    expect(fx.bulk).toEqual([2000, 3])
    const inLine = new OutboxStore(fx.db)
      .listItems({ recipient: 'a', limit: 1003, offset: 0 })
      .items.reverse()
      .map((item) => item.text)
    expect(inLine.slice(0, 3)).toEqual(['big 0', 'big 1', 'big 2'])
    expect(inLine.slice(-4)).toEqual(['big 999', 'next 0', 'next 1', 'next 2'])
    expect(itemIds).toHaveLength(2000)
    expect(fx.outbox.counts()).toMatchObject({ queued: 2003, total: 2003 })
  })

  it('a large enqueue that fails part way queues nothing, so dropping the files again sends nobody twice', async () => {
    fx = makeFixture()
    // The database refuses the 1,500th row, as a full disk would part way through a big drop.
    fx.db.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON outbox_items WHEN NEW.text = 'big 1499'
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`)
    const entries = Array.from({ length: 2000 }, (_, i) => ({ kind: 'text' as const, text: `big ${i}` }))
    await expect(fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries })).rejects.toThrow()
    expect(fx.outbox.counts()).toMatchObject({ queued: 0, total: 0 })
    expect(new OutboxStore(fx.db).listItems({ limit: 10, offset: 0 }).items).toEqual([])
    // Not merely hidden: the chunks written before the failure are gone, and so is their batch.
    expect(fx.db.prepare('SELECT COUNT(*) AS n FROM outbox_items').get()).toEqual({ n: 0 })
    expect(new OutboxStore(fx.db).openBatches()).toEqual([])
  })

  it('at start looks only at devices with work left; a device whose item is retried later is looked at again', async () => {
    const looked = new Set<string>()
    fx = makeFixture({}, (gateway) => (deviceId) => {
      looked.add(deviceId)
      return gateway.clientFor(deviceId)
    })
    const text = [{ kind: 'text' as const, text: 'hello' }]
    const {
      itemIds: [oldId]
    } = await fx.outbox.enqueue({ deviceId: 'finished-only', recipients: ['a'], entries: text })
    fx.db
      .prepare(`UPDATE outbox_items SET status = 'failed', closed_at = ? WHERE id = ?`)
      .run(fx.clock.now(), oldId)
    fx.reopen()
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['b'], entries: text })
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    expect([...looked]).toEqual(['d1'])
    fx.outbox.retry(oldId!)
    await fx.runUntil(() => fx.outbox.counts().accepted === 2)
    expect(fx.outbox.get(oldId!).item.status).toBe('accepted')
  })

  it('is all or nothing: one bad entry leaves nothing queued', async () => {
    fx = makeFixture()
    const good = files(3)
    const missing: FileEntry = { ...good[0]!, path: join(fx.dir, 'nope.pdf') }
    await expect(
      fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: [...good, missing] })
    ).rejects.toMatchObject({ code: 'attachment' })
    await expect(
      fx.outbox.enqueue({
        deviceId: 'd1',
        recipients: ['a'],
        entries: [
          { kind: 'text', text: 'ok' },
          { kind: 'text', text: 'x'.repeat(1025) }
        ]
      })
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'entries.1.text',
      // The limit written as the window writes numbers, not a raw 1024 beside a grouped 1,025.
      message: 'Text must be 1–1,024 characters.'
    })
    await expect(
      fx.outbox.enqueue({ deviceId: 'd1', recipients: [' '], entries: [{ kind: 'text', text: 'ok' }] })
    ).rejects.toMatchObject({
      field: 'recipients'
    })
    expect(fx.outbox.counts().total).toBe(0)
  })

  it('remembers recent recipients, most recent first', async () => {
    fx = makeFixture()
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a', 'b'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    fx.clock.jump(1000)
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['c'], entries: [{ kind: 'text', text: 'x' }] })
    expect(fx.outbox.recentRecipients()[0]).toBe('c')
    expect(fx.outbox.recentRecipients().sort()).toEqual(['a', 'b', 'c'])
  })
})

describe('views', () => {
  it("produce exactly the contract's shapes in every state", async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', code: 'rejected', gatewayMessage: 'param invalid' })
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: [{ kind: 'text', text: 'fails' }] })
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['b'],
      entries: [{ kind: 'text', text: 'goes' }, ...files(1)]
    })
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['c'],
      entries: [{ kind: 'text', text: 'later' }],
      schedule: {
        localTime: '2026-02-01T09:00',
        timezone: 'Asia/Jakarta',
        mode: 'local',
        overduePolicy: 'hold'
      }
    })
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 2)
    const { items, total } = fx.outbox.list()
    expect(total).toBe(4)
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['failed', 'accepted', 'scheduled']))
    for (const item of items) {
      expect(OutboxItemView.strict().parse(item)).toEqual(item)
      for (const entry of fx.outbox.get(item.id).history)
        expect(OutboxHistoryEntry.strict().parse(entry)).toEqual(entry)
    }
    expect(OutboxCounts.strict().parse(fx.outbox.counts())).toEqual(fx.outbox.counts())
    for (const event of fx.changed) expect(OutboxItemView.strict().parse(event)).toEqual(event)
  })

  it('filter by status, device, recipient and creation time', async () => {
    fx = makeFixture()
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    fx.clock.jump(60_000)
    await fx.outbox.enqueue({
      deviceId: 'd2',
      recipients: ['6289999'],
      entries: [{ kind: 'text', text: 'y' }]
    })
    expect(fx.outbox.list({ deviceId: 'd2' }).items.map((i) => i.text)).toEqual(['y'])
    expect(fx.outbox.list({ recipient: '1234' }).items.map((i) => i.text)).toEqual(['x'])
    expect(fx.outbox.list({ status: ['accepted'] }).total).toBe(0)
    const cutoff = new Date(fx.clock.now() - 1000).toISOString()
    expect(fx.outbox.list({ from: cutoff }).items.map((i) => i.text)).toEqual(['y'])
    expect(() => fx.outbox.list({ from: 'yesterday' })).toThrow(/Not a date/)
  })

  it('emits countsChanged once per burst of changes, with the current counts', async () => {
    fx = makeFixture()
    const seen: number[] = []
    fx.outbox.on('countsChanged', (counts) => seen.push(counts.total))
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a', 'b', 'c'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    await Promise.resolve()
    expect(seen).toEqual([3])
  })
})

describe('failures that must not stop sending', () => {
  it("reach the app's logger: a listener that throws is reported and the outbox carries on", async () => {
    fx = makeFixture()
    fx.outbox.on('itemChanged', () => {
      throw new Error('window gone')
    })
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    expect(fx.loggedErrors).toContain('outbox listener failed: window gone')
    expect(fx.outbox.get(itemIds[0]!).item.status).toBe('queued')
  })
})

describe('operator actions', () => {
  it('does not send again what would fail the same way (a file the gateway refused), alone or in a selection', async () => {
    fx = makeFixture()
    const said = 'file size too large, maximum file size is 2 MB'
    fx.gateway.fail({ op: 'send', code: 'file_too_large', gatewayMessage: said })
    fx.gateway.fail({ op: 'send', code: 'rejected', gatewayMessage: 'param invalid' })
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: files(1) })
    const [tooLarge, refusedOnce] = itemIds as [string, string]
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().failed === 2)
    expect(fx.outbox.get(tooLarge).item.failure?.code).toBe('file_too_large')

    expect(() => fx.outbox.retry(tooLarge)).toThrow(expect.objectContaining({ code: 'would_fail_again' }))
    const result = fx.outbox.retryMany([tooLarge, refusedOnce])
    expect(result.done).toEqual([refusedOnce])
    expect(result.refused).toEqual([expect.objectContaining({ id: tooLarge, code: 'would_fail_again' })])
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    expect(fx.outbox.get(tooLarge).item.status).toBe('failed')
    expect(fx.gateway.messages.map((m) => m.refId)).toEqual([refusedOnce])
  })

  it('deletes a selection in one change, and leaves what the delete rule keeps, saying why (QA9 Q9-05)', async () => {
    fx = makeFixture()
    fx.gateway.fail({ op: 'send', code: 'rejected', gatewayMessage: 'param invalid' })
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a', 'b', 'c', 'd'],
      entries: files(1)
    })
    const [failed, sent, cancelled, waiting] = itemIds as [string, string, string, string]
    fx.outbox.cancel(cancelled)
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().failed === 1 && fx.outbox.counts().accepted === 2)
    fx.outbox.setPaused(true)
    const [again] = (await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['e'], entries: files(1) }))
      .itemIds
    let bulkChanges = 0
    fx.outbox.on('bulkChanged', () => bulkChanges++)
    const result = fx.outbox.deleteMany([failed, cancelled, again!, sent])
    expect(result.done).toEqual([failed, cancelled])
    expect(result.refused).toEqual([
      expect.objectContaining({ id: again, code: 'invalid_state' }),
      expect.objectContaining({ id: sent, code: 'invalid_state' })
    ])
    for (const id of [failed, cancelled])
      expect(() => fx.outbox.get(id)).toThrow(expect.objectContaining({ code: 'not_found' }))
    expect(fx.outbox.get(waiting).item.status).toBe('accepted')
    await Promise.resolve()
    expect(bulkChanges).toBe(1)
  })

  it('cancel and delete only what is not with the gateway', async () => {
    fx = makeFixture()
    fx.outbox.setPaused(true)
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a', 'b', 'c'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    const [cancelled, deleted, sent] = itemIds as [string, string, string]
    await fx.outbox.start()
    expect(fx.outbox.cancel(cancelled).status).toBe('cancelled')
    expect(fx.outbox.cancel(cancelled).status).toBe('cancelled')
    // Waiting its turn, it is cancelled before it is deleted: deleting never drops a message about to go.
    expect(() => fx.outbox.delete(deleted)).toThrow(expect.objectContaining({ code: 'invalid_state' }))
    fx.outbox.cancel(deleted)
    fx.outbox.delete(deleted)
    expect(() => fx.outbox.get(deleted)).toThrow(expect.objectContaining({ code: 'not_found' }))
    fx.outbox.setPaused(false)
    await fx.clock.advance(0)
    expect(() => fx.outbox.cancel(sent)).toThrow(expect.objectContaining({ code: 'invalid_state' }))
    expect(() => fx.outbox.edit(sent, { text: 'too late' })).toThrow(/the gateway already has it/)
    expect(() => fx.outbox.release(sent)).toThrow(expect.objectContaining({ code: 'invalid_state' }))
    expect(fx.gateway.messages.map((m) => m.refId)).toEqual([sent])
    // A cancelled item can be brought back.
    expect(fx.outbox.retry(cancelled).status).toBe('queued')
    await fx.clock.advance(0)
    expect(fx.outbox.get(cancelled).item.status).toBe('accepted')
  })

  it('keeps the operator’s actions on the timeline as keys, so the window shows them in its language', async () => {
    fx = makeFixture()
    fx.outbox.setPaused(true)
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    const id = itemIds[0]!
    fx.outbox.cancel(id)
    fx.outbox.retry(id)
    const notes = fx.outbox.get(id).history.filter((entry) => entry.note !== null)
    // English for the CLI and logs, the key and params for the window.
    expect(notes.map((entry) => [entry.note, entry.noteKey])).toEqual([
      ['cancelled by the operator', 'desktop.note.cancelledByOperator'],
      ['retried by the operator', 'desktop.note.retriedByOperator']
    ])
    expect(notes.map((entry) => historyNote('id', entry))).toEqual([
      'dibatalkan oleh operator',
      'dicoba lagi oleh operator'
    ])
    for (const entry of fx.outbox.get(id).history) expect(OutboxHistoryEntry.parse(entry)).toEqual(entry)
  })

  it('refuses to start while another live process holds the dispatcher lease', async () => {
    fx = makeFixture({ isProcessAlive: () => true })
    new OutboxStore(fx.db).claimLease('dispatcher', 999_999_999, () => true, 0)
    await expect(fx.outbox.start()).rejects.toMatchObject({ code: 'busy' })
  })

  it('beside a live holder, starts without sending and takes the lease over once the holder ends, each item once', async () => {
    const terminalPid = 999_999_999
    let terminalRuns = true
    fx = makeFixture({ pacingMs: 0, isProcessAlive: (pid) => pid === terminalPid && terminalRuns })
    const terminal = new OutboxStore(fx.db)
    terminal.claimLease('dispatcher', terminalPid, () => true, 0)
    let takenOver = 0
    await fx.outbox.startBesideHolder(() => takenOver++)
    expect(fx.outbox.sendingHeldBy()).toBe(terminalPid)
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: [{ kind: 'text', text: 'hi' }] })
    await fx.clock.advance(10_000)
    expect(fx.gateway.messages).toHaveLength(0)

    // Killed, its lease left behind: taken over on the next look, without a release.
    terminalRuns = false
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    expect(fx.outbox.sendingHeldBy()).toBeNull()
    expect(takenOver).toBe(1)
    expect(terminal.leaseHolder('dispatcher')).toBe(process.pid)
    await fx.clock.advance(10_000)
    expect(fx.gateway.messages).toHaveLength(1)
  })
})

describe('retention', () => {
  it('deletes final items after their retention and an attachment only when no item needs it', async () => {
    fx = makeFixture({ retentionMs: 30 * DAY, trackingIntervalMs: 10_000 })
    const [file] = files(1)
    const first = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: [file!] })
    const second = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['b'],
      entries: [file!],
      schedule: {
        localTime: '2026-02-20T09:00',
        timezone: 'Asia/Jakarta',
        mode: 'local'
      }
    })
    const [copy] = readdirSync(attachmentsDir(fx.dir))
    const copyPath = join(attachmentsDir(fx.dir), copy!)
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    fx.gateway.setStatus(fx.outbox.get(first.itemIds[0]!).item.gatewayId!, 'read')
    await fx.clock.advance(10_000)
    expect(fx.outbox.get(first.itemIds[0]!).item.status).toBe('read')

    await fx.clock.advance(31 * DAY)
    await fx.outbox.sweepRetention()
    // The read item is gone, but its file stays: the scheduled item still needs it, and is sent from it later.
    expect(() => fx.outbox.get(first.itemIds[0]!)).toThrow(/No outbox item/)
    expect(existsSync(copyPath)).toBe(true)
    await fx.runUntil(() => fx.outbox.get(second.itemIds[0]!).item.gatewayId !== null, { stepMs: 3_600_000 })
    expect(fx.gateway.messages.map((m) => m.bytes)).toEqual([15, 15])

    fx.gateway.setStatus(fx.outbox.get(second.itemIds[0]!).item.gatewayId!, 'read')
    await fx.clock.advance(60_000)
    await fx.clock.advance(31 * DAY)
    await fx.outbox.sweepRetention()
    expect(fx.outbox.counts().total).toBe(0)
    expect(existsSync(copyPath)).toBe(false)
  })

  it('copies a file again when a sweep removed the old copy it matched while its enqueue waited behind a large one', async () => {
    fx = makeFixture({ retentionMs: 30 * DAY })
    const [file] = files(1)
    const old = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: [file!] })
    fx.outbox.cancel(old.itemIds[0]!)
    await fx.clock.advance(31 * DAY)
    // A large enqueue is written in chunks that yield; the next enqueue's items wait for it to close.
    const large = fx.outbox.enqueue({
      deviceId: 'd2',
      recipients: ['x', 'y', 'z'],
      entries: bulkTexts(1_000)
    })
    const again = fx.outbox.enqueue({ deviceId: 'd1', recipients: ['b'], entries: [file!] })
    // The same bytes as the old item's: the copy is its file, which the sweep removes while the large one writes.
    const batchOpen = (): boolean =>
      (fx.db.prepare('SELECT COUNT(*) AS n FROM outbox_batches').get() as { n: number }).n === 1
    for (let turn = 0; turn < 1000 && !batchOpen(); turn++) await new Promise(setImmediate)
    // A few turns of the event loop between chunks: enough for the small file's copy to finish meanwhile.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 1))
    expect(batchOpen()).toBe(true)
    expect((await fx.outbox.sweepRetention()).files).toBe(1)
    await large
    await again
    // Queued, so its file must be there to be sent from (the sweep removed the old copy, so it was copied again).
    expect(readdirSync(attachmentsDir(fx.dir))).toHaveLength(1)
  })

  it('purges a large backlog in short transactions: the first turn of the event loop comes after 50 rows', async () => {
    fx = makeFixture({ retentionMs: DAY })
    const entries = Array.from({ length: 1000 }, (_, i) => ({ kind: 'text' as const, text: `old ${i}` }))
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries })
    fx.db.prepare(`UPDATE outbox_items SET status = 'read', closed_at = ?`).run(fx.clock.now())
    await fx.clock.advance(2 * DAY)
    const left = (): number =>
      (fx.db.prepare('SELECT COUNT(*) AS n FROM outbox_items').get() as { n: number }).n
    let leftAtFirstTurn: number | null = null
    setImmediate(() => (leftAtFirstTurn = left()))
    expect(await fx.outbox.sweepRetention()).toMatchObject({ items: 1000 })
    expect(leftAtFirstTurn).toBe(950)
    expect(fx.outbox.counts().total).toBe(0)
    expect(fx.db.pragma('synchronous', { simple: true })).toBe(2)
  })

  it('merges the search index in steps of its own between purges, never inside one, and leaves nothing to merge', async () => {
    fx = makeFixture({ retentionMs: DAY })
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b', 'c'], entries: bulkTexts(1000) })
    fx.db.prepare(`UPDATE outbox_items SET status = 'read', closed_at = ?`).run(fx.clock.now())
    await fx.clock.advance(2 * DAY)
    // FTS5's automatic merge runs inside the write that triggers it: at each delete, which setting was in force.
    fx.db.exec(`CREATE TEMP TABLE automerge_at_delete (setting INTEGER);
      CREATE TEMP TRIGGER record_automerge AFTER DELETE ON main.outbox_items BEGIN
        INSERT INTO automerge_at_delete
          SELECT (SELECT v FROM outbox_items_search_config WHERE k = 'automerge');
      END;`)
    expect(await fx.outbox.sweepRetention()).toMatchObject({ items: 3000 })
    const settings = fx.db.prepare('SELECT DISTINCT setting FROM automerge_at_delete').pluck().all()
    expect(settings).toEqual([0])
    const automerge = fx.db.prepare("SELECT v FROM outbox_items_search_config WHERE k = 'automerge'").pluck()
    expect(automerge.get()).toBe(4)
    expect(new OutboxStore(fx.db).mergeSearchIndex(32)).toBe(false)
  })

  it('leaves search results exact: an indexed search after a sweep finds what a scan of the kept rows finds', async () => {
    fx = makeFixture({ retentionMs: DAY })
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200001', '6282200002', '6283200003'],
      entries: bulkTexts(1000)
    })
    // Three items in four are past their retention; enough rows for several purges and merge steps.
    fx.db
      .prepare(`UPDATE outbox_items SET status = 'read', closed_at = ? WHERE rowid % 4 != 0`)
      .run(fx.clock.now())
    await fx.clock.advance(2 * DAY)
    expect(await fx.outbox.sweepRetention()).toMatchObject({ items: 2250 })
    const store = new OutboxStore(fx.db)
    const scan = fx.db.prepare(
      `SELECT id FROM outbox_items WHERE text LIKE '%' || ? || '%' AND recipient LIKE '%' || ? || '%' ORDER BY id`
    )
    for (const [text, recipient] of [
      ['bulk 1', ''],
      ['ulk 99', ''],
      ['bulk', '822000'],
      ['k 5', '283']
    ] as const) {
      const found = store
        .listItems({ text, recipient: recipient || undefined, limit: 5000 })
        .items.map((i) => i.id)
      const kept = scan.pluck().all(text, recipient) as string[]
      expect(kept.length, `${text} ${recipient}`).toBeGreaterThan(0)
      expect(found.sort()).toEqual(kept)
    }
    // FTS5's own check: every index entry matches a row of outbox_items, and every row is indexed.
    fx.db.exec(`INSERT INTO outbox_items_search (outbox_items_search, rank) VALUES ('integrity-check', 1)`)
  })

  it('deleting an item releases its attachment when nothing else uses it', async () => {
    fx = makeFixture()
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: files(1) })
    fx.outbox.cancelMany(itemIds)
    fx.outbox.delete(itemIds[0]!)
    expect(readdirSync(attachmentsDir(fx.dir))).toHaveLength(1)
    fx.outbox.delete(itemIds[1]!)
    expect(readdirSync(attachmentsDir(fx.dir))).toHaveLength(0)
  })
})

describe('flush', () => {
  it('sends everything sendable, reports what it could not send and why', async () => {
    fx = makeFixture()
    fx.gateway.logOut('refusing')
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a', 'b'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    await fx.outbox.enqueue({ deviceId: 'paused', recipients: ['a'], entries: [{ kind: 'text', text: 'x' }] })
    await fx.outbox.enqueue({
      deviceId: 'refusing',
      recipients: ['a'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    fx.outbox.setPaused(true, 'paused')
    const progress: number[] = []
    const summary = await fx.outbox.flush({ timeoutMs: 60_000, onProgress: (p) => progress.push(p.accepted) })
    expect(summary).toEqual({
      accepted: 2,
      failed: 0,
      remaining: { queued: 2, sending: 0, scheduled: 0 },
      blocked: expect.arrayContaining([
        { deviceId: 'paused', reason: 'device-paused', detail: null },
        {
          deviceId: 'refusing',
          reason: 'device-refused',
          detail: expect.stringMatching(/^device_not_connected/)
        }
      ]),
      timedOut: false
    })
    expect(progress).toEqual([1, 2])
  })

  it('settles items left in doubt by a crash first, and gives up at the timeout', async () => {
    fx = makeFixture({ visibilityWindowMs: 60_000 })
    fx.gateway.holdAnswers = true
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a'],
      entries: [{ kind: 'text', text: 'x' }]
    })
    await fx.outbox.start()
    await fx.clock.advance(0)
    fx.crash()
    fx.gateway.holdAnswers = false
    fx.gateway.releaseHeld()
    fx.reopen()
    const settled = await fx.outbox.flush({ timeoutMs: 60_000 })
    expect(settled).toMatchObject({ accepted: 1, timedOut: false })
    expect(fx.outbox.get(itemIds[0]!).item.status).toBe('accepted')
    expect(fx.gateway.sends()).toHaveLength(1)

    fx.gateway.fail({ op: 'send', code: 'network', causeCode: 'ECONNREFUSED', times: 1000 })
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: [{ kind: 'text', text: 'y' }] })
    const flushing = fx.outbox.flush({ timeoutMs: 30_000 })
    await fx.clock.advance(30_000)
    expect(await flushing).toMatchObject({ accepted: 0, timedOut: true, remaining: { queued: 1 } })
  })
})

describe('a queued file whose copy is gone', () => {
  it('fails with words naming the file (no path, no system error) in both languages, and a timeline in keys', async () => {
    fx = makeFixture()
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a'],
      entries: files(1, 'foto-budi')
    })
    // The operator (or a cleaner) deleted the data folder's copy before its turn.
    for (const name of readdirSync(attachmentsDir(fx.dir))) rmSync(join(attachmentsDir(fx.dir), name))
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().failed === 1)
    const { item, history } = fx.outbox.get(itemIds[0]!)
    expect(item.failure?.code).toBe('attachment_missing')
    const worded = (locale: 'en' | 'id') =>
      coreText(locale, item.failure!.message, item.failure?.messageKey, item.failure?.messageParams)
    for (const locale of ['en', 'id'] as const) {
      expect(worded(locale)).toContain('foto-budi-0.pdf')
      expect(worded(locale)).not.toMatch(/ENOENT|Error|\//)
    }
    expect(worded('id')).toBe('Salinan antrean foto-budi-0.pdf sudah tidak ada di folder data')
    // Every note of its timeline is worded in the operator's language (a key), none a plain English string.
    for (const entry of history.filter((h) => h.note !== null)) expect(entry.noteKey).toBeDefined()
  })

  it('a sent item\'s "accepted" note is a key too', async () => {
    fx = makeFixture()
    const { itemIds } = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: files(1) })
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    const accepted = fx.outbox.get(itemIds[0]!).history.find((h) => h.status === 'accepted')
    expect(accepted?.noteKey).toBe('desktop.note.gatewayId')
    expect(coreText('id', accepted!.note!, accepted?.noteKey, accepted?.noteParams)).toMatch(/^id gateway /)
  })
})
