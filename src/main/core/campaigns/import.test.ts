// Real-world spreadsheets (fixtures/) read into headers and rows, then checked row by row.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  checkRows,
  checkRowsInSlices,
  guessMapping,
  layoutKey,
  NumberTable,
  phoneFromCell,
  rowContent,
  ROWS_PER_SLICE
} from './check'
import Papa from 'papaparse'
import {
  CSV_SLICE_BYTES,
  readSpreadsheet,
  SheetRows,
  SpreadsheetError,
  type Sheet,
  type SheetRow
} from './spreadsheet'
import { renderTemplate, rowSeed, templateVariables, TemplateError } from './template'
import { rowProblemsText } from '../../../shared/i18n/row-problems'
import { coreText } from '../../../shared/i18n/note-text'
import { messages } from '../../../shared/i18n'
import { PACING_RANGE_KEYS } from '../../../shared/i18n/pacing'
import { betweenTurns } from '../testing/event-loop'
import { MAX_CELL_LENGTH, MAX_SHEET_COLUMNS, MAX_SPREADSHEET_BYTES } from '../../../shared/domain'
import { rowXml, workbookArchive, zipArchive } from './testing/zip-archive'
import { skippedTable, writeTable } from './export'
import type { CampaignRowResult } from '../store'
import { compoundFile } from './testing/compound-file'

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(__dirname, 'fixtures', name)))

/** A CSV of names (Nama) and phones (HP) read and checked as a campaign's rows. */
async function phonesChecked(csv: string) {
  const sheet = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
  return checkRows({
    campaignId: 'c1',
    sheet,
    mapping: { phone: 'HP', variables: ['Nama'] },
    template: 'Halo {Nama}',
    optedOut: new Set()
  }).rows
}

