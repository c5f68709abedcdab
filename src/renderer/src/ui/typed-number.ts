// A number typed by the operator in a text field. Number fields are <input type="text" inputMode="decimal">, never
// type="number": Chromium's number input drops a decimal comma before the page sees it, so "2,5" MB was read as 25
// (QA19 Q19-01), and an Indonesian operator writes decimals with a comma and thousands with a point ("1.500").
import type { Language } from '../i18n'

/** Each language's thousands and decimal signs, as `Intl.NumberFormat` writes them (formatNumber's grouping too). */
const SIGNS: Record<Language, { thousands: string; decimal: string }> = {
  en: { thousands: ',', decimal: '.' },
  id: { thousands: '.', decimal: ',' }
}

const escaped = (sign: string): string => `\\${sign}`

/**
 * The number `text` stands for in `language`: digits after an optional minus, grouped by thousands in the language's
 * own sign ("1.500" is fifteen hundred in Indonesian, "1,500" in English), and (unless `whole`) a decimal part after
 * the language's decimal sign — or after the other sign where it cannot be a thousands group ("2,5" in English, "1.5"
 * in Indonesian). NaN for anything else (empty, an exponent "1e3", "1,5,0"), so the field says it cannot be read
 * instead of saving something else. A minus is read, so a negative value is refused by its range ("at least 0").
 */
export function readTypedNumber(text: string, whole: boolean, language: Language): number {
  const trimmed = text.trim()
  const { thousands, decimal } = SIGNS[language]
  const fraction = whole ? '' : `(?:${escaped(decimal)}\\d+)?`
  const grouped = new RegExp(`^-?\\d{1,3}(?:${escaped(thousands)}\\d{3})+${fraction}$`)
  if (grouped.test(trimmed)) {
    return Number(trimmed.split(thousands).join('').replace(decimal, '.'))
  }
  const plain = whole ? /^-?\d+$/ : /^-?\d+(?:[.,]\d+)?$/
  return plain.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN
}

/** A value for a number field: the language's decimal sign, no grouping, so `readTypedNumber` reads it back the same. */
export function showTypedNumber(value: number, language: Language): string {
  return Number.isNaN(value) ? '' : String(value).replace('.', SIGNS[language].decimal)
}
