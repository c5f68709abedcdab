// Test data shaped like the contract's replies: devices, settings, counts, outbox items, bootstrap, campaigns and their
// take-backs, conversations, gateway reminders and series.
import type {
  CampaignView,
  DeviceView,
  EventPayload,
  InboxConversationView,
  InboxStatusView,
  InvokeReply,
  OutboxCounts,
  OutboxItemView,
  ReceivingView,
  ReminderView,
  SeriesView,
  Settings,
  TakeBackView
} from '../../../shared/contract'

/** These devices are on a real gateway, not Sender Desk's built-in sandbox gateway. */
const ON_SANDBOX_GATEWAY = false

export function makeDevice(overrides: Partial<DeviceView> = {}): DeviceView {
  return {
    id: 'dev-1',
    label: 'Front office',
    baseUrl: 'https://solo.wablas.com',
    tokenHint: '••••a1b2',
    hasSecret: false,
    sandbox: ON_SANDBOX_GATEWAY,
    state: 'connected',
    stateNote: null,
    name: 'front',
    serial: 'SN-0001',
    sender: '6281234567890',
    quota: 'unlimited',
    expiresAt: '2030-01-01T00:00:00.000Z',
    expiresBy: '2030-01-01T00:00:00.000Z',
    lastCheckedAt: '2025-05-01T08:00:00.000Z',
    stateSince: '2025-05-01T07:00:00.000Z',
    paused: false,
    ...overrides
  }
}

export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    language: 'en',
    theme: 'system',
    pollIntervalSec: 60,
    pacingMs: 3000,
    maxFileBytes: 2 * 1024 * 1024,
    notifications: true,
    doNotDisturb: false,
    optOutConfirmation: '',
    maxIncomingMediaBytes: 16 * 1024 * 1024,
    startAtLogin: false,
    supportContact: 'it@example.co.id',
    retentionDays: 30,
    defaultTimezone: 'Asia/Jakarta',
    allowWeakTokenStorage: false,
    ...overrides
  }
}

export function makeCounts(overrides: Partial<OutboxCounts> = {}): OutboxCounts {
  return {
    scheduled: 0,
    queued: 0,
    sending: 0,
    accepted: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    failed: 0,
    cancelled: 0,
    cancelled_at_gateway: 0,
    revoked: 0,
    optedOut: 0,
    total: 0,
    ...overrides
  }
}

/** An outbox:countsChanged event: these counts, nothing paused, held or paced unless said. */
export function makeCountsChanged(
  counts: Partial<OutboxCounts>,
  overrides: Partial<Omit<EventPayload<'outbox:countsChanged'>, 'counts'>> = {}
): EventPayload<'outbox:countsChanged'> {
  return {
    counts: makeCounts(counts),
    sendingPaused: false,
    sendingHeldBy: null,
    pausedQueued: 0,
    pacedQueued: { outsideHours: 0, dailyCap: 0 },
    heldOverdue: 0,
    scheduledOptedOut: 0,
    ...overrides
  }
}

export function makeItem(overrides: Partial<OutboxItemView> = {}): OutboxItemView {
  return {
    id: 'item-1',
    deviceId: 'dev-1',
    recipient: '6281234567890',
    isGroup: false,
    kind: 'text',
    text: 'Hello',
    fileName: null,
    fileSize: null,
    status: 'queued',
    failure: null,
    gatewayId: null,
    createdAt: '2025-05-01T08:00:00.000Z',
    updatedAt: '2025-05-01T08:00:00.000Z',
    scheduledAt: null,
    timezone: null,
    scheduleMode: null,
    overduePolicy: null,
    held: false,
    attempts: 0,
    nextAttemptAt: null,
    ...overrides
  }
}

export function makeBootstrap(
  overrides: Partial<InvokeReply<'app:bootstrap'>> = {}
): InvokeReply<'app:bootstrap'> {
  return {
    version: '0.1.0',
    platform: 'linux',
    firstRun: false,
    secretStorage: 'keychain',
    secretStorageNote: null,
    settings: makeSettings(),
    devices: [makeDevice()],
    counts: makeCounts(),
    sendingPaused: false,
    sendingHeldBy: null,
    pausedQueued: 0,
    pacedQueued: { outsideHours: 0, dailyCap: 0 },
    heldOverdue: 0,
    scheduledOptedOut: 0,
    sandboxRunning: false,
    ...overrides
  }
}

/** A gateway reminder every 5 days on a sandbox device, which has sent it twice. */
export function makeReminder(overrides: Partial<ReminderView> = {}): ReminderView {
  return {
    id: 'r-1',
    deviceId: 'dev-1',
    reminderId: '77',
    phone: '6281234567890',
    title: 'Obat',
    message: 'Minum obat',
    startAt: '2030-01-15 10:30:00',
    periode: 'custom',
    customDay: 5,
    timezone: 'Asia/Jakarta',
    reminderType: 'custom: send every 5 days',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    nextAt: '2030-01-25T03:30:00.000Z',
    sandbox: { sentCount: 2, lastSentAt: '2030-01-20T03:30:00.000Z', nextAt: '2030-01-25T03:30:00.000Z' },
    ...overrides
  }
}