describe('readSpreadsheet', () => {
  it('reads UTF-8 with a BOM, a quoted newline and empty trailing rows', async () => {
    const sheet = await readSpreadsheet(fixture('utf8-bom-comma.csv'), 'x.csv')
    expect(sheet.headers).toEqual(['Name', 'Phone', 'Amount', 'Note'])
    expect(sheet.format).toEqual({ kind: 'csv', encoding: 'utf-8', delimiter: ',' })
    expect(sheet.rows).toHaveLength(2)
    expect(sheet.rows.at(0)?.cells).toEqual(['Budi', '081234567890', '150.000', 'line one\r\nline two'])
    expect(sheet.rows.at(1)?.cells[2]).toBe('75,000')
  })

  it('reads an Indonesian Excel export: semicolons and Windows-1252', async () => {
    const sheet = await readSpreadsheet(fixture('windows1252-semicolon.csv'), 'x.csv')
    expect(sheet.format).toEqual({ kind: 'csv', encoding: 'windows-1252', delimiter: ';' })
    expect(sheet.rows.toArray().map((r) => r.cells[0])).toEqual(['José', 'Müller'])
  })

  // An operator's probe: "DAFTAR PELANGGAN TOKO MAJU;;;" above "Nama;No HP;…" made the title the first column's name
  // (guessed as the phone column) and the real header a data row.
  it('reads one-cell rows above a header of several names as the sheet’s title, and names them', async () => {
    const csv =
      'DAFTAR PELANGGAN TOKO MAJU;;;\r\nPer 1 Desember 2026;;;\r\nNama;No HP;Tagihan;Catatan\r\nBudi;0812-3456-7890;150000;\r\n'
    const sheet = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
    expect(sheet.headers).toEqual(['Nama', 'No HP', 'Tagihan', 'Catatan'])
    expect(sheet.rows.toArray()).toEqual([{ rowNumber: 4, cells: ['Budi', '0812-3456-7890', '150000', ''] }])
    expect(sheet.titleRows).toEqual([
      { row: 1, text: 'DAFTAR PELANGGAN TOKO MAJU' },
      { row: 2, text: 'Per 1 Desember 2026' }
    ])
    expect(sheet.blankRows).toBe(0)
  })

  // QA65: Excel's "sep=;" first line was read as the sheet's title.
  it("takes Excel's sep= line as the delimiter it names, not as a title, the rows keeping their numbers", async () => {
    const csv = 'sep=;\r\nNama;No HP\r\nBudi, Jr.;0812-3456-7890\r\n'
    const sheet = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
    expect(sheet.headers).toEqual(['Nama', 'No HP'])
    expect(sheet.rows.toArray()).toEqual([{ rowNumber: 3, cells: ['Budi, Jr.', '0812-3456-7890'] }])
    expect(sheet.titleRows).toBeUndefined()
    expect(sheet.format).toMatchObject({ kind: 'csv', delimiter: ';' })
  })

  it('keeps the first row as the header when what follows its one-cell rows is data, or all rows have one cell', async () => {
    // A header of one name over a number and a name: the row under it holds a phone number, so it is data.
    const unnamed = await readSpreadsheet(
      new TextEncoder().encode('No HP\r\n0812-3456-7890,Budi\r\n'),
      'x.csv'
    )
    expect(unnamed.headers).toEqual(['No HP', 'Column 2'])
    expect(unnamed.rows.toArray()).toEqual([{ rowNumber: 2, cells: ['0812-3456-7890', 'Budi'] }])
    expect(unnamed.titleRows).toBeUndefined()
    // A one-column list: every row one cell.
    const list = await readSpreadsheet(
      new TextEncoder().encode('Telepon\r\n081234567890\r\n081234567891\r\n081234567892\r\n081234567893\r\n'),
      'x.csv'
    )
    expect(list.headers).toEqual(['Telepon'])
    expect(list.rows.toArray().map((r) => r.rowNumber)).toEqual([2, 3, 4, 5])
    expect(list.titleRows).toBeUndefined()
  })

  it('reads an XLSX title in a merged first row, a blank row under it, as the title', async () => {
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    const sheet = workbook.addWorksheet('Pelanggan')
    sheet.addRow(['DAFTAR PELANGGAN TOKO MAJU'])
    sheet.mergeCells('A1:D1')
    sheet.addRow([])
    sheet.addRow(['Nama', 'No HP', 'Tagihan', 'Catatan'])
    sheet.addRow(['Budi', '081234567890', 150000, 'lunas'])
    const read = await readSpreadsheet(new Uint8Array(await workbook.xlsx.writeBuffer()), 'titled.xlsx')
    expect(read.headers).toEqual(['Nama', 'No HP', 'Tagihan', 'Catatan'])
    expect(read.rows.toArray()).toEqual([
      { rowNumber: 4, cells: ['Budi', '081234567890', '150000', 'lunas'] }
    ])
    expect(read.titleRows).toEqual([{ row: 1, text: 'DAFTAR PELANGGAN TOKO MAJU' }])
  })

  it('pads short rows to the widest one and names a header-less column', async () => {
    const csv = 'Name,Phone\r\nBudi\r\nAni,0812,extra\r\n,,\r\n'
    const sheet = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
    expect(sheet.headers).toEqual(['Name', 'Phone', 'Column 3'])
    expect(sheet.rows.toArray()).toEqual([
      { rowNumber: 2, cells: ['Budi', '', ''] },
      { rowNumber: 3, cells: ['Ani', '0812', 'extra'] }
    ])
    // Every data row as narrow as the others, the header wider: still padded to the header.
    const narrow = await readSpreadsheet(
      new TextEncoder().encode('Name,Phone,Amount\r\nBudi,0812\r\n'),
      'x.csv'
    )
    expect(narrow.rows.toArray()).toEqual([{ rowNumber: 2, cells: ['Budi', '0812', ''] }])
  })

  it('drops rows of nothing but white space, keeps a row with one visible character anywhere', async () => {
    const csv =
      '\r\n , \t\r\nName,Phone\r\n\u00a0,\u3000\r\n,0812\r\n \u00a0x,\r\n\u00a0\u00a0,\u00e9\r\n\ufeff ,\u2028\r\n'
    const sheet = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
    expect(sheet.headers).toEqual(['Name', 'Phone'])
    expect(sheet.rows.toArray()).toEqual([
      { rowNumber: 5, cells: ['', '0812'] },
      { rowNumber: 6, cells: [' \u00a0x', ''] },
      { rowNumber: 7, cells: ['\u00a0\u00a0', '\u00e9'] }
    ])
  })

  it('reads tab-delimited files', async () => {
    const sheet = await readSpreadsheet(fixture('excel-numbers-tab.csv'))
    expect(sheet.format).toMatchObject({ delimiter: '\t' })
    expect(sheet.rows).toHaveLength(4)
  })

  // A small test list is what an operator tries first: papaparse's own guess counted the empty row after the last line
  // break, so a 2-column `;` or tab list of 8 rows or fewer was read as one column.
  describe('guesses the separator of a small list from its rows, not from the empty row after its last line break', () => {
    const SEPARATORS = [',', ';', '\t']
    const shape = (separator: string): string => (separator === '\t' ? 'tab' : separator)
    const encode = (text: string, bom: boolean): Uint8Array =>
      new TextEncoder().encode(bom ? `\ufeff${text}` : text)
    const people = (count: number): string[][] =>
      Array.from({ length: count }, (_, i) => [`Siti ${i + 1}`, `08120000000${i + 1}`])

    const cases = SEPARATORS.flatMap((separator) =>
      [1, 2, 3, 4, 5, 6, 7, 8].flatMap((rows) =>
        [true, false].flatMap((lastBreak) =>
          ['\r\n', '\n'].flatMap((lineEnd) =>
            [false, true].map((bom) => ({
              separator: shape(separator),
              delimiter: separator,
              rows,
              lastBreak,
              lineEnd: lineEnd === '\n' ? 'LF' : 'CRLF',
              text: [['Nama', 'HP'], ...people(rows)].map((row) => row.join(separator)).join(lineEnd),
              end: lastBreak ? lineEnd : '',
              bom
            }))
          )
        )
      )
    )
    it.each(cases)(
      '2 columns by $separator, $rows rows, final line break $lastBreak, $lineEnd, BOM $bom',
      async ({ delimiter, rows, text, end, bom }) => {
        const sheet = await readSpreadsheet(encode(`${text}${end}`, bom), 'pelanggan.csv')
        expect(sheet.format).toEqual({ kind: 'csv', encoding: 'utf-8', delimiter })
        expect(sheet.headers).toEqual(['Nama', 'HP'])
        expect(sheet.rows.toArray()).toEqual(people(rows).map((cells, i) => ({ rowNumber: i + 2, cells })))
        expect(sheet.blankRows).toBe(0)
      }
    )

    const numbers = (count: number): string[] =>
      Array.from({ length: count }, (_, i) => `62812000000${i + 1}`)
    it.each([1, 2, 8, 12])('keeps a 1-column list of %i numbers one column', async (rows) => {
      const sheet = await readSpreadsheet(encode(`HP\r\n${numbers(rows).join('\r\n')}\r\n`, false), 'x.csv')
      expect(sheet.headers).toEqual(['HP'])
      expect(sheet.rows.toArray()).toEqual(
        numbers(rows).map((phone, i) => ({ rowNumber: i + 2, cells: [phone] }))
      )
    })

    // A quoted address holding the other two separators, in each row or only in the first.
    const addressed = SEPARATORS.flatMap((separator) =>
      [1, 3, 8].flatMap((rows) =>
        [true, false].map((everyRow) => ({
          separator: shape(separator),
          delimiter: separator,
          rows,
          everyRow
        }))
      )
    )
    it.each(addressed)(
      'is not fooled by a quoted field holding the other separators: $separator, $rows rows, in every row $everyRow',
      async ({ delimiter, rows, everyRow }) => {
        const others = SEPARATORS.filter((s) => s !== delimiter)
        const address = `Jl. Merdeka${others[0]} No. 5${others[1]}RT 01`
        const expected = people(rows).map(([name, phone], i) => [
          name as string,
          i === 0 || everyRow ? address : 'Jl. Sudirman 1',
          phone as string
        ])
        const text = [['Nama', 'Alamat', 'HP'], ...expected]
          .map((row) => row.map((cell) => (cell === address ? `"${cell}"` : cell)).join(delimiter))
          .join('\r\n')
        const sheet = await readSpreadsheet(encode(`${text}\r\n`, false), 'x.csv')
        expect(sheet.format).toMatchObject({ delimiter })
        expect(sheet.headers).toEqual(['Nama', 'Alamat', 'HP'])
        expect(sheet.rows.toArray().map((row) => row.cells)).toEqual(expected)
      }
    )

    it.each(SEPARATORS.map((separator) => ({ separator: shape(separator), delimiter: separator })))(
      'guesses $separator past blank lines before the header, between rows and after them (Excel’s empty rows too)',
      async ({ delimiter }) => {
        const row = (cells: string[]): string => cells.join(delimiter)
        const text = [
          '',
          '',
          row(['Nama', 'HP']),
          row(['Siti', '081200000001']),
          '',
          row(['Budi', '081200000002']),
          row(['', '']),
          row(['', '']),
          '',
          ''
        ].join('\r\n')
        const sheet = await readSpreadsheet(encode(text, false), 'x.csv')
        expect(sheet.format).toMatchObject({ delimiter })
        expect(sheet.headers).toEqual(['Nama', 'HP'])
        // Row numbers as the operator's program shows them: the blank lines are still rows of the file.
        expect(sheet.rows.toArray()).toEqual([
          { rowNumber: 4, cells: ['Siti', '081200000001'] },
          { rowNumber: 6, cells: ['Budi', '081200000002'] }
        ])
        expect(sheet.blankRows).toBe(1)
      }
    )
  })

  // An operator's probe: the skipped rows' file, made to be fixed and imported again, came back with its closing note
  // ("1 blank row of the sheet left out: …") as one more row without a number.
  it.each(['en', 'id'] as const)(
    'reads the skipped rows file it wrote back as its rows alone, not its closing note (%s)',
    async (language) => {
      const skipped = [
        {
          rowNumber: 3,
          phoneCell: '+62 812 3456 7890',
          values: { Nama: 'Siti' },
          problems: [{ code: 'duplicate', firstRow: 2 }]
        },
        { rowNumber: 8, phoneCell: '12345', values: { Nama: 'Tono' }, problems: [{ code: 'invalid_phone' }] },
        {
          rowNumber: 9,
          phoneCell: '081234567891',
          values: { Nama: 'Wati' },
          problems: [{ code: 'duplicate', firstRow: 4 }]
        }
      ] as unknown as CampaignRowResult[]
      for (const blankRows of [1, 1234]) {
        const table = skippedTable(['Nama'], skipped, language, { blankRows })
        const file = await writeTable(table, 'csv', 'skipped')
        const sheet = await readSpreadsheet(file, 'pelanggan - skipped rows.csv')
        // Each number as the sheet had it (the + cell behind the CSV writer's quote), read as the same number again.
        expect(sheet.rows.toArray().map((r) => r.cells.slice(0, 3))).toEqual([
          ['3', "'+62 812 3456 7890", 'Siti'],
          ['8', '12345', 'Tono'],
          // QA: Excel opened 081234567891 as 81234567891: kept text behind the quote, and read back as its number.
          ['9', "'081234567891", 'Wati']
        ])
        expect(phoneFromCell(sheet.rows.toArray()[0]?.cells[1] ?? '')).toEqual({ phone: '6281234567890' })
        expect(phoneFromCell(sheet.rows.toArray()[2]?.cells[1] ?? '')).toEqual({ phone: '6281234567891' })
        expect(sheet.blankRows).toBe(0)
      }
      // A row of one cell that only starts like the note is a row.
      const csv = 'Nama,HP\r\nBudi,0812-3456-7890\r\n2 blank rows of the sheet left out,\r\n'
      expect((await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')).rows).toHaveLength(2)
    }
  )

  it('checks the phones Excel saved as numbers: lost zero and exact notation fixed, cut-off digits reported', async () => {
    const sheet = await readSpreadsheet(fixture('excel-numbers-tab.csv'))
    const { rows } = checkRows({
      campaignId: 'c1',
      sheet,
      mapping: { phone: 'phone', variables: ['name'] },
      template: 'Hi {name}',
      optedOut: new Set()
    })
    expect(rows.map((r) => [r.rowNumber, r.phone, r.problems.map((p) => p.code)])).toEqual([
      [2, '6281234567803', []],
      [3, null, ['scientific_phone']],
      [4, null, ['scientific_phone']],
      [5, '6281234567805', []]
    ])
  })

  // QA: Excel writes a cell formatted as text as ="081277770002" in a CSV; the check said "invalid number: not digits".
  // So did a number copied from WhatsApp with its invisible bidi marks, and one in Arabic-Indic digits.
  it('checks the phones Excel wrote in its ="…" text form, copied with bidi marks, or in Arabic-Indic digits', async () => {
    const csv =
      'Nama,HP\r\nBudi,="081277770002"\r\nSiti,"=""+62 812-7777-0003"""\r\nTono,081277770002\r\n' +
      'Ani,\u202a+62 812-7777-0004\u202c\r\nDewi,٠٨١٢٧٧٧٧٠٠٠٥\r\nRudi,="0812abc"\r\n'
    const rows = await phonesChecked(csv)
    expect(rows.map((r) => [r.rowNumber, r.phone, r.problems.map((p) => p.code)])).toEqual([
      [2, '6281277770002', []],
      [3, '6281277770003', []],
      [4, '6281277770002', ['duplicate']],
      [5, '6281277770004', []],
      [6, '6281277770005', []],
      [7, null, ['invalid_phone']]
    ])
    expect(rows[5]?.problems[0]).toMatchObject({ reason: 'characters' })
  })

  // QA: what an Excel user types to keep the leading 0 ('0812… and a bare =0812…) was "invalid number: not digits";
  // an = before anything but digits is a formula, and stays refused.
  it("checks the phones typed behind Excel's ' text mark or a bare = before digits", async () => {
    const csv =
      "Nama,HP\r\nBudi,'0812-7777-0006\r\nSiti,=081277770007\r\nTono,'081277770008\r\nRudi,=0812-7777-0009\r\n"
    const rows = await phonesChecked(csv)
    expect(rows.map((r) => [r.rowNumber, r.phone, r.problems.map((p) => p.code)])).toEqual([
      [2, '6281277770006', []],
      [3, '6281277770007', []],
      [4, '6281277770008', []],
      [5, null, ['invalid_phone']]
    ])
    expect(rows[3]?.problems[0]).toMatchObject({ reason: 'characters' })
  })

  it('reads XLSX: numeric phones keep every digit, formulas give their result, styled empty rows vanish', async () => {
    const sheet = await readSpreadsheet(fixture('numeric-phones.xlsx'), 'x.xlsx')
    expect(sheet.format).toEqual({ kind: 'xlsx', sheetName: 'Pelanggan' })
    expect(sheet.headers).toEqual(['Nama', 'Phone', 'Amount'])
    expect(sheet.rows.toArray().map((r) => r.cells)).toEqual([
      ['Budi', '81234567890', '150000'],
      ['Siti', '6281234567891', '75000'],
      ['Rich', '081234567892', '2']
    ])
    expect(sheet.rows.toArray().map((r) => r.rowNumber)).toEqual([2, 3, 4])
  })

  // QA39 Q39-04: "3,000 rows read" for 3,020 lines under the header, 20 of them blank, said nowhere: the operator
  // comparing with the sheet's row count could not tell where 20 went. Blank lines after the last row are not rows.
  it('counts the blank rows it leaves out between the header and the last row, CSV and XLSX alike', async () => {
    const csv = 'Name,Phone\r\n\r\nBudi,0812\r\n,\r\n  ,\t\r\nAni,0813\r\n\r\n\r\n'
    const fromCsv = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
    expect(fromCsv.rows).toHaveLength(2)
    expect(fromCsv.blankRows).toBe(3)
    const xml = rowXml(1, ['Name', 'Phone']) + rowXml(2, ['Budi', '0812']) + rowXml(5, ['Ani', '0813'])
    const fromXlsx = await readSpreadsheet(workbookArchive(xml), 'x.xlsx')
    expect(fromXlsx.rows.toArray().map((r) => r.rowNumber)).toEqual([2, 5])
    expect(fromXlsx.blankRows).toBe(2)
    const none = await readSpreadsheet(new TextEncoder().encode('Name,Phone\r\nBudi,0812\r\n'), 'x.csv')
    expect(none.blankRows).toBe(0)
  })

  it('refuses empty files and old .xls with a reason', async () => {
    await expect(readSpreadsheet(new Uint8Array(), 'a.csv')).rejects.toBeInstanceOf(SpreadsheetError)
    await expect(readSpreadsheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), 'old.xls')).rejects.toThrow(
      /\.xlsx or CSV/
    )
  })

  // QA46 Q46-04: a photo picked as the spreadsheet was read as CSV and answered "The name of column 1 is longer than
  // 200 characters; shorten the header row" — a header row she does not have. What the file is comes from its bytes.
  describe('refuses a file that is no spreadsheet by what its bytes are, in both languages', () => {
    /** Bytes after a signature, like a photo's: no line break, NUL bytes, long enough to pass for a header row. */
    const body = Uint8Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256 || 1).map((b) =>
      b === 10 || b === 13 ? 0 : b
    )
    const withHead = (head: number[] | string): Uint8Array => {
      const start = typeof head === 'string' ? [...head].map((c) => c.charCodeAt(0)) : head
      return Uint8Array.from([...start, ...body])
    }
    const refusal = async (
      bytes: Uint8Array,
      name: string
    ): Promise<{ en: string; id: string; code: unknown }> => {
      const error = await readSpreadsheet(bytes, name).then(
        () => null,
        (thrown: unknown) => thrown
      )
      expect(error).toBeInstanceOf(SpreadsheetError)
      const { text, code, message } = error as SpreadsheetError
      return { en: message, id: coreText('id', '', text.key, text.params), code }
    }

    it('a JPEG photo, whatever its name says', async () => {
      const jpeg = withHead([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
      expect(await refusal(jpeg, 'promo-parang.jpg')).toEqual({
        code: 'unsupported',
        en: 'This is not a spreadsheet: promo-parang.jpg is a picture (JPEG). Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: promo-parang.jpg adalah gambar (JPEG). Pilih file CSV atau Excel (.csv, .xlsx).'
      })
      expect((await refusal(jpeg, 'pelanggan.csv')).en).toContain('pelanggan.csv is a picture (JPEG)')
    })

    it('PNG, GIF and WebP pictures, a PDF, a video and audio', async () => {
      const png = withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      expect((await refusal(png, 'a.png')).en).toContain('a.png is a picture (PNG).')
      expect((await refusal(withHead('GIF89a'), 'a.gif')).id).toContain('a.gif adalah gambar (GIF).')
      const webp = withHead(
        [...'RIFF']
          .map((c) => c.charCodeAt(0))
          .concat(
            [0x10, 0, 0, 0],
            [...'WEBPVP8 '].map((c) => c.charCodeAt(0))
          )
      )
      expect((await refusal(webp, 'a.webp')).en).toContain('a.webp is a picture (WebP).')
      const pdf = await refusal(withHead('%PDF-1.7\n'), 'tagihan.pdf')
      expect(pdf.en).toBe(
        'This is not a spreadsheet: tagihan.pdf is a PDF document. Pick a CSV or Excel file (.csv, .xlsx).'
      )
      expect(pdf.id).toBe(
        'Ini bukan spreadsheet: tagihan.pdf adalah dokumen PDF. Pilih file CSV atau Excel (.csv, .xlsx).'
      )
      const mp4 = withHead([0, 0, 0, 0x18, ...[...'ftypisom'].map((c) => c.charCodeAt(0))])
      expect((await refusal(mp4, 'promo.mp4')).en).toContain('promo.mp4 is a video (MP4).')
      expect((await refusal(mp4, 'promo.mp4')).id).toContain('promo.mp4 adalah video (MP4).')
      const mp3 = withHead([...'ID3'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 0, 0, 0]))
      expect((await refusal(mp3, 'lagu.mp3')).en).toContain('lagu.mp3 is audio (MP3).')
      expect((await refusal(mp3, 'lagu.mp3')).id).toContain('lagu.mp3 adalah audio (MP3).')
    })

    it('a ZIP archive that holds no workbook', async () => {
      const zip = zipArchive([{ name: 'foto/promo.jpg', content: 'not really a photo' }])
      expect(await refusal(zip, 'kiriman.zip')).toEqual({
        code: 'unsupported',
        en: 'This is not a spreadsheet: kiriman.zip is a ZIP archive. Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: kiriman.zip adalah arsip ZIP. Pilih file CSV atau Excel (.csv, .xlsx).'
      })
    })

    it('a Word document or a PowerPoint presentation, by what its ZIP holds, not as a ZIP archive', async () => {
      const docx = zipArchive([
        { name: '[Content_Types].xml', content: '<Types/>' },
        { name: 'word/document.xml', content: '<w:document/>' }
      ])
      expect(await refusal(docx, 'daftar-pelanggan.docx')).toEqual({
        code: 'unsupported',
        en: 'This is not a spreadsheet: daftar-pelanggan.docx is a Word document. Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: daftar-pelanggan.docx adalah dokumen Word. Pilih file CSV atau Excel (.csv, .xlsx).'
      })
      const pptx = zipArchive([
        { name: '[Content_Types].xml', content: '<Types/>' },
        { name: 'ppt/presentation.xml', content: '<p:presentation/>' }
      ])
      // Its bytes decide, not its name.
      expect(await refusal(pptx, 'promo.xlsx')).toEqual({
        code: 'unsupported',
        en: 'This is not a spreadsheet: promo.xlsx is a PowerPoint presentation. Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: promo.xlsx adalah presentasi PowerPoint. Pilih file CSV atau Excel (.csv, .xlsx).'
      })
    })

    it('an OpenDocument spreadsheet (.ods) as one it cannot read, with the way to save it, not as a ZIP archive', async () => {
      const ods = zipArchive([
        { name: 'mimetype', content: 'application/vnd.oasis.opendocument.spreadsheet' },
        { name: 'content.xml', content: '<office:document-content/>' }
      ])
      expect(await refusal(ods, 'pelanggan.ods')).toEqual({
        code: 'unsupported',
        en: 'pelanggan.ods is an OpenDocument spreadsheet (.ods), which cannot be read: save it as .xlsx or CSV and import that.',
        id: 'pelanggan.ods adalah spreadsheet OpenDocument (.ods) yang tidak bisa dibaca: simpan sebagai .xlsx atau CSV lalu impor file itu.'
      })
    })

    it('an OpenDocument text or presentation (.odt, .odp) as the document it is, like Word and PowerPoint, not a ZIP archive', async () => {
      const openDocument = (mimetype: string): Uint8Array =>
        zipArchive([
          { name: 'mimetype', content: mimetype },
          { name: 'content.xml', content: '<office:document-content/>' }
        ])
      expect(await refusal(openDocument('application/vnd.oasis.opendocument.text'), 'surat.odt')).toEqual({
        code: 'unsupported',
        en: 'This is not a spreadsheet: surat.odt is an OpenDocument text document. Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: surat.odt adalah dokumen teks OpenDocument. Pilih file CSV atau Excel (.csv, .xlsx).'
      })
      const odp = openDocument('application/vnd.oasis.opendocument.presentation')
      // Its bytes decide, not its name.
      expect(await refusal(odp, 'promo.xlsx')).toEqual({
        code: 'unsupported',
        en: 'This is not a spreadsheet: promo.xlsx is an OpenDocument presentation. Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: promo.xlsx adalah presentasi OpenDocument. Pilih file CSV atau Excel (.csv, .xlsx).'
      })
      // An OpenDocument drawing is none of these: still the archive it is.
      const odg = openDocument('application/vnd.oasis.opendocument.graphics')
      expect((await refusal(odg, 'denah.odg')).en).toContain('denah.odg is a ZIP archive.')
    })

    // Web systems' "export to Excel" is an HTML table under an Excel name. exceljs, the project's spreadsheet
    // library, reads XLSX and CSV only (no HTML), so the page is named with the way to save it, and nothing in it
    // (scripts, links) is parsed or fetched.
    it('a web page saved as .xls (an HTML table), with the way to save it as .xlsx or CSV', async () => {
      const page =
        '<html xmlns:x="urn:schemas-microsoft-com:office:excel"><head><meta charset="utf-8">' +
        '<script src="https://example.com/track.js"></script></head><body><table border="1">' +
        '<tr><th>Nama</th><th>HP</th></tr><tr><td>Siti</td><td>081234567890</td></tr></table></body></html>'
      expect(await refusal(new TextEncoder().encode(page), 'laporan-penjualan.xls')).toEqual({
        code: 'unsupported',
        en: 'laporan-penjualan.xls is a web page (an HTML table), not a spreadsheet file, so it cannot be read: open it in Excel, save it as .xlsx or CSV and import that.',
        id: 'laporan-penjualan.xls adalah halaman web (tabel HTML), bukan file spreadsheet, jadi tidak bisa dibaca: buka di Excel, simpan sebagai .xlsx atau CSV lalu impor file itu.'
      })
      // A bare table, after a BOM and blank lines, in UTF-16 or under another name: its bytes decide.
      const table = '\r\n  <TABLE><tr><td>Nama</td><td>HP</td></tr></TABLE>'
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(table, 'utf16le')])
      expect((await refusal(new Uint8Array(utf16), 'export.xls')).en).toMatch(/^export\.xls is a web page/)
      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`<!DOCTYPE html>${table}`)])
      expect((await refusal(new Uint8Array(bom), 'export.xlsx')).en).toMatch(/^export\.xlsx is a web page/)
      expect((await refusal(new TextEncoder().encode(page), 'pelanggan.csv')).en).toMatch(
        /^pelanggan\.csv is a web page/
      )
      // A UTF-8 page whose first 4 KB end inside a character: still told by its first tag, past its BOM.
      const opening = Buffer.from('\ufeff<html><body><table><tr><td>')
      const long = Buffer.concat([
        opening,
        Buffer.from('x'.repeat(4095 - opening.length)),
        Buffer.from('é</td></tr>')
      ])
      expect(long.indexOf('é')).toBe(4095)
      expect((await refusal(new Uint8Array(long), 'long.xls')).en).toMatch(/^long\.xls is a web page/)
      // Excel 2003's XML spreadsheet (a Table in a Workbook) named .xls is no web page: old Excel, as before.
      const xmlSheet =
        '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">' +
        '<Worksheet ss:Name="Sheet1"><Table><Row><Cell><Data ss:Type="String">Nama</Data></Cell></Row></Table>' +
        '</Worksheet></Workbook>'
      expect((await refusal(new TextEncoder().encode(xmlSheet), 'data.xls')).en).toMatch(
        /^Old Excel 97–2003 \(\.xls\) files cannot be read/
      )
    })

    it('an old Word or PowerPoint file (97–2003) by the streams its directory names, not as old Excel', async () => {
      // Six entries: the directory runs over two sectors, and the one that tells is in the second.
      const doc = compoundFile(['1Table', 'Data', '\u0005SummaryInformation', 'ObjectPool', 'WordDocument'])
      expect(await refusal(doc, 'surat.doc')).toMatchObject({
        en: 'This is not a spreadsheet: surat.doc is a Word document. Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: surat.doc adalah dokumen Word. Pilih file CSV atau Excel (.csv, .xlsx).'
      })
      expect((await refusal(doc, 'surat.xls')).en).toContain('surat.xls is a Word document.')
      const ppt = compoundFile(['Current User', 'PowerPoint Document', 'Pictures'])
      expect((await refusal(ppt, 'promo.ppt')).en).toContain('promo.ppt is a PowerPoint presentation.')
      expect((await refusal(ppt, 'promo.ppt')).id).toContain('promo.ppt adalah presentasi PowerPoint.')
      // A workbook's stream (BIFF8's Workbook, BIFF5's Book) is still old Excel, whatever its name.
      const oldExcel = /^Old Excel 97–2003 \(\.xls\) files cannot be read/
      expect((await refusal(compoundFile(['Workbook', 'SummaryInformation']), 'data')).en).toMatch(oldExcel)
      expect((await refusal(compoundFile(['Book']), 'data.bin')).en).toMatch(oldExcel)
      // Another compound file (an Outlook message) is no workbook: binary data, unless its name says .xls.
      expect((await refusal(compoundFile(['__substg1.0_0037001F']), 'pesan.msg')).en).toContain(
        'pesan.msg holds binary data, not text.'
      )
    })

    it('HEIC and HEIF photos, and a QuickTime video, not binary data', async () => {
      const ftyp = (brand: string): Uint8Array =>
        withHead([0, 0, 0, 0x18, ...[...`ftyp${brand}`].map((c) => c.charCodeAt(0))])
      expect(await refusal(ftyp('heic'), 'IMG_0412.HEIC')).toMatchObject({
        en: 'This is not a spreadsheet: IMG_0412.HEIC is a picture (HEIC). Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: IMG_0412.HEIC adalah gambar (HEIC). Pilih file CSV atau Excel (.csv, .xlsx).'
      })
      expect((await refusal(ftyp('heix'), 'a.heic')).en).toContain('a.heic is a picture (HEIC).')
      expect((await refusal(ftyp('mif1'), 'a.heif')).en).toContain('a.heif is a picture (HEIF).')
      const mov = await refusal(ftyp('qt  '), 'IMG_0413.MOV')
      expect(mov.en).toContain('IMG_0413.MOV is a video (QuickTime).')
      expect(mov.id).toContain('IMG_0413.MOV adalah video (QuickTime).')
    })

    it('a binary file of no known kind (NUL bytes in its first KB), not a header error', async () => {
      expect(await refusal(withHead([0x13, 0x37, 0x00, 0x42]), 'data.csv')).toEqual({
        code: 'unsupported',
        en: 'This is not a spreadsheet: data.csv holds binary data, not text. Pick a CSV or Excel file (.csv, .xlsx).',
        id: 'Ini bukan spreadsheet: data.csv berisi data biner, bukan teks. Pilih file CSV atau Excel (.csv, .xlsx).'
      })
    })

    it('still reads UTF-16 text (its NUL bytes are half its characters)', async () => {
      const utf16 = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('Nama,HP\r\nBudi,0812\r\n', 'utf16le')
      ])
      const sheet = await readSpreadsheet(new Uint8Array(utf16), 'utf16.csv')
      expect(sheet.headers).toEqual(['Nama', 'HP'])
    })
  })

  // POS, banking and marketplace systems export "Excel" files that are text: CSV or TSV, often as "Unicode text"
  // (UTF-16 LE with its BOM). A .xls of text was refused as old Excel 97–2003; it is read by what it is.
  describe('reads a customer list named .xls or .xlsx whose bytes are CSV or TSV text, as the CSV reader does', () => {
    const encodings: [string, string, (text: string) => Buffer][] = [
      ['UTF-8', 'utf-8', (text) => Buffer.from(text, 'utf8')],
      [
        'UTF-8 with a BOM',
        'utf-8',
        (text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
      ],
      [
        'UTF-16 LE with a BOM ("Unicode text")',
        'utf-16le',
        (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
      ]
    ]
    const cases = encodings.flatMap(([label, encoding, encode]) =>
      [',', ';', '\t'].flatMap((delimiter) =>
        ['penjualan.xls', 'PENJUALAN.XLSX'].map((name) => ({ label, encoding, encode, delimiter, name }))
      )
    )
    it.each(cases)(
      '$name in $label, separated by $delimiter',
      async ({ encoding, encode, delimiter, name }) => {
        const text = [
          ['Nama', 'Nomor HP', 'Total'],
          ['Siti Aisyah', '081234567890', '150.000'],
          ['José Müller', '6281298765432', '"75,000"']
        ]
          .map((row) => row.join(delimiter))
          .join('\r\n')
        const sheet = await readSpreadsheet(new Uint8Array(encode(`${text}\r\n`)), name)
        expect(sheet.format).toEqual({ kind: 'csv', encoding, delimiter })
        expect(sheet.headers).toEqual(['Nama', 'Nomor HP', 'Total'])
        expect(sheet.rows.toArray()).toEqual([
          { rowNumber: 2, cells: ['Siti Aisyah', '081234567890', '150.000'] },
          { rowNumber: 3, cells: ['José Müller', '6281298765432', '75,000'] }
        ])
      }
    )

    it('reads a long "Unicode text" .xls in turns with progress, row for row as the same text named .csv', async () => {
      const rows = Array.from(
        { length: 20_000 },
        (_, i) => `Pelanggan ${i}\t0812${String(i).padStart(8, '0')}`
      )
      const text = ['Nama\tHP', ...rows].join('\r\n')
      const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
      expect(bytes.length).toBeGreaterThan(4 * CSV_SLICE_BYTES)
      const progress: number[] = []
      const working = readSpreadsheet(bytes, 'rekap.xls', { onProgress: (f) => progress.push(f) })
      const turns = await betweenTurns(working)
      const sheet = await working
      expect(turns).toBeGreaterThanOrEqual(4)
      expect(progress.length).toBeGreaterThanOrEqual(4)
      expect(progress).toEqual([...progress].sort((a, b) => a - b))
      const asCsv = await readSpreadsheet(bytes, 'rekap.csv')
      expect(sheet.rows.toArray()).toEqual(asCsv.rows.toArray())
      expect(sheet.rows).toHaveLength(20_000)
    })

    it('reads a text .xls whose first column name starts with a tag-like "<", which is no web page', async () => {
      const sheet = await readSpreadsheet(
        new TextEncoder().encode('<Nama>;HP;Kota\r\nSiti;0812;Medan\r\n'),
        'data.xls'
      )
      expect(sheet.headers).toEqual(['<Nama>', 'HP', 'Kota'])
    })

    it('still refuses a real old Excel file (binary) named .xls', async () => {
      const oldExcel = /^Old Excel 97–2003 \(\.xls\) files cannot be read/
      // BIFF records without the compound file around them: NUL bytes, no text.
      const biff = new Uint8Array([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x10, 0x00, 0x41, 0x0d, 0x0a])
      await expect(readSpreadsheet(biff, 'lama.xls')).rejects.toThrow(oldExcel)
      await expect(readSpreadsheet(compoundFile(['Workbook']), 'lama.xls')).rejects.toThrow(oldExcel)
    })
  })

  it('refuses a sheet of column names and no rows, by its name (QA11: "0 rows read" and the form went on)', async () => {
    const headersOnly = new TextEncoder().encode('Nama,Nomor\r\n')
    await expect(readSpreadsheet(headersOnly, 'kosong.csv')).rejects.toThrow(
      'kosong.csv has column names but no rows.'
    )
    await expect(readSpreadsheet(headersOnly)).rejects.toMatchObject({
      code: 'empty',
      text: { key: 'desktop.error.sheetHeadersOnly' }
    })
  })

  /** Several slices of CSV: quoted newlines and delimiters all along, so some straddle a slice's end. */
  const longCsv = (rows: number): string =>
    ['Nama;HP;Catatan']
      .concat(
        Array.from(
          { length: rows },
          (_, i) =>
            `Pelanggan ${i};0812${String(i).padStart(8, '0')};"baris ${i}\r\n; ""dua""${'x'.repeat(i % 40)}"`
        )
      )
      .join('\r\n')

  it('keeps rows compactly and reads back every cell: wide characters, long cells, gaps in row numbers, short rows', () => {
    const rows: SheetRow[] = Array.from({ length: 700 }, (_, i) => ({
      // Gaps after row 300 (dropped empty rows), a wide character now and then, cells long enough for big offsets.
      rowNumber: i < 300 ? i + 2 : i + 10,
      cells:
        i % 97 === 0
          ? [`Ani ${i} 😀`, 'x'.repeat(30_000), 'é'.repeat(30_000)]
          : i % 5 === 0
            ? [`Budi ${i}`]
            : [`Citra ${i}`, `0812${i}`, '']
    }))
    const kept = SheetRows.of(rows)
    expect(kept).toHaveLength(700)
    expect(kept.width).toBe(3)
    const padded = rows.map((row) => ({
      rowNumber: row.rowNumber,
      cells: [...row.cells, '', ''].slice(0, 3)
    }))
    expect(kept.toArray()).toEqual(padded)
    // Read out of order too: each block is found again.
    for (const index of [699, 0, 350, 97, 1]) {
      expect(kept.at(index)).toEqual(padded[index])
      expect(kept.cell(index, 2)).toBe(padded[index]?.cells[2])
      expect(kept.rowNumber(index)).toBe(padded[index]?.rowNumber)
    }
    expect(kept.at(700)).toBeUndefined()
  })

  it('reads a quoted field whose closing quote ends one slice of bytes and whose CR LF begins the next', async () => {
    // papaparse, given a slice that ends `"\r`, refused the field ("Trailing quote on quoted field is malformed").
    const header = 'Nama;HP;Catatan\r\n'
    const quoted = 'Ani;081234567891;"baris satu\r\nbaris dua"'
    const filler = 'Budi;081234567890;ok\r\n'
    // Everything before the quoted row, so that its closing quote is the slice's last byte but one.
    const before = CSV_SLICE_BYTES - 1 - quoted.length - header.length
    const fillers = Math.floor(before / filler.length) - 1
    const pad = before - fillers * filler.length
    const csv =
      header +
      filler.repeat(fillers) +
      `${'x'.repeat(pad - 18)};081234567890;ok\r\n` +
      `${quoted}\r\n` +
      filler.repeat(3)
    expect(csv.indexOf('dua"\r\n') + 3).toBe(CSV_SLICE_BYTES - 2)
    const sheet = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
    const rows = sheet.rows.toArray()
    expect(rows).toHaveLength(fillers + 5)
    expect(rows[fillers + 1]).toEqual({
      rowNumber: fillers + 3,
      cells: ['Ani', '081234567891', 'baris satu\r\nbaris dua']
    })
    expect(rows.at(-1)).toEqual({ rowNumber: fillers + 6, cells: ['Budi', '081234567890', 'ok'] })
  })

  it('reads a CSV many slices long in turns, row for row as papaparse reads it whole', async () => {
    const text = longCsv(20_000)
    expect(text.length).toBeGreaterThan(4 * CSV_SLICE_BYTES)
    const working = readSpreadsheet(new TextEncoder().encode(text), 'long.csv')
    const turns = await betweenTurns(working)
    const sheet = await working
    expect(turns).toBeGreaterThanOrEqual(4)
    const whole = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'] })
    expect(sheet.format).toEqual({ kind: 'csv', encoding: 'utf-8', delimiter: ';' })
    expect(sheet.headers).toEqual(whole.data[0])
    expect(sheet.rows.toArray().map((r) => r.cells)).toEqual(whole.data.slice(1))
    expect(sheet.rows.toArray().map((r) => r.rowNumber)).toEqual(whole.data.slice(1).map((_, i) => i + 2))
  })

  it('names the row of a quote left open far into a long file, as papaparse does reading it whole', async () => {
    const text = `${longCsv(12_000)}\r\nAni;0812;"never closed\r\nBudi;0813;ok`
    const quotes = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'] }).errors.find(
      (e) => e.type === 'Quotes'
    )
    expect(quotes?.row).toBeGreaterThan(10_000)
    const error = await readSpreadsheet(new TextEncoder().encode(text), 'open.csv').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SpreadsheetError)
    expect((error as SpreadsheetError).text.params?.['row']).toBe((quotes?.row ?? 0) + 1)
  })
})

