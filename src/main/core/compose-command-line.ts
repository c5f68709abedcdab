/**
 * The core for one terminal command, the CLI's one door into the core, and what it shares with the app's
 * composition (compose.ts): the gateway client factory, the settings in the database, the file-limit rule and the
 * error mapping. Kept in a file of its own so that a terminal command loads the database, the outbox and the sending
 * and campaigns commands, not the embedded sandbox gateway, webhooks, reminders or auto-replies: a fresh
 * `sender-desk outbox list` spends its time answering, not loading (issue 18).
 */
import {
  DeviceState as DeviceStateSchema,
  type ApiErrorShape,
  type DeviceState,
  type DeviceView,
  type InvokeReply,
  type InvokeRequest
} from '../../shared/contract'
import { isSandboxDevice } from '../../shared/device-status'
import { resolveFileLimit } from '../../shared/domain'
import { formatNumber, type Language, type MessageKey } from '../../shared/i18n'
import { decodeNote } from '../../shared/i18n/notes'
import {
  createCampaignCommands,
  createCampaigns,
  gatewaysMissed,
  localKeywordOptOuts,
  type CampaignChannel
} from './campaigns'
import { systemClock } from './clock'
import { ApiFailure, failureShape, type ApiHandlers, type KeyedText } from './commands'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CoreEvents } from './core-events'
import {
  invoiceRecord,
  isSendable,
  stateFromError,
  stateFromInfo,
  terminalDeviceId,
  type StateVerdict
} from './devices'
import { readJsonFile } from './private-files'
import { FileHandles, type RegisteredFile } from './files'
import {
  createGatewayClient,
  isGatewayError,
  type GatewayClient,
  type DeviceInfo,
  type GatewayCredentials,
  type Invoice
} from './gateway'
import type { FetchPort, Inbox, InboxConversations, SyncStep } from './inbox'
// The conversations alone (a front door of their own): the inbox's index brings the relay's crypto to every command.
import { createConversations } from './inbox/conversations'
import { dispatchInvoke } from './ipc-dispatch'
import { silentLogger, type Logger } from './logging'
import { OutboxError, sendFailureReason } from './outbox'
import { createOutbox, createSendingCommands, type Outbox } from './sending'
import { defaultSettings, SettingsService } from './settings'
import {
  CampaignStore,
  DATABASE_FILE,
  DamagedStoreError,
  InboxConversationsStore,
  InvoiceStore,
  isDiskFull,
  openDatabase,
  OTHER_PROCESS_POLL_MS,
  SettingsStore,
  type DataUpdateProgress,
  type InvoiceRecord,
  type SqliteDatabase
} from './store'
import { EncryptedFileVault, NO_KEYRING, VaultFileError } from './vault'

// What the terminal's commands use besides their core, all from here (the CLI never loads the app's compose.ts):
// the redacting logger it implements; for the commands that ask the gateway once, the client's recipient rule, reply
// types and error; the pinned file a direct send uploads; the error types its exit codes tell apart (failure.ts).
// Everything a feature decides (campaigns, files, the outbox) is reached through `invoke`, never imported.
export { createRedactingLogger } from './logging'
export { GatewayError, isGatewayError, normalisePhone, normaliseRecipients, unreachableBy } from './gateway'
export type {
  AutoReply,
  DeviceInfo,
  GatewayClient,
  GatewayCredentials,
  Invoice,
  Reminder,
  ReminderPeriode,
  ReportItem,
  SendResult
} from './gateway'
export { FileChangedError, readPinned, type RegisteredFile } from './files'
export { ApiFailure } from './commands'
export { DiskFullError, isDiskFull } from './store'
export type { DataUpdateProgress } from './store'
export { OutboxError } from './outbox'
export { terminalDeviceAliases, terminalDeviceId } from './devices'
export type { ConnectResult, Inbox, InboxSyncState, InboxSyncStatus, SyncStep } from './inbox'
// The app's own sandbox's control token, kept in the data folder while it runs (its entry alone: the feature's index
// would bring the sandbox's commands to every command).
export { appSandboxControl } from './sandbox-control/control-file'

const SETTINGS_KEY = 'app.settings'

/** The one place a gateway client is built from credentials, for every front door (the CLI included). */
export type { InvoiceRecord } from './store'

/**
 * The terminal's book of the invoices `device create` was answered with, in its data folder's database as the app
 * keeps the window's: the gateway cannot list them later. Opened for one command and closed.
 */
