/**
 * A reload returns to where the operator was (issue 29 point 5), in Chromium: the real history entry, the page being
 * left and the views' code loading on demand. QA19 Q19-05: the Outbox came back with its filters dropped and its
 * message closed; Q19-06: Settings came back with the values it had refused put back to the saved ones unsaid; QA45
 * Q45-02: Campaigns came back on the list, the campaign that was open closed and the focus on the page. An F5 straight
 * after opening a campaign or a conversation, before the page was idle, came back to the list: the history entry was
 * written at pagehide, too late for the reload. The conversation came back with the focus on the page: a keyboard or
 * screen-reader user landed nowhere; it takes it at its thread's heading, as the campaign and the Outbox's message do.
 * QA74: Send, Schedules, the Outbox and Settings came back at the top of the page with the focus on nothing; each puts
 * back the scroll and the control that had the focus.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startTestRelay } from '../../src/main/core/inbox/testing/test-relay'
import type { Harness } from '../harness/harness'
import { startedCampaign } from '../core/testing/sandbox-core'
import { seriousA11yViolations } from './browser'
import { journeySession, linkedSandboxDevice, openTab, receivingSandbox, waitUntil } from './fixtures'

const session = journeySession()

/** The id of what has the focus (the page's body has none: ''). */
const focusedId = (page: Page): Promise<string> => page.evaluate(() => document.activeElement?.id ?? '')

/**
 * A page that is never idle: what waits for idle (the history entry's writes, stores/place.ts) waits past any reload,
 * as it does for an operator pressing F5 straight after a click, before the page was idle.
 */
const neverIdle = (page: Page): Promise<unknown> =>
  page.addInitScript(() => {
    window.requestIdleCallback = () => 0
  })

/** A finished campaign named Promo (the view does not open it by itself, as it does the campaign that is sending). */
async function finishedCampaign(harness: Harness): Promise<void> {
  const deviceId = await linkedSandboxDevice(harness)
  const id = await startedCampaign(harness.core, deviceId, 'Promo', ['081234567890'])
  await waitUntil(
    () => harness.core.handlers['campaigns:get']({ id }),
    (campaign) => campaign.status === 'finished'
  )
}

/** Promo open in Campaigns, picked from the list, its heading taking the focus. */
async function openPromo(page: Page): Promise<void> {
  await openTab(page, 'campaigns')
  await page.getByRole('button', { name: 'Promo', exact: true }).click()
  await page.locator('#campaign-progress:focus').waitFor()
}

/** Where the operator is: the page's scroll, the Outbox list's, and what has the focus (named as the view names it). */
const spotIn = (page: Page): Promise<{ top: number; listTop: number | null; focused: string }> =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    const row = active?.closest('[data-id]')?.getAttribute('data-id') ?? ''
    const named = active ? [active.tagName, active.id, active.dataset['testid'] ?? '', row] : []
    return {
      top: Math.round(scrollY),
      listTop: document.querySelector('[data-testid="outbox-scroll"]')?.scrollTop ?? null,
      focused: active === document.body ? '' : `${named.join(' ')} ${active?.textContent?.trim() ?? ''}`
    }
  })

/**
 * Opens `view` from its tab, puts the focus on the control `focus` picks and scrolls the page a little past where the
 * focus brought it; a reload then comes back to both.
 */
async function reloadsBackTo(page: Page, view: string, focus: () => Promise<void>): Promise<void> {
  await openTab(page, view)
  await page.getByTestId(`view-${view}`).waitFor()
  await focus()
  await page.evaluate(() => scrollBy(0, 40))
  const before = await spotIn(page)
  expect(before.top, view).toBeGreaterThan(0)
  expect(before.focused, view).not.toBe('')

  await page.reload()
  await page.getByTestId(`view-${view}`).waitFor()
  await expect.poll(() => spotIn(page), { message: view }).toEqual(before)
}

