// Schedules' bulk actions through the sending commands: the Outbox's "Send held now" for a ticked selection
// (`outbox:releaseMany`), and one send settled as one (`outbox:settleSend`).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createSendingCommands, type SendingCommandsDeps } from './commands'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const HOUR = 3_600_000

it('sends the held among the ids now, and refuses the rest with what they are now', async () => {
  fx = makeFixture()
  const hold = { timezone: 'Asia/Jakarta', mode: 'local', overduePolicy: 'hold' } as const
  // FakeClock starts at 10:00 in Jakarta: the first three fall due while Sender Desk is closed, the last later.
  const { itemIds: held } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281234567051', '6281234567052', '6281234567053'],
    entries: [{ kind: 'text', text: 'Promo starts at 18:00' }],
    schedule: { localTime: '2026-01-15T11:00', ...hold }
  })
  const {
    itemIds: [later]
  } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281234567054'],
    entries: [{ kind: 'text', text: 'Next week' }],
    schedule: { localTime: '2026-01-20T11:00', ...hold }
  })
  await fx.outbox.start()
  await fx.outbox.stop()
  fx.clock.jump(5 * HOUR)
  fx.reopen()
  await fx.outbox.start()
  expect(fx.outbox.heldIds()).toEqual(held)

  // Only what the bulk release reads is given: the rest of the deps are for other channels.
  const commands = createSendingCommands({ outbox: fx.outbox } as unknown as SendingCommandsDeps)
  const reply = await commands['outbox:releaseMany']({ ids: [held[0]!, held[2]!, later!, 'gone'] })
  expect(reply).toEqual({
    done: [held[0], held[2]],
    refused: [
      { id: later, reason: 'not_applicable', status: 'scheduled' },
      { id: 'gone', reason: 'not_found', status: null }
    ]
  })
  expect(fx.outbox.heldIds()).toEqual([held[1]])
  await fx.clock.advance(HOUR)
  expect(held.map((id) => fx.outbox.get(id).item.status)).toEqual(['accepted', 'scheduled', 'accepted'])
})

