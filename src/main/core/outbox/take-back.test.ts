// Take-backs on the kernel with a FakeClock and the fake gateway: each action and each outcome, batches of 100,
// answers lost or cut short by a crash settled through the reports (never a second call for one message), pause and
// resume, and no call alongside a send in flight.
import { afterEach, describe, expect, it } from 'vitest'
import { CANNOT_REVOKE, NOT_PENDING } from './testing/fake-gateway'
import { makeFixture, type OutboxFixture } from './testing/outbox-fixture'
import { newTextItem } from '../store/testing/new-item'
import { OPTED_OUT_NOTE } from './policies'
import { followOnItsWay, requestFollowing } from '../store'
import type { TakeBackView } from '../../../shared/contract'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const OPTIONS = { trackingIntervalMs: 1_000, trackingCapMs: 5_000, visibilityWindowMs: 60_000 }

/** `n` texts to distinct recipients, run until the gateway accepted them all: their item ids and gateway ids. */
async function sendMany(n: number): Promise<{ ids: string[]; gatewayIds: string[] }> {
  const recipients = Array.from({ length: n }, (_, i) => `62812${String(i).padStart(6, '0')}`)
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients,
    entries: [{ kind: 'text', text: 'oops' }]
  })
  await fx.runUntil(() => itemIds.every((id) => fx.outbox.get(id).item.status === 'accepted'))
  return { ids: itemIds, gatewayIds: itemIds.map((id) => fx.outbox.get(id).item.gatewayId ?? '') }
}

/** The gateway delivers them, and the outbox's tracking sees it. */
async function deliver(ids: string[], gatewayIds: string[]): Promise<void> {
  for (const id of gatewayIds) fx.gateway.setStatus(id, 'delivered')
  await fx.runUntil(() => ids.every((id) => fx.outbox.get(id).item.status === 'delivered'), { stepMs: 1000 })
}

const statusOf = (id: string): string => fx.outbox.get(id).item.status
const done = (requestId: string) => (): boolean => fx.outbox.takeBackProgress(requestId).state === 'done'
const maxAsks = (action: 'revoke' | 'cancel' | 'resend'): number =>
  Math.max(0, ...fx.gateway.takeBackAsks(action).values())

/** Campaign c1's two rows, row-1 and row-2, accepted by the gateway (held there, not sent yet). */
async function twoRowsAtTheGateway(): Promise<void> {
  fx = makeFixture(OPTIONS)
  await fx.outbox.start()
  await fx.outbox.add([
    newTextItem('row-1', { recipient: '6281200000001', producerTag: 'campaign:c1' }),
    newTextItem('row-2', { recipient: '6281200000002', producerTag: 'campaign:c1' })
  ])
  await fx.runUntil(() => statusOf('row-1') === 'accepted' && statusOf('row-2') === 'accepted')
}

/** A whole send of one message taken back from its card while it was being sent: its id and the request's. */
async function sendTakenBackOnItsWay(): Promise<{ id: string; requestId: string }> {
  fx = makeFixture(OPTIONS)
  await fx.outbox.start()
  fx.gateway.holdSends = true
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281200000001'],
    entries: [{ kind: 'text', text: 'oops' }]
  })
  await fx.runUntil(() => fx.gateway.heldCount === 1)
  const request = fx.outbox.takeBackItems(itemIds, 'revoke', { alsoCancelHeld: true })
  expect(request.leftAlone).toEqual({ fate_unknown: 1 })
  return { id: itemIds[0] ?? '', requestId: request.id }
}

/** The send held on the wire (holdSends) is refused by the gateway, never taken: `id` fails. */
async function failsBeforeTheGateway(id: string): Promise<void> {
  fx.gateway.fail({ op: 'send', code: 'rejected', gatewayMessage: 'param invalid' })
  fx.gateway.holdSends = false
  fx.gateway.releaseHeld()
  await fx.runUntil(() => statusOf(id) === 'failed')
}

/** Campaign c1's two rows taken back while row-1 or row-2 (`onItsWay`) was being sent, the other still queued. */
async function campaignTakenBackOnItsWay(): Promise<{ onItsWay: string; request: TakeBackView }> {
  fx = makeFixture(OPTIONS)
  await fx.outbox.start()
  fx.gateway.holdSends = true
  await fx.outbox.add([
    newTextItem('row-1', { recipient: '6281200000001', producerTag: 'campaign:c1' }),
    newTextItem('row-2', { recipient: '6281200000002', producerTag: 'campaign:c1' })
  ])
  await fx.runUntil(() => fx.gateway.heldCount === 1)
  const onItsWay = ['row-1', 'row-2'].find((id) => statusOf(id) === 'sending') ?? ''
  return { onItsWay, request: fx.outbox.takeBackProducer('campaign:c1', { revokeDelivered: true }) }
}

