// Deletes final items (and attachments no item needs any more) once their retention has passed, in small chunks.
import { removeAttachmentFile, removeStrayAttachmentFiles } from '../store'
import type { OutboxContext } from './context'

const CHUNK = 500
/** Copies not (yet) known to the database are left alone this long: an enqueue may be copying them right now. */
const STRAY_FILE_AGE_MS = 60 * 60_000

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export interface SweepResult {
  items: number
  files: number
}

/**
 * Chunked so a large backlog never holds the main thread for long: each chunk is one short transaction,
 * with a turn of the event loop between chunks.
 */
export async function sweepRetention(ctx: OutboxContext): Promise<SweepResult> {
  const cutoff = ctx.now() - ctx.options.retentionMs
  let items = 0
  let files = 0
  for (;;) {
    const { deleted, attachments } = ctx.store.purgeClosedBefore(cutoff, CHUNK)
    items += deleted
    files += releaseAttachments(ctx, attachments)
    if (deleted < CHUNK) break
    await yieldToEventLoop()
  }
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
export function releaseAttachments(ctx: OutboxContext, shas: readonly string[]): number {
  let removed = 0
  for (const sha of shas) {
    if (!ctx.store.releaseAttachmentIfUnused(sha)) continue
    removeAttachmentFile(ctx.dataDir, sha)
    removed++
  }
  return removed
}
