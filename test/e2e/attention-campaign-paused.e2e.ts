/**
 * QA72: a campaign paused by its gateway going away stays paused once the gateway is back (the operator resumes), and
 * the attention strip was empty meanwhile. In real Chromium over the harness (real core, real sandbox gateway): the
 * strip names the campaign, its device and why it paused, axe finds nothing serious, and its Resume sends again.
 */
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { QUICK_PACING, startedCampaign } from '../core/testing/sandbox-core'
import { journeySession, linkedSandboxDevice, openTab } from './fixtures'

const journey = journeySession()

describe('a campaign paused by a failure in the attention strip (QA72)', () => {
  it('lists it once the device is back, with a Resume that sends again and takes it off the strip', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    // Far apart: the gateway goes away before the second row.
    const campaignId = await startedCampaign(
      harness.core,
      deviceId,
      'promo',
      ['081233330001', '081233330002', '081233330003'],
      { ...QUICK_PACING, minDelaySeconds: 60, maxDelaySeconds: 60 }
    )
    await openTab(p, 'home')
    const strip = p.getByTestId('attention-strip')
    const item = p.getByTestId(`attention-campaign-${campaignId}-${deviceId}`)

    await harness.core.handlers['sandbox:control']({ deviceId, action: 'unreachable' })
    // While the gateway is away the device's own item says it; the campaign is not said twice.
    await p.getByTestId(`attention-${deviceId}`).waitFor({ timeout: 20_000 })
    await expect
      .poll(() => p.getByTestId('overview-campaign-wait').textContent(), { timeout: 20_000 })
      .toContain('Paused: the gateway could not be reached.')
    expect(await item.count()).toBe(0)

    await harness.core.handlers['sandbox:control']({ deviceId, action: 'reachable' })
    await item.waitFor({ timeout: 20_000 })
    expect(await p.getByTestId(`attention-${deviceId}`).count()).toBe(0)
    expect(await item.textContent()).toMatch(
      /^Campaign “promo”: .+ — Paused: the gateway could not be reached\. The device is connected again: press Resume to go on\.Resume$/
    )
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'attention-campaign-paused')

    const resume = item.getByRole('button', { name: /^Resume promo on / })
    await resume.focus()
    await p.keyboard.press('Enter')
    await strip.waitFor({ state: 'detached' })
    // The strip gone with it, the focus is on the view's heading, not dropped to the page.
    await expect
      .poll(() => p.evaluate(() => document.activeElement?.classList.contains('view-title') ?? false))
      .toBe(true)
    await openTab(p, 'campaigns')
    await p.getByRole('button', { name: 'promo', exact: true }).click()
    await expect.poll(() => p.getByTestId('campaign-status').textContent()).toBe('sending')
  })
})
