// A take-back read again until it settles, for the message's announcement and the tally (a campaign's, the Outbox's
// bulk bar's) alike. A paused one too: it may be resumed, and its answer is still wanted. A read that fails is tried
// again a few times, further apart each time, before the window stops and says it could not read it: one failed read
// used to end the following with nothing said, and a screen reader heard "Asked the gateway" and nothing more. One
// whose every call waits for a device that cannot act (logged out, subscription ended) is read less and less often
// while it waits, and at the usual pace again as soon as the device list says the device can act: it was read every
// second for as long as it waited. A paused one asks nothing of the gateway until it is resumed: it is read less and
// less often the same way, and at the usual pace again once a read finds it running. The one the core names (a
// campaign's view's takeBackId) is read when the page has none, and again when the core names another (started from the
// terminal or another window while the page showed an older one): the page used to find it only when drawn again. That
// read failing is said with Try again: the page showed nothing of it, with no way to read it again. Reads that kept
// failing are said with Try again too, which reads it at once and follows it again: the sentence used to end the
// following for good.
import { useEffect, useState } from 'react'
import type { TakeBackView } from '../../../../shared/contract'
import { onlyHeld } from '../../../../shared/take-back-holds'
import { call, errorInfo, getApi, type ErrorInfo } from '../../api'
import { useDevices } from '../../stores/devices'

/** How often an unsettled take-back is read again. */
export const FOLLOW_MS = 1000
/** A change of the messages' statuses is read this soon after (the first of a burst). */
export const NUDGE_MS = 100
/** Failed reads in a row before the window gives up: after the first, tried again 2 s, 4 s and 8 s later. */
export const FOLLOW_TRIES = 4
/** The longest gap between reads of a take-back paused or only waiting for its devices (2 s, 4 s, … up to this). */
export const WAITING_MAX_MS = 30_000

/** Whether the follow-up reads kept failing, and Try again for them (shown by TakeBackHeldControl). */
export interface TakeBackReads {
  /** FOLLOW_TRIES reads in a row failed: it is not read again until Try again. */
  unread: boolean
  /** Try again's reads are under way ("Loading…"): until one is read, or they fail FOLLOW_TRIES times again. */
  again: boolean
  /** Try again: reads it at once, and follows it again as when it was asked. */
  followAgain: () => void
}

/**
 * The take-back last read for `key` (the message or campaign it was asked for: a view that shows another one in the
 * same place says nothing of this one), and whether reading it failed FOLLOW_TRIES times in a row (then it is not
 * read again). `known`: the take-back the core names for `key` (a campaign's view's takeBackId), read and followed
 * while nothing is followed here yet, so a window drawn afresh finds one started elsewhere or before a restart; and
 * again when the core names another than the one it named when this one was followed (a newer one, started from the
 * terminal or another window): one asked here, named by a view read before it was asked, is kept.
 */
