// The relay itself: one fetch-style handler (standard Request in, Response out) over a RelayStore, the same code on
// the Node host and in the Durable Object. Ingress takes the gateway's webhooks; egress hands them to the desktop.
// The README's "Protocol" section is the contract this file implements.

import { systemClock, type RelayClock, type TimerHandle } from './clock'
import { equalInConstantTime, randomToken, sha256, toBase64Url } from './encoding'
import { concat, EnvelopeError, importMailboxPublicKey, sealEnvelope, type EventKind } from './envelope'
import { DEFAULT_LIMITS, type RelayLimits } from './limits'
import { RateLimiter } from './rate-limit'
import type { MailboxRecord, MailboxUsage, RelayStore, StoredEvent } from './store'

export interface RelayOptions {
  store: RelayStore
  clock?: RelayClock
  limits?: Partial<RelayLimits>
  /** When set, creating a mailbox needs `Authorization: Bearer <creationToken>`. */
  creationToken?: string
  /** The address the gateway and desktop reach the relay at, for the URLs a new mailbox is given; else the request's. */
  publicUrl?: string
  /**
   * Told when the oldest waiting event will pass the retention window, so the host wakes `maintain()` then. Awaited
   * before the gateway is answered, so a Durable Object's alarm is set by the time the post is acknowledged.
   */
  scheduleMaintenance?: (at: number) => void | Promise<void>
}

export interface Relay {
  fetch(request: Request): Promise<Response>
  /** Deletes events past the retention window in every mailbox; answers when the next one falls due, or null. */
  maintain(): number | null
  /** Ends waiting long-polls (they answer what they have) and timers, for a clean shutdown. */
  close(): void
}

/** One event as the events route sends it. `envelope` is base64url; open it with `openRelayEvent`. */
export interface RelayEvent {
  seq: number
  kind: EventKind
  receivedAt: number
  size: number
  envelope: string
}

export interface RelayStorageReport {
  used: number
  cap: number
  nearFull: boolean
  full: boolean
  events: number
  refusedWhileFull: number
}

export interface EventsAnswer {
  events: RelayEvent[]
  /** The last sequence number the relay handed out; `after=head` means nothing is waiting. */
  head: number
  storage: RelayStorageReport
  retentionMs: number
}

export interface CreatedMailbox {
  mailbox: string
  ingressSecret: string
  pullToken: string
  urls: { incoming: string; tracking: string; device: string; events: string }
}

export const EVENT_KINDS: readonly EventKind[] = ['incoming', 'tracking', 'device']
const MAILBOX_NAME = /^[A-Za-z0-9_-]{8,64}$/
/** 43 base64url characters: 32 random bytes, the size of the tokens and secrets the relay draws itself. */
const PROPOSED_TOKEN = /^[A-Za-z0-9_-]{43}$/
const ACCEPTED_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']

export function isMailboxName(name: string): boolean {
  return MAILBOX_NAME.test(name)
}

