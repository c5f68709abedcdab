// The inbox sync: pulls the mailbox's events from the relay (a long-poll), opens and parses each, keeps them and moves
// the cursor in one transaction per slice, acknowledges, then applies tracking and device statuses. Exactly once
// across a kill at any point: nothing is acknowledged before it is committed, a commit and its cursor are one
// transaction, a committed event is never pulled again (the cursor), and its identity drops a second post of it.
// Every timer goes through the injected clock; the state says where things stand (connected and how far behind,
// unreachable since when, auth refused, cursor ahead, the relay's storage).
import type { Clock, TimerId } from '../clock'
import { silentLogger, type Logger } from '../logging'
import { encodeNote } from '../../../shared/i18n/notes'
import { nextChunkSize, yieldToEventLoop } from '../outbox'
import type { InboxStore, NewInboxEvent } from '../store'
import { applyPendingStatuses, type StatusTargets } from './apply'
import type { InboxCredentials, InboxCredentialsPort } from './credentials'
import { adoptPullToken } from './pull-token'
import {
  faultDetail,
  RelayClient,
  type FetchPort,
  type PullResult,
  type RelayFault,
  type RelayStorage
} from './relay-client'
import { inboxRowsOf } from './relay-events'

export type InboxSyncState =
  /** No mailbox yet: `inbox connect` (or the window's "Receive messages") makes one. */
  | { kind: 'not-connected' }
  /** The mailbox's credentials are in the vault but cannot be read now (a locked keyring). */
  | { kind: 'credentials-locked'; reason: string }
  | { kind: 'idle' }
  /** Talking to the relay; `behind` events were waiting after the last page. */
  | { kind: 'connected'; behind: number }
  /** The relay cannot be reached or answers faults or garbage; retried with backoff from `retryAt`. */
  | {
      kind: 'unreachable'
      since: number
      fault: RelayFault['kind']
      /** An encoded note (shared/i18n/notes): the window words it in its language, the CLI in English. */
      detail: string
      retryAt: number
    }
  /** Something on this computer failed (the database, the disk); retried with backoff. */
  | { kind: 'failing'; since: number; detail: string; retryAt: number }
  /**
   * The relay refused the pull token (401) after the quick tries: tried again slowly (a minute up to the backoff's
   * ceiling) from `retryAt`, until it takes the token again or the mailbox is connected again.
   */
  | { kind: 'auth-refused'; since: number; retryAt: number }
  /**
   * The relay does not know our cursor (its storage was lost or replaced): the sync stops rather than wind the
   * cursor back and take events twice; the operator decides.
   */
  | { kind: 'cursor-ahead'; since: number; cursor: number; head: number }

export interface InboxSyncStatus {
  state: InboxSyncState
  mailbox: string | null
  cursor: number
  /** The relay's storage as of its last answer: near full, full, and posts it refused while full. */
  storage: RelayStorage | null
  lastContactAt: number | null
  /** Events kept by this process since it started (duplicates not counted). */
  received: number
  duplicates: number
}

export interface InboxSyncOptions {
  /** Events per pull (the relay allows up to 500). */
  pageSize: number
  /** The long-poll's wait in seconds (the relay caps it at 25). */
  waitSeconds: number
  backoffBaseMs: number
  backoffMaxMs: number
  /** Least time between two pulls that came back empty (a relay that does not hold the long-poll). */
  emptyPollGapMs: number
}

export const DEFAULT_SYNC_OPTIONS: InboxSyncOptions = {
  pageSize: 500,
  waitSeconds: 25,
  backoffBaseMs: 1_000,
  backoffMaxMs: 5 * 60_000,
  emptyPollGapMs: 1_000
}

/** Where a round is; the CLI shows progress with it, the crash suite kills the process at it. */
export type SyncStep = 'pulled' | 'opened' | 'committed' | 'acknowledged' | 'applied'

export interface InboxSyncDeps {
  store: InboxStore
  credentials: InboxCredentialsPort
  fetch: FetchPort
  clock: Clock
  targets: StatusTargets
  /** [0, 1), for the backoff's jitter. */
  random?: () => number
  logger?: Logger
  options?: Partial<InboxSyncOptions>
  onStep?: (step: SyncStep, count: number) => void
}

type RoundOutcome = 'more' | 'caught-up' | 'empty' | 'retry' | 'halt' | 'interrupted'

/**
 * Who asked for a round: the sync's own schedule, or the operator's "Try now". An operator's try that fails does not
 * count toward the backoff, and its next automatic try is no later than the one already due (`due`, if any).
 */
type RoundBy = { by: 'schedule' } | { by: 'operator'; due: number | null }
const BY_SCHEDULE: RoundBy = { by: 'schedule' }

