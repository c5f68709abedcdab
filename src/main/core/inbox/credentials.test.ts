import { describe, expect, it } from 'vitest'
import { coreText, translateNote } from '../../../shared/i18n/notes'
import { ApiFailure } from '../commands'
import { MemoryVault, type Vault, type VaultLoad } from '../vault'
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

// QA: the Inbox's "Reason:" of a locked mailbox was the vault's English in the Indonesian window. The vault's cause is
// worded in the window's language (its code mapped to a key), in the mailbox's words, not a device token's.
describe('why a mailbox is locked, in the window’s language', () => {
  const lockedVault = (locked: Extract<VaultLoad, { kind: 'locked' }>): Vault =>
    ({ load: async () => locked }) as unknown as Vault

  it.each<[Extract<VaultLoad, { kind: 'locked' }>, string, string]>([
    [
      {
        kind: 'locked',
        reason: 'the keyring is locked',
        cause: { code: 'keyring-locked' },
        backend: 'memory'
      },
      'the keyring is locked',
      'keyring sedang terkunci'
    ],
    [
      {
        kind: 'locked',
        reason: 'it is stored unencrypted, and weak token storage is not allowed in Settings',
        cause: { code: 'plain-not-allowed' },
        backend: null
      },
      'the mailbox’s keys are stored unencrypted, and weak token storage is not allowed in Settings',
      'kunci kotak surat tersimpan tanpa enkripsi, dan penyimpanan token yang lemah tidak diizinkan di Pengaturan'
    ],
    [
      {
        kind: 'locked',
        reason: 'it was encrypted by kwallet but the keyring in use now is gnome-libsecret',
        cause: { code: 'keyring-changed', backend: 'kwallet', now: 'gnome-libsecret' },
        backend: 'gnome-libsecret'
      },
      'the mailbox’s keys were encrypted by kwallet but the keyring in use now is gnome-libsecret',
      'kunci kotak surat dienkripsi oleh kwallet, tetapi keyring yang dipakai sekarang adalah gnome-libsecret'
    ]
  ])('the sync’s reason and the refusal say the vault’s cause in words (%#)', async (locked, en, id) => {
    const loaded = await vaultInboxCredentials(lockedVault(locked)).load()
    expect(loaded.kind).toBe('locked')
    const reason = loaded.kind === 'locked' ? loaded.reason : ''
    expect(translateNote('en', reason)).toBe(en)
    expect(translateNote('id', reason)).toBe(id)
    const refusal = (await requireInboxCredentials(vaultInboxCredentials(lockedVault(locked))).catch(
      (error: unknown) => error
    )) as ApiFailure
    expect(refusal.message).toBe(`The mailbox’s keys cannot be read now: ${en}.`)
    const text = refusal.text!
    expect(coreText('id', '', text.key, text.params)).toBe(
      `Kunci kotak surat tidak bisa dibaca sekarang: ${id}.`
    )
  })

  it('a mailbox entry that does not read as one is damaged, in both languages', async () => {
    const vault = new MemoryVault()
    await vault.store(INBOX_VAULT_ENTRY, { token: 'pull-token', secret: 'not json' })
    const loaded = await vaultInboxCredentials(vault).load()
    const reason = loaded.kind === 'locked' ? loaded.reason : ''
    expect(translateNote('en', reason)).toBe('the stored mailbox entry is damaged')
    expect(translateNote('id', reason)).toBe('entri kotak surat yang tersimpan rusak')
  })
})
