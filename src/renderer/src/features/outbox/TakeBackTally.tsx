// A take-back of many messages as it is carried out, where it was asked (a campaign's page, the Outbox's bulk bar):
// its tally read again until it settles (useFollowedTakeBack), what holds it, the calls waiting for a device, the
// gateway's refusals in its own words, and its one control (TakeBackHeldControl: Pause, Resume, the device's fix, Try
// again once its reads kept failing). The bulk bar said what it started and went stale: one tally for both.
import type { ReactNode, RefObject } from 'react'
import type { TakeBackView } from '../../../../shared/contract'
import type { TakeBackLeftReason } from '../../../../shared/domain'
import { coreText } from '../../../../shared/i18n/note-text'
import { heldByDevice, TAKE_BACK_WAITS_KEY as WAITS_KEY } from '../../../../shared/take-back-holds'
import { formatList, useLanguage, useT, type Language, type MessageKey, type Translate } from '../../i18n'
import { useDevices } from '../../stores/devices'
import type { FollowedTakeBack } from './follow-take-back'
import { takeBackFix, takeBackHeldWords, takeBackPausable } from './take-back-outcome'
import { TakeBackHeldControl } from './TakeBackHeldControl'

/** Why a message stays as it is, in the operator's words (a campaign's question names those never sent apart). */
const PLAN_LEFT_KEY = {
  revoke_not_asked: 'campaigns.takeBack.left.revokeNotAsked',
  failed_at_gateway: 'campaigns.takeBack.left.failedAtGateway',
  fate_unknown: 'campaigns.takeBack.left.fateUnknown',
  never_reached_gateway: 'campaigns.takeBack.left.neverReachedGateway',
  cancelled: 'campaigns.takeBack.left.cancelled',
  cancelled_at_gateway: 'campaigns.takeBack.left.cancelledAtGateway',
  revoked: 'campaigns.takeBack.left.revoked',
  already_asked: 'campaigns.takeBack.left.alreadyAsked'
} as const satisfies Partial<Record<TakeBackLeftReason, MessageKey>>
export const LEFT_KEY: Readonly<Record<string, MessageKey>> = PLAN_LEFT_KEY

/**
 * The same, once it was taken back, for every reason the core gives (the compiler checks each has words): nothing of
 * it is before the operator's question any more ("tick the box above"), a number that opted out is named, and a
 * selection's own: gone from the outbox, or needing another action than the one asked (it changed meanwhile).
 */
const LEFT_AFTER_KEY: Record<TakeBackLeftReason, MessageKey> = {
  ...PLAN_LEFT_KEY,
  revoke_not_asked: 'campaigns.takeBack.tally.left.revokeNotAsked',
  opted_out: 'campaigns.takeBack.left.optedOut',
  not_found: 'outbox.takeBack.left.notFound',
  stop_locally: 'outbox.takeBack.left.stopLocally',
  cancel_at_gateway: 'outbox.takeBack.left.cancelAtGateway',
  revoke: 'outbox.takeBack.left.revoke',
  // The gateway failed it: as a campaign's, it reached nobody (a resend is no taking back).
  resend_at_gateway: 'campaigns.takeBack.left.failedAtGateway'
}
/** Whether the core's reason is one of the domain's (the view's keys are strings on the wire). */
const isLeftReason = (reason: string): reason is TakeBackLeftReason => Object.hasOwn(LEFT_AFTER_KEY, reason)

/**
 * Each reason a take-back left messages as they were, counted in the operator's words ("1 cancelled already"), in the
 * order given; a reason the window does not know is not said. The bulk bar says them before (its question) and after.
 */
export function leftAloneWords(leftAlone: Readonly<Record<string, number>>, t: Translate): string[] {
  return Object.entries(leftAlone).flatMap(([reason, n]) =>
    n > 0 && isLeftReason(reason) ? [t(LEFT_AFTER_KEY[reason], { n })] : []
  )
}

/**
 * One that stopped nothing and asked the gateway nothing: that nothing was left to take back, and why, from what its
 * messages are now ("12 deleted for everyone already": what an older take-back did). Null when it did something.
 * The bulk bar says it as its one line when a selection's take-back started for none (QA49 Q49-01).
 */
export function nothingLeftText(result: TakeBackView, t: Translate, language: Language): string | null {
  const asked = (['revoke', 'cancel', 'resend'] as const).reduce(
    (sum, action) =>
      sum + result[action].done + result[action].refused + result[action].unknown + result[action].pending,
    0
  )
  if (result.state !== 'done' || asked + result.stoppedLocally > 0) return null
  const why = leftAloneWords(result.leftAlone, t)
  return why.length > 0
    ? t('campaigns.takeBack.tally.nothingLeft', { why: formatList(why, language) })
    : t('campaigns.takeBack.tally.nothing')
}

