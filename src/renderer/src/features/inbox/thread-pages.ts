// The pages of a thread the window holds: its newest entries, re-read as the thread changes, and the older pages the
// operator asked for with "Show earlier messages", each read once past the oldest one shown (QA71, Earlier messages:
// the window asked for an ever larger page from the end, capped at 500 entries, and could read no further back).
import type { InboxThreadEntry } from '../../../../shared/contract'
import { threadEntryKey } from './thread-scroll'

/** Entries newest first, as `inbox:thread` answers, and where the page past the oldest of them starts (null: none). */
export interface ThreadPages {
  entries: InboxThreadEntry[]
  next: string | null
  /**
   * QA75: where the entries newer than the newest shown start while the pages shown (read around a search result far
   * back) do not reach the thread's end; absent or null when they do.
   */
  later?: string | null
}

/**
 * The thread's newest entries just read (`newest`), with the older pages shown before (`shown`) kept under them: the
 * operator reading further back does not lose their place when a message arrives. Kept only when the two meet (an
 * entry in both): else what came between is unknown, and the newest alone are shown.
 */
export function withOlderPagesKept(newest: ThreadPages, shown: ThreadPages | null): ThreadPages {
  const last = newest.entries.at(-1)
  if (!shown || !last || newest.next === null) return newest
  const inNewest = new Set(newest.entries.map(threadEntryKey))
  if (!shown.entries.some((entry) => inNewest.has(threadEntryKey(entry)))) return newest
  // Every entry after the newest read's last one is older than it (or at its millisecond, ordered after it); one
  // shown that is neither there nor older is gone since (a reply taken back).
  const lastAt = Date.parse(last.at)
  const older = shown.entries.filter(
    (entry) => !inNewest.has(threadEntryKey(entry)) && Date.parse(entry.at) <= lastAt
  )
  return older.length === 0 ? newest : { entries: [...newest.entries, ...older], next: shown.next }
}

/** An older page read past the oldest entry shown, put under them (an entry shown already is not drawn twice). */
export function withOlderPage(shown: ThreadPages, older: ThreadPages): ThreadPages {
  const keys = new Set(shown.entries.map(threadEntryKey))
  return {
    entries: [...shown.entries, ...older.entries.filter((entry) => !keys.has(threadEntryKey(entry)))],
    next: older.next,
    later: shown.later ?? null
  }
}

/** QA75: a later page read past the newest entry shown, put above them; where the next one starts is its own. */
export function withLaterPage(shown: ThreadPages, newer: ThreadPages): ThreadPages {
  const keys = new Set(shown.entries.map(threadEntryKey))
  return {
    entries: [...newer.entries.filter((entry) => !keys.has(threadEntryKey(entry))), ...shown.entries],
    next: shown.next,
    later: newer.later ?? null
  }
}

/**
 * QA72: where the older pages shown under the newest just read start (the newest read's `next`) and the key of the
 * oldest entry shown, for reading those pages again as the thread changes (a file fetched again, a status, a
 * take-back there showed only on the next opening); null when no older page is shown under the newest.
 */
export function olderPagesToReadAgain(
  newest: ThreadPages,
  shown: ThreadPages | null
): { before: string; through: string } | null {
  const kept = withOlderPagesKept(newest, shown)
  const oldest = kept.entries.at(-1)
  if (kept === newest || newest.next === null || !oldest) return null
  return { before: newest.next, through: threadEntryKey(oldest) }
}

/**
 * The older pages read again (`again`: from the newest read's end down to the entry keyed `through`) put under the
 * newest, with what is shown past that entry (a page read meanwhile) and where the next page starts kept. When
 * either no longer holds that entry, the older pages are kept as shown.
 */
export function withOlderPagesReadAgain(
  newest: ThreadPages,
  again: ThreadPages,
  through: string,
  shown: ThreadPages | null
): ThreadPages {
  const readTo = again.entries.findIndex((entry) => threadEntryKey(entry) === through)
  const shownTo = shown?.entries.findIndex((entry) => threadEntryKey(entry) === through) ?? -1
  if (!shown || readTo < 0 || shownTo < 0) return withOlderPagesKept(newest, shown)
  return withOlderPage(newest, {
    entries: [...again.entries.slice(0, readTo + 1), ...shown.entries.slice(shownTo + 1)],
    next: shown.next
  })
}