describe('phoneFromCell', () => {
  it('restores a lost leading zero and exact scientific notation', () => {
    expect(phoneFromCell('81234567803')).toEqual({ phone: '6281234567803' })
    expect(phoneFromCell('6.281234567801E+12')).toEqual({ phone: '6281234567801' })
    expect(phoneFromCell('6281234567805.0')).toEqual({ phone: '6281234567805' })
  })

  it('reports a number whose digits Excel cut off', () => {
    expect(phoneFromCell('6.28123E+12')).toMatchObject({ problem: { code: 'scientific_phone' } })
    expect(phoneFromCell('6.28123456780E+12')).toMatchObject({ problem: { code: 'scientific_phone' } })
  })
})

describe('NumberTable', () => {
  it('gives each number the first row it was added with, as a Map does, through collisions and wrap-around', () => {
    // Numbers alike in their low 30 bits or their high bits, the largest 15-digit one, and runs of neighbours.
    const numbers = [1, 999_999_999_999_999, 2 ** 30, 2 ** 31 + 7, 6281234567890, 6281234567890 + 2 ** 30]
    for (let i = 0; i < 3_000; i++) numbers.push(6281200000000 + ((i * 7919) % 1_500), 1 + (i % 40) * 2 ** 30)
    const table = new NumberTable(numbers.length)
    const reference = new Map<number, number>()
    numbers.forEach((number, index) => {
      const row = index + 2
      expect(table.rowOrAdd(number, row), String(number)).toBe(reference.get(number) ?? 0)
      if (!reference.has(number)) reference.set(number, row)
    })
    for (const number of reference.keys()) expect(table.has(number)).toBe(true)
    for (const absent of [2, 6281234567891, 2 ** 31 + 8, 999_999_999_999_998])
      expect(table.has(absent)).toBe(false)
    // A table sized for a few numbers still finds them when their slots wrap past its end.
    const small = new NumberTable(3)
    for (const number of [5, 5 + 2 ** 30, 5 + 2 ** 31]) small.rowOrAdd(number, 9)
    expect([small.has(5 + 2 ** 31), small.has(6), small.rowOrAdd(5 + 2 ** 30, 10)]).toEqual([true, false, 9])
  })
})

