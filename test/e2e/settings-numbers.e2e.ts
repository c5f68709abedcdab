/**
 * Settings' number fields as Chromium draws them (QA19 Q19-01): a decimal comma, as an Indonesian operator writes it,
 * is read as the decimal it is. An <input type="number"> dropped the comma before the page saw it: "2,5" MB was saved
 * as 25 MB with "Saved.", ten times what was meant. jsdom does not drop it, so this is a browser journey.
 */
import { describe, expect, it } from 'vitest'
import { journeySession, openTab } from './fixtures'

const session = journeySession()
const MB = 1024 * 1024

describe('Settings numbers with a decimal comma (QA19 Q19-01)', () => {
  it.each(['en', 'id'] as const)('reads "2,5" MB and "1,5" s as 2.5 and 1.5, in %s', async (language) => {
    const harness = await session.start()
    await harness.core.handlers['settings:update']({ language, maxFileBytes: 2 * MB, pacingMs: 2000 })
    const page = await session.open(harness.url)
    await openTab(page, 'settings')
    await page.getByTestId('view-settings').waitFor()

    const maxFile = page.getByTestId('settings-max-file')
    await maxFile.focus()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('2,5')
    expect(await maxFile.inputValue()).toBe('2,5')
    await page.keyboard.press('Tab')
    await expect
      .poll(async () => (await harness.core.handlers['app:bootstrap']({})).settings.maxFileBytes)
      .toBe(Math.round(2.5 * MB))

    const pacing = page.getByTestId('settings-pacing')
    await pacing.focus()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('1,5')
    await page.keyboard.press('Tab')
    await expect
      .poll(async () => (await harness.core.handlers['app:bootstrap']({})).settings.pacingMs)
      .toBe(1500)
    // The window says so once the core's answer is back, a moment after the core has the value.
    await expect
      .poll(() => page.getByTestId('settings-status').textContent())
      .toBe(language === 'en' ? 'Saved.' : 'Tersimpan.')

    // Something that is no number is refused at its field, and the saved value is left as it was.
    await pacing.focus()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('1,5,0')
    await page.keyboard.press('Tab')
    expect(await pacing.getAttribute('aria-invalid')).toBe('true')
    await page.getByTestId('settings-pacing-error').waitFor()
    expect((await harness.core.handlers['app:bootstrap']({})).settings.pacingMs).toBe(1500)
  })
})
