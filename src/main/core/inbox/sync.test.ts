// The inbox sync against the real relay handler in process (its SQL store on an in-memory SQLite), reached through a
// fetch port: events land once each, duplicates and garbage are told apart, every fault has its state.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../clock'
import { betweenTurns } from '../testing/event-loop'
import { openDatabase, type SqliteDatabase } from '../store'
import { MemoryVault } from '../vault'
import { coreText, translateNote } from '../../../shared/i18n/notes'
import { relayStatus } from '../../../shared/relay-status'
import {
  createInbox,
  inboxStatusView,
  vaultInboxCredentials,
  type Inbox,
  type InboxDeps,
  type InboxSyncState,
  type StatusTargets
} from '.'
import { faultyFetch, startTestRelay, type TestRelay } from './testing/test-relay'
import { incomingWebhookBody } from './testing/webhook-bodies'
import type { FetchPort } from './relay-client'

let dir: string
let db: SqliteDatabase
let relay: TestRelay
let vault: MemoryVault
let urls: { incoming: string; tracking: string; device: string }
let clock: FakeClock
const opened: Inbox[] = []

function inbox(overrides: Partial<InboxDeps> = {}): Inbox {
  const made = createInbox({
    db,
    clock,
    fetch: relay.fetch,
    credentials: vaultInboxCredentials(vault),
    targets: {},
    random: () => 0.5,
    ...overrides
  })
  opened.push(made)
  return made
}

async function connect(fetch: FetchPort = relay.fetch): Promise<void> {
  const result = await inbox({ fetch }).connect({
    relayUrl: relay.url,
    replace: true
  })
  if (result.kind !== 'connected') throw new Error(`not connected: ${JSON.stringify(result)}`)
  urls = result.urls
}

const incoming = incomingWebhookBody

/** Waits for the sync to reach a state, the fake clock moved a second at a time (the relay answers off that clock). */
async function reachState(box: Inbox, kind: InboxSyncState['kind'], timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await clock.advance(1_000)
        return box.sync.status().state.kind
      },
      { timeout }
    )
    .toBe(kind)
}

async function relayEvents(): Promise<{
  waiting: number
  storage: { full: boolean; refusedWhileFull: number }
}> {
  const loaded = await vaultInboxCredentials(vault).load()
  if (loaded.kind !== 'found') throw new Error('no mailbox')
  const { mailbox, pullToken } = loaded.credentials
  const response = await relay.fetch(`${relay.url}/m/${mailbox}/health`, {
    headers: { authorization: `Bearer ${pullToken}` }
  })
  return (await response.json()) as { waiting: number; storage: { full: boolean; refusedWhileFull: number } }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-sync-'))
  db = openDatabase({ dataDir: dir })
  relay = await startTestRelay()
  vault = new MemoryVault()
  clock = new FakeClock()
  await connect()
})

