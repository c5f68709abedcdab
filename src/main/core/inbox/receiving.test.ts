// "Receive messages" against the real relay on 127.0.0.1 and a recording stand-in for the webhooks feature's
// commands (the composed core's test drives the sandbox gateway itself): what the confirmation names, what an undo
// puts back or says it cannot, and which devices a rotation sets again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ParsedRequest, WebhookSettingsView } from '../../../shared/contract'
import { FakeClock, systemClock, type Clock } from '../clock'
import { ApiFailure, type Commands } from '../commands'
import { describeCoreError } from '../compose-command-line'
import { GatewayError } from '../gateway'
import { coreText } from '../../../shared/i18n/notes'
import { MemoryVault } from '../vault'
import type { WebhookChannel } from '../webhooks'
import { connectMailbox } from './connect'
import { vaultInboxCredentials, type InboxCredentialsPort } from './credentials'
import { Receiving } from './receiving'
import type { FetchPort } from './relay-client'
import { startTestRelay, type TestRelay } from './testing/test-relay'

let relay: TestRelay
let credentials: InboxCredentialsPort
let updates: ParsedRequest<'webhooks:update'>[]
let remembered: Map<string, WebhookSettingsView>
let receiving: Receiving
let coverageChanges: number
/** What the webhooks feature throws for a device's next update, if anything. */
let updateFailures: Map<string, Error>

/** The webhooks feature as it behaves for hosted devices: remembers what it saved, cannot read the gateway. */
function rememberingWebhooks(): Commands<WebhookChannel> {
  const empty = (deviceId: string): WebhookSettingsView => ({
    deviceId,
    webhookUrl: null,
    trackingUrl: null,
    incoming: false,
    autoReplyFromWebhook: false,
    source: 'remembered',
    savedAt: null
  })
  return {
    'webhooks:get': async ({ deviceId }) => remembered.get(deviceId) ?? empty(deviceId),
    async 'webhooks:update'(request) {
      const failure = updateFailures.get(request.deviceId)
      if (failure) throw failure
      updates.push(request)
      const { deviceId, ...patch } = request
      const next = {
        ...(remembered.get(deviceId) ?? empty(deviceId)),
        ...patch,
        savedAt: '2026-01-15T03:00:00.000Z'
      }
      remembered.set(deviceId, next)
      return next
    }
  }
}

let settings: Map<string, unknown>

/** A Receiving over the test's vault and settings, reaching the relay through `fetch` (a new one is a restart). */
function receivingWith(
  fetch: FetchPort,
  more: { clock?: Clock; onPendingRotationChange?: () => void } = {}
): Receiving {
  return new Receiving({
    credentials,
    settings: {
      get: <T>(key: string) => settings.get(key) as T | undefined,
      set: (key: string, value: unknown) => void settings.set(key, value),
      delete: (key: string) => void settings.delete(key)
    },
    webhooks: rememberingWebhooks(),
    deviceIds: () => ['shop', 'office'],
    fetch,
    clock: more.clock ?? systemClock,
    onChange: () => coverageChanges++,
    describeError: describeCoreError,
    ...(more.onPendingRotationChange ? { onPendingRotationChange: more.onPendingRotationChange } : {})
  })
}

beforeEach(async () => {
  relay = await startTestRelay()
  credentials = vaultInboxCredentials(new MemoryVault())
  updates = []
  remembered = new Map()
  coverageChanges = 0
  updateFailures = new Map()
  settings = new Map()
  receiving = receivingWith(relay.fetch)
})
afterEach(async () => {
  await relay.close()
})

async function connect(): Promise<{ incoming: string; tracking: string; device: string }> {
  const result = await connectMailbox(
    { relayUrl: relay.url },
    { fetch: relay.fetch, clock: systemClock, credentials }
  )
  if (result.kind !== 'connected') throw new Error(JSON.stringify(result))
  return result.urls
}

