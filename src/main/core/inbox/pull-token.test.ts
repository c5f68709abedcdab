// Rotating the mailbox's pull token against the real relay in process: the new token is proposed and kept (encrypted,
// in the vault) before the relay is asked, so a crash or a failed keychain write between the relay's change and the
// vault's never locks the desktop out; a sync following the mailbox meanwhile loses and doubles nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../clock'
import { ApiFailure } from '../commands'
import { openDatabase, type SqliteDatabase } from '../store'
import { MemoryVault, type DeviceSecret, type StoreOptions } from '../vault'
import { createInbox, vaultInboxCredentials, type Inbox, type InboxDeps } from '.'
import { INBOX_VAULT_ENTRY } from './credentials'
import type { FetchPort } from './relay-client'
import { startTestRelay, type TestRelay } from './testing/test-relay'
import { incomingWebhookBody } from './testing/webhook-bodies'

let dir: string
let db: SqliteDatabase
let relay: TestRelay
let vault: MemoryVault
let clock: FakeClock
let urls: { incoming: string; tracking: string; device: string }
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

async function stored(): Promise<{ mailbox: string; pullToken: string }> {
  const loaded = await vaultInboxCredentials(vault).load()
  if (loaded.kind !== 'found') throw new Error('no mailbox')
  return loaded.credentials
}

/** The relay's answer to a health check under a token: 200 when it is the mailbox's token now, else 401. */
async function healthUnder(pullToken: string): Promise<number> {
  const { mailbox } = await stored()
  const response = await relay.fetch(`${relay.url}/m/${mailbox}/health`, {
    headers: { authorization: `Bearer ${pullToken}` }
  })
  await response.arrayBuffer()
  return response.status
}

/** What the window and the CLI are told of the inbox: never a token. */
function allTexts(box: Inbox): string {
  return JSON.stringify(box.status())
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-pull-token-'))
  db = openDatabase({ dataDir: dir })
  relay = await startTestRelay()
  vault = new MemoryVault()
  clock = new FakeClock()
  const result = await inbox().connect({ relayUrl: relay.url })
  if (result.kind !== 'connected') throw new Error(`not connected: ${JSON.stringify(result)}`)
  urls = result.urls
})

