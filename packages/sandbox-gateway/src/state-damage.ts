// What a damaged saved world turns into: records that no longer fit their schema are set aside (kept with their raw
// text, never deleted) and the healthy ones load; a file that cannot be read as a world at all is a typed error that
// names the file and says why, which `setAsideSandboxState` answers by renaming it and starting clean.

import { existsSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import {
  acceptedLogRecordSchema,
  autoReplyRecordSchema,
  contactBookStateSchema,
  deviceRecordSchema,
  incomingRecordSchema,
  messageRecordSchema,
  reminderRecordSchema,
  scheduleRecordSchema,
  type PersistedWorld,
  type SmallWorld
} from './records'

/** Which kind of record a set-aside entry was. */
export type SavedRecordKind =
  | 'device'
  | 'message'
  | 'schedule'
  | 'reminder'
  | 'auto-reply'
  | 'incoming'
  | 'accepted-log'
  | 'contact-book'
  | 'random-state'

/** One record the sandbox did not load because it no longer fits its definition; it is kept, not deleted. */
export interface SetAsideRecord {
  /** The file it was read from. */
  file: string
  kind: SavedRecordKind
  /** Its id (serial, message id, sequence number…) when one could be read, else null. */
  id: string | null
  /** Why, in words: the first fields that do not fit and what was expected. */
  reason: string
  /** Where it was kept: the store's `damaged` table, or the `*.damaged.json` file beside a JSON state file. */
  keptIn: string
}

/** A set-aside record with the text it was saved as (what is written to the `damaged` table or file). */
export interface SetAsideEntry extends SetAsideRecord {
  raw: string
}

/** Why a whole state file could not be opened. */
export type SandboxStateProblem =
  | 'empty'
  | 'nul-filled'
  | 'truncated'
  | 'not-json'
  | 'not-a-world'
  | 'wrong-version'
  | 'directory'
  | 'not-a-folder'
  | 'not-a-database'
  | 'unreadable'

const PROBLEM_WORDS: Record<SandboxStateProblem, string> = {
  empty: 'it is empty',
  'nul-filled': 'it holds only NUL bytes (a write that never finished, or a damaged disk)',
  truncated: 'it ends in the middle of its content (cut short, e.g. by a crash or a full disk)',
  'not-json': 'it is not JSON',
  'not-a-world': 'it is JSON but not a saved sandbox world',
  'wrong-version': 'it was written by another version of the sandbox',
  directory: 'a folder is in its place',
  'not-a-folder': 'a file is where its folder should be',
  'not-a-database': 'it is not a SQLite database, or the database is damaged',
  unreadable: 'it cannot be read'
}

/**
 * The sandbox's saved state cannot be opened at all. `file` is the damaged file; `setAsideSandboxState` renames it
 * (kept beside it) so the next start begins with an empty world.
 */
export class SandboxStateError extends Error {
  readonly code = 'SANDBOX_STATE_DAMAGED'
  constructor(
    readonly file: string,
    readonly problem: SandboxStateProblem,
    detail?: string
  ) {
    super(
      `The sandbox's saved state ${file} cannot be opened: ${PROBLEM_WORDS[problem]}${detail ? ` (${detail})` : ''}.`
    )
    this.name = 'SandboxStateError'
  }
}

export function isSandboxStateError(error: unknown): error is SandboxStateError {
  return error instanceof SandboxStateError
}

/** Where the state of a sandbox started with these options lives (`stateFile` wins, as in startSandbox). */
export function sandboxStatePath(options: { dataDir?: string; stateFile?: string }): string | null {
  if (options.stateFile !== undefined) return options.stateFile
  return options.dataDir === undefined ? null : join(options.dataDir, 'world.sqlite')
}

/**
 * "Set aside and start fresh": renames the sandbox's saved state to `<file>.damaged-<timestamp>`, kept beside it
 * (SQLite's `-wal`/`-shm` with it), so the next start begins with an empty world. With `dataDir`, that is
 * `world.sqlite` and an older `world.json` not yet imported (or the data folder itself when a file is in its place);
 * a string is the file a SandboxStateError named. Returns the new path of the first file set aside, or null when
 * there was nothing to set aside. Call it with the sandbox stopped.
 */
export function setAsideSandboxState(
  target: { dataDir?: string; stateFile?: string } | string,
  now: Date = new Date()
): string | null {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const files =
    typeof target === 'string'
      ? [target]
      : target.stateFile !== undefined
        ? [target.stateFile]
        : target.dataDir !== undefined
          ? existsSync(target.dataDir) && !statSync(target.dataDir).isDirectory()
            ? [target.dataDir]
            : [join(target.dataDir, 'world.sqlite'), join(target.dataDir, 'world.json')]
          : []
  let first: string | null = null
  for (const file of files) {
    if (!existsSync(file)) continue
    let kept = `${file}.damaged-${stamp}`
    for (let n = 2; existsSync(kept); n++) kept = `${file}.damaged-${stamp}-${n}`
    renameSync(file, kept)
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, kept + suffix)
    }
    first ??= kept
  }
  return first
}