describe('checkRows', () => {
  it('lists each row problem with its row number and a summary that adds up', async () => {
    const sheet = await readSpreadsheet(fixture('bad-rows.csv'))
    const mapping = guessMapping(sheet.headers)
    expect(mapping).toEqual({ phone: 'Phone', variables: ['Name', 'Amount'], attachment: null, name: 'Name' })
    const { rows, summary } = checkRows({
      campaignId: 'c1',
      sheet,
      mapping,
      template: 'Hi {Name}, you owe {Amount}',
      optedOut: new Set(['6281234567812'])
    })
    const problems = Object.fromEntries(rows.map((r) => [r.rowNumber, r.problems.map((p) => p.code)]))
    expect(problems).toEqual({
      2: [],
      3: ['invalid_phone'],
      4: ['duplicate'],
      5: ['missing_variable'],
      6: ['opted_out'],
      7: ['invalid_phone']
    })
    expect(rows[2]?.problems[0]).toEqual({ code: 'duplicate', firstRow: 2 })
    // Ready rows share one empty array of problems: frozen, so no caller can add a problem to all of them at once.
    expect(Object.isFrozen(rows[0]?.problems)).toBe(true)
    const first = sheet.rows.at(0)
    expect(
      first &&
        rowContent({ campaignId: 'c1', sheet, mapping, template: 'Hi {Name}, you owe {Amount}' }).message(
          first
        )
    ).toBe('Hi Alpha, you owe 100')
    expect(summary).toEqual({
      total: 6,
      ready: 1,
      skipped: 5,
      byProblem: { invalid_phone: 2, duplicate: 1, missing_variable: 1, opted_out: 1 }
    })
  })

  it('finds duplicates, opt-outs and sent numbers by the number, however each cell wrote it', () => {
    const phones = [
      '081234567890',
      '+62 812-3456-7890',
      '6281234567890',
      '8.1234567891E+10',
      '+6281234567891',
      '0812 3456 7892',
      '081234567893',
      '81234567894',
      '+81 90-1234-5678',
      '+81 90 1234 5679'
    ]
    const sheet: Sheet = {
      headers: ['Phone'],
      rows: SheetRows.of(phones.map((phone, i) => ({ rowNumber: i + 2, cells: [phone] }))),
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ',' }
    }
    const { rows } = checkRows({
      campaignId: 'c1',
      sheet,
      mapping: { phone: 'Phone', variables: [] },
      template: 'Hi',
      // '0819012345678' is no normalised number: it must not stand for the Japanese 819012345678.
      optedOut: new Set(['6281234567892', '6281234567894', '0819012345678', 'not a number']),
      alreadySent: new Set(['6281234567893', '819012345679'])
    })
    expect(rows.map((r) => [r.rowNumber, r.phone, r.problems])).toEqual([
      [2, '6281234567890', []],
      [3, '6281234567890', [{ code: 'duplicate', firstRow: 2 }]],
      [4, '6281234567890', [{ code: 'duplicate', firstRow: 2 }]],
      [5, '6281234567891', []],
      [6, '6281234567891', [{ code: 'duplicate', firstRow: 5 }]],
      [7, '6281234567892', [{ code: 'opted_out' }]],
      [8, '6281234567893', [{ code: 'already_sent' }]],
      [9, '6281234567894', [{ code: 'opted_out' }]],
      [10, '819012345678', []],
      [11, '819012345679', [{ code: 'already_sent' }]]
    ])
  })

  it('skips numbers this campaign already sent to, and messages too long after expansion', async () => {
    const sheet = await readSpreadsheet(fixture('bad-rows.csv'))
    const { rows } = checkRows({
      campaignId: 'c1',
      sheet,
      mapping: { phone: 'Phone', variables: ['Name'] },
      template: `{Name} ${'x'.repeat(1017)}`,
      withAttachment: true,
      alreadySent: new Set(['6281234567810'])
    })
    expect(rows[0]?.problems).toEqual([{ code: 'already_sent' }])
    expect(rows[4]?.problems).toEqual([{ code: 'too_long', length: 1025, limit: 1024 }])
  })

  it('holds a text row to the limit Send holds a message to, counted as the gateway counts', async () => {
    const sheet = await readSpreadsheet(fixture('bad-rows.csv'))
    const check = (template: string) =>
      checkRows({ campaignId: 'c1', sheet, mapping: { phone: 'Phone', variables: [] }, template }).rows[0]
        ?.problems
    // Without a file the message is a text: 1,025 characters go no more than in Send (4,096 passed before).
    expect(check('x'.repeat(1025))).toEqual([{ code: 'too_long', length: 1025, limit: 1024 }])
    expect(check('x'.repeat(1024))).toEqual([])
    // 600 emoji are 1,200 UTF-16 units but 600 characters to the gateway.
    expect(check('😀'.repeat(600))).toEqual([])
  })

  it('renders each row as renderTemplate does with its values and seed: any case and spacing, spintax, blanks', () => {
    // The later of two headers that match a variable wins, in renderTemplate and in checkRows alike.
    const headers = [' nama ', 'No HP', 'Tagihan', 'NAMA', 'Kota']
    const sheet: Sheet = {
      headers,
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ';' },
      rows: SheetRows.of(
        Array.from({ length: 40 }, (_, i) => ({
          rowNumber: i + 2,
          cells: [
            `Ani ${i}`,
            `08123456${String(1000 + i)}`,
            i % 7 === 0 ? ' ' : `Rp ${i}`,
            `Budi ${i}`,
            'Bogor'
          ]
        }))
      )
    }
    const template =
      '{Halo|Hai {Nama}|{Selamat pagi|Pagi} {NAMA}} {Nama}, {tagihan {TAGIHAN}|bill {Tagihan}} {Kota}'
    const input = {
      campaignId: 'c9',
      sheet,
      mapping: { phone: 'No HP', variables: [' nama ', 'Tagihan', 'NAMA', 'Kota'] },
      template
    }
    const { rows } = checkRows(input)
    const content = rowContent(input)
    const messageOf = (index: number): string =>
      content.message(sheet.rows.at(index) ?? { rowNumber: 0, cells: [] })
    expect(new Set(rows.map((_, index) => messageOf(index))).size).toBeGreaterThan(10)
    expect(rows.filter((r) => r.problems.length === 0).length).toBeGreaterThan(20)
    expect(rows.filter((r) => r.problems.some((p) => p.code === 'missing_variable')).length).toBeGreaterThan(
      2
    )
    for (const [index, row] of rows.entries()) {
      const values = content.values(sheet.rows.at(index) ?? { rowNumber: 0, cells: [] })
      const alone = renderTemplate(template, values, rowSeed('c9', row.rowNumber))
      expect(messageOf(index)).toBe(alone.text)
      const missing = row.problems.find((p) => p.code === 'missing_variable')
      expect(missing?.names ?? []).toEqual(
        templateVariables(template).filter((n) => alone.missing.includes(n))
      )
    }
  })

  it('holds back exactly the rows whose own message is over the limit, without rendering the ones that fit', () => {
    // Caption limit 1024: 1002 fixed characters, "Hi" or "Hello there" (2 or 11), and a name of 5 to 30 characters.
    // The longest option decides most rows; the rest (over in the worst case) are decided by the row's own pick.
    const template = `{Hi|Hello there} {Name} ${'x'.repeat(1000)}`
    const sheet: Sheet = {
      headers: ['Name', 'HP'],
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ';' },
      rows: SheetRows.of(
        Array.from({ length: 200 }, (_, i) => ({
          rowNumber: i + 2,
          cells: ['n'.repeat(5 + (i % 26)), `0812${String(10_000_000 + i)}`]
        }))
      )
    }
    const { rows } = checkRows({
      campaignId: 'c7',
      sheet,
      mapping: { phone: 'HP', variables: ['Name'] },
      template,
      withAttachment: true
    })
    const lengths = rows.map((row, index) => {
      const name = sheet.rows.at(index)?.cells[0] ?? ''
      return renderTemplate(template, { Name: name }, rowSeed('c7', row.rowNumber)).text.length
    })
    for (const [index, row] of rows.entries()) {
      const length = lengths[index] ?? 0
      expect(row.problems).toEqual(length > 1024 ? [{ code: 'too_long', length, limit: 1024 }] : [])
    }
    // The cases that matter are all there: exactly at the limit, one over, and over only in the worst case.
    expect(lengths).toContain(1024)
    expect(lengths).toContain(1025)
    const worstCaseOver = rows.filter((_, index) => 1002 + 11 + (5 + (index % 26)) > 1024)
    expect(worstCaseOver.some((row) => row.problems.length === 0)).toBe(true)
  })

  it('checks a large sheet in slices: other work gets the core between them, the result is the same', async () => {
    const sheet: Sheet = {
      headers: ['Nama', 'HP'],
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ';' },
      rows: SheetRows.of(
        Array.from({ length: 3 * ROWS_PER_SLICE + 1 }, (_, i) => ({
          rowNumber: i + 2,
          cells: [`Ani ${i}`, `0812${String(10_000_000 + (i % 5_000)).padStart(8, '0')}`]
        }))
      )
    }
    const input = {
      campaignId: 'c1',
      sheet,
      mapping: guessMapping(sheet.headers),
      template: '{Hai|Halo} {Nama}'
    }
    // Each turn of the event loop while it runs is a turn the check gave up its thread.
    const working = checkRowsInSlices(input)
    const turns = await betweenTurns(working)
    const sliced = await working
    expect(turns).toBeGreaterThanOrEqual(2) // four slices: the work resumes before the turn that follows each yield
    // Kept compact, read back row by row: the same rows and summary as the reference.
    expect({ rows: [...sliced.rows], summary: sliced.summary }).toEqual(checkRows(input))
    expect(sliced.summary.byProblem).toEqual({ duplicate: 3 * ROWS_PER_SLICE + 1 - 5_000 })
  })

  it('keeps a sliced check compact and reads every skipped row back with its exact problems', async () => {
    // Every kind of skipped row: no phone, an unreadable one, Excel's lost digits, duplicates, opted out, a blank
    // variable, and rows with two problems at once.
    const phoneOf = (i: number): string =>
      [
        '',
        'Pelanggan',
        '8.12346E+10',
        '081234560001',
        '081234569999',
        `0812${String(10_000_000 + i)}`,
        `0812${String(10_000_000 + i)}`
      ][i % 7] ?? ''
    const sheet: Sheet = {
      headers: ['Nama', 'HP'],
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ';' },
      rows: SheetRows.of(
        Array.from({ length: 2 * ROWS_PER_SLICE + 3 }, (_, i) => ({
          rowNumber: i + 2,
          cells: [i % 11 === 0 ? ' ' : `Ani ${i}`, phoneOf(i)]
        }))
      )
    }
    const input = {
      campaignId: 'c1',
      sheet,
      mapping: guessMapping(sheet.headers),
      template: 'Hai {Nama}',
      optedOut: new Set(['6281234569999'])
    }
    const sliced = await checkRowsInSlices(input)
    const reference = checkRows(input)
    expect([...sliced.rows]).toEqual(reference.rows)
    expect(sliced.summary).toEqual(reference.summary)
    expect(Object.keys(sliced.summary.byProblem).sort()).toEqual(
      ['duplicate', 'invalid_phone', 'missing_variable', 'no_phone', 'opted_out', 'scientific_phone'].sort()
    )
    expect([...sliced.rows.skippedIndexes()]).toEqual(
      reference.rows.flatMap((row, index) => (row.problems.length > 0 ? [index] : []))
    )
  })

  it('keys a layout by its headers regardless of case and spacing', () => {
    expect(layoutKey(['Name', ' Phone '])).toBe(layoutKey(['name', 'phone']))
    expect(layoutKey(['Name', 'Phone'])).not.toBe(layoutKey(['Phone', 'Name']))
  })

  it('guesses the phone column from a header that names a phone among other words (QA11: "Nomor WA" gave "Nama")', () => {
    for (const header of [
      'Nomor WA',
      'No. Telepon',
      'Nomor HP',
      'Phone number',
      'WhatsApp Number',
      'No WA',
      'Ponsel'
    ])
      expect(guessMapping(['Nama', header, 'Kota']).phone).toBe(header)
    // A header that is exactly a phone word wins over one that only holds one.
    expect(guessMapping(['Nomor WA kantor', 'HP', 'Nama']).phone).toBe('HP')
    // Other "numbers" are not phones: the guess falls back on the first column, as before.
    expect(guessMapping(['Nama', 'Nomor Pesanan', 'Jumlah']).phone).toBe('Nama')
  })
})

