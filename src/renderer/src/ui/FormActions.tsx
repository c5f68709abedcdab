// The submit-and-cancel row every inline form ends with: one place for its markup, classes and focus order.
import type { ReactNode } from 'react'

export interface FormActionsProps {
  submitLabel: ReactNode
  cancelLabel: ReactNode
  onCancel: () => void
  disabled?: boolean
  submitTestId?: string
}

export function FormActions({
  submitLabel,
  cancelLabel,
  onCancel,
  disabled,
  submitTestId
}: FormActionsProps): React.JSX.Element {
  return (
    <div className="actions">
      <button type="submit" className="button button--primary" disabled={disabled} data-testid={submitTestId}>
        {submitLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  )
}
