// The relay's behaviour, written once and run against each store (see handler-*.test.ts): the protocol of the
// README, the faults of issue 25 (restart between receipt and pull, duplicates, acks and cursors past the head,
// garbage and oversized bodies, bad bearers, a full mailbox, the retention purge, long-polls) and the encryption.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateMailboxKeyPair, openRelayEvent, type MailboxKeyPair } from '../../src/desktop-keys'
import type { CreatedMailbox, EventsAnswer, RelayEvent } from '../../src/handler'
import type { RelayLimits } from '../../src/limits'
import type { RelayFactory, RelayUnderTest } from './relay-fixtures'

export const SUITE_LIMITS: Partial<RelayLimits> = {
  capBytes: 4096,
  nearFullRatio: 0.5,
  ingressRate: { perSecond: 1, burst: 30 },
  egressRate: { perSecond: 1, burst: 30 },
  rotationGraceMs: 60 * 60 * 1000
}
const DAY_MS = 24 * 60 * 60 * 1000
const RETENTION_MS = 14 * DAY_MS

interface TestMailbox extends CreatedMailbox {
  keys: MailboxKeyPair
  auth: { authorization: string }
}

const incomingMessage = (id: string, text: string): string =>
  JSON.stringify({
    id,
    pushName: 'Budi',
    isGroup: false,
    message: text,
    phone: '6281234567890',
    messageType: 'text'
  })

