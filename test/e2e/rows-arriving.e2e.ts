/**
 * Rows arriving above the row the operator is on, in real Chromium (QA42 Q42-02): in the webhook inspector, drawn
 * newest first, six incoming messages drew six deliveries above the row J had focused, which moved down out of the
 * window with the page's scroll unchanged. The focused row stays where it was read, its ring in view.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { seriousA11yViolations } from './browser'
import { journeySession, linkedSandboxDevice, openTab, waitUntil } from './fixtures'

const journey = journeySession()
let harness: Harness
let deviceId: string

/** `count` incoming messages on the sandbox device, each a webhook delivery; resolves once the core has them all. */
async function messagesArrive(count: number, from: number): Promise<void> {
  const handlers = harness.core.handlers
  for (let i = from; i < from + count; i++) {
    await handlers['sandbox:receive']({
      deviceId,
      from: `0813555500${String(i).padStart(2, '0')}`,
      message: `Halo ${i}`
    })
  }
  await waitUntil(
    () => handlers['sandbox:webhookDeliveries']({ deviceId }),
    ({ deliveries }) => deliveries.length === from + count
  )
}

/** The focused element's delivery heading id (its row's name) and its top in the window, px. */
function focusedRow(page: Page): Promise<{ name: string | null; top: number; bottom: number }> {
  return page.evaluate(() => {
    const active = document.activeElement
    const row = active?.closest('[data-testid="webhook-delivery"]') ?? null
    const box = row?.getBoundingClientRect()
    return {
      name: row?.getAttribute('aria-labelledby') ?? null,
      top: box?.top ?? NaN,
      bottom: box?.bottom ?? NaN
    }
  })
}

describe('rows arriving above the focused row', () => {
  it('the webhook inspector keeps the row J is on where it was as deliveries are drawn above it (QA42 Q42-02)', async () => {
    harness = await journey.start()
    deviceId = await linkedSandboxDevice(harness)
    await harness.core.handlers['webhooks:update']({
      deviceId,
      webhookUrl: 'https://hooks.example.invalid/incoming',
      incoming: true
    })
    await messagesArrive(6, 0)
    const page = await journey.open(harness.url, undefined, { bypassCSP: true })
    // The window QA saw it in.
    await page.setViewportSize({ width: 1100, height: 760 })
    await openTab(page, 'webhooks')
    const rows = page.getByTestId('webhook-delivery')
    await expect.poll(() => rows.count()).toBe(6)
    await page.locator('#main').focus()
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    const before = await focusedRow(page)
    expect(before.name).not.toBeNull()
    expect(before.bottom).toBeLessThanOrEqual(760)

    await messagesArrive(6, 6)
    await expect.poll(() => rows.count()).toBe(12)
    const after = await focusedRow(page)
    // The same row keeps the focus, at the same place in the window.
    expect(after.name).toBe(before.name)
    expect(Math.abs(after.top - before.top), `moved from ${before.top} to ${after.top}`).toBeLessThanOrEqual(
      1
    )
    // The page now scrolled, where Chromium anchors the scroll itself: the row is not moved twice.
    await messagesArrive(3, 12)
    await expect.poll(() => rows.count()).toBe(15)
    const later = await focusedRow(page)
    expect(later.name).toBe(before.name)
    expect(Math.abs(later.top - before.top), `moved from ${before.top} to ${later.top}`).toBeLessThanOrEqual(
      1
    )
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})
