// Deletes final items (and attachments no item needs any more) once their retention has passed, in small chunks.
import { removeAttachmentFile, removeStrayAttachmentFiles, SENDS_KEPT_MS } from '../store'
import type { OutboxContext } from './context'
import { nextChunkSize, yieldToEventLoop } from './turns'

const CHUNK = 500
/**
 * Rows of the first purge; later ones are sized from how long the last took. The first also pays for a cold
 * page cache and statements: at 100 rows it was the sweep's longest block (27 ms of CPU against 17 for the next).
 */
const FIRST_PURGE_ROWS = 50
/** Leaf pages of search index one merge step writes at most: 5–10 ms here (a purge's delete markers included). */
const SEARCH_MERGE_PAGES = 32
/** Copies not (yet) known to the database are left alone this long: an enqueue may be copying them right now. */
const STRAY_FILE_AGE_MS = 60 * 60_000

export interface SweepResult {
  items: number
  files: number
}

/**
 * Chunked so a large backlog never holds the main thread for long: each chunk is one transaction of about 10 ms,
 * with a turn of the event loop between chunks. A purge commits without an fsync (batchUnsynced): losing it to a
 * power cut only brings back finished items the next sweep deletes again, and no attachment file is removed
 * before a synced commit (releaseAttachmentIfUnused), which in WAL mode makes the purges before it durable too.
 * (500 rows per synced transaction blocked 300 ms at a time on a busy machine.)
 */
export async function sweepRetention(ctx: OutboxContext): Promise<SweepResult> {
  const cutoff = ctx.now() - ctx.options.retentionMs
  let items = 0
  let files = 0
  const mergeSearchStep = (): boolean =>
    ctx.store.batchUnsynced(() => ctx.store.mergeSearchIndex(SEARCH_MERGE_PAGES))
  // Paused for the sweep and merged in steps of its own (see pauseSearchAutomerge); a crash before the resume
  // leaves it paused until the next sweep, and searches exact meanwhile.
  ctx.store.batchUnsynced(() => ctx.store.pauseSearchAutomerge())
  try {
    let fullPurges = 0
    for (let size = FIRST_PURGE_ROWS; ; fullPurges++) {
      const began = performance.now()
      const { deleted, attachments } = ctx.store.batchUnsynced(() =>
        ctx.store.purgeClosedBefore(cutoff, size)
      )
      items += deleted
      files += releaseAttachments(ctx, attachments)
      if (deleted < size) break
      size = nextChunkSize(size, performance.now() - began)
      await yieldToEventLoop()
      mergeSearchStep()
      await yieldToEventLoop()
    }
    // What a large purge left to merge, so that the next writes do not pay for it in one go. After a small one
    // (the periodic sweep's usual case) automerge takes its one segment as before.
    if (fullPurges > 0) while (mergeSearchStep()) await yieldToEventLoop()
  } finally {
    ctx.store.batchUnsynced(() => ctx.store.resumeSearchAutomerge())
  }
  // QA65: the send counts and the sent ledger outlive the messages they count, and serve "today" only.
  ctx.store.batchUnsynced(() => ctx.store.forgetSendsBefore(ctx.now() - SENDS_KEPT_MS))
  // Rows left by a crash between a purge and the file removal.
  for (;;) {
    const orphans = ctx.store.unreferencedAttachments(CHUNK)
    files += releaseAttachments(ctx, orphans)
    if (orphans.length < CHUNK) break
    await yieldToEventLoop()
  }
  // File ages are real file-system times, so they are compared with the real clock.
  files += await removeStrayAttachmentFiles(
    ctx.dataDir,
    (sha) => ctx.store.isKnownAttachment(sha),
    Date.now(),
    STRAY_FILE_AGE_MS
  )
  if (items > 0) ctx.emitBulk(items)
  return { items, files }
}

/** Remove the files of attachments that no item references any more. */
export function releaseAttachments(ctx: OutboxContext, shas: readonly (string | null)[]): number {
  let removed = 0
  for (const sha of shas) {
    // null: an item that had no attachment.
    if (sha === null || !ctx.store.releaseAttachmentIfUnused(sha)) continue
    removeAttachmentFile(ctx.dataDir, sha)
    removed++
  }
  return removed
}