export function describeRelayBehaviour(factory: RelayFactory): void {
  let relay: RelayUnderTest
  let counter = 0

  beforeAll(async () => {
    relay = await factory(SUITE_LIMITS)
  })
  afterAll(async () => {
    await relay.close()
  })

  async function newMailbox(): Promise<TestMailbox> {
    const keys = await generateMailboxKeyPair()
    const name = `mailbox-${Date.now().toString(36)}-${counter++}`
    const answer = await relay.fetch(`/m/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicKey: keys.publicKeyJwk })
    })
    expect(answer.status).toBe(201)
    const created = JSON.parse(answer.text) as CreatedMailbox
    return { ...created, keys, auth: { authorization: `Bearer ${created.pullToken}` } }
  }

  const post = (mailbox: TestMailbox, kind: string, body: string | Uint8Array, contentType?: string) =>
    relay.fetch(`/h/${mailbox.mailbox}/${mailbox.ingressSecret}/${kind}`, {
      method: 'POST',
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      body
    })

  async function pull(mailbox: TestMailbox, query = ''): Promise<EventsAnswer> {
    const answer = await relay.fetch(`/m/${mailbox.mailbox}/events${query}`, { headers: mailbox.auth })
    expect(answer.status, answer.text).toBe(200)
    return JSON.parse(answer.text) as EventsAnswer
  }

  const ack = (mailbox: TestMailbox, upTo: unknown) =>
    relay.fetch(`/m/${mailbox.mailbox}/ack`, {
      method: 'POST',
      headers: { ...mailbox.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ upTo })
    })

  const texts = async (mailbox: TestMailbox, events: RelayEvent[]): Promise<string[]> =>
    Promise.all(events.map(async (event) => (await openRelayEvent(mailbox.keys.privateKeyJwk, event)).text))

  async function untilPullWaits(mailbox: TestMailbox): Promise<void> {
    for (;;) {
      const health = JSON.parse(
        (await relay.fetch(`/m/${mailbox.mailbox}/health`, { headers: mailbox.auth })).text
      )
      if (health.pullsWaiting === 1) return
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  describe('mailboxes', () => {
    it('creates a mailbox once, giving its ingress URLs, secret and pull token only in that answer', async () => {
      const mailbox = await newMailbox()
      expect(mailbox.urls.incoming).toBe(
        `http://relay.test/h/${mailbox.mailbox}/${mailbox.ingressSecret}/incoming`
      )
      expect(mailbox.urls.device).toMatch(/\/device$/)
      expect(mailbox.ingressSecret).not.toBe(mailbox.pullToken)
      const again = await relay.fetch(`/m/${mailbox.mailbox}`, {
        method: 'PUT',
        body: JSON.stringify({ publicKey: mailbox.keys.publicKeyJwk })
      })
      expect(again.status).toBe(409)
      expect(again.text).not.toContain(mailbox.pullToken)
    })

    it('names a mailbox itself on POST /m', async () => {
      const keys = await generateMailboxKeyPair()
      const answer = await relay.fetch('/m', {
        method: 'POST',
        body: JSON.stringify({ publicKey: keys.publicKeyJwk })
      })
      expect(answer.status).toBe(201)
      const created = JSON.parse(answer.text) as CreatedMailbox
      expect(created.mailbox).toMatch(/^[A-Za-z0-9_-]{22}$/)
      const health = await relay.fetch(`/m/${created.mailbox}/health`, {
        headers: { authorization: `Bearer ${created.pullToken}` }
      })
      expect(health.status).toBe(200)
    })

    it('refuses a mailbox without a usable public key, or one that sends its private half', async () => {
      const keys = await generateMailboxKeyPair()
      for (const publicKey of [undefined, { kty: 'EC', crv: 'P-384' }, keys.privateKeyJwk, 'not a key']) {
        const answer = await relay.fetch(`/m/refused-${counter++}`, {
          method: 'PUT',
          body: JSON.stringify({ publicKey })
        })
        expect(answer.status).toBe(400)
      }
      const badName = await relay.fetch('/m/short', {
        method: 'PUT',
        body: JSON.stringify({ publicKey: keys.publicKeyJwk })
      })
      expect(badName.status).toBe(400)
    })

    it('deletes a mailbox with its events for the pull-token holder only', async () => {
      const mailbox = await newMailbox()
      await post(mailbox, 'incoming', incomingMessage('A1', 'hi'), 'application/json')
      expect((await relay.fetch(`/m/${mailbox.mailbox}`, { method: 'DELETE' })).status).toBe(401)
      expect(
        (await relay.fetch(`/m/${mailbox.mailbox}`, { method: 'DELETE', headers: mailbox.auth })).status
      ).toBe(204)
      expect(await relay.storedRows(mailbox.mailbox)).toEqual([])
      expect((await post(mailbox, 'incoming', incomingMessage('A2', 'hi'), 'application/json')).status).toBe(
        404
      )
    })
  })

  it('takes a public JWK with extra members (it keeps only x, y), and refuses a creation body over 16 KB', async () => {
    const keys = await generateMailboxKeyPair()
    const padded = { ...keys.publicKeyJwk, note: 'x'.repeat(4000), key_ops: [], ext: true }
    const name = `padded-key-${counter++}`
    const answer = await relay.fetch(`/m/${name}`, {
      method: 'PUT',
      body: JSON.stringify({ publicKey: padded })
    })
    expect(answer.status).toBe(201)
    const created = JSON.parse(answer.text) as CreatedMailbox
    const mailbox: TestMailbox = { ...created, keys, auth: { authorization: `Bearer ${created.pullToken}` } }
    await post(mailbox, 'incoming', incomingMessage('K1', 'x'), 'application/json')
    const [event] = (await pull(mailbox)).events
    expect((await openRelayEvent(keys.privateKeyJwk, event!)).text).toBe(incomingMessage('K1', 'x'))
    const huge = await relay.fetch(`/m/padded-key-${counter++}`, {
      method: 'PUT',
      body: JSON.stringify({ publicKey: { ...keys.publicKeyJwk, note: 'x'.repeat(20_000) } })
    })
    expect(huge.status).toBe(400)
  })

  describe('ingress', () => {
    it('answers 200 with an empty text/plain body and stores each kind, JSON and form alike', async () => {
      const mailbox = await newMailbox()
      const json = await post(mailbox, 'incoming', incomingMessage('M1', 'Halo'), 'application/json')
      expect(json.status).toBe(200)
      expect(json.text).toBe('')
      expect(json.headers.get('content-type')).toMatch(/^text\/plain/)
      const form = 'id=5be46e84&phone=62812&status=read&note=&deviceId=A0HDJU'
      expect((await post(mailbox, 'tracking', form, 'application/x-www-form-urlencoded')).status).toBe(200)
      const device = JSON.stringify({
        deviceId: 'A0HDJU',
        status: 'disconnected',
        note: 'need scan qr code again'
      })
      expect((await post(mailbox, 'device', device, 'application/json; charset=utf-8')).status).toBe(200)
      const multipart = '--xyz\r\nContent-Disposition: form-data; name="id"\r\n\r\nM9\r\n--xyz--\r\n'
      expect((await post(mailbox, 'incoming', multipart, 'multipart/form-data; boundary=xyz')).status).toBe(
        200
      )

      const answer = await pull(mailbox)
      expect(answer.events.map((event) => [event.seq, event.kind])).toEqual([
        [1, 'incoming'],
        [2, 'tracking'],
        [3, 'device'],
        [4, 'incoming']
      ])
      expect(answer.head).toBe(4)
      const opened = await Promise.all(
        answer.events.map((e) => openRelayEvent(mailbox.keys.privateKeyJwk, e))
      )
      expect(opened.map((event) => event.text)).toEqual([
        incomingMessage('M1', 'Halo'),
        form,
        device,
        multipart
      ])
      expect(opened.map((event) => event.contentType)).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-8',
        'multipart/form-data; boundary=xyz'
      ])
      expect(answer.events[1]?.size).toBe(form.length)
    })

    it('takes a JSON body posted without a content type or labelled text/plain', async () => {
      const mailbox = await newMailbox()
      // A Uint8Array body gets no content type from fetch (a string would be labelled text/plain).
      const unlabelled = new TextEncoder().encode(incomingMessage('M2', 'x'))
      expect((await post(mailbox, 'incoming', unlabelled)).status).toBe(200)
      expect((await post(mailbox, 'incoming', incomingMessage('M3', 'y'), 'text/plain')).status).toBe(200)
      const events = (await pull(mailbox)).events
      const opened = await Promise.all(
        events.map((event) => openRelayEvent(mailbox.keys.privateKeyJwk, event))
      )
      expect(opened.map((event) => event.contentType)).toEqual(['application/json', 'text/plain'])
    })

    it('answers 404 with an empty body to a wrong secret, an unknown mailbox or kind, and stores nothing', async () => {
      const mailbox = await newMailbox()
      const body = incomingMessage('M3', 'x')
      const attempts = [
        `/h/${mailbox.mailbox}/${mailbox.ingressSecret.slice(0, -1)}x/incoming`,
        `/h/${mailbox.mailbox}/${mailbox.pullToken}/incoming`,
        `/h/nobody-here-at-all/${mailbox.ingressSecret}/incoming`,
        `/h/${mailbox.mailbox}/${mailbox.ingressSecret}/outgoing`,
        `/h/${mailbox.mailbox}/${mailbox.ingressSecret}`
      ]
      for (const path of attempts) {
        const answer = await relay.fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body
        })
        expect([path, answer.status, answer.text]).toEqual([path, 404, ''])
      }
      expect((await pull(mailbox)).head).toBe(0)
    })

    it('refuses garbage with an empty body and stores none of it', async () => {
      const mailbox = await newMailbox()
      const refusals: [string | Uint8Array, string | undefined, number][] = [
        ['{"id": "M4", "message": ', 'application/json', 400],
        [Uint8Array.of(0xff, 0xfe, 0x00, 0x7b), 'application/json', 400],
        ['', 'application/json', 400],
        ['hello', 'text/plain', 415],
        ['<xml/>', 'application/xml', 415],
        [new TextEncoder().encode('not json'), undefined, 415],
        ['--x\r\n', 'multipart/form-data', 400]
      ]
      for (const [body, type, status] of refusals) {
        const answer = await post(mailbox, 'incoming', body, type)
        expect([type, answer.status, answer.text]).toEqual([type, status, ''])
      }
      expect((await pull(mailbox)).head).toBe(0)
    })

    it('refuses a body over 256 KB with 413 and an empty body, and takes one of exactly 256 KB', async () => {
      const mailbox = await newMailbox()
      const exactly = JSON.stringify('a'.repeat(256 * 1024 - 2))
      const over = JSON.stringify('a'.repeat(256 * 1024 - 1))
      const refused = await post(mailbox, 'incoming', over, 'application/json')
      expect([refused.status, refused.text]).toEqual([413, ''])
      expect((await pull(mailbox)).head).toBe(0)
      expect((await post(mailbox, 'incoming', exactly, 'application/json')).status).toBe(200)
      expect((await pull(mailbox)).events[0]?.size).toBe(256 * 1024)
    })

    it('stores the same message posted twice as two events (the desktop dedupes by message id)', async () => {
      const mailbox = await newMailbox()
      const body = incomingMessage('3EB0C767D26A1B0C', 'Pesan sekali')
      expect((await post(mailbox, 'incoming', body, 'application/json')).status).toBe(200)
      expect((await post(mailbox, 'incoming', body, 'application/json')).status).toBe(200)
      const answer = await pull(mailbox)
      expect(answer.events.map((event) => event.seq)).toEqual([1, 2])
      expect(await texts(mailbox, answer.events)).toEqual([body, body])
    })
  })

  describe('egress', () => {
    it('refuses a missing or wrong bearer, and another mailbox token, with 401 and asks for Bearer', async () => {
      const mailbox = await newMailbox()
      const other = await newMailbox()
      for (const headers of [
        {},
        { authorization: `Bearer ${mailbox.pullToken}x` },
        { authorization: mailbox.pullToken },
        { authorization: `Bearer ${mailbox.ingressSecret}` },
        other.auth
      ]) {
        for (const route of ['events', 'health']) {
          const answer = await relay.fetch(`/m/${mailbox.mailbox}/${route}`, { headers })
          expect(answer.status).toBe(401)
          expect(answer.headers.get('www-authenticate')).toBe('Bearer')
        }
      }
      expect((await relay.fetch(`/m/never-made-box/events`, { headers: mailbox.auth })).status).toBe(401)
    })

    it('pages through events after a cursor with a limit', async () => {
      const mailbox = await newMailbox()
      for (let i = 1; i <= 5; i++)
        await post(mailbox, 'incoming', incomingMessage(`P${i}`, `m${i}`), 'application/json')
      expect((await pull(mailbox, '?after=0&limit=2')).events.map((e) => e.seq)).toEqual([1, 2])
      expect((await pull(mailbox, '?after=2&limit=2')).events.map((e) => e.seq)).toEqual([3, 4])
      const last = await pull(mailbox, '?after=4&limit=2')
      expect([last.events.map((e) => e.seq), last.head]).toEqual([[5], 5])
      expect((await pull(mailbox, '?after=5')).events).toEqual([])
      const bad = await relay.fetch(`/m/${mailbox.mailbox}/events?after=-1`, { headers: mailbox.auth })
      expect(bad.status).toBe(400)
      const zero = await relay.fetch(`/m/${mailbox.mailbox}/events?limit=0`, { headers: mailbox.auth })
      expect(zero.status).toBe(400)
    })

    it('answers a cursor from the future with 409 and the head, so the desktop learns the relay lost ground', async () => {
      const mailbox = await newMailbox()
      await post(mailbox, 'incoming', incomingMessage('F1', 'x'), 'application/json')
      const answer = await relay.fetch(`/m/${mailbox.mailbox}/events?after=7`, { headers: mailbox.auth })
      expect(answer.status).toBe(409)
      expect(JSON.parse(answer.text)).toMatchObject({ error: 'cursor_ahead', head: 1 })
    })

    it('deletes acknowledged events and keeps the sequence going, and refuses an ack beyond the head', async () => {
      const mailbox = await newMailbox()
      for (let i = 1; i <= 3; i++)
        await post(mailbox, 'incoming', incomingMessage(`K${i}`, 'x'), 'application/json')
      const ahead = await ack(mailbox, 4)
      expect(ahead.status).toBe(409)
      expect(JSON.parse(ahead.text)).toMatchObject({ error: 'ack_ahead', head: 3 })
      expect((await pull(mailbox)).events).toHaveLength(3)

      const first = await ack(mailbox, 2)
      expect(first.status).toBe(200)
      expect(JSON.parse(first.text)).toMatchObject({ acknowledged: 2, head: 3, storage: { events: 1 } })
      expect((await pull(mailbox)).events.map((e) => e.seq)).toEqual([3])
      expect(JSON.parse((await ack(mailbox, 2)).text)).toMatchObject({ acknowledged: 0 })
      await ack(mailbox, 3)
      expect((await relay.storedRows(mailbox.mailbox)).length).toBe(0)

      await post(mailbox, 'incoming', incomingMessage('K4', 'x'), 'application/json')
      expect((await pull(mailbox, '?after=3')).events.map((e) => e.seq)).toEqual([4])
      for (const upTo of [-1, 1.5, '2', null]) expect((await ack(mailbox, upTo)).status).toBe(400)
    })

    it('reports health: head, waiting, oldest receipt, storage', async () => {
      const mailbox = await newMailbox()
      await post(mailbox, 'tracking', 'id=1&status=sent', 'application/x-www-form-urlencoded')
      const answer = await relay.fetch(`/m/${mailbox.mailbox}/health`, { headers: mailbox.auth })
      expect(answer.status).toBe(200)
      const health = JSON.parse(answer.text)
      expect(health).toMatchObject({
        ok: true,
        head: 1,
        waiting: 1,
        retentionMs: RETENTION_MS,
        pullsWaiting: 0
      })
      expect(health.oldestReceivedAt).toBe(health.lastIngressAt)
      expect(health.storage).toMatchObject({ cap: 4096, nearFull: false, full: false, events: 1 })
    })
  })

  describe('long-poll', () => {
    it('wakes a waiting pull when an event arrives', async () => {
      const mailbox = await newMailbox()
      const waiting = pull(mailbox, '?after=0&wait=20')
      await untilPullWaits(mailbox)
      await post(mailbox, 'incoming', incomingMessage('W1', 'bangun'), 'application/json')
      const answer = await waiting
      expect(await texts(mailbox, answer.events)).toEqual([incomingMessage('W1', 'bangun')])
    })

    it('answers an empty page when the wait runs out', async () => {
      const mailbox = await newMailbox()
      const waiting = pull(mailbox, '?after=0&wait=5')
      await untilPullWaits(mailbox)
      await relay.advance(mailbox.mailbox, 5_000)
      expect((await waiting).events).toEqual([])
    })
  })

  describe('storage cap', () => {
    it('says nearFull before the cap bites, then refuses posts with 503 and an empty body, and takes them after an ack', async () => {
      const mailbox = await newMailbox()
      const body = (i: number) => incomingMessage(`C${i}`, 'x'.repeat(900))
      expect((await post(mailbox, 'incoming', body(1), 'application/json')).status).toBe(200)
      expect((await pull(mailbox)).storage).toMatchObject({ nearFull: false, full: false })
      expect((await post(mailbox, 'incoming', body(2), 'application/json')).status).toBe(200)
      const near = (await pull(mailbox)).storage
      expect(near).toMatchObject({ nearFull: true, full: false, cap: 4096 })
      expect(near.used).toBeGreaterThanOrEqual(2048)
      let posted = 2
      let refused = await post(mailbox, 'incoming', body(++posted), 'application/json')
      while (refused.status === 200)
        refused = await post(mailbox, 'incoming', body(++posted), 'application/json')
      expect([refused.status, refused.text, refused.headers.get('retry-after')]).toEqual([503, '', '600'])
      const full = await pull(mailbox)
      expect(full.storage).toMatchObject({ full: true, refusedWhileFull: 1 })
      expect(full.events).toHaveLength(posted - 1)

      await ack(mailbox, full.head)
      expect((await post(mailbox, 'incoming', body(posted), 'application/json')).status).toBe(200)
    })
  })

  describe('retention', () => {
    it('purges unacknowledged events 14 days old when maintenance falls due, and keeps younger ones', async () => {
      const mailbox = await newMailbox()
      await post(mailbox, 'incoming', incomingMessage('R1', 'old'), 'application/json')
      const receivedAt = (await pull(mailbox)).events[0]!.receivedAt
      expect(await relay.scheduledMaintenance(mailbox.mailbox)).toBeLessThanOrEqual(receivedAt + RETENTION_MS)
      await relay.advance(mailbox.mailbox, 10 * DAY_MS)
      await post(mailbox, 'incoming', incomingMessage('R2', 'young'), 'application/json')

      await relay.advance(mailbox.mailbox, RETENTION_MS - 10 * DAY_MS - 1)
      await relay.maintain(mailbox.mailbox)
      expect((await pull(mailbox)).events.map((e) => e.seq)).toEqual([1, 2])

      // Due at receivedAt + 14 days exactly, when the host was told to purge it.
      await relay.advance(mailbox.mailbox, 1)
      await relay.maintain(mailbox.mailbox)
      const answer = await pull(mailbox)
      expect(answer.events.map((e) => e.seq)).toEqual([2])
      expect(answer.head).toBe(2)
      expect(answer.storage.events).toBe(1)
    })
  })

  describe('restart', () => {
    it('loses nothing received before a restart and carries the sequence on', async () => {
      const mailbox = await newMailbox()
      await post(mailbox, 'incoming', incomingMessage('S1', 'before'), 'application/json')
      await post(mailbox, 'tracking', 'id=S1&status=read', 'application/x-www-form-urlencoded')
      await ack(mailbox, 1)
      await relay.restart()
      await post(mailbox, 'incoming', incomingMessage('S2', 'after'), 'application/json')
      const answer = await pull(mailbox)
      expect(answer.events.map((e) => e.seq)).toEqual([2, 3])
      expect(await texts(mailbox, answer.events)).toEqual([
        'id=S1&status=read',
        incomingMessage('S2', 'after')
      ])
    })
  })

  describe('rate limits', () => {
    it('answers egress over the limit with 429 and Retry-After, and lets it through once time passes', async () => {
      const mailbox = await newMailbox()
      let answer = await relay.fetch(`/m/${mailbox.mailbox}/events`, { headers: mailbox.auth })
      let allowed = 0
      while (answer.status === 200) {
        allowed++
        answer = await relay.fetch(`/m/${mailbox.mailbox}/events`, { headers: mailbox.auth })
      }
      expect(allowed).toBe(30)
      expect(answer.status).toBe(429)
      expect(answer.headers.get('retry-after')).toBe('1')
      await relay.advance(mailbox.mailbox, 1_000)
      expect((await relay.fetch(`/m/${mailbox.mailbox}/events`, { headers: mailbox.auth })).status).toBe(200)
    })

    it('answers ingress over the limit with 429, an empty body and Retry-After, without storing', async () => {
      const mailbox = await newMailbox()
      const track = () => post(mailbox, 'tracking', 'id=1&status=sent', 'application/x-www-form-urlencoded')
      let answer = await track()
      let stored = 0
      while (answer.status === 200) {
        // Acknowledged as they come, so the small storage cap of the suite is not what stops them.
        if (++stored % 10 === 0) await ack(mailbox, stored)
        answer = await track()
      }
      expect([answer.status, answer.text, answer.headers.get('retry-after')]).toEqual([429, '', '1'])
      expect(stored).toBe(30)
      expect((await pull(mailbox)).head).toBe(30)
      await relay.advance(mailbox.mailbox, 1_000)
      expect((await track()).status).toBe(200)
    })
  })

  describe('rotation', () => {
    const rotate = (mailbox: TestMailbox, body: unknown) =>
      relay.fetch(`/m/${mailbox.mailbox}/rotate`, {
        method: 'POST',
        headers: mailbox.auth,
        body: JSON.stringify(body)
      })

    it('takes old and new ingress secrets alike through the grace period, and retires an old pull token at once', async () => {
      const mailbox = await newMailbox()
      const answer = await rotate(mailbox, { ingressSecret: true, pullToken: true })
      expect(answer.status).toBe(200)
      const rotated = JSON.parse(answer.text) as {
        ingressSecret: string
        pullToken: string
        urls: CreatedMailbox['urls']
      }
      expect(rotated.urls.tracking).toContain(rotated.ingressSecret)
      const renewed: TestMailbox = {
        ...mailbox,
        ingressSecret: rotated.ingressSecret,
        auth: { authorization: `Bearer ${rotated.pullToken}` }
      }
      expect((await relay.fetch(`/m/${mailbox.mailbox}/events`, { headers: mailbox.auth })).status).toBe(401)

      // The operator sets the new tracking URL by API first; the device-status URL, by hand, later.
      expect(
        (await post(renewed, 'tracking', 'id=N1&status=sent', 'application/x-www-form-urlencoded')).status
      ).toBe(200)
      expect(
        (await post(mailbox, 'device', '{"deviceId":"A0HDJU","status":"connected"}', 'application/json'))
          .status
      ).toBe(200)
      await relay.advance(mailbox.mailbox, 60 * 60 * 1000 - 1)
      expect(
        (await post(mailbox, 'incoming', incomingMessage('O2', 'old url'), 'application/json')).status
      ).toBe(200)
      await relay.advance(mailbox.mailbox, 1)
      expect(
        (await post(mailbox, 'incoming', incomingMessage('O3', 'too late'), 'application/json')).status
      ).toBe(404)
      expect(
        (await post(renewed, 'incoming', incomingMessage('N2', 'new url'), 'application/json')).status
      ).toBe(200)
      expect((await pull(renewed)).events.map((event) => event.kind)).toEqual([
        'tracking',
        'device',
        'incoming',
        'incoming'
      ])
    })

    it('stops the old ingress secret at once when asked for no grace (a leaked URL)', async () => {
      const mailbox = await newMailbox()
      const answer = await rotate(mailbox, { ingressSecret: true, graceSeconds: 0 })
      expect(JSON.parse(answer.text)).not.toHaveProperty('pullToken')
      expect(
        (await post(mailbox, 'incoming', incomingMessage('G1', 'leaked'), 'application/json')).status
      ).toBe(404)
      for (const body of [{}, { pullToken: 'yes' }, { ingressSecret: true, graceSeconds: -1 }]) {
        expect((await rotate(mailbox, body)).status).toBe(400)
      }
    })

    // The fault: the relay takes a rotation, then the desktop dies (or its keychain write fails) before it keeps the
    // answer. A token the desktop proposed (and wrote down, encrypted, before asking) is one it already holds, so the
    // lost answer locks nothing out: a retry under either token finds the rotation done.
    it('takes a proposed pull token idempotently: a lost answer is retried under the new token, nothing pulled twice or lost', async () => {
      const mailbox = await newMailbox()
      await post(mailbox, 'incoming', incomingMessage('P1', 'sebelum'), 'application/json')
      const proposed = 'N'.repeat(22) + '-_' + 'a'.repeat(19)
      expect(proposed).toHaveLength(43)
      // A long-poll let in under the old token before the rotation answers what arrives after it.
      const first = await pull(mailbox, '?after=0')
      expect(await texts(mailbox, first.events)).toEqual([incomingMessage('P1', 'sebelum')])
      const waiting = pull(mailbox, '?after=1&wait=20')
      await untilPullWaits(mailbox)

      const answer = await rotate(mailbox, { pullToken: proposed })
      expect([answer.status, JSON.parse(answer.text)]).toEqual([200, { pullToken: proposed }])
      await post(mailbox, 'incoming', incomingMessage('P2', 'selama'), 'application/json')
      const held = await waiting
      expect(await texts(mailbox, held.events)).toEqual([incomingMessage('P2', 'selama')])

      // The answer was lost: the desktop's retry under the old token is refused, under the proposed one it is the same.
      expect((await rotate(mailbox, { pullToken: proposed })).status).toBe(401)
      const renewed: TestMailbox = { ...mailbox, auth: { authorization: `Bearer ${proposed}` } }
      const retried = await rotate(renewed, { pullToken: proposed })
      expect([retried.status, JSON.parse(retried.text)]).toEqual([200, { pullToken: proposed }])

      // What the old token pulled is acknowledged under the new one; each event is handed out once past the cursor.
      expect((await ack(renewed, 2)).status).toBe(200)
      await post(mailbox, 'incoming', incomingMessage('P3', 'sesudah'), 'application/json')
      const after = await pull(renewed, '?after=2')
      expect(await texts(mailbox, after.events)).toEqual([incomingMessage('P3', 'sesudah')])
      expect((await relay.fetch(`/m/${mailbox.mailbox}/events`, { headers: mailbox.auth })).status).toBe(401)
    })

    // The same fault for the ingress secret: the relay took the proposed secret, the answer was lost. Asked again
    // with the same proposal, the relay answers the same and changes nothing: the old secret keeps the grace period
    // the first rotation gave it (a retry never lengthens it), and the secret before it is not brought back.
    it('takes a proposed ingress secret idempotently: a lost answer retried is the same answer, the old secret retired on the first grace', async () => {
      const mailbox = await newMailbox()
      const proposed = 'S'.repeat(21) + '_-' + 'b'.repeat(20)
      expect(proposed).toHaveLength(43)
      const answer = await rotate(mailbox, { ingressSecret: proposed })
      expect(answer.status, answer.text).toBe(200)
      const rotated = JSON.parse(answer.text) as { ingressSecret: string; urls: CreatedMailbox['urls'] }
      expect(rotated.ingressSecret).toBe(proposed)
      expect(rotated.urls.incoming).toBe(mailbox.urls.incoming.replace(mailbox.ingressSecret, proposed))
      const renewed: TestMailbox = { ...mailbox, ingressSecret: proposed }

      await relay.advance(mailbox.mailbox, 30 * 60 * 1000)
      const retried = await rotate(mailbox, { ingressSecret: proposed })
      expect([retried.status, JSON.parse(retried.text)]).toEqual([200, rotated])
      expect(
        (await post(mailbox, 'incoming', incomingMessage('R1', 'old url'), 'application/json')).status
      ).toBe(200)
      // The grace ends an hour after the first rotation, not after the retry.
      await relay.advance(mailbox.mailbox, 30 * 60 * 1000)
      expect(
        (await post(mailbox, 'incoming', incomingMessage('R2', 'too late'), 'application/json')).status
      ).toBe(404)
      expect(
        (await post(renewed, 'incoming', incomingMessage('R3', 'new url'), 'application/json')).status
      ).toBe(200)
      expect(await texts(mailbox, (await pull(mailbox)).events)).toEqual([
        incomingMessage('R1', 'old url'),
        incomingMessage('R3', 'new url')
      ])
    })

    it('a retried proposal may stop the old ingress secret at once (a leak found meanwhile), never extend it', async () => {
      const mailbox = await newMailbox()
      const proposed = 'L'.repeat(43)
      expect((await rotate(mailbox, { ingressSecret: proposed })).status).toBe(200)
      expect((await rotate(mailbox, { ingressSecret: proposed, graceSeconds: 0 })).status).toBe(200)
      expect(
        (await post(mailbox, 'incoming', incomingMessage('L1', 'leaked'), 'application/json')).status
      ).toBe(404)
      expect((await rotate(mailbox, { ingressSecret: proposed, graceSeconds: 86400 })).status).toBe(200)
      expect(
        (await post(mailbox, 'incoming', incomingMessage('L2', 'leaked'), 'application/json')).status
      ).toBe(404)
      for (const ingressSecret of ['short', 'x'.repeat(44), `${'x'.repeat(42)}/`, false]) {
        const refused = await rotate(mailbox, { ingressSecret })
        expect([refused.status, JSON.parse(refused.text).error]).toEqual([400, 'bad_rotation'])
      }
    })

    it('refuses a proposed pull token that is not 32 bytes of base64url, and keeps the old one', async () => {
      const mailbox = await newMailbox()
      for (const pullToken of [
        'short',
        'x'.repeat(42),
        'x'.repeat(44),
        `${'x'.repeat(42)}=`,
        `${'x'.repeat(42)}/`
      ]) {
        const answer = await rotate(mailbox, { pullToken })
        expect([answer.status, JSON.parse(answer.text).error]).toEqual([400, 'bad_rotation'])
      }
      expect((await pull(mailbox)).events).toEqual([])
    })
  })

  describe('encryption', () => {
    it('stores only ciphertext: no stored column holds the body, its words or its content type', async () => {
      const mailbox = await newMailbox()
      const secretWords = 'Nomor rekening saya 1234567890 atas nama Siti'
      await post(mailbox, 'incoming', incomingMessage('E1', secretWords), 'application/json')
      await post(
        mailbox,
        'tracking',
        `id=E1&status=read&note=${encodeURIComponent(secretWords)}`,
        'application/x-www-form-urlencoded'
      )
      const rows = await relay.storedRows(mailbox.mailbox)
      expect(rows).toHaveLength(2)
      const fragments = ['1234567890', 'Siti', 'rekening', 'pushName', 'application/', 'status=read']
      // The envelope is read as the bytes it stands for: its base64url text is random letters, which once held
      // "Siti" by chance (a run of this stop's suite).
      const stored = JSON.stringify(rows.map(({ envelope: _envelope, ...columns }) => columns))
      for (const fragment of fragments) expect(stored).not.toContain(fragment)
      for (const row of rows) {
        const envelope = Buffer.from(String(row.envelope), 'base64url')
        for (const fragment of fragments) expect(envelope.includes(Buffer.from(fragment))).toBe(false)
        expect(envelope[0]).toBe(1)
      }
      expect(Object.keys(rows[0]!).sort()).toEqual([
        'envelope',
        'kind',
        'mailbox',
        'received_at',
        'seq',
        'size'
      ])
    })

    it('refuses to open a tampered envelope, a swapped kind or time, or another mailbox key', async () => {
      const mailbox = await newMailbox()
      await post(mailbox, 'incoming', incomingMessage('T1', 'x'), 'application/json')
      const [event] = (await pull(mailbox)).events
      const bytes = Buffer.from(event!.envelope, 'base64url')
      bytes[bytes.length - 20]! ^= 0x01
      const tampered = { ...event!, envelope: bytes.toString('base64url') }
      await expect(openRelayEvent(mailbox.keys.privateKeyJwk, tampered)).rejects.toThrow(/tampered/)
      await expect(
        openRelayEvent(mailbox.keys.privateKeyJwk, { ...event!, kind: 'tracking' })
      ).rejects.toThrow(/tampered/)
      await expect(
        openRelayEvent(mailbox.keys.privateKeyJwk, { ...event!, receivedAt: event!.receivedAt + 1 })
      ).rejects.toThrow(/tampered/)
      const stranger = await generateMailboxKeyPair()
      await expect(openRelayEvent(stranger.privateKeyJwk, event!)).rejects.toThrow(/tampered/)
      await expect(openRelayEvent(mailbox.keys.privateKeyJwk, event!)).resolves.toMatchObject({
        contentType: 'application/json'
      })
    })
  })
}
