// What a fetched list shows before and instead of its rows: the error, "loading…", or its empty message (with the
// next step, when the view has one: an empty list should say what to do rather than look broken). A list that can be
// read again says a failed read as ReadFailed does: why, with Try again.
import { useRef, type ReactNode, type RefObject } from 'react'
import { useT } from '../i18n'
import { ReadFailed, useReadAgain } from './ReadFailed'

export interface ListStatusProps {
  items: readonly unknown[] | null
  error: { message: string } | null | undefined
  emptyText: string
  emptyTestId: string
  /** What to do next from an empty list (a hint, a button), shown under its message. */
  emptyNext?: ReactNode
  errorTestId?: string
  /** Shown while the list is read; "Loading…" unless told. */
  loadingText?: string
}

/**
 * A list read again by Try again: `onRetry` clears the failure and reads it again ("Loading…" meanwhile); the focus
 * waits on `waitsOn` (the list's heading) until what is read comes (useReadAgain).
 */
type Retry =
  { onRetry?: undefined; waitsOn?: undefined } | { onRetry(): void; waitsOn: RefObject<HTMLElement | null> }

export function ListStatus({
  items,
  error,
  emptyText,
  emptyTestId,
  emptyNext,
  errorTestId,
  loadingText,
  onRetry,
  waitsOn
}: ListStatusProps & Retry): React.JSX.Element | null {
  const t = useT()
  const failureRef = useRef<HTMLDivElement>(null)
  const readAgain = useReadAgain(onRetry ? error : null, waitsOn ?? NOWHERE, failureRef, onRetry ?? nothing)
  if (error && onRetry) {
    return (
      <ReadFailed
        ref={failureRef}
        testId={errorTestId}
        says={t('common.listReadFailed', { why: error.message })}
        onRetry={readAgain}
      />
    )
  }
  if (error) {
    return (
      <p className="alert alert--bad" role="alert" data-testid={errorTestId}>
        {error.message}
      </p>
    )
  }
  if (items === null) return <p role="status">{loadingText ?? t('outbox.loading')}</p>
  if (items.length === 0) {
    if (emptyNext) {
      return (
        <div className="empty" data-testid={emptyTestId}>
          <p>{emptyText}</p>
          {emptyNext}
        </div>
      )
    }
    return (
      <p className="empty" data-testid={emptyTestId}>
        {emptyText}
      </p>
    )
  }
  return null
}

const NOWHERE: RefObject<HTMLElement | null> = { current: null }
const nothing = (): void => undefined