export function withInvoiceBook<T>(
  dataDir: string,
  run: (book: { keep(invoice: Invoice, baseUrl: string): InvoiceRecord; list(): InvoiceRecord[] }) => T,
  onDataUpdate?: (progress: DataUpdateProgress) => void
): T {
  const db = openDatabase({ dataDir, onUpdate: onDataUpdate })
  try {
    const store = new InvoiceStore(db)
    return run({
      keep(invoice, baseUrl) {
        const record = invoiceRecord(invoice, baseUrl, systemClock.now())
        store.add(record)
        return record
      },
      list: () => store.list()
    })
  } finally {
    db.close()
  }
}

const UPDATING = 'Updating the data folder'

/**
 * Whether the data folder holds Sender Desk's database: a read-only command finds no data without it, and opening the
 * core would make the folder and an empty database to say so.
 */
export function holdsData(dataDir: string): boolean {
  return existsSync(join(dataDir, DATABASE_FILE))
}

/**
 * The words for an update of a data folder an older version wrote, as the database opens (the store's
 * DataUpdateProgress): one owner for the terminal's stderr lines and the app's log.
 */
export function describeDataUpdate(progress: DataUpdateProgress): string {
  switch (progress.phase) {
    case 'backup':
      return `${UPDATING}: keeping a copy as it was first…`
    case 'step':
      return `${UPDATING}: step ${progress.step} of ${progress.steps} (${progress.name})…`
    case 'done':
      return `${UPDATING}: done in ${formatNumber(Math.round(progress.ms / 100) / 10, 'en')} s`
  }
}

export const gatewayClientFactory = (credentials: GatewayCredentials): GatewayClient =>
  createGatewayClient(credentials)

/**
 * The operator's settings, kept in the app's database: the window and the terminal read the same ones.
 * `computerLanguage` is the language until the operator chooses one (the shell knows the computer's; the terminal's
 * words are English anyway).
 */
export function openSettings(
  db: SqliteDatabase,
  computerLanguage: Language = 'en'
): { store: SettingsStore; settings: SettingsService } {
  const store = new SettingsStore(db)
  const settings = new SettingsService(
    {
      load: () => {
        const stored = store.get<unknown>(SETTINGS_KEY)
        if (stored === undefined) return null
        if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
          throw new DamagedStoreError('settings', db.name, SETTINGS_KEY, 'they are not a set of settings')
        return stored as Record<string, unknown>
      },
      save: (values) => store.set(SETTINGS_KEY, values),
      setAside: () => store.setAside(SETTINGS_KEY, Date.now())
    },
    defaultSettings(undefined, computerLanguage)
  )
  return { store, settings }
}

/**
 * The zone whose midnights start a device's day (its daily cap, its "sent today"): the operator's, the settings'
 * default zone, so a cap's day is the window's "today" and its wait is said on the clock of every other time (QA29
 * Q29-04). The app and the terminal read the same settings, so they count the same days.
 */
export function operatorDayZone(settings: SettingsService): (deviceId: string) => string {
  return () => settings.get().defaultTimezone
}

/** The one place the file-size limit of a send is resolved: device → settings → gateway default. */
export function fileLimitResolver(
  deviceLimit: (deviceId: string) => number | null | undefined,
  settings: SettingsService
): (deviceId: string) => number {
  return (deviceId) => resolveFileLimit(deviceLimit(deviceId), settings.get().maxFileBytes)
}

/**
 * Maps the core's own error types to what the window shows: English text with its translation key, so the window
 * words it in the operator's language (the CLI and logs read the English).
 */
export function describeCoreError(error: unknown): ApiErrorShape | undefined {
  if (error instanceof OutboxError)
    return failureShape(new ApiFailure(error.code, error.text ?? error.message, error.field))
  if (isGatewayError(error)) {
    const reason = sendFailureReason(error)
    return failureShape(new ApiFailure(error.code, decodeNote(reason) ?? reason))
  }
  if (error instanceof VaultFileError)
    return failureShape(new ApiFailure('vault_unavailable', vaultFileText(error)))
  if (isDiskFull(error)) return failureShape(new ApiFailure('disk_full', { key: 'desktop.error.diskFull' }))
  if (error instanceof RangeError) return { code: 'invalid_request', message: error.message }
  return undefined
}

const VAULT_PROBLEM_KEYS: Readonly<Record<string, MessageKey>> = {
  'newer-version': 'desktop.error.vaultNewer',
  EISDIR: 'desktop.error.vaultIsFolder',
  EACCES: 'desktop.error.vaultPermission',
  EPERM: 'desktop.error.vaultPermission',
  EROFS: 'desktop.error.vaultReadOnly',
  ENOSPC: 'desktop.error.vaultFull',
  EDQUOT: 'desktop.error.vaultFull'
}

