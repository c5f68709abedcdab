// The one time-zone picker: Indonesia's zones first by the names operators use (WIB, WITA, WIT), then the zones in
// play (current value, defaults), then every zone the platform knows by the name it shows, narrowed by what is typed
// in its search box (which picks only the one match, when Enter is pressed).
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLanguage, useT } from '../i18n'
import { ZONE_ABBREVIATIONS } from '../../../shared/domain/zone-name'
import {
  pickerZones,
  readZoneOffsets,
  zoneOffsetsRead,
  zoneOptionLabel,
  zoneOtherName
} from '../i18n/zone-labels'
import { Field } from './Field'

export interface TimeZoneFieldProps {
  id: string
  label: string
  hint?: string
  testId: string
  value: string
  /** Zones that must be offered even if they are not in the common list (e.g. the default zone). */
  include?: (string | null | undefined)[]
  onChange: (zone: string) => void
}

/** Zone offsets read in one task of the window's: a few milliseconds' worth on a slow machine. */
const OFFSETS_PER_TASK = 25

/**
 * The country, provinces and big towns each of Indonesia's zones covers: the tz names only four cities, so an operator
 * in Bali or Papua found nothing (QA8). Proper names, the same in both languages; searched as whole phrases
 * ("kalimantan barat" is not Nusa Tenggara Barat's zone).
 */
const INDONESIAN_PLACES: Readonly<Record<string, readonly string[]>> = {
  'Asia/Jakarta': [
    'Indonesia',
    'Jawa',
    'Java',
    'Sumatera',
    'Sumatra',
    'Jawa Barat',
    'Jawa Tengah',
    'Jawa Timur',
    'Banten',
    'Yogyakarta',
    'Jogja',
    'Sumatera Utara',
    'Sumatera Barat',
    'Sumatera Selatan',
    'Aceh',
    'Riau',
    'Jambi',
    'Bengkulu',
    'Lampung',
    'Bangka Belitung',
    'Bandung',
    'Surabaya',
    'Semarang',
    'Solo',
    'Malang',
    'Bogor',
    'Depok',
    'Bekasi',
    'Tangerang',
    'Medan',
    'Palembang',
    'Padang',
    'Pekanbaru',
    'Batam'
  ],
  'Asia/Pontianak': ['Indonesia', 'Kalimantan Barat', 'Kalimantan Tengah', 'Palangka Raya'],
  'Asia/Makassar': [
    'Indonesia',
    'Bali',
    'Denpasar',
    'Nusa Tenggara Barat',
    'Nusa Tenggara Timur',
    'Lombok',
    'Mataram',
    'Kupang',
    'Flores',
    'Labuan Bajo',
    'Sulawesi',
    'Manado',
    'Palu',
    'Kendari',
    'Gorontalo',
    'Kalimantan Timur',
    'Kalimantan Selatan',
    'Kalimantan Utara',
    'Balikpapan',
    'Samarinda',
    'Banjarmasin',
    'Tarakan'
  ],
  'Asia/Jayapura': [
    'Indonesia',
    'Papua',
    'Maluku',
    'Ambon',
    'Ternate',
    'Sorong',
    'Merauke',
    'Manokwari',
    'Timika'
  ]
}

/**
 * Whether a zone answers what was typed ("wita", "makassar", "new york", "utc+8", "America/New_York"), by its
 * former name too ("calcutta" finds Kolkata, whichever of the two ids the platform lists), or by a place of
 * Indonesia's it covers ("bali" finds WITA).
 */
function matches(zone: string, text: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const other = zoneOtherName(zone)
  const searched = `${text} ${zone} ${other ? `${other} ${other.replace(/_/g, ' ')}` : ''}`.toLowerCase()
  if (words.every((word) => searched.includes(word))) return true
  const phrase = words.join(' ')
  return (
    phrase !== '' && (INDONESIAN_PLACES[zone] ?? []).some((place) => place.toLowerCase().includes(phrase))
  )
}

