/**
 * The two pop-ups of a 360×640 window close as a menu button's do (WAI-ARIA menu button / disclosure): the inbox
 * thread's "More" list of actions and the header's menu. Escape closes either and gives the focus back to the button
 * that opened it (Escape in the thread does not go back to the list while "More" is open); a pointer down outside
 * closes it and the focus stays on what was pressed; so does the focus leaving it; choosing an item closes it;
 * aria-expanded says which. And "/" reaches the conversations' search the open thread hides.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousA11yViolations } from './browser'
import { journeySession, openTab, receivingSandbox, relayEachTest, openFirstConversation } from './fixtures'

const journey = journeySession()
const relay = relayEachTest()

/** The test id of what has the focus (the tag name when it has none). */
const focused = (page: Page): Promise<string | null> =>
  page.evaluate(() => {
    const active = document.activeElement
    return active instanceof HTMLElement ? (active.dataset['testid'] ?? active.tagName.toLowerCase()) : null
  })

/** A 360×640 window on Messages in with one customer's conversation open. */
async function narrowThread(): Promise<{ p: Page; thread: Locator }> {
  const { harness, deviceId } = await receivingSandbox(journey, relay.url)
  const handlers = harness.core.handlers
  await handlers['settings:update']({ language: 'en', theme: 'light' })
  await handlers['sandbox:receive']({
    deviceId,
    from: '0812777888',
    pushName: 'Dewi',
    message: 'Is the batik shirt in size L still in stock?'
  })
  await expect.poll(async () => (await handlers['inbox:status']({})).messages, { timeout: 60_000 }).toBe(1)
  const p = await journey.open(harness.url, undefined, { bypassCSP: true })
  await p.setViewportSize({ width: 360, height: 640 })
  await openTab(p, 'inbox')
  await openFirstConversation(p)
  const thread = p.getByTestId('inbox-thread')
  await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(1)
  return { p, thread }
}

describe('pop-ups in a 360×640 window', () => {
  it("the thread's More: Escape, a click outside and a chosen action close it", async () => {
    const { p, thread } = await narrowThread()
    const more = thread.getByTestId('inbox-thread-more')
    const markRead = thread.getByTestId('inbox-mark-read')
    const reply = thread.getByRole('textbox')

    // Escape closes the list, the thread stays open, and the focus is back on More.
    await more.click()
    expect(await more.getAttribute('aria-expanded')).toBe('true')
    expect(await markRead.isVisible()).toBe(true)
    expect(await seriousA11yViolations(p)).toEqual([])
    await markRead.focus()
    await p.keyboard.press('Escape')
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    expect(await markRead.isVisible()).toBe(false)
    expect(await thread.isVisible(), 'the thread is still open').toBe(true)
    expect(await focused(p)).toBe('inbox-thread-more')

    // A press outside (the reply box) closes it, and the reply box keeps the focus it was given.
    await more.click()
    expect(await more.getAttribute('aria-expanded')).toBe('true')
    await reply.click({ timeout: 5_000 })
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    expect(await focused(p)).toBe('inbox-reply-text')

    // Choosing an action closes it, the focus back on More.
    await more.click()
    await markRead.click()
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    expect(await focused(p)).toBe('inbox-thread-more')

    // Delete asks its question with the list closed; Keep gives the focus back to More.
    await more.click()
    await thread.getByTestId('inbox-delete').click()
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    const keep = thread.getByRole('button', { name: 'Keep' })
    await expect.poll(() => keep.evaluate((button) => button === document.activeElement)).toBe(true)
    await keep.click()
    expect(await focused(p)).toBe('inbox-thread-more')

    // Naming the customer opens its form with the list closed, the focus in its field, the customer's own name to
    // start from; Escape closes the form alone and gives the focus back to More.
    await more.click()
    await thread.getByTestId('inbox-name').click()
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    const name = thread.getByRole('textbox', { name: /^New name for / })
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true)
    expect(await name.inputValue()).toBe('Dewi')
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.keyboard.press('Escape')
    expect(await name.count()).toBe(0)
    expect(await thread.isVisible(), 'the thread is still open').toBe(true)
    expect(await focused(p)).toBe('inbox-thread-more')
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 120_000)

  it("the thread's More closes when Tab leaves its actions (QA47 Q47-01, as the header's menu does)", async () => {
    const { p, thread } = await narrowThread()
    const more = thread.getByTestId('inbox-thread-more')
    await more.click()
    expect(await more.getAttribute('aria-expanded')).toBe('true')
    const inActions = (): Promise<boolean> =>
      p.evaluate(() =>
        Boolean(document.getElementById('inbox-thread-actions')?.contains(document.activeElement))
      )
    await p.keyboard.press('Tab')
    expect(await inActions(), 'Tab from More goes to its first action').toBe(true)
    for (let i = 0; i < 10 && (await inActions()); i++) {
      expect(await more.getAttribute('aria-expanded')).toBe('true')
      await p.keyboard.press('Tab')
    }
    expect(await inActions(), 'the focus never left the actions').toBe(false)
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 120_000)

  it('"/" with the thread open brings the conversations back, as Back does, and focuses their search (QA47 Q47-03: it did nothing)', async () => {
    const { p, thread } = await narrowThread()
    const search = p.getByTestId('inbox-search')
    expect(await search.isVisible(), 'the search is shown beside the thread at 360 px').toBe(false)
    await p.locator('#inbox-thread-heading').focus()
    await p.keyboard.press('/')
    await expect.poll(() => focused(p)).toBe('inbox-search')
    expect(await thread.count()).toBe(0)
    expect(await search.isVisible()).toBe(true)
    expect(await p.getByTestId('shortcuts-said').textContent()).toBe('')
    expect(await seriousA11yViolations(p)).toEqual([])
  }, 120_000)

  it("the header's menu: Escape, a click outside and a chosen tab close it", async () => {
    const { p } = await narrowThread()
    const toggle = p.getByTestId('nav-toggle')
    const menu = p.locator('#nav-tabs')

    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await menu.isVisible()).toBe(true)
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.getByTestId('nav-send').focus()
    await p.keyboard.press('Escape')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await menu.isVisible()).toBe(false)
    expect(await focused(p)).toBe('nav-toggle')

    // A press outside the menu (the menu covers the view: Pause, in the header beside it) closes it, and what was
    // pressed keeps the focus and does what it does.
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const pause = p.getByTestId('pause-sending')
    await pause.click({ timeout: 5_000 })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await menu.isVisible()).toBe(false)
    expect(await focused(p)).toBe('pause-sending')
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('true')

    // A second press on the button closes it too.
    await toggle.click()
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    // Choosing a tab closes it.
    await toggle.click()
    await p.getByTestId('nav-send').click()
    await p.getByTestId('view-send').waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await menu.isVisible()).toBe(false)
  }, 120_000)
})
