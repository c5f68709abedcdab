// `sender-desk device …` in its words: a restart says what the gateway said (the endpoint only when it was the
// legacy reconnect), a QR saved to a file says where.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox, SandboxControl } from '@sender-desk/sandbox-gateway'
import { describeDeviceInfo, describeRestart } from './device-commands'
import { computerTimeZone } from '../../shared/domain'
import { runCli, sandboxForCli } from './testing/in-process'

let work: string
let sandbox: Sandbox
let control: SandboxControl
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sd-device-cli-'))
  ;({ sandbox, control, env } = await sandboxForCli(join(work, 'data'), { seed: 3 }))
})

afterAll(async () => {
  await sandbox?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('device info', () => {
  it('gives the expiry, a time on the gateway’s clock, on the computer’s clock with the zone named', async () => {
    const run = await runCli(['device', 'info'], env)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(
      new RegExp(`^Expires: \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(${computerTimeZone()}\\)$`, 'm')
    )
    const info = {
      name: null,
      serial: 'NFURMJ',
      sender: null,
      quota: null,
      expiresAt: '2027-11-30 08:38:52',
      active: true,
      connection: 'connected' as const,
      statusText: 'connected',
      note: null,
      shape: 'current' as const
    }
    expect(describeDeviceInfo(info, 'UTC')).toContain('Expires: 2027-11-30 01:38 (UTC)')
    expect(describeDeviceInfo({ ...info, expiresAt: null }, 'UTC')).toContain('Expires: unknown')
  })
})

describe('device restart', () => {
  it('prints the gateway’s line, without naming the endpoint that answered', async () => {
    const run = await runCli(['device', 'restart'], env)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/restart device \S+ success/)
    expect(run.stdout).not.toContain('via')
  })

  it('says so plainly when the gateway only had the legacy reconnect', () => {
    const message = 'device successfully reconnected'
    expect(describeRestart({ via: 'restart', message, deviceId: null })).toBe(message)
    expect(describeRestart({ via: 'reconnect', message, deviceId: '7' })).toBe(
      `${message} (this gateway has no restart: the device was reconnected instead)`
    )
  })
})

describe('device qr --out', () => {
  it('says where it saved the QR code', async () => {
    const { token } = await control.createDevice({ linked: false })
    const file = join(work, 'qr.png')
    const run = await runCli(['device', 'qr', '--out', file], { ...env, SENDER_DESK_TOKEN: token })
    expect(run.code, run.stderr).toBe(0)
    expect(existsSync(file)).toBe(true)
    expect(run.stdout).toContain(`Saved the QR code to ${file}`)
  })
})
