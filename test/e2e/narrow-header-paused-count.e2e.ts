/**
 * The narrow header's counts say what a pause holds of the queued, as the wide header and the Outbox's heading do
 * (QA72: at 360×640, dark, Indonesian, it drew "9 dalam antrean · 0 terjadwal · 0 gagal" while the Outbox said
 * "9 dalam antrean (8 dijeda)"). Here one device's sending is paused, not all of it: no "Paused" leads the row, so
 * the count is the only sign of it in sight. Two-digit counts do not fit one row in Indonesian (QA77: "25 dalam antrean
 * (25 dijeda) · 0 terjadwal · 0 g…", 345 px in 336, the failed count's word cut, whole only in the tooltip): the row
 * wraps between counts, every word in sight, and the header stays within what it may take of the window. A scheduled
 * message whose number opted out since made the scheduled count "1 terjadwal (1 tidak akan dikirim: berhenti
 * berlangganan)": the row took three lines, the header 96 px, taller than the 80 px it may take and than the clearance
 * kept under it (--header-cover), so what scrolled into view went under it.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, startFastHarness, waitUntil } from './fixtures'

/** As many queued as QA had: two digits, and all of them held by the device's pause. */
const QUEUED = 25
/** The most of a 640 px high window the sticky header may take (narrow-header.e2e.ts). */
const NARROW_HEADER_MAX = 80

let browser: Browser
let harness: Harness

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  const handlers = harness.core.handlers
  // The device's sending paused holds its queued messages; all sending is not paused.
  await handlers['outbox:setPaused']({ paused: true, deviceId })
  await handlers['outbox:enqueue']({
    deviceId,
    recipients: Array.from({ length: QUEUED }, (_, index) => `0812345678${String(index).padStart(2, '0')}`),
    isGroup: false,
    entries: [{ kind: 'text', text: 'Order #1042 is ready for pickup' }]
  })
  await waitUntil(
    () => handlers['app:bootstrap']({}),
    (boot) => boot.counts.queued === QUEUED && boot.pausedQueued === QUEUED && !boot.sendingPaused
  )
})
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/**
 * Opens the app at 360×640 (dark, in `language`) and checks the narrow header's counts row: it draws `expected` (each
 * count with its words, between the dots), nothing cut or drawn past the row, the header within 80 px and the scroll
 * padding at least its height; `title` is in its tooltip, which a screen reader hears.
 */
async function checkNarrowCounts(
  language: 'id' | 'en',
  shot: string,
  expected: string[],
  title: string
): Promise<void> {
  await harness.core.handlers['settings:update']({ theme: 'dark', language })
  const page: Page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
  try {
    await page.goto(harness.url)
    await page.getByTestId('app').waitFor()
    const counts = page.getByTestId('counts-summary')
    await counts.waitFor()
    // What is drawn, not what only a screen reader hears; and whether any of it is cut (an ellipsis, or clipped).
    const drawn = () =>
      counts.evaluate((element) => {
        const copy = element.cloneNode(true) as HTMLElement
        for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove()
        const box = element.getBoundingClientRect()
        const parts = [...element.querySelectorAll(':scope > span')].flatMap((part) => [
          ...part.getClientRects()
        ])
        return {
          text: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(),
          cut: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
          outside: parts.filter(
            (rect) => rect.left < box.left || rect.right > box.right || rect.bottom > box.bottom + 0.5
          ).length
        }
      })
    await expect.poll(async () => (await drawn()).text).toContain(expected[1])
    await screenshot(page, shot)
    const shown = await drawn()
    expect(shown.text.split('·').map((part) => part.trim())).toEqual(expected)
    expect(shown.cut, 'the counts fit their row').toBe(false)
    expect(shown.outside, 'no count is drawn past the row').toBe(0)
    // The header is no taller than a narrow window allows, and what scrolls into view stays clear of it.
    const header = (await page.locator('header').boundingBox())!
    expect(header.height, `the header is ${header.height} px high`).toBeLessThanOrEqual(NARROW_HEADER_MAX)
    const clear = await page.evaluate(() =>
      parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)
    )
    expect(clear).toBeGreaterThanOrEqual(header.height)
    // A screen reader hears it once, as the wide header's count says it.
    expect(await counts.getAttribute('title')).toContain(title)
    expect(await seriousA11yViolations(page)).toEqual([])
  } finally {
    await page.close()
  }
}

describe('the narrow header while a pause holds some queued messages', () => {
  for (const language of ['id', 'en'] as const) {
    it(`draws the paused count beside the queued one, every count whole, at 360×640 (dark, ${language})`, async () => {
      const words = messages[language]
      const queuedPaused = `${QUEUED} ${words['counts.queuedPaused'].replace('{paused}', String(QUEUED))}`
      await checkNarrowCounts(
        language,
        `narrow-header-paused-count-${language}`,
        [queuedPaused, `0 ${words['counts.scheduled']}`, `0 ${words['counts.failed']}`],
        queuedPaused
      )
    })
  }
})

describe('the narrow header while a scheduled message will not be sent, its number opted out since', () => {
  beforeAll(async () => {
    const handlers = harness.core.handlers
    const { devices } = await handlers['app:bootstrap']({})
    await handlers['outbox:enqueue']({
      deviceId: devices[0]!.id,
      recipients: ['081299990001'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Reminder: payment due Friday' }],
      schedule: {
        localTime: '2030-01-10T09:30',
        timezone: 'Asia/Jakarta',
        mode: 'local',
        overduePolicy: 'send'
      }
    })
    // Opted out after the message was written (a later millisecond): it is cancelled at its turn, never sent.
    await new Promise((resolve) => setTimeout(resolve, 20))
    await handlers['optouts:add']({ phones: ['081299990001'], source: 'operator' })
    await waitUntil(
      () => handlers['app:bootstrap']({}),
      (boot) => boot.counts.scheduled === 1 && boot.scheduledOptedOut === 1 && boot.pausedQueued === QUEUED
    )
  })

  for (const language of ['id', 'en'] as const) {
    it(`names the opted-out part of the scheduled, the header within its height, at 360×640 (dark, ${language})`, async () => {
      const words = messages[language]
      const queuedPaused = `${QUEUED} ${words['counts.queuedPaused'].replace('{paused}', String(QUEUED))}`
      await checkNarrowCounts(
        language,
        `narrow-header-opted-out-count-${language}`,
        [
          queuedPaused,
          `1 ${words['counts.scheduledOptedOutShort'].replace('{optedOut}', '1')}`,
          `0 ${words['counts.failed']}`
        ],
        `1 ${words['counts.scheduledOptedOut'].replace('{optedOut}', '1')}`
      )
    })
  }
})
