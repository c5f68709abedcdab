// Devices store: the device list as the core reports it (bootstrap, `devices:changed`, action replies) and the device actions.
import { create } from 'zustand'
import type { DeviceView, InvokeReply, InvokeRequest, KeptAtGateway } from '../../../shared/contract'
import { call } from '../api'

/** Where the names of removed devices are kept, so their messages in the outbox still say whose they were. */
export const REMOVED_DEVICES_KEY = 'sender-desk.removed-devices'

/**
 * Whether the remembered labels have been read from storage yet: not at the window's start, whose first touch of
 * local storage is a synchronous round trip to the browser process (1-50 ms here) before the shell (issue 29).
 */
let removedRead = false

function readRemoved(): Record<string, string> {
  removedRead = true
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REMOVED_DEVICES_KEY) ?? '{}')
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** The labels of the devices that left the list (remembered), keeping the ones remembered before. */
function rememberGone(before: DeviceView[], after: DeviceView[], removed: Record<string, string>) {
  const kept = new Set(after.map((d) => d.id))
  const gone = before.filter((d) => !kept.has(d.id))
  if (gone.length === 0) return removed
  const known = removedRead ? removed : { ...readRemoved(), ...removed }
  const next = { ...known, ...Object.fromEntries(gone.map((d) => [d.id, d.label])) }
  try {
    localStorage.setItem(REMOVED_DEVICES_KEY, JSON.stringify(next))
  } catch {
    // Without storage the names are kept for this window only.
  }
  return next
}

/** How many records a removal in this window added: one added while the core's were being read is not lost. */
let keptAdded = 0

/** The core's records, with those this window added that the core's answer may have been read before. */
function withAddedSince(records: KeptAtGateway[], local: KeptAtGateway[], added: boolean): KeptAtGateway[] {
  if (!added) return records
  return [...records, ...local.filter((kept) => !records.some((record) => record.deviceId === kept.deviceId))]
}

interface DevicesState {
  devices: DeviceView[]
  /**
   * Removed devices whose reminders the gateway keeps sending: the core keeps the record, so a restart or a reload
   * shows it again, until the operator says they are deleted at the gateway.
   */
  keptAtGateway: KeptAtGateway[]
  /** Reads the records from the core (the Devices view does as it is shown). */
  readKeptAtGateway(): Promise<void>
  /** The operator deleted the device's reminders at the gateway: the core forgets its record. */
  dismissKeptAtGateway(deviceId: string): Promise<void>
  /** Labels of devices removed from this computer, by id: their messages stay in the outbox. */
  removedLabels: Record<string, string>
  /** Read the remembered labels from storage, once (the window does it just after its shell is on screen). */
  restoreRemovedLabels(): void
  /** Replace the whole list (bootstrap, `devices:changed`, `devices:list`). */
  setDevices(devices: DeviceView[]): void
  /** Put one device the core just returned into the list (keeps the order; appends a new one). */
  upsert(device: DeviceView): void
  add(request: InvokeRequest<'devices:add'>): Promise<DeviceView>
  rename(id: string, label: string): Promise<DeviceView>
  updateToken(id: string, token: string, secret?: string): Promise<DeviceView>
  setFileLimit(id: string, maxFileBytes: number | null): Promise<DeviceView>
  /** `keepGatewayReminders`: removed even though its reminders stay at the gateway (which keeps sending them). */
  remove(id: string, keepGatewayReminders?: boolean): Promise<void>
  restart(id: string): Promise<InvokeReply<'devices:restart'>>
  changeNumber(id: string, phone: string): Promise<DeviceView>
  refresh(id: string): Promise<DeviceView>
}

export const useDevices = create<DevicesState>()((set, get) => ({
  devices: [],
  keptAtGateway: [],
  async readKeptAtGateway() {
    const before = keptAdded
    const { records } = await call('devices:keptAtGateway', {})
    set((state) => ({ keptAtGateway: withAddedSince(records, state.keptAtGateway, keptAdded !== before) }))
  },
  async dismissKeptAtGateway(deviceId) {
    const { records } = await call('devices:dismissKeptAtGateway', { deviceId })
    set({ keptAtGateway: records })
  },
  removedLabels: {},
  restoreRemovedLabels() {
    if (removedRead) return
    set((state) => ({ removedLabels: { ...readRemoved(), ...state.removedLabels } }))
  },
  setDevices: (devices) =>
    set((state) => ({ devices, removedLabels: rememberGone(state.devices, devices, state.removedLabels) })),
  upsert(device) {
    const devices = get().devices
    const index = devices.findIndex((d) => d.id === device.id)
    set({ devices: index < 0 ? [...devices, device] : devices.map((d, i) => (i === index ? device : d)) })
  },
  async add(request) {
    const device = await call('devices:add', request)
    get().upsert(device)
    return device
  },
  async rename(id, label) {
    const device = await call('devices:rename', { id, label })
    get().upsert(device)
    return device
  },
  async updateToken(id, token, secret) {
    const device = await call('devices:updateToken', { id, token, ...(secret ? { secret } : {}) })
    get().upsert(device)
    return device
  },
  async setFileLimit(id, maxFileBytes) {
    const device = await call('devices:setFileLimit', { id, maxFileBytes })
    get().upsert(device)
    return device
  },
  async remove(id, keepGatewayReminders) {
    const label = get().devices.find((d) => d.id === id)?.label ?? id
    const { keptAtGateway: reminders = [] } = await call(
      'devices:remove',
      keepGatewayReminders ? { id, keepGatewayReminders } : { id }
    )
    if (reminders.length > 0) {
      keptAdded++
      set((state) => ({
        keptAtGateway: [
          ...state.keptAtGateway.filter((kept) => kept.deviceId !== id),
          { deviceId: id, label, reminders }
        ]
      }))
    }
    get().setDevices(get().devices.filter((d) => d.id !== id))
  },
  async restart(id) {
    const reply = await call('devices:restart', { id })
    get().upsert(reply.device)
    return reply
  },
  async changeNumber(id, phone) {
    const device = await call('devices:changeNumber', { id, phone })
    get().upsert(device)
    return device
  },
  async refresh(id) {
    const device = await call('devices:refresh', { id })
    get().upsert(device)
    return device
  }
}))

export function deviceById(id: string | null | undefined): DeviceView | undefined {
  return id ? useDevices.getState().devices.find((d) => d.id === id) : undefined
}

export function resetDevicesStore(): void {
  localStorage.removeItem(REMOVED_DEVICES_KEY)
  removedRead = false
  keptAdded = 0
  useDevices.setState({ devices: [], removedLabels: {}, keptAtGateway: [] })
}