/** The vault's refusal by its code; one the table does not know keeps the vault's own English text. */
function vaultFileText(error: VaultFileError): KeyedText | string {
  const key = VAULT_PROBLEM_KEYS[error.code]
  return key ? { key, params: { path: error.path } } : error.message
}

/** A contract command run as the window runs it (request schema, handler, reply schema); a refusal throws. */
function invokeThrough(handlers: ApiHandlers, logger: Logger) {
  return async <C extends keyof ApiHandlers & string>(
    channel: C,
    request: InvokeRequest<C>
  ): Promise<InvokeReply<C>> => {
    const result = await dispatchInvoke(handlers, channel, request, {
      describeError: describeCoreError,
      onUnexpected: (where, error) => logger.error(`unexpected error in ${where}`, error)
    })
    if (!result.ok) {
      const { code, message, field, messageKey, messageParams } = result.error
      // The keyed text too, so a command can read the refusal's params (the numbers an opt-out ask names).
      const text = messageKey ? { key: messageKey as MessageKey, params: messageParams ?? {} } : message
      throw new ApiFailure(code, text, field)
    }
    return result.value as InvokeReply<C>
  }
}

/**
 * The device of the app's list these credentials belong to (its devices file keeps, per device, the ids the terminal
 * derives from its address and token: one-way hashes, so the token is compared without being read or written), or
 * null when the list holds none (or cannot be read: the terminal then keeps to its own id).
 */
export async function listedDeviceFor(
  dataDir: string,
  credentials: Pick<GatewayCredentials, 'baseUrl' | 'token'>
): Promise<{ id: string; label: string; dailyCap: number | null; gatewayNames: GatewayNames } | null> {
  try {
    const records = await appDeviceRecords(dataDir)
    const listed = listedIn(records, terminalDeviceId(credentials))
    if (!listed) return null
    const serial = records.find((d) => d['id'] === listed.id)?.['serial']
    return {
      ...listed,
      gatewayNames: await gatewayNamesOf(dataDir, listed.id, typeof serial === 'string' ? serial : null)
    }
  } catch {
    return null
  }
}

/** How a gateway names one of our devices to the inbox (its serial, its sender number): whose conversations are its. */
export interface GatewayNames {
  serial: string | null
  phone: string | null
}

/** The app's device monitor's file (compose.ts opens the monitor on it): each device's last info from its gateway. */
export const DEVICE_STATES_FILE = 'device-states.json'

/**
 * A listed device's names as the app's list has them (DeviceView): the serial and sender number its monitor last
 * read, else the serial it was added with.
 */
async function gatewayNamesOf(
  dataDir: string,
  id: string,
  addedSerial: string | null
): Promise<GatewayNames> {
  const states = await storedDeviceStates(dataDir)
  const info = Object.hasOwn(states, id) ? states[id]?.['info'] : undefined
  const found = info && typeof info === 'object' ? (info as Record<string, unknown>) : {}
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
  return { serial: text(found['serial']) ?? addedSerial, phone: text(found['sender']) }
}

/**
 * The app's monitor's file, each device's last check by its id, as written (each field checked where it is read);
 * empty when there is none to read (a device never checked, a file being rewritten).
 */
async function storedDeviceStates(dataDir: string): Promise<Record<string, Record<string, unknown>>> {
  try {
    const file = (await readJsonFile(join(dataDir, DEVICE_STATES_FILE))) as { devices?: unknown } | undefined
    const devices = file?.devices
    return devices && typeof devices === 'object' && !Array.isArray(devices)
      ? (devices as Record<string, Record<string, unknown>>)
      : {}
  } catch {
    return {}
  }
}

/**
 * A device of the app's list as its monitor last checked it: what the window's words for its state, its advice and
 * why its messages wait are told by (shared/device-status.ts), for the terminal to say them too.
 */
export interface AppDeviceState {
  id: string
  label: string
  state: DeviceState
  /** The core's own note's key, when the state's note is one (a cause: never linked, a changed number, …). */
  stateNoteKey: string | undefined
  /** Whether a phone has scanned it since it was added (null: not known). */
  linked: boolean | null
  quota: DeviceView['quota']
  sandbox: boolean
}

const DEVICE_STATE_NAMES: ReadonlySet<string> = new Set(DeviceStateSchema.options)

/**
 * The app's devices as its monitor last checked them (device-states.json, kept current while the app runs), by the
 * app's id and by the terminal's ids for their credentials; a device never checked is not in it. Empty when the list
 * cannot be read.
 */
