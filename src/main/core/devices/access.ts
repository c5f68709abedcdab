// Lookups every feature's commands share: a device that must exist, and its gateway client (opened once, in the registry).
import { ApiFailure } from '../commands'
import type { GatewayClient } from '../gateway'
import type { DeviceRecord, DeviceRegistry } from './registry'

/** Whatever knows the devices by id: the registry, or the one device a terminal command runs for. */
export interface DeviceLookup<D = DeviceRecord> {
  get(id: string): D | undefined
}

export function requireDevice<D = DeviceRecord>(
  registry: DeviceLookup<D>,
  id: string,
  field = 'deviceId'
): D {
  const device = registry.get(id)
  if (!device) throw new ApiFailure('not_found', { key: 'desktop.error.deviceGone' }, field)
  return device
}

export async function requireClient(registry: DeviceRegistry, deviceId: string): Promise<GatewayClient> {
  requireDevice(registry, deviceId)
  const client = await registry.clientFor(deviceId)
  if (!client) throw new ApiFailure('token_locked', { key: 'desktop.error.tokenLocked' })
  return client
}
