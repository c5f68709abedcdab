// Reads the first worksheet of an XLSX as a stream of rows, within Apache POI's zip-bomb rules: the ZIP's central
// directory is checked before anything is inflated (entry count, each entry's size and inflate ratio), and every
// entry is inflated by us, counted as it comes (an entry that inflates past what it declared, or below the ratio,
// stops there). exceljs parses the XML it is given, one entry at a time, so it never sees a byte we did not count.
import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import { format as formatNumber } from 'numfmt'
import { SaxesParser } from 'saxes'
import type ExcelJS from 'exceljs'
import {
  XLSX_MAX_ENTRIES,
  XLSX_MAX_ENTRY_BYTES,
  XLSX_MIN_INFLATE_RATIO,
  XLSX_RATIO_GRACE_BYTES,
  formatMegabytes
} from '../../../shared/domain'
import type { KeyedText } from '../commands'
import type { MessageKey, Params } from '../../../shared/i18n'
import { encodeNote } from '../../../shared/i18n/notes'
import { libraryMessage } from './reader-fault'

/** The XLSX reader's known reasons a workbook cannot be read. */
type SheetFault = Extract<
  MessageKey,
  | 'sheet.fault.notZip'
  | 'sheet.fault.directoryDamaged'
  | 'sheet.fault.compression'
  | 'sheet.fault.entryDamaged'
  | 'sheet.fault.cutShort'
  | 'sheet.fault.entryUnpack'
  | 'sheet.fault.noWorkbook'
>

/** One entry of the ZIP's central directory: what it says before anything is inflated. */
export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  size: number
  localHeaderOffset: number
}

/** Why an XLSX is refused: a key and params for the operator, thrown by the reader, turned into a SpreadsheetError. */
export class XlsxRefusal extends Error {
  constructor(
    readonly code: 'unreadable' | 'too_large',
    readonly text: KeyedText
  ) {
    super(text.key)
    this.name = 'XlsxRefusal'
  }
}

/**
 * A ZIP archive that holds no workbook: the reader says what the file is instead (spreadsheet.ts). Word and PowerPoint
 * files are ZIP archives too, told by the part their format starts from; OpenDocument files by their `mimetype`.
 */
export class NotAWorkbook extends Error {
  constructor(readonly holds: 'word' | 'powerpoint' | OpenDocumentKind | 'zip') {
    super('no workbook in the archive')
    this.name = 'NotAWorkbook'
  }
}

/** The part each Office Open XML format starts from: the one a Word document or a presentation always holds. */
const OFFICE_MAIN_PARTS = [
  ['word/document.xml', 'word'],
  ['ppt/presentation.xml', 'powerpoint']
] as const

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const STORED = 0
const DEFLATED = 8

/** A workbook that cannot be read, why said in the operator's language (reader-fault.ts). */
const unreadable = (fault: SheetFault, params?: Params): XlsxRefusal =>
  new XlsxRefusal('unreadable', {
    key: 'desktop.error.xlsxUnreadable',
    params: { detail: encodeNote(fault, params) }
  })

/** The central directory's entries (read from the end of the archive, as a ZIP reader does). */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end record is the last thing in the file, followed by a comment of at most 65,535 bytes.
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      end = at
      break
    }
  }
  if (end < 0) throw unreadable('sheet.fault.notZip')
  const count = view.getUint16(end + 10, true)
  const directoryOffset = view.getUint32(end + 16, true)
  // ZIP64 (markers at their maximum) is for archives far larger than a spreadsheet a campaign may read.
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw new XlsxRefusal('too_large', {
      key: 'desktop.error.xlsxTooManyEntries',
      params: { max: XLSX_MAX_ENTRIES }
    })
  if (count > XLSX_MAX_ENTRIES)
    throw new XlsxRefusal('too_large', {
      key: 'desktop.error.xlsxTooManyEntries',
      params: { max: XLSX_MAX_ENTRIES }
    })
  const entries: ZipEntry[] = []
  let at = directoryOffset
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE)
      throw unreadable('sheet.fault.directoryDamaged')
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength))
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** POI's rules on what an entry declares, before it is inflated. */
export function checkDeclaredEntry(entry: ZipEntry): void {
  if (entry.size > XLSX_MAX_ENTRY_BYTES) throw entryTooLarge(entry)
  if (entry.size > XLSX_RATIO_GRACE_BYTES && entry.compressedSize / entry.size < XLSX_MIN_INFLATE_RATIO)
    throw inflateRatio(entry)
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw unreadable('sheet.fault.compression', { entry: entry.name })
}

