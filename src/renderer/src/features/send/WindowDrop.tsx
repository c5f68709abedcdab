// Files dropped anywhere on the window go to the send panel; a full-window overlay shows while files are dragged over.
import { useEffect, useState } from 'react'
import { useT } from '../../i18n'
import { useNavigation } from '../../stores/navigation'
import { useSend } from '../../stores/send'
import { currentFileLimit } from './file-limit'
import './send.css'

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files')
}

export function WindowDrop(): React.JSX.Element | null {
  const t = useT()
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    let depth = 0
    const enter = (event: DragEvent): void => {
      if (!hasFiles(event)) return
      event.preventDefault()
      depth++
      setDragging(true)
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
      event.preventDefault()
      depth = 0
      setDragging(false)
      if (files.length === 0) return
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

  if (!dragging) return null
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">
        <span className="drop-overlay-symbol">⬇</span>
        <p>{t('send.drop.overlay')}</p>
      </div>
    </div>
  )
}