/** Refusals of the pull token tried again (with backoff) before the sync says auth refused and tries slowly. */
const TOKEN_REFUSALS_TRIED_AGAIN = 3
/** After them, the least wait between two tries of a refused token (the backoff goes on doubling to its ceiling). */
const TOKEN_REFUSED_SLOW_TRY_MS = 60_000

export class InboxSync {
  private readonly options: InboxSyncOptions
  private readonly logger: Logger
  private readonly random: () => number
  private readonly listeners = new Set<(status: InboxSyncStatus) => void>()
  private state: InboxSyncState = { kind: 'idle' }
  private mailbox: string | null = null
  private storage: RelayStorage | null = null
  private received = 0
  private duplicates = 0
  private failures = 0
  /** Refusals of the pull token in a row: a few are tried again quickly, then slowly (see fault()). */
  private tokenRefusals = 0
  /** The highest cursor the relay has acknowledged to this process; null before the first ack. */
  private acknowledged: number | null = null
  private running = false
  private stopping = false
  private abort = new AbortController()
  private loopDone: Promise<void> = Promise.resolve()
  private sleeper: { timer: TimerId; wake: () => void } | null = null
  /** Rounds run one at a time (the follow loop and a `catchUp` never interleave). */
  private turn: Promise<unknown> = Promise.resolve()
  /** The follow loop's long-poll in flight, which a catch-up ends so it need not wait for it (up to 25 s). */
  private poll: AbortController | null = null
  /** Catch-ups waiting or running: while there are any, the follow loop's rounds do not long-poll. */
  private catchUpsWanted = 0

  constructor(private readonly deps: InboxSyncDeps) {
    this.options = { ...DEFAULT_SYNC_OPTIONS, ...deps.options }
    this.logger = deps.logger ?? silentLogger
    this.random = deps.random ?? Math.random
  }

  status(): InboxSyncStatus {
    return {
      state: this.state,
      mailbox: this.mailbox,
      cursor: this.mailbox === null ? 0 : this.deps.store.cursor(this.mailbox),
      storage: this.storage,
      lastContactAt: this.deps.store.lastContactAt(this.mailbox),
      received: this.received,
      duplicates: this.duplicates
    }
  }

