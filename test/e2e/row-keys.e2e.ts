/**
 * J and K in real Chromium, in the Outbox and the lists beyond it (QA37 Q37-07): the campaigns, the scheduled messages
 * and the Outbox's own rows, each row taking the focus in turn with a visible ring, Enter opening a campaign as a click
 * does, a campaign's sheet rows joining the walk once shown, and axe finding nothing serious against the focused rows.
 * Home and End going to the first and last row of each of them, from the view or from a row. The Overview's device list
 * has its rows in the walk too.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { startedCampaign } from '../core/testing/sandbox-core'
import { launchBrowser, seriousA11yViolations } from './browser'
import { answeringDevice, linkedSandboxDevice, startFastHarness, waitUntil, zoneAtNoonNow } from './fixtures'

let browser: Browser
let harness: Harness
let closeSecondGateway: (() => Promise<void>) | undefined

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  // A second device, so the Overview's device list has rows to walk between.
  closeSecondGateway = (await answeringDevice(harness, 'Toko Cabang')).close
  const handlers = harness.core.handlers
  await startedCampaign(harness.core, deviceId, 'januari', ['081211110001', '081211110002'])
  await startedCampaign(harness.core, deviceId, 'februari', ['081211110003', '081211110004'])
  // Ended, both: a campaign at work would open by itself over the list.
  await waitUntil(
    () => handlers['campaigns:list']({}),
    ({ campaigns }) => campaigns.length === 2 && campaigns.every((c) => c.status === 'finished')
  )
  // Customers, listed above the campaigns.
  for (const [phone, name] of [
    ['081211110001', 'Ani'],
    ['081211110002', 'Budi'],
    ['081211110003', 'Citra']
  ] as const) {
    await handlers['contacts:add']({ phone, name })
  }
  for (const [recipient, localTime] of [
    ['081298765432', '2030-01-10T09:30'],
    ['081298765433', '2030-01-11T10:00']
  ] as const) {
    await handlers['outbox:enqueue']({
      deviceId,
      recipients: [recipient],
      isGroup: false,
      entries: [{ kind: 'text', text: `Reminder for ${recipient}` }],
      schedule: { localTime, timezone: 'Asia/Jakarta', mode: 'local', overduePolicy: 'send' }
    })
  }
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await closeSecondGateway?.()
  await browser?.close()
})

/** Where the focus is: the test id of the row holding it (the row, or the control in it), and its focus ring. */
function focused(page: Page, rowSelector: string): Promise<{ row: number; ring: string }> {
  return page.evaluate((selector) => {
    const rows = [...document.querySelectorAll(selector)]
    const active = document.activeElement
    return {
      row: rows.findIndex((row) => row.contains(active)),
      ring: active ? getComputedStyle(active).outlineStyle : 'none'
    }
  }, rowSelector)
}

/**
 * J down `count` rows from the view, then K back up, each key focusing its row with a visible ring. A list that draws
 * only the rows in view (the Outbox) focuses the row once drawn: the focus is looked for until it is there.
 */
async function walk(page: Page, rowSelector: string, count: number): Promise<void> {
  await page.locator('#main').focus()
  for (let row = 0; row < count; row++) {
    await page.keyboard.press('j')
    await expect
      .poll(async () => (await focused(page, rowSelector)).row, { message: `J to row ${row + 1}` })
      .toBe(row)
    const at = await focused(page, rowSelector)
    expect(at.ring, `ring on row ${row + 1}`).not.toBe('none')
  }
  for (let row = count - 2; row >= 0; row--) {
    await page.keyboard.press('k')
    await expect
      .poll(async () => (await focused(page, rowSelector)).row, { message: `K to row ${row + 1}` })
      .toBe(row)
  }
}

/**
 * End then Home from the view (or from `from`, a row of the list), then from the rows they reached: the list's last
 * row, then its first.
 */
async function ends(
  page: Page,
  rowSelector: string,
  count: number,
  from = page.locator('#main')
): Promise<void> {
  await from.focus()
  for (const [key, row] of [
    ['End', count - 1],
    ['Home', 0],
    ['End', count - 1],
    ['Home', 0]
  ] as const) {
    await page.keyboard.press(key)
    // A list that draws only the rows in view (the Outbox) focuses its end row once drawn, a frame or a page later.
    await expect
      .poll(async () => (await focused(page, rowSelector)).row, { message: `${key} to row ${row + 1}` })
      .toBe(row)
    const at = await focused(page, rowSelector)
    expect(at.ring, `ring on row ${row + 1}`).not.toBe('none')
  }
}