/** The first fields of a zod failure in words: "status: Invalid option…; quota: Invalid input…". */
export function reasonInWords(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length === 0 ? 'the record' : issue.path.join('.')
    return `${where}: ${issue.message}`
  })
  const more = error.issues.length - shown.length
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '')
}

function idOf(kind: SavedRecordKind, value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null
  const record = value as Record<string, unknown>
  const candidate =
    kind === 'device'
      ? record.serial
      : kind === 'accepted-log'
        ? record.seq
        : (record.id ?? record.serial ?? record.seq)
  return typeof candidate === 'string' || typeof candidate === 'number' ? String(candidate) : null
}

/** Checks one saved record; a record that does not fit is added to `setAside` instead. */
export function checkRecord<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  where: { file: string; kind: SavedRecordKind; keptIn: string },
  setAside: SetAsideEntry[],
  raw: string = JSON.stringify(value) ?? String(value)
): z.infer<Schema> | null {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  setAside.push({ ...where, id: idOf(where.kind, value), reason: reasonInWords(parsed.error), raw })
  return null
}

function listOf<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  where: { file: string; kind: SavedRecordKind; keptIn: string },
  setAside: SetAsideEntry[]
): z.infer<Schema>[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) {
    setAside.push({ ...where, id: null, reason: 'the list is not a list', raw: JSON.stringify(value) ?? '' })
    return []
  }
  const kept: z.infer<Schema>[] = []
  for (const item of value) {
    const record = checkRecord(schema, item, where, setAside)
    if (record !== null) kept.push(record)
  }
  return kept
}

/** The small part of a saved world, record by record: what fits loads, what does not is set aside. */
export function salvageSmallWorld(
  saved: Record<string, unknown>,
  file: string,
  keptIn: string,
  setAside: SetAsideEntry[]
): SmallWorld {
  const at = (kind: SavedRecordKind) => ({ file, kind, keptIn })
  let randomState = 0
  if (typeof saved.randomState === 'number' && Number.isInteger(saved.randomState)) {
    randomState = saved.randomState
  } else {
    setAside.push({
      ...at('random-state'),
      id: null,
      reason: 'randomState: not a whole number',
      raw: JSON.stringify(saved.randomState) ?? ''
    })
  }
  const contactBook =
    saved.contactBook === undefined
      ? undefined
      : (checkRecord(contactBookStateSchema, saved.contactBook, at('contact-book'), setAside) ?? undefined)
  return {
    version: 1,
    randomState,
    devices: listOf(deviceRecordSchema, saved.devices, at('device'), setAside),
    schedules: listOf(scheduleRecordSchema, saved.schedules, at('schedule'), setAside),
    autoReplies: listOf(autoReplyRecordSchema, saved.autoReplies, at('auto-reply'), setAside),
    reminders: listOf(reminderRecordSchema, saved.reminders, at('reminder'), setAside),
    ...(contactBook ? { contactBook } : {})
  }
}

/** A whole saved world (the JSON state file), record by record. */
export function salvageWorld(
  saved: Record<string, unknown>,
  file: string,
  keptIn: string,
  setAside: SetAsideEntry[]
): PersistedWorld {
  const at = (kind: SavedRecordKind) => ({ file, kind, keptIn })
  return {
    ...salvageSmallWorld(saved, file, keptIn, setAside),
    messages: listOf(messageRecordSchema, saved.messages, at('message'), setAside),
    incoming: listOf(incomingRecordSchema, saved.incoming, at('incoming'), setAside),
    acceptedLog: listOf(acceptedLogRecordSchema, saved.acceptedLog, at('accepted-log'), setAside)
  }
}

/** A JSON object or array the parser ran out of text in: the file was cut short. */
function endsTooSoon(text: string, error: unknown): boolean {
  const message = error instanceof Error ? error.message : ''
  if (!/^\s*[[{]/.test(text)) return false
  if (/end of (JSON )?input/i.test(message)) return true
  const at = /at position (\d+)/.exec(message)
  return at !== null && Number(at[1]) >= text.trimEnd().length
}

/** Reads a saved JSON text, or says which of the damaged shapes it has. */
export function parseSavedJson(text: string, file: string): Record<string, unknown> {
  if (text.trim() === '') throw new SandboxStateError(file, 'empty')
  // eslint-disable-next-line no-control-regex
  if (/^\u0000+$/.test(text)) throw new SandboxStateError(file, 'nul-filled')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    // NULs where the end should be: a write the disk never finished (blocks allocated, never filled).
    if (text.includes('\u0000')) throw new SandboxStateError(file, 'nul-filled', 'in part')
    throw new SandboxStateError(file, endsTooSoon(text, error) ? 'truncated' : 'not-json')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SandboxStateError(file, 'not-a-world', 'expected a JSON object with the world in it')
  }
  const record = value as Record<string, unknown>
  if (record.version !== 1) {
    throw new SandboxStateError(
      file,
      record.version === undefined ? 'not-a-world' : 'wrong-version',
      record.version === undefined
        ? 'it has no version'
        : `version ${JSON.stringify(record.version)}, expected 1`
    )
  }
  return record
}
