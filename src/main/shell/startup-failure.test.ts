// The startup dialog names the cause and the next step for each way a start can fail, in the operator's language.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE, StoreError } from '../core/store'
import { VaultLockedError } from '../core/vault'
import { describeStartupFailure, languageOfLocale } from './startup-failure'

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sd-startup-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

const context = (language: 'en' | 'id' = 'en') => ({ language, dataDir, logFile: '/logs/main.log' })
const newer = () => new StoreError('newer-version', 'newer', { foundVersion: 9, supportedVersion: 7 })

describe('describeStartupFailure', () => {
  it('newer database: names both versions and says to update, pointing at the data folder', () => {
    const { title, content } = describeStartupFailure(newer(), context())
    expect(title).toBe('Sender Desk could not start')
    expect(content).toContain('database version 9; this version reads up to 7')
    expect(content).toContain('Install the newer version')
    expect(content).toContain(dataDir)
    expect(content).toContain('/logs/main.log')
  })

  it('newer database with the backup made before the upgrade: names the backup to restore', () => {
    const backup = join(dataDir, `${DATABASE_FILE}.schema-7.bak`)
    writeFileSync(backup, '')
    const { content } = describeStartupFailure(newer(), context())
    expect(content).toContain(backup)
    expect(content).toContain(join(dataDir, DATABASE_FILE))
  })

  it('damaged database: says which file and how to start afresh without losing it', () => {
    const { content } = describeStartupFailure(new StoreError('corrupt', 'x'), context())
    expect(content).toContain(`The database ${join(dataDir, DATABASE_FILE)} is damaged`)
    expect(content).toContain('move that file somewhere else')
  })

  it('data folder not writable (from SQLite or from the file system): names the folder', () => {
    for (const error of [
      new StoreError('readonly', 'x'),
      Object.assign(new Error('EACCES: permission denied, mkdir'), { code: 'EACCES' })
    ]) {
      const { content } = describeStartupFailure(error, context())
      expect(content).toContain(`cannot write to its data folder ${dataDir}`)
      expect(content).toContain('write access')
    }
  })

  it('keyring locked: says to unlock it', () => {
    const { content } = describeStartupFailure(new VaultLockedError('d1', 'locked'), context())
    expect(content).toContain('keyring')
    expect(content).toContain('Unlock the keyring')
  })

  it('anything else: the message, a retry and the log for support', () => {
    const { content } = describeStartupFailure(new Error('boom'), context())
    expect(content).toContain('An unexpected error stopped the start: boom')
    expect(content).toContain('send the log /logs/main.log to support')
  })

  it('speaks Bahasa Indonesia', () => {
    const { title, content } = describeStartupFailure(new StoreError('corrupt', 'x'), context('id'))
    expect(title).toBe('Sender Desk tidak dapat dimulai')
    expect(content).toContain('rusak')
  })

  it('picks the language from the system locale before settings can be read', () => {
    expect(languageOfLocale('id-ID')).toBe('id')
    expect(languageOfLocale('id')).toBe('id')
    expect(languageOfLocale('en-US')).toBe('en')
    expect(languageOfLocale('de')).toBe('en')
  })
})
