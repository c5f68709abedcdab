// The media fetcher against a real HTTP server on 127.0.0.1: a customer's file is downloaded once into private
// storage, cut off above the cap (declared or mid-stream), refused off the device's gateway, given up on a 404,
// retried after a timeout, resumed after a restart, and typed from its bytes when it is an image.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeClock } from '../clock'
import { InboxConversationsStore, InboxStore, openDatabase, type SqliteDatabase } from '../store'
import { newInboxMessage } from '../store/testing/new-inbox-message'
import { createMediaFetcher, inboxMediaDir, type MediaFetcher, type MediaFetcherDeps } from './media-fetcher'

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64'
)

type Handler = (req: IncomingMessage, res: ServerResponse) => void

let dir: string
let db: SqliteDatabase
let server: Server
let origin: string
let handler: Handler
let hits: string[]
let fetcher: MediaFetcher | null
let clock: FakeClock
let messageCount: number

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-media-'))
  db = openDatabase({ dataDir: dir })
  hits = []
  fetcher = null
  clock = new FakeClock()
  messageCount = 0
  handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) })
    res.end(PNG)
  }
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await fetcher?.stop()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A customer's message with a file, committed as the sync commits a page. */
function receive(url: string, media: { type?: string; file?: string; mime?: string } = {}): number {
  const store = new InboxStore(db)
  const i = messageCount++
  store.commit(
    'box',
    i,
    i + 1,
    [
      {
        identity: `incoming:${i}`,
        kind: 'incoming',
        seq: i + 1,
        receivedAt: 1_000 + i,
        payload: {},
        applied: true,
        message: newInboxMessage(`m${i}`, {
          text: 'caption',
          messageType: media.type ?? 'image',
          mediaUrl: url,
          mediaFile: media.file ?? 'photo.png',
          mediaMime: media.mime ?? 'image/png'
        })
      }
    ],
    0
  )
  return store.messages({ limit: 1 })[0]!.number
}

function start(overrides: Partial<MediaFetcherDeps> = {}): MediaFetcher {
  fetcher = createMediaFetcher({
    db,
    fetch: (url, init) => fetch(url, init),
    clock,
    dataDir: dir,
    maxBytes: () => 1024 * 1024,
    gatewayOriginOf: (device) => (device.deviceSerial === 'SER-1' ? origin : null),
    options: { timeoutMs: 5_000, backoffMs: [1_000, 2_000] },
    ...overrides
  })
  fetcher.start()
  return fetcher
}

const stateOf = (number: number): string | undefined => fetcher?.media(number)?.state
const mediaFiles = (): string[] =>
  existsSync(inboxMediaDir(dir)) ? readdirSync(inboxMediaDir(dir)).sort() : []