const entryTooLarge = (entry: ZipEntry): XlsxRefusal =>
  new XlsxRefusal('too_large', {
    key: 'desktop.error.xlsxEntryTooLarge',
    params: { entry: entry.name, max: formatMegabytes(XLSX_MAX_ENTRY_BYTES) }
  })

const inflateRatio = (entry: ZipEntry): XlsxRefusal =>
  new XlsxRefusal('too_large', {
    key: 'desktop.error.xlsxInflateRatio',
    params: { entry: entry.name, ratio: Math.round(1 / XLSX_MIN_INFLATE_RATIO) }
  })

/**
 * An entry's text, inflated as it is read: stops at the first byte past what the entry declared (a lying header),
 * past the entry limit, or once below the minimum inflate ratio. `onBytes` hears how many bytes came out so far.
 */
export async function* entryText(
  bytes: Uint8Array,
  entry: ZipEntry,
  onBytes: (inflated: number) => void = () => undefined
): AsyncGenerator<string> {
  checkDeclaredEntry(entry)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const local = entry.localHeaderOffset
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE)
    throw unreadable('sheet.fault.entryDamaged', { entry: entry.name })
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (data.length !== entry.compressedSize) throw unreadable('sheet.fault.cutShort', { entry: entry.name })
  // Decoded as a stream: a character split between two chunks stays whole.
  const decoder = new TextDecoder('utf-8')
  if (entry.method === STORED) {
    for (let at = 0; at < data.length; at += 64 * 1024) {
      const chunk = data.subarray(at, at + 64 * 1024)
      onBytes(at + chunk.length)
      yield decoder.decode(chunk, { stream: true })
    }
    yield decoder.decode()
    return
  }
  const inflater = createInflateRaw()
  inflater.end(data)
  let inflated = 0
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length
      if (inflated > entry.size || inflated > XLSX_MAX_ENTRY_BYTES) throw entryTooLarge(entry)
      if (inflated > XLSX_RATIO_GRACE_BYTES && inflater.bytesWritten / inflated < XLSX_MIN_INFLATE_RATIO)
        throw inflateRatio(entry)
      onBytes(inflated)
      yield decoder.decode(chunk, { stream: true })
    }
  } catch (error) {
    if (error instanceof XlsxRefusal) throw error
    throw unreadable('sheet.fault.entryUnpack', { entry: entry.name, message: libraryMessage(error) })
  } finally {
    inflater.destroy()
  }
  yield decoder.decode()
}

/**
 * exceljs 4.4's streaming WorkbookReader, driven entry by entry with our inflated text instead of its own unzip (which
 * inflates whatever an entry holds, and writes sheets that come before the shared strings to temporary files): its
 * parsers read the workbook, its relationships, styles and shared strings. The worksheet itself is read by
 * worksheetRows below. These are its own parsers; `import.test.ts` reads real workbooks through them, so an upgrade
 * that changes them fails there.
 */
interface WorkbookReaderParts {
  _parseWorkbook(stream: Readable): Promise<void>
  _parseRels(stream: Readable): Promise<void>
  _parseStyles(stream: Readable): Promise<void>
  _parseSharedStrings(stream: Readable): AsyncGenerator<unknown>
  model: { sheets?: { id: number; name: string; rId: string }[] }
  workbookRels?: { Id: string; Target: string }[]
  sharedStrings?: ExcelJS.CellValue[]
  styles: { getStyleModel(id: number): { numFmt?: string } | undefined }
  properties?: { model?: { date1904?: boolean } }
}

