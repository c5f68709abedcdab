// The one time-zone picker (issue 29): Indonesia's zones first by their names (WIB, WITA, WIT), and a search box
// that narrows the ~400 zones (and only narrows: the operator picks).
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, it, vi } from 'vitest'
import { useSettings } from '../stores/settings'
import { makeSettings } from '../testing/fixtures'
import { TimeZoneField } from './TimeZoneField'

function Picker({ start = 'Asia/Jakarta' }: { start?: string }): React.JSX.Element {
  const [zone, setZone] = useState(start)
  return <TimeZoneField id="zone" label="Time zone" testId="zone" value={zone} onChange={setZone} />
}

/** The picker once its zones' offsets are read (a slice at a time after it is drawn; see the long-task test). */
async function renderPicker(start?: string): Promise<void> {
  render(<Picker {...(start ? { start } : {})} />)
  // (By the select's own options: a role query over 400 options outlasts the wait.)
  const select = screen.getByTestId('zone') as HTMLSelectElement
  // The labels name the offsets once all are read.
  await waitFor(() => expect(select.options[0]?.textContent).toMatch(/\(UTC\+7\)$/))
}

/** The zones the select lists now, by id. */
function optionValues(select: HTMLElement): (string | null)[] {
  return within(select)
    .getAllByRole('option')
    .map((o) => o.getAttribute('value'))
}

it('puts its search before the list it narrows, in reading and tab order, with what it found between (issue 29)', async () => {
  render(
    <>
      <button type="button">Before</button>
      <Picker />
    </>
  )
  const user = userEvent.setup()
  const title = screen.getByText('Time zone', { selector: 'label' })
  const search = screen.getByRole('searchbox', { name: 'Search the zones for Time zone' })
  const status = screen.getByTestId('zone-search-status')
  const select = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement
  // Its zones' offsets read, as the other tests expect them (they are read once per window).
  await waitFor(() => expect(select.options[0]?.textContent).toMatch(/\(UTC\+7\)$/))
  const follows = (a: Element, b: Element): boolean =>
    Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)
  // The field's name, then the way to narrow it and what that found, then the list.
  expect([follows(title, search), follows(search, status), follows(status, select)]).toEqual([
    true,
    true,
    true
  ])
  // A screen reader is told which list the search narrows.
  expect(search.getAttribute('aria-controls')).toBe(select.id)
  await user.click(screen.getByRole('button', { name: 'Before' }))
  await user.tab()
  expect(document.activeElement).toBe(search)
  await user.tab()
  expect(document.activeElement).toBe(select)
})

it('offers WIB, WITA and WIT first, named as operators say them', async () => {
  await renderPicker()
  const options = within(screen.getByRole('combobox', { name: 'Time zone' })).getAllByRole('option')
  expect(options.slice(0, 3).map((o) => o.textContent)).toEqual([
    'WIB — Jakarta, Asia (UTC+7)',
    'WITA — Makassar, Asia (UTC+8)',
    'WIT — Jayapura, Asia (UTC+9)'
  ])
  expect(options.length).toBeGreaterThan(100)
})

it('lists every other zone readably: city, region, offset now, and Indonesia’s own names (QA: raw ids)', async () => {
  await renderPicker()
  const select = screen.getByRole('combobox', { name: 'Time zone' })
  const all = within(within(select).getByRole('group', { name: 'All zones' })).getAllByRole('option')
  expect(all.length).toBeGreaterThan(100)
  for (const option of all) {
    const zone = option.getAttribute('value')!
    const text = option.textContent ?? ''
    // No raw id: the city leads, with spaces, and the offset it has today follows.
    expect([zone, text.includes('/') || text.includes('_')]).toEqual([zone, false])
    expect([zone, /\(UTC([+-]\d{1,2}(:\d{2})?)?\)$/.test(text) || zone === 'UTC']).toEqual([zone, true])
  }
  const text = (zone: string): string | null | undefined =>
    all.find((option) => option.getAttribute('value') === zone)?.textContent
  expect(text('America/Argentina/La_Rioja')).toMatch(/^La Rioja, Argentina, America \(UTC-3\)$/)
  expect(text('Asia/Pontianak')).toBe('WIB — Pontianak, Asia (UTC+7)')
})