export async function appDeviceStates(dataDir: string): Promise<Map<string, AppDeviceState>> {
  const found = new Map<string, AppDeviceState>()
  let records: Record<string, unknown>[]
  try {
    records = await appDeviceRecords(dataDir)
  } catch {
    return found
  }
  const states = await storedDeviceStates(dataDir)
  for (const record of records) {
    const { id, label } = record
    if (typeof id !== 'string' || typeof label !== 'string' || !Object.hasOwn(states, id)) continue
    const stored = states[id] ?? {}
    const state = stored['state']
    if (typeof state !== 'string' || !DEVICE_STATE_NAMES.has(state)) continue
    const info =
      stored['info'] && typeof stored['info'] === 'object' ? (stored['info'] as Record<string, unknown>) : {}
    const quota = info['quota']
    const linked = stored['linked']
    const note = stored['note']
    const device: AppDeviceState = {
      id,
      label,
      state: state as DeviceState,
      stateNoteKey: decodeNote(typeof note === 'string' ? note : null)?.key,
      linked: typeof linked === 'boolean' ? linked : null,
      quota: typeof quota === 'number' || quota === 'unlimited' ? quota : null,
      sandbox: record['sandbox'] === true
    }
    found.set(id, device)
    const terminalIds = record['terminalIds']
    if (Array.isArray(terminalIds))
      for (const terminalId of terminalIds) if (typeof terminalId === 'string') found.set(terminalId, device)
  }
  return found
}

/**
 * A message the gateway took moves its chat's conversation in the Inbox (QA76, at when it went), whichever composition
 * sent it: the app's and the terminal's wire it here alike. `moved` hears each conversation that moved.
 */
export function conversationsFollowTraffic(
  outbox: Pick<Outbox, 'onItemTaken'>,
  conversations: () => Pick<InboxConversations, 'messageTaken'>,
  moved: () => void = () => {}
): void {
  outbox.onItemTaken((item) => {
    if (conversations().messageTaken(item)) moved()
  })
}

/** The record of the devices file the terminal's id belongs to, as listedDeviceFor answers it. */
function listedIn(
  devices: readonly Record<string, unknown>[],
  terminalId: string
): { id: string; label: string; dailyCap: number | null } | null {
  const found = devices.find((d) => Array.isArray(d['terminalIds']) && d['terminalIds'].includes(terminalId))
  if (!found || typeof found['id'] !== 'string' || typeof found['label'] !== 'string') return null
  const cap = found['dailyCap']
  return {
    id: found['id'],
    label: found['label'],
    dailyCap: typeof cap === 'number' && Number.isInteger(cap) && cap > 0 ? cap : null
  }
}

/**
 * A listed device's daily cap as the window keeps it now: the devices file is looked at again (its size and time,
 * re-read only when they moved) at every ask, so a running flush or campaign stops where the window's new cap says.
 * `changed` is told when a look found another cap (a raised one releases what the old one held).
 */
function followedDailyCap(
  dataDir: string,
  device: CommandLineDevice,
  changed: () => void
): { cap(): number | null; look(): void } {
  const file = join(dataDir, DEVICES_FILE)
  const terminalId = terminalDeviceId(device.credentials)
  let cap = device.dailyCap ?? null
  let seen = ''
  function look(): void {
    try {
      const stat = statSync(file, { throwIfNoEntry: false })
      const stamp = stat ? `${stat.mtimeMs}:${stat.size}` : ''
      if (stamp === seen) return
      const first = seen === ''
      seen = stamp
      // The first look only notes the file: the cap the command was given was read from it just now.
      if (first || !stat) return
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { devices?: unknown }
      const records = Array.isArray(parsed.devices) ? (parsed.devices as Record<string, unknown>[]) : []
      const listed = listedIn(records, terminalId)
      // Removed from the list meanwhile: the cap the command started with holds.
      if (listed === null || listed.id !== device.id || listed.dailyCap === cap) return
      cap = listed.dailyCap
      changed()
    } catch {
      // Being rewritten (or unreadable): the cap known holds until a later look reads it.
    }
  }
  look()
  return {
    cap() {
      look()
      return cap
    },
    look
  }
}

/** The devices file's records, as written (each field checked where it is read); throws when it cannot be read. */
async function appDeviceRecords(dataDir: string): Promise<Record<string, unknown>[]> {
  const file = (await readJsonFile(join(dataDir, DEVICES_FILE))) as { devices?: unknown } | undefined
  return Array.isArray(file?.devices) ? (file.devices as Record<string, unknown>[]) : []
}

