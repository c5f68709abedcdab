// Display formatting: the same text as a fresh formatter, with one formatter per locale and options.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  formatBytes,
  formatCalendarDate,
  formatClockTime,
  formatCompactDateTime,
  formatCompactTimeAfter,
  formatDateTime,
  formatDateTimeInZone,
  formatListTime,
  formatSecondInZone,
  formatSoonInZone,
  formatWallClock,
  zoneName
} from './dates'
import { ZONE_NAME_CASES } from '../../../shared/domain/zone-name.cases'
import { zoneOptionLabel } from './zone-labels'
import { wallClockIn, wallClockMoment } from './wall-clock'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('formatDateTime', () => {
  it('formats as a fresh Intl.DateTimeFormat would, in the given zone', () => {
    const iso = '2025-03-03T07:05:00.000Z'
    const expected = new Intl.DateTimeFormat('id-ID', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Jakarta'
    }).format(new Date(iso))
    expect(formatDateTime(iso, 'id-ID', 'Asia/Jakarta')).toBe(expected)
    // An unknown zone falls back to the computer's rather than throwing.
    expect(formatDateTime(iso, 'en-GB', 'Mars/Olympus')).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
    )
  })

  it('builds no new formatter per row: a thousand rows reuse the first one', () => {
    // Warm the cache for this locale and zone, then count constructions over a list's worth of rows.
    formatDateTime('2025-01-01T00:00:00.000Z', 'en-US', 'Asia/Makassar')
    const constructor = vi.spyOn(Intl, 'DateTimeFormat')
    const texts = new Set<string>()
    for (let row = 0; row < 1000; row++) {
      texts.add(
        formatDateTime(new Date(Date.UTC(2025, 0, 1, 0, row)).toISOString(), 'en-US', 'Asia/Makassar')
      )
    }
    expect(texts.size).toBe(1000)
    expect(constructor).not.toHaveBeenCalled()
  })

  it('keeps locales and zones apart', () => {
    const iso = '2025-06-01T23:30:00.000Z'
    const jakarta = formatDateTime(iso, 'en-GB', 'Asia/Jakarta')
    const jayapura = formatDateTime(iso, 'en-GB', 'Asia/Jayapura')
    expect(jakarta).not.toBe(jayapura)
    expect(formatDateTime(iso, 'id-ID', 'Asia/Jakarta')).not.toBe(jakarta)
  })
})

describe('wallClockIn and formatBytes', () => {
  it('read the wall clock in a zone and sizes in a locale', () => {
    expect(wallClockIn(new Date('2025-06-01T23:30:00.000Z'), 'Asia/Jakarta')).toEqual({
      date: '2025-06-02',
      time: '06:30'
    })
    expect(formatBytes(1536, 'en')).toBe('1.5 KB')
    expect(formatBytes(1536, 'id')).toBe('1,5 KB')
  })
})

describe('formatCompactTimeAfter (a narrow Outbox row’s status time beside its created date, QA38 Q38-03)', () => {
  it('is the time alone on the same day on the zone’s clock, the date too on another, never the zone', () => {
    // 1 Dec 08.58 and 09.02 WITA: the same day there.
    expect(
      formatCompactTimeAfter('2026-12-01T01:02:00.000Z', '2026-12-01T00:58:00.000Z', 'id-ID', 'Asia/Makassar')
    ).toBe('09.02')
    // 30 Nov 23.50 WITA, then 1 Dec 01.30 WITA: the same UTC day, another day on WITA's clock.
    expect(
      formatCompactTimeAfter('2026-11-30T17:30:00.000Z', '2026-11-30T15:50:00.000Z', 'id-ID', 'Asia/Makassar')
    ).toMatch(/^1 Des( 2026)?, 01\.30$/)
  })
})

describe('formatCompactDateTime (a narrow window: the date and time whole, QA N21)', () => {
  const now = new Date('2026-11-29T12:00:00.000Z')
  it('drops the year of this year, in the locale', () => {
    expect(formatCompactDateTime('2026-11-29T07:43:00.000Z', 'en-GB', 'Asia/Makassar', false, now)).toBe(
      '29 Nov, 15:43'
    )
    expect(formatCompactDateTime('2026-11-29T07:43:00.000Z', 'id-ID', 'Asia/Makassar', true, now)).toBe(
      '29 Nov, 15.43 WITA'
    )
  })
  it('keeps the year of another year', () => {
    expect(formatCompactDateTime('2030-01-10T02:30:00.000Z', 'en-GB', 'Asia/Jakarta', true, now)).toBe(
      '10 Jan 2030, 09:30 WIB'
    )
  })
})

