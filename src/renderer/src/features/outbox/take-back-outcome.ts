// A take-back of one message ("Delete for everyone", "Cancel at the gateway"): the gateway answers later, on the
// timeline. Followed here until it settles, so its answer is said in a live region too (QA37 Q37-02: only "Asked the
// gateway" was said, and the operator had to go and look for the answer).
import type { DeviceState, TakeBackView } from '../../../../shared/contract'
import { coreText } from '../../../../shared/i18n/note-text'
import {
  deviceHold,
  heldByDevice,
  onlyHeld,
  TAKE_BACK_WAITS_ONE_KEY
} from '../../../../shared/take-back-holds'
import { useLanguage, useT, type MessageKey, type Translate } from '../../i18n'
import { useDevices } from '../../stores/devices'
import { useFollowedTakeBack, type TakeBackReads } from './follow-take-back'

/**
 * Why the core asked the gateway nothing for the message (the take-back's `leftAlone` reasons: the domain's, an
 * earlier request that asked already, an item gone from the outbox). Any other reason is an action the message needs
 * now: it changed between the window's view and the core's.
 */
const NOT_ASKED_KEY: Record<string, MessageKey> = {
  already_asked: 'outbox.takeBack.notAsked.alreadyAsked',
  not_found: 'outbox.takeBack.notAsked.notFound',
  fate_unknown: 'outbox.takeBack.notAsked.fateUnknown',
  never_reached_gateway: 'outbox.takeBack.notAsked.neverReachedGateway',
  cancelled: 'outbox.takeBack.notAsked.cancelled',
  opted_out: 'outbox.takeBack.notAsked.optedOut',
  cancelled_at_gateway: 'outbox.takeBack.notAsked.cancelledAtGateway',
  revoked: 'outbox.takeBack.notAsked.revoked'
}

/**
 * Whether something holds a take-back's calls still to do: the operator's pause, or `heldBy` (no connection, the
 * gateway's wait, a device the gateway refuses), or every call waits for a device that cannot act now. Its outcome
 * line then says what it waits for (takeBackHeldWords, TAKE_BACK_WAITS_ONE_KEY).
 */
export function takeBackHeld(view: TakeBackView, devices: Parameters<typeof onlyHeld>[1]): boolean {
  if (view.state === 'paused') return true
  return view.state === 'running' && (!!view.heldBy || onlyHeld(view.pendingByDevice, devices))
}

/**
 * Where the gateway's answer to a take-back shows: the Outbox detail's timeline, or the place that asked (a reply's
 * bubble in its thread, which has no timeline: QA60).
 */
export type AnswerShows = 'timeline' | 'here'

/**
 * What to say once the core took the take-back of one message: "Asked the gateway" when it asked the gateway
 * anything (its answer follows), else what happened instead: stopped here before it left, asked by an earlier
 * take-back, gone from the outbox… Such a take-back comes back settled, with nothing more to say after it. Empty
 * while it is held and nothing was answered (a device that cannot act, no connection, the operator's pause…): the
 * outcome line alone says what it waits for, and the focus goes there (QA41 Q41-04, QA43 Q43-01).
 */
export function takeBackAskedWords(
  view: TakeBackView,
  t: Translate,
  devices: Parameters<typeof onlyHeld>[1],
  answerShows: AnswerShows = 'timeline'
): string {
  const answered = (['revoke', 'cancel', 'resend'] as const).reduce(
    (sum, action) => sum + view[action].done + view[action].refused + view[action].unknown,
    0
  )
  const pending = view.revoke.pending + view.cancel.pending + view.resend.pending
  if (answered === 0 && takeBackHeld(view, devices)) return ''
  if (view.state !== 'done' || answered + pending > 0)
    return t(answerShows === 'here' ? 'outbox.takeBack.askedHere' : 'outbox.takeBack.asked')
  if (view.stoppedLocally > 0) return t('outbox.takeBack.notAsked.stopped')
  const why = Object.entries(view.leftAlone).find(([, n]) => n > 0)?.[0]
  if (why === undefined) return t('campaigns.takeBack.tally.nothing')
  return t(NOT_ASKED_KEY[why] ?? 'outbox.takeBack.notAsked.changed')
}

type DeviceList = readonly { id: string; label: string; state: DeviceState }[]

/**
 * What holds a take-back's calls, in words, from the core's `heldBy`: the operator's pause (the only thing that pauses
 * one), no connection, the gateway's own wait, a device the gateway refuses. Null when nothing does, or when the
 * device's state says it already (TAKE_BACK_WAITS_*, which name the device and its fix).
 */
export function takeBackHeldWords(view: TakeBackView, t: Translate, devices: DeviceList): string | null {
  const held = view.heldBy
  if (view.state === 'paused') return t('outbox.takeBack.outcome.paused')
  if (!held || view.state !== 'running') return null
  if (held.reason === 'offline') return t('outbox.takeBack.outcome.offline')
  if (held.reason === 'gateway') return t('outbox.takeBack.outcome.gatewayWait')
  const device = devices.find((d) => d.id === held.deviceId)
  if (held.reason !== 'device' || (device && deviceHold(device.state))) return null
  return t('outbox.takeBack.outcome.deviceRefused', { device: device?.label ?? held.deviceId ?? '' })
}