/**
 * Every id the open app sends for: its devices' ids, and the terminal's ids for their credentials (it takes over what
 * is filed under those). Empty when its list cannot be read.
 */
export async function appSendsFor(dataDir: string): Promise<Set<string>> {
  const ids = new Set<string>()
  try {
    for (const device of await appDeviceRecords(dataDir)) {
      if (typeof device['id'] === 'string') ids.add(device['id'])
      const terminalIds = device['terminalIds']
      if (Array.isArray(terminalIds)) for (const id of terminalIds) if (typeof id === 'string') ids.add(id)
    }
  } catch {
    // No list to read: the app sends for none of the terminal's items.
  }
  return ids
}

/**
 * The devices of the app's list by their own ids (not the terminal's), each with its name (its id when it has none), in
 * the list's order: those a draft can be dealt to. Empty when the list cannot be read.
 */
export async function appDevices(dataDir: string): Promise<Map<string, string>> {
  const devices = new Map<string, string>()
  try {
    for (const device of await appDeviceRecords(dataDir)) {
      const { id, label } = device
      if (typeof id === 'string') devices.set(id, typeof label === 'string' ? label : id)
    }
  } catch {
    // No list to read: the app has no device the terminal knows of.
  }
  return devices
}

/**
 * The app's name for each device of its list, by its id and by the terminal's ids for its credentials (a campaign's
 * part is filed under either): how the terminal names a device the window names. Empty when the list cannot be read.
 */
export async function appDeviceLabels(dataDir: string): Promise<Map<string, string>> {
  const labels = new Map<string, string>()
  try {
    for (const device of await appDeviceRecords(dataDir)) {
      const label = device['label']
      if (typeof label !== 'string') continue
      if (typeof device['id'] === 'string') labels.set(device['id'], label)
      const terminalIds = device['terminalIds']
      if (Array.isArray(terminalIds))
        for (const id of terminalIds) if (typeof id === 'string') labels.set(id, label)
    }
  } catch {
    // No list to read: every device is named by its id.
  }
  return labels
}

/**
 * What the app's monitor makes of an answer of device/info (its state, the core's note's key), with what the app's list
 * knows of the device when it lists it (`listed`: whether a phone scanned it since it was added, a cause its last check
 * kept, whether it is the sandbox's): the terminal's `device info` says the state as the window does.
 */
export function deviceStateFacts(
  info: DeviceInfo,
  listed?: AppDeviceState | undefined
): Omit<AppDeviceState, 'id' | 'label'> {
  return factsOf(stateFromInfo(info, systemClock.now()), info.quota, listed)
}

/** A verdict of the core's rule as the words are told it, with what the app's list knows of the device. */
function factsOf(
  verdict: StateVerdict,
  quota: DeviceView['quota'],
  listed: AppDeviceState | undefined
): Omit<AppDeviceState, 'id' | 'label'> {
  const ownNote = decodeNote(verdict.note)?.key
  return {
    state: verdict.state,
    stateNoteKey: ownNote ?? (listed?.state === verdict.state ? listed.stateNoteKey : undefined),
    linked: listed?.linked ?? null,
    quota,
    sandbox: listed !== undefined && isSandboxDevice(listed)
  }
}

/**
 * One ask of a device's state, read by the app's monitor's rule: an answer by stateFromInfo, a failed ask by
 * stateFromError. `unanswered`: the ask itself failed, the gateway giving no word of the device (the network, a
 * time-out, a server error; a refused token is its word). `note`: the state's note (the core's, or the gateway's).
 */
export interface DeviceCheck {
  facts: Omit<AppDeviceState, 'id' | 'label'>
  unanswered: boolean
  note: string | null
}

/** The app's device list in its data folder (compose.ts opens the registry on it). */
export const DEVICES_FILE = 'devices.json'

/** The one device a terminal command runs for: the credentials it was given, keyed by an id the CLI derives. */
export interface CommandLineDevice {
  /** The app's device with these credentials, when its list holds one; else the terminal's own id for them. */
  id: string
  /** The app's name for it, when listed. */
  label?: string
  /** The listed device's daily cap (the window's setting), honoured by a flush as the app honours it. */
  dailyCap?: number | null
  /** Ids the same device had before (its address written another way): their items are its items. */
  aliases?: readonly string[]
  /**
   * How its gateway names it to the inbox, as the app's list last had it (a listed device only): a message the
   * terminal sends moves the conversation of its chat on this device, as the app's own do.
   */
  gatewayNames?: GatewayNames
  credentials: GatewayCredentials
  /** The device's own file-size limit (`--max-file-mb`); null follows the settings, then the gateway default. */
  maxFileBytes: number | null
}

