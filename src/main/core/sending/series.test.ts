// Recurring series kept by the outbox, on a FakeClock: each due occurrence becomes normal items, month ends and DST
// are kept, missed occurrences after a sleep collapse into one (send or hold), files stay while the series needs them.
import { historyNote } from '../../../shared/i18n/notes'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachmentPath, attachmentsDir, SeriesStore } from '../store'
import { createSeriesProducer } from './series-producer'
import { bulkReply } from './commands'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import type { FileEntry, SeriesInput } from '../outbox'
import { SERIES_END_CASES } from '../../../shared/domain/series-end.cases'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const HOUR = 3_600_000
const DAY = 24 * HOUR
// FakeClock starts at 2026-01-15T03:00Z = 10:00 in Jakarta.

function series(extra: Partial<SeriesInput> = {}): SeriesInput {
  return {
    deviceId: 'd1',
    recipients: ['6281'],
    entries: [{ kind: 'text', text: 'Minum obat' }],
    start: { localTime: '2026-01-15T11:00', timezone: 'Asia/Jakarta' },
    rule: { kind: 'daily' },
    ...extra
  }
}

function pdf(name: string): FileEntry {
  const folder = join(fx.dir, 'originals')
  mkdirSync(folder, { recursive: true })
  const path = join(folder, name)
  writeFileSync(path, `%PDF-1.4 ${name}`)
  return { kind: 'file', path, name, mime: 'application/pdf', mediaKind: 'document' }
}

const sentAt = (): string[] => fx.gateway.sends().map((call) => new Date(call.at).toISOString())

