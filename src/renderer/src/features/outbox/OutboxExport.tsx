// Export of the outbox as CSV or Excel, with the list's filters applied: the core writes the file (safe cells, times
// with the zone's offset and the zone named), the window hands it to the download and says how many it holds. A long
// export says how far it is and can be stopped; its outcome stays until dismissed (QA15 Q15-02) or the filters change.
import { useEffect, useRef } from 'react'
import { call } from '../../api'
import { useLanguage, useT, type MessageKey } from '../../i18n'
import { dismissExport, runExport, stopExport, useExportSlot } from '../../stores/exports'
import { filterRequest, useOutbox } from '../../stores/outbox'
import { useDevices } from '../../stores/devices'
import { useOperatorZone } from '../../stores/settings'
import { useDeviceName } from './device-name'
import { useFocusAfterAction } from '../../ui/use-focus-after-action'
import { ExportState, exportButton } from '../../ui/ExportState'

const SLOT = 'outbox'
const PROGRESS_KEY: MessageKey = 'outbox.export.progress'

export function OutboxExport(): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  // The operator's clock, as the rows and the date filter's days (QA27 Q27-03).
  const timeZone = useOperatorZone()
  const deviceName = useDeviceName(t)
  const { running, said, about, startedBy } = useExportSlot(SLOT)
  const filterKey = JSON.stringify(filterRequest(useOutbox((s) => s.filters)))
  // What the line says is of the filters it was said under ("No message matches these filters"; a file of the list
  // they showed, QA68): once they change it goes, and is not drawn even for the frame before the effect.
  const saidIsStale = about !== null && about !== filterKey
  useEffect(() => {
    if (saidIsStale) dismissExport(SLOT)
  }, [saidIsStale])
  const busy = running !== null
  const saidRef = useRef<HTMLSpanElement>(null)
  // The buttons are disabled while the file is made: the focus comes back to the one pressed (QA N9).
  const actionStarts = useFocusAfterAction(busy, saidRef)

  function run(format: 'csv' | 'xlsx'): void {
    actionStarts()
    const filter = filterRequest(useOutbox.getState().filters)
    void runExport(
      SLOT,
      { progress: 'outbox:exportProgress', stop: 'outbox:stopExport' },
      (exportId) =>
        call('outbox:export', {
          filter,
          format,
          language,
          timeZone,
          exportId,
          // Removed devices by the names their rows give them: the core forgets their labels with them.
          deviceNames: Object.fromEntries(
            Object.keys(useDevices.getState().removedLabels).map((id) => [id, deviceName(id)])
          )
        }),
      // An empty file says nothing the operator can use: say why there is none instead.
      (reply) =>
        reply.count === 0
          ? 'nothing'
          : (say) => say('outbox.export.done', { count: reply.count, file: reply.fileName }),
      { about: JSON.stringify(filter), startedBy: format }
    )
  }

  return (
    <div className="outbox-export">
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => run('csv')}
        {...exportButton('csv')}
      >
        {t('outbox.export.csv')}
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => run('xlsx')}
        {...exportButton('xlsx')}
      >
        {t('outbox.export.xlsx')}
      </button>
      <ExportState
        saidRef={saidRef}
        running={running}
        said={saidIsStale ? null : said}
        startedBy={startedBy}
        progressKey={PROGRESS_KEY}
        onStop={() => stopExport(SLOT)}
        onDismiss={() => dismissExport(SLOT)}
        testId="outbox-export-said"
      />
    </div>
  )
}