// A send to many scheduled for one time showed in Schedules as a card per number, each cancelled or moved on its own
// (a send to 200 numbers, 200 cards). Schedules now shows a send as one card, settled through `outbox:settleSend`.
describe('one send, settled as one', () => {
  const jakarta = (localTime: string) =>
    ({ localTime, timezone: 'Asia/Jakarta', mode: 'local', overduePolicy: 'send' }) as const
  const commands = (): ReturnType<typeof createSendingCommands> =>
    createSendingCommands({ outbox: fx.outbox } as unknown as SendingCommandsDeps)

  /** Two sends due at 11:00 (the promo to three numbers and a note to one), and a promo number moved to 12:00. */
  async function twoSends(): Promise<{ promo: string[]; note: string; moved: string }> {
    const { itemIds: promo } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567061', '6281234567062', '6281234567063', '6281234567064'],
      entries: [{ kind: 'text', text: 'Promo starts at 18:00' }],
      schedule: jakarta('2026-01-15T11:00')
    })
    await fx.clock.advance(5)
    const {
      itemIds: [note]
    } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567065'],
      entries: [{ kind: 'text', text: 'Your order is ready' }],
      schedule: jakarta('2026-01-15T11:00')
    })
    const moved = promo.pop()!
    fx.outbox.edit(moved, { schedule: jakarta('2026-01-15T12:00') })
    return { promo, note: note!, moved }
  }

  const sendOf = (id: string) => {
    const { item } = fx.outbox.get(id)
    return { deviceId: item.deviceId, createdAt: item.createdAt, scheduledAt: item.scheduledAt! }
  }

  it('cancels the send’s items due at that time, and nothing of another send or another time', async () => {
    fx = makeFixture()
    const { promo, note, moved } = await twoSends()
    const reply = await commands()['outbox:settleSend']({ ...sendOf(promo[0]!), action: 'cancel' })
    expect(reply).toEqual({ done: promo, refused: [] })
    expect([...promo, note, moved].map((id) => fx.outbox.get(id).item.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'scheduled',
      'scheduled'
    ])
  })

  it('moves the send to another time, refusing a time gone by for all', async () => {
    fx = makeFixture()
    const { promo, note } = await twoSends()
    const send = sendOf(promo[0]!)
    await expect(
      commands()['outbox:settleSend']({
        ...send,
        action: 'reschedule',
        schedule: jakarta('2026-01-15T09:00')
      })
    ).rejects.toMatchObject({ code: 'invalid_input' })
    const reply = await commands()['outbox:settleSend']({
      ...send,
      action: 'reschedule',
      schedule: jakarta('2026-01-15T19:00')
    })
    expect(reply.done).toEqual(promo)
    expect(promo.map((id) => fx.outbox.get(id).item.scheduledAt)).toEqual(
      Array(3).fill('2026-01-15T12:00:00.000Z')
    )
    expect(fx.outbox.get(note).item.scheduledAt).toBe('2026-01-15T04:00:00.000Z')
  })

  it('rewords the send’s texts worded as the one shown, leaving its other text, one reworded apart and other sends', async () => {
    fx = makeFixture()
    const { promo, note, moved } = await twoSends()
    await fx.clock.advance(5)
    const { itemIds: both } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567071', '6281234567072'],
      entries: [
        { kind: 'text', text: 'Promo strats at 18:00' },
        { kind: 'text', text: 'Reply STOP to stop' }
      ],
      schedule: jakarta('2026-01-15T11:00')
    })
    const [first, second] = both.filter((id) => fx.outbox.get(id).item.text === 'Promo strats at 18:00')
    // The first number's typo mended on its own already: its words are its own now.
    fx.outbox.edit(first!, { text: 'Promo starts at 18:00, see you' })
    const send = sendOf(first!)
    const reply = await commands()['outbox:settleSend']({
      ...send,
      action: 'reword',
      reword: { like: second!, text: 'Promo starts at 18:00' }
    })
    expect(reply).toEqual({ done: [second], refused: [] })
    expect(both.map((id) => fx.outbox.get(id).item.text).sort()).toEqual([
      'Promo starts at 18:00',
      'Promo starts at 18:00, see you',
      'Reply STOP to stop',
      'Reply STOP to stop'
    ])
    // An id not of this send (another send's, or gone) rewords nothing.
    expect(
      await commands()['outbox:settleSend']({ ...send, action: 'reword', reword: { like: note, text: 'x' } })
    ).toEqual({ done: [], refused: [] })
    expect([...promo, moved].every((id) => fx.outbox.get(id).item.text === 'Promo starts at 18:00')).toBe(
      true
    )
    expect(fx.outbox.get(note).item.text).toBe('Your order is ready')
  })

  it('changes the caption of the send’s file, leaving its other file and its text, and takes it away when emptied', async () => {
    fx = makeFixture()
    const file = (name: string, caption: string) => {
      const path = join(fx.dir, name)
      writeFileSync(path, `%PDF-1.4 ${name}`)
      return { kind: 'file', path, name, mime: 'application/pdf', mediaKind: 'document', caption } as const
    }
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567091', '6281234567092'],
      entries: [
        { kind: 'text', text: 'Prices for May' },
        file('prices.pdf', 'Prices for May'),
        file('menu.pdf', 'Prices for May')
      ],
      schedule: jakarta('2026-01-15T11:00')
    })
    const byName = (name: string | null) => itemIds.filter((id) => fx.outbox.get(id).item.fileName === name)
    const [prices] = byName('prices.pdf')
    const send = sendOf(prices!)
    const reply = await commands()['outbox:settleSend']({
      ...send,
      action: 'reword',
      reword: { like: prices!, text: 'Prices for June' }
    })
    expect(reply).toEqual({ done: byName('prices.pdf'), refused: [] })
    const words = (name: string | null) => byName(name).map((id) => fx.outbox.get(id).item.text)
    expect(words('prices.pdf')).toEqual(['Prices for June', 'Prices for June'])
    expect(words('menu.pdf')).toEqual(['Prices for May', 'Prices for May'])
    expect(words(null)).toEqual(['Prices for May', 'Prices for May'])
    // A caption emptied is taken away; a text emptied is refused, nothing changed.
    await commands()['outbox:settleSend']({ ...send, action: 'reword', reword: { like: prices!, text: '' } })
    expect(words('prices.pdf')).toEqual([null, null])
    await expect(
      commands()['outbox:settleSend']({
        ...send,
        action: 'reword',
        reword: { like: byName(null)[0]!, text: ' ' }
      })
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(words(null)).toEqual(['Prices for May', 'Prices for May'])
  })

  it('says a number whose schedule the gateway is saving right now was left for that, not that it changed', async () => {
    fx = makeFixture()
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567081', '6281234567082'],
      entries: [{ kind: 'text', text: 'Promo strats at 18:00' }],
      schedule: { localTime: '2026-01-15T11:00', timezone: 'Asia/Jakarta', mode: 'gateway' }
    })
    fx.gateway.holdSchedules = true
    await fx.outbox.start()
    await fx.clock.advance(0)
    let reply
    try {
      // The gateway is asked to save the first schedule, and has not answered.
      expect(fx.gateway.calls.filter((call) => call.op === 'createSchedule')).toHaveLength(1)
      reply = await commands()['outbox:settleSend']({
        ...sendOf(itemIds[0]!),
        action: 'reword',
        reword: { like: itemIds[0]!, text: 'Promo starts at 18:00' }
      })
    } finally {
      // The held call goes however the test ends: the outbox stops only once it has answered.
      fx.gateway.holdSchedules = false
      fx.gateway.releaseHeld()
    }
    // The one being saved then is refused for that, not as changed; the other is reworded.
    expect(reply.refused).toEqual([
      expect.objectContaining({ reason: 'saving_at_gateway', status: 'scheduled' })
    ])
    expect(reply.done).toHaveLength(1)
  })

  it('says how many a full page’s last send holds past the page', async () => {
    fx = makeFixture()
    const { promo } = await twoSends()
    const page = await commands()['outbox:scheduled']({ limit: 2 })
    expect(page.items.map((item) => item.id)).toEqual(promo.slice(0, 2))
    expect(page.lastSend).toEqual({ messages: 3, numbers: 3 })
    const rest = await commands()['outbox:scheduled']({ limit: 10 })
    expect(rest.lastSend).toBeUndefined()
  })

  it('counts a send of two messages to each number as its messages and its numbers', async () => {
    fx = makeFixture()
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281234567071', '6281234567072'],
      entries: [
        { kind: 'text', text: 'Promo starts at 18:00' },
        { kind: 'text', text: 'Reply STOP to stop' }
      ],
      schedule: jakarta('2026-01-15T11:00')
    })
    const page = await commands()['outbox:scheduled']({ limit: 3 })
    expect(page.lastSend).toEqual({ messages: 4, numbers: 2 })
  })
})
