// Tests for the file vault: round trip, session-only and weak storage, locked entries left untouched, erase, 0600.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../clock'
import { EncryptedFileVault, PLAINTEXT_BACKEND, type Cipher, type Decrypted } from './encrypted-file-vault'
import { SecretList } from '../logging'
import { VaultLockedError } from './vault'

/** A reversible stand-in for safeStorage: XOR with a key, and a switch to make decryption fail. */
class FakeCipher implements Cipher {
  available = true
  failDecrypt = false
  /** What safeStorage says after a key rotation: decrypted, but encrypt it again. */
  askReEncrypt = false
  constructor(
    public backendName = 'gnome_libsecret',
    public key = 0x5a
  ) {}
  isAvailable(): boolean {
    return this.available
  }
  backend(): string {
    return this.backendName
  }
  async encrypt(text: string): Promise<Buffer> {
    if (!this.available) throw new Error('Encryption is not available')
    return Buffer.concat([Buffer.from('v10'), Buffer.from(Buffer.from(text).map((byte) => byte ^ this.key))])
  }
  async decrypt(data: Buffer): Promise<Decrypted> {
    if (this.failDecrypt)
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    if (data.subarray(0, 3).toString() !== 'v10') throw new Error('bad header')
    const text = Buffer.from(data.subarray(3).map((byte) => byte ^ this.key)).toString()
    return { text, shouldReEncrypt: this.askReEncrypt }
  }
}

const TOKEN_A = 'tokenAAAA1111222233334444555566667777888899990000aaaabbbbccccdddd'
const TOKEN_B = 'tokenBBBB1111222233334444555566667777888899990000aaaabbbbccccdddd'

let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-test-'))
  file = join(dir, 'nested', 'vault.json')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('EncryptedFileVault with a keyring', () => {
  it('round-trips token and secret through a fresh instance, encrypted on disk, recording the backend', async () => {
    const cipher = new FakeCipher('kwallet5')
    const vault = new EncryptedFileVault({ cipher, file, clock: new FakeClock() })
    expect(vault.status()).toEqual({ storage: 'keychain', note: null, backend: 'kwallet5' })
    await vault.store('dev-1', { token: TOKEN_A, secret: 'tgw6gVhz' })
    await vault.store('dev-2', { token: TOKEN_B })

    const onDisk = await readFile(file, 'utf8')
    expect(onDisk).not.toContain(TOKEN_A)
    expect(onDisk).not.toContain('tgw6gVhz')
    const parsed = JSON.parse(onDisk) as { entries: Record<string, { backend: string; storedAt: string }> }
    expect(parsed.entries['dev-1']?.backend).toBe('kwallet5')
    expect(parsed.entries['dev-1']?.storedAt).toBe('2026-01-15T03:00:00.000Z')

    const reopened = new EncryptedFileVault({ cipher, file })
    expect(await reopened.load('dev-1')).toEqual({
      kind: 'found',
      value: { token: TOKEN_A, secret: 'tgw6gVhz' },
      backend: 'kwallet5'
    })
    expect(await reopened.load('dev-2')).toEqual({
      kind: 'found',
      value: { token: TOKEN_B },
      backend: 'kwallet5'
    })
    expect(await reopened.load('dev-3')).toEqual({ kind: 'absent' })
  })

  it('writes the file with mode 0600 and leaves no temp files behind', async () => {
    const vault = new EncryptedFileVault({ cipher: new FakeCipher(), file })
    await vault.store('dev-1', { token: TOKEN_A })
    await vault.store('dev-1', { token: TOKEN_B })
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const { readdir } = await import('node:fs/promises')
    expect(await readdir(join(dir, 'nested'))).toEqual(['vault.json'])
  })

  it('serialises concurrent stores so none is lost', async () => {
    const vault = new EncryptedFileVault({ cipher: new FakeCipher(), file })
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => vault.store(`dev-${i}`, { token: `${TOKEN_A}-${i}` }))
    )
    const reopened = new EncryptedFileVault({ cipher: new FakeCipher(), file })
    for (let i = 0; i < 8; i++) expect((await reopened.load(`dev-${i}`)).kind).toBe('found')
  })

  it('erases an entry from the file', async () => {
    const vault = new EncryptedFileVault({ cipher: new FakeCipher(), file })
    await vault.store('dev-1', { token: TOKEN_A })
    await vault.store('dev-2', { token: TOKEN_B })
    await vault.erase('dev-1')
    expect(await vault.load('dev-1')).toEqual({ kind: 'absent' })
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, unknown> }
    expect(Object.keys(onDisk.entries)).toEqual(['dev-2'])
    await vault.erase('never-there')
  })

  it('adds every stored and loaded secret to the redaction list', async () => {
    const cipher = new FakeCipher()
    await new EncryptedFileVault({ cipher, file }).store('dev-1', { token: TOKEN_A, secret: 'tgw6gVhz' })
    const secrets = new SecretList()
    const vault = new EncryptedFileVault({ cipher, file, secrets })
    await vault.load('dev-1')
    expect(secrets.redact(`token=${TOKEN_A}.tgw6gVhz`)).not.toMatch(/tokenAAAA|tgw6gVhz/)
    expect(secrets.has(TOKEN_A)).toBe(true)
  })
})

