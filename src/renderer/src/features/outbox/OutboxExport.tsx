// Export of the outbox as CSV or Excel, with the list's filters applied: the core writes the file (safe cells, times
// with the zone's offset and the zone named), the window hands it to the download and says how many it holds.
import { useRef, useState } from 'react'
import { call, errorInfo } from '../../api'
import { useLanguage, useT } from '../../i18n'
import { filterRequest, useOutbox } from '../../stores/outbox'
import { useSettings } from '../../stores/settings'
import { download } from '../../ui/download'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'

export function OutboxExport(): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const timeZone = useSettings((s) => s.settings?.defaultTimezone)
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<string | null>(null)
  const saidRef = useRef<HTMLSpanElement>(null)
  // The buttons are disabled while the file is made: the focus comes back to the one pressed (QA N9).
  const actionStarts = useFocusAfterAction(busy, saidRef)

  async function run(format: 'csv' | 'xlsx'): Promise<void> {
    actionStarts()
    setBusy(true)
    setSaid(null)
    try {
      const filter = filterRequest(useOutbox.getState().filters)
      const reply = await call('outbox:export', {
        filter,
        format,
        language,
        ...(timeZone ? { timeZone } : {})
      })
      // An empty file says nothing the operator can use: say why there is none instead.
      if (reply.count === 0) {
        setSaid(t('outbox.export.nothing'))
        return
      }
      download(reply)
      setSaid(t('outbox.export.done', { count: reply.count, file: reply.fileName }))
    } catch (error) {
      setSaid(t('outbox.export.failed', { error: errorInfo(error).message }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="outbox-export">
      <button type="button" className="button" disabled={busy} onClick={() => void run('csv')}>
        {t('outbox.export.csv')}
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => void run('xlsx')}>
        {t('outbox.export.xlsx')}
      </button>
      <span
        ref={saidRef}
        tabIndex={-1}
        aria-live="polite"
        className="muted small"
        data-testid="outbox-export-said"
      >
        {said}
      </span>
    </div>
  )
}
