// The views' keys: every tab of the navigation opens with one Alt+key, and no key opens two views.
import { describe, expect, it } from 'vitest'
import { NAV_VIEWS } from '../../stores/navigation'
import { viewForAltKey } from './view-keys'

const CODES = [
  ...Array.from({ length: 10 }, (_, digit) => `Digit${digit}`),
  ...Array.from({ length: 26 }, (_, letter) => `Key${String.fromCharCode(65 + letter)}`)
]

describe('the views’ Alt keys', () => {
  it('opens every tab of the navigation, each with one key (QA 2026-11-29: Messages in had none)', () => {
    const keysOf = new Map<string, string[]>()
    for (const code of CODES) {
      const view = viewForAltKey(code)
      if (view) keysOf.set(view, [...(keysOf.get(view) ?? []), code])
    }
    // Alt+1 … Alt+9, Alt+0 for the first ten tabs in order, Alt+I for the eleventh (Messages in).
    expect(NAV_VIEWS.map((view) => [view, keysOf.get(view)])).toEqual(
      NAV_VIEWS.map((view, index) => [view, [index < 10 ? `Digit${(index + 1) % 10}` : 'KeyI']])
    )
    expect(NAV_VIEWS.at(-1)).toBe('inbox')
  })

  it('keeps Alt+0 on Settings, as the help panel says', () => {
    expect(viewForAltKey('Digit0')).toBe('settings')
  })
})
