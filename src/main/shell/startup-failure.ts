/**
 * What the operator is told when Sender Desk cannot start: the cause in their words and the next step, chosen from
 * the error's type (a database from a newer version, a damaged or busy database, a data folder that cannot be
 * written, a locked keyring). Pure, so every case is unit-tested without Electron.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { translate, type Language, type MessageKey, type Params } from '../../shared/i18n'
import { DATABASE_FILE, StoreError, VaultLockedError } from '../core/compose'

export interface StartupFailureContext {
  language: Language
  dataDir: string
  logFile: string
}

export interface StartupFailureDialog {
  title: string
  /** Cause, next step and where the log is, in that order. */
  content: string
}

/** The backup a newer version made before migrating past the newest schema this build knows (see openDatabase). */
export function backupForSchema(dataDir: string, supported: number): string | null {
  const file = join(dataDir, `${DATABASE_FILE}.schema-${supported}.bak`)
  return existsSync(file) ? file : null
}

const FOLDER_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC'])

export function describeStartupFailure(error: unknown, context: StartupFailureContext): StartupFailureDialog {
  const t = (key: MessageKey, params?: Params): string => translate(context.language, key, params)
  const database = join(context.dataDir, DATABASE_FILE)
  const log = context.logFile
  const message = error instanceof Error ? error.message : String(error)
  let cause: string
  let next: string
  if (error instanceof StoreError && error.code === 'newer-version') {
    const supported = error.supportedVersion ?? 0
    const backup = backupForSchema(context.dataDir, supported)
    cause = t('desktop.startup.newer', { found: error.foundVersion ?? '?', supported })
    next = backup
      ? t('desktop.startup.newerNextBackup', { database, backup })
      : t('desktop.startup.newerNext', { folder: context.dataDir })
  } else if (error instanceof StoreError && error.code === 'corrupt') {
    cause = t('desktop.startup.corrupt', { database })
    next = t('desktop.startup.corruptNext')
  } else if (
    (error instanceof StoreError && error.code === 'readonly') ||
    FOLDER_ERRORS.has(String((error as { code?: unknown } | null)?.code))
  ) {
    cause = t('desktop.startup.notWritable', { folder: context.dataDir })
    next = t('desktop.startup.notWritableNext')
  } else if (error instanceof StoreError && error.code === 'locked') {
    cause = t('desktop.startup.locked', { database })
    next = t('desktop.startup.lockedNext')
  } else if (error instanceof StoreError && error.code === 'migration-failed') {
    cause = t('desktop.startup.migration', { message })
    next = t('desktop.startup.migrationNext', { log })
  } else if (error instanceof VaultLockedError || isKeyringFailure(error)) {
    cause = t('desktop.startup.keyring')
    next = t('desktop.startup.keyringNext')
  } else {
    cause = t('desktop.startup.unknown', { message })
    next = t('desktop.startup.unknownNext', { log })
  }
  return {
    title: t('desktop.startup.title'),
    content: [cause, next, t('desktop.startup.log', { log })].join('\n\n')
  }
}

/** safeStorage throws plain Errors; these are the words Chromium's keyring backends use when they cannot unlock. */
function isKeyringFailure(error: unknown): boolean {
  return error instanceof Error && /keyring|keychain|kwallet|libsecret|safeStorage/i.test(error.message)
}

/** The window's language before the core (and its settings) is up: the system's, Indonesian or English. */
export function languageOfLocale(locale: string): Language {
  return locale.toLowerCase().startsWith('id') || locale.toLowerCase().startsWith('in') ? 'id' : 'en'
}
