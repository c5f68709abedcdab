/**
 * A disabled primary button looks disabled in both themes, in real Chromium: the Outbox's bulk bar with a scheduled
 * message ticked offers "Retry selected" disabled (QA saw it in dark still looking like a primary button). Each
 * disabled primary button on the page is measured as drawn (its colours through its opacity, over what is behind it)
 * and then as drawn enabled: its fill moves away from the enabled one, its words are greyed (under the 3:1 an enabled
 * control keeps, as the light theme's faded white on green is), and the pointer says not-allowed.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { launchBrowser, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, scheduledReminder, startFastHarness } from './fixtures'

let browser: Browser
let harness: Harness

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  await scheduledReminder(harness, deviceId)
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

interface Drawn {
  label: string
  /** Contrast of the fill against the enabled button's fill. */
  fillMoved: number
  /** Contrast of the words on the fill, disabled and enabled. */
  words: number
  wordsEnabled: number
  cursor: string
}

/** Every disabled primary button on the page, as drawn disabled and then with `disabled` taken off for a moment. */
function disabledPrimaries(page: Page): Promise<Drawn[]> {
  return page.evaluate(() => {
    type Rgb = [number, number, number]
    const parse = (css: string): { rgb: Rgb; alpha: number } => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number)
      return { rgb: [r, g, b], alpha: css.startsWith('rgba') ? a : 1 }
    }
    const over = (top: Rgb, alpha: number, below: Rgb): Rgb =>
      top.map((c, i) => c * alpha + (below[i] ?? 0) * (1 - alpha)) as Rgb
    const luminance = (rgb: Rgb): number => {
      const [r = 0, g = 0, b = 0] = rgb.map((c) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const contrast = (a: Rgb, b: Rgb): number => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
      return (hi + 0.05) / (lo + 0.05)
    }
    /** The button's fill and words as they reach the screen: through its opacity, over the first opaque box behind. */
    const drawn = (button: HTMLElement): { fill: Rgb; words: Rgb; cursor: string } => {
      let opacity = 1
      let behind: Rgb = [255, 255, 255]
      for (let at: HTMLElement | null = button; at; at = at.parentElement) {
        const style = getComputedStyle(at)
        if (at !== button) {
          const bg = parse(style.backgroundColor)
          if (bg.alpha === 1) {
            behind = bg.rgb
            break
          }
        }
        opacity *= Number(style.opacity)
      }
      const style = getComputedStyle(button)
      const bg = parse(style.backgroundColor)
      const ownFill = over(bg.rgb, bg.alpha, behind)
      return {
        fill: over(ownFill, opacity, behind),
        words: over(parse(style.color).rgb, opacity, behind),
        cursor: style.cursor
      }
    }
    return [...document.querySelectorAll<HTMLButtonElement>('button.button--primary:disabled')].map(
      (button) => {
        const off = drawn(button)
        button.disabled = false
        const on = drawn(button)
        button.disabled = true
        return {
          label: button.textContent?.trim() ?? '',
          fillMoved: contrast(off.fill, on.fill),
          words: contrast(off.words, off.fill),
          wordsEnabled: contrast(on.words, on.fill),
          cursor: off.cursor
        }
      }
    )
  })
}

describe('a disabled primary button', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`looks disabled in the ${theme} theme: faded from the enabled one, its words greyed, the pointer not-allowed`, async () => {
      await harness.core.handlers['settings:update']({ theme, language: 'en' })
      const page = await browser.newPage({ viewport: { width: 1100, height: 800 }, bypassCSP: true })
      await page.goto(harness.url)
      await page.getByTestId('app').waitFor()
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme)
      await openTab(page, 'outbox')
      await page.getByTestId('outbox-row').first().waitFor()
      await page.locator('[id^="outbox-check-"]').first().check()
      const retry = page.getByRole('button', { name: 'Retry selected' })
      expect(await retry.isDisabled()).toBe(true)

      const buttons = await disabledPrimaries(page)
      expect(buttons.map((b) => b.label)).toContain('Retry selected')
      for (const button of buttons) {
        const said = `${button.label} (${theme}): ${JSON.stringify(button)}`
        // Enabled, its words read well: the measure is of a real primary button.
        expect(button.wordsEnabled, said).toBeGreaterThanOrEqual(4.5)
        expect(button.fillMoved, said).toBeGreaterThanOrEqual(1.5)
        expect(button.words, said).toBeLessThan(3)
        expect(button.cursor, said).toBe('not-allowed')
      }
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.close()
    })
  }
})
