// Recipients as the operator types them: split, normalise Indonesian numbers to 62…, flag what cannot be a number or group id.

export type RecipientProblem = 'characters' | 'prefix' | 'length' | 'group'

export interface ParsedRecipient {
  /** As typed (trimmed). */
  raw: string
  /** What is sent: 62… for numbers, the id as typed for groups. */
  value: string
  problem: RecipientProblem | null
}

/** Commas, semicolons and new lines separate recipients; spaces and dashes inside a number do not. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
}

/** 08…, 8…, +62 8…, 62… (spaces, dashes, dots, brackets allowed) → 628…; other +country numbers kept as digits. */
export function normalisePhone(input: string): { value: string; problem: RecipientProblem | null } {
  const raw = input.trim()
  if (/[^\d\s+().-]/.test(raw) || raw.indexOf('+') > 0) return { value: raw, problem: 'characters' }
  const international = raw.startsWith('+')
  let digits = raw.replace(/\D/g, '')
  if (!international && digits.startsWith('0')) digits = '62' + digits.slice(1)
  else if (!international && digits.startsWith('8')) digits = '62' + digits
  // "+62 (0)812…" is common: the trunk 0 after the country code is dropped.
  if (digits.startsWith('620')) digits = '62' + digits.slice(3)
  if (digits.startsWith('62')) {
    if (!digits.startsWith('628')) return { value: digits, problem: 'prefix' }
    return { value: digits, problem: /^628\d{7,11}$/.test(digits) ? null : 'length' }
  }
  if (!international) return { value: digits, problem: 'prefix' }
  return { value: digits, problem: digits.length >= 8 && digits.length <= 15 ? null : 'length' }
}

/** Group ids: legacy "6287817274185-1632192971", "872468237asd-6281218…", or the newer 18-digit ids. */
export function checkGroupId(input: string): { value: string; problem: RecipientProblem | null } {
  const value = input.trim()
  return { value, problem: /^[A-Za-z0-9@._-]{6,100}$/.test(value) ? null : 'group' }
}

/** Every recipient in the text, deduplicated by what would be sent. */
export function parseRecipients(text: string, isGroup: boolean): ParsedRecipient[] {
  const seen = new Set<string>()
  const parsed: ParsedRecipient[] = []
  for (const raw of splitRecipients(text)) {
    const { value, problem } = isGroup ? checkGroupId(raw) : normalisePhone(raw)
    if (seen.has(value)) continue
    seen.add(value)
    parsed.push({ raw, value, problem })
  }
  return parsed
}

/** The text without one recipient (a chip's remove button). */
export function withoutRecipient(text: string, raw: string): string {
  return splitRecipients(text)
    .filter((part) => part !== raw)
    .join(', ')
}

/** The text with one more recipient at the end (recent recipients). */
export function withRecipient(text: string, value: string): string {
  const parts = splitRecipients(text)
  return parts.includes(value) ? parts.join(', ') : [...parts, value].join(', ')
}
