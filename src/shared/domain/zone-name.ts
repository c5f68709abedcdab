// The one name a time zone goes by wherever a time is written in it (QA76: "8 Dec 2026, 10:00 Europe/London" beside
// a picker saying "London, Europe (UTC)", WIB/WITA/WIT beside IANA ids): Indonesia's zones by the names operators use,
// every other by its city as the picker writes it. Cases: zone-name.cases.ts.

/** The names operators use for Indonesia's zones; these three lead the pickers. */
export const ZONE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT'
}

/**
 * Every Indonesian zone the platform knows, by the same names: Pontianak keeps western Indonesia's clock (WIB) under
 * its own IANA name. The main three alone lead the pickers.
 */
export const INDONESIAN_ZONE_NAMES: Readonly<Record<string, string>> = {
  ...ZONE_ABBREVIATIONS,
  'Asia/Pontianak': 'WIB'
}

/**
 * Zones the platform lists by a name IANA has since replaced (its `backward` file keeps the old ones as links), and
 * the name IANA's zone.tab gives each now. Node's and Chromium's ICU list CLDR's ids, which CLDR never renames: the
 * picker's "all zones" offered Calcutta, Saigon and Kiev. Names read the current id; the stored id stays the one the
 * platform lists. (Found by matching `Intl.supportedValuesOf('timeZone')` against tzdata 2025b's zone.tab.)
 */
export const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk'
}

/** Cities IANA writes without their punctuation (ids cannot hold an apostrophe); the rest read well with spaces. */
const CITY_NAMES: Readonly<Record<string, string>> = {
  DumontDUrville: "Dumont d'Urville",
  St_Johns: "St John's"
}

/**
 * A zone's id read as words: its places, city first ("La Rioja", "Argentina" of America/Argentina/La_Rioja, by the
 * current name of a renamed one), and the region it starts with ("America"), which the picker names in the window's
 * language. An id with no region ("UTC"), or of IANA's Etc area ("Etc/GMT+7" is UTC-7: its sign reads backwards), is
 * its own one place, with no region.
 */
export function zonePlaces(timeZone: string): { places: string[]; region: string | null } {
  const [region = '', ...rest] = (RENAMED_ZONES[timeZone] ?? timeZone).split('/')
  if (rest.length === 0 || region === 'Etc') return { places: [timeZone], region: null }
  return { places: rest.reverse().map((part) => CITY_NAMES[part] ?? part.replace(/_/g, ' ')), region }
}

/**
 * The zone's one name, after every time written in it and leading its picker label: "WIB", "WITA", "WIT" for
 * Indonesia's zones, else its city as the picker writes it ("London", "New York", "Kolkata" for Asia/Calcutta).
 */
export function zoneName(timeZone: string): string {
  return INDONESIAN_ZONE_NAMES[timeZone] ?? zonePlaces(timeZone).places[0]!
}
