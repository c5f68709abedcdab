// An inline "are you sure?" for destructive actions: the question, a danger button and a way to back out.
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { busyButtonProps } from './busy-button'
import { cancelOnEscape } from './escape'

export interface ConfirmPanelProps {
  /** Unique within the page; labels the group for screen readers. */
  id: string
  question: ReactNode
  confirmLabel: ReactNode
  keepLabel: ReactNode
  onConfirm: () => void
  onKeep: () => void
  /** The answer runs (or cannot be given now): its buttons do nothing, and say so, but keep the focus where it is. */
  disabled?: boolean
  confirmTestId?: string
  /** A second way to go ahead, offered beside the first (e.g. one that keeps what the first would not leave). */
  alternative?: { label: ReactNode; onClick: () => void; testId?: string }
  /** What the answer also decides, between the question and its buttons (a choice it carries). */
  children?: ReactNode
  /** Takes the focus when it opens, on its harmless answer (Keep), so a stray Enter does not confirm it. For panels
   *  not opened through useRowPanel, which does this itself. */
  focusOnOpen?: boolean
}

/**
 * A question's panel brought into sight as it opens: the whole panel where it fits, else its question first; nothing
 * moves when it is in sight already (`nearest`). The focus alone shows only what it lands on.
 */
export function showQuestionPanel(panel: HTMLElement | null, question: HTMLElement | null): void {
  panel?.scrollIntoView?.({ block: 'nearest' })
  question?.scrollIntoView?.({ block: 'nearest' })
}

export function ConfirmPanel(props: ConfirmPanelProps): React.JSX.Element {
  const keepRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const questionRef = useRef<HTMLParagraphElement>(null)
  const { focusOnOpen } = props
  // Not `disabled` (busyButtonProps): the pressed answer keeps the focus while it runs (QA49 Q49-02).
  const waiting = props.disabled === true
  useLayoutEffect(() => {
    if (!focusOnOpen) return
    keepRef.current?.focus()
    // The focus brings Keep into sight alone: in a short scroll box (a thread's messages at 360×640) the question
    // stayed above it, out of sight (QA38 Q38-05).
    showQuestionPanel(panelRef.current, questionRef.current)
  }, [focusOnOpen])
  return (
    <div
      ref={panelRef}
      className="inline-form confirm"
      role="group"
      aria-labelledby={props.id}
      // Esc backs out, as Keep does (the shortcuts panel says Esc closes what is open); not while the answer runs.
      onKeyDown={cancelOnEscape(props.onKeep, props.disabled)}
    >
      <p id={props.id} ref={questionRef}>
        {props.question}
      </p>
      {props.children}
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          data-testid={props.confirmTestId}
          {...busyButtonProps(waiting, props.onConfirm)}
        >
          {props.confirmLabel}
        </button>
        {props.alternative ? (
          <button
            type="button"
            className="button button--danger"
            data-testid={props.alternative.testId}
            {...busyButtonProps(waiting, props.alternative.onClick)}
          >
            {props.alternative.label}
          </button>
        ) : null}
        <button ref={keepRef} type="button" className="button" onClick={props.onKeep}>
          {props.keepLabel}
        </button>
      </div>
    </div>
  )
}
