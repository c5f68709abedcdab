// A number typed by the operator in a text field. Number fields are <input type="text" inputMode="decimal">, never
// type="number": Chromium's number input drops a decimal comma before the page sees it, so "2,5" MB was read as 25
// (QA19 Q19-01), and an Indonesian operator writes decimals with a comma.

/**
 * The number `text` stands for: digits after an optional minus, and (unless `whole`) one decimal comma or point with
 * digits after it. NaN for anything else (empty, an exponent "1e3", "1,5,0"), so the field says it cannot be read
 * instead of saving something else. A minus is read, so a negative value is refused by its range ("at least 0").
 */
export function readTypedNumber(text: string, whole: boolean): number {
  const trimmed = text.trim()
  const written = whole ? /^-?\d+$/.test(trimmed) : /^-?\d+([.,]\d+)?$/.test(trimmed)
  return written ? Number(trimmed.replace(',', '.')) : Number.NaN
}