/** A worksheet row: its number and each cell's value by column (index 0 is column A), as exceljs gives them. */
export interface XlsxRow {
  number: number
  /** Cells by column; a column with no cell is a hole. Its length is the row's last column with a cell. */
  values: ExcelJS.CellValue[]
}

export interface XlsxRows {
  sheetName: string
  /** The worksheet's declared inflated size, for progress. */
  sheetBytes: number
  /** Reads the worksheet, giving each row to `onRow` as it is parsed; yields after each piece of its XML. */
  readRows(onRow: (row: XlsxRow) => void): AsyncGenerator<void>
}

/** OpenDocument files by their media type, the whole of their `mimetype` entry: a spreadsheet, a text, a presentation. */
const OPEN_DOCUMENT_KINDS = {
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.presentation': 'odp'
} as const
type OpenDocumentKind = (typeof OPEN_DOCUMENT_KINDS)[keyof typeof OPEN_DOCUMENT_KINDS]
const LONGEST_MIME_TYPE = Math.max(...Object.keys(OPEN_DOCUMENT_KINDS).map((type) => type.length))

/**
 * What an archive without a workbook holds: a Word document or a presentation by its main part, an OpenDocument
 * spreadsheet, text or presentation by its `mimetype` entry (a few dozen bytes, read within the same rules), anything
 * else a ZIP archive.
 */
async function archiveHolds(
  bytes: Uint8Array,
  byName: ReadonlyMap<string, ZipEntry>
): Promise<NotAWorkbook['holds']> {
  const office = OFFICE_MAIN_PARTS.find(([part]) => byName.has(part))
  if (office) return office[1]
  const mimetype = byName.get('mimetype')
  if (!mimetype || mimetype.size > LONGEST_MIME_TYPE) return 'zip'
  let text = ''
  for await (const piece of entryText(bytes, mimetype)) text += piece
  const type = text.trim()
  return Object.hasOwn(OPEN_DOCUMENT_KINDS, type)
    ? OPEN_DOCUMENT_KINDS[type as keyof typeof OPEN_DOCUMENT_KINDS]
    : 'zip'
}

/** Opens the first worksheet of `bytes` (checked, not yet inflated) and gives its rows as they are parsed. */
export async function openFirstWorksheet(
  bytes: Uint8Array,
  onSheetBytes: (inflated: number) => void
): Promise<XlsxRows> {
  const entries = zipEntries(bytes)
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\//, ''), entry]))
  // An archive without a workbook is no Excel file at all (photos zipped, a Word document): not "unreadable".
  if (!byName.has('xl/workbook.xml')) throw new NotAWorkbook(await archiveHolds(bytes, byName))
  const { default: Excel } = await import('exceljs')
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore'
  }) as unknown as WorkbookReaderParts
  const stream = (name: string): Readable | null => {
    const entry = byName.get(name)
    return entry ? Readable.from(entryText(bytes, entry), { objectMode: false }) : null
  }
  const workbook = stream('xl/workbook.xml')
  const rels = stream('xl/_rels/workbook.xml.rels')
  if (!workbook || !rels) throw unreadable('sheet.fault.noWorkbook')
  await reader._parseWorkbook(workbook)
  await reader._parseRels(rels)
  const first = reader.model.sheets?.[0]
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target ?? ''
  const sheetNo = /worksheets\/sheet(\d+)\.xml$/.exec(target)?.[1]
  const sheetEntry = sheetNo ? byName.get(`xl/worksheets/sheet${sheetNo}.xml`) : undefined
  if (!first || !sheetNo || !sheetEntry)
    throw new XlsxRefusal('unreadable', { key: 'desktop.error.noWorksheet' })
  // Every entry read is checked before any is inflated.
  for (const name of ['xl/styles.xml', 'xl/sharedStrings.xml']) {
    const entry = byName.get(name)
    if (entry) checkDeclaredEntry(entry)
  }
  checkDeclaredEntry(sheetEntry)
  const styles = stream('xl/styles.xml')
  if (styles) await reader._parseStyles(styles)
  const sharedStrings = stream('xl/sharedStrings.xml')
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings)) void _
  return {
    sheetName: first.name,
    sheetBytes: sheetEntry.size,
    readRows: (onRow) =>
      worksheetRows(
        entryText(bytes, sheetEntry, onSheetBytes),
        {
          sharedStrings: reader.sharedStrings ?? [],
          styleOf: (id) => reader.styles.getStyleModel(id),
          date1904: reader.properties?.model?.date1904 ?? false
        },
        onRow
      )
  }
}