afterEach(async () => {
  for (const made of opened.splice(0)) await made.sync.stop()
  await relay.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('exactly once', () => {
  it('keeps each message once, with its fields, moves the cursor, and empties the relay by its ack', async () => {
    expect(await relay.post(urls.incoming, incoming({ message: 'stok ada?' }))).toBe(200)
    const twice = incoming({ message: 'sent twice by the gateway' })
    await relay.post(urls.incoming, twice)
    await relay.post(urls.incoming, twice)
    const box = inbox()
    const status = await box.sync.catchUp()
    expect(status.state).toEqual({ kind: 'connected', behind: 0 })
    expect(status.cursor).toBe(3)
    expect(status.received).toBe(2)
    expect(status.duplicates).toBe(1)
    const messages = box.list()
    expect(messages.map((m) => m.text)).toEqual(['sent twice by the gateway', 'stok ada?'])
    expect(messages[1]).toMatchObject({
      number: 1,
      chatId: '6281234567890',
      deviceSerial: 'A0HDJU',
      pushName: 'Budi',
      messageType: 'text',
      read: false,
      fromMe: false
    })
    expect(box.counts()).toMatchObject({ messages: 2, unread: 2, duplicates: 1, refused: 0 })
    expect((await relayEvents()).waiting).toBe(0)
    // Nothing new: another round keeps nothing twice.
    await box.sync.catchUp()
    expect(box.counts().messages).toBe(2)
  })

  it('a restart of the desktop between commit and ack acknowledges on the next round, and takes nothing twice', async () => {
    for (let i = 0; i < 5; i++) await relay.post(urls.incoming, incoming())
    const faulty = faultyFetch(relay.fetch)
    faulty.fail(1, 'network', /\/ack$/)
    const first = inbox({ fetch: faulty.fetch })
    await first.sync.catchUp()
    expect(first.counts().messages).toBe(5)
    expect((await relayEvents()).waiting).toBe(5)
    // A new process on the same database: the cursor says where it was; the relay is told at once.
    const second = inbox()
    const status = await second.sync.catchUp()
    expect(status.state).toEqual({ kind: 'connected', behind: 0 })
    expect(second.counts().messages).toBe(5)
    expect((await relayEvents()).waiting).toBe(0)
  })

  it('the relay restarted between receipt and pull still hands over what it received', async () => {
    await relay.post(urls.incoming, incoming())
    await relay.post(urls.incoming, incoming())
    const box = inbox()
    await box.sync.catchUp()
    await relay.post(urls.incoming, incoming())
    await relay.restart()
    // A kept-alive connection to the old process fails once (a network fault, retried); nothing is lost meanwhile.
    let status = await box.sync.catchUp()
    if (status.state.kind === 'unreachable') status = await box.sync.catchUp()
    expect(status.state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.counts().messages).toBe(3)
  })

  // 10,000 events (a week asleep) run in the slow tier (catch-up.slow.test.ts): sealing them at ingress alone takes
  // most of a minute on a busy 2-core machine.
  it('a catch-up while following ends the long-poll in flight instead of waiting for it, and the loop goes on', async () => {
    // A relay whose long-polls never answer on their own: only an abort ends them.
    let longPolls = 0
    const hanging: FetchPort = (url, init) => {
      if (url.includes('/events?') && !url.endsWith('&wait=0')) {
        longPolls++
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        )
      }
      return relay.fetch(url, init)
    }
    const box = inbox({ fetch: hanging })
    box.sync.start()
    // The first round answers at once (no long-poll); the next, after the empty-poll gap, long-polls.
    await expect
      .poll(async () => {
        await clock.advance(1_000)
        return longPolls
      })
      .toBe(1)
    expect(await relay.post(urls.incoming, incoming({ message: 'ada stok?' }))).toBe(200)
    const status = await box.sync.catchUp()
    expect(status.state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.list().map((m) => m.text)).toEqual(['ada stok?'])
    // Following again: the next long-poll is in flight.
    expect(box.sync.isFollowing()).toBe(true)
    await expect
      .poll(async () => {
        await clock.advance(1_000)
        return longPolls
      })
      .toBe(2)
  })

  it('keeps the relay order although the envelopes of a page are opened several at a time', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `pesan ${i}`)
    for (const text of texts) await relay.post(urls.incoming, incoming({ message: text }))
    const box = inbox()
    await box.sync.catchUp()
    // Newest first: the reverse of the order they were posted in.
    expect(box.list({ limit: 100 }).map((m) => m.text)).toEqual([...texts].reverse())
  })

  it('catches up waiting events in pages and short slices, giving the event loop its turns', async () => {
    const bodies = Array.from({ length: 600 }, () => incoming())
    for (const body of bodies) await relay.post(urls.incoming, body)
    const steps: string[] = []
    const box = inbox({ onStep: (step) => steps.push(step) })
    let status: Awaited<ReturnType<Inbox['sync']['catchUp']>> | undefined
    const turns = await betweenTurns(box.sync.catchUp().then((s) => (status = s)))
    expect(status?.state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.counts().messages).toBe(600)
    expect(new Set(box.list({ limit: 1_000 }).map((m) => m.messageId)).size).toBe(600)
    expect(steps.filter((s) => s === 'pulled')).toHaveLength(2)
    // Each page is committed in slices, with a turn of the event loop after each.
    const slices = steps.filter((s) => s === 'committed').length
    expect(slices).toBeGreaterThan(2)
    expect(turns).toBeGreaterThanOrEqual(slices)
  })
})

