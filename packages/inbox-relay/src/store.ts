// The relay's storage port (what the handler needs from a store) and its one SQL implementation, which runs over
// either SQLite it can reach synchronously: better-sqlite3 on the Node host, a Durable Object's `ctx.storage.sql`.
// Both engines are SQLite, so the schema and statements are written once; a driver only adapts the calling shape.

import type { EventKind } from './envelope'

export interface MailboxRecord {
  name: string
  /** JSON of the mailbox's P-256 public JWK. */
  publicKeyJwk: string
  ingressSecretHash: Uint8Array
  /** The secret before the last rotation, accepted until `previousSecretUntil`. */
  previousSecretHash: Uint8Array | null
  previousSecretUntil: number | null
  pullTokenHash: Uint8Array
  createdAt: number
}

export interface NewEvent {
  kind: EventKind
  receivedAt: number
  /** Size of the body as posted, before sealing. */
  size: number
  envelope: Uint8Array
}

export interface StoredEvent extends NewEvent {
  seq: number
}

export interface MailboxUsage {
  /** Waiting (unacknowledged) events. */
  events: number
  /** Bytes of their envelopes: what the storage cap counts. */
  bytes: number
  /** The last sequence number handed out (0 before the first event); never goes back, even when all are acked. */
  head: number
  oldestReceivedAt: number | null
  /** Posts refused because the mailbox was full, since it was created. */
  refusedWhileFull: number
  lastIngressAt: number | null
}

/** What the relay handler needs from storage: every method is synchronous and each is one transaction. */
export interface RelayStore {
  createMailbox(record: MailboxRecord): 'created' | 'exists'
  getMailbox(name: string): MailboxRecord | null
  deleteMailbox(name: string): boolean
  listMailboxes(): string[]
  rotateIngressSecret(name: string, secretHash: Uint8Array, previousUntil: number): void
  /** Ends the previous ingress secret's grace at `until` when it would run longer; never lengthens it. */
  shortenPreviousSecret(name: string, until: number): void
  setPullTokenHash(name: string, tokenHash: Uint8Array): void
  /** Stores the event with the next sequence number and returns it. */
  appendEvent(name: string, event: NewEvent): number
  readAfter(name: string, after: number, limit: number): StoredEvent[]
  /** Deletes events with seq ≤ upTo; returns how many went. */
  ackUpTo(name: string, upTo: number): number
  usage(name: string): MailboxUsage
  countRefusedWhileFull(name: string): void
  /** Deletes events received at or before `cutoff` (past the retention window); returns how many went. */
  purgeReceivedUpTo(name: string, cutoff: number): number
}

/** The few calls both SQLite engines offer in the same shape; rows come back as plain objects. */
export interface SqlDriver {
  all(sql: string, ...params: SqlValue[]): Record<string, SqlValue>[]
  run(sql: string, ...params: SqlValue[]): number
  transaction<T>(work: () => T): T
}

