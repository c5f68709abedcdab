/**
 * Files dropped on the tray icon: registered like a drop on the window, then the Send view opens with them. A
 * spreadsheet (a customer list, `isSpreadsheetName`: the window's rule) is registered to be read, not sent, and the
 * window asks about it as it asks about one dropped on it: import as recipients, or attach (when the gateway can send
 * it). Files the core refuses (too large, a kind the gateway does not take), or a drop it refuses whole, are told in a
 * notice: the window never sees this drop's refusals, so nothing else would say why a file is missing.
 */
import type { FileHandleView, InvokeReply, InvokeRequest } from '../../shared/contract'
import { isSpreadsheetName, MAX_SEND_MESSAGES } from '../../shared/domain'

/** A refusal as the core words it: English, with a message key the operator's language can use. */
export interface CoreText {
  message: string
  messageKey?: string
  messageParams?: Record<string, string | number>
}

export interface TrayDropPorts {
  register(request: InvokeRequest<'files:register'>): Promise<InvokeReply<'files:register'>>
  /** Shows the window on the Send view with these files added, and the question asked about these spreadsheets. */
  openSend(files: FileHandleView[], sheets: FileHandleView[]): void
  /** Tells the operator which files were not added, and why. */
  refused(lines: string[]): void
  /** A core text in the operator's language. */
  word(text: CoreText): string
  /** The failure the operator should read, or undefined for a fault (which is also reported as unexpected). */
  describe(error: unknown): CoreText | undefined
  unexpected(error: unknown): void
}

/** Never rejects: whatever happens to the drop ends in the Send view or a notice. */
export async function dropOnTray(paths: string[], ports: TrayDropPorts): Promise<void> {
  const sources = (names: string[]) => names.map((path) => ({ kind: 'path' as const, path }))
  const sheetPaths = paths.filter(isSpreadsheetName)
  // One send carries so many files (and one call registers no more): the rest are said as left out, not refused whole.
  const allSendPaths = paths.filter((path) => !isSpreadsheetName(path))
  const sendPaths = allSendPaths.slice(0, MAX_SEND_MESSAGES)
  const leftOut = allSendPaths.length - sendPaths.length
  const none: InvokeReply<'files:register'> = { files: [], rejected: [] }
  let sent: InvokeReply<'files:register'>
  let sheets: InvokeReply<'files:register'>
  try {
    sent = sendPaths.length > 0 ? await ports.register({ sources: sources(sendPaths) }) : none
    sheets =
      sheetPaths.length > 0
        ? await ports.register({ sources: sources(sheetPaths), purpose: 'spreadsheet' })
        : none
  } catch (error) {
    const known = ports.describe(error)
    if (!known) ports.unexpected(error)
    ports.refused([known ? ports.word(known) : String((error as Error | null)?.message ?? error)])
    return
  }
  if (sent.files.length + sheets.files.length > 0) ports.openSend(sent.files, sheets.files)
  const rejected = [...sent.rejected, ...sheets.rejected]
  const lines = rejected.map((rejection) => `${rejection.name}: ${ports.word(rejection)}`)
  if (leftOut > 0)
    lines.push(
      ports.word({
        message: `${leftOut} more files were left out: one send carries ${MAX_SEND_MESSAGES} files at most.`,
        messageKey: 'send.rejected.tooMany',
        messageParams: { count: leftOut, max: MAX_SEND_MESSAGES }
      })
    )
  if (lines.length > 0) ports.refused(lines)
}
