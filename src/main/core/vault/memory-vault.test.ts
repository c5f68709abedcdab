// Tests for the in-memory vault used by tests, the harness and the CLI: same found/absent/locked contract.
import { describe, expect, it } from 'vitest'
import { MemoryVault } from './memory-vault'
import { SecretList } from '../logging'
import { VaultLockedError } from './vault'

describe('MemoryVault', () => {
  it('round-trips, locks, refuses to overwrite a locked entry and erases', async () => {
    const secrets = new SecretList()
    const vault = new MemoryVault({ secrets })
    await vault.store('a', { token: 'token-aaaaaaaa', secret: 'secret-1' })
    expect(await vault.load('a')).toEqual({
      kind: 'found',
      value: { token: 'token-aaaaaaaa', secret: 'secret-1' },
      backend: 'memory'
    })
    expect(secrets.has('token-aaaaaaaa')).toBe(true)
    vault.lock('a')
    expect(await vault.load('a')).toMatchObject({ kind: 'locked' })
    await expect(vault.store('a', { token: 'other-token' })).rejects.toBeInstanceOf(VaultLockedError)
    vault.unlock('a')
    expect(await vault.load('a')).toMatchObject({ kind: 'found', value: { token: 'token-aaaaaaaa' } })
    await vault.erase('a')
    expect(await vault.load('a')).toEqual({ kind: 'absent' })
    expect(vault.ids()).toEqual([])
  })

  it('reports the status it was given', () => {
    expect(new MemoryVault({ status: { storage: 'keychain', note: null } }).status().storage).toBe('keychain')
    expect(new MemoryVault().status().storage).toBe('session-only')
  })
})
