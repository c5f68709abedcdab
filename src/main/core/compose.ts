/**
 * Builds the whole core from its ports (vault, clock, data folder, notifier, login-item switch): the
 * database, settings, device registry and monitor, outbox, file handles and the embedded sandbox, wired
 * together and exposed as the contract's handlers plus events. Electron shell and browser harness both
 * start here; only the ports differ.
 */
import { join } from 'node:path'
import { formatPhoneForReading } from '../../shared/domain/phone-display'
import { shownText } from '../../shared/domain/shown-text'
import type {
  DeviceState,
  DeviceView,
  InboxStatusView,
  OutboxCounts,
  PacedQueued
} from '../../shared/contract'
import type { Language } from '../../shared/i18n'
import { createAutoReplyBook, createAutoReplyCommands } from './autoreplies'
import {
  createCampaignCommands,
  createCampaigns,
  keywordOptOuts,
  optOutGatewaySync,
  pushOptOutsToGateways
} from './campaigns'
import { systemClock, type Clock } from './clock'
import { watchClockJumps } from './clock-jumps'
import type { ApiHandlers } from './commands'
import {
  conversationsFollowTraffic,
  DEVICE_STATES_FILE,
  DEVICES_FILE,
  describeCoreError,
  describeDataUpdate,
  fileLimitResolver,
  gatewayClientFactory,
  openSettings,
  operatorDayZone
} from './compose-command-line'
import { CoreEvents } from './core-events'
import {
  createDeviceCommands,
  DeviceActions,
  DeviceMonitor,
  DeviceRegistry,
  followOtherWriters,
  isSendable,
  KeptAtGatewayRecords,
  UnconfirmedOrders,
  requireClient,
  type ClientFactory,
  type DeviceBudgetView,
  type PollIntervals
} from './devices'
import { FileHandles } from './files'
import {
  optOutConfirmations,
  createConversationCommands,
  createInbox,
  createInboxCommands,
  LocalRelay,
  createMediaCommands,
  inboxStatusView,
  Receiving,
  vaultInboxCredentials,
  type FetchPort,
  type Inbox
} from './inbox'
import { redact, silentLogger, type Logger, type SecretList } from './logging'
import { NoticeBoard, type Notice } from './notices'
import type { OutboxOptions } from './outbox'
import {
  createOutbox,
  createSendingCommands,
  removedDeviceRetryHook,
  sendingRemovalHook,
  type Outbox
} from './sending'
import { createReminderCommands, GatewayReminders, remindersRemovalHook } from './reminders'
import {
  createSandboxCommands,
  EmbeddedSandbox,
  portOf,
  startSandboxFresh,
  sandboxLookup,
  type EmbeddedSandboxOptions
} from './sandbox-control'
import { createSettingsCommands, SettingsService, type AppInfo } from './settings'
import {
  checkpointInBackground,
  DATABASE_FILE,
  InboxConversationsStore,
  InvoiceStore,
  openDatabase,
  otherConnectionsVersion,
  ReminderStore,
  watchOtherProcessCommits,
  type SqliteDatabase
} from './store'
import type { Vault } from './vault'
import { createWebhookCommands, createWebhookReachCheck, WebhookSettingsBook } from './webhooks'
import { isSandboxDevice } from '../../shared/device-status'

// The composition is the core's door for the shell and the harness: besides composeCore, the dispatcher every
// transport uses and the ports they implement or construct (vaults, the redacting logger, the store's startup
// errors), and what they share with the terminal's composition (compose-command-line.ts, the CLI's own door).

/** How long a STOP's blacklist push waits for its confirmation to leave the queue before it goes anyway. */
const OPT_OUT_CONFIRMATION_WAIT_MS = 10 * 60_000
export { describeCoreError, gatewayClientFactory } from './compose-command-line'
export { ApiFailure, type ApiHandlers } from './commands'
export { CoreEvents } from './core-events'
export { dispatchInvoke, type DispatchOptions } from './ipc-dispatch'
export { createRedactingLogger, SecretList } from './logging'
export type { Notice, NoticeAction } from './notices'
export type { RunningSandbox } from './sandbox-control'
export { DATABASE_FILE, StoreError, pendingDataUpdate } from './store'
export { EncryptedFileVault, MemoryVault, VaultLockedError, type Cipher } from './vault'

export interface CorePorts {
  dataDir: string
  vault: Vault
  clock?: Clock
  appInfo: AppInfo
  /** The computer's language (the shell's), the window's until the operator chooses one; English when not given. */
  computerLanguage?: Language
  clientFactory?: ClientFactory
  notify?: (notice: Notice) => void
  /** Apply the start-at-login setting (shell only). */
  applyLoginItem?: (enabled: boolean) => void
  /** Called when the operator changes the weak-storage opt-in (the shell's vault honours it). */
  applyWeakStorage?: (allowed: boolean) => Promise<void>
  logger?: Logger
  /** Secrets the vault has seen, masked in what diagnostics keep (token-shaped fields are masked regardless). */
  secrets?: SecretList
  sandbox?: EmbeddedSandboxOptions
  outbox?: OutboxOptions
  pollIntervals?: Partial<PollIntervals>
  /** Debounce for native notifications. */
  noticeDebounceMs?: number
  /** How the inbox reaches its relay (the global fetch unless a test gives another). */
  fetch?: FetchPort
  /**
   * Copy the database's write-ahead log into its file from a worker thread (the app: see checkpointInBackground),
   * not in whichever commit of the main thread passes SQLite's threshold. Off where the process's event loop serves
   * no window (tests, the terminal).
   */
  checkpointInBackground?: boolean
}

