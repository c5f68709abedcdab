// The reminders the gateway goes on sending for devices removed anyway ("Remove anyway": the gateway did not delete
// them). Once the device is gone nothing in the app manages them, and this is the operator's only record of what
// still goes out, with the gateway's ids to delete them by. Kept in the settings table, so it outlives a restart and a
// reload of the window, until the operator says they are deleted at the gateway.
import { KeptAtGateway, type RemovalReminder } from '../../../shared/contract'
import type { SettingsStore } from '../store'

const KEPT_AT_GATEWAY_KEY = 'devices.keptAtGateway'

/** The records in what the table holds; one not of this shape is left out. */
function readable(value: unknown): KeptAtGateway[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((record) => {
    const parsed = KeptAtGateway.safeParse(record)
    return parsed.success ? [parsed.data] : []
  })
}

export class KeptAtGatewayRecords {
  constructor(
    private readonly settings: SettingsStore,
    private readonly now: () => number
  ) {}

  /** Oldest removal first. */
  list(): KeptAtGateway[] {
    try {
      return readable(this.settings.get(KEPT_AT_GATEWAY_KEY))
    } catch {
      // Damaged: read as none; the next record sets it aside, kept under another key.
      return []
    }
  }

  /** The device was removed while the gateway keeps these: its record (a new one for the same device replaces it). */
  record(deviceId: string, label: string, reminders: RemovalReminder[]): void {
    this.edit((records) => [
      ...records.filter((record) => record.deviceId !== deviceId),
      { deviceId, label, reminders }
    ])
  }

  /** The operator deleted them at the gateway: the device's record goes. Answers the rest. */
  dismiss(deviceId: string): KeptAtGateway[] {
    return this.edit((records) => records.filter((record) => record.deviceId !== deviceId))
  }

  private edit(change: (records: KeptAtGateway[]) => KeptAtGateway[]): KeptAtGateway[] {
    const next = this.settings.update(KEPT_AT_GATEWAY_KEY, this.now(), (value) => {
      const records = change(readable(value))
      return records.length > 0 ? records : undefined
    })
    return next ?? []
  }
}
