// A large enqueue is written in fenced chunks that yield: the event loop turns, nothing of it is sendable or shown
// before its last chunk commits, and a batch left open by a dead writer is rolled back at start.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { attachmentPath, OutboxStore, storeAttachment, type NewItem } from '../store'
import { newTextItem } from '../store/testing/new-item'
import { betweenTurns } from '../testing/event-loop'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const texts = (prefix: string, count: number): { kind: 'text'; text: string }[] =>
  Array.from({ length: count }, (_, i) => ({ kind: 'text' as const, text: `${prefix} ${i}` }))

/** Rows written so far, whether or not their batch is closed (what a reader that ignored the fence would see). */
const rawRows = (fx: OutboxFixture): number =>
  (fx.db.prepare('SELECT COUNT(*) AS n FROM outbox_items').get() as { n: number }).n

const openBatches = (fx: OutboxFixture): number =>
  (fx.db.prepare('SELECT COUNT(*) AS n FROM outbox_batches').get() as { n: number }).n

const textItem = newTextItem

describe('fenced enqueue', () => {
  it('lets the event loop turn during a 10,000-item enqueue', async () => {
    fx = makeFixture()
    let timerFired = false
    const timer = setTimeout(() => (timerFired = true), 0)
    const firedBeforeResolve = await fx.outbox
      .enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('m', 5000) })
      .then(() => timerFired)
    clearTimeout(timer)
    expect(firedBeforeResolve).toBe(true)
    expect(fx.outbox.counts()).toMatchObject({ queued: 10_000, total: 10_000 })
    // Chunks before the close commit without an fsync; every later commit (a `sending` mark) is synced again.
    expect(fx.db.pragma('synchronous', { simple: true })).toBe(2)
  })

  it('never sends, counts or lists an item of a batch still being written, even with dispatch rounds between chunks', async () => {
    fx = makeFixture()
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['before'], entries: texts('early', 1) })
    await fx.outbox.start()
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)

    const seen: { written: number; sentOrSending: number; queued: number; listed: number }[] = []
    const enqueue = fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('big', 300) })
    const turns = await betweenTurns(enqueue, () => {
      if (openBatches(fx) === 0) return // not begun, or closed (its items may go now)
      fx.outbox.wake() // a dispatch round between two chunks
      seen.push({
        written: rawRows(fx) - 1,
        sentOrSending: fx.gateway.messages.length - 1 + fx.outbox.counts().sending,
        queued: fx.outbox.counts().queued,
        listed:
          fx.outbox.list({ status: ['queued'] }).total + fx.outbox.list({ recipient: 'big' }).items.length
      })
    })
    // Rounds ran while part of the batch was on disk, and saw none of it.
    expect(turns).toBeGreaterThan(0)
    expect(seen.some((s) => s.written > 0 && s.written < 600)).toBe(true)
    expect(seen.every((s) => s.sentOrSending === 0 && s.queued === 0 && s.listed === 0)).toBe(true)

    const { itemIds } = await enqueue
    expect(fx.outbox.counts()).toMatchObject({ total: 601 })
    await fx.runUntil(() => fx.outbox.counts().accepted === 601, { maxSteps: 10_000 })
    for (const id of itemIds) expect(fx.gateway.accepted(id)).toHaveLength(1)
  })

  it("writes a large prepared set (a campaign's start) in chunks that yield; its bookkeeping commits with it or nothing does", async () => {
    fx = makeFixture()
    const prepared = (prefix: string): NewItem[] =>
      Array.from({ length: 1000 }, (_, i) => ({
        ...textItem(`${prefix}-${i}`),
        producerTag: `campaign:${prefix}`
      }))
    let timerFired = false
    const timer = setTimeout(() => (timerFired = true), 0)
    const seenAtCommit: boolean[] = []
    await fx.outbox.add(prepared('ok'), { atCommit: () => seenAtCommit.push(timerFired) })
    clearTimeout(timer)
    // The event loop turned before the commit, and the bookkeeping ran once, at the commit.
    expect(seenAtCommit).toEqual([true])
    expect(fx.outbox.counts()).toMatchObject({ queued: 1000, total: 1000 })

    await expect(
      fx.outbox.add(prepared('broken'), {
        atCommit: () => {
          throw new Error('campaign row links refused')
        }
      })
    ).rejects.toThrow('campaign row links refused')
    expect(fx.outbox.counts()).toMatchObject({ queued: 1000, total: 1000 })
    expect(rawRows(fx)).toBe(1000)
    expect(openBatches(fx)).toBe(0)
  })

  it('refuses, in words the window can translate, an enqueue whose open batch another start rolled back', async () => {
    fx = makeFixture()
    const enqueue = fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a', 'b'], entries: texts('big', 300) })
    // Between two chunks, another start takes the batch for abandoned (its pid reused) and deletes it.
    await betweenTurns(enqueue, () => {
      if (openBatches(fx) > 0) fx.db.prepare('DELETE FROM outbox_batches').run()
    }).catch(() => undefined)
    const refusal = await enqueue.then(
      () => null,
      (error: unknown) => error
    )
    expect(refusal).toMatchObject({
      name: 'OutboxError',
      code: 'invalid_state',
      text: { key: 'desktop.error.enqueueRolledBack' }
    })
  })

  it('a batch whose writer died is rolled back at start: its items and the files only it used are gone', async () => {
    fx = makeFixture({ isProcessAlive: () => false })
    const store = new OutboxStore(fx.db)
    const folder = join(fx.dir, 'originals')
    mkdirSync(folder, { recursive: true })
    const original = join(folder, 'only-the-batch.pdf')
    writeFileSync(original, '%PDF-1.4 only the batch')
    const copy = await storeAttachment(fx.dir, original)
    await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: texts('kept', 1) })

    // What a process killed after its first chunk leaves behind.
    const item = (i: number): NewItem => ({
      ...textItem(`fenced-${i}`),
      kind: 'document',
      text: null,
      attachmentSha256: copy.sha256,
      fileName: 'only-the-batch.pdf',
      fileMime: 'application/pdf',
      fileSize: copy.size
    })
    const deadPid = 2 ** 22 + 1
    store.batch(() => {
      const firstSeq = store.openBatch('dead', deadPid, 600, 0)
      const written = Array.from({ length: 550 }, (_, i) => item(i))
      store.insertItems(written, [copy], [], 0, { batchId: 'dead', firstSeq })
    })
    expect(rawRows(fx)).toBe(551)
    expect(fx.outbox.counts()).toMatchObject({ queued: 1, total: 1 })

    fx.reopen()
    await fx.outbox.start()
    expect(openBatches(fx)).toBe(0)
    expect(rawRows(fx)).toBe(1)
    expect(existsSync(attachmentPath(fx.dir, copy.sha256))).toBe(false)
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    expect(fx.gateway.messages.map((m) => m.refId)).not.toContain('fenced-0')
    expect(fx.outbox.counts()).toMatchObject({ accepted: 1, total: 1 })
  })

  it('rolls back a batch another process left open while this one runs, so its recipients are not held up', async () => {
    let writerAlive = true
    const deadPid = 2 ** 22 + 1
    fx = makeFixture({ isProcessAlive: (pid) => pid !== deadPid || writerAlive })
    const store = new OutboxStore(fx.db)
    await fx.outbox.start()
    // A CLI enqueue to 'a' got one chunk in, then its process died.
    store.batch(() => {
      const firstSeq = store.openBatch('cli', deadPid, 500, 0)
      store.insertItems([textItem('fenced-0')], [], [], 0, { batchId: 'cli', firstSeq })
    })
    writerAlive = false
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['a'],
      entries: texts('after', 1)
    })
    await fx.runUntil(() => fx.outbox.counts().accepted === 1)
    expect(fx.gateway.messages.map((m) => m.refId)).toEqual(itemIds)
    expect(openBatches(fx)).toBe(0)
    expect(rawRows(fx)).toBe(1)
  })

  it('leaves a batch a live process is writing alone', async () => {
    fx = makeFixture({ isProcessAlive: () => true })
    const store = new OutboxStore(fx.db)
    store.openBatch('theirs', 2 ** 22 + 1, 10, 0)
    await fx.outbox.start()
    expect(openBatches(fx)).toBe(1)
  })
})

