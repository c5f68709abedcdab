// The gateway reminders Sender Desk created for a device: created, updated, refreshed and deleted at the gateway, and
// remembered here because the gateway has no call that lists them.
import { randomUUID } from 'node:crypto'
import { isGatewayError, mayHaveReachedGateway } from '../gateway'
import type { GatewayClient, Reminder, ReminderInput } from '../gateway'
import { nextOccurrence, type RecurrenceRule } from '../sending'
import type { ReminderRecord, ReminderStore } from '../store'
import { GATEWAY_TIME_ZONE, periodeRule } from '../../../shared/domain'

export interface ReminderDraft {
  phone: string
  message: string
  title?: string
  /** 'YYYY-MM-DDTHH:mm[:ss]' on the gateway's clock for the device. */
  start: string
}

/** 'YYYY-MM-DDTHH:mm' → 'YYYY-MM-DD HH:mm:00', the gateway's form. */
export function gatewayDateTime(local: string): string {
  const [date, time = ''] = local.split('T')
  return `${date} ${time.length === 5 ? `${time}:00` : time}`
}

/** A reminder whose gateway id is known: it can be changed, read again and deleted there. */
export type ConfirmedReminder = ReminderRecord & { reminderId: string }

export class GatewayReminders {
  constructor(
    private readonly store: ReminderStore,
    private readonly now: () => number
  ) {}

  /**
   * When the gateway next sends `record` (ISO), worked out from its start and period on its clock (the gateway's
   * usual one when it named none); null when its start is no wall-clock time that can be read.
   */
  nextAt(record: ReminderRecord): string | null {
    const rule: RecurrenceRule = periodeRule(record.periode, record.customDay)
    try {
      const start = record.startLocal.trim().replace(' ', 'T')
      const next = nextOccurrence(start, record.timeZone ?? GATEWAY_TIME_ZONE, rule, this.now())
      return new Date(next.at).toISOString()
    } catch {
      return null
    }
  }

  list(deviceId?: string): ReminderRecord[] {
    return this.store.list(deviceId)
  }

  get(id: string): ReminderRecord | undefined {
    return this.store.get(id)
  }

  /**
   * The device's reminder that would send what `draft` would, to the same number at the same times: its title does
   * not count (the customer sees the message, not the title). The start is compared in the gateway's form, whichever
   * form the gateway answered with. `except`: the reminder being edited, which is not a copy of itself.
   */
  sameAs(
    deviceId: string,
    draft: {
      phone: string
      message: string
      start: string
      periode: ReminderInput['periode']
      customDay?: number
    },
    except?: string
  ): ReminderRecord | undefined {
    const startOf = (local: string): string => gatewayDateTime(local.trim().replace(' ', 'T'))
    const start = startOf(draft.start)
    const customDay = draft.periode === 'custom' ? (draft.customDay ?? null) : null
    return this.store
      .list(deviceId)
      .find(
        (record) =>
          record.id !== except &&
          record.phone === draft.phone &&
          record.message.trim() === draft.message.trim() &&
          startOf(record.startLocal) === start &&
          record.periode === draft.periode &&
          record.customDay === customDay
      )
  }

  /**
   * Made at the gateway, then remembered. One whose answer was lost where the gateway may have saved it all the same
   * (a timeout, a garbled answer) is remembered as unconfirmed (no gateway id): made again, it would go out twice, one
   * of them unknown here, so it counts as kept (sameAs) until the operator forgets it.
   */
  async create(
    deviceId: string,
    client: GatewayClient,
    draft: ReminderDraft & { periode: ReminderInput['periode']; customDay?: number }
  ): Promise<ReminderRecord> {
    const startDate = gatewayDateTime(draft.start)
    const now = this.now()
    const asked: ReminderRecord = {
      id: randomUUID(),
      deviceId,
      reminderId: null,
      phone: draft.phone,
      title: draft.title || null,
      message: draft.message,
      startLocal: startDate,
      periode: draft.periode,
      customDay: draft.periode === 'custom' ? (draft.customDay ?? null) : null,
      timeZone: null,
      reminderType: null,
      createdAt: now,
      updatedAt: now
    }
    let answer: Reminder
    try {
      answer = await client.createReminder({
        phone: draft.phone,
        message: draft.message,
        startDate,
        periode: draft.periode,
        ...(draft.customDay !== undefined ? { customDay: draft.customDay } : {}),
        ...(draft.title ? { title: draft.title } : {})
      })
    } catch (error) {
      if (!mayHaveReachedGateway(error)) throw error
      this.store.save(asked)
      return asked
    }
    const record: ReminderRecord = {
      ...asked,
      reminderId: answer.id,
      phone: answer.phone ?? draft.phone,
      title: answer.title ?? asked.title,
      message: answer.message ?? draft.message,
      startLocal: answer.startAt ?? startDate,
      timeZone: answer.timezone,
      reminderType: answer.reminderType
    }
    this.store.save(record)
    return record
  }

  async update(
    record: ConfirmedReminder,
    client: GatewayClient,
    draft: ReminderDraft
  ): Promise<ReminderRecord> {
    const startDate = gatewayDateTime(draft.start)
    const answer = await client.updateReminder(record.reminderId, {
      phone: draft.phone,
      message: draft.message,
      startDate,
      ...(draft.title !== undefined ? { title: draft.title } : {})
    })
    return this.keep(record, answer, {
      phone: draft.phone,
      message: draft.message,
      startLocal: startDate,
      title: draft.title
    })
  }

  async refresh(record: ConfirmedReminder, client: GatewayClient): Promise<ReminderRecord> {
    return this.keep(record, await client.reminderInfo(record.reminderId), {})
  }

  /**
   * Deleted at the gateway, then here; one the gateway no longer knows is forgotten too, and so is an unconfirmed one
   * (there is no id to delete it by: the operator deletes it in the gateway's dashboard if it is there).
   */
  async delete(record: ReminderRecord, client: GatewayClient): Promise<void> {
    if (record.reminderId === null) {
      this.store.delete(record.id)
      return
    }
    try {
      await client.deleteReminder(record.reminderId)
    } catch (error) {
      const gone = isGatewayError(error) && /not\s+found/i.test(error.gatewayMessage ?? '')
      if (!gone) throw error
    }
    this.store.delete(record.id)
  }

  forgetDevice(deviceId: string): void {
    this.store.deleteForDevice(deviceId)
  }

  private keep(
    record: ReminderRecord,
    answer: Reminder,
    sent: { phone?: string; message?: string; startLocal?: string; title?: string | undefined }
  ): ReminderRecord {
    const next: ReminderRecord = {
      ...record,
      phone: answer.phone ?? sent.phone ?? record.phone,
      title: answer.title ?? (sent.title !== undefined ? sent.title || null : record.title),
      message: answer.message ?? sent.message ?? record.message,
      startLocal: answer.startAt ?? sent.startLocal ?? record.startLocal,
      timeZone: answer.timezone ?? record.timeZone,
      reminderType: answer.reminderType ?? record.reminderType,
      updatedAt: this.now()
    }
    this.store.save(next)
    return next
  }
}
