/**
 * Opaque handles for files the operator dropped, picked or pasted. The window only ever holds a
 * handle; main keeps the path, and re-checks every file (regular file, readable, size, type by its
 * magic bytes) before a handle exists — so a compromised page cannot make us upload an arbitrary file.
 */
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { FileRegisterPurpose, FileSource } from '../../../shared/contract'
import { ALLOWED_EXTENSIONS, extensionOf, type MediaKind } from '../gateway'
import { MAX_SPREADSHEET_BYTES, megabytesBesideLimit } from '../../../shared/domain'
import type { Params } from '../../../shared/i18n'
import { coreText } from '../../../shared/i18n/notes'
import { detectFileType, isQuickTime, sendableName } from './file-type'
import { openPinned, pinFile, readPinned, sameIdentity, type FileIdentity } from './pinned-file'
import { DraftFiles, type DraftOwner, type KeptFile } from './draft-files'

export interface RegisteredFile {
  handle: string
  path: string
  name: string
  size: number
  kind: MediaKind
  mime: string
  /**
   * What the file holds (its bytes' SHA-256, as the attachments folder names it): the same file added twice has the
   * same one, whatever its name or path. Absent for a spreadsheet registered to be read (it is never sent).
   */
  contentId?: string
  /** The name the operator's file had, when it goes out under another one (its extension lied about its bytes). */
  renamedFrom?: string
  /** True when we wrote the file ourselves (pasted bytes) and may delete it on release. */
  owned: boolean
  /** What the file was when it was checked: queuing copies exactly this file or refuses. */
  pinned: FileIdentity
}

export interface FileRejectionInfo {
  name: string
  code:
    | 'not_found'
    | 'not_a_file'
    | 'unreadable'
    | 'empty'
    | 'too_large'
    | 'unsupported_type'
    /** A video the gateway does not take (QuickTime): it sends mp4 and mpeg only. */
    | 'unsupported_video'
    /** Named like a type the gateway sends (fake.jpg) while its bytes are something else. */
    | 'disguised'
    | 'bad_data'
    /** A file the draft kept across a restart is no longer the file the operator added (size or time differ). */
    | 'changed'
    /** A handle this run does not know: it died with an earlier run (or was let go). */
    | 'file_gone'
  /** In English (CLI, logs); the window shows `messageKey` with `messageParams` in the operator's language. */
  message: string
  messageKey: string
  messageParams: Params
}

/** Literal keys, so the i18n check sees each one used. */
const REFUSAL_KEYS = {
  notFound: 'desktop.fileRefused.notFound',
  notAFile: 'desktop.fileRefused.notAFile',
  unreadable: 'desktop.fileRefused.unreadable',
  badData: 'desktop.fileRefused.badData',
  empty: 'desktop.fileRefused.empty',
  tooLarge: 'desktop.fileRefused.tooLarge',
  spreadsheetTooLarge: 'desktop.fileRefused.spreadsheetTooLarge',
  disguised: 'desktop.fileRefused.disguised',
  unsupported: 'desktop.fileRefused.unsupported',
  quickTime: 'desktop.fileRefused.quickTime',
  changed: 'desktop.fileRefused.changed',
  notKept: 'desktop.fileRefused.notKept'
} as const

function refused(
  name: string,
  code: FileRejectionInfo['code'],
  reason: keyof typeof REFUSAL_KEYS,
  params: Params = {}
): FileRejectionInfo {
  return worded({ name, code, messageKey: REFUSAL_KEYS[reason], messageParams: params })
}

/** The refusal with its English message made from its key (again under another name: a draft's file). */
function worded(refusal: Omit<FileRejectionInfo, 'message'>): FileRejectionInfo {
  const messageParams = { ...refusal.messageParams, name: refusal.name }
  return { ...refusal, message: coreText('en', '', refusal.messageKey, messageParams), messageParams }
}