describe('EncryptedFileVault when a secret cannot be decrypted', () => {
  it('reports locked and never overwrites the entry: the entry stays byte-identical after other saves', async () => {
    const cipher = new FakeCipher()
    const vault = new EncryptedFileVault({ cipher, file })
    await vault.store('dev-1', { token: TOKEN_A })
    const before = await readFile(file, 'utf8')
    const entryBefore = JSON.stringify(
      (JSON.parse(before) as { entries: Record<string, unknown> }).entries['dev-1']
    )

    cipher.failDecrypt = true
    const reopened = new EncryptedFileVault({ cipher, file })
    const loaded = await reopened.load('dev-1')
    expect(loaded).toMatchObject({ kind: 'locked', backend: 'gnome_libsecret' })
    expect(loaded.kind === 'locked' && loaded.reason).toMatch(/could not decrypt/)
    // A failed load changes nothing on disk.
    expect(await readFile(file, 'utf8')).toBe(before)

    // Saving another device rewrites the file but carries the locked entry over verbatim.
    cipher.failDecrypt = false
    await reopened.store('dev-2', { token: TOKEN_B })
    cipher.failDecrypt = true
    const after = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, unknown> }
    expect(JSON.stringify(after.entries['dev-1'])).toBe(entryBefore)

    // Storing over it is refused unless the caller explicitly replaces a locked token.
    await expect(reopened.store('dev-1', { token: TOKEN_B })).rejects.toBeInstanceOf(VaultLockedError)
    const afterRefusal = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, unknown> }
    expect(JSON.stringify(afterRefusal.entries['dev-1'])).toBe(entryBefore)
    cipher.failDecrypt = false
    expect(await reopened.load('dev-1')).toMatchObject({ kind: 'found', value: { token: TOKEN_A } })
  })

  it('says when the backend changed since the secret was written', async () => {
    const cipher = new FakeCipher('kwallet5', 1)
    await new EncryptedFileVault({ cipher, file }).store('dev-1', { token: TOKEN_A })
    const other = new FakeCipher('gnome_libsecret', 2)
    other.failDecrypt = true
    const loaded = await new EncryptedFileVault({ cipher: other, file }).load('dev-1')
    expect(loaded).toMatchObject({ kind: 'locked', backend: 'kwallet5' })
    expect(loaded.kind === 'locked' && loaded.reason).toMatch(/kwallet5.*gnome_libsecret/)
  })

  it('is locked (not absent) when the keyring is unavailable this run, and erase still removes it', async () => {
    const cipher = new FakeCipher()
    await new EncryptedFileVault({ cipher, file }).store('dev-1', { token: TOKEN_A })
    cipher.available = false
    const vault = new EncryptedFileVault({ cipher, file })
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'locked' })
    await vault.erase('dev-1')
    expect(await vault.load('dev-1')).toEqual({ kind: 'absent' })
  })

  it('replaces a locked entry only with replaceLocked', async () => {
    const cipher = new FakeCipher()
    const vault = new EncryptedFileVault({ cipher, file })
    await vault.store('dev-1', { token: TOKEN_A })
    cipher.failDecrypt = true
    await expect(vault.store('dev-1', { token: TOKEN_B })).rejects.toThrow(/locked/)
    cipher.failDecrypt = false
    await expect(vault.store('dev-1', { token: TOKEN_B }, { replaceLocked: true })).resolves.toBeUndefined()
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: TOKEN_B } })
  })

  it('keeps a copy of an unreadable vault file before writing, and shows unknown entries as locked, not absent', async () => {
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'nested'), { recursive: true })
    await writeFile(file, '{ not json')
    const vault = new EncryptedFileVault({ cipher: new FakeCipher(), file, clock: new FakeClock() })
    expect(await vault.load('dev-1')).toMatchObject({
      kind: 'locked',
      reason: expect.stringMatching(/damaged/)
    })
    await vault.store('dev-1', { token: TOKEN_A })
    const { readdir } = await import('node:fs/promises')
    const names = await readdir(join(dir, 'nested'))
    const copy = names.find((name) => name.startsWith('vault.json.damaged-'))
    expect(copy).toBeDefined()
    expect(await readFile(join(dir, 'nested', copy ?? ''), 'utf8')).toBe('{ not json')
    expect(vault.status().note).toMatch(/copy of the damaged file was kept/)
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: TOKEN_A } })
  })
})