describe('recurring series', () => {
  it('makes each occurrence a scheduled item when it comes due, which is then sent like any other', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ recipients: ['6281', '6282'] }))
    expect(created).toMatchObject({
      status: 'active',
      startLocal: '2026-01-15T11:00:00',
      timezone: 'Asia/Jakarta',
      rule: { kind: 'daily' },
      overduePolicy: 'send',
      nextAt: '2026-01-15T04:00:00.000Z',
      nextLocal: '2026-01-15T11:00:00',
      occurrences: 0
    })
    expect(fx.outbox.counts().total).toBe(0)

    await fx.clock.advance(HOUR - 1)
    expect(fx.outbox.counts().total).toBe(0)
    await fx.clock.advance(1)
    expect(sentAt()).toEqual(['2026-01-15T04:00:00.000Z', '2026-01-15T04:00:00.000Z'])
    const items = fx.outbox.list().items
    expect(items.map((item) => [item.recipient, item.scheduledAt, item.scheduleMode])).toEqual([
      ['6282', '2026-01-15T04:00:00.000Z', 'local'],
      ['6281', '2026-01-15T04:00:00.000Z', 'local']
    ])
    expect(fx.outbox.get(items[0]!.id).history[0]?.note).toBe('occurrence 1 of a recurring series')
    expect(fx.outbox.listSeries()[0]).toMatchObject({
      occurrences: 1,
      lastOccurrenceAt: '2026-01-15T04:00:00.000Z',
      nextLocal: '2026-01-16T11:00:00'
    })

    // Made is not sent (QA33 Q33-04): the series counts its messages the gateway reports went, as the Overview does.
    expect(fx.outbox.listSeries()[0]).toMatchObject({ occurrences: 1, sent: 0, skipped: 0 })
    for (const item of items) fx.gateway.setStatus(fx.outbox.get(item.id).item.gatewayId ?? '', 'read')
    await fx.runUntil(() => fx.outbox.counts().read === 2, { stepMs: 1000 })
    expect(fx.outbox.listSeries()[0]).toMatchObject({ occurrences: 1, sent: 2 })

    await fx.clock.advance(DAY)
    expect(sentAt()).toHaveLength(4)
    expect(sentAt()[3]).toBe('2026-01-16T04:00:00.000Z')
  })

  it('keeps monthly occurrences on the month end: Jan 31 → Feb 28 → Mar 31', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    await fx.outbox.createSeries(
      series({
        start: { localTime: '2026-01-31T09:00', timezone: 'Asia/Jakarta' },
        rule: { kind: 'monthly' }
      })
    )
    await fx.runUntil(() => fx.gateway.sends().length === 3, { stepMs: 6 * HOUR })
    expect(sentAt()).toEqual([
      '2026-01-31T02:00:00.000Z',
      '2026-02-28T02:00:00.000Z',
      '2026-03-31T02:00:00.000Z'
    ])
  })

  it('keeps the local time across DST in the series zone (weekly, New York)', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    await fx.outbox.createSeries(
      series({
        start: { localTime: '2026-03-01T08:00', timezone: 'America/New_York' },
        rule: { kind: 'weekly' }
      })
    )
    await fx.runUntil(() => fx.gateway.sends().length === 2, { stepMs: 6 * HOUR })
    expect(sentAt()).toEqual(['2026-03-01T13:00:00.000Z', '2026-03-08T12:00:00.000Z'])
  })

  it('after the app was off for days makes only the latest missed occurrence, by the overdue policy', async () => {
    fx = makeFixture()
    const sending = await fx.outbox.createSeries(series())
    const holding = await fx.outbox.createSeries(
      series({ recipients: ['6289'], rule: { kind: 'every-n-days', days: 1 }, overduePolicy: 'hold' })
    )
    // Off from before the first occurrence until 3.5 days later.
    fx.clock.jump(3 * DAY + 12 * HOUR)
    await fx.outbox.start()
    await fx.clock.advance(1)
    const items = fx.outbox.list().items
    expect(items).toHaveLength(2)
    const sent = items.find((item) => item.recipient === '6281')!
    const held = items.find((item) => item.recipient === '6289')!
    expect(sent.scheduledAt).toBe('2026-01-18T04:00:00.000Z')
    const first = fx.outbox.get(sent.id).history[0]!
    // Numbered as the series counts what it made ("Made 1 time"); the skipped ones are said beside it.
    expect(first.note).toBe('occurrence 1 of a recurring series; 3 missed occurrences skipped')
    expect(historyNote('id', first)).toBe(
      'kejadian ke-1 dari rangkaian berulang; 3 kejadian terlewat dilompati'
    )
    expect(sent.status).not.toBe('scheduled')
    expect(held).toMatchObject({ status: 'scheduled', held: true })
    expect(fx.outbox.listSeries().find((s) => s.id === sending.id)).toMatchObject({
      occurrences: 1,
      nextLocal: '2026-01-19T11:00:00'
    })
    // The held one was made, not sent; the missed ones are said on each series (QA33 Q33-04).
    expect(fx.outbox.listSeries().find((s) => s.id === holding.id)).toMatchObject({
      occurrences: 1,
      sent: 0,
      skipped: 3
    })
    expect(fx.outbox.listSeries().find((s) => s.id === sending.id)?.skipped).toBe(3)
  })

  it('stop ends the occurrences; a start in the past begins with the next occurrence', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const past = await fx.outbox.createSeries(
      series({ start: { localTime: '2026-01-10T08:00', timezone: 'Asia/Jakarta' } })
    )
    expect(past.nextLocal).toBe('2026-01-16T08:00:00')
    const stopped = fx.outbox.stopSeries(past.id, { cancelMade: true })
    expect(stopped).toMatchObject({ status: 'stopped', nextAt: null, nextLocal: null })
    await fx.clock.advance(3 * DAY)
    expect(fx.outbox.counts().total).toBe(0)
    expect(() => fx.outbox.stopSeries('nope', { cancelMade: true })).toThrow(/No recurring series/)
  })

  it('skips the next occurrence ahead of time: nothing is made for it, the one after comes as usual', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series())
    expect(created.nextLocal).toBe('2026-01-15T11:00:00')
    const skipped = fx.outbox.skipNextSeries(created.id, '2026-01-15T11:00:00')
    expect(skipped).toMatchObject({
      status: 'active',
      nextLocal: '2026-01-16T11:00:00',
      nextAt: '2026-01-16T04:00:00.000Z',
      occurrences: 0
    })
    await fx.clock.advance(DAY + HOUR)
    expect(sentAt()).toEqual(['2026-01-16T04:00:00.000Z'])
    // Numbered as made, with no "missed" note: the operator chose to skip it, the app was not off.
    expect(fx.outbox.get(fx.outbox.list().items[0]!.id).history[0]?.note).toBe(
      'occurrence 1 of a recurring series'
    )
  })

  it('refuses to skip an occurrence other than the one the operator saw next (already made, or skipped meanwhile)', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series())
    await fx.clock.advance(HOUR)
    expect(sentAt()).toHaveLength(1)
    // The window still showed 11:00 today, which has just become a message.
    expect(() => fx.outbox.skipNextSeries(created.id, '2026-01-15T11:00:00')).toThrow(
      expect.objectContaining({ code: 'invalid_state', field: 'nextLocal' })
    )
    expect(fx.outbox.listSeries()[0]?.nextLocal).toBe('2026-01-16T11:00:00')
    fx.outbox.stopSeries(created.id, { cancelMade: true })
    expect(() => fx.outbox.skipNextSeries(created.id, '2026-01-16T11:00:00')).toThrow(
      expect.objectContaining({ code: 'invalid_state' })
    )
  })

  it('numbers the first message of a series whose start had passed 1, as its count says (QA22 Q22-08)', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    // 08:00 on the 10th is past at 10:00 on the 15th: the first message goes at 08:00 on the 16th.
    const made = await fx.outbox.createSeries(
      series({ start: { localTime: '2026-01-10T08:00', timezone: 'Asia/Jakarta' } })
    )
    await fx.runUntil(() => fx.outbox.counts().total > 0, { stepMs: HOUR })
    const [item] = fx.outbox.list().items
    expect(item?.scheduledAt).toBe('2026-01-16T01:00:00.000Z')
    const note = fx.outbox.get(item!.id).history[0]!
    expect(note.note).toBe('occurrence 1 of a recurring series')
    expect(historyNote('id', note)).toBe('kejadian ke-1 dari rangkaian berulang')
    expect(fx.outbox.listSeries().find((s) => s.id === made.id)?.occurrences).toBe(1)
    // The next one is the second, for the note and the count alike.
    await fx.clock.advance(DAY)
    const second = fx.outbox.list().items.find((one) => one.scheduledAt === '2026-01-17T01:00:00.000Z')
    expect(fx.outbox.get(second!.id).history[0]?.note).toBe('occurrence 2 of a recurring series')
    expect(fx.outbox.listSeries().find((s) => s.id === made.id)?.occurrences).toBe(2)
  })

  it('keeps a file while the series exists, even after its items are purged; deleting the series lets it go', async () => {
    fx = makeFixture({ retentionMs: DAY, trackingIntervalMs: 10_000 })
    await fx.outbox.start()
    const made = await fx.outbox.createSeries(
      series({ entries: [pdf('menu.pdf')], rule: { kind: 'weekly' } })
    )
    expect(made.entries).toEqual([{ kind: 'document', text: null, fileName: 'menu.pdf', fileSize: 17 }])
    const [copy] = readdirSync(attachmentsDir(fx.dir))
    const copyPath = join(attachmentsDir(fx.dir), copy!)
    await fx.runUntil(() => fx.outbox.counts().accepted === 1, { stepMs: 60_000 })
    fx.gateway.setStatus(fx.outbox.list().items[0]!.gatewayId!, 'read')
    await fx.clock.advance(10_000)
    await fx.clock.advance(2 * DAY)
    await fx.outbox.sweepRetention()
    expect(fx.outbox.counts().total).toBe(0)
    expect(existsSync(copyPath)).toBe(true)

    await fx.runUntil(() => fx.gateway.messages.length === 2, { stepMs: 6 * HOUR })
    expect(fx.gateway.messages.map((m) => m.bytes)).toEqual([17, 17])
    fx.outbox.deleteSeries(made.id, { cancelMade: true })
    expect(existsSync(copyPath)).toBe(true)
    fx.gateway.setStatus(fx.outbox.list().items[0]!.gatewayId!, 'read')
    await fx.clock.advance(60_000)
    await fx.clock.advance(2 * DAY)
    await fx.outbox.sweepRetention()
    expect(existsSync(copyPath)).toBe(false)
    expect(fx.outbox.listSeries()).toEqual([])
  })

  it('refuses an unknown zone, a bad start, a bad rule and nothing to send', async () => {
    fx = makeFixture()
    await expect(
      fx.outbox.createSeries(series({ start: { localTime: '2026-01-15T11:00', timezone: 'Mars/Olympus' } }))
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'start.timezone' })
    await expect(
      fx.outbox.createSeries(series({ start: { localTime: '2026-02-30T11:00', timezone: 'Asia/Jakarta' } }))
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'start.localTime',
      text: { key: 'desktop.error.noSuchTime', params: { time: '2026-02-30 11:00' } }
    })
    await expect(
      fx.outbox.createSeries(series({ rule: { kind: 'every-n-days', days: 0 } }))
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'rule'
    })
    await expect(fx.outbox.createSeries(series({ entries: [] }))).rejects.toMatchObject({ field: 'entries' })
    expect(fx.outbox.listSeries()).toEqual([])
  })
})

