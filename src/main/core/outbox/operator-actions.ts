// What an operator (or a producer on the operator's behalf) does to items already in line: look, retry, cancel,
// delete, edit, release, move, pause. Each guards the state machine: an item in flight or with the gateway cannot
// be taken back here.
import type { OutboxItemView } from '../../../shared/contract'
import { deletableHere, failureRemedy } from '../../../shared/domain'
import type { MessageKey } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'
import type { ItemPatch, ItemRecord } from '../store'
import { BULK_EVENT_THRESHOLD } from './context'
import { assertNoScheduleCall, planCreate, planRemoval, planUpdate } from './gateway-schedules'
import type { KernelCore } from './kernel'
import { assertNotOptedOut, retryRefusalOf } from './policies'
import { releaseAttachments } from './retention'
import { assertScheduleAhead, resolveSchedule, retryOutcome } from './scheduler'
import { CANCELLABLE, EDITABLE, RETRYABLE } from './status'
import { assertNoOpenTakeBack } from './take-back-calls'
import { assertMessageText, OutboxError, type EditInput, type ListFilter } from './types'
import { itemViews, oneView, pageViews, toHistoryView, toItemFilter, type OutboxHistoryEntry } from './views'

export interface BulkResult {
  done: string[]
  /** `code`: the refusal's OutboxErrorCode (`producer_refused`: the item's producer will not send it again). */
  refused: { id: string; reason: string; code?: string }[]
}

export interface ItemMove {
  itemId: string
  deviceId: string
}

const REFUSED_ACTION_KEYS = {
  retry: 'desktop.error.cannotRetry',
  cancel: 'desktop.error.cannotCancel',
  delete: 'desktop.error.cannotDelete',
  edit: 'desktop.error.cannotEdit'
} as const satisfies Record<string, MessageKey>
type RefusedAction = keyof typeof REFUSED_ACTION_KEYS

const PAUSED_ALL_KEY = 'outbox.pausedAll'
const PAUSED_DEVICES_KEY = 'outbox.pausedDevices'

export type OperatorActions = ReturnType<typeof createOperatorActions>

