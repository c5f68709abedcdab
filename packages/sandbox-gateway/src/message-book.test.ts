// The message book's next step: the same answer as looking at every message, without looking at every message.

import { describe, expect, it } from 'vitest'
import { MessageBook, type MessageDraft } from './message-book'
import { nextStep } from './message-progress'
import { RandomSource } from './random-source'
import type { DeviceRecord, MessageRecord } from './records'
import { DEFAULT_TIMINGS } from './world-interface'

const TIMINGS = { ...DEFAULT_TIMINGS, sentAfterMs: 1_000, deliveredAfterMs: 2_000, readAfterMs: 4_000 }

const DRAFT: MessageDraft = {
  phone: '6281234567890',
  isGroup: false,
  kind: 'text',
  text: 'Halo',
  fileName: null,
  url: null,
  fileBytes: null,
  refId: null
}

/** What the progress rule reads of a device (its state and since when it is connected), and its serial. */
function device(serial: string, connectedSince: number | null): DeviceRecord {
  return { serial, state: connectedSince === null ? 'offline' : 'connected', connectedSince } as DeviceRecord
}

/**
 * The answer by looking at every message: the earliest step the progress rule gives any of them, but those of removed
 * devices (they stop moving, whatever their status).
 */
function earliestByScan(
  messages: readonly MessageRecord[],
  deviceOf: (serial: string) => DeviceRecord | undefined
): number | null {
  let earliest: number | null = null
  for (const message of messages) {
    if (!deviceOf(message.deviceSerial)) continue
    const step = nextStep(message, deviceOf(message.deviceSerial), TIMINGS)
    if (step && (earliest === null || step.at < earliest)) earliest = step.at
  }
  return earliest
}

describe('the next step of the messages on their way', () => {
  it('is the one a scan of every message finds, through sends, steps, cancels, revokes, resends and devices coming and going', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = RandomSource.seeded(seed)
      const pick = <T>(items: readonly T[]): T | undefined =>
        items.length === 0 ? undefined : items[Math.floor(random.next() * items.length)]
      const devices = new Map<string, DeviceRecord>([
        ['A', device('A', 0)],
        ['B', device('B', null)],
        ['C', device('C', 0)]
      ])
      const deviceOf = (serial: string): DeviceRecord | undefined => devices.get(serial)
      const book = new MessageBook()
      let now = 0
      let id = 0
      for (let operation = 0; operation < 3_000; operation++) {
        now += Math.floor(random.next() * 700)
        const roll = random.next()
        const messages = book.all()
        if (roll < 0.35) {
          const sender = pick([...devices.values()])
          if (sender) {
            const message = book.record(sender, DRAFT, {
              at: now,
              endpoint: 'send-message',
              scheduleId: null,
              id: `m${id++}`
            })
            // The world paces some sends after recording them (takePacedSlot): a later first step.
            if (random.next() < 0.2) message.notBefore = now + Math.floor(random.next() * 5_000)
          }
        } else if (roll < 0.6) {
          const step = book.nextStep(deviceOf, TIMINGS)
          if (step && step.at <= now) book.advance(step.message, step.status, step.at)
        } else if (roll < 0.67) {
          const message = pick(messages.filter((m) => m.status === 'pending'))
          if (message) book.cancel(message, now)
        } else if (roll < 0.72) {
          const message = pick(messages.filter((m) => m.status === 'sent' || m.status === 'delivered'))
          if (message) book.revoke(message, now)
        } else if (roll < 0.77) {
          const message = pick(messages.filter((m) => m.status === 'cancel' || m.status === 'rejected'))
          if (message) book.resend(message, now)
        } else if (roll < 0.8) {
          const message = pick(messages.filter((m) => m.status === 'pending'))
          if (message) book.reject(message, now, 'blacklisted')
        } else if (roll < 0.92) {
          // A device stops sending or connects (again): its queued messages wait, or start from now.
          const changed = pick([...devices.values()])
          if (changed) {
            const connect = changed.state !== 'connected' || random.next() < 0.3
            changed.state = connect ? 'connected' : random.next() < 0.5 ? 'offline' : 'awaiting-activation'
            if (connect) changed.connectedSince = now
          }
        } else if (roll < 0.93) {
          const gone = pick([...devices.keys()])
          if (gone) {
            devices.delete(gone)
            book.settleDevice(gone)
          }
        }
        const step = book.nextStep(deviceOf, TIMINGS)
        expect(step?.at ?? null, `seed ${seed}, operation ${operation}`).toBe(
          earliestByScan(book.all(), deviceOf)
        )
        if (step)
          expect(nextStep(step.message, deviceOf(step.message.deviceSerial), TIMINGS)).toEqual({
            status: step.status,
            at: step.at
          })
      }
    }
  })

  it('comes from the messages that changed, not from every message on its way (10,000 queued)', () => {
    const sender = device('A', 0)
    let looked = 0
    const deviceOf = (serial: string): DeviceRecord | undefined => {
      looked++
      return serial === 'A' ? sender : undefined
    }
    const book = new MessageBook()
    for (let n = 0; n < 10_000; n++)
      book.record(sender, DRAFT, { at: n, endpoint: 'send-message', scheduleId: null, id: `m${n}` })
    expect(book.nextStep(deviceOf, TIMINGS)?.at).toBe(TIMINGS.sentAfterMs)

    looked = 0
    book.record(sender, DRAFT, { at: 10_000, endpoint: 'send-message', scheduleId: null, id: 'one more' })
    const first = book.nextStep(deviceOf, TIMINGS)
    book.advance(first!.message, first!.status, first!.at)
    expect(book.nextStep(deviceOf, TIMINGS)?.at).toBe(1 + TIMINGS.sentAfterMs)
    // One more message and one step: a few looks at the queue's top and at the changed messages, not 10,000.
    expect(looked).toBeLessThan(20)
  })

  it('starts the messages of a device that was not sending once it can send, from when it connected', () => {
    const sender = device('A', null)
    const book = new MessageBook()
    const deviceOf = (): DeviceRecord => sender
    book.record(sender, DRAFT, { at: 100, endpoint: 'send-message', scheduleId: null, id: 'queued' })
    expect(book.nextStep(deviceOf, TIMINGS)).toBeNull()
    sender.state = 'awaiting-activation'
    expect(book.nextStep(deviceOf, TIMINGS)).toBeNull()
    sender.state = 'connected'
    sender.connectedSince = 5_000
    expect(book.nextStep(deviceOf, TIMINGS)).toMatchObject({
      status: 'sent',
      at: 5_000 + TIMINGS.sentAfterMs
    })
  })
})
