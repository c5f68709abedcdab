// The device list: who the devices are (label, server, order), kept as a 0600 JSON file with no secrets;
// tokens and secret keys go to the Vault, and a device is only added after a live device/info succeeds.
import type { MessageKey } from '../../../shared/i18n'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { systemClock, type Clock } from '../clock'
import type { DeviceInfo, GatewayClient, GatewayCredentials } from '../gateway'
import { readFileSync } from 'node:fs'
import {
  CorruptFileError,
  readJsonFile,
  setAside,
  unreadableJsonReason,
  writeJsonAtomic
} from '../private-files'
import type { DeviceSecret, Vault } from '../vault'
import { DeviceError, deviceErrorFromGateway } from './errors'
import { lockReason } from './lock-reason'
import { terminalIdsOf } from './terminal-id'
import { changesBetween, fileStamp } from './other-writers'
import { checkBaseUrl } from '../../../shared/domain'

export const DeviceRecord = z.object({
  id: z.string().min(1),
  label: z.string(),
  /** Normalised: no trailing slash, no trailing /api. */
  baseUrl: z.string(),
  order: z.number().int(),
  sandbox: z.boolean(),
  createdAt: z.string(),
  /** '••••' + the token's last 4, computed at add time so listing never needs the token. */
  tokenHint: z.string(),
  hasSecret: z.boolean(),
  /** The gateway's serial at add time, to spot the same device added twice. */
  serial: z.string().nullable().default(null),
  /** This gateway's largest file, when it differs from the app-wide setting (null: use the setting). */
  maxFileBytes: z.number().int().positive().nullable().default(null),
  /** At most this many sends a day through this number, across every campaign and direct send (null: no cap). */
  dailyCap: z.number().int().positive().nullable().default(null),
  /**
   * The ids the terminal files this device's messages under (terminal-id.ts: one-way hashes of the address and token,
   * never the token), so a terminal given its credentials files them under this device. Empty until the token is read.
   */
  terminalIds: z.array(z.string()).default([])
})
export type DeviceRecord = z.infer<typeof DeviceRecord>

const RegistryFile = z.object({ version: z.literal(1), devices: z.array(DeviceRecord) })
type RegistryFile = z.infer<typeof RegistryFile>

export interface AddDeviceInput {
  label: string
  baseUrl: string
  token: string
  secret?: string
  sandbox?: boolean
}

export type ClientFactory = (credentials: GatewayCredentials) => GatewayClient

export type RegistryChange =
  | { kind: 'added'; device: DeviceRecord; info: DeviceInfo }
  | { kind: 'updated'; device: DeviceRecord }
  | { kind: 'credentials'; device: DeviceRecord; info: DeviceInfo }
  | { kind: 'removed'; id: string }
  | { kind: 'reordered' }
  /**
   * Written to the list by another process (the devices file changed under this one): a device new here, or one whose
   * address or token changed there. Not checked live by this process: its client is opened and it is polled afresh.
   */
  | { kind: 'listed'; device: DeviceRecord }

/** Whether a usable client can be had, and if not, why (the monitor turns locked/absent into the locked state). */
export type ClientAccess =
  | { kind: 'ready'; client: GatewayClient }
  /** `reason`: the vault's text, or an encoded note when it gave a cause (worded in the operator's language). */
  | { kind: 'locked'; reason: string }
  | { kind: 'absent' }
  | { kind: 'unknown-device' }

export interface DeviceRegistryOptions {
  /** e.g. <userData>/devices.json */
  file: string
  vault: Vault
  clientFactory: ClientFactory
  clock?: Clock
  newId?: () => string
  /** Per-call timeout of the live check when adding. */
  verifyTimeoutMs?: number
}

const LABEL_MAX = 80

/**
 * The canonical form of a gateway address (the shared rule: https assumed when no scheme is typed, http only
 * to this computer), or a DeviceError on the form's address field saying what is wrong with it.
 */