// Like a gateway reminder (8ca2377a): a series the same as one kept for the device, made another day or from the
// terminal, was made again, and each number it shares got every message twice at every time.
describe('a series the same as one kept', () => {
  it('is refused where it would send a number the same messages at the same times, naming the one kept', async () => {
    fx = makeFixture()
    const kept = await fx.outbox.createSeries(
      series({ recipients: ['6281', '6282'], entries: [pdf('menu.pdf')] })
    )
    await expect(
      fx.outbox.createSeries(series({ recipients: ['6283', '6282'], entries: [pdf('menu.pdf')] }))
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'recipients',
      text: { key: 'desktop.error.seriesExists', params: { series: 'menu.pdf', numbers: '6282' } }
    })
    // Another number, time, repeat, file or words is a series of its own; so is one once the kept one stopped.
    await fx.outbox.createSeries(series({ recipients: ['6283'], entries: [pdf('menu.pdf')] }))
    await fx.outbox.createSeries(
      series({ recipients: ['6282'], entries: [pdf('menu.pdf')], rule: { kind: 'weekly' } })
    )
    await fx.outbox.createSeries(
      series({
        recipients: ['6282'],
        entries: [pdf('menu.pdf')],
        start: { localTime: '2026-01-15T12:00', timezone: 'Asia/Jakarta' }
      })
    )
    await fx.outbox.createSeries(series({ recipients: ['6282'], entries: [pdf('menu-2.pdf')] }))
    await fx.outbox.createSeries(series({ recipients: ['6282'] }))
    fx.outbox.stopSeries(kept.id, { cancelMade: true })
    await fx.outbox.createSeries(series({ recipients: ['6281'], entries: [pdf('menu.pdf')] }))
    expect(fx.outbox.listSeries()).toHaveLength(7)
  })
})

