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
