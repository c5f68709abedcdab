/**
 * Rows arriving above the row the operator is on, in real Chromium (QA42 Q42-02): in the webhook inspector, drawn
 * newest first, six incoming messages drew six deliveries above the row J had focused, which moved down out of the
 * window with the page's scroll unchanged. The focused row stays where it was read, its ring in view. In the Outbox,
 * which draws only the rows in view, its rows were keyed by place: the focused row stayed put and showed another
 * message, so Enter or Delete acted on a message the operator had not chosen.
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

/** A text message to `recipient` due in 2030: it stays where it is in the list, its status unchanged. */
async function scheduledMessage(recipient: string): Promise<string> {
  const { itemIds } = await harness.core.handlers['outbox:enqueue']({
    deviceId,
    recipients: [recipient],
    isGroup: false,
    entries: [{ kind: 'text', text: `Pengingat untuk ${recipient}` }],
    schedule: {
      localTime: '2030-01-10T09:30',
      timezone: 'Asia/Jakarta',
      mode: 'local',
      overduePolicy: 'send'
    }
  })
  const id = itemIds[0]
  if (!id) throw new Error('no message enqueued')
  return id
}

/** The message the focused element opens (its test id), and where that element is against the list's scroll box. */
function focusedMessage(page: Page): Promise<{ id: string | null; top: number; inSight: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement
    const id = active?.getAttribute('data-testid')?.replace(/^outbox-open-/, '') ?? null
    const box = document.querySelector('[data-testid="outbox-scroll"]')?.getBoundingClientRect()
    const at = active?.getBoundingClientRect()
    return {
      id,
      top: at?.top ?? NaN,
      inSight:
        !!box && !!at && at.top >= box.top && at.bottom <= box.bottom && at.bottom <= window.innerHeight
    }
  })
}

describe('messages arriving above the focused Outbox row', () => {
  it('the row J is on keeps its message, and its place in sight, as new messages are drawn above it', async () => {
    harness = await journey.start()
    deviceId = await linkedSandboxDevice(harness)
    const older: string[] = []
    // More than the box shows, so it can scroll.
    for (let i = 0; i < 30; i++) older.push(await scheduledMessage(`08135555${String(i).padStart(4, '0')}`))
    const page = await journey.open(harness.url, undefined, { bypassCSP: true })
    await page.setViewportSize({ width: 1100, height: 760 })
    await openTab(page, 'outbox')
    await page.getByTestId(`outbox-open-${older[29]}`).waitFor()
    await page.locator('#main').focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('j')
    const before = await focusedMessage(page)
    // Newest first: the third row is the third newest message.
    expect(before.id).toBe(older[27])
    expect(before.inSight).toBe(true)

    const newer: string[] = []
    for (let i = 0; i < 3; i++) newer.push(await scheduledMessage(`08136666${String(i).padStart(4, '0')}`))
    // The list asked again, the newest message on top.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="outbox-row"][data-index="0"] [data-row-focus]')
          .getAttribute('data-testid')
      )
      .toBe(`outbox-open-${newer[2]}`)
    const after = await focusedMessage(page)
    // The focus is on the same message, where it was read: Enter or Delete acts on the message the operator chose.
    expect(after.id).toBe(before.id)
    expect(after.inSight).toBe(true)
    expect(Math.abs(after.top - before.top), `moved from ${before.top} to ${after.top}`).toBeLessThanOrEqual(
      1
    )

    // A burst (a send to 25 numbers) moves it further down than the rows drawn beyond the box: still drawn, so still
    // focused, and back in its place.
    await harness.core.handlers['outbox:enqueue']({
      deviceId,
      recipients: Array.from({ length: 25 }, (_, i) => `08137777${String(i).padStart(4, '0')}`),
      isGroup: false,
      entries: [{ kind: 'text', text: 'Promo' }],
      schedule: {
        localTime: '2030-01-10T09:30',
        timezone: 'Asia/Jakarta',
        mode: 'local',
        overduePolicy: 'send'
      }
    })
    await expect.poll(() => page.getByTestId('outbox-total').textContent()).toBe('58 messages')
    const later = await focusedMessage(page)
    expect(later.id).toBe(before.id)
    expect(later.inSight).toBe(true)
    expect(Math.abs(later.top - before.top), `moved from ${before.top} to ${later.top}`).toBeLessThanOrEqual(
      1
    )
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})

describe('the focused Outbox row whose message is deleted', () => {
  it('hands the focus to the next message and says so, the focus never left on the page', async () => {
    harness = await journey.start()
    deviceId = await linkedSandboxDevice(harness)
    const older: string[] = []
    for (let i = 0; i < 5; i++) older.push(await scheduledMessage(`08138888${String(i).padStart(4, '0')}`))
    const page = await journey.open(harness.url, undefined, { bypassCSP: true })
    await page.setViewportSize({ width: 1100, height: 760 })
    await openTab(page, 'outbox')
    await page.getByTestId(`outbox-open-${older[0]}`).waitFor()
    await page.locator('#main').focus()
    for (let i = 0; i < 2; i++) await page.keyboard.press('j')
    // Newest first: the second row is the second newest message.
    expect((await focusedMessage(page)).id).toBe(older[3])

    // Deleted elsewhere (the terminal, another window): the list reads again without it.
    await harness.core.handlers['outbox:delete']({ id: older[3] ?? '' })
    await expect.poll(() => page.getByTestId('outbox-total').textContent()).toBe('4 messages')
    const after = await focusedMessage(page)
    // The row that was after it, the third newest, in sight.
    expect(after.id).toBe(older[2])
    expect(after.inSight).toBe(true)
    await expect
      .poll(() => page.getByTestId('outbox-row-gone').textContent())
      .toBe('The message you were on was deleted. You are on the next message.')
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})