it('finds a zone by its label or by its id, and reads no zone again while typing', async () => {
  await renderPicker()
  const user = userEvent.setup()
  const select = screen.getByRole('combobox', { name: 'Time zone' })
  const search = screen.getByRole('searchbox')
  const formatters = vi.spyOn(Intl, 'DateTimeFormat')
  await user.type(search, 'la rioja')
  expect(optionValues(select)).toEqual(['Asia/Jakarta', 'America/Argentina/La_Rioja'])
  await user.clear(search)
  await user.type(search, 'Argentina/La_R')
  expect(optionValues(select)).toEqual(['Asia/Jakarta', 'America/Argentina/La_Rioja'])
  await user.clear(search)
  await user.type(search, 'wib')
  expect(optionValues(select)).toEqual(['Asia/Jakarta', 'Asia/Pontianak'])
  expect(formatters).not.toHaveBeenCalled()
  formatters.mockRestore()
})

it('lists a renamed city by its current name and finds it by either name, keeping the id the platform lists', async () => {
  await renderPicker()
  const user = userEvent.setup()
  const select = screen.getByRole('combobox', { name: 'Time zone' })
  const search = screen.getByRole('searchbox')
  // Node lists the names CLDR keeps (Asia/Calcutta); a newer platform may list IANA's (Asia/Kolkata).
  const listed = (former: string, current: string): string =>
    Intl.supportedValuesOf('timeZone').find((zone) => zone === former || zone === current)!
  for (const [former, current, formerWord, currentWords, label] of [
    ['Asia/Calcutta', 'Asia/Kolkata', 'calcutta', 'kolkata', /^Kolkata, Asia \(UTC\+5:30\)$/],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh', 'saigon', 'ho chi minh', /^Ho Chi Minh, Asia \(UTC\+7\)$/],
    ['Europe/Kiev', 'Europe/Kyiv', 'kiev', 'kyiv', /^Kyiv, Europe \(UTC\+[23]\)$/]
  ] as const) {
    const zone = listed(former, current)
    await user.clear(search)
    expect(
      within(select)
        .getAllByRole('option')
        .find((o) => o.getAttribute('value') === zone)?.textContent
    ).toMatch(label)
    await user.type(search, currentWords)
    expect(optionValues(select)).toEqual(['Asia/Jakarta', zone])
    await user.clear(search)
    await user.type(search, formerWord)
    expect(optionValues(select)).toEqual(['Asia/Jakarta', zone])
  }
  // Picking it stores the platform's own id.
  await user.selectOptions(select, listed('Europe/Kiev', 'Europe/Kyiv'))
  expect((select as HTMLSelectElement).value).toBe(listed('Europe/Kiev', 'Europe/Kyiv'))
})

it('narrows the zones to what is typed and keeps the chosen one: searching never changes the zone', async () => {
  render(<Picker />)
  const user = userEvent.setup()
  const select = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement
  const search = screen.getByRole('searchbox', { name: 'Search the zones for Time zone' })
  await user.type(search, 'new')
  const shown = within(select)
    .getAllByRole('option')
    .map((o) => o.getAttribute('value'))
  expect(shown[0]).toBe('Asia/Jakarta')
  expect(shown).toContain('America/New_York')
  expect(shown.every((zone) => zone === 'Asia/Jakarta' || /new/i.test(zone ?? ''))).toBe(true)
  expect(select.value).toBe('Asia/Jakarta')
  // One match left (QA: "WITA" switched the select by itself): it is offered, not chosen.
  await user.type(search, ' york')
  expect(select.value).toBe('Asia/Jakarta')
  await user.clear(search)
  await user.type(search, 'wita')
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'))
  ).toEqual(['Asia/Jakarta', 'Asia/Makassar'])
  expect(select.value).toBe('Asia/Jakarta')
  await user.clear(search)
  expect(select.value).toBe('Asia/Jakarta')
  // The operator's pick is what changes it.
  await user.type(search, 'wita')
  await user.selectOptions(select, 'Asia/Makassar')
  expect(select.value).toBe('Asia/Makassar')
})

