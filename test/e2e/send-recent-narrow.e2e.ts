/**
 * QA74 in real Chromium over the harness, keyboard only, at 360×640: Enter on a recent number near the window's foot
 * adds a recipient's chip above it and took the focused button under the sticky "Send" row, unseen. The focus goes on
 * to the next recent number, in sight above that row; the recent numbers are one Tab stop, ← / → inside.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, startFastHarness, waitUntil } from './fixtures'

const RECENT = Array.from({ length: 8 }, (_, n) => `08129999${String(n * 37).padStart(4, '0')}`)

let browser: Browser
let harness: Harness

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  // Paused: the messages stay queued, their numbers the recent ones.
  await harness.core.handlers['outbox:setPaused']({ paused: true })
  await harness.core.handlers['outbox:enqueue']({
    deviceId,
    recipients: RECENT,
    isGroup: false,
    entries: [{ kind: 'text', text: 'Order #1042 is ready for pickup' }]
  })
  await waitUntil(
    () => harness.core.handlers['recipients:recent']({}),
    (reply) => reply.recipients.length === RECENT.length
  )
})
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/** Where the focused element is drawn, between the sticky header's foot and the sticky Send row's top. */
function focusedPlace(
  page: Page
): Promise<{ testId: string | null; top: number; bottom: number; headerBottom: number; rowTop: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement
    const box = focused.getBoundingClientRect()
    return {
      testId: focused.dataset['testid'] ?? null,
      top: box.top,
      bottom: box.bottom,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
      rowTop: document.querySelector('.send-actions')!.getBoundingClientRect().top
    }
  })
}

describe('the recent numbers in a narrow window (QA74)', () => {
  it('keeps the focus on a recent number in sight above the Send row as one is picked with Enter', async () => {
    await harness.core.handlers['settings:update']({ theme: 'light', language: 'en' })
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
    try {
      await page.goto(harness.url)
      await page.getByTestId('app').waitFor()
      await openTab(page, 'send')
      const recent = page.getByTestId('recent-recipient')
      await expect.poll(() => recent.count()).toBe(RECENT.length)
      // One Tab stop for the group: Tab from the first recent number leaves it.
      expect(await recent.evaluateAll((all) => all.map((b) => (b as HTMLElement).tabIndex))).toEqual([
        0, -1, -1, -1, -1, -1, -1, -1
      ])
      // The first one in sight at the window's foot, just above the Send row, as Tab brings it.
      await recent.first().focus()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowLeft')
      const before = await focusedPlace(page)
      expect(before.testId).toBe('recent-recipient')
      expect(before.bottom).toBeLessThanOrEqual(before.rowTop)

      for (let picked = 1; picked <= 3; picked++) {
        await page.keyboard.press('Enter')
        await expect.poll(() => page.getByTestId('recipient-chip').count()).toBe(picked)
        await expect.poll(() => recent.count()).toBe(RECENT.length - picked)
        const after = await focusedPlace(page)
        await screenshot(page, `send-recent-narrow-picked-${picked}`)
        expect(after.testId, 'the focus is on the next recent number').toBe('recent-recipient')
        expect(after.top, 'it is below the sticky header').toBeGreaterThanOrEqual(after.headerBottom)
        expect(after.bottom, 'it is above the sticky Send row').toBeLessThanOrEqual(after.rowTop)
      }
      expect(await seriousA11yViolations(page)).toEqual([])
    } finally {
      await page.close()
    }
  })

  // QA76: a number typed then Tab showed as a chip; "Halo" typed on the recent number Tab reached next went into the
  // field after it ("0857 6666 7777Halo", marked ⚠). The chip stays; the word starts a new entry in the field.
  it('keeps a number typed and shown as a chip when a word is typed on a recent number', async () => {
    await harness.core.handlers['settings:update']({ theme: 'dark', language: 'en' })
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
    try {
      await page.goto(harness.url)
      await page.getByTestId('app').waitFor()
      await openTab(page, 'send')
      await expect.poll(() => page.getByTestId('recent-recipient').count()).toBe(RECENT.length)
      const field = page.getByTestId('send-recipients')
      await field.focus()
      await page.keyboard.type('0857 6666 7777')
      // Tab to the chip's ×, Tab again to the recent numbers.
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      expect((await focusedPlace(page)).testId).toBe('recent-recipient')
      await page.keyboard.type('Halo')
      const chips = page.getByTestId('recipient-chip')
      expect(await chips.evaluateAll((all) => all.map((c) => (c as HTMLElement).dataset['value']))).toEqual([
        '6285766667777'
      ])
      expect(await field.inputValue()).toBe('Halo')
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true)
      expect(await page.getByTestId('send-recipients-error').count()).toBe(0)
      await screenshot(page, 'send-recent-typed-on')
    } finally {
      await page.close()
    }
  })
})