describe('take-back: revoke', () => {
  it('deletes delivered messages for everyone, 100 ids a call, and keeps the gateway’s refusal in its words', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(150)
    await deliver(ids, gatewayIds)
    fx.gateway.tooOldToRevoke.add(gatewayIds[7] ?? '')
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    expect(request.revoke.pending).toBe(150)
    await fx.runUntil(done(request.id))

    const revokeCalls = fx.gateway.calls.filter((c) => c.op === 'revoke')
    expect(revokeCalls.map((c) => c.messageIds?.length)).toEqual([100, 50])
    expect(maxAsks('revoke')).toBe(1)
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally.revoke).toEqual({ done: 149, refused: 1, unknown: 0, pending: 0 })
    expect(tally.explained).toEqual([{ action: 'revoke', state: 'refused', message: CANNOT_REVOKE, n: 1 }])
    expect(statusOf(ids[0] ?? '')).toBe('revoked')
    expect(statusOf(ids[7] ?? '')).toBe('delivered')
    expect(JSON.stringify(fx.outbox.get(ids[7] ?? '').history.at(-1))).toContain(CANNOT_REVOKE)
    expect(fx.outbox.counts().revoked).toBe(149)
  })

  it('asks nothing of messages the domain does not revoke, and says why each was left', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(2)
    await deliver(ids.slice(0, 1), gatewayIds.slice(0, 1))
    const request = fx.outbox.takeBackItems([...ids, 'no-such-item'], 'revoke')
    await fx.runUntil(done(request.id))
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally.revoke.done).toBe(1)
    // The second is still pending at the gateway: it needs a cancel, not a revoke.
    expect(tally.leftAlone).toEqual({ cancel_at_gateway: 1, not_found: 1 })
    expect(fx.gateway.takeBackAsks('revoke').size).toBe(1)
  })

  it('never asks the same message twice, even from a second request', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(3)
    await deliver(ids, gatewayIds)
    fx.gateway.tooOldToRevoke.add(gatewayIds[0] ?? '')
    const first = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.runUntil(done(first.id))
    const second = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.clock.advance(10_000)
    // Two revoked are left alone as revoked; the refused one was asked once already.
    expect(second.leftAlone).toEqual({ revoked: 2, already_asked: 1 })
    expect(maxAsks('revoke')).toBe(1)
  })

  // QA75: "Delete for everyone" on a selection left its queued messages (their device logged out) as they were; once
  // the device was back they were sent, though the operator had asked to take them all back.
  it('stops the selected messages that have not left, and sends none of them once their device is back', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(2)
    await deliver(ids, gatewayIds)
    fx.outbox.setDeviceSendable('d1', false)
    const { itemIds: queued } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6289999001', '6289999002'],
      entries: [{ kind: 'text', text: 'oops again' }]
    })
    const sendsBefore = fx.gateway.sends().length
    const request = fx.outbox.takeBackItems([...ids, ...queued], 'revoke')
    expect(request.stoppedLocally).toBe(2)
    expect(request.leftAlone).toEqual({})
    expect(queued.map(statusOf)).toEqual(['cancelled', 'cancelled'])

    fx.outbox.setDeviceSendable('d1', true)
    await fx.runUntil(done(request.id))
    await fx.clock.advance(60_000)
    expect(ids.map(statusOf)).toEqual(['revoked', 'revoked'])
    expect(queued.map(statusOf)).toEqual(['cancelled', 'cancelled'])
    expect(fx.gateway.sends()).toHaveLength(sendsBefore)
  })
})

// QA79 defect 1: a send's card deleted its sent messages for everyone and left the one the gateway still held; that one
// went out, was read, and the card said the send was deleted. Taking back a whole send also cancels what the gateway
// holds, in the same request; a cancel refused because it left meanwhile is followed by deleting it for everyone.
describe('take-back: a whole send (the send card’s Delete for everyone)', () => {
  it('deletes what was sent, cancels what the gateway holds, and deletes one that left before its cancel', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(3)
    fx.gateway.setStatus(gatewayIds[0] ?? '', 'read')
    await fx.runUntil(() => statusOf(ids[0] ?? '') === 'read', { stepMs: 1000 })
    // The third leaves the gateway before its cancel arrives: refused ("not pending anymore"), then deleted.
    fx.gateway.setStatus(gatewayIds[2] ?? '', 'sent')
    const request = fx.outbox.takeBackItems(ids, 'revoke', { alsoCancelHeld: true })
    expect(request.leftAlone).toEqual({})
    expect(request.revoke.pending + request.cancel.pending).toBe(3)
    await fx.runUntil(done(request.id))
    expect(ids.map(statusOf)).toEqual(['revoked', 'cancelled_at_gateway', 'revoked'])
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally.cancel).toEqual({ done: 1, refused: 0, unknown: 0, pending: 0 })
    expect(tally.revoke).toEqual({ done: 2, refused: 0, unknown: 0, pending: 0 })
  })

  it('without it, a selection’s Delete for everyone still leaves what the gateway holds, said by why', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids } = await sendMany(1)
    expect(fx.outbox.takeBackItems(ids, 'revoke').leftAlone).toEqual({ cancel_at_gateway: 1 })
  })

  // QA79 follow-up: a message still being sent when the card's Delete for everyone ran was left, the tally saying to
  // take back again if it went out. The whole send's take-back follows it up itself, as a campaign's does.
  it('follows a message still being sent: once the gateway has it, it is cancelled there, in the same tally', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    fx.gateway.holdSends = true
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001', '6281200000002'],
      entries: [{ kind: 'text', text: 'oops' }]
    })
    await fx.runUntil(() => fx.gateway.heldCount === 1)
    const onItsWay = itemIds.find((id) => statusOf(id) === 'sending') ?? ''
    const request = fx.outbox.takeBackItems(itemIds, 'revoke', { alsoCancelHeld: true })
    expect(fx.outbox.takeBackProgress(request.id)).toMatchObject({
      stoppedLocally: 1,
      leftAlone: { fate_unknown: 1 },
      onItsWayFollowed: true
    })
    // Taken back again meanwhile: the first request follows it still; the second says it was asked already.
    const again = fx.outbox.takeBackItems(itemIds, 'revoke', { alsoCancelHeld: true })
    expect(again.leftAlone).toEqual({ cancelled: 1, already_asked: 1 })
    expect(again.onItsWayFollowed).toBe(false)
    fx.gateway.holdSends = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => statusOf(onItsWay) === 'cancelled_at_gateway')
    await fx.runUntil(done(request.id))
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally).toMatchObject({ stoppedLocally: 1, leftAlone: {} })
    expect(tally.cancel).toEqual({ done: 1, refused: 0, unknown: 0, pending: 0 })
    expect(fx.gateway.sends()).toHaveLength(1)
  })

  it('follows it across a restart: found in the reports after the app closed mid-send, then cancelled', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    fx.gateway.holdAnswers = true
    const { itemIds } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281200000001'],
      entries: [{ kind: 'text', text: 'oops' }]
    })
    const id = itemIds[0] ?? ''
    await fx.runUntil(() => fx.gateway.heldCount === 1)
    const request = fx.outbox.takeBackItems(itemIds, 'revoke', { alsoCancelHeld: true })
    expect(request.leftAlone).toEqual({ fate_unknown: 1 })
    fx.crash()
    fx.gateway.holdAnswers = false
    fx.gateway.releaseHeld()
    fx.reopen(OPTIONS)
    await fx.outbox.start()
    await fx.runUntil(() => statusOf(id) === 'cancelled_at_gateway', { stepMs: 1000 })
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally).toMatchObject({ state: 'done', leftAlone: {} })
    expect(tally.cancel.done).toBe(1)
    expect(fx.gateway.sends()).toHaveLength(1)
  })

  it('has nothing to follow when the message fails: counted by why instead, its tally done', async () => {
    const { id, requestId } = await sendTakenBackOnItsWay()
    await failsBeforeTheGateway(id)
    const tally = fx.outbox.takeBackProgress(requestId)
    expect(tally).toMatchObject({
      state: 'done',
      leftAlone: { never_reached_gateway: 1 },
      onItsWayFollowed: false
    })
    expect(tally.cancel.pending + tally.revoke.pending).toBe(0)
  })
})

