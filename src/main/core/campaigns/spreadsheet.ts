// Reads an operator's spreadsheet (CSV or XLSX) into a header row and string cells, as real exports are:
// UTF-8 with or without BOM or a legacy Windows code page, `,` `;` or tab delimited, quoted newlines, numeric phones.
// Every path reads within the same bounds (file size, rows, columns, cell length; an XLSX's zip-bomb rules in
// xlsx-reader.ts), in slices that leave the event loop free, with progress and cancel.
// exceljs is loaded when a workbook is read or written: it and its zip libraries cost every start of the app and CLI.
import { Buffer, isUtf8 } from 'node:buffer'
import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import { Readable } from 'node:stream'
import type ExcelJS from 'exceljs'
import Papa from 'papaparse'
import {
  checkPhone,
  megabytesBesideLimit,
  MAX_CELL_LENGTH,
  MAX_COLUMN_NAME_LENGTH,
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  MAX_SPREADSHEET_BYTES,
  csvDelimiter,
  excelSeparatorLine,
  csvEncoding,
  escapeRegExp
} from '../../../shared/domain'
import { translate } from '../../../shared/i18n'
import { englishText, type KeyedText } from '../commands'
import { compoundFileStreams, detectFileType, ftypBrand } from '../files'
import { NotAWorkbook, openFirstWorksheet, XlsxRefusal } from './xlsx-reader'
import { libraryMessage, readerSaid } from './reader-fault'
import { encodeNote } from '../../../shared/i18n/notes'

export interface Sheet {
  /** Column names from the header row, trimmed; a blank header becomes "Column N". */
  headers: string[]
  /** Data rows in file order, each as wide as `headers`; wholly empty rows (Excel's trailing ones) are dropped. */
  rows: SheetRows
  /**
   * Wholly empty rows left out between the header and the last data row: with `rows`, every row under the header is
   * accounted for (QA39 Q39-04: "3,000 rows read" of 3,020). Blank rows after the last one are no rows of the sheet.
   */
  blankRows?: number
  /**
   * Rows above the header read as the sheet's title ("DAFTAR PELANGGAN TOKO MAJU" in a merged first row): left out,
   * and named to the operator, who would otherwise see the title as the first column's name.
   */
  titleRows?: { row: number; text: string }[]
  /** What was detected, shown to the operator so a wrong guess is visible. */
  format: { kind: 'csv'; encoding: string; delimiter: string } | { kind: 'xlsx'; sheetName: string }
}

export interface SheetRow {
  /** The row number the operator sees in their spreadsheet program (the header is row 1). */
  rowNumber: number
  cells: string[]
}

/**
 * Rows a block holds at most; a block is closed earlier once its cells pass BLOCK_CHARS characters (so its offsets
 * nearly always fit in two bytes). The rows of the open block are the reader's strings, which may be slices of the
 * XML or text they were parsed from: held for 4,096 rows they outlived the young generation and took the XML with
 * them (an XLSX of 1,000,000 rows peaked at 390 MB; closed every 256 rows, 300 MB).
 */
const BLOCK_ROWS = 256
const BLOCK_CHARS = 60_000

/** A closed block: its cells' text as bytes, where each cell ends, where each row's cells start, its row numbers. */
interface RowBlock {
  /** Index of the block's first row in the sheet. */
  first: number
  /**
   * The block's cells joined, outside the JavaScript heap: one byte a character when every character is Latin-1
   * (nearly every Indonesian sheet), UTF-16 otherwise (`wide`).
   */
  bytes: Buffer
  wide: boolean
  /** End of each cell in the text (in characters), the block's cells one after another. */
  cellEnds: Offsets
  /** Index in `cellEnds` of each row's first cell, and one more: the end of the last row's cells. */
  rowStarts: Offsets
  rows: number
  firstRowNumber: number
  /** Each row's number, or null when they follow one another from `firstRowNumber` (nearly always). */
  rowNumbers: Int32Array | null
}

/** Offsets within a block: two bytes each when the block is small enough (nearly every block), four otherwise. */
type Offsets = Uint16Array | Int32Array
const offsets = (values: readonly number[]): Offsets =>
  (values.at(-1) ?? 0) <= 0xffff ? Uint16Array.from(values) : Int32Array.from(values)

/** A character above Latin-1: the block is kept as UTF-16. */
const WIDE_CHARACTER = /[\u0100-\uffff]/

