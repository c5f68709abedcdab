// One table of names made part of a file name (a campaign's exports: "<name> - results.csv"), run against the rule.

export interface FileNamePartCase {
  input: string
  /** What the caller puts after the part (" - results.csv"): the two together stay within 255 bytes. */
  tail?: string
  expected: string
  why?: string
}

/** A family emoji: five code points, 18 bytes, one character as a reader sees it. */
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'

export const FILE_NAME_PART_CASES: readonly FileNamePartCase[] = [
  {
    input: 'Promo 1.000 pelanggan',
    expected: 'Promo 1.000 pelanggan',
    why: 'QA67: the thousands dot was dropped ("Promo 1000 pelanggan - hasil.csv")'
  },
  { input: 'Diskon 50% & ongkir (Jan), #2', expected: 'Diskon 50% & ongkir (Jan), #2' },
  { input: 'Pelanggan setia 🎉 Café', expected: 'Pelanggan setia 🎉 Café' },
  { input: "Toko Bu Sri's  promo", expected: "Toko Bu Sri's  promo", why: 'its own spaces stay' },
  { input: 'Promo 01/12', expected: 'Promo 01-12', why: 'a date keeps its parts apart' },
  { input: 'Promo / Januari', expected: 'Promo - Januari' },
  { input: 'Gudang\\Surabaya', expected: 'Gudang-Surabaya' },
  { input: 'Tagihan: Januari', expected: 'Tagihan Januari' },
  { input: 'Sudah bayar?', expected: 'Sudah bayar' },
  {
    input: '"VIP" <pelanggan> | * baru',
    expected: 'VIP pelanggan baru',
    why: 'no double space where one went'
  },
  { input: 'a|b', expected: 'ab' },
  { input: 'Baris\tdua\nbaris', expected: 'Baris dua baris', why: 'control characters' },
  { input: 'Nol\u0000byte\u007f', expected: 'Nolbyte' },
  {
    input: 'Promo \u202Egnp.exe',
    expected: 'Promo gnp.exe',
    why: 'an override went: "Promo \u202Egnp.exe" was saved as a name drawn "Promo exe.png"'
  },
  {
    input: 'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i',
    expected: 'abcdefghi',
    why: 'every embedding, override and isolate, as the shown-text rule drops them'
  },
  { input: 'x\u0085\u009By', expected: 'xy', why: 'C1 controls' },
  {
    input: '\u200Eمحمد علي\u200F',
    expected: '\u200Eمحمد علي\u200F',
    why: 'LRM and RLM reorder nothing: kept, as the shown-text rule keeps them'
  },
  { input: '\u202E\u2066', expected: '', why: 'nothing but bidi controls: the caller names it' },
  { input: 'Promo...', expected: 'Promo', why: 'Windows drops a trailing dot' },
  { input: '  Promo . ', expected: 'Promo', why: 'and a trailing space' },
  { input: 'Promo?.', expected: 'Promo' },
  { input: '?*:', expected: '', why: 'nothing left: the caller names it' },
  { input: '', expected: '' },
  { input: '.promo', expected: 'promo', why: 'a leading dot hides the file on Linux and macOS' },
  { input: ' .. Promo Lebaran', expected: 'Promo Lebaran', why: 'every leading dot and space' },
  { input: '...', expected: '' },
  { input: 'Promo .env', expected: 'Promo .env', why: 'a dot inside stays' },
  {
    input: 'Diskon akhir tahun '.repeat(16),
    tail: ' - results.csv',
    expected: 'Diskon akhir tahun '.repeat(12) + 'Diskon akhir',
    why: 'over 255 bytes with its tail: cut so the whole file name fits'
  },
  {
    input: 'Promo '.repeat(50),
    tail: ' - results.xlsx',
    expected: 'Promo '.repeat(40).trimEnd(),
    why: 'no trailing space where the cut falls'
  },
  {
    input: `a${'\u{1F389}'.repeat(100)}`,
    tail: '.csv',
    expected: `a${'\u{1F389}'.repeat(62)}`,
    why: 'emoji are 4 bytes: none is cut in half'
  },
  {
    input: FAMILY.repeat(20),
    tail: ' - hasil.xlsx',
    expected: FAMILY.repeat(13),
    why: 'a character of several code points stays whole'
  },
  {
    input: '\u2026'.repeat(120),
    tail: ' - baris yang dilewati.csv',
    expected: '\u2026'.repeat(76),
    why: 'the longest campaign name of 3-byte characters: 360 bytes'
  },
  { input: 'Promo', tail: 'x'.repeat(255), expected: '', why: 'no room left: the caller names it' }
]

/** A file someone else named (a customer's document) as the window suggests saving it; `unnamed` is "file-7". */
export type SavedFileNameCase = Omit<FileNamePartCase, 'tail'>

export const SAVED_FILE_NAME_CASES: readonly SavedFileNameCase[] = [
  { input: 'laporan keuangan 1.000.pdf', expected: 'laporan keuangan 1.000.pdf' },
  {
    input: 'invoice\u202Efdp.exe',
    expected: 'invoicefdp.exe',
    why: 'the override went: the name was suggested as a file drawn "invoiceexe.pdf"'
  },
  {
    input: '../../laporan.pdf',
    expected: '-..-laporan.pdf',
    why: 'no path: the file stays where it is saved'
  },
  { input: 'C:\\Users\\x\\laporan.pdf', expected: 'C-Users-x-laporan.pdf' },
  { input: '\u202E\u2066.pdf', expected: 'file-7.pdf', why: 'nothing of its name left: the extension stays' },
  { input: '.bashrc', expected: 'file-7.bashrc', why: 'no hidden file' },
  { input: '', expected: 'file-7' },
  { input: 'Foto: Januari?.jpeg', expected: 'Foto Januari.jpeg' },
  { input: 'surat.', expected: 'surat' },
  { input: 'arsip.tar.gz', expected: 'arsip.tar.gz' },
  {
    input: 'catatan.rahasia-sekali',
    expected: 'catatan.rahasia-sekali',
    why: 'past 8 characters: not an extension'
  },
  {
    input: `${'Laporan '.repeat(40)}.pdf`,
    expected: `${'Laporan '.repeat(31)}Lap.pdf`,
    why: 'a long name is cut before its extension, which stays whole'
  }
]