// A message a take-back left on its way is followed up only while it is that send: sent again by the operator it is a
// new send, and gone from the outbox it is nothing more to take back.
describe('take-back: what a message on its way stops being followed for', () => {
  /** Its send fails before the gateway took it, then the operator retries it and the gateway takes it. */
  async function failThenRetry(id: string, beforeRetry: () => void = () => undefined): Promise<void> {
    await failsBeforeTheGateway(id)
    beforeRetry()
    expect(fx.outbox.retry(id).status).toBe('queued')
    await fx.runUntil(() => !['queued', 'sending'].includes(statusOf(id)))
    expect(statusOf(id)).toBe('accepted')
  }

  /** The request asks the gateway nothing: a follow-up's call is written with the acceptance, in its transaction. */
  const asksNothing = (requestId: string): void => {
    const tally = fx.outbox.takeBackProgress(requestId)
    expect(tally.state).toBe('done')
    for (const action of ['cancel', 'revoke'] as const)
      expect(tally[action]).toEqual({ done: 0, refused: 0, unknown: 0, pending: 0 })
  }

  it('leaves a message the operator sends again to go out: no take-back follows it up', async () => {
    const { id, requestId } = await sendTakenBackOnItsWay()
    await failThenRetry(id)
    asksNothing(requestId)
    expect(requestFollowing(fx.db, id)).toBeUndefined()
    expect(fx.outbox.takeBackProgress(requestId)).toMatchObject({
      leftAlone: { never_reached_gateway: 1 },
      onItsWayFollowed: false
    })
  })

  // However its row was kept (a request of an older version, a failure nothing could place), a retry ends it.
  it('lets go of a message still followed when the operator sends it again, counting it on its way no more', async () => {
    const { id, requestId } = await sendTakenBackOnItsWay()
    await failThenRetry(id, () => {
      fx.db
        .prepare('UPDATE outbox_takeback_requests SET left_alone = ? WHERE id = ?')
        .run(JSON.stringify({ fate_unknown: 1 }), requestId)
      expect(followOnItsWay(fx.db, requestId, [id])).toBe(1)
    })
    asksNothing(requestId)
    expect(requestFollowing(fx.db, id)).toBeUndefined()
    expect(fx.outbox.takeBackProgress(requestId)).toMatchObject({ leftAlone: {}, onItsWayFollowed: false })
  })

  // A campaign's tally said "1 was on its way: once the gateway has it, it is taken back too" of a row that had failed
  // before reaching the gateway and was deleted from the outbox since.
  it('counts a campaign row on its way no more once it failed, nor once it is deleted', async () => {
    const { onItsWay, request } = await campaignTakenBackOnItsWay()
    expect(request.leftAlone).toEqual({ fate_unknown: 1 })
    // Kept with the request, as a whole send's: a delete (or retention) takes the row and its count with it.
    expect(requestFollowing(fx.db, onItsWay)).toBe(request.id)
    await failsBeforeTheGateway(onItsWay)
    expect(fx.outbox.takeBackProgress(request.id).leftAlone).toEqual({ never_reached_gateway: 1 })
    expect(fx.outbox.deleteMany([onItsWay]).done).toEqual([onItsWay])
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally.leftAlone['fate_unknown']).toBeUndefined()
    expect(tally).toMatchObject({ state: 'done', stoppedLocally: 1 })
  })
})