export function normaliseBaseUrl(input: string): string {
  const checked = checkBaseUrl(input)
  if (!checked.ok) throw new DeviceError('invalid_url', checked.message, 'baseUrl')
  return checked.value
}

/** Masks a token for display: never more than the last 4 characters, and none of a short one. */
export function maskToken(token: string): string {
  return token.length >= 12 ? `••••${token.slice(-4)}` : '••••'
}

/** Operators often paste `token.secret` in one field; split on the first dot as the gateway does. */
function splitCredentials(tokenInput: string, secretInput: string | undefined): DeviceSecret {
  let token = tokenInput.trim()
  let secret = secretInput?.trim() || undefined
  if (!secret && token.includes('.')) {
    const dot = token.indexOf('.')
    secret = token.slice(dot + 1) || undefined
    token = token.slice(0, dot)
  }
  if (token === '' || /\s/.test(token)) {
    throw new DeviceError('invalid_token', { key: 'desktop.error.tokenFormat' }, 'token')
  }
  if (secret !== undefined && /\s/.test(secret)) {
    throw new DeviceError('secret_invalid', { key: 'desktop.error.secretSpaces' }, 'secret')
  }
  return secret ? { token, secret } : { token }
}

function cleanLabel(label: string): string {
  const trimmed = label.trim()
  if (trimmed.length === 0 || trimmed.length > LABEL_MAX) {
    throw new DeviceError(
      'invalid_label',
      { key: 'desktop.error.labelLength', params: { max: LABEL_MAX } },
      'label'
    )
  }
  return trimmed
}

/** A devices file that could not be read at startup: where it was, where its copy was kept, and why. */
export interface DevicesRecovery {
  file: string
  keptAs: string
  reason: string
}

export class DeviceRegistry {
  private devices: DeviceRecord[] = []
  private readonly listeners = new Set<(change: RegistryChange) => void>()
  private readonly clients = new Map<string, GatewayClient>()
  private queue: Promise<unknown> = Promise.resolve()
  private recovery: DevicesRecovery | null = null
  /** The file's stamp when this registry last read it: another look reads it again only once that moved. */
  private stampRead: string | null = null

  private constructor(
    private readonly options: DeviceRegistryOptions & { clock: Clock; newId: () => string }
  ) {}

  static async open(options: DeviceRegistryOptions): Promise<DeviceRegistry> {
    const registry = new DeviceRegistry({
      ...options,
      clock: options.clock ?? systemClock,
      newId: options.newId ?? randomUUID
    })
    await registry.load()
    return registry
  }

  /** Where an unreadable devices file was moved at startup, if it was. */
  get recoveredFrom(): string | null {
    return this.recovery?.keptAs ?? null
  }

  /** The devices file found unreadable at startup (its copy kept), until the operator has seen it. */
  damaged(): DevicesRecovery | null {
    return this.recovery
  }

  /** The operator has read the notice: the set-aside copy stays where it is. */
  acknowledgeDamage(): void {
    this.recovery = null
  }

  list(): DeviceRecord[] {
    return [...this.devices].sort((a, b) => a.order - b.order).map((device) => ({ ...device }))
  }

  get(id: string): DeviceRecord | undefined {
    const found = this.devices.find((device) => device.id === id)
    return found ? { ...found } : undefined
  }

  require(id: string): DeviceRecord {
    const found = this.get(id)
    if (!found) throw new DeviceError('not_found', { key: 'desktop.error.deviceNotListed' })
    return found
  }