/** The one control that helps a held take-back: Resume the operator's pause, or the device's own fix on its card. */
export type TakeBackFix =
  | { kind: 'resume' }
  | { kind: 'device'; deviceId: string; label: string; action: 'enterToken' | 'renew' | 'show' }

export function takeBackFix(view: TakeBackView, devices: DeviceList): TakeBackFix | null {
  if (view.state === 'paused') return { kind: 'resume' }
  if (view.state !== 'running') return null
  const byState = view.pendingByDevice
    .map(({ deviceId }) => devices.find((d) => d.id === deviceId))
    .find((d) => d !== undefined && deviceHold(d.state) !== null)
  const refused = view.heldBy?.reason === 'device' ? view.heldBy.deviceId : null
  const device = byState ?? devices.find((d) => d.id === refused)
  if (!device) return null
  const hold = deviceHold(device.state)
  const action = hold === 'token' ? 'enterToken' : hold === 'expired' ? 'renew' : 'show'
  return { kind: 'device', deviceId: device.id, label: device.label, action }
}

/**
 * Whether the operator can pause it now: it runs and has calls still to do (a paused one is resumed instead, a done
 * one has nothing left to hold).
 */
export function takeBackPausable(view: TakeBackView): boolean {
  return view.state === 'running' && view.revoke.pending + view.cancel.pending + view.resend.pending > 0
}

/**
 * The answer in words once nothing is pending, or null while it is. Kept with the message it was asked for: a view
 * that shows another message in the same place says nothing of this one. A paused take-back says so (nothing more is
 * asked until it is resumed; followed still, so its answer comes once it is), one whose device cannot act now says
 * what it waits for (the same words at every read, so a screen reader hears them once). One whose progress could not
 * be read says nothing here: `reads` says where the answer shows instead, with Try again (TakeBackHeldControl). `follow` starts following what the core answered, and returns
 * what to say at once (takeBackAskedWords).
 */
export function useTakeBackOutcome(
  itemId: string,
  answerShows: AnswerShows = 'timeline',
  /** The take-back the core says carries a call for the item (asked elsewhere, or before this window): followed. */
  known: string | null = null
): {
  outcome: string | null
  follow: (asked: TakeBackView) => string
  /**
   * The outcome line alone says where it stands: something holds it (takeBackHeld), or it was resumed here. "Asked the
   * gateway" is not said beside it.
   */
  outcomeAlone: boolean
  /** The control a held take-back offers (TakeBackHeldControl), and Resume's call. */
  fix: TakeBackFix | null
  resume: () => Promise<void>
  /** The follow-up reads, for TakeBackHeldControl: once they kept failing, where the answer shows, and Try again. */
  reads: TakeBackReads & { says: string }
} {
  const t = useT()
  const language = useLanguage()
  const devices = useDevices((s) => s.devices)
  const followed = useFollowedTakeBack(itemId, known)
  const { view, unread } = followed
  const follow = (asked: TakeBackView): string => {
    followed.follow(asked)
    return takeBackAskedWords(asked, t, devices, answerShows)
  }
  const { resume } = followed
  const fix = view && !unread ? takeBackFix(view, devices) : null
  const outcomeAlone = view !== null && !unread && (takeBackHeld(view, devices) || followed.resumed)
  const reads = { ...followed.reads, says: t('outbox.takeBack.outcome.unread') }
  // Once answered, the answer says it all (an operator's probe: "Asked the gateway" stayed above "Deleted for everyone:
  // the gateway did it."); one that asked nothing is said in place of "Asked the gateway" instead (takeBackAskedWords).
  const say = (outcome: string | null) => ({
    outcome,
    follow,
    outcomeAlone: outcomeAlone || (view?.state === 'done' && !!outcome),
    fix,
    resume,
    reads
  })
  if (unread) return say(null)
  const byDevice = view?.state === 'running' ? heldByDevice(view.pendingByDevice, devices)[0] : undefined
  const heldWords = view ? takeBackHeldWords(view, t, devices) : null
  if (view?.state === 'paused' || (heldWords !== null && !byDevice)) return say(heldWords)
  if (byDevice) return say(t(TAKE_BACK_WAITS_ONE_KEY[byDevice.hold], { device: byDevice.device }))
  if (view?.state === 'running' && followed.resumed) return say(t('outbox.takeBack.outcome.resumed'))
  if (!view || view.state !== 'done') return say(null)
  const words = (state: 'refused' | 'unknown', action: 'revoke' | 'cancel'): string => {
    const said = view.explained.find((e) => e.state === state && e.action === action)
    return said ? coreText(language, said.message ?? '', said.messageKey, said.messageParams) : ''
  }
  const outcome =
    view.revoke.done > 0
      ? t('outbox.takeBack.outcome.revoked')
      : view.cancel.done > 0
        ? t('outbox.takeBack.outcome.cancelled')
        : view.revoke.refused > 0
          ? t('outbox.takeBack.outcome.revokeRefused', { message: words('refused', 'revoke') })
          : view.cancel.refused > 0
            ? t('outbox.takeBack.outcome.cancelRefused', { message: words('refused', 'cancel') })
            : view.revoke.unknown + view.cancel.unknown > 0
              ? t('outbox.takeBack.outcome.unknown', {
                  message: words('unknown', view.revoke.unknown > 0 ? 'revoke' : 'cancel')
                })
              : null
  return say(outcome?.trim() ?? null)
}
