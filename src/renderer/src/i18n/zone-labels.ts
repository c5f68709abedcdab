// A time-zone picker's labels ("WITA — Makassar, Asia (UTC+8)"): only the pickers (in views loaded after the shell)
// use them, so their region names, which the window's string tables hold beyond the start strings, stay out of the
// window's start chunk (test/boot/window-start.test.ts).
import { isMessageKey, localeOf, translate, type Language } from '../../../shared/i18n/translate'
import {
  INDONESIAN_ZONE_NAMES,
  RENAMED_ZONES,
  ZONE_ABBREVIATIONS,
  zonePlaces
} from '../../../shared/domain/zone-name'
import { timeZones } from './dates'

/**
 * A picker's labels, per language and zone, for the hour they were read in: a picker lists 400-odd zones and filters
 * them on every keystroke, and each offset takes an Intl formatter of its own (46 ms for all of them in Node, about
 * 90 ms in a slow window: one long task as a campaign's pacing fields opened). The offsets are therefore read a few
 * at a time (`readZoneOffsets`) and a label waits for its offset rather than reading it. The hour keeps an offset
 * current across a change of daylight saving time.
 */
const optionLabels = new Map<string, string>()
const zoneOffsets = new Map<string, string | null>()
let optionLabelsHour = -1

/** The caches above, emptied when the hour they were read in has passed. */
function labelsOfTheHour(at: Date): void {
  const hour = Math.floor(at.getTime() / 3_600_000)
  if (hour !== optionLabelsHour) {
    optionLabels.clear()
    zoneOffsets.clear()
    optionLabelsHour = hour
  }
}

/** Whether every one of these zones' offsets has been read this hour (their labels then name them). */
export function zoneOffsetsRead(zones: readonly string[], at: Date = new Date()): boolean {
  labelsOfTheHour(at)
  return zones.every((zone) => zoneOffsets.has(zone))
}

/**
 * Reads the offsets of these zones not read yet this hour, at most `budget` of them, and says whether all are read:
 * a picker calls it from a timer again and again, so that no task of the window's holds 400 formatters.
 */
export function readZoneOffsets(zones: readonly string[], budget: number, at: Date = new Date()): boolean {
  labelsOfTheHour(at)
  let left = budget
  for (const zone of zones) {
    if (zoneOffsets.has(zone)) continue
    if (left-- === 0) return false
    zoneOffsets.set(zone, utcOffset(zone, at))
  }
  return true
}

/** The zone's offset from UTC at `at`: "UTC+7", "UTC-3", "UTC+5:30", "UTC". */
function utcOffset(timeZone: string, at: Date): string | null {
  try {
    const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value
    if (!name) return null
    // "GMT-3"; no offset is "GMT" or "GMT+0" depending on the platform's data.
    return name.replace(/^GMT(\+0)?$/, 'UTC').replace(/^GMT/, 'UTC')
  } catch {
    return null
  }
}

/**
 * The region an IANA id starts with, as the window's language names it (`zone.region.` keys: "Indian" is the Indian
 * Ocean, Indonesian's "Afrika"); a region the tables do not name yet is shown as IANA writes it.
 */
function regionName(region: string, language: Language): string {
  const key = `zone.region.${region}`
  return isMessageKey(key) ? translate(language, key) : region
}

const FORMER_ZONES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(RENAMED_ZONES).map(([former, current]) => [current, former])
)

/**
 * The zone's other IANA name, for a search to find it by either: the current one for an id the platform still
 * lists by its old name, the old one for a current id (a platform that lists IANA's names), or none.
 */
export function zoneOtherName(timeZone: string): string | undefined {
  return RENAMED_ZONES[timeZone] ?? FORMER_ZONES[timeZone]
}

/**
 * A zone as a picker lists it: its city with spaces, its region in the window's language, its offset now, and the
 * Indonesian name first where it has one: "WITA — Makassar, Asia (UTC+8)", "La Rioja, Argentina, America (UTC-3)",
 * "Maldives, Samudra Hindia (UTC+5)".
 */
