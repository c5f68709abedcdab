/**
 * QA74 in real Chromium over the harness at 1100×760, the page's scrollbar drawn as in the app's window: the tab row
 * ended with "Messages in" on the Overview but with "More ▾" on the views long enough to scroll (the scrollbar took
 * its width from the row's measure), and once a message arrived its tab was named "Messages in 1 unread message",
 * the count glued to the view's name. The row is the same on every view, and the count is said apart.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { inboxHolds, linkedSandboxDevice, openTab, relayEachTest, startFastHarness } from './fixtures'

/** The views QA74 compared: the Overview is short, the others scroll at 760 px. */
const VIEWS = ['home', 'devices', 'send', 'outbox'] as const

let browser: Browser
let harness: Harness | undefined
const relay = relayEachTest()

beforeAll(async () => {
  browser = await launchBrowser({ scrollbars: true })
})
afterAll(async () => {
  await browser?.close()
})

/** The row's items as drawn: each tab's view, "more" for More. */
function rowDrawn(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#nav-tabs > li')]
      .filter((item) => !item.classList.contains('nav-measured'))
      .map((item) => item.dataset['view'] ?? 'more')
  )
}

describe('the tab row at 1100 px (QA74)', () => {
  for (const language of ['en', 'id'] as const) {
    it(`is the same on every view, scrolling or not, and names the unread count apart (${language})`, async () => {
      const words = messages[language]
      harness = await startFastHarness({
        core: { sandbox: { allowLoopbackWebhookTargets: true } }
      })
      const deviceId = await linkedSandboxDevice(harness)
      await harness.core.handlers['inbox:connect']({ relayUrl: relay.url })
      await harness.core.handlers['inbox:provision']({ deviceId })
      await harness.core.handlers['settings:update']({ theme: 'light', language })
      const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, bypassCSP: true })
      try {
        await page.goto(harness.url)
        await page.getByTestId('app').waitFor()
        const rows: Record<string, string[]> = {}
        const scrolling: string[] = []
        for (const view of VIEWS) {
          await openTab(page, view)
          await page.getByTestId(`view-${view}`).waitFor()
          await expect.poll(() => rowDrawn(page)).toContain(view)
          rows[view] = await rowDrawn(page)
          const scrolls = await page.evaluate(
            () => document.documentElement.scrollHeight > document.documentElement.clientHeight
          )
          if (scrolls) scrolling.push(view)
        }
        await screenshot(page, `tab-row-outbox-${language}`)
        expect(scrolling, 'the views whose page scrolls at 760 px').toContain('send')
        for (const view of VIEWS) expect(rows[view], `the row on ${view}`).toEqual(rows['home'])
        // The eleven English tabs fit the row at the window's default width.
        if (language === 'en') expect(rows['home']).not.toContain('more')

        // A customer writes: the tab says its count apart from its name, and the row keeps its tabs in English.
        await harness.core.handlers['sandbox:receive']({
          deviceId,
          from: '6281333334444',
          message: 'Halo kak'
        })
        await inboxHolds(harness, 1)
        await page.getByTestId('nav-inbox-unread').waitFor()
        const inboxTab = page.getByTestId('nav-inbox')
        const said = `${words['nav.inbox']}, ${words['inbox.unreadCount'].includes('plural') ? '1 unread message' : words['inbox.unreadCount'].replace('{count}', '1')}`
        expect(await inboxTab.ariaSnapshot()).toContain(`button "${said}"`)
        if (language === 'en') {
          for (const view of ['home', 'outbox'] as const) {
            await openTab(page, view)
            await expect.poll(() => rowDrawn(page)).toContain(view)
            expect(await rowDrawn(page), `the row on ${view} with a message in`).toEqual(rows['home'])
          }
        }
        await screenshot(page, `tab-row-unread-${language}`)
        expect(await seriousA11yViolations(page)).toEqual([])
      } finally {
        await page.close()
        await harness.close()
        harness = undefined
      }
    })
  }
})
