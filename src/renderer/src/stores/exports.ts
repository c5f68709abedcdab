// The exports the window runs (the outbox's, a campaign's results): how far each is and how it ended, kept here rather
// than in a view, so leaving the view neither loses the finished line nor the file (QA15 Q15-02).
import { create } from 'zustand'
import type { EventChannel } from '../../../shared/contract'
import { call, coreMessage, errorInfo, errorWords, getApi } from '../api'
import type { SaidLine } from '../i18n'
import { download, type DownloadableFile } from '../ui/download'

type ProgressEvent = Extract<EventChannel, 'outbox:exportProgress' | 'campaigns:exportProgress'>
type StopChannel = 'outbox:stopExport' | 'campaigns:stopExport'

export interface ExportRun {
  exportId: string
  /** Rows written to the file of all it holds; null until the core first says. */
  written: number | null
  total: number | null
}

export interface ExportSlot {
  running: ExportRun | null
  /**
   * The finished line, said in the window's language when drawn (QA73: never kept as words, which stayed in the old
   * language after Settings changed it), kept until dismissed or another export starts.
   */
  said: SaidLine | null
  /**
   * What the export was asked for (its filters, as the caller keys them), when the caller said: its line speaks of
   * those filters ("nothing matched" is only true of them; a file made under others is not this list's, QA68), so the
   * view takes it back once they change.
   */
  about: string | null
  /**
   * Which of the view's export buttons started it (its exportButton name), so Dismiss gives the focus back to that one
   * and not to the first (QA70: Dismiss after "Export (Excel)" went to "Export (CSV)"); kept here as the line is, so a
   * view opened again finds it.
   */
  startedBy: string | null
}

const IDLE: ExportSlot = { running: null, said: null, about: null, startedBy: null }

interface ExportsState {
  /** By slot: 'outbox', or `campaign:<id>`. */
  slots: Record<string, ExportSlot>
}

export const useExports = create<ExportsState>(() => ({ slots: {} }))

export const useExportSlot = (slot: string): ExportSlot => useExports((s) => s.slots[slot] ?? IDLE)

function setSlot(slot: string, change: Partial<ExportSlot>): void {
  useExports.setState((s) => ({ slots: { ...s.slots, [slot]: { ...(s.slots[slot] ?? IDLE), ...change } } }))
}

/**
 * Runs one export in `slot` (none when one runs there already): `request` asks the core with the export's name, whose
 * progress events it follows; the file is handed to the download and `done` says what it holds.
 */
export async function runExport<R extends DownloadableFile>(
  slot: string,
  channels: { progress: ProgressEvent; stop: StopChannel },
  request: (exportId: string) => Promise<R>,
  done: (reply: R) => SaidLine | 'nothing',
  {
    about = null,
    startedBy = null
  }: {
    /** What is exported, keyed by the caller (see `about`). */
    about?: string | null
    /** The export button pressed (see `startedBy`). */
    startedBy?: string | null
  } = {}
): Promise<void> {
  if (useExports.getState().slots[slot]?.running) return
  const exportId = crypto.randomUUID()
  stopChannels.set(exportId, channels.stop)
  setSlot(slot, { running: { exportId, written: null, total: null }, said: null, about: null, startedBy })
  const off = getApi().on(channels.progress, ({ exportId: id, written, total }) => {
    const running = useExports.getState().slots[slot]?.running
    if (id === exportId && running?.exportId === exportId)
      setSlot(slot, { running: { exportId, written, total } })
  })
  let said: ExportSlot['said']
  try {
    const reply = await request(exportId)
    const outcome = done(reply)
    if (outcome === 'nothing') {
      said = (t) => t('outbox.export.nothing')
    } else {
      download(reply)
      said = outcome
    }
  } catch (error) {
    const why = errorWords(error)
    said =
      errorInfo(error).code === 'export_stopped'
        ? (t) => t('desktop.error.exportStopped')
        : (t, language) => t('outbox.export.failed', { error: coreMessage(why, language) })
  } finally {
    off()
    stopChannels.delete(exportId)
  }
  setSlot(slot, { running: null, said, about })
}

const stopChannels = new Map<string, StopChannel>()

/** Asks the core to stop the slot's export; it answers `export_stopped` and the line says so. */
export function stopExport(slot: string): void {
  const running = useExports.getState().slots[slot]?.running
  const channel = running ? stopChannels.get(running.exportId) : undefined
  if (running && channel) void call(channel, { exportId: running.exportId }).catch(() => undefined)
}

export function dismissExport(slot: string): void {
  setSlot(slot, { said: null, about: null, startedBy: null })
}

export function resetExportsStore(): void {
  useExports.setState({ slots: {} })
}
