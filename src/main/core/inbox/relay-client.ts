// The relay's egress protocol over HTTP (packages/inbox-relay/README.md, "Egress" and "Mailboxes"): pull a page of
// events, acknowledge up to a sequence number, create a mailbox. Every answer is typed — the sync decides what each
// means; nothing here throws for a refusal, a fault or garbage.
import { z } from 'zod'
import { httpUrlProblem } from '../../../shared/domain'
import { encodeNote } from '../../../shared/i18n/notes'
import type { Clock } from '../clock'
import { errorCodes } from '../error-codes'

/** A fetch (the global one in the app; a relay's handler in tests). */
export type FetchPort = (url: string, init: RequestInit) => Promise<Response>

const EventKindSchema = z.enum(['incoming', 'tracking', 'device'])

const Storage = z.object({
  used: z.number(),
  cap: z.number(),
  nearFull: z.boolean(),
  full: z.boolean(),
  events: z.number(),
  refusedWhileFull: z.number()
})
export type RelayStorage = z.infer<typeof Storage>

const PulledEvent = z.object({
  seq: z.number().int().positive(),
  kind: EventKindSchema,
  receivedAt: z.number(),
  size: z.number(),
  envelope: z.string()
})
export type PulledEvent = z.infer<typeof PulledEvent>

const EventsAnswer = z.object({
  events: z.array(PulledEvent),
  head: z.number().int().nonnegative(),
  storage: Storage
})

const AckAnswer = z.object({ head: z.number().int().nonnegative(), storage: Storage })
const HeadAnswer = z.object({ head: z.number().int().nonnegative() })

const RotatedAnswer = z.object({
  ingressSecret: z.string().min(1),
  urls: z.object({ incoming: z.string(), tracking: z.string(), device: z.string() })
})
export type RotatedIngressAnswer = z.infer<typeof RotatedAnswer>

/**
 * `outdated`: a relay from before proposed secrets and tokens refuses the proposal (`400`) and changes nothing; the
 * app sends only well-formed proposals, so no other relay answers a rotation 400.
 */
export type RotationRefusedAsOutdated = { kind: 'outdated' }

/** The relay answered, but with what this computer must not use (plain-http webhook addresses), or as no relay. */
export type RelayUnusable = { kind: 'unusable'; detail: string }

export type RotateResult =
  { kind: 'rotated'; rotated: RotatedIngressAnswer } | RotationRefusedAsOutdated | RelayUnusable | RelayFault

/**
 * The gateway posts to the webhook addresses with the ingress secret in their path: only over https, or plain http to
 * this computer (the relay on this computer, the sandbox's webhooks). A relay behind a TLS proxy without its
 * `--public-url` hands out `http://` addresses built from the request: refused here, with what to do.
 */
export function insecureWebhookUrls(urls: {
  incoming: string
  tracking: string
  device: string
}): string | null {
  // The one rule for webhook addresses (shared/domain httpUrlProblem), as the window and the contract check them.
  for (const address of [urls.incoming, urls.tracking, urls.device]) {
    if (httpUrlProblem(address) === null) continue
    let host = address.slice(0, 80)
    try {
      host = new URL(address).host
    } catch {
      // Not a URL at all: named as it came.
    }
    return encodeNote('inbox.fault.webhookUrlNotHttps', { host })
  }
  return null
}

const CreatedAnswer = z.object({
  mailbox: z.string().min(1),
  pullToken: z.string().min(1),
  urls: z.object({ incoming: z.string(), tracking: z.string(), device: z.string() })
})
export type CreatedMailboxAnswer = z.infer<typeof CreatedAnswer>

/**
 * What went wrong with a request, in the terms the sync's state uses. A `detail` is an encoded note
 * (shared/i18n/notes): a key and its values, so each front door words it in its own language.
 */
export type RelayFault =
  | { kind: 'auth-refused' }
  | { kind: 'rate-limited'; retryAfterMs: number | null }
  | { kind: 'server-error'; status: number; retryAfterMs: number | null }
  | { kind: 'bad-answer'; detail: string }
  | { kind: 'network'; detail: string }

