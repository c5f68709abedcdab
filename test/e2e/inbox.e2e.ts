/**
 * Issue 25's journey in real Chromium over the harness (real core, real sandbox gateway, the real relay on
 * 127.0.0.1): the operator connects a mailbox on the relay from the window, turns "Receive messages" on for the
 * sandbox device after a confirmation naming what it replaces, a customer writes to the device, and the message shows
 * in "Messages in" as a conversation with the relay connected; the secret is rotated and the next message still arrives — at full width
 * and at 360 px, with no serious axe violation.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import {
  FAST_CORE,
  answeringDevice,
  journeySession,
  linkedSandboxDevice,
  openTab,
  relayEachTest
} from './fixtures'

const journey = journeySession()
const relay = relayEachTest()

const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** The parts of each conversation row that reach outside the row's box (its text cut or drawn over the next row). */
const rowOverflows = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('.inbox-conversation-row')].flatMap((row) => {
      const box = row.getBoundingClientRect()
      return [...row.querySelectorAll('*')]
        .filter((part) => {
          const at = part.getBoundingClientRect()
          return at.top < box.top - 0.5 || at.bottom > box.bottom + 0.5 || at.right > box.right + 0.5
        })
        .map((part) => `${part.tagName.toLowerCase()}.${part.className}: ${part.textContent ?? ''}`)
    })
  )

/** A harness with a linked sandbox device, and the window open on Messages in. */
async function inboxWithLinkedSandbox(options?: Parameters<typeof journey.start>[0]) {
  const harness = await journey.start(options)
  const deviceId = await linkedSandboxDevice(harness)
  const label = (await harness.core.handlers['devices:list']({})).devices.find(
    (d) => d.id === deviceId
  )?.label
  if (!label) throw new Error('the sandbox device has no label')
  const p = await journey.open(harness.url, undefined, { bypassCSP: true })
  await openTab(p, 'inbox')
  return { harness, deviceId, label, p }
}

