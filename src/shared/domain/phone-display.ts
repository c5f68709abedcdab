// Phone numbers formatted for reading (+62 812-3456-7890); what is stored and sent stays the gateway's digits.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/**
 * The gateway's `62…` digits grouped as the country writes them, with the country code in front. Group ids and
 * anything libphonenumber-js cannot call valid are returned unchanged, so nothing is ever shown wrongly grouped.
 */
export function formatPhoneForReading(value: string): string {
  if (!/^\d{6,15}$/.test(value)) return value
  const parsed = parsePhoneNumberFromString(`+${value}`)
  if (!parsed || !parsed.isValid()) return value
  // The national format groups as the country does (0812-3456-7890); its trunk prefix gives way to the country
  // code. Where it adds brackets, as for Jakarta's (021), the plain international format reads better.
  const national = parsed.formatNational()
  if (!/^0\d[\d -]*$/.test(national)) return parsed.formatInternational()
  return `+${parsed.countryCallingCode} ${national.slice(1)}`
}

/**
 * A phone number as a CSV cell: text to a spreadsheet program, so Excel never shows 6.28131E+12 (its General format
 * for twelve digits and more), which a re-save then writes into the file. The reading form, whose spaces and dashes
 * make it text, without its `+`: a leading `+` is a formula trigger the CSV writer prefixes with a visible `'`.
 * checkPhone reads it back as the same number. A sheet's own cell of Indonesian national digits (a skipped row's
 * 081234567000 in the results) is grouped as such, so its 0 is not lost either. A sheet's cell written with
 * separators or a `+` ("+62 812 3456 7890", "0812.3456.7890") is read by its digits the same way. Anything else
 * stays as it came. The skipped rows file is not written by it: it keeps each sheet's cell as typed (skippedTable).
 */
export function phoneForCsvCell(value: string): string {
  const digits = /^\+?[\d\s.()-]+$/.test(value) ? value.replace(/\D/g, '') : value
  if (/^0\d{5,14}$/.test(digits)) {
    const reading = formatPhoneForReading(`62${digits.slice(1)}`)
    return reading.startsWith('+62 ') ? `0${reading.slice(4)}` : value
  }
  const reading = formatPhoneForReading(digits)
  return reading === digits ? value : reading.replace(/^\+/, '')
}
