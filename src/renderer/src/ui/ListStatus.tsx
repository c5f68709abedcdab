// What a fetched list shows before and instead of its rows: the error, "loading…", or its empty message.
import { useT } from '../i18n'

export interface ListStatusProps {
  items: readonly unknown[] | null
  error: { message: string } | null | undefined
  emptyText: string
  emptyTestId: string
  errorTestId?: string
}

export function ListStatus({
  items,
  error,
  emptyText,
  emptyTestId,
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
    return (
      <p className="empty" data-testid={emptyTestId}>
        {emptyText}
      </p>
    )
  }
  return null
}
