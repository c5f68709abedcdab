// What a fetched list shows before and instead of its rows: the error, "loading…", or its empty message (with the
// next step, when the view has one: an empty list should say what to do rather than look broken).
import type { ReactNode } from 'react'
import { useT } from '../i18n'

export interface ListStatusProps {
  items: readonly unknown[] | null
  error: { message: string } | null | undefined
  emptyText: string
  emptyTestId: string
  /** What to do next from an empty list (a hint, a button), shown under its message. */
  emptyNext?: ReactNode
  errorTestId?: string
}

export function ListStatus({
  items,
  error,
  emptyText,
  emptyTestId,
  emptyNext,
  errorTestId
}: ListStatusProps): React.JSX.Element | null {
  const t = useT()
  if (error) {
    return (
      <p className="alert alert--bad" role="alert" data-testid={errorTestId}>
        {error.message}
      </p>
    )
  }
  if (items === null) return <p role="status">{t('outbox.loading')}</p>
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
