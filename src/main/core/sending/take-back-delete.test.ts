// Deleting a message whose take-back has not settled (a QA pass): read, its device disconnected, the operator pressed
// "Delete for everyone" (it waited for the device) and then Delete. The message went from the Outbox, its take-back
// stayed, and once the device was back the gateway deleted the message for everyone, with no trace left in the app.
// The outbox's own delete rule now keeps such a message, one at a time and in a selection, until the take-back settles.
import { afterEach, expect, it } from 'vitest'
import { describeCoreError } from '../compose-command-line'
import { makeFixture, type OutboxFixture } from '../outbox/testing/outbox-fixture'
import { createSendingCommands, type SendingCommandsDeps } from './commands'

let fx: OutboxFixture
afterEach(async () => {
  await fx.outbox.stop()
  fx.close()
})

const OPTIONS = { trackingIntervalMs: 1_000, trackingCapMs: 5_000, visibilityWindowMs: 60_000 }
const statusOf = (id: string): string => fx.outbox.get(id).item.status

/** Two messages on d1, read by their recipients; then d1 is disconnected and the first is deleted for everyone. */
async function readThenTakeBackWaiting(): Promise<{ waiting: string; other: string; requestId: string }> {
  fx = makeFixture(OPTIONS)
  await fx.outbox.start()
  const { itemIds } = await fx.outbox.enqueue({
    deviceId: 'd1',
    recipients: ['6281200000001', '6281200000002'],
    entries: [{ kind: 'text', text: 'oops' }]
  })
  await fx.runUntil(() => itemIds.every((id) => statusOf(id) === 'accepted'))
  for (const id of itemIds) fx.gateway.setStatus(fx.outbox.get(id).item.gatewayId ?? '', 'read')
  await fx.runUntil(() => itemIds.every((id) => statusOf(id) === 'read'), { stepMs: 1000 })
  fx.outbox.setDeviceSendable('d1', false)
  const [waiting, other] = itemIds as [string, string]
  const request = fx.outbox.takeBackItems([waiting], 'revoke')
  await fx.clock.advance(60_000)
  expect(fx.outbox.takeBackProgress(request.id)).toMatchObject({ state: 'running', revoke: { pending: 1 } })
  return { waiting, other, requestId: request.id }
}

const commands = (): ReturnType<typeof createSendingCommands> =>
  createSendingCommands({ outbox: fx.outbox } as unknown as SendingCommandsDeps)

it('keeps a message whose Delete for everyone waits for its device, and deletes it once that is done', async () => {
  const { waiting, requestId } = await readThenTakeBackWaiting()

  const deleteOne = commands()['outbox:delete']
  const refusal = await deleteOne({ id: waiting }).catch((error: unknown) => error)
  expect(describeCoreError(refusal)).toMatchObject({
    code: 'taking_back',
    field: 'id',
    messageKey: 'desktop.error.takingBack',
    message: expect.stringContaining('still waiting for its device')
  })
  // Still in the Outbox, and its take-back still follows it.
  expect(statusOf(waiting)).toBe('read')
  expect(fx.outbox.openTakeBackOf(waiting)).toBe(requestId)

  // Connected again: the take-back is carried out, and then the message may go.
  fx.outbox.setDeviceSendable('d1', true)
  await fx.runUntil(() => fx.outbox.takeBackProgress(requestId).state === 'done')
  expect(statusOf(waiting)).toBe('revoked')
  expect(await commands()['outbox:delete']({ id: waiting })).toEqual({ ok: true })
  expect(() => fx.outbox.get(waiting)).toThrow()
})

it('a selection deletes the rest and says which it kept because its take-back waits', async () => {
  const { waiting, other, requestId } = await readThenTakeBackWaiting()

  const reply = await commands()['outbox:deleteMany']({ ids: [waiting, other] })

  expect(reply).toEqual({
    done: [other],
    refused: [{ id: waiting, reason: 'taking_back', status: 'read' }]
  })
  expect(statusOf(waiting)).toBe('read')
  expect(() => fx.outbox.get(other)).toThrow()
  expect(fx.outbox.takeBackProgress(requestId)).toMatchObject({ state: 'running', revoke: { pending: 1 } })
})

it("says on the list's page which messages a take-back has not settled for, and stops once it has", async () => {
  const { waiting, other, requestId } = await readThenTakeBackWaiting()
  const takingBack = (): Record<string, boolean> =>
    Object.fromEntries(fx.outbox.list().items.map((item) => [item.id, item.takingBack === true]))

  expect(takingBack()).toEqual({ [waiting]: true, [other]: false })
  // Its detail says it too, as its row's live changes do (oneView): the row's word did not go with the item's next
  // change, read one item at a time.
  expect(fx.outbox.get(waiting).item.takingBack).toBe(true)

  fx.outbox.setDeviceSendable('d1', true)
  await fx.runUntil(() => fx.outbox.takeBackProgress(requestId).state === 'done')
  expect(takingBack()).toEqual({ [waiting]: false, [other]: false })
})