export function useFollowedTakeBack(
  key: string,
  known?: string | null
): {
  view: TakeBackView | null
  unread: boolean
  /** Resumed here since it was last asked: its line says so until the gateway's answer or another hold. */
  resumed: boolean
  follow: (asked: TakeBackView) => void
  /** Stop following it: nothing of it is read again (the place that showed it shows something else now). */
  stop: () => void
  /** Resume the operator's pause (outbox:setTakeBackPaused): the kernel goes on where it was, asking nothing twice. */
  resume: () => Promise<void>
  /** Pause it (the same call): calls in flight end and are recorded; nothing more is asked until it is resumed. */
  pause: () => Promise<void>
  /** The one `known` names is being read (none is followed yet, or another is shown meanwhile). */
  reading: boolean
  /** Reading the one `known` names failed (said with Try again), null while it did not. */
  readFailed: ErrorInfo | null
  /** Try again: reads the one `known` names again. */
  readAgain: () => void
  /** The follow-up reads: whether they kept failing, and Try again. */
  reads: TakeBackReads
} {
  const devices = useDevices((s) => s.devices)
  // `waited`: reads in a row that found it paused, or waiting for its devices only. `named`: what `known` was when it
  // was followed (a view read before one asked here still names the older one).
  const [followed, setFollowed] = useState<{
    key: string
    view: TakeBackView
    misses: number
    waited: number
    resumed?: boolean
    named?: string | null
    /** Followed again by Try again, and not read since: the next read is made at once, and "Loading…" said. */
    again?: boolean
  } | null>(null)
  const [adoptFailed, setAdoptFailed] = useState<{ key: string; id: string; error: ErrorInfo } | null>(null)
  const mine = followed?.key === key ? followed : null
  const view = mine?.view ?? null
  const misses = mine?.misses ?? 0
  const waited = mine?.waited ?? 0
  const unread = misses >= FOLLOW_TRIES
  const resumed = mine?.resumed === true
  const named = mine?.named ?? null
  const again = mine?.again === true
  const follow = (asked: TakeBackView): void =>
    setFollowed({ key, view: asked, misses: 0, waited: 0, named: known ?? null })
  const stop = (): void => setFollowed(null)
  const setPaused = async (paused: boolean): Promise<void> => {
    if (!view) return
    const next = await call('outbox:setTakeBackPaused', { id: view.id, paused })
    setFollowed({ key, view: next, misses: 0, waited: 0, resumed: !paused, named })
  }
  const resume = (): Promise<void> => setPaused(false)
  const pause = (): Promise<void> => setPaused(true)
  const following = view !== null && view.state !== 'done' && !unread
  // Read from the device list as it is now: a device that can act again ends the slow reads at once.
  const waiting =
    view !== null &&
    (view.state === 'paused' || (view.state === 'running' && onlyHeld(view.pendingByDevice, devices)))
  // Read once: from then on it is followed as if asked here (one asked here meanwhile is kept). Another named since
  // this one was followed is read the same way, and followed in its place.
  const shown = view?.id ?? null
  const adopt = known && known !== shown && (shown === null || known !== named) ? known : null
  const failedNow = adoptFailed?.key === key && adoptFailed.id === adopt ? adoptFailed.error : null
  useEffect(() => {
    if (adopt === null || failedNow) return
    let on = true
    call('outbox:takeBackProgress', { id: adopt })
      .then(
        (next) =>
          on &&
          setFollowed((now) =>
            now?.key === key && (now.view.id ?? null) !== shown
              ? now
              : { key, view: next, misses: 0, waited: 0, named: adopt }
          )
      )
      .catch((e: unknown) => on && setAdoptFailed({ key, id: adopt, error: errorInfo(e) }))
    return () => {
      on = false
    }
  }, [adopt, key, shown, failedNow])
  const readAgain = (): void => setAdoptFailed(null)
  const followAgain = (): void => {
    if (mine) setFollowed({ ...mine, misses: 0, waited: 0, again: true })
  }
  useEffect(() => {
    if (!view || !following) return
    let on = true
    // Try again's first read is made at once; one that fails is tried again as any other.
    const delay =
      misses > 0
        ? FOLLOW_MS * 2 ** misses
        : again
          ? 0
          : waiting
            ? Math.min(FOLLOW_MS * 2 ** waited, WAITING_MAX_MS)
            : FOLLOW_MS
    const read = (): void => {
      call('outbox:takeBackProgress', { id: view.id })
        .then(
          (next) =>
            on &&
            setFollowed({ key, view: next, misses: 0, waited: waiting ? waited + 1 : 0, resumed, named })
        )
        .catch(() => on && setFollowed({ key, view, misses: misses + 1, waited, named, again }))
    }
    let timer = setTimeout(read, delay)
    // The gateway's answers move the messages' statuses, which the counts beside the tally show at once: read it then
    // too, not up to a second later (QA60: "4 deleted for everyone" stood above "4 still to do"). A burst of changes
    // is one read, NUDGE_MS after the first.
    let nudged = false
    const nudge = (): void => {
      if (nudged) return
      nudged = true
      clearTimeout(timer)
      timer = setTimeout(read, Math.min(delay, NUDGE_MS))
    }
    const api = getApi()
    const offs =
      misses > 0
        ? []
        : [
            api.on('outbox:itemChanged', nudge),
            api.on('outbox:bulkChanged', nudge),
            api.on('campaigns:changed', nudge)
          ]
    return () => {
      on = false
      clearTimeout(timer)
      offs.forEach((off) => off())
    }
  }, [view, following, key, misses, waiting, waited, resumed, named, again])
  return {
    view,
    unread,
    resumed,
    follow,
    stop,
    resume,
    pause,
    reading: adopt !== null && failedNow === null,
    readFailed: failedNow,
    readAgain,
    reads: { unread, again: again && !unread, followAgain }
  }
}

/** What useFollowedTakeBack gives: the take-back followed, its reads, Pause and Resume (TakeBackTally draws them). */
export type FollowedTakeBack = ReturnType<typeof useFollowedTakeBack>
