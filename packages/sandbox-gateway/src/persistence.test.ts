// The state file: saved before answering, owner-only, atomic, and a full round trip through a restart.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TestClock } from './test-clock'
import { startSandboxInProcess as startSandbox } from './in-process'
import type { DeviceSnapshot } from './world-interface'
import { form, openSandbox } from './sandbox-fixture'

let dir: string
let stateFile: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'))
  stateFile = join(dir, 'nested', 'world.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const timings = { sentAfterMs: 1_000, deliveredAfterMs: 1_000, readAfterMs: 1_000 }

describe('state file', () => {
  it('holds an accepted message by the time the client gets the answer, mode 0600, no temporary left', async () => {
    const t = await openSandbox({ stateFile, timings })
    try {
      const { token } = t.sandbox.world.createDevice({ linked: true })
      const res = await t.call('/api/send-message', {
        token,
        method: 'POST',
        body: form({ phone: '0812345678', message: 'x', ref_id: 'k1' })
      })
      const id: string = res.body.data.messages[0].id
      const saved = JSON.parse(readFileSync(stateFile, 'utf8'))
      expect(saved.messages.map((m: { id: string }) => m.id)).toEqual([id])
      expect(saved.acceptedLog).toMatchObject([{ messageId: id, refId: 'k1' }])
      expect(statSync(stateFile).mode & 0o777).toBe(0o600)
      // Beside it only the lock of the running sandbox.
      expect(readdirSync(join(dir, 'nested')).sort()).toEqual(['world.json', 'world.json.lock'])
    } finally {
      await t.close()
    }
  })

  it.each([
    ['a JSON state file', () => ({ stateFile })],
    ['SQLite in the data folder', () => ({ dataDir: join(dir, 'data') })]
  ])(
    'round trip through %s: devices, messages, schedules, incoming and the accept log survive; due work happens on load',
    async (_name, store) => {
      const clock = new TestClock('2026-01-15T03:00:00Z')
      const first = await openSandbox({ ...store(), timings, clock })
      const world = first.sandbox.world
      const { token, serial } = world.createDevice({ linked: true, quota: 10, secret: 's3cret' })
      const qrDevice = world.createDevice()
      await first.call('/api/send-message', {
        token: `${token}.s3cret`,
        method: 'POST',
        body: form({ phone: '0812345678', message: 'before' })
      })
      await first.call('/api/schedule', {
        token: `${token}.s3cret`,
        method: 'POST',
        body: form({
          phone: '0812345679',
          message: 'later',
          date: '2026-01-15',
          time: '10:30:00',
          timezone: 'Asia/Jakarta'
        })
      })
      world.deliverIncoming(token, { from: '0812000111', message: 'hi there' })
      await first.call(`/api/device/scan?token=${qrDevice.token}`)
      world.goOffline(token)
      const devicesBefore = world.devices()
      const logBefore = world.acceptedLog()
      await first.close()

      // An hour later: the schedule came due while the sandbox was down; the device is still offline.
      const later = new TestClock('2026-01-15T04:00:00Z')
      const second = await startSandbox({ ...store(), timings, clock: later })
      try {
        const reloaded = second.world
        const comparable = (d: DeviceSnapshot): DeviceSnapshot => ({ ...d, qr: null, quota: 0 })
        expect(reloaded.devices().map(comparable)).toEqual(devicesBefore.map(comparable))
        // The schedule that came due took its quota.
        expect(reloaded.device(token).quota).toBe(8)
        expect(reloaded.device(qrDevice.token).state).toBe('qr-shown')
        expect(reloaded.incoming(token)).toMatchObject([{ from: '62812000111', message: 'hi there' }])
        expect(reloaded.messages().map((m) => [m.text, m.status])).toEqual([
          ['before', 'pending'],
          ['later', 'pending']
        ])
        expect(reloaded.acceptedLog().slice(0, 1)).toEqual(logBefore)
        expect(reloaded.messages()[1]?.acceptedAt).toBe('2026-01-15T03:30:00.000Z')

        // The clock is re-armed for the reloaded messages once the device is back.
        reloaded.goOnline(token)
        await later.advance(3_000)
        expect(reloaded.messages().map((m) => m.status)).toEqual(['read', 'read'])

        // The seeded random carries on instead of starting over: no repeated serials.
        const next = reloaded.createDevice()
        expect(devicesBefore.map((d) => d.serial)).not.toContain(next.serial)
        const res = await fetch(`${second.baseUrl}/api/device/info`, {
          headers: { authorization: `${token}.s3cret` }
        })
        expect(((await res.json()) as { data: { serial: string } }).data.serial).toBe(serial)
      } finally {
        await second.close()
      }
    }
  )

  it('SQLite: an older world.json in the data folder is imported once, then kept as world.json.imported', async () => {
    const data = join(dir, 'data')
    const old = await openSandbox({ stateFile: join(data, 'world.json'), timings })
    const { token } = old.sandbox.world.createDevice({ linked: true })
    await old.call('/api/send-message', {
      token,
      method: 'POST',
      body: form({ phone: '0812345678', message: 'old' })
    })
    await old.close()
    const fresh = await startSandbox({ dataDir: data, timings, clock: new TestClock() })
    try {
      expect(fresh.world.messages().map((m) => m.text)).toEqual(['old'])
      expect(readdirSync(data).sort()).toEqual(
        expect.arrayContaining(['world.json.imported', 'world.sqlite'])
      )
      expect(statSync(join(data, 'world.sqlite')).mode & 0o777).toBe(0o600)
    } finally {
      await fresh.close()
    }
    const again = await startSandbox({ dataDir: data, timings, clock: new TestClock() })
    try {
      expect(again.world.messages().map((m) => m.text)).toEqual(['old'])
    } finally {
      await again.close()
    }
  })
})
