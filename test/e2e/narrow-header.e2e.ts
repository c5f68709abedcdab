/**
 * The window's header in a narrow window (360×640), in both languages: sticky, it takes at most 80 px of the height
 * (it took about 140, 22 % of the screen, from the inbox's thread, the QR wizard and Send), every control it has
 * is still on the screen, named, and reached by keyboard, and its counts name their buckets in sight. A wide window keeps its header as it was.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, scheduledReminder, startFastHarness, waitUntil } from './fixtures'

/** The most of a 640 px high window the sticky header may take. */
const NARROW_HEADER_MAX = 80

let browser: Browser
let harness: Harness

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  // Something in every count: sending paused holds one queued message, another waits for its time.
  await harness.core.handlers['outbox:setPaused']({ paused: true })
  await harness.core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081234567890'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Order #1042 is ready for pickup' }]
  })
  await scheduledReminder(harness, deviceId)
  await waitUntil(
    () => harness.core.handlers['outbox:counts']({}),
    (counts) => counts.queued + counts.scheduled === 2
  )
})
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/** The header's box, and whether it is drawn within the window's width. */
async function headerBox(page: Page): Promise<{ y: number; height: number }> {
  const box = (await page.locator('header').boundingBox())!
  return { y: Math.round(box.y), height: Math.round(box.height) }
}

/** Tabs from the skip link until the focus leaves the header, the header's controls it met on the way, in order. */
async function headerTabStops(page: Page): Promise<{ name: string; inWindow: boolean }[]> {
  await page.locator('.skip-link').focus()
  const stops: { name: string; inWindow: boolean }[] = []
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const focused = document.activeElement
      if (!(focused instanceof HTMLElement) || !focused.closest('header')) return null
      const box = focused.getBoundingClientRect()
      const inWindow =
        box.width > 0 &&
        box.height > 0 &&
        box.left >= 0 &&
        box.right <= innerWidth &&
        box.top >= 0 &&
        box.bottom <= innerHeight
      return { name: focused.dataset['testid'] ?? focused.tagName, inWindow }
    })
    if (stop) stops.push(stop)
    else if (stops.length > 0) break
  }
  return stops
}

