// Campaign names: two campaigns of one file (promo3 cancelled, promo3 sending) must read apart in the list (QA4 F22).

/** How names are compared: the operator sees "Promo3" and "promo3 " as the same name. */
const nameKey = (name: string): string => name.trim().toLowerCase()

/** The campaign's name among `existing` that `name` repeats, as it is listed; null when none (or `name` is empty). */
export function takenCampaignName(name: string, existing: readonly string[]): string | null {
  const key = nameKey(name)
  if (key === '') return null
  return existing.find((other) => nameKey(other) === key) ?? null
}

/** `base` when free, else the first of "base (2)", "base (3)"… that is: digits in parentheses read in any language. */
export function uniqueCampaignName(base: string, existing: readonly string[]): string {
  const name = base.trim()
  if (takenCampaignName(name, existing) === null) return name
  for (let n = 2; ; n++) {
    const numbered = `${name} (${n})`
    if (takenCampaignName(numbered, existing) === null) return numbered
  }
}
