/**
 * Chromium draws native date and time inputs (the schedule's date and time, the outbox's date range, the campaign's
 * sending hours) in the locale it started with, which it reads once, before the app is ready, from `--lang` or the
 * OS; the window's own words follow Settings → Language. So an Indonesian window showed "08:00 AM" beside "08.00".
 * The settings live in the database, opened only after ready; the shell therefore keeps the chosen language in a
 * small file beside it and hands Chromium that locale at the next start. A missing or unreadable file leaves the
 * OS's locale, as before the operator chose. A language never chosen follows the computer's (settings.ts), so it is
 * not kept: the file holds a chosen language only, or a computer that changed language would find its first one.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from '../../shared/i18n'

const FILE_NAME = 'window-language'

/** The language the window last had, or null when none is kept (first run, or a file another program wrote). */
export function rememberedWindowLanguage(dataDir: string): Language | null {
  let text: string
  try {
    text = readFileSync(join(dataDir, FILE_NAME), 'utf8').trim()
  } catch {
    return null
  }
  return text === 'id' || text === 'en' ? text : null
}

/**
 * Keeps the chosen `language` for the next start, writing only when it changed; `null` (never chosen) lets go of a
 * kept one, so the next start is in the computer's. Throws what the write threw.
 */
export function rememberWindowLanguage(dataDir: string, language: Language | null): void {
  if (language === null) {
    rmSync(join(dataDir, FILE_NAME), { force: true })
    return
  }
  if (rememberedWindowLanguage(dataDir) === language) return
  writeFileSync(join(dataDir, FILE_NAME), language, { mode: 0o600 })
}
