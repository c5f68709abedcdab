// Keeps the sandbox world in its own SQLite file, saving only what changed: new and moving messages, new log and
// incoming entries, and the small state whole. A world of 10,000 messages saves as fast as an empty one.

import Database from 'better-sqlite3'
import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { dirname } from 'node:path'
import type { PersistedWorld } from './records'
import { StateFile } from './state-file'
import type { WorldChanges } from './world'

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, record TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS accepted_log (seq INTEGER PRIMARY KEY, record TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS incoming (position INTEGER PRIMARY KEY AUTOINCREMENT, record TEXT NOT NULL);
`
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
    // An upsert keeps the row's place, so messages load back in the order they were accepted.
    const putMessage = this.db.prepare(
      'INSERT INTO messages (id, record) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record'
    )
    const putLog = this.db.prepare('INSERT OR REPLACE INTO accepted_log (seq, record) VALUES (?, ?)')
    const putIncoming = this.db.prepare('INSERT INTO incoming (record) VALUES (?)')
    this.saveChanges = this.db.transaction((changes: WorldChanges) => {
      putMeta.run('world', JSON.stringify(changes.small))
      for (const message of changes.messages) putMessage.run(message.id, JSON.stringify(message))
      for (const entry of changes.acceptedLog) putLog.run(entry.seq, JSON.stringify(entry))
      for (const record of changes.incoming) putIncoming.run(JSON.stringify(record))
    })
  }

  /** The saved world, or null when there is none yet. */
  load(): PersistedWorld | null {
    const meta = this.db.prepare('SELECT value FROM meta WHERE key = ?').get('world') as
      { value: string } | undefined
    if (!meta) return null
    const rows = (sql: string): unknown[] =>
      (this.db.prepare(sql).all() as { record: string }[]).map((row) => JSON.parse(row.record) as unknown)
    const small = JSON.parse(meta.value) as Omit<PersistedWorld, 'messages' | 'acceptedLog' | 'incoming'>
    return {
      ...small,
      messages: rows('SELECT record FROM messages ORDER BY rowid') as PersistedWorld['messages'],
      acceptedLog: rows('SELECT record FROM accepted_log ORDER BY seq') as PersistedWorld['acceptedLog'],
      incoming: rows('SELECT record FROM incoming ORDER BY position') as PersistedWorld['incoming']
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
