/**
 * Issue 26's journey in real Chromium over the harness (real core, real sandbox gateway, the real relay on
 * 127.0.0.1): a member writes in a group (subject and member shown) → a customer writes a text and sends a photo
 * (fetched by the core, shown from a blob: URL) → the conversation shows unread → the operator opens the thread
 * → a canned reply with {name} goes out once and reaches "read" through the sandbox's tracking posted to the relay →
 * the customer answers "STOP" → the number is on the opt-out list and the thread says so → "MULAI" takes it off.
 * axe at each step, 360 px without sideways scroll, and the dark theme.
 */
import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { screenshot, seriousA11yViolations } from './browser'
import { FAST_CORE, journeySession, linkedSandboxDevice } from './fixtures'

const journey = journeySession()
let relay: TestRelay

beforeEach(async () => {
  relay = await startTestRelay()
})
afterEach(async () => {
  await relay.close()
})

const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** The customer's number as the gateway writes it (from 0812777888). */
const CUSTOMER = '62812777888'
/** A WhatsApp group a member writes in (the gateway names groups by id). */
const GROUP_ID = '120363025555111222@g.us'

describe('inbox thread journey in Chromium', () => {
  it('a customer writes, the operator replies with a canned reply that reaches read, STOP and MULAI are honoured', async () => {
    const harness = await journey.start({
      // The relay is on 127.0.0.1: the sandbox posts there only because this run opts in.
      core: { sandbox: { ...FAST_CORE.sandbox, allowLoopbackWebhookTargets: true } }
    })
    const handlers = harness.core.handlers
    const deviceId = await linkedSandboxDevice(harness)
    // The mailbox and "Receive messages" as issue 25's journey sets them up from the window.
    await handlers['inbox:connect']({ relayUrl: relay.url })
    await handlers['inbox:provision']({ deviceId })
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.getByTestId('nav-inbox').click()
    await expect.poll(() => p.getByTestId('inbox-conversations-empty').isVisible()).toBe(true)

    // A member writes in a WhatsApp group: its conversation shows the group's subject, and the thread the member.
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812555666',
      pushName: 'Rina',
      message: 'Halo semua',
      groupId: GROUP_ID,
      groupSubject: 'Pelanggan Setia'
    })
    const conversations = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    await expect.poll(() => conversations.count(), { timeout: 30_000 }).toBe(1)
    const group = conversations.first()
    expect(await group.textContent()).toContain('Pelanggan Setia')
    await group.getByRole('button').click()
    const thread = p.getByTestId('inbox-thread')
    await expect.poll(() => thread.getByTestId('inbox-entry-in').allTextContents()).toHaveLength(1)
    const groupEntry = thread.getByTestId('inbox-entry-in').first()
    expect(await groupEntry.textContent()).toContain('Rina')
    expect(await groupEntry.textContent()).toContain('Halo semua')

    // A customer writes, then sends a photo: the conversation shows with the push name, the number and two unread.
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: 'Masih buka?'
    })
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: 'Foto pesanan',
      media: 'image'
    })
    await expect.poll(() => conversations.count(), { timeout: 30_000 }).toBe(2)
    const row = conversations.first()
    await expect.poll(() => row.getByTestId('inbox-unread').textContent(), { timeout: 30_000 }).toBe('2')
    expect(await row.textContent()).toContain('Dewi')
    expect(await row.textContent()).toContain('+62 812-777-888')
    expect(await seriousA11yViolations(p)).toEqual([])

    // Opening the thread reads it; the photo shows from the core's bytes (a blob: URL, decoded), never the gateway's.
    await row.getByRole('button').click()
    await expect.poll(() => thread.getByTestId('inbox-entry-in').allTextContents()).toHaveLength(2)
    await expect.poll(() => row.getByTestId('inbox-unread').count()).toBe(0)
    await expect
      .poll(async () => (await handlers['inbox:conversations']({})).conversations[0]?.unread)
      .toBe(0)
    const photo = thread.getByTestId('inbox-media-image')
    await expect.poll(() => photo.count(), { timeout: 30_000 }).toBe(1)
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    expect(await photo.getAttribute('src')).toMatch(/^blob:/)
    expect(await photo.getAttribute('alt')).toBe('Foto pesanan')
    expect(await seriousA11yViolations(p)).toEqual([])

    // A canned reply with {name}, made in the panel, inserted for Dewi and sent — twice clicked, sent once.
    await thread.getByTestId('inbox-canned-manage').click()
    await thread.getByTestId('inbox-canned-title').fill('Buka')
    await thread.getByTestId('inbox-canned-text').fill('Halo {name}, kami buka sampai jam 9.')
    await thread.getByTestId('inbox-canned-save').click()
    await thread.getByTestId('inbox-canned-insert').click()
    const box = thread.getByTestId('inbox-reply-text')
    await expect.poll(() => box.inputValue()).toBe('Halo Dewi, kami buka sampai jam 9.')
    expect(await seriousA11yViolations(p)).toEqual([])
    await thread.getByTestId('inbox-reply-send').dblclick()
    const status = thread.getByTestId('inbox-entry-status')
    await expect.poll(() => status.count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('read')
    const sent = (await handlers['outbox:list']({ offset: 0, limit: 200 })).items.filter(
      (item) => item.recipient === CUSTOMER
    )
    expect(sent.map((item) => item.text)).toEqual(['Halo Dewi, kami buka sampai jam 9.'])
    await screenshot(p, 'journey-inbox-thread')

    // "STOP": the number goes on the opt-out list and the thread says why.
    await handlers['sandbox:receive']({ deviceId, from: '0812777888', pushName: 'Dewi', message: 'STOP' })
    await expect
      .poll(async () => (await handlers['optouts:list']({})).optOuts.map((o) => o.phone), { timeout: 30_000 })
      .toContain(CUSTOMER)
    await expect
      .poll(() => thread.getByTestId('inbox-keyword-note').allTextContents(), { timeout: 30_000 })
      .toEqual(['This message put the number on the opt-out list: campaigns skip it.'])

    // "MULAI" takes it off again.
    await handlers['sandbox:receive']({ deviceId, from: '0812777888', pushName: 'Dewi', message: 'MULAI' })
    await expect
      .poll(async () => (await handlers['optouts:list']({})).optOuts.map((o) => o.phone), { timeout: 30_000 })
      .not.toContain(CUSTOMER)
    await expect
      .poll(() => thread.getByTestId('inbox-keyword-note').allTextContents(), { timeout: 30_000 })
      .toEqual([
        'This message put the number on the opt-out list: campaigns skip it.',
        'This message took the number off the opt-out list.'
      ])
    expect(await seriousA11yViolations(p)).toEqual([])

    // 360 px: the thread is its own step, the list one step back, neither scrolls sideways.
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-inbox-thread-360px')
    await thread.getByRole('button', { name: 'Back to conversations' }).click()
    await expect.poll(() => row.isVisible()).toBe(true)
    expect(await scrollsSideways(p)).toBe(false)

    // Dark theme: still readable (axe checks the contrast).
    await handlers['settings:update']({ theme: 'dark' })
    await expect.poll(() => p.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    await row.getByRole('button').click()
    await thread.waitFor()
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox-thread-dark-360px')
    await p.setViewportSize({ width: 1100, height: 800 })
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 180_000)
})
