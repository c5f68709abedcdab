// A labelled form control with its hint and error wired up for assistive tech (aria-describedby, aria-invalid).
import type { ReactNode } from 'react'

export interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

interface FieldProps {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  /** data-testid for the error text (forms the browser tests read). */
  errorTestId?: string
  className?: string
  children: (control: ControlProps) => ReactNode
}

export function Field({
  id,
  label,
  hint,
  error,
  errorTestId,
  className,
  children
}: FieldProps): React.JSX.Element {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ')
  const control: ControlProps = { id }
  if (describedBy) control['aria-describedby'] = describedBy
  if (error) control['aria-invalid'] = true
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" data-testid={errorTestId}>
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  )
}