async function refusal(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiFailure) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('Receive messages', () => {
  it('refuses without a mailbox, and names a mailbox whose URLs this computer never kept', async () => {
    expect((await refusal(receiving.provision('shop'))).code).toBe('no_mailbox')
    expect(await receiving.view()).toMatchObject({ connected: false, deviceStatusUrl: null })
    await connect()
    const loaded = await credentials.load()
    if (loaded.kind !== 'found') throw new Error('no credentials')
    // A mailbox connected by an older version: its URLs were shown once and never kept.
    const { ingressUrls: _kept, ...older } = loaded.credentials
    await credentials.save(older)
    expect((await refusal(receiving.preview('shop'))).code).toBe('mailbox_urls_unknown')
    expect(updates).toEqual([])
  })

  it('confirms what it replaces, sets the mailbox’s URLs with incoming on, and the undo puts back what was there', async () => {
    const urls = await connect()
    remembered.set('shop', {
      deviceId: 'shop',
      webhookUrl: 'https://crm.example.com/wa/in',
      trackingUrl: 'https://crm.example.com/wa/status',
      incoming: true,
      autoReplyFromWebhook: false,
      source: 'remembered',
      savedAt: '2026-01-02T08:00:00.000Z'
    })
    const preview = await receiving.preview('shop')
    expect(preview).toEqual({
      deviceId: 'shop',
      relayHost: new URL(relay.url).host,
      replaces: {
        source: 'remembered',
        webhookUrl: 'https://crm.example.com/wa/in',
        trackingUrl: 'https://crm.example.com/wa/status',
        incoming: true,
        savedAt: '2026-01-02T08:00:00.000Z'
      }
    })

    const view = await receiving.provision('shop')
    expect(updates).toEqual([
      { deviceId: 'shop', webhookUrl: urls.incoming, trackingUrl: urls.tracking, incoming: true }
    ])
    expect(view).toMatchObject({
      connected: true,
      relayUrl: relay.url,
      deviceStatusUrl: urls.device,
      devices: [
        { deviceId: 'shop', receiving: true, canUndo: true },
        { deviceId: 'office', receiving: false, since: null, canUndo: false }
      ]
    })
    expect(receiving.isReceiving('shop', view.mailbox)).toBe(true)
    expect(coverageChanges).toBe(1)
    // Nothing the window sees carries the pull token or the private key.
    const loaded = await credentials.load()
    if (loaded.kind !== 'found') throw new Error('no credentials')
    expect(JSON.stringify(view)).not.toContain(loaded.credentials.pullToken)
    expect(JSON.stringify(view)).not.toContain(String(loaded.credentials.privateKeyJwk.d))

    const undone = await receiving.undo('shop')
    expect(undone.notRestored).toEqual([])
    expect(updates.at(-1)).toEqual({
      deviceId: 'shop',
      webhookUrl: 'https://crm.example.com/wa/in',
      trackingUrl: 'https://crm.example.com/wa/status',
      incoming: true
    })
    expect(undone.view.devices[0]).toMatchObject({ receiving: false, canUndo: false })
    expect(receiving.isReceiving('shop', view.mailbox)).toBe(false)
    expect((await refusal(receiving.undo('shop'))).code).toBe('not_receiving')
  })

  it('says a URL set in the dashboard cannot be known; the undo turns incoming off and names both URLs', async () => {
    await connect()
    expect((await receiving.preview('office')).replaces).toEqual({
      source: 'unknown',
      webhookUrl: null,
      trackingUrl: null,
      incoming: false,
      savedAt: null
    })
    await receiving.provision('office')
    const undone = await receiving.undo('office')
    expect(undone.notRestored).toEqual(['webhookUrl', 'trackingUrl'])
    expect(updates.at(-1)).toEqual({ deviceId: 'office', incoming: false })
  })

  it('receives through a new mailbox since it was set there, the undo still putting back what came first (QA12 Q12-06)', async () => {
    remembered.set('shop', {
      deviceId: 'shop',
      webhookUrl: 'https://crm.example/hook',
      trackingUrl: null,
      incoming: true,
      autoReplyFromWebhook: false,
      source: 'remembered',
      savedAt: '2026-01-10T03:00:00.000Z'
    })
    await connect()
    const first = (await receiving.provision('shop')).devices.find((d) => d.deviceId === 'shop')?.since
    await new Promise((resolve) => setTimeout(resolve, 5))
    const replaced = await connectMailbox(
      { relayUrl: relay.url, replace: true },
      { fetch: relay.fetch, clock: systemClock, credentials }
    )
    expect(replaced.kind).toBe('connected')
    const again = (await receiving.provision('shop')).devices.find((d) => d.deviceId === 'shop')
    expect(again?.receiving).toBe(true)
    expect(Date.parse(again!.since!)).toBeGreaterThan(Date.parse(first!))
    // What came before Sender Desk's first change is still what an undo restores, not the first mailbox's URLs.
    await receiving.undo('shop')
    expect(updates.at(-1)).toMatchObject({ deviceId: 'shop', webhookUrl: 'https://crm.example/hook' })
  })

  it('rotates the secret: new URLs kept, the devices on the old ones set again, the old secret still posts', async () => {
    const before = await connect()
    const since = (await receiving.provision('shop')).devices.find((d) => d.deviceId === 'shop')?.since
    await new Promise((resolve) => setTimeout(resolve, 5))
    const rotated = await receiving.rotate()
    expect(rotated.reprovisioned).toEqual(['shop'])
    // Still receiving since the first time, not since the rotation.
    expect(rotated.view.devices.find((d) => d.deviceId === 'shop')?.since).toBe(since)
    expect(rotated.failed).toEqual([])
    const after = rotated.view.deviceStatusUrl
    expect(after).not.toBeNull()
    expect(after).not.toBe(before.device)
    const shop = remembered.get('shop')!
    expect(shop.webhookUrl).not.toBe(before.incoming)
    expect(shop.webhookUrl).toBe(after!.replace(/\/device$/, '/incoming'))
    // Office never received through the mailbox: a rotation leaves its settings alone.
    expect(updates.filter((u) => u.deviceId === 'office')).toEqual([])
    // The old device-status URL keeps working for the grace period, until the operator pastes the new one.
    expect(await relay.post(before.device, JSON.stringify({ deviceId: 'S1', status: 'connected' }))).toBe(200)
    expect(await relay.post(after!, JSON.stringify({ deviceId: 'S1', status: 'connected' }))).toBe(200)

    // The undo after a rotation goes back to what came before Sender Desk, not to the first mailbox URLs.
    await receiving.undo('shop')
    expect(updates.at(-1)).toEqual({ deviceId: 'shop', incoming: false })
  })

  it('says why a device was not set again as words in any language, the gateway’s own words quoted as its', async () => {
    await connect()
    await receiving.provision('shop')
    await receiving.provision('office')
    updateFailures.set(
      'shop',
      new GatewayError({
        code: 'rejected',
        message: 'gateway said: URL webhook tidak valid',
        httpStatus: 400,
        gatewayMessage: 'URL webhook tidak valid'
      })
    )
    updateFailures.set('office', new ApiFailure('token_locked', { key: 'desktop.error.tokenLocked' }))
    const { failed } = await receiving.rotate()
    expect(failed.map((f) => f.deviceId)).toEqual(['shop', 'office'])
    const [shop, office] = failed
    // English for the CLI and logs, as before.
    expect(office!.message).toBe('The device token is not available; enter it again.')
    // An Indonesian window words it from the key; the gateway's words come through as they are, marked as its.
    expect(coreText('id', office!.message, office!.messageKey, office!.messageParams)).toBe(
      'Token perangkat tidak tersedia; masukkan lagi.'
    )
    expect(shop!.messageKey).toBe('desktop.gateway.said')
    expect(coreText('id', shop!.message, shop!.messageKey, shop!.messageParams)).toBe(
      'gateway menolak permintaan (HTTP 400) (gateway: "URL webhook tidak valid")'
    )
    expect(coreText('en', shop!.message, shop!.messageKey, shop!.messageParams)).toBe(shop!.message)
  })

  it('forgets a removed device: its record goes, and a rotation no longer sets it', async () => {
    await connect()
    await receiving.provision('shop')
    receiving.forgetDevice('shop')
    expect((await receiving.view()).devices[0]).toEqual({
      deviceId: 'shop',
      receiving: false,
      since: null,
      canUndo: false
    })
    expect((await receiving.rotate()).reprovisioned).toEqual([])
  })

  it('after a leak, a rotation stops the old addresses at once', async () => {
    const before = await connect()
    const rotated = await receiving.rotate({ stopOldAtOnce: true })
    expect(await relay.post(before.device, JSON.stringify({ deviceId: 'S1', status: 'connected' }))).toBe(404)
    expect(
      await relay.post(rotated.view.deviceStatusUrl!, JSON.stringify({ deviceId: 'S1', status: 'connected' }))
    ).toBe(200)
  })

  it('words a relay that refuses the rotation', async () => {
    await connect()
    const loaded = await credentials.load()
    if (loaded.kind !== 'found') throw new Error('no credentials')
    await credentials.save({ ...loaded.credentials, pullToken: 'not-the-token' })
    const refused = await refusal(receiving.rotate())
    expect(refused.code).toBe('relay_refused')
    expect(refused.message).toBe('The relay refused: the relay refused the pull token.')
  })
})

