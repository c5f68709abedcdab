// The real vault without Electron: secrets encrypted by an injected Cipher (the shell's safeStorage) in a
// 0600 JSON file, each entry recording which backend encrypted it; session-only memory when there is no keyring.
// Damage stays with the entry it hit: a broken entry, a cut-off file or a newer format locks what it touches
// (with the reason) and leaves every readable entry usable.
import { copyFile, readFile } from 'node:fs/promises'
import { z } from 'zod'
import type { Clock } from '../clock'
import { writeJsonAtomic } from '../private-files'
import type { SecretList } from '../logging'
import {
  VaultFileError,
  VaultLockedError,
  isDeviceSecret,
  vaultFileError,
  type DeviceSecret,
  type StoreOptions,
  type Vault,
  type VaultLoad,
  type VaultLockCause,
  type VaultStatus
} from './vault'

/** What a cipher decrypted, and whether it asks for the value to be encrypted again (a rotated or upgraded key). */
export interface Decrypted {
  text: string
  shouldReEncrypt?: boolean
}

/** The encryption port; in the shell it wraps Electron's safeStorage (async API where available). */
export interface Cipher {
  isAvailable(): boolean
  /** e.g. 'gnome_libsecret', 'kwallet', 'kwallet5', 'basic_text', 'keychain', 'dpapi'; 'unknown' before ready. */
  backend(): string
  encrypt(text: string): Promise<Buffer>
  decrypt(data: Buffer): Promise<Decrypted>
}

/**
 * A cipher for where there is no keyring at all (the terminal): with `allowWeak`, the vault keeps its entries
 * unencrypted in its 0600 file, recorded as PLAINTEXT_BACKEND.
 */
export const NO_KEYRING: Cipher = {
  isAvailable: () => false,
  backend: () => PLAINTEXT_BACKEND,
  encrypt: () => Promise.reject(new Error('no keyring to encrypt with')),
  decrypt: () => Promise.reject(new Error('no keyring to decrypt with'))
}

/** Linux's fallback backend: a hard-coded key, i.e. no real protection. */
export const UNPROTECTED_BACKEND = 'basic_text'
/**
 * The backends that are a real keyring. Any other name (Electron's 'unknown', a future one) is not reported as the
 * keychain: it is treated like basic_text, kept for the session unless the operator allowed weak storage.
 */
const PROTECTED_BACKENDS: ReadonlySet<string> = new Set([
  'keychain',
  'dpapi',
  'gnome_libsecret',
  'kwallet',
  'kwallet5',
  'kwallet6'
])
/** Recorded for entries written without any cipher (explicit weak opt-in with no cipher at all). */
export const PLAINTEXT_BACKEND = 'plaintext'

const Entry = z.object({
  backend: z.string(),
  encoding: z.enum(['cipher', 'plain']),
  data: z.string(),
  storedAt: z.string().optional()
})
type Entry = z.infer<typeof Entry>

/** The format this build writes; a file with a higher version is opened read-only. */
const VAULT_VERSION = 1

/** Entries stay raw (unknown) until used, so a damaged one is written back untouched, never dropped. */
interface VaultFile {
  version: typeof VAULT_VERSION
  entries: Record<string, unknown>
  /** Kept once the file was found damaged: an entry missing from it may have been lost, so it reads as locked. */
  damage?: string
}

/** What the file on disk allows beyond its readable entries. */
interface FileCondition {
  /** Loads of listed entries are locked with this reason and nothing is written (newer format, unreadable file). */
  readOnly: VaultFileError | null
  /** With readOnly: entries not listed are unknown too (the file could not be read at all), so they lock as well. */
  everyEntryUnknown: boolean
  /** The file was cut off or garbled: entries not found may have been in the unreadable part. */
  damage: string | null
}

const SOUND: FileCondition = { readOnly: null, everyEntryUnknown: false, damage: null }

/** One complete entry object (`"id": { …flat strings… }`) anywhere in a damaged file's text. */
const WHOLE_ENTRY = /"((?:[^"\\]|\\.)+)"\s*:\s*(\{[^{}]*\})/g
/** An entry cut off by a truncation: its id survives, its content does not. */
const CUT_ENTRY = /"((?:[^"\\]|\\.)+)"\s*:\s*\{[^{}]*$/

