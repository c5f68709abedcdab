// Keeps the sandbox world in its own SQLite file, saving only what changed: new and moving messages, new log and
// incoming entries, and the small state whole. A world of 10,000 messages saves as fast as an empty one.

import Database from 'better-sqlite3'
import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { dirname } from 'node:path'
import type { z } from 'zod'
import {
  acceptedLogRecordSchema,
  incomingRecordSchema,
  messageRecordSchema,
  smallWorldSchema,
  type GrowingList,
  type PersistedWorld,
  type WorldChanges
} from './records'
import { StateFile } from './state-file'

/**
 * How each growing list is kept: one row per record, the record as JSON in `record` (written from the record's
 * schema type, checked against the same schema when read back), in the order `orderBy` gives.
 */
interface RowTable<Schema extends z.ZodType> {
  schema: Schema
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
    schema: messageRecordSchema,
    create: 'id TEXT PRIMARY KEY, record TEXT NOT NULL',
    insert:
      'INSERT INTO messages (id, record) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record',
    key: (message) => message.id,
    orderBy: 'rowid'
  }),
  acceptedLog: rowTable({
    table: 'accepted_log',
    schema: acceptedLogRecordSchema,
    create: 'seq INTEGER PRIMARY KEY, record TEXT NOT NULL',
    insert: 'INSERT OR REPLACE INTO accepted_log (seq, record) VALUES (?, ?)',
    key: (entry) => entry.seq,
    orderBy: 'seq'
  }),
  incoming: rowTable({
    table: 'incoming',
    schema: incomingRecordSchema,
    create: 'position INTEGER PRIMARY KEY AUTOINCREMENT, record TEXT NOT NULL',
    insert: 'INSERT INTO incoming (record) VALUES (?)',
    key: null,
    orderBy: 'position'
  })
} satisfies { [List in GrowingList]: RowTable<z.ZodType<PersistedWorld[List][number]>> }

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);',
  ...Object.values(ROW_TABLES).map(({ table, create }) => `CREATE TABLE IF NOT EXISTS ${table} (${create});`)
].join('\n')
const SCHEMA_VERSION = 1

export class WorldStore {
  private readonly db: Database.Database
  private readonly saveChanges: (changes: WorldChanges) => void

  /** Opens (creating) the store; a JSON world file next to it from an older sandbox is imported once, then renamed. */
  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    this.db = new Database(path)
    // It holds device tokens.
    chmodSync(path, 0o600)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = NORMAL')
    const version = Number(this.db.pragma('user_version', { simple: true }))
    if (version > SCHEMA_VERSION) {
      throw new Error(`${path} was written by a newer sandbox (schema ${version}); refusing to open it`)
    }
    this.db.exec(SCHEMA)
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`)
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

  /** The saved world, or null when there is none yet. Every record is checked against its schema. */
  load(): PersistedWorld | null {
    const meta = this.db.prepare('SELECT value FROM meta WHERE key = ?').get('world') as
      { value: string } | undefined
    if (!meta) return null
    const rows = <Schema extends z.ZodType>({
      table,
      orderBy,
      schema
    }: RowTable<Schema>): z.infer<Schema>[] =>
      (this.db.prepare(`SELECT record FROM ${table} ORDER BY ${orderBy}`).all() as { record: string }[]).map(
        (row) => schema.parse(JSON.parse(row.record))
      )
    return {
      ...smallWorldSchema.parse(JSON.parse(meta.value)),
      messages: rows(ROW_TABLES.messages),
      acceptedLog: rows(ROW_TABLES.acceptedLog),
      incoming: rows(ROW_TABLES.incoming)
    }
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
  importJson(jsonPath: string): PersistedWorld | null {
    if (!existsSync(jsonPath)) return null
    const saved = new StateFile(jsonPath).load()
    if (saved) renameSync(jsonPath, `${jsonPath}.imported`)
    return saved
  }
}
