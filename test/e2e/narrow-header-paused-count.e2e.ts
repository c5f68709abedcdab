/**
 * The narrow header's counts say what a pause holds of the queued, as the wide header and the Outbox's heading do
 * (QA72: at 360×640, dark, Indonesian, it drew "9 dalam antrean · 0 terjadwal · 0 gagal" while the Outbox said
 * "9 dalam antrean (8 dijeda)"). Here one device's sending is paused, not all of it: no "Paused" leads the row, so
 * the count is the only sign of it in sight.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, startFastHarness, waitUntil } from './fixtures'

let browser: Browser
let harness: Harness

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  const handlers = harness.core.handlers
  // The device's sending paused holds its two queued messages; all sending is not paused.
  await handlers['outbox:setPaused']({ paused: true, deviceId })
  await handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081234567890', '081298765432'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Order #1042 is ready for pickup' }]
  })
  await waitUntil(
    () => handlers['app:bootstrap']({}),
    (boot) => boot.counts.queued === 2 && boot.pausedQueued === 2 && !boot.sendingPaused
  )
})
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

describe('the narrow header while a pause holds some queued messages', () => {
  for (const language of ['id', 'en'] as const) {
    it(`draws the paused count beside the queued one, whole, at 360×640 (dark, ${language})`, async () => {
      const words = messages[language]
      await harness.core.handlers['settings:update']({ theme: 'dark', language })
      const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
      try {
        await page.goto(harness.url)
        await page.getByTestId('app').waitFor()
        const counts = page.getByTestId('counts-summary')
        await counts.waitFor()
        const queuedPaused = `2 ${words['counts.queuedPaused'].replace('{paused}', '2')}`
        // What is drawn, not what only a screen reader hears.
        const drawn = () =>
          counts.evaluate((element) => {
            const copy = element.cloneNode(true) as HTMLElement
            for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove()
            return {
              text: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(),
              cut: element.scrollWidth > element.clientWidth
            }
          })
        await expect.poll(async () => (await drawn()).text).toContain(queuedPaused)
        await screenshot(page, `narrow-header-paused-count-${language}`)
        const shown = await drawn()
        expect(shown.text.split('·').map((part) => part.trim())).toEqual([
          queuedPaused,
          `0 ${words['counts.scheduled']}`,
          `0 ${words['counts.failed']}`
        ])
        expect(shown.cut, 'the counts fit their row').toBe(false)
        // A screen reader hears it once, as the wide header's count says it.
        expect(await counts.getAttribute('title')).toContain(queuedPaused)
        expect(await seriousA11yViolations(page)).toEqual([])
      } finally {
        await page.close()
      }
    })
  }
})
