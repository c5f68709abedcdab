// POSTs the sandbox's webhooks to the configured URLs: each delivery with its attempts, retried on the Clock when the
// receiver fails (or not: the retry knob), and the receiver's answer kept for the inspector (and for "auto reply from
// webhook"). Per device and kind at most so many deliveries a minute; more wait in a bounded queue and go out as the
// minute frees up, and what does not fit in the queue is dropped and counted.

import type { Clock, TimerHandle } from './clock'
import { lastMinute, MINUTE_MS } from './send-pacing'
import { postWebhook, WebhookTargetRefused, type WebhookTargetPolicy } from './webhook-targets'
import type { WebhookQueueStats, WebhookReplyNote } from './world-interface'

/** incoming messages (§5.2), message statuses (§5.4), device statuses (§5.5). */
export type WebhookKind = 'incoming' | 'tracking' | 'device'
export const WEBHOOK_KINDS: readonly WebhookKind[] = ['incoming', 'tracking', 'device']

/** What the sandbox does after a failed attempt: nothing more (`none`), or try again after each wait in turn. */
export type WebhookRetry = 'none' | readonly number[]

export interface WebhookAttempt {
  at: number
  /** null when no HTTP answer came (refused, reset, timed out). */
  httpStatus: number | null
  error: string | null
  contentType: string | null
  /** The receiver's answer, cut to a readable length. */
  body: string | null
}

export interface WebhookDeliveryRecord {
  id: string
  deviceSerial: string
  kind: WebhookKind
  url: string
  payload: Record<string, unknown>
  createdAt: number
  state: 'pending' | 'delivered' | 'failed'
  attempts: WebhookAttempt[]
  nextAttemptAt: number | null
  /** What the sandbox sent back to the chat from the answer ("auto reply from webhook"). */
  replies: string[]
  /** Why the answer was not (or only partly) sent back, when it was not. */
  replyNote: WebhookReplyNote | null
}

export interface WebhookAnswer {
  /** Media type only, lower case, '' when absent. */
  contentType: string
  body: string
}

export interface WebhookDeliveriesOptions {
  clock: Clock
  /** After a 2xx answer to an incoming-message delivery: what was sent back to the chat. */
  onAnswer?: (
    delivery: WebhookDeliveryRecord,
    answer: WebhookAnswer
  ) => { replies: string[]; note: WebhookReplyNote | null }
  /** Anything about a delivery changed (for the inspector's live view). */
  onChange?: () => void
  /** Waits before the 2nd, 3rd… attempt (the delivery fails after the last), or `none`: one attempt only. */
  retry?: WebhookRetry
  timeoutMs?: number
  /** Which addresses may be POSTed to (public only, unless the run opts in). */
  policy?: WebhookTargetPolicy
  /** Per device and kind, deliveries a minute (default WEBHOOK_DELIVERIES_PER_MINUTE each). */
  perMinute?: Partial<Record<WebhookKind, number>>
  /** Per device and kind, how many deliveries may wait for the minute to free up (default WEBHOOK_QUEUE_LIMIT). */
  queueLimit?: number
}

export type { WebhookQueueStats } from './world-interface'

/** The deliveries of one device and kind: the minute's sends and what waits for room in it. */
interface Lane {
  recent: number[]
  waiting: WebhookDeliveryRecord[]
  timer: TimerHandle | null
}

export const WEBHOOK_BACKOFF_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000]
const DEFAULT_TIMEOUT_MS = 10_000
/** The inspector shows the newest; older deliveries are forgotten. */
const KEEP_DELIVERIES = 500
/** A receiver's answer is read up to this many bytes; the rest is never read (the connection is dropped). */
export const MAX_ANSWER_BYTES = 64 * 1024
const SHOWN_ANSWER_CHARS = 4_000
/** Per device and kind: more deliveries than this in a minute wait for the next, so one event cannot flood a host. */
export const WEBHOOK_DELIVERIES_PER_MINUTE = 60
/** Per device and kind: deliveries waiting for their minute beyond this are dropped (and counted). */
export const WEBHOOK_QUEUE_LIMIT = 1_000
const NO_POLICY: WebhookTargetPolicy = { allowPrivateTargets: false }

function causeText(error: unknown): string {
  if (error instanceof WebhookTargetRefused) return error.message
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code
    if (typeof code === 'string') return code
    const cause = (error as Error & { cause?: { code?: unknown; message?: unknown } }).cause
    if (cause && typeof cause.code === 'string') return cause.code
    if (cause && typeof cause.message === 'string' && cause.message) return cause.message
    return error.message
  }
  return String(error)
}

