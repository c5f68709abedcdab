// What a panel that reads its subject on opening shows when the read fails: why, in words, with Try again (and any
// other way out the panel has, such as back to its list). It is an alert the panel may put the focus on.
import type { ReactNode, Ref } from 'react'
import { useT } from '../i18n'

export interface ReadFailedProps {
  /** The sentence saying what could not be read and why ("This campaign could not be read: …"). */
  says: string
  /** Reads again; the panel says "Loading…" meanwhile and moves the focus as it does on opening. */
  onRetry(): void
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
      <button type="button" className="button" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
      {children ? <> {children}</> : null}
    </div>
  )
}