/** The relay takes the rotation; its answer is lost on the way back (the app died, the connection dropped). */
function answerLost(fetch: FetchPort): FetchPort {
  return async (url, init) => {
    const response = await fetch(url, init)
    if (!url.endsWith('/rotate')) return response
    await response.arrayBuffer()
    throw new TypeError('fetch failed')
  }
}

/** The first `count` rotations' answers are lost; later ones come back. */
function answersLost(fetch: FetchPort, count: number): FetchPort {
  const lost = answerLost(fetch)
  let left = count
  return (url, init) => (url.endsWith('/rotate') && left-- > 0 ? lost(url, init) : fetch(url, init))
}

/** A relay from before proposed secrets and tokens: it refuses any rotation that is not `true`, changing nothing. */
function relayBeforeProposals(fetch: FetchPort): FetchPort {
  return async (url, init) => {
    const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<string, unknown>
    if (url.endsWith('/rotate') && body['ingressSecret'] !== true && body['pullToken'] !== true)
      return new Response(
        JSON.stringify({ error: 'bad_rotation', message: 'The body is {"ingressSecret": true}.' }),
        {
          status: 400,
          headers: { 'content-type': 'application/json' }
        }
      )
    return fetch(url, init)
  }
}

const deviceStatus = JSON.stringify({ deviceId: 'S1', status: 'connected' })

