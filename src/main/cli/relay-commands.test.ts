// `sender-desk relay serve` through `main(argv, env)`: it serves until asked to stop, then unlocks its folder; its
// usage errors exit 2.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { generateMailboxKeyPair, startNodeRelay } from '@sender-desk/inbox-relay'
import { main, USAGE } from './index'

let dataDir: string
let stdout: string
let stderr: string
let signalListeners: { SIGINT: unknown[]; SIGTERM: unknown[] }

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'relay-cli-'))
  stdout = ''
  stderr = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  signalListeners = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
})
afterEach(() => {
  vi.restoreAllMocks()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) {
      if (!signalListeners[signal].includes(listener)) process.removeListener(signal, listener)
    }
  }
  rmSync(dataDir, { recursive: true, force: true })
})

/** What main() added to wait for SIGTERM, called as the signal would (without signalling the test process). */
function sendStop(): void {
  for (const listener of process.listeners('SIGTERM')) {
    if (!signalListeners.SIGTERM.includes(listener)) (listener as () => void)()
  }
}

describe('sender-desk relay serve', () => {
  it('serves mailboxes on loopback until stopped, then lets the folder go', async () => {
    const running = main(['relay', 'serve', '--data-dir', dataDir, '--port', '0'], {
      SENDER_DESK_RELAY_CREATION_TOKEN: 'cli-creation-token'
    })
    await vi.waitFor(() => expect(stdout).toContain('\n'), { timeout: 10_000 })
    const { url } = JSON.parse(stdout.split('\n')[0]!) as { url: string }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(stderr).toContain('Press Ctrl+C to stop.')
    // Q30-04: without --public-url, the addresses it hands out are built from each request, as http://.
    expect(stderr).toMatch(/http:\/\/.*--public-url https:\/\//s)
    const keys = await generateMailboxKeyPair()
    const create = (authorization?: string) =>
      fetch(`${url}/m`, {
        method: 'POST',
        headers: authorization ? { authorization } : {},
        body: JSON.stringify({ publicKey: keys.publicKeyJwk })
      })
    expect((await create()).status).toBe(401)
    expect((await create('Bearer cli-creation-token')).status).toBe(201)

    sendStop()
    expect(await running).toBe(0)
    const again = await startNodeRelay({ dataDir })
    await again.close()
  })

  it('exits 2 without --data-dir, on a taken port, and on a folder another relay holds', async () => {
    expect(await main(['relay', 'serve'], {})).toBe(2)
    expect(stderr).toContain('--data-dir is required')

    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    expect(await main(['relay', 'serve', '--data-dir', dataDir, '--port', String(port)], {})).toBe(2)
    expect(stderr).toContain(`port ${port} is already in use`)
    await new Promise((resolve) => blocker.close(resolve))

    const holder = await startNodeRelay({ dataDir })
    expect(await main(['relay', 'serve', '--data-dir', dataDir], {})).toBe(2)
    expect(stderr).toContain('in use by another relay')
    await holder.close()
    expect(await main(['relay', 'nothing'], {})).toBe(2)
  })

  // QA30 Q30-04: behind a TLS proxy, a relay without --public-url handed out http:// webhook addresses (the ingress
  // secret in clear). Off this computer it does not start without one, and the one it is given must be https://.
  it('on a public host, needs an https:// --public-url, and then hands out https:// addresses', async () => {
    expect(await main(['relay', 'serve', '--data-dir', dataDir, '--host', '0.0.0.0'], {})).toBe(2)
    expect(stderr).toMatch(/--public-url/)
    stderr = ''
    const plain = ['relay', 'serve', '--data-dir', dataDir, '--public-url', 'http://relay.example.com']
    expect(await main(plain, {})).toBe(2)
    expect(stderr).toMatch(/--public-url must start with https:\/\//)
    stderr = ''

    const running = main(
      ['relay', 'serve', '--data-dir', dataDir, '--port', '0', '--public-url', 'https://relay.example.com'],
      {}
    )
    await vi.waitFor(() => expect(stdout).toContain('\n'), { timeout: 10_000 })
    const { url } = JSON.parse(stdout.split('\n')[0]!) as { url: string }
    expect(stderr).not.toMatch(/--public-url https:/)
    const keys = await generateMailboxKeyPair()
    const created = await fetch(`${url}/m`, {
      method: 'POST',
      body: JSON.stringify({ publicKey: keys.publicKeyJwk })
    })
    const { urls } = (await created.json()) as { urls: { incoming: string } }
    expect(urls.incoming).toMatch(/^https:\/\/relay\.example\.com\/h\//)
    sendStop()
    expect(await running).toBe(0)
  })

  // QA30 Q30-03: the relay README's Node steps did not run as written. Its usage line is the CLI's, and its start
  // command (with a test folder and port 0) starts a relay that hands out the README's https:// addresses.
  it("the relay README's usage and start command are the CLI's", async () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../packages/inbox-relay/README.md'), 'utf8')
    const usage = USAGE.split('\n')
      .find((line) => line.includes('relay serve'))!
      .trim()
    expect(readme).toContain(usage)
    const command =
      /`SENDER_DESK_RELAY_CREATION_TOKEN='<token>' node bin\/sender-desk\.js (relay serve [^`]+)`/.exec(
        readme
      )?.[1]
    expect(command).toBeDefined()
    const args = command!
      .split(' ')
      .map((word) => (word === '/var/lib/sender-desk-relay' ? dataDir : word === '8787' ? '0' : word))
    const running = main(args, { SENDER_DESK_RELAY_CREATION_TOKEN: 'readme-token' })
    await vi.waitFor(() => expect(stdout).toContain('\n'), { timeout: 10_000 })
    const { url } = JSON.parse(stdout.split('\n')[0]!) as { url: string }
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true })
    const keys = await generateMailboxKeyPair()
    const created = await fetch(`${url}/m`, {
      method: 'POST',
      headers: { authorization: 'Bearer readme-token' },
      body: JSON.stringify({ publicKey: keys.publicKeyJwk })
    })
    const { urls } = (await created.json()) as { urls: { incoming: string } }
    expect(urls.incoming.startsWith('https://relay.example.com/h/')).toBe(true)
    expect(readme).toContain('curl https://relay.example.com/healthz')
    sendStop()
    expect(await running).toBe(0)
  })
})