/**
 * A sheet's data rows, kept compact: a million rows as arrays of strings were ~200 bytes a row (a row object, its
 * array and a string object per cell), the most of the import's memory. Rows are kept in blocks of a few thousand:
 * the block's cells joined and kept as bytes outside the JavaScript heap, with typed arrays of where each cell ends,
 * where each row starts and its row number (a few bytes a cell besides its characters). Kept outside the heap, a
 * million rows neither grow V8's young generation (it grows with what survives it) nor the old one, and nothing
 * keeps the decoded file or the XLSX's XML alive. A block is read back as one string when a row of it is read (the
 * last one is kept: rows are mostly read in order); a row shorter than the widest reads '' for the cells it lacks.
 */
export class SheetRows {
  private readonly blocks: RowBlock[] = []
  // The open block, filled by `push`.
  private cells: string[] = []
  private cellEnds: number[] = []
  private rowStarts: number[] = []
  private rowNumbers: number[] = []
  private chars = 0
  private count = 0
  /** The block the last lookup found, and its text: rows are mostly read in order. */
  private last: RowBlock | undefined
  private lastText = ''
  /** Cells every row reads as, the widest row's (set by `finish`). */
  width = 0

  /** Rows given as arrays (tests, small sheets): padded to the widest. */
  static of(rows: readonly SheetRow[]): SheetRows {
    const kept = new SheetRows()
    for (const row of rows) kept.push(row.cells, row.rowNumber)
    return kept.finish(Math.max(0, ...rows.map((row) => row.cells.length)))
  }

  get length(): number {
    return this.count
  }

  push(cells: readonly string[], rowNumber: number): void {
    this.rowStarts.push(this.cellEnds.length)
    this.rowNumbers.push(rowNumber)
    for (const cell of cells) {
      this.chars += cell.length
      this.cells.push(cell)
      this.cellEnds.push(this.chars)
    }
    this.count++
    if (this.rowNumbers.length >= BLOCK_ROWS || this.chars >= BLOCK_CHARS) this.close()
  }

  /**
   * Closes the open block now: called before the reading gives the event loop a turn, so the reader's strings die
   * young (a cell held across turns was promoted to the old generation and grew the heap as garbage).
   */
  flush(): void {
    this.close()
  }

  /** Closes the open block; every row reads as `width` cells. */
  finish(width: number): this {
    this.close()
    this.width = width
    return this
  }

  /** The row's number in the operator's spreadsheet (the header is row 1). */
  rowNumber(index: number): number {
    const block = this.blockOf(index)
    return block.rowNumbers
      ? (block.rowNumbers[index - block.first] ?? 0)
      : block.firstRowNumber + index - block.first
  }

  /**
   * The cell at `column` of the row at `index` ('' past the row's own cells): a slice of its block's text, so a
   * caller that keeps it long copies it (ownCopy), as `at` does.
   */
  cell(index: number, column: number): string {
    const block = this.blockOf(index)
    const row = index - block.first
    const at = (block.rowStarts[row] ?? 0) + column
    if (column < 0 || at >= (block.rowStarts[row + 1] ?? 0)) return ''
    return this.lastText.slice(at === 0 ? 0 : (block.cellEnds[at - 1] ?? 0), block.cellEnds[at])
  }

  /** The row at `index` as an array of `width` cells (copies), or undefined past the last row. */
  at(index: number): SheetRow | undefined {
    if (index < 0 || index >= this.count) return undefined
    const cells = new Array<string>(this.width)
    for (let column = 0; column < this.width; column++) cells[column] = ownCopy(this.cell(index, column))
    return { rowNumber: this.rowNumber(index), cells }
  }

  /** Rows `start` to `end` (exclusive) as arrays. */
  slice(start: number, end = this.count): SheetRow[] {
    const rows: SheetRow[] = []
    for (let index = Math.max(0, start); index < Math.min(end, this.count); index++)
      rows.push(this.at(index) as SheetRow)
    return rows
  }

  /** Every row as arrays (small sheets and tests). */
  toArray(): SheetRow[] {
    return this.slice(0)
  }

  private close(): void {
    if (this.rowNumbers.length === 0) return
    this.rowStarts.push(this.cellEnds.length)
    const text = this.cells.join('')
    const wide = WIDE_CHARACTER.test(text)
    const numbers = this.rowNumbers
    const first = numbers[0] ?? 0
    const consecutive = numbers.every((number, row) => number === first + row)
    // Exactly as long as the text: Buffer.from(text) kept a 64 KB buffer behind a block of a few KB.
    const bytes = Buffer.allocUnsafeSlow(wide ? text.length * 2 : text.length)
    bytes.write(text, wide ? 'utf16le' : 'latin1')
    this.blocks.push({
      first: this.count - this.rowNumbers.length,
      bytes,
      wide,
      cellEnds: offsets(this.cellEnds),
      rowStarts: offsets(this.rowStarts),
      rows: numbers.length,
      firstRowNumber: first,
      rowNumbers: consecutive ? null : Int32Array.from(numbers)
    })
    this.cells = []
    this.cellEnds = []
    this.rowStarts = []
    this.rowNumbers = []
    this.chars = 0
  }

