// A sandbox device's place in the running sandbox: its control client, token and snapshot, or the operator-facing
// reason why not.
import { ApiFailure } from '../commands'
import { requireDevice, type DeviceRegistry } from '../devices'
import type { DeviceSnapshot, SandboxControl } from '@sender-desk/sandbox-gateway'
import type { Vault } from '../vault'
import type { EmbeddedSandbox } from './embedded-sandbox'
import { isSandboxDevice } from '../../../shared/device-status'

export interface SandboxAccess {
  control: SandboxControl
  token: string
  device: DeviceSnapshot
}

export interface SandboxAccessDeps {
  registry: DeviceRegistry
  vault: Vault
  sandbox: EmbeddedSandbox
}

export type SandboxLookup = {
  (deviceId: string, required: true): Promise<SandboxAccess>
  (deviceId: string, required: false): Promise<SandboxAccess | null>
}

/** Looks up sandbox devices; with `required` false, other devices (or a stopped sandbox) answer null. */
export function sandboxLookup(deps: SandboxAccessDeps): SandboxLookup {
  async function sandboxOf(deviceId: string, required: boolean): Promise<SandboxAccess | null> {
    const device = requireDevice(deps.registry, deviceId)
    if (!isSandboxDevice(device)) {
      if (required) throw new ApiFailure('not_sandbox', { key: 'desktop.error.notSandbox' }, 'deviceId')
      return null
    }
    const running = await deps.sandbox.current()
    if (!running) {
      if (required) throw new ApiFailure('sandbox_stopped', { key: 'desktop.error.sandboxStopped' })
      return null
    }
    const loaded = await deps.vault.load(deviceId)
    if (loaded.kind !== 'found')
      throw new ApiFailure('token_locked', { key: 'desktop.error.sandboxTokenLocked' })
    const token = loaded.value.token
    try {
      return { control: running.control, token, device: await running.control.device(token) }
    } catch {
      throw new ApiFailure('sandbox_refused', { key: 'desktop.error.sandboxForgot' })
    }
  }
  return sandboxOf as SandboxLookup
}