  onChange(listener: (change: RegistryChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Validates, checks the device live, then stores the secret in the vault and the record in the list. */
  async add(input: AddDeviceInput): Promise<{ device: DeviceRecord; info: DeviceInfo }> {
    const label = cleanLabel(input.label)
    const baseUrl = normaliseBaseUrl(input.baseUrl)
    const credentials = splitCredentials(input.token, input.secret)
    await this.refuseDuplicateToken(baseUrl, credentials.token)
    const info = await this.verify(baseUrl, credentials, 'desktop.action.check', input)

    return this.writing(async () => {
      await this.refuseDuplicateToken(baseUrl, credentials.token)
      if (info.serial && this.devices.some((d) => d.baseUrl === baseUrl && d.serial === info.serial)) {
        throw new DeviceError(
          'duplicate',
          { key: 'desktop.error.duplicateSerial', params: { serial: info.serial } },
          'token'
        )
      }
      const device: DeviceRecord = {
        id: this.options.newId(),
        label,
        baseUrl,
        order: this.devices.reduce((max, d) => Math.max(max, d.order), -1) + 1,
        // eslint-disable-next-line device/sandbox-flag -- where the flag is stored, not a question asked of it
        sandbox: input.sandbox ?? false,
        maxFileBytes: null,
        dailyCap: null,
        createdAt: new Date(this.options.clock.now()).toISOString(),
        tokenHint: maskToken(credentials.token),
        hasSecret: credentials.secret !== undefined,
        serial: info.serial,
        terminalIds: terminalIdsOf({ baseUrl, token: credentials.token })
      }
      try {
        await this.options.vault.store(device.id, credentials)
      } catch {
        throw new DeviceError('vault_failed', { key: 'desktop.error.tokenNotStored' })
      }
      try {
        await this.persist([...this.devices, device])
      } catch (error) {
        await this.options.vault.erase(device.id).catch(() => undefined)
        throw error
      }
      this.emit({ kind: 'added', device: { ...device }, info })
      return { device: { ...device }, info }
    })
  }

  /**
   * Enter the token again for an existing device (locked, or kept for one session only). Checked live
   * first; only this explicit path may replace a locked vault entry.
   */
  async updateCredentials(
    id: string,
    input: { token: string; secret?: string }
  ): Promise<{ device: DeviceRecord; info: DeviceInfo }> {
    const existing = this.require(id)
    const credentials = splitCredentials(input.token, input.secret)
    const info = await this.verify(existing.baseUrl, credentials, 'desktop.action.check', existing)
    return this.writing(async () => {
      const current = this.require(id)
      const device: DeviceRecord = {
        ...current,
        tokenHint: maskToken(credentials.token),
        hasSecret: credentials.secret !== undefined,
        serial: info.serial ?? current.serial,
        terminalIds: terminalIdsOf({ baseUrl: current.baseUrl, token: credentials.token })
      }
      try {
        await this.options.vault.store(id, credentials, { replaceLocked: true })
      } catch {
        throw new DeviceError('vault_failed', { key: 'desktop.error.tokenNotStoredShort' })
      }
      this.clients.delete(id)
      await this.persist(this.devices.map((d) => (d.id === id ? device : d)))
      this.emit({ kind: 'credentials', device: { ...device }, info })
      return { device: { ...device }, info }
    })
  }

  rename(id: string, label: string): Promise<DeviceRecord> {
    const clean = cleanLabel(label)
    return this.writing(async () => {
      const device = { ...this.require(id), label: clean }
      await this.persist(this.devices.map((d) => (d.id === id ? device : d)))
      this.emit({ kind: 'updated', device: { ...device } })
      return { ...device }
    })
  }

  /** A file-size limit for this device's gateway, or null to follow the app-wide setting. */
  setFileLimit(id: string, maxFileBytes: number | null): Promise<DeviceRecord> {
    return this.writing(async () => {
      const device = { ...this.require(id), maxFileBytes }
      await this.persist(this.devices.map((d) => (d.id === id ? device : d)))
      this.emit({ kind: 'updated', device: { ...device } })
      return { ...device }
    })
  }

  /** A daily cap for sends through this device, or null for none. */
  setDailyCap(id: string, dailyCap: number | null): Promise<DeviceRecord> {
    return this.writing(async () => {
      const device = { ...this.require(id), dailyCap }
      await this.persist(this.devices.map((d) => (d.id === id ? device : d)))
      this.emit({ kind: 'updated', device: { ...device } })
      return { ...device }
    })
  }

  /** Listed ids first in the given order; unknown ids are ignored and unlisted devices keep their order after. */
  reorder(ids: ReadonlyArray<string>): Promise<DeviceRecord[]> {
    return this.writing(async () => {
      const current = this.list()
      const wanted = [...new Set(ids)].filter((id) => current.some((d) => d.id === id))
      const rest = current.filter((d) => !wanted.includes(d.id)).map((d) => d.id)
      const position = new Map([...wanted, ...rest].map((id, index) => [id, index]))
      await this.persist(this.devices.map((d) => ({ ...d, order: position.get(d.id) ?? d.order })))
      this.emit({ kind: 'reordered' })
      return this.list()
    })
  }

  /** Erases the vault entry first: a device that cannot lose its secret stays listed so the operator can retry. */
  remove(id: string): Promise<void> {
    return this.writing(async () => {
      this.require(id)
      try {
        await this.options.vault.erase(id)
      } catch {
        throw new DeviceError('vault_failed', { key: 'desktop.error.tokenNotErased' })
      }
      this.clients.delete(id)
      await this.persist(this.devices.filter((d) => d.id !== id))
      this.emit({ kind: 'removed', id })
    })
  }

  /**
   * What another process wrote to the devices file since this registry last read it, taken in and announced as the
   * registry's own changes are. The registry's own writes move the stamp too: the file is read again, holds the list
   * already here, and nothing is announced. An unreadable file is left to its writer (the list here stays) and
   * reported once per version of it.
   */
  lookForOtherWriters(): Promise<void> {
    return this.serially(async () => this.takeInOtherWrites())
  }

  /** The body of a look (synchronous, so a write of this registry can take it in first without yielding). */
  private takeInOtherWrites(): void {
    const stamp = fileStamp(this.options.file)
    if (stamp === this.stampRead) return
    this.stampRead = stamp
    // Gone (moved by hand, a sync tool): the devices stay listed, and the next write here puts the file back.
    if (stamp === 'absent') return
    const text = readFileSync(this.options.file, 'utf8')
    const reason = unreadableJsonReason(text)
    if (reason !== null) throw new CorruptFileError(this.options.file, reason)
    const parsed = RegistryFile.safeParse(JSON.parse(text))
    if (!parsed.success)
      throw new CorruptFileError(this.options.file, 'it is not a list of devices this version can read')
    const changes = changesBetween(this.devices, parsed.data.devices)
    if (changes.length === 0) return
    this.devices = parsed.data.devices
    for (const change of changes) {
      // A device gone, or its account changed, elsewhere: the client made for it here is not its client any more.
      if (change.kind === 'removed') this.clients.delete(change.id)
      if (change.kind === 'listed') this.clients.delete(change.device.id)
    }
    for (const change of changes) this.emit(change)
  }

  /** A client from the vault's secrets, or why there is none. Never builds one from a locked secret. */
  async openClient(id: string): Promise<ClientAccess> {
    const device = this.get(id)
    if (!device) return { kind: 'unknown-device' }
    const cached = this.clients.get(id)
    if (cached) return { kind: 'ready', client: cached }
    const loaded = await this.options.vault.load(id)
    if (loaded.kind === 'locked') return { kind: 'locked', reason: lockReason(loaded) }
    if (loaded.kind === 'absent') return { kind: 'absent' }
    // The device may have been removed while the vault was answering.
    if (!this.get(id)) return { kind: 'unknown-device' }
    const client = this.options.clientFactory({ baseUrl: device.baseUrl, ...loaded.value })
    this.clients.set(id, client)
    await this.noteTerminalIds(id, terminalIdsOf({ baseUrl: device.baseUrl, token: loaded.value.token }))
    return { kind: 'ready', client }
  }

  async clientFor(id: string): Promise<GatewayClient | undefined> {
    const access = await this.openClient(id)
    return access.kind === 'ready' ? access.client : undefined
  }

  /** The client already opened for this device, without waiting for the vault (the outbox asks on every round). */
  openedClient(id: string): GatewayClient | undefined {
    return this.clients.get(id)
  }

  /**
   * A device listed before the terminal's ids were kept (or its token changed elsewhere) gets them when its token is
   * first read; best effort: a list that cannot be written now is written at the next read.
   */
  private async noteTerminalIds(id: string, terminalIds: string[]): Promise<void> {
    if (this.get(id)?.terminalIds.join() === terminalIds.join()) return
    await this.writing(async () => {
      const device = this.get(id)
      if (!device) return
      await this.persist(this.devices.map((d) => (d.id === id ? { ...d, terminalIds } : d)))
    }).catch(() => undefined)
  }

  /** `device`: the one checked (the built-in sandbox's is not said as an address or a network to check). */
  private async verify(
    baseUrl: string,
    credentials: DeviceSecret,
    action: MessageKey,
    device: { sandbox?: boolean | undefined }
  ): Promise<DeviceInfo> {
    try {
      const client = this.options.clientFactory({ baseUrl, ...credentials })
      const opts = { timeoutMs: this.options.verifyTimeoutMs ?? 15_000 }
      const info = await client.deviceInfo(opts)
      // device/info takes the bare token (as documented), so it cannot tell a wrong secret key: a header-authenticated
      // read that changes nothing (today's report, one row) checks it.
      if (credentials.secret) await client.reportRealtime({ limit: 1 }, opts)
      return info
    } catch (error) {
      throw deviceErrorFromGateway(error, {
        baseUrl,
        action,
        secrets: [credentials.token, credentials.secret],
        device
      })
    }
  }

  private async refuseDuplicateToken(baseUrl: string, token: string): Promise<void> {
    for (const device of this.devices.filter((d) => d.baseUrl === baseUrl)) {
      const loaded = await this.options.vault.load(device.id)
      if (loaded.kind === 'found' && loaded.value.token === token) {
        throw new DeviceError(
          'duplicate',
          { key: 'desktop.error.duplicateLabel', params: { label: device.label } },
          'token'
        )
      }
    }
  }

  private emit(change: RegistryChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change)
      } catch {
        // One broken subscriber must not undo a change that is already on disk.
      }
    }
  }

  /**
   * A change to the list, made on the file as it is now: what another process wrote since the last look is taken in
   * first, so this write keeps it instead of writing the older list back over it.
   */
  private writing<T>(task: () => Promise<T>): Promise<T> {
    return this.serially(async () => {
      try {
        this.takeInOtherWrites()
      } catch {
        // Unreadable: this write replaces it, as any write did before another process's changes were followed.
      }
      return task()
    })
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task)
    this.queue = run.catch(() => undefined)
    return run
  }

  private async persist(devices: DeviceRecord[]): Promise<void> {
    const file: RegistryFile = { version: 1, devices }
    await writeJsonAtomic(this.options.file, file)
    this.devices = devices
  }

  private async load(): Promise<void> {
    let raw: unknown
    let reason = 'it is not a list of devices this version can read (written by a newer version?)'
    // Taken before the read: a write between the two is read again at the first look for other writers.
    this.stampRead = fileStamp(this.options.file)
    try {
      raw = await readJsonFile(this.options.file)
    } catch (error) {
      if (!(error instanceof CorruptFileError)) throw error
      raw = null
      reason = error.reason
    }
    if (raw === undefined) return
    const parsed = RegistryFile.safeParse(raw)
    if (parsed.success) {
      this.devices = parsed.data.devices
      return
    }
    // Started without devices rather than not at all: the outbox and the sandbox still work, and the copy is kept.
    const keptAs = await setAside(this.options.file, this.options.clock.now())
    this.recovery = { file: this.options.file, keptAs, reason }
  }
}