  /** The block holding the row at `index`, its text read back as the last one (`lastText`). */
  private blockOf(index: number): RowBlock {
    const last = this.last
    if (last && index >= last.first && index < last.first + last.rows) return last
    if (index < 0 || index >= this.count) throw new RangeError(`No row ${index} in a sheet of ${this.count}`)
    let low = 0
    let high = this.blocks.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((this.blocks[middle]?.first ?? 0) <= index) low = middle
      else high = middle - 1
    }
    const block = this.blocks[low] as RowBlock
    this.last = block
    this.lastText = block.bytes.toString(block.wide ? 'utf16le' : 'latin1')
    return block
  }
}

/** A file that cannot be read as a sheet: English in its message (CLI), its key in `text` for the window. */
export class SpreadsheetError extends Error {
  readonly text: KeyedText
  constructor(
    readonly code: 'empty' | 'unreadable' | 'unsupported' | 'too_large' | 'cancelled',
    text: KeyedText
  ) {
    super(englishText(text))
    this.name = 'SpreadsheetError'
    this.text = text
  }
}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04] // a ZIP archive

export interface ReadOptions {
  /** Stops the reading at its next slice with a `cancelled` SpreadsheetError. */
  signal?: AbortSignal
  /** How far the reading is, 0 to 1, at most once a slice. */
  onProgress?: (fraction: number) => void
}

/** Reads CSV or XLSX bytes; the kind is decided by the content (a ZIP is XLSX), not trusted from the name. */
export async function readSpreadsheet(
  bytes: Uint8Array,
  fileName = '',
  options: ReadOptions = {}
): Promise<Sheet> {
  if (bytes.length === 0)
    throw new SpreadsheetError(
      'empty',
      fileName
        ? { key: 'desktop.error.fileEmpty', params: { name: fileName } }
        : { key: 'desktop.error.sheetEmpty' }
    )
  if (bytes.length > MAX_SPREADSHEET_BYTES) throw tooLarge(fileName, bytes.length)
  const slices = new Slices(options)
  const isXlsx = XLSX_MAGIC.every((b, i) => bytes[i] === b)
  if (!isXlsx) {
    const head = textHead(bytes)
    const oldOffice = oldOfficeFile(bytes, fileName, head)
    if (oldOffice) throw oldOffice
    const notSheet = notASpreadsheet(bytes, fileName, head)
    if (notSheet) throw notSheet
  }
  const sheet = isXlsx ? await readXlsx(bytes, fileName, slices) : await readCsv(bytes, slices)
  // Column names alone: nothing to send to, said now rather than as "0 rows read" and a form to fill for nobody.
  if (sheet.rows.length === 0)
    throw new SpreadsheetError(
      'empty',
      fileName
        ? { key: 'desktop.error.fileHeadersOnly', params: { name: fileName } }
        : { key: 'desktop.error.sheetHeadersOnly' }
    )
  return sheet
}

/** The formats' names a refusal shows, by the extension detectFileType gives them. */
const FORMAT_NAMES: Record<string, string> = { jpg: 'JPEG', ogg: 'Ogg' }

/**
 * ISO media files detectFileType does not take as MP4 (the gateway cannot send them), by their `ftyp` brand: iPhone
 * photos (HEIC, HEIF, AVIF), QuickTime movies and MPEG-4 audio.
 */
const FTYP_KINDS: Record<string, [NotSpreadsheetKind, string]> = {
  heic: ['picture', 'HEIC'],
  heix: ['picture', 'HEIC'],
  heim: ['picture', 'HEIC'],
  heis: ['picture', 'HEIC'],
  mif1: ['picture', 'HEIF'],
  msf1: ['picture', 'HEIF'],
  avif: ['picture', 'AVIF'],
  avis: ['picture', 'AVIF'],
  'qt  ': ['video', 'QuickTime'],
  'M4A ': ['audio', 'M4A'],
  'M4B ': ['audio', 'M4A']
}

/**
 * An Office 97–2003 file (an OLE compound file), named by the streams its directory lists: a Word document or a
 * presentation as what it is, a workbook (BIFF8's Workbook, BIFF5's Book) or a damaged file as old Excel, another
 * compound file (an Outlook message, an installer) left to be called binary. A file named .xls is old Excel unless
 * its bytes say it is Word or PowerPoint, or are text: POS, banking and marketplace systems export CSV, TSV
 * ("Unicode text") and web pages under that name, read or named by what they are (`head`, from textHead). XML (Excel
 * 2003's XML spreadsheet) is still old Excel. Null for any other file.
 */
