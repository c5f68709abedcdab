// The SQLite store saves increments: what one request changed, however old and large the world is.

import Database from 'better-sqlite3'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { TestClock } from './test-clock'
import { RandomSource } from './random-source'
import { StateFile } from './state-file'
import { WorldState, type MessageDraft } from './world'
import { DEFAULT_TIMINGS } from './world-interface'
import { WorldStore } from './world-store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-store-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const draft = (n: number): MessageDraft => ({
  phone: `62812${String(n).padStart(7, '0')}`,
  isGroup: false,
  kind: 'text',
  text: `m${n}`,
  fileName: null,
  url: null,
  fileBytes: null,
  refId: null
})

it('hands the store only what changed since the last save, and loads the whole world back', async () => {
  const clock = new TestClock('2026-01-15T03:00:00Z')
  const world = new WorldState(clock, RandomSource.seeded(1), DEFAULT_TIMINGS)
  const { token } = world.createDevice({ linked: true, quota: 'unlimited' })
  const device = world.deviceByToken(token)!
  const store = new WorldStore(join(dir, 'world.sqlite'))
  for (let i = 0; i < 2_000; i++) world.accept(device, [draft(i)], '/api/send-message')
  const first = world.takeChanges()
  expect([first.messages.length, first.acceptedLog.length]).toEqual([2_000, 2_000])
  store.save(first)

  // One more request: one message and one log entry to save, not the 2,001.
  world.accept(device, [draft(2_000)], '/api/send-message')
  const second = world.takeChanges()
  expect([second.messages.length, second.acceptedLog.length]).toEqual([1, 1])
  store.save(second)

  // A status step on the clock is a change too.
  await clock.advance(DEFAULT_TIMINGS.sentAfterMs)
  const stepped = world.takeChanges()
  expect(stepped.messages.every((message) => message.status === 'sent')).toBe(true)
  expect(stepped.messages).toHaveLength(2_001)
  store.save(stepped)
  expect(world.takeChanges().messages).toEqual([])

  const loaded = store.load()!.world
  expect(loaded.messages.map((m) => m.text)).toEqual(world.toJSON().messages.map((m) => m.text))
  expect(loaded.messages.every((m) => m.status === 'sent')).toBe(true)
  expect(loaded.acceptedLog).toHaveLength(2_001)
  store.close()
  world.dispose()
})

it('keeps the channel of a channel or SMS send through a save and a load', () => {
  const world = new WorldState(new TestClock('2026-01-15T03:00:00Z'), RandomSource.seeded(2), DEFAULT_TIMINGS)
  const { token } = world.createDevice({ linked: true, quota: 'unlimited' })
  const device = world.deviceByToken(token)!
  world.accept(device, [{ ...draft(1), phone: 'U4af4980629', channel: 'line' }], '/api/channel/line')
  world.accept(device, [{ ...draft(2), channel: 'sms' }], '/api/sms/send')
  world.accept(device, [draft(3)], '/api/send-message')
  const store = new WorldStore(join(dir, 'world.sqlite'))
  store.save(world.takeChanges())
  expect(store.load()!.world.messages.map((m) => [m.phone, m.channel])).toEqual([
    ['U4af4980629', 'line'],
    ['628120000002', 'sms'],
    ['628120000003', undefined]
  ])
  store.close()
  world.dispose()
})

it('sets aside a saved row that does not match its definition, keeps its raw text, and loads the rest', () => {
  const clock = new TestClock('2026-01-15T03:00:00Z')
  const world = new WorldState(clock, RandomSource.seeded(1), DEFAULT_TIMINGS)
  const { token } = world.createDevice({ linked: true })
  world.createDevice({ linked: true })
  world.accept(world.deviceByToken(token)!, [draft(1), draft(2)], '/api/send-message')
  const path = join(dir, 'world.sqlite')
  const store = new WorldStore(path)
  store.save(world.takeChanges())
  world.dispose()
  store.close()

  const db = new Database(path)
  const row = db.prepare('SELECT id, record FROM messages ORDER BY rowid').get() as {
    id: string
    record: string
  }
  const damagedMessage = JSON.stringify({ ...(JSON.parse(row.record) as object), status: 'lost-in-transit' })
  db.prepare('UPDATE messages SET record = ? WHERE id = ?').run(damagedMessage, row.id)
  // An update that tightened the device record: the first device no longer fits.
  const meta = JSON.parse(
    (db.prepare("SELECT value FROM meta WHERE key = 'world'").get() as { value: string }).value
  )
  const badSerial: string = meta.devices[0].serial
  meta.devices[0].quota = 'lots'
  db.prepare("UPDATE meta SET value = ? WHERE key = 'world'").run(JSON.stringify(meta))
  db.close()

  const reopened = new WorldStore(path)
  const loaded = reopened.load()!
  expect(loaded.world.messages.map((m) => m.text)).toEqual(['m2'])
  expect(loaded.world.devices).toHaveLength(1)
  expect(loaded.setAside).toEqual([
    {
      file: path,
      kind: 'device',
      id: badSerial,
      reason: expect.stringMatching(/^quota: /),
      keptIn: expect.any(String)
    },
    {
      file: path,
      kind: 'message',
      id: row.id,
      reason: expect.stringMatching(/^status: /),
      keptIn: expect.any(String)
    }
  ])
  // Words, not a dump of zod's issues.
  for (const entry of loaded.setAside) expect(entry.reason).not.toMatch(/[[{]\s*"/)
  // Moved, not deleted: the damaged table keeps the raw text, and a second load sets nothing aside again.
  expect(reopened.load()!.setAside).toEqual([])
  reopened.close()
  const check = new Database(path)
  const kept = check.prepare('SELECT kind, record_id, raw FROM damaged ORDER BY position').all()
  expect(kept).toEqual([
    { kind: 'device', record_id: badSerial, raw: expect.stringContaining('"lots"') },
    { kind: 'message', record_id: row.id, raw: damagedMessage }
  ])
  check.close()
})

it('sets aside the records of a JSON state file that do not match their definitions, into <file>.damaged.json', () => {
  const clock = new TestClock('2026-01-15T03:00:00Z')
  const world = new WorldState(clock, RandomSource.seeded(1), DEFAULT_TIMINGS)
  world.createDevice({ linked: true })
  world.createDevice({ linked: true })
  const saved = world.toJSON()
  world.dispose()
  const path = join(dir, 'world.json')
  const file = new StateFile(path)
  file.save(saved)
  expect(file.load()?.world.devices).toHaveLength(2)
  file.save({
    ...saved,
    devices: saved.devices.map((device, n) =>
      n === 0 ? { ...device, quota: 'lots' as unknown as number } : device
    )
  })
  const loaded = file.load()!
  expect(loaded.world.devices.map((d) => d.serial)).toEqual([saved.devices[1]!.serial])
  expect(loaded.setAside).toEqual([
    {
      file: path,
      kind: 'device',
      id: saved.devices[0]!.serial,
      reason: expect.stringMatching(/^quota: /),
      keptIn: `${path}.damaged.json`
    }
  ])
  const kept = JSON.parse(readFileSync(`${path}.damaged.json`, 'utf8'))
  expect(kept).toMatchObject([{ kind: 'device', raw: expect.stringContaining('"lots"') }])
  expect(file.load()!.setAside).toEqual([])
})
