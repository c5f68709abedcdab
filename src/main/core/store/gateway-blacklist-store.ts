// What each device's gateway blacklist has been given of the opt-out list, a row per device and number, and the
// opt-outs whose push waits for a confirmation to the number to leave the queue. Rows, not one settings entry: the
// app and the terminal write them over their own connections, and a row written by one is never undone by the other
// rewriting a whole record it read before.
import type Database from 'better-sqlite3'
import { preparedOnce } from './prepared'

/** An opt-out's push held back until its confirmation (outbox item `itemId`) left the queue. */
export interface ConfirmationWaitRecord {
  itemId: string
  phone: string
  deviceId: string
  createdAt: number
}

export class GatewayBlacklistStore {
  constructor(private readonly db: Database.Database) {}

  /** The numbers the device's gateway was given (and not since taken off). */
  onGateway(deviceId: string): Set<string> {
    const rows = preparedOnce(this.db, 'SELECT phone FROM gateway_blacklist_entries WHERE device_id = ?')
      .pluck()
      .all(deviceId) as string[]
    return new Set(rows)
  }

  /** The device's gateway took these numbers onto its blacklist (`add`), or off it. */
  pushed(deviceId: string, phones: readonly string[], add: boolean): void {
    if (phones.length === 0) return
    const sql = add
      ? 'INSERT OR IGNORE INTO gateway_blacklist_entries (device_id, phone) VALUES (?, ?)'
      : 'DELETE FROM gateway_blacklist_entries WHERE device_id = ? AND phone = ?'
    const statement = preparedOnce(this.db, sql)
    this.db
      .transaction(() => {
        for (const phone of phones) statement.run(deviceId, phone)
      })
      .immediate()
  }

  /** Nothing is known of the device's gateway blacklist any more. */
  forget(deviceId: string): void {
    preparedOnce(this.db, 'DELETE FROM gateway_blacklist_entries WHERE device_id = ?').run(deviceId)
  }

  /** Kept in the caller's transaction (the opt-out's); a second one for the same item is ignored. */
  addWait(wait: ConfirmationWaitRecord): void {
    preparedOnce(
      this.db,
      `INSERT OR IGNORE INTO opt_out_confirmation_waits (item_id, phone, device_id, created_at)
       VALUES (?, ?, ?, ?)`
    ).run(wait.itemId, wait.phone, wait.deviceId, wait.createdAt)
  }

  waits(): ConfirmationWaitRecord[] {
    return preparedOnce(
      this.db,
      `SELECT item_id AS itemId, phone, device_id AS deviceId, created_at AS createdAt
       FROM opt_out_confirmation_waits ORDER BY created_at, item_id`
    ).all() as ConfirmationWaitRecord[]
  }

  wait(itemId: string): ConfirmationWaitRecord | undefined {
    return preparedOnce(
      this.db,
      `SELECT item_id AS itemId, phone, device_id AS deviceId, created_at AS createdAt
       FROM opt_out_confirmation_waits WHERE item_id = ?`
    ).get(itemId) as ConfirmationWaitRecord | undefined
  }

  /** The numbers whose push still waits for their confirmation. */
  waitingPhones(): Set<string> {
    return new Set(
      preparedOnce(this.db, 'SELECT DISTINCT phone FROM opt_out_confirmation_waits').pluck().all() as string[]
    )
  }

  /** The wait is over; true when this call ended it (another process may have already). */
  endWait(itemId: string): boolean {
    return (
      preparedOnce(this.db, 'DELETE FROM opt_out_confirmation_waits WHERE item_id = ?').run(itemId).changes >
      0
    )
  }
}