/** The entries that survive in a damaged file's text; a cut-off last entry is kept as damaged. */
function salvageEntries(text: string): Record<string, unknown> {
  const entries: Record<string, unknown> = {}
  for (const match of text.matchAll(WHOLE_ENTRY)) {
    const [, id, body] = match
    if (!id || !body || id === 'entries') continue
    try {
      entries[JSON.parse(`"${id}"`) as string] = JSON.parse(body) as unknown
    } catch {
      entries[id] = { damaged: true }
    }
  }
  const cut = CUT_ENTRY.exec(text)?.[1]
  if (cut && !(cut in entries) && cut !== 'entries') entries[cut] = { damaged: true }
  return entries
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

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
  private condition: FileCondition = SOUND
  /** Where a copy of the damaged file was kept before the first rewrite. */
  private damagedCopy: string | null = null
  private needsDamagedCopy = false
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
    const recovered = this.conditionNote()
    if (available && backend !== undefined && PROTECTED_BACKENDS.has(backend)) {
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
      // A read-only file is never written: the secrets simply stay where they are for this run.
      if (this.condition.readOnly) return
      if (allow) {
        if (this.status().storage !== 'weak') return
        for (const [id, value] of this.session) file.entries[id] = await this.encode(id, value)
        await this.writeFile(file)
        this.session.clear()
        return
      }
      let changed = false
      for (const [id, entry] of Object.entries(file.entries)) {
        const parsed = Entry.safeParse(entry)
        if (!parsed.success) continue
        if (parsed.data.backend !== UNPROTECTED_BACKEND && parsed.data.backend !== PLAINTEXT_BACKEND) continue
        const loaded = await this.decode(id, parsed.data, true)
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
    const file = await this.currentFile()
    const { readOnly, everyEntryUnknown, damage } = this.condition
    const entry = file.entries[deviceId]
    if (readOnly && (everyEntryUnknown || entry !== undefined)) {
      return { kind: 'locked', reason: readOnly.message, backend: null }
    }
    if (entry === undefined) {
      return damage
        ? { kind: 'locked', reason: damage, cause: { code: 'file-damaged' }, backend: null }
        : { kind: 'absent' }
    }
    return this.decodeRaw(deviceId, entry)
  }

  store(deviceId: string, value: DeviceSecret, options: StoreOptions = {}): Promise<void> {
    if (!isDeviceSecret(value)) return Promise.reject(new TypeError('A device secret needs a token'))
    const clean: DeviceSecret = value.secret
      ? { token: value.token, secret: value.secret }
      : { token: value.token }
    this.secrets?.add(clean.token, clean.secret)
    return this.serially(async () => {
      const file = await this.readFile()
      const { readOnly } = this.condition
      const existing = file.entries[deviceId]
      if (existing !== undefined && !options.replaceLocked && !this.session.has(deviceId)) {
        const current = readOnly
          ? ({ kind: 'locked', reason: readOnly.message, backend: null } as const)
          : await this.decodeRaw(deviceId, existing)
        if (current.kind === 'locked') throw new VaultLockedError(deviceId, current.reason)
      }
      if (this.status().storage === 'session-only') {
        // A locked file entry for the same id stays where it is; memory wins for this run only.
        this.session.set(deviceId, clean)
        return
      }
      if (readOnly) throw readOnly
      file.entries[deviceId] = await this.encode(deviceId, clean)
      await this.writeFile(file)
      this.session.delete(deviceId)
    })
  }

  erase(deviceId: string): Promise<void> {
    this.session.delete(deviceId)
    return this.serially(async () => {
      const file = await this.readFile()
      if (!(deviceId in file.entries)) return
      if (this.condition.readOnly) throw this.condition.readOnly
      delete file.entries[deviceId]
      await this.writeFile(file)
    })
  }

  /** The sealed payload names its entry, so one device's ciphertext copied into another's entry is refused. */
  private async encode(deviceId: string, value: DeviceSecret): Promise<Entry> {
    const text = JSON.stringify({ entry: deviceId, ...value })
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

  /** An entry as found in the file: one that does not have the entry's shape is locked as damaged. */
  private decodeRaw(deviceId: string, raw: unknown): Promise<VaultLoad> {
    const entry = Entry.safeParse(raw)
    if (!entry.success) {
      const reason = 'its stored entry is damaged; enter the token again'
      return Promise.resolve({ kind: 'locked', reason, cause: { code: 'entry-damaged' }, backend: null })
    }
    return this.decode(deviceId, entry.data, this.allowWeak, raw)
  }

  /** `raw` (the entry as found) is given when a load may seal the entry again: legacy, or the cipher asks. */
  private async decode(
    deviceId: string,
    entry: Entry,
    allowPlain: boolean,
    raw?: unknown
  ): Promise<VaultLoad> {
    const locked = (reason: string, cause: VaultLockCause): VaultLoad => ({
      kind: 'locked',
      reason,
      cause,
      backend: entry.backend
    })
    let text: string
    let shouldReEncrypt = false
    if (entry.encoding === 'plain') {
      // Someone else may have written it (another local user, a tool): unencrypted is only ever our own opt-in.
      if (!allowPlain)
        return locked('it is stored unencrypted, and weak token storage is not allowed in Settings', {
          code: 'plain-not-allowed'
        })
      text = Buffer.from(entry.data, 'base64').toString('utf8')
    } else {
      if (!this.cipher.isAvailable()) {
        return locked(`the keyring (${entry.backend}) that encrypted it is not available`, {
          code: 'keyring-unavailable',
          backend: entry.backend
        })
      }
      try {
        const decrypted = await this.cipher.decrypt(Buffer.from(entry.data, 'base64'))
        text = decrypted.text
        shouldReEncrypt = decrypted.shouldReEncrypt === true
      } catch {
        const now = this.cipher.backend()
        return now === entry.backend
          ? locked(`the keyring (${entry.backend}) could not decrypt it; it may be locked`, {
              code: 'keyring-failed',
              backend: entry.backend
            })
          : locked(`it was encrypted by ${entry.backend} but the keyring in use now is ${now}`, {
              code: 'keyring-changed',
              backend: entry.backend,
              now
            })
      }
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return locked('it decrypted to something unreadable', { code: 'unreadable' })
    }
    if (!isDeviceSecret(parsed)) return locked('it decrypted to something unreadable', { code: 'unreadable' })
    const sealedFor = (parsed as { entry?: unknown }).entry
    if (sealedFor !== undefined && sealedFor !== deviceId) {
      // Valid ciphertext, but sealed for another entry: copied here by someone with access to the file.
      return locked("it belongs to another device's entry; enter the token again", { code: 'entry-mismatch' })
    }
    const value: DeviceSecret = parsed.secret
      ? { token: parsed.token, secret: parsed.secret }
      : { token: parsed.token }
    this.secrets?.add(value.token, value.secret)
    // Migration: an entry sealed before entries named themselves (or one the keyring asks to re-encrypt, e.g. after
    // a key rotation) is sealed again now, once, while its value is at hand.
    if (raw !== undefined && entry.encoding === 'cipher' && (sealedFor === undefined || shouldReEncrypt))
      void this.reseal(deviceId, raw, value).catch(() => undefined)
    return { kind: 'found', value, backend: entry.backend }
  }

  /** Writes the entry sealed anew, unless it changed meanwhile or the file may not be written. */
  private reseal(deviceId: string, raw: unknown, value: DeviceSecret): Promise<void> {
    return this.serially(async () => {
      const file = await this.readFile()
      if (this.condition.readOnly || file.entries[deviceId] !== raw || !this.cipher.isAvailable()) return
      file.entries[deviceId] = await this.encode(deviceId, value)
      await this.writeFile(file)
    })
  }

  /** Tests: resolves once every write queued so far (a reseal after a load) has finished. */
  settled(): Promise<void> {
    return this.serially(() => Promise.resolve())
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
    const { damage } = this.cache
    return { version: VAULT_VERSION, entries: { ...this.cache.entries }, ...(damage ? { damage } : {}) }
  }

  private async readFromDisk(): Promise<VaultFile> {
    this.condition = SOUND
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: VAULT_VERSION, entries: {} }
      this.condition = { readOnly: vaultFileError(this.file, error), everyEntryUnknown: true, damage: null }
      return { version: VAULT_VERSION, entries: {} }
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      raw = undefined
    }
    if (isRecord(raw) && typeof raw['version'] === 'number' && raw['version'] > VAULT_VERSION) {
      // A newer Sender Desk wrote it: read nothing we might misread, write nothing, set nothing aside.
      const readOnly = new VaultFileError(
        'newer-version',
        this.file,
        `The token vault was written by a newer version of Sender Desk (format ${raw['version']}); it is used read-only and its tokens stay locked until you update.`
      )
      const entries = isRecord(raw['entries']) ? raw['entries'] : {}
      this.condition = { readOnly, everyEntryUnknown: !isRecord(raw['entries']), damage: null }
      return { version: VAULT_VERSION, entries }
    }
    if (isRecord(raw) && raw['version'] === VAULT_VERSION && isRecord(raw['entries'])) {
      const damage = typeof raw['damage'] === 'string' ? raw['damage'] : undefined
      if (damage) this.condition = { readOnly: null, everyEntryUnknown: false, damage }
      return { version: VAULT_VERSION, entries: raw['entries'], ...(damage ? { damage } : {}) }
    }
    // Cut off or garbled: keep every entry that survives whole; the rest show as locked, never as missing.
    const damage = 'the token vault file is damaged and this entry could not be read; enter the token again'
    this.condition = { readOnly: null, everyEntryUnknown: false, damage }
    this.needsDamagedCopy = true
    return { version: VAULT_VERSION, entries: salvageEntries(text), damage }
  }

  private conditionNote(): string {
    const { readOnly, damage } = this.condition
    if (readOnly) return ` ${readOnly.message}`
    if (damage) {
      const copy = this.damagedCopy ? ` A copy of the damaged file was kept at ${this.damagedCopy}.` : ''
      return ` The token vault file was damaged: readable tokens still work, the others show as locked.${copy}`
    }
    return this.damagedCopy ? ` A copy of the damaged vault file was kept at ${this.damagedCopy}.` : ''
  }

  private async writeFile(file: VaultFile): Promise<void> {
    try {
      if (this.needsDamagedCopy) {
        // The damaged original is kept (copied, not moved) before the first rewrite, for recovery by hand.
        const stamp = new Date(this.clock?.now() ?? Date.now()).toISOString().replace(/[:.]/g, '-')
        const copy = `${this.file}.damaged-${stamp}`
        await copyFile(this.file, copy)
        this.damagedCopy = copy
        this.needsDamagedCopy = false
      }
      await writeJsonAtomic(this.file, file)
    } catch (error) {
      throw error instanceof VaultFileError ? error : vaultFileError(this.file, error)
    }
    this.cache = file
  }
}