describe('a series with an end (QA33 Q33-05)', () => {
  const restart = async (): Promise<void> => {
    await fx.outbox.stop()
    fx.reopen()
    await fx.outbox.start()
  }

  it('a 3-times daily series makes exactly 3 occurrences, across restarts, then shows as ended', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 3 } }))
    expect(created).toMatchObject({ status: 'active', end: { kind: 'times', times: 3, passed: 0 } })
    await fx.clock.advance(HOUR)
    await restart()
    await fx.clock.advance(DAY)
    expect(fx.outbox.listSeries()[0]).toMatchObject({ occurrences: 2, end: { passed: 2 } })
    await restart()
    await fx.clock.advance(5 * DAY)
    await restart()
    await fx.clock.advance(5 * DAY)
    expect(sentAt()).toEqual([
      '2026-01-15T04:00:00.000Z',
      '2026-01-16T04:00:00.000Z',
      '2026-01-17T04:00:00.000Z'
    ])
    expect(fx.outbox.listSeries()[0]).toMatchObject({
      status: 'ended',
      nextAt: null,
      nextLocal: null,
      occurrences: 3,
      end: { kind: 'times', times: 3, passed: 3 }
    })
  })

  it('an end date across a closed-app gap makes none after the end (only the last one in it, by the policy)', async () => {
    fx = makeFixture()
    // Daily at 11:00 until the 17th, inclusive; the app is closed from before the first until the 20th.
    const created = await fx.outbox.createSeries(series({ end: { kind: 'date', lastDate: '2026-01-17' } }))
    expect(created.end).toEqual({ kind: 'date', lastDate: '2026-01-17' })
    fx.clock.jump(5 * DAY)
    await fx.outbox.start()
    await fx.clock.advance(1)
    expect(fx.outbox.list().items.map((item) => item.scheduledAt)).toEqual(['2026-01-17T04:00:00.000Z'])
    expect(fx.outbox.listSeries()[0]).toMatchObject({
      status: 'ended',
      nextAt: null,
      occurrences: 1,
      skipped: 2
    })
    await fx.clock.advance(10 * DAY)
    expect(fx.outbox.counts().total).toBe(1)
  })

  it('ends on its last date in its own zone, inclusive', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    // 23:30 in New York on the 16th is the 17th in UTC: still the 16th on the series' clock, so it is made.
    await fx.outbox.createSeries(
      series({
        start: { localTime: '2026-01-15T23:30', timezone: 'America/New_York' },
        end: { kind: 'date', lastDate: '2026-01-16' }
      })
    )
    await fx.clock.advance(10 * DAY)
    expect(sentAt()).toEqual(['2026-01-16T04:30:00.000Z', '2026-01-17T04:30:00.000Z'])
    expect(fx.outbox.listSeries()[0]?.status).toBe('ended')
  })

  it('skipping the last occurrence ends the series', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 2 } }))
    const first = fx.outbox.skipNextSeries(created.id, '2026-01-15T11:00:00')
    expect(first).toMatchObject({ status: 'active', nextLocal: '2026-01-16T11:00:00', end: { passed: 1 } })
    const last = fx.outbox.skipNextSeries(created.id, '2026-01-16T11:00:00')
    expect(last).toMatchObject({ status: 'ended', nextAt: null, nextLocal: null, end: { passed: 2 } })
    await fx.clock.advance(5 * DAY)
    expect(fx.outbox.counts().total).toBe(0)
    expect(() => fx.outbox.skipNextSeries(created.id, '2026-01-17T11:00:00')).toThrow(
      expect.objectContaining({ code: 'invalid_state' })
    )
  })

  // QA70: a 3-times series the operator skipped three times read "3 of 3 times" beside "Made 0 times", nothing
  // saying they were skipped: the series keeps the times the operator skipped apart from those it made.
  it('counts the times the operator skipped apart from those made, adding up to the times come', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 3 } }))
    expect(created).toMatchObject({ skippedByOperator: 0 })
    fx.outbox.skipNextSeries(created.id, '2026-01-15T11:00:00')
    await fx.clock.advance(DAY + HOUR)
    fx.outbox.skipNextSeries(created.id, '2026-01-17T11:00:00')
    expect(fx.outbox.listSeries()[0]).toMatchObject({
      status: 'ended',
      occurrences: 1,
      skipped: 0,
      skippedByOperator: 2,
      end: { kind: 'times', times: 3, passed: 3 }
    })
  })

  it.each(SERIES_END_CASES.map((c) => [c.start, c.end, c.expected] as const))(
    'answers the shared series-end case from %s, end %j → %s',
    async (start, end, expected) => {
      fx = makeFixture()
      const made = fx.outbox.createSeries(
        series({ start: { localTime: start, timezone: 'Asia/Jakarta' }, end })
      )
      if (expected === null)
        await expect(made).resolves.toMatchObject({ status: 'active', end: { kind: end.kind } })
      else await expect(made).rejects.toMatchObject({ code: 'invalid_input', field: 'end' })
    }
  )

  it('refuses an end before the start, an end already passed, and times out of range', async () => {
    fx = makeFixture()
    await expect(
      fx.outbox.createSeries(series({ end: { kind: 'date', lastDate: '2026-01-14' } }))
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'end' })
    // Starts on the 10th (passed): its next occurrence is the 16th, after the last date.
    await expect(
      fx.outbox.createSeries(
        series({
          start: { localTime: '2026-01-10T08:00', timezone: 'Asia/Jakarta' },
          end: { kind: 'date', lastDate: '2026-01-15' }
        })
      )
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'end' })
    await expect(fx.outbox.createSeries(series({ end: { kind: 'times', times: 0 } }))).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'end'
    })
    expect(fx.outbox.listSeries()).toEqual([])
  })
})