/**
 * The take-back's tally: only the parts that are not zero (QA: "0 cancelled at the gateway, … 0 still to do"), and
 * when every one is zero, that nothing was taken back (nothing was left to, and why, when it asked nothing). The
 * calls that wait for a device are left to that device's line, which says how many and why (QA6 Q06: "1 waiting."
 * above "1 waits: …"); null when nothing else is to be said.
 */
function tallyText(result: TakeBackView, waiting: number, t: Translate, language: Language): string | null {
  const parts: [MessageKey, number][] = [
    ['campaigns.takeBack.tally.stopped', result.stoppedLocally],
    ['campaigns.takeBack.tally.cancelled', result.cancel.done],
    ['campaigns.takeBack.tally.revoked', result.revoke.done],
    ['campaigns.takeBack.tally.refused', result.cancel.refused + result.revoke.refused],
    ['campaigns.takeBack.tally.pending', result.cancel.pending + result.revoke.pending - waiting]
  ]
  const said = parts.filter(([, n]) => n > 0).map(([key, n]) => t(key, { n }))
  // Left because it was on its way when asked (an operator's probe: one such row went out, and the tally said only
  // "3 cancelled before they left", the campaign "taken back"): said, with what takes it back once it is sent. A
  // campaign's take-back does that itself once the gateway has it, and so does a whole send's (the send card's, QA79:
  // it said to take back again); a selection's is taken back again by the operator. An older core says neither.
  const onItsWay = result.leftAlone['fate_unknown'] ?? 0
  const onItsWayKey =
    (result.onItsWayFollowed ?? result.producerTag !== null)
      ? 'campaigns.takeBack.tally.onItsWayFollowed'
      : 'campaigns.takeBack.tally.onItsWay'
  const after = onItsWay > 0 ? ` ${t(onItsWayKey, { count: onItsWay })}` : ''
  if (said.length > 0) return t('campaigns.takeBack.tally', { parts: said.join(', ') }) + after
  if (waiting > 0) return null
  return nothingLeftText(result, t, language) ?? t('campaigns.takeBack.tally.nothing')
}

const sumOf = (held: readonly { n: number }[]): number => held.reduce((sum, h) => sum + h.n, 0)

/**
 * `followed`: the take-back and its reads (useFollowedTakeBack); nothing of it is drawn until one is followed.
 * `line`: the tally (focusable, a live region), where the focus goes after Pause, Resume and Try again. `testId`:
 * `<testId>-tally` and `<testId>-held`. `unreadSays`: where the answer shows once its reads kept failing. `children`:
 * drawn between the tally and its control, whether one is followed or not (the campaign's read of the one its view
 * names, and its failure).
 */
export function TakeBackTally({
  followed,
  line,
  testId,
  unreadSays,
  children
}: {
  followed: FollowedTakeBack
  line: RefObject<HTMLDivElement | null>
  testId: string
  unreadSays: string
  children?: ReactNode
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const devices = useDevices((s) => s.devices)
  const { view: result, unread, resumed } = followed
  const waits = result ? heldByDevice(result.pendingByDevice, devices) : []
  const summary = result ? tallyText(result, sumOf(waits), t, language) : null
  // What holds it (the operator's pause, no connection, the gateway's wait…) and the one control that helps.
  const heldWords = result ? takeBackHeldWords(result, t, devices) : null
  const fix = result && !unread ? takeBackFix(result, devices) : null
  // A take-back of many can be long (thousands of calls): it can be paused while it runs, and resumed after.
  const pausable = result !== null && !unread && takeBackPausable(result)
  return (
    <>
      {result ? (
        <div ref={line} tabIndex={-1} role="status" data-testid={`${testId}-tally`}>
          {summary !== null ? <p>{summary}</p> : null}
          {heldWords !== null ? <p data-testid={`${testId}-held`}>{heldWords}</p> : null}
          {heldWords === null && resumed && result.state === 'running' ? (
            <p>{t('outbox.takeBack.outcome.resumed')}</p>
          ) : null}
          {waits.length > 0 ? (
            <ul>
              {waits.map((w) => (
                <li key={w.device}>{t(WAITS_KEY[w.hold], { n: w.n, device: w.device })}</li>
              ))}
            </ul>
          ) : null}
          {result.explained.length > 0 ? (
            <ul>
              {result.explained.map((e) => (
                <li key={`${e.action}:${e.state}:${e.message ?? ''}`}>
                  {t(e.state === 'refused' ? 'campaigns.takeBack.refused' : 'campaigns.takeBack.unknown', {
                    n: e.n,
                    why: coreText(language, e.message ?? '', e.messageKey, e.messageParams)
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {children}
      {result ? (
        <TakeBackHeldControl
          fix={fix}
          resume={followed.resume}
          pause={pausable ? followed.pause : undefined}
          line={line}
          reads={{ ...followed.reads, says: unreadSays }}
        />
      ) : null}
    </>
  )
}
