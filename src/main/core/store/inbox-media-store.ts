// The state of customers' media files on their messages (inbox_messages.media_*): which wait to be fetched and when,
// and what became of each. The fetcher (core/inbox/media-fetcher.ts) is the only writer besides the sync's insert.
import type Database from 'better-sqlite3'

export const MEDIA_STATES = ['pending', 'fetched', 'too_large', 'failed', 'refused'] as const
export type MediaState = (typeof MEDIA_STATES)[number]

/** A file waiting to be fetched, with what decides where from and whether it may be. */
export interface MediaJob {
  number: number
  url: string
  file: string | null
  declaredMime: string | null
  messageType: string
  deviceSerial: string | null
  devicePhone: string | null
  attempts: number
}

/** What the thread shows of a message's file. */
export interface MediaRecord {
  number: number
  state: MediaState
  messageType: string
  file: string | null
  /** The type to render with: told from the bytes for an image, else what the gateway declared. */
  type: string | null
  bytes: number | null
  /** Why it is not fetched (too large, refused, the last failure), in English for diagnostics. */
  note: string | null
  attempts: number
}

interface JobRow {
  number: number
  media_url: string
  media_file: string | null
  media_mime: string | null
  message_type: string
  device_serial: string | null
  device_phone: string | null
  media_attempts: number
}

interface MediaRow {
  number: number
  media_state: MediaState
  message_type: string
  media_file: string | null
  media_mime: string | null
  media_type: string | null
  media_bytes: number | null
  media_note: string | null
  media_attempts: number
}

export class InboxMediaStore {
  constructor(private readonly db: Database.Database) {}

  /** Pending files due by `now`, the longest waiting first. */
  due(now: number, limit: number): MediaJob[] {
    const rows = this.db
      .prepare(
        `SELECT number, media_url, media_file, media_mime, message_type, device_serial, device_phone, media_attempts
         FROM inbox_messages WHERE media_state = 'pending' AND media_retry_at <= ?
         ORDER BY media_retry_at, number LIMIT ?`
      )
      .all(now, limit) as JobRow[]
    return rows.map((row) => ({
      number: row.number,
      url: row.media_url,
      file: row.media_file,
      declaredMime: row.media_mime,
      messageType: row.message_type,
      deviceSerial: row.device_serial,
      devicePhone: row.device_phone,
      attempts: row.media_attempts
    }))
  }

  /** When the next pending file is due, or null when none waits. */
  nextDueAt(): number | null {
    const row = this.db
      .prepare(`SELECT MIN(media_retry_at) AS at FROM inbox_messages WHERE media_state = 'pending'`)
      .get() as { at: number | null }
    return row.at
  }

  /** The file is on disk: only a pending message moves (a second fetch of the same one changes nothing). */
  fetched(number: number, bytes: number, type: string | null): boolean {
    return (
      this.db
        .prepare(
          `UPDATE inbox_messages SET media_state = 'fetched', media_bytes = ?, media_type = ?, media_note = NULL,
             media_attempts = media_attempts + 1, media_retry_at = NULL
           WHERE number = ? AND media_state = 'pending'`
        )
        .run(bytes, type, number).changes === 1
    )
  }

  /** A final outcome other than fetched: too large, refused, or failed for good. */
  settle(
    number: number,
    state: 'too_large' | 'failed' | 'refused',
    note: string,
    bytes: number | null = null
  ): void {
    this.db
      .prepare(
        `UPDATE inbox_messages SET media_state = ?, media_note = ?, media_bytes = ?,
           media_attempts = media_attempts + 1, media_retry_at = NULL
         WHERE number = ? AND media_state = 'pending'`
      )
      .run(state, note, bytes, number)
  }

  /** A failed attempt that may succeed later: tried again at `at`. */
  retryAt(number: number, at: number, note: string): void {
    this.db
      .prepare(
        `UPDATE inbox_messages SET media_note = ?, media_attempts = media_attempts + 1, media_retry_at = ?
         WHERE number = ? AND media_state = 'pending'`
      )
      .run(note, at, number)
  }

  /** The operator's "Try again": a failed or too large file waits again, due at once. False for other states. */
  retry(number: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE inbox_messages SET media_state = 'pending', media_attempts = 0, media_retry_at = 0, media_note = NULL
           WHERE number = ? AND media_state IN ('failed', 'too_large')`
        )
        .run(number).changes === 1
    )
  }

  media(number: number): MediaRecord | undefined {
    const row = this.db
      .prepare(
        `SELECT number, media_state, message_type, media_file, media_mime, media_type, media_bytes, media_note,
           media_attempts
         FROM inbox_messages WHERE number = ? AND media_state IS NOT NULL`
      )
      .get(number) as MediaRow | undefined
    return row ? toMediaRecord(row) : undefined
  }

  /** Whether a fetched file is still owed to this message: a file on disk without one is a stray. */
  isFetched(number: number): boolean {
    return (
      this.db
        .prepare(`SELECT 1 FROM inbox_messages WHERE number = ? AND media_state = 'fetched'`)
        .get(number) !== undefined
    )
  }
}

export function toMediaRecord(row: MediaRow): MediaRecord {
  return {
    number: row.number,
    state: row.media_state,
    messageType: row.message_type,
    file: row.media_file,
    type: row.media_type ?? row.media_mime,
    bytes: row.media_bytes,
    note: row.media_note,
    attempts: row.media_attempts
  }
}