describe('messages in journey in Chromium', () => {
  it('connects a mailbox, provisions the sandbox device, and a message posted through the relay shows in the window', async () => {
    const { harness, deviceId, label, p } = await inboxWithLinkedSandbox({
      // The relay is on 127.0.0.1: the sandbox posts there only because this run opts in.
      core: { sandbox: { ...FAST_CORE.sandbox, allowLoopbackWebhookTargets: true } }
    })
    const state = p.getByTestId('inbox-relay-state')
    await expect.poll(() => state.textContent()).toBe('○not set up')
    await expect.poll(() => p.getByTestId('inbox-conversations-empty').isVisible()).toBe(true)
    expect(await seriousA11yViolations(p)).toEqual([])

    await p.getByLabel('Relay address').fill(relay.url)
    await p.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toBe('✓connected')
    const deviceUrl = await p.getByTestId('inbox-device-url-value').inputValue()
    expect(deviceUrl).toMatch(new RegExp(`^${relay.url}/h/[^/]+/[^/]+/device$`))

    // The confirmation names what the sandbox device has now, before anything is changed at the gateway.
    await p.getByRole('button', { name: `Receive messages on ${label}` }).click()
    const confirm = p.getByRole('group', { name: `Receive messages on ${label}?` })
    await confirm.waitFor()
    expect(await confirm.getByTestId('inbox-confirm-replaces').textContent()).toContain(
      `It replaces the current settings of ${label}:`
    )
    expect(await seriousA11yViolations(p)).toEqual([])
    await confirm.getByRole('button', { name: 'Receive messages', exact: true }).click()
    await expect
      .poll(() => p.getByTestId(`inbox-device-state-${deviceId}`).textContent())
      .toMatch(/^Receiving since /)
    const atGateway = await harness.core.handlers['webhooks:get']({ deviceId })
    expect(atGateway).toMatchObject({ source: 'sandbox', incoming: true })
    expect(atGateway.webhookUrl).toBe(deviceUrl.replace(/\/device$/, '/incoming'))

    // A customer writes to the device: the sandbox gateway posts it to the relay, the core pulls it, the window shows it.
    await harness.core.handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      message: 'Masih buka hari ini?'
    })
    const conversations = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    await expect.poll(() => conversations.allTextContents(), { timeout: 30_000 }).toHaveLength(1)
    expect(await conversations.first().textContent()).toContain('Masih buka hari ini?')
    expect(await conversations.first().textContent()).toContain('+62 812-777-888')
    await expect.poll(() => state.textContent()).toBe('✓connected')
    expect(await p.getByTestId('inbox-relay-last-pull').textContent()).toMatch(/^Last successful pull: /)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox')

    // The window's default size: the list the operator works from is not pushed below the fold by a healthy relay's
    // status, and nothing in a row is cut by the row's edges (its time wrapped over three lines, its unread count cut).
    await p.setViewportSize({ width: 1100, height: 760 })
    const listTop = await p
      .getByTestId('inbox-conversation-scroll')
      .evaluate((box) => box.getBoundingClientRect().top + window.scrollY)
    expect(listTop, 'room for four conversations above the fold').toBeLessThanOrEqual(760 - 4 * 64)
    expect(await rowOverflows(p)).toEqual([])

    // The secret is rotated from the window: the device is set to the new addresses, and messages keep coming in.
    await p.getByRole('button', { name: 'Rotate the secret' }).click()
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.getByRole('button', { name: 'Rotate', exact: true }).click()
    await expect
      .poll(() => p.getByTestId('inbox-rotate-feedback').textContent())
      .toMatch(/^New addresses set on 1 device\./)
    const rotatedUrl = await p.getByTestId('inbox-device-url-value').inputValue()
    expect(rotatedUrl).not.toBe(deviceUrl)
    expect((await harness.core.handlers['webhooks:get']({ deviceId })).webhookUrl).toBe(
      rotatedUrl.replace(/\/device$/, '/incoming')
    )
    await harness.core.handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      message: 'Sudah transfer'
    })
    // The same customer: the same conversation, its newest message shown.
    await expect
      .poll(() => conversations.first().textContent(), { timeout: 30_000 })
      .toContain('Sudah transfer')
    expect(await conversations.count()).toBe(1)

    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-inbox-360px')
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 120_000)

  it('with the sandbox alone: one click runs a relay on this computer, and a customer’s message arrives through it', async () => {
    // The app's default: no switch letting the sandbox post to this computer; the relay the app runs is let in alone.
    const { deviceId, label, p } = await inboxWithLinkedSandbox()
    const state = p.getByTestId('inbox-relay-state')
    await expect.poll(() => state.textContent()).toBe('○not set up')
    const local = p.getByRole('region', { name: 'Try it with the sandbox on this computer' })
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox-local-relay-offered')
    await local.getByRole('button', { name: 'Use a relay on this computer' }).click()
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toBe('✓connected')
    expect(await p.getByTestId('inbox-device-url-value').inputValue()).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/h\/[^/]+\/[^/]+\/device$/
    )

    await p.getByRole('button', { name: `Receive messages on ${label}` }).click()
    await p
      .getByRole('group', { name: `Receive messages on ${label}?` })
      .getByRole('button', { name: 'Receive messages', exact: true })
      .click()
    await expect
      .poll(() => p.getByTestId(`inbox-device-state-${deviceId}`).textContent())
      .toMatch(/^Receiving since /)

    // QA71: the view itself lets the operator play a customer writing (it was only under Webhooks and Auto-replies).
    expect(await p.getByTestId('inbox-conversations-empty').textContent()).toContain(
      '“Try it: a message arrives” below'
    )
    const customer = p.getByTestId('try-incoming')
    expect(await customer.getByRole('heading').textContent()).toBe('Try it: a message arrives')
    await customer.getByRole('textbox', { name: 'From (phone number)' }).fill('0812777888')
    await customer.getByRole('textbox', { name: 'Message' }).fill('Masih buka?')
    await customer.getByRole('button', { name: 'Deliver the message' }).click()
    const conversations = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    await expect.poll(() => conversations.allTextContents(), { timeout: 30_000 }).toHaveLength(1)
    expect(await conversations.first().textContent()).toContain('Masih buka?')
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox-local-relay')
  }, 120_000)

  // QA 2026-11-29: the thread's heading broke "+62 812-3456-" / "7890" at a hyphen, and with two devices the list cut
  // the number ("+62 857-00…"), when two customers share a name and the number alone tells them apart.
  it('a formatted number is never broken nor cut, the name gives way first: at 1100 and 360 px, with two devices', async () => {
    const { harness, deviceId, p } = await inboxWithLinkedSandbox({
      core: { sandbox: { ...FAST_CORE.sandbox, allowLoopbackWebhookTargets: true } }
    })
    const handlers = harness.core.handlers
    await handlers['inbox:connect']({ relayUrl: relay.url })
    await handlers['inbox:provision']({ deviceId })
    // A second device: each row then names the device its conversation came in on, which takes room from the number.
    const second = await answeringDevice(harness, 'Toko Cabang')
    onTestFinished(second.close)
    for (const from of ['081234567890', '085700001111'])
      await handlers['sandbox:receive']({
        deviceId,
        from,
        pushName: 'Sandbox contact',
        message: 'Halo, apakah pesanan saya sudah dikirim?'
      })
    const conversations = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    await expect.poll(() => conversations.count(), { timeout: 30_000 }).toBe(2)
    await expect.poll(() => p.locator('.inbox-row-device').count(), { timeout: 20_000 }).toBe(2)

    /** Each number shown in `where`: its text, its lines, and whether its box reaches past its container's edge. */
    const numbers = (where: Locator): Promise<Array<{ text: string; lines: number; cut: boolean }>> =>
      where.getByTestId('inbox-number').evaluateAll((all) =>
        all.map((number) => {
          const box = number.getBoundingClientRect()
          const container = number.parentElement?.getBoundingClientRect()
          return {
            text: number.textContent?.trim() ?? '',
            lines: number.getClientRects().length,
            cut: container !== undefined && box.right > container.right + 0.5
          }
        })
      )
    const whole = (text: string): { text: string; lines: number; cut: boolean } => ({
      text,
      lines: 1,
      cut: false
    })
    const list = p.getByRole('list', { name: 'Conversations' })
    const thread = p.getByTestId('inbox-thread')
    for (const width of [360, 1100]) {
      await p.setViewportSize({ width, height: 760 })
      // The list draws its rows once it is measured again at the new width (a frame or two after the resize).
      await expect
        .poll(() => numbers(list), { message: `the list at ${width} px` })
        .toEqual([whole('+62 857-0000-1111'), whole('+62 812-3456-7890')])
      // Each row's time whole beside its unread badge and device name (at 360 px it read "1." or "1…": QA F08).
      expect(
        await list
          .locator('.row-time')
          .evaluateAll((times) =>
            times.filter((time) => time.scrollWidth > time.clientWidth + 0.5).map((time) => time.textContent)
          ),
        `times cut at ${width} px`
      ).toEqual([])
      // The search field's placeholder says what it searches: read whole (at 1100 px it was cut to "…contact").
      const placeholder = await p.getByTestId('inbox-search').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = style.font
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return { text: input.placeholder, fits: context.measureText(input.placeholder).width <= room }
      })
      expect(placeholder, `the search's placeholder at ${width} px`).toMatchObject({ fits: true })
      // Both rows unread at 360 px (the first width): each carries its badge beside the device name.
      if (width === 360) expect(await list.getByTestId('inbox-unread').count()).toBe(2)
      await conversations.last().getByRole('button').click()
      await expect
        .poll(() => numbers(thread.locator('h3')), { message: `the thread's heading at ${width} px` })
        .toEqual([whole('+62 812-3456-7890')])
      await screenshot(p, `journey-inbox-numbers-${width}px`)
      if (width === 360) await thread.getByRole('button', { name: 'Back to conversations' }).click()
    }
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 120_000)
})
