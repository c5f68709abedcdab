// What a panel that reads its subject on opening shows when the read fails: why, in words, with Try again (and any
// other way out the panel has, such as back to its list). It is an alert the panel may put the focus on.
import { useLayoutEffect, type ReactNode, type Ref, type RefObject } from 'react'
import { useT } from '../i18n'

export interface ReadFailedProps {
  /** The sentence saying what could not be read and why ("This campaign could not be read: …"). */
  says: string
  /**
   * Reads again; the panel says "Loading…" meanwhile and moves the focus as it does on opening. None when reading again
   * cannot mend it (a record damaged on this computer): no Try again that could only fail the same way.
   */
  onRetry?: () => void
  ref?: Ref<HTMLDivElement>
  id?: string
  testId?: string
  /** Other ways out, after Try again. */
  children?: ReactNode
}

export function ReadFailed({ says, onRetry, ref, id, testId, children }: ReadFailedProps): React.JSX.Element {
  const t = useT()
  return (
    <div ref={ref} id={id} className="alert alert--bad" role="alert" tabIndex={-1} data-testid={testId}>
      <p>{says}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      ) : null}
      {children ? <> {children}</> : null}
    </div>
  )
}

/**
 * Try again's focus, the one rule for it: while the panel reads again the focus waits on `waitsOn` (its heading, or
 * its list), where what is read comes; a read that fails while the focus is still there takes it to `failureRef` (the
 * ReadFailed: why, and Try again). `failure` is the failed read (a new one each time it fails), null while none.
 * Returns Try again: the focus on `waitsOn`, not dropped with the button, then `readAgain`.
 */
export function useReadAgain(
  failure: unknown,
  waitsOn: RefObject<HTMLElement | null>,
  failureRef: RefObject<HTMLDivElement | null>,
  readAgain: () => void
): () => void {
  useLayoutEffect(() => {
    if (failure && waitsOn.current && document.activeElement === waitsOn.current) failureRef.current?.focus()
  }, [failure, waitsOn, failureRef])
  return () => {
    waitsOn.current?.focus()
    readAgain()
  }
}
