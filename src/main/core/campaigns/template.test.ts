// Templates: variables, seeded spintax (preview equals send), and errors an operator can fix.
import { describe, expect, it } from 'vitest'
import {
  compileTemplate,
  parseTemplate,
  renderTemplate,
  rowSeed,
  templateVariables,
  TemplateError,
  MAX_SPINTAX_DEPTH,
  MAX_SPINTAX_OPTIONS
} from './template'

describe('templates', () => {
  it('fills variables case-insensitively and lists missing ones', () => {
    expect(renderTemplate('Hi {name}, {Amount}', { Name: 'Budi', Amount: '5' }, 1)).toEqual({
      text: 'Hi Budi, 5',
      missing: []
    })
    expect(renderTemplate('Hi {Name} {City}', { Name: 'Budi', City: ' ' }, 1).missing).toEqual(['City'])
  })

  it('picks spintax variants by the row seed: the same row always renders the same text', () => {
    const template = '{Halo|Hai|Selamat pagi} {Name}, {tagihan {Amount}|bill of {Amount}}'
    const seed = rowSeed('campaign-1', 7)
    const first = renderTemplate(template, { Name: 'Ani', Amount: '9' }, seed).text
    expect(renderTemplate(template, { Name: 'Ani', Amount: '9' }, seed).text).toBe(first)
    const variants = new Set(
      Array.from(
        { length: 60 },
        (_, row) => renderTemplate(template, { Name: 'Ani', Amount: '9' }, rowSeed('c', row)).text
      )
    )
    expect(variants.size).toBe(6)
    expect([...variants].every((v) => /^(Halo|Hai|Selamat pagi) Ani, (tagihan 9|bill of 9)$/.test(v))).toBe(
      true
    )
  })

  it('lists variables inside spintax too, and keeps doubled braces literal', () => {
    expect(templateVariables('{A} {x {B}|y} {A}')).toEqual(['A', 'B'])
    expect(renderTemplate('{{literal}}', {}, 1).text).toBe('{literal}')
  })

  it('rejects unclosed and stray braces with the position', () => {
    expect(() => parseTemplate('Hi {Name')).toThrow(TemplateError)
    expect(() => parseTemplate('Hi {Name')).toThrow(/character 4/)
    expect(() => parseTemplate('Hi }')).toThrow(/character 4/)
  })
})

describe('compileTemplate › longest', () => {
  it('is the longest rendering any seed gives: fixed text, values, the longest option at every depth', () => {
    const values: Record<string, string> = { Name: 'Budi Santoso', Amount: 'Rp 150.000', City: 'Bandung' }
    const lengthOf = (name: string): number => values[name]?.length ?? 0
    for (const template of [
      'Hi {Name}',
      '{Halo|Hai} {Name}, tagihan {Amount}.',
      '{a|{bb|ccc {City}}|dd} {Name} {x|{Amount}|yyyy} end',
      '{{literal}} {Name|} {|z}'
    ]) {
      const compiled = compileTemplate(template)
      const lengths = Array.from(
        { length: 400 },
        (_, seed) => compiled.render((name) => values[name], seed).text.length
      )
      // Small spintax: 400 seeds reach every combination, so the bound is met, never passed.
      expect(compiled.longest(compiled.variables.map(lengthOf)), template).toBe(Math.max(...lengths))
    }
  })
})

describe('template limits', () => {
  it('refuses spintax nested deeper than the limit with a reason, instead of overflowing the stack', () => {
    const deep = `${'{a|'.repeat(2_500)}b${'}'.repeat(2_500)}`
    let refused: unknown
    try {
      compileTemplate(deep)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(TemplateError)
    expect((refused as TemplateError).text).toEqual({
      key: 'desktop.error.spintaxTooDeep',
      params: { max: MAX_SPINTAX_DEPTH, at: 1 + 3 * MAX_SPINTAX_DEPTH }
    })
    // At the limit it still works.
    const atLimit = `${'{a|'.repeat(MAX_SPINTAX_DEPTH)}b${'}'.repeat(MAX_SPINTAX_DEPTH)}`
    expect(compileTemplate(atLimit).render(() => undefined, 3).text).toMatch(/^a|b$/)
  })

  it('refuses a template with more spintax options than the limit, at the option that passes it', () => {
    const options = (count: number): string =>
      `{${Array.from({ length: count }, (_, i) => `v${i}`).join('|')}}`
    expect(() => compileTemplate(options(MAX_SPINTAX_OPTIONS))).not.toThrow()
    expect(() => compileTemplate(`${options(MAX_SPINTAX_OPTIONS)} ${options(2)}`)).toThrow(
      expect.objectContaining({
        text: { key: 'desktop.error.spintaxTooManyOptions', params: { max: MAX_SPINTAX_OPTIONS } }
      })
    )
  })
})