async function expectPromoBack(page: Page): Promise<void> {
  await page.getByTestId('view-campaigns').waitFor()
  await page.locator('#campaign-progress:focus').waitFor()
  expect(await page.locator('#campaign-progress').textContent()).toContain('Promo')
}

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
    // The message's heading has the focus, as opening it does.
    await expect.poll(() => focusedId(page)).toBe('detail-title')
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

  // QA39: the webhook inspector's filters and the webhook form's unsaved address outlived a look at another view
  // (stores/kept-fields.ts) but not a reload, where the Outbox's filters came back.
  it("keeps the webhook form's unsaved address and the inspector's filters, reloaded at once", async () => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    await harness.core.handlers['webhooks:update']({
      deviceId,
      webhookUrl: 'https://hooks.example.invalid/incoming',
      incoming: true
    })
    const page = await session.open(harness.url, neverIdle)
    await openTab(page, 'webhooks')
    await page.getByTestId('webhook-filter-kind').selectOption({ label: 'Incoming message' })
    await page.getByTestId('webhook-filter-state').selectOption({ label: 'Failed' })
    await page.getByTestId('webhooks-url').fill('https://hooks.example.invalid/typed-not-saved')

    await page.reload()
    await page.getByTestId('view-webhooks').waitFor()
    expect(await page.getByTestId('webhooks-url').inputValue()).toBe(
      'https://hooks.example.invalid/typed-not-saved'
    )
    expect(await page.getByTestId('webhook-filter-kind').inputValue()).toBe('incoming')
    expect(await page.getByTestId('webhook-filter-state').inputValue()).toBe('failed')
    // Kept here only: the gateway still has the saved address.
    expect((await harness.core.handlers['webhooks:get']({ deviceId })).webhookUrl).toBe(
      'https://hooks.example.invalid/incoming'
    )
  })

  it('opens the campaign that was open again, its heading focused (QA45 Q45-02)', async () => {
    const harness = await session.start()
    await finishedCampaign(harness)
    const page = await session.open(harness.url)
    await openPromo(page)
    // Kept once the page is idle, as the open conversation is.
    await page.waitForFunction(() => JSON.stringify(history.state ?? null).includes('openCampaign'))

    await page.reload()
    await expectPromoBack(page)
  })

  it('opens the campaign again after a reload at once, before the page was idle', async () => {
    const harness = await session.start()
    await finishedCampaign(harness)
    const page = await session.open(harness.url, neverIdle)
    await openPromo(page)
    await page.reload()
    await expectPromoBack(page)
  })

  it('opens the conversation again after a reload at once, before the page was idle', async () => {
    const relay = await startTestRelay()
    onTestFinished(relay.close)
    const { harness, deviceId } = await receivingSandbox(session, relay.url)
    await harness.core.handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: 'Ada katalog?'
    })
    await waitUntil(
      () => harness.core.handlers['inbox:status']({}),
      (status) => status.messages === 1
    )
    const page = await session.open(harness.url, neverIdle, { bypassCSP: true })
    await openTab(page, 'inbox')
    const conversations = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    await conversations.first().getByRole('button').click()
    await page.getByTestId('inbox-reply-text').waitFor()
    await page.reload()
    await page.getByTestId('view-inbox').waitFor()
    await page.getByTestId('inbox-reply-text').waitFor()
    expect(await page.locator('#inbox-thread-heading').textContent()).toContain('Dewi')
    // The thread's heading has the focus, as opening the conversation by keyboard gives it, not the page.
    await expect.poll(() => focusedId(page)).toBe('inbox-thread-heading')
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  it('comes back to the scroll and the focused control in Send, Schedules, the Outbox and Settings (QA74)', async () => {
    const harness = await session.start()
    const deviceId = await linkedSandboxDevice(harness)
    for (const [n, text] of ['Promo', 'Rapat', 'Tagihan', 'Libur'].entries())
      await harness.core.handlers['outbox:enqueue']({
        deviceId,
        recipients: [`08123456789${n}`],
        isGroup: false,
        entries: [{ kind: 'text', text }],
        schedule: {
          localTime: `2030-01-1${n}T18:00`,
          timezone: 'Asia/Jakarta',
          mode: 'local',
          overduePolicy: 'send'
        }
      })
    for (let n = 0; n < 30; n++)
      await harness.core.handlers['outbox:enqueue']({
        deviceId,
        recipients: [`0812987654${String(n).padStart(2, '0')}`],
        isGroup: false,
        entries: [{ kind: 'text', text: `Hello ${n}` }]
      })
    const page = await session.open(harness.url, undefined, { bypassCSP: true })
    // A short window: each view's page scrolls.
    await page.setViewportSize({ width: 1100, height: 420 })

    await reloadsBackTo(page, 'send', () => page.getByTestId('send-when-schedule').focus())
    await reloadsBackTo(page, 'schedules', () =>
      page.getByTestId('schedule-row').nth(2).getByRole('button', { name: 'Reschedule' }).focus()
    )
    await reloadsBackTo(page, 'outbox', async () => {
      const list = page.getByTestId('outbox-scroll')
      await page.locator('[data-testid^="outbox-open-"]').first().waitFor()
      await list.evaluate((box) => (box.scrollTop = 120))
      // A row the list's scroll brought into its box (its own button, as J focuses it), not the first one.
      await expect
        .poll(() =>
          list.evaluate((box) => {
            const top = box.getBoundingClientRect().top
            const shown = [...box.querySelectorAll<HTMLElement>('[data-testid^="outbox-open-"]')].find(
              (open) => open.getBoundingClientRect().top > top + 10
            )
            shown?.focus({ preventScroll: true })
            return shown !== undefined
          })
        )
        .toBe(true)
    })
    await reloadsBackTo(page, 'settings', () => page.getByTestId('settings-copy-diagnostics').focus())
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})
