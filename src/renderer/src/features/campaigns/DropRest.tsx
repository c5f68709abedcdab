// Where the rest of a drop went when its spreadsheet was imported as campaign recipients (QA32 Q32-02).
import { useEffect, useState } from 'react'
import { localeOf, useLanguage, useT } from '../../i18n'
import { useDroppedSheet } from '../../stores/dropped-sheet'

/** A live line, there before its words: they arrive once the view is on screen, so they are read out. */
export function DropRest(): React.JSX.Element {
  const t = useT()
  const locale = localeOf(useLanguage())
  const rest = useDroppedSheet((s) => s.dropRest)
  const [shown, setShown] = useState<typeof rest>(null)
  useEffect(() => setShown(rest), [rest])
  const names = (list: string[]): string => new Intl.ListFormat(locale, { type: 'conjunction' }).format(list)
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
