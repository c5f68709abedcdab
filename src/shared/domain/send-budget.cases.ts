// One table for when a direct send is summed up before it goes, and when it would end: run against the domain
// function and the Send view (its Send button shows the summary exactly when the table says).
import type { DeviceBudget, DeviceQuota, DirectSendPlan, DirectSendSchedule } from './send-budget'

export interface DirectSendCase {
  name: string
  device: DeviceBudget & DeviceQuota
  recipients: number
  /** Messages per recipient (files, then the text). */
  perRecipient: number
  pacingMs: number
  /** Scheduled for later (absent: sent now). */
  schedule?: DirectSendSchedule
  /** Messages already in line for the device (absent: none). */
  waiting?: number
  expected: DirectSendPlan
}

/** The moment every case plans from, and the end of the device's day. */
export const PLAN_NOW = Date.parse('2026-11-28T03:00:00.000Z')
const RESETS_AT = '2026-11-28T17:00:00.000Z' // midnight WIB
const RESET = Date.parse(RESETS_AT)
const DAY = 86_400_000
const HOUR = 3_600_000

const device = (
  quota: DeviceQuota['quota'],
  dailyCap: number | null = null,
  sent = 0
): DeviceBudget & DeviceQuota => ({
  quota,
  dailyCap,
  sentToday: { count: sent, resetsAt: RESETS_AT, zone: 'Asia/Jakarta' }
})

