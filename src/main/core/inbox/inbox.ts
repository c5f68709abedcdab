// The inbox feature built from its ports: the database, the clock, a fetch, the mailbox credentials and the targets
// that statuses apply to (the outbox kernel; the device monitor in the app). What it offers: connect a mailbox, the
// sync (follow or catch up), and the messages received.
import type { Clock } from '../clock'
import type { Logger } from '../logging'
import {
  InboxConversationsStore,
  InboxStore,
  type ArrivedMessage,
  type InboxCounts,
  type InboxMessageRecord,
  type InboxRefusalRecord,
  type SqliteDatabase
} from '../store'
import type { StatusTargets } from './apply'
import {
  createConversations,
  type DeviceDirectory,
  type InboxConversations,
  type ReplyDraftFiles,
  type SentToChat
} from './conversations'
import { connectMailbox, type ConnectInput, type ConnectResult } from './connect'
import { rotateMailboxSecret } from './ingress-secret'
import { requireInboxCredentials, type InboxCredentialsPort, type IngressUrls } from './credentials'
import { rotateMailboxPullToken } from './pull-token'
import type { FetchPort } from './relay-client'
import {
  createMediaFetcher,
  removeDeletedMediaFiles,
  type MediaFetcher,
  type MediaFetcherDeps
} from './media-fetcher'
import { InboxSync, type InboxSyncOptions, type InboxSyncStatus, type SyncStep } from './sync'

export interface InboxDeps {
  db: SqliteDatabase
  clock: Clock
  fetch: FetchPort
  credentials: InboxCredentialsPort
  targets: StatusTargets
  logger?: Logger
  random?: () => number
  options?: Partial<InboxSyncOptions>
  onStep?: (step: SyncStep, count: number) => void
  /** Our devices as the gateway names them, to tell which of ours a conversation is on. */
  devices?: DeviceDirectory
  /** The kernel's outgoing half of a thread. */
  outbox?: SentToChat
  /** Customers' files fetched into private storage (the app; a command line process fetches none). */
  media?: Pick<MediaFetcherDeps, 'dataDir' | 'maxBytes' | 'gatewayOriginOf' | 'onChange' | 'options'>
  /**
   * The data folder whose customers' files a deleted conversation takes with it, where this process fetches none
   * (the terminal); with `media`, its folder.
   */
  dataDir?: string
  /** The files kept for the replies being written: a deleted conversation's draft lets its file go. */
  replyDrafts?: ReplyDraftFiles
}

export interface Inbox {
  readonly sync: InboxSync
  /** Conversations, threads, marks, search and contacts. */
  readonly conversations: InboxConversations
  /** Customers' files, fetched after their messages are committed; null when this process fetches none. */
  readonly media: MediaFetcher | null
  /** Follow the mailbox from now on: at once, and again after a connect (a sync without a mailbox waits for one). */
  start(): void
  stop(): Promise<void>
  connect(input: ConnectInput): Promise<ConnectResult>
  /** A new ingress secret for the mailbox: its new URLs, to set in the gateway (the old ones work one more day). */
  rotateSecret(options?: { stopOldAtOnce?: boolean }): Promise<IngressUrls>
  /** A new pull token for the mailbox (kept in the vault, never shown); the old one stops at once. */
  rotatePullToken(): Promise<void>
  /** Newest first; `before` pages back by number. */
  list(options?: {
    limit?: number
    before?: number
    chatId?: string
    unreadOnly?: boolean
  }): InboxMessageRecord[]
  /** One message by its number; marks it read when asked. */
  show(number: number, options?: { markRead?: boolean }): InboxMessageRecord | undefined
  counts(): InboxCounts
  refusals(limit?: number): InboxRefusalRecord[]
  status(): InboxSyncStatus & { counts: InboxCounts }
  /** Told when the status changes (state, storage, counts), not on every quiet long-poll. */
  onStatusChange(listener: (status: InboxSyncStatus & { counts: InboxCounts }) => void): () => void
  /**
   * Customers' messages kept since the last round (never ours, never what was there when the app started), told
   * after each round in pages, with whether the sync is still behind (a backlog being caught up).
   */
  onArrivals(listener: (messages: ArrivedMessage[], catchingUp: boolean) => void): () => void
}

const ARRIVALS_PAGE = 500

