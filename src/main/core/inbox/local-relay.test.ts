// The relay this computer runs for a trial with the sandbox: its origin alone is allowed, it comes back on its port
// only for a mailbox on it, a port taken since is an error unless the operator asks again, and only the app can make
// a mailbox on it.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalRelay } from './local-relay'

let dataDir: string
const opened: LocalRelay[] = []
const servers: Server[] = []

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-local-relay-'))
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((relay) => relay.close()))
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
  rmSync(dataDir, { recursive: true, force: true })
})

const relayIn = (dir: string): LocalRelay => {
  const relay = new LocalRelay(dir)
  opened.push(relay)
  return relay
}

const occupy = (port: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    servers.push(server)
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })

describe('the relay on this computer', () => {
  it('allows its own origin while it runs, no other loopback origin, and nothing once closed', async () => {
    const relay = relayIn(dataDir)
    expect(relay.allows('http://127.0.0.1:8787')).toBe(false)
    const { url } = await relay.ensure()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const port = Number(new URL(url).port)
    expect(relay.allows(url)).toBe(true)
    expect(relay.allows(`http://127.0.0.1:${port + 1}`)).toBe(false)
    expect(relay.allows(`http://localhost:${port}`)).toBe(false)
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    await relay.close()
    expect(relay.allows(url)).toBe(false)
  })

  it('makes mailboxes for the app alone: without its creation token the relay refuses', async () => {
    const { url, creationToken } = await relayIn(dataDir).ensure()
    const create = (token?: string) =>
      fetch(`${url}/m`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
        },
        body: JSON.stringify({ publicKeyJwk: { kty: 'EC' } })
      })
    expect((await create()).status).toBe(401)
    expect((await create('guess')).status).toBe(401)
    // With the token the request passes the lock (and is judged on its key instead).
    expect((await create(creationToken)).status).not.toBe(401)
  })

  it('comes back on the same port at the next start only for a mailbox on it', async () => {
    const first = relayIn(dataDir)
    const { url } = await first.ensure()
    await first.close()

    expect(await relayIn(dataDir).resumeFor(null)).toBe(false)
    expect(await relayIn(dataDir).resumeFor('https://relay.example.com')).toBe(false)
    const again = relayIn(dataDir)
    expect(await again.resumeFor(url)).toBe(true)
    expect((await again.ensure()).url).toBe(url)
    expect(again.allows(url)).toBe(true)
  })

  it('does not move off its port by itself; asked again, it takes a free one and remembers it', async () => {
    const first = relayIn(dataDir)
    const { url } = await first.ensure()
    await first.close()
    await occupy(Number(new URL(url).port))

    const next = relayIn(dataDir)
    await expect(next.resumeFor(url)).rejects.toMatchObject({ code: 'EADDRINUSE' })
    expect(next.allows(url)).toBe(false)
    const moved = await next.ensure({ anyPortIfTaken: true })
    expect(moved.url).not.toBe(url)
    await next.close()
    expect(await relayIn(dataDir).resumeFor(url)).toBe(false)
    expect(await relayIn(dataDir).resumeFor(moved.url)).toBe(true)
  })
})
