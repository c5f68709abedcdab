/**
 * Attack: damage to the token vault (another local user, a bad disk, a newer app version): one garbled entry, a
 * file cut off by 1%, a newer file format, a folder in the file's place, an unencrypted entry planted without the
 * weak-storage opt-in. Outcome: damage stays with the entry it hit (others keep working), damaged entries show as
 * locked with the reason (never as missing), a newer file is read-only and untouched, filesystem errors are typed.
 * Also: one device's valid ciphertext copied into another device's entry is refused (the sealed payload names its
 * entry), and a keyring backend the vault does not know is not reported as the keychain.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EncryptedFileVault, VaultFileError, type Cipher } from '../../src/main/core/vault'

/** A reversible stand-in for safeStorage (XOR), enough to tell a good entry from a damaged one. */
const cipher: Cipher = {
  isAvailable: () => true,
  backend: () => 'gnome_libsecret',
  encrypt: async (text) => Buffer.concat([Buffer.from('v10'), Buffer.from(text).map((b) => b ^ 0x5a)]),
  decrypt: async (data) => {
    if (data.subarray(0, 3).toString() !== 'v10') throw new Error('bad header')
    return { text: Buffer.from(data.subarray(3).map((b) => b ^ 0x5a)).toString() }
  }
}

const token = (n: number) => `token${n}`.padEnd(64, String(n))
const DEVICES = ['dev-1', 'dev-2', 'dev-3', 'dev-4']

let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-attack-'))
  file = join(dir, 'vault.json')
})
afterEach(async () => rm(dir, { recursive: true, force: true }))

const open = (allowWeak = false) => new EncryptedFileVault({ cipher, file, allowWeak })

async function storeAll(): Promise<void> {
  const vault = open()
  for (const [i, id] of DEVICES.entries()) await vault.store(id, { token: token(i + 1) })
}

async function editFile(change: (json: { version: number; entries: Record<string, unknown> }) => void) {
  const json = JSON.parse(await readFile(file, 'utf8')) as {
    version: number
    entries: Record<string, unknown>
  }
  change(json)
  await writeFile(file, JSON.stringify(json, null, 2))
}