describe('a secret rotation whose answer is lost', () => {
  it('asked again, ends with this computer and the relay on the same new secret; the old one works out its grace', async () => {
    const before = await connect()
    await receiving.provision('shop')
    const lost = await refusal(receivingWith(answerLost(relay.fetch)).rotate())
    expect(lost.code).toBe('relay_unreachable')
    // This computer still knows only the old addresses; the relay has moved on.
    expect((await receiving.view()).deviceStatusUrl).toBe(before.device)

    const rotated = await receiving.rotate()
    const after = rotated.view.deviceStatusUrl!
    expect(after).not.toBe(before.device)
    expect(rotated.reprovisioned).toEqual(['shop'])
    expect(remembered.get('shop')!.webhookUrl).toBe(after.replace(/\/device$/, '/incoming'))
    expect(await relay.post(after, deviceStatus)).toBe(200)
    // The retry finished the first rotation rather than starting another: the old secret keeps its grace (a second
    // rotation would have retired it in favour of the lost one).
    expect(await relay.post(before.device, deviceStatus)).toBe(200)
    expect(await credentials.loadPendingIngressSecret()).toBeNull()
    // The secret is never in what an operator (or a log) is told.
    const secret = after.split('/').at(-2)!
    expect(JSON.stringify([lost.message, lost.text])).not.toContain(secret)
  })

  it('is finished at the next start when nobody asks again: the new URLs kept and set, the old one stopped as asked', async () => {
    const before = await connect()
    await receiving.provision('shop')
    await refusal(receivingWith(answerLost(relay.fetch)).rotate({ stopOldAtOnce: true }))
    // The relay took it and stopped the old secret at once (a leak): nothing posts on the old addresses.
    expect(await relay.post(before.device, deviceStatus)).toBe(404)

    const restarted = receivingWith(relay.fetch)
    const finished = await restarted.finishPendingRotation()
    expect(finished?.reprovisioned).toEqual(['shop'])
    const after = (await restarted.view()).deviceStatusUrl!
    expect(after).not.toBe(before.device)
    expect(await relay.post(after, deviceStatus)).toBe(200)
    expect(remembered.get('shop')!.webhookUrl).toBe(after.replace(/\/device$/, '/incoming'))
    expect(await relay.post(before.device, deviceStatus)).toBe(404)
    expect(await credentials.loadPendingIngressSecret()).toBeNull()
    expect(await restarted.finishPendingRotation()).toBeNull()
  })

  it('a relay from before proposed secrets: the operator is told to update it, nothing stays pending, the old URLs work', async () => {
    const before = await connect()
    await receiving.provision('shop')
    const outdated = await refusal(receivingWith(relayBeforeProposals(relay.fetch)).rotate())
    expect(outdated.code).toBe('relay_outdated')
    expect(outdated.message).toBe(
      'This relay is too old to rotate the webhook secret safely: update the relay, then rotate again. Nothing was changed: the current webhook addresses keep working.'
    )
    expect(await credentials.loadPendingIngressSecret()).toBeNull()
    expect((await receiving.view()).deviceStatusUrl).toBe(before.device)
    expect(await relay.post(before.device, deviceStatus)).toBe(200)
  })

  it('is finished in the background while the app runs, with backoff, and the view says it is pending until then (QA30 Q30-02)', async () => {
    const before = await connect()
    await receiving.provision('shop')
    const clock = new FakeClock()
    let told = 0
    const running = receivingWith(answersLost(relay.fetch, 2), {
      clock,
      onPendingRotationChange: () => told++
    })
    await refusal(running.rotate())
    // Durable, from the core: any view (another window, after a reload) says a rotation waits.
    expect((await running.view()).secretRotationPending).toBe(true)
    expect((await receivingWith(relay.fetch).view()).secretRotationPending).toBe(true)
    expect(told).toBeGreaterThan(0)

    // The first retry's answer is lost too: still pending, and the next try waits longer.
    // (A request's own deadline, 20 s, also waits on the clock while it runs: the retry is the longer wait.)
    const nextWait = (): number => (clock.nextTimerAt() ?? clock.now()) - clock.now()
    expect(nextWait()).toBe(30_000)
    await clock.advance(30_000)
    await vi.waitFor(() => expect(nextWait()).toBeGreaterThan(30_000))
    expect((await running.view()).secretRotationPending).toBe(true)
    const firstWait = nextWait()

    await clock.advance(firstWait)
    await vi.waitFor(async () => expect((await running.view()).secretRotationPending).toBe(false))
    const after = (await running.view()).deviceStatusUrl!
    expect(after).not.toBe(before.device)
    expect(remembered.get('shop')!.webhookUrl).toBe(after.replace(/\/device$/, '/incoming'))
    expect(await relay.post(after, deviceStatus)).toBe(200)
    expect(await credentials.loadPendingIngressSecret()).toBeNull()
    // Done: nothing waits on the clock any more.
    expect(clock.pending).toBe(0)
    running.stop()
  })

  it('at start, a pending rotation that still finds no answer is tried again later, and stop() ends the tries', async () => {
    await connect()
    await receiving.provision('shop')
    await refusal(receivingWith(answerLost(relay.fetch)).rotate())
    const clock = new FakeClock()
    const restarted = receivingWith(answersLost(relay.fetch, 1), { clock })
    restarted.keepFinishingPendingRotation()
    await vi.waitFor(() => expect((clock.nextTimerAt() ?? 0) - clock.now()).toBe(30_000))
    expect((await restarted.view()).secretRotationPending).toBe(true)
    restarted.stop()
    expect(clock.pending).toBe(0)
  })
})
