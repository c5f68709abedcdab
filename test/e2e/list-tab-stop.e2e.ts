/**
 * The Inbox's conversations and the Outbox's messages as one Tab stop each in real Chromium (QA62/QA65, issue 29
 * point 4): Tab enters the list on one row (the Outbox's: its checkbox, then its button) and the next Tab leaves it,
 * ↑ / ↓ move between the rows with a visible ring, Tab comes back to the row left, Enter opens it, Space on a checkbox
 * ticks it and ↓ goes to the next row's; axe finds nothing serious. The Campaigns view's opt-out list (a row's box and
 * ×) and customer list (a row's Rename and Remove) the same: a list of 200 opted-out numbers was 400 Tabs.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousA11yViolations } from './browser'
import { inboxHolds, journeySession, openTab, receivingSandbox, relayEachTest } from './fixtures'

const journey = journeySession()
const relay = relayEachTest()

/**
 * Where the focus is: the place (1-based) of the row of `box` holding it, 0 for none, the control (its tag, and the name
 * of a row's control: a customer's Rename, "BUTTON rename") and its ring.
 */
function focused(page: Page, box: string): Promise<{ row: number; control: string; ring: string }> {
  return page.evaluate((box) => {
    const active = document.activeElement as HTMLElement | null
    const row = active?.closest(box) ? active.closest('[aria-posinset]') : null
    return {
      row: row ? Number(row.getAttribute('aria-posinset')) : 0,
      control: [active?.tagName ?? '', active?.getAttribute('data-row-control') ?? ''].join(' ').trim(),
      ring: active ? getComputedStyle(active).outlineStyle : 'none'
    }
  }, box)
}

/** Tab from `from` until the focus is in `box`; how the focus stands there. */
async function tabInto(page: Page, from: string, box: string): Promise<void> {
  await page.locator(from).focus()
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    if ((await focused(page, box)).row > 0) return
  }
  throw new Error(`Tab never reached ${box}`)
}

/**
 * Each key, and the row it leaves the focus on (0: out of the list) and the control there (null out of it), with a
 * visible ring.
 */
async function keys(
  page: Page,
  box: string,
  steps: readonly (readonly [string, number, string | null])[]
): Promise<void> {
  for (const [key, row, control] of steps) {
    await page.keyboard.press(key)
    const at = await focused(page, box)
    expect(at.row, `row after ${key}`).toBe(row)
    if (control === null) continue
    expect(at.control, `control after ${key}`).toBe(control)
    expect(at.ring, `ring after ${key}`).not.toBe('none')
  }
}

