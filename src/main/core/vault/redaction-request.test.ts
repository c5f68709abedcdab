// A real failing request that carries the token (the gateway client to a closed loopback port): neither the
// redacting logger's output nor any error text the operator or the log sees may contain the token or secret.
import { createServer } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from '../gateway'
import { DeviceRegistry } from '../devices/registry'
import { MemoryVault } from './memory-vault'
import { SecretList, createRedactingLogger, describeForLog } from '../logging'

const TOKEN = 'Rt7yUi9oPa1sDf3gHj5kLz7xCv9bNm1qWe3rTy5uIo7pAs9dFg1hJk3lZx5cVb7n'
const SECRET = 'tgw6gVhz'

async function closedLoopbackPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'redaction-request-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('a failing request carrying the token', () => {
  it('leaves no token or secret in the error text or the log', async () => {
    const port = await closedLoopbackPort()
    const baseUrl = `http://127.0.0.1:${port}`
    const client = createGatewayClient({ baseUrl, token: TOKEN, secret: SECRET, timeoutMs: 5_000 })
    const error = await client.deviceInfo().then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toMatchObject({ code: 'network' })

    const secrets = new SecretList()
    secrets.add(TOKEN, SECRET)
    const lines: string[] = []
    const logger = createRedactingLogger((level, line) => lines.push(`${level} ${line}`), secrets)
    // What a careless caller would log: the URL with its ?token= and the whole error with its cause chain.
    logger.error(`GET ${baseUrl}/api/device/info?token=${TOKEN}.${SECRET} failed`, error, { token: TOKEN })
    const logged = lines.join('\n')
    expect(logged).toContain('ECONNREFUSED')
    expect(logged).not.toContain(TOKEN)
    expect(logged).not.toContain(SECRET)

    const errorTexts = [String(error), describeForLog(error), JSON.stringify(error)]
    for (const text of errorTexts) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(SECRET)
    }
  })

  it('adding a device at an unreachable address fails clearly, without the token in the message', async () => {
    const port = await closedLoopbackPort()
    const lines: string[] = []
    const secrets = new SecretList()
    const logger = createRedactingLogger((_level, line) => lines.push(line), secrets)
    const registry = await DeviceRegistry.open({
      file: join(dir, 'devices.json'),
      vault: new MemoryVault({ secrets }),
      clientFactory: (credentials) => createGatewayClient({ ...credentials, timeoutMs: 5_000 })
    })
    secrets.add(TOKEN, SECRET)
    const error = await registry
      .add({ label: 'Local', baseUrl: `http://127.0.0.1:${port}/api`, token: TOKEN, secret: SECRET })
      .then(
        () => null,
        (e: unknown) => e
      )
    expect(error).toMatchObject({ code: 'unreachable', field: 'baseUrl' })
    logger.warn('add failed', error)
    const texts = [String(error), describeForLog(error), ...lines]
    expect(texts.join('\n')).toContain(`127.0.0.1:${port}`)
    for (const text of texts) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(SECRET)
    }
  })
})