interface WorksheetContext {
  sharedStrings: readonly ExcelJS.CellValue[]
  styleOf(id: number): { numFmt?: string } | undefined
  date1904: boolean
}

/**
 * The worksheet's rows, read from its XML with exceljs's own rules (its WorksheetReader's parse, cell by cell: the
 * shared string, inline string, formula result, boolean, error, or number — a date when its style's format is one)
 * but as plain values: exceljs made a Row, a Cell per cell and their styles, ~2 KB a row of garbage that outlived
 * V8's young generation and grew the old one to 150 MB on a 1,000,000-row sheet. Each row goes to `onRow` as its
 * end tag is parsed (no row waits for a turn of the event loop); the generator yields after each piece of XML. A
 * cell or row without its reference (which exceljs could not read) follows the one before it.
 */
export async function* worksheetRows(
  chunks: AsyncIterable<string>,
  context: WorksheetContext,
  onRow: (row: XlsxRow) => void
): AsyncGenerator<void> {
  const parser = new SaxesParser()
  let failure: Error | undefined
  parser.on('error', (error) => (failure ??= error))
  let inRows = false
  let row: XlsxRow | null = null
  let rowStyle: { numFmt?: string } | undefined
  let lastRow = 0
  let column = 0
  let cell: {
    column: number
    s: number
    t: string | undefined
    f?: { text: string }
    v?: { text: string }
  } | null = null
  // The element whose text is being gathered: exceljs never resets it, so text after its end tag (white space before
  // `</is>`) joins it; kept so.
  let current: { text: string } | null = null
  parser.on('opentag', (node) => {
    const attributes = node.attributes as Record<string, string | undefined>
    switch (node.name) {
      case 'sheetData':
        inRows = true
        break
      case 'row':
        if (inRows) {
          const number = Number.parseInt(attributes.r ?? '', 10)
          lastRow = Number.isNaN(number) ? lastRow + 1 : number
          row = { number: lastRow, values: [] }
          column = 0
          rowStyle = attributes.s ? context.styleOf(Number.parseInt(attributes.s, 10)) : undefined
        }
        break
      case 'c':
        if (row) {
          const reference = attributes.r ? columnOf(attributes.r) : 0
          column = reference > 0 ? reference : column + 1
          cell = { column, s: Number.parseInt(attributes.s ?? '', 10), t: attributes.t }
        }
        break
      case 'f':
        if (cell) current = cell.f = { text: '' }
        break
      case 'v':
      case 'is':
      case 't':
        if (cell) current = cell.v = { text: '' }
        break
      default:
        break
    }
  })
  parser.on('text', (text) => {
    if (current) current.text += text
  })
  parser.on('closetag', (node) => {
    switch (node.name) {
      case 'sheetData':
        inRows = false
        break
      case 'row':
        if (row) onRow(row)
        row = null
        break
      case 'c':
        if (row && cell) {
          // A cell's own style replaces the row's (exceljs: `cell.style = style` when the cell names one).
          const style = (cell.s ? context.styleOf(cell.s) : undefined) ?? rowStyle
          row.values[cell.column - 1] = cellValue(cell, style?.numFmt, context)
          // Walked to its last column like exceljs's cellCount, holes included.
          if (row.values.length < cell.column) row.values.length = cell.column
        }
        cell = null
        break
      default:
        break
    }
  })
  for await (const chunk of chunks) {
    parser.write(chunk)
    if (failure) throw failure
    yield
  }
  parser.close()
  if (failure) throw failure
}

