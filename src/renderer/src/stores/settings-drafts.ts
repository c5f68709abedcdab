// What is typed in Settings' number fields (and its text fields) and not yet taken by the core, kept for the window's
// life: leaving Settings
// with a value it refused no longer drops it unseen; back there it is still in its field, marked (QA8 Q8-07). The
// refused ones are also kept in the page's history entry, so a reload brings them back to their fields, still marked,
// instead of putting the saved values back without a word (QA19 Q19-06). Written once the page is idle, as the place
// is (stores/place.ts: a history write is a round trip to the browser process) or before the page is left, and at once
// when a field is left holding a refused value (written then when a write at pagehide was lost to the reload).
import { historyState, whenIdle, writeBeforeLeaving } from './place'

export const SETTINGS_DRAFTS_KEY = 'sender-desk.settingsDrafts'

type Drafts = Readonly<Record<string, string>>

/** What each field holds; null until read back from the history entry (at the first ask, when Settings opens). */
let drafts: Drafts | null = null
/** Which of them the page refused: only those outlive a reload (one not yet saved is not shown as if it were). */
let refused: readonly string[] = []

function readKept(): Drafts {
  try {
    const kept: unknown = historyState()[SETTINGS_DRAFTS_KEY]
    if (!kept || typeof kept !== 'object') return {}
    return Object.fromEntries(
      Object.entries(kept as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string'
      )
    )
  } catch {
    return {}
  }
}

export function keptSettingsDrafts(): Drafts {
  if (drafts === null) {
    drafts = readKept()
    refused = Object.keys(drafts)
  }
  return drafts
}

/** Whether the history entry's copy is behind (a write is waiting for the page to be idle). */
let unwritten = false

/** Keeps what the fields hold, `refusedKeys` naming those the page refused. */
export function keepSettingsDrafts(next: Drafts, refusedKeys: readonly string[]): void {
  const same =
    drafts !== null &&
    refusedKeys.length === refused.length &&
    refusedKeys.every((k) => refused.includes(k) && next[k] === drafts?.[k])
  drafts = next
  refused = refusedKeys
  if (same || unwritten) return
  unwritten = true
  whenIdle(write)
}

/** Writes the refused values to the history entry now (a field was left holding one). */
export function flushSettingsDrafts(): void {
  write()
}

function write(): void {
  // Nothing changed since the page loaded (or since the last write): the entry holds what it should.
  if (!unwritten || drafts === null) return
  unwritten = false
  const kept = Object.fromEntries(
    refused.flatMap((key) => (drafts?.[key] === undefined ? [] : [[key, drafts[key]]]))
  )
  try {
    const { [SETTINGS_DRAFTS_KEY]: _was, ...rest } = historyState()
    history.replaceState(Object.keys(kept).length === 0 ? rest : { ...rest, [SETTINGS_DRAFTS_KEY]: kept }, '')
  } catch {
    // Without a history entry a reload shows the saved values, as before.
  }
}

writeBeforeLeaving(write)

/** Forgets them, and the history entry's copy (each test starts from none, test-setup.ts). */
export function resetSettingsDrafts(): void {
  drafts = null
  refused = []
  unwritten = false
  const { [SETTINGS_DRAFTS_KEY]: _kept, ...rest } = historyState()
  history.replaceState(rest, '')
}
