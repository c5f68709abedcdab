// The zone-name rule against its one table of cases (QA76).
import { describe, expect, it } from 'vitest'
import { zoneName } from './zone-name'
import { ZONE_NAME_CASES } from './zone-name.cases'

describe('zoneName', () => {
  it.each(ZONE_NAME_CASES.map((c) => [c.zone, c.name] as const))('%s → %s', (zone, name) => {
    expect(zoneName(zone)).toBe(name)
  })

  it('gives each zone the platform lists a name of its own, but WIB (Jakarta and Pontianak keep one clock)', () => {
    const named = new Map<string, string[]>()
    for (const zone of Intl.supportedValuesOf('timeZone'))
      named.set(zoneName(zone), [...(named.get(zoneName(zone)) ?? []), zone])
    const shared = [...named].filter(([, zones]) => zones.length > 1)
    expect(shared).toEqual([['WIB', ['Asia/Jakarta', 'Asia/Pontianak']]])
  })
})