it("names the regions in the window's language and finds a zone by that name or by its id (QA: English regions)", async () => {
  useSettings.getState().set(makeSettings({ language: 'id' }))
  try {
    await renderPicker()
    const user = userEvent.setup()
    const select = screen.getByRole('combobox', { name: 'Time zone' })
    const search = screen.getByRole('searchbox')
    const option = (zone: string): string | null | undefined =>
      within(select)
        .getAllByRole('option')
        .find((o) => o.getAttribute('value') === zone)?.textContent
    expect(option('Africa/Cairo')).toMatch(/^Cairo, Afrika \(UTC/)
    expect(option('Indian/Maldives')).toMatch(/^Maldives, Samudra Hindia \(UTC/)
    const formatters = vi.spyOn(Intl, 'DateTimeFormat')
    await user.type(search, 'cairo afrika')
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'))
    ).toEqual(['Asia/Jakarta', 'Africa/Cairo'])
    await user.clear(search)
    await user.type(search, 'Africa/Cai')
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'))
    ).toEqual(['Asia/Jakarta', 'Africa/Cairo'])
    expect(formatters).not.toHaveBeenCalled()
    formatters.mockRestore()
  } finally {
    useSettings.setState({ settings: null })
  }
})

it('says at the search box when nothing matches, in a live region, and in Bahasa Indonesia too (QA: an empty list)', async () => {
  await renderPicker()
  const user = userEvent.setup()
  const search = screen.getByRole('searchbox', { name: 'Search the zones for Time zone' })
  // Present before anything is typed, so what it comes to say is announced.
  const hint = screen.getByTestId('zone-search-status')
  expect(hint.getAttribute('role')).toBe('status')
  expect(hint.textContent).toBe('')
  await user.type(search, 'xyz')
  expect(hint.textContent).toBe('No zone matches “xyz”.')
  expect(search.getAttribute('aria-describedby')).toBe(hint.id)
  // The chosen zone is still offered (a select must show its value), but it is not a match.
  expect(
    within(screen.getByRole('combobox', { name: 'Time zone' }))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'))
  ).toEqual(['Asia/Jakarta'])
  await user.clear(search)
  await user.type(search, 'jakarta')
  expect(hint.textContent).toBe('1 zone matches: WIB — Jakarta, Asia (UTC+7). Press Enter to choose it.')
  await user.clear(search)
  expect(hint.textContent).toBe('')
  expect(search.getAttribute('aria-describedby')).toBeNull()
  useSettings.getState().set(makeSettings({ language: 'id' }))
  try {
    await user.type(search, 'xyz')
    expect(hint.textContent).toBe('Tidak ada zona yang cocok dengan “xyz”.')
  } finally {
    useSettings.setState({ settings: null })
  }
})

it('lists every other zone by the name it shows, region by region, in both languages (QA: Kolkata among the Cs)', async () => {
  for (const language of ['en', 'id'] as const) {
    if (language === 'id') useSettings.getState().set(makeSettings({ language: 'id' }))
    try {
      await renderPicker()
      const select = screen.getByRole('combobox', { name: 'Time zone' })
      const group = language === 'en' ? 'All zones' : 'Semua zona'
      const shown = within(within(select).getByRole('group', { name: group }))
        .getAllByRole('option')
        .map((option) => (option.textContent ?? '').replace(/ \(UTC[^)]*\)$/, '').replace(/^WIB — /, ''))
        .filter((text) => text.includes(', '))
      // "City[, Country], Region": the region the window names, then the city as shown.
      const region = (text: string): string => text.slice(text.lastIndexOf(', ') + 2)
      const collator = new Intl.Collator(language === 'en' ? 'en-GB' : 'id-ID')
      const ordered = [...shown].sort(
        (a, b) => collator.compare(region(a), region(b)) || collator.compare(a, b)
      )
      expect(shown).toEqual(ordered)
      // The renamed and the nested ids sit where their names put them.
      const before = (a: string, b: string): void =>
        expect([
          a,
          b,
          shown.findIndex((t) => t.startsWith(a)) < shown.findIndex((t) => t.startsWith(b))
        ]).toEqual([a, b, true])
      before('Kathmandu', 'Kolkata')
      before('Kolkata', 'Krasnoyarsk')
      before('Yakutsk', 'Yangon')
      before('Hebron', 'Ho Chi Minh')
      before('Noronha', 'Nuuk')
      before('Buenos Aires', 'Cambridge Bay')
      before('Indianapolis', 'Inuvik')
    } finally {
      useSettings.setState({ settings: null })
      cleanup()
    }
  }
})

