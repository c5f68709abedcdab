// One table of zone names (QA76): the one name a zone goes by wherever a time is written in it, the words its picker
// label starts with. Run by the domain's own test and by the window's formatters and picker labels.

export interface ZoneNameCase {
  zone: string
  /** The name every zoned time ends with, and the picker's label leads with. */
  name: string
  why?: string
}

export const ZONE_NAME_CASES: readonly ZoneNameCase[] = [
  { zone: 'Asia/Jakarta', name: 'WIB' },
  { zone: 'Asia/Pontianak', name: 'WIB', why: "western Indonesia's clock under its own IANA id" },
  { zone: 'Asia/Makassar', name: 'WITA' },
  { zone: 'Asia/Jayapura', name: 'WIT' },
  {
    zone: 'Europe/London',
    name: 'London',
    why: 'QA76: times said "Europe/London" while the picker said "London, Europe (UTC)"'
  },
  { zone: 'Europe/Paris', name: 'Paris' },
  { zone: 'America/New_York', name: 'New York', why: 'IANA writes spaces as underscores' },
  { zone: 'America/Argentina/La_Rioja', name: 'La Rioja', why: 'the city, as the picker label starts' },
  { zone: 'America/Indiana/Knox', name: 'Knox' },
  { zone: 'Asia/Calcutta', name: 'Kolkata', why: 'the id the platform lists, by its current name' },
  { zone: 'Europe/Kiev', name: 'Kyiv' },
  { zone: 'America/Buenos_Aires', name: 'Buenos Aires' },
  { zone: 'Asia/Kolkata', name: 'Kolkata', why: 'a platform listing the current id reads the same' },
  { zone: 'America/St_Johns', name: "St John's", why: 'ids cannot hold an apostrophe' },
  { zone: 'Antarctica/DumontDUrville', name: "Dumont d'Urville" },
  { zone: 'UTC', name: 'UTC' },
  {
    zone: 'Etc/GMT+7',
    name: 'Etc/GMT+7',
    why: 'POSIX signs: it is UTC-7, so a city-style "GMT+7" would say the opposite; kept as typed'
  }
]
