// The terminal beside the open app while a device is logged out (QA80 defect 5): `outbox flush`, `outbox list` and
// `device info` say what the window says of it (shared/device-status.ts's state, advice and waiting words), with the
// next step as a terminal command, not "2 items queued" as if they would go and the gateway's raw note alone.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { besideTheAppEachTest, listTheTerminalsDevice, runCli, runCliJson, until } from './testing/in-process'

const beside = besideTheAppEachTest('sd-logged-out-', { seed: 80 })

/** The app lists the terminal's device, checks it linked, then the phone logs out and its next check says so. */
async function loggedOutInTheApp(): Promise<string> {
  const { device } = await listTheTerminalsDevice(beside.app, beside.env)
  await beside.app.start()
  await beside.app.monitor.refresh(device.id)
  await until(() => beside.app.monitor.view(device.id).state === 'connected')
  await beside.control.act(String(beside.env['SENDER_DESK_TOKEN']), 'logout')
  await beside.app.monitor.refresh(device.id)
  await until(() => beside.app.monitor.view(device.id).state === 'needs-scan')
  // The monitor's file the terminal reads (written a moment after the state changes).
  await until(() => readFileSync(join(beside.dataDir, 'device-states.json'), 'utf8').includes('"needs-scan"'))
  return device.id
}

async function queueTwo(): Promise<void> {
  const queued = await runCli(
    ['send', 'text', '--to', '081234567081,081234567082', '--message', 'Promo dari CLI', '--queue'],
    beside.env
  )
  expect(queued.code, queued.stderr).toBe(0)
}

describe('a logged-out device, from the terminal while the app runs', () => {
  it('outbox flush says how many of the queued items cannot go now, why, and the command that relinks', async () => {
    await loggedOutInTheApp()
    await queueTwo()
    const flushed = await runCli(['outbox', 'flush', '--timeout', '3'], beside.env)
    expect(flushed.code, flushed.stderr).toBe(0)
    expect(flushed.stdout).toMatch(
      /Sender Desk is running \(pid \d+\) and sends the queue of its devices: 2 items queued for them\./
    )
    expect(flushed.stdout).toContain('2 of them cannot go now: Toko Quota is logged out.')
    expect(flushed.stdout).toContain(
      'The phone logged out of WhatsApp: relink it by scanning a new code with the same phone.'
    )
    expect(flushed.stdout).toContain('Next: sender-desk device qr --out qr.png')
    const json = await runCliJson(beside.env, ['outbox', 'flush', '--timeout', '3'])
    expect(json.json).toMatchObject({
      ok: true,
      appQueued: 2,
      cannotGoNow: [{ label: 'Toko Quota', state: 'needs-scan', items: 2 }]
    })
  }, 30_000)

  it('outbox list says why each queued item waits, as the window does', async () => {
    await loggedOutInTheApp()
    await queueTwo()
    const listed = await runCli(['outbox', 'list', '--status', 'queued,scheduled'], beside.env)
    expect(listed.code, listed.stderr).toBe(0)
    const waits = listed.stdout.split('\n').filter((line) => line.startsWith('  waiting: '))
    expect(waits, listed.stdout).toEqual([
      '  waiting: Toko Quota is logged out',
      '  waiting: Toko Quota is logged out'
    ])
  }, 30_000)

  it("device info says the state in the window's words, the next step as a command, the gateway's note apart", async () => {
    await loggedOutInTheApp()
    const info = await runCli(['device', 'info'], beside.env)
    expect(info.code, info.stderr).toBe(0)
    expect(info.stdout).toMatch(/^Device \S+.*: Needs a QR scan$/m)
    expect(info.stdout).toContain(
      'The phone logged out of WhatsApp: relink it by scanning a new code with the same phone.'
    )
    expect(info.stdout).toContain('Next: sender-desk device qr --out qr.png')
    expect(info.stdout).toMatch(/^The gateway said: .+$/m)
    expect(info.stdout).not.toMatch(/^Note: /m)
    const json = await runCliJson(beside.env, ['device', 'info'])
    expect(json.json).toMatchObject({ ok: true, state: 'needs-scan', stateName: 'Needs a QR scan' })
  }, 30_000)
})

/** The app lists the terminal's device, and is closed: its queue goes with a flush from the terminal. */
async function listedInTheClosedApp(): Promise<void> {
  await listTheTerminalsDevice(beside.app, beside.env)
}

async function queuedStatuses(): Promise<string[]> {
  const listed = await runCliJson(beside.env, ['outbox', 'list'])
  return (listed.json.items as { status: string }[]).map((item) => item.status)
}

// With the app closed the terminal's flush had no state to go by: it sent to a logged-out phone, each send refused.
describe('a logged-out device, flushed from the terminal with the app closed', () => {
  it('keeps its messages queued, sends and fails nothing, and says why and the command that relinks', async () => {
    await listedInTheClosedApp()
    await queueTwo()
    await beside.control.act(String(beside.env['SENDER_DESK_TOKEN']), 'logout')
    const flushed = await runCli(['outbox', 'flush', '--timeout', '5'], beside.env)
    expect(flushed.code, flushed.stderr).toBe(0)
    expect(flushed.stdout).toContain('Failed: 0')
    expect(flushed.stdout).toContain('Still to send: 2')
    expect(flushed.stdout).toContain('2 of them cannot go now: Toko Quota is logged out.')
    expect(flushed.stdout).toContain(
      'The phone logged out of WhatsApp: relink it by scanning a new code with the same phone.'
    )
    expect(flushed.stdout).toContain('Next: sender-desk device qr --out qr.png')
    expect(flushed.stdout).toContain('Then: sender-desk outbox flush')
    expect(flushed.stdout).not.toContain('Waiting: not-sendable')
    expect(await beside.control.messages()).toEqual([])
    expect(await queuedStatuses()).toEqual(['queued', 'queued'])
    const json = await runCliJson(beside.env, ['outbox', 'flush', '--timeout', '5'])
    expect(json.code).toBe(0)
    expect(json.json).toMatchObject({
      ok: true,
      accepted: 0,
      failed: 0,
      cannotGoNow: [{ label: 'Toko Quota', state: 'needs-scan', items: 2 }]
    })
    // Relinked as the next step says: the next flush sends them, each once.
    const qr = await runCli(['device', 'qr', '--out', join(beside.work, 'qr.png')], beside.env)
    expect(qr.code, qr.stderr).toBe(0)
    await beside.control.act(String(beside.env['SENDER_DESK_TOKEN']), 'scan')
    const again = await runCliJson(beside.env, ['outbox', 'flush', '--timeout', '10'])
    expect(again.json).toMatchObject({ ok: true, accepted: 2, failed: 0, cannotGoNow: [] })
    expect(await beside.control.messages()).toHaveLength(2)
  }, 30_000)

  it('a check that fails on the network: says so, keeps its messages queued and exits 4', async () => {
    await listedInTheClosedApp()
    await queueTwo()
    await beside.control.addFault({ path: '/api/device/info', kind: 'reset' })
    const flushed = await runCli(['outbox', 'flush', '--timeout', '5'], beside.env)
    expect(flushed.code, flushed.stderr).toBe(4)
    expect(flushed.stdout).toContain('2 of them cannot go now: the gateway is unreachable for Toko Quota.')
    expect(flushed.stdout).toContain('Sender Desk could not check Toko Quota before sending')
    expect(flushed.stderr).toMatch(/^sender-desk: outbox flush could not check Toko Quota at its gateway/m)
    expect(await beside.control.messages()).toEqual([])
    expect(await queuedStatuses()).toEqual(['queued', 'queued'])
  }, 30_000)
})