it('says how many zones a search matches, and Enter picks the only match (QA: "Calcutta" showed nothing)', async () => {
  await renderPicker('UTC')
  const user = userEvent.setup()
  const select = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement
  const search = screen.getByRole('searchbox', { name: 'Search the zones for Time zone' })
  const status = screen.getByTestId('zone-search-status')
  const kolkata = Intl.supportedValuesOf('timeZone').find(
    (z) => z === 'Asia/Calcutta' || z === 'Asia/Kolkata'
  )!
  await user.type(search, 'wi')
  const count = within(select)
    .getAllByRole('option')
    .filter((o) => o.getAttribute('value') !== 'UTC').length
  expect(count).toBeGreaterThan(1)
  expect(status.textContent).toBe(`${count} zones match.`)
  expect(search.getAttribute('aria-describedby')).toBe(status.id)
  // Enter with several matches picks none (and submits no form around the picker).
  await user.keyboard('{Enter}')
  expect(select.value).toBe('UTC')
  await user.clear(search)
  await user.type(search, 'Calcutta')
  expect(status.textContent).toBe('1 zone matches: Kolkata, Asia (UTC+5:30). Press Enter to choose it.')
  expect(select.value).toBe('UTC')
  // Enter is the operator's choice: the zone is picked, the list is whole again, and focus is on the picked zone.
  await user.keyboard('{Enter}')
  expect(select.value).toBe(kolkata)
  expect(search).toHaveProperty('value', '')
  expect(document.activeElement).toBe(select)
  expect(status.textContent).toBe('Time zone: Kolkata, Asia (UTC+5:30) chosen.')
  // Another zone chosen from the list: the line no longer names the one Enter picked (QA60: it kept saying Makassar
  // beside a saved Jakarta).
  await user.selectOptions(select, 'Asia/Jakarta')
  expect(select.value).toBe('Asia/Jakarta')
  expect(status.textContent).toBe('')
  useSettings.getState().set(makeSettings({ language: 'id' }))
  try {
    await user.type(search, 'wi')
    expect(status.textContent).toMatch(/^\d+ zona cocok\.$/)
    await user.clear(search)
    await user.type(search, 'jayapura')
    expect(status.textContent).toBe(
      '1 zona cocok: WIT — Jayapura, Asia (UTC+9). Tekan Enter untuk memilihnya.'
    )
  } finally {
    useSettings.setState({ settings: null })
  }
})

// A new operator's probe: "WIT" and Enter picked nothing ("2 zones match": WITA holds WIT; "WIB": Pontianak's is
// named WIB too), and two schedules meant for WIB and WIT were kept on UTC.
it('picks the zone an abbreviation names with Enter, though other zones match it too', async () => {
  for (const [typed, zone, said] of [
    [
      'WIT',
      'Asia/Jayapura',
      /^\d+ zones match; WIT — Jayapura, Asia \(UTC\+9\) is the one so named\. Press Enter/
    ],
    [
      'wib',
      'Asia/Jakarta',
      /^\d+ zones match; WIB — Jakarta, Asia \(UTC\+7\) is the one so named\. Press Enter/
    ]
  ] as const) {
    await renderPicker('UTC')
    const user = userEvent.setup()
    const select = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement
    const search = screen.getByRole('searchbox', { name: 'Search the zones for Time zone' })
    await user.type(search, typed)
    expect(screen.getByTestId('zone-search-status').textContent).toMatch(said)
    await user.keyboard('{Enter}')
    expect(select.value).toBe(zone)
    cleanup()
  }
})

it('finds Indonesia’s zones by the country and by the places operators live in (QA8 Q8-06: "Bali" found nothing)', async () => {
  await renderPicker('UTC')
  const user = userEvent.setup()
  const select = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement
  const search = screen.getByRole('searchbox', { name: 'Search the zones for Time zone' })
  const found = async (typed: string): Promise<(string | null)[]> => {
    await user.clear(search)
    await user.type(search, typed)
    return optionValues(select).filter((zone) => zone !== 'UTC')
  }
  expect(await found('Indonesia')).toEqual([
    'Asia/Jakarta',
    'Asia/Makassar',
    'Asia/Jayapura',
    'Asia/Pontianak'
  ])
  expect(await found('bali')).toEqual(['Asia/Makassar'])
  expect(await found('Denpasar')).toEqual(['Asia/Makassar'])
  expect(await found('surabaya')).toEqual(['Asia/Jakarta'])
  expect(await found('papua')).toEqual(['Asia/Jayapura'])
  expect(await found('ambon')).toEqual(['Asia/Jayapura'])
  expect(await found('kalimantan timur')).toEqual(['Asia/Makassar'])
  expect(await found('kalimantan barat')).toEqual(['Asia/Pontianak'])
  expect(select.value).toBe('UTC')
})