describe('formatListTime', () => {
  // Local times (the computer's zone), as the list shows them: "now" is Sunday 29 November 2026, 10:00.
  const now = new Date(2026, 10, 29, 10, 0)
  const at = (...parts: [number, number, number, number, number]): string => new Date(...parts).toISOString()
  it.each([
    ['today: the time', at(2026, 10, 29, 0, 30), 'en-GB', '00:30'],
    ['today in Indonesian', at(2026, 10, 29, 0, 30), 'id-ID', '00.30'],
    ['yesterday: the weekday', at(2026, 10, 28, 23, 59), 'en-GB', 'Sat'],
    ['six days ago: the weekday', at(2026, 10, 23, 8, 0), 'en-GB', 'Mon'],
    ['six days ago in Indonesian', at(2026, 10, 23, 8, 0), 'id-ID', 'Sen'],
    ['a week ago: day and month', at(2026, 10, 22, 23, 0), 'en-GB', '22 Nov'],
    ['earlier this year', at(2026, 0, 2, 9, 0), 'en-GB', '2 Jan'],
    ['last year: the whole date', at(2025, 11, 31, 9, 0), 'en-GB', '31 Dec 2025'],
    ['a later day (a skewed clock): day and month', at(2026, 10, 30, 9, 0), 'en-GB', '30 Nov'],
    ['nothing', '', 'en-GB', '']
  ])('%s', (_case, iso, locale, expected) => {
    expect(formatListTime(iso, locale, undefined, now)).toBe(expected)
  })
})

describe('formatListTime on the operator’s clock (QA29 Q29-05)', () => {
  // 1 Dec 2026, 03:50 WITA: 30 Nov, 19:50 UTC.
  const now = new Date(Date.UTC(2026, 10, 30, 19, 50))
  it.each([
    ['today there, yesterday in UTC: the time', '2026-11-30T16:30:00.000Z', '00:30'],
    ['yesterday there: the weekday', '2026-11-30T15:00:00.000Z', 'Mon'],
    ['a week ago there: day and month', '2026-11-23T15:00:00.000Z', '23 Nov'],
    ['this year there, last year in UTC: day and month', '2025-12-31T16:30:00.000Z', '1 Jan']
  ])('%s', (_case, iso, expected) => {
    expect(formatListTime(iso, 'en-GB', 'Asia/Makassar', now)).toBe(expected)
  })
})

describe('formatCalendarDate (a date field’s day, QA22 Q22-07)', () => {
  it('writes the day as the window writes dates, on no zone’s clock, and anything else as it came', () => {
    expect(formatCalendarDate('2026-12-02', 'id-ID')).toBe('2 Des 2026')
    expect(formatCalendarDate('2026-12-31', 'en-GB')).toBe('31 Dec 2026')
    for (const text of ['2026-02-30', '2026-12-02 10:00', 'tomorrow', ''])
      expect(formatCalendarDate(text, 'en-GB')).toBe(text)
  })
})

describe('formatClockTime', () => {
  it("writes a time of day in each language's own way, and leaves what is not HH:mm as it came", () => {
    expect(formatClockTime('08:00', 'en-GB')).toBe('08:00')
    expect(formatClockTime('20:30', 'id-ID')).toBe('20.30')
    expect(formatClockTime('8 pagi', 'id-ID')).toBe('8 pagi')
  })
})

describe("the gateway's zoneless wall clocks, read one way for showing and for moments", () => {
  const jakarta = 'Asia/Jakarta'
  it.each([
    // text, the moment on Jakarta's clock (null: a day, not a moment, or unreadable), as the window shows it
    ['2026-11-29 12:38:19', '2026-11-29T05:38:19.000Z', /Nov 29, 2026.*12:38 PM WIB/],
    ['2026-11-29T12:38', '2026-11-29T05:38:00.000Z', /Nov 29, 2026.*12:38 PM WIB/],
    ['2026-11-29', null, /^Nov 29, 2026 WIB$/],
    ['2026-11-29T05:38:19Z', '2026-11-29T05:38:19.000Z', /Nov 29, 2026.*12:38 PM/],
    ['2026-11-29T12:38:19+07:00', '2026-11-29T05:38:19.000Z', /Nov 29, 2026.*12:38 PM/],
    ['2026-02-30 25:00', null, /^2026-02-30 25:00$/],
    ['2026-11-29 24:00', null, /^2026-11-29 24:00$/],
    ['next Tuesday', null, /^next Tuesday$/]
  ])('%s', (text, moment, shown) => {
    expect(wallClockMoment(text, jakarta)).toBe(moment)
    expect(formatWallClock(text, 'en-US', jakarta)).toMatch(shown)
  })
})