/** A weekly series of Sender Desk's sending a file to two numbers in Asia/Makassar, nothing made yet. */
export function makeSeries(overrides: Partial<SeriesView> = {}): SeriesView {
  return {
    id: 's-1',
    deviceId: 'dev-1',
    recipients: ['6281234567890', '6281399998888'],
    isGroup: false,
    entries: [{ kind: 'document', text: 'Menu', fileName: 'menu.pdf', fileSize: 13 }],
    startLocal: '2030-01-19T08:00:00',
    timezone: 'Asia/Makassar',
    rule: { kind: 'weekly' },
    overduePolicy: 'send',
    status: 'active',
    end: null,
    nextAt: '2030-01-19T00:00:00.000Z',
    nextLocal: '2030-01-19T08:00:00',
    occurrences: 0,
    sent: 0,
    skipped: 0,
    skippedByOperator: 0,
    lastOccurrenceAt: null,
    madeUnsent: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides
  }
}

/** A running campaign of bills.csv: 3 rows (1 skipped), one device waiting outside its hours (Asia/Jakarta). */
export function makeCampaign(over: Partial<CampaignView> = {}): CampaignView {
  return {
    id: 'c1',
    name: 'bills',
    fileName: 'bills.csv',
    status: 'running',
    template: 'Hi {Name}',
    mapping: { phone: 'HP', variables: ['Name'] },
    pacing: {
      minDelaySeconds: 5,
      maxDelaySeconds: 30,
      batchSize: 20,
      batchPauseMinutes: 10,
      workingHours: { start: '08:00', end: '20:00', timeZone: 'Asia/Jakarta' },
      dailyCapPerDevice: 150,
      warmUp: null
    },
    headers: ['Name', 'Phone', 'HP'],
    summary: { total: 3, ready: 2, skipped: 1, byProblem: { invalid_phone: 1 } },
    counts: { waiting: 0, queued: 1, accepted: 1, skipped: 1 },
    devices: [
      {
        deviceId: 'dev-1',
        wait: { code: 'outside_hours', until: Date.UTC(2026, 0, 16, 1, 0) },
        autoPaused: null
      }
    ],
    estimate: { finishAt: null },
    createdAt: 0,
    startedAt: 0,
    ...over
  }
}

/** A take-back's tally with nothing in it yet. */
export const NO_TAKE_BACK_TALLY = { done: 0, refused: 0, unknown: 0, pending: 0 }

/** Campaign c1's take-back, running, with nothing stopped, asked or left yet. */
export function makeTakeBack(over: Partial<TakeBackView> = {}): TakeBackView {
  return {
    id: 'tb-1',
    state: 'running',
    producerTag: 'campaign:c1',
    stoppedLocally: 0,
    leftAlone: {},
    revoke: NO_TAKE_BACK_TALLY,
    cancel: NO_TAKE_BACK_TALLY,
    resend: NO_TAKE_BACK_TALLY,
    explained: [],
    pendingByDevice: [],
    ...over
  }
}

/**
 * The opt-out list as `optouts:list` reads it for makeConversation's number (+62 813-7777-8888): on it since 14 Jan
 * 2026 as `source` put it there (a customer's "STOP" for `keyword`), 3 numbers listed in all; or, for `null`, not on
 * it, 2 listed.
 */
export function makeConversationOptOuts(source: 'operator' | 'keyword' | null): InvokeReply<'optouts:list'> {
  if (source === null) return { optOuts: [], total: 0, listed: 2 }
  return {
    optOuts: [
      {
        phone: '6281377778888',
        source,
        addedAt: Date.UTC(2026, 0, 14),
        name: null,
        keyword: source === 'keyword' ? 'STOP' : null
      }
    ],
    total: 1,
    listed: 3
  }
}

/** A customer's conversation: two unread messages, the newest a question about prices. */
export function makeConversation(over: Partial<InboxConversationView> = {}): InboxConversationView {
  return {
    id: 1,
    deviceId: 'dev-1',
    deviceSerial: 'SN-0001',
    devicePhone: '6281100001111',
    chatId: '6281377778888',
    isGroup: false,
    groupSubject: null,
    contactName: 'Dewi',
    pushName: 'Dewi',
    lastNumber: 10,
    // A row's place follows its newest message's number unless a test moves it (a reply queued since).
    activity: over.activity ?? over.lastNumber ?? 10,
    lastAt: '2026-01-15T03:01:02.000Z',
    lastText: 'Harga grosir berapa?',
    lastType: 'text',
    lastFromMe: false,
    lastSender: null,
    unread: 2,
    archived: false,
    optedOut: false,
    ...over
  }
}

/** Messages in through a relay elsewhere: connected, mailbox `mbx-1`, device `dev-1` not receiving yet. */
export function makeReceiving(over: Partial<ReceivingView> = {}): ReceivingView {
  return {
    connected: true,
    relayUrl: 'https://relay.example.com',
    onThisComputer: false,
    mailbox: 'mbx-1',
    deviceStatusUrl: null,
    secretRotationPending: false,
    devices: [{ deviceId: 'dev-1', receiving: false, since: null, canUndo: false }],
    ...over
  }
}

/** The inbox's status with a relay connected and nothing waiting; each test sets what it is about. */
export function makeInboxStatus(over: Partial<InboxStatusView> = {}): InboxStatusView {
  return {
    state: 'connected',
    behind: 0,
    since: null,
    retryAt: null,
    detail: null,
    mailbox: 'mbx-1',
    storage: null,
    lastContactAt: '2026-01-15T03:00:00.000Z',
    messages: 0,
    unread: 0,
    unreadCustomers: 0,
    refused: 0,
    pending: 0,
    ...over
  }
}