export interface CommandLinePorts {
  dataDir: string
  /** Null for commands that only read or change what is queued (list, retry, cancel). */
  device: CommandLineDevice | null
  logger?: Logger
  /** Hears the update of a data folder an older version wrote, as the database opens. */
  onDataUpdate?: (progress: DataUpdateProgress) => void
  /**
   * The app's devices by id, with their names (appDevices), for a command that chooses a draft's devices: the
   * campaign commands know them as the app's registry does in the window. Without it, only `device` is known.
   */
  appDevices?: ReadonlyMap<string, string>
}

/** The contract channels a terminal command calls, through the same handlers and schemas as the window. */
export type CommandLineChannel =
  | 'inbox:reply'
  | 'files:register'
  | 'files:release'
  | 'outbox:enqueue'
  | 'outbox:list'
  | 'outbox:retry'
  | 'outbox:cancel'
  | 'outbox:retryMany'
  | 'outbox:cancelMany'
  | 'outbox:deleteMany'
  | 'outbox:retryMatching'
  | 'outbox:cancelMatching'
  | 'outbox:takeBack'
  | 'outbox:takeBackProgress'
  | 'outbox:setTakeBackPaused'
  | CampaignChannel

export interface CommandLineCore {
  /** The outbox itself, for what has no contract command: flushing it, and running it while a campaign sends. */
  readonly outbox: Outbox
  /**
   * The device this command acts as: the app's device with the same credentials when its list holds one, else the
   * terminal's own id for them (CommandLineDevice.id); undefined without credentials.
   */
  readonly deviceId: string | undefined
  /** The live process other than this one that is sending from this data folder (the open app), or null. */
  otherDispatcher(): number | null
  /** The device's gateway client (from gatewayClientFactory), undefined without a device. */
  readonly client: GatewayClient | undefined
  /** The file-size limit for the device, resolved like the app's: its own, else the settings', else the default. */
  fileLimit(): number
  /** A file `files:register` accepted, as checked and pinned, to upload it now. */
  registeredFile(handle: string): RegisteredFile | undefined
  /** The operator's zone (the settings' default zone, the computer's unless changed): a new campaign's hours' clock. */
  operatorTimeZone(): string
  /**
   * The numbers among these (the gateway's form) on the opt-out list: what `outbox:enqueue` asks about, for a send
   * that goes straight to the gateway and so past the queue's ask.
   */
  optedOut(phones: readonly string[]): string[]
  /**
   * The device's state as the app's monitor would read it now (the gateway's device info through the same rules), or
   * null for a device this command was not given: the terminal has no monitor and no other device's token.
   */
  deviceState(deviceId: string): Promise<DeviceState | null>
  /**
   * Before a flush sends, with no app beside to poll: asks the gateway this command's device's state once (as
   * deviceState) and tells the outbox whether it may send by the app's rule (isSendable), for its id and aliases, as
   * the app's monitor tells it, so a device not connected keeps its messages queued. `listed`: what the app's list
   * knows of it (appDeviceStates). Null without a device.
   */
  checkBeforeSending(listed?: AppDeviceState): Promise<DeviceCheck | null>
  /** A campaign's take-backs not finished yet (running or paused), oldest first (none for a campaign not here). */
  campaignTakeBacks(campaignId: string): string[]
  /** Runs a contract command as the window would (request schema, handler, reply schema); a refusal throws ApiFailure. */
  invoke<C extends CommandLineChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeReply<C>>
  /** As the app at its start: the replies kept for conversations deleted meanwhile let their files go. */
  releaseGoneReplies(): Promise<void>
  close(): void
}

/**
 * The core for one terminal command: the app's database, settings and outbox, the sending and campaigns features'
 * commands and file checks, without the device monitor, the sandbox or anything else that polls. The terminal has no monitor,
 * so a device is sendable until the gateway says otherwise, and no tracking runs after the command ends.
 */