describe('a list of one Tab stop in Chromium', () => {
  it('the Inbox and the Outbox: Tab in and out once, ↑ / ↓ between rows, back to the row left', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const handlers = harness.core.handlers
    for (const [from, pushName] of [
      ['0812777888', 'Dewi'],
      ['0812777889', 'Eko'],
      ['0812777890', 'Fitri']
    ] as const)
      await handlers['sandbox:receive']({ deviceId, from, pushName, message: `Halo, saya ${pushName}` })
    await inboxHolds(harness, 3)
    for (const recipient of ['081298765432', '081298765433', '081298765434'])
      await handlers['outbox:enqueue']({
        deviceId,
        recipients: [recipient],
        isGroup: false,
        entries: [{ kind: 'text', text: `Reminder for ${recipient}` }],
        schedule: {
          localTime: '2030-01-10T09:30',
          timezone: 'Asia/Jakarta',
          mode: 'local',
          overduePolicy: 'send'
        }
      })
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 1100, height: 760 })

    await openTab(p, 'inbox')
    const conversations = '[data-testid="inbox-conversation-scroll"]'
    await expect.poll(() => p.locator(`${conversations} [role="listitem"]`).count()).toBe(3)
    await tabInto(p, '[data-testid="inbox-search"]', conversations)
    expect(await focused(p, conversations)).toMatchObject({ row: 1, control: 'BUTTON' })
    await keys(p, conversations, [
      ['Tab', 0, null],
      ['Shift+Tab', 1, 'BUTTON'],
      ['ArrowDown', 2, 'BUTTON'],
      ['ArrowDown', 3, 'BUTTON'],
      ['ArrowDown', 3, 'BUTTON'],
      ['ArrowUp', 2, 'BUTTON'],
      ['Tab', 0, null],
      ['Shift+Tab', 2, 'BUTTON']
    ])
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.keyboard.press('Enter')
    await expect
      .poll(() => p.locator(`${conversations} [aria-posinset="2"] button`).getAttribute('aria-current'))
      .toBe('true')

    await openTab(p, 'outbox')
    const messages = '[data-testid="outbox-scroll"]'
    await expect.poll(() => p.locator(`${messages} [data-testid="outbox-row"]`).count()).toBe(3)
    await tabInto(p, '#main', messages)
    expect(await focused(p, messages)).toMatchObject({ row: 1, control: 'INPUT' })
    await keys(p, messages, [
      ['Tab', 1, 'BUTTON'],
      ['Tab', 0, null],
      ['Shift+Tab', 1, 'BUTTON'],
      ['ArrowDown', 2, 'BUTTON'],
      ['ArrowDown', 3, 'BUTTON'],
      ['ArrowUp', 2, 'BUTTON'],
      ['Shift+Tab', 2, 'INPUT'],
      ['Space', 2, 'INPUT'],
      ['ArrowDown', 3, 'INPUT']
    ])
    expect(await p.locator(`${messages} [aria-posinset="2"] input`).isChecked()).toBe(true)
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 120_000)

  it('the opt-out list and the customer list: Tab in and out once, ↑ / ↓ and J / K between rows', async () => {
    const harness = await journey.start()
    const handlers = harness.core.handlers
    await handlers['optouts:add']({
      phones: ['081277788801', '081277788802', '081277788803'],
      source: 'operator'
    })
    for (const [phone, name] of [
      ['081277788811', 'Dewi'],
      ['081277788812', 'Eko'],
      ['081277788813', 'Fitri']
    ] as const)
      await handlers['contacts:add']({ phone, name })
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 1100, height: 760 })
    await openTab(p, 'campaigns')

    await p.getByTestId('optouts').locator('summary').click()
    const optOuts = '[data-testid="optouts-list"]'
    await expect.poll(() => p.locator(`${optOuts} [data-testid="optout-entry"]`).count()).toBe(3)
    await tabInto(p, '#optouts-search', optOuts)
    expect(await focused(p, optOuts)).toMatchObject({ row: 1, control: 'INPUT' })
    await keys(p, optOuts, [
      ['Tab', 1, 'BUTTON remove'],
      ['Tab', 0, null],
      ['Shift+Tab', 1, 'BUTTON remove'],
      ['ArrowDown', 2, 'BUTTON remove'],
      ['ArrowDown', 3, 'BUTTON remove'],
      ['ArrowUp', 2, 'BUTTON remove'],
      ['Shift+Tab', 2, 'INPUT'],
      ['Space', 2, 'INPUT'],
      ['j', 3, 'INPUT'],
      // Home / End from a box to the first or last row's box, where Space ticks (QA81: to the row itself).
      ['Home', 1, 'INPUT'],
      ['Space', 1, 'INPUT'],
      ['ArrowDown', 2, 'INPUT'],
      ['End', 3, 'INPUT'],
      ['Tab', 3, 'BUTTON remove'],
      ['Home', 1, 'BUTTON remove'],
      ['j', 2, 'BUTTON remove']
    ])
    expect(await p.locator(`${optOuts} [aria-posinset="1"] input`).isChecked()).toBe(true)
    expect(await p.locator(`${optOuts} [aria-posinset="2"] input`).isChecked()).toBe(true)
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.getByTestId('optouts').locator('summary').click()

    await p.getByTestId('customers').locator('summary').click()
    const customers = '[data-testid="customers-list"]'
    await expect.poll(() => p.locator(`${customers} [data-testid="customer-entry"]`).count()).toBe(3)
    await tabInto(p, '#customers-search', customers)
    expect(await focused(p, customers)).toMatchObject({ row: 1, control: 'BUTTON rename' })
    await keys(p, customers, [
      ['Tab', 1, 'BUTTON remove'],
      ['Tab', 0, null],
      ['Shift+Tab', 1, 'BUTTON remove'],
      ['ArrowDown', 2, 'BUTTON remove'],
      // J / K and Home / End to the same button of the row they reach, as ↑ / ↓ (QA81: J went to the row itself).
      ['j', 3, 'BUTTON remove'],
      ['k', 2, 'BUTTON remove'],
      ['ArrowUp', 1, 'BUTTON remove'],
      ['End', 3, 'BUTTON remove'],
      ['Shift+Tab', 3, 'BUTTON rename'],
      ['Home', 1, 'BUTTON rename'],
      ['j', 2, 'BUTTON rename'],
      ['ArrowDown', 3, 'BUTTON rename'],
      ['Tab', 3, 'BUTTON remove'],
      ['Tab', 0, null],
      ['Shift+Tab', 3, 'BUTTON remove']
    ])
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 120_000)
})
