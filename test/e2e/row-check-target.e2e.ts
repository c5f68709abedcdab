/**
 * A row's selection checkbox in real Chromium (QA row keys): the target a pointer hits is at least 24×24 CSS px (WCAG
 * 2.2 2.5.8; the Outbox's was the 19×19 box alone) at 1100 and 360 px, without the rows growing (the list places them
 * by their height); a click anywhere on it ticks its row; from it ↓ / J go to the next row's checkbox, Space ticking
 * each; and the opt-out list's checkboxes have the same target. Axe finds nothing serious.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { launchBrowser, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, startFastHarness } from './fixtures'

/** WCAG 2.2 2.5.8 (AA): a pointer target's least size, in CSS px. */
const LEAST_TARGET = 24
/** An Outbox row's height, wide and narrow (OutboxList's ROW_HEIGHT and NARROW_ROW_HEIGHT): the list places rows by it. */
const ROW_HEIGHT = 68
const NARROW_ROW_HEIGHT = 64

let browser: Browser
let harness: Harness

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  const handlers = harness.core.handlers
  // Scheduled far ahead: the rows stay as they are while the test reads them.
  for (const recipient of ['081298765432', '081298765433', '081298765434'])
    await handlers['outbox:enqueue']({
      deviceId,
      recipients: [recipient],
      isGroup: false,
      entries: [{ kind: 'text', text: `Reminder for ${recipient}` }],
      schedule: {
        localTime: '2030-01-10T09:30',
        timezone: 'Asia/Jakarta',
        mode: 'local',
        overduePolicy: 'send'
      }
    })
  await handlers['optouts:add']({ phones: ['081211110001', '081211110002'], source: 'operator' })
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/**
 * The clickable element around each checkbox matching `selector` (its label, else the box itself): its size, and
 * the height of the row (listitem) it is in.
 */
function targets(page: Page, selector: string) {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLInputElement>(selector)].map((box) => {
      const target = box.closest('label') ?? box
      const at = target.getBoundingClientRect()
      const row = box.closest('[role="listitem"], li')!.getBoundingClientRect()
      return { width: at.width, height: at.height, row: row.height }
    })
  }, selector)
}

/** The place (1-based) of the Outbox row holding the focus, 0 for none, and the focused control. */
function focused(page: Page): Promise<{ row: number; control: string }> {
  return page.evaluate(() => {
    const active = document.activeElement
    const row = active?.closest('[data-testid="outbox-scroll"] [aria-posinset]')
    return { row: row ? Number(row.getAttribute('aria-posinset')) : 0, control: active?.tagName ?? '' }
  })
}

const OUTBOX_CHECKS = '[data-testid="outbox-scroll"] input[type="checkbox"]'

describe("a row's selection checkbox in Chromium", () => {
  for (const [width, height, rowHeight] of [
    [1100, 760, ROW_HEIGHT],
    [360, 640, NARROW_ROW_HEIGHT]
  ] as const) {
    it(`is a target of at least 24×24 px in the Outbox at ${width} px, the rows as tall as before`, async () => {
      const page = await browser.newPage({ viewport: { width, height }, bypassCSP: true })
      await page.goto(harness.url)
      await page.getByTestId('app').waitFor()
      await openTab(page, 'outbox')
      await expect.poll(() => page.locator(OUTBOX_CHECKS).count()).toBe(3)
      for (const target of await targets(page, OUTBOX_CHECKS)) {
        expect(target.width).toBeGreaterThanOrEqual(LEAST_TARGET)
        expect(target.height).toBeGreaterThanOrEqual(LEAST_TARGET)
        expect(target.row).toBe(rowHeight)
      }
      // A click on the target's edge, off the box, ticks the row, and the keys go on from there.
      const first = page.locator(OUTBOX_CHECKS).first()
      const label = page.locator('[data-testid="outbox-scroll"] [aria-posinset="1"] label')
      await label.click({ position: { x: 2, y: 2 } })
      expect(await first.isChecked()).toBe(true)
      await first.focus()
      for (const [key, row] of [
        ['ArrowDown', 2],
        ['Space', 2],
        ['j', 3],
        ['Space', 3],
        ['k', 2],
        ['Home', 1],
        ['End', 3]
      ] as const) {
        await page.keyboard.press(key)
        await expect.poll(() => focused(page), { message: `after ${key}` }).toEqual({ row, control: 'INPUT' })
      }
      expect(
        await Promise.all([0, 1, 2].map((at) => page.locator(OUTBOX_CHECKS).nth(at).isChecked()))
      ).toEqual([true, true, true])
      expect(await seriousA11yViolations(page)).toEqual([])

      await openTab(page, 'campaigns')
      await page.getByTestId('optouts').locator('summary').click()
      const optOutChecks = '[data-testid="optout-entry"] input[type="checkbox"]'
      await expect.poll(() => page.locator(optOutChecks).count()).toBe(2)
      for (const target of await targets(page, optOutChecks)) {
        expect(target.width).toBeGreaterThanOrEqual(LEAST_TARGET)
        expect(target.height).toBeGreaterThanOrEqual(LEAST_TARGET)
      }
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.close()
    }, 60_000)
  }
})