describe('what is not a message', () => {
  it('keeps a body that is no webhook as a refusal for diagnostics, and moves past it', async () => {
    await relay.post(urls.incoming, JSON.stringify({ hello: 'world' }))
    await relay.post(urls.incoming, incoming())
    const box = inbox()
    const status = await box.sync.catchUp()
    expect(status.cursor).toBe(2)
    expect(box.counts()).toMatchObject({ messages: 1, refused: 1 })
    expect(box.refusals()[0]).toMatchObject({
      seq: 1,
      payload: { eventKind: 'incoming', code: 'bad-fields', body: '{"hello":"world"}' }
    })
  })

  it('tracking and device statuses wait as pending until a target takes them, each once', async () => {
    const tracked: string[] = []
    const devices: string[] = []
    const targets: StatusTargets = {
      tracking: {
        applyGatewayStatus: (id, status) => {
          tracked.push(`${id}:${status}`)
          return id === 'ours'
        }
      }
    }
    await relay.post(urls.tracking, JSON.stringify({ id: 'ours', status: 'delivered', phone: '6281' }))
    await relay.post(urls.tracking, JSON.stringify({ id: 'ours', status: 'delivered', phone: '6281' }))
    await relay.post(urls.tracking, JSON.stringify({ id: 'not-ours', status: 'read' }))
    const deviceBody = {
      deviceId: 'A0HDJU',
      status: 'disconnected',
      note: 'need scan qr code again',
      timestamp: 'x'
    }
    await relay.post(urls.device, JSON.stringify(deviceBody))
    // The terminal has an outbox but no device monitor: device events stay for the app.
    const terminal = inbox({ targets })
    await terminal.sync.catchUp()
    expect(tracked).toEqual(['ours:delivered', 'not-ours:read'])
    expect(terminal.counts().pending).toBe(1)
    const app = inbox({
      targets: {
        ...targets,
        devices: {
          applyPushedStatus: (push) => {
            devices.push(`${push.serial}:${push.connection}:${push.note}`)
            return 'applied'
          }
        }
      }
    })
    await app.sync.catchUp()
    expect(devices).toEqual(['A0HDJU:disconnected:need scan qr code again'])
    expect(app.counts().pending).toBe(0)
    expect(tracked).toHaveLength(2)
  })

  it('an application that fails leaves its event pending, applied on a later round', async () => {
    let failing = true
    const applied: string[] = []
    const targets: StatusTargets = {
      tracking: {
        applyGatewayStatus: (id, status) => {
          if (failing) throw new Error('disk full')
          applied.push(`${id}:${status}`)
          return true
        }
      }
    }
    await relay.post(urls.tracking, JSON.stringify({ id: 'u-1', status: 'sent' }))
    const box = inbox({ targets })
    const status = await box.sync.catchUp()
    expect(status.state).toMatchObject({ kind: 'failing', detail: 'disk full' })
    expect(box.counts().pending).toBe(1)
    // The event itself is ours already: acknowledged, never pulled again.
    expect((await relayEvents()).waiting).toBe(0)
    failing = false
    await box.sync.catchUp()
    expect(applied).toEqual(['u-1:sent'])
    expect(box.counts().pending).toBe(0)
  })
})