export interface CoreSnapshot {
  devices: DeviceView[]
  counts: OutboxCounts
  sendingPaused: boolean
  /** Of the queued, how many a pause holds (the tray's "12 to send (8 paused)"): as last said to the window. */
  pausedQueued: number
  /** Of the scheduled, how many will not be sent, their number opted out (the tray names them apart): as last said. */
  scheduledOptedOut: number
  /** Of the scheduled, how many the overdue policy holds for the operator (the tray names them apart): as last said. */
  heldOverdue: number
  /** A terminal command's process id while it holds sending (the tray says so, as the window does); null, the app's. */
  sendingHeldBy: number | null
  /** The inbox relay's state (the tray's "Messages in" line). */
  inbox: InboxStatusView
}

export interface Core {
  readonly handlers: ApiHandlers
  readonly events: CoreEvents
  readonly settings: SettingsService
  readonly registry: DeviceRegistry
  readonly monitor: DeviceMonitor
  readonly actions: DeviceActions
  readonly outbox: Outbox
  readonly files: FileHandles
  readonly sandbox: EmbeddedSandbox
  readonly inbox: Inbox
  start(): Promise<void>
  /**
   * The computer woke from sleep: timers are armed as durations on a clock that stood still while it slept, so each
   * part that waits for a time looks again at the wall clock now (devices, the send queue, the inbox's follow loop).
   */
  computerWoke(): void
  /** Stops polling and sending; in-flight sends finish and are recorded (never failed or deleted by a quit). */
  stop(): Promise<void>
  snapshot(): CoreSnapshot
  onSnapshotChange(listener: (snapshot: CoreSnapshot) => void): () => void
  /** Recent unexpected errors (already redacted), for diagnostics. */
  recentErrors(): string[]
  reportUnexpected(where: string, error: unknown): void
}

const RECENT_ERRORS = 20

/** A gateway's origin (`https://solo.wablas.com`), where its media URLs must point; null when unknown. */
function gatewayOrigin(baseUrl: string | undefined): string | null {
  if (!baseUrl) return null
  try {
    return new URL(baseUrl).origin
  } catch {
    return null
  }
}

/** What the gateway may name each of our devices by, in a message it passes on: its serial or its number. */
function gatewayNames(
  devices: readonly DeviceView[]
): { id: string; serial: string | null; phone: string | null }[] {
  return devices.map((d) => ({ id: d.id, serial: d.serial, phone: d.sender }))
}

