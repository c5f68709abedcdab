// A list of numbers as operators save it, and what the opt-out import takes of it: the cells that are numbers, and
// the cells it leaves out (headers, names). Every reader of such a list runs them: the rule (csv-read.test.ts), the
// window's import and its add box (OptOuts.test.tsx), `sender-desk optout import` (optout-commands.test.ts).

/** Text as Excel's "Unicode text" saves it: UTF-16 little-endian with its BOM. */
export function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2 + text.length * 2)
  bytes.set([0xff, 0xfe])
  for (let i = 0; i < text.length; i++) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8
  }
  return bytes
}

/** Text in a Windows code page (Excel's plain "CSV" on an older Windows): one byte a character, none of it UTF-8. */
export function windows1252(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (char) => char.charCodeAt(0))
}

export interface NumberListCase {
  name: string
  /** The file's bytes, or its text (saved as UTF-8). */
  content: string | Uint8Array<ArrayBuffer>
  /**
   * The entries taken as numbers, as written: in every case 0812 3456 7001 and 0812-3456-7002 (the core reads them;
   * a bad one it would name), a number the list holds twice given twice (the core adds it once).
   */
  numbers: string[]
  /**
   * The cells left out, as written: no digit in them, or more letters than digits, or, in a sheet of several columns,
   * a cell outside its phone columns (a row number, an age).
   */
  skipped: string[]
}

export const NUMBER_LIST_CASES: readonly NumberListCase[] = [
  {
    // QA65: Excel's first line naming the separator, a line of the file and not of the list.
    name: "a list under Excel's sep= line",
    content: 'sep=;\r\nNo HP;Nama\r\n0812 3456 7001;Budi Jr.\r\n0812-3456-7002;Sari\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['No HP', 'Nama', 'Budi Jr.', 'Sari']
  },
  {
    name: 'a column of numbers',
    content: '0812 3456 7001\r\n0812-3456-7002\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: []
  },
  {
    name: 'two columns, number and name, with no header',
    content: '0812 3456 7001\tBudi\r\n0812-3456-7002\tSari\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['Budi', 'Sari']
  },
  {
    name: 'a list typed by hand: one a line or separated by , or ;, its line ends mixed, a number twice',
    content: '0812 3456 7001\r\n0812-3456-7002; 0812 3456 7001\n\n',
    numbers: ['0812 3456 7001', '0812-3456-7002', '0812 3456 7001'],
    skipped: []
  },
  {
    name: "a ;-separated file (Indonesian Excel's CSV) with a header and a name column",
    content: 'No HP;Nama\r\n0812 3456 7001;Budi\r\n0812-3456-7002;Sari\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['No HP', 'Nama', 'Budi', 'Sari']
  },
  {
    name: 'a tab-separated file',
    content: 'No HP\tNama\n0812 3456 7001\tBudi\n0812-3456-7002\tSari\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['No HP', 'Nama', 'Budi', 'Sari']
  },
  {
    name: 'a ;-separated file with a BOM and CRLF line ends',
    content: '\ufeffNo HP;Nama\r\n0812 3456 7001;Budi\r\n0812-3456-7002;Sari\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['No HP', 'Nama', 'Budi', 'Sari']
  },
  {
    name: 'a file of quoted fields holding a separator',
    content:
      '"No HP";"Nama"\r\n"0812 3456 7001";"Budi; Jl. Merdeka"\r\n"0812-3456-7002";"Sari, Toko Maju"\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    // A cell is split as typed numbers are: the words of a name holding `;` are left out one by one.
    skipped: ['No HP', 'Nama', 'Budi', 'Jl. Merdeka', 'Sari', 'Toko Maju']
  },
  {
    name: 'Excel\'s UTF-16 "Unicode text" (tab-separated, with its BOM)',
    content: utf16le('No HP\tNama\r\n0812 3456 7001\tBudi\r\n0812-3456-7002\tSari\r\n'),
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['No HP', 'Nama', 'Budi', 'Sari']
  },
  {
    name: 'a ;-separated file in a Windows code page, a name with an accent',
    content: windows1252('Nama;No HP\r\nJosé;0812 3456 7001\r\nSari;0812-3456-7002\r\n'),
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['Nama', 'No HP', 'José', 'Sari']
  },
  {
    name: 'a column with a header row and a word in it',
    content: 'phone\n0812 3456 7001\nxx\n0812-3456-7002\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['phone', 'xx']
  },
  {
    // QA: Excel writes a cell formatted as text as ="0812…" in a CSV; Arabic-Indic digits were no digits at all.
    name: 'a sheet with Excel\'s ="…" text cells and Arabic-Indic digits',
    content: 'Nama,No HP\r\nAni,="081234567001"\r\nBudi,٠٨١٢-٣٤٥٦-٧٠٠٢\r\n',
    numbers: ['="081234567001"', '٠٨١٢-٣٤٥٦-٧٠٠٢'],
    skipped: ['Nama', 'No HP', 'Ani', 'Budi']
  },
  {
    // QA: what an Excel user types to keep the leading 0, '0812… and =0812…, was refused as "only digits".
    name: "a sheet with Excel's '0812… and =0812… cells",
    content: "Nama;No HP\r\nAni;'0812 3456 7001\r\nBudi;=081234567002\r\n",
    numbers: ["'0812 3456 7001", '=081234567002'],
    skipped: ['Nama', 'No HP', 'Ani', 'Budi']
  },
  {
    name: 'a sheet whose names and towns hold digits',
    content: 'Nama,Nomor\r\nPelanggan 1,+62 812-3456-7001\r\nToko 2000,0812-3456-7002\r\n',
    numbers: ['+62 812-3456-7001', '0812-3456-7002'],
    skipped: ['Nama', 'Nomor', 'Pelanggan 1', 'Toko 2000']
  },
  {
    // Q49-03: the row numbers were read as numbers and named "not valid: 1, 2".
    name: 'a sheet with a row-number column (No / Nama / No HP)',
    content: 'No\tNama\tNo HP\r\n1\tAni\t0812 3456 7001\r\n2\tBudi\t0812-3456-7002\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['No', 'Nama', 'No HP', '1', 'Ani', '2', 'Budi']
  },
  {
    name: 'a sheet with two phone columns (HP 1 / HP 2), one of them empty in a row',
    content: 'Nama;HP 1;HP 2\r\nAni;0812 3456 7001;0812-3456-7002\r\nBudi;0812-3456-7002;\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002', '0812-3456-7002'],
    skipped: ['Nama', 'HP 1', 'HP 2', 'Ani', 'Budi']
  },
  {
    // As long as a phone number, but none: the amounts stay out of the list.
    name: 'a sheet with a rupiah amount column of 9 digits and more (Nama / No HP / Tagihan)',
    content: 'Nama;No HP;Tagihan\r\nAni;0812 3456 7001;150000000\r\nBudi;0812-3456-7002;1250000000\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['Nama', 'No HP', 'Tagihan', 'Ani', '150000000', 'Budi', '1250000000']
  },
  {
    name: 'a sheet with an age column',
    content: 'Nama,Umur,No HP\r\nAni,25,0812 3456 7001\r\nBudi,31,0812-3456-7002\r\n',
    numbers: ['0812 3456 7001', '0812-3456-7002'],
    skipped: ['Nama', 'Umur', 'No HP', 'Ani', '25', 'Budi', '31']
  }
]