/**
 * What makes a status worth an event: anything but the last contact's time, which every pull moves (a long poll
 * returns every 25 s), except its minute, which the window shows ("Last successful pull 20.27"): it stood still on
 * a healthy relay until something else changed (an operator's probe).
 */
export function statusEventKey(status: InboxSyncStatus & { counts: InboxCounts }): string {
  const minute = status.lastContactAt === null ? null : Math.floor(status.lastContactAt / 60_000)
  return JSON.stringify({ ...status, lastContactAt: minute })
}

export function createInbox(deps: InboxDeps): Inbox {
  const store = new InboxStore(deps.db)
  const sync = new InboxSync({
    store,
    credentials: deps.credentials,
    fetch: deps.fetch,
    clock: deps.clock,
    targets: deps.targets,
    logger: deps.logger,
    random: deps.random,
    options: deps.options,
    onStep: deps.onStep
  })
  let following = false
  const media = deps.media
    ? createMediaFetcher({
        ...deps.media,
        db: deps.db,
        fetch: deps.fetch,
        clock: deps.clock,
        logger: deps.logger
      })
    : null
  // A round that kept messages may have kept files: the fetcher looks (one indexed query when none wait).
  if (media) sync.onStatus(() => media.wake())
  const filesDir = deps.media?.dataDir ?? deps.dataDir
  const conversationsStore = new InboxConversationsStore(deps.db)
  // Where "new" starts: what was kept before this start is never notified.
  let arrivedUpTo = conversationsStore.newestNumber()
  const arrivalListeners = new Set<(messages: ArrivedMessage[], catchingUp: boolean) => void>()
  sync.onStatus((status) => {
    if (arrivalListeners.size === 0) return
    const catchingUp = status.state.kind === 'connected' && status.state.behind > 0
    for (;;) {
      const page = conversationsStore.arrivedAfter(arrivedUpTo, ARRIVALS_PAGE)
      if (page.length > 0) arrivedUpTo = page[page.length - 1]!.number
      if (page.length > 0 || catchingUp === false)
        for (const listener of arrivalListeners) listener(page, catchingUp)
      if (page.length < ARRIVALS_PAGE) return
    }
  })
  return {
    sync,
    media,
    conversations: createConversations({
      db: deps.db,
      now: () => deps.clock.now(),
      devices: deps.devices,
      outbox: deps.outbox,
      replyDrafts: deps.replyDrafts,
      ...(filesDir === undefined
        ? {}
        : { mediaFiles: { remove: (numbers) => removeDeletedMediaFiles(deps.db, filesDir, numbers) } })
    }),
    start() {
      following = true
      sync.start()
      media?.start()
    },
    async stop() {
      following = false
      await Promise.all([sync.stop(), media?.stop()])
    },
    async connect(input) {
      const result = await connectMailbox(input, {
        fetch: deps.fetch,
        clock: deps.clock,
        credentials: deps.credentials
      })
      // A new mailbox (or a replaced one, after auth refused or a lost relay): follow it, from its own cursor, its
      // refusals and backoff counted afresh.
      if (result.kind === 'connected') {
        if (following) await sync.stop()
        sync.mailboxReplaced(result.mailbox)
        if (following) sync.start()
      }
      return result
    },
    async rotateSecret(options = {}) {
      return rotateMailboxSecret(await requireInboxCredentials(deps.credentials), deps, options)
    },
    async rotatePullToken() {
      // Between the sync's rounds: none pulls under the token the relay retires meanwhile.
      await sync.betweenRounds(async () =>
        rotateMailboxPullToken(await requireInboxCredentials(deps.credentials), deps)
      )
    },
    list: (options = {}) => store.messages({ limit: options.limit ?? 50, ...options }),
    show(number, options = {}) {
      const message = store.message(number)
      if (message && options.markRead && !message.read) {
        store.markRead(number)
        return { ...message, read: true }
      }
      return message
    },
    counts: () => store.counts(),
    refusals: (limit = 20) => store.refusals(limit),
    status: () => ({ ...sync.status(), counts: store.counts() }),
    onArrivals(listener) {
      arrivalListeners.add(listener)
      return () => arrivalListeners.delete(listener)
    },
    onStatusChange(listener) {
      let last = ''
      return sync.onStatus((status) => {
        const withCounts = { ...status, counts: store.counts() }
        const key = statusEventKey(withCounts)
        if (key === last) return
        last = key
        listener(withCounts)
      })
    }
  }
}