export async function composeCore(ports: CorePorts): Promise<Core> {
  const clock = ports.clock ?? systemClock
  const logger = ports.logger ?? silentLogger
  const events = new CoreEvents()
  const contactsChanged = (): void =>
    events.emit('contacts:changed', { at: new Date(clock.now()).toISOString() })
  // An update of a folder an older version wrote is logged step by step: the shell has shown its window before.
  const db: SqliteDatabase = openDatabase({
    dataDir: ports.dataDir,
    onUpdate: (progress) => logger.info(describeDataUpdate(progress))
  })
  const { store: settingsStore, settings } = openSettings(db, ports.computerLanguage)
  const initial = settings.get()
  const errors: string[] = []
  const reportUnexpected = (where: string, error: unknown): void => {
    logger.error(`unexpected error in ${where}`, error)
    // Masked as they are kept, not when shown: the list outlives the moment, and diagnostics are copied and shared.
    const text = error instanceof Error ? error.message : String(error)
    const line = `${new Date(clock.now()).toISOString()} ${where}: ${text}`
    // The secret list's own redact: its secrets' fragments are worked out once, not for each error kept.
    errors.push(ports.secrets ? ports.secrets.redact(line) : redact(line, []))
    if (errors.length > RECENT_ERRORS) errors.shift()
  }
  // A worker that fails is reported, and the main connection checkpoints on its own again.
  const backgroundCheckpoints = ports.checkpointInBackground
    ? checkpointInBackground(db, join(ports.dataDir, DATABASE_FILE), {
        onFailure: (error) => reportUnexpected('background checkpoints', error)
      })
    : null

  // The relay this computer runs for a trial with the sandbox: the sandbox's webhooks may reach it, and only it.
  const localRelay = new LocalRelay(ports.dataDir)
  const sandbox = new EmbeddedSandbox(ports.dataDir, ports.clock, {
    onUnexpectedError: (error) => logger.error('sandbox gateway: unexpected error', error),
    allowLoopbackWebhookOrigin: (origin) => localRelay.allows(origin),
    ...ports.sandbox
  })
  const clientFactory = ports.clientFactory ?? gatewayClientFactory
  const registry = await DeviceRegistry.open({
    file: join(ports.dataDir, DEVICES_FILE),
    vault: ports.vault,
    clientFactory,
    clock
  })

  // The monitor shows each device's paused flag and daily budget, which the outbox (created after it) owns.
  let pausedDevices: () => string[] = () => []
  let budgetOf: (deviceId: string) => DeviceBudgetView | null = () => null
  const monitor = await DeviceMonitor.open({
    registry,
    clock,
    stateFile: join(ports.dataDir, DEVICE_STATES_FILE),
    intervals: { idleMs: initial.pollIntervalSec * 1000, ...ports.pollIntervals },
    isPaused: (id) => pausedDevices().includes(id),
    budgetOf: (id) => budgetOf(id),
    logger
  })
  const actions = new DeviceActions({ registry, monitor, clock, logger })
  // The conversation the window shows and whether it has the focus (inbox:viewing): its new messages stay quiet.
  const viewing: { conversationId: number | null; focused: boolean } = {
    conversationId: null,
    focused: false
  }
  const notices = new NoticeBoard({
    clock,
    notify: (notice) => ports.notify?.(notice),
    enabled: () => settings.get().notifications,
    doNotDisturb: () => settings.get().doNotDisturb,
    viewing: () => (viewing.focused ? viewing.conversationId : null),
    ...(ports.noticeDebounceMs !== undefined ? { debounceMs: ports.noticeDebounceMs } : {})
  })

  const fileLimitFor = fileLimitResolver((id) => registry.get(id)?.maxFileBytes, settings)

  const theOutbox: Outbox = createOutbox({
    db,
    dataDir: ports.dataDir,
    clock,
    clientFor: (id) => registry.openedClient(id),
    fileLimitFor,
    logger,
    options: {
      pacingMs: initial.pacingMs,
      retentionMs: initial.retentionDays * 86_400_000,
      devicesSendableByDefault: false,
      dayZoneOf: operatorDayZone(settings),
      onOptOutList: (phone) => theCampaigns.optOuts.has(phone),
      ...ports.outbox
    }
  })
  // A message of a removed device has nowhere to go: its Retry would put it back in a line no device reads (an
  // operator's probe: "Queued again." on "Sandbox device (removed)", waiting forever). Refused, and not offered.
  theOutbox.addRetryHook(removedDeviceRetryHook((id) => registry.get(id) !== undefined))
  // Of the queued, how many a pause holds (QA walk 4, F21: "8 queued" said nothing of the campaign paused after 2 of
  // 10). Sent with every counts change; pausing a campaign changes no item's status, so a campaign's change also
  // sends it when it moved (on the next microtask: the campaigns are composed by then, and a burst sends it once).
  const pausedQueued = (): number => theOutbox.pausedQueued(theCampaigns.pausedParts())
  // Of the rest, those campaigns hold for their working hours or daily cap (QA62: "9 waiting now" at 22:00); with
  // all sending paused, the pause holds them all.
  const pacedQueued = (): PacedQueued => {
    const paused = theOutbox.pausedState()
    return paused.all ? { outsideHours: 0, dailyCap: 0 } : theCampaigns.pacedQueued(new Set(paused.devices))
  }
  let pausedQueuedSaid = 0
  let pacedQueuedSaid = ''
  // Of the scheduled, those whose number opted out since (QA76): a customer's STOP changes no item's status, so an
  // opt-out list's change sends it too when it moved, as a campaign's change does.
  let scheduledOptedOutSaid = 0
  // Of the scheduled, those the overdue policy holds for the operator: held or sent, an item changes and counts move.
  let heldOverdueSaid = 0
  let pausedQueuedCheck = false
  function countsChanged(counts: OutboxCounts): void {
    pausedQueuedSaid = pausedQueued()
    const paced = pacedQueued()
    pacedQueuedSaid = JSON.stringify(paced)
    scheduledOptedOutSaid = theOutbox.scheduledOptedOut()
    heldOverdueSaid = theOutbox.heldOverdue()
    events.emit('outbox:countsChanged', {
      counts,
      sendingPaused: theOutbox.pausedState().all,
      sendingHeldBy: theOutbox.sendingHeldBy(),
      pausedQueued: pausedQueuedSaid,
      pacedQueued: paced,
      heldOverdue: heldOverdueSaid,
      scheduledOptedOut: scheduledOptedOutSaid
    })
  }
  function campaignChanged(): void {
    if (pausedQueuedCheck) return
    pausedQueuedCheck = true
    queueMicrotask(() => {
      pausedQueuedCheck = false
      try {
        if (
          pausedQueued() !== pausedQueuedSaid ||
          JSON.stringify(pacedQueued()) !== pacedQueuedSaid ||
          theOutbox.scheduledOptedOut() !== scheduledOptedOutSaid
        ) {
          const counts = theOutbox.counts()
          countsChanged(counts)
          snapshotChanged(counts)
        }
      } catch (error) {
        // A change heard as the core stops (its database closed): the next start counts afresh.
        logger.warn('outbox: the paused count could not be read', error)
      }
    })
  }
  // A producer of the send queue: it plugs its pacing policy into the queue and follows the monitor itself.
  const theCampaigns = createCampaigns({
    db,
    queue: theOutbox.queue,
    monitor,
    clock,
    onAutoPause: (event) => notices.campaignAutoPaused(event),
    onDeviceBack: (event) => notices.campaignDeviceBack(event),
    deviceName: (deviceId) => registry.get(deviceId)?.label ?? deviceId,
    onChanged: (id) => {
      events.emit('campaigns:changed', { id })
      campaignChanged()
    },
    onContactNamesLearnt: () => contactsChanged(),
    onOptOutsChanged: () => campaignChanged(),
    budgetOf: (id) => budgetOf(id),
    waitingToday: (id) => theOutbox.waitingToday(id),
    quotaOf: (id) => monitor.status(id).info?.quota ?? null
  })
  pausedDevices = () => theOutbox.pausedState().devices
  // Each device's daily cap is a send policy counted across every producer.
  const dailyCapOf = (id: string): number | null => registry.get(id)?.dailyCap ?? null
  theOutbox.addDeviceBudget(dailyCapOf)
  budgetOf = (id) => theOutbox.budgetOf(id, dailyCapOf)
  const conversationRecords = new InboxConversationsStore(db)
  // A file is accepted at drop time if any gateway could take it; enqueue checks the chosen device's own limit.
  const files = new FileHandles({
    dataDir: ports.dataDir,
    maxFileBytes: () =>
      Math.max(settings.get().maxFileBytes, ...registry.list().map((d) => d.maxFileBytes ?? 0)),
    conversationExists: (id) => conversationRecords.exists(id)
  })

  // Messages in: tracking statuses move the kernel's items, device statuses the monitor's states, as they arrive.
  const inboxFetch = ports.fetch ?? ((url, init) => fetch(url, init))
  const inboxCredentials = vaultInboxCredentials(ports.vault)
  // What each device's gateway blacklist has been given of the opt-out list: a device opened for the first time gets
  // the whole list in the background, and one whose gateway a push did not reach catches up when it is back.
  const blacklists = optOutGatewaySync({
    db,
    registry,
    listed: () => theCampaigns.optOuts.list().map((entry) => entry.phone),
    isListed: (phone) => theCampaigns.optOuts.has(phone)
  })
  const keywordTarget = keywordOptOuts({
    db,
    campaigns: theCampaigns,
    pushToGateways: (phones, add) => pushOptOutsToGateways(registry, phones, add, blacklists.settled),
    // The window's open opt-out list follows a customer's keyword, not only the operator's own changes.
    onCommitted: () => events.emit('optouts:changed', { at: new Date(clock.now()).toISOString() })
  })
  /**
   * Resolves once an item has left the queue (handed over, failed, cancelled or gone), or after `boundMs`: what waits
   * on it goes on in the end even while its device is away (the STOP confirmation's blacklist push).
   */
  const leftTheQueue = (itemId: string, boundMs: number): Promise<void> =>
    new Promise((resolve) => {
      const waiting = (status: string | undefined): boolean =>
        status === 'queued' || status === 'sending' || status === 'scheduled'
      let statusNow: string | undefined
      try {
        statusNow = theOutbox.get(itemId).item.status
      } catch {
        statusNow = undefined
      }
      if (!waiting(statusNow)) return resolve()
      const done = (): void => {
        off()
        clock.clearTimeout(timer)
        resolve()
      }
      const off = theOutbox.on('itemChanged', (item) => {
        if (item.id === itemId && !waiting(item.status)) done()
      })
      const timer = clock.setTimeout(done, boundMs)
    })
  // The optional confirmation to a customer who wrote STOP: a reply through the send queue, once per message.
  // Its push to the blacklists waits in a row kept with the opt-out, followed again at the next start.
  const confirmations = optOutConfirmations({
    db,
    now: () => clock.now(),
    text: () => settings.get().optOutConfirmation,
    deviceIdOf: (device) => inbox.conversations.deviceIdOf(device),
    reply: (request) => handlers['inbox:reply'](request),
    settled: (itemId) => leftTheQueue(itemId, OPT_OUT_CONFIRMATION_WAIT_MS),
    released: () => void blacklists.catchUpAll(),
    failed: (error) => logger.warn('inbox: the opt-out confirmation could not be queued', error)
  })
  const inbox = createInbox({
    db,
    clock,
    fetch: inboxFetch,
    credentials: inboxCredentials,
    targets: {
      tracking: theOutbox.queue,
      devices: monitor,
      // A customer's "STOP" puts the number on the opt-out list (and the gateways' blacklists), "MULAI" takes it off.
      optOuts: {
        ...keywordTarget,
        // The confirmation first: the blacklist would refuse it. Its wait commits with the opt-out.
        changing: (change) => confirmations.owe(change),
        committed(changes) {
          keywordTarget.committed(changes)
          confirmations.send(changes)
        }
      }
    },
    logger,
    // The gateway names its device by serial or number: the monitor's last info tells which of ours that is.
    devices: { list: () => gatewayNames(monitor.views()) },
    outbox: theOutbox.queue,
    replyDrafts: files,
    // Customers' files: fetched only from the gateway of the device that received them, up to the cap in Settings.
    media: {
      dataDir: ports.dataDir,
      maxBytes: () => settings.get().maxIncomingMediaBytes,
      gatewayOriginOf: (device) =>
        gatewayOrigin(registry.get(inbox.conversations.deviceIdOf(device) ?? '')?.baseUrl),
      onChange: () => events.emit('inbox:changed', inboxStatusView(inbox.status()))
    }
  })
  // A push name may be learnt with any customer's message: the window's cached names refetch.
  inbox.onArrivals((messages) => {
    if (messages.some((message) => !message.isGroup && message.pushName)) contactsChanged()
  })
  inbox.onArrivals((messages, catchingUp) =>
    notices.messagesArrived(
      messages.map((message) => ({
        conversationId: message.conversationId,
        customer: message.chatId,
        // A name of nothing but controls (dropped when shown, QA82) is told by the number, as the window tells it.
        from: message.isGroup
          ? shownText(message.groupSubject ?? '') || message.chatId
          : shownText(message.contactName ?? message.pushName ?? '') || formatPhoneForReading(message.chatId),
        text: message.text
      })),
      catchingUp
    )
  )
  inbox.onStatusChange((status) => {
    inboxChanged(status)
    monitor.pushCoverageChanged()
  })
  // A message to a customer who has a conversation (a reply, a send, a campaign) moves that conversation up when the
  // gateway takes it (QA76: not while it waits or if it never goes), to when it went (a schedule the gateway kept,
  // learnt once the app opened again: under the rows that came later); the window reads the list again then.
  conversationsFollowTraffic(
    theOutbox,
    () => inbox.conversations,
    () => queueMicrotask(() => inboxChanged())
  )

  const snapshotListeners = new Set<(snapshot: CoreSnapshot) => void>()
  type InboxStatus = ReturnType<typeof inbox.status>
  const snapshot = (
    counts: OutboxCounts = theOutbox.counts(),
    inboxStatus: InboxStatus = inbox.status()
  ): CoreSnapshot => ({
    devices: monitor.views(),
    counts,
    sendingPaused: theOutbox.pausedState().all,
    pausedQueued: pausedQueuedSaid,
    scheduledOptedOut: scheduledOptedOutSaid,
    heldOverdue: heldOverdueSaid,
    sendingHeldBy: theOutbox.sendingHeldBy(),
    inbox: inboxStatusView(inboxStatus)
  })
  /** `counts` and the inbox's status when the caller already has them: one computation per change, not one per listener. */
  const snapshotChanged = (counts?: OutboxCounts, inboxStatus?: InboxStatus): void => {
    const current = snapshot(counts, inboxStatus)
    for (const listener of snapshotListeners) listener(current)
  }
  /** The window's inbox event and the tray's snapshot from one reading of the inbox's status (its counts query). */
  function inboxChanged(status: InboxStatus = inbox.status()): void {
    events.emit('inbox:changed', inboxStatusView(status))
    snapshotChanged(undefined, status)
  }

  // What the terminal commits on this data folder while the app runs (a message queued, cancelled or retried, a
  // campaign paused, a conversation deleted, a customer named) is announced as the app's own changes are: the window's
  // stores refetch on these events. Coarse, once per look that saw commits; the campaigns announced are those that can
  // still change now or could at the last look (one the terminal just cancelled included).
  let campaignsFollowed = new Set<string>()
  function otherProcessCommitted(): void {
    theOutbox.otherProcessCommitted()
    // What the terminal filed under its own id for a device listed here becomes that device's (QA24 Q24-01).
    for (const device of registry.list()) adoptTerminalItems(device.id)
    const counts = theOutbox.counts()
    countsChanged(counts)
    events.emit('outbox:bulkChanged', { count: 0 })
    const unfinished = new Set(theCampaigns.unfinishedIds())
    for (const id of new Set([...campaignsFollowed, ...unfinished])) events.emit('campaigns:changed', { id })
    campaignsFollowed = unfinished
    const status = inbox.status()
    events.emit('inbox:changed', inboxStatusView(status))
    // A name the terminal gave (`contacts set`, a campaign's name column): the window's names are asked again, as
    // for the app's own (the numbers on screen only; a Customers list open reads its page again).
    contactsChanged()
    snapshotChanged(counts, status)
  }
  let otherProcessCommits: { stop(): void } | null = null
  let devicesFileWatch: { stop(): void } | null = null

  /** Each part that waits for a time measures its wait again: a sleep ended, or the wall clock moved by itself. */
  function lookAgainAtTheClock(): void {
    monitor.notifyResume()
    theOutbox.wake()
    inbox.sync.computerWoke()
  }
  let clockJumps: { stop(): void } | null = null

  // A device's client is opened ahead of its first send: the outbox asks for it synchronously on every round, and
  // finds none until it is open, so the queue is woken once it is (a token entered again is checked, and the device
  // said connected, before its client opens: what waited for the token stayed queued until some other send). Once
  // open, its gateway's blacklist catches up with the opt-out list, behind everything else.
  const openClient = async (id: string): Promise<void> => {
    if ((await registry.openClient(id)).kind !== 'ready') return
    adoptTerminalItems(id)
    theOutbox.wake()
    void blacklists.catchUp(id)
  }
  // What the terminal queued with a listed device's token under its own id (an earlier version, or before the device
  // was added here) becomes that device's, so this app sends it (QA24 Q24-01): its one-off sends and replies, and the
  // campaigns it made, each with its rows. A no-op until the outbox runs.
  const adoptTerminalItems = (id: string): void => {
    const terminalIds = registry.get(id)?.terminalIds ?? []
    if (terminalIds.length === 0) return
    theOutbox.adoptTerminalItems(terminalIds, id)
    theCampaigns.adoptTerminalCampaigns(terminalIds, id)
  }
  registry.onChange((change) => {
    // A new token may be another gateway account: its blacklist is not known to hold the list.
    if (change.kind === 'credentials' || change.kind === 'listed') blacklists.forget(change.device.id)
    if (change.kind === 'added' || change.kind === 'credentials' || change.kind === 'listed')
      void openClient(change.device.id)
    // A daily cap raised mid-day releases what the old one held at once (lowered: it holds, saying the new cap).
    if (change.kind === 'updated') theOutbox.dailyCapChanged(change.device.id)
  })
  // Which of our devices a conversation came through is matched as it is read (by the serial or number the gateway
  // named): a device removed, added again, or answering with another serial or number changes the conversations the
  // window can reply from, so the window reads the inbox again (a thread's reply box comes back, or gives way).
  let conversationsMatchedBy = ''
  monitor.on('devicesChanged', (devices) => {
    events.emit('devices:changed', { devices })
    const matchedBy = JSON.stringify(gatewayNames(devices))
    if (matchedBy === conversationsMatchedBy) return snapshotChanged()
    conversationsMatchedBy = matchedBy
    inboxChanged()
  })
  monitor.on('stateChanged', (deviceId: string, from: DeviceState, to: DeviceState, note: string | null) => {
    theOutbox.setDeviceSendable(deviceId, isSendable(to))
    const label = registry.get(deviceId)?.label ?? deviceId
    notices.deviceStateChanged(deviceId, label, from, to, note)
    // A token that becomes readable again (keyring unlocked) needs a fresh client; a device back reachable gets what
    // its gateway's blacklist missed meanwhile.
    if (!registry.openedClient(deviceId)) void openClient(deviceId)
    else if (isSendable(to)) void blacklists.catchUp(deviceId)
  })
  theOutbox.on('itemChanged', (item) => {
    events.emit('outbox:itemChanged', { item })
    // Taken by the gateway: its device's "sent today" moved (the Devices view, a campaign's pre-start summary).
    if (item.status === 'accepted') monitor.budgetsChanged()
    if (item.status === 'failed') notices.sendFailed()
  })
  theOutbox.on('quotaReported', (deviceId, quota, askedAt) => monitor.quotaReported(deviceId, quota, askedAt))
  // A check that finds a spent quota topped up (Check again, a poll, the sandbox's top-up) lets what waited for it go
  // now: the queue would otherwise wait for its next probe of the refused device (30 s or more).
  monitor.on('quotaRestored', (deviceId) => theOutbox.probeDeviceNow(deviceId))
  // The gateway's 429 hold over a device begins or ends: its card says so (read with its budget).
  theOutbox.on('deviceWaitChanged', () => monitor.budgetsChanged())
  // A send refused for quota is the gateway's word that nothing is left for a message: the device's figure says so at
  // once (its statuses may come by push, polled only now and then); a later send's answer or poll shows a top-up.
  // Any other refusal of the device (its phone logged out, its token refused) is news about the device itself: it is
  // checked now, not at the next routine poll, so the window says so at once and, once the device is known not
  // sendable, its queue waits for it instead of probing the gateway (QA34 Q34-01).
  theOutbox.on('deviceRefused', (deviceId, code) => {
    if (code === 'quota_exceeded') monitor.quotaReported(deviceId, 0, clock.now())
    else
      monitor.refresh(deviceId).catch((error: unknown) => {
        logger.warn(`devices: ${deviceId} could not be checked after the gateway refused a send`, error)
      })
  })
  // A send that failed because the gateway is failing (5xx, no answer) is news about the device too: while its
  // statuses come by push, its routine check may be 15 minutes away (QA36 Q36-01). One check per burst: none while
  // one is under way, and none once the device is known not sendable (the monitor then checks it on its backoff).
  const checkingAfterFailure = new Set<string>()
  theOutbox.on('gatewayFailing', (deviceId) => {
    if (checkingAfterFailure.has(deviceId) || !monitor.isSendable(deviceId)) return
    checkingAfterFailure.add(deviceId)
    monitor
      .refresh(deviceId)
      .catch((error: unknown) => {
        logger.warn(`devices: ${deviceId} could not be checked after its gateway failed a send`, error)
      })
      .finally(() => checkingAfterFailure.delete(deviceId))
  })
  theOutbox.on('bulkChanged', (count) => events.emit('outbox:bulkChanged', { count }))
  theOutbox.on('diskFullChanged', (full) => notices.diskFull(full))
  theOutbox.on('countsChanged', (counts) => {
    countsChanged(counts)
    snapshotChanged(counts)
  })
  let dayZone = initial.defaultTimezone
  settings.onChange((next) => {
    monitor.setIdleInterval(next.pollIntervalSec * 1000)
    // A new zone is a new clock for every device's day: a wait for the old midnight is asked again on the new one,
    // and "sent today" is the new day's count (each send stays counted once, on the day it was counted on).
    if (next.defaultTimezone !== dayZone) {
      dayZone = next.defaultTimezone
      for (const device of registry.list()) theOutbox.dailyCapChanged(device.id)
      monitor.budgetsChanged()
    }
    theOutbox.updateOptions({ pacingMs: next.pacingMs, retentionMs: next.retentionDays * 86_400_000 })
    ports.applyLoginItem?.(next.startAtLogin)
    events.emit('settings:changed', next)
  })

  const webhookSettings = new WebhookSettingsBook(settingsStore, () => clock.now())
  const reminders = new GatewayReminders(new ReminderStore(db), () => clock.now())
  // The sandbox's world changes often (every message step): sandbox panels hear about it at most every 250 ms.
  let sandboxChangeTimer: ReturnType<Clock['setTimeout']> | null = null
  const sandboxChanged = (): void => {
    if (sandboxChangeTimer !== null) return
    sandboxChangeTimer = clock.setTimeout(() => {
      sandboxChangeTimer = null
      events.emit('sandbox:changed', { at: new Date(clock.now()).toISOString() })
    }, 250)
  }
  sandbox.onChange(sandboxChanged)

  const sandboxOf = sandboxLookup({ registry, vault: ports.vault, sandbox })
  const sandboxRefusesWebhook = (url: string): Promise<string | null> => sandbox.webhookTargetRefusal(url)
  const webhookCommands = createWebhookCommands({
    registry,
    webhookSettings,
    sandboxOf,
    sandboxRefusesWebhook
  })
  // "Receive messages" sets a device's webhooks through the webhooks feature's own commands.
  const receiving = new Receiving({
    credentials: inboxCredentials,
    settings: settingsStore,
    webhooks: webhookCommands,
    deviceIds: () => registry.list().map((device) => device.id),
    fetch: inboxFetch,
    clock,
    onChange: () => monitor.pushCoverageChanged(),
    // The window reads the receiving view again (a rotation started or stopped waiting for the relay's answer).
    onPendingRotationChange: () => inboxChanged(),
    onWebhooksSaved: (listener) => webhookSettings.onSaved(listener),
    isLocalRelay: (relayUrl) => localRelay.isItsAddress(relayUrl),
    refuseUnreachable: createWebhookReachCheck({ registry, sandboxRefusesWebhook }),
    describeError: describeCoreError,
    // The sandbox is its own dashboard: its devices get the device-status URL too (a hosted one is pasted by hand).
    dashboardStatusUrl: async (deviceId, url) => {
      const access = await sandboxOf(deviceId, false)
      if (!access) return false
      await access.control.setStatusUrl(access.token, url)
      return true
    },
    dashboardClearUrls: async (deviceId, fields) => {
      const access = await sandboxOf(deviceId, false)
      if (!access) return false
      await access.control.clearWebhookUrls(access.token, fields)
      return true
    }
  })
  // While the relay is healthy and a device posts to it, its statuses arrive by push: polling steps back to a safety
  // cadence. A full relay refuses posts, so it does not count as healthy.
  monitor.setPushCoverage((deviceId) => {
    const status = inbox.status()
    return (
      status.state.kind === 'connected' &&
      status.storage?.full !== true &&
      receiving.isReceiving(deviceId, status.mailbox)
    )
  })
  // Every front door (window, tray, CLI, harness) calls these same commands.
  // The numbers among these on the opt-out list: every direct send asks about them first (core commands' rule).
  const isOptedOut = (phones: readonly string[]): string[] =>
    phones.filter((phone) => theCampaigns.optOuts.has(phone))
  // The devices' auto-reply rules, kept here for the inbox's chatbot view (read again from the gateway when stale).
  const autoReplyBook = createAutoReplyBook({
    db,
    now: () => clock.now(),
    listFromGateway: async (deviceId) => (await requireClient(registry, deviceId)).listAutoReplies({}),
    recentIncoming: (since, maxLength) => inbox.conversations.recentShortIncoming(since, maxLength),
    refreshFailed: (deviceId, error) =>
      logger.warn(`autoreplies: ${deviceId}'s rules could not be read`, error)
  })
  const handlers: ApiHandlers = {
    ...createSettingsCommands({
      appInfo: ports.appInfo,
      dataDir: ports.dataDir,
      vault: ports.vault,
      settings,
      monitor,
      devices: registry,
      outbox: theOutbox,
      pausedQueued,
      pacedQueued,
      sandbox,
      recentErrors: () => [...errors],
      startSandboxFresh: () => startSandboxFresh(registry, sandbox),
      applyWeakStorage: ports.applyWeakStorage
    }),
    ...createDeviceCommands({
      registry,
      monitor,
      actions,
      vault: ports.vault,
      clientFactory,
      sandboxBaseUrl: async () => (await sandbox.current())?.baseUrl ?? null,
      invoices: new InvoiceStore(db),
      keptAtGateway: new KeptAtGatewayRecords(settingsStore, () => clock.now()),
      unconfirmedOrders: new UnconfirmedOrders(settingsStore, () => clock.now()),
      now: () => clock.now(),
      // Campaigns first: a removed device's untried rows go to the campaign's other devices before its queue is
      // cancelled.
      removalHooks: [
        theCampaigns.removalHook,
        { forgetDevice: (id) => autoReplyBook.forget(id) },
        sendingRemovalHook(theOutbox),
        { forgetDevice: (id) => webhookSettings.forget(id) },
        { forgetDevice: (id) => receiving.forgetDevice(id) },
        remindersRemovalHook(registry, reminders),
        { forgetDevice: (id) => blacklists.forget(id) }
      ]
    }),
    ...createSendingCommands({
      registry,
      monitor,
      files,
      outbox: theOutbox,
      events,
      fileLimitFor,
      optedOut: isOptedOut,
      conversationExists: (id) => conversationRecords.get(id) !== undefined,
      // The Outbox's Recipient filter by the names its rows show, from the contacts' index (QA14 Q14-07).
      recipientsByName: true
    }),
    ...createSandboxCommands({
      registry,
      monitor,
      sandbox,
      vault: ports.vault,
      sandboxOf,
      outboxMessageOf: (gatewayId) => theOutbox.messageOfGatewayId(gatewayId)
    }),
    ...webhookCommands,
    ...createAutoReplyCommands({ registry, book: autoReplyBook }),
    ...createReminderCommands({ registry, reminders, sandboxOf, optedOut: isOptedOut }),
    ...createCampaignCommands({
      campaigns: theCampaigns,
      db,
      registry,
      events,
      now: () => clock.now(),
      files,
      outbox: theOutbox.queue,
      fileLimitFor,
      blacklistSettled: blacklists.settled
    }),
    ...createInboxCommands({ inbox, receiving, localRelay }),
    ...createMediaCommands({ media: inbox.media }),
    ...createConversationCommands({
      inbox,
      gatewayContacts: (deviceId) => requireClient(registry, deviceId),
      // Read marks move the unread count the tray and the window's tab show.
      onReadChanged: () => inboxChanged(),
      onContactsChanged: () => contactsChanged()
    }),
    'inbox:viewing': async (request) => {
      viewing.conversationId = request.conversationId
      viewing.focused = request.focused
      return { ok: true }
    }
  }

  let started = false
  return {
    handlers,
    events,
    settings,
    registry,
    monitor,
    actions,
    outbox: theOutbox,
    files,
    sandbox,
    inbox,
    async start() {
      if (started) return
      started = true
      await files.cleanupLeftovers()
      // A sandbox that cannot start from its saved state (damaged, or held by another sandbox) stays off and says
      // why (sandbox:health); real devices and the outbox start regardless.
      const sandboxDevice = registry.list().find(isSandboxDevice)
      if (sandboxDevice)
        await sandbox.ensure(portOf(sandboxDevice.baseUrl)).catch((error: unknown) => {
          logger.error('sandbox gateway: could not start from its saved state', error)
        })
      await Promise.all(registry.list().map((d) => openClient(d.id)))
      for (const device of registry.list())
        theOutbox.setDeviceSendable(device.id, monitor.isSendable(device.id))
      await monitor.start()
      // A terminal command sending from this data folder keeps the lease: the app opens beside it, says so
      // (sendingHeldBy), and takes sending over by itself when it ends, reading its work as another process's commits.
      await theOutbox.startBesideHolder(() => otherProcessCommitted())
      for (const device of registry.list()) adoptTerminalItems(device.id)
      // The tray draws first from what the window's bootstrap reads: at a start nothing moves that would say it (a
      // paused campaign or device holds its queued as it did, "12 to send (8 paused)").
      pausedQueuedSaid = pausedQueued()
      scheduledOptedOutSaid = theOutbox.scheduledOptedOut()
      heldOverdueSaid = theOutbox.heldOverdue()
      campaignsFollowed = new Set(theCampaigns.unfinishedIds())
      otherProcessCommits = watchOtherProcessCommits({
        clock,
        readVersion: () => otherConnectionsVersion(db),
        onCommitted: otherProcessCommitted,
        onError: (error) =>
          logger.warn('core: the database could not be checked for other processes’ changes', error)
      })
      // The devices file is not in the database: a device another process added, renamed or removed is looked for apart.
      devicesFileWatch = followOtherWriters({
        clock,
        look: () => registry.lookForOtherWriters(),
        onError: (error) =>
          logger.warn('devices: the devices file another process wrote could not be read', error)
      })
      // A wall clock set forward while awake (no resume is announced) would leave every armed wait its old duration.
      clockJumps = watchClockJumps({ clock, onMoved: lookAgainAtTheClock })
      // STOP confirmations an earlier run left in the queue: their numbers' blacklist pushes go once they left.
      confirmations.resume()
      // A mailbox on the relay this computer runs: the relay first, so that the first pull finds it.
      const credentials = await inboxCredentials.load().catch(() => null)
      await localRelay
        .resumeFor(credentials?.kind === 'found' ? credentials.credentials.relayUrl : null)
        .catch((error: unknown) => logger.error('inbox: the relay on this computer could not start', error))
      // Without a mailbox the sync says so and waits for one (`inbox connect`); it never blocks the start.
      inbox.start()
      // A secret rotation whose answer an earlier run never heard: asked again (the same answer), so this computer
      // and the relay agree on the secret before the old one's grace runs out. Never blocks the start.
      // Tried again in the background while the relay does not answer (QA30 Q30-02).
      receiving.keepFinishingPendingRotation()
    },
    computerWoke: lookAgainAtTheClock,
    async stop() {
      otherProcessCommits?.stop()
      otherProcessCommits = null
      devicesFileWatch?.stop()
      devicesFileWatch = null
      clockJumps?.stop()
      clockJumps = null
      if (sandboxChangeTimer !== null) clock.clearTimeout(sandboxChangeTimer)
      sandboxChangeTimer = null
      notices.dispose()
      confirmations.stop()
      receiving.stop()
      await inbox.stop()
      await localRelay.close()
      await monitor.stop()
      await theOutbox.stop()
      await monitor.close()
      await sandbox.close()
      // Its connection closed first: the main one, then the last, copies what is left of the log and removes it.
      await backgroundCheckpoints?.stop()
      db.close()
    },
    snapshot: () => snapshot(),
    onSnapshotChange(listener) {
      snapshotListeners.add(listener)
      return () => snapshotListeners.delete(listener)
    },
    recentErrors: () => [...errors],
    reportUnexpected
  }
}
