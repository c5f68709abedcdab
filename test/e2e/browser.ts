/** Launches Debian's Chromium through playwright-core for the browser journeys, and saves screenshots as test artifacts. */
import axe from 'axe-core'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'

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

/**
 * `scrollbars: true`: the page's scrollbar takes its width as in the app's window (headless Chromium hides it by
 * default, so a layout that depends on it, QA74's tab row, is not seen otherwise).
 */
export async function launchBrowser({ scrollbars = false }: { scrollbars?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
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

/**
 * The buttons in `where` drawn touching something, one line each (QA 2026-11-29: "Previous rows" against "Next rows",
 * "Write another message" against the list above it): another button on the same line less than 4 px away, or the
 * box just above their row of buttons (the row's previous sibling) less than 4 px above it.
 */
export function touchingButtons(where: Locator): Promise<string[]> {
  return where.evaluate((root) => {
    const MIN_GAP = 4
    const shown = (element: Element): boolean => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0
    }
    const label = (element: Element): string => (element.textContent ?? '').trim()
    const buttons = [...root.querySelectorAll('button, .button')].filter(shown)
    const touching: string[] = []
    const rowsSeen = new Set<Element>()
    for (const [index, button] of buttons.entries()) {
      const box = button.getBoundingClientRect()
      for (const other of buttons.slice(index + 1)) {
        if (button.contains(other) || other.contains(button)) continue
        const near = other.getBoundingClientRect()
        const sameLine = box.top < near.bottom && near.top < box.bottom
        const apart = Math.max(near.left - box.right, box.left - near.right)
        if (sameLine && apart < MIN_GAP) touching.push(`"${label(button)}" beside "${label(other)}"`)
      }
      // The row of buttons (or the button alone) and what is drawn above it.
      const parent = button.parentElement
      const row =
        parent && parent !== root && [...parent.children].every((c) => c.matches('button, .button'))
          ? parent
          : button
      if (rowsSeen.has(row)) continue
      rowsSeen.add(row)
      let above = row.previousElementSibling
      while (above && !shown(above)) above = above.previousElementSibling
      if (!above || (row !== parent && above.matches('button, .button'))) continue
      const rowBox = row.getBoundingClientRect()
      const aboveBox = above.getBoundingClientRect()
      const overlapsAcross = rowBox.left < aboveBox.right && aboveBox.left < rowBox.right
      if (overlapsAcross && rowBox.top - aboveBox.bottom < MIN_GAP && rowBox.top >= aboveBox.top)
        touching.push(`"${label(button)}" under ${above.tagName.toLowerCase()}.${above.className}`)
    }
    return touching
  })
}
