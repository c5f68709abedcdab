import { describe, expect, it } from 'vitest'
import { translate, type Language, type Translate } from '../../i18n'
import { skippedReasons } from './problems'

const CASES: { name: string; byProblem: Record<string, number>; en: string; id: string }[] = [
  {
    name: 'most common first, plurals by count',
    byProblem: { invalid_phone: 1, opted_out: 19, duplicate: 2 },
    en: '19 opted out, 2 duplicates, 1 invalid number',
    id: '19 berhenti berlangganan, 2 duplikat, 1 nomor tidak valid'
  },
  {
    name: 'equal counts in a steady order; none left out',
    byProblem: { too_long: 1, missing_file: 1, no_phone: 0 },
    en: '1 without their file, 1 too long',
    id: '1 tanpa filenya, 1 terlalu panjang'
  },
  {
    name: 'a reason this window does not know yet is still counted',
    byProblem: { some_new_code: 3 },
    en: '3 for another reason',
    id: '3 karena alasan lain'
  },
  { name: 'nothing skipped', byProblem: {}, en: '', id: '' }
]

describe.each(['en', 'id'] as const satisfies Language[])('why rows are skipped (%s)', (language) => {
  const t: Translate = (key, params) => translate(language, key, params)
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(skippedReasons(c.byProblem, t)).toBe(c[language])
  })
})