export interface FileHandlesOptions {
  /** Pasted bytes are written under <dataDir>/incoming until they are queued (the outbox copies them). */
  dataDir: string
  maxFileBytes: () => number
  /** Whether the inbox still has this conversation: a deleted one's reply draft is dropped from the kept list. */
  conversationExists?: (conversationId: number) => boolean
}

const HEAD_BYTES = 4096
/** A registered file is read this much at a time to learn its content's hash. */
const HASH_CHUNK_BYTES = 256 * 1024

export class FileHandles {
  private readonly files = new Map<string, RegisteredFile>()
  /** Spreadsheets registered to be read by a campaign: kept apart, so no send can ever resolve their handles. */
  private readonly spreadsheets = new Map<string, RegisteredFile>()
  private readonly incomingDir: string
  /** The files the drafts hold (the Send view's, each conversation's reply), kept across a restart. */
  private readonly drafts: DraftFiles

  constructor(private readonly options: FileHandlesOptions) {
    this.incomingDir = join(options.dataDir, 'incoming')
    this.drafts = new DraftFiles(join(options.dataDir, 'draft-files.json'), options.conversationExists)
  }

  /**
   * Removes pasted files left behind by an earlier run (their handles died with it), except the drafts' own; the reply
   * of a conversation deleted meanwhile (by the terminal) is no draft's any more, and its pasted copy goes too.
   */
  async cleanupLeftovers(): Promise<void> {
    await this.releaseGoneReplies()
    const kept = new Set((await this.drafts.all()).map((file) => file.pinned.realPath))
    const names = await readdir(this.incomingDir).catch(() => [] as string[])
    await Promise.all(
      names
        .map((name) => join(this.incomingDir, name))
        .filter((path) => !kept.has(path))
        .map((path) => rm(path, { force: true }))
    )
  }

  /**
   * The draft holds exactly these handles now: they are what `restoreDraft` brings back after a restart. The draft is
   * the Send view's, or with a conversation's id the reply being written there.
   */
  async keepForDraft(handles: string[], owner?: DraftOwner): Promise<void> {
    const files = handles
      .map((handle) => this.files.get(handle))
      .filter((file): file is RegisteredFile => file !== undefined)
      .map((file): KeptFile => ({
        handle: file.handle,
        name: file.name,
        owned: file.owned,
        pinned: file.pinned
      }))
    await this.drafts.set(owner, files)
  }

  /**
   * Registers the draft's kept files again (a new run, or a reloaded window), each checked as when it was added
   * (exists, regular, size within the limit, type by its bytes) and refused by name when it is no longer the same
   * file: a different size or modification time means the operator would send something else than they chose.
   */
  async restoreDraft(
    owner?: DraftOwner
  ): Promise<{ files: RegisteredFile[]; rejected: FileRejectionInfo[] }> {
    const files: RegisteredFile[] = []
    const rejected: FileRejectionInfo[] = []
    for (const kept of await this.drafts.of(owner)) {
      const result = await this.restoreOne(kept)
      if ('code' in result) {
        rejected.push(result)
        // A reloaded window forgot the old handle: nobody else would release it (nor delete a pasted file).
        await this.release([kept.handle])
      } else {
        // The new registration stands for the same file; the old handle just goes (its file is not deleted).
        this.files.delete(kept.handle)
        this.files.set(result.handle, result)
        files.push(result)
      }
    }
    // What could not come back is no longer part of the draft.
    await this.keepForDraft(
      files.map((file) => file.handle),
      owner
    )
    return { files, rejected }
  }

  private async restoreOne(kept: KeptFile): Promise<RegisteredFile | FileRejectionInfo> {
    const { name } = kept
    const result = await this.registerPath(kept.pinned.realPath)
    if ('code' in result) return worded({ ...result, name })
    const now = result.pinned
    const was = kept.pinned
    if (!sameIdentity({ ...was, ctimeMs: was.ctimeMs ?? now.ctimeMs }, now)) {
      return refused(name, 'changed', 'changed')
    }
    return { ...result, name, owned: kept.owned }
  }