export function composeCommandLine(ports: CommandLinePorts): CommandLineCore {
  const db = openDatabase({ dataDir: ports.dataDir, onUpdate: ports.onDataUpdate })
  const logger = ports.logger ?? silentLogger
  const { settings } = openSettings(db)
  const device = ports.device
  const client = device ? gatewayClientFactory(device.credentials) : undefined
  const isDevice = (id: string): boolean => id === device?.id || (device?.aliases ?? []).includes(id)
  const fileLimitFor = fileLimitResolver(
    (id) => (isDevice(id) ? (device?.maxFileBytes ?? null) : null),
    settings
  )
  const outbox = createOutbox({
    db,
    dataDir: ports.dataDir,
    clientFor: (id) => (isDevice(id) ? client : undefined),
    fileLimitFor,
    logger,
    options: { tracking: false, devicesSendableByDefault: true, dayZoneOf: operatorDayZone(settings) }
  })
  // A listed device's daily cap counts the terminal's sends too: a flush of its messages stops where the app would,
  // at the cap the window sets meanwhile (asked at every send, and looked at every second for a raised one).
  const dailyCap =
    device && device.dailyCap !== undefined
      ? followedDailyCap(ports.dataDir, device, () => outbox.dailyCapChanged(device.id))
      : null
  outbox.addDeviceBudget((id) => (isDevice(id) ? (dailyCap?.cap() ?? null) : null))
  const capLooks = dailyCap ? setInterval(dailyCap.look, OTHER_PROCESS_POLL_MS) : null
  capLooks?.unref()
  // One device, so a file is checked against that device's limit as soon as it is registered.
  const fileLimit = (): number => fileLimitFor(device?.id ?? '')
  // The app's check of the reply drafts' kept files: a gone conversation's reply is let go here too.
  const conversations = new InboxConversationsStore(db)
  const files = new FileHandles({
    dataDir: ports.dataDir,
    maxFileBytes: fileLimit,
    conversationExists: (id) => conversations.exists(id)
  })
  // A reply, a send or a campaign's message the gateway takes from a flush here moves its conversation, as in the app
  // (QA76); the app's window, open beside, reads the list again when it sees this commit. Read only once one is taken.
  const names = device?.gatewayNames
  const ourDevice =
    device && names ? [device.id, ...(device.aliases ?? [])].map((id) => ({ id, ...names })) : []
  let inboxConversations: InboxConversations | null = null
  conversationsFollowTraffic(
    outbox,
    () =>
      (inboxConversations ??= createConversations({
        db,
        now: () => systemClock.now(),
        devices: { list: () => ourDevice },
        outbox: outbox.queue
      }))
  )
  const events = new CoreEvents()
  // Wired as the app wires it, so a campaign's changes are announced the same way on both paths (a terminal process
  // has no window listening, but it runs the same feature).
  const campaigns = createCampaigns({
    db,
    queue: outbox.queue,
    clock: systemClock,
    onChanged: (id) => events.emit('campaigns:changed', { id })
  })
  const optedOut = (phones: readonly string[]): string[] =>
    phones.filter((phone) => campaigns.optOuts.has(phone))
  const handlers = {
    ...createSendingCommands({
      registry: { get: (id) => (id === device?.id ? device : undefined) },
      monitor: { views: () => [] },
      files,
      outbox,
      events,
      fileLimitFor,
      // As the app's: a direct send, a series or a reply to a number on the opt-out list is asked about first.
      optedOut
    }),
    // The terminal's campaign commands are the window's: the same reading limits, checks and events.
    ...createCampaignCommands({
      campaigns,
      db,
      registry: {
        get: (id) => {
          if (id === device?.id) return { label: device.label ?? id }
          const listed = ports.appDevices?.get(id)
          return listed === undefined ? undefined : { label: listed }
        },
        list: () => (device ? [device] : []),
        openedClient: (id) => (id === device?.id ? client : undefined)
      },
      events,
      now: () => systemClock.now(),
      files,
      outbox: outbox.queue,
      fileLimitFor,
      // The terminal opens one gateway at most: the app's other devices catch up when it next opens them.
      blacklistSettled: (phones, add, _unreached, reached) => gatewaysMissed(db, phones, add, reached)
    })
  }
  async function checkDevice(listed?: AppDeviceState): Promise<DeviceCheck | null> {
    if (!client) return null
    try {
      const info = await client.deviceInfo()
      return { facts: deviceStateFacts(info, listed), unanswered: false, note: info.note ?? null }
    } catch (error) {
      const verdict = stateFromError(error)
      const unanswered = verdict.state === 'unreachable' || verdict.state === 'unknown'
      return { facts: factsOf(verdict, null, listed), unanswered, note: verdict.note }
    }
  }
  return {
    outbox,
    deviceId: device?.id,
    otherDispatcher: () => outbox.otherDispatcher(),
    client,
    fileLimit,
    registeredFile: (handle) => files.get(handle),
    operatorTimeZone: () => settings.get().defaultTimezone,
    optedOut,
    async deviceState(deviceId) {
      return isDevice(deviceId) ? ((await checkDevice())?.facts.state ?? null) : null
    },
    async checkBeforeSending(listed) {
      const check = await checkDevice(listed)
      if (!check || !device) return check
      for (const id of [device.id, ...(device.aliases ?? [])])
        outbox.setDeviceSendable(id, isSendable(check.facts.state))
      return check
    },
    campaignTakeBacks: (campaignId) => campaigns.openTakeBacks(campaignId),
    invoke: invokeThrough(handlers as ApiHandlers, logger),
    releaseGoneReplies: () => files.releaseGoneReplies(),
    close: () => {
      if (capLooks) clearInterval(capLooks)
      db.close()
    }
  }
}