/** A cell's value as exceljs's WorksheetReader sets it. */
function cellValue(
  cell: { t: string | undefined; f?: { text: string }; v?: { text: string } },
  numFmt: string | undefined,
  context: WorksheetContext
): ExcelJS.CellValue {
  const text = cell.v?.text
  if (cell.f) {
    const formula = cell.f.text
    const result =
      text === undefined ? undefined : cell.t === 'str' ? xmlDecode(text) : Number.parseFloat(text)
    // exceljs keeps a formula's value as given when its text is empty (a shared formula's cells), and otherwise only
    // the parts that are truthy (a result of 0 is dropped: the cell reads as the formula's object, not 0).
    if (!formula) return (text === undefined ? { formula } : { formula, result }) as ExcelJS.CellValue
    return (result ? { formula, result } : { formula }) as ExcelJS.CellValue
  }
  if (text === undefined) return null
  switch (cell.t) {
    case 's':
      return context.sharedStrings[Number.parseInt(text, 10)] ?? null
    case 'inlineStr':
    case 'str':
      return xmlDecode(text)
    case 'e':
      return { error: text } as ExcelJS.CellValue
    case 'b':
      return Number.parseInt(text, 10) !== 0
    default:
      return isDateFormat(numFmt)
        ? excelToDate(Number.parseFloat(text), context.date1904)
        : (shownNumber(Number.parseFloat(text), numFmt) ?? Number.parseFloat(text))
  }
}

/**
 * A number as its cell's format shows it, as Excel on an Indonesian computer does ("Rp150.000", "10%",
 * "1.250.000,75"; dates are written in Indonesian too, spreadsheet.ts): a campaign's message said "tagihan 150000,
 * diskon 0.1" (an operator's probe). Null — the number as stored — for the General format (which numfmt would write
 * as "6.28123E+12", a phone number's digits lost) and for a scientific one, for the same reason. A zero-padded format
 * gives a phone number its leading 0 back ("081234567890"), which the phone rule reads as well as "81234567890".
 * numfmt (Excel's number format language in full, with its locales) rather than a hand-written subset of it.
 */
function shownNumber(value: number, numFmt: string | undefined): string | null {
  if (!numFmt || !Number.isFinite(value)) return null
  const outsideQuotes = numFmt.replace(/"[^"]*"/g, '').replace(/\[[^\]]*]/g, '')
  if (/^general$/i.test(outsideQuotes.trim()) || /e[+-]/i.test(outsideQuotes)) return null
  try {
    return formatNumber(numFmt, value, { locale: 'id' })
  } catch {
    return null
  }
}

/** The column number of a cell reference (`B12` → 2), 0 when it has no letters. */
function columnOf(reference: string): number {
  let column = 0
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i)
    if (code >= 65 && code <= 90) column = column * 26 + code - 64
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96
    else break
  }
  return column
}

/** exceljs's utils.xmlDecode: the five named entities, decoded again after the XML parser decoded them once. */
function xmlDecode(text: string): string {
  return text.replace(/&([a-z]*);/g, (entity) => XML_ENTITIES[entity] ?? entity)
}
const XML_ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&apos;': "'",
  '&quot;': '"'
}

/** exceljs's utils.isDateFmt: a number format with a date or time part outside quotes and brackets. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''))
}

/** exceljs's utils.excelToDate: Excel's day number (1900 or 1904 system) as a Date. */
function excelToDate(value: number, date1904: boolean): Date {
  return new Date(Math.round((value - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000))
}