describe('take-back: a flush of take-backs only (the terminal’s take-back)', () => {
  it('carries the take-back to its end and sends nothing queued meanwhile', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(2)
    await deliver(ids, gatewayIds)
    await fx.outbox.stop()
    const { itemIds: later } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6281299999999'],
      entries: [{ kind: 'text', text: 'not now' }]
    })
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    const sendsBefore = fx.gateway.calls.filter((c) => c.op === 'send').length

    const summary = await fx.outbox.flush({ timeoutMs: 60_000, takeBacksOnly: true })
    expect(summary).toMatchObject({ accepted: 0, timedOut: false, remaining: { queued: 1 } })
    expect(fx.outbox.takeBackProgress(request.id).revoke).toEqual({
      done: 2,
      refused: 0,
      unknown: 0,
      pending: 0
    })
    expect(ids.map(statusOf)).toEqual(['revoked', 'revoked'])
    expect(statusOf(later[0] ?? '')).toBe('queued')
    expect(fx.gateway.calls.filter((c) => c.op === 'send')).toHaveLength(sendsBefore)

    // A plain flush afterwards sends it: the queue was left as it was.
    await fx.outbox.flush({ timeoutMs: 60_000 })
    expect(statusOf(later[0] ?? '')).toBe('accepted')
  })
})

describe('take-back: cancel and resend', () => {
  it('cancels what the gateway holds, stops what has not left, and keeps "not pending anymore"', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(3)
    // One was sent meanwhile: the gateway refuses to cancel it.
    fx.gateway.setStatus(gatewayIds[2] ?? '', 'sent')
    await fx.outbox.setPaused(true)
    const { itemIds: queued } = await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6289999'],
      entries: [{ kind: 'text', text: 'later' }]
    })
    const request = fx.outbox.takeBackItems([...ids, ...queued], 'cancel')
    expect(request.stoppedLocally).toBe(1)
    // Paused sending does not hold a take-back: pausing is the first thing an operator does after a wrong send.
    await fx.runUntil(done(request.id))
    expect(statusOf(ids[0] ?? '')).toBe('cancelled_at_gateway')
    expect(statusOf(queued[0] ?? '')).toBe('cancelled')
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally.cancel).toEqual({ done: 2, refused: 1, unknown: 0, pending: 0 })
    expect(tally.explained[0]?.message).toBe(NOT_PENDING)
  })

  it('counts a message once when its cancel is refused (it left meanwhile) and it is then deleted for everyone', async () => {
    await twoRowsAtTheGateway()
    // row-2 leaves the gateway before its cancel arrives: refused ("not pending anymore"), then revoked.
    fx.gateway.setStatus(fx.outbox.get('row-2').item.gatewayId ?? '', 'sent')
    const request = fx.outbox.takeBackProducer('campaign:c1', { revokeDelivered: true })
    await fx.runUntil(done(request.id))
    expect(statusOf('row-1')).toBe('cancelled_at_gateway')
    expect(statusOf('row-2')).toBe('revoked')
    const tally = fx.outbox.takeBackProgress(request.id)
    // Two messages, each counted once by what took it back; no refusal shown for one that was taken back.
    expect(tally.cancel).toEqual({ done: 1, refused: 0, unknown: 0, pending: 0 })
    expect(tally.revoke).toEqual({ done: 1, refused: 0, unknown: 0, pending: 0 })
    expect(tally.explained).toEqual([])
  })

  // An operator's probe: a campaign taken back while a row was being sent; the row went out and stayed on WhatsApp,
  // the tally saying only that it had been on its way. Once its fate is known it is taken back in the same request.
  it('follows up a row that was on its way: once the gateway has it, it is cancelled or deleted as asked', async () => {
    const { onItsWay, request } = await campaignTakenBackOnItsWay()
    expect(fx.outbox.takeBackProgress(request.id)).toMatchObject({
      stoppedLocally: 1,
      leftAlone: { fate_unknown: 1 }
    })
    await fx.runUntil(done(request.id))
    // The gateway takes it (and holds it, not sent yet): it is cancelled there, counted in the same request.
    fx.gateway.holdSends = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => statusOf(onItsWay) === 'cancelled_at_gateway')
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally).toMatchObject({ state: 'done', stoppedLocally: 1, leftAlone: {} })
    expect(tally.cancel).toEqual({ done: 1, refused: 0, unknown: 0, pending: 0 })
    expect(tally.explained).toEqual([])
  })

  it('resends what the gateway failed and tracks it again; never one whose fate is unknown', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(1)
    fx.gateway.setStatus(gatewayIds[0] ?? '', 'failed')
    await fx.runUntil(() => statusOf(ids[0] ?? '') === 'failed', { stepMs: 1000 })
    const request = fx.outbox.takeBackItems(ids, 'resend')
    await fx.runUntil(done(request.id))
    expect(statusOf(ids[0] ?? '')).toBe('accepted')
    expect(fx.outbox.takeBackProgress(request.id).resend.done).toBe(1)
    fx.gateway.setStatus(gatewayIds[0] ?? '', 'read')
    await fx.runUntil(() => statusOf(ids[0] ?? '') === 'read', { stepMs: 1000 })
  })
})