  /**
   * Which of these handles can no longer be sent as the file the operator added, each refused by `name` (the window's
   * name for it): one this run does not know, or whose pinned file was moved, deleted or changed since. A file the
   * window kept by handle (a reply's draft across a reload) is said to be gone at its field, not at its send.
   */
  async check(
    files: readonly { handle: string; name: string }[]
  ): Promise<(FileRejectionInfo & { handle: string })[]> {
    const rejected: (FileRejectionInfo & { handle: string })[] = []
    for (const { handle, name } of files) {
      const file = this.files.get(handle)
      if (!file) {
        rejected.push({ handle, ...refused(name, 'file_gone', 'notKept') })
        continue
      }
      const now = await pinFile(file.path).catch(() => null)
      if (!now) rejected.push({ handle, ...refused(file.name, 'not_found', 'notFound') })
      else if (now.realPath !== file.pinned.realPath || !sameIdentity(file.pinned, now))
        rejected.push({ handle, ...refused(file.name, 'changed', 'changed') })
    }
    return rejected
  }

  async register(
    sources: FileSource[],
    purpose: FileRegisterPurpose = 'send'
  ): Promise<{ files: RegisteredFile[]; rejected: FileRejectionInfo[] }> {
    const files: RegisteredFile[] = []
    const rejected: FileRejectionInfo[] = []
    const kept = purpose === 'spreadsheet' ? this.spreadsheets : this.files
    for (const source of sources) {
      const result =
        source.kind === 'path'
          ? await this.registerPath(source.path, purpose)
          : await this.registerBytes(source, purpose)
      if ('code' in result) rejected.push(result)
      else {
        kept.set(result.handle, result)
        files.push(result)
      }
    }
    return { files, rejected }
  }

  /**
   * The bytes of a spreadsheet registered for reading, and the handle released (it is read once). Null for a handle
   * that is not one (a send's file cannot be read this way, nor a spreadsheet sent).
   */
  async takeSpreadsheet(handle: string): Promise<{ name: string; bytes: Uint8Array } | null> {
    const file = this.spreadsheets.get(handle)
    if (!file) return null
    try {
      return { name: file.name, bytes: await readPinned(file.pinned, file.name) }
    } finally {
      await this.release([handle])
    }
  }

  /**
   * A photo's bytes, for the window to draw its thumbnail where it holds no file of its own (a draft kept over a
   * restart, a drop on the tray): the registered file as it was checked (its size is the send's limit at most). Null
   * for a handle that is not a photo held here, or a photo that changed or went since.
   */
  async picture(handle: string): Promise<{ type: string; bytes: Uint8Array } | null> {
    const file = this.files.get(handle)
    if (file?.kind !== 'image') return null
    try {
      return { type: file.mime, bytes: await readPinned(file.pinned, file.name) }
    } catch {
      return null
    }
  }

  /**
   * A spreadsheet held for the operator's answer (a customer list dropped on the tray), registered instead to be sent,
   * when they chose to attach it: checked as any file to send is (the send's size limit, what its bytes are), so a
   * list the gateway cannot send (a .tsv, an .ods) is refused by name. The spreadsheet's handle is gone either way.
   * Null for no spreadsheet's handle.
   */
  async asAttachment(handle: string): Promise<RegisteredFile | FileRejectionInfo | null> {
    const sheet = this.spreadsheets.get(handle)
    if (!sheet) return null
    this.spreadsheets.delete(handle)
    const result =
      this.checkSize(sheet.name, sheet.pinned.size, 'send') ??
      (await this.sendable(sheet.name, sheet.pinned, sheet.owned))
    if ('code' in result) {
      if (sheet.owned) await rm(sheet.path, { force: true })
      return result
    }
    this.files.set(result.handle, result)
    return result
  }

  get(handle: string): RegisteredFile | undefined {
    return this.files.get(handle)
  }