/** Where the terminal keeps the mailbox's credentials: a 0600 file in its data folder (the app uses its vault). */
export const COMMAND_LINE_SECRETS_FILE = 'cli-secrets.json'

/** The inbox's contract commands the terminal runs (the rest of the inbox it reads directly). */
export type CommandLineInboxChannel =
  | 'inbox:conversations'
  | 'inbox:thread'
  | 'inbox:deleteConversation'
  | 'contacts:list'
  | 'contacts:set'
  | 'contacts:add'
  | 'contacts:remove'

export interface CommandLineInboxPorts {
  dataDir: string
  fetch?: FetchPort
  logger?: Logger
  onStep?: (step: SyncStep, count: number) => void
  /** Hears the update of a data folder an older version wrote, as the database opens. */
  onDataUpdate?: (progress: DataUpdateProgress) => void
}

/**
 * The inbox for a terminal command: the app's database, the mailbox credentials in the data folder's secrets file,
 * and the outbox as the target of tracking statuses (so `inbox sync` moves sent messages too). There is no device
 * monitor here: device statuses stay pending for the app to apply.
 */
export async function composeCommandLineInbox(ports: CommandLineInboxPorts): Promise<{
  inbox: Inbox
  /** Runs an inbox or contacts contract command as the window would (schemas, handler, refusal as ApiFailure). */
  invoke<C extends CommandLineInboxChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeReply<C>>
  close(): Promise<void>
}> {
  // Loaded by the inbox commands alone: the relay package's crypto stays out of every other command's start.
  const { createInbox, createConversationCommands, vaultInboxCredentials } = await import('./inbox')
  const db = openDatabase({ dataDir: ports.dataDir, onUpdate: ports.onDataUpdate })
  const logger = ports.logger ?? silentLogger
  const { settings } = openSettings(db)
  const optOutList = new CampaignStore(db)
  const outbox = createOutbox({
    db,
    dataDir: ports.dataDir,
    clientFor: () => undefined,
    fileLimitFor: fileLimitResolver(() => null, settings),
    logger,
    // A sync's tracking statuses read a bare rejection of a number on the opt-out list as the app does.
    options: {
      tracking: false,
      devicesSendableByDefault: true,
      onOptOutList: (phone) => optOutList.isOptedOut(phone)
    }
  })
  const vault = new EncryptedFileVault({
    // The terminal has no keyring: the file is in the clear (base64), readable by this user only.
    cipher: NO_KEYRING,
    file: join(ports.dataDir, COMMAND_LINE_SECRETS_FILE),
    allowWeak: true
  })
  const conversations = new InboxConversationsStore(db)
  const replyDrafts = new FileHandles({
    dataDir: ports.dataDir,
    maxFileBytes: () => settings.get().maxFileBytes,
    conversationExists: (id) => conversations.exists(id)
  })
  const inbox = createInbox({
    db,
    clock: systemClock,
    fetch: ports.fetch ?? ((url, init) => fetch(url, init)),
    credentials: vaultInboxCredentials(vault),
    targets: {
      tracking: outbox.queue,
      // Keywords honoured here too (the blacklists are pushed later: see localKeywordOptOuts).
      optOuts: localKeywordOptOuts({ db, queue: outbox.queue, clock: systemClock })
    },
    logger,
    onStep: ports.onStep,
    // A conversation deleted here takes the app's fetched files with it, when this is the app's data folder, and its
    // reply draft's kept file off the app's list.
    dataDir: ports.dataDir,
    replyDrafts
  })
  // As the app at its start: the replies kept for conversations deleted meanwhile let their files go.
  await replyDrafts.releaseGoneReplies()
  const handlers = createConversationCommands({ inbox })
  return {
    inbox,
    invoke: invokeThrough(handlers as ApiHandlers, logger),
    async close() {
      await inbox.sync.stop()
      db.close()
    }
  }
}
