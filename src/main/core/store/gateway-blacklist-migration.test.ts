// The migration that moves each device's blacklist record out of the one settings entry both processes rewrote, into a
// row per device and number: a device that had the whole list is not sent it again, and what it still had to take
// off stays to be taken off.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from './database'
import { GatewayBlacklistStore } from './gateway-blacklist-store'
import { migrations } from './migrations'

const dir = mkdtempSync(join(tmpdir(), 'gateway-blacklist-migration-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it("carries each device's record over as rows and drops the settings entry", () => {
  const step = migrations.findIndex((m) =>
    m.name.startsWith('opt-outs: what each gateway blacklist was given')
  )
  expect(step).toBeGreaterThan(0)
  const old = openDatabase({ dataDir: dir, migrations: migrations.slice(0, step) })
  const optOut = old.prepare('INSERT INTO opt_outs (phone, source, added_at) VALUES (?, ?, ?)')
  optOut.run('6281111', 'operator', 1_000)
  optOut.run('6282222', 'keyword', 2_000)
  old.prepare("INSERT INTO settings (key, value) VALUES ('optouts.gatewayBlacklists', ?)").run(
    JSON.stringify({
      shop: { listPushed: true, toRemove: ['6289999'] },
      depot: { listPushed: false, toRemove: ['6288888'] }
    })
  )
  old.close()

  const db = openDatabase({ dataDir: dir })
  const store = new GatewayBlacklistStore(db)
  expect([...store.onGateway('shop')].sort()).toEqual(['6281111', '6282222', '6289999'])
  expect([...store.onGateway('depot')]).toEqual(['6288888'])
  expect(
    db.prepare("SELECT COUNT(*) FROM settings WHERE key = 'optouts.gatewayBlacklists'").pluck().get()
  ).toBe(0)
  db.close()
})