describe("changing a series' end", () => {
  it('an earlier end ends the series and cancels, saying why, what it made past that end and has not sent', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 5 } }))
    // Paused: the occurrences of the 15th, 16th and 17th are made and wait in line.
    fx.outbox.setPaused(true)
    await fx.clock.advance(2 * DAY + HOUR)
    expect(fx.outbox.listSeries()[0]).toMatchObject({ occurrences: 3, nextLocal: '2026-01-18T11:00:00' })

    const changed = fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-15' })
    expect(changed).toMatchObject({
      status: 'ended',
      nextAt: null,
      nextLocal: null,
      end: { kind: 'date', lastDate: '2026-01-15' },
      cancelledPastEnd: 2
    })
    const byTime = new Map(fx.outbox.list().items.map((item) => [item.scheduledAt, item]))
    expect(byTime.get('2026-01-15T04:00:00.000Z')?.status).toBe('queued')
    for (const at of ['2026-01-16T04:00:00.000Z', '2026-01-17T04:00:00.000Z']) {
      const item = byTime.get(at)!
      expect(item.status).toBe('cancelled')
      const last = fx.outbox.get(item.id).history.at(-1)!
      expect(last.note).toBe("not sent: after its recurring series' new end")
      expect(historyNote('id', last)).toBe('tidak dikirim: setelah akhir baru rangkaian berulangnya')
    }
    // Resumed: only the 15th's goes, and the series makes no more.
    fx.outbox.setPaused(false)
    await fx.clock.advance(5 * DAY)
    expect(fx.gateway.sends()).toHaveLength(1)
    expect(fx.outbox.counts().total).toBe(3)
  })

  it('never sends what was made past a new end when the app died after writing the end, before the cancel', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 5 } }))
    fx.outbox.setPaused(true)
    await fx.clock.advance(2 * DAY + HOUR)
    expect(fx.outbox.counts().queued).toBe(3)
    // The app is killed once the end is written, before what was made past it is cancelled.
    const died = new Error('the app was killed')
    const cancel = vi.spyOn(fx.outbox.queue, 'cancelMany').mockImplementation(() => {
      fx.crash()
      throw died
    })
    expect(() => fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-15' })).toThrow(died)
    cancel.mockRestore()

    // Restarted on the same database, and sending resumed (on the 17th): only the 15th's goes.
    fx.reopen()
    await fx.outbox.start()
    fx.outbox.setPaused(false)
    await fx.clock.advance(DAY)
    expect(sentAt()).toEqual(['2026-01-17T04:00:00.000Z'])
    expect(fx.outbox.listSeries()[0]).toMatchObject({ status: 'ended', end: { lastDate: '2026-01-15' } })
    const byTime = new Map(fx.outbox.list().items.map((item) => [item.scheduledAt, item]))
    expect(byTime.get('2026-01-15T04:00:00.000Z')?.status).toBe('accepted')
    for (const at of ['2026-01-16T04:00:00.000Z', '2026-01-17T04:00:00.000Z']) {
      const item = byTime.get(at)!
      expect(item.status).toBe('cancelled')
      expect(fx.outbox.get(item.id).history.at(-1)?.note).toBe(
        "not sent: after its recurring series' new end"
      )
    }
  })

  it('never sends what was past a new end and being sent at the change, when that send comes back to be tried again', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 5 } }))
    await fx.clock.advance(HOUR)
    // The 16th's message is on the wire (it cannot be cancelled here) when the end moves to the 15th; the gateway
    // was never reached, so it comes back in line.
    fx.gateway.holdSends = true
    fx.gateway.fail({ op: 'send', code: 'network', causeCode: 'ECONNREFUSED' })
    await fx.clock.advance(DAY)
    const [pastEnd] = fx.outbox.list({ status: ['sending'] }).items
    expect(pastEnd?.scheduledAt).toBe('2026-01-16T04:00:00.000Z')
    fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-15' })
    fx.gateway.holdSends = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => fx.outbox.get(pastEnd!.id).item.status !== 'sending', { stepMs: 1000 })
    await fx.clock.advance(DAY)

    // Its one try never reached the gateway, and it is not tried again: the gateway has only the 15th's.
    expect(sentAt()).toEqual(['2026-01-15T04:00:00.000Z', '2026-01-16T04:00:00.000Z'])
    expect(fx.gateway.messages.map((message) => new Date(message.acceptedAt).toISOString())).toEqual([
      '2026-01-15T04:00:00.000Z'
    ])
    expect(fx.outbox.get(pastEnd!.id).item.status).toBe('cancelled')
    expect(fx.outbox.get(pastEnd!.id).history.at(-1)?.note).toBe(
      "not sent: after its recurring series' new end"
    )
  })

  it("refuses a retry of what lies past the series' end, saying so, until a later end takes it in again", async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 5 } }))
    fx.outbox.setPaused(true)
    await fx.clock.advance(2 * DAY + HOUR)
    fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-15' })
    const byTime = new Map(fx.outbox.list().items.map((item) => [item.scheduledAt, item.id]))
    const pastEnd = [byTime.get('2026-01-16T04:00:00.000Z')!, byTime.get('2026-01-17T04:00:00.000Z')!]

    // Retried from the Outbox, it would only go back in line to be cancelled again at its turn: refused up front.
    expect(() => fx.outbox.retry(pastEnd[0]!)).toThrow(
      expect.objectContaining({
        code: 'after_series_end',
        message: "Cannot retry this item: it lies after its recurring series' end."
      })
    )
    const retried = fx.outbox.queue.retryMany(pastEnd)
    expect(retried.done).toEqual([])
    expect(retried.refused.map((refusal) => refusal.code)).toEqual(['after_series_end', 'after_series_end'])
    // The window's and the terminal's bulk reply word it by its own reason, not as a cancelled campaign's row.
    expect(bulkReply(fx.outbox, retried).refused).toEqual(
      pastEnd.map((id) => ({ id, reason: 'after_series_end', status: 'cancelled' }))
    )
    expect(pastEnd.map((id) => fx.outbox.get(id).item.status)).toEqual(['cancelled', 'cancelled'])

    // The end moved later again takes the 16th's back into the series: its retry is the operator's to make.
    fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-16' })
    expect(fx.outbox.retry(pastEnd[0]!).status).toBe('queued')
    expect(() => fx.outbox.retry(pastEnd[1]!)).toThrow(expect.objectContaining({ code: 'after_series_end' }))
  })

  it("says in the item's view what the retry hook refuses, so the window offers no Retry it would refuse", async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 5 } }))
    fx.outbox.setPaused(true)
    await fx.clock.advance(2 * DAY + HOUR)
    const byTime = new Map(fx.outbox.list().items.map((item) => [item.scheduledAt, item.id]))
    const withinEnd = byTime.get('2026-01-15T04:00:00.000Z')!
    const pastEnd = byTime.get('2026-01-16T04:00:00.000Z')!
    fx.outbox.cancel(withinEnd)
    fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-15' })

    // The same refusal, by the same hook, as the retry's own (its code, and why in the window's words).
    expect(fx.outbox.get(pastEnd).item.retryRefusal).toEqual({
      code: 'after_series_end',
      message: "it lies after its recurring series' end",
      messageKey: 'desktop.error.whyAfterSeriesEnd',
      messageParams: {}
    })
    expect(
      fx.outbox.list({ status: ['cancelled'] }).items.find((item) => item.id === pastEnd)?.retryRefusal
    ).toMatchObject({ code: 'after_series_end' })
    // One cancelled within the end is the operator's to retry: nothing refused.
    expect(fx.outbox.get(withinEnd).item.retryRefusal).toBeUndefined()

    // A later end takes it in again: no refusal said any more, and the retry goes.
    fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-16' })
    expect(fx.outbox.get(pastEnd).item.retryRefusal).toBeUndefined()
    expect(fx.outbox.retry(pastEnd).status).toBe('queued')
  })

  it('a later end makes more occurrences due, an ended series too, from its next time ahead', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 2 } }))
    await fx.clock.advance(DAY + 2 * HOUR)
    expect(fx.outbox.listSeries()[0]).toMatchObject({ status: 'ended', occurrences: 2 })

    const longer = fx.outbox.setSeriesEnd(created.id, { kind: 'times', times: 4 })
    expect(longer).toMatchObject({
      status: 'active',
      nextLocal: '2026-01-17T11:00:00',
      end: { kind: 'times', times: 4, passed: 2 },
      cancelledPastEnd: 0
    })
    await fx.clock.advance(5 * DAY)
    expect(sentAt()).toEqual([
      '2026-01-15T04:00:00.000Z',
      '2026-01-16T04:00:00.000Z',
      '2026-01-17T04:00:00.000Z',
      '2026-01-18T04:00:00.000Z'
    ])
    expect(fx.outbox.listSeries()[0]).toMatchObject({ status: 'ended', end: { times: 4, passed: 4 } })
  })

  // QA70 follow-up: a 2-times series made twice, given 4 times three days after it ended, stayed ended with 2 to go
  // (given 10, it read "5 of 10 times" beside "Made 2 times"): the days that went by while it had ended counted as its
  // times, made or skipped by nothing. Its times count those it made or skipped; the rest come from its next time.
  it('given more times after it ended, makes the times it still has from its next time, not the days gone by', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 2 } }))
    await fx.clock.advance(DAY + 2 * HOUR)
    expect(fx.outbox.listSeries()[0]).toMatchObject({ status: 'ended', occurrences: 2 })
    await fx.clock.advance(3 * DAY)

    const longer = fx.outbox.setSeriesEnd(created.id, { kind: 'times', times: 4 })
    expect(longer).toMatchObject({
      status: 'active',
      nextLocal: '2026-01-20T11:00:00',
      occurrences: 2,
      skipped: 0,
      skippedByOperator: 0,
      end: { kind: 'times', times: 4, passed: 2 }
    })
    await fx.clock.advance(5 * DAY)
    expect(sentAt().slice(2)).toEqual(['2026-01-20T04:00:00.000Z', '2026-01-21T04:00:00.000Z'])
    expect(fx.outbox.listSeries()[0]).toMatchObject({
      status: 'ended',
      occurrences: 4,
      end: { times: 4, passed: 4 }
    })
    // Fewer times than it made: ended on the times made, as before.
    expect(fx.outbox.setSeriesEnd(created.id, { kind: 'times', times: 3 })).toMatchObject({
      status: 'ended',
      end: { times: 3, passed: 3 }
    })
  })

  it('takes a last day or no end for a series that had none, counting times from its first one', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series())
    await fx.clock.advance(HOUR)
    expect(fx.outbox.setSeriesEnd(created.id, { kind: 'times', times: 3 })).toMatchObject({
      status: 'active',
      end: { kind: 'times', times: 3, passed: 1 }
    })
    expect(fx.outbox.setSeriesEnd(created.id, { kind: 'date', lastDate: '2026-01-16' })).toMatchObject({
      status: 'active',
      end: { kind: 'date', lastDate: '2026-01-16' }
    })
    expect(fx.outbox.setSeriesEnd(created.id, null)).toMatchObject({ status: 'active', end: null })
    await fx.clock.advance(3 * DAY)
    expect(fx.outbox.listSeries()[0]).toMatchObject({ status: 'active', occurrences: 4 })
  })

  it.each(SERIES_END_CASES.map((c) => [c.start, c.end, c.expected] as const))(
    'answers the shared series-end case from %s, end %j → %s',
    async (start, end, expected) => {
      fx = makeFixture()
      const made = await fx.outbox.createSeries(
        series({ start: { localTime: start, timezone: 'Asia/Jakarta' } })
      )
      const change = (): unknown => fx.outbox.setSeriesEnd(made.id, end)
      if (expected === null) expect(change()).toMatchObject({ status: 'active', end: { kind: end.kind } })
      else expect(change).toThrow(expect.objectContaining({ code: 'invalid_input', field: 'end' }))
    }
  )

  it('refuses a stopped series and an unknown one, and leaves the end as it was', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series({ end: { kind: 'times', times: 3 } }))
    fx.outbox.stopSeries(created.id, { cancelMade: true })
    expect(() => fx.outbox.setSeriesEnd(created.id, { kind: 'times', times: 9 })).toThrow(
      expect.objectContaining({ code: 'invalid_state' })
    )
    expect(fx.outbox.listSeries()[0]).toMatchObject({ status: 'stopped', end: { times: 3 } })
    expect(() => fx.outbox.setSeriesEnd('nope', null)).toThrow(expect.objectContaining({ code: 'not_found' }))
  })
})

