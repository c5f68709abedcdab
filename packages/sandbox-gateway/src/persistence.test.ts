// The state file: saved before answering, owner-only, atomic, and a full round trip through a restart.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TestClock } from './test-clock'
import { startSandboxInProcess as startSandbox } from './in-process'
import type { DeviceSnapshot } from './world-interface'
import { WorldStore } from './world-store'
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

  it('SQLite: requests that arrive together are saved in one transaction, each before its answer', async () => {
    const data = join(dir, 'data')
    const t = await openSandbox({ dataDir: data, timings })
    const saves = vi.spyOn(WorldStore.prototype, 'save')
    const reader = new Database(join(data, 'world.sqlite'), { readonly: true })
    try {
      const { token } = t.sandbox.world.createDevice({ linked: true, quota: 'unlimited' })
      await new Promise((resolve) => setImmediate(resolve))
      saves.mockClear()
      const bodies = Array.from({ length: 24 }, (_, n) =>
        form({ phone: `08123456${String(n).padStart(3, '0')}`, message: `together ${n}` }).toString()
      )
      const answers = await postTogether(t.sandbox.baseUrl, '/api/send-message', token, bodies, (answer) => {
        // Read the moment this answer is in, before the others are: its message is in the file already.
        const id = (JSON.parse(answer) as { data: { messages: { id: string }[] } }).data.messages[0]!.id
        return reader.prepare('SELECT id FROM messages WHERE id = ?').get(id) !== undefined
      })
      expect(answers).toEqual(bodies.map(() => true))
      // One save a request before (24): now one for the requests handled in the same turn of the event loop.
      expect(saves.mock.calls.length).toBeLessThan(bodies.length / 2)
    } finally {
      reader.close()
      saves.mockRestore()
      await t.close()
    }
  })
  it('SQLite: a save that fails fails the requests that waited for it, and is reported when none did', async () => {
    const reported: unknown[] = []
    const t = await openSandbox({
      dataDir: join(dir, 'data'),
      timings,
      onUnexpectedError: (e) => reported.push(e)
    })
    const saves = vi.spyOn(WorldStore.prototype, 'save')
    try {
      const { token } = t.sandbox.world.createDevice({ linked: true })
      await new Promise((resolve) => setImmediate(resolve))
      saves.mockImplementationOnce(() => {
        throw new Error('disk full')
      })
      // A change outside any request (a test, the clock): nobody to answer, so it is reported.
      t.sandbox.world.createDevice()
      await new Promise((resolve) => setImmediate(resolve))
      expect(reported.map(String)).toEqual(['Error: disk full'])

      saves.mockImplementationOnce(() => {
        throw new Error('disk full again')
      })
      const res = await t.call('/api/send-message', {
        token,
        method: 'POST',
        body: form({ phone: '0812345678', message: 'not saved' })
      })
      // The client is not told "accepted" for what was not saved (reported once, by the request's own handler).
      expect(res.status).toBe(500)
      expect(reported.map(String)).toEqual(['Error: disk full', 'Error: disk full again'])
    } finally {
      saves.mockRestore()
      await t.close()
    }
  })
})

/**
 * POSTs each body on a connection of its own, all written in one go once the server has every connection (so it
 * reads them in the same turn), and gives each answer's JSON body to `onAnswer` as it arrives.
 */
async function postTogether<T>(
  baseUrl: string,
  path: string,
  token: string,
  bodies: string[],
  onAnswer: (json: string) => T
): Promise<T[]> {
  const port = Number(new URL(baseUrl).port)
  const sockets = await Promise.all(
    bodies.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket))
          socket.once('error', reject)
        })
    )
  )
  // Node's server takes one waiting connection a turn of its event loop: every connection in before the requests go.
  for (let turn = 0; turn < 4 * bodies.length; turn++) await new Promise((resolve) => setImmediate(resolve))
  const answers = sockets.map(
    (socket) =>
      new Promise<T>((resolve, reject) => {
        let text = ''
        socket.setEncoding('utf8')
        socket.on('data', (chunk: string) => (text += chunk))
        socket.once('end', () => resolve(onAnswer(text.slice(text.indexOf('\r\n\r\n') + 4))))
        socket.once('error', reject)
      })
  )
  sockets.forEach((socket, n) =>
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${token}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${Buffer.byteLength(bodies[n]!)}\r\nConnection: close\r\n\r\n${bodies[n]}`
    )
  )
  return Promise.all(answers)
}
