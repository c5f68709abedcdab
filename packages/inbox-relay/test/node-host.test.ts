// The Node host on 127.0.0.1: real sockets, the data folder (private, locked), restarts, the retention timer and
// a clean shutdown with a long-poll still waiting.

import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateMailboxKeyPair, openRelayEvent, RelayDataDirLockedError, startNodeRelay } from '../src/index'
import type { CreatedMailbox, EventsAnswer, NodeRelay } from '../src/index'
import { ManualClock } from './support/manual-clock'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A GET on a fresh socket. After a restart the new relay may get the old one's port, and fetch would reuse a pooled
 * socket the old relay had already closed.
 */
function getOnNewSocket(url: string, headers: Record<string, string>): Promise<EventsAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      let text = ''
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve(JSON.parse(text) as EventsAnswer))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('Node relay host', () => {
  let dataDir: string
  let running: NodeRelay[] = []

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'inbox-relay-host-'))
  })
  afterEach(async () => {
    await Promise.all(running.map((relay) => relay.close()))
    running = []
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start(options: Partial<Parameters<typeof startNodeRelay>[0]> = {}): Promise<NodeRelay> {
    const relay = await startNodeRelay({ dataDir, ...options })
    running.push(relay)
    return relay
  }

  async function create(relay: NodeRelay, headers: Record<string, string> = {}) {
    const keys = await generateMailboxKeyPair()
    const answer = await fetch(`${relay.url}/m`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ publicKey: keys.publicKeyJwk })
    })
    return { answer, keys }
  }

  async function mailboxOn(relay: NodeRelay) {
    const { answer, keys } = await create(relay)
    expect(answer.status).toBe(201)
    const created = (await answer.json()) as CreatedMailbox
    return { ...created, keys, auth: { authorization: `Bearer ${created.pullToken}` } }
  }

  /** Until the relay holds a long-poll open for the mailbox (its health says so). */
  async function untilPullWaits(
    relay: NodeRelay,
    mailbox: { mailbox: string; auth: Record<string, string> }
  ) {
    for (;;) {
      const answer = await fetch(`${relay.url}/m/${mailbox.mailbox}/health`, { headers: mailbox.auth })
      if (((await answer.json()) as { pullsWaiting: number }).pullsWaiting === 1) return
    }
  }

  it('takes a webhook over HTTP with an empty 200 and hands it to a long-poll waiting on another socket', async () => {
    const relay = await start()
    expect(relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const mailbox = await mailboxOn(relay)
    expect(mailbox.urls.incoming.startsWith(`${relay.url}/h/`)).toBe(true)
    const waiting = fetch(`${mailbox.urls.events}?after=0&wait=20`, { headers: mailbox.auth })
    await untilPullWaits(relay, mailbox)
    const body = JSON.stringify({ id: 'N1', message: 'Halo dari Node', phone: '6281' })
    const posted = await fetch(mailbox.urls.incoming, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body
    })
    expect(posted.status).toBe(200)
    expect(posted.headers.get('content-length')).toBe('0')
    expect(posted.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await posted.text()).toBe('')
    const answer = (await (await waiting).json()) as EventsAnswer
    expect(await openRelayEvent(mailbox.keys.privateKeyJwk, answer.events[0]!)).toMatchObject({ text: body })
  })

  it('refuses an oversized body sent in chunks, without a Content-Length, with an empty 413', async () => {
    const relay = await start()
    const mailbox = await mailboxOn(relay)
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(mailbox.urls.incoming, {
        method: 'POST',
        headers: { 'content-type': 'application/json' }
      })
      req.on('response', (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      })
      req.on('error', reject)
      req.write('"')
      for (let i = 0; i < 33; i++) req.write('a'.repeat(8192))
      req.end('"')
    })
    expect(status).toEqual({ status: 413, body: '' })
    const pulled = (await (
      await fetch(mailbox.urls.events, { headers: mailbox.auth })
    ).json()) as EventsAnswer
    expect(pulled.head).toBe(0)
  })

  it('keeps its data folder private and for itself alone, and keeps events across a restart', async () => {
    const first = await start()
    const mailbox = await mailboxOn(first)
    await fetch(mailbox.urls.tracking, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=abc&status=delivered'
    })
    for (const file of ['relay.sqlite', 'relay.sqlite-wal']) {
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600)
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700)
    await expect(startNodeRelay({ dataDir })).rejects.toBeInstanceOf(RelayDataDirLockedError)

    await first.close()
    const second = await start({ port: 0 })
    const answer = await getOnNewSocket(`${second.url}/m/${mailbox.mailbox}/events`, mailbox.auth)
    expect(answer.events.map((event) => [event.seq, event.kind])).toEqual([[1, 'tracking']])
  })

  it('closes cleanly with a long-poll waiting: the poll answers, the port stops listening, the folder unlocks', async () => {
    const relay = await start()
    const mailbox = await mailboxOn(relay)
    const waiting = fetch(`${mailbox.urls.events}?wait=25`, { headers: mailbox.auth })
    await untilPullWaits(relay, mailbox)
    await relay.close()
    const answer = await waiting
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as EventsAnswer).events).toEqual([])
    await expect(fetch(`${relay.url}/healthz`)).rejects.toThrow()
    const again = await start()
    expect(await getOnNewSocket(`${again.url}/healthz`, {})).toEqual({ ok: true })
  })

  it('purges events past the retention window on its own timer, across a restart too', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5))
    const relay = await start({ clock })
    const mailbox = await mailboxOn(relay)
    await fetch(mailbox.urls.device, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: 'A0HDJU', status: 'disconnected' })
    })
    await relay.close()
    const restarted = await start({ clock })
    const events = `${restarted.url}/m/${mailbox.mailbox}/events`
    const pending = async () => (await getOnNewSocket(events, mailbox.auth)).events.length
    clock.advance(14 * DAY_MS - 1)
    expect(await pending()).toBe(1)
    clock.advance(1)
    expect(await pending()).toBe(0)
  })

  it('makes mailboxes only for the holder of the creation token when one is set', async () => {
    const relay = await start({ creationToken: 'operator-creation-token-0123456789' })
    expect((await create(relay)).answer.status).toBe(401)
    expect((await create(relay, { authorization: 'Bearer wrong' })).answer.status).toBe(401)
    const allowed = await create(relay, { authorization: 'Bearer operator-creation-token-0123456789' })
    expect(allowed.answer.status).toBe(201)
  })
})