describe('the media fetcher', () => {
  it('downloads a file once into a private file, typed from its bytes, and reads it back', async () => {
    const number = receive(`${origin}/image/photo.png`)
    const f = start()
    await vi.waitFor(() => expect(stateOf(number)).toBe('fetched'))
    f.wake()
    f.wake()
    await f.stop()
    expect(hits).toEqual(['/image/photo.png'])
    expect(f.media(number)).toMatchObject({ state: 'fetched', bytes: PNG.length, type: 'image/png' })
    const read = await f.read(number)
    expect(read?.bytes.equals(PNG)).toBe(true)
    expect(mediaFiles()).toEqual([String(number)])
    if (process.platform !== 'win32')
      expect(statSync(join(inboxMediaDir(dir), String(number))).mode & 0o777).toBe(0o600)
  })

  it('never renders as an image what is not one by its bytes, whatever the header says', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    }
    const number = receive(`${origin}/image/x.png`)
    start()
    await vi.waitFor(() => expect(stateOf(number)).toBe('fetched'))
    expect(fetcher?.media(number)?.type).toBe('application/octet-stream')
  })

  it('stops a download that goes over the cap mid-stream, and keeps nothing of it', async () => {
    handler = (_req, res) => {
      // No content-length: only counting the stream can tell.
      res.writeHead(200, { 'content-type': 'video/mp4' })
      const chunk = Buffer.alloc(64 * 1024)
      let sent = 0
      const more = (): void => {
        while (sent < 40) {
          sent++
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end()
      }
      more()
    }
    const number = receive(`${origin}/video/big.mp4`, { type: 'video', file: 'big.mp4', mime: 'video/mp4' })
    start({ maxBytes: () => 256 * 1024 })
    await vi.waitFor(() => expect(stateOf(number)).toBe('too_large'))
    expect(fetcher?.media(number)?.bytes).toBeGreaterThan(256 * 1024)
    expect(mediaFiles()).toEqual([])
    expect(await fetcher?.read(number)).toBeNull()
  })

  it('does not start a download whose declared length is over the cap', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(5_000_000) })
      res.write(Buffer.alloc(1024))
    }
    const number = receive(`${origin}/document/a.pdf`, {
      type: 'document',
      file: 'a.pdf',
      mime: 'application/pdf'
    })
    start()
    await vi.waitFor(() => expect(stateOf(number)).toBe('too_large'))
    expect(fetcher?.media(number)?.bytes).toBe(5_000_000)
    expect(mediaFiles()).toEqual([])
  })

  it('refuses a URL off the receiving device gateway, not http(s), or from a device not ours, without a request', async () => {
    const elsewhere = receive('http://169.254.169.254/latest/meta-data')
    const file = receive('file:///etc/passwd')
    const f = start()
    await vi.waitFor(() => expect([stateOf(elsewhere), stateOf(file)]).toEqual(['refused', 'refused']))
    expect(f.media(elsewhere)?.note).toMatch(/^other-origin/)
    expect(f.media(file)?.note).toMatch(/^not-http/)
    await f.stop()
    const unknown = receive(`${origin}/image/photo.png`)
    start({ gatewayOriginOf: () => null })
    await vi.waitFor(() => expect(stateOf(unknown)).toBe('refused'))
    expect(fetcher?.media(unknown)?.note).toMatch(/^unknown-device/)
    expect(hits).toEqual([])
  })

  it('gives up at once on a 404, and tries again when the operator asks', async () => {
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end('{"status":false,"message":"file not found"}')
    }
    const number = receive(`${origin}/image/gone.png`)
    const f = start()
    await vi.waitFor(() => expect(stateOf(number)).toBe('failed'))
    expect(f.media(number)?.note).toBe('HTTP 404')
    expect(hits).toHaveLength(1)
    handler = (_req, res) => res.end(PNG)
    expect(f.retry(number)).toBe(true)
    await vi.waitFor(() => expect(stateOf(number)).toBe('fetched'))
    expect(f.retry(number)).toBe(false)
  })

  it('retries a download that times out, after the backoff, and fails once the retries are used up', async () => {
    handler = () => undefined // never answers
    const number = receive(`${origin}/image/slow.png`)
    const f = start()
    await vi.waitFor(() => expect(hits).toHaveLength(1))
    await clock.advance(5_000)
    await vi.waitFor(() =>
      expect(f.media(number)).toMatchObject({ state: 'pending', attempts: 1, note: 'timed out' })
    )
    await clock.advance(1_000)
    await vi.waitFor(() => expect(hits).toHaveLength(2))
    handler = (_req, res) => res.end(PNG)
    await clock.advance(5_000)
    await vi.waitFor(() => expect(f.media(number)?.attempts).toBe(2))
    await clock.advance(2_000)
    await vi.waitFor(() => expect(stateOf(number)).toBe('fetched'))
    expect(hits).toHaveLength(3)
  })

  it('retries a 503 with backoff and fails for good after the last one', async () => {
    handler = (_req, res) => {
      res.writeHead(503)
      res.end()
    }
    const number = receive(`${origin}/image/busy.png`)
    start()
    await vi.waitFor(() => expect(fetcher?.media(number)?.attempts).toBe(1))
    await clock.advance(1_000)
    await vi.waitFor(() => expect(fetcher?.media(number)?.attempts).toBe(2))
    await clock.advance(2_000)
    await vi.waitFor(() => expect(stateOf(number)).toBe('failed'))
    expect(hits).toHaveLength(3)
  })

  it('resumes after a restart what was pending, and removes files no message owns', async () => {
    handler = () => undefined
    const number = receive(`${origin}/image/photo.png`)
    start()
    await vi.waitFor(() => expect(hits).toHaveLength(1))
    await fetcher!.stop()
    expect(stateOf(number)).toBe('pending')
    // A stray: a file left by a message that is gone, and a half-written temp file.
    mkdirSync(inboxMediaDir(dir), { recursive: true })
    writeFileSync(join(inboxMediaDir(dir), '999'), 'old')
    writeFileSync(join(inboxMediaDir(dir), `${number}.abcd.part`), 'half')
    handler = (_req, res) => res.end(PNG)
    start()
    await vi.waitFor(() => expect(stateOf(number)).toBe('fetched'))
    expect(hits).toHaveLength(2)
    await vi.waitFor(() => expect(mediaFiles()).toEqual([String(number)]))
  })

  it('leaves no file for a message deleted while its download ran, and never lends its name to a newer one', async () => {
    let release: () => void = () => undefined
    handler = (_req, res) => {
      release = () => res.end(PNG)
    }
    const number = receive(`${origin}/image/photo.png`)
    const f = start()
    await vi.waitFor(() => expect(hits).toHaveLength(1))
    const conversations = new InboxConversationsStore(db)
    expect(conversations.delete(conversations.list({ limit: 1 })[0]!.id, 5_000)).toMatchObject({
      messages: 1
    })
    // The next customer's file, while the first download still runs: its message must not be named like the first.
    handler = (_req, res) => res.end(PNG)
    const next = receive(`${origin}/image/next.png`)
    expect(next).toBeGreaterThan(number)
    release()
    f.wake()
    await vi.waitFor(() => expect(stateOf(next)).toBe('fetched'))
    await f.stop()
    expect(stateOf(number)).toBeUndefined()
    expect(mediaFiles()).toEqual([String(next)])
  })

  it('fetches each of many files exactly once, also when woken while busy', async () => {
    const numbers = Array.from({ length: 5 }, (_, i) => receive(`${origin}/image/p${i}.png`))
    const f = start()
    for (let i = 0; i < 10; i++) f.wake()
    await vi.waitFor(() => expect(numbers.map(stateOf)).toEqual(numbers.map(() => 'fetched')))
    expect(hits.sort()).toEqual([
      '/image/p0.png',
      '/image/p1.png',
      '/image/p2.png',
      '/image/p3.png',
      '/image/p4.png'
    ])
  })
})
