/**
 * The vault's Cipher on Electron's safeStorage (OS keychain / DPAPI / libsecret / kwallet). Created
 * only after app.whenReady(): before that Linux reports no backend and secrets would be lost. Uses
 * the async API, and remembers which Linux backend wrote each secret (the vault records it).
 */
import { safeStorage } from 'electron'
import type { Cipher } from '../core/compose'

function platformBackend(): string {
  if (process.platform === 'darwin') return 'keychain'
  if (process.platform === 'win32') return 'dpapi'
  return safeStorage.getSelectedStorageBackend()
}

export async function createSafeStorageCipher(): Promise<Cipher> {
  const available = await safeStorage.isAsyncEncryptionAvailable().catch(() => false)
  const backend = platformBackend()
  return {
    isAvailable: () => available,
    backend: () => backend,
    encrypt: (text) => safeStorage.encryptStringAsync(text),
    async decrypt(data) {
      // shouldReEncrypt: the OS asks for a fresh encryption (a rotated or upgraded key); the vault does it.
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(data)
      return { text: result, shouldReEncrypt }
    }
  }
}
