// Timeline notes stored as key + params: they round-trip, translate, and anything else stays the text it was.
import { describe, expect, it } from 'vitest'
import { decodeNote, encodeNote, historyNote, translateNote } from './notes'

describe('timeline notes', () => {
  it('round-trip a key and its params and read in either language', () => {
    const stored = encodeNote('desktop.note.retryIn', { error: 'timeout', seconds: 30 })
    expect(decodeNote(stored)).toEqual({
      key: 'desktop.note.retryIn',
      params: { error: 'timeout', seconds: 30 }
    })
    expect(translateNote('en', stored)).toBe('timeout; retry in 30 s')
    expect(translateNote('id', stored)).toBe('timeout; dicoba lagi dalam 30 dtk')
  })

  it('leaves plain notes (older rows, text quoted from the gateway) and malformed ones as they are', () => {
    expect(translateNote('id', 'occurrence 1 of a recurring series')).toBe(
      'occurrence 1 of a recurring series'
    )
    expect(translateNote('id', null)).toBeNull()
    expect(decodeNote('\u241enot.a.key\u241e{}')).toBeNull()
    expect(decodeNote('\u241edesktop.note.due\u241e[1]')).toBeNull()
    expect(decodeNote('\u241edesktop.note.due\u241e{oops')).toBeNull()
  })

  it('uses the key a history entry carries, else its text', () => {
    expect(historyNote('id', { note: 'due', noteKey: 'desktop.note.due', noteParams: {} })).toBe(
      'sudah waktunya'
    )
    expect(historyNote('id', { note: 'due', noteKey: 'no.such.key' })).toBe('due')
    expect(historyNote('id', { note: 'as it came' })).toBe('as it came')
  })
})
