// Loads something from the sandbox gateway and loads it again whenever the sandbox reports a change (debounced).
import { useEffect, useRef, useState } from 'react'
import { errorInfo, type ErrorInfo } from '../../api'
import { useSandboxActivity } from '../../stores/sandbox-activity'

/** Changes come in bursts (each message step): load once, this long after the last. */
const RELOAD_DEBOUNCE_MS = 300

export interface SandboxQuery<T> {
  data: T | null
  error: ErrorInfo | null
  /** Load again now (after the window itself changed something). */
  reload(): void
  /** Try again after a failed load: its error goes meanwhile, so what shows it says "Loading…" until the answer. */
  retry(): void
}

/**
 * `key` names what is loaded (e.g. the device id): a new key loads at once. `alsoOn` is another change counter (e.g.
 * the outbox's) that reloads it like a sandbox change does.
 */
export function useSandboxQuery<T>(key: string, load: () => Promise<T>, alsoOn = 0): SandboxQuery<T> {
  const changeSeq = useSandboxActivity((s) => s.changeSeq)
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [manual, setManual] = useState(0)
  const loadRef = useRef(load)
  const lastKey = useRef<string | null>(null)
  const lastManual = useRef(0)

  useEffect(() => {
    loadRef.current = load
  })

  useEffect(() => {
    let on = true
    // A new key or an explicit reload loads at once; change notices are debounced.
    const now = lastKey.current !== key || lastManual.current !== manual
    lastKey.current = key
    lastManual.current = manual
    const timer = setTimeout(
      () => {
        loadRef
          .current()
          .then((value) => {
            if (!on) return
            setData(value)
            setError(null)
          })
          .catch((e: unknown) => {
            if (on) setError(errorInfo(e))
          })
      },
      now ? 0 : RELOAD_DEBOUNCE_MS
    )
    return () => {
      on = false
      clearTimeout(timer)
    }
  }, [key, changeSeq, alsoOn, manual])

  const reload = (): void => setManual((n) => n + 1)
  return {
    data,
    error,
    reload,
    retry: () => {
      setError(null)
      reload()
    }
  }
}
