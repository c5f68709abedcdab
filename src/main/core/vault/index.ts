// The vault's public surface: the port, its two implementations, and log redaction.
export * from './vault'
export { EncryptedFileVault, PLAINTEXT_BACKEND, UNPROTECTED_BACKEND } from './encrypted-file-vault'
export type { Cipher, EncryptedFileVaultOptions } from './encrypted-file-vault'
export { MemoryVault } from './memory-vault'
export type { MemoryVaultOptions } from './memory-vault'
export {
  REDACTED,
  SecretList,
  createRedactingLogger,
  describeForLog,
  redact,
  silentLogger
} from '../redaction'
export type { LogLevel, LogSink, Logger } from '../redaction'
export {
  PRIVATE_FILE_MODE,
  readJsonFile,
  writeJsonAtomic,
  writeFileAtomic,
  setAside,
  CorruptFileError
} from './private-file'
