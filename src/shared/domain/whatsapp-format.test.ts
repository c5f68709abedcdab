import { describe, expect, it } from 'vitest'
import {
  hasWhatsAppFormatting,
  keepFormattingAcrossLines,
  parseWhatsAppFormatting,
  type FormatNode
} from './whatsapp-format'

const text = (value: string): FormatNode => ({ kind: 'text', text: value })

describe('parseWhatsAppFormatting', () => {
  it('reads the four styles WhatsApp shows', () => {
    expect(parseWhatsAppFormatting('a *tebal* b _miring_ c ~coret~ d ```kode```')).toEqual([
      text('a '),
      { kind: 'bold', children: [text('tebal')] },
      text(' b '),
      { kind: 'italic', children: [text('miring')] },
      text(' c '),
      { kind: 'strike', children: [text('coret')] },
      text(' d '),
      { kind: 'mono', text: 'kode' }
    ])
  })

  it('nests styles, but keeps monospace as typed', () => {
    expect(parseWhatsAppFormatting('*_penting_*')).toEqual([
      { kind: 'bold', children: [{ kind: 'italic', children: [text('penting')] }] }
    ])
    expect(parseWhatsAppFormatting('```*a* _b_```')).toEqual([{ kind: 'mono', text: '*a* _b_' }])
    expect(parseWhatsAppFormatting('```baris 1\nbaris 2```')).toEqual([
      { kind: 'mono', text: 'baris 1\nbaris 2' }
    ])
  })

  it('leaves markers inside words, around spaces, unclosed or across lines as typed', () => {
    for (const typed of ['2*3*4', 'snake_case_name', '* not bold *', '*unclosed', 'a ** b', '*satu\ndua*'])
      expect(parseWhatsAppFormatting(typed)).toEqual([text(typed)])
  })

  it('closes before punctuation', () => {
    expect(parseWhatsAppFormatting('Bayar *hari ini*!')).toEqual([
      text('Bayar '),
      { kind: 'bold', children: [text('hari ini')] },
      text('!')
    ])
  })

  it('says whether a preview is worth showing', () => {
    expect(hasWhatsAppFormatting('Halo *Budi*')).toBe(true)
    expect(hasWhatsAppFormatting('Harga 2*3 = 6')).toBe(false)
  })
})

describe('keepFormattingAcrossLines', () => {
  const BREAK = '\ue000'
  it('closes and reopens the spans around each line break of an inserted value', () => {
    expect(keepFormattingAcrossLines(`Halo *Budi${BREAK}Santoso*!`, BREAK)).toBe('Halo *Budi*\n*Santoso*!')
    expect(keepFormattingAcrossLines(`*_a${BREAK}${BREAK}b_* c${BREAK}d`, BREAK)).toBe('*_a_*\n\n*_b_* c\nd')
    expect(parseWhatsAppFormatting('Halo *Budi*\n*Santoso*!').filter((n) => n.kind === 'bold')).toHaveLength(
      2
    )
  })

  it('leaves a message without inserted breaks, and monospace, as they are', () => {
    expect(keepFormattingAcrossLines('*a*\nb', BREAK)).toBe('*a*\nb')
    expect(keepFormattingAcrossLines(`\`\`\`x${BREAK}y\`\`\``, BREAK)).toBe('```x\ny```')
  })
})