describe('take-back: what was never sent', () => {
  it("counts a row the opt-out policy cancelled as opted out, apart from the operator's cancel", async () => {
    fx = makeFixture(OPTIONS)
    // A campaign's opt-out policy: the number asked for no more messages after its row was queued.
    fx.outbox.addPolicy({
      name: 'opt-outs',
      check: (item) => (item.recipient === '6281200000002' ? { cancel: { reason: OPTED_OUT_NOTE } } : null)
    })
    await fx.outbox.add(
      ['row-1', 'row-2', 'row-3'].map((id, i) =>
        newTextItem(id, { recipient: `628120000000${i + 1}`, producerTag: 'campaign:c1' })
      )
    )
    fx.outbox.cancel('row-3')
    await fx.outbox.start()
    await fx.runUntil(() => statusOf('row-1') === 'accepted' && statusOf('row-2') === 'cancelled')

    // Nobody cancelled row-2: the plan, a take-back of the producer and one of a selection all say it opted out.
    const neverSent = { opted_out: 1, cancelled: 1 }
    expect(fx.outbox.planTakeBack('campaign:c1', { revokeDelivered: false })).toEqual({
      stopLocally: 0,
      cancelAtGateway: 1,
      revoke: 0,
      revokeRead: 0,
      leftAlone: neverSent,
      atGatewayByDevice: [{ deviceId: 'd1', n: 1 }]
    })
    const request = fx.outbox.takeBackProducer('campaign:c1', { revokeDelivered: false })
    await fx.runUntil(done(request.id))
    expect(fx.outbox.takeBackProgress(request.id).leftAlone).toEqual(neverSent)
    expect(fx.outbox.takeBackItems(['row-2', 'row-3'], 'cancel').leftAlone).toEqual(neverSent)
  })
})

describe('take-back: a device that cannot act now', () => {
  it('says which device holds the ops that wait, and carries them out once it can act again', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.add(
      ['row-1', 'row-2', 'row-3'].map((id, i) =>
        newTextItem(id, {
          recipient: `62812000000${i}`,
          producerTag: 'campaign:c1',
          deviceId: i < 2 ? 'd1' : 'd2'
        })
      )
    )
    await fx.outbox.start()
    await fx.runUntil(() => ['row-1', 'row-2', 'row-3'].every((id) => statusOf(id) === 'accepted'))
    for (const id of ['row-1', 'row-2', 'row-3'])
      fx.gateway.setStatus(fx.outbox.get(id).item.gatewayId ?? '', 'read')
    await fx.runUntil(() => ['row-1', 'row-2', 'row-3'].every((id) => statusOf(id) === 'read'), {
      stepMs: 1000
    })
    // d2's subscription ends after the campaign: the device monitor says it cannot send.
    fx.outbox.setDeviceSendable('d2', false)

    // The confirmation can say which devices its gateway calls go through.
    expect(fx.outbox.planTakeBack('campaign:c1', { revokeDelivered: true }).atGatewayByDevice).toEqual([
      { deviceId: 'd1', n: 2 },
      { deviceId: 'd2', n: 1 }
    ])
    const request = fx.outbox.takeBackProducer('campaign:c1', { revokeDelivered: true })
    await fx.clock.advance(60_000)
    const waiting = fx.outbox.takeBackProgress(request.id)
    expect(waiting).toMatchObject({ state: 'running', revoke: { done: 2, pending: 1 } })
    expect(waiting.pendingByDevice).toEqual([{ deviceId: 'd2', n: 1 }])
    expect(statusOf('row-3')).toBe('read')
    // The message's own detail can follow it (QA63: the Outbox offered it again): named while its call waits, and
    // not for a message whose call was made.
    expect(fx.outbox.openTakeBackOf('row-3')).toBe(request.id)
    expect(fx.outbox.openTakeBackOf('row-1')).toBeNull()

    // Renewed: the op that waited is not lost, it is carried out.
    fx.outbox.setDeviceSendable('d2', true)
    await fx.runUntil(done(request.id))
    expect(statusOf('row-3')).toBe('revoked')
    expect(fx.outbox.takeBackProgress(request.id).pendingByDevice).toEqual([])
    expect(fx.outbox.openTakeBackOf('row-3')).toBeNull()
  })
})

describe('take-back: a device that is removed', () => {
  it('settles its waiting calls as not taken back, saying its device was removed, and the request ends', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.add(
      ['row-1', 'row-2'].map((id, i) =>
        newTextItem(id, { recipient: `62812000000${i}`, producerTag: 'campaign:c1', deviceId: `d${i + 1}` })
      )
    )
    await fx.outbox.start()
    await fx.runUntil(() => ['row-1', 'row-2'].every((id) => statusOf(id) === 'accepted'))
    for (const id of ['row-1', 'row-2']) fx.gateway.setStatus(fx.outbox.get(id).item.gatewayId ?? '', 'read')
    await fx.runUntil(() => ['row-1', 'row-2'].every((id) => statusOf(id) === 'read'), { stepMs: 1000 })
    fx.outbox.setDeviceSendable('d2', false)
    const request = fx.outbox.takeBackProducer('campaign:c1', { revokeDelivered: true })
    await fx.clock.advance(60_000)
    expect(fx.outbox.takeBackPending('campaign:c1')).toBe(1)

    // d2 is removed: its call can never be made, so it no longer says "still to do".
    fx.outbox.settleTakeBacksOfRemovedDevice('d2')
    const settled = fx.outbox.takeBackProgress(request.id)
    expect(settled).toMatchObject({
      state: 'done',
      revoke: { done: 1, unknown: 1, pending: 0 },
      pendingByDevice: []
    })
    expect(settled.explained).toEqual([
      expect.objectContaining({
        action: 'revoke',
        state: 'unknown',
        messageKey: 'desktop.takeBack.deviceRemoved',
        n: 1
      })
    ])
    expect(settled.explained[0]!.message).toContain('its device was removed')
    expect(fx.outbox.takeBackPending('campaign:c1')).toBe(0)
    expect(statusOf('row-2')).toBe('read')
  })
})