export function TimeZoneField({
  id,
  label,
  hint,
  testId,
  value,
  include = [],
  onChange
}: TimeZoneFieldProps): React.JSX.Element {
  const t = useT()
  const language = useLanguage()
  const [query, setQuery] = useState('')
  /** The zone Enter picked from a search, said in the status line until the next search. */
  const [picked, setPicked] = useState<string | null>(null)
  const key = [value, ...include].join('|')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the zones in play
  const zones = useMemo(() => pickerZones(value, include, language), [key, language])
  // Each zone's offset takes a formatter of its own: they are read a slice at a time after the picker is drawn (400
  // at once held the window for one long task), and the labels name them once all are read. Not on every keystroke.
  const [readFor, setReadFor] = useState<readonly string[] | null>(null)
  useEffect(() => {
    if (zoneOffsetsRead(zones)) return
    let timer: ReturnType<typeof setTimeout>
    const readSome = (): void => {
      if (readZoneOffsets(zones, OFFSETS_PER_TASK)) setReadFor(zones)
      else timer = setTimeout(readSome, 0)
    }
    timer = setTimeout(readSome, 0)
    return () => clearTimeout(timer)
  }, [zones])
  const offsetsRead = readFor === zones || zoneOffsetsRead(zones)
  const labels = useMemo(
    () =>
      new Map(
        zones.map((zone) => [
          zone,
          zoneOptionLabel(zone, language, undefined, offsetsRead ? 'read' : 'ifRead')
        ])
      ),
    [zones, language, offsetsRead]
  )
  const zoneText = (zone: string): string => labels.get(zone) ?? zone
  // The chosen zone stays offered whatever is typed: a select cannot show a value it does not list.
  const shown = (zone: string): boolean => zone === value || matches(zone, zoneText(zone), query)
  const common = zones.filter((zone) => zone in ZONE_ABBREVIATIONS && shown(zone))
  const others = zones.filter((zone) => !(zone in ZONE_ABBREVIATIONS) && shown(zone))
  // The chosen zone is offered whatever is typed, so the list alone never shows what matched: the status line says it.
  const searched = query.trim()
  const matched =
    searched === '' ? [] : [...common, ...others].filter((zone) => matches(zone, zoneText(zone), searched))
  // "WIB" or "WIT" typed whole names one zone, though it is in others' names too (WIT in WITA, WIB in Pontianak's):
  // Enter picks it (a new operator's probe: Enter picked nothing, and the schedule stayed on UTC).
  const named = matched.find((zone) => ZONE_ABBREVIATIONS[zone]?.toLowerCase() === searched.toLowerCase())
  const only = matched.length === 1 ? matched[0] : named
  const status =
    searched === ''
      ? picked
        ? t('zone.picked', { field: label, zone: zoneText(picked) })
        : ''
      : only && matched.length === 1
        ? t('zone.matchOne', { zone: zoneText(only) })
        : only
          ? t('zone.matchNamed', { count: matched.length, zone: zoneText(only) })
          : matched.length > 0
            ? t('zone.matches', { count: matched.length })
            : t('zone.noMatch', { query: searched })
  const statusId = `${id}-search-status`
  const selectRef = useRef<HTMLSelectElement>(null)
  /** Enter is the operator's choice, so the only match is picked then (and never while typing). */
  const pickOnEnter = (event: React.KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return
    // A search box's Enter never submits the form around the picker.
    event.preventDefault()
    if (!only) return
    onChange(only)
    setQuery('')
    setPicked(only)
    selectRef.current?.focus()
  }
  // The search comes before the list it narrows, in reading and tab order, with what it found right under it: the
  // operator meets the way to narrow ~400 zones before the zones themselves.
  return (
    <Field id={id} label={label} {...(hint ? { hint } : {})}>
      {(control) => (
        <>
          <div className="zone-search">
            <label>
              <span className="visually-hidden">{t('zone.search', { field: label })}</span>
              <input
                type="search"
                placeholder={t('zone.searchPlaceholder')}
                value={query}
                data-testid={`${testId}-search`}
                aria-controls={id}
                aria-describedby={searched !== '' ? statusId : undefined}
                // Only narrows the list: the zone changes when the operator picks one (a search that chose the only
                // match changed a schedule's zone unseen, and kept it after the search was cleared).
                onChange={(e) => {
                  setQuery(e.target.value)
                  setPicked(null)
                }}
                onKeyDown={pickOnEnter}
              />
            </label>
            {/* Always there, so a screen reader announces what it comes to say. */}
            <p id={statusId} role="status" className="field-hint" data-testid={`${testId}-search-status`}>
              {status}
            </p>
          </div>
          <select
            {...control}
            ref={selectRef}
            data-testid={testId}
            value={value}
            onChange={(e) => {
              // Chosen from the list: the line stops naming the zone Enter picked before (QA60).
              setPicked(null)
              onChange(e.target.value)
            }}
          >
            {common.length > 0 ? (
              <optgroup label={t('zone.common')}>
                {common.map((zone) => (
                  <option key={zone} value={zone}>
                    {zoneText(zone)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label={t('zone.all')}>
              {others.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneText(zone)}
                </option>
              ))}
            </optgroup>
          </select>
        </>
      )}
    </Field>
  )
}