export function createOperatorActions(core: KernelCore) {
  const { ctx, store, settings, clock, knownDevices, pump } = core
  ctx.pausedAll = settings.get<boolean>(PAUSED_ALL_KEY) ?? false
  for (const id of settings.get<string[]>(PAUSED_DEVICES_KEY) ?? []) ctx.pausedDevices.add(id)

  function mustGet(id: string): ItemRecord {
    const item = store.getItem(id)
    if (!item) throw new OutboxError('not_found', { key: 'desktop.error.itemGone', params: { id } }, 'id')
    // An operator action on an item may give its device work again (a retry, a gateway delete owed).
    knownDevices.add(item.deviceId)
    return item
  }

  const view = (id: string): OutboxItemView => oneView(ctx, mustGet(id))

  /** One action on one item, then a round: the view of the item as the action left it. */
  function actOn(id: string, action: (id: string) => void): OutboxItemView {
    action(id)
    const result = view(id)
    pump()
    return result
  }

  function refuse(item: ItemRecord, action: RefusedAction): never {
    // The reason is a note of its own, worded in the operator's language inside the refusal.
    const why =
      item.status === 'sending'
        ? encodeNote('desktop.error.whySending')
        : ['accepted', 'sent', 'delivered', 'read'].includes(item.status)
          ? encodeNote('desktop.error.whyAtGateway')
          : encodeNote('desktop.error.whyStatus', { status: item.status })
    throw new OutboxError('invalid_state', { key: REFUSED_ACTION_KEYS[action], params: { why } }, 'id')
  }

  function list(filter: ListFilter = {}): { items: OutboxItemView[]; total: number } {
    const result = store.listItems(toItemFilter(filter))
    return { items: pageViews(ctx, result.items), total: result.total }
  }

  /** What `filter` matches now, newest first, a page at a time (an export): each once, however the outbox changes
   * between pages (none queued since; one no longer matching when its page is read is left out). */
  function snapshot(filter: ListFilter = {}): { total: number; next(limit: number): OutboxItemView[] } {
    const itemFilter = toItemFilter(filter)
    const start = store.exportStart(itemFilter)
    let cursor = start.cursor
    return {
      total: start.total,
      next(limit) {
        const page = store.exportPage(itemFilter, cursor, limit)
        cursor = page.cursor
        return page.items.map(itemViews(ctx))
      }
    }
  }

  function retryItem(id: string): void {
    const item = mustGet(id)
    if (!RETRYABLE.includes(item.status)) refuse(item, 'retry')
    // The window offers no Retry for these; a selection or a command must not send them to fail the same way.
    if (item.status === 'failed' && failureRemedy(item.failureCode) !== 'retry')
      throw new OutboxError(
        'would_fail_again',
        { key: REFUSED_ACTION_KEYS.retry, params: { why: encodeNote('desktop.error.whyWouldFailAgain') } },
        'id'
      )
    const refusal = retryRefusalOf(ctx.retryHooks, item)
    if (refusal !== null)
      throw new OutboxError(
        refusal.code,
        { key: REFUSED_ACTION_KEYS.retry, params: { why: refusal.why } },
        'id'
      )
    assertNoScheduleCall(ctx, id)
    const now = clock.now()
    const reset: ItemPatch = {
      failureCode: null,
      failureMessage: null,
      failureGatewayMessage: null,
      closedAt: null,
      held: false,
      nextAttemptAt: null,
      reconcileUntil: null,
      trackNextAt: null,
      waitReason: null,
      seq: store.nextSeq()
    }
    const { scheduledAgain, note } = retryOutcome(item, now)
    ctx.batch(() => {
      if (scheduledAgain) {
        ctx.transition(id, RETRYABLE, 'scheduled', { ...reset, queuedAt: null }, note)
        if (item.scheduleMode === 'gateway') planCreate(ctx, item)
      } else {
        ctx.transition(id, RETRYABLE, 'queued', { ...reset, queuedAt: now }, note)
      }
      for (const hook of ctx.retryHooks) hook.retried(item)
    })
  }

  /** `sayAlready`: one cancelled before (elsewhere too) is refused as such: a Cancel never says it cancelled it. */
  function cancelItem(id: string, reason?: string, sayAlready = false): void {
    const item = mustGet(id)
    if (item.status === 'cancelled' && !sayAlready) return
    if (item.status === 'cancelled')
      throw new OutboxError('already_cancelled', { key: 'desktop.error.alreadyCancelled' }, 'id')
    if (!CANCELLABLE.includes(item.status)) refuse(item, 'cancel')
    assertNoScheduleCall(ctx, id)
    ctx.batch(() => {
      if (item.status === 'scheduled' && item.scheduleMode === 'gateway') planRemoval(ctx, id, 'cancel')
      ctx.transition(
        id,
        CANCELLABLE,
        'cancelled',
        reason === undefined
          ? { held: false, waitReason: null }
          : { held: false, waitReason: null, failureMessage: reason },
        reason ?? encodeNote('desktop.note.cancelledByOperator')
      )
    })
  }

  /**
   * One action over many items in one transaction and one bulkChanged; items it does not apply to are reported,
   * not failed.
   */
  function bulk(ids: readonly string[], action: (id: string) => void): BulkResult {
    const done: string[] = []
    const refused: BulkResult['refused'] = []
    ctx.batch(() => {
      for (const id of ids) {
        try {
          action(id)
          done.push(id)
        } catch (error) {
          refused.push({
            id,
            reason: error instanceof Error ? error.message : String(error),
            ...(error instanceof OutboxError ? { code: error.code } : {})
          })
        }
      }
    }, true)
    pump()
    return { done, refused }
  }

  /** One item's rows, inside the caller's transaction; its attachment is the caller's to release after it. */
  function removeItem(id: string): string | null {
    const item = mustGet(id)
    assertNoOpenTakeBack(ctx, id)
    if (!deletableHere(item.status)) refuse(item, 'delete')
    assertNoScheduleCall(ctx, id)
    const row = store.scheduleForItem(id)
    if (row && (item.status === 'scheduled' || row.pendingOp === 'cancel')) planRemoval(ctx, id, 'delete')
    return store.deleteItem(id).attachmentSha256
  }

  function remove(id: string): void {
    releaseAttachments(ctx, [ctx.batch(() => removeItem(id))])
    ctx.emitBulk(1)
    pump()
  }

  /** A selection deleted in one transaction and announced as one change; what the rule keeps is reported. */
  function removeMany(ids: readonly string[]): BulkResult {
    const shas: (string | null)[] = []
    const result = bulk(ids, (id) => shas.push(removeItem(id)))
    releaseAttachments(ctx, shas)
    if (result.done.length > 0) ctx.emitBulk(result.done.length)
    return result
  }

  function editItem(id: string, changes: EditInput): void {
    const item = mustGet(id)
    if (!EDITABLE.includes(item.status)) refuse(item, 'edit')
    assertNoScheduleCall(ctx, id)
    const patch: ItemPatch = {}
    const edited: string[] = []
    if (changes.text !== undefined) {
      assertMessageText(changes.text, 'text', item.kind === 'text')
      patch.text = item.kind === 'text' ? changes.text : changes.text || null
      edited.push(item.kind === 'text' ? 'text' : 'caption')
    }
    if (changes.recipient !== undefined) {
      const recipient = changes.recipient.trim()
      if (recipient === '' || recipient.length > 100) {
        throw new OutboxError('invalid_input', { key: 'desktop.error.recipientRequired' }, 'recipient')
      }
      patch.recipient = recipient
      edited.push('recipient')
    }
    const schedule = changes.schedule ? resolveSchedule(changes.schedule, item.kind) : null
    if (changes.schedule) {
      assertScheduleAhead(changes.schedule, clock.now())
      assertNotOptedOut(ctx.policies, item)
    }
    ctx.batch(() => {
      const wasGateway = item.status === 'scheduled' && item.scheduleMode === 'gateway'
      if (!schedule) {
        if (edited.length === 0) return
        ctx.patch(id, patch, [item.status], encodeNote('desktop.note.edited', { fields: edited.join(', ') }))
        if (wasGateway) planUpdate(ctx, id)
        return
      }
      const toGateway = schedule.scheduleMode === 'gateway'
      if (wasGateway && !toGateway) planRemoval(ctx, id, 'delete')
      const fields: ItemPatch = { ...patch, ...schedule, held: false }
      edited.push('schedule')
      const note = encodeNote('desktop.note.edited', { fields: edited.join(', ') })
      if (item.status === 'scheduled') {
        ctx.patch(id, fields, ['scheduled'], note)
      } else {
        const cleared = {
          failureCode: null,
          failureMessage: null,
          failureGatewayMessage: null,
          closedAt: null
        }
        ctx.transition(
          id,
          ['queued', 'failed'],
          'scheduled',
          { ...fields, ...cleared, nextAttemptAt: null, queuedAt: null, waitReason: null },
          `rescheduled by the operator (${edited.join(', ')})`
        )
      }
      if (toGateway) {
        if (wasGateway) planUpdate(ctx, id)
        else planCreate(ctx, mustGet(id))
      }
    })
  }

  function releaseItem(id: string): void {
    const item = mustGet(id)
    if (item.status !== 'scheduled' || !item.held) {
      throw new OutboxError('invalid_state', { key: 'desktop.error.notHeld' }, 'id')
    }
    const patch = { held: false, queuedAt: clock.now(), nextAttemptAt: null }
    ctx.transition(id, ['scheduled'], 'queued', patch, encodeNote('desktop.note.releasedByOperator'))
  }

  function setPaused(paused: boolean, deviceId?: string): { sendingPaused: boolean } {
    if (deviceId === undefined) ctx.pausedAll = paused
    else if (paused) ctx.pausedDevices.add(deviceId)
    else ctx.pausedDevices.delete(deviceId)
    settings.setMany({ [PAUSED_ALL_KEY]: ctx.pausedAll, [PAUSED_DEVICES_KEY]: [...ctx.pausedDevices] })
    ctx.countsChanged()
    pump()
    return { sendingPaused: ctx.pausedAll }
  }

  /**
   * How many queued items a pause holds (the window's "8 queued (8 paused)"): every one while all sending is paused,
   * else those on a paused device and a producer's on a device where it paused itself (`producerParts`, each
   * counted once). From the kept counts and the producer index, never by reading the items: it runs with every
   * counts change. Never more than the queued count, so a summary that names it still adds up.
   */
  function pausedQueued(producerParts: readonly { tag: string; deviceId: string }[]): number {
    if (ctx.pausedAll) return store.counts().queued
    let held = 0
    for (const deviceId of ctx.pausedDevices) held += store.queuedOn(deviceId)
    for (const { tag, deviceId } of producerParts)
      if (!ctx.pausedDevices.has(deviceId)) held += store.producerQueued(tag, deviceId)
    // The producer index also holds items of a write still under way, which the kept counts leave out until it ends.
    return held === 0 ? 0 : Math.min(held, store.counts().queued)
  }

  /**
   * Hand queued items that were never tried to another device (a campaign's rotation), in one transaction with
   * `alongside`, each with `note` in its timeline. An item tried even once stays where it is: its outcome may be
   * unknown (the gateway may have it), and only the device that tried it can settle that. Returns the moved ids.
   */
  function move(
    moves: readonly ItemMove[],
    note: (move: { itemId: string; from: string; to: string }) => string,
    alongside?: (moved: readonly ItemMove[]) => void
  ): string[] {
    const at = clock.now()
    // An item named twice goes where its last move sends it, as when the moves were made one by one.
    const lastMoves = [...new Map(moves.map((m) => [m.itemId, m.deviceId])).entries()].map(
      ([itemId, deviceId]) => ({ itemId, deviceId })
    )
    const moved = ctx.batch(() => {
      // Guarded in SQL (queued, never tried), so an item the dispatcher took meanwhile cannot move.
      const done = store
        .moveManyUntried(lastMoves, note, at)
        .map(({ itemId, to }) => ({ itemId, deviceId: to }))
      // One event each for a few; many are one bulk change (read back only when announced one by one).
      if (done.length <= BULK_EVENT_THRESHOLD)
        for (const one of done) {
          const after = store.getItem(one.itemId)
          if (after) ctx.emitItem(after)
        }
      alongside?.(done)
      return done
    })
    if (moved.length > BULK_EVENT_THRESHOLD) ctx.emitBulk(moved.length)
    for (const one of moved) knownDevices.add(one.deviceId)
    if (moved.length > 0) pump()
    return moved.map((m) => m.itemId)
  }

  return {
    list,
    snapshot,
    /** Every match of the list's filter on each device (its paging aside), however many: a bulk action's reach. */
    countByDevice: (filter: ListFilter = {}) => store.countByDevice(toItemFilter(filter)),
    get: (id: string): { item: OutboxItemView; history: OutboxHistoryEntry[] } => ({
      item: view(id),
      history: store.history(id).map(toHistoryView)
    }),
    /** A failed or cancelled item goes back in line (or back to its schedule if that is still ahead). */
    retry: (id: string): OutboxItemView => actOn(id, retryItem),
    /** Scheduled, queued or failed items only (one in flight or with the gateway cannot be taken back here). */
    cancel: (id: string, sayAlready = false) => actOn(id, (one) => cancelItem(one, undefined, sayAlready)),
    retryMany: (ids: readonly string[]): BulkResult => bulk(ids, retryItem),
    /** One already cancelled is reported as such, not as cancelled (the operator is told what this action did). */
    cancelMany: (ids: readonly string[], reason?: string): BulkResult =>
      bulk(ids, (id) => cancelItem(id, reason, true)),
    /** Remove an item and its history (what the domain's deletableHere allows). */
    delete: remove,
    deleteMany: removeMany,
    /** Change text/caption, recipient or schedule of a scheduled, queued or failed item. */
    edit: (id: string, changes: EditInput): OutboxItemView => actOn(id, (one) => editItem(one, changes)),
    /** Send a held overdue item now. */
    release: (id: string): OutboxItemView => actOn(id, releaseItem),
    /** Send these held overdue items now (one not held any more is refused, as its single release is). */
    releaseMany: (ids: readonly string[]): BulkResult => bulk(ids, releaseItem),
    /**
     * The same edit of each (a send's new time or words, from Schedules), each as its own edit would, in one
     * transaction; a time gone by is refused for all.
     */
    editMany(ids: readonly string[], changes: EditInput): BulkResult {
      if (changes.schedule) assertScheduleAhead(changes.schedule, clock.now())
      return bulk(ids, (id) => editItem(id, changes))
    },
    /** Every held overdue item's id (probe 4 P5: a send to 200 held 200 cards, each to be sent by its own button). */
    heldIds: (): string[] => store.heldIds(),
    /** Pause or resume all sending, or one device's. Survives restarts. */
    setPaused,
    pausedState: (): { all: boolean; devices: string[] } => ({
      all: ctx.pausedAll,
      devices: [...ctx.pausedDevices]
    }),
    pausedQueued,
    /** Scheduled items held by their overdue policy: they go only when the operator sends them (or cancels). */
    heldOverdue: (): number => store.heldOverdue(),
    /** Scheduled items not held whose number opted out since: cancelled at their turn, never sent (QA76). */
    scheduledOptedOut: (): number => store.scheduledOptedOut(),
    move
  }
}