/** A relay's fault as an encoded note (a key and values): the window words it inside a translated sentence. */
export function faultDetail(fault: Exclude<RelayFault, { kind: 'auth-refused' }>): string {
  switch (fault.kind) {
    case 'server-error':
      return encodeNote('inbox.fault.httpStatus', { status: fault.status })
    case 'rate-limited':
      return encodeNote('inbox.fault.tooManyRequests')
    case 'bad-answer':
    case 'network':
      return fault.detail
  }
}

export type PullResult =
  | { kind: 'events'; events: PulledEvent[]; head: number; storage: RelayStorage }
  /** The relay does not know our cursor (its storage was lost or replaced). */
  | { kind: 'cursor-ahead'; head: number }
  | RelayFault

export type AckResult =
  | { kind: 'acknowledged'; head: number; storage: RelayStorage }
  | { kind: 'cursor-ahead'; head: number }
  | RelayFault

export type CreateResult =
  | { kind: 'created'; created: CreatedMailboxAnswer }
  | { kind: 'creation-refused'; detail: string }
  /** The relay said no, worded by its error code (its English `message` is never the operator's sentence). */
  | { kind: 'refused'; detail: string }
  | RelayUnusable
  | RelayFault

export interface RelayClientOptions {
  baseUrl: string
  mailbox: string
  pullToken: string
  fetch: FetchPort
  clock: Clock
  /** Added to a long-poll's wait before the request is given up (a sleeping laptop, a dead connection). */
  graceMs?: number
}

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown
  } catch {
    return undefined
  }
}

