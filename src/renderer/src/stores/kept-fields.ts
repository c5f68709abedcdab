// What is typed in a form and not saved yet, kept under the form's own name: a view is taken down when another is
// shown, and its typing went with it (an operator's probe: a keyword and reply typed on Auto-replies, a reminder's
// message, were empty after a look at the Outbox), where Send's draft is kept in its store. Kept in the page's
// history entry beside the place (stores/place.ts), so a reload keeps it too, as it keeps the Outbox's filters
// (QA39: the webhook inspector's filters and a half-typed new device were gone after one). Never a token or a secret:
// no form keeps those here.
import { useState } from 'react'
import { historyKeeper } from './place'

export const KEPT_FIELDS_KEY = 'sender-desk.keptFields'

const inHistory = historyKeeper(
  KEPT_FIELDS_KEY,
  (value): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
)

/** The kept values, read from the history entry on first use (nothing of it runs while the window starts). */
let kept: Map<string, unknown> | null = null
function fields(): Map<string, unknown> {
  kept ??= new Map(Object.entries(inHistory.kept() ?? {}))
  return kept
}

/** Written once the page is idle, or before it is left (place.ts' historyKeeper). */
function keepInHistory(values: Map<string, unknown>): void {
  inHistory.keep(values.size === 0 ? null : Object.fromEntries(values))
}

/** A kept value the form can take: of its initial value's kind (the entry may hold an older page's anything). */
function sameKind(value: unknown, initial: unknown): boolean {
  if (initial === null) return value === null || typeof value === 'object'
  return typeof value === typeof initial && (typeof value !== 'object' || value !== null)
}

/**
 * useState whose value outlives the form until it is forgotten (saved) or set back to `initial`; a null key keeps
 * nothing (a form that should start afresh each time it opens).
 */
export function useKeptState<T>(key: string | null, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const found = key === null ? undefined : fields().get(key)
    return found !== undefined && sameKind(found, initial) ? (found as T) : initial
  })
  const set = (next: T): void => {
    if (key !== null) {
      const values = fields()
      if (Object.is(next, initial)) values.delete(key)
      else values.set(key, next)
      keepInHistory(values)
    }
    setValue(next)
  }
  return [value, set]
}

/** Forgets what the fields whose names start with `prefix` hold (the form was saved: it starts empty next time). */
export function forgetKeptFields(prefix: string): void {
  const values = fields()
  const before = values.size
  for (const key of [...values.keys()]) if (key.startsWith(prefix)) values.delete(key)
  if (values.size !== before) keepInHistory(values)
}

export function resetKeptFields(): void {
  kept = null
  inHistory.reset()
}