describe('faults and their states', () => {
  it.each(['status-500', 'garbage', 'network'] as const)(
    'a relay answering %s is unreachable since the first failure, then recovers with nothing lost or doubled',
    async (answer) => {
      await relay.post(urls.incoming, incoming())
      const faulty = faultyFetch(relay.fetch)
      faulty.fail(2, answer, /\/events/)
      const box = inbox({ fetch: faulty.fetch })
      const started = clock.now()
      const first = await box.sync.catchUp()
      const fault = answer === 'status-500' ? 'server-error' : answer === 'garbage' ? 'bad-answer' : 'network'
      expect(first.state).toMatchObject({ kind: 'unreachable', since: started, fault })
      await clock.advance(5_000)
      const second = await box.sync.catchUp()
      expect(second.state).toMatchObject({ kind: 'unreachable', since: started })
      const third = await box.sync.catchUp()
      expect(third.state).toEqual({ kind: 'connected', behind: 0 })
      expect(box.counts().messages).toBe(1)
    }
  )

  it('hands each relay fault to the window as a key and its values, which it words in Indonesian', async () => {
    // A relay that never answers: the request is given up after its deadline, through the clock.
    const silent: FetchPort = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      )
    const box = inbox({ fetch: silent })
    const waiting = box.sync.catchUp()
    // Steps of 5 s and a long real-time limit: at 1 s a step the poll's 1 s default ran out on a loaded machine.
    await expect
      .poll(async () => (await clock.advance(5_000), box.sync.status().state.kind), { timeout: 15_000 })
      .toBe('unreachable')
    await waiting
    const view = inboxStatusView(box.status())
    expect(view).toMatchObject({
      detail: 'no answer within 20 s',
      detailKey: 'inbox.fault.noAnswer',
      detailParams: { seconds: 20 }
    })
    expect(coreText('id', view.detail ?? '', view.detailKey, view.detailParams)).toBe(
      'tidak ada jawaban dalam 20 dtk'
    )

    const worded: string[] = []
    for (const answer of ['status-500', 'garbage', 'network'] as const) {
      const faulty = faultyFetch(relay.fetch)
      faulty.fail(1, answer, /\/events/)
      const failing = inbox({ fetch: faulty.fetch })
      await failing.sync.catchUp()
      const { detail, detailKey, detailParams } = inboxStatusView(failing.status())
      expect(detailKey, answer).toMatch(/^inbox\.fault\./)
      worded.push(coreText('id', detail ?? '', detailKey, detailParams))
    }
    expect(worded.slice(0, 2)).toEqual(['relay menjawab HTTP 500', 'jawaban relay tidak bisa dibaca'])
    // A failure without a cause of its own names the relay, never the system's words ("fetch failed", QA F18).
    expect(worded[2]).toMatch(/^127\.0\.0\.1:\d+ tidak bisa dihubungi$/)
  })

  it('after a restart where the relay cannot be reached, still says when the last pull succeeded', async () => {
    expect((await inbox().sync.catchUp()).state.kind).toBe('connected')
    const pulledAt = clock.now()
    expect(inbox().status().lastContactAt).toBe(pulledAt)

    // The next start, an hour later (a new process: the same database, a fresh sync), and the relay is down.
    await clock.advance(3_600_000)
    const faulty = faultyFetch(relay.fetch)
    faulty.fail(1, 'network')
    const restarted = inbox({ fetch: faulty.fetch })
    const status = await restarted.sync.catchUp()
    expect(status.state.kind).toBe('unreachable')
    expect(status.lastContactAt).toBe(pulledAt)
  })

  it('following, it backs off with jitter through the clock, doubling, and resumes when the relay answers', async () => {
    await relay.post(urls.incoming, incoming())
    const faulty = faultyFetch(relay.fetch)
    faulty.fail(3, 'status-500', /\/events/)
    const box = inbox({ fetch: faulty.fetch, options: { waitSeconds: 0, backoffBaseMs: 1_000 } })
    const retries: number[] = []
    box.sync.onStatus((s) => {
      if (s.state.kind === 'unreachable') retries.push(s.state.retryAt - clock.now())
    })
    box.sync.start()
    await clock.advance(0)
    // random 0.5: three quarters of each doubled step.
    expect(retries).toEqual([750])
    await clock.advance(750)
    await clock.advance(1_500)
    expect(retries).toEqual([750, 1_500, 3_000])
    expect(box.counts().messages).toBe(0)
    await clock.advance(3_000)
    // The round after the last wait opens the event with WebCrypto (real work off the fake clock): wait for it.
    await expect.poll(() => box.counts().messages).toBe(1)
    // Committed first, then acknowledged (real HTTP), then the state says so.
    await expect.poll(() => box.sync.status().state).toEqual({ kind: 'connected', behind: 0 })
    await box.sync.stop()
    expect(box.sync.isFollowing()).toBe(false)
  })

  // QA21 Q21-06: the relay back, the window said "cannot be reached" until the backoff's next try (up to minutes).
  it('"Try now" pulls at once, and the follow loop goes on from there instead of sleeping out its backoff', async () => {
    await relay.post(urls.incoming, incoming({ message: 'while it was down' }))
    const faulty = faultyFetch(relay.fetch)
    faulty.fail(1, 'network', /\/events/)
    const box = inbox({ fetch: faulty.fetch, options: { waitSeconds: 0, backoffBaseMs: 60_000 } })
    box.sync.start()
    await clock.advance(0)
    expect(box.sync.status().state).toMatchObject({ kind: 'unreachable', retryAt: clock.now() + 45_000 })

    const tried = await box.sync.tryNow()
    expect(tried.state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.list().map((m) => m.text)).toEqual(['while it was down'])
    // The loop follows again now, not 45 s later: what arrives next is taken within its empty-poll gap.
    await relay.post(urls.incoming, incoming({ message: 'after the try' }))
    // (Each round pulls over real HTTP and opens with WebCrypto, off the fake clock: real time between its steps.)
    for (let i = 0; i < 20 && box.counts().messages < 2; i++) {
      await clock.advance(1_000)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(box.counts().messages).toBe(2)
    expect(clock.now()).toBeLessThan(Date.UTC(2026, 0, 15, 3, 0, 30))
  })

  it('after the computer slept through its backoff, the follow loop tries at the wake, not a slept timer later', async () => {
    await relay.post(urls.incoming, incoming({ message: 'while the laptop was closed' }))
    const faulty = faultyFetch(relay.fetch)
    faulty.fail(1, 'network', /\/events/)
    const box = inbox({ fetch: faulty.fetch, options: { waitSeconds: 0, backoffBaseMs: 60_000 } })
    box.sync.start()
    await clock.advance(0)
    expect(box.sync.status().state).toMatchObject({ kind: 'unreachable', retryAt: clock.now() + 45_000 })
    // Asleep for an hour: the wall clock moved; the backoff's timer, a duration, slept with the computer.
    clock.jump(3_600_000)
    box.sync.computerWoke()
    await expect.poll(() => box.counts().messages).toBe(1)
    await box.sync.stop()
  })

  it('"Try now" while the relay is still down says so, and the loop waits for the next try the state says', async () => {
    const faulty = faultyFetch(relay.fetch)
    faulty.fail(2, 'network', /\/events/)
    const box = inbox({ fetch: faulty.fetch, options: { waitSeconds: 0, backoffBaseMs: 60_000 } })
    box.sync.start()
    await clock.advance(0)
    const scheduled = clock.now() + 45_000
    await clock.advance(10_000)
    const tried = await box.sync.tryNow()
    // The press does not push the automatic try out: it stays when it was due.
    expect(tried.state).toMatchObject({ kind: 'unreachable', retryAt: scheduled })
    const retryAt = (tried.state as { retryAt: number }).retryAt
    expect(clock.nextTimerAt()).toBe(retryAt)
    await clock.advance(retryAt - clock.now())
    await expect.poll(() => box.sync.status().state).toEqual({ kind: 'connected', behind: 0 })
  })

  // A try the operator asked for is not the relay failing again: pressing it while the relay is down must not push
  // the automatic tries out (three presses had taken a 1-minute backoff to 4).
  it('"Try now" presses that fail leave the automatic backoff as it was: the next try no later, its step not doubled', async () => {
    const faulty = faultyFetch(relay.fetch)
    // The first automatic round, three presses, and the next automatic round fail; the one after that gets through.
    faulty.fail(5, 'network', /\/events/)
    const box = inbox({ fetch: faulty.fetch, options: { waitSeconds: 0, backoffBaseMs: 60_000 } })
    box.sync.start()
    await clock.advance(0)
    const scheduled = (box.sync.status().state as { retryAt: number }).retryAt
    expect(scheduled).toBe(clock.now() + 45_000)
    for (let press = 0; press < 3; press++) {
      await clock.advance(5_000)
      const tried = await box.sync.tryNow()
      expect(tried.state.kind).toBe('unreachable')
      const retryAt = (tried.state as { retryAt: number }).retryAt
      expect(retryAt).toBeLessThanOrEqual(scheduled)
      expect(clock.nextTimerAt()).toBe(retryAt)
    }
    // The automatic try comes when it was due, fails, and backs off one doubling (2 min × 3/4), not from 4 presses on.
    await clock.advance(scheduled - clock.now())
    await expect
      .poll(() => box.sync.status().state)
      .toMatchObject({
        kind: 'unreachable',
        retryAt: clock.now() + 90_000
      })
    await clock.advance(90_000)
    await expect.poll(() => box.sync.status().state).toEqual({ kind: 'connected', behind: 0 })
  })

  it('a 401 now and then (a proxy, an access layer) is tried again with backoff; pulling resumes once accepted', async () => {
    const loaded = await vaultInboxCredentials(vault).load()
    if (loaded.kind !== 'found') throw new Error('no mailbox')
    await vaultInboxCredentials(vault).save({ ...loaded.credentials, pullToken: 'wrong' })
    await relay.post(urls.incoming, incoming())
    const box = inbox()
    box.sync.start()
    // The first refusal: the window offers "Try now" and a next try; the sync goes on following.
    await expect
      .poll(() => box.sync.status().state, { timeout: 5_000 })
      .toMatchObject({ kind: 'unreachable', fault: 'auth-refused', retryAt: expect.any(Number) })
    expect(box.sync.isFollowing()).toBe(true)
    // Said as a refusal tried again, with which try comes next, not as a relay that cannot be reached.
    const refused = box.sync.status().state
    expect(refused.kind === 'unreachable' && translateNote('en', refused.detail)).toBe(
      'the relay refused the pull token; trying again (1 of 3)'
    )
    // The relay accepts this computer again: the next try pulls what waited, by itself.
    await vaultInboxCredentials(vault).save(loaded.credentials)
    await reachState(box, 'connected', 5_000)
    expect(box.sync.status().received).toBe(1)
  })

  // QA82 defect 2: three refusals in a few seconds (a relay restarted empty on the same port, a proxy refusing for a
  // moment) had stopped the sync for good: only an app restart pulled what waited on the mailbox, which was fine.
  it('a pull token refused again and again (401) says so and keeps trying slowly; accepted again, it pulls by itself', async () => {
    const loaded = await vaultInboxCredentials(vault).load()
    if (loaded.kind !== 'found') throw new Error('no mailbox')
    await vaultInboxCredentials(vault).save({ ...loaded.credentials, pullToken: 'wrong' })
    await relay.post(urls.incoming, incoming())
    const box = inbox()
    const waits: number[] = []
    box.sync.onStatus(({ state }) => state.kind === 'auth-refused' && waits.push(state.retryAt - clock.now()))
    box.sync.start()
    // The relay answers over real HTTP, off the fake clock: wait for its answer, not for a fixed advance.
    await reachState(box, 'auth-refused', 10_000)
    const refused = box.sync.status().state
    expect(refused).toMatchObject({
      kind: 'auth-refused',
      since: expect.any(Number),
      retryAt: expect.any(Number)
    })
    // Slowly now: the next try a minute or more away, and the follow loop still on.
    expect(waits[0]).toBeGreaterThanOrEqual(60_000)
    expect(box.sync.isFollowing()).toBe(true)
    const retryAt = (refused as { retryAt: number }).retryAt
    // The relay takes this computer's token again: the next slow try pulls what waited, once, without a restart.
    await vaultInboxCredentials(vault).save(loaded.credentials)
    await clock.advance(retryAt - clock.now())
    await expect
      .poll(() => box.sync.status().state, { timeout: 5_000 })
      .toEqual({ kind: 'connected', behind: 0 })
    expect(box.counts().messages).toBe(1)
    expect((await box.sync.catchUp()).received).toBe(1)
    expect(box.counts().messages).toBe(1)
  })

  it('"Try now" while the pull token is refused tries at once, and pulls when the relay takes it again', async () => {
    const loaded = await vaultInboxCredentials(vault).load()
    if (loaded.kind !== 'found') throw new Error('no mailbox')
    await vaultInboxCredentials(vault).save({ ...loaded.credentials, pullToken: 'wrong' })
    await relay.post(urls.incoming, incoming())
    const box = inbox()
    for (let round = 0; round < 4; round++) await box.sync.catchUp()
    const refused = box.sync.status().state
    expect(refused.kind).toBe('auth-refused')
    const due = (refused as { retryAt: number }).retryAt
    // Still refused: said so, and the slow try not pushed out by the press.
    const again = await box.sync.tryNow()
    expect(again.state).toMatchObject({ kind: 'auth-refused', since: (refused as { since: number }).since })
    expect((again.state as { retryAt: number }).retryAt).toBeLessThanOrEqual(due)
    await vaultInboxCredentials(vault).save(loaded.credentials)
    const tried = await box.sync.tryNow()
    expect(tried.state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.counts().messages).toBe(1)
  })

  it('a relay that does not know our cursor (409) stops without winding the cursor back', async () => {
    await relay.post(urls.incoming, incoming())
    const box = inbox()
    await box.sync.catchUp()
    const loaded = await vaultInboxCredentials(vault).load()
    if (loaded.kind !== 'found') throw new Error('no mailbox')
    // As if the relay lost its storage after we took 40 events.
    new (await import('../store')).InboxStore(db).setCursor(loaded.credentials.mailbox, 40, clock.now())
    const status = await box.sync.catchUp()
    expect(status.state).toMatchObject({ kind: 'cursor-ahead', cursor: 40, head: 1 })
    expect(status.cursor).toBe(40)
  })

  it('a full relay: near full, the posts it refused counted; room again once pulled', async () => {
    await relay.close()
    relay = await startTestRelay({ limits: { capBytes: 3_000, nearFullRatio: 0.5 } })
    await connect()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push(await relay.post(urls.incoming, incoming()))
    const kept = statuses.filter((s) => s === 200).length
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0)
    const box = inbox({ options: { pageSize: 1 } })
    const seen: { nearFull: boolean; full: boolean; refusedWhileFull: number }[] = []
    box.sync.onStatus((s) => s.storage && seen.push({ ...s.storage }))
    const status = await box.sync.catchUp()
    // The relay refuses a post that would pass its cap (so `full` may stay false), and counts it.
    expect(seen[0]).toMatchObject({ nearFull: true, refusedWhileFull: 12 - kept })
    expect(status.storage).toMatchObject({ full: false, nearFull: false })
    expect(box.counts().messages).toBe(kept)
  })

  it('after the follow loop stopped, a catch-up still reports a fault as a state, and then pulls', async () => {
    const faulty = faultyFetch(relay.fetch)
    const box = inbox({ fetch: faulty.fetch, options: { waitSeconds: 0 } })
    box.sync.start()
    await clock.advance(0)
    await box.sync.stop()
    await relay.post(urls.incoming, incoming())
    faulty.fail(1, 'status-500', /\/events/)
    expect((await box.sync.catchUp()).state).toMatchObject({ kind: 'unreachable', fault: 'server-error' })
    expect((await box.sync.catchUp()).state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.counts().messages).toBe(1)
  })

  it('following, its first round answers at once, then it long-polls', async () => {
    const waits: string[] = []
    const box = inbox({
      fetch: (url, init) => {
        if (url.includes('/events')) waits.push(new URL(url).searchParams.get('wait') ?? '')
        return relay.fetch(url, init)
      }
    })
    box.sync.start()
    await expect.poll(() => box.sync.status().state.kind).toBe('connected')
    await clock.advance(1_000)
    await expect.poll(() => waits.length).toBe(2)
    expect(waits).toEqual(['0', '25'])
    await box.sync.stop()
  })

  // QA82 defect 1: the relay back after a few seconds down, the window said "cannot be reached · Trying again now…"
  // for 25 s: the try that got through was a long-poll, and the state changed only when it ended.
  it('the relay back after a fault: the state says connected as soon as it answers, not when a long-poll ends', async () => {
    // A relay whose long-polls answer only when it goes down; down, it takes no connections.
    let down = false
    const waits: string[] = []
    const pending = new Set<(error: Error) => void>()
    const box = inbox({
      fetch: (url, init) => {
        if (down) return Promise.reject(new TypeError('fetch failed'))
        if (url.includes('/events?')) {
          const wait = new URL(url).searchParams.get('wait') ?? ''
          waits.push(wait)
          if (wait !== '0')
            return new Promise((_, reject) => {
              pending.add(reject)
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
            })
        }
        return relay.fetch(url, init)
      }
    })
    box.sync.start()
    await expect.poll(() => box.sync.status().state.kind).toBe('connected')
    await clock.advance(1_000)
    await expect.poll(() => waits).toEqual(['0', '25'])
    // The relay stops: the long-poll's connection breaks, and the sync backs off.
    down = true
    for (const reject of pending) reject(new TypeError('fetch failed'))
    pending.clear()
    await expect.poll(() => box.sync.status().state.kind).toBe('unreachable')
    // It comes back with a message waiting; the next try gets an answer at once.
    down = false
    expect(await relay.post(urls.incoming, incoming({ message: 'while it was down' }))).toBe(200)
    const state = box.sync.status().state
    await clock.advance((state as { retryAt: number }).retryAt - clock.now())
    await expect
      .poll(() => box.sync.status().state, { timeout: 3_000 })
      .toEqual({ kind: 'connected', behind: 0 })
    expect(box.list().map((m) => m.text)).toEqual(['while it was down'])
    expect((await relayEvents()).waiting).toBe(0)
    // Then it follows with long-polls again, and takes nothing twice.
    await clock.advance(1_000)
    await expect.poll(() => waits).toEqual(['0', '25', '0', '25'])
    expect(box.counts()).toMatchObject({ messages: 1, duplicates: 0 })
    await box.sync.stop()
  })

  it('without a mailbox it says not connected and does not follow', async () => {
    await vault.erase('inbox:mailbox')
    const box = inbox()
    box.sync.start()
    await clock.advance(0)
    expect(box.sync.status().state).toEqual({ kind: 'not-connected' })
    expect(box.sync.isFollowing()).toBe(false)
  })
})