describe('column names are data', () => {
  it('reads, checks and renders a column named __proto__ (or constructor) like any other', async () => {
    const csv = '__proto__,constructor,Phone\r\nBudi,Jakarta,081234567890\r\n'
    const sheet = await readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')
    const input = {
      campaignId: 'c',
      sheet,
      mapping: { phone: 'Phone', variables: ['__proto__', 'constructor'] },
      template: 'Hi {__proto__} in {constructor}'
    }
    expect(checkRows(input).rows[0]?.problems).toEqual([])
    const content = rowContent(input)
    const row = sheet.rows.at(0) as SheetRow
    expect(content.message(row)).toBe('Hi Budi in Jakarta')
    const values = content.values(row)
    expect(Object.entries(values)).toEqual([
      ['__proto__', 'Budi'],
      ['constructor', 'Jakarta'],
      ['Phone', '081234567890']
    ])
    // Stored as JSON and read back, the values keep the column.
    expect(JSON.parse(JSON.stringify(values))).toEqual(values)
  })
})

describe('bounded reading', () => {
  const refusal = async (reading: Promise<unknown>): Promise<SpreadsheetError> => {
    const error = await reading.then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(SpreadsheetError)
    return error as SpreadsheetError
  }
  // 400,000 identical rows: ~20 MB of XML that deflates to a few KB, like a zip bomb's sheet.
  const bombRows =
    rowXml(1, ['Phone']) + '<row><c t="inlineStr"><is><t>081234567890</t></is></c></row>'.repeat(400_000)

  it('refuses a zip bomb by its central directory, before inflating it: the inflate ratio, in words', async () => {
    const bomb = workbookArchive(bombRows)
    expect(bomb.length).toBeLessThan(200_000)
    const error = await refusal(readSpreadsheet(bomb, 'bomb.xlsx'))
    expect(error.code).toBe('too_large')
    expect(error.text).toEqual({
      key: 'desktop.error.xlsxInflateRatio',
      params: { entry: 'xl/worksheets/sheet1.xml', ratio: 100 }
    })
    expect(error.message).toContain('zip bomb')
  })

  it('stops inflating a bomb whose header lies about its size, at the first byte past what it declared', async () => {
    // ~2 MB of rows declared as 1 MB: the declared ratio passes, the inflating does not.
    const rows = Array.from({ length: 30_000 }, (_, i) => rowXml(i + 2, [`Customer ${i}`, `0812${i}`])).join(
      ''
    )
    const liar = workbookArchive(rowXml(1, ['Name', 'Phone']) + rows, { declaredSize: 1024 * 1024 })
    const error = await refusal(readSpreadsheet(liar, 'liar.xlsx'))
    expect(error.text.key).toBe('desktop.error.xlsxEntryTooLarge')
    expect(error.text.params?.['entry']).toBe('xl/worksheets/sheet1.xml')
  })

  it('reads an XLSX whose rows and cells leave out their optional reference: each follows the one before', async () => {
    // The reference (`r`) is optional in the file format; exceljs's reader failed on a cell without one.
    const cell = (text: string): string => `<c t="inlineStr"><is><t>${text}</t></is></c>`
    const sheet = await readSpreadsheet(
      workbookArchive(
        rowXml(1, ['Name', 'Phone']) +
          `<row>${cell('Ani')}${cell('081234567890')}</row>` +
          `<row r="5">${cell('Budi')}<c r="C5" t="inlineStr"><is><t>0812</t></is></c></row>`
      ),
      'no-references.xlsx'
    )
    expect(sheet.headers).toEqual(['Name', 'Phone', 'Column 3'])
    expect(sheet.rows.toArray()).toEqual([
      { rowNumber: 2, cells: ['Ani', '081234567890', ''] },
      { rowNumber: 5, cells: ['Budi', '', '0812'] }
    ])
  })

  it('reads a workbook of 300 columns and refuses one wider than the column limit, naming the row', async () => {
    const wide = Array.from({ length: 300 }, (_, i) => `C${i}`)
    const sheet = await readSpreadsheet(
      workbookArchive(
        rowXml(1, wide) +
          rowXml(
            2,
            wide.map((c) => c.toLowerCase())
          )
      ),
      'wide.xlsx'
    )
    expect(sheet.format).toEqual({ kind: 'xlsx', sheetName: 'Customers' })
    expect(sheet.headers).toHaveLength(300)
    expect(sheet.rows.at(0)?.cells[299]).toBe('c299')
    const tooWide = Array.from({ length: MAX_SHEET_COLUMNS + 1 }, (_, i) => `C${i}`)
    const error = await refusal(readSpreadsheet(workbookArchive(rowXml(1, tooWide)), 'too-wide.xlsx'))
    expect(error.text).toEqual({
      key: 'desktop.error.sheetTooManyColumns',
      params: { row: 1, max: MAX_SHEET_COLUMNS }
    })
    const csv = await refusal(readSpreadsheet(new TextEncoder().encode(tooWide.join(',')), 'too-wide.csv'))
    expect(csv.text.key).toBe('desktop.error.sheetTooManyColumns')
  })

  it('refuses a cell longer than Excel holds and a file over the size limit, saying which limit', async () => {
    const long = await refusal(
      readSpreadsheet(
        new TextEncoder().encode(`Name,Phone\r\n${'x'.repeat(MAX_CELL_LENGTH + 1)},0812`),
        'x.csv'
      )
    )
    expect(long.text).toEqual({
      key: 'desktop.error.sheetCellTooLong',
      params: { row: 2, column: 1, max: MAX_CELL_LENGTH }
    })
    const big = await refusal(readSpreadsheet(new Uint8Array(MAX_SPREADSHEET_BYTES + 1), 'big.csv'))
    expect(big.text.key).toBe('desktop.fileRefused.spreadsheetTooLarge')
  })

  it('reads an XLSX in turns with progress, and stops at the next turn once cancelled', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => rowXml(i + 2, [`Customer ${i}`, `0812${i}`])).join(
      ''
    )
    const workbook = workbookArchive(rowXml(1, ['Name', 'Phone']) + rows)
    const progress: number[] = []
    const working = readSpreadsheet(workbook, 'long.xlsx', { onProgress: (f) => progress.push(f) })
    const turns = await betweenTurns(working)
    expect((await working).rows).toHaveLength(30_000)
    expect(turns).toBeGreaterThanOrEqual(2)
    expect(progress.length).toBeGreaterThan(0)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    const cancel = new AbortController()
    const error = await refusal(
      readSpreadsheet(workbook, 'long.xlsx', { signal: cancel.signal, onProgress: () => cancel.abort() })
    )
    expect(error.code).toBe('cancelled')
    const csvCancel = new AbortController()
    const csvError = await refusal(
      readSpreadsheet(
        new TextEncoder().encode(`Name;Phone\r\n${'Ani;0812\r\n'.repeat(200_000)}`),
        'long.csv',
        {
          signal: csvCancel.signal,
          onProgress: () => csvCancel.abort()
        }
      )
    )
    expect(csvError.text.key).toBe('desktop.error.sheetReadCancelled')
  })
})

