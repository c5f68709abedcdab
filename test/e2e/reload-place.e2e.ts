/**
 * A reload returns to where the operator was (issue 29 point 5), in Chromium: the real history entry, the page being
 * left and the views' code loading on demand. QA19 Q19-05: the Outbox came back with its filters dropped and its
 * message closed; Q19-06: Settings came back with the values it had refused put back to the saved ones unsaid; QA45
 * Q45-02: Campaigns came back on the list, the campaign that was open closed and the focus on the page.
 */
import { describe, expect, it } from 'vitest'
import { startedCampaign } from '../core/testing/sandbox-core'
import { journeySession, linkedSandboxDevice, openTab, waitUntil } from './fixtures'

const session = journeySession()

describe('a reload returns to where the operator was', () => {
  it('keeps the Outbox filters and the open message (QA19 Q19-05)', async () => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    for (const recipient of ['081234567891', '081298765432'])
      await harness.core.handlers['outbox:enqueue']({
        deviceId,
        recipients: [recipient],
        isGroup: false,
        entries: [{ kind: 'text', text: `Hello ${recipient}` }]
      })
    await waitUntil(
      () => harness.core.handlers['outbox:counts']({}),
      (counts) => counts.read === 2
    )
    const page = await session.open(harness.url)
    await openTab(page, 'outbox')
    await page.getByRole('searchbox', { name: 'Recipient' }).fill('7891')
    await page.getByRole('button', { name: 'Remove the filter Recipient: 7891' }).waitFor()
    await page.locator('[data-testid^="outbox-open-"]').first().click()
    const detailBefore = await page.getByTestId('outbox-detail').textContent()
    expect(detailBefore).toContain('812-3456-7891')

    await page.reload()
    await page.getByTestId('view-outbox').waitFor()
    await page.getByRole('button', { name: 'Remove the filter Recipient: 7891' }).waitFor()
    expect(await page.getByRole('searchbox', { name: 'Recipient' }).inputValue()).toBe('7891')
    await expect.poll(() => page.locator('[data-testid^="outbox-open-"]').count()).toBe(1)
    await page.getByTestId('outbox-detail').getByText('812-3456-7891').first().waitFor()
  })

  it('keeps the values Settings refused, still marked (QA19 Q19-06)', async () => {
    const harness = await session.start()
    await harness.core.handlers['settings:update']({ language: 'en', pacingMs: 1500 })
    const page = await session.open(harness.url)
    await openTab(page, 'settings')
    const pacing = page.getByTestId('settings-pacing')
    await pacing.fill('700')
    await pacing.press('Tab')
    await page.getByTestId('settings-pacing-error').waitFor()
    // At once, as an operator may: before the page has been idle.
    await page.reload()
    await page.getByTestId('view-settings').waitFor()
    expect(await page.getByTestId('settings-pacing').inputValue()).toBe('700')
    expect(await page.getByTestId('settings-pacing').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByTestId('settings-status').textContent()).toBe(
      'Not saved: correct the marked setting.'
    )
    expect((await harness.core.handlers['app:bootstrap']({})).settings.pacingMs).toBe(1500)
  })

  it('opens the campaign that was open again, its heading focused (QA45 Q45-02)', async () => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    // Finished: the view does not open it by itself, as it does the campaign that is sending.
    const id = await startedCampaign(harness.core, deviceId, 'Promo', ['081234567890'])
    await waitUntil(
      () => harness.core.handlers['campaigns:get']({ id }),
      (campaign) => campaign.status === 'finished'
    )
    const page = await session.open(harness.url)
    await openTab(page, 'campaigns')
    await page.getByRole('button', { name: 'Promo', exact: true }).click()
    await page.locator('#campaign-progress:focus').waitFor()
    // Kept once the page is idle, as the open conversation is.
    await page.waitForFunction(() => JSON.stringify(history.state ?? null).includes('openCampaign'))

    await page.reload()
    await page.getByTestId('view-campaigns').waitFor()
    await page.locator('#campaign-progress:focus').waitFor()
    expect(await page.locator('#campaign-progress').textContent()).toContain('Promo')
  })
})
