/**
 * Where the better-sqlite3 addon built for Electron's ABI lives (scripts/native-modules.js builds it next to
 * the Node-ABI build used by tests and the CLI). Inside a packaged app the addon is unpacked from the asar.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Logger } from '../core/compose'

export function electronSqliteBinding(logger: Logger): string | undefined {
  let packageDir: string
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'))
  } catch {
    return undefined
  }
  const inAsar = join(packageDir, 'build-electron', 'better_sqlite3.node')
  const unpacked = inAsar
    .replace(`app.asar${'/'}`, `app.asar.unpacked${'/'}`)
    .replace('app.asar\\', 'app.asar.unpacked\\')
  for (const candidate of [unpacked, inAsar]) if (existsSync(candidate)) return candidate
  logger.warn(
    'better-sqlite3 has no build for Electron yet; run `npm run rebuild:native` if the database fails to open'
  )
  return undefined
}
