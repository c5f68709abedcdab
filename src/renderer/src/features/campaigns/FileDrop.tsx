// The campaign's own file area: a drop target of its own (files dropped here never reach the window's drop, which
// would attach them to a message) with the app's "choose" button instead of the browser's "Choose File" input.
import type { ReactNode, Ref } from 'react'

export function FileDrop({
  id,
  label,
  hint,
  accept,
  multiple = false,
  disabled = false,
  testId,
  inputTestId,
  inputRef,
  onFiles,
  children
}: {
  id: string
  /** The choose button's words; also the input's accessible name. */
  label: string
  hint: string
  accept?: string
  multiple?: boolean
  disabled?: boolean
  testId?: string
  inputTestId?: string
  /** The file input, for the view to give it the focus (it is what the choose button stands for). */
  inputRef?: Ref<HTMLInputElement>
  onFiles: (files: File[]) => void
  children?: ReactNode
}): React.JSX.Element {
  return (
    <div
      className="campaign-drop"
      data-testid={testId}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        // Taken here: the window's drop routing sees it prevented and only puts its overlay away. Stopped instead, the
        // window never heard the drop, and its overlay stayed over every view (QA65).
        e.preventDefault()
        if (!disabled) onFiles([...e.dataTransfer.files])
      }}
    >
      <span className="campaign-drop-symbol" aria-hidden="true">
        ⬇
      </span>
      <p id={`${id}-hint`}>{hint}</p>
      <label className={disabled ? 'button is-disabled' : 'button'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="campaign-file-input"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        data-testid={inputTestId}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])]
          e.target.value = ''
          onFiles(files)
        }}
      />
      {children}
    </div>
  )
}
