// Recipient parsing as the gateway does it: CSV lists, `0…`/`8…` → `62…`, group ids left untouched.

/** Splits `0812…,0813…` and `0812…, 0813…` into trimmed, non-empty entries. */
export function splitRecipients(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
}

/** Normalises a personal number to the `62…` form the gateway echoes; null when it is not a phone number. */
export function normalisePhone(raw: string): string | null {
  const cleaned = raw.replace(/[\s+\-().]/g, '')
  if (!/^\d+$/.test(cleaned)) return null
  let phone = cleaned
  if (phone.startsWith('0')) phone = `62${phone.slice(1)}`
  else if (phone.startsWith('8')) phone = `62${phone}`
  return phone.length >= 9 && phone.length <= 15 ? phone : null
}

/** WhatsApp group ids: legacy `62878…-1632192971`, doc sample `872468237asd-6281218…`, new 18 digits. */
export function isGroupId(raw: string): boolean {
  return /^[A-Za-z0-9@._-]{6,64}$/.test(raw)
}
