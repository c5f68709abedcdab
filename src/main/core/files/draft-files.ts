/**
 * The files the drafts hold, kept in a private file so a draft's files survive a restart: the Send view's draft, and
 * the reply being written in each conversation. Only main reads it: the window still only ever sees handles.
 */
import { z } from 'zod'
import { CorruptFileError, readJsonFile, writeJsonAtomic } from '../private-files'

/** A file a draft holds: enough to find it again and to tell whether it is still the file the operator chose. */
export const KeptFile = z.object({
  /** The handle in the run that kept it: after a window reload (same run) it is replaced, not left behind. */
  handle: z.string(),
  name: z.string(),
  owned: z.boolean(),
  pinned: z.object({
    dev: z.number(),
    ino: z.number(),
    size: z.number(),
    mtimeMs: z.number(),
    // Kept by builds that pinned the change time too; a draft kept before is checked without it, once.
    ctimeMs: z.number().optional(),
    realPath: z.string()
  })
})
export type KeptFile = z.infer<typeof KeptFile>

/**
 * Version 1 as the Send view's draft alone wrote it (`files`), the replies beside it: a build from before reads the
 * Send draft's files as it always did.
 */
const KeptDraftFiles = z.object({
  version: z.literal(1),
  files: z.array(KeptFile),
  /** By conversation id: the file attached to the reply being written there. */
  replies: z.record(z.string(), z.array(KeptFile)).optional()
})
type KeptDraftFiles = z.infer<typeof KeptDraftFiles>

/** Which draft: a conversation's reply by the conversation's id, or (undefined) the Send view's draft. */
export type DraftOwner = number | undefined

export class DraftFiles {
  private kept: Promise<KeptDraftFiles> | null = null
  /** Writes go one after another, each with the lists as they are then: the last one on disk is the newest. */
  private writes: Promise<void> = Promise.resolve()

  /**
   * `conversationExists` (the inbox store's answer) lets a reply whose conversation was deleted elsewhere (the
   * terminal, on this data folder) leave the list rather than be written back from this process's copy.
   */
  constructor(
    private readonly path: string,
    private readonly conversationExists?: (conversationId: number) => boolean
  ) {}

  /** The files this draft holds. */
  async of(owner: DraftOwner): Promise<KeptFile[]> {
    const kept = await this.load()
    return [...(owner === undefined ? kept.files : (kept.replies?.[owner] ?? []))]
  }

  /** The files every draft holds. */
  async all(): Promise<KeptFile[]> {
    const kept = await this.load()
    return [...kept.files, ...Object.values(kept.replies ?? {}).flat()]
  }

  /** Replies whose conversation no longer exists leave the list (at a start, before the pasted leftovers go). */
  async dropGoneReplies(): Promise<void> {
    const kept = await this.load()
    if (this.withoutGoneReplies(kept)) await this.write(kept)
  }

  /** This draft holds exactly these files now. */
  async set(owner: DraftOwner, files: KeptFile[]): Promise<void> {
    const kept = await this.load()
    if (owner === undefined) kept.files = files
    else {
      const replies = { ...kept.replies }
      if (files.length > 0) replies[owner] = files
      else delete replies[owner]
      kept.replies = replies
    }
    await this.write(kept)
  }

  /** Handles let go (the file was sent, removed, or its draft thrown away) are no longer any draft's. */
  async forget(handles: readonly string[]): Promise<void> {
    if (handles.length === 0) return
    const gone = new Set(handles)
    const kept = await this.load()
    const stays = (files: KeptFile[]): KeptFile[] => files.filter((file) => !gone.has(file.handle))
    let changed = stays(kept.files).length !== kept.files.length
    const replies: Record<string, KeptFile[]> = {}
    for (const [owner, files] of Object.entries(kept.replies ?? {})) {
      const left = stays(files)
      if (left.length !== files.length) changed = true
      if (left.length > 0) replies[owner] = left
    }
    if (!changed) return
    kept.files = stays(kept.files)
    kept.replies = replies
    await this.write(kept)
  }

  private load(): Promise<KeptDraftFiles> {
    this.kept ??= this.read().catch((error: unknown) => {
      // Asked again next time (a folder briefly unreadable is not a draft without files for the whole run).
      this.kept = null
      throw error
    })
    return this.kept
  }

  private async read(): Promise<KeptDraftFiles> {
    let raw: unknown
    try {
      raw = await readJsonFile(this.path)
    } catch (error) {
      // A damaged list only loses the drafts' files; the operator adds them again.
      if (error instanceof CorruptFileError) return { version: 1, files: [] }
      throw error
    }
    const parsed = KeptDraftFiles.safeParse(raw)
    return parsed.success ? parsed.data : { version: 1, files: [] }
  }

  /** Drops (in place) the replies of conversations that no longer exist; whether any went. */
  private withoutGoneReplies(kept: KeptDraftFiles): boolean {
    const exists = this.conversationExists
    if (!exists || !kept.replies) return false
    const replies = Object.entries(kept.replies)
    let staying: typeof replies
    try {
      staying = replies.filter(([owner]) => exists(Number(owner)))
    } catch {
      // The inbox cannot be asked (its database closed at a stop): keeping a draft beats losing it.
      return false
    }
    if (staying.length === replies.length) return false
    kept.replies = Object.fromEntries(staying)
    return true
  }

  private write(kept: KeptDraftFiles): Promise<void> {
    // Another process may have deleted a conversation since this copy was read: its reply is not written back.
    this.withoutGoneReplies(kept)
    this.writes = this.writes.catch(() => undefined).then(() => writeJsonAtomic(this.path, kept))
    return this.writes
  }
}
