// Why the CSV or XLSX reader refused a file, as an encoded note: the window words it in the operator's language inside
// "This is not a readable XLSX workbook: …" or "Row 3: …" (the readers' own English was shown in the Indonesian window).
import { encodeNote } from '../../../shared/i18n/notes'

/** A library's message the readers do not know: quoted as the library's, under words of the operator's language. */
export function readerSaid(message: string): string {
  return encodeNote('sheet.fault.readerSaid', { message })
}

/** A thrown value's message without the "Error: " its String() adds. */
export function libraryMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
