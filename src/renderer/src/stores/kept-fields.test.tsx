// Kept form values in the page's history entry: a reload reads them back, an older page's odd value is not taken.
import { act, renderHook } from '@testing-library/react'
import { expect, it } from 'vitest'
import { forgetKeptFields, KEPT_FIELDS_KEY, resetKeptFields, useKeptState } from './kept-fields'

/** What the history entry holds once the page has been idle (or is left). */
function written(): unknown {
  dispatchEvent(new Event('beforeunload'))
  return (history.state as Record<string, unknown> | null)?.[KEPT_FIELDS_KEY]
}

it('writes a typed value to the history entry, and a page reloaded reads it back', () => {
  const typed = renderHook(() => useKeptState('reminder.new.d1.title', ''))
  act(() => typed.result.current[1]('Tagihan Mei'))
  expect(written()).toEqual({ 'reminder.new.d1.title': 'Tagihan Mei' })
  // A reload: the page's values are read afresh from the entry.
  const entry = history.state as Record<string, unknown>
  resetKeptFields()
  history.replaceState(entry, '')
  expect(renderHook(() => useKeptState('reminder.new.d1.title', '')).result.current[0]).toBe('Tagihan Mei')
})

it('forgets a saved form in the entry too, and takes no value of another kind', () => {
  resetKeptFields()
  history.replaceState({ [KEPT_FIELDS_KEY]: { 'newDevice.name': 42, 'newDevice.phone': '0812' } }, '')
  expect(renderHook(() => useKeptState('newDevice.name', '')).result.current[0]).toBe('')
  expect(renderHook(() => useKeptState('newDevice.phone', '')).result.current[0]).toBe('0812')
  forgetKeptFields('newDevice.')
  expect(written()).toBeUndefined()
})
