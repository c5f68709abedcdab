// The thread's scroll box as in every chat app (QA27 Q27-05): it opens at the newest message, keeps the message the
// operator reads in place when earlier ones are put above it, and follows new messages only from the bottom; what
// arrives while the operator reads further up is counted for a "N new messages" button instead.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { InboxThreadEntry } from '../../../../shared/contract'
import { inEntryKey, sentEntryKey } from '../../../../shared/domain'
import { endOnScreen, fitEntries, screenNow, showThreadEnd } from './thread-fit'

/** How near the end still counts as at the bottom (a fraction of a line). */
const BOTTOM_SLACK = 16

interface Box {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
}

export function atBottom(box: Box): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= BOTTOM_SLACK
}

/** What changed in the entries drawn. */
export interface EntriesChange {
  opening: boolean
  /** Earlier entries were put above the ones shown. */
  earlierAdded: boolean
  /** Entries newer than the newest shown before. */
  arrived: number
  /** A reply the operator just sent is among them: shown, wherever they read, so they see it went. */
  ownReply?: boolean
}

/** The box as last seen before the change. */
export interface BoxBefore {
  scrollTop: number
  scrollHeight: number
  wasAtBottom: boolean
}

/** Where the box goes once the change is drawn (`box` measured then), and how many new entries it leaves below. */
export function scrollAfterChange(
  change: EntriesChange,
  before: BoxBefore,
  box: Box
): { scrollTop: number; newBelow: number } {
  const bottom = Math.max(0, box.scrollHeight - box.clientHeight)
  if (change.opening || change.ownReply || (change.arrived > 0 && before.wasAtBottom))
    return { scrollTop: bottom, newBelow: 0 }
  const scrollTop = change.earlierAdded
    ? before.scrollTop + (box.scrollHeight - before.scrollHeight)
    : box.scrollTop
  return { scrollTop, newBelow: change.arrived }
}

export function threadEntryKey(entry: InboxThreadEntry): string {
  return entry.direction === 'in' ? inEntryKey(entry.message.number) : sentEntryKey(entry.item.id)
}

/** A message a search result opened its thread at (one object per opening: the same message opened again is shown again). */
export interface FoundEntry {
  key: string
}

export interface ThreadScroll {
  boxRef: React.RefObject<HTMLOListElement | null>
  /** New entries below what the operator reads. */
  newBelow: number
  /**
   * Whether the newest entry is shown: the box at its bottom and that bottom on the screen, not only at the end of its
   * own scroll (QA29 Q29-01). Read before the entries that just came are drawn.
   */
  newestShownNow(): boolean
  onScroll(): void
  /** "N new messages": to the bottom, the focus on the entries box. */
  toNewest(): void
  /** The operator sent these outbox items from the reply box: the box goes to its end when they are drawn. */
  showWhenDrawn(itemIds: readonly string[]): void
  /**
   * QA75: the newer entries drawn next are a later page the operator asked for ("Show later messages"), not arrivals:
   * not counted as new messages, the box staying where the operator reads.
   */
  laterPageWhenDrawn(): void
}

/** The drawn entry whose key is `key` (each carries it as `data-entry-key`). */
function drawnEntry(box: HTMLElement, key: string): HTMLElement | null {
  for (const entry of box.children)
    if (entry instanceof HTMLElement && entry.dataset.entryKey === key) return entry
  return null
}

/** Scrolls the box so the entry `key` is in its middle, and focuses it; false when it is not drawn (yet). */
function centreOnEntry(box: HTMLElement, key: string): boolean {
  const entry = drawnEntry(box, key)
  if (!entry) return false
  const boxRect = box.getBoundingClientRect()
  const entryRect = entry.getBoundingClientRect()
  box.scrollTop = Math.max(
    0,
    Math.round(box.scrollTop + entryRect.top - boxRect.top - (boxRect.height - entryRect.height) / 2)
  )
  entry.focus({ preventScroll: true })
  return true
}

/**
 * `entries` newest first, as `inbox:thread` answers; `onNewestShown` runs when the operator comes to the bottom (by
 * scrolling or the button) or back to the window with it shown, so the thread can read what waited there.
 * `threadRef`: the whole thread, fitted to the screen and brought into view when it opens (thread-fit.ts).
 * `found`: the message a search result opened the thread at, shown (centred in the box) and focused once drawn, over
 * the newest (QA71: the thread opened at its end, the message found above it).
 */
