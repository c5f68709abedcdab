// Take-back requests: what revoking, cancelling or resending many messages at the gateway will do (the domain's
// decideTakeBack per message), recorded before anything is called, then carried by the pump (take-back-calls.ts);
// pause, resume, and the tally ("4,812 revoked, 188 too old or already deleted").
import { randomUUID } from 'node:crypto'
import {
  arrived,
  DamagedStoreError,
  followOnItsWay,
  followsOnItsWay,
  requestFollowing,
  sentAgain,
  type TakeBackAction,
  type ItemRecord,
  type TakeBackRequestRecord,
  type TakeBackSubjectRecord,
  type NewTakeBackOp
} from '../store'
import { decideTakeBack, planTakeBack, takeBackStep, type TakeBackLeftReason } from '../../../shared/domain'
import type { TakeBackHeldBy, TakeBackPlanView, TakeBackView } from '../../../shared/contract'
import type { KernelCore } from './kernel'
import { OutboxError } from './types'
import { encodeNote, noteFields } from '../../../shared/i18n/notes'
import type { MessageKey } from '../../../shared/i18n'
import { OPTED_OUT_NOTE } from './policies'
import { takeBackHold } from './take-back-calls'

/** What a selection's action is called in the domain's decision. */
const DECIDED_AS: Record<TakeBackAction, string> = {
  revoke: 'revoke',
  cancel: 'cancel_at_gateway',
  resend: 'resend_at_gateway'
}

/** A take-back whose record cannot be read, by the state its row still says. */
const DAMAGED_KEY = {
  running: 'desktop.error.takeBackDamaged.running',
  paused: 'desktop.error.takeBackDamaged.paused',
  done: 'desktop.error.takeBackDamaged.done'
} as const satisfies Record<TakeBackView['state'], MessageKey>

export type TakeBacks = ReturnType<typeof createTakeBacks>
/** A request's messages left as they were, by why: only the domain's reasons (each one worded by the window). */
type LeftAlone = Partial<Record<TakeBackLeftReason, number>>

/**
 * `cancelMany` is the kernel's own cancel (operator-actions.ts): what has not left this computer is stopped there,
 * in the same request.
 */
