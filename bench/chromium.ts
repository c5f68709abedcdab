// What the window benches share: the window built from the current sources, the harness on a seeded data folder, and
// Debian's Chromium launched as the browser journeys launch it (test/e2e/browser.ts, which a Node-typed bench file cannot import: its page callbacks
// need the DOM types).
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { startHarness, type Harness } from '../test/harness/harness'

const ROOT = resolve(import.meta.dirname, '..')
let builtInThisRun = false

/**
 * Builds the window (electron-vite build) unless this run already did: a window left in out/ by an older build would
 * be measured instead. `onlyWhenMissing` builds only when out/ has none.
 */
export function buildWindow(log: (line: string) => void, options: { onlyWhenMissing?: boolean } = {}): void {
  const present = (): boolean => existsSync(join(ROOT, 'out/renderer/index.html'))
  if (present() && (builtInThisRun || options.onlyWhenMissing)) return
  log('building the window (electron-vite build)…')
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' })
  if (built.status !== 0 || !present())
    throw new Error('electron-vite build failed; run npm run build to see why')
  builtInThisRun = true
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']
  })
}

/** The harness on `dataDir` and a browser for `run`; both closed and the folder removed afterwards, whatever happened. */
export async function inHarness<T>(
  dataDir: string,
  log: (line: string) => void,
  run: (harness: Harness, browser: Browser) => Promise<T>
): Promise<T> {
  let harness: Harness | undefined
  let browser: Browser | undefined
  try {
    harness = await startHarness({
      dataDir,
      onUnexpected: (where, error) => log(`[harness] ${where}: ${String(error)}`)
    })
    browser = await launchBrowser()
    return await run(harness, browser)
  } finally {
    await browser?.close()
    await harness?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The page-side waits of the window benches' probes, spliced into each probe's script (a string: the window's CSP
 * forbids eval) where `bench` and `checks` are in scope. `until(name, arg)` resolves with performance.now() at the
 * first DOM change after which the named check holds; `clickUntil` starts the clock just before a click dispatched in
 * the page (no CDP hop in the figure).
 */
export const PAGE_WAITS = `
  bench.until = (name, arg, timeoutMs = 30000) =>
    new Promise((resolve, reject) => {
      const check = () => checks[name](arg)
      if (check()) return resolve(performance.now())
      const timer = setTimeout(() => {
        observer.disconnect()
        reject(new Error('timed out waiting for ' + name + ' ' + arg))
      }, timeoutMs)
      const observer = new MutationObserver(() => {
        if (!check()) return
        observer.disconnect()
        clearTimeout(timer)
        resolve(performance.now())
      })
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true })
    })
  bench.clickUntil = async (selector, name, arg) => {
    const target = document.querySelector(selector)
    if (!target) throw new Error('nothing matches ' + selector)
    const started = performance.now()
    target.click()
    return (await bench.until(name, arg)) - started
  }
`