function oldOfficeFile(bytes: Uint8Array, fileName: string, head: string | null): SpreadsheetError | null {
  const streams = compoundFileStreams(bytes)
  if (streams?.includes('WordDocument')) return notSpreadsheet('word', fileName)
  if (streams?.includes('PowerPoint Document')) return notSpreadsheet('powerpoint', fileName)
  const workbook = streams === null || streams.includes('Workbook') || streams.includes('Book')
  const oldExcelName = /\.xls$/i.test(fileName) && (head === null || isXml(head))
  if (oldExcelName || (bytes[0] === 0xd0 && bytes[1] === 0xcf && workbook))
    return new SpreadsheetError('unsupported', { key: 'desktop.error.oldExcel' })
  return null
}

/** Bytes read to tell a binary file from text: a NUL byte in them is no CSV in any encoding the reader takes. */
const BINARY_SAMPLE_BYTES = 1024
/** Bytes decoded to tell what a text file is (a web page by its first tags). */
const TEXT_HEAD_BYTES = 4096

/**
 * The file's first characters, decoded in the encoding the CSV reader decodes the whole file in (a UTF-8 file's first
 * KB alone may end inside a character), its BOM dropped and the white space before them too; null for binary bytes
 * (a NUL in the first KB, unless a UTF-16 BOM says its NULs are half its characters).
 */
function textHead(bytes: Uint8Array): string | null {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)
  if (!utf16 && bytes.subarray(0, BINARY_SAMPLE_BYTES).includes(0)) return null
  return new TextDecoder(textEncoding(bytes)).decode(bytes.subarray(0, TEXT_HEAD_BYTES)).trimStart()
}

const isXml = (head: string): boolean => head.startsWith('<?xml')

/**
 * A web page, the "export to Excel" of web systems: text that starts with a tag and has an `<html>` or `<table>` in
 * its first characters. exceljs reads no HTML, so it is named, not read; nothing in it is parsed or fetched. An XML
 * document (Excel 2003's XML spreadsheet has a Table in its Workbook) is none.
 */
function isWebPage(head: string): boolean {
  return head.startsWith('<') && !isXml(head) && /<(html|table)\b/i.test(head)
}

/**
 * A file that is no spreadsheet, said as what it is (QA46 Q46-04: a photo read as CSV was "column 1's name is longer
 * than 200 characters"), or null for text to read as CSV. Its bytes decide (files/file-type.ts knows the signatures
 * of what a gateway sends; WebP is added here), never its name; a file of no known kind that is not text (`head`
 * null: textHead) is binary, text that is a web page is named as one. UTF-16 text (with its BOM) is read.
 */
function notASpreadsheet(bytes: Uint8Array, fileName: string, head: string | null): SpreadsheetError | null {
  const first = bytes.subarray(0, 4096)
  const refuse = (kind: NotSpreadsheetKind, format?: string): SpreadsheetError =>
    notSpreadsheet(kind, fileName, format)
  const detected = detectFileType(first, '')
  if (detected) {
    const format = FORMAT_NAMES[detected.extension] ?? detected.extension.toUpperCase()
    if (detected.kind === 'image') return refuse('picture', format)
    if (detected.kind === 'video') return refuse('video', format)
    if (detected.kind === 'audio') return refuse('audio', format)
    return refuse('pdf')
  }
  const brand = ftypBrand(first)
  const ftypKind = brand === null ? undefined : FTYP_KINDS[brand]
  if (ftypKind) return refuse(...ftypKind)
  const ascii = (from: number, to: number): string => String.fromCharCode(...first.subarray(from, to))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return refuse('picture', 'WebP')
  if (head === null) return refuse('binary')
  if (isWebPage(head)) return refuse('webPage')
  return null
}

/** Each kind of file that is no spreadsheet, and its words. */
const NOT_SPREADSHEET = {
  picture: 'desktop.error.notSpreadsheet.picture',
  video: 'desktop.error.notSpreadsheet.video',
  audio: 'desktop.error.notSpreadsheet.audio',
  pdf: 'desktop.error.notSpreadsheet.pdf',
  zip: 'desktop.error.notSpreadsheet.zip',
  word: 'desktop.error.notSpreadsheet.word',
  powerpoint: 'desktop.error.notSpreadsheet.powerpoint',
  odt: 'desktop.error.notSpreadsheet.openDocumentText',
  odp: 'desktop.error.notSpreadsheet.openDocumentPresentation',
  // A spreadsheet, but one the reader does not read: said with the way to save it, as old Excel is.
  ods: 'desktop.error.openDocumentSheet',
  webPage: 'desktop.error.webPageSheet',
  binary: 'desktop.error.notSpreadsheet.binary'
} as const
type NotSpreadsheetKind = keyof typeof NOT_SPREADSHEET

