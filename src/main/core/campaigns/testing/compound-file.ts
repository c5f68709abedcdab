// Builds OLE compound files (the container of Office 97–2003: .xls, .doc, .ppt) byte by byte for tests: a header,
// one FAT sector and a directory of the given stream names, over as many sectors as it needs (four entries each).
const SECTOR = 512
const FREE = 0xffffffff
const END_OF_CHAIN = 0xfffffffe
const FAT_SECTOR = 0xfffffffd

export function compoundFile(streamNames: readonly string[]): Uint8Array {
  const entries = ['Root Entry', ...streamNames]
  const directorySectors = Math.ceil(entries.length / 4)
  const file = Buffer.alloc(SECTOR * (2 + directorySectors))
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0)
  file.writeUInt16LE(0x3e, 0x18)
  file.writeUInt16LE(3, 0x1a)
  file.writeUInt16LE(0xfffe, 0x1c)
  file.writeUInt16LE(9, 0x1e)
  file.writeUInt16LE(6, 0x20)
  file.writeUInt32LE(1, 0x2c) // one FAT sector
  file.writeUInt32LE(1, 0x30) // the directory starts at sector 1 (sector 0 is the FAT)
  file.writeUInt32LE(4096, 0x38)
  file.writeUInt32LE(END_OF_CHAIN, 0x3c)
  file.writeUInt32LE(END_OF_CHAIN, 0x44)
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + 4 * i)
  // The FAT: sector 0 is itself, the directory's sectors chain 1 → 2 → … → end.
  const fat = SECTOR
  for (let i = 0; i < SECTOR / 4; i++) file.writeUInt32LE(FREE, fat + 4 * i)
  file.writeUInt32LE(FAT_SECTOR, fat)
  for (let s = 1; s <= directorySectors; s++)
    file.writeUInt32LE(s < directorySectors ? s + 1 : END_OF_CHAIN, fat + 4 * s)
  entries.forEach((name, index) => {
    const at = SECTOR * 2 + index * 128
    file.write(name, at, 'utf16le')
    file.writeUInt16LE((name.length + 1) * 2, at + 64)
    file.writeUInt8(index === 0 ? 5 : 2, at + 66)
  })
  return new Uint8Array(file)
}
