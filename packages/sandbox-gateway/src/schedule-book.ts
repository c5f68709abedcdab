// Schedules and reminders of the sandbox world: what the schedule and reminder routes keep, and the messages they
// ask to send when they come due.

import { nextOccurrence } from './local-time'
import type { MessageDraft } from './message-book'
import type { DeviceRecord, ReminderRecord, ScheduleCategory, ScheduleRecord } from './records'
import { reminderRepeat } from './reminder-periods'
import { GatewayRejection } from './rejections'
import { uniqueNumericId } from './random-source'
import { iso, type WorldContext } from './world-context'
import type { ReminderSnapshot, ScheduleSnapshot } from './world-interface'

export interface ScheduleDraft {
  version: 'v1' | 'v2'
  category: ScheduleCategory
  rawPhone: string
  phone: string
  isGroup: boolean
  text: string
  url: string | null
  timezone: string
  scheduleAt: string
  dueAt: number
}

/** A reminder as create/update give it (the route has validated and normalised every field). */
export interface ReminderDraft {
  phone: string
  title: string
  message: string
  /** `Y-m-d H:i:s` in the device's zone. */
  startLocal: string
  periode: ReminderRecord['periode']
  customDay: number | null
}

/** A message a schedule or reminder asks the world to send, now that it is due. */
export interface DueSend {
  deviceSerial: string
  draft: MessageDraft
  at: number
  endpoint: 'schedule' | 'reminder'
  scheduleId: string
  /** The message id to use (a schedule's message keeps the schedule's id), or null for a new one. */
  messageId: string | null
  /** Why it was not sent, when the device cannot send: prefixed to the refusal. */
  refusedAs: string
  /** Called once the message is recorded. */
  onRecorded: () => void
}

export class ScheduleBook {
  private scheduleList: ScheduleRecord[] = []
  private reminderList: ReminderRecord[] = []

  constructor(private readonly context: WorldContext) {}

  // ---- schedules ----

  schedules(serial?: string): ScheduleSnapshot[] {
    return this.scheduleList
      .filter((schedule) => serial === undefined || schedule.deviceSerial === serial)
      .map((schedule) => ({
        id: schedule.id,
        deviceSerial: schedule.deviceSerial,
        version: schedule.version,
        category: schedule.category,
        phone: schedule.phone,
        isGroup: schedule.isGroup,
        text: schedule.text,
        url: schedule.url,
        timezone: schedule.timezone,
        scheduleAt: schedule.scheduleAt,
        dueAt: iso(schedule.dueAt),
        status: schedule.status
      }))
  }

  addSchedules(device: DeviceRecord, drafts: ScheduleDraft[]): ScheduleRecord[] {
    const now = this.context.clock.now()
    const added = drafts.map((draft): ScheduleRecord => ({
      ...draft,
      id: this.context.random.uuid(),
      deviceSerial: device.serial,
      status: 'waiting',
      createdAt: now
    }))
    this.scheduleList.push(...added)
    this.context.changed()
    return added
  }

  scheduleOf(device: DeviceRecord, id: string): ScheduleRecord | undefined {
    return this.scheduleList.find((schedule) => schedule.id === id && schedule.deviceSerial === device.serial)
  }

  updateSchedule(device: DeviceRecord, id: string, draft: ScheduleDraft): ScheduleRecord {
    const schedule = this.waitingSchedule(device, id)
    Object.assign(schedule, draft, { version: schedule.version })
    this.context.changed()
    return schedule
  }

  cancelSchedule(device: DeviceRecord, id: string): ScheduleRecord {
    const schedule = this.waitingSchedule(device, id)
    schedule.status = 'cancel'
    this.context.changed()
    return schedule
  }

  /** Deletes the device's schedules among `ids` (any status); how many were deleted. */
  deleteSchedules(device: DeviceRecord, ids: readonly string[]): number {
    const before = this.scheduleList.length
    this.scheduleList = this.scheduleList.filter(
      (schedule) => !(schedule.deviceSerial === device.serial && ids.includes(schedule.id))
    )
    const deleted = before - this.scheduleList.length
    if (deleted > 0) this.context.changed()
    return deleted
  }

  // ---- reminders ----

  reminders(serial?: string): ReminderSnapshot[] {
    return this.reminderList
      .filter((reminder) => serial === undefined || reminder.deviceSerial === serial)
      .map((reminder) => reminderSnapshot(reminder))
  }

  reminderOf(device: DeviceRecord, id: string): ReminderRecord | undefined {
    return this.reminderList.find((reminder) => reminder.id === id && reminder.deviceSerial === device.serial)
  }

  addReminder(device: DeviceRecord, draft: ReminderDraft): ReminderRecord {
    const reminder: ReminderRecord = {
      id: uniqueNumericId(
        this.context.random,
        7,
        this.reminderList.map((entry) => entry.id)
      ),
      deviceSerial: device.serial,
      ...draft,
      timezone: device.timezone,
      nextIndex: 0,
      nextAt: 0,
      sentCount: 0,
      lastSentAt: null,
      createdAt: this.context.clock.now()
    }
    this.planReminder(reminder)
    this.reminderList.push(reminder)
    this.context.changed()
    return reminder
  }

