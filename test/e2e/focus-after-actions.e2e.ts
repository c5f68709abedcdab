/**
 * Where the focus goes after an action, by keyboard alone in Chromium (QA74, issue 29 point 4): Cancel sending on the
 * second of three schedules hands it to the next row (it went to the line under the list, and Tab then to "Skip to
 * content"); Escape from "Skip to content", Tab past the Outbox's open detail, closes the detail and gives the focus
 * back to its row (it did nothing); the sandbox's "Make the gateway unreachable" keeps the focus on itself (it went to
 * the line at the end of the panel). Axe finds nothing serious at each step.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousA11yViolations } from './browser'
import { journeySession, linkedSandboxDevice, openTab } from './fixtures'

const session = journeySession()

/** The focused element's test id and its first characters (a row's text says which it is). */
function focusedSays(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      `${document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 160) ?? ''}`
  )
}

/** Tab until the focus is on what `is` accepts, at most `most` times; what it is then. */
async function tabTo(page: Page, is: (said: string) => boolean, most: number): Promise<string> {
  let said = await focusedSays(page)
  for (let step = 0; step < most && !is(said); step++) {
    await page.keyboard.press('Tab')
    said = await focusedSays(page)
  }
  return said
}

describe('the focus after an action, by keyboard', () => {
  it('goes to the next schedule, closes a detail with Escape from anywhere, stays on a sandbox control', async () => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    for (const [recipient, localTime] of [
      ['081234560100', '2030-01-10T09:30'],
      ['081234560101', '2030-01-11T09:30'],
      ['081234560102', '2030-01-12T09:30']
    ] as const) {
      await harness.core.handlers['outbox:enqueue']({
        deviceId,
        recipients: [recipient],
        isGroup: false,
        entries: [{ kind: 'text', text: `Reminder for ${recipient}` }],
        schedule: { localTime, timezone: 'Asia/Jakarta', mode: 'local', overduePolicy: 'send' }
      })
    }
    const page = await session.open(harness.url, undefined, { bypassCSP: true })
    await page.setViewportSize({ width: 1100, height: 760 })

    // Schedules: J J to the second, Tab to its Cancel sending, Enter.
    await page.keyboard.press('Alt+Digit6')
    await page.getByTestId('view-schedules').waitFor()
    const rows = page.getByTestId('schedule-row')
    await expect.poll(() => rows.count()).toBe(3)
    await page.locator('#main').focus()
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    expect(await focusedSays(page)).toContain('+62 812-3456-0101')
    expect(await tabTo(page, (said) => said.includes('Cancel sending'), 5)).toContain('Cancel sending')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByTestId('schedules-result').textContent())
      .toBe('+62 812-3456-0101: Cancelled. It stays in the Outbox, marked cancelled.')
    await expect.poll(() => rows.count()).toBe(2)
    // The next row, not the line (the next Tab went to "Skip to content").
    await expect.poll(() => focusedSays(page)).toMatch(/^schedule-row .*\+62 812-3456-0102/)
    expect(await seriousA11yViolations(page)).toEqual([])

    // The Outbox: J, Enter opens the message beside the list; Tab past its last button to "Skip to content", Escape.
    await page.keyboard.press('Alt+Digit4')
    await page.getByTestId('view-outbox').waitFor()
    await expect.poll(() => page.getByTestId('outbox-row').count()).toBe(3)
    await page.locator('#main').focus()
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    await page.getByTestId('outbox-detail').waitFor()
    await expect.poll(() => focusedSays(page)).toMatch(/^H3 /)
    expect(await tabTo(page, (said) => said.includes('Skip to content'), 40)).toContain('Skip to content')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('outbox-detail').count()).toBe(0)
    // Back on its row: the first one's.
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.querySelector('[data-testid="outbox-row"]')?.contains(document.activeElement)
        )
      )
      .toBe(true)
    expect(await focusedSays(page)).toMatch(/^outbox-open-/)
    expect(await seriousA11yViolations(page)).toEqual([])

    // The sandbox: "Make the gateway unreachable" keeps the focus, said unavailable; the line says what was done.
    await openTab(page, 'devices')
    await page.locator('.sandbox-details > summary').first().click()
    const unreachable = page.getByRole('button', { name: 'Make the gateway unreachable' })
    await unreachable.focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByTestId('sandbox-status').textContent())
      .toMatch(/^Make the gateway unreachable: /)
    await expect.poll(() => unreachable.getAttribute('aria-disabled')).toBe('true')
    expect(await unreachable.evaluate((button) => button === document.activeElement)).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.keyboard.press('Tab')
    await expect.poll(() => unreachable.isDisabled()).toBe(true)
  })
  // QA75: a relink "Scan the code" finished left the focus on the sandbox panel's status line, the next Tab on "Skip to
  // content"; it goes to the connected step's sentence, and the next Tab to "Send a message".
  it('goes to the connected step when the sandbox scan ends a relink', async () => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    const sandbox = await harness.sandbox()
    const token = (await harness.vault.load(deviceId)) as { kind: 'found'; value: { token: string } }
    await sandbox.control.act(token.value.token, 'logout')
    const page = await session.open(harness.url, undefined, { bypassCSP: true })
    await page.setViewportSize({ width: 1100, height: 760 })
    await openTab(page, 'devices')
    await expect
      .poll(() => page.getByTestId(`device-state-${deviceId}`).getAttribute('data-state'), {
        timeout: 15_000
      })
      .toBe('needs-scan')
    await page.getByTestId(`relink-${deviceId}`).focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('qr-code').waitFor()
    await page.getByTestId('qr-new-code').focus()
    await page.keyboard.press('Enter')
    expect(await tabTo(page, (said) => said.startsWith('sandbox-scan'), 30)).toMatch(/^sandbox-scan/)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByTestId('wizard-step').getAttribute('data-step'), { timeout: 15_000 })
      .toBe('done')
    await expect.poll(() => focusedSays(page)).toMatch(/^wizard-done /)
    await page.keyboard.press('Tab')
    expect(await focusedSays(page)).toMatch(/^wizard-to-send /)
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})
