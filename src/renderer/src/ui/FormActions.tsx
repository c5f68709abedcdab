// The submit-and-cancel row every inline form ends with: one place for its markup, classes and focus order.
import type { ReactNode } from 'react'
import { busyButtonProps } from './busy-button'

export interface FormActionsProps {
  submitLabel: ReactNode
  cancelLabel: ReactNode
  onCancel: () => void
  /** The form's request runs: the pressed submit says so and refuses presses, but keeps the focus (busyButtonProps). */
  busy?: boolean
  /** Nothing to submit yet (an empty or invalid field): the submit is disabled. */
  disabled?: boolean
  submitTestId?: string
}

export function FormActions({
  submitLabel,
  cancelLabel,
  onCancel,
  busy = false,
  disabled,
  submitTestId
}: FormActionsProps): React.JSX.Element {
  return (
    <div className="actions">
      <button
        type="submit"
        className="button button--primary"
        disabled={disabled}
        data-testid={submitTestId}
        {...busyButtonProps(busy)}
      >
        {submitLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  )
}
