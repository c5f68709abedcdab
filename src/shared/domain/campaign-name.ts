// Campaign names: two campaigns of one file (promo3 cancelled, promo3 sending) must read apart in the list (QA4 F22).

/** The longest name a campaign may have (the contract refuses a longer one). */
export const CAMPAIGN_NAME_MAX_LENGTH = 120

/** An unnamed campaign's name: its file's, without the extension ("promo3.csv" → "promo3"), in the window and the core. */
export function campaignNameFromFile(fileName: string): string {
  return fileName.trim().replace(/(?<=.)\.[^.]+$/, '')
}

/** `text` cut to `length` UTF-16 units (the contract's count), never half a surrogate pair, without trailing spaces. */
function cutTo(text: string, length: number): string {
  let cut = text.slice(0, length)
  if (cut.length > 0 && /[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  return cut.trimEnd()
}

/**
 * `frame(name)` with `name` cut so the whole stays within CAMPAIGN_NAME_MAX_LENGTH: a split's rest ("… (rest)") of a
 * long name was refused by the contract. The frame's own words are never cut.
 */
export function framedCampaignName(name: string, frame: (name: string) => string): string {
  return frame(cutTo(name.trim(), CAMPAIGN_NAME_MAX_LENGTH - frame('').length))
}

/** Stand-ins for the name and the number while a frame's words are read apart from them. */
const NAME_MARK = '\u0000'
const NUMBER_MARK = '\u0001'

/** `text` as a pattern that matches it alone (for translated words read back from a file). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A frame's words as a pattern around the name (and its number): "{name} (rest {n})" → /^(.+) \(rest (\d+)\)$/. */
function framePattern(framed: string): RegExp {
  const pattern = framed
    .split(NAME_MARK)
    .map((part) => part.split(NUMBER_MARK).map(escapeRegExp).join('([1-9]\\d*)'))
    .join('(.+)')
  return new RegExp(`^${pattern}$`, 's')
}

/**
 * The name of the draft a split leaves for later: `rest(name)` ("Big 5000 (rest)"); the rest of a rest is numbered
 * instead, `numbered(name, n)` ("Big 5000 (rest 2)", then 3…), not framed again ("(rest) (rest)", QA11-16). Numbered on
 * past a name one of `existing` has (two "Promo (rest)" drafts could not be told apart). Within the name's limit, as
 * framedCampaignName.
 */
export function splitRestName(
  campaignName: string,
  rest: (name: string) => string,
  numbered: (name: string, n: string) => string,
  existing: readonly string[] = []
): string {
  const name = campaignName.trim()
  const again = framePattern(numbered(NAME_MARK, NUMBER_MARK)).exec(name)
  const first = framePattern(rest(NAME_MARK)).exec(name)
  const [base, from] = again
    ? [again[1] ?? '', Number(again[2]) + 1]
    : first
      ? [first[1] ?? '', 2]
      : [name, null]
  if (from === null || base.trim() === '') {
    const framed = framedCampaignName(name, rest)
    if (takenCampaignName(framed, existing) === null) return framed
  }
  const numberedBase = from === null || base.trim() === '' ? name : base
  for (let n = from ?? 2; ; n++) {
    const framed = framedCampaignName(numberedBase, (cut) => numbered(cut, String(n)))
    if (takenCampaignName(framed, existing) === null) return framed
  }
}

/** How names are compared: the operator sees "Promo3" and "promo3 " as the same name. */
const nameKey = (name: string): string => name.trim().toLowerCase()

/** The campaign's name among `existing` that `name` repeats, as it is listed; null when none (or `name` is empty). */
export function takenCampaignName(name: string, existing: readonly string[]): string | null {
  const key = nameKey(name)
  if (key === '') return null
  return existing.find((other) => nameKey(other) === key) ?? null
}

/**
 * `base` when free, else the first of "base (2)", "base (3)"… that is: digits in parentheses read in any language.
 * The base is cut so the name, numbered, stays within CAMPAIGN_NAME_MAX_LENGTH: else a long name repeated is refused.
 */
export function uniqueCampaignName(base: string, existing: readonly string[]): string {
  const name = cutTo(base.trim(), CAMPAIGN_NAME_MAX_LENGTH)
  if (takenCampaignName(name, existing) === null) return name
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`
    const numbered = `${cutTo(name, CAMPAIGN_NAME_MAX_LENGTH - suffix.length)}${suffix}`
    if (takenCampaignName(numbered, existing) === null) return numbered
  }
}
