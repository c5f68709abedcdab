// POSTs the sandbox's webhooks to the configured URLs: each delivery with its attempts, retried with backoff on the
// Clock when the receiver fails, and the receiver's answer kept for the inspector (and for "auto reply from webhook").

import type { Clock, TimerHandle } from './clock'
import { lastMinute } from './send-pacing'

export type WebhookKind = 'incoming' | 'tracking'

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
  replyNote: string | null
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
  ) => { replies: string[]; note: string | null }
  /** Anything about a delivery changed (for the inspector's live view). */
  onChange?: () => void
  /** Waits before the 2nd, 3rd… attempt; the delivery fails after the last. */
  backoffMs?: readonly number[]
  timeoutMs?: number
}

export const WEBHOOK_BACKOFF_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000]
const DEFAULT_TIMEOUT_MS = 10_000
/** The inspector shows the newest; older deliveries are forgotten. */
const KEEP_DELIVERIES = 500
/** A receiver's answer is read up to this many bytes; the rest is never read (the connection is dropped). */
export const MAX_ANSWER_BYTES = 64 * 1024
const SHOWN_ANSWER_CHARS = 4_000
/** Per device: more deliveries than this in a minute are not POSTed (marked failed), so one event cannot flood a host. */
export const WEBHOOK_DELIVERIES_PER_MINUTE = 60

/** Reads at most `limit` bytes of a response body and cancels the rest. */
async function readCapped(response: Response, limit: number): Promise<{ text: string; cut: boolean }> {
  if (!response.body) return { text: '', cut: false }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let cut = false
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const room = limit - size
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room))
      cut = true
      break
    }
    chunks.push(value)
    size += value.byteLength
  }
  if (cut) await reader.cancel().catch(() => undefined)
  return { text: Buffer.concat(chunks).toString('utf8'), cut }
}

function causeText(error: unknown): string {
  if (error instanceof Error) {
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
  private counter = 0
  private disposed = false
  private readonly recentBySerial = new Map<string, number[]>()

  constructor(private readonly options: WebhookDeliveriesOptions) {
    this.backoff = options.backoffMs ?? WEBHOOK_BACKOFF_MS
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
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
    if (!this.withinDeviceLimit(delivery.deviceSerial, delivery.createdAt)) {
      delivery.state = 'failed'
      delivery.nextAttemptAt = null
      delivery.attempts.push({
        at: delivery.createdAt,
        httpStatus: null,
        error: `not sent: over ${WEBHOOK_DELIVERIES_PER_MINUTE} webhook deliveries a minute for this device`,
        contentType: null,
        body: null
      })
      this.options.onChange?.()
      return delivery
    }
    this.attempt(delivery)
    return delivery
  }

  private withinDeviceLimit(serial: string, now: number): boolean {
    const recent = lastMinute(this.recentBySerial.get(serial), now)
    const allowed = recent.length < WEBHOOK_DELIVERIES_PER_MINUTE
    if (allowed) recent.push(now)
    this.recentBySerial.set(serial, recent)
    return allowed
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
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'SenderDesk-Sandbox-Webhook/1' },
        body: JSON.stringify(delivery.payload),
        signal: controller.signal,
        redirect: 'manual'
      })
      const { text } = await readCapped(response, MAX_ANSWER_BYTES)
      const contentType =
        (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
      outcome = {
        at,
        httpStatus: response.status,
        error: response.ok ? null : `HTTP ${response.status}`,
        contentType: contentType || null,
        body: text === '' ? null : text.slice(0, SHOWN_ANSWER_CHARS)
      }
      if (response.ok) answer = { contentType, body: text }
    } catch (error) {
      outcome = {
        at,
        httpStatus: null,
        error: controller.signal.aborted ? `no answer within ${this.timeoutMs / 1000} s` : causeText(error),
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
      const wait = this.backoff[delivery.attempts.length - 1]
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
