// One table of names made part of a file name (a campaign's exports: "<name> - results.csv"), run against the rule.

export interface FileNamePartCase {
  input: string
  expected: string
  why?: string
}

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
  { input: 'Promo...', expected: 'Promo', why: 'Windows drops a trailing dot' },
  { input: '  Promo . ', expected: 'Promo', why: 'and a trailing space' },
  { input: 'Promo?.', expected: 'Promo' },
  { input: '?*:', expected: '', why: 'nothing left: the caller names it' },
  { input: '', expected: '' }
]
