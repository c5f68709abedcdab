// A button that opens the system's file picker (the Send view's "Choose files", a reply's "Attach a file…"): a label
// drawn as a button over a file input that keeps the keyboard focus, its outline drawn on the label (styles.css).
export function FilePickButton({
  id,
  label,
  multiple = false,
  describedBy,
  testId,
  onFiles
}: {
  id: string
  label: string
  multiple?: boolean
  describedBy?: string
  testId?: string
  onFiles(files: File[]): void
}): React.JSX.Element {
  return (
    <span className="file-pick">
      <label className="button" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="file-pick-input"
        type="file"
        multiple={multiple}
        data-testid={testId}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          // The same file picked again is a new choice.
          event.target.value = ''
          onFiles(files)
        }}
      />
    </span>
  )
}