describe('exact diagnoses', () => {
  const sheetOf = (csv: string): Promise<Sheet> => readSpreadsheet(new TextEncoder().encode(csv), 'x.csv')

  it('names an unknown variable and the columns there are, once at the template, before any row', async () => {
    const sheet = await sheetOf('Nama,Telepon,Tagihan\r\nBudi,081234567890,5\r\n')
    const check = (): unknown =>
      checkRows({
        campaignId: 'c',
        sheet,
        mapping: { phone: 'Telepon', variables: ['Nama', 'Tagihan'] },
        template: 'Halo {nama}, alamat {Alamat}'
      })
    expect(check).toThrow(TemplateError)
    expect(check).toThrow(
      'The message uses {Alamat}, but there is no column named Alamat; the columns are Nama, Telepon, Tagihan.'
    )
  })

  it('says "no phone number" for an empty phone cell and names the first row of a duplicate', async () => {
    const sheet = await sheetOf('Nama,Telepon\r\nBudi,081234567890\r\nAni,  \r\nCitra,0812-3456-7890\r\n')
    const { rows } = checkRows({
      campaignId: 'c',
      sheet,
      mapping: { phone: 'Telepon', variables: ['Nama'] },
      template: 'Halo {Nama}'
    })
    expect(rows.map((r) => r.problems)).toEqual([
      [],
      [{ code: 'no_phone' }],
      [{ code: 'duplicate', firstRow: 2 }]
    ])
    expect(rows.map((r) => rowProblemsText('en', r.problems))).toEqual([
      '',
      'no phone number',
      'duplicate of row 2'
    ])
    expect(rowProblemsText('id', rows[2]?.problems ?? [])).toBe('duplikat dari baris 2')
  })

  // An operator's probe (stop 55): "Row 4 62812345678901234: invalid number" said nothing of what was wrong with it,
  // where the Send view's chip for the same number names it (shared/domain/phone's problem).
  it('says why a number is not one, as the Send view does, in both languages', async () => {
    const sheet = await sheetOf(
      'Nama,Telepon\r\nAndi,62812345678901234\r\nRina,abc\r\nTono,1234567\r\nWati,+44 20 7946 0958\r\n'
    )
    const { rows } = checkRows({
      campaignId: 'c',
      sheet,
      mapping: { phone: 'Telepon', variables: ['Nama'] },
      template: 'Halo {Nama}'
    })
    expect(rows.map((r) => r.problems.map((p) => (p.code === 'invalid_phone' ? p.reason : p.code)))).toEqual([
      ['length'],
      ['characters'],
      ['prefix'],
      ['not_mobile']
    ])
    expect(rows.map((r) => rowProblemsText('en', r.problems))).toEqual([
      'invalid number: wrong length for a mobile number (an Indonesian one has 10–13 digits)',
      'invalid number: not digits (spaces, dashes and a leading + are fine)',
      'invalid number: start it with 08, 8, +62 or 62 (or + and the country code)',
      'not a mobile number: WhatsApp needs one'
    ])
    expect(rowProblemsText('id', rows[0]?.problems ?? [])).toBe(
      'nomor tidak valid: panjang nomor ponsel tidak sesuai (nomor ponsel Indonesia terdiri dari 10–13 angka)'
    )
    // A row checked before the reason was kept reads as it did.
    expect(rowProblemsText('en', [{ code: 'invalid_phone', detail: 'x' }])).toBe('invalid number')
  })

  it('keeps a multi-line cell inside the template’s formatting, line by line, within the length the check allows', async () => {
    const sheet = await sheetOf('Nama,Telepon\r\n"Budi\r\nSantoso ",081234567890\r\n')
    const input = {
      campaignId: 'c',
      sheet,
      mapping: { phone: 'Telepon', variables: ['Nama'] },
      template: 'Halo *{Nama}*, terima kasih'
    }
    const message = rowContent(input).message(sheet.rows.at(0) as SheetRow)
    expect(message).toBe('Halo *Budi*\n*Santoso*, terima kasih')
    expect(checkRows(input).rows[0]?.problems).toEqual([])
  })

  // An operator's probe: "Halo Joko, tagihan 150000, diskon 0.1." from cells Excel showed as "Rp150,000" and "10%".
  it('writes an XLSX number as its format shows it, in Indonesian, and leaves phone numbers their digits', async () => {
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    const sheet = workbook.addWorksheet('Tagihan')
    sheet.addRow(['Nama', 'Telepon', 'Tagihan', 'Diskon', 'Sisa', 'Kode', 'Biasa', 'Total'])
    sheet.addRow(['Joko', 6281234567890, 150000, 0.1, 1250000.75, 81234567890, 6281234567891, 75000.5])
    sheet.getCell('B2').numFmt = '0.00E+00'
    sheet.getCell('C2').numFmt = '"Rp"#,##0'
    sheet.getCell('D2').numFmt = '0%'
    sheet.getCell('E2').numFmt = '#,##0.00'
    sheet.getCell('F2').numFmt = '000000000000'
    const read = await readSpreadsheet(new Uint8Array(await workbook.xlsx.writeBuffer()), 'tagihan.xlsx')
    expect(read.rows.at(0)?.cells).toEqual([
      'Joko',
      // A scientific format would lose the digits: the number as stored.
      '6281234567890',
      'Rp150.000',
      '10%',
      '1.250.000,75',
      // Zero-padded: its leading 0, as Excel shows it.
      '081234567890',
      // General: as stored, every digit.
      '6281234567891',
      // General with a fraction: its decimal comma, as Excel on an Indonesian computer shows it (QA67: a customer
      // read "total belanja Anda 75000.5", the point a thousands separator in Indonesian).
      '75000,5'
    ])
  })

  it('writes an XLSX date as a customer reads it: day, month in words, year', async () => {
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    const sheet = workbook.addWorksheet('Tagihan')
    sheet.addRow(['Nama', 'Telepon', 'Jatuh tempo', 'Janji temu'])
    sheet.addRow([
      'Budi',
      '081234567890',
      new Date(Date.UTC(2026, 10, 25)),
      new Date(Date.UTC(2026, 11, 1, 14, 30))
    ])
    sheet.getColumn(3).numFmt = 'yyyy-mm-dd'
    sheet.getColumn(4).numFmt = 'yyyy-mm-dd hh:mm'
    const read = await readSpreadsheet(new Uint8Array(await workbook.xlsx.writeBuffer()), 'tagihan.xlsx')
    expect(read.rows.at(0)?.cells.slice(2)).toEqual(['25 November 2026', '1 Desember 2026 14.30'])
  })
})

