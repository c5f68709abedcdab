/**
 * A send to many numbers scheduled for one time, in Schedules, in Chromium: one card (a card per number before: 200
 * for one promo), named by its time and how many, no accessibility violation shut or open, its numbers reached by J
 * once listed, its words changed for every number from one form, and cancelled as one after asking, the view's line
 * saying so and the focus on the row beside it (QA74: the line took the focus).
 */
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { journeySession, linkedSandboxDevice, openTab, scheduledReminder, waitUntil } from './fixtures'

const session = journeySession()

describe('a scheduled send to many numbers', () => {
  it('is one card, listed and cancelled as one', async () => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    await harness.core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081234567891', '081234567892', '081234567893'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Promo starts at 18:00' }],
      schedule: {
        localTime: '2030-01-10T18:00',
        timezone: 'Asia/Jakarta',
        mode: 'local',
        overduePolicy: 'send'
      }
    })
    await scheduledReminder(harness, deviceId)
    const page = await session.open(harness.url, undefined, { bypassCSP: true })
    await openTab(page, 'schedules')
    const card = page.getByTestId('schedule-send')
    await card.waitFor()
    expect(await page.locator('ul[aria-label="Scheduled messages"] > li').count()).toBe(2)
    expect(await card.getAttribute('aria-labelledby')).toBeTruthy()
    expect(await page.getByRole('listitem', { name: /10 Jan 2030, 18:00 To 3 numbers/ }).count()).toBe(1)
    expect(await seriousA11yViolations(page)).toEqual([])

    // Shut, its numbers are not drawn (the list's own `display` once outweighed `hidden`: every number showed under a
    // button that offered to show them).
    const numbers = card.getByRole('list', { name: 'The numbers of this send', includeHidden: true })
    expect(await numbers.count()).toBe(1)
    expect(await numbers.isVisible()).toBe(false)
    await card.getByRole('button', { name: 'Show the 3 numbers' }).click()
    await expect.poll(() => card.getByTestId('schedule-row').count()).toBe(3)
    expect(await numbers.isVisible()).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'schedules-send-open')
    // J from the view: the reminder due sooner, the card, then each of its numbers.
    await page.locator('#main').focus()
    const walked: string[] = []
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press('j')
      walked.push(
        await page.evaluate(
          () =>
            `${document.activeElement?.getAttribute('data-testid')} ${document.activeElement?.textContent?.slice(0, 24)}`
        )
      )
    }
    expect(walked).toEqual([
      'schedule-row 10 Jan 2030, 09:30 WIB (',
      'schedule-send 10 Jan 2030, 18:00 WIB (',
      'schedule-row +62 812-3456-7891Text: P',
      'schedule-row +62 812-3456-7892Text: P',
      'schedule-row +62 812-3456-7893Text: P'
    ])

    await page.setViewportSize({ width: 360, height: 640 })
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'schedules-send-open-360')
    await page.setViewportSize({ width: 1100, height: 760 })

    // Its words changed for every number from one form, through the core.
    await card.getByRole('button', { name: 'Change the words' }).click()
    const words = card.getByRole('textbox', { name: 'Text message' })
    await expect.poll(() => words.evaluate((box) => box === document.activeElement)).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await words.fill('Promo starts at 19:00')
    await card.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => card.getByTestId('schedule-row-result').first().textContent())
      .toBe('3 messages now say the new words.')
    const listed = await harness.core.handlers['outbox:scheduled']({ limit: 10 })
    expect(listed.items.filter((item) => item.text === 'Promo starts at 19:00')).toHaveLength(3)

    await card.getByRole('button', { name: 'Cancel all 3' }).click()
    await page.getByRole('button', { name: 'Cancel all 3' }).last().click()
    const said = page.getByTestId('schedules-result')
    await expect.poll(() => said.textContent()).toBe('To 3 numbers: 3 cancelled.')
    // The card gone, the row before it (the reminder's, none after it) takes the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.slice(0, 24)))
      .toBe('10 Jan 2030, 09:30 WIB (')
    const counts = await waitUntil(
      () => harness.core.handlers['outbox:counts']({}),
      (c) => c.cancelled === 3
    )
    expect(counts.scheduled).toBe(1)
    await expect.poll(() => page.getByTestId('schedule-send').count()).toBe(0)
  })
})