describe('J and K walk every list', () => {
  it("walks the Overview's devices, the campaigns, the scheduled messages and the Outbox by keyboard, Enter opening a campaign, axe finding nothing", async () => {
    // The Overview keeps the campaigns that ended today: a run that crossed the operator's midnight lost them.
    await harness.core.handlers['settings:update']({
      theme: 'light',
      language: 'en',
      defaultTimezone: zoneAtNoonNow()
    })
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, bypassCSP: true })
    await page.goto(harness.url)
    await page.getByTestId('app').waitFor()

    // The Overview's devices: the sandbox and the second one (QA: J / K passed its device list by).
    await page.keyboard.press('Alt+Digit1')
    await page.getByTestId('view-home').waitFor()
    const fleet = '.fleet > li'
    await expect.poll(() => page.locator(fleet).count()).toBe(2)
    // Above them, the two campaigns that ended today: J / K walk those and the devices as one.
    const campaignsToday = '.overview-campaign-list > li'
    await expect.poll(() => page.locator(campaignsToday).count()).toBe(2)
    await walk(page, `${campaignsToday}, ${fleet}`, 4)
    // From a row, Home / End keep to its own list.
    await ends(page, fleet, 2, page.locator(fleet).first())
    await ends(page, campaignsToday, 2, page.locator(campaignsToday).nth(1).getByRole('button'))
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.keyboard.press('Alt+Digit5')
    await page.getByTestId('view-campaigns').waitFor()
    const campaigns = '.campaigns-list > li'
    await expect.poll(() => page.locator(campaigns).count()).toBe(2)
    await walk(page, campaigns, 2)
    await ends(page, campaigns, 2)
    expect(await seriousA11yViolations(page)).toEqual([])
    // On the first campaign: Enter opens it, as a click does, its heading taking the focus.
    const name = await page.locator(campaigns).first().getByRole('button').textContent()
    await page.keyboard.press('Enter')
    await page.getByTestId('campaign-progress').waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('campaign-progress')
    expect(await page.locator('#campaign-progress').textContent()).toContain(name ?? '?')
    // Its sheet rows, once shown, come after the campaigns in the walk; shut, they are passed by.
    await page.getByText('Rows: status of each one').click()
    const sheetRows = '[data-testid="campaign-row"]'
    await expect.poll(() => page.locator(sheetRows).count()).toBe(2)
    await page.locator('#main').focus()
    for (let i = 0; i < 4; i++) await page.keyboard.press('j')
    expect((await focused(page, sheetRows)).row).toBe(1)
    expect(await seriousA11yViolations(page)).toEqual([])
    // From a row, Home / End go to the ends of that row's own list, not of every list in the view (QA42: End from a
    // customer row went to the last campaign).
    await page.getByTestId('customers').locator('summary').click()
    const customerRows = '[data-testid="customer-entry"]'
    await expect.poll(() => page.locator(customerRows).count()).toBe(3)
    await ends(page, customerRows, 3, page.locator(customerRows).nth(1))
    await ends(page, campaigns, 2, page.locator(campaigns).nth(1).getByRole('button'))
    await ends(page, sheetRows, 2, page.locator(sheetRows).first())
    // From outside any list, the view's first row: the first customer, above the campaigns.
    await page.locator('#main').focus()
    await page.keyboard.press('Home')
    await expect.poll(async () => (await focused(page, customerRows)).row).toBe(0)
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.keyboard.press('Alt+Digit6')
    await page.getByTestId('view-schedules').waitFor()
    const schedules = '[data-testid="schedule-row"]'
    await expect.poll(() => page.locator(schedules).count()).toBe(2)
    await walk(page, schedules, 2)
    await ends(page, schedules, 2)
    expect(await seriousA11yViolations(page)).toEqual([])

    // The Outbox's own rows: the campaigns' four messages and the two scheduled.
    await page.keyboard.press('Alt+Digit4')
    await page.getByTestId('view-outbox').waitFor()
    const outboxRows = '[data-testid="outbox-row"]'
    await expect.poll(() => page.locator(outboxRows).count()).toBe(6)
    await walk(page, outboxRows, 6)
    await ends(page, outboxRows, 6)
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.close()
  })
})