afterEach(async () => {
  for (const made of opened.splice(0)) await made.sync.stop()
  await relay.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('rotating the pull token', () => {
  it('gives the mailbox a new token kept in the vault; the old one is refused at once; nothing pending stays', async () => {
    const before = (await stored()).pullToken
    const box = inbox()
    await box.rotatePullToken()
    const after = (await stored()).pullToken
    expect(after).not.toBe(before)
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await healthUnder(before)).toBe(401)
    expect(await healthUnder(after)).toBe(200)
    expect(await vaultInboxCredentials(vault).loadPendingPullToken()).toBeNull()
    expect(allTexts(box)).not.toContain(after)
    await relay.post(urls.incoming, incomingWebhookBody({ message: 'after the rotation' }))
    expect((await box.sync.catchUp()).state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.list().map((m) => m.text)).toEqual(['after the rotation'])
  })

  it('the relay changed the token but the answer never came back (the app died): the next start pulls with the new one', async () => {
    const before = (await stored()).pullToken
    // The relay takes the rotation; its answer is lost on the way back, as when the process dies right then.
    const answerLost: FetchPort = async (url, init) => {
      const response = await relay.fetch(url, init)
      if (!url.endsWith('/rotate')) return response
      await response.arrayBuffer()
      throw new TypeError('fetch failed')
    }
    await expect(inbox({ fetch: answerLost }).rotatePullToken()).rejects.toBeInstanceOf(ApiFailure)
    expect(await healthUnder(before)).toBe(401)

    await relay.post(urls.incoming, incomingWebhookBody({ message: 'while the app was down' }))
    const restarted = inbox()
    const status = await restarted.sync.catchUp()
    expect(status.state).toEqual({ kind: 'connected', behind: 0 })
    expect(restarted.list().map((m) => m.text)).toEqual(['while the app was down'])
    // The token that worked is now the one kept, and the pending one is gone.
    const kept = (await stored()).pullToken
    expect(kept).not.toBe(before)
    expect(await healthUnder(kept)).toBe(200)
    expect(await vaultInboxCredentials(vault).loadPendingPullToken()).toBeNull()
  })

  it('the keychain fails to keep the new token after the relay took it: the desktop still reaches its mailbox', async () => {
    const before = (await stored()).pullToken
    const failing = new FailingVault(vault)
    await expect(inbox({ credentials: vaultInboxCredentials(failing) }).rotatePullToken()).rejects.toThrow()
    expect(failing.refused).toBe(1)
    expect(await healthUnder(before)).toBe(401)

    await relay.post(urls.incoming, incomingWebhookBody({ message: 'after a failed write' }))
    const box = inbox()
    expect((await box.sync.catchUp()).state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.list().map((m) => m.text)).toEqual(['after a failed write'])
    expect(await healthUnder((await stored()).pullToken)).toBe(200)
  })

  it('an interrupted rotation is finished by the next one, under whichever token the relay holds', async () => {
    const answerLost: FetchPort = async (url, init) => {
      const response = await relay.fetch(url, init)
      if (!url.endsWith('/rotate')) return response
      await response.arrayBuffer()
      throw new TypeError('fetch failed')
    }
    await expect(inbox({ fetch: answerLost }).rotatePullToken()).rejects.toBeInstanceOf(ApiFailure)
    await inbox().rotatePullToken()
    const kept = (await stored()).pullToken
    expect(await healthUnder(kept)).toBe(200)
    expect(await vaultInboxCredentials(vault).loadPendingPullToken()).toBeNull()
  })

  it('a keychain that cannot keep the pending token stops the rotation before the relay is asked', async () => {
    const before = (await stored()).pullToken
    const asked: string[] = []
    const watching: FetchPort = (url, init) => {
      asked.push(url)
      return relay.fetch(url, init)
    }
    const failing = new FailingVault(vault, 'pending')
    await expect(
      inbox({ fetch: watching, credentials: vaultInboxCredentials(failing) }).rotatePullToken()
    ).rejects.toThrow()
    expect(asked.filter((url) => url.endsWith('/rotate'))).toEqual([])
    expect(await healthUnder(before)).toBe(200)
  })

  it('a sync following the mailbox meanwhile takes every message exactly once', async () => {
    const box = inbox({ options: { waitSeconds: 1 } })
    await relay.post(urls.incoming, incomingWebhookBody({ id: 'WAID-C1', message: 'one' }))
    box.start()
    await expect.poll(() => box.list().length).toBe(1)
    // A long-poll is in flight under the old token when the rotation starts.
    await relay.post(urls.incoming, incomingWebhookBody({ id: 'WAID-C2', message: 'two' }))
    await box.rotatePullToken()
    await relay.post(urls.incoming, incomingWebhookBody({ id: 'WAID-C3', message: 'three' }))
    await expect
      .poll(async () => {
        await clock.advance(1_000)
        return box.list().length
      })
      .toBe(3)
    expect(box.sync.status()).toMatchObject({ state: { kind: 'connected' }, duplicates: 0 })
    expect(
      box
        .list()
        .map((m) => m.text)
        .sort()
    ).toEqual(['one', 'three', 'two'])
  })
})

// A relay from before proposed tokens refuses `{"pullToken": "<token>"}` with 400 and changes nothing.
describe('a relay from before proposed tokens', () => {
  it('tells the operator to update the relay, keeps nothing pending, and the old token goes on working', async () => {
    const before = (await stored()).pullToken
    const beforeProposals: FetchPort = async (url, init) =>
      url.endsWith('/rotate')
        ? new Response(
            JSON.stringify({ error: 'bad_rotation', message: 'The body is {"pullToken": true}.' }),
            {
              status: 400,
              headers: { 'content-type': 'application/json' }
            }
          )
        : relay.fetch(url, init)
    const box = inbox({ fetch: beforeProposals })
    const refused = await box.rotatePullToken().then(
      () => null,
      (error: unknown) => error
    )
    expect(refused).toBeInstanceOf(ApiFailure)
    expect(refused).toMatchObject({
      code: 'relay_outdated',
      message:
        'This relay is too old to rotate the pull token safely: update the relay, then rotate again. Nothing was changed: the current token keeps working.'
    })
    expect(await vaultInboxCredentials(vault).loadPendingPullToken()).toBeNull()
    expect((await stored()).pullToken).toBe(before)
    expect(await healthUnder(before)).toBe(200)
    await relay.post(urls.incoming, incomingWebhookBody({ message: 'still arriving' }))
    expect((await box.sync.catchUp()).state).toEqual({ kind: 'connected', behind: 0 })
    expect(box.list().map((m) => m.text)).toEqual(['still arriving'])
  })
})

/** A vault whose next write of the mailbox entry (or of the pending token) fails, as a keychain can. */
class FailingVault extends MemoryVault {
  refused = 0
  constructor(
    private readonly inner: MemoryVault,
    private readonly failing: 'mailbox' | 'pending' = 'mailbox'
  ) {
    super()
  }
  override status() {
    return this.inner.status()
  }
  override load(id: string) {
    return this.inner.load(id)
  }
  override erase(id: string) {
    return this.inner.erase(id)
  }
  override async store(id: string, value: DeviceSecret, options?: StoreOptions): Promise<void> {
    const isMailbox = id === INBOX_VAULT_ENTRY
    if ((this.failing === 'mailbox') === isMailbox && this.refused === 0) {
      this.refused++
      throw new Error('the keyring refused the write')
    }
    return this.inner.store(id, value, options)
  }
}
