// Files dropped anywhere on the window go to the send panel; a full-window overlay shows while files are dragged over.
// A spreadsheet (a campaign's customer list) is asked about first: import as recipients, or attach to a message.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n'
import { isSpreadsheetType } from '../../../../shared/domain/enums'
import { useDroppedSheet } from '../../stores/dropped-sheet'
import { useNavigation } from '../../stores/navigation'
import { useSend } from '../../stores/send'
import { keepTabInside } from '../../ui/keep-tab-inside'
import { currentFileLimit } from './file-limit'
import './send.css'

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files')
}

/** While dragging the browser names no file, only each one's MIME type (empty when it does not know it). */
function carriesSpreadsheet(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.items ?? []).some(
    (item) => item.kind === 'file' && isSpreadsheetType(item.type)
  )
}

export function WindowDrop(): React.JSX.Element | null {
  const t = useT()
  // 'sheet': a spreadsheet is among the dragged files, and the drop will ask about it rather than attach it.
  const [dragging, setDragging] = useState<false | 'files' | 'sheet'>(false)

  useEffect(() => {
    let depth = 0
    const enter = (event: DragEvent): void => {
      if (!hasFiles(event)) return
      event.preventDefault()
      depth++
      setDragging(carriesSpreadsheet(event) ? 'sheet' : 'files')
    }
    const leave = (event: DragEvent): void => {
      if (!hasFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const over = (event: DragEvent): void => {
      // Without this the browser would open the dropped file in place of the app.
      if (!hasFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    }
    const drop = (event: DragEvent): void => {
      const files = Array.from(event.dataTransfer?.files ?? [])
      if (files.length === 0 && !hasFiles(event)) return
      // A drop zone of the view on screen took the files itself (the inbox's reply box): only the overlay goes.
      const taken = event.defaultPrevented
      event.preventDefault()
      depth = 0
      setDragging(false)
      if (files.length === 0 || taken) return
      if (useDroppedSheet.getState().askIfSpreadsheet({ files, handles: [], sheets: [] }, currentFileLimit))
        return
      if (useNavigation.getState().view !== 'send') useNavigation.getState().navigate('send')
      void useSend.getState().addFiles(files, currentFileLimit())
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragleave', leave)
    window.addEventListener('dragover', over)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('dragover', over)
      window.removeEventListener('drop', drop)
    }
  }, [])

  if (!dragging) return <SpreadsheetQuestion />
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">
        <span className="drop-overlay-symbol">⬇</span>
        <p>{t(dragging === 'sheet' ? 'send.drop.overlaySheet' : 'send.drop.overlay')}</p>
      </div>
    </div>
  )
}

/** "Import as campaign recipients, or attach to a message?" for a dropped spreadsheet; nothing happens until answered. */
export function SpreadsheetQuestion(): React.JSX.Element | null {
  const t = useT()
  const question = useDroppedSheet((s) => s.question)
  const first = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (question) first.current?.focus()
  }, [question])
  if (!question) return null
  const names = [...question.files, ...question.handles, ...question.sheets].map((f) => f.name)
  const { importAsRecipients, attachToMessage, dismiss } = useDroppedSheet.getState()
  return (
    <div className="drop-question-backdrop">
      <div
        className="drop-question"
        role="dialog"
        aria-modal="true"
        aria-labelledby="drop-question-title"
        aria-describedby="drop-question-files"
        data-testid="drop-question"
        onKeyDown={(e) => {
          if (e.key === 'Escape') dismiss()
          // A modal question keeps the focus among its answers.
          keepTabInside(e)
        }}
      >
        <h2 id="drop-question-title">{t('drop.sheet.question')}</h2>
        <p id="drop-question-files" className="muted">
          {names.join(', ')}
        </p>
        <div className="actions">
          <button ref={first} type="button" className="button button--primary" onClick={importAsRecipients}>
            {t('drop.sheet.import')}
          </button>
          <button type="button" className="button" onClick={attachToMessage}>
            {t('drop.sheet.attach')}
          </button>
          <button type="button" className="button" onClick={dismiss}>
            {t('drop.sheet.neither')}
          </button>
        </div>
      </div>
    </div>
  )
}
