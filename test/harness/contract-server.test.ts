/** The harness transport validates like Electron's: bad channels and requests are refused, events are checked. */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { connect as connectTcp } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { ApiFailure, CoreEvents, type ApiHandlers } from '../../src/main/core/compose'
import { bridgeHash, rewriteIndex, startContractServer, type ContractServer } from './contract-server'
import { CONTENT_SECURITY_POLICY } from '../../src/shared/content-security-policy'

const INDEX = `<!doctype html><html><head></head><body><script type="module" src="./assets/app.js"></script></body></html>`

function fakeHandlers(): ApiHandlers {
  const handlers: Partial<ApiHandlers> = {
    'devices:list': async () => ({ devices: [] }),
    'devices:remove': async ({ id }) => {
      throw new ApiFailure('not_found', `No device ${id}`)
    },
    // Returns something the contract does not allow, to prove replies are validated too.
    'outbox:counts': async () => ({ total: 'many' }) as never
  }
  return handlers as ApiHandlers
}

async function connect(server: ContractServer): Promise<{ ws: WebSocket; next: () => Promise<unknown> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/__harness/socket`, {
    origin: `http://127.0.0.1:${server.port}`
  })
  const queue: unknown[] = []
  const waiters: Array<(value: unknown) => void> = []
  ws.on('message', (data) => {
    const value = JSON.parse(String(data))
    const waiter = waiters.shift()
    if (waiter) waiter(value)
    else queue.push(value)
  })
  await new Promise((resolve) => ws.once('open', resolve))
  return {
    ws,
    next: () =>
      queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiters.push(resolve))
  }
}