describe('connect', () => {
  /** The mailbox in the vault, its pull token made one the relay refuses. */
  async function refuseTheToken(): Promise<void> {
    const loaded = await vaultInboxCredentials(vault).load()
    if (loaded.kind !== 'found') throw new Error('no mailbox')
    await vaultInboxCredentials(vault).save({ ...loaded.credentials, pullToken: 'wrong' })
  }

  // A mailbox refused past its quick tries, then a new one connected: the new one started "refused 3 times", so its
  // first refusal (a first pull racing the relay's setup) put it at once in the slow tries, said refused.
  it('a new mailbox starts its refusals afresh: the old one refused, the new one refused once is on its first try', async () => {
    await refuseTheToken()
    const box = inbox()
    for (let round = 0; round < 4; round++) await box.sync.catchUp()
    expect(box.sync.status().state.kind).toBe('auth-refused')
    await clock.advance(10_000)
    const connected = await box.connect({ relayUrl: relay.url, replace: true })
    if (connected.kind !== 'connected') throw new Error(connected.kind)
    // The old mailbox's refusal is not said of the new one, before its first pull.
    expect(box.sync.status()).toMatchObject({
      state: { kind: 'idle' },
      mailbox: connected.mailbox,
      cursor: 0
    })
    // Nor by the window's words drawn from it (the relay line, the attention strip, the Overview, the devices' "Waiting").
    expect(relayStatus(inboxStatusView(box.status()))).toMatchObject({
      health: 'starting',
      needsAttention: false
    })
    await refuseTheToken()
    const state = (await box.sync.catchUp()).state
    expect(state).toMatchObject({ kind: 'unreachable', fault: 'auth-refused', since: clock.now() })
    expect(state.kind === 'unreachable' && translateNote('en', state.detail)).toBe(
      'the relay refused the pull token; trying again (1 of 3)'
    )
  })

  it('a new mailbox connected by another process (the terminal) also starts its refusals afresh', async () => {
    await refuseTheToken()
    const box = inbox()
    for (let round = 0; round < 4; round++) await box.sync.catchUp()
    expect(box.sync.status().state.kind).toBe('auth-refused')
    await connect()
    await refuseTheToken()
    const state = (await box.sync.catchUp()).state
    expect(state.kind === 'unreachable' && translateNote('en', state.detail)).toBe(
      'the relay refused the pull token; trying again (1 of 3)'
    )
  })

  it('following, a new mailbox connected in the refused mode follows afresh, said starting, not refused', async () => {
    await refuseTheToken()
    const box = inbox()
    box.start()
    await reachState(box, 'auth-refused', 10_000)
    const seen: string[] = []
    box.onStatusChange(({ state }) => seen.push(state.kind))
    expect((await box.connect({ relayUrl: relay.url, replace: true })).kind).toBe('connected')
    expect(seen[0]).toBe('idle')
    await expect.poll(() => box.sync.status().state).toEqual({ kind: 'connected', behind: 0 })
    await box.stop()
  })

  it('refuses a second mailbox unless asked to replace it, and never keeps a plain-http relay to another host', async () => {
    const box = inbox()
    expect(await box.connect({ relayUrl: relay.url })).toMatchObject({
      kind: 'already-connected'
    })
    // Refused by this computer's own rule on the address: no relay was asked (QA30 Q30-06).
    expect(await box.connect({ relayUrl: 'http://relay.example.com', replace: true })).toMatchObject({
      kind: 'bad-address'
    })
    const replaced = await box.connect({
      relayUrl: relay.url,
      allowInsecureHttp: true,
      replace: true
    })
    expect(replaced).toMatchObject({
      kind: 'connected',
      urls: { incoming: expect.stringMatching(/\/incoming$/) }
    })
  })
})