describe('copies removed while a write waits its turn', () => {
  it("refuses a prepared set (a campaign's start) whose copy a sweep removed meanwhile, and queues none of it", async () => {
    fx = makeFixture({ retentionMs: 30 * 86_400_000 })
    const folder = join(fx.dir, 'originals')
    mkdirSync(folder, { recursive: true })
    const path = join(folder, 'invoice.pdf')
    writeFileSync(path, '%PDF-1.4 invoice')
    const entry = {
      kind: 'file' as const,
      path,
      name: 'invoice.pdf',
      mime: 'application/pdf',
      mediaKind: 'document' as const
    }
    const old = await fx.outbox.enqueue({ deviceId: 'd1', recipients: ['a'], entries: [entry] })
    fx.outbox.cancel(old.itemIds[0] ?? '')
    await fx.clock.advance(31 * 86_400_000)
    // The same bytes as the old item's: the copy is its file, due for the sweep.
    const copy = await fx.outbox.copyFile(entry)
    const large = fx.outbox.enqueue({
      deviceId: 'd2',
      recipients: ['x', 'y', 'z'],
      entries: Array.from({ length: 1_000 }, (_, i) => ({ kind: 'text' as const, text: `bulk ${i}` }))
    })
    const row = {
      ...textItem('row-2'),
      kind: 'document' as const,
      attachmentSha256: copy.sha256,
      fileName: 'invoice.pdf',
      fileMime: 'application/pdf',
      fileSize: copy.size
    }
    // Behind the large enqueue's open batch, the prepared set waits its turn; the sweep runs meanwhile.
    for (let turn = 0; turn < 1000 && openBatches(fx) === 0; turn++) await new Promise(setImmediate)
    expect(openBatches(fx)).toBe(1)
    const prepared = fx.outbox.add([row], { attachments: [copy] })
    expect((await fx.outbox.sweepRetention()).files).toBe(1)
    await large
    await expect(prepared).rejects.toMatchObject({ code: 'attachment' })
    expect(() => fx.outbox.get('row-2')).toThrow(/No outbox item/)
  })
})
