// The real vault without Electron: secrets encrypted by an injected Cipher (the shell's safeStorage) in a
// 0600 JSON file, each entry recording which backend encrypted it; session-only memory when there is no keyring.
import { z } from 'zod'
import type { Clock } from '../clock'
import { CorruptFileError, readJsonFile, setAside, writeJsonAtomic } from '../private-files'
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

/** The encryption port; in the shell it wraps Electron's safeStorage (async API where available). */
export interface Cipher {
  isAvailable(): boolean
  /** e.g. 'gnome_libsecret', 'kwallet', 'kwallet5', 'basic_text', 'keychain', 'dpapi'. */
  backend(): string
  encrypt(text: string): Promise<Buffer>
  decrypt(data: Buffer): Promise<string>
}

/** Linux's fallback backend: a hard-coded key, i.e. no real protection. */
export const UNPROTECTED_BACKEND = 'basic_text'
/** Recorded for entries written without any cipher (explicit weak opt-in with no cipher at all). */
export const PLAINTEXT_BACKEND = 'plaintext'

const Entry = z.object({
  backend: z.string(),
  encoding: z.enum(['cipher', 'plain']),
  data: z.string(),
  storedAt: z.string().optional()
})
type Entry = z.infer<typeof Entry>

const VaultFile = z.object({ version: z.literal(1), entries: z.record(z.string(), Entry) })
type VaultFile = z.infer<typeof VaultFile>

export interface EncryptedFileVaultOptions {
  cipher: Cipher
  /** e.g. <userData>/vault.json */
  file: string
  /** Explicit operator opt-in (Settings → allowWeakTokenStorage) to persist secrets without a real keyring. */
  allowWeak?: boolean
  /** Every secret stored or loaded is added here so logs can mask it. */
  secrets?: SecretList
  clock?: Clock
  /** For the keyring hint; defaults to process.platform. */
  platform?: NodeJS.Platform
}

function keyringHint(platform: NodeJS.Platform): string {
  if (platform === 'linux') {
    return (
      'No keyring is available, so tokens are kept for this session only and must be entered again after a restart. ' +
      'Install and unlock GNOME Keyring or KWallet (for example the gnome-keyring or kwalletmanager package), then restart Sender Desk; ' +
      'or allow weak token storage in Settings.'
    )
  }
  return (
    'The system keychain is not available, so tokens are kept for this session only and must be entered again after a restart. ' +
    'Unlock your keychain and restart Sender Desk, or allow weak token storage in Settings.'
  )
}

function weakNote(backend: string | undefined): string {
  return backend === UNPROTECTED_BACKEND
    ? 'No keyring is available; as you allowed, tokens are stored with weak protection (basic_text) in a file only your user can read.'
    : 'No keyring is available; as you allowed, tokens are stored unencrypted in a file only your user can read.'
}

export class EncryptedFileVault implements Vault {
  private readonly cipher: Cipher
  private readonly file: string
  private readonly secrets: SecretList | undefined
  private readonly clock: Clock | undefined
  private readonly platform: NodeJS.Platform
  private allowWeak: boolean
  /** Session-only secrets (no keyring, no opt-in): gone when the process ends. */
  private readonly session = new Map<string, DeviceSecret>()
  private cache: VaultFile | undefined
  private setAsideTo: string | null = null
  /** Writes run one at a time so two saves never race on the temp-and-rename. */
  private queue: Promise<unknown> = Promise.resolve()

  constructor(options: EncryptedFileVaultOptions) {
    this.cipher = options.cipher
    this.file = options.file
    this.allowWeak = options.allowWeak ?? false
    this.secrets = options.secrets
    this.clock = options.clock
    this.platform = options.platform ?? process.platform
  }

  status(): VaultStatus {
    const available = this.cipher.isAvailable()
    const backend = available ? this.cipher.backend() : undefined
    const recovered = this.setAsideTo
      ? ` The old vault file could not be read and was moved to ${this.setAsideTo}.`
      : ''
    if (available && backend !== UNPROTECTED_BACKEND) {
      return { storage: 'keychain', note: recovered ? recovered.trim() : null, backend }
    }
    const base = { backend: backend ?? PLAINTEXT_BACKEND }
    if (this.allowWeak) return { storage: 'weak', note: weakNote(backend) + recovered, ...base }
    return { storage: 'session-only', note: keyringHint(this.platform) + recovered, ...base }
  }

  /**
   * Turning the opt-in on persists this session's secrets; turning it off moves weakly stored ones back
   * to memory and off the disk, so the setting always tells the truth about what is on disk.
   */
  setAllowWeak(allow: boolean): Promise<void> {
    return this.serially(async () => {
      if (allow === this.allowWeak) return
      this.allowWeak = allow
      const file = await this.readFile()
      if (allow) {
        if (this.status().storage !== 'weak') return
        for (const [id, value] of this.session) file.entries[id] = await this.encode(value)
        await this.writeFile(file)
        this.session.clear()
        return
      }
      let changed = false
      for (const [id, entry] of Object.entries(file.entries)) {
        if (entry.backend !== UNPROTECTED_BACKEND && entry.backend !== PLAINTEXT_BACKEND) continue
        const loaded = await this.decode(entry)
        if (loaded.kind !== 'found') continue
        this.session.set(id, loaded.value)
        delete file.entries[id]
        changed = true
      }
      if (changed) await this.writeFile(file)
    })
  }

