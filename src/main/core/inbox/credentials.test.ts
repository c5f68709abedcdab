import { describe, expect, it } from 'vitest'
import { coreText } from '../../../shared/i18n/notes'
import { ApiFailure } from '../commands'
import { MemoryVault } from '../vault'
import { INBOX_VAULT_ENTRY, requireInboxCredentials, vaultInboxCredentials } from './credentials'

// The refusal is shown alone: a whole sentence with one full stop, the vault's own sentence quoted inside it.
describe('a mailbox whose keys are locked', () => {
  it.each([
    ['the keyring is locked', 'The mailbox’s keys cannot be read now: the keyring is locked.'],
    [
      'The token vault /home/ani/vault.json is a folder, not a file.',
      'The mailbox’s keys cannot be read now: The token vault /home/ani/vault.json is a folder, not a file.'
    ]
  ])('is refused in one sentence ending with one full stop: %s', async (reason, said) => {
    const vault = new MemoryVault()
    vault.lock(INBOX_VAULT_ENTRY, reason)
    const refusal = await requireInboxCredentials(vaultInboxCredentials(vault)).catch(
      (error: unknown) => error
    )
    expect(refusal).toBeInstanceOf(ApiFailure)
    expect((refusal as ApiFailure).message).toBe(said)
    const text = (refusal as ApiFailure).text
    expect(text && coreText('id', '', text.key, text.params)).toMatch(/^Kunci kotak surat .*[^.]\.$/)
  })
})