describe('vault damage is isolated per entry', () => {
  it('one garbled entry is locked with the reason; the other devices keep their tokens', async () => {
    await storeAll()
    await editFile((json) => {
      json.entries['dev-2'] = {
        backend: 'gnome_libsecret',
        encoding: 'cipher',
        data: '!!not base64 ciphertext'
      }
      json.entries['dev-3'] = 'garbage'
    })
    const vault = open()
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: token(1) } })
    expect(await vault.load('dev-2')).toMatchObject({ kind: 'locked' })
    expect(await vault.load('dev-3')).toMatchObject({
      kind: 'locked',
      reason: expect.stringMatching(/damaged/)
    })
    expect(await vault.load('dev-4')).toMatchObject({ kind: 'found', value: { token: token(4) } })
    // Saving another device keeps the damaged entries byte for byte (they might be recoverable).
    await vault.store('dev-5', { token: token(5) })
    const after = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, unknown> }
    expect(after.entries['dev-3']).toBe('garbage')
  })

  it('a file cut off by 1% keeps every whole entry; the cut and the lost ones are locked, even after a restart', async () => {
    await storeAll()
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.slice(0, Math.floor(text.length * 0.99)))
    const vault = open()
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: token(1) } })
    expect(await vault.load('dev-3')).toMatchObject({ kind: 'found', value: { token: token(3) } })
    expect(await vault.load('dev-4')).toMatchObject({
      kind: 'locked',
      reason: expect.stringMatching(/damaged/)
    })
    expect(await vault.load('dev-9')).toMatchObject({ kind: 'locked' })
    await vault.store('dev-1', { token: token(1) })
    expect((await readdir(dir)).some((name) => name.startsWith('vault.json.damaged-'))).toBe(true)
    const restarted = open()
    expect(await restarted.load('dev-2')).toMatchObject({ kind: 'found', value: { token: token(2) } })
    expect(await restarted.load('dev-4')).toMatchObject({ kind: 'locked' })
  })

  it('a file from a newer version opens read-only: entries locked with the reason, nothing written or moved', async () => {
    await storeAll()
    await editFile((json) => {
      json.version = 2
    })
    const before = await readFile(file, 'utf8')
    const vault = open()
    const loaded = await vault.load('dev-1')
    expect(loaded).toMatchObject({ kind: 'locked', reason: expect.stringMatching(/newer version/) })
    await expect(vault.store('dev-1', { token: token(1) }, { replaceLocked: true })).rejects.toMatchObject({
      name: 'VaultFileError',
      code: 'newer-version'
    })
    await expect(vault.erase('dev-2')).rejects.toBeInstanceOf(VaultFileError)
    expect(await readFile(file, 'utf8')).toBe(before)
    expect(await readdir(dir)).toEqual(['vault.json'])
    expect(vault.status().note).toMatch(/newer version/)
  })

  it('a folder in place of the file is a typed error with a readable reason, not a raw EISDIR', async () => {
    await mkdir(file)
    const vault = open()
    expect(await vault.load('dev-1')).toMatchObject({
      kind: 'locked',
      reason: expect.stringMatching(/is a folder/)
    })
    const error = await vault.store('dev-1', { token: token(1) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VaultFileError)
    expect(error).toMatchObject({ code: 'EISDIR', message: expect.stringMatching(/is a folder, not a file/) })
    expect((error as Error).message).not.toMatch(/EISDIR:/)
  })

  it('an unencrypted entry planted in the file is locked unless weak storage was allowed', async () => {
    await storeAll()
    await editFile((json) => {
      json.entries['dev-1'] = {
        backend: 'plaintext',
        encoding: 'plain',
        data: Buffer.from(JSON.stringify({ token: 'planted-token-1234567890' })).toString('base64')
      }
    })
    expect(await open().load('dev-1')).toMatchObject({
      kind: 'locked',
      reason: expect.stringMatching(/unencrypted/)
    })
    expect(await open(true).load('dev-1')).toMatchObject({ kind: 'found' })
  })
})

describe('an entry is sealed for its device', () => {
  it("one device's ciphertext copied into another's entry is locked, not read as that device's token", async () => {
    await storeAll()
    await editFile((json) => {
      json.entries['dev-2'] = json.entries['dev-1']
    })
    const vault = open()
    expect(await vault.load('dev-1')).toMatchObject({ kind: 'found', value: { token: token(1) } })
    expect(await vault.load('dev-2')).toMatchObject({ kind: 'locked', cause: { code: 'entry-mismatch' } })
  })

  it('an entry sealed by an older build (no entry inside) still opens, and is sealed for its device once read', async () => {
    const legacy = await cipher.encrypt(JSON.stringify({ token: token(7) }))
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        entries: {
          'dev-7': { backend: 'gnome_libsecret', encoding: 'cipher', data: legacy.toString('base64') }
        }
      })
    )
    const vault = open()
    expect(await vault.load('dev-7')).toMatchObject({ kind: 'found', value: { token: token(7) } })
    await vault.settled()
    const after = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, { data: string }> }
    const sealed = await cipher.decrypt(Buffer.from(after.entries['dev-7']!.data, 'base64'))
    expect(JSON.parse(sealed.text)).toEqual({ entry: 'dev-7', token: token(7) })
  })

  it('a backend it does not know (Electron says "unknown") is not reported as the keychain, nor written to disk', async () => {
    const unknown: Cipher = { ...cipher, backend: () => 'unknown' }
    const vault = new EncryptedFileVault({ cipher: unknown, file })
    expect(vault.status()).toMatchObject({ storage: 'session-only', backend: 'unknown' })
    await vault.store('dev-1', { token: token(1) })
    expect(await readdir(dir)).toEqual([])
  })
})