export function createTakeBacks(
  core: KernelCore,
  cancelMany: (ids: readonly string[]) => { done: string[] }
) {
  const { ctx, clock, knownDevices, pump } = core
  const store = ctx.takeBackStore

  /**
   * Record the request and its ops in one transaction, then let the pump carry them. `onItsWay`: the messages it
   * follows up once their fate is known (a whole send's, a campaign's), kept in the same transaction, so a restart
   * loses none, and one deleted meanwhile is counted on its way no more.
   */
  function record(
    producerTag: string | null,
    revokeDelivered: boolean,
    ops: NewTakeBackOp[],
    stoppedLocally: number,
    leftAlone: LeftAlone,
    onItsWay: readonly string[] = []
  ): TakeBackView {
    const id = randomUUID()
    ctx.batch(() => {
      const { alreadyAsked } = store.insertRequest(
        { id, producerTag, revokeDelivered, stoppedLocally, leftAlone, createdAt: clock.now() },
        ops
      )
      // Followed up by an earlier request already: that one carries it, as it does an op it asked.
      const followedElsewhere = onItsWay.length - followOnItsWay(ctx.store.db, id, onItsWay)
      if (followedElsewhere > 0) {
        leftAlone.fate_unknown = (leftAlone.fate_unknown ?? 0) - followedElsewhere
        if (leftAlone.fate_unknown === 0) delete leftAlone.fate_unknown
      }
      // Asked by an earlier request already: that one carries it (an item is never asked twice the same thing).
      if (alreadyAsked + followedElsewhere > 0) leftAlone.already_asked = alreadyAsked + followedElsewhere
      store.setLeftAlone(id, leftAlone)
      store.finishIfSettled(id, clock.now())
    })
    for (const op of ops) knownDevices.add(op.deviceId)
    pump()
    return progress(id)
  }

  const opOf = (subject: TakeBackSubjectRecord, action: TakeBackAction): NewTakeBackOp => ({
    itemId: subject.id,
    action,
    deviceId: subject.deviceId,
    gatewayId: subject.gatewayId ?? ''
  })

  const count = <K extends string>(tally: Partial<Record<K, number>>, key: K): void => {
    tally[key] = (tally[key] ?? 0) + 1
  }

  /**
   * One action over a selection of outbox items. Only the items the domain decides that action for are asked; a
   * cancel or a delete for everyone also stops those that have not left this computer, as a campaign's take-back does
   * (QA75: a selection's queued messages were left, and sent once their device was back); every other item is left,
   * counted by why. A resend is no taking back: it stops nothing. `alsoCancelHeld` (a whole send taken back from its
   * card, with `revoke`): what the gateway still holds is cancelled there too, and a cancel refused because the message
   * left meanwhile is followed by deleting it for everyone, as a campaign's take-back does (QA79: the held one was left,
   * went out and was read under a card saying the send was deleted). Then too what is on its way (being sent, or its
   * answer lost) is followed up once its fate is known, as a campaign's is (followUpOnItsWay; QA79: the card's tally
   * said to take back again if it went out).
   */
  function takeBackItems(
    ids: readonly string[],
    action: TakeBackAction,
    options: { alsoCancelHeld?: boolean | undefined } = {}
  ): TakeBackView {
    const whole = action === 'revoke' && options.alsoCancelHeld === true
    const subjects = store.subjectsOf([...new Set(ids)], OPTED_OUT_NOTE)
    const leftAlone: LeftAlone = {}
    const missing = new Set(ids).size - subjects.length
    if (missing > 0) leftAlone.not_found = missing
    const ops: NewTakeBackOp[] = []
    const stop: string[] = []
    const onItsWay: string[] = []
    for (const subject of subjects) {
      const decision = decideTakeBack(subject)
      if (decision.action === DECIDED_AS[action]) ops.push(opOf(subject, action))
      else if (whole && decision.action === 'cancel_at_gateway') ops.push(opOf(subject, 'cancel'))
      else if (decision.action === 'stop_locally' && action !== 'resend') stop.push(subject.id)
      else count(leftAlone, decision.action === 'none' ? decision.why : decision.action)
      if (whole && decision.action === 'none' && decision.why === 'fate_unknown') onItsWay.push(subject.id)
    }
    const stopped = stop.length > 0 ? cancelMany(stop).done.length : 0
    return record(null, whole, ops, stopped, leftAlone, onItsWay)
  }

  /**
   * Take back a producer's messages (a campaign): stop what has not left, cancel what the gateway holds, and delete
   * for everyone what was sent when asked. The producer's own line is its business (a campaign cancels itself first).
   */
  function takeBackProducer(tag: string, options: { revokeDelivered: boolean }): TakeBackView {
    const leftAlone: LeftAlone = {}
    const ops: NewTakeBackOp[] = []
    const stop: string[] = []
    const onItsWay: string[] = []
    for (const subject of store.subjectsOfProducer(tag, OPTED_OUT_NOTE)) {
      const step = takeBackStep(decideTakeBack(subject), options)
      if ('leave' in step) count(leftAlone, step.leave)
      else if (step.act === 'stop_locally') stop.push(subject.id)
      else ops.push(opOf(subject, step.act === 'revoke' ? 'revoke' : 'cancel'))
      if ('leave' in step && step.leave === 'fate_unknown') onItsWay.push(subject.id)
    }
    const stopped = stop.length > 0 ? cancelMany(stop).done.length : 0
    return record(tag, options.revokeDelivered, ops, stopped, leftAlone, onItsWay)
  }

  /**
   * A message on its way when its messages were taken back (left as `fate_unknown`: sending, or its answer lost) is
   * followed up in that request once the gateway turns out to have it: cancelled there, or deleted for everyone if it
   * left and the request asked that (an operator's probe: a campaign row went out after "Take back", and the tally
   * could only say to take back again; QA79: a send's card said the same). It is the request that kept it on its way
   * (record): one that fails instead has nothing to take back and is counted by why (a campaign's too: its tally said
   * "on its way" of a row that had failed, and was deleted since); one back in line stays followed until sent, unless
   * the operator sends it again (a retry: a new send, sentAgain). A campaign's request from before it kept its messages
   * is found by its tag, its newest, and only a move to `accepted` is one.
   */
  function followUpOnItsWay(item: ItemRecord): void {
    const { request, kept } = requestOnItsWay(item)
    const onItsWay = request?.leftAlone['fate_unknown'] ?? 0
    if (!request || onItsWay === 0 || store.opsOfItems([item.id]).length > 0) return
    const [subject] = store.subjectsOf([item.id], OPTED_OUT_NOTE)
    if (!subject) return
    const step = takeBackStep(decideTakeBack(subject), { revokeDelivered: request.revokeDelivered })
    const act = 'act' in step ? step.act : null
    if (act === 'stop_locally' || ('leave' in step && step.leave === 'fate_unknown')) return
    if (act === null && !kept) return
    const leftAlone: Record<string, number> = { ...request.leftAlone, fate_unknown: onItsWay - 1 }
    if (onItsWay === 1) delete leftAlone['fate_unknown']
    if ('leave' in step) leftAlone[step.leave] = (leftAlone[step.leave] ?? 0) + 1
    const requestId = request.id
    ctx.batch(() => {
      if (kept) arrived(ctx.store.db, item.id)
      if (act !== null) {
        store.addOp(requestId, opOf(subject, act === 'revoke' ? 'revoke' : 'cancel'))
        store.setRequestState(requestId, ['done'], 'running', clock.now())
      }
      store.setLeftAlone(requestId, leftAlone)
    })
    if (act === null) return
    knownDevices.add(subject.deviceId)
    pump()
  }

  /**
   * The request that left this item on its way and follows it up now, `kept` when it kept the item (record), or none
   * (a damaged one follows nothing). A producer's request that keeps its messages follows no other.
   */
  function requestOnItsWay(item: ItemRecord): { request?: TakeBackRequestRecord | undefined; kept: boolean } {
    try {
      const id = requestFollowing(ctx.store.db, item.id)
      if (id !== undefined) return { request: store.getRequest(id), kept: true }
      if (item.producerTag === null || item.status !== 'accepted') return { kept: false }
      const newest = store.newestProducerRequest(item.producerTag)
      const keepsItsOwn = newest !== undefined && followsOnItsWay(ctx.store.db, newest.id)
      return { request: keepsItsOwn ? undefined : newest, kept: false }
    } catch (error) {
      // The send path that told of this item must not fail with it.
      if (error instanceof DamagedStoreError) return { kept: false }
      throw error
    }
  }
  ctx.transitionListeners.add(followUpOnItsWay)
  // A message sent again by the operator is a new send: no take-back follows it up (its request counts it no more).
  ctx.retryHooks.push({ refuseRetry: () => null, retried: (item) => sentAgain(ctx.store.db, item.id) })

  /** What taking back a producer's messages would do now: the counts a confirmation states. */
  function planProducer(tag: string, options: { revokeDelivered: boolean }): TakeBackPlanView {
    const subjects = store.subjectsOfProducer(tag, OPTED_OUT_NOTE)
    const atGateway: Record<string, number> = {}
    for (const subject of subjects) {
      const step = takeBackStep(decideTakeBack(subject), options)
      if ('act' in step && step.act !== 'stop_locally') count(atGateway, subject.deviceId)
    }
    const atGatewayByDevice = Object.entries(atGateway)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([deviceId, n]) => ({ deviceId, n }))
    return { ...planTakeBack(subjects, options), atGatewayByDevice }
  }

  /** When the producer's messages were first taken back (a take-back that did something), or null. */
  function producerTakenBackAt(tag: string): number | null {
    return store.firstProducerTakeBack(tag)
  }

  /** How many of the producer's take-back ops are still to be done (0 when none or all settled). */
  function producerTakeBackPending(tag: string): number {
    return store.producerPendingOps(tag)
  }

  /**
   * The request, or its refusal: gone (`not_found`), or its record damaged (`store_damaged`, said by the state still
   * read: its calls go on by themselves, wait in its pause, or are over; taking the messages back again asks the gateway
   * only what it did not). Nothing of a damaged one is changed: a pause could never be resumed.
   */
  function mustGet(id: string): TakeBackRequestRecord {
    try {
      const request = store.getRequest(id)
      if (request) return request
    } catch (error) {
      const state = store.requestState(id)
      if (!(error instanceof DamagedStoreError) || state === undefined) throw error
      // Its file, row and what in it, for support: the operator's words name none of them.
      ctx.logger.warn(error.message)
      throw new OutboxError('store_damaged', { key: DAMAGED_KEY[state], params: { id } }, 'id', error)
    }
    throw new OutboxError('not_found', { key: 'desktop.error.takeBackGone', params: { id } }, 'id')
  }

  /** What holds a request's calls now: the operator's pause, else the first of its devices' holds (take-back-calls.ts). */
  function heldBy(
    state: TakeBackView['state'],
    pending: readonly { deviceId: string }[]
  ): TakeBackHeldBy | null {
    if (state === 'paused') return { reason: 'operator', deviceId: null }
    if (state === 'done') return null
    const now = clock.now()
    for (const { deviceId } of pending) {
      const reason = takeBackHold(ctx, deviceId, now)
      if (reason) return { reason, deviceId }
    }
    return null
  }

  /** Where a request stands: per action done, refused, unknown and still pending, and the explanations. */
  function progress(id: string): TakeBackView {
    const request = mustGet(id)
    const tally = () => ({ done: 0, refused: 0, unknown: 0, pending: 0 })
    const pendingByDevice = store.pendingByDevice(id)
    const view: TakeBackView = {
      id,
      state: request.state,
      producerTag: request.producerTag,
      stoppedLocally: request.stoppedLocally,
      leftAlone: request.leftAlone,
      revoke: tally(),
      cancel: tally(),
      resend: tally(),
      explained: store.explained(id).map((e) => ({
        action: e.action,
        state: e.state === 'refused' ? 'refused' : 'unknown',
        ...noteFields(e.message, 'message', 'messageKey', 'messageParams'),
        n: e.n
      })),
      pendingByDevice,
      heldBy: heldBy(request.state, pendingByDevice),
      onItsWayFollowed: request.producerTag !== null || followsOnItsWay(ctx.store.db, id)
    }
    for (const { action, state, n } of store.opCounts(id)) {
      const line = view[action]
      if (state === 'done' || state === 'refused' || state === 'unknown') line[state] += n
      else line.pending += n
    }
    return view
  }

  /**
   * A removed device's calls can never be made: settled as not taken back ("its device was removed"), so they no
   * longer wait forever as "still to do", and a request with nothing else left ends. Whether the gateway still has
   * the message is unknown to us (the device may live on there): unknown, not refused.
   */
  function settleRemovedDevice(deviceId: string): void {
    ctx.batch(() => {
      const now = clock.now()
      for (const id of store.settleDeviceOps(deviceId, encodeNote('desktop.takeBack.deviceRemoved'), now))
        store.finishIfSettled(id, now)
    })
  }

  /** Pause a request (its waiting ops are not called; calls in flight end and are recorded) or resume it. */
  function setPaused(id: string, paused: boolean): TakeBackView {
    mustGet(id)
    store.setRequestState(id, paused ? ['running'] : ['paused'], paused ? 'paused' : 'running', clock.now())
    if (!paused) pump()
    return progress(id)
  }

  /** The take-back still carrying a call for the item (waiting its turn or its device, or its answer), or null. */
  function openFor(itemId: string): string | null {
    const open = store
      .opsOfItems([itemId])
      .find((op) => ['waiting', 'calling', 'in_doubt'].includes(op.state))
    return open?.requestId ?? null
  }

  return {
    openFor,
    takeBackItems,
    takeBackProducer,
    planProducer,
    producerTakenBackAt,
    producerTakeBackPending,
    progress,
    setPaused,
    settleRemovedDevice
  }
}