export class WebhookDeliveries {
  private readonly records: WebhookDeliveryRecord[] = []
  private readonly timers = new Map<WebhookDeliveryRecord, TimerHandle>()
  private readonly inFlight = new Set<Promise<void>>()
  private readonly controllers = new Set<AbortController>()
  private readonly backoff: readonly number[]
  private readonly timeoutMs: number
  private readonly policy: WebhookTargetPolicy
  private readonly queueLimit: number
  private counter = 0
  private disposed = false
  private readonly lanes = new Map<string, Lane>()
  private readonly dropped: Record<WebhookKind, number> = { incoming: 0, tracking: 0, device: 0 }

  constructor(private readonly options: WebhookDeliveriesOptions) {
    const retry = options.retry ?? WEBHOOK_BACKOFF_MS
    this.backoff = retry === 'none' ? [] : retry
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.policy = options.policy ?? NO_POLICY
    this.queueLimit = options.queueLimit ?? WEBHOOK_QUEUE_LIMIT
  }

  /** Queue a POST of `payload` to `url`; the first attempt starts at once. */
  enqueue(input: {
    deviceSerial: string
    kind: WebhookKind
    url: string
    payload: object
  }): WebhookDeliveryRecord {
    const delivery: WebhookDeliveryRecord = {
      id: `wh-${++this.counter}`,
      deviceSerial: input.deviceSerial,
      kind: input.kind,
      url: input.url,
      payload: JSON.parse(JSON.stringify(input.payload)) as Record<string, unknown>,
      createdAt: this.options.clock.now(),
      state: 'pending',
      attempts: [],
      nextAttemptAt: this.options.clock.now(),
      replies: [],
      replyNote: null
    }
    this.records.push(delivery)
    if (this.records.length > KEEP_DELIVERIES) {
      const dropped = this.records.splice(0, this.records.length - KEEP_DELIVERIES)
      for (const old of dropped) this.cancelTimer(old)
    }
    const lane = this.laneOf(delivery)
    if (lane.waiting.length > 0 || !this.takeSlot(lane, delivery.kind, delivery.createdAt)) {
      this.wait(lane, delivery)
      this.options.onChange?.()
      return delivery
    }
    this.attempt(delivery)
    return delivery
  }

  /** How many deliveries wait for their minute, and how many were dropped, by kind. */
  queueStats(): WebhookQueueStats {
    const queued: Record<WebhookKind, number> = { incoming: 0, tracking: 0, device: 0 }
    for (const lane of this.lanes.values()) {
      for (const delivery of lane.waiting) queued[delivery.kind] += 1
    }
    return { queued, dropped: { ...this.dropped } }
  }

  private perMinute(kind: WebhookKind): number {
    return this.options.perMinute?.[kind] ?? WEBHOOK_DELIVERIES_PER_MINUTE
  }

  private laneOf(delivery: WebhookDeliveryRecord): Lane {
    const key = `${delivery.deviceSerial} ${delivery.kind}`
    let lane = this.lanes.get(key)
    if (!lane) {
      lane = { recent: [], waiting: [], timer: null }
      this.lanes.set(key, lane)
    }
    return lane
  }

  private takeSlot(lane: Lane, kind: WebhookKind, now: number): boolean {
    lane.recent = lastMinute(lane.recent, now)
    if (lane.recent.length >= this.perMinute(kind)) return false
    lane.recent.push(now)
    return true
  }

  /** Over the minute's cap: the delivery waits its turn, or is dropped (and counted) when the queue is full. */
  private wait(lane: Lane, delivery: WebhookDeliveryRecord): void {
    if (lane.waiting.length >= this.queueLimit) {
      this.dropped[delivery.kind] += 1
      delivery.state = 'failed'
      delivery.nextAttemptAt = null
      delivery.attempts.push({
        at: delivery.createdAt,
        httpStatus: null,
        error:
          `not sent: over ${this.perMinute(delivery.kind)} ${delivery.kind} webhook deliveries a minute for ` +
          `this device, and ${this.queueLimit} already waiting`,
        contentType: null,
        body: null
      })
      return
    }
    lane.waiting.push(delivery)
    this.armLane(lane)
  }

