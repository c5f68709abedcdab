/**
 * The files the drafts hold, kept in a private file so a draft's files survive a restart: the Send view's draft, and
 * the reply being written in each conversation. Only main reads it: the window still only ever sees handles.
 */
import { z } from 'zod'
import { mkdir, open, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { CorruptFileError, PRIVATE_FILE_MODE, readJsonFile, writeJsonAtomic } from '../private-files'

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

/** A lock older than this was left by a process that died holding it (a change takes milliseconds). */
const STALE_LOCK_MS = 10_000
/** How long a change waits for another process's lock before it gives up (the draft's files are then not kept). */
const LOCK_WAIT_MS = 5_000
const LOCK_RETRY_MS = 15

export class DraftFiles {
  /** This process's changes go one after another (the lock orders them against another process's). */
  private changes: Promise<void> = Promise.resolve()

  /**
   * `conversationExists` (the inbox store's answer) lets a reply whose conversation was deleted (here, or by the
   * other process on this data folder) leave the list at every change rather than be written back.
   *
   * The app and the terminal both change this list. Each change reads the list again under a lock file both take
   * (created exclusively beside it) and replaces it atomically before letting the lock go: a copy read earlier is
   * never written back, so neither process's change is lost to the other's.
   */
  constructor(
    private readonly path: string,
    private readonly conversationExists?: (conversationId: number) => boolean
  ) {}

  /** The files this draft holds. */
  async of(owner: DraftOwner): Promise<KeptFile[]> {
    const kept = await this.read()
    return [...(owner === undefined ? kept.files : (kept.replies?.[owner] ?? []))]
  }

  /** The files every draft holds. */
  async all(): Promise<KeptFile[]> {
    const kept = await this.read()
    return [...kept.files, ...Object.values(kept.replies ?? {}).flat()]
  }

  /** Replies whose conversation no longer exists leave the list; the files they held (to let go of). */
  async dropGoneReplies(): Promise<KeptFile[]> {
    let gone: KeptFile[] = []
    await this.change((kept) => {
      gone = this.withoutGoneReplies(kept)
      return gone.length > 0
    })
    return gone
  }

  /** This draft holds exactly these files now. */
  async set(owner: DraftOwner, files: KeptFile[]): Promise<void> {
    await this.change((kept) => {
      if (owner === undefined) kept.files = files
      else {
        const replies = { ...kept.replies }
        if (files.length > 0) replies[owner] = files
        else delete replies[owner]
        kept.replies = replies
      }
      return true
    })
  }

  /** A conversation's reply leaves the list; the files it held (to let go of). */
  async takeReply(conversationId: number): Promise<KeptFile[]> {
    let taken: KeptFile[] = []
    await this.change((kept) => {
      taken = kept.replies?.[conversationId] ?? []
      if (taken.length === 0) return false
      const { [conversationId]: _taken, ...replies } = kept.replies ?? {}
      kept.replies = replies
      return true
    })
    return taken
  }

  /**
   * Handles let go (the file was sent, removed, or its draft thrown away) are no longer any draft's; the files they
   * were kept as (to let go of: a handle of an earlier run is no longer registered to say where its file is).
   */
  async forget(handles: readonly string[]): Promise<KeptFile[]> {
    if (handles.length === 0) return []
    const gone = new Set(handles)
    let forgotten: KeptFile[] = []
    await this.change((kept) => {
      forgotten = [...kept.files, ...Object.values(kept.replies ?? {}).flat()].filter((file) =>
        gone.has(file.handle)
      )
      const stays = (files: KeptFile[]): KeptFile[] => files.filter((file) => !gone.has(file.handle))
      const replies: Record<string, KeptFile[]> = {}
      for (const [owner, files] of Object.entries(kept.replies ?? {})) {
        const left = stays(files)
        if (left.length > 0) replies[owner] = left
      }
      kept.files = stays(kept.files)
      kept.replies = replies
      return forgotten.length > 0
    })
    return forgotten
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

  /**
   * The list as it is on disk now, changed by `edit` (which says whether it changed anything) and written back, under
   * the lock; replies of conversations gone meanwhile leave it on the way.
   */
  private change(edit: (kept: KeptDraftFiles) => boolean): Promise<void> {
    const run = async (): Promise<void> => {
      const release = await this.lock()
      try {
        const kept = await this.read()
        const edited = edit(kept)
        const dropped = this.withoutGoneReplies(kept).length > 0
        if (edited || dropped) await writeJsonAtomic(this.path, kept)
      } finally {
        await release()
      }
    }
    const next = this.changes.catch(() => undefined).then(run)
    this.changes = next
    return next
  }

  /** Takes the lock file beside the list (waiting for another process's, or taking over one left by a dead one). */
  private async lock(): Promise<() => Promise<void>> {
    const lockPath = `${this.path}.lock`
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 })
    const giveUpAt = Date.now() + LOCK_WAIT_MS
    for (;;) {
      try {
        const handle = await open(lockPath, 'wx', PRIVATE_FILE_MODE)
        await handle.writeFile(String(process.pid))
        await handle.close()
        return () => rm(lockPath, { force: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const since = await stat(lockPath).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0
      )
      if (since > STALE_LOCK_MS) await rm(lockPath, { force: true })
      else if (Date.now() > giveUpAt) throw new Error(`${lockPath} is held by another process`)
      else await delay(LOCK_RETRY_MS)
    }
  }

  /** Drops (in place) the replies of conversations that no longer exist; the files they held. */
  private withoutGoneReplies(kept: KeptDraftFiles): KeptFile[] {
    const exists = this.conversationExists
    if (!exists || !kept.replies) return []
    const replies = Object.entries(kept.replies)
    let staying: typeof replies
    try {
      staying = replies.filter(([owner]) => exists(Number(owner)))
    } catch {
      // The inbox cannot be asked (its database closed at a stop): keeping a draft beats losing it.
      return []
    }
    if (staying.length === replies.length) return []
    const gone = replies
      .filter(([owner]) => !staying.some(([stays]) => stays === owner))
      .flatMap(([, files]) => files)
    kept.replies = Object.fromEntries(staying)
    return gone
  }
}
