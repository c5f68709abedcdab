// QA80 (6): `outbox list` printed a scheduled message as "scheduled 2026-12-07 22:02 (UTC)  for 2026-12-07 22:00
// (UTC)": the first time, when its status was set, read as the time it goes; one held for the operator's decision said
// nothing of it, and one the gateway keeps looked like one this computer keeps. Its line says its send time as the
// time, who keeps it (the domain's scheduleKeeper) and a hold by the overdue policy with how late, in the window's
// words for it (Schedules: "held, 4 min late").
import { describe, expect, it } from 'vitest'
import type { OutboxItemView } from '../../shared/contract'
import { describeItem } from './outbox-commands'

const NOW = Date.parse('2026-12-07T22:04:30.000Z')

const scheduled: OutboxItemView = {
  id: 'item-s',
  deviceId: 'd1',
  recipient: '6281234567890',
  isGroup: false,
  kind: 'text',
  text: 'Arisan',
  fileName: null,
  fileSize: null,
  status: 'scheduled',
  failure: null,
  gatewayId: null,
  createdAt: '2026-12-07T21:00:00.000Z',
  updatedAt: '2026-12-07T22:02:00.000Z',
  scheduledAt: '2026-12-07T22:00:00.000Z',
  timezone: 'UTC',
  scheduleMode: 'local',
  overduePolicy: 'hold',
  held: false,
  attempts: 0,
  nextAttemptAt: null
}

const line = (item: Partial<OutboxItemView>): string =>
  describeItem({ ...scheduled, ...item }, 'UTC', NOW).split('\n')[0]!

describe('sender-desk outbox list, a scheduled message', () => {
  it('says its send time as the time, and that Sender Desk keeps it', () => {
    expect(line({ scheduledAt: '2026-12-08T09:00:00.000Z' })).toBe(
      'item-s  scheduled to send 2026-12-08 09:00 (UTC), kept by Sender Desk (this computer)  ' +
        'created 2026-12-07 21:00 (UTC)  to 6281234567890  "Arisan"'
    )
  })

  it('says a hold for the operator’s decision, and how late it is, as the window says it', () => {
    expect(line({ held: true })).toBe(
      'item-s  scheduled to send 2026-12-07 22:00 (UTC), kept by Sender Desk (this computer), ' +
        'held for your decision — 4 min late  created 2026-12-07 21:00 (UTC)  to 6281234567890  "Arisan"'
    )
  })

  it('tells one the gateway keeps from one it has not taken yet, which this computer keeps until then', () => {
    const gateway = { scheduleMode: 'gateway', overduePolicy: null } as const
    expect(line({ ...gateway, savedAtGateway: true })).toContain(
      'scheduled to send 2026-12-07 22:00 (UTC), kept by the gateway  created'
    )
    expect(line({ ...gateway, savedAtGateway: false })).toContain(
      'scheduled to send 2026-12-07 22:00 (UTC), for the gateway, not taken by it yet: kept by Sender Desk ' +
        '(this computer) until then  created'
    )
  })

  it('leaves out when its status was set, which read as its send time', () => {
    for (const item of [{}, { held: true }, { scheduleMode: 'gateway', savedAtGateway: true } as const])
      expect(line(item)).not.toContain('22:02')
  })
})
