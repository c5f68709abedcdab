// The vault's public surface: the port and its two implementations.
export * from './vault'
export {
  EncryptedFileVault,
  NO_KEYRING,
  PLAINTEXT_BACKEND,
  UNPROTECTED_BACKEND
} from './encrypted-file-vault'
export type { Cipher, EncryptedFileVaultOptions } from './encrypted-file-vault'
export { MemoryVault } from './memory-vault'
export type { MemoryVaultOptions } from './memory-vault'
