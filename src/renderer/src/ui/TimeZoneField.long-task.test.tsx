// The picker's first draw (a file of its own: the zones' offsets are cached per hour for the whole module, and this
// must see them not read yet). A campaign's pacing fields hold a picker; reading the ~400 offsets as it was drawn
// held the window for one long task (about 90 ms in a slow window, the campaign import bench's longest task).
import { render, screen, waitFor, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { TimeZoneField } from './TimeZoneField'

it('is drawn without reading every zone’s offset, and names the offsets once read a slice at a time', async () => {
  const made: string[] = []
  const Real = Intl.DateTimeFormat
  const formatters = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    locale?: string | string[],
    options?: Intl.DateTimeFormatOptions
  ) {
    if (options?.timeZoneName === 'shortOffset') made.push(String(options.timeZone))
    return new Real(locale, options)
  } as typeof Intl.DateTimeFormat)
  try {
    render(
      <TimeZoneField id="zone" label="Time zone" testId="zone" value="Asia/Jakarta" onChange={() => {}} />
    )
    // Drawn: every zone listed, by city and region, no offset read in the drawing task.
    const options = within(screen.getByRole('combobox', { name: 'Time zone' })).getAllByRole('option')
    expect(options.length).toBeGreaterThan(100)
    expect(made).toEqual([])
    expect(options[0]?.textContent).toBe('WIB — Jakarta, Asia')
    // Then read in later tasks, and named.
    await waitFor(() => expect(options[0]?.textContent).toBe('WIB — Jakarta, Asia (UTC+7)'))
    expect(new Set(made).size).toBe(options.length)
  } finally {
    formatters.mockRestore()
  }
})