export function createRelay(options: RelayOptions): Relay {
  const store = options.store
  const clock = options.clock ?? systemClock
  const limits: RelayLimits = { ...DEFAULT_LIMITS, ...options.limits }
  const rates = new RateLimiter(clock)
  const creationTokenHash = options.creationToken === undefined ? null : sha256(options.creationToken)
  const waiters = new Map<string, Set<() => void>>()
  let closed = false

  function wake(mailbox: string): void {
    for (const resume of waiters.get(mailbox) ?? []) resume()
  }

  /** Resolves when an event arrives for the mailbox, the wait is over, the caller goes away or the relay closes. */
  function waitForEvent(mailbox: string, seconds: number, signal: AbortSignal): Promise<void> {
    if (closed || signal.aborted) return Promise.resolve()
    return new Promise((resolve) => {
      const set = waiters.get(mailbox) ?? new Set()
      waiters.set(mailbox, set)
      let timer: TimerHandle = null
      const resume = (): void => {
        clock.clearTimeout(timer)
        signal.removeEventListener('abort', resume)
        set.delete(resume)
        if (set.size === 0) waiters.delete(mailbox)
        resolve()
      }
      set.add(resume)
      timer = clock.setTimeout(resume, seconds * 1000)
      signal.addEventListener('abort', resume)
    })
  }

  function storageReport(usage: MailboxUsage): RelayStorageReport {
    return {
      used: usage.bytes,
      cap: limits.capBytes,
      nearFull: usage.bytes >= limits.capBytes * limits.nearFullRatio,
      full: usage.bytes >= limits.capBytes,
      events: usage.events,
      refusedWhileFull: usage.refusedWhileFull
    }
  }

  function urlsFor(request: Request, mailbox: string, ingressSecret: string): CreatedMailbox['urls'] {
    const base = (options.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, '')
    const ingress = (kind: EventKind): string => `${base}/h/${mailbox}/${ingressSecret}/${kind}`
    return {
      incoming: ingress('incoming'),
      tracking: ingress('tracking'),
      device: ingress('device'),
      events: `${base}/m/${mailbox}/events`
    }
  }

  async function createMailbox(request: Request, name: string): Promise<Response> {
    if (!isMailboxName(name))
      return problem(400, 'bad_mailbox_name', 'A mailbox name is 8-64 of A-Z a-z 0-9 _ -.')
    if (creationTokenHash !== null) {
      const offered = bearer(request)
      if (offered === null || !equalInConstantTime(await sha256(offered), await creationTokenHash)) {
        return problem(401, 'creation_refused', 'This relay needs its creation token to make a mailbox.')
      }
    }
    const body = await readJson(request, 16 * 1024)
    let publicKey: { kty?: string; crv?: string; x?: string; y?: string }
    try {
      const key = await importMailboxPublicKey((body as { publicKey?: unknown } | null)?.publicKey)
      // Kept as the four members that make the key, whatever else the JWK carried.
      const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', key)
      publicKey = { kty, crv, x, y }
    } catch (error) {
      if (error instanceof EnvelopeError) return problem(400, 'bad_public_key', error.message)
      throw error
    }
    const ingressSecret = randomToken()
    const pullToken = randomToken()
    const record: MailboxRecord = {
      name,
      publicKeyJwk: JSON.stringify(publicKey),
      ingressSecretHash: await sha256(ingressSecret),
      previousSecretHash: null,
      previousSecretUntil: null,
      pullTokenHash: await sha256(pullToken),
      createdAt: clock.now()
    }
    if (store.createMailbox(record) === 'exists') {
      return problem(
        409,
        'mailbox_exists',
        'A mailbox of that name exists; its credentials are shown only once.'
      )
    }
    const created: CreatedMailbox = {
      mailbox: name,
      ingressSecret,
      pullToken,
      urls: urlsFor(request, name, ingressSecret)
    }
    return json(201, created)
  }

  /** Checks the bearer against the mailbox's pull token; an unknown mailbox answers the same as a wrong token. */
  async function authorisePull(request: Request, name: string): Promise<MailboxRecord | Response> {
    const offered = bearer(request)
    const mailbox = isMailboxName(name) ? store.getMailbox(name) : null
    const offeredHash = await sha256(offered ?? '')
    if (offered === null || mailbox === null || !equalInConstantTime(offeredHash, mailbox.pullTokenHash)) {
      return problem(401, 'unauthorised', 'Missing or wrong pull token.', { 'www-authenticate': 'Bearer' })
    }
    const rate = rates.take(`${name}:egress`, limits.egressRate)
    if (!rate.allowed) {
      return problem(429, 'rate_limited', 'Too many requests for this mailbox.', {
        'retry-after': String(rate.retryAfterSeconds)
      })
    }
    return mailbox
  }

  async function ingress(request: Request, name: string, secret: string, kind: string): Promise<Response> {
    if (request.method !== 'POST') return empty(405, { allow: 'POST' })
    const mailbox = isMailboxName(name) ? store.getMailbox(name) : null
    const offered = await sha256(secret)
    const now = clock.now()
    if (mailbox === null || !EVENT_KINDS.includes(kind as EventKind)) return empty(404)
    // The secret from before a rotation works to the end of its grace period, whatever arrives on the new one: the
    // three URLs are changed one at a time (the device-status one by hand, in the gateway's dashboard).
    const current = equalInConstantTime(offered, mailbox.ingressSecretHash)
    const previous =
      mailbox.previousSecretHash !== null &&
      (mailbox.previousSecretUntil ?? 0) > now &&
      equalInConstantTime(offered, mailbox.previousSecretHash)
    if (!current && !previous) return empty(404)
    const rate = rates.take(`${name}:ingress`, limits.ingressRate)
    if (!rate.allowed) return empty(429, { 'retry-after': String(rate.retryAfterSeconds) })

    const body = await readBody(request, limits.maxBodyBytes)
    if (body === 'too-large') return empty(413)
    const contentType = acceptedContentType(request.headers.get('content-type'), body)
    if (contentType === 'unsupported') return empty(415)
    if (contentType === 'malformed') return empty(400)

    const usage = store.usage(name)
    if (usage.bytes >= limits.capBytes) {
      store.countRefusedWhileFull(name)
      return empty(503, { 'retry-after': '600' })
    }
    const recipient = await importMailboxPublicKey(JSON.parse(mailbox.publicKeyJwk))
    const receivedAt = clock.now()
    const eventKind = kind as EventKind
    const envelope = await sealEnvelope(recipient, { contentType, body }, { kind: eventKind, receivedAt })
    store.appendEvent(name, { kind: eventKind, receivedAt, size: body.length, envelope })
    wake(name)
    await options.scheduleMaintenance?.((usage.oldestReceivedAt ?? receivedAt) + limits.retentionMs)
    // Empty on purpose: with "auto reply from webhook" on, the gateway sends this body to the customer.
    return empty(200)
  }

  async function events(request: Request, name: string): Promise<Response> {
    const authorised = await authorisePull(request, name)
    if (authorised instanceof Response) return authorised
    const query = new URL(request.url).searchParams
    const after = wholeNumber(query.get('after'), 0)
    const limit = wholeNumber(query.get('limit'), limits.defaultPullLimit)
    const wait = wholeNumber(query.get('wait'), 0)
    if (after === null || limit === null || limit < 1 || wait === null) {
      return problem(400, 'bad_query', '`after`, `limit` (≥ 1) and `wait` are whole numbers.')
    }
    const head = store.usage(name).head
    if (after > head) {
      return pastTheHead('cursor_ahead', `The cursor ${after} is past the relay's head ${head}.`, head)
    }
    let found = store.readAfter(name, after, Math.min(limit, limits.maxPullLimit))
    if (found.length === 0 && wait > 0) {
      await waitForEvent(name, Math.min(wait, limits.maxWaitSeconds), request.signal)
      found = store.readAfter(name, after, Math.min(limit, limits.maxPullLimit))
    }
    const usage = store.usage(name)
    const answer: EventsAnswer = {
      events: found.map(toWire),
      head: usage.head,
      storage: storageReport(usage),
      retentionMs: limits.retentionMs
    }
    return json(200, answer)
  }

  async function ack(request: Request, name: string): Promise<Response> {
    const authorised = await authorisePull(request, name)
    if (authorised instanceof Response) return authorised
    const body = await readJson(request, 4096)
    const upTo = (body as { upTo?: unknown } | null)?.upTo
    if (typeof upTo !== 'number' || !Number.isSafeInteger(upTo) || upTo < 0) {
      return problem(400, 'bad_ack', 'The body is {"upTo": <whole number>}.')
    }
    const head = store.usage(name).head
    if (upTo > head) {
      return pastTheHead(
        'ack_ahead',
        `Nothing past the head ${head} was handed out; nothing was deleted.`,
        head
      )
    }
    const acknowledged = store.ackUpTo(name, upTo)
    const usage = store.usage(name)
    return json(200, { acknowledged, head: usage.head, storage: storageReport(usage) })
  }

  async function health(request: Request, name: string): Promise<Response> {
    const authorised = await authorisePull(request, name)
    if (authorised instanceof Response) return authorised
    const usage = store.usage(name)
    return json(200, {
      ok: true,
      mailbox: name,
      head: usage.head,
      waiting: usage.events,
      oldestReceivedAt: usage.oldestReceivedAt,
      lastIngressAt: usage.lastIngressAt,
      storage: storageReport(usage),
      retentionMs: limits.retentionMs,
      pullsWaiting: waiters.get(name)?.size ?? 0,
      now: clock.now()
    })
  }

  async function rotate(request: Request, name: string): Promise<Response> {
    const authorised = await authorisePull(request, name)
    if (authorised instanceof Response) return authorised
    const body = (await readJson(request, 4096)) as {
      ingressSecret?: unknown
      pullToken?: unknown
      graceSeconds?: unknown
    } | null
    // `true`: the relay draws the new token or secret. One the caller proposes (32 random bytes, base64url) is one it
    // wrote down before asking, so an answer lost to a crash locks nobody out, and asking again is the same answer.
    const proposal = (value: unknown): string | null =>
      typeof value === 'string' && PROPOSED_TOKEN.test(value) ? value : null
    const proposedSecret = proposal(body?.ingressSecret)
    const rotateSecret = body?.ingressSecret === true || proposedSecret !== null
    const proposedToken = proposal(body?.pullToken)
    const rotateToken = body?.pullToken === true || proposedToken !== null
    const grace = body?.graceSeconds ?? limits.rotationGraceMs / 1000
    const graceValid = typeof grace === 'number' && Number.isSafeInteger(grace) && grace >= 0
    const badSecret = body?.ingressSecret !== undefined && !rotateSecret
    const badToken = body?.pullToken !== undefined && !rotateToken
    if ((!rotateSecret && !rotateToken) || badSecret || badToken || !graceValid) {
      return problem(
        400,
        'bad_rotation',
        'The body is {"ingressSecret": true | <43 base64url characters>, "graceSeconds"?: <whole number>} and/or {"pullToken": true | <43 base64url characters>}.'
      )
    }
    const answer: { ingressSecret?: string; pullToken?: string; urls?: CreatedMailbox['urls'] } = {}
    if (rotateSecret) {
      const secret = proposedSecret ?? randomToken()
      const secretHash = await sha256(secret)
      // A grace of 0 (the URL leaked) stops the old secret at once.
      const previousUntil = clock.now() + grace * 1000
      if (proposedSecret !== null && equalInConstantTime(secretHash, authorised.ingressSecretHash)) {
        // Asked again (the answer was lost): already done. The old secret keeps the grace the first rotation gave it,
        // or less when this one asks for less; the one before it is never brought back.
        store.shortenPreviousSecret(name, previousUntil)
      } else {
        store.rotateIngressSecret(name, secretHash, previousUntil)
      }
      answer.ingressSecret = secret
      answer.urls = urlsFor(request, name, secret)
    }
    if (rotateToken) {
      const token = proposedToken ?? randomToken()
      store.setPullTokenHash(name, await sha256(token))
      answer.pullToken = token
    }
    return json(200, answer)
  }

  async function remove(request: Request, name: string): Promise<Response> {
    const authorised = await authorisePull(request, name)
    if (authorised instanceof Response) return authorised
    store.deleteMailbox(name)
    rates.forget(`${name}:`)
    wake(name)
    return empty(204)
  }

  async function route(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.split('/').filter((part) => part !== '')
    const [area, name, third, fourth] = path
    const method = request.method
    if (area === 'h') {
      if (name === undefined || third === undefined || fourth === undefined || path.length !== 4)
        return empty(404)
      return ingress(request, name, third, fourth)
    }
    if (area === 'healthz' && path.length === 1 && method === 'GET') return json(200, { ok: true })
    if (area !== 'm') return problem(404, 'not_found', 'No such route.')
    if (name === undefined) {
      if (method === 'POST') return createMailbox(request, randomToken(16))
      return problem(405, 'method_not_allowed', 'POST /m creates a mailbox.', { allow: 'POST' })
    }
    if (path.length === 2) {
      if (method === 'PUT') return createMailbox(request, name)
      if (method === 'DELETE') return remove(request, name)
      return problem(405, 'method_not_allowed', 'PUT creates, DELETE removes.', { allow: 'PUT, DELETE' })
    }
    const routes: Record<string, [string, (request: Request, name: string) => Promise<Response>]> = {
      events: ['GET', events],
      ack: ['POST', ack],
      health: ['GET', health],
      rotate: ['POST', rotate]
    }
    const found = path.length === 3 && third !== undefined ? routes[third] : undefined
    if (found === undefined) return problem(404, 'not_found', 'No such route.')
    if (method !== found[0])
      return problem(405, 'method_not_allowed', `Use ${found[0]}.`, { allow: found[0] })
    return found[1](request, name)
  }

  return {
    async fetch(request) {
      try {
        return await route(request)
      } catch (error) {
        // Never an error text on ingress: the gateway may send a body on to the customer.
        if (new URL(request.url).pathname.startsWith('/h/')) return empty(500)
        return problem(500, 'internal', error instanceof Error ? error.message : 'Internal error.')
      }
    },
    maintain() {
      let next: number | null = null
      // An event expires at receivedAt + retention exactly: the time maintain() was asked to run for it. (With a
      // strict "before", the purge at that instant kept it and asked to run again at once, for ever.)
      const cutoff = clock.now() - limits.retentionMs
      for (const name of store.listMailboxes()) {
        store.purgeReceivedUpTo(name, cutoff)
        const oldest = store.usage(name).oldestReceivedAt
        if (oldest !== null) next = Math.min(next ?? Infinity, oldest + limits.retentionMs)
      }
      return next
    },
    close() {
      closed = true
      for (const name of [...waiters.keys()]) wake(name)
    }
  }
}

