// An inline "are you sure?" for destructive actions: the question, a danger button and a way to back out.
import type { ReactNode } from 'react'

export interface ConfirmPanelProps {
  /** Unique within the page; labels the group for screen readers. */
  id: string
  question: ReactNode
  confirmLabel: ReactNode
  keepLabel: ReactNode
  onConfirm: () => void
  onKeep: () => void
  disabled?: boolean
  confirmTestId?: string
}

export function ConfirmPanel(props: ConfirmPanelProps): React.JSX.Element {
  return (
    <div className="inline-form confirm" role="group" aria-labelledby={props.id}>
      <p id={props.id}>{props.question}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          disabled={props.disabled}
          data-testid={props.confirmTestId}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
        <button type="button" className="button" onClick={props.onKeep}>
          {props.keepLabel}
        </button>
      </div>
    </div>
  )
}
