/** Launches Debian's Chromium through playwright-core for the browser journeys, and saves screenshots as test artifacts. */
import axe from 'axe-core'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

export const ARTIFACTS = resolve(import.meta.dirname, '../../test-results')

export function chromiumPath(): string {
  const path = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: install it (apt-get install -y chromium) or set CHROMIUM_PATH. The browser journeys do not skip.`
    )
  }
  return path
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run'
    ]
  })
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(ARTIFACTS, 'screenshots')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** On failure, tell where to look: the last screenshot and the page's console. */
export function collectConsole(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => lines.push(`[${message.type()}] ${message.text()}`))
  page.on('pageerror', (error) => lines.push(`[pageerror] ${error.message}`))
  return lines
}

/**
 * Serious and critical accessibility violations on the page as axe-core finds them, one line each (rule, help,
 * first elements). The page must be opened with `bypassCSP: true`: axe is injected as a script.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source })
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: typeof axe }).axe
    const result = await engine.run(document, { resultTypes: ['violations'] })
    // A check that ran no rule would pass anything.
    if (result.passes.length === 0) return ['axe-core ran no rule on this page']
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`
      )
  })
}