describe('the header in a narrow window', () => {
  for (const language of ['en', 'id'] as const) {
    it(`takes at most ${NARROW_HEADER_MAX} px of a 360×640 window while sticky, every control in sight, named and reached by keyboard (${language})`, async () => {
      const words = messages[language]
      await harness.core.handlers['settings:update']({ theme: 'light', language })
      const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
      try {
        await page.goto(harness.url)
        await page.getByTestId('app').waitFor()
        await openTab(page, 'settings')
        await page.getByTestId('view-settings').waitFor()
        // Sticky: scrolled to the view's end, the header is still at the top, and small.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
        const header = await headerBox(page)
        await screenshot(page, `narrow-header-360x640-${language}`)
        expect(header.y).toBe(0)
        expect(header.height, `the header is ${header.height} px high`).toBeLessThanOrEqual(NARROW_HEADER_MAX)
        // The browser keeps what it scrolls into view clear of it, and no more than it (thread-fit.ts reads this).
        const clear = await page.evaluate(() =>
          parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)
        )
        expect(clear).toBeGreaterThanOrEqual(header.height)
        expect(clear).toBeLessThanOrEqual(NARROW_HEADER_MAX + 8)

        // Every control, by the name a screen reader says, in the window.
        const controls = {
          brand: page.getByRole('heading', { level: 1, name: 'Sender Desk' }),
          counts: page.getByTestId('counts-summary'),
          pause: page.getByRole('button', { name: words['counts.resume'] }),
          shortcuts: page.getByRole('button', { name: words['shortcuts.title'] }),
          menu: page.getByRole('button', {
            name: words['nav.menu'].replace('{view}', words['nav.settings'])
          })
        }
        for (const [what, control] of Object.entries(controls)) {
          expect(await control.isVisible(), `${what} is shown`).toBe(true)
          const box = (await control.boundingBox())!
          expect(box.x >= 0 && box.x + box.width <= 360, `${what} is within the window's width`).toBe(true)
          expect(box.y + box.height, `${what} is within the header`).toBeLessThanOrEqual(header.height)
        }
        // The condensed counts draw each bucket's word beside its number, whole (they drew "1 · 1 · 0"), and say the
        // full words to a screen reader and in their tooltip.
        const drawn = await controls.counts.evaluate((element) => {
          const copy = element.cloneNode(true) as HTMLElement
          for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove()
          return { text: copy.textContent ?? '', cut: element.scrollWidth > element.clientWidth }
        })
        // Sending paused is said first on the row, in words (QA63: only the Resume icon showed it at 360 px).
        expect(drawn.text.split('·').map((part) => part.replace(/\s+/g, ' ').trim())).toEqual([
          words['counts.pausedShort'],
          `1 ${words['counts.queued']}`,
          `1 ${words['counts.scheduled']}`,
          `0 ${words['counts.failed']}`
        ])
        expect(drawn.cut, 'the counts fit their row').toBe(false)
        const countsName = await controls.counts.evaluate((element) => element.getAttribute('title') ?? '')
        for (const key of ['counts.scheduled', 'counts.failed'] as const)
          expect(countsName).toContain(words[key])
        expect(countsName).toContain(words['counts.queuedPaused'].replace('{paused}', '1'))
        expect(
          await page
            .getByRole('button', { name: new RegExp(`1 ${words['counts.scheduled']}`) })
            .and(controls.counts)
            .count()
        ).toBe(1)

        // By keyboard: each control is a tab stop, shown where it has the focus.
        await page.evaluate(() => window.scrollTo(0, 0))
        const stops = await headerTabStops(page)
        // In the order they are drawn: the top row, then the counts under it.
        expect(stops.map((stop) => stop.name)).toEqual([
          'pause-sending',
          'shortcuts-open',
          'nav-toggle',
          'counts-summary'
        ])
        for (const stop of stops) expect(stop.inWindow, `${stop.name} is in sight when focused`).toBe(true)
        // The menu opens from the keyboard under the header, every tab in the window.
        await page.keyboard.press('Shift+Tab')
        await page.keyboard.press('Shift+Tab')
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
          'nav-toggle'
        )
        await page.keyboard.press('Enter')
        expect(await page.getByTestId('nav-toggle').getAttribute('aria-expanded')).toBe('true')
        const tabs = await page
          .locator('#nav-tabs > li[data-view] > .nav-button')
          .evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().toJSON() as DOMRect))
        expect(tabs).toHaveLength(11)
        for (const tab of tabs)
          expect(tab.left >= 0 && tab.right <= 360 && tab.bottom <= 640 && tab.height > 0).toBe(true)
        await screenshot(page, `narrow-header-360x640-menu-${language}`)
        expect(await seriousA11yViolations(page)).toEqual([])
        await page.keyboard.press('Escape')
        expect((await headerBox(page)).height).toBeLessThanOrEqual(NARROW_HEADER_MAX)

        // The summary opens the outbox.
        await controls.counts.focus()
        await page.keyboard.press('Enter')
        await page.getByTestId('view-outbox').waitFor()
        expect((await headerBox(page)).height).toBeLessThanOrEqual(NARROW_HEADER_MAX)
        expect(await seriousA11yViolations(page)).toEqual([])
      } finally {
        await page.close()
      }
    })
  }

  it('keeps the wide header as it was: the counts in words, the buttons in words, the tabs in a row', async () => {
    await harness.core.handlers['settings:update']({ theme: 'light', language: 'en' })
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 } })
    try {
      await page.goto(harness.url)
      await page.getByTestId('app').waitFor()
      expect(await page.getByTestId('header-counts').innerText()).toMatch(/1\s+scheduled/)
      expect(await page.getByTestId('counts-summary').isVisible()).toBe(false)
      expect(await page.getByTestId('pause-sending').innerText()).toBe('Resume sending')
      expect(await page.getByTestId('shortcuts-open').innerText()).toBe('Keyboard shortcuts')
      expect(await page.getByTestId('nav-toggle').isVisible()).toBe(false)
      expect(await page.getByTestId('nav-home').isVisible()).toBe(true)
    } finally {
      await page.close()
    }
  })
})