  onStatus(listener: (status: InboxSyncStatus) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Pulls until nothing waits, or until a fault (the state says which); no long-poll. */
  catchUp(): Promise<InboxSyncStatus> {
    return this.catchUpAs(BY_SCHEDULE)
  }

  /**
   * The operator's "Try now" (the relay is back, or was fixed): a catch-up at once, and the follow loop's backoff
   * brought in line with its outcome: it follows again now when the relay answered, else it waits for the next try
   * the state says. A press that fails leaves the backoff's step as it was and the next try no later than it was.
   */
  async tryNow(): Promise<InboxSyncStatus> {
    const before = this.state
    const due = 'retryAt' in before && before.retryAt > this.deps.clock.now() ? before.retryAt : null
    const status = await this.catchUpAs({ by: 'operator', due })
    const sleeper = this.sleeper
    if (sleeper) {
      const state = this.state
      if ('retryAt' in state) {
        this.deps.clock.clearTimeout(sleeper.timer)
        sleeper.timer = this.deps.clock.setTimeout(sleeper.wake, state.retryAt - this.deps.clock.now())
      } else this.wakeSleeper()
    }
    return status
  }

  /**
   * The computer woke from sleep: a long-poll begun before it is likely dead without knowing it, and a backoff's wait
   * was armed as a duration that slept too: the poll is ended (the loop goes on) and the wait is measured again.
   */
  computerWoke(): void {
    this.poll?.abort()
    const sleeper = this.sleeper
    if (!sleeper) return
    const state = this.state
    const now = this.deps.clock.now()
    this.deps.clock.clearTimeout(sleeper.timer)
    if ('retryAt' in state && state.retryAt > now) {
      sleeper.timer = this.deps.clock.setTimeout(sleeper.wake, state.retryAt - now)
    } else sleeper.wake()
  }

  private async catchUpAs(roundBy: RoundBy): Promise<InboxSyncStatus> {
    this.catchUpsWanted++
    try {
      for (;;) {
        // A follow loop's long-poll would hold the turn until the relay answers: end it (the loop goes on after).
        this.poll?.abort()
        const outcome = await this.exclusive(() => this.round(0, null, roundBy))
        if (outcome !== 'more') return this.status()
      }
    } finally {
      this.catchUpsWanted--
    }
  }

  /** Follows the mailbox: long-polls, and backs off on faults, until `stop()` or a state that needs the operator. */
  start(): void {
    if (this.running) return
    this.running = true
    this.stopping = false
    this.abort = new AbortController()
    this.loopDone = this.follow()
  }

  /** Ends a long-poll in flight and the loop; a round that was committing finishes its transaction first. */
  async stop(): Promise<void> {
    this.stopping = true
    this.abort.abort()
    this.wakeSleeper()
    await this.loopDone
  }

  /**
   * Runs `work` between rounds, none in flight (a long-poll is ended, and re-asked after): a pull token rotation,
   * so that no round pulls under a token the relay has just retired.
   */
  async betweenRounds<T>(work: () => Promise<T>): Promise<T> {
    this.catchUpsWanted++
    try {
      this.poll?.abort()
      return await this.exclusive(work)
    } finally {
      this.catchUpsWanted--
    }
  }

  /**
   * A new mailbox was connected: the old one's refusals, backoff step, storage and the state they gave are not the new
   * one's (a fresh mailbox that had counted the old one's refusals was said refused, and tried slowly, at its first
   * refusal). Said starting until its first round; called with no round in flight (the follow loop stopped), or by a
   * round that finds another mailbox in the vault.
   */
  mailboxReplaced(mailbox: string): void {
    this.mailbox = mailbox
    this.acknowledged = null
    this.tokenRefusals = 0
    this.failures = 0
    this.storage = null
    this.set({ kind: 'idle' })
  }

  /** Whether the follow loop runs (it ends by itself on cursor ahead, locked credentials or no mailbox). */
  isFollowing(): boolean {
    return this.running
  }

  // ------------------------------------------------------------------------------------------

  private async follow(): Promise<void> {
    try {
      // The first round answers at once rather than long-poll: right after a start (or a new mailbox) the state says
      // where things stand, instead of "not connected" until the first long-poll ends. So does every round while the
      // state is not connected: the relay back after a fault, it says connected when the relay answers, not when a
      // long-poll ends up to 25 s later (QA82: "cannot be reached · Trying again now…" while connected).
      let waitSeconds = 0
      while (!this.stopping) {
        const started = this.deps.clock.now()
        const outcome = await this.exclusive(() => this.followRound(waitSeconds))
        waitSeconds = this.state.kind === 'connected' ? this.options.waitSeconds : 0
        if (this.stopping || outcome === 'halt') break
        if (outcome === 'interrupted') continue
        if (outcome === 'retry' && 'retryAt' in this.state)
          await this.sleep(this.state.retryAt - this.deps.clock.now())
        else if (outcome === 'empty')
          await this.sleep(started + this.options.emptyPollGapMs - this.deps.clock.now())
      }
    } finally {
      this.running = false
    }
  }

  /** One round of the follow loop: a long-poll that `stop()` or a catch-up can end early. */
  private async followRound(waitSeconds: number): Promise<RoundOutcome> {
    const poll = new AbortController()
    const onStop = (): void => poll.abort()
    this.abort.signal.addEventListener('abort', onStop)
    if (this.abort.signal.aborted) poll.abort()
    this.poll = poll
    try {
      return await this.round(this.catchUpsWanted > 0 ? 0 : waitSeconds, poll.signal, BY_SCHEDULE)
    } finally {
      this.poll = null
      this.abort.signal.removeEventListener('abort', onStop)
    }
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.turn.then(run, run)
    this.turn = next.catch(() => undefined)
    return next
  }

  /** One pull, commit, ack and apply; `signal` ends a follow loop's long-poll (a catch-up runs to its end). */
  private async round(
    waitSeconds: number,
    signal: AbortSignal | null,
    roundBy: RoundBy
  ): Promise<RoundOutcome> {
    try {
      return await this.roundUnguarded(waitSeconds, roundBy, signal ?? undefined)
    } catch (error) {
      // Our side failed (the database, the disk): nothing was acknowledged that was not committed; try again later.
      this.logger.error('inbox: a sync round failed', error)
      const now = this.deps.clock.now()
      const since = this.state.kind === 'failing' ? this.state.since : now
      const detail = error instanceof Error ? error.message : String(error)
      this.set({ kind: 'failing', since, detail, retryAt: this.nextTry(now, null, roundBy) })
      return 'retry'
    }
  }

  private async roundUnguarded(
    waitSeconds: number,
    roundBy: RoundBy,
    signal?: AbortSignal
  ): Promise<RoundOutcome> {
    const loaded = await this.deps.credentials.load()
    if (loaded.kind === 'absent') {
      this.set({ kind: 'not-connected' })
      return 'halt'
    }
    if (loaded.kind === 'locked') {
      this.set({ kind: 'credentials-locked', reason: loaded.reason })
      return 'halt'
    }
    const credentials = loaded.credentials
    if (this.mailbox !== credentials.mailbox) {
      // Another mailbox than the last round's (connected by another process, the terminal): it starts afresh too.
      if (this.mailbox !== null) this.mailboxReplaced(credentials.mailbox)
      this.acknowledged = null
      this.mailbox = credentials.mailbox
    }
    let client = this.clientFor(credentials)
    const cursor = this.deps.store.cursor(credentials.mailbox)
    let pulled = await client.pull(cursor, this.options.pageSize, waitSeconds, signal)
    if (pulled.kind === 'auth-refused') {
      // A rotation may have changed the token: this process's, interrupted before the vault kept it, or another's.
      const renewed = await this.renewedPullToken(credentials, cursor, waitSeconds, signal)
      if (renewed !== null) ({ client, pulled } = renewed)
    }
    if (signal?.aborted && pulled.kind !== 'events') return this.stopping ? 'halt' : 'interrupted'
    if (pulled.kind !== 'events') return this.fault(pulled, cursor, roundBy)
    this.contact(credentials.mailbox, pulled.storage)
    this.tokenRefusals = 0
    this.deps.onStep?.('pulled', pulled.events.length)

    let committed = cursor
    if (pulled.events.length > 0) {
      const rows = await inboxRowsOf(credentials.mailbox, credentials.privateKeyJwk, pulled.events)
      this.deps.onStep?.('opened', rows.length)
      const reached = await this.commitInSlices(credentials.mailbox, cursor, rows)
      // Another process (the app and the CLI on one database) took these first: pull again from where it left.
      if (reached === null) return 'more'
      committed = reached
    }

    if (committed > 0 && (this.acknowledged === null || committed > this.acknowledged)) {
      const acked = await client.ack(committed, signal)
      if (acked.kind === 'cursor-ahead') return this.fault(acked, committed, roundBy)
      if (acked.kind === 'acknowledged') {
        this.acknowledged = committed
        this.contact(credentials.mailbox, acked.storage)
        this.deps.onStep?.('acknowledged', committed)
      } else if (!signal?.aborted) {
        // Not fatal: the events are ours already, and the next round acknowledges them with the next page.
        this.logger.warn(`inbox: the relay did not take the acknowledgement (${acked.kind})`)
      }
    }

    const applied = await applyPendingStatuses(this.deps.store, this.deps.targets)
    if (applied > 0) this.deps.onStep?.('applied', applied)
    const behind = Math.max(0, pulled.head - committed)
    this.failures = 0
    this.set({ kind: 'connected', behind })
    if (behind > 0) return 'more'
    return pulled.events.length > 0 ? 'caught-up' : 'empty'
  }

  /**
   * After the relay refused the token: the token the vault holds now (another process rotated it) or one a rotation
   * left pending (the relay took it, the vault did not keep it as the mailbox's), tried in turn. One that works is
   * kept as the mailbox's; a failure to keep it costs nothing, it is tried again the next round.
   */
  private async renewedPullToken(
    used: InboxCredentials,
    cursor: number,
    waitSeconds: number,
    signal?: AbortSignal
  ): Promise<{ client: RelayClient; pulled: PullResult } | null> {
    const reloaded = await this.deps.credentials.load()
    const current =
      reloaded.kind === 'found' && reloaded.credentials.mailbox === used.mailbox ? reloaded.credentials : used
    const pending = await this.deps.credentials.loadPendingPullToken()
    const candidates = [...new Set([current.pullToken, pending])].filter(
      (token): token is string => token !== null && token !== used.pullToken
    )
    for (const token of candidates) {
      const client = this.clientFor({ ...current, pullToken: token })
      const pulled = await client.pull(cursor, this.options.pageSize, waitSeconds, signal)
      if (pulled.kind === 'auth-refused') continue
      if (token === pending)
        await adoptPullToken(current, token, this.deps.credentials).catch((error: unknown) =>
          this.logger.warn(
            'inbox: the new pull token works but could not be kept yet; tried again next round',
            error
          )
        )
      return { client, pulled }
    }
    return null
  }

  /** Commits the rows in slices sized to about 10 ms each, with a turn of the event loop between them. */
  private async commitInSlices(mailbox: string, from: number, rows: NewInboxEvent[]): Promise<number | null> {
    let cursor = from
    let size = 100
    for (let index = 0; index < rows.length;) {
      const slice = rows.slice(index, index + size)
      const upTo = slice[slice.length - 1]!.seq
      const started = performance.now()
      const result = this.deps.store.commit(mailbox, cursor, upTo, slice, this.deps.clock.now())
      if (result === null) return null
      size = nextChunkSize(size, performance.now() - started)
      cursor = upTo
      index += slice.length
      this.received += result.inserted
      this.duplicates += result.duplicates
      this.deps.onStep?.('committed', slice.length)
      await yieldToEventLoop()
    }
    return cursor
  }

  private fault(
    fault: RelayFault | { kind: 'cursor-ahead'; head: number },
    cursor: number,
    roundBy: RoundBy
  ): RoundOutcome {
    const now = this.deps.clock.now()
    if (fault.kind === 'cursor-ahead') {
      this.set({ kind: 'cursor-ahead', since: now, cursor, head: fault.head })
      return 'halt'
    }
    if (roundBy.by === 'schedule') this.failures++
    const retryAfter = 'retryAfterMs' in fault ? fault.retryAfterMs : null
    // Refused past the quick tries (QA82: a relay restarted empty on the same port, then the real one back): said as
    // auth refused, and tried again slowly rather than stopped, so a mailbox that was fine all along comes back by
    // itself; connecting a mailbox again stays the operator's other way.
    if (fault.kind === 'auth-refused' && ++this.tokenRefusals > TOKEN_REFUSALS_TRIED_AGAIN) {
      const slow = Math.min(TOKEN_REFUSED_SLOW_TRY_MS, this.options.backoffMaxMs)
      // Since the first refusal of the run, its quick tries included.
      const since =
        this.state.kind === 'auth-refused' ||
        (this.state.kind === 'unreachable' && this.state.fault === 'auth-refused')
          ? this.state.since
          : now
      this.set({ kind: 'auth-refused', since, retryAt: this.nextTry(now, slow, roundBy) })
      return 'retry'
    }
    // A 401 may be a proxy's, a CDN's or an access layer's passing refusal (QA36 Q36-06): tried again with backoff,
    // "Try now" offered, before the operator is asked to connect a mailbox again.
    // Its note carries which try comes next: the window and the CLI say a refusal being tried again, not a relay
    // that cannot be reached (it did answer).
    const detail =
      fault.kind === 'auth-refused'
        ? encodeNote('inbox.fault.pullTokenRefusedRetrying', {
            attempt: this.tokenRefusals,
            tries: TOKEN_REFUSALS_TRIED_AGAIN
          })
        : faultDetail(fault)
    const since = this.state.kind === 'unreachable' ? this.state.since : now
    this.set({
      kind: 'unreachable',
      since,
      fault: fault.kind,
      detail,
      retryAt: this.nextTry(now, retryAfter, roundBy)
    })
    return 'retry'
  }

  /** When the next automatic try comes: after the backoff, and after an operator's try no later than it was due. */
  private nextTry(now: number, retryAfterMs: number | null, roundBy: RoundBy): number {
    const next = now + this.backoff(retryAfterMs)
    return roundBy.by === 'operator' && roundBy.due !== null ? Math.min(next, roundBy.due) : next
  }

  /** Doubling from the base to the ceiling, with equal jitter (several desktops behind one relay spread out). */
  private backoff(retryAfterMs: number | null): number {
    const step = Math.min(
      this.options.backoffMaxMs,
      this.options.backoffBaseMs * 2 ** Math.max(0, this.failures - 1)
    )
    const jittered = Math.round(step / 2 + this.random() * (step / 2))
    return Math.max(jittered, retryAfterMs ?? 0)
  }

  private contact(mailbox: string, storage: RelayStorage): void {
    this.storage = storage
    this.deps.store.recordContact(mailbox, this.deps.clock.now())
  }

  private clientFor(credentials: InboxCredentials): RelayClient {
    return new RelayClient({
      baseUrl: credentials.relayUrl,
      mailbox: credentials.mailbox,
      pullToken: credentials.pullToken,
      fetch: this.deps.fetch,
      clock: this.deps.clock
    })
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.stopping) return Promise.resolve()
    return new Promise((resolve) => {
      const wake = (): void => {
        this.sleeper = null
        resolve()
      }
      this.sleeper = { timer: this.deps.clock.setTimeout(wake, ms), wake }
    })
  }

  private wakeSleeper(): void {
    const sleeper = this.sleeper
    if (!sleeper) return
    this.deps.clock.clearTimeout(sleeper.timer)
    sleeper.wake()
  }

  private set(state: InboxSyncState): void {
    this.state = state
    if (this.listeners.size === 0) return
    const status = this.status()
    for (const listener of [...this.listeners]) {
      try {
        listener(status)
      } catch (error) {
        this.logger.error('inbox: a status listener failed', error)
      }
    }
  }
}
