/**
 * QA71: a search result opened its thread at the newest message, the message found above the visible area and not
 * marked, the focus left on the result. In real Chromium (the thread fits the screen and shows its end as it opens,
 * thread-fit.ts) the message found is drawn inside the thread's box and on the screen, outlined, the current one, and
 * focused, at 1100×760 and at 360×640.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { inboxHolds, journeySession, openTab, receivingSandbox, relayEachTest } from './fixtures'

const journey = journeySession()
const relay = relayEachTest()

/** Messages in Dewi's conversation: several screens of them, the one searched for the third. */
const LONG = 24
const FOUND = 'Halo kak, apakah kaos hitam ukuran L masih ada?'

/** Where the found message is drawn: inside the thread's box, on the screen under a sticky header, and focused. */
async function foundDrawn(
  page: Page
): Promise<{ text: string; inBox: boolean; onScreen: boolean; focused: boolean; outlined: boolean }> {
  return page.locator('.inbox-entries [aria-current="true"]').evaluate((entry) => {
    const rect = entry.getBoundingClientRect()
    const box = entry.closest('.inbox-entries')!.getBoundingClientRect()
    const header = document.querySelector('.header')
    const screenTop =
      header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0
    return {
      text: entry.textContent ?? '',
      inBox: rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1,
      onScreen: rect.top >= screenTop - 1 && rect.bottom <= window.innerHeight + 1,
      focused: document.activeElement === entry,
      outlined: getComputedStyle(entry).outlineStyle !== 'none'
    }
  })
}

describe('a message found by the search (QA71)', () => {
  it.each([
    [1100, 760],
    [360, 640]
  ] as const)(
    'at %i×%i opens its thread at it, outlined and focused',
    async (width, height) => {
      const { harness, deviceId } = await receivingSandbox(journey, relay.url)
      for (let n = 1; n <= LONG; n++)
        await harness.core.handlers['sandbox:receive']({
          deviceId,
          from: '0812777888',
          pushName: 'Dewi',
          message: n === 3 ? FOUND : `pesanan #${1000 + n}: apakah stok baju batik ukuran L masih ada?`
        })
      await inboxHolds(harness, LONG)

      const p = await journey.open(harness.url, undefined, { bypassCSP: true })
      await p.setViewportSize({ width, height })
      await openTab(p, 'inbox')
      await p.getByTestId('inbox-search').fill('kaos hitam')
      await p.getByTestId('inbox-search').press('Enter')
      await p
        .getByTestId('inbox-search-message')
        .getByRole('button', { name: /kaos hitam ukuran L/ })
        .click()
      const thread = p.getByTestId('inbox-thread')
      await expect.poll(() => thread.getByTestId('inbox-entry-in').count(), { timeout: 10_000 }).toBe(LONG)
      await expect.poll(async () => (await foundDrawn(p)).focused, { timeout: 5_000 }).toBe(true)
      const drawn = await foundDrawn(p)
      expect(drawn.text).toContain(FOUND)
      expect(drawn.text).toContain('Found by the search')
      expect.soft(drawn.inBox, 'the found message inside the thread’s box').toBe(true)
      expect.soft(drawn.onScreen, 'the found message on the screen').toBe(true)
      expect.soft(drawn.outlined, 'the found message outlined').toBe(true)
      expect(await seriousA11yViolations(p)).toEqual([])
      await screenshot(p, `inbox-found-message-${width}`)
    },
    120_000
  )
})
