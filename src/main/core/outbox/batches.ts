// A large enqueue written in short transactions that yield, fenced from sending until its last chunk commits.
import { randomUUID } from 'node:crypto'
import { hasAttachment, type AttachmentRecord, type NewItem, type OpenBatchRecord } from '../store'
import type { OutboxContext } from './context'
import { releaseAttachments } from './retention'
import { OutboxError } from './types'
import { nextChunkSize, yieldToEventLoop } from './turns'

/** A write of this many items or fewer is one transaction, as it always was; the first chunk of a larger one too. */
export const FIRST_CHUNK_ROWS = 100
/** Rows deleted per transaction when a batch is rolled back. */
const DISCARD_CHUNK_ROWS = 500

/**
 * Batches this process is writing right now. Module-wide, not per outbox: two outboxes on one database in one
 * process share the pid, and one must not roll back the other's batch as abandoned.
 */
const writingHere = new Set<string>()

/**
 * Copies a write references that are gone from the attachments folder: a copy that matched an old item's file is that
 * file, and a retention sweep removes it once the old item goes, while this write still waits its turn.
 */
export class AttachmentsGoneError extends Error {
  constructor(readonly sha256s: readonly string[]) {
    super(`${sha256s.length} attachment copies were removed before their items were written`)
    this.name = 'AttachmentsGoneError'
  }
}

/** Checked in the transaction that first references the copies: from then on no sweep can remove them. */
export function assertCopiesPresent(dataDir: string, attachments: readonly AttachmentRecord[]): void {
  const gone = attachments.filter((a) => !hasAttachment(dataDir, a.sha256)).map((a) => a.sha256)
  if (gone.length > 0) throw new AttachmentsGoneError(gone)
}

export interface FencedWrite {
  items: readonly NewItem[]
  attachments: readonly AttachmentRecord[]
  recipients: readonly { recipient: string; isGroup: boolean }[]
  at: number
  /**
   * Runs in each transaction that writes items, with those items (a campaign's row links: hidden, like the items,
   * until atCommit; a chunk's own share keeps the closing transaction short).
   */
  atChunk?: (chunk: readonly NewItem[]) => void
  /** Runs in the transaction that makes the items visible (a campaign's own bookkeeping). */
  atCommit?: () => void
}

/**
 * Write items all-or-nothing without holding the event loop: up to FIRST_CHUNK_ROWS in one transaction; more as an
 * open batch (see OutboxStore.openBatch) in chunks of about 10 ms (nextChunkSize) with a turn of the event loop between
 * them, invisible to the dispatcher, the scheduler, counts and lists until the last chunk closes the batch in its
 * own transaction. A chunk that fails (a full disk) rolls the written ones back and rejects; a crash leaves the
 * batch open, and the next start rolls it back (discardAbandonedBatches). Either way nothing of it is queued.
 */
export async function writeFenced(ctx: OutboxContext, write: FencedWrite): Promise<void> {
  const { store } = ctx
  const { items, attachments, recipients, at, atChunk, atCommit } = write
  if (items.length <= FIRST_CHUNK_ROWS) {
    store.batch(() => {
      assertCopiesPresent(ctx.dataDir, attachments)
      store.insertItems(items, attachments, recipients, at)
      atChunk?.(items)
      atCommit?.()
    })
    return
  }
  // Building the items (10,000 ids and rows) was a block of its own: the first chunk comes on the next turn.
  await yieldToEventLoop()
  const batchId = randomUUID()
  writingHere.add(batchId)
  try {
    let size = FIRST_CHUNK_ROWS
    let firstSeq = 0
    for (let start = 0; start < items.length;) {
      const chunk = items.slice(start, start + size)
      const first = start === 0
      const last = start + chunk.length >= items.length
      const began = performance.now()
      // Only the closing chunk's commit must be durable (see batchUnsynced): the fsync was most of each block.
      const transaction = last ? store.batch.bind(store) : store.batchUnsynced.bind(store)
      transaction(() => {
        if (first) {
          assertCopiesPresent(ctx.dataDir, attachments)
          firstSeq = store.openBatch(batchId, process.pid, items.length, at)
        }
        // Rolled back meanwhile as abandoned (another outbox in this process would not, but a pid reused would).
        else if (!store.isBatchOpen(batchId))
          throw new OutboxError('invalid_state', { key: 'desktop.error.enqueueRolledBack' })
        // Attachments with the first chunk (items reference them), recipients with the last.
        store.insertItems(chunk, first ? attachments : [], last ? recipients : [], at, {
          batchId,
          firstSeq: firstSeq + start
        })
        atChunk?.(chunk)
        if (last) {
          store.closeBatch(batchId)
          atCommit?.()
        }
      })
      start += chunk.length
      if (last) break
      size = nextChunkSize(size, performance.now() - began)
      await yieldToEventLoop()
    }
  } catch (error) {
    writingHere.delete(batchId)
    try {
      await discardBatch(ctx, batchId)
    } catch (discardError) {
      // Still fenced: the next start (or retention sweep) rolls it back.
      ctx.logger.error('an enqueue that failed part way is rolled back later', discardError)
    }
    throw error
  } finally {
    writingHere.delete(batchId)
  }
}

/** Delete an open batch's items in short transactions, then the batch; release the attachments only it used. */
async function discardBatch(ctx: OutboxContext, batchId: string): Promise<void> {
  const shas = new Set<string>()
  for (;;) {
    const { deleted, attachments } = ctx.store.discardBatchItems(batchId, DISCARD_CHUNK_ROWS)
    for (const sha of attachments) shas.add(sha)
    if (deleted < DISCARD_CHUNK_ROWS) break
    await yieldToEventLoop()
  }
  ctx.store.deleteBatch(batchId)
  releaseAttachments(ctx, [...shas])
}

/** Nobody is writing it: not this process, and not another live one (the CLI while the app runs). */
function isAbandoned(ctx: OutboxContext, batch: OpenBatchRecord): boolean {
  if (writingHere.has(batch.id)) return false
  // The same pid but not a batch this process is writing: a previous run whose pid came round again.
  return batch.pid === process.pid || !ctx.options.isProcessAlive(batch.pid)
}

/**
 * Roll back batches whose writer is gone (it crashed part way, or its disk filled and the rollback failed too):
 * nothing of them was ever sendable, so dropping the files again sends nobody twice. Returns how many.
 */
export async function discardAbandonedBatches(ctx: OutboxContext): Promise<number> {
  let discarded = 0
  for (const batch of ctx.store.openBatches()) {
    if (!isAbandoned(ctx, batch)) continue
    await discardBatch(ctx, batch.id)
    discarded++
  }
  return discarded
}

/** Outboxes rolling back abandoned batches in the background right now (one rollback at a time each). */
const discarding = new WeakSet<OutboxContext>()

/**
 * While the app runs, a batch another process left open (a CLI enqueue killed part way) still holds its items'
 * places in their recipients' lines, so later sends to them wait: roll it back as soon as a round sees it, not at
 * the next start or six-hourly sweep. A read of an (almost always) empty table per round.
 */
export function discardAbandonedBatchesSoon(ctx: OutboxContext): void {
  if (discarding.has(ctx) || !ctx.store.openBatches().some((batch) => isAbandoned(ctx, batch))) return
  discarding.add(ctx)
  ctx.run(async () => {
    try {
      await discardAbandonedBatches(ctx)
    } finally {
      discarding.delete(ctx)
    }
  })
}
