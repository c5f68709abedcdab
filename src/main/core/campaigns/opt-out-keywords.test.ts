// The keyword lists are kept in one case whoever edits them: the window's editor and the terminal's `optout keywords`
// both save through saveKeywords, so a word typed "unsub" in either reads "UNSUB" in both afterwards.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { keywordActionOf } from '../../../shared/domain'
import { openDatabase, type SqliteDatabase } from '../store/database'
import { readKeywords, saveKeywords } from './opt-out-keywords'

let dir: string
let db: SqliteDatabase
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'opt-out-keywords-test-'))
  db = openDatabase({ dataDir: dir })
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

it('keeps the words in the case the match compares in, as the defaults are written, whoever saved them', () => {
  const kept = saveKeywords(db, { optOut: ['STOP', ' cukup ', 'Berhenti'], optIn: ['mulai'] })
  expect(kept).toEqual({ optOut: ['STOP', 'CUKUP', 'BERHENTI'], optIn: ['MULAI'] })
  expect(readKeywords(db)).toEqual(kept)
  // Matching is unchanged by the case the words are kept in.
  expect(keywordActionOf('Cukup.', readKeywords(db))).toBe('opt-out')
})

it('refuses a word in both lists whatever case each was typed in', () => {
  expect(() => saveKeywords(db, { optOut: ['stop'], optIn: ['STOP'] })).toThrow()
})
