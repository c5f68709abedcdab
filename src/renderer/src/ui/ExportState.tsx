// What an export says beside its buttons: how far it is with a Stop while it runs, then its outcome with a Dismiss
// (QA15 Q15-02). One line, read out politely as it changes.
import type { RefObject } from 'react'
import { useT, type MessageKey } from '../i18n'
import type { ExportSlot } from '../stores/exports'

export function ExportState({
  saidRef,
  running,
  said,
  progressKey,
  onStop,
  onDismiss,
  testId
}: {
  saidRef?: RefObject<HTMLSpanElement | null>
  running: ExportSlot['running']
  said: ExportSlot['said']
  /** "Exporting… {written} of {total} … written." */
  progressKey: MessageKey
  onStop: () => void
  onDismiss: () => void
  testId: string
}): React.JSX.Element {
  const t = useT()
  const line = running
    ? running.total === null || running.written === null
      ? t('outbox.export.starting')
      : t(progressKey, { written: running.written, total: running.total })
    : said
      ? said(t)
      : null
  return (
    <>
      <span ref={saidRef} tabIndex={-1} aria-live="polite" className="muted small" data-testid={testId}>
        {line}
      </span>
      {running ? (
        <button type="button" className="button" onClick={onStop}>
          {t('outbox.export.stop')}
        </button>
      ) : said ? (
        <button type="button" className="button link-button" onClick={onDismiss}>
          {t('common.dismiss')}
        </button>
      ) : null}
    </>
  )
}
