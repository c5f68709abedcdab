// When a gateway reminder next goes out (QA47 Q47-06: Schedules says so), worked out from its start and period on the
// gateway's clock, as the gateway sends it: the start itself while it is ahead, then each period after it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase, ReminderStore, type ReminderRecord } from '../store'
import { GatewayReminders } from './gateway-reminders'

const dir = mkdtempSync(join(tmpdir(), 'gateway-reminders-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const record: ReminderRecord = {
  id: 'r-1',
  deviceId: 'dev-1',
  reminderId: '77',
  phone: '6281234567890',
  title: 'Kontrol gigi',
  message: 'Jadwal kontrol gigi Anda besok.',
  startLocal: '2026-12-02 08:00:00',
  periode: 'daily',
  customDay: null,
  timeZone: null,
  reminderType: 'daily: send every day',
  createdAt: 0,
  updatedAt: 0
}

it.each([
  {
    case: 'its start, while ahead',
    now: '2026-12-01T10:00:00Z',
    patch: {},
    next: '2026-12-02T01:00:00.000Z'
  },
  { case: 'the next day', now: '2026-12-05T02:00:00Z', patch: {}, next: '2026-12-06T01:00:00.000Z' },
  {
    case: 'every 5 days, on its own clock',
    now: '2026-12-03T00:00:00Z',
    patch: { periode: 'custom', customDay: 5, timeZone: 'Asia/Makassar' },
    next: '2026-12-07T00:00:00.000Z'
  },
  { case: 'no time it can read', now: '2026-12-01T10:00:00Z', patch: { startLocal: 'soon' }, next: null }
] as const)('gives the next time a reminder goes out: $case', ({ now, patch, next }) => {
  const db = openDatabase({ dataDir: dir })
  try {
    const reminders = new GatewayReminders(new ReminderStore(db), () => Date.parse(now))
    expect(reminders.nextAt({ ...record, ...patch })).toBe(next)
  } finally {
    db.close()
  }
})