const notSpreadsheet = (kind: NotSpreadsheetKind, fileName: string, format?: string): SpreadsheetError =>
  new SpreadsheetError('unsupported', {
    key: NOT_SPREADSHEET[kind],
    params: { name: fileName || 'the file', ...(format ? { format } : {}) }
  })

/**
 * Reads a spreadsheet from a path (the CLI): its size is checked on the open file before a byte is read, so a file
 * over the limit is refused at once, as the window's registration refuses it.
 */
export async function readSpreadsheetFile(path: string, options: ReadOptions = {}): Promise<Sheet> {
  const name = basename(path)
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    if (size > MAX_SPREADSHEET_BYTES) throw tooLarge(name, size)
    const bytes = new Uint8Array(size)
    let read = 0
    while (read < size) {
      const { bytesRead } = await file.read(bytes, read, size - read, read)
      if (bytesRead === 0) break
      read += bytesRead
    }
    return await readSpreadsheet(bytes.subarray(0, read), name, options)
  } finally {
    await file.close()
  }
}

function tooLarge(name: string, size: number): SpreadsheetError {
  const said = megabytesBesideLimit(size, MAX_SPREADSHEET_BYTES)
  return new SpreadsheetError('too_large', {
    key: 'desktop.fileRefused.spreadsheetTooLarge',
    params: { name: name || 'The spreadsheet', size: said.size, max: said.limit }
  })
}

/**
 * The turns a reading gives the event loop: after at most SLICE_MS of work (checked after each piece), so no read holds
 * the core's thread for one long task; each turn reports progress and honours cancel.
 */
export const SLICE_MS = 20

class Slices {
  private started = performance.now()
  constructor(private readonly options: ReadOptions) {
    this.checkCancel()
  }

  /** After a piece of work: a turn of the event loop once the slice has run SLICE_MS. */
  async afterWork(fraction: () => number): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return
    await this.turn(fraction())
  }

  async turn(fraction: number): Promise<void> {
    this.options.onProgress?.(Math.min(1, fraction))
    await new Promise((resolve) => setImmediate(resolve))
    this.checkCancel()
    this.started = performance.now()
  }

  checkCancel(): void {
    if (this.options.signal?.aborted)
      throw new SpreadsheetError('cancelled', { key: 'desktop.error.sheetReadCancelled' })
  }
}

/** The file's encoding by the shared rule, UTF-8 found without decoding (a 50 MB file is not decoded twice). */
function textEncoding(bytes: Uint8Array): string {
  return csvEncoding(bytes, isUtf8)
}

/**
 * Bytes of CSV decoded and parsed between two turns of the event loop (~5,000 rows of a typical export, a few ms): a
 * 50,000-row file parsed in one go held the core's thread for one long task.
 */
export const CSV_SLICE_BYTES = 32 * 1024

/**
 * The file's text a slice at a time: the whole decoded text of a 50 MB file was as large again as its bytes, held
 * for the whole parse. A character split between two slices stays whole (a streaming decoder), and each slice ends
 * after a line break (the rest goes with the next): papaparse refused a quoted field whose closing quote ended one
 * slice's text and whose CR LF began the next ("Trailing quote on quoted field is malformed"). `onBytes` hears how
 * many bytes were decoded so far.
 */
export function* textSlices(
  bytes: Uint8Array,
  encoding: string,
  onBytes: (decoded: number) => void = () => undefined
): Generator<string> {
  // TextDecoder strips a UTF-8 (or UTF-16) BOM by default.
  const decoder = new TextDecoder(encoding)
  let carried = ''
  for (let at = 0; at < bytes.length; at += CSV_SLICE_BYTES) {
    const slice = bytes.subarray(at, at + CSV_SLICE_BYTES)
    onBytes(at + slice.length)
    const text = carried + decoder.decode(slice, { stream: true })
    const cut = afterLastLineBreak(text)
    carried = text.slice(cut)
    if (cut > 0) yield text.slice(0, cut)
  }
  const rest = carried + decoder.decode()
  if (rest !== '') yield rest
}

/** Where a slice may end: after its last LF (or its last CR in a file of CR line ends), 0 when it has neither. */
function afterLastLineBreak(text: string): number {
  const lf = text.lastIndexOf('\n')
  return (lf >= 0 ? lf : text.lastIndexOf('\r')) + 1
}

/** The first slice of a text, already taken to guess its delimiter, then the rest. */
function* startingWith(first: IteratorResult<string>, rest: Generator<string>): Generator<string> {
  if (first.done) return
  yield first.value
  yield* rest
}

