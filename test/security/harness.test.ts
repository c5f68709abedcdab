/**
 * Attack: a web page posing as another site drives the test harness's WebSocket (uploading local files by path),
 * or a malformed URL or message takes the harness down. Outcome: foreign or missing Origins are refused (403), a
 * request naming a file path is refused like the Electron preload refuses it, malformed requests get a 400, and
 * the server keeps serving.
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { CoreEvents } from '../../src/main/core/core-events'
import type { ApiHandlers } from '../../src/main/core/ipc-dispatch'
import { startContractServer, type ContractServer } from '../harness/contract-server'

const INDEX = `<!doctype html><html><head></head><body><script type="module" src="./app.js"></script></body></html>`

let server: ContractServer
const registered: unknown[] = []

beforeEach(async () => {
  registered.length = 0
  const dir = await mkdtemp(join(tmpdir(), 'sd-harness-attack-'))
  await writeFile(join(dir, 'index.html'), INDEX)
  const handlers: Partial<ApiHandlers> = {
    'devices:list': async () => ({ devices: [] }),
    'files:register': async (req) => {
      registered.push(req)
      return { files: [], rejected: [] }
    }
  }
  server = await startContractServer({
    handlers: handlers as ApiHandlers,
    events: new CoreEvents(),
    rendererDir: dir
  })
})
afterEach(async () => server.close())

function connect(origin: string | undefined): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/__harness/socket`, origin ? { origin } : {})
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

function ask(ws: WebSocket, message: string): Promise<unknown> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))))
    ws.send(message)
  })
}

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the harness WebSocket', () => {
  it('refuses a page from another origin, and a client with no Origin', async () => {
    await expect(connect('https://evil.example')).rejects.toThrow('HTTP 403')
    await expect(connect(`http://localhost:${server.port + 1}`)).rejects.toThrow('HTTP 403')
    await expect(connect(undefined)).rejects.toThrow('HTTP 403')
  })

  it('refuses file paths from the page like the preload; bytes (real File objects) still register', async () => {
    const ws = await connect(`http://127.0.0.1:${server.port}`)
    const byPath = JSON.stringify({
      id: 1,
      channel: 'files:register',
      request: { sources: [{ kind: 'path', path: '/etc/passwd' }] }
    })
    expect(await ask(ws, byPath)).toMatchObject({
      id: 1,
      result: { ok: false, error: { code: 'forbidden' } }
    })
    expect(registered).toEqual([])
    const byBytes = JSON.stringify({
      id: 2,
      channel: 'files:register',
      request: { sources: [{ kind: 'bytes', name: 'a.png', dataBase64: 'iVBORw0KGgo=' }] }
    })
    expect(await ask(ws, byBytes)).toMatchObject({ id: 2, result: { ok: true } })
    expect(registered).toHaveLength(1)
    ws.close()
  })

  it('answers a malformed message with a 400 reply and keeps the connection', async () => {
    const ws = await connect(`http://127.0.0.1:${server.port}`)
    expect(await ask(ws, '{not json')).toMatchObject({
      id: null,
      result: { ok: false, error: { code: 'bad_request' } }
    })
    expect(await ask(ws, JSON.stringify({ id: 'x', channel: 7 }))).toMatchObject({ result: { ok: false } })
    expect(await ask(ws, JSON.stringify({ id: 3, channel: 'devices:list', request: {} }))).toMatchObject({
      id: 3,
      result: { ok: true }
    })
    ws.close()
  })
})

describe('the harness HTTP server', () => {
  it('answers a malformed URL with 400 and keeps serving', async () => {
    expect(await get('/%E0%A4%A')).toBe(400)
    expect(await get('/%')).toBe(400)
    expect(await get('/')).toBe(200)
  })
})
