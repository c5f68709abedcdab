// An action that asks first (a button opens a ConfirmPanel) and keeps how it went. When the question closes (Keep, or
// the action done) the focus goes back to the button that opened it; a failure takes it, and the question stays open
// to try again. Never the page: while it runs the pressed answer keeps the focus (ConfirmPanel does not disable it
// under the focus), and it moves once the action is over. The relay card's two rotations share it.
import { useLayoutEffect, useRef, useState } from 'react'

/** Kept as what happened (not as words), so that it is worded at each render in the language chosen now. */
export type AskedOutcome<T> = { kind: 'done'; value: T } | { kind: 'failed'; error: unknown }

export function useAskedAction<T>() {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  // One attempt's only: a new attempt clears the last one's.
  const [outcome, setOutcome] = useState<AskedOutcome<T> | null>(null)
  const focusNext = useRef<'opener' | 'failure' | null>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const failureRef = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    if (focusNext.current === null || busy) return
    ;(focusNext.current === 'opener' ? openerRef : failureRef).current?.focus()
    focusNext.current = null
  })

  async function run(work: () => Promise<T>): Promise<void> {
    setBusy(true)
    setOutcome(null)
    try {
      const value = await work()
      setOutcome({ kind: 'done', value })
      setAsking(false)
      focusNext.current = 'opener'
    } catch (error) {
      setOutcome({ kind: 'failed', error })
      focusNext.current = 'failure'
    } finally {
      setBusy(false)
    }
  }

  return {
    asking,
    ask: (): void => setAsking(true),
    /** Keep (Cancel): the question closes and the focus goes back to its opener. */
    keep: (): void => {
      setAsking(false)
      focusNext.current = 'opener'
    },
    busy,
    outcome,
    setOutcome,
    run,
    openerRef,
    failureRef
  }
}
