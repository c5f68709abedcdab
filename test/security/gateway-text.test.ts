/**
 * Attack: a gateway (or something posing as one) echoes the device's token and secret key in the text it returns —
 * the device name, the serial, an error — split by a space, percent-escaped or base64-encoded, and adds terminal
 * escapes. Outcome: what the core keeps (device-states.json), returns (`devices:add`) and logs holds no readable part
 * of either; the CLI prints no control or bidi-override character (see src/main/cli/output.test.ts).
 */
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { describeCoreError } from '../../src/main/core/compose'
import { createGatewayClient } from '../../src/main/core/gateway'
import { createRedactingLogger } from '../../src/main/core/logging'
import { deviceInfo, report, SAMPLE_SECRET, SAMPLE_TOKEN } from '../../src/main/core/gateway/testing/samples'
import { startWireServer, type WireServer } from '../../src/main/core/gateway/testing/wire-server'
import { dispatchInvoke } from '../../src/main/core/ipc-dispatch'
import { composeCore, type Core } from '../../src/main/core/compose'
import { MemoryVault } from '../../src/main/core/vault'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'

let gateway: WireServer
beforeAll(async () => {
  gateway = await startWireServer()
})
afterAll(async () => {
  await gateway.close()
})

/** The device info a hostile gateway answers: the token split by a space in the name, other encodings elsewhere. */
function echoingDeviceInfo(): unknown {
  return {
    ...deviceInfo.current,
    data: {
      ...deviceInfo.current.data,
      name: `Toko ${SAMPLE_TOKEN.slice(0, 34)} ${SAMPLE_TOKEN.slice(34)}`,
      serial: encodeURIComponent(`${SAMPLE_TOKEN}.${SAMPLE_SECRET}`).replace(
        /[A-Z]/g,
        (c) => `%${c.charCodeAt(0).toString(16)}`
      ),
      sender: Buffer.from(`k=${SAMPLE_TOKEN}`).toString('base64')
    }
  }
}

/** Every 12-character run of the token, and the secret key, that can still be read in a text (spaces ignored). */
function leaks(text: string): string[] {
  const flat = decodeURIComponent(text.replace(/\s+/g, ''))
  const decoded = [
    flat,
    ...(flat.match(/[A-Za-z0-9+/=]{16,}/g) ?? []).map((b) => Buffer.from(b, 'base64').toString())
  ]
  const found: string[] = []
  for (let at = 0; at + 12 <= SAMPLE_TOKEN.length; at++) {
    const run = SAMPLE_TOKEN.slice(at, at + 12)
    if (decoded.some((form) => form.includes(run))) found.push(run)
  }
  if (decoded.some((form) => form.includes(SAMPLE_SECRET))) found.push(SAMPLE_SECRET)
  return found
}

describe('text from a gateway is data, redacted before it is kept, returned or logged', () => {
  let core: Core | undefined
  let dataDir: string | undefined
  afterEach(async () => {
    await core?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    core = undefined
    gateway.reset()
  })

  it('the client returns device info without the credentials it was called with', async () => {
    gateway.route('GET /api/device/info', { status: 200, body: echoingDeviceInfo() })
    const client = createGatewayClient({
      baseUrl: gateway.url,
      token: SAMPLE_TOKEN,
      secret: SAMPLE_SECRET,
      restartMemory: new Map()
    })
    const info = await client.deviceInfo()
    expect(leaks(JSON.stringify(info))).toEqual([])
    expect(info).toMatchObject({ name: 'Toko [redacted]' })
  })

  it('devices:add returns, and device-states.json keeps, no readable part of the token or secret', async () => {
    gateway.route('GET /api/device/info', { status: 200, body: echoingDeviceInfo() })
    // Adding a device also asks which report API it has.
    gateway.route('GET /api/report-realtime', { status: 200, body: report.message })
    dataDir = await mkdtemp(join(tmpdir(), 'sd-gateway-text-'))
    const logged: string[] = []
    core = await composeCore({
      dataDir,
      vault: new MemoryVault(),
      appInfo: { version: 'test', platform: 'test' },
      // Knows no secret itself: what reaches it must already have been redacted where the gateway's text came in.
      logger: createRedactingLogger(
        (_level, line) => logged.push(line),
        () => []
      ),
      pollIntervals: { idleMs: 60_000, linkingMs: 60_000, settlingMs: 60_000 }
    })
    await core.start()
    const added = await dispatchInvoke(
      core.handlers,
      'devices:add',
      { label: 'Kasir', baseUrl: gateway.url, token: SAMPLE_TOKEN, secret: SAMPLE_SECRET },
      { describeError: describeCoreError }
    )
    expect(added).toMatchObject({ ok: true })
    expect(leaks(JSON.stringify(added))).toEqual([])
    await core.stop()
    core = undefined
    const kept = await readFile(join(dataDir, 'device-states.json'), 'utf8')
    expect(kept).toContain('[redacted]')
    expect(leaks(kept)).toEqual([])
    expect(leaks(logged.join('\n'))).toEqual([])
  })
})