function toWire(event: StoredEvent): RelayEvent {
  return {
    seq: event.seq,
    kind: event.kind,
    receivedAt: event.receivedAt,
    size: event.size,
    envelope: toBase64Url(event.envelope)
  }
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  const bodyless = status === 204
  return new Response(bodyless ? null : '', {
    status,
    headers: bodyless ? headers : { 'content-type': 'text/plain; charset=utf-8', ...headers }
  })
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }
  })
}

export function problem(
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {}
): Response {
  return json(status, { error, message, ...extra }, headers)
}

/** A cursor or ack beyond what was handed out: the desktop and the relay disagree, and the desktop must hear it. */
function pastTheHead(error: string, message: string, head: number): Response {
  return problem(409, error, message, {}, { head })
}

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
  return match?.[1] ?? null
}

function wholeNumber(text: string | null, fallback: number): number | null {
  if (text === null || text === '') return fallback
  if (!/^\d{1,15}$/.test(text)) return null
  return Number(text)
}

/** Reads at most `cap` bytes; a Content-Length over it is refused before a byte is read. */
async function readBody(request: Request, cap: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > cap) return 'too-large'
  if (request.body === null) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.length
    if (total > cap) {
      await reader.cancel().catch(() => undefined)
      return 'too-large'
    }
    chunks.push(value)
  }
  return concat(chunks)
}