describe('EncryptedFileVault without a real keyring', () => {
  it('keeps secrets in memory only when the cipher is unavailable, with a note on enabling a keyring', async () => {
    const cipher = new FakeCipher()
    cipher.available = false
    const vault = new EncryptedFileVault({ cipher, file, platform: 'linux' })
    const status = vault.status()
    expect(status.storage).toBe('session-only')
    expect(status.note).toMatch(/GNOME Keyring or KWallet/)
    await vault.store('dev-1', { token: TOKEN_A })
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: TOKEN_A } })
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' })
    // A new run (new instance) has forgotten it.
    expect(await new EncryptedFileVault({ cipher, file }).load('dev-1')).toEqual({ kind: 'absent' })
  })

  it('treats the basic_text backend as no protection: session-only, nothing written', async () => {
    const vault = new EncryptedFileVault({ cipher: new FakeCipher('basic_text'), file, platform: 'darwin' })
    expect(vault.status()).toMatchObject({ storage: 'session-only', backend: 'basic_text' })
    expect(vault.status().note).toMatch(/keychain/)
    await vault.store('dev-1', { token: TOKEN_A })
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' })
    await vault.erase('dev-1')
    expect(await vault.load('dev-1')).toEqual({ kind: 'absent' })
  })

  it('stores weakly (basic_text, recorded) only with the explicit opt-in', async () => {
    const cipher = new FakeCipher('basic_text')
    const vault = new EncryptedFileVault({ cipher, file, allowWeak: true })
    expect(vault.status()).toMatchObject({ storage: 'weak', backend: 'basic_text' })
    expect(vault.status().note).toMatch(/weak protection/)
    await vault.store('dev-1', { token: TOKEN_A })
    const onDisk = await readFile(file, 'utf8')
    expect(onDisk).not.toContain(TOKEN_A)
    expect(JSON.parse(onDisk)).toMatchObject({
      entries: { 'dev-1': { backend: 'basic_text', encoding: 'cipher' } }
    })
    expect(await new EncryptedFileVault({ cipher, file }).load('dev-1')).toMatchObject({ kind: 'found' })
  })

  it('with the opt-in and no cipher at all, stores a plaintext entry that says so (0600)', async () => {
    const cipher = new FakeCipher()
    cipher.available = false
    const vault = new EncryptedFileVault({ cipher, file, allowWeak: true })
    expect(vault.status()).toMatchObject({ storage: 'weak', backend: PLAINTEXT_BACKEND })
    expect(vault.status().note).toMatch(/unencrypted/)
    await vault.store('dev-1', { token: TOKEN_A })
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      entries: { 'dev-1': { backend: 'plaintext' } }
    })
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('turning the opt-in on persists the session secrets; turning it off takes weak ones off the disk', async () => {
    const cipher = new FakeCipher('basic_text')
    const vault = new EncryptedFileVault({ cipher, file })
    await vault.store('dev-1', { token: TOKEN_A })
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' })
    await vault.setAllowWeak(true)
    expect(await new EncryptedFileVault({ cipher, file }).load('dev-1')).toMatchObject({ kind: 'found' })
    await vault.setAllowWeak(false)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, entries: {} })
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: TOKEN_A } })
    expect(vault.status().storage).toBe('session-only')
  })
})

describe('EncryptedFileVault and the keyring asking to re-encrypt', () => {
  it('seals the entry again when decryption says shouldReEncrypt (a rotated key), and only then', async () => {
    const cipher = new FakeCipher('gnome_libsecret')
    await new EncryptedFileVault({ cipher, file }).store('dev-1', { token: TOKEN_A })
    let encryptions = 0
    const encrypt = cipher.encrypt.bind(cipher)
    cipher.encrypt = async (text) => {
      encryptions++
      return encrypt(text)
    }
    const quiet = new EncryptedFileVault({ cipher, file })
    expect(await quiet.load('dev-1')).toMatchObject({ kind: 'found' })
    await quiet.settled()
    expect(encryptions).toBe(0)

    cipher.askReEncrypt = true
    const vault = new EncryptedFileVault({ cipher, file })
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: TOKEN_A } })
    await vault.settled()
    expect(encryptions).toBe(1)
  })
})
