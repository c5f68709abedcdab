// Timeline notes stored as key + params: they round-trip, translate, and anything else stays the text it was.
import { describe, expect, it } from 'vitest'
import { DeviceView } from '../contract'
import { coreText, decodeNote, encodeNote, historyNote, noteFields, translateNote } from './notes'

/** A device on a real gateway, not Sender Desk's built-in sandbox gateway (`DeviceView.sandbox`, no window setting). */
const ON_SANDBOX_GATEWAY = false

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

  it('takes no name every object inherits for a string key', () => {
    for (const inherited of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(decodeNote(`\u241e${inherited}\u241e{}`)).toBeNull()
      expect(historyNote('en', { note: 'as it came', noteKey: inherited })).toBe('as it came')
      expect(coreText('id', 'as it came', inherited)).toBe('as it came')
    }
  })
})

describe('noteFields', () => {
  it('gives the English text and, for our notes, the key and params under the view field names', () => {
    const stored = encodeNote('desktop.device.serverErrorStatus', { status: 503 })
    const fields = noteFields(stored, 'stateNote', 'stateNoteKey', 'stateNoteParams')
    expect(fields).toEqual({
      stateNote: 'The gateway is failing (HTTP 503).',
      stateNoteKey: 'desktop.device.serverErrorStatus',
      stateNoteParams: { status: 503 }
    })
    // The contract keeps them, so they reach the window.
    const view = DeviceView.parse({ ...deviceView, ...fields })
    expect(coreText('id', view.stateNote ?? '', view.stateNoteKey, view.stateNoteParams)).toBe(
      'Gateway sedang bermasalah (HTTP 503).'
    )
    expect(noteFields('phone offline', 'note', 'noteKey', 'noteParams')).toEqual({ note: 'phone offline' })
    expect(noteFields(null, 'note', 'noteKey', 'noteParams')).toEqual({ note: null })
  })
})

const deviceView = {
  id: 'dev-1',
  label: 'Shop',
  baseUrl: 'https://solo.wablas.com',
  tokenHint: '••••a1b2',
  hasSecret: false,
  sandbox: ON_SANDBOX_GATEWAY,
  state: 'unreachable',
  name: null,
  serial: null,
  sender: null,
  quota: null,
  expiresAt: null,
  lastCheckedAt: null,
  stateSince: null,
  paused: false
}