async function readCsv(bytes: Uint8Array, slices: Slices): Promise<Sheet> {
  const encoding = textEncoding(bytes)
  let decoded = 0
  const text = textSlices(bytes, encoding, (count) => (decoded = count))
  let first = text.next()
  const delimiter = csvDelimiter(first.done ? '' : first.value)
  // Excel's `sep=;` line is the file's, not the list's: left out, its row number kept (QA65: read as a title).
  const separatorLine = first.done ? null : excelSeparatorLine(first.value)
  if (separatorLine && !first.done) first = { done: false, value: first.value.slice(separatorLine.length) }
  const source = Readable.from(startingWith(first, text))
  const sheet = new SheetCollector()
  // Rows papaparse gave, empty ones included: the next row's number in the file, less one.
  let read = separatorLine ? 1 : 0
  const fatal: { quotes: { row: number; error: Papa.ParseError } | null } = { quotes: null }
  // papaparse carries a row cut by a slice's end (quoted newlines too) into the next slice, and guesses the line
  // ending once, from the first slice's first rows as it would from the whole text.
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(source, {
      delimiter,
      skipEmptyLines: false,
      chunk(slice: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        const quotes = slice.errors.find((e) => e.type === 'Quotes')
        // An error's row counts from its slice's first row.
        if (quotes && !fatal.quotes) fatal.quotes = { row: read + (quotes.row ?? 0), error: quotes }
        // papaparse gives every cell as a string (no header mode, no dynamic typing): sorted into header, rows and
        // empty ones while this slice's rows are still in the CPU's caches.
        const data = slice.data
        try {
          for (let index = 0; index < data.length; index++) sheet.add(data[index] as string[], ++read)
        } catch (error) {
          reject(error)
          source.destroy()
          parser.abort()
          return
        }
        sheet.flush()
        // The parser's pause stops its parsing, not the source: paused too, so no slice is decoded ahead of it.
        parser.pause()
        source.pause()
        slices.turn(decoded / Math.max(1, bytes.length)).then(
          () => {
            parser.resume()
            source.resume()
          },
          (error: unknown) => {
            // Rejected first: abort completes the parse, which would resolve it.
            reject(error)
            source.destroy()
            parser.abort()
          }
        )
      },
      complete: () => resolve(),
      error: (error: Error) => reject(error)
    })
  })
  const quoteError = fatal.quotes
  if (quoteError) {
    throw new SpreadsheetError('unreadable', {
      key: 'desktop.error.csvQuotes',
      params: { row: quoteError.row + 1, detail: quoteFault(quoteError.error) }
    })
  }
  return sheet.finish({ kind: 'csv', encoding, delimiter })
}

/** papaparse's quote error in the operator's language: its two known kinds worded, another quoted as its own. */
function quoteFault(error: Papa.ParseError): string {
  if (error.code === 'MissingQuotes') return encodeNote('sheet.fault.quoteUnterminated')
  if (error.code === 'InvalidQuotes') return encodeNote('sheet.fault.quoteMalformed')
  return readerSaid(error.message)
}

async function readXlsx(bytes: Uint8Array, fileName: string, slices: Slices): Promise<Sheet> {
  let inflated = 0
  const collector = new SheetCollector()
  try {
    const sheet = await openFirstWorksheet(bytes, (count) => (inflated = count))
    const fraction = (): number => inflated / Math.max(1, sheet.sheetBytes)
    const rows = sheet.readRows((row) => {
      // Before the row's cells are walked: a cell at column XFD would otherwise make 16,384 of them.
      if (row.values.length > MAX_SHEET_COLUMNS) throw tooManyColumns(row.number)
      const cells = new Array<string>(row.values.length)
      for (let column = 0; column < row.values.length; column++) cells[column] = cellText(row.values[column])
      collector.add(cells, row.number)
    })
    // After each piece of the sheet's XML (a few hundred rows): its rows' block closed (their strings are slices of
    // that XML), and a turn once the slice has run SLICE_MS.
    for await (const _ of rows) {
      collector.flush()
      await slices.afterWork(fraction)
    }
    return collector.finish({ kind: 'xlsx', sheetName: sheet.sheetName })
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error
    if (error instanceof XlsxRefusal) throw new SpreadsheetError(error.code, error.text)
    if (error instanceof NotAWorkbook) throw notSpreadsheet(error.holds, fileName)
    throw new SpreadsheetError('unreadable', {
      key: 'desktop.error.xlsxUnreadable',
      params: { detail: readerSaid(libraryMessage(error)) }
    })
  }
}

