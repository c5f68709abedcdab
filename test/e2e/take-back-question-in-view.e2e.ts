/**
 * QA71: "Take back this campaign" opened its question below the fold — at 1100×760 only its heading showed, at the
 * bottom edge, while it said "Sending is paused while you decide"; the box, the plan and its answers were off screen.
 * In real Chromium over the harness: the whole question is brought into view as it opens, the focus on it.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { journeySession, linkedSandboxDevice, openTab, waitUntil } from './fixtures'

const journey = journeySession()

/** Whether the element's box lies wholly inside the page's viewport. */
function inViewport(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect()
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth
  })
}

/** A campaign of one row, sent and read: something left to take back. */
async function finishedCampaign(p: Page, label: string): Promise<void> {
  await openTab(p, 'campaigns')
  await p.getByLabel('Choose a spreadsheet').setInputFiles({
    name: 'promo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Nama,Telepon\nPelanggan 1,081234567800\n')
  })
  await p.getByLabel('Phone number column').selectOption('Telepon')
  await p.getByLabel('Message', { exact: true }).fill('Halo {Nama}, ini pesan uji.')
  await expect.poll(() => p.getByTestId('campaign-summary').textContent()).toBe('1 ready, 0 skipped.')
  await p.getByTestId('campaign-any-time').check()
  await p.getByLabel(new RegExp(label)).check()
  await p.getByRole('button', { name: 'Start sending 1 message' }).click()
  await p.getByTestId('campaign-confirm-start').click()
  await expect
    .poll(() => p.getByTestId('campaign-status').textContent(), { timeout: 30_000 })
    .toBe('finished')
}

describe('the take-back question in view (QA71)', () => {
  it('brings the whole question into view at 1100×760 as it opens, the focus on it', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const handlers = harness.core.handlers
    const p = await journey.open(harness.url)
    await p.setViewportSize({ width: 1100, height: 760 })
    const device = (await handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
    await finishedCampaign(p, device?.label ?? deviceId)
    const campaignId = (await handlers['campaigns:list']({})).campaigns[0]?.id ?? ''
    await waitUntil(
      async () => (await handlers['campaigns:rows']({ id: campaignId, offset: 0, limit: 5 })).rows[0]?.status,
      (status) => status === 'read'
    )

    const opener = p.getByRole('button', { name: 'Take back this campaign' })
    await opener.scrollIntoViewIfNeeded()
    await opener.click()
    const question = p.getByRole('dialog', { name: 'Take back this campaign?' })
    await question.getByTestId('campaign-takeback-plan').waitFor()
    await expect
      .poll(() => p.evaluate(() => document.activeElement?.textContent))
      .toBe('Take back this campaign?')
    for (const part of [
      question.getByLabel('Also delete the messages already sent, for everyone'),
      question.getByTestId('campaign-takeback-plan'),
      question.getByRole('button', { name: 'Take back', exact: true }),
      question.getByRole('button', { name: 'Keep', exact: true })
    ])
      await expect.poll(() => inViewport(part), { timeout: 2_000 }).toBe(true)
  }, 90_000)
})