/** A request with a deadline through the clock, aborted early by `signal`; a fault instead of a throw. */
async function request(
  fetch: FetchPort,
  clock: Clock,
  url: string,
  init: RequestInit,
  deadlineMs: number,
  signal?: AbortSignal
): Promise<Response | RelayFault> {
  const controller = new AbortController()
  const abort = (): void => controller.abort()
  const timer = clock.setTimeout(abort, deadlineMs)
  signal?.addEventListener('abort', abort)
  if (signal?.aborted) abort()
  try {
    return await fetch(url, { ...init, signal: controller.signal })
  } catch (error) {
    const detail = controller.signal.aborted
      ? signal?.aborted
        ? encodeNote('inbox.fault.stopped')
        : encodeNote('inbox.fault.noAnswer', { seconds: Math.round(deadlineMs / 1000) })
      : networkFault(error, url)
    return { kind: 'network', detail }
  } finally {
    clock.clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
}

/** Codes that say no server is known by the address's name (DNS). */
const NAME_NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA'])
const TIMED_OUT = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'])
/** Certificate and TLS codes (Node's own, and OpenSSL's `ERR_SSL_…`): the secure connection failed. */
const TLS_FAILURE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|SIGNATURE|EPROTO/
/** OpenSSL's codes for a server that answered a TLS hello in plain http: it does not speak https at all. */
const PLAIN_HTTP_ANSWER = /WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST/

/**
 * A failed connection worded by its cause (the address's name unknown, connections refused, timed out, the secure
 * connection failed), naming the host; a cause without words of its own as the host not reached.
 */
function networkFault(error: unknown, url: string): string {
  const code = networkCode(error)
  const host = hostOf(url)
  if (code !== null && NAME_NOT_FOUND.has(code)) return encodeNote('inbox.fault.nameNotFound', { host })
  if (code === 'ECONNREFUSED') return encodeNote('inbox.fault.connectionRefused', { host })
  if (code !== null && TIMED_OUT.has(code)) return encodeNote('inbox.fault.connectTimedOut', { host })
  if (code !== null && PLAIN_HTTP_ANSWER.test(code)) return encodeNote('inbox.fault.notHttps', { host })
  if (code !== null && TLS_FAILURE.test(code)) return encodeNote('inbox.fault.tls', { host })
  // The system's own words ("fetch failed") say nothing to an operator: kept in the note for diagnostics only.
  return encodeNote('inbox.fault.connection', {
    host,
    reason: code ?? (error instanceof Error ? error.message : String(error))
  })
}

/** The system's code for a failed connection (`ECONNREFUSED`), found on the error or down its causes. */
function networkCode(error: unknown): string | null {
  return errorCodes(error).find((code) => code !== 'ERR_INVALID_ARG_TYPE') ?? null
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** The answer's status as a fault, or null when it is the success the caller reads. */
function faultOf(response: Response): RelayFault | null {
  if (response.status === 401) return { kind: 'auth-refused' }
  if (response.status === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterOf(response) }
  if (response.status >= 500)
    return { kind: 'server-error', status: response.status, retryAfterMs: retryAfterOf(response) }
  return null
}

/** `409 cursor_ahead` (events) and `409 ack_ahead` (ack) both carry the relay's head: it does not know our cursor. */
function cursorAheadOf(body: unknown): { kind: 'cursor-ahead'; head: number } | RelayFault {
  const ahead = HeadAnswer.safeParse(body)
  return ahead.success
    ? { kind: 'cursor-ahead', head: ahead.data.head }
    : { kind: 'bad-answer', detail: encodeNote('inbox.fault.conflictWithoutHead') }
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '')

export class RelayClient {
  private readonly base: string
  constructor(private readonly options: RelayClientOptions) {
    this.base = `${trimSlash(options.baseUrl)}/m/${encodeURIComponent(options.mailbox)}`
  }

  private get auth(): Record<string, string> {
    return { authorization: `Bearer ${this.options.pullToken}` }
  }

  /** `GET /m/{mailbox}/events?after&limit&wait`: a long-poll when `waitSeconds` > 0. */
  async pull(after: number, limit: number, waitSeconds: number, signal?: AbortSignal): Promise<PullResult> {
    const url = `${this.base}/events?after=${after}&limit=${limit}&wait=${waitSeconds}`
    const deadline = waitSeconds * 1000 + (this.options.graceMs ?? 20_000)
    const response = await request(
      this.options.fetch,
      this.options.clock,
      url,
      { method: 'GET', headers: this.auth },
      deadline,
      signal
    )
    if (!(response instanceof Response)) return response
    const fault = faultOf(response)
    if (fault) return fault
    const body = await jsonOf(response)
    if (response.status === 409) return cursorAheadOf(body)
    if (response.status !== 200)
      return { kind: 'bad-answer', detail: encodeNote('inbox.fault.httpStatus', { status: response.status }) }
    const parsed = EventsAnswer.safeParse(body)
    if (!parsed.success) return { kind: 'bad-answer', detail: encodeNote('inbox.fault.unreadable') }
    return { kind: 'events', ...parsed.data }
  }

  /** `POST /m/{mailbox}/ack {upTo}`: the relay deletes what we committed. */
  async ack(upTo: number, signal?: AbortSignal): Promise<AckResult> {
    const response = await request(
      this.options.fetch,
      this.options.clock,
      `${this.base}/ack`,
      {
        method: 'POST',
        headers: { ...this.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ upTo })
      },
      this.options.graceMs ?? 20_000,
      signal
    )
    if (!(response instanceof Response)) return response
    const fault = faultOf(response)
    if (fault) return fault
    const body = await jsonOf(response)
    if (response.status === 409) return cursorAheadOf(body)
    const parsed = AckAnswer.safeParse(body)
    if (response.status !== 200 || !parsed.success)
      return { kind: 'bad-answer', detail: encodeNote('inbox.fault.ackStatus', { status: response.status }) }
    return { kind: 'acknowledged', ...parsed.data }
  }
}

/**
 * `POST /m/{mailbox}/rotate {ingressSecret: <proposed>}`: the relay takes the secret we propose (kept in the vault
 * before asking) and answers its URLs. Idempotent: asked again with the same secret, it answers the same and leaves
 * the old secret's grace as the first rotation set it (a day by default, so the device-status URL pasted in the
 * dashboard by hand goes on delivering until the operator pastes the new one), or shorter when asked for 0.
 */
export async function rotateIngressSecret(
  options: RelayClientOptions,
  proposed: string,
  rotation: { graceSeconds?: number } = {}
): Promise<RotateResult> {
  const response = await postRotation(options, { ingressSecret: proposed, ...rotation })
  if (!(response instanceof Response)) return response
  const fault = faultOf(response)
  if (fault) return fault
  if (response.status === 400) return { kind: 'outdated' }
  const parsed = RotatedAnswer.safeParse(await jsonOf(response))
  if (response.status !== 200 || !parsed.success || parsed.data.ingressSecret !== proposed)
    return { kind: 'bad-answer', detail: encodeNote('inbox.fault.rotateStatus', { status: response.status }) }
  const insecure = insecureWebhookUrls(parsed.data.urls)
  if (insecure !== null) return { kind: 'unusable', detail: insecure }
  return { kind: 'rotated', rotated: parsed.data }
}

/** `POST /m/{mailbox}/rotate` under the options' pull token. */
function postRotation(options: RelayClientOptions, body: unknown): Promise<Response | RelayFault> {
  return request(
    options.fetch,
    options.clock,
    `${trimSlash(options.baseUrl)}/m/${encodeURIComponent(options.mailbox)}/rotate`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${options.pullToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    },
    options.graceMs ?? 20_000
  )
}

const RotatedPullTokenAnswer = z.object({ pullToken: z.string() })

/**
 * `POST /m/{mailbox}/rotate {pullToken: <proposed>}`: the relay takes the token we propose (kept in the vault before
 * asking) in place of the one in `options`. Idempotent: asked again under the proposed token, it answers the same.
 */
export async function rotatePullToken(
  options: RelayClientOptions,
  proposed: string
): Promise<{ kind: 'rotated' } | RotationRefusedAsOutdated | RelayFault> {
  const response = await postRotation(options, { pullToken: proposed })
  if (!(response instanceof Response)) return response
  const fault = faultOf(response)
  if (fault) return fault
  if (response.status === 400) return { kind: 'outdated' }
  const parsed = RotatedPullTokenAnswer.safeParse(await jsonOf(response))
  if (response.status !== 200 || !parsed.success || parsed.data.pullToken !== proposed)
    return { kind: 'bad-answer', detail: encodeNote('inbox.fault.rotateStatus', { status: response.status }) }
  return { kind: 'rotated' }
}

/** `POST /m` with the mailbox's public key: a new mailbox, its pull token and the three webhook URLs (shown once). */
export async function createRelayMailbox(input: {
  relayUrl: string
  publicKeyJwk: unknown
  creationToken?: string
  fetch: FetchPort
  clock: Clock
}): Promise<CreateResult> {
  const response = await request(
    input.fetch,
    input.clock,
    `${trimSlash(input.relayUrl)}/m`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(input.creationToken ? { authorization: `Bearer ${input.creationToken}` } : {})
      },
      body: JSON.stringify({ publicKey: input.publicKeyJwk })
    },
    20_000
  )
  if (!(response instanceof Response)) return response
  // A token sent and refused is a wrong token (the operator re-types it); none sent, the relay wants one.
  if (response.status === 401)
    return input.creationToken
      ? { kind: 'auth-refused' }
      : { kind: 'creation-refused', detail: encodeNote('inbox.fault.needsCreationToken') }
  const fault = faultOf(response)
  if (fault) return fault
  const body = await jsonOf(response)
  const parsed = CreatedAnswer.safeParse(body)
  if (response.status === 201 && parsed.success) {
    const insecure = insecureWebhookUrls(parsed.data.urls)
    return insecure === null
      ? { kind: 'created', created: parsed.data }
      : { kind: 'unusable', detail: insecure }
  }
  return creationNotDone(input.relayUrl, response.status, body)
}

/**
 * A creation the relay did not do, worded by the relay's error code (packages/inbox-relay/README.md, "Mailboxes"):
 * its English `message` is never the operator's sentence. An answer without a relay's error shape is no relay.
 */
function creationNotDone(relayUrl: string, status: number, body: unknown): CreateResult {
  const code = (body as { error?: unknown } | undefined)?.error
  const url = new URL(relayUrl)
  if (typeof code !== 'string')
    return {
      kind: 'unusable',
      detail: encodeNote('inbox.fault.notARelay', {
        host: url.host,
        status,
        healthz: `${url.origin}/healthz`
      })
    }
  const path = url.pathname.replace(/\/+$/, '')
  if (code === 'not_found' && path !== '')
    return { kind: 'refused', detail: encodeNote('inbox.fault.relayPathUnknown', { path }) }
  if (code === 'bad_public_key') return { kind: 'refused', detail: encodeNote('inbox.fault.keyRefused') }
  return {
    kind: 'refused',
    detail: encodeNote('inbox.fault.relayErrorCode', { status, code: code.slice(0, 40) })
  }
}
