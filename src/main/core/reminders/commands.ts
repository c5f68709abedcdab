/**
 * The reminders feature's commands: reminders set on a device's gateway and remembered here (the gateway cannot
 * list them), with what the sandbox actually sent for sandbox devices.
 */
import type { RemovalReminder, ReminderView } from '../../../shared/contract'
import {
  ApiFailure,
  askedRecipients,
  normalisedRecipients,
  type Commands,
  type OptedOutLookup
} from '../commands'
import { textStart } from '../../../shared/domain'
import { encodeNote } from '../../../shared/i18n/notes'
import { requireClient, requireDevice, type DeviceRegistry, type DeviceRemovalHook } from '../devices'
import { isGatewayError } from '../gateway'
import { assertLocalTime, sendFailureReason } from '../outbox'
import type { ReminderSnapshot } from '@sender-desk/sandbox-gateway'
import type { SandboxLookup } from '../sandbox-control'
import type { ReminderRecord } from '../store'
import type { ConfirmedReminder, GatewayReminders } from './gateway-reminders'
import { isSandboxDevice } from '../../../shared/device-status'

export type ReminderChannel =
  'reminders:list' | 'reminders:create' | 'reminders:update' | 'reminders:refresh' | 'reminders:delete'

export interface ReminderCommandsDeps {
  registry: DeviceRegistry
  reminders: GatewayReminders
  sandboxOf: SandboxLookup
  /** The numbers among these on the opt-out list: a reminder is a direct send, asked about first. */
  optedOut?: OptedOutLookup
}

function toReminderView(
  record: ReminderRecord,
  inSandbox: ReminderSnapshot | undefined,
  nextAt: string | null
): ReminderView {
  return {
    id: record.id,
    deviceId: record.deviceId,
    reminderId: record.reminderId,
    phone: record.phone,
    title: record.title,
    message: record.message,
    startAt: record.startLocal,
    periode: record.periode,
    customDay: record.customDay,
    timezone: record.timeZone,
    reminderType: record.reminderType,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    nextAt: inSandbox?.nextAt ?? nextAt,
    sandbox: inSandbox
      ? { sentCount: inSandbox.sentCount, lastSentAt: inSandbox.lastSentAt, nextAt: inSandbox.nextAt }
      : null
  }
}

/** A reminder as the operator knows it: its title, else the start of its message. */
function reminderName(record: ReminderRecord): string {
  return record.title || textStart(record.message)
}

/** Why a reminder was not deleted at the gateway, as a note in the operator's language; other errors go on as they are. */
function whyNotDeleted(error: unknown): string {
  if (isGatewayError(error)) return sendFailureReason(error)
  if (error instanceof ApiFailure)
    return error.text ? encodeNote(error.text.key, error.text.params) : error.message
  throw error
}

/** A reminder as a device's removal names it: its name, what its schedule is worded from, and the gateway's id. */
function removalReminder(record: ReminderRecord): RemovalReminder {
  return {
    reminderId: record.reminderId,
    name: reminderName(record),
    startAt: record.startLocal,
    periode: record.periode,
    customDay: record.customDay,
    timezone: record.timeZone
  }
}

/**
 * A device being removed: its reminders are deleted at the gateway first, with its token (the gateway keeps sending
 * a reminder until it is deleted there, and nothing can delete it once the token is gone). The first the gateway does
 * not delete stops the removal, named, unless the operator chose to keep them at the gateway; those deleted stay
 * deleted, so a retry asks only about the rest. Once the device is gone, what was remembered of them is dropped.
 */
export function remindersRemovalHook(
  registry: DeviceRegistry,
  reminders: GatewayReminders
): DeviceRemovalHook {
  /** Oldest first, as the operator made them. */
  const oldestFirst = (deviceId: string): ReminderRecord[] => reminders.list(deviceId).reverse()
  return {
    preview(deviceId) {
      const kept = oldestFirst(deviceId)
      return { gatewayReminders: kept.length, reminders: kept.map(removalReminder) }
    },
    async clearAtGateway(deviceId, { keepGatewayReminders }) {
      // Kept there: named in the answer, the only record of what the gateway goes on sending once the device is gone.
      if (keepGatewayReminders) return oldestFirst(deviceId).map(removalReminder)
      // An unconfirmed one has no id to delete it by: named too, as one the gateway may go on sending.
      const unconfirmed = oldestFirst(deviceId).filter((record) => record.reminderId === null)
      for (const record of oldestFirst(deviceId)) {
        if (record.reminderId === null) continue
        try {
          await reminders.delete(record, await requireClient(registry, deviceId))
        } catch (error) {
          throw new ApiFailure('reminder_not_deleted', {
            key: 'desktop.error.reminderNotDeleted',
            params: {
              reminder: reminderName(record),
              label: registry.get(deviceId)?.label ?? deviceId,
              reason: whyNotDeleted(error)
            }
          })
        }
      }
      return unconfirmed.map(removalReminder)
    },
    forgetDevice: (deviceId) => reminders.forgetDevice(deviceId)
  }
}