async function readJson(request: Request, cap: number): Promise<unknown> {
  const body = await readBody(request, cap)
  if (body === 'too-large' || body.length === 0) return null
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)) as unknown
  } catch {
    return null
  }
}

/**
 * The content type to store, or why the body is refused. JSON must parse; forms are kept as posted; a missing type
 * or text/plain is taken when the body parses as JSON. Anything else is nothing Wablas sends.
 */
function acceptedContentType(header: string | null, body: Uint8Array): string | 'unsupported' | 'malformed' {
  if (body.length === 0) return 'malformed'
  const mediaType = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const parsesAsJson = (): boolean => {
    try {
      JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
      return true
    } catch {
      return false
    }
  }
  if (mediaType === '') return parsesAsJson() ? 'application/json' : 'unsupported'
  // Some PHP senders label a JSON body text/plain; a plain text that is not JSON is nothing a gateway sends.
  if (mediaType === 'text/plain') return parsesAsJson() ? (header ?? mediaType) : 'unsupported'
  if (!ACCEPTED_TYPES.includes(mediaType)) return 'unsupported'
  if (mediaType === 'application/json' && !parsesAsJson()) return 'malformed'
  if (mediaType === 'multipart/form-data' && !/boundary=/i.test(header ?? '')) return 'malformed'
  return header ?? mediaType
}
