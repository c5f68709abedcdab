// What is typed in a form and not saved yet, kept for the window's life under the form's own name: a view is taken
// down when another is shown, and its typing went with it (an operator's probe: a keyword and reply typed on
// Auto-replies, a reminder's message, were empty after a look at the Outbox), where Send's draft is kept in its store.
import { useState } from 'react'

const kept = new Map<string, unknown>()

/**
 * useState whose value outlives the form until it is forgotten (saved) or set back to `initial`; a null key keeps
 * nothing (a form that should start afresh each time it opens).
 */
export function useKeptState<T>(key: string | null, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() =>
    key !== null && kept.has(key) ? (kept.get(key) as T) : initial
  )
  const set = (next: T): void => {
    if (key !== null && Object.is(next, initial)) kept.delete(key)
    else if (key !== null) kept.set(key, next)
    setValue(next)
  }
  return [value, set]
}

/** Forgets what the fields whose names start with `prefix` hold (the form was saved: it starts empty next time). */
export function forgetKeptFields(prefix: string): void {
  for (const key of [...kept.keys()]) if (key.startsWith(prefix)) kept.delete(key)
}

export function resetKeptFields(): void {
  kept.clear()
}
