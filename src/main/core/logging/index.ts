// Logging's public surface: the logger port, the redacting logger that masks every known secret, and the redaction helpers.
export {
  REDACTED,
  SecretList,
  createRedactingLogger,
  describeForLog,
  redact,
  redactWith,
  secretFragments,
  silentLogger
} from './redaction'
export type { LogLevel, LogSink, Logger, SecretFragments } from './redaction'
