// The files of the draft (kind, size, thumbnail, size check) and the files that were refused, with reasons.
import { memo, useEffect, useRef, useState } from 'react'
import { coreMessage } from '../../api'
import { renamedFileNote } from '../../../../shared/i18n/renamed-file'
import { localeOf, useLanguage, useT, type Language, type Translate } from '../../i18n'
import { formatBytes } from '../../i18n/dates'
import { useChipRemoval } from '../../ui/chip-removal'
import { useDrawnInSlices } from '../../ui/use-drawn-in-slices'
import {
  TOO_MANY_FILES,
  useSend,
  useThumbnails,
  type DraftFile,
  type FileRejectionView
} from '../../stores/send'
import { MAX_SEND_MESSAGES } from '../../../../shared/domain/limits'
import './send.css'

const KIND_SYMBOL: Record<DraftFile['kind'], string> = { image: '▣', document: '▤', video: '▶', audio: '♪' }

export function FileThumb({ file }: { file: DraftFile }): React.JSX.Element {
  const thumbnail = useThumbnails((state) => state.urls[file.key])
  return thumbnail ? (
    <img className="thumb" src={thumbnail} alt="" width={48} height={48} data-testid="send-file-thumb" />
  ) : (
    <span className={`thumb thumb--${file.kind}`} aria-hidden="true">
      {KIND_SYMBOL[file.kind]}
    </span>
  )
}

/** A file's picture, name, kind and size, as a draft's row and the sent card's draw them; `children` under them. */
export function FileSummary({
  file,
  t,
  locale,
  children
}: {
  file: DraftFile
  t: Translate
  locale: string
  children?: React.ReactNode
}): React.JSX.Element {
  return (
    <>
      <FileThumb file={file} />
      <span className="file-main">
        <span className="file-name">{file.name}</span>
        <span className="file-meta">
          {t(`kind.${file.kind}`)} · {formatBytes(file.size, locale)}
        </span>
        {children}
      </span>
    </>
  )
}

const REMOVE_BUTTONS = '[data-testid="send-file-remove"]'

/** The Send view's "Choose files" (its file input keeps the focus): where the files' own buttons hand it back. */
function pickFilesInput(): HTMLElement | null {
  return document.getElementById('send-file-input')
}

/** Rows drawn per turn when many files arrive at once (`useDrawnInSlices`). */
export const FILE_ROWS_PER_TURN = 100

export function DraftFiles({ maxFileBytes }: { maxFileBytes: number }): React.JSX.Element | null {
  const t = useT()
  const locale = localeOf(useLanguage())
  const files = useSend((s) => s.files)
  // A removed file takes its × with it: the next file's × takes the focus, else "Choose files" (QA7: <body>).
  const { list: chipsList, removing } = useChipRemoval(pickFilesInput, REMOVE_BUTTONS)
  const drawn = useDrawnInSlices(files.length, FILE_ROWS_PER_TURN)
  if (files.length === 0) return null
  return (
    <ul className="file-list" aria-label={t('send.files.label')} {...chipsList}>
      {files.slice(0, drawn).map((file, index) => (
        <DraftFileRow
          key={file.key}
          file={file}
          index={index}
          maxFileBytes={maxFileBytes}
          removing={removing}
          t={t}
          locale={locale}
        />
      ))}
    </ul>
  )
}

/** One file of the draft; memoised: a slice drawn or a file removed draws only the rows that changed. */
const DraftFileRow = memo(function DraftFileRow({
  file,
  index,
  maxFileBytes,
  removing,
  t,
  locale
}: {
  file: DraftFile
  index: number
  maxFileBytes: number
  removing: (index: number) => void
  t: Translate
  locale: string
}): React.JSX.Element {
  const tooLarge = file.size > maxFileBytes
  return (
    <li className="file-row" data-testid="send-file-row" data-kind={file.kind}>
      <FileSummary file={file} t={t} locale={locale}>
        {file.renamedFrom ? (
          <span className="file-meta" data-testid="send-file-renamed">
            {renamedText(file, file.renamedFrom, t)}
          </span>
        ) : null}
      </FileSummary>
      <span
        className={tooLarge ? 'file-status file-status--bad' : 'file-status'}
        data-testid="send-file-status"
        data-status={tooLarge ? 'too-large' : 'ready'}
      >
        {tooLarge
          ? t('send.file.tooLarge', { max: formatBytes(maxFileBytes, locale) })
          : t('send.file.ready')}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('send.file.remove', { name: file.name })}
        data-testid="send-file-remove"
        onClick={() => {
          removing(index)
          useSend.getState().removeFile(file.key)
        }}
      >
        ×
      </button>
    </li>
  )
})

/** The core's note, in the window's language: the terminal says the same (shared/i18n/renamed-file.ts). */
function renamedText(file: DraftFile, from: string, t: Translate): string {
  const { key, params } = renamedFileNote({ kind: file.kind, name: file.name, renamedFrom: from })
  return t(key, params)
}