  /**
   * A conversation's reply draft is thrown away (the conversation was deleted, by the window or the terminal): its
   * entry leaves the kept list and its files are let go at once, a pasted one deleted even when another run (the app,
   * while the terminal deletes) registered it.
   */
  async releaseReplyDraft(conversationId: number): Promise<void> {
    await this.letGo(await this.drafts.takeReply(conversationId))
  }

  /**
   * The replies kept for conversations that no longer exist (deleted while this process was not looking) leave the
   * list, and their files are let go as releaseReplyDraft lets them go: the app at its start, the terminal at its.
   */
  async releaseGoneReplies(): Promise<void> {
    await this.letGo(await this.drafts.dropGoneReplies())
  }

  /** Kept files no draft holds any more: unregistered here, and a pasted copy of ours (under incoming/) deleted. */
  private async letGo(kept: readonly KeptFile[]): Promise<void> {
    if (kept.length === 0) return
    // Kept paths are real paths: the folder compared as one too (a data folder reached through a link).
    const incoming = await realpath(this.incomingDir).catch(() => this.incomingDir)
    for (const file of kept) {
      this.files.delete(file.handle)
      const path = file.pinned.realPath
      if (file.owned && dirname(path) === incoming) await rm(path, { force: true })
    }
  }

  /**
   * Lets these handles go: a pasted file is deleted, and a draft that held one (even from an earlier run) no longer
   * does; a pasted copy such a draft kept is deleted too (as releaseReplyDraft deletes one), the next start's cleanup
   * would otherwise be the first to notice it.
   */
  async release(handles: string[]): Promise<void> {
    for (const handle of handles) {
      const file = this.files.get(handle) ?? this.spreadsheets.get(handle)
      if (!file) continue
      this.files.delete(handle)
      this.spreadsheets.delete(handle)
      if (file.owned) await rm(file.path, { force: true })
    }
    await this.letGo(await this.drafts.forget(handles))
  }

  private async registerPath(
    path: string,
    purpose: FileRegisterPurpose = 'send'
  ): Promise<RegisteredFile | FileRejectionInfo> {
    const name = basename(path)
    let pinned: FileIdentity
    try {
      pinned = await pinFile(path)
    } catch {
      return refused(name, 'not_found', 'notFound')
    }
    const info = await stat(pinned.realPath).catch(() => undefined)
    if (!info?.isFile()) return refused(name, 'not_a_file', 'notAFile')
    const checked = this.checkSize(name, pinned.size, purpose)
    if (checked) return checked
    if (purpose === 'spreadsheet') return spreadsheetFile(name, pinned, false)
    return this.sendable(name, pinned, false)
  }

  /** A pinned file checked to be sent: its type and content's hash read from the pinned file itself. */
  private async sendable(
    name: string,
    pinned: FileIdentity,
    owned: boolean
  ): Promise<RegisteredFile | FileRejectionInfo> {
    try {
      // The type and the content's hash describe the file the queue copies.
      const handle = await openPinned(pinned, name)
      try {
        const chunk = Buffer.alloc(Math.min(HASH_CHUNK_BYTES, pinned.size))
        let { bytesRead } = await handle.read(chunk, 0, chunk.length, 0)
        const head = Buffer.from(chunk.subarray(0, Math.min(bytesRead, HEAD_BYTES)))
        const refusal = this.refusalOf(name, head)
        if (refusal) return refusal
        const hash = createHash('sha256')
        for (let position = 0; bytesRead > 0;) {
          hash.update(chunk.subarray(0, bytesRead))
          position += bytesRead
          ;({ bytesRead } = await handle.read(chunk, 0, chunk.length, position))
        }
        return this.typed(name, head, pinned, owned, hash.digest('hex'))
      } finally {
        await handle.close()
      }
    } catch {
      return refused(name, 'unreadable', 'unreadable')
    }
  }

