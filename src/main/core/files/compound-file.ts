// The stream names in an OLE compound file's directory: the container of Office 97–2003, where a workbook (.xls), a
// Word document (.doc) and a presentation (.ppt) share the same first bytes and differ by the streams they hold.
// Only the header, the FAT and the directory's sectors are read; nothing in a stream is.

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const HEADER_DIFAT_ENTRIES = 109
const DIRECTORY_ENTRY_BYTES = 128
/** Sector numbers from here up are markers (free, end of chain, FAT or DIFAT sector), not sectors. */
const MAX_SECTOR = 0xfffffffa
const STREAM = 2
const UTF16 = new TextDecoder('utf-16le')

export function isCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && SIGNATURE.every((value, i) => bytes[i] === value)
}

/**
 * The names of the streams a compound file's directory lists ("Workbook", "WordDocument", "PowerPoint Document"…),
 * or null when the bytes are no compound file or its header or chains are damaged. The FAT is read from the header's
 * DIFAT and its continuation sectors; every chain is followed at most as many steps as the file has sectors.
 */
export function compoundFileStreams(bytes: Uint8Array): string[] | null {
  if (!isCompoundFile(bytes)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const shift = view.getUint16(0x1e, true)
  if (shift !== 9 && shift !== 12) return null
  const sectorSize = 1 << shift
  const sectors = Math.ceil(bytes.length / sectorSize) - 1
  const sectorAt = (sector: number): number | null => {
    const at = (sector + 1) * sectorSize
    return sector < MAX_SECTOR && at + sectorSize <= bytes.length ? at : null
  }
  const perSector = sectorSize / 4
  // The FAT's sectors: the header lists the first 109, DIFAT sectors the rest (each one's last entry is the next).
  const fatSectors: number[] = []
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) fatSectors.push(view.getUint32(0x4c + 4 * i, true))
  let difat = view.getUint32(0x44, true)
  for (let steps = 0; difat < MAX_SECTOR && steps <= sectors; steps++) {
    const at = sectorAt(difat)
    if (at === null) return null
    for (let i = 0; i < perSector - 1; i++) fatSectors.push(view.getUint32(at + 4 * i, true))
    difat = view.getUint32(at + sectorSize - 4, true)
  }
  const fatCount = view.getUint32(0x2c, true)
  const fatStarts: number[] = []
  for (const sector of fatSectors.slice(0, fatCount)) {
    const at = sectorAt(sector)
    if (at === null) return null
    fatStarts.push(at)
  }
  const next = (sector: number): number => {
    const at = fatStarts[Math.floor(sector / perSector)]
    return at === undefined ? MAX_SECTOR : view.getUint32(at + 4 * (sector % perSector), true)
  }
  const names: string[] = []
  let sector = view.getUint32(0x30, true)
  for (let steps = 0; sector < MAX_SECTOR; steps++) {
    const at = sectorAt(sector)
    if (at === null || steps > sectors) return null
    for (let entry = at; entry < at + sectorSize; entry += DIRECTORY_ENTRY_BYTES) {
      const nameBytes = view.getUint16(entry + 64, true)
      if (view.getUint8(entry + 66) !== STREAM || nameBytes < 2 || nameBytes > 64) continue
      names.push(UTF16.decode(bytes.subarray(entry, entry + nameBytes - 2)))
    }
    sector = next(sector)
  }
  return names
}