describe('take-back: answers lost, crashes', () => {
  it('an answer lost after the gateway acted is settled by the reports, without a second call', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(5)
    await deliver(ids, gatewayIds)
    fx.gateway.fail({ op: 'revoke', code: 'timeout', afterHandling: true })
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.runUntil(done(request.id), { stepMs: 1000 })
    expect(ids.map(statusOf)).toEqual(Array(5).fill('revoked'))
    expect(maxAsks('revoke')).toBe(1)
    expect(fx.outbox.takeBackProgress(request.id).revoke.done).toBe(5)
  })

  it('a call that never reached the gateway is asked again only after the reports show it untouched past the window', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(2)
    await deliver(ids, gatewayIds)
    fx.gateway.fail({ op: 'revoke', code: 'timeout' })
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.clock.advance(30_000)
    expect(fx.gateway.calls.filter((c) => c.op === 'revoke')).toHaveLength(1)
    expect(fx.outbox.takeBackProgress(request.id).revoke.pending).toBe(2)
    await fx.runUntil(done(request.id), { stepMs: 1000 })
    expect(fx.gateway.calls.filter((c) => c.op === 'revoke')).toHaveLength(2)
    expect(ids.map(statusOf)).toEqual(['revoked', 'revoked'])
  })

  it('a lost answer the reports cannot settle is explained as unknown, and never asked again', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(1)
    await deliver(ids, gatewayIds)
    fx.gateway.fail({ op: 'revoke', code: 'timeout', afterHandling: true })
    // The gateway no longer lists the message in any report (purged there).
    fx.gateway.messages.splice(0)
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.runUntil(done(request.id), { stepMs: 1000 })
    const tally = fx.outbox.takeBackProgress(request.id)
    expect(tally.revoke).toEqual({ done: 0, refused: 0, unknown: 1, pending: 0 })
    expect(tally.explained).toEqual([
      {
        action: 'revoke',
        state: 'unknown',
        message: 'the gateway’s reports do not show this message, so whether it was taken back is unknown',
        messageKey: 'desktop.takeBack.notInReports',
        messageParams: {},
        n: 1
      }
    ])
    expect(fx.gateway.calls.filter((c) => c.op === 'revoke')).toHaveLength(1)
    expect(statusOf(ids[0] ?? '')).toBe('delivered')
  })

  it('after a crash mid-call, the reports settle the batch before anything is asked again', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(250)
    await deliver(ids, gatewayIds)
    // The second call reaches the gateway, which acts on it; then the app dies before the answer is written.
    fx.gateway.holdTakeBacks = true
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.runUntil(() => fx.gateway.heldCount === 1)
    fx.gateway.releaseHeld()
    await fx.runUntil(() => fx.gateway.heldCount === 1)
    fx.crash()
    fx.gateway.holdTakeBacks = false
    fx.gateway.releaseHeld()
    await fx.clock.advance(0)

    fx.reopen()
    await fx.outbox.start()
    await fx.runUntil(done(request.id), { stepMs: 1000 })
    expect(maxAsks('revoke')).toBe(1)
    expect(fx.gateway.takeBackAsks('revoke').size).toBe(250)
    expect(ids.every((id) => statusOf(id) === 'revoked')).toBe(true)
  })
})

describe('take-back: pacing, pause', () => {
  it('gets its turn on a device that keeps several sends in flight', async () => {
    fx = makeFixture({ ...OPTIONS, concurrency: 3 })
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(10)
    await deliver(ids, gatewayIds)
    fx.gateway.holdSends = true
    const recipients = Array.from({ length: 30 }, (_, i) => `62877${String(i).padStart(6, '0')}`)
    await fx.outbox.enqueue({ deviceId: 'd1', recipients, entries: [{ kind: 'text', text: 'more' }] })
    await fx.runUntil(() => fx.gateway.heldCount === 3)
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    // The sends in flight end one by one: no new send starts meanwhile, and the call goes once the last has ended.
    for (let i = 0; i < 3; i++) {
      fx.gateway.releaseFirst()
      await fx.clock.advance(10)
    }
    await fx.runUntil(() => fx.gateway.calls.some((c) => c.op === 'revoke'))
    const revokeAt = fx.gateway.calls.findIndex((c) => c.op === 'revoke')
    expect(fx.gateway.calls.slice(0, revokeAt).filter((c) => c.op === 'send')).toHaveLength(13)
    fx.gateway.holdSends = false
    fx.gateway.releaseHeld()
    await fx.runUntil(done(request.id))
  })

  it('pauses and resumes a request; calls never run alongside a send in flight', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(150)
    await deliver(ids, gatewayIds)
    fx.gateway.holdTakeBacks = true
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.runUntil(() => fx.gateway.heldCount === 1)
    fx.outbox.setTakeBackPaused(request.id, true)
    // A send queued now waits for the call in flight.
    await fx.outbox.enqueue({
      deviceId: 'd1',
      recipients: ['6287777'],
      entries: [{ kind: 'text', text: 'next' }]
    })
    await fx.clock.advance(1000)
    expect(fx.gateway.sends()).toHaveLength(150)
    fx.gateway.holdTakeBacks = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => fx.gateway.sends().length === 151)
    await fx.clock.advance(10_000)
    expect(fx.gateway.calls.filter((c) => c.op === 'revoke')).toHaveLength(1)
    expect(fx.outbox.takeBackProgress(request.id)).toMatchObject({
      state: 'paused',
      revoke: { done: 100, pending: 50 }
    })
    fx.outbox.setTakeBackPaused(request.id, false)
    await fx.runUntil(done(request.id))
    expect(fx.outbox.takeBackProgress(request.id).revoke.done).toBe(150)
  })
})

