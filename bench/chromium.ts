// Debian's Chromium for the window benches, launched as the browser journeys launch it (test/e2e/browser.ts, which a
// Node-typed bench file cannot import: its page callbacks need the DOM types).
import { chromium, type Browser } from 'playwright-core'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']
  })
}