// The ".xls" message and other sheet errors had no full stop where every other error sentence has one.
describe("a sheet's import errors", () => {
  /** Every message key the sheet readers can refuse a file with, as their source names them, and a gone sheet's. */
  const importErrorKeys = [
    ...new Set(
      ['spreadsheet.ts', 'xlsx-reader.ts'].flatMap((file) =>
        [...readFileSync(join(import.meta.dirname, file), 'utf8').matchAll(/'(desktop\.[\w.]+)'/g)].map(
          (match) => match[1] ?? ''
        )
      )
    ),
    'desktop.error.sheetGone',
    // The check of the columns mapped from the sheet, before a campaign is made of it.
    'desktop.error.noSuchColumn'
  ]

  it('finds the readers’ keys', () => {
    expect(importErrorKeys).toEqual(
      expect.arrayContaining(['desktop.error.oldExcel', 'desktop.error.noRows'])
    )
    expect(importErrorKeys.length).toBeGreaterThan(20)
  })

  it.each(['en', 'id'] as const)('are whole sentences in %s, each ending with a full stop', (language) => {
    const table: Record<string, string> = messages[language]
    const unfinished = importErrorKeys.filter((key) => !table[key]?.endsWith('.'))
    expect(unfinished).toEqual([])
  })
})

// "Choose at least one device", "This campaign is draft; only a running one can pause" and the pacing and spintax
// errors ended without the full stop the window's other error sentences (and the sheet's import errors) have, in the
// window's alerts and field errors and on the CLI's stderr, where each is shown as a sentence of its own. So did the
// core's refusals of a request and of a date, and the relay's and the mailbox's errors ("The relay refused: …").
describe("the core's errors shown alone", () => {
  const errorKeysShownAlone = [
    'desktop.error.chooseDevice',
    'desktop.error.messageEmpty',
    'desktop.error.campaignGone',
    'desktop.error.onlyDraftStarts',
    'desktop.error.onlyDraftSplits',
    'desktop.error.splitRange',
    'desktop.error.startUnderWay',
    'desktop.error.onlyRunningPauses',
    'desktop.error.onlyPausedResumes',
    'desktop.error.campaignAlready',
    'desktop.error.campaignIs',
    'desktop.error.attachAgain',
    ...Object.values(PACING_RANGE_KEYS),
    'desktop.error.pacing.maxDelay',
    'desktop.error.pacing.hoursFormat',
    'desktop.error.pacing.hoursOrder',
    // The pacing problems' list ends with it when the zone is unknown.
    'desktop.error.unknownTimezone',
    'desktop.error.braceNotClosed',
    'desktop.error.emptyBraces',
    'desktop.error.strayBrace',
    'desktop.error.campaignRolledBack',
    'desktop.error.enqueueRolledBack',
    'desktop.error.unknownChannel',
    'desktop.error.invalidRequest',
    'desktop.error.concurrency',
    'desktop.error.notADate',
    'desktop.error.relayRefused',
    'desktop.error.relayUnreachable',
    'desktop.error.relayAddress',
    'desktop.error.relayUnusable',
    'desktop.error.localRelayFailed',
    'desktop.error.mailboxLocked'
  ]

  it.each(['en', 'id'] as const)('are whole sentences in %s, each ending with a full stop', (language) => {
    const table: Record<string, string> = messages[language]
    const unfinished = errorKeysShownAlone.filter((key) => !table[key]?.endsWith('.'))
    expect(unfinished).toEqual([])
  })
})