describe('stopping or deleting a series with messages it already made', () => {
  const STOPPED_NOTE = 'not sent: its recurring series was stopped'
  const DELETED_NOTE = 'not sent: its recurring series was deleted'

  /** The app is killed once `write` is written, before what it withdrew is cancelled; reopened on the same database. */
  function killedBeforeTheCancel(write: () => unknown): void {
    const died = new Error('the app was killed')
    const cancel = vi.spyOn(fx.outbox.queue, 'cancelMany').mockImplementation(() => {
      fx.crash()
      throw died
    })
    expect(write).toThrow(died)
    cancel.mockRestore()
    fx.reopen()
  }

  /** Paused: the occurrences of the 15th, 16th and 17th are made and wait in line. */
  async function threeMade(): Promise<string> {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series())
    fx.outbox.setPaused(true)
    await fx.clock.advance(2 * DAY + HOUR)
    expect(fx.outbox.counts().queued).toBe(3)
    return created.id
  }

  it('says what it made that has not gone, and the times it was made for', async () => {
    const id = await threeMade()
    expect(fx.outbox.listSeries()[0]).toMatchObject({
      id,
      madeUnsent: { count: 3, firstAt: '2026-01-15T04:00:00.000Z', lastAt: '2026-01-17T04:00:00.000Z' }
    })
    fx.outbox.setPaused(false)
    await fx.clock.advance(HOUR)
    expect(fx.outbox.listSeries()[0]?.madeUnsent).toBeNull()
  })

  it('stop cancels, saying why, what it made and has not sent, and says how many', async () => {
    const id = await threeMade()
    const stopped = fx.outbox.stopSeries(id, { cancelMade: true })
    expect(stopped).toMatchObject({ status: 'stopped', nextAt: null, cancelledMade: 3, madeUnsent: null })
    for (const item of fx.outbox.list().items) {
      expect(item.status).toBe('cancelled')
      const last = fx.outbox.get(item.id).history.at(-1)!
      expect(last.note).toBe(STOPPED_NOTE)
      expect(historyNote('id', last)).toBe('tidak dikirim: rangkaian berulangnya dihentikan')
    }
    fx.outbox.setPaused(false)
    await fx.clock.advance(3 * DAY)
    expect(fx.gateway.sends()).toEqual([])
  })

  it('stop keeping what it made leaves it in line, and it goes', async () => {
    const id = await threeMade()
    expect(fx.outbox.stopSeries(id, { cancelMade: false })).toMatchObject({
      status: 'stopped',
      cancelledMade: 0,
      madeUnsent: { count: 3 }
    })
    fx.outbox.setPaused(false)
    await fx.clock.advance(3 * DAY)
    expect(sentAt()).toHaveLength(3)
    expect(fx.outbox.listSeries()[0]).toMatchObject({ occurrences: 3 })
  })

  it('never sends what it made when the app died after writing the stop, before the cancel', async () => {
    const id = await threeMade()
    killedBeforeTheCancel(() => fx.outbox.stopSeries(id, { cancelMade: true }))
    await fx.outbox.start()
    fx.outbox.setPaused(false)
    await fx.clock.advance(DAY)
    expect(fx.gateway.sends()).toEqual([])
    expect(fx.outbox.listSeries()[0]).toMatchObject({ status: 'stopped' })
    for (const item of fx.outbox.list().items) {
      expect(item.status).toBe('cancelled')
      expect(fx.outbox.get(item.id).history.at(-1)?.note).toBe(STOPPED_NOTE)
    }
  })

  it('an item being sent at the stop is not claimed cancelled, and is not sent again when its send comes back', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series())
    await fx.clock.advance(HOUR)
    // The 16th's message is on the wire (no cancel may touch it) at the stop; the gateway was never reached, so it
    // comes back in line.
    fx.gateway.holdSends = true
    fx.gateway.fail({ op: 'send', code: 'network', causeCode: 'ECONNREFUSED' })
    await fx.clock.advance(DAY)
    const [onTheWire] = fx.outbox.list({ status: ['sending'] }).items
    expect(onTheWire?.scheduledAt).toBe('2026-01-16T04:00:00.000Z')
    expect(fx.outbox.stopSeries(created.id, { cancelMade: true })).toMatchObject({ cancelledMade: 0 })
    expect(fx.outbox.get(onTheWire!.id).item.status).toBe('sending')
    fx.gateway.holdSends = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => fx.outbox.get(onTheWire!.id).item.status !== 'sending', { stepMs: 1000 })
    await fx.clock.advance(DAY)

    expect(fx.gateway.messages.map((message) => new Date(message.acceptedAt).toISOString())).toEqual([
      '2026-01-15T04:00:00.000Z'
    ])
    expect(fx.outbox.get(onTheWire!.id).item.status).toBe('cancelled')
    expect(fx.outbox.get(onTheWire!.id).history.at(-1)?.note).toBe(STOPPED_NOTE)
  })

  it('an item being sent at the stop that reaches the gateway is sent once, not cancelled', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    const created = await fx.outbox.createSeries(series())
    fx.gateway.holdSends = true
    await fx.clock.advance(HOUR)
    const [onTheWire] = fx.outbox.list({ status: ['sending'] }).items
    expect(fx.outbox.stopSeries(created.id, { cancelMade: true })).toMatchObject({ cancelledMade: 0 })
    fx.gateway.holdSends = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => fx.outbox.get(onTheWire!.id).item.status !== 'sending', { stepMs: 1000 })
    await fx.clock.advance(DAY)
    expect(fx.outbox.get(onTheWire!.id).item.status).toBe('accepted')
    expect(fx.gateway.messages).toHaveLength(1)
  })

  it("the operator's retry of one the stop cancelled sends it", async () => {
    const id = await threeMade()
    fx.outbox.stopSeries(id, { cancelMade: true })
    const [one] = fx.outbox.list().items
    expect(fx.outbox.retry(one!.id).status).toBe('queued')
    fx.outbox.setPaused(false)
    await fx.clock.advance(HOUR)
    expect(fx.outbox.get(one!.id).item.status).toBe('accepted')
    expect(fx.gateway.sends()).toHaveLength(1)
  })

  it('delete cancels what it made, saying why, even when the app died before the cancel; keeping leaves it', async () => {
    const id = await threeMade()
    killedBeforeTheCancel(() => fx.outbox.deleteSeries(id, { cancelMade: true }))
    await fx.outbox.start()
    expect(fx.outbox.listSeries()).toEqual([])
    fx.outbox.setPaused(false)
    await fx.clock.advance(DAY)
    expect(fx.gateway.sends()).toEqual([])
    for (const item of fx.outbox.list().items) {
      expect(item.status).toBe('cancelled')
      expect(fx.outbox.get(item.id).history.at(-1)?.note).toBe(DELETED_NOTE)
    }
    await fx.outbox.stop()
    fx.close()

    const other = await threeMade()
    expect(fx.outbox.deleteSeries(other, { cancelMade: true })).toMatchObject({ cancelledMade: 3 })
    const kept = await (async () => {
      await fx.outbox.stop()
      fx.close()
      return threeMade()
    })()
    expect(fx.outbox.deleteSeries(kept, { cancelMade: false })).toMatchObject({ cancelledMade: 0 })
    fx.outbox.setPaused(false)
    await fx.clock.advance(DAY)
    expect(fx.gateway.sends()).toHaveLength(3)
  })

  it('delete says what it kept to go and the times it was made for, as stop does; none once cancelled', async () => {
    const kept = await threeMade()
    expect(fx.outbox.deleteSeries(kept, { cancelMade: false })).toEqual({
      cancelledMade: 0,
      madeUnsent: { count: 3, firstAt: '2026-01-15T04:00:00.000Z', lastAt: '2026-01-17T04:00:00.000Z' }
    })
    await fx.outbox.stop()
    fx.close()

    const cancelled = await threeMade()
    expect(fx.outbox.deleteSeries(cancelled, { cancelMade: true })).toEqual({
      cancelledMade: 3,
      madeUnsent: null
    })
  })
})

