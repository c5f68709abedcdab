// Keeps the sandbox world in its own SQLite file, saving only what changed: new and moving messages, new log and
// incoming entries, and the small state whole. A world of 10,000 messages saves as fast as an empty one. A record
// that no longer fits its schema is moved to the `damaged` table with its raw text; a file that is not a store at all
// is a SandboxStateError naming it.

import Database from 'better-sqlite3'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type { z } from 'zod'
import {
  acceptedLogRecordSchema,
  incomingRecordSchema,
  messageRecordSchema,
  type GrowingList,
  type PersistedWorld,
  type SmallWorld,
  type WorldChanges
} from './records'
import {
  checkRecord,
  parseSavedJson,
  salvageSmallWorld,
  SandboxStateError,
  type SandboxStateProblem,
  type SavedRecordKind,
  type SetAsideEntry
} from './state-damage'
import { StateFile, type LoadedWorld } from './state-file'

/**
 * How each growing list is kept: one row per record, the record as JSON in `record` (written from the record's
 * schema type, checked against the same schema when read back), in the order `orderBy` gives.
 */
interface RowTable<Schema extends z.ZodType> {
  schema: Schema
  kind: SavedRecordKind
  create: string
  /** Takes (key?, record): an upsert keeps the row's place, so rows load back in the order they were first saved. */
  insert: string
  key: ((record: z.infer<Schema>) => string | number) | null
  orderBy: string
  table: string
}

const rowTable = <Schema extends z.ZodType>(table: RowTable<Schema>): RowTable<Schema> => table

const ROW_TABLES = {
  messages: rowTable({
    table: 'messages',
    kind: 'message',
    schema: messageRecordSchema,
    create: 'id TEXT PRIMARY KEY, record TEXT NOT NULL',
    insert:
      'INSERT INTO messages (id, record) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record',
    key: (message) => message.id,
    orderBy: 'rowid'
  }),
  acceptedLog: rowTable({
    table: 'accepted_log',
    kind: 'accepted-log',
    schema: acceptedLogRecordSchema,
    create: 'seq INTEGER PRIMARY KEY, record TEXT NOT NULL',
    insert: 'INSERT OR REPLACE INTO accepted_log (seq, record) VALUES (?, ?)',
    key: (entry) => entry.seq,
    orderBy: 'seq'
  }),
  incoming: rowTable({
    table: 'incoming',
    kind: 'incoming',
    schema: incomingRecordSchema,
    create: 'position INTEGER PRIMARY KEY AUTOINCREMENT, record TEXT NOT NULL',
    insert: 'INSERT INTO incoming (record) VALUES (?)',
    key: null,
    orderBy: 'position'
  })
} satisfies { [List in GrowingList]: RowTable<z.ZodType<PersistedWorld[List][number]>> }

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);',
  ...Object.values(ROW_TABLES).map(({ table, create }) => `CREATE TABLE IF NOT EXISTS ${table} (${create});`),
  // Records set aside on load because they no longer fit their schema: kept with their raw text, never deleted.
  'CREATE TABLE IF NOT EXISTS damaged (position INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, ' +
    'record_id TEXT, reason TEXT NOT NULL, raw TEXT NOT NULL, set_aside_at TEXT NOT NULL);'
].join('\n')
const SCHEMA_VERSION = 1

export class WorldStore {
  private readonly db: Database.Database
  private readonly saveChanges: (changes: WorldChanges) => void