// A broken file's import in Bahasa Indonesia read "Ini bukan buku kerja XLSX yang bisa dibaca: not a ZIP archive (no
// central directory)." and "Baris 3: Quoted field unterminated — …": the readers' own English inside the operator's
// sentence. Their known failures are worded in each language; a library's message they do not know is quoted under
// words of the operator's language.
describe("a broken file's refusal in the operator's language", () => {
  /** The file's refusal as the window words it in `language`. */
  async function refusalIn(language: 'en' | 'id', bytes: Uint8Array, fileName: string): Promise<string> {
    const refusal = await readSpreadsheet(bytes, fileName).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(SpreadsheetError)
    const { key, params } = (refusal as SpreadsheetError).text
    return coreText(language, '', key, params)
  }

  const notAZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(40).fill(7)])
  /** A workbook whose central directory's first entry no longer starts with its signature. */
  function damagedDirectory(): Uint8Array {
    const bytes = workbookArchive(rowXml(1, ['Nama', 'Telepon']))
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    bytes[view.getUint32(bytes.length - 22 + 16, true)] = 0
    return bytes
  }
  const csv = (text: string): Uint8Array => new TextEncoder().encode(text)

  it.each([
    [
      'an XLSX that is no ZIP archive',
      () => notAZip,
      'x.xlsx',
      'Ini bukan buku kerja XLSX yang bisa dibaca: bukan arsip ZIP (tidak ada direktori pusat).',
      'This is not a readable XLSX workbook: not a ZIP archive (no central directory).'
    ],
    [
      'an XLSX whose central directory is damaged',
      damagedDirectory,
      'x.xlsx',
      'Ini bukan buku kerja XLSX yang bisa dibaca: direktori pusat arsipnya rusak.',
      'This is not a readable XLSX workbook: the central directory is damaged.'
    ],
    [
      'a CSV whose quoted field is never closed',
      () => csv('Nama;Telepon\nAni;0812\nBudi;"0813\nCici;0814\n'),
      'x.csv',
      'Baris 3: ada kolom bertanda kutip yang tidak pernah ditutup.',
      'Row 3: a quoted field is never closed.'
    ],
    [
      'a CSV whose closing quote has text after it',
      () => csv('Nama;Telepon\nAni;"0812"x\nBudi;0813\n'),
      'x.csv',
      'Baris 2: tanda kutip penutup sebuah kolom diikuti teks lain.',
      'Row 2: a quoted field’s closing quote is followed by more text.'
    ]
  ])('words %s in Indonesian and English', async (_, file, fileName, indonesian, english) => {
    expect(await refusalIn('id', file(), fileName)).toBe(indonesian)
    expect(await refusalIn('en', file(), fileName)).toBe(english)
  })

  it("quotes a library's message it does not know under words of the operator's language", async () => {
    const brokenXml = workbookArchive(`${rowXml(1, ['Nama', 'Telepon'])}<row`)
    const indonesian = await refusalIn('id', brokenXml, 'x.xlsx')
    expect(indonesian).toMatch(
      /^Ini bukan buku kerja XLSX yang bisa dibaca: pembaca file melaporkan “[^“”]+”\.$/
    )
    expect(indonesian).not.toContain('Error:')
    expect(await refusalIn('en', brokenXml, 'x.xlsx')).toMatch(
      /^This is not a readable XLSX workbook: the file reader reports “[^“”]+”\.$/
    )
  })
})
