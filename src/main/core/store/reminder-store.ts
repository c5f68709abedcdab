// All SQL of the gateway reminders Sender Desk created: the gateway cannot list them, so they are remembered here.
import type Database from 'better-sqlite3'

export type ReminderPeriode = 'daily' | 'monthly' | 'yearly' | 'custom'

export interface ReminderRecord {
  id: string
  deviceId: string
  /**
   * The gateway's id; null when the gateway's answer to its creation was lost (it may be saved there, under an id not
   * known here). Stored as '' (the column is NOT NULL).
   */
  reminderId: string | null
  phone: string
  title: string | null
  message: string
  /** Y-m-d H:i:s in the gateway's zone for the device. */
  startLocal: string
  periode: ReminderPeriode
  customDay: number | null
  timeZone: string | null
  reminderType: string | null
  createdAt: number
  updatedAt: number
}

interface ReminderRow {
  id: string
  device_id: string
  reminder_id: string
  phone: string
  title: string | null
  message: string
  start_local: string
  periode: ReminderPeriode
  custom_day: number | null
  time_zone: string | null
  reminder_type: string | null
  created_at: number
  updated_at: number
}

function toRecord(row: ReminderRow): ReminderRecord {
  return {
    id: row.id,
    deviceId: row.device_id,
    reminderId: row.reminder_id === '' ? null : row.reminder_id,
    phone: row.phone,
    title: row.title,
    message: row.message,
    startLocal: row.start_local,
    periode: row.periode,
    customDay: row.custom_day,
    timeZone: row.time_zone,
    reminderType: row.reminder_type,
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

export class ReminderStore {
  constructor(private readonly db: Database.Database) {}

  /** Insert or replace (an update rewrites the whole row). */
  save(reminder: ReminderRecord): void {
    this.db
      .prepare(
        `INSERT INTO gateway_reminders (id, device_id, reminder_id, phone, title, message, start_local, periode,
           custom_day, time_zone, reminder_type, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET reminder_id = excluded.reminder_id, phone = excluded.phone,
           title = excluded.title, message = excluded.message, start_local = excluded.start_local,
           periode = excluded.periode, custom_day = excluded.custom_day, time_zone = excluded.time_zone,
           reminder_type = excluded.reminder_type, updated_at = excluded.updated_at`
      )
      .run(
        reminder.id,
        reminder.deviceId,
        reminder.reminderId ?? '',
        reminder.phone,
        reminder.title,
        reminder.message,
        reminder.startLocal,
        reminder.periode,
        reminder.customDay,
        reminder.timeZone,
        reminder.reminderType,
        reminder.createdAt,
        reminder.updatedAt
      )
  }

  get(id: string): ReminderRecord | undefined {
    const row = this.db.prepare('SELECT * FROM gateway_reminders WHERE id = ?').get(id) as
      ReminderRow | undefined
    return row ? toRecord(row) : undefined
  }

  /** Newest first; optionally one device's. */
  list(deviceId?: string): ReminderRecord[] {
    const rows = (
      deviceId === undefined
        ? this.db.prepare('SELECT * FROM gateway_reminders ORDER BY created_at DESC, id').all()
        : this.db
            .prepare('SELECT * FROM gateway_reminders WHERE device_id = ? ORDER BY created_at DESC, id')
            .all(deviceId)
    ) as ReminderRow[]
    return rows.map(toRecord)
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM gateway_reminders WHERE id = ?').run(id)
  }

  deleteForDevice(deviceId: string): void {
    this.db.prepare('DELETE FROM gateway_reminders WHERE device_id = ?').run(deviceId)
  }
}