  /** Opens (creating) the store; a JSON world file next to it from an older sandbox is imported once, then renamed. */
  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    if (existsSync(path) && statSync(path).isDirectory()) throw new SandboxStateError(path, 'directory')
    try {
      this.db = new Database(path)
    } catch (error) {
      throw stateErrorOf(error, path)
    }
    try {
      // It holds device tokens.
      chmodSync(path, 0o600)
      this.db.pragma('journal_mode = WAL')
      this.db.pragma('synchronous = NORMAL')
      const version = Number(this.db.pragma('user_version', { simple: true }))
      if (version > SCHEMA_VERSION) {
        throw new SandboxStateError(
          path,
          'wrong-version',
          `schema ${version}, this sandbox reads ${SCHEMA_VERSION}`
        )
      }
      this.db.exec(SCHEMA)
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`)
    } catch (error) {
      this.db.close()
      throw stateErrorOf(error, path)
    }
    const putMeta = this.db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'
    )
    const writers = (Object.keys(ROW_TABLES) as GrowingList[]).map((list) => {
      const { insert, key } = ROW_TABLES[list] as RowTable<z.ZodType<PersistedWorld[typeof list][number]>>
      const statement = this.db.prepare(insert)
      return (changes: WorldChanges): void => {
        for (const record of changes[list]) {
          const row = JSON.stringify(record)
          if (key) statement.run(key(record), row)
          else statement.run(row)
        }
      }
    })
    this.saveChanges = this.db.transaction((changes: WorldChanges) => {
      putMeta.run('world', JSON.stringify(changes.small))
      for (const write of writers) write(changes)
    })
  }

  /**
   * The saved world, or null when there is none yet. Every record is checked against its schema: one that does not
   * fit is moved to the `damaged` table (with its raw text) and reported; the rest loads.
   */
  load(): LoadedWorld | null {
    try {
      return this.loadChecked()
    } catch (error) {
      throw stateErrorOf(error, this.path)
    }
  }

  private loadChecked(): LoadedWorld | null {
    const meta = this.db.prepare('SELECT value FROM meta WHERE key = ?').get('world') as
      { value: string } | undefined
    if (!meta) return null
    const setAside: SetAsideEntry[] = []
    const keptIn = `${this.path} (table damaged)`
    const badRows: { table: string; rowid: number }[] = []
    const rows = <Schema extends z.ZodType>({
      table,
      orderBy,
      schema,
      kind
    }: RowTable<Schema>): z.infer<Schema>[] => {
      const kept: z.infer<Schema>[] = []
      const all = this.db
        .prepare(`SELECT rowid AS rowid, record FROM ${table} ORDER BY ${orderBy}`)
        .all() as {
        rowid: number
        record: string
      }[]
      for (const row of all) {
        let value: unknown
        try {
          value = JSON.parse(row.record)
        } catch {
          setAside.push({
            file: this.path,
            kind,
            keptIn,
            id: null,
            reason: 'the record is not JSON',
            raw: row.record
          })
          badRows.push({ table, rowid: row.rowid })
          continue
        }
        const record = checkRecord(schema, value, { file: this.path, kind, keptIn }, setAside, row.record)
        if (record === null) badRows.push({ table, rowid: row.rowid })
        else kept.push(record)
      }
      return kept
    }
    const small = salvageSmallWorld(parseSavedJson(meta.value, this.path), this.path, keptIn, setAside)
    const world: PersistedWorld = {
      ...small,
      messages: rows(ROW_TABLES.messages),
      acceptedLog: rows(ROW_TABLES.acceptedLog),
      incoming: rows(ROW_TABLES.incoming)
    }
    if (setAside.length > 0) this.moveToDamaged(setAside, badRows, small)
    return { world, setAside: setAside.map(({ raw: _raw, ...record }) => record) }
  }

  /** One transaction: the set-aside records into `damaged`, their rows out, and the small state without them. */
  private moveToDamaged(
    entries: SetAsideEntry[],
    badRows: { table: string; rowid: number }[],
    small: SmallWorld
  ): void {
    const insert = this.db.prepare(
      'INSERT INTO damaged (kind, record_id, reason, raw, set_aside_at) VALUES (?, ?, ?, ?, ?)'
    )
    const at = new Date().toISOString()
    this.db.transaction(() => {
      for (const entry of entries) insert.run(entry.kind, entry.id, entry.reason, entry.raw, at)
      for (const { table, rowid } of badRows)
        this.db.prepare(`DELETE FROM ${table} WHERE rowid = ?`).run(rowid)
      this.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(JSON.stringify(small), 'world')
    })()
  }

  save(changes: WorldChanges): void {
    this.saveChanges(changes)
  }

  /** Saves a whole world (after importing an older JSON file). */
  saveAll(world: PersistedWorld): void {
    const { messages, acceptedLog, incoming, ...small } = world
    this.saveChanges({ messages, acceptedLog, incoming, small })
  }

  close(): void {
    this.db.close()
  }

  /** A world saved as JSON by an older sandbox, renamed `*.imported` once read (the caller saves it here). */
  importJson(jsonPath: string): LoadedWorld | null {
    if (!existsSync(jsonPath)) return null
    const saved = new StateFile(jsonPath).load()
    if (saved) renameSync(jsonPath, `${jsonPath}.imported`)
    return saved
  }
}

/** SQLite's and the file system's failures on a store file, as the typed error that names it. */
function stateErrorOf(error: unknown, path: string): unknown {
  if (error instanceof SandboxStateError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code === 'SQLITE_CORRUPT_VTAB')
    return new SandboxStateError(path, diagnoseDamagedDatabase(path))
  if (code === 'EISDIR') return new SandboxStateError(path, 'directory')
  if (typeof code === 'string' && (code.startsWith('SQLITE_') || code.startsWith('E')))
    return new SandboxStateError(path, 'unreadable', code)
  return error
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

/** What SQLite's "not a database" / "malformed" means for this file: only NULs, cut short, or something else. */
function diagnoseDamagedDatabase(path: string): SandboxStateProblem {
  let bytes: Buffer
  try {
    bytes = readFileSync(path)
  } catch {
    return 'unreadable'
  }
  if (bytes.length > 0 && bytes.every((byte) => byte === 0)) return 'nul-filled'
  if (bytes.length < 100 || !bytes.subarray(0, 16).equals(SQLITE_HEADER)) return 'not-a-database'
  // The header says how long the database is: page size (1 meaning 65,536) times the page count.
  const rawPageSize = bytes.readUInt16BE(16)
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize
  const pageCount = bytes.readUInt32BE(28)
  return bytes.length < pageSize * pageCount ? 'truncated' : 'not-a-database'
}
