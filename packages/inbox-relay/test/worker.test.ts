// The Cloudflare Worker as deployed: src/worker.ts bundled with esbuild and run in workerd through miniflare, with
// the bindings and vars of wrangler.toml. No wrangler, no network.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateMailboxKeyPair, openRelayEvent } from '../src/index'
import type { CreatedMailbox, EventsAnswer } from '../src/index'
import { limitsFromEnv } from '../src/durable-object'
import { bundleWorker } from './support/bundle'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const wranglerToml = readFileSync(join(packageDir, 'wrangler.toml'), 'utf8')

/** The few settings of wrangler.toml the test needs; `key = "value"` lines, read without a TOML library. */
function tomlString(key: string): string {
  const match = new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm').exec(wranglerToml)
  if (match?.[1] === undefined) throw new Error(`wrangler.toml has no ${key}`)
  return match[1]
}
const tomlVars = (): Record<string, string> => {
  const section = wranglerToml.split(/^\[vars\]$/m)[1]?.split(/^\[/m)[0] ?? ''
  return Object.fromEntries([...section.matchAll(/^([A-Z_]+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1]!, m[2]!]))
}

const CREATION_TOKEN = 'operator-secret-creation-token'

describe('Cloudflare Worker entry (miniflare)', () => {
  let persist: string
  let script: string
  let mf: Miniflare
  const className = tomlString('class_name')

  const start = (extra: Record<string, string> = {}) =>
    new Miniflare({
      modules: true,
      script,
      compatibilityDate: tomlString('compatibility_date'),
      durableObjects: { MAILBOX: { className, useSQLite: true } },
      durableObjectsPersist: persist,
      bindings: { ...tomlVars(), CREATION_TOKEN, ...extra }
    })

  beforeAll(async () => {
    // Miniflare expects every answer's body read at once (a body left waiting is a flake under load): it checks.
    process.env['MINIFLARE_ASSERT_BODIES_CONSUMED'] = 'true'
    script = await bundleWorker(join(packageDir, tomlString('main')))
    persist = mkdtempSync(join(tmpdir(), 'inbox-relay-worker-'))
    mf = start()
  })
  afterAll(async () => {
    delete process.env['MINIFLARE_ASSERT_BODIES_CONSUMED']
    await mf.dispose()
    rmSync(persist, { recursive: true, force: true })
  })

  async function create(origin = 'https://relay.example.workers.dev') {
    const keys = await generateMailboxKeyPair()
    const answer = await mf.dispatchFetch(`${origin}/m`, {
      method: 'POST',
      headers: { authorization: `Bearer ${CREATION_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ publicKey: keys.publicKeyJwk })
    })
    expect(answer.status).toBe(201)
    const created = (await answer.json()) as CreatedMailbox
    return { ...created, keys, auth: { authorization: `Bearer ${created.pullToken}` } }
  }

  it('is deployed as the config says: the entry exports the bound class, which the migration makes SQLite-backed', () => {
    expect(tomlString('main')).toBe('src/worker.ts')
    // The entry finds the objects as env.MAILBOX.
    expect(wranglerToml).toMatch(/\[\[durable_objects\.bindings\]\]\s*name = "MAILBOX"/)
    expect(wranglerToml).toMatch(new RegExp(`new_sqlite_classes\\s*=\\s*\\["${className}"\\]`))
    expect(script).toMatch(new RegExp(`export\\s*\\{[^}]*\\b${className}\\b`))
  })

  it('creates a mailbox only with the creation token, and names its URLs after the address it was reached at', async () => {
    const refused = await mf.dispatchFetch('https://relay.example.workers.dev/m', {
      method: 'POST',
      body: JSON.stringify({ publicKey: (await generateMailboxKeyPair()).publicKeyJwk })
    })
    expect(refused.status).toBe(401)
    await refused.arrayBuffer()
    const mailbox = await create()
    expect(mailbox.urls.incoming).toBe(
      `https://relay.example.workers.dev/h/${mailbox.mailbox}/${mailbox.ingressSecret}/incoming`
    )
  })

  it('carries a webhook from ingress to a long-poll to an ack, and keeps mailboxes apart', async () => {
    const first = await create()
    const second = await create()
    // Read as soon as it answers, which may be before the POST's own answer comes back.
    const waiting = mf
      .dispatchFetch(`${first.urls.events}?after=0&wait=10`, { headers: first.auth })
      .then((response) => response.json() as Promise<EventsAnswer>)
    const body = JSON.stringify({ id: 'W1', message: 'Halo lewat Cloudflare', phone: '62812' })
    const posted = await mf.dispatchFetch(first.urls.incoming, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body
    })
    expect([posted.status, await posted.text()]).toEqual([200, ''])
    const answer = await waiting
    expect(answer.events.map((event) => event.seq)).toEqual([1])
    expect((await openRelayEvent(first.keys.privateKeyJwk, answer.events[0]!)).text).toBe(body)

    const other = (await (
      await mf.dispatchFetch(second.urls.events, { headers: second.auth })
    ).json()) as EventsAnswer
    expect(other.head).toBe(0)
    const crossed = await mf.dispatchFetch(first.urls.events, { headers: second.auth })
    expect(crossed.status).toBe(401)
    await crossed.arrayBuffer()

    const acked = await mf.dispatchFetch(`https://relay.example.workers.dev/m/${first.mailbox}/ack`, {
      method: 'POST',
      headers: { ...first.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ upTo: 1 })
    })
    expect(await acked.json()).toMatchObject({ acknowledged: 1, head: 1 })
  })

  it('keeps what was received across a restart of workerd', async () => {
    const mailbox = await create()
    const posted = await mf.dispatchFetch(mailbox.urls.tracking, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=5be46e84&status=read'
    })
    expect(posted.status).toBe(200)
    await posted.arrayBuffer()
    await mf.dispose()
    mf = start()
    const answer = (await (
      await mf.dispatchFetch(mailbox.urls.events, { headers: mailbox.auth })
    ).json()) as EventsAnswer
    expect(answer.events.map((event) => event.kind)).toEqual(['tracking'])
    expect(answer.retentionMs).toBe(Number(tomlVars().RETENTION_DAYS) * 24 * 60 * 60 * 1000)
  })

  it('answers paths that cannot name a mailbox itself, the way the mailbox would', async () => {
    const ingress = await mf.dispatchFetch('https://relay.example.workers.dev/h/x/secret/incoming', {
      method: 'POST',
      body: '{}'
    })
    expect([ingress.status, await ingress.text()]).toEqual([404, ''])
    const egress = await mf.dispatchFetch('https://relay.example.workers.dev/m/x/events')
    expect(egress.status).toBe(401)
    await egress.arrayBuffer()
    const health = await mf.dispatchFetch('https://relay.example.workers.dev/healthz')
    expect(await health.json()).toEqual({ ok: true })
  })

  it('refuses a declared oversized body before waking the mailbox, with an empty 413', async () => {
    const mailbox = await create()
    const over = JSON.stringify('a'.repeat(Number(tomlVars().MAX_BODY_KILOBYTES) * 1024))
    const answer = await mf.dispatchFetch(mailbox.urls.incoming, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(over.length) },
      body: over
    })
    expect([answer.status, await answer.text()]).toEqual([413, ''])
  })

  it('uses PUBLIC_URL for the URLs it hands out when the operator sets one', async () => {
    await mf.dispose()
    mf = start({ PUBLIC_URL: 'https://relay.example.com/' })
    const mailbox = await create()
    expect(mailbox.urls.device).toBe(
      `https://relay.example.com/h/${mailbox.mailbox}/${mailbox.ingressSecret}/device`
    )
  })
})

describe('Worker settings', () => {
  it('reads retention, cap and body size from vars, ignoring nonsense and keeping bodies at 1 MB at most', () => {
    expect(limitsFromEnv({ RETENTION_DAYS: '7', CAP_MEGABYTES: '10', MAX_BODY_KILOBYTES: '64' })).toEqual({
      retentionMs: 7 * 24 * 60 * 60 * 1000,
      capBytes: 10 * 1024 * 1024,
      maxBodyBytes: 64 * 1024
    })
    expect(
      limitsFromEnv({ RETENTION_DAYS: 'soon', CAP_MEGABYTES: '-1', MAX_BODY_KILOBYTES: '99999' })
    ).toEqual({
      maxBodyBytes: 1024 * 1024
    })
  })
})