describe('the series producer on the send queue', () => {
  it('writes an occurrence and the series advance together: a full disk between them makes the occurrence once', async () => {
    fx = makeFixture()
    await fx.outbox.start()
    await fx.outbox.createSeries(series({ recipients: ['6281', '6282'] }))
    // The disk fills just as the series would advance past the occurrence its items were written for.
    const patch = SeriesStore.prototype.patch
    let failOnce = true
    const spy = vi.spyOn(SeriesStore.prototype, 'patch').mockImplementation(function (
      this: SeriesStore,
      ...args
    ) {
      if (failOnce) {
        failOnce = false
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })
      }
      return patch.apply(this, args)
    })
    await fx.clock.advance(HOUR)
    // The queue waits out the full disk and tries the round again.
    await fx.clock.advance(60_000)
    spy.mockRestore()
    expect(failOnce).toBe(false)
    expect(
      fx.outbox
        .list()
        .items.map((item) => item.recipient)
        .sort()
    ).toEqual(['6281', '6282'])
    expect(fx.outbox.listSeries()[0]?.occurrences).toBe(1)
  })

  it('copies a file again when a sweep removed its copy before the series was written', async () => {
    fx = makeFixture()
    const file = pdf('jadwal.pdf')
    // The queue's copies, watched: the first copy vanishes (a retention sweep took the identical old file).
    const queue = fx.outbox.queue
    let copies = 0
    const producer = createSeriesProducer({
      ...queue,
      copyFiles: async (entries) => {
        const made = await queue.copyFiles(entries)
        if (copies++ === 0) for (const copy of made.values()) rmSync(attachmentPath(fx.dir, copy.sha256))
        return made
      }
    })
    const created = await producer.create(series({ entries: [file] }))
    expect(copies).toBe(2)
    expect(created.entries[0]?.fileName).toBe('jadwal.pdf')
    expect(readdirSync(attachmentsDir(fx.dir))).toHaveLength(1)
  })
})