  /** Wakes when the oldest send of the minute leaves it, to send what waits. */
  private armLane(lane: Lane): void {
    if (lane.waiting.length === 0 || this.disposed) return
    const { clock } = this.options
    const freeAt = (lane.recent[0] ?? clock.now()) + MINUTE_MS
    for (const delivery of lane.waiting) delivery.nextAttemptAt = freeAt
    if (lane.timer !== null) return
    lane.timer = clock.setTimeout(
      () => {
        lane.timer = null
        this.drain(lane)
      },
      Math.max(0, freeAt - clock.now())
    )
  }

  private drain(lane: Lane): void {
    if (this.disposed) return
    const now = this.options.clock.now()
    let sent = false
    while (lane.waiting.length > 0) {
      const next = lane.waiting[0]!
      if (!this.takeSlot(lane, next.kind, now)) break
      lane.waiting.shift()
      this.attempt(next)
      sent = true
    }
    this.armLane(lane)
    if (sent) this.options.onChange?.()
  }

  /** Newest first, optionally for one device. */
  list(deviceSerial?: string): WebhookDeliveryRecord[] {
    return this.records
      .filter((delivery) => deviceSerial === undefined || delivery.deviceSerial === deviceSerial)
      .reverse()
      .map((delivery) => structuredClone(delivery))
  }

  /** Resolves when no POST is on the wire (retries waiting on the clock do not count). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }

  /** Stops retrying and cuts the POSTs on the wire (a closing sandbox must not wait for a hung receiver). */
  dispose(): void {
    this.disposed = true
    for (const delivery of [...this.timers.keys()]) this.cancelTimer(delivery)
    for (const lane of this.lanes.values()) {
      if (lane.timer !== null) this.options.clock.clearTimeout(lane.timer)
      lane.timer = null
    }
    for (const controller of this.controllers) controller.abort()
  }

  private cancelTimer(delivery: WebhookDeliveryRecord): void {
    const timer = this.timers.get(delivery)
    if (timer !== undefined) this.options.clock.clearTimeout(timer)
    this.timers.delete(delivery)
  }

  private attempt(delivery: WebhookDeliveryRecord): void {
    if (this.disposed) return
    delivery.nextAttemptAt = null
    const run = this.post(delivery)
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(run))
    this.inFlight.add(run)
  }

  private async post(delivery: WebhookDeliveryRecord): Promise<void> {
    const { clock } = this.options
    const at = clock.now()
    const controller = new AbortController()
    this.controllers.add(controller)
    // Both clocks: the world's (tests drive it) and the wall's (a hung receiver must not hold a socket forever).
    const timer = clock.setTimeout(() => controller.abort(), this.timeoutMs)
    const wallTimer = setTimeout(() => controller.abort(), this.timeoutMs)
    let outcome: WebhookAttempt
    let answer: WebhookAnswer | null = null
    let refused = false
    try {
      const response = await postWebhook(delivery.url, JSON.stringify(delivery.payload), {
        signal: controller.signal,
        policy: this.policy,
        maxAnswerBytes: MAX_ANSWER_BYTES,
        userAgent: 'SenderDesk-Sandbox-Webhook/1'
      })
      const ok = response.status >= 200 && response.status < 300
      outcome = {
        at,
        httpStatus: response.status,
        error: ok ? null : `HTTP ${response.status}`,
        contentType: response.contentType || null,
        body: response.text === '' ? null : response.text.slice(0, SHOWN_ANSWER_CHARS)
      }
      if (ok) answer = { contentType: response.contentType, body: response.text }
    } catch (error) {
      // A refused target stays refused: no retry.
      refused = error instanceof WebhookTargetRefused
      outcome = {
        at,
        httpStatus: null,
        error:
          controller.signal.aborted && !refused
            ? `no answer within ${this.timeoutMs / 1000} s`
            : causeText(error),
        contentType: null,
        body: null
      }
    } finally {
      clock.clearTimeout(timer)
      clearTimeout(wallTimer)
      this.controllers.delete(controller)
    }
    if (this.disposed) return
    delivery.attempts.push(outcome)
    if (answer !== null) {
      delivery.state = 'delivered'
      if (delivery.kind === 'incoming' && this.options.onAnswer) {
        const { replies, note } = this.options.onAnswer(delivery, answer)
        delivery.replies = replies
        delivery.replyNote = note
      }
    } else {
      const wait = refused ? undefined : this.backoff[delivery.attempts.length - 1]
      if (wait === undefined) {
        delivery.state = 'failed'
      } else {
        delivery.nextAttemptAt = clock.now() + wait
        this.timers.set(
          delivery,
          clock.setTimeout(() => {
            this.timers.delete(delivery)
            this.attempt(delivery)
          }, wait)
        )
      }
    }
    this.options.onChange?.()
  }
}