  updateReminder(device: DeviceRecord, id: string, draft: ReminderDraft): ReminderRecord {
    const reminder = this.reminderOf(device, id)
    if (!reminder) throw new GatewayRejection(`reminder ${id} not found`)
    Object.assign(reminder, draft)
    this.planReminder(reminder)
    this.context.changed()
    return reminder
  }

  removeReminder(device: DeviceRecord, id: string): ReminderRecord {
    const reminder = this.reminderOf(device, id)
    if (!reminder) throw new GatewayRejection(`reminder ${id} not found`)
    this.reminderList = this.reminderList.filter((entry) => entry !== reminder)
    this.context.changed()
    return reminder
  }

  // ---- coming due ----

  /**
   * The earliest schedule or reminder occurrence, with what firing it does: a schedule is marked fired, a reminder
   * moves to its next occurrence; both hand back the message to send.
   */
  nextDue(): { at: number; fire: () => DueSend } | null {
    let best: { at: number; fire: () => DueSend } | null = null
    for (const schedule of this.scheduleList) {
      if (schedule.status === 'waiting' && (!best || schedule.dueAt < best.at)) {
        best = { at: schedule.dueAt, fire: () => this.fireSchedule(schedule) }
      }
    }
    for (const reminder of this.reminderList) {
      if (!best || reminder.nextAt < best.at)
        best = { at: reminder.nextAt, fire: () => this.fireReminder(reminder) }
    }
    return best
  }

  // ---- persistence ----

  records(): { schedules: ScheduleRecord[]; reminders: ReminderRecord[] } {
    return { schedules: this.scheduleList, reminders: this.reminderList }
  }

  load(schedules: readonly ScheduleRecord[], reminders: readonly ReminderRecord[]): void {
    this.scheduleList = [...schedules]
    this.reminderList = [...reminders]
  }

  // ---- internals ----

  /** A due schedule becomes a message with the schedule's id, so reports find it by that id. */
  private fireSchedule(schedule: ScheduleRecord): DueSend {
    schedule.status = 'fired'
    return {
      deviceSerial: schedule.deviceSerial,
      draft: {
        phone: schedule.phone,
        isGroup: schedule.isGroup,
        kind: schedule.category,
        text: schedule.text,
        fileName: schedule.url === null ? null : (schedule.url.split('/').pop() ?? null),
        url: schedule.url,
        fileBytes: null,
        refId: null
      },
      at: schedule.dueAt,
      endpoint: 'schedule',
      scheduleId: schedule.id,
      messageId: schedule.id,
      refusedAs: 'schedule not sent',
      onRecorded: () => undefined
    }
  }

  /**
   * A reminder's occurrence comes due: it becomes a message (endpoint `reminder`, the reminder's id as its
   * scheduleId) and the reminder moves to its next occurrence.
   */
  private fireReminder(reminder: ReminderRecord): DueSend {
    const at = reminder.nextAt
    reminder.nextIndex += 1
    reminder.nextAt = nextOccurrence(
      reminder.startLocal,
      reminder.timezone,
      reminderRepeat(reminder.periode, reminder.customDay),
      at
    ).at
    return {
      deviceSerial: reminder.deviceSerial,
      draft: {
        phone: reminder.phone,
        isGroup: false,
        kind: 'text',
        text: reminder.message,
        fileName: null,
        url: null,
        fileBytes: null,
        refId: null
      },
      at,
      endpoint: 'reminder',
      scheduleId: reminder.id,
      messageId: null,
      refusedAs: 'reminder not sent',
      onRecorded: () => {
        reminder.sentCount += 1
        reminder.lastSentAt = at
      }
    }
  }

  private waitingSchedule(device: DeviceRecord, id: string): ScheduleRecord {
    const schedule = this.scheduleOf(device, id)
    if (!schedule) throw new GatewayRejection('schedule not found')
    if (schedule.status !== 'waiting') {
      throw new GatewayRejection(`schedule already ${schedule.status === 'fired' ? 'sent' : 'canceled'}`)
    }
    return schedule
  }

  /** The next occurrence still ahead of now (a reminder whose start has passed begins with the next one). */
  private planReminder(reminder: ReminderRecord): void {
    const next = nextOccurrence(
      reminder.startLocal,
      reminder.timezone,
      reminderRepeat(reminder.periode, reminder.customDay),
      this.context.clock.now() - 1
    )
    reminder.nextIndex = next.index
    reminder.nextAt = next.at
  }
}

function reminderSnapshot(reminder: ReminderRecord): ReminderSnapshot {
  return {
    id: reminder.id,
    deviceSerial: reminder.deviceSerial,
    phone: reminder.phone,
    title: reminder.title,
    message: reminder.message,
    timezone: reminder.timezone,
    startAt: reminder.startLocal,
    periode: reminder.periode,
    customDay: reminder.customDay,
    nextAt: iso(reminder.nextAt),
    sentCount: reminder.sentCount,
    lastSentAt: reminder.lastSentAt === null ? null : iso(reminder.lastSentAt)
  }
}