export function zoneOptionLabel(
  timeZone: string,
  language: Language,
  at: Date = new Date(),
  /** `ifRead`: without the offset when it has not been read yet this hour (no formatter is made for it now). */
  offset: 'read' | 'ifRead' = 'read'
): string {
  labelsOfTheHour(at)
  if (offset === 'ifRead' && !zoneOffsets.has(timeZone)) return zonePlace(timeZone, language)
  const cacheKey = `${language}\u0000${timeZone}`
  let label = optionLabels.get(cacheKey)
  if (label === undefined) {
    if (!zoneOffsets.has(timeZone)) zoneOffsets.set(timeZone, utcOffset(timeZone, at))
    label = zonePlace(timeZone, language, zoneOffsets.get(timeZone) ?? null)
    optionLabels.set(cacheKey, label)
  }
  return label
}

/**
 * These zones in the order a picker lists them: region by region as the window names them, and by city, country and
 * region as each label shows them (not by the platform's id, which put Kolkata, listed as Asia/Calcutta, among the
 * Cs, and Indianapolis after Indiana's other towns). Reads no offset: the labels' offsets come later (see above).
 */
export function zonesInShownOrder(zones: readonly string[], language: Language): string[] {
  const collator = new Intl.Collator(localeOf(language))
  const keys = new Map(
    zones.map((zone) => {
      const region = (RENAMED_ZONES[zone] ?? zone).split('/')[0] ?? ''
      return [zone, { region: regionName(region, language), place: zonePlace(zone, language, null, false) }]
    })
  )
  return [...zones].sort((a, b) => {
    const first = keys.get(a)!
    const second = keys.get(b)!
    return collator.compare(first.region, second.region) || collator.compare(first.place, second.place)
  })
}

/** The last few pickers' zone lists, by language and zones in play (one form shows one or two pickers). */
const pickerZoneLists = new Map<string, readonly string[]>()
const PICKER_ZONE_LISTS_KEPT = 8

/**
 * A picker's zones in the order it lists them: the zones in play first (Indonesia's, the value, the defaults), every
 * other zone as its label reads, the zones with no region (UTC) last. Listing and sorting the platform's 400-odd
 * zones by label takes a few milliseconds, the engine's first look at its zone data more: a form drawn in one task
 * with a large sheet's preview asks for its list beforehand (`preparePacingFields`), and gets it again from here.
 */
export function pickerZones(
  value: string,
  include: readonly (string | null | undefined)[],
  language: Language
): readonly string[] {
  const key = [language, value, ...include].join('\u0000')
  const kept = pickerZoneLists.get(key)
  if (kept) return kept
  const listed = timeZones([value, ...include])
  const playing = new Set([...Object.keys(ZONE_ABBREVIATIONS), value, ...include])
  const rest = listed.filter((zone) => !playing.has(zone))
  const zones = [
    ...listed.filter((zone) => playing.has(zone)),
    ...zonesInShownOrder(
      rest.filter((zone) => zone.includes('/')),
      language
    ),
    ...rest.filter((zone) => !zone.includes('/'))
  ]
  if (pickerZoneLists.size >= PICKER_ZONE_LISTS_KEPT)
    pickerZoneLists.delete(pickerZoneLists.keys().next().value!)
  pickerZoneLists.set(key, zones)
  return zones
}

/** The label's words: the Indonesian name first, the city and region, and the offset when it is given. */
function zonePlace(
  timeZone: string,
  language: Language,
  offset: string | null = null,
  /** Whether Indonesia's own name leads ("WIB — Pontianak"); a list is ordered by the city. */
  indonesianName = true
): string {
  // Its city first: the zone's one name (zoneName), which every time written in it ends with (QA76).
  const { places, region } = zonePlaces(timeZone)
  const place = [...places, ...(region === null ? [] : [regionName(region, language)])].join(', ')
  const read = offset && offset !== place ? `${place} (${offset})` : place
  const short = indonesianName ? INDONESIAN_ZONE_NAMES[timeZone] : undefined
  return short ? `${short} — ${read}` : read
}