describe('take-back: why it is held', () => {
  it('names what holds its calls: the operator’s pause, no connection, the gateway’s 429; never sending’s pause', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(3)
    await deliver(ids, gatewayIds)
    // Sending's own pause never holds a take-back (pausing is the first thing done after a wrong send).
    await fx.outbox.setPaused(true)
    fx.gateway.fail({ op: 'revoke', deviceId: 'd1', code: 'rate_limited', retryAfterMs: 30_000 })
    const request = fx.outbox.takeBackItems(ids.slice(0, 1), 'revoke')
    await fx.runUntil(() => fx.gateway.calls.some((c) => c.op === 'revoke'))
    await fx.clock.advance(10)
    expect(fx.outbox.takeBackProgress(request.id).heldBy).toEqual({ reason: 'gateway', deviceId: 'd1' })
    await fx.runUntil(done(request.id), { stepMs: 1000 })
    expect(fx.outbox.takeBackProgress(request.id).heldBy).toBeNull()

    // A 5xx: the call may have reached the gateway, so its reports are read before it is asked again. Meanwhile the
    // request says the gateway did not answer (an operator's probe: nothing was said while it was asked again and
    // again), until a call is answered.
    fx.gateway.fail({ op: 'revoke', deviceId: 'd1', code: 'server_error', times: 3 })
    const revokes = (): number => fx.gateway.calls.filter((c) => c.op === 'revoke').length
    const before = revokes()
    const failing = fx.outbox.takeBackItems(ids.slice(2, 3), 'revoke')
    await fx.runUntil(() => revokes() === before + 1)
    await fx.clock.advance(OPTIONS.visibilityWindowMs / 2)
    expect(fx.outbox.takeBackProgress(failing.id)).toMatchObject({
      heldBy: { reason: 'gateway', deviceId: 'd1' },
      revoke: { pending: 1 }
    })
    // Asked again only once the reports show it untouched past the window; the fourth call is answered.
    await fx.runUntil(() => revokes() === before + 3, { stepMs: 1000 })
    expect(fx.outbox.takeBackProgress(failing.id).heldBy).toEqual({ reason: 'gateway', deviceId: 'd1' })
    await fx.runUntil(done(failing.id), { stepMs: 1000 })
    expect(revokes()).toBe(before + 4)
    expect(fx.outbox.takeBackProgress(failing.id)).toMatchObject({ heldBy: null, revoke: { done: 1 } })
    expect(statusOf(ids[2] ?? '')).toBe('revoked')

    fx.outbox.setNetworkOnline(false)
    const offline = fx.outbox.takeBackItems(ids.slice(1, 2), 'revoke')
    expect(fx.outbox.takeBackProgress(offline.id).heldBy).toEqual({ reason: 'offline', deviceId: 'd1' })
    expect(fx.outbox.setTakeBackPaused(offline.id, true).heldBy).toEqual({
      reason: 'operator',
      deviceId: null
    })
    fx.outbox.setNetworkOnline(true)
    expect(fx.outbox.setTakeBackPaused(offline.id, false).heldBy).toBeNull()
    await fx.runUntil(done(offline.id))
  })

  // The terminal's `campaign takeback pause|resume` while the app holds the gateway's 429 wait in memory: the app
  // learns of it as another process's commit (other-process-commits.ts: otherProcessCommitted). The pause holds at
  // once; a resume goes when the gateway's Retry-After ends (honoured per device), at once when it has ended.
  it('takes the terminal’s pause at once while the gateway’s 429 holds it, and its resume when the wait ends', async () => {
    const RETRY_AFTER_MS = 15 * 60_000
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(2)
    await deliver(ids, gatewayIds)
    const revokes = (): number => fx.gateway.calls.filter((c) => c.op === 'revoke').length
    const terminal = fx.otherProcess()
    /** The terminal writes the pause (or the resume); the app notices its commit. */
    const fromTerminal = (id: string, paused: boolean): void => {
      terminal.setTakeBackPaused(id, paused)
      fx.outbox.otherProcessCommitted()
    }
    /** A take-back of one message whose first call the gateway answered with a 429. */
    const held = async (id: string): Promise<{ requestId: string; until: number }> => {
      fx.gateway.fail({ op: 'revoke', deviceId: 'd1', code: 'rate_limited', retryAfterMs: RETRY_AFTER_MS })
      const asked = revokes()
      const request = fx.outbox.takeBackItems([id], 'revoke')
      await fx.runUntil(() => revokes() > asked)
      const until = fx.clock.now() + RETRY_AFTER_MS
      await fx.clock.advance(10)
      expect(fx.outbox.takeBackProgress(request.id).heldBy).toEqual({ reason: 'gateway', deviceId: 'd1' })
      return { requestId: request.id, until }
    }

    // Paused from the terminal, then resumed before the gateway's wait ends: the call goes when it ends.
    const first = await held(ids[0] ?? '')
    fromTerminal(first.requestId, true)
    expect(fx.outbox.takeBackProgress(first.requestId)).toMatchObject({
      state: 'paused',
      heldBy: { reason: 'operator', deviceId: null }
    })
    await fx.clock.advance(60_000)
    fromTerminal(first.requestId, false)
    await fx.clock.advance(first.until - fx.clock.now() - 1_000)
    expect(revokes()).toBe(1)
    await fx.runUntil(done(first.requestId), { stepMs: 1_000, maxSteps: 5 })
    expect(revokes()).toBe(2)

    // Paused through the whole wait: nothing asked when it ends; resumed after it, asked at once.
    const second = await held(ids[1] ?? '')
    fromTerminal(second.requestId, true)
    await fx.clock.advance(second.until - fx.clock.now() + 60_000)
    expect(revokes()).toBe(3)
    expect(fx.outbox.takeBackProgress(second.requestId).state).toBe('paused')
    fromTerminal(second.requestId, false)
    await fx.runUntil(done(second.requestId), { stepMs: 100, maxSteps: 5 })
    expect(revokes()).toBe(4)
    expect(statusOf(ids[1] ?? '')).toBe('revoked')
  })

  // As sends do: the gateway's Retry-After is the wait it asked for; the growing backoff is for failures that name
  // none. Taken as the longer of the two, a run of short 429s left a take-back waiting minutes the gateway never asked.
  it('waits what the gateway’s 429 asks, however many came before, not a backoff grown past it', async () => {
    const RETRY_AFTER_MS = 2_000
    const REFUSALS = 6
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(1)
    await deliver(ids, gatewayIds)
    const revokeTimes: number[] = []
    const revokes = (): number => fx.gateway.calls.filter((c) => c.op === 'revoke').length
    fx.gateway.fail({
      op: 'revoke',
      deviceId: 'd1',
      code: 'rate_limited',
      retryAfterMs: RETRY_AFTER_MS,
      times: REFUSALS
    })
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    for (let call = 1; call <= REFUSALS + 1; call++) {
      await fx.runUntil(() => revokes() >= call, { stepMs: 100, maxSteps: 600 })
      revokeTimes.push(fx.clock.now())
    }
    await fx.runUntil(done(request.id))
    const waits = revokeTimes.slice(1).map((at, i) => at - revokeTimes[i]!)
    // Each next call within a step of the gateway's wait (the pump looks every 100 ms here), never a backoff's minutes.
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(RETRY_AFTER_MS + 1_000)
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(RETRY_AFTER_MS)
  })

  it('resumes where it was: a call in flight while paused is never asked again, even resumed twice', async () => {
    fx = makeFixture(OPTIONS)
    await fx.outbox.start()
    const { ids, gatewayIds } = await sendMany(150)
    await deliver(ids, gatewayIds)
    fx.gateway.holdTakeBacks = true
    const request = fx.outbox.takeBackItems(ids, 'revoke')
    await fx.runUntil(() => fx.gateway.heldCount === 1)
    fx.outbox.setTakeBackPaused(request.id, true)
    // Resumed while the first call of 100 is still in flight, then again: the next batch waits for its answer.
    fx.outbox.setTakeBackPaused(request.id, false)
    fx.outbox.setTakeBackPaused(request.id, false)
    await fx.clock.advance(1000)
    expect(fx.gateway.calls.filter((c) => c.op === 'revoke')).toHaveLength(1)
    fx.gateway.holdTakeBacks = false
    fx.gateway.releaseHeld()
    await fx.runUntil(done(request.id))
    expect(fx.gateway.calls.filter((c) => c.op === 'revoke').map((c) => c.messageIds?.length)).toEqual([
      100, 50
    ])
    expect(fx.gateway.takeBackAsks('revoke').size).toBe(150)
    expect(maxAsks('revoke')).toBe(1)
    expect(fx.outbox.takeBackProgress(request.id).revoke.done).toBe(150)
  })
})

