// Where the rest of a drop went when its spreadsheet was imported as campaign recipients (QA32 Q32-02).
import { useEffect, useState } from 'react'
import { formatList, useLanguage, useT } from '../../i18n'
import { useDroppedSheet, type DropRest as DropRestFiles } from '../../stores/dropped-sheet'

/** A live line, there before its words: they arrive once the view is on screen, so they are read out. */
export function DropRest(): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const [shown, setShown] = useState<DropRestFiles | null>(null)
  useEffect(() => {
    // The words come a moment after the line is on screen, and with each import after.
    const timer = setTimeout(() => setShown(useDroppedSheet.getState().dropRest), 0)
    const stop = useDroppedSheet.subscribe((state, before) => {
      if (state.dropRest !== before.dropRest) setShown(state.dropRest)
    })
    return () => {
      clearTimeout(timer)
      stop()
    }
  }, [])
  const names = (list: string[]): string => formatList(list, language)
  const parts = [
    shown && shown.attached.length > 0
      ? t('campaigns.dropRest.attached', { names: names(shown.attached) })
      : '',
    shown && shown.leftOut.length > 0 ? t('campaigns.dropRest.leftOut', { names: names(shown.leftOut) }) : ''
  ]
  return (
    <p role="status" className="muted" data-testid="campaign-drop-rest">
      {parts.filter(Boolean).join(' ')}
    </p>
  )
}