function reason(
  rejection: FileRejectionView,
  t: ReturnType<typeof useT>,
  language: Language,
  max: (bytes: number | undefined) => string
): string {
  // The core's sentences are English: the codes the operator meets most are told in the window's language.
  if (rejection.code === 'disguised') {
    const dot = rejection.name.lastIndexOf('.')
    return t('send.rejected.disguised', { ext: rejection.name.slice(dot + 1).toUpperCase() })
  }
  if (rejection.code === 'unsupported_type') return t('send.rejected.unsupported')
  if (rejection.code === 'unsupported_video') return t('send.rejected.quickTime')
  if (rejection.code === 'changed') return t('send.rejected.changed')
  if (rejection.code === 'not_found') return t('send.rejected.notFound')
  if (rejection.source === 'core') return coreMessage(rejection, language)
  return rejection.code === 'empty'
    ? t('send.rejected.empty')
    : t('send.rejected.tooLarge', { max: max(rejection.maxFileBytes) })
}

export function Rejections({ maxFileBytes }: { maxFileBytes: number }): React.JSX.Element | null {
  const t = useT()
  const language = useLanguage()
  const locale = localeOf(language)
  const rejected = useSend((s) => s.rejected)
  if (rejected.length === 0) return null
  // The limit each file was refused under; the current one only for a refusal that kept none.
  const max = (bytes: number | undefined): string => formatBytes(bytes ?? maxFileBytes, locale)
  // Files past the draft's limit are one line, not a name each: a dropped folder can leave thousands out.
  const named = rejected.filter((r) => r.code !== TOO_MANY_FILES)
  const leftOver = rejected.length - named.length
  return (
    <div className="alert alert--bad" role="alert" data-testid="send-rejections">
      <p>{t('send.rejected.title')}</p>
      <ul>
        {named.map((r, i) => (
          <li key={`${r.name}-${i}`} data-testid="send-rejection" data-code={r.code}>
            <strong>{r.name}</strong>: {reason(r, t, language, max)}
          </li>
        ))}
        {leftOver > 0 ? (
          <li data-testid="send-rejection" data-code={TOO_MANY_FILES}>
            {t('send.rejected.tooMany', { count: leftOver, max: MAX_SEND_MESSAGES })}
          </li>
        ) : null}
      </ul>
      <button
        type="button"
        className="button button--small"
        onClick={() => {
          // The notice goes with this button: the focus goes where the operator picks the files again.
          pickFilesInput()?.focus()
          useSend.getState().dismissRejected()
        }}
      >
        {t('common.dismiss')}
      </button>
    </div>
  )
}

/**
 * The files' line: "checking", then which were added (QA25 Q25-11: a file picked by keyboard leaves the focus on the
 * picker, and its row appears elsewhere). Always there, its words changing: a live region that arrives holding its
 * words is not read.
 */
/** How many repeated files the status names; the rest are counted. */
const NAMED_REPEATS = 3

export function FilesStatus(): React.JSX.Element {
  const t = useT()
  const registering = useSend((s) => s.registering)
  const files = useSend((s) => s.files)
  const repeated = useSend((s) => s.repeatedFiles)
  // The files' keys as last seen: those there when the view opened are not news.
  const seen = useRef<Set<string> | null>(null)
  const [added, setAdded] = useState<string[]>([])
  useEffect(() => {
    const before = seen.current
    seen.current = new Set(files.map((file) => file.key))
    if (before === null) return
    // A file removed or the draft sent: what was added is no longer the news. An add that only found repeats added
    // nothing (the files are the same): its news is the repeats alone.
    setAdded(files.filter((file) => !before.has(file.key)).map((file) => file.name))
  }, [files, repeated])
  const addedText =
    added.length === 1
      ? t('send.files.added', { name: added[0] ?? '' })
      : added.length > 1
        ? t('send.files.addedMany', { count: added.length })
        : ''
  const repeatedText =
    repeated.length === 1
      ? t('send.files.alreadyThere', { name: repeated[0] ?? '' })
      : repeated.length > 1
        ? // Named, a few: a repeat under another name went missing unsaid (QA64: "2 files are already in this message").
          t('send.files.alreadyThereMany', {
            count: repeated.length,
            names:
              repeated.length > NAMED_REPEATS
                ? t('send.files.namesMore', {
                    names: repeated.slice(0, NAMED_REPEATS).join(', '),
                    count: repeated.length - NAMED_REPEATS
                  })
                : repeated.join(', ')
          })
        : ''
  const text = registering ? t('send.files.registering') : [addedText, repeatedText].filter(Boolean).join(' ')
  return (
    <p role="status" className="muted" data-testid="send-files-status">
      {text}
    </p>
  )
}
