/**
 * Each view's stylesheet is loaded with its code and stays for the rest of the run, so a rule of one view that names
 * a class another uses restyles it from then on. The Outbox's filter chips were `.chip`, the recipients' class: once
 * the Outbox or the Inbox (which shares the Outbox's row styles) had been opened, a wrong number's chip in Send lost
 * its colours and its corners, an ellipse its text stuck out of.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { launchBrowser } from './browser'
import { linkedSandboxDevice, openTab, startFastHarness } from './fixtures'

let browser: Browser
let harness: Harness
beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  await linkedSandboxDevice(harness)
})
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/** The wrong number's chip as drawn, beside what its own rule asks for (the theme's colour and corner radius). */
async function badChip(page: Page): Promise<{ drawn: string[]; asked: string[] }> {
  const chip = page.locator('.chip--bad').first()
  await chip.waitFor()
  return chip.evaluate((element) => {
    const probe = document.createElement('div')
    probe.style.background = 'var(--bad-bg)'
    probe.style.borderRadius = 'var(--radius)'
    document.body.append(probe)
    const asked = getComputedStyle(probe)
    const drawn = getComputedStyle(element)
    const answer = {
      drawn: [drawn.backgroundColor, drawn.borderTopLeftRadius],
      asked: [asked.backgroundColor, asked.borderTopLeftRadius]
    }
    probe.remove()
    return answer
  })
}

it.each(['outbox', 'inbox'])(
  "keeps a wrong number's chip in Send as its own rule draws it after the %s was opened",
  async (view) => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 } })
    await page.goto(harness.url)
    await page.getByTestId('app').waitFor()
    await openTab(page, 'send')
    await page.locator('#send-recipients').fill('12345, ')
    const before = await badChip(page)
    expect(before.drawn).toEqual(before.asked)

    await openTab(page, view)
    await page.getByTestId(`view-${view}`).waitFor()
    await openTab(page, 'send')
    const after = await badChip(page)
    expect(after.drawn).toEqual(after.asked)
    await page.close()
  }
)