  async load(deviceId: string): Promise<VaultLoad> {
    const held = this.session.get(deviceId)
    if (held) return { kind: 'found', value: { ...held }, backend: null }
    const entry = (await this.currentFile()).entries[deviceId]
    if (!entry) return { kind: 'absent' }
    return this.decode(entry)
  }

  store(deviceId: string, value: DeviceSecret, options: StoreOptions = {}): Promise<void> {
    if (!isDeviceSecret(value)) return Promise.reject(new TypeError('A device secret needs a token'))
    const clean: DeviceSecret = value.secret
      ? { token: value.token, secret: value.secret }
      : { token: value.token }
    this.secrets?.add(clean.token, clean.secret)
    return this.serially(async () => {
      const file = await this.readFile()
      const existing = file.entries[deviceId]
      if (existing && !options.replaceLocked && !this.session.has(deviceId)) {
        const current = await this.decode(existing)
        if (current.kind === 'locked') throw new VaultLockedError(deviceId, current.reason)
      }
      if (this.status().storage === 'session-only') {
        // A locked file entry for the same id stays where it is; memory wins for this run only.
        this.session.set(deviceId, clean)
        return
      }
      file.entries[deviceId] = await this.encode(clean)
      await this.writeFile(file)
      this.session.delete(deviceId)
    })
  }

  erase(deviceId: string): Promise<void> {
    this.session.delete(deviceId)
    return this.serially(async () => {
      const file = await this.readFile()
      if (!(deviceId in file.entries)) return
      delete file.entries[deviceId]
      await this.writeFile(file)
    })
  }

  private async encode(value: DeviceSecret): Promise<Entry> {
    const text = JSON.stringify(value)
    const storedAt = this.clock ? new Date(this.clock.now()).toISOString() : undefined
    if (!this.cipher.isAvailable()) {
      return {
        backend: PLAINTEXT_BACKEND,
        encoding: 'plain',
        data: Buffer.from(text).toString('base64'),
        storedAt
      }
    }
    const data = await this.cipher.encrypt(text)
    return { backend: this.cipher.backend(), encoding: 'cipher', data: data.toString('base64'), storedAt }
  }

  private async decode(entry: Entry): Promise<VaultLoad> {
    const locked = (reason: string): VaultLoad => ({ kind: 'locked', reason, backend: entry.backend })
    let text: string
    if (entry.encoding === 'plain') {
      text = Buffer.from(entry.data, 'base64').toString('utf8')
    } else {
      if (!this.cipher.isAvailable()) {
        return locked(`the keyring (${entry.backend}) that encrypted it is not available`)
      }
      try {
        text = await this.cipher.decrypt(Buffer.from(entry.data, 'base64'))
      } catch {
        const now = this.cipher.backend()
        return locked(
          now === entry.backend
            ? `the keyring (${entry.backend}) could not decrypt it; it may be locked`
            : `it was encrypted by ${entry.backend} but the keyring in use now is ${now}`
        )
      }
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return locked('it decrypted to something unreadable')
    }
    if (!isDeviceSecret(parsed)) return locked('it decrypted to something unreadable')
    const value: DeviceSecret = parsed.secret
      ? { token: parsed.token, secret: parsed.secret }
      : { token: parsed.token }
    this.secrets?.add(value.token, value.secret)
    return { kind: 'found', value, backend: entry.backend }
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task)
    this.queue = run.catch(() => undefined)
    return run
  }

  private async currentFile(): Promise<VaultFile> {
    if (this.cache) return this.cache
    return this.serially(() => this.readFile())
  }

  /** A copy of the file's content; callers mutate it and write it back. */
  private async readFile(): Promise<VaultFile> {
    if (!this.cache) this.cache = await this.readFromDisk()
    return { version: 1, entries: { ...this.cache.entries } }
  }

  private async readFromDisk(): Promise<VaultFile> {
    let raw: unknown
    try {
      raw = await readJsonFile(this.file)
    } catch (error) {
      if (!(error instanceof CorruptFileError)) throw error
      raw = null
    }
    if (raw === undefined) return { version: 1, entries: {} }
    const parsed = VaultFile.safeParse(raw)
    if (parsed.success) return parsed.data
    // Never overwrite what we cannot read: keep it beside the new file for recovery.
    this.setAsideTo = await setAside(this.file, this.clock?.now() ?? Date.now())
    return { version: 1, entries: {} }
  }

  private async writeFile(file: VaultFile): Promise<void> {
    await writeJsonAtomic(this.file, file)
    this.cache = file
  }
}