describe('zone names', () => {
  const INDONESIAN_NAMES = ['WIB', 'WITA', 'WIT']

  it('names every Indonesian zone the platform knows as Indonesians do (Pontianak is WIB too)', () => {
    const named = Intl.supportedValuesOf('timeZone').flatMap((zone) => {
      const short = new Intl.DateTimeFormat('id', { timeZone: zone, timeZoneName: 'short' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value
      return short && INDONESIAN_NAMES.includes(short) ? [[zone, short]] : []
    })
    expect(named.map(([zone]) => zone)).toContain('Asia/Pontianak')
    for (const [zone, short] of named) expect([zone, zoneName(zone!)]).toEqual([zone, short])
  })

  // QA76: "8 Dec 2026, 10:00 Europe/London" beside a picker saying "London, Europe (UTC)": one name per zone.
  it.each(ZONE_NAME_CASES.map((c) => [c.zone, c.name] as const))(
    'writes a time in %s with its one name, %j, the words its picker label leads with',
    (zone, name) => {
      const at = Date.UTC(2026, 11, 8, 10, 0)
      const iso = new Date(at).toISOString()
      for (const locale of ['en-US', 'id-ID']) {
        expect(formatDateTimeInZone(iso, locale, zone).endsWith(` ${name}`)).toBe(true)
        expect(formatSoonInZone(at, locale, zone, new Date(at)).endsWith(` ${name}`)).toBe(true)
        expect(formatSecondInZone(at, locale, zone).endsWith(` ${name}`)).toBe(true)
        expect(formatCompactDateTime(iso, locale, zone, true).endsWith(` ${name}`)).toBe(true)
        expect(formatWallClock('2026-12-08 10:00', locale, zone).endsWith(` ${name}`)).toBe(true)
      }
      for (const language of ['en', 'id'] as const) {
        const label = zoneOptionLabel(zone, language, new Date(at))
        expect([
          label,
          label === name ||
            label.startsWith(`${name} — `) ||
            label.startsWith(`${name}, `) ||
            label.startsWith(`${name} (`)
        ]).toEqual([label, true])
      }
    }
  )

  it("reads a picker's zone: city, region, the offset on that day, and the Indonesian name", () => {
    const january = new Date(Date.UTC(2026, 0, 15))
    const july = new Date(Date.UTC(2026, 6, 15))
    expect(zoneOptionLabel('America/Argentina/La_Rioja', 'en', january)).toBe(
      'La Rioja, Argentina, America (UTC-3)'
    )
    expect(zoneOptionLabel('Europe/Paris', 'en', january)).toBe('Paris, Europe (UTC+1)')
    expect(zoneOptionLabel('Europe/Paris', 'en', july)).toBe('Paris, Europe (UTC+2)')
    expect(zoneOptionLabel('Asia/Kolkata', 'en', july)).toBe('Kolkata, Asia (UTC+5:30)')
    expect(zoneOptionLabel('Africa/Banjul', 'en', july)).toBe('Banjul, Africa (UTC)')
    expect(zoneOptionLabel('UTC', 'en', july)).toBe('UTC')
    expect(zoneOptionLabel('Asia/Pontianak', 'en', july)).toBe('WIB — Pontianak, Asia (UTC+7)')
    expect(zoneOptionLabel('Asia/Makassar', 'en', july)).toBe('WITA — Makassar, Asia (UTC+8)')
  })

  it("names the region in the window's language, the oceans as oceans (QA: English regions in Indonesian)", () => {
    const july = new Date(Date.UTC(2026, 6, 15))
    const region = (zone: string, language: 'en' | 'id'): string =>
      zoneOptionLabel(zone, language, july).replace(/ \(UTC.*\)$/, '')
    expect(region('Indian/Maldives', 'en')).toBe('Maldives, Indian Ocean')
    expect(region('Atlantic/Azores', 'en')).toBe('Azores, Atlantic Ocean')
    expect(region('Pacific/Auckland', 'en')).toBe('Auckland, Pacific')
    expect(
      ['Africa/Cairo', 'America/New_York', 'Europe/Paris', 'Pacific/Auckland', 'Antarctica/Casey'].map(
        (zone) => region(zone, 'id')
      )
    ).toEqual(['Cairo, Afrika', 'New York, Amerika', 'Paris, Eropa', 'Auckland, Pasifik', 'Casey, Antartika'])
    expect(
      ['Arctic/Longyearbyen', 'Indian/Maldives', 'Atlantic/Azores', 'Australia/Perth', 'Asia/Tokyo'].map(
        (zone) => region(zone, 'id')
      )
    ).toEqual([
      'Longyearbyen, Arktik',
      'Maldives, Samudra Hindia',
      'Azores, Samudra Atlantik',
      'Perth, Australia',
      'Tokyo, Asia'
    ])
    expect(zoneOptionLabel('Asia/Makassar', 'id', july)).toBe('WITA — Makassar, Asia (UTC+8)')
    // Each language's label kept apart: the English one is not served to the Indonesian window, nor back.
    expect(region('Africa/Cairo', 'en')).toBe('Cairo, Africa')
    expect(region('Africa/Cairo', 'id')).toBe('Cairo, Afrika')
  })

  it('names every region the platform lists in both languages, never its bare IANA word in Indonesian', () => {
    const at = new Date(Date.UTC(2026, 6, 15))
    const regions = new Set(Intl.supportedValuesOf('timeZone').map((zone) => zone.split('/')[0]!))
    for (const region of regions) {
      const zone = Intl.supportedValuesOf('timeZone').find((z) => z.startsWith(`${region}/`))!
      const indonesian = zoneOptionLabel(zone, 'id', at).replace(/^(WIB|WITA|WIT) — /, '')
      // Asia and Australia are written alike in both languages; every other region has its own Indonesian word.
      expect([zone, indonesian.includes(`, ${region} (`)]).toEqual([
        zone,
        ['Asia', 'Australia'].includes(region)
      ])
    }
  })

  it('writes the cities IANA spells without punctuation as they are written', () => {
    const july = new Date(Date.UTC(2026, 6, 15))
    expect(zoneOptionLabel('Antarctica/DumontDUrville', 'en', july)).toMatch(
      /^Dumont d'Urville, Antarctica \(/
    )
    expect(zoneOptionLabel('America/St_Johns', 'en', july)).toMatch(/^St John's, America \(/)
    expect(zoneOptionLabel('America/St_Johns', 'id', july)).toMatch(/^St John's, Amerika \(/)
  })

  it('names a renamed city by its current name, whichever id the platform lists (QA: Calcutta, Saigon, Kiev)', () => {
    const july = new Date(Date.UTC(2026, 6, 15))
    // The ids Node's ICU lists (CLDR keeps them), and their names today in IANA's zone.tab.
    expect(zoneOptionLabel('Asia/Calcutta', 'en', july)).toBe('Kolkata, Asia (UTC+5:30)')
    expect(zoneOptionLabel('Asia/Saigon', 'en', july)).toBe('Ho Chi Minh, Asia (UTC+7)')
    expect(zoneOptionLabel('Europe/Kiev', 'id', july)).toBe('Kyiv, Eropa (UTC+3)')
    expect(zoneOptionLabel('Asia/Rangoon', 'en', july)).toBe('Yangon, Asia (UTC+6:30)')
    expect(zoneOptionLabel('Asia/Katmandu', 'en', july)).toBe('Kathmandu, Asia (UTC+5:45)')
    expect(zoneOptionLabel('America/Buenos_Aires', 'en', july)).toBe(
      'Buenos Aires, Argentina, America (UTC-3)'
    )
    expect(zoneOptionLabel('Pacific/Truk', 'en', july)).toBe('Chuuk, Pacific (UTC+10)')
    // A platform that lists the current id already reads the same.
    expect(zoneOptionLabel('Asia/Kolkata', 'en', july)).toBe('Kolkata, Asia (UTC+5:30)')
    const labels = Intl.supportedValuesOf('timeZone').map((zone) => zoneOptionLabel(zone, 'en', july))
    for (const former of ['Calcutta', 'Saigon', 'Kiev', 'Rangoon', 'Katmandu', 'Godthab', 'Faeroe', 'Asmera'])
      expect(labels.filter((label) => label.includes(former))).toEqual([])
  })

  it('builds each zone’s offset once, not on every look', () => {
    const at = new Date(Date.UTC(2026, 10, 29, 9))
    const first = Intl.supportedValuesOf('timeZone').map((zone) => zoneOptionLabel(zone, 'id', at))
    const constructor = vi.spyOn(Intl, 'DateTimeFormat')
    expect(Intl.supportedValuesOf('timeZone').map((zone) => zoneOptionLabel(zone, 'id', at))).toEqual(first)
    expect(constructor).not.toHaveBeenCalled()
  })
})
