/**
 * The time field as Chromium draws it, typed into as an operator types (QA47 Q47-05): the same keys give the same time
 * in Send's schedule and in the reminder form. The reminder form had a seconds box (step=1): "0800A" over a prefilled
 * 18:00 put the "A" in the seconds, the PM stayed, and a reminder was saved at 20:00 WIB. jsdom draws no segments, so
 * this is a browser journey. Schedules then says the reminder goes out from Reminders (QA47 Q47-06).
 */
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { journeySession, linkedSandboxDevice, openTab } from './fixtures'

const session = journeySession()

describe('typing a time (QA47 Q47-05)', () => {
  it.each(['en', 'id'] as const)('"0800A" gives 08:00 in Send and in Reminders, in %s', async (language) => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    await harness.core.handlers['settings:update']({ language })
    const page = await session.open(harness.url, undefined, { bypassCSP: true })

    // Over an afternoon time, as both forms offer one late in the day: the hour, the minutes, then "A" for AM.
    const typeEightAm = async (testId: string): Promise<string> => {
      const field = page.getByTestId(testId)
      await field.fill('18:00')
      await field.focus()
      await page.keyboard.type('0800A')
      return field.inputValue()
    }

    await openTab(page, 'send')
    await page.getByTestId('send-when-schedule').check()
    expect(await typeEightAm('send-schedule-time')).toBe('08:00')

    await openTab(page, 'reminders')
    await page.getByTestId('reminder-form').waitFor()
    expect(await typeEightAm('reminder-time')).toBe('08:00')
    expect(await seriousA11yViolations(page)).toEqual([])

    // Saved as typed: 08:00 on the gateway's clock, the seconds :00.
    await page.getByTestId('reminder-to').fill('0812-3456-7890')
    await page.getByTestId('reminder-message').fill('Kontrol gigi')
    await page.getByTestId('reminder-date').fill('2030-01-10')
    await page.getByTestId('reminder-submit').click()
    await expect
      .poll(async () => (await harness.core.handlers['reminders:list']({ deviceId })).reminders.length)
      .toBe(1)
    const [saved] = (await harness.core.handlers['reminders:list']({ deviceId })).reminders
    expect(saved?.startAt).toBe('2030-01-10 08:00:00')

    // Schedules lists one-off messages: it says this one goes out from Reminders, and axe finds nothing with it.
    await openTab(page, 'schedules')
    await expect
      .poll(() => page.getByTestId('schedules-repeats').textContent())
      .toContain(
        language === 'en'
          ? '1 recurring message goes out from Reminders'
          : '1 pesan berulang dikirim dari Pengingat'
      )
    await screenshot(page, `schedules-repeats-${language}`)
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})