const tooManyColumns = (rowNumber: number): SpreadsheetError =>
  new SpreadsheetError('too_large', {
    key: 'desktop.error.sheetTooManyColumns',
    params: { row: rowNumber, max: MAX_SHEET_COLUMNS }
  })

/** An XLSX cell as the operator reads it: numbers without exponent or float noise, rich text flattened. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return numberText(value)
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return dateText(value)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('text' in value && typeof value.text === 'string') return value.text
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
  if ('error' in value) return ''
  return String(value)
}

/**
 * A date cell as a customer reads it inside a message: "25 November 2026" (with "14.30" when it has a time of day).
 * Bahasa Indonesia's long form, whatever the window's language, because the reader is the customer, not the operator:
 * WhatsApp customers of an Indonesian gateway read Indonesian, and a month written as a word cannot be misread the way
 * 11/12/2026 can (day-month here, month-day in US software); no weekday or seconds, which a bill's date never needs.
 * Excel stores a wall-clock time without a zone and exceljs gives it as that time in UTC, so it is formatted in UTC.
 */
const SHEET_DATE = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC'
})
const SHEET_TIME = new Intl.DateTimeFormat('id-ID', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC'
})
/** Excel's day 0: a cell holding only a time of day is a date on 30 December 1899. */
const EXCEL_EPOCH_YEAR = 1899

function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return ''
  const timeOfDay = date.getTime() % 86_400_000 !== 0
  if (date.getUTCFullYear() === EXCEL_EPOCH_YEAR) return SHEET_TIME.format(date)
  return timeOfDay ? `${SHEET_DATE.format(date)} ${SHEET_TIME.format(date)}` : SHEET_DATE.format(date)
}

/** Phones stored as numbers are exact integers below 2^53: print every digit, never "6.28E+12". */
function numberText(value: number): string {
  if (Number.isInteger(value))
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 })
  // A fraction in a General cell: its decimal comma, as Excel on an Indonesian computer shows it, dates and formatted
  // numbers being written in Indonesian too (QA67: "total belanja Anda 75000.5" read as a thousands point).
  const written = String(value)
  return /e/i.test(written) ? written : written.replace('.', ',')
}

/** At most this many rows above the header are taken for the sheet's title (a title, a subtitle, a date line). */
const MOST_TITLE_ROWS = 3

/** How many cells have more than white space. */
/**
 * The line closing an export of a campaign's rows ("2 blank rows of the sheet left out: …", export.ts blankRowsNote),
 * in either language, any count: the skipped rows' file is made to be fixed and imported again, and its note was read
 * back as a row without a number (an operator's probe). Made on first use, from the words the export writes.
 */
let exportNotes: { patterns: readonly RegExp[]; shortest: number } | null = null
function isExportNote(cells: readonly string[]): boolean {
  exportNotes ??= exportNotePatterns()
  // Asked of every data row of an import: the cheap tests first (the note is a long sentence opening with its count).
  const first = cells[0] ?? ''
  if (first.length < exportNotes.shortest || !/^\s*\d/.test(first) || filledCells(cells) !== 1) return false
  const text = first.trim()
  return exportNotes.patterns.some((note) => note.test(text))
}

function exportNotePatterns(): { patterns: readonly RegExp[]; shortest: number } {
  const notes = (['en', 'id'] as const).flatMap((language) =>
    [1, 7].map((count) => {
      const text = translate(language, 'campaigns.exportNote.blankRows', { count })
      const at = text.indexOf(String(count))
      const pattern = new RegExp(
        `^${escapeRegExp(text.slice(0, at))}\\d[\\d.,\\s]*${escapeRegExp(text.slice(at + String(count).length))}$`
      )
      return { pattern, length: text.length }
    })
  )
  return { patterns: notes.map((n) => n.pattern), shortest: Math.min(...notes.map((n) => n.length)) }
}

function filledCells(cells: readonly string[]): number {
  let filled = 0
  for (const cell of cells) if (cell.trim() !== '') filled++
  return filled
}

/**
 * The header row and the data rows as the reader gives them, in file order: the first row with content is the
 * header — unless it and up to two more have one filled cell each and the next row has several, none of them a phone
 * number: those are the sheet's title above its header (an operator's probe: "DAFTAR PELANGGAN TOKO MAJU" over
 * "Nama;No HP;…" made the title the phone column and the real header a data row). A one-column list keeps its first
 * row as the header. Wholly empty rows (Excel's trailing ones) are dropped, and every row reads as wide as the widest
 * one. The data rows go into SheetRows' compact blocks as they come: the reader's arrays are garbage at once.
 */