describe('take-back: a damaged record', () => {
  /** What reading it throws (null when it reads). */
  const failureOf = (read: () => unknown): unknown => {
    try {
      read()
      return null
    } catch (error) {
      return error
    }
  }

  // Its JSON unreadable, a read failed as "Something went wrong": nothing said what was true, nor what was left to do.
  it('says its record cannot be read, by its code and state, while its calls go on; a new take-back asks only the rest', async () => {
    await twoRowsAtTheGateway()
    // row-2 left the gateway: its cancel is refused, then it is deleted for everyone (the request says so).
    fx.gateway.setStatus(fx.outbox.get('row-2').item.gatewayId ?? '', 'sent')
    fx.gateway.holdTakeBacks = true
    const request = fx.outbox.takeBackProducer('campaign:c1', { revokeDelivered: true })
    fx.db
      .prepare('UPDATE outbox_takeback_requests SET left_alone = ? WHERE id = ?')
      .run('{damaged', request.id)
    await fx.runUntil(() => fx.gateway.heldCount === 1)

    const running = failureOf(() => fx.outbox.takeBackProgress(request.id))
    expect(running).toMatchObject({
      code: 'store_damaged',
      text: { key: 'desktop.error.takeBackDamaged.running', params: { id: request.id } }
    })
    // Neither paused nor resumed: nothing of it changes when it cannot be read (the pause would be for ever).
    expect(failureOf(() => fx.outbox.setTakeBackPaused(request.id, true))).toMatchObject({
      code: 'store_damaged'
    })
    // Taking them back again asks the gateway nothing this one asked.
    const again = fx.outbox.takeBackProducer('campaign:c1', { revokeDelivered: true })
    expect(again).toMatchObject({ state: 'done', leftAlone: { already_asked: 2 } })

    // Its calls go on as if nothing were damaged, the refused cancel's delete for everyone too.
    fx.gateway.holdTakeBacks = false
    fx.gateway.releaseHeld()
    await fx.runUntil(() => statusOf('row-1') === 'cancelled_at_gateway' && statusOf('row-2') === 'revoked', {
      stepMs: 1000
    })
    expect(maxAsks('cancel')).toBe(1)
    expect(maxAsks('revoke')).toBe(1)
    expect(failureOf(() => fx.outbox.takeBackProgress(request.id))).toMatchObject({
      code: 'store_damaged',
      text: { key: 'desktop.error.takeBackDamaged.done' }
    })
  })
})
