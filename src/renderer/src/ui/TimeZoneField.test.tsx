// The one time-zone picker (issue 29): Indonesia's zones first by their names (WIB, WITA, WIT), and a search box
// that narrows the ~400 zones and picks the only match.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, it } from 'vitest'
import { TimeZoneField } from './TimeZoneField'

function Picker({ start = 'Asia/Jakarta' }: { start?: string }): React.JSX.Element {
  const [zone, setZone] = useState(start)
  return <TimeZoneField id="zone" label="Time zone" testId="zone" value={zone} onChange={setZone} />
}

it('offers WIB, WITA and WIT first, named as operators say them', () => {
  render(<Picker />)
  const options = within(screen.getByRole('combobox', { name: 'Time zone' })).getAllByRole('option')
  expect(options.slice(0, 3).map((o) => o.textContent)).toEqual([
    'WIB — Asia/Jakarta',
    'WITA — Asia/Makassar',
    'WIT — Asia/Jayapura'
  ])
  expect(options.length).toBeGreaterThan(100)
})

it('narrows the zones to what is typed, keeps the chosen one, and picks the only match', async () => {
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
  await user.type(search, ' york')
  expect(select.value).toBe('America/New_York')
  await user.clear(screen.getByRole('searchbox'))
  await user.type(screen.getByRole('searchbox'), 'wita')
  expect(select.value).toBe('Asia/Makassar')
})