export function useThreadScroll(
  entries: readonly InboxThreadEntry[] | null,
  onNewestShown: () => void,
  threadRef: React.RefObject<HTMLElement | null>,
  found: FoundEntry | null = null
): ThreadScroll {
  const boxRef = useRef<HTMLOListElement>(null)
  const before = useRef<BoxBefore>({ scrollTop: 0, scrollHeight: 0, wasAtBottom: true })
  const drawn = useRef<{ oldest: string; newest: string; keys: Set<string> } | null>(null)
  const [newBelow, setNewBelow] = useState(0)
  // The keys of the operator's own replies not drawn yet.
  const ownReplies = useRef(new Set<string>())
  const laterPage = useRef(false)

  // The box's height when last remembered: a scroll that comes with a new height is the browser's, not the operator's.
  const heightSeen = useRef(0)

  const remember = (box: HTMLElement): void => {
    before.current = { scrollTop: box.scrollTop, scrollHeight: box.scrollHeight, wasAtBottom: atBottom(box) }
    heightSeen.current = box.clientHeight
  }

  // The found message waiting to be drawn (a page further back may bring it).
  const foundWaiting = useRef<FoundEntry | null>(null)

  useLayoutEffect(() => {
    const box = boxRef.current
    if (!box || !entries) return
    const keys = entries.map(threadEntryKey)
    const previous = drawn.current
    const newestAt = previous ? keys.indexOf(previous.newest) : -1
    const asked = laterPage.current
    laterPage.current = false
    const change: EntriesChange = {
      opening: previous === null,
      earlierAdded: previous !== null && keys.at(-1) !== previous.oldest && keys.includes(previous.oldest),
      arrived:
        previous === null || asked
          ? 0
          : newestAt < 0
            ? keys.filter((k) => !previous.keys.has(k)).length
            : newestAt,
      ownReply: keys.filter((k) => ownReplies.current.delete(k)).length > 0
    }
    drawn.current = { oldest: keys.at(-1) ?? '', newest: keys[0] ?? '', keys: new Set(keys) }
    const thread = threadRef.current
    if (change.opening && thread) fitEntries(thread, box)
    const next = scrollAfterChange(change, before.current, box)
    box.scrollTop = next.scrollTop
    if (next.newBelow > 0) setNewBelow((n) => n + next.newBelow)
    else if (atBottom(box)) setNewBelow(0)
    remember(box)
    // Opened: the newest message and the reply box on the screen, whatever sits above the thread (QA29 Q29-02).
    if (change.opening && thread) showThreadEnd(thread, box)
    // The box fits the screen, its end on it: the found message, centred in it, is on the screen too.
    if (foundWaiting.current && centreOnEntry(box, foundWaiting.current.key)) {
      foundWaiting.current = null
      remember(box)
    }
  }, [entries, threadRef])
  // Another result opened in the thread already open: shown as it is drawn already.
  useLayoutEffect(() => {
    foundWaiting.current = found
    const box = boxRef.current
    if (!found || !box || !drawn.current || !centreOnEntry(box, found.key)) return
    foundWaiting.current = null
    remember(box)
  }, [found])

  // The box keeps the height the screen leaves as the window or the reply box (a preview, a file) changes size, in a
  // narrow window too (QA71: there the reply box scrolled inside itself instead); at the bottom it stays there. The
  // box's own size is watched too.
  const drawnOnce = entries !== null
  useEffect(() => {
    const thread = threadRef.current
    const box = boxRef.current
    if (!drawnOnce || !thread || !box) return
    const refit = (): void => {
      const wasAtBottom = before.current.wasAtBottom
      fitEntries(thread, box)
      if (wasAtBottom) box.scrollTop = Math.max(0, box.scrollHeight - box.clientHeight)
      remember(box)
      // Grown while a reply is written (the box's focus brings its canned replies' line): the page follows, its end and
      // Send kept on the screen (QA70: a short thread grew to its tallest and Send went below the window).
      const focused = document.activeElement
      if (
        focused &&
        thread.contains(focused) &&
        box.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING
      )
        showThreadEnd(thread, box)
    }
    window.addEventListener('resize', refit)
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(refit)
    resizes?.observe(thread)
    resizes?.observe(box)
    return () => {
      window.removeEventListener('resize', refit)
      resizes?.disconnect()
    }
  }, [drawnOnce, threadRef])

  const onScroll = useCallback((): void => {
    const box = boxRef.current
    if (!box) return
    // Shrunk under a growing reply box (a narrow window), the browser moves the box's scroll before the resize is
    // seen: at the bottom it stays there.
    if (box.clientHeight !== heightSeen.current && before.current.wasAtBottom)
      box.scrollTop = Math.max(0, box.scrollHeight - box.clientHeight)
    remember(box)
    if (!atBottom(box)) return
    setNewBelow(0)
    if (endOnScreen(box.getBoundingClientRect(), screenNow())) onNewestShown()
  }, [onNewestShown])

  // The page scrolled (or the window grew) so that the box's end, at its bottom, came onto the screen, or the
  // operator came back to the window with it there: shown.
  useEffect(() => {
    const onPage = (): void => {
      const box = boxRef.current
      if (box && atBottom(box) && endOnScreen(box.getBoundingClientRect(), screenNow())) onNewestShown()
    }
    window.addEventListener('scroll', onPage, { passive: true })
    window.addEventListener('resize', onPage)
    window.addEventListener('focus', onPage)
    document.addEventListener('visibilitychange', onPage)
    return () => {
      window.removeEventListener('scroll', onPage)
      window.removeEventListener('resize', onPage)
      window.removeEventListener('focus', onPage)
      document.removeEventListener('visibilitychange', onPage)
    }
  }, [onNewestShown])

  const toNewest = useCallback((): void => {
    const box = boxRef.current
    if (!box) return
    box.scrollTop = Math.max(0, box.scrollHeight - box.clientHeight)
    onScroll()
    // The button that had the focus goes with what it counted: the focus goes to the messages it scrolled to (QA29
    // Q29-06), where the arrow keys go on scrolling; the page stays where it is.
    box.focus({ preventScroll: true })
  }, [onScroll])

  const newestShownNow = useCallback((): boolean => {
    const box = boxRef.current
    return before.current.wasAtBottom && box !== null && endOnScreen(box.getBoundingClientRect(), screenNow())
  }, [])

  const showWhenDrawn = useCallback((itemIds: readonly string[]): void => {
    for (const id of itemIds) ownReplies.current.add(sentEntryKey(id))
  }, [])

  const laterPageWhenDrawn = useCallback((): void => {
    laterPage.current = true
  }, [])

  return { boxRef, newBelow, newestShownNow, onScroll, toNewest, showWhenDrawn, laterPageWhenDrawn }
}
