// The files a new reminder carries: each a chip with its picture (a photo's, as the Send view draws its files), its
// name and size, and a × that takes it out.
import type { FileHandleView } from '../../../../shared/contract'
import { localeOf, useLanguage, useT } from '../../i18n'
import { formatBytes } from '../../i18n/dates'
import { FilePicture } from '../../ui/FilePicture'
import './reminders.css'

export function ReminderFiles({
  files,
  pickedPhotos,
  onRemove
}: {
  files: readonly FileHandleView[]
  /** The Files the operator picked, by handle, for the photos' pictures (the core's bytes for any other). */
  pickedPhotos: ReadonlyMap<string, File>
  onRemove(file: FileHandleView): void
}): React.JSX.Element | null {
  const t = useT()
  if (files.length === 0) return null
  return (
    <ul className="chips span-all" aria-label={t('send.files.label')}>
      {files.map((file) => (
        <ReminderFile
          key={file.handle}
          file={file}
          picked={pickedPhotos.get(file.handle) ?? null}
          onRemove={() => onRemove(file)}
        />
      ))}
    </ul>
  )
}

function ReminderFile({
  file,
  picked,
  onRemove
}: {
  file: FileHandleView
  picked: File | null
  onRemove(): void
}): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  return (
    <li className="chip" data-testid="reminder-file">
      <FilePicture
        file={file}
        picked={picked}
        size={24}
        className="reminder-file-picture"
        testId="reminder-file-picture"
      />
      {file.name}
      <span className="muted"> · {formatBytes(file.size, locale)}</span>{' '}
      <button
        type="button"
        className="chip-remove"
        aria-label={t('send.file.remove', { name: file.name })}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  )
}
