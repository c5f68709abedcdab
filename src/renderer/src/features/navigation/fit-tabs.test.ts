import { describe, expect, it } from 'vitest'
import { tabsInRow, type TabRow } from './fit-tabs'

const shown = (flags: boolean[]): string => flags.map((flag) => (flag ? '#' : '.')).join('')

/** Five tabs of 100 px, 4 px apart (all need 516 px), and a More button of 80 px. */
const FIVE: Omit<TabRow, 'available' | 'kept'> = {
  widths: [100, 100, 100, 100, 100],
  gap: 4,
  moreWidth: 80
}

const CASES: Array<{ name: string; row: TabRow; expected: string }> = [
  { name: 'all fit exactly: no More', row: { ...FIVE, available: 516, kept: [0] }, expected: '#####' },
  { name: 'all fit with room to spare', row: { ...FIVE, available: 900, kept: [4] }, expected: '#####' },
  // 515 px: the five no longer fit; the row keeps 84 px for More and its gap: 431 px hold four tabs (412 px).
  {
    name: 'one pixel short: the last goes under More',
    row: { ...FIVE, available: 515, kept: [0] },
    expected: '####.'
  },
  { name: 'three fit beside More', row: { ...FIVE, available: 400, kept: [1] }, expected: '###..' },
  {
    name: 'the open tab stays in the row, the first ones before it',
    row: { ...FIVE, available: 400, kept: [4] },
    expected: '##..#'
  },
  { name: 'no open tab: the first ones', row: { ...FIVE, available: 400, kept: [] }, expected: '###..' },
  { name: 'room for the open tab alone', row: { ...FIVE, available: 190, kept: [3] }, expected: '...#.' },
  {
    name: 'not even the open tab fits: it stays',
    row: { ...FIVE, available: 120, kept: [2] },
    expected: '..#..'
  },
  {
    name: 'order is kept: a narrow tab after one that does not fit stays under More',
    row: { widths: [100, 300, 50], gap: 0, moreWidth: 50, available: 300, kept: [0] },
    expected: '#..'
  },
  {
    name: 'a tab with a badge stays in the row beside the open one; the ones between go under More',
    row: { ...FIVE, available: 400, kept: [0, 4] },
    expected: '##..#'
  },
  {
    name: 'kept tabs first, then the others in order while they fit',
    row: { ...FIVE, available: 500, kept: [1, 4] },
    expected: '###.#'
  },
  {
    name: 'a wide open tab takes the room of the ones after the first',
    row: { widths: [100, 100, 100, 250], gap: 0, moreWidth: 50, available: 420, kept: [3] },
    expected: '#..#'
  }
]

describe('tabsInRow', () => {
  for (const { name, row, expected } of CASES) {
    it(name, () => {
      expect(shown(tabsInRow(row))).toBe(expected)
    })
  }
})