export const DIRECT_SEND_CASES: readonly DirectSendCase[] = [
  {
    name: 'a small send within cap and quota goes as it is',
    device: device(100, 50, 10),
    recipients: 3,
    perRecipient: 1,
    pacingMs: 3000,
    expected: {
      startAt: PLAN_NOW,
      finishAt: PLAN_NOW + 2 * 3000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: false
    }
  },
  {
    name: 'exactly the threshold of recipients is not large',
    device: device('unlimited'),
    recipients: 20,
    perRecipient: 1,
    pacingMs: 1000,
    expected: {
      startAt: PLAN_NOW,
      finishAt: PLAN_NOW + 19_000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: false
    }
  },
  {
    name: 'one recipient over the threshold is summed up',
    device: device('unlimited'),
    recipients: 21,
    perRecipient: 1,
    pacingMs: 1000,
    expected: {
      startAt: PLAN_NOW,
      finishAt: PLAN_NOW + 20_000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'a small send past what the daily cap leaves today goes on at the device’s midnight',
    device: device(null, 10, 8),
    recipients: 2,
    perRecipient: 2,
    pacingMs: 3000,
    expected: {
      startAt: PLAN_NOW,
      finishAt: RESET + 3000,
      afterFirstDay: 2,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'a cap already spent: every message waits for the following days, a cap a day',
    device: device(1000, 5, 5),
    recipients: 12,
    perRecipient: 1,
    pacingMs: 1000,
    expected: {
      startAt: PLAN_NOW,
      finishAt: RESET + 2 * DAY + 1000,
      afterFirstDay: 12,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'a small send the quota does not cover',
    device: device(3, null),
    recipients: 2,
    perRecipient: 2,
    pacingMs: 1000,
    expected: {
      startAt: PLAN_NOW,
      finishAt: PLAN_NOW + 3000,
      afterFirstDay: 0,
      quotaShort: 1,
      needsSummary: true
    }
  },
  {
    name: 'an unknown quota is no shortfall',
    device: device(null),
    recipients: 5,
    perRecipient: 3,
    pacingMs: 0,
    expected: { startAt: PLAN_NOW, finishAt: PLAN_NOW, afterFirstDay: 0, quotaShort: 0, needsSummary: false }
  },
  {
    name: 'scheduled later today: it starts then, with what today’s sends left of the cap',
    device: device(null, 50, 40),
    recipients: 8,
    perRecipient: 1,
    pacingMs: 3000,
    schedule: { at: PLAN_NOW + 2 * HOUR, mode: 'local' },
    expected: {
      startAt: PLAN_NOW + 2 * HOUR,
      finishAt: PLAN_NOW + 2 * HOUR + 7 * 3000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: false
    }
  },
  {
    name: 'scheduled later today past what today’s cap leaves: the rest at the device’s midnight',
    device: device(null, 50, 45),
    recipients: 8,
    perRecipient: 1,
    pacingMs: 3000,
    schedule: { at: PLAN_NOW + 2 * HOUR, mode: 'local' },
    expected: {
      startAt: PLAN_NOW + 2 * HOUR,
      finishAt: RESET + 2 * 3000,
      afterFirstDay: 3,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'scheduled for a later day: today’s spent cap does not count, that day’s whole cap does',
    device: device(null, 10, 10),
    recipients: 8,
    perRecipient: 1,
    pacingMs: 3000,
    schedule: { at: RESET + 9 * HOUR, mode: 'local' },
    expected: {
      startAt: RESET + 9 * HOUR,
      finishAt: RESET + 9 * HOUR + 7 * 3000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: false
    }
  },
  {
    name: 'scheduled two days on, past that day’s cap: the rest from the midnight after it',
    device: device(null, 10, 0),
    recipients: 12,
    perRecipient: 1,
    pacingMs: 3000,
    schedule: { at: RESET + DAY + 9 * HOUR, mode: 'local' },
    expected: {
      startAt: RESET + DAY + 9 * HOUR,
      finishAt: RESET + 2 * DAY + 3000,
      afterFirstDay: 2,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'a device whose days keep summer time: the day after clocks spring forward starts an hour earlier',
    // Its day zone is New York's (a device's day zone defaults to the computer's): PLAN_NOW is 22:00 EST on 27
    // November. Scheduled for 10:00 EST on 13 March 2027 with a cap of 2: 2 then, 2 from 00:00 EST on the 14th (the
    // day clocks spring forward, 23 hours), the last at 00:00 EDT on the 15th.
    device: {
      quota: null,
      dailyCap: 2,
      sentToday: { count: 2, resetsAt: '2026-11-28T05:00:00.000Z', zone: 'America/New_York' }
    },
    recipients: 5,
    perRecipient: 1,
    pacingMs: 3000,
    schedule: { at: Date.parse('2027-03-13T15:00:00.000Z'), mode: 'local' },
    expected: {
      startAt: Date.parse('2027-03-13T15:00:00.000Z'),
      finishAt: Date.parse('2027-03-15T04:00:00.000Z'),
      afterFirstDay: 3,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'a schedule whose time has passed starts now',
    device: device('unlimited'),
    recipients: 21,
    perRecipient: 1,
    pacingMs: 1000,
    schedule: { at: PLAN_NOW - HOUR, mode: 'local' },
    expected: {
      startAt: PLAN_NOW,
      finishAt: PLAN_NOW + 20_000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'a gateway schedule: the gateway fires them all at its time, no pace or cap of ours',
    device: device(1000, 5, 5),
    recipients: 30,
    perRecipient: 1,
    pacingMs: 3000,
    schedule: { at: PLAN_NOW + 2 * HOUR, mode: 'gateway' },
    expected: {
      startAt: PLAN_NOW + 2 * HOUR,
      finishAt: PLAN_NOW + 2 * HOUR,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'a small gateway schedule the quota does not cover',
    device: device(2, null),
    recipients: 3,
    perRecipient: 1,
    pacingMs: 3000,
    schedule: { at: PLAN_NOW + 2 * HOUR, mode: 'gateway' },
    expected: {
      startAt: PLAN_NOW + 2 * HOUR,
      finishAt: PLAN_NOW + 2 * HOUR,
      afterFirstDay: 0,
      quotaShort: 1,
      needsSummary: true
    }
  },
  {
    name: 'sent now, it starts after the messages already waiting for the device, at the same pace',
    device: device('unlimited'),
    recipients: 150,
    perRecipient: 1,
    pacingMs: 2000,
    waiting: 27,
    expected: {
      startAt: PLAN_NOW + 27 * 2000,
      finishAt: PLAN_NOW + (27 + 149) * 2000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'the messages waiting spend what the daily cap leaves today: a small send then goes on at midnight',
    device: device(null, 10, 2),
    recipients: 3,
    perRecipient: 1,
    pacingMs: 1000,
    waiting: 6,
    expected: {
      startAt: PLAN_NOW + 6 * 1000,
      finishAt: RESET,
      afterFirstDay: 1,
      quotaShort: 0,
      needsSummary: true
    }
  },
  {
    name: 'the quota is asked of this send alone: what waits was asked when it was sent',
    device: device(10),
    recipients: 8,
    perRecipient: 1,
    pacingMs: 1000,
    waiting: 5,
    expected: {
      startAt: PLAN_NOW + 5 * 1000,
      finishAt: PLAN_NOW + 12 * 1000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: false
    }
  },
  {
    name: 'scheduled for later, it does not wait for what waits now',
    device: device('unlimited'),
    recipients: 3,
    perRecipient: 1,
    pacingMs: 1000,
    waiting: 50,
    schedule: { at: PLAN_NOW + 2 * HOUR, mode: 'local' },
    expected: {
      startAt: PLAN_NOW + 2 * HOUR,
      finishAt: PLAN_NOW + 2 * HOUR + 2000,
      afterFirstDay: 0,
      quotaShort: 0,
      needsSummary: false
    }
  }
]
