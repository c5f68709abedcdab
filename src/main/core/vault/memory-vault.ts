// An in-memory Vault for tests, the browser harness and the CLI: same contract, nothing on disk.
import type { SecretList } from '../logging'
import {
  VaultLockedError,
  isDeviceSecret,
  type DeviceSecret,
  type StoreOptions,
  type Vault,
  type VaultLoad,
  type VaultStatus
} from './vault'

export interface MemoryVaultOptions {
  status?: VaultStatus
  secrets?: SecretList
}

/** The default lock reason; a test's own reason has no cause and reads as it is. */
const KEYRING_LOCKED = 'the keyring is locked'

export class MemoryVault implements Vault {
  private readonly entries = new Map<string, DeviceSecret>()
  private readonly lockedReasons = new Map<string, string>()
  private readonly currentStatus: VaultStatus
  private readonly secrets: SecretList | undefined

  constructor(options: MemoryVaultOptions = {}) {
    this.currentStatus = options.status ?? { storage: 'session-only', note: null, backend: 'memory' }
    this.secrets = options.secrets
  }

  status(): VaultStatus {
    return { ...this.currentStatus }
  }

  async store(deviceId: string, value: DeviceSecret, options: StoreOptions = {}): Promise<void> {
    if (!isDeviceSecret(value)) throw new TypeError('A device secret needs a token')
    const locked = this.lockedReasons.get(deviceId)
    if (locked !== undefined && !options.replaceLocked) throw new VaultLockedError(deviceId, locked)
    this.lockedReasons.delete(deviceId)
    this.entries.set(
      deviceId,
      value.secret ? { token: value.token, secret: value.secret } : { token: value.token }
    )
    this.secrets?.add(value.token, value.secret)
  }

  async load(deviceId: string): Promise<VaultLoad> {
    const reason = this.lockedReasons.get(deviceId)
    if (reason === KEYRING_LOCKED)
      return { kind: 'locked', reason, cause: { code: 'keyring-locked' }, backend: 'memory' }
    if (reason !== undefined) return { kind: 'locked', reason, backend: 'memory' }
    const value = this.entries.get(deviceId)
    return value ? { kind: 'found', value: { ...value }, backend: 'memory' } : { kind: 'absent' }
  }

  async erase(deviceId: string): Promise<void> {
    this.entries.delete(deviceId)
    this.lockedReasons.delete(deviceId)
  }

  /** Test hook: make an entry behave as present-but-undecryptable until `unlock` (or a replaceLocked store). */
  lock(deviceId: string, reason = KEYRING_LOCKED): void {
    this.lockedReasons.set(deviceId, reason)
  }

  unlock(deviceId: string): void {
    this.lockedReasons.delete(deviceId)
  }

  /** Test hook: ids with an entry (found or locked). */
  ids(): string[] {
    return [...new Set([...this.entries.keys(), ...this.lockedReasons.keys()])]
  }
}
