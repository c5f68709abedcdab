/**
 * The Devices cards' heads in a 360×640 window: every card keeps its state badge beside its title, the sandbox's (its
 * title followed by the "Sandbox" tag) as any other, and a long name wraps beside the badge instead of pushing it
 * under (QA77 5b: the sandbox card's badge dropped under its title while another card's stayed beside). Both languages.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { answeringDevice, linkedSandboxDevice, openTab, startFastHarness } from './fixtures'

let browser: Browser
let harness: Harness
let sandboxId: string
let otherId: string
let closeOther: (() => Promise<void>) | undefined

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  sandboxId = await linkedSandboxDevice(harness)
  const other = await answeringDevice(harness, 'Toko Cabang 2')
  otherId = other.deviceId
  closeOther = other.close
}, 60_000)
afterAll(async () => {
  await closeOther?.()
  await harness?.close()
  await browser?.close()
})

/** Where a card's badge is drawn against its title: beside it (sharing its first line) or under it, and in the card. */
function head(page: Page, id: string) {
  return page.getByTestId(`device-row-${id}`).evaluate((card, id) => {
    const box = (element: Element | null) => element?.getBoundingClientRect() ?? null
    const title = card.querySelector(`#device-title-${id}`)
    const badge = card.querySelector(`[data-testid="device-state-${id}"]`)
    const t = box(title)
    const b = box(badge)
    const c = box(card)!
    if (!t || !b) return { found: false, beside: false, inCard: false, title: '' }
    // Beside: the badge starts above the title's first line ends, to its right; under: it starts below the title.
    const firstLine = parseFloat(getComputedStyle(title!).lineHeight) || t.height
    return {
      found: true,
      beside: b.top < t.top + firstLine && b.left >= t.right - 0.5,
      inCard: t.left >= c.left && b.right <= c.right + 0.5 && t.right <= c.right + 0.5,
      title: title!.textContent ?? ''
    }
  }, id)
}

async function devicesAt360(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
  await page.goto(harness.url)
  await page.getByTestId('app').waitFor()
  await openTab(page, 'devices')
  await page.getByTestId(`device-row-${sandboxId}`).waitFor()
  await page.getByTestId(`device-row-${otherId}`).waitFor()
  return page
}

describe('the Devices cards in a 360×640 window', () => {
  it('keep each badge beside its title, the sandbox card’s and a long name’s too, in both languages', async () => {
    const page = await devicesAt360()
    try {
      for (const language of ['en', 'id'] as const) {
        await harness.core.handlers['settings:update']({ language })
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language)
        await screenshot(page, `narrow-device-card-head-360x640-${language}`)
        for (const id of [sandboxId, otherId]) {
          const drawn = await head(page, id)
          expect(drawn.found).toBe(true)
          expect(drawn.beside, `the badge of "${drawn.title}" is beside it (${language})`).toBe(true)
          expect(drawn.inCard, `"${drawn.title}" and its badge stay in the card (${language})`).toBe(true)
        }
        expect(await seriousA11yViolations(page)).toEqual([])
      }
      // A name the operator chose long: it wraps beside the badge.
      await harness.core.handlers['devices:rename']({
        id: otherId,
        label: 'Toko Batik Pekalongan Cabang Utama Jalan Merdeka'
      })
      await expect.poll(async () => (await head(page, otherId)).title).toContain('Pekalongan')
      await screenshot(page, 'narrow-device-card-head-360x640-long-name')
      const long = await head(page, otherId)
      expect(long.beside, `the badge of "${long.title}" is beside it`).toBe(true)
      expect(long.inCard).toBe(true)
    } finally {
      await page.close()
    }
  })
})
