// What an export says beside its buttons: how far it is with a Stop while it runs, then its outcome with a Dismiss
// (QA15 Q15-02). One line, read out politely as it changes. As it starts the focus goes to Stop (the buttons that
// started it are disabled, and the browser drops their focus to the page), and Escape there stops it (QA27 Q27-06).
import { useRef, type RefObject } from 'react'
import { useLanguage, useT, type MessageKey } from '../i18n'
import type { ExportSlot } from '../stores/exports'
import { useFocusStopAsItStarts } from './use-focus-stop-as-it-starts'

/** Marks an export button with its name, the `startedBy` runExport is given when it is pressed. */
export const exportButton = (name: string): { 'data-export-button': string } => ({
  'data-export-button': name
})

/** The button Dismiss gives the focus to: the enabled one that started the export, else the first enabled one. */
function focusAfterDismiss(around: HTMLElement | null, startedBy: string | null): HTMLButtonElement | null {
  const buttons = Array.from(around?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])
  return (
    buttons.find((button) => startedBy !== null && button.dataset.exportButton === startedBy) ??
    buttons[0] ??
    null
  )
}

export function ExportState({
  saidRef,
  running,
  said,
  startedBy,
  progressKey,
  onStop,
  onDismiss,
  testId
}: {
  saidRef?: RefObject<HTMLSpanElement | null>
  running: ExportSlot['running']
  said: ExportSlot['said']
  startedBy: ExportSlot['startedBy']
  /** "Exporting… {written} of {total} … written." */
  progressKey: MessageKey
  onStop: () => void
  onDismiss: () => void
  testId: string
}): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const stopRef = useRef<HTMLButtonElement>(null)
  const isRunning = running !== null
  useFocusStopAsItStarts(isRunning, stopRef)
  const line = running
    ? running.total === null || running.written === null
      ? t('outbox.export.starting')
      : t(progressKey, { written: running.written, total: running.total })
    : said
      ? said(t, language)
      : null
  return (
    <>
      <span ref={saidRef} tabIndex={-1} aria-live="polite" className="muted small" data-testid={testId}>
        {line}
      </span>
      {running ? (
        // Keyed apart from Dismiss: the same button made Dismiss kept the focus there, not back on Export.
        <button
          key="stop"
          ref={stopRef}
          type="button"
          className="button"
          aria-keyshortcuts="Escape"
          onClick={onStop}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            event.preventDefault()
            event.stopPropagation()
            onStop()
          }}
        >
          {t('outbox.export.stop')}
        </button>
      ) : said ? (
        <button
          key="dismiss"
          type="button"
          className="button link-button"
          onClick={(event) => {
            // It goes with the notice: the focus goes to the export button pressed beside it, not to the page (QA68),
            // nor to the first one when another was pressed (QA70).
            focusAfterDismiss(event.currentTarget.parentElement, startedBy)?.focus()
            onDismiss()
          }}
        >
          {t('common.dismiss')}
        </button>
      ) : null}
    </>
  )
}
