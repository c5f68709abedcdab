import { describe, expect, it } from 'vitest'
import {
  CAMPAIGN_NAME_MAX_LENGTH,
  campaignNameFromFile,
  takenCampaignName,
  uniqueCampaignName,
  framedCampaignName,
  splitRestName
} from './campaign-name'
import { translate, type Language } from '../i18n'

describe('uniqueCampaignName', () => {
  it('keeps a name no campaign has', () => {
    expect(uniqueCampaignName('promo3', ['bills', 'promo'])).toBe('promo3')
  })

  it('numbers a repeat from 2, past the numbers already taken (any case, spaces ignored)', () => {
    expect(uniqueCampaignName('promo3', ['promo3'])).toBe('promo3 (2)')
    expect(uniqueCampaignName('promo3', [' PROMO3 ', 'promo3 (2)', 'promo3 (4)'])).toBe('promo3 (3)')
  })

  const max = CAMPAIGN_NAME_MAX_LENGTH
  const long = 'a'.repeat(max)
  // A long name repeated stays within the limit once numbered: its base is cut, never the number.
  const numbered = (cut: number, n: number) => `${'a'.repeat(max - cut)} (${n})`
  it.each([
    { why: 'a name at the limit, free', base: long, existing: [], expected: long },
    {
      why: 'a repeat that fits as it is',
      base: 'a'.repeat(max - 4),
      existing: ['a'.repeat(max - 4)],
      expected: numbered(4, 2)
    },
    {
      why: 'a repeat one character too long',
      base: 'a'.repeat(max - 3),
      existing: ['a'.repeat(max - 3)],
      expected: numbered(4, 2)
    },
    { why: 'a repeat at the limit', base: long, existing: [long], expected: numbered(4, 2) },
    {
      why: 'a tenth repeat, its number one digit longer',
      base: long,
      existing: [long, ...Array.from({ length: 8 }, (_, i) => numbered(4, i + 2))],
      expected: numbered(5, 10)
    },
    {
      why: 'a cut that ends in a space drops it ("promo  (2)" never shows)',
      base: `${'a'.repeat(max - 5)} bcde`,
      existing: [`${'a'.repeat(max - 5)} bcde`],
      expected: numbered(5, 2)
    },
    {
      why: 'a base too long from the start (a long file name)',
      base: 'b'.repeat(max + 30),
      existing: [],
      expected: 'b'.repeat(max)
    }
  ])('$why', ({ base, existing, expected }) => {
    const name = uniqueCampaignName(base, existing)
    expect(name).toBe(expected)
    expect(name.length).toBeLessThanOrEqual(max)
  })
})

describe('framedCampaignName', () => {
  const rest = (name: string): string => `${name} (rest)`
  it.each([
    { why: 'a short name, as it is', name: 'bills', expected: 'bills (rest)' },
    {
      why: 'a name at the limit, cut to leave room',
      name: 'b'.repeat(120),
      expected: `${'b'.repeat(113)} (rest)`
    },
    {
      why: 'no space left before the frame',
      name: `${'b'.repeat(112)}  xyz`,
      expected: `${'b'.repeat(112)} (rest)`
    }
  ])('$why', ({ name, expected }) => {
    expect(framedCampaignName(name, rest)).toBe(expected)
    expect(framedCampaignName(name, rest).length).toBeLessThanOrEqual(CAMPAIGN_NAME_MAX_LENGTH)
  })
})

describe('campaignNameFromFile', () => {
  // The window's default and the core's/CLI's unnamed campaign: one rule, the file's name without its extension.
  it.each([
    { fileName: 'promo3.csv', name: 'promo3' },
    { fileName: 'Tagihan Mei.xlsx', name: 'Tagihan Mei' },
    { fileName: 'promo.2024.csv', name: 'promo.2024' },
    { fileName: 'noextension', name: 'noextension' },
    { fileName: '  spaced.csv ', name: 'spaced' },
    { fileName: '.csv', name: '.csv' }
  ])('$fileName → $name', ({ fileName, name }) => {
    expect(campaignNameFromFile(fileName)).toBe(name)
  })
})

describe('takenCampaignName', () => {
  it('finds a name already used, whatever its case and surrounding spaces, as it is listed', () => {
    expect(takenCampaignName(' PROMO3', ['bills', 'promo3 '])).toBe('promo3 ')
    expect(takenCampaignName('promo3 (2)', ['promo3'])).toBeNull()
    expect(takenCampaignName('   ', [''])).toBeNull()
  })
})

// QA11-16: the rest of a rest was "Big 5000 (rest) (rest)". Each language's frame is read back and numbered.
describe('splitRestName', () => {
  const frames = (language: Language) =>
    [
      (name: string) => translate(language, 'campaigns.split.restName', { name }),
      (name: string, n: string) => translate(language, 'campaigns.split.restNameAgain', { name, n })
    ] as const
  it.each([
    { language: 'en', name: 'Big 5000', expected: 'Big 5000 (rest)' },
    { language: 'en', name: 'Big 5000 (rest)', expected: 'Big 5000 (rest 2)' },
    { language: 'en', name: 'Big 5000 (rest 2)', expected: 'Big 5000 (rest 3)' },
    { language: 'en', name: 'Big 5000 (rest 9) ', expected: 'Big 5000 (rest 10)' },
    { language: 'id', name: 'Big 5000', expected: 'Big 5000 (sisa)' },
    { language: 'id', name: 'Big 5000 (sisa)', expected: 'Big 5000 (sisa 2)' },
    { language: 'id', name: 'Big 5000 (sisa 2)', expected: 'Big 5000 (sisa 3)' },
    // Only the frame itself counts: a name that merely holds the words, or only the words, is framed as it is.
    { language: 'en', name: 'Big (rest) 5000', expected: 'Big (rest) 5000 (rest)' },
    { language: 'en', name: '(rest)', expected: '(rest) (rest)' }
  ] as const)('names the rest of "$name" in $language "$expected"', ({ language, name, expected }) => {
    expect(splitRestName(name, ...frames(language))).toBe(expected)
  })

  it("keeps a long rest's number within the name's limit, cutting the name", () => {
    const long = `${'a'.repeat(CAMPAIGN_NAME_MAX_LENGTH - 7)} (rest)`
    const named = splitRestName(long, ...frames('en'))
    expect(named.length).toBeLessThanOrEqual(CAMPAIGN_NAME_MAX_LENGTH)
    expect(named).toMatch(/^a+ \(rest 2\)$/)
  })

  // Two campaigns of one name (the operator may keep a repeat), or a draft split again after its Start failed, left two
  // drafts named "Promo (rest)": the list could not tell which rows each held.
  it('numbers the rest past the names campaigns have already (any case, spaces ignored)', () => {
    expect(splitRestName('Promo', ...frames('en'), ['promo (REST) '])).toBe('Promo (rest 2)')
    expect(splitRestName('Promo', ...frames('en'), ['Promo (rest)', 'Promo (rest 2)'])).toBe('Promo (rest 3)')
    expect(splitRestName('Promo (rest)', ...frames('en'), ['Promo (rest 2)'])).toBe('Promo (rest 3)')
    expect(splitRestName('Promo', ...frames('en'), ['Promo', 'Promo (rest 2)'])).toBe('Promo (rest)')
  })
})