class SheetCollector {
  private header: string[] | undefined
  private readonly rows = new SheetRows()
  private width = 0
  /** The header's row number and the last data row's: the rows between them not kept were blank. */
  private headerRow = 0
  private lastRow = 0
  /** Rows of one filled cell before any header: a title, or a one-column list's header and first rows. */
  private undecided: { cells: string[]; rowNumber: number }[] = []
  private titles: { row: number; text: string }[] = []

  add(cells: string[], rowNumber: number): void {
    if (!hasContent(cells)) return
    if (cells.length > MAX_SHEET_COLUMNS) throw tooManyColumns(rowNumber)
    for (let column = 0; column < cells.length; column++) {
      if ((cells[column] as string).length > MAX_CELL_LENGTH)
        throw new SpreadsheetError('too_large', {
          key: 'desktop.error.sheetCellTooLong',
          params: { row: rowNumber, column: column + 1, max: MAX_CELL_LENGTH }
        })
    }
    if (this.header !== undefined) return isExportNote(cells) ? undefined : this.addRow(cells, rowNumber)
    const filled = filledCells(cells)
    if (filled === 1 && this.undecided.length < MOST_TITLE_ROWS) {
      this.undecided.push({ cells: cells.slice(), rowNumber })
      return
    }
    if (this.undecided.length > 0 && filled > 1 && !cells.some((cell) => checkPhone(cell).problem === null)) {
      // Names of columns under one-cell rows: those rows were the title.
      this.titles = this.undecided.map(({ cells: title, rowNumber: row }) => ({
        row,
        text: ownCopy(title.find((cell) => cell.trim() !== '')?.trim() ?? '')
      }))
      this.undecided = []
      this.setHeader(cells, rowNumber)
      return
    }
    this.decideWithoutTitle()
    if (this.header === undefined) this.setHeader(cells, rowNumber)
    else this.addRow(cells, rowNumber)
  }

  /** The first row held is the header after all, the others its first data rows. */
  private decideWithoutTitle(): void {
    const [first, ...rest] = this.undecided
    this.undecided = []
    if (!first) return
    this.setHeader(first.cells, first.rowNumber)
    for (const row of rest) this.addRow(row.cells, row.rowNumber)
  }

  private setHeader(cells: string[], rowNumber: number): void {
    const long = cells.findIndex((cell) => cell.trim().length > MAX_COLUMN_NAME_LENGTH)
    if (long >= 0)
      throw new SpreadsheetError('too_large', {
        key: 'desktop.error.sheetColumnNameTooLong',
        params: { column: long + 1, max: MAX_COLUMN_NAME_LENGTH }
      })
    this.header = cells.slice()
    this.headerRow = rowNumber
    if (cells.length > this.width) this.width = cells.length
  }

  private addRow(cells: string[], rowNumber: number): void {
    if (this.rows.length >= MAX_SHEET_ROWS)
      throw new SpreadsheetError('too_large', {
        key: 'desktop.error.sheetTooManyRows',
        params: { max: MAX_SHEET_ROWS }
      })
    this.rows.push(cells, rowNumber)
    this.lastRow = rowNumber
    if (cells.length > this.width) this.width = cells.length
  }

  /** Before a turn of the event loop (SheetRows.flush). */
  flush(): void {
    this.rows.flush()
  }

  finish(format: Sheet['format']): Sheet {
    this.decideWithoutTitle()
    const { header, rows, width } = this
    if (!header) throw new SpreadsheetError('empty', { key: 'desktop.error.noRows' })
    const headers = Array.from({ length: width }, (_, i) => ownCopy(header[i]?.trim() || `Column ${i + 1}`))
    const blankRows = rows.length > 0 ? this.lastRow - this.headerRow - rows.length : 0
    return {
      headers,
      rows: rows.finish(width),
      blankRows,
      ...(this.titles.length > 0 ? { titleRows: this.titles } : {}),
      format
    }
  }
}

/**
 * A copy of `text` that holds on to no larger string: V8 keeps a longer substring as a view of its parent, so a
 * header name would keep a slice of the decoded file (or a chunk of the sheet's XML) alive as long as the sheet is
 * kept, and a cell read from SheetRows its whole block's text.
 * Joining forces a fresh string; slicing one character off it is a view of that string only.
 */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : `${text} `.slice(0, -1)
}

/** Whether any cell has more than white space; a cell that starts with a visible character answers without trim. */
function hasContent(cells: readonly string[]): boolean {
  for (const cell of cells) {
    if (cell.length === 0) continue
    // Code points above the space that are not white space (trim's set above U+0020 starts at U+00A0).
    const first = cell.charCodeAt(0)
    if ((first > 0x20 && first < 0xa0) || cell.trim() !== '') return true
  }
  return false
}
