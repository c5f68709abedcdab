// Taking back many messages the operator points at: the Outbox's selection, and the messages of a send on its result
// card (QA75: the card offered no way to take a wrong send back; the operator had to find it in the Outbox, filter by
// its text and select all). One flow for both: how many of them Delete for everyone acts on (the domain's
// decideTakeBack, through itemActions), its question, the call, the words of what it started, and the take-back
// followed under them (TakeBackTally draws it).
import type { OutboxItemView } from '../../../../shared/contract'
import {
  decideTakeBack,
  planTakeBack,
  TAKE_BACK_LEFT_REASONS,
  type TakeBackLeftReason,
  type TakeBackSubject
} from '../../../../shared/domain'
import { useOutbox } from '../../stores/outbox'
import { formatList, useLanguage, useT, type Language, type Translate } from '../../i18n'
import { useFollowedTakeBack, type FollowedTakeBack } from './follow-take-back'
import { itemActions } from './status'
import { leftAloneWords, nothingLeftText } from './TakeBackTally'

/** Of these messages, how many Delete for everyone acts on (the rest stay as they are). */
export function revocableCount(items: Iterable<OutboxItemView>): number {
  let count = 0
  for (const item of items) if (itemActions(item).revoke) count++
  return count
}

/**
 * What deleting a ticked selection for everyone does with those it does not delete (the core's takeBackItems, by the
 * domain's decideTakeBack): stops those that have not left, as a campaign's take-back does, and leaves the rest, by
 * why (in TAKE_BACK_LEFT_REASONS' order). QA75: its question said only that the others stay, and queued ones were sent.
 */
/** The facts of an item the domain's take-back decision needs. */
const subjectOf = (item: OutboxItemView): TakeBackSubject => ({
  status: item.status,
  gatewayId: item.gatewayId,
  failureCode: item.failure?.code ?? null,
  optedOut: item.retryRefusal?.code === 'opted_out'
})

function revokeReach(items: readonly OutboxItemView[]): {
  stops: number
  left: Partial<Record<TakeBackLeftReason, number>>
} {
  const reasons: TakeBackLeftReason[] = []
  let stops = 0
  for (const item of items) {
    const decision = decideTakeBack(subjectOf(item))
    if (decision.action === 'stop_locally') stops++
    else if (decision.action !== 'revoke')
      reasons.push(decision.action === 'none' ? decision.why : decision.action)
  }
  const left: Partial<Record<TakeBackLeftReason, number>> = {}
  for (const reason of TAKE_BACK_LEFT_REASONS) {
    const n = reasons.filter((r) => r === reason).length
    if (n > 0) left[reason] = n
  }
  return { stops, left }
}

/**
 * The question before deleting `items` for everyone, counted out of the `selected` (QA68), saying what it stops and
 * what it leaves, by why (QA75).
 */
export function revokeSelectionQuestion(
  t: Translate,
  language: Language,
  items: readonly OutboxItemView[],
  selected: number
): string {
  const revocable = revocableCount(items)
  const shows = t('outbox.takeBack.revokeShows', { count: revocable })
  if (revocable === selected) return t('outbox.takeBack.revokeConfirmMany', { count: revocable, shows })
  const reach = revokeReach(items)
  const leaves = items.length - revocable - reach.stops
  const others = [
    reach.stops > 0 ? t('outbox.takeBack.revokeStops', { count: reach.stops }) : null,
    leaves > 0
      ? t('outbox.takeBack.revokeLeaves', {
          count: leaves,
          why: formatList(leftAloneWords(reach.left, t), language)
        })
      : null
  ]
    .filter((part) => part !== null)
    .join(' ')
  return t('outbox.takeBack.revokeConfirmSome', { count: revocable, selected, others, shows })
}

/**
 * The question before taking back a whole send from its result card (QA79: it asked the Outbox's "Delete 1 of the 2
 * selected messages…", though nothing was selected, and left what the gateway held): deletes for everyone what was
 * sent, cancels what has not reached anyone (here or at the gateway), takes back what is on its way once the gateway
 * has it (the core follows it up, as its tally says after; it said "1 other stays as it is: 1 whose fate is not known
 * yet"), and says what it leaves, by why.
 */
export function revokeSendQuestion(
  t: Translate,
  language: Language,
  items: readonly OutboxItemView[]
): string {
  const plan = planTakeBack(items.map(subjectOf), { revokeDelivered: true })
  const notSent = plan.stopLocally + plan.cancelAtGateway
  const { fate_unknown: onItsWay = 0, ...leftAlone } = plan.leftAlone
  const left = Object.values(leftAlone).reduce((sum, n) => sum + n, 0)
  return [
    notSent > 0
      ? t('send.sent.takeBack.confirmAndCancel', { count: plan.revoke, notSent })
      : t('send.sent.takeBack.confirm', { count: plan.revoke }),
    onItsWay > 0 ? t('campaigns.takeBack.onItsWay', { count: onItsWay }) : null,
    left > 0
      ? t('outbox.takeBack.revokeLeaves', {
          count: left,
          why: formatList(leftAloneWords(leftAlone, t), language)
        })
      : null,
    t('outbox.takeBack.revokeShows', { count: plan.revoke })
  ]
    .filter((part) => part !== null)
    .join(' ')
}

/** What a take-back started, said once: `takeBack` when its tally is followed under it. */
export interface TakeBackAccount {
  tone: 'ok' | 'warn'
  text: string
  takeBack: boolean
}

/**
 * `followed`: the take-back last started here (under `key`), for TakeBackTally. `start`: asks the core to take `ids`
 * back, follows what it started, and returns the words for it; a failed call throws (the caller says its error).
 */
export function useSelectionTakeBack(key: string): {
  followed: FollowedTakeBack
  start: (
    ids: string[],
    action: 'revoke' | 'cancel',
    options?: { alsoCancelHeld?: boolean }
  ) => Promise<TakeBackAccount>
} {
  const t = useT()
  const language = useLanguage()
  const followed = useFollowedTakeBack(key)
  async function start(
    ids: string[],
    action: 'revoke' | 'cancel',
    options?: { alsoCancelHeld?: boolean }
  ): Promise<TakeBackAccount> {
    const view = await useOutbox.getState().takeBack(ids, action, options)
    const tally = view[action]
    // What it was started for, not what the gateway was asked: those wait in tally.pending, and the tally
    // under this line follows them (paused, waiting for a device, done) as this line cannot.
    const started = tally.done + tally.refused + tally.unknown + tally.pending
    const left = Object.values(view.leftAlone).reduce((sum, n) => sum + n, 0)
    const why = leftAloneWords(view.leftAlone, t)
    // Started for none (all gone or changed meanwhile): one line, the tally's why, not "started for 0" above it.
    const nothingLeft = nothingLeftText(view, t, language)
    if (nothingLeft !== null) return { tone: 'warn', text: nothingLeft, takeBack: false }
    followed.follow(view)
    // Only the parts that are not zero (an operator's probe: "…; 0 left as they were"). QA75: those stopped here are
    // said, and those left are counted by why ("1 left as they were" said neither why nor it right).
    const text = [
      started > 0 ? t('outbox.takeBack.selectionAll', { n: started }) : null,
      view.stoppedLocally > 0 ? t('outbox.takeBack.selectionStopped', { n: view.stoppedLocally }) : null,
      left > 0 && why.length > 0
        ? t('outbox.takeBack.selectionLeft', { n: left, why: formatList(why, language) })
        : null
    ]
      .filter((part) => part !== null)
      .join(' ')
    return { tone: 'ok', text, takeBack: true }
  }
  return { followed, start }
}