describe('harness contract server', () => {
  let server: ContractServer | undefined
  afterEach(async () => server?.close())

  it('closes (so SIGTERM ends the harness) while a refused WebSocket client keeps its socket open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sd-harness-'))
    await writeFile(join(dir, 'index.html'), INDEX)
    const running = await startContractServer({
      handlers: fakeHandlers(),
      events: new CoreEvents(),
      rendererDir: dir
    })
    // A client from another origin that reads the refusal and then simply never hangs up.
    const client = connectTcp(running.port, '127.0.0.1')
    client.write(
      `GET /__harness/socket HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`
    )
    const answer = await new Promise<string>((resolve) =>
      client.once('data', (chunk) => resolve(String(chunk)))
    )
    expect(answer).toMatch(/^HTTP\/1\.1 403/)
    client.on('end', () => undefined)
    client.allowHalfOpen = true
    // Close used to wait on this socket for ever. A hang fails here, not through a timing assertion.
    const closed = await Promise.race([
      running.close().then(() => 'closed'),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000))
    ])
    client.destroy()
    expect(closed).toBe('closed')
  })

  it('answers invokes through the contract and validates requests and replies', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sd-harness-'))
    await writeFile(join(dir, 'index.html'), INDEX)
    const events = new CoreEvents()
    server = await startContractServer({ handlers: fakeHandlers(), events, rendererDir: dir })
    const { ws, next } = await connect(server)

    ws.send(JSON.stringify({ id: 1, channel: 'devices:list', request: {} }))
    expect(await next()).toEqual({ id: 1, result: { ok: true, value: { devices: [] } } })

    ws.send(JSON.stringify({ id: 2, channel: 'devices:remove', request: { id: 'd1' } }))
    expect(await next()).toMatchObject({ id: 2, result: { ok: false, error: { code: 'not_found' } } })

    ws.send(JSON.stringify({ id: 3, channel: 'devices:remove', request: {} }))
    expect(await next()).toMatchObject({
      id: 3,
      result: { ok: false, error: { code: 'invalid_request', field: 'id' } }
    })

    ws.send(JSON.stringify({ id: 4, channel: 'shell:exec', request: {} }))
    expect(await next()).toMatchObject({ id: 4, result: { ok: false, error: { code: 'unknown_channel' } } })

    ws.send(JSON.stringify({ id: 5, channel: 'outbox:counts', request: {} }))
    expect(await next()).toMatchObject({ id: 5, result: { ok: false, error: { code: 'internal' } } })

    // A malformed event is dropped; a valid one is delivered.
    events.emit('outbox:bulkChanged', { count: 'x' } as never)
    events.emit('outbox:bulkChanged', { count: 3 })
    expect(await next()).toEqual({ event: 'outbox:bulkChanged', payload: { count: 3 } })
    ws.close()
  })

  it("takes a registered file's bytes from the binary frames sent before its request, as the bridge sends them", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sd-harness-'))
    await writeFile(join(dir, 'index.html'), INDEX)
    const received: unknown[] = []
    const handlers = {
      ...fakeHandlers(),
      'files:register': async (request: unknown) => {
        received.push(request)
        return { files: [], rejected: [] }
      }
    } as ApiHandlers
    server = await startContractServer({ handlers, events: new CoreEvents(), rendererDir: dir })
    const { ws, next } = await connect(server)
    const source = (name: string) => ({ kind: 'bytes', name, dataBase64: '' })

    ws.send(Buffer.from('Nama;No HP\r\n'))
    ws.send(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    ws.send(
      JSON.stringify({
        id: 1,
        channel: 'files:register',
        request: { sources: [source('a.csv'), source('b.png')], purpose: 'spreadsheet' },
        frames: 2
      })
    )
    expect(await next()).toEqual({ id: 1, result: { ok: true, value: { files: [], rejected: [] } } })
    expect(received).toEqual([
      {
        sources: [
          { kind: 'bytes', name: 'a.csv', dataBase64: Buffer.from('Nama;No HP\r\n').toString('base64') },
          { kind: 'bytes', name: 'b.png', dataBase64: 'iVBORw==' }
        ],
        purpose: 'spreadsheet'
      }
    ])

    // A count that does not match the frames sent is malformed, and the frames do not linger for the next request.
    ws.send(Buffer.from('stray'))
    ws.send(
      JSON.stringify({ id: 2, channel: 'files:register', request: { sources: [source('c.csv')] }, frames: 2 })
    )
    // Answered as the call it was (it waited for ever on a refusal with no id).
    expect(await next()).toMatchObject({ id: 2, result: { ok: false, error: { code: 'bad_request' } } })
    ws.send(
      JSON.stringify({ id: 3, channel: 'files:register', request: { sources: [source('d.csv')] }, frames: 1 })
    )
    expect(await next()).toMatchObject({ id: 3, result: { ok: false, error: { code: 'bad_request' } } })
    expect(received).toHaveLength(1)

    // As many files as the contract takes in one call (a drop of 150 hung at "Checking the files…": 100 at most).
    const many = Array.from({ length: 150 }, (_, i) => `f-${i}.jpg`)
    for (const name of many) ws.send(Buffer.from(name))
    ws.send(
      JSON.stringify({
        id: 4,
        channel: 'files:register',
        request: { sources: many.map(source) },
        frames: many.length
      })
    )
    expect(await next()).toEqual({ id: 4, result: { ok: true, value: { files: [], rejected: [] } } })
    expect((received[1] as { sources: { dataBase64: string }[] }).sources.at(-1)?.dataBase64).toBe(
      Buffer.from('f-149.jpg').toString('base64')
    )
    ws.close()
  })

  it('serves the page with the bridge first and the socket allowed by the CSP, and nothing outside the renderer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sd-harness-'))
    await writeFile(join(dir, 'index.html'), INDEX)
    await writeFile(join(dir, '..', 'secret.txt'), 'no')
    server = await startContractServer({
      handlers: fakeHandlers(),
      events: new CoreEvents(),
      rendererDir: dir
    })
    const response = await fetch(server.url)
    const page = await response.text()
    // The bridge inline, before the app's module (it stands in for the preload, which runs before the page).
    const inline = /<script data-socket="[^"]+">([\s\S]*?)<\/script>/.exec(page)
    expect(inline?.[1]).toContain('senderDesk')
    expect(page.indexOf(inline![0])).toBeLessThan(page.indexOf('type="module"'))
    // The window's release policy, as a header like app:// sends it, with only that script and the harness socket
    // let through.
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toBe(
      CONTENT_SECURITY_POLICY.replace(
        "script-src 'self'",
        `script-src 'self' '${bridgeHash(inline![1]!)}'`
      ).replace("connect-src 'none'", `connect-src ws://127.0.0.1:${server.port}/__harness/socket`)
    )
    expect((await fetch(`${server.url}..%2Fsecret.txt`)).status).toBe(403)
  })

  it('runs the bridge inline, so no fetch holds the window’s first question', () => {
    const page = rewriteIndex(INDEX, 1, 'window.bridge = 1')
    expect(page).toContain(
      '<script data-socket="ws://127.0.0.1:1/__harness/socket">window.bridge = 1</script>'
    )
    expect(page).not.toMatch(/<script[^>]*\ssrc="\/__harness/)
    expect(() => rewriteIndex(INDEX, 1, 'a = "</script>"')).toThrow(/cannot be inlined/)
  })

  it('refuses to rewrite a page without the app script', () => {
    expect(() => rewriteIndex('<html></html>', 1, '')).toThrow(/no module script/)
  })
})