  private async registerBytes(
    source: Extract<FileSource, { kind: 'bytes' }>,
    purpose: FileRegisterPurpose = 'send'
  ): Promise<RegisteredFile | FileRejectionInfo> {
    const name = basename(source.name.replaceAll('\\', '/'))
    if (!/^[A-Za-z0-9+/=\s]*$/.test(source.dataBase64)) {
      return refused(name, 'bad_data', 'badData')
    }
    const bytes = Buffer.from(source.dataBase64, 'base64')
    const checked = this.checkSize(name, bytes.length, purpose)
    if (checked) return checked
    if (purpose === 'spreadsheet') {
      const path = await this.writeIncoming(bytes, 'sheet')
      return spreadsheetFile(name, await pinFile(path), true)
    }
    const head = bytes.subarray(0, HEAD_BYTES)
    const refusal = this.refusalOf(name, head)
    if (refusal) return refusal
    const path = await this.writeIncoming(bytes, detectFileType(head, name)?.extension ?? 'bin')
    const contentId = createHash('sha256').update(bytes).digest('hex')
    return this.typed(name, head, await pinFile(path), true, contentId)
  }

  /** Pasted bytes as a private file of ours (deleted on release). */
  private async writeIncoming(bytes: Uint8Array, extension: string): Promise<string> {
    await mkdir(this.incomingDir, { recursive: true, mode: 0o700 })
    const path = join(this.incomingDir, `${randomUUID()}.${extension}`)
    await writeFile(path, bytes, { mode: 0o600 })
    return path
  }

  private checkSize(name: string, size: number, purpose: FileRegisterPurpose): FileRejectionInfo | null {
    if (size === 0) return refused(name, 'empty', 'empty')
    if (purpose === 'spreadsheet') {
      if (size <= MAX_SPREADSHEET_BYTES) return null
      const said = megabytesBesideLimit(size, MAX_SPREADSHEET_BYTES)
      return refused(name, 'too_large', 'spreadsheetTooLarge', { size: said.size, max: said.limit })
    }
    const max = this.options.maxFileBytes()
    if (size > max) {
      const said = megabytesBesideLimit(size, max)
      return refused(name, 'too_large', 'tooLarge', { size: said.size, max: said.limit })
    }
    return null
  }

  /** Why a file of these first bytes cannot be sent, or null when the gateway takes what it is. */
  private refusalOf(name: string, head: Uint8Array): FileRejectionInfo | null {
    if (detectFileType(head, name)) return null
    if (isQuickTime(head)) return refused(name, 'unsupported_video', 'quickTime')
    const ext = extensionOf(name)
    // A text file renamed fake.jpg is not "a type we do not take": say what is really wrong with it.
    if (Object.values(ALLOWED_EXTENSIONS).some((list) => list.includes(ext))) {
      return refused(name, 'disguised', 'disguised', { ext: ext.toUpperCase() })
    }
    return refused(name, 'unsupported_type', 'unsupported')
  }

  /** The file as registered, under the name its bytes call for (`renamedFrom` says it was not the operator's). */
  private typed(
    name: string,
    head: Uint8Array,
    pinned: FileIdentity,
    owned: boolean,
    contentId: string
  ): RegisteredFile | FileRejectionInfo {
    const detected = detectFileType(head, name)
    if (!detected) return this.refusalOf(name, head) ?? refused(name, 'unsupported_type', 'unsupported')
    const sendAs = sendableName(name, detected)
    return {
      handle: randomUUID(),
      path: pinned.realPath,
      name: sendAs,
      size: pinned.size,
      kind: detected.kind,
      mime: detected.mime,
      contentId,
      ...(sendAs === name ? {} : { renamedFrom: name }),
      owned,
      pinned
    }
  }
}

/**
 * A spreadsheet to be read, not sent: its format (CSV in any encoding, XLSX) is the reader's rule
 * (`campaigns/spreadsheet.ts`), checked when the campaign reads it, so it is not typed by the gateway's list here.
 */
function spreadsheetFile(name: string, pinned: FileIdentity, owned: boolean): RegisteredFile {
  return {
    handle: randomUUID(),
    path: pinned.realPath,
    name,
    size: pinned.size,
    kind: 'document',
    mime: 'application/octet-stream',
    owned,
    pinned
  }
}