export function createReminderCommands(deps: ReminderCommandsDeps): Commands<ReminderChannel> {
  const { registry, reminders, sandboxOf } = deps
  const clientOf = (deviceId: string) => requireClient(registry, deviceId)

  function requireReminder(id: string): ReminderRecord {
    const record = reminders.get(id)
    if (!record) throw new ApiFailure('not_found', { key: 'desktop.error.reminderGone' }, 'id')
    return record
  }

  /** One whose gateway id is known: an unconfirmed one has nothing to be changed or read there by. */
  function requireConfirmed(id: string): ConfirmedReminder {
    const record = requireReminder(id)
    if (record.reminderId === null)
      throw new ApiFailure('reminder_unconfirmed', {
        key: 'desktop.error.reminderUnconfirmed',
        params: { reminder: reminderName(record) }
      })
    return { ...record, reminderId: record.reminderId }
  }

  /** Reminder views, with what the sandbox sent for sandbox devices' reminders. */
  async function reminderViews(records: ReminderRecord[]): Promise<ReminderView[]> {
    const byDevice = new Map<string, ReminderSnapshot[]>()
    for (const deviceId of new Set(records.map((record) => record.deviceId))) {
      const device = registry.get(deviceId)
      if (!device || !isSandboxDevice(device)) continue
      const access = await sandboxOf(deviceId, false).catch(() => null)
      if (access) byDevice.set(deviceId, await access.control.reminders(access.token))
    }
    return records.map((record) =>
      toReminderView(
        record,
        byDevice.get(record.deviceId)?.find((reminder) => reminder.id === record.reminderId),
        reminders.nextAt(record)
      )
    )
  }

  /**
   * A reminder the same as one the device keeps is refused, naming that one: the gateway would keep both and send
   * each, so the customer would get the message twice at every time.
   */
  function refuseCopy(
    deviceId: string,
    draft: Parameters<GatewayReminders['sameAs']>[1],
    except?: string
  ): void {
    const kept = reminders.sameAs(deviceId, draft, except)
    if (kept)
      throw new ApiFailure('reminder_exists', {
        // Unconfirmed, it may be there or not: said so, with the way to settle it.
        key: kept.reminderId === null ? 'desktop.error.reminderMaybeExists' : 'desktop.error.reminderExists',
        params: { reminder: reminderName(kept) }
      })
  }

  async function reminderView(record: ReminderRecord): Promise<ReminderView> {
    const [view] = await reminderViews([record])
    if (!view) throw new Error('a reminder always has a view')
    return view
  }

  return {
    async 'reminders:list'({ deviceId }) {
      if (deviceId) requireDevice(registry, deviceId)
      return { reminders: await reminderViews(reminders.list(deviceId)) }
    },

    async 'reminders:create'({ deviceId, phone, message, title, start, periode, customDay, optedOut }) {
      // The gateway takes any digits for a start (0026 among them) and its card then reads them as it likes.
      assertLocalTime(start, 'start')
      const client = await clientOf(deviceId)
      const [normalised = phone] =
        askedRecipients(deps.optedOut, [phone], false, optedOut, 'phone') ??
        normalisedRecipients([phone], false, 'phone')
      refuseCopy(deviceId, { phone: normalised, message, start, periode, customDay })
      const record = await reminders.create(deviceId, client, {
        phone: normalised,
        message,
        start,
        periode,
        ...(title ? { title } : {}),
        ...(customDay !== undefined ? { customDay } : {})
      })
      return reminderView(record)
    },

    async 'reminders:update'({ id, phone, message, title, start }) {
      assertLocalTime(start, 'start')
      const record = requireConfirmed(id)
      const client = await clientOf(record.deviceId)
      const [normalised = phone] = normalisedRecipients([phone], false, 'phone')
      const { periode, customDay } = record
      refuseCopy(
        record.deviceId,
        { phone: normalised, message, start, periode, ...(customDay === null ? {} : { customDay }) },
        record.id
      )
      const updated = await reminders.update(record, client, {
        phone: normalised,
        message,
        start,
        ...(title !== undefined ? { title } : {})
      })
      return reminderView(updated)
    },

    async 'reminders:refresh'({ id }) {
      const record = requireConfirmed(id)
      return reminderView(await reminders.refresh(record, await clientOf(record.deviceId)))
    },

    async 'reminders:delete'({ id }) {
      const record = requireReminder(id)
      await reminders.delete(record, await clientOf(record.deviceId))
      return { ok: true as const }
    }
  }
}
