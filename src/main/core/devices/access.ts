// Lookups every feature's commands share: a device that must exist, and its gateway client (opened once, in the registry).
import { ApiFailure } from '../commands'
import type { GatewayClient } from '../gateway'
import type { DeviceRecord, DeviceRegistry } from './registry'

export function requireDevice(registry: DeviceRegistry, id: string, field = 'deviceId'): DeviceRecord {
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
