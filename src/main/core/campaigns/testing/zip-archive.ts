// Builds ZIP archives byte by byte for tests: real XLSX parts, and the lies a zip bomb tells (a declared size far
// below what the entry inflates to).
import { crc32, deflateRawSync } from 'node:zlib'

export interface ArchiveEntry {
  name: string
  /** The entry's content: a string, or chunks repeated (a bomb's sheet without building it in one piece). */
  content: string | { chunk: string; times: number }
  /** The uncompressed size written in the headers instead of the true one. */
  declaredSize?: number
}

function inflatedBytes(content: ArchiveEntry['content']): Buffer {
  return typeof content === 'string' ? Buffer.from(content) : Buffer.from(content.chunk.repeat(content.times))
}

export function zipArchive(entries: readonly ArchiveEntry[]): Uint8Array {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const raw = inflatedBytes(entry.content)
    const data = deflateRawSync(raw, { level: 9 })
    const name = Buffer.from(entry.name)
    const size = entry.declaredSize ?? raw.length
    const crc = crc32(raw)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

/** A minimal workbook whose first sheet is `sheetData` (the rows' XML): what Excel needs and nothing else. */
export function workbookArchive(
  sheetData: ArchiveEntry['content'],
  sheet: Partial<ArchiveEntry> = {}
): Uint8Array {
  const head = '<?xml version="1.0" encoding="UTF-8"?>'
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
  const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
  const sheetXml =
    typeof sheetData === 'string'
      ? `${head}<worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>`
      : sheetData
  return zipArchive([
    {
      name: '[Content_Types].xml',
      content: `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
    },
    {
      name: '_rels/.rels',
      content: `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
    },
    {
      name: 'xl/workbook.xml',
      content: `${head}<workbook ${ns} ${rel}><sheets><sheet name="Customers" sheetId="1" r:id="rId1"/></sheets></workbook>`
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml, ...sheet }
  ])
}

/** One row of inline-string cells, as a sheet's XML has it. */
export function rowXml(rowNumber: number, cells: readonly string[]): string {
  const column = (index: number): string => {
    let name = ''
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name
    return name
  }
  return `<row r="${rowNumber}">${cells
    .map((cell, i) => `<c r="${column(i)}${rowNumber}" t="inlineStr"><is><t>${cell}</t></is></c>`)
    .join('')}</row>`
}