export type SqlValue = string | number | null | Uint8Array

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS mailboxes (
    name TEXT PRIMARY KEY,
    public_key_jwk TEXT NOT NULL,
    ingress_secret_hash BLOB NOT NULL,
    previous_secret_hash BLOB,
    previous_secret_until INTEGER,
    pull_token_hash BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    last_seq INTEGER NOT NULL DEFAULT 0,
    stored_events INTEGER NOT NULL DEFAULT 0,
    stored_bytes INTEGER NOT NULL DEFAULT 0,
    refused_while_full INTEGER NOT NULL DEFAULT 0,
    last_ingress_at INTEGER
  )`,
  `CREATE TABLE IF NOT EXISTS events (
    mailbox TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    size INTEGER NOT NULL,
    envelope BLOB NOT NULL,
    PRIMARY KEY (mailbox, seq)
  )`,
  'CREATE INDEX IF NOT EXISTS events_by_time ON events (mailbox, received_at)'
]

export class SqlRelayStore implements RelayStore {
  private hasSchema: boolean

  /**
   * Writes nothing until a mailbox is created: in the Worker every well-formed name reaches an object of its own,
   * and a stranger posting to made-up names must not leave a database behind for each (storage is the account's).
   */
  constructor(private readonly sql: SqlDriver) {
    this.hasSchema =
      sql.all("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mailboxes'").length > 0
  }

  createMailbox(record: MailboxRecord): 'created' | 'exists' {
    if (!this.hasSchema) {
      this.sql.transaction(() => {
        for (const statement of SCHEMA) this.sql.run(statement)
      })
      this.hasSchema = true
    }
    return this.sql.transaction(() => {
      if (this.sql.all('SELECT 1 FROM mailboxes WHERE name = ?', record.name).length > 0) return 'exists'
      this.sql.run(
        `INSERT INTO mailboxes (name, public_key_jwk, ingress_secret_hash, previous_secret_hash, previous_secret_until,
           pull_token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        record.name,
        record.publicKeyJwk,
        record.ingressSecretHash,
        record.previousSecretHash,
        record.previousSecretUntil,
        record.pullTokenHash,
        record.createdAt
      )
      return 'created'
    })
  }

  getMailbox(name: string): MailboxRecord | null {
    if (!this.hasSchema) return null
    const row = this.sql.all('SELECT * FROM mailboxes WHERE name = ?', name)[0]
    if (row === undefined) return null
    return {
      name: String(row.name),
      publicKeyJwk: String(row.public_key_jwk),
      ingressSecretHash: row.ingress_secret_hash as Uint8Array,
      previousSecretHash: (row.previous_secret_hash as Uint8Array | null) ?? null,
      previousSecretUntil: row.previous_secret_until === null ? null : Number(row.previous_secret_until),
      pullTokenHash: row.pull_token_hash as Uint8Array,
      createdAt: Number(row.created_at)
    }
  }

  deleteMailbox(name: string): boolean {
    return this.sql.transaction(() => {
      this.sql.run('DELETE FROM events WHERE mailbox = ?', name)
      return this.sql.run('DELETE FROM mailboxes WHERE name = ?', name) > 0
    })
  }

  listMailboxes(): string[] {
    if (!this.hasSchema) return []
    return this.sql.all('SELECT name FROM mailboxes ORDER BY name').map((row) => String(row.name))
  }

  rotateIngressSecret(name: string, secretHash: Uint8Array, previousUntil: number): void {
    this.sql.run(
      `UPDATE mailboxes SET previous_secret_hash = ingress_secret_hash, previous_secret_until = ?,
         ingress_secret_hash = ? WHERE name = ?`,
      previousUntil,
      secretHash,
      name
    )
  }

  shortenPreviousSecret(name: string, until: number): void {
    this.sql.run(
      `UPDATE mailboxes SET previous_secret_until = ? WHERE name = ? AND previous_secret_until > ?`,
      until,
      name,
      until
    )
  }

  setPullTokenHash(name: string, tokenHash: Uint8Array): void {
    this.sql.run('UPDATE mailboxes SET pull_token_hash = ? WHERE name = ?', tokenHash, name)
  }

  appendEvent(name: string, event: NewEvent): number {
    return this.sql.transaction(() => {
      const row = this.sql.all('SELECT last_seq FROM mailboxes WHERE name = ?', name)[0]
      if (row === undefined) throw new Error(`No mailbox ${name}.`)
      const seq = Number(row.last_seq) + 1
      this.sql.run(
        'INSERT INTO events (mailbox, seq, kind, received_at, size, envelope) VALUES (?, ?, ?, ?, ?, ?)',
        name,
        seq,
        event.kind,
        event.receivedAt,
        event.size,
        event.envelope
      )
      this.sql.run(
        `UPDATE mailboxes SET last_seq = ?, last_ingress_at = ?, stored_events = stored_events + 1,
           stored_bytes = stored_bytes + ? WHERE name = ?`,
        seq,
        event.receivedAt,
        event.envelope.length,
        name
      )
      return seq
    })
  }

  readAfter(name: string, after: number, limit: number): StoredEvent[] {
    return this.sql
      .all(
        'SELECT seq, kind, received_at, size, envelope FROM events WHERE mailbox = ? AND seq > ? ORDER BY seq LIMIT ?',
        name,
        after,
        limit
      )
      .map((row) => ({
        seq: Number(row.seq),
        kind: row.kind as EventKind,
        receivedAt: Number(row.received_at),
        size: Number(row.size),
        envelope: row.envelope as Uint8Array
      }))
  }

  ackUpTo(name: string, upTo: number): number {
    return this.deleteWhere(name, 'seq <= ?', upTo)
  }

  usage(name: string): MailboxUsage {
    // Running totals, not a scan: this is read on every post. The oldest receipt comes off the time index.
    const mailbox = this.sql.all(
      `SELECT last_seq, stored_events, stored_bytes, refused_while_full, last_ingress_at,
         (SELECT MIN(received_at) FROM events WHERE mailbox = ?) AS oldest FROM mailboxes WHERE name = ?`,
      name,
      name
    )[0]
    return {
      events: Number(mailbox?.stored_events ?? 0),
      bytes: Number(mailbox?.stored_bytes ?? 0),
      head: Number(mailbox?.last_seq ?? 0),
      oldestReceivedAt: mailbox?.oldest == null ? null : Number(mailbox.oldest),
      refusedWhileFull: Number(mailbox?.refused_while_full ?? 0),
      lastIngressAt: mailbox?.last_ingress_at == null ? null : Number(mailbox.last_ingress_at)
    }
  }

  countRefusedWhileFull(name: string): void {
    this.sql.run('UPDATE mailboxes SET refused_while_full = refused_while_full + 1 WHERE name = ?', name)
  }

  purgeReceivedUpTo(name: string, cutoff: number): number {
    return this.deleteWhere(name, 'received_at <= ?', cutoff)
  }

  /** Deletes events and keeps the mailbox's running totals (what the cap reads on every post) in step. */
  private deleteWhere(name: string, condition: string, value: number): number {
    return this.sql.transaction(() => {
      const gone = this.sql.all(
        `SELECT COUNT(*) AS events, COALESCE(SUM(LENGTH(envelope)), 0) AS bytes FROM events
           WHERE mailbox = ? AND ${condition}`,
        name,
        value
      )[0]
      const events = Number(gone?.events ?? 0)
      if (events === 0) return 0
      this.sql.run(`DELETE FROM events WHERE mailbox = ? AND ${condition}`, name, value)
      this.sql.run(
        'UPDATE mailboxes SET stored_events = stored_events - ?, stored_bytes = stored_bytes - ? WHERE name = ?',
        events,
        Number(gone?.bytes ?? 0),
        name
      )
      return events
    })
  }
}
