/**
 * A long conversation as it opens in real Chromium (QA29 Q29-01, Q29-02): jsdom lays nothing out, so only here can
 * it be seen that opening a thread shows its newest message and the reply box at 1100×760 (from a search hit) and at
 * 360×640 (from the list), under the Relay and Chatbot panels; and that a message arriving while the thread's end is
 * off the screen stays unread until the operator brings it into view.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { screenshot, seriousA11yViolations } from './browser'
import {
  conversationRows,
  inboxHolds,
  journeySession,
  openTab,
  receivingSandbox,
  relayEachTest,
  openFirstConversation
} from './fixtures'

const journey = journeySession()
const relay = relayEachTest()

/** Messages in Dewi's conversation: several screens of them. */
const LONG = 24

/** Where a part is drawn against what the window shows of the page (under a sticky header, if there is one). */
async function placeOnScreen(
  page: Page,
  part: Locator
): Promise<{ top: number; bottom: number; screenTop: number; screenBottom: number }> {
  return part.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const header = document.querySelector('.header')
    const sticky = header && getComputedStyle(header).position === 'sticky'
    return {
      top: Math.round(rect.top),
      bottom: Math.round(rect.bottom),
      screenTop: sticky ? Math.round(header.getBoundingClientRect().bottom) : 0,
      screenBottom: window.innerHeight
    }
  })
}

async function expectOnScreen(page: Page, part: Locator, what: string): Promise<void> {
  const at = await placeOnScreen(page, part)
  expect(
    at.top >= at.screenTop - 1 && at.bottom <= at.screenBottom + 1,
    `${what} at y ${at.top}–${at.bottom}, the screen shows ${at.screenTop}–${at.screenBottom}`
  ).toBe(true)
}

/** The reply box's most height at 1100×760 (QA: 370 px, half the window, left a few lines for the messages). */
const REPLY_BOX_MOST = 240

/** Nothing of the part is covered by the sticky header (the elements drawn at its corners are its own). */
async function expectNotUnderHeader(page: Page, part: Locator, what: string): Promise<void> {
  const covered = await part.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const header = document.querySelector('.header')!.getBoundingClientRect()
    const points = [
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.top + 2],
      [rect.left + rect.width / 2, rect.top + rect.height / 2]
    ]
    const hidden = points.some(([x, y]) => {
      const top = document.elementFromPoint(x!, y!)
      return top === null || !(element === top || element.contains(top))
    })
    return { hidden, top: Math.round(rect.top), headerBottom: Math.round(header.bottom) }
  })
  expect(
    covered.hidden || covered.top < covered.headerBottom,
    `${what} at y ${covered.top}, under the header that ends at y ${covered.headerBottom}`
  ).toBe(false)
}

/** The newest message is drawn inside the thread's scroll box (not scrolled out of it) and on the screen. */
async function expectNewestShown(page: Page, text: string): Promise<void> {
  const thread = page.getByTestId('inbox-thread')
  const newest = thread.getByTestId('inbox-entry-in').last()
  expect(await newest.textContent()).toContain(text)
  await expectOnScreen(page, newest, 'the newest message')
  const inBox = await newest.evaluate((entry) => {
    const box = entry.closest('.inbox-entries')!.getBoundingClientRect()
    const rect = entry.getBoundingClientRect()
    return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1
  })
  expect(inBox, 'the newest message is scrolled into its box').toBe(true)
}

async function expectReplyBoxShown(page: Page): Promise<void> {
  await expectOnScreen(page, page.getByTestId('inbox-reply-text'), 'the reply box')
  await expectOnScreen(page, page.getByTestId('inbox-reply-send'), 'Send')
}

/** How many lines of its text a text box shows: its height inside its padding, in lines. */
function linesInSight(box: Locator): Promise<number> {
  return box.evaluate((element) => {
    const style = getComputedStyle(element)
    const inside = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
    return inside / parseFloat(style.lineHeight)
  })
}

async function dewiUnread(harness: Harness): Promise<number | undefined> {
  const { conversations } = await harness.core.handlers['inbox:conversations']({})
  return conversations.find((c) => c.pushName === 'Dewi')?.unread
}

/**
 * Dewi asks `count` order questions ("pesanan #1001: …"); resolves once the core holds `total` messages (hers and
 * any written before them).
 */
async function dewiAsks(harness: Harness, deviceId: string, count: number, total = count): Promise<void> {
  for (let n = 1; n <= count; n++)
    await harness.core.handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: `pesanan #${1000 + n}: apakah stok baju batik ukuran L masih ada?`
    })
  await inboxHolds(harness, total)
}

/** Dewi's conversation opened from the Inbox's list, in a window of `size` (360×640 unless told; null: as it opens). */
async function openDewi(
  harness: Harness,
  size: { width: number; height: number } | null = { width: 360, height: 640 }
): Promise<Page> {
  const p = await journey.open(harness.url, undefined, { bypassCSP: true })
  if (size) await p.setViewportSize(size)
  await openTab(p, 'inbox')
  await openFirstConversation(p)
  return p
}

describe('a long thread in Chromium (QA29)', () => {
  it('opens with its newest message and reply box on screen, and reads an arrival only once it is on screen', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const handlers = harness.core.handlers
    // An older, short conversation to go to and back from with the keyboard.
    for (const message of ['Halo', 'Masih buka?', 'Terima kasih'])
      await handlers['sandbox:receive']({ deviceId, from: '0812555666', pushName: 'Rina', message })
    await dewiAsks(harness, deviceId, LONG, LONG + 3)

    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 1100, height: 760 })
    await openTab(p, 'inbox')
    const thread = p.getByTestId('inbox-thread')

    // 1100×760, opened from a search hit (the page at its top, the Relay and Chatbot panels above the thread).
    await p.getByTestId('inbox-search').fill(`pesanan #${1000 + LONG}`)
    await p.getByTestId('inbox-search').press('Enter')
    // A found message reads as the conversation list does, from the start of its line: a button's own centring made
    // wrapped hits ragged on both sides (a new operator's probe).
    const hit = p.getByTestId('inbox-search-message').first().getByRole('button')
    expect(await hit.evaluate((button) => getComputedStyle(button).textAlign)).toBe('start')
    await hit.click()
    await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(LONG)
    await expect.poll(async () => (await placeOnScreen(p, thread)).bottom <= 761).toBe(true)
    await expectNewestShown(p, `pesanan #${1000 + LONG}`)
    await expectReplyBoxShown(p)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'inbox-long-thread-1100')

    // From the keyboard (Alt+↓ to Rina's, the page back at its top, Alt+↑ to Dewi's): the focus on the heading, which
    // does not take the newest message and the reply box off the screen.
    await p.keyboard.press('Alt+ArrowDown')
    await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(3)
    await p.evaluate(() => window.scrollTo(0, 0))
    await p.keyboard.press('Alt+ArrowUp')
    await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(LONG)
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('inbox-thread-heading')
    await expect.poll(async () => (await placeOnScreen(p, thread)).bottom <= 761).toBe(true)
    await expectNewestShown(p, `pesanan #${1000 + LONG}`)
    await expectReplyBoxShown(p)
    await expectOnScreen(p, p.locator('#inbox-thread-heading'), 'the heading')
    // The reply box takes a few lines of the screen, not half of it: the messages are what the thread is for.
    const replyHeight = await p
      .getByTestId('inbox-reply')
      .evaluate((form) => form.getBoundingClientRect().height)
    expect(replyHeight, `the reply box is ${Math.round(replyHeight)} px tall`).toBeLessThanOrEqual(
      REPLY_BOX_MOST
    )

    // 360×640, opened from the list.
    await p.setViewportSize({ width: 360, height: 640 })
    await thread.getByRole('button', { name: 'Back to conversations' }).click()
    await p.evaluate(() => window.scrollTo(0, 0))
    await p.getByTestId('inbox-search').fill('')
    const row = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first()
    await row.getByRole('button').click()
    await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(LONG)
    await expect.poll(async () => (await placeOnScreen(p, thread)).bottom <= 641).toBe(true)
    await expectNewestShown(p, `pesanan #${1000 + LONG}`)
    await expectReplyBoxShown(p)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'inbox-long-thread-360')
    expect(await dewiUnread(harness)).toBe(0)

    // From the keyboard at 360×640 (Alt+↓ to Rina's, Alt+↑ back): the focused heading is drawn where it is seen, not
    // under the sticky header, with the newest message and the reply box still on the screen.
    await p.keyboard.press('Alt+ArrowDown')
    await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(3)
    await p.keyboard.press('Alt+ArrowUp')
    await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(LONG)
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('inbox-thread-heading')
    await expect.poll(async () => (await placeOnScreen(p, thread)).bottom <= 641).toBe(true)
    await expectNotUnderHeader(p, p.locator('#inbox-thread-heading'), 'the focused heading')
    await expectNewestShown(p, `pesanan #${1000 + LONG}`)
    await expectReplyBoxShown(p)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'inbox-long-thread-360-keyboard')

    // The operator scrolls the page back up to the panels: the thread's end is below the screen. Dewi writes; her
    // message is drawn at the thread's end, where nobody sees it, and stays unread.
    await p.evaluate(() => window.scrollTo(0, 0))
    const entriesAtTop = await placeOnScreen(p, p.getByTestId('inbox-entries'))
    expect(entriesAtTop.bottom).toBeGreaterThan(entriesAtTop.screenBottom + 16)
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: 'Halo? (baru)'
    })
    await expect
      .poll(() => thread.getByTestId('inbox-entry-in').last().textContent(), { timeout: 30_000 })
      .toContain('Halo? (baru)')
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(await dewiUnread(harness)).toBe(1)

    // Scrolled down to it: shown, so read.
    await p.getByTestId('inbox-reply-send').evaluate((send) => send.scrollIntoView({ block: 'end' }))
    await expect.poll(() => dewiUnread(harness), { timeout: 10_000 }).toBe(0)
  }, 180_000)

  // QA38 Q38-04: Alt+I back to the Inbox with a conversation open put the focus on the view's heading, then the
  // thread's opening scroll took the page down to its end, the focused heading under the sticky header.
  it('Alt+I back to an open conversation at 360×640 leaves the focused view heading in sight', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const SHORT = 8
    await dewiAsks(harness, deviceId, SHORT)

    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 360, height: 640 })
    await openTab(p, 'inbox')
    const thread = p.getByTestId('inbox-thread')
    await openFirstConversation(p)
    // The thread's first page and the view's code come over the harness: on two busy cores that is more than a
    // poll's default second (this test failed once in a file run, passing alone).
    const drawn = { timeout: 10_000 }
    await expect.poll(() => thread.getByTestId('inbox-entry-in').count(), drawn).toBe(SHORT)

    for (const away of ['Alt+Digit1', 'Alt+Digit4']) {
      await p.keyboard.press(away)
      await expect.poll(() => thread.count(), drawn).toBe(0)
      await p.keyboard.press('Alt+KeyI')
      await expect.poll(() => thread.getByTestId('inbox-entry-in').count(), drawn).toBe(SHORT)
      // The thread's opening scroll has run (it runs once its entries are drawn); the focus stays where Alt+I put it.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await p.evaluate(() => document.activeElement?.id), `after ${away}`).toBe('inbox-heading')
      await expectNotUnderHeader(p, p.locator('#inbox-heading'), `the focused heading (after ${away}, Alt+I)`)
      await expectOnScreen(p, p.locator('#inbox-heading'), `the focused heading (after ${away}, Alt+I)`)
    }
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'inbox-alt-i-open-thread-360')
  }, 120_000)

  // QA38 Q38-05: at 360×640 the messages box was 96 px (15vh) under the sticky header, the thread's heading buttons and
  // a reply box of 250 px: it showed the foot of one message; and "Delete for everyone" asked its question scrolled
  // out of the box, only its two buttons in sight.
  it.each(['en', 'id'] as const)(
    'at 360×640 (%s) the messages take a real share of the screen and the take-back asks its question in sight',
    async (language) => {
      const { harness, deviceId } = await receivingSandbox(journey, relay.url)
      const handlers = harness.core.handlers
      await handlers['settings:update']({ language })
      const MESSAGES = 10
      await dewiAsks(harness, deviceId, MESSAGES)
      const dewi = (await handlers['inbox:conversations']({})).conversations[0]!
      await handlers['inbox:reply']({
        requestId: 'q38-05-reply',
        conversationId: dewi.id,
        deviceId,
        chatId: dewi.chatId,
        isGroup: false,
        text: 'Masih ada, Bu. Ukuran L tinggal tiga.'
      })

      const p = await journey.open(harness.url, undefined, { bypassCSP: true })
      await p.setViewportSize({ width: 360, height: 640 })
      await openTab(p, 'inbox')
      const thread = p.getByTestId('inbox-thread')
      await conversationRows(p, language).first().getByRole('button').click()
      await expect.poll(() => thread.getByTestId('inbox-entry-in').count()).toBe(MESSAGES)
      const revoke = thread
        .getByTestId('inbox-entry-out')
        .getByRole('button', { name: language === 'en' ? 'Delete for everyone' : 'Hapus untuk semua orang' })
      await expect.poll(() => revoke.count(), { timeout: 30_000 }).toBe(1)
      await expect.poll(async () => (await placeOnScreen(p, thread)).bottom <= 641).toBe(true)

      // The messages box: at least 40% of the window's height, on the screen with the newest entry, the reply box
      // and Send.
      const entries = p.getByTestId('inbox-entries')
      const boxHeight = await entries.evaluate((box) => box.getBoundingClientRect().height)
      expect
        .soft(boxHeight, `the messages box is ${Math.round(boxHeight)} px tall`)
        .toBeGreaterThanOrEqual(0.4 * 640)
      await expectOnScreen(p, entries, 'the messages box')
      await expectReplyBoxShown(p)
      expect(await seriousA11yViolations(p)).toEqual([])
      await screenshot(p, `inbox-thread-360-compact-${language}`)

      // "Delete for everyone" from the keyboard: its question is in the box's sight, beside the buttons that answer it.
      await revoke.focus()
      await p.keyboard.press('Enter')
      const confirm = thread.getByRole('group', {
        name:
          language === 'en' ? /^Delete this message for everyone\?/ : /^Hapus pesan ini untuk semua orang\?/
      })
      await confirm.waitFor()
      const keep = confirm.getByRole('button', { name: language === 'en' ? 'Keep' : 'Jangan' })
      await expect.poll(() => keep.evaluate((button) => button === document.activeElement)).toBe(true)
      const question = confirm.locator('p').first()
      const inBox = async (part: typeof question): Promise<boolean> =>
        part.evaluate((element) => {
          const box = element.closest('.inbox-entries')!.getBoundingClientRect()
          const rect = element.getBoundingClientRect()
          return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1
        })
      expect.soft(await inBox(question), "the question is in the box's sight").toBe(true)
      expect.soft(await inBox(keep), "Keep is in the box's sight").toBe(true)
      await expectOnScreen(p, question, 'the question')
      await expectOnScreen(p, keep, 'Keep')
      expect(await seriousA11yViolations(p)).toEqual([])
      await screenshot(p, `inbox-thread-360-takeback-${language}`)

      // The thread's actions, behind "More" at this width, from the keyboard.
      await p.keyboard.press('Escape')
      const more = thread.getByTestId('inbox-thread-more')
      // QA41 Q41-08: opening it wrapped the heading, the button jumping to a new line on the left and the messages
      // shrinking to ~100 px; the actions open under it, the button and the messages staying where they were.
      const moreAt = async (): Promise<{ x: number; y: number }> =>
        more.evaluate((button) => ({
          x: button.getBoundingClientRect().x,
          y: button.getBoundingClientRect().y
        }))
      const heightOf = async (): Promise<number> =>
        entries.evaluate((box) => box.getBoundingClientRect().height)
      const closedAt = await moreAt()
      const closedHeight = await heightOf()
      await more.focus()
      await p.keyboard.press('Enter')
      expect(await more.getAttribute('aria-expanded')).toBe('true')
      const openAt = await moreAt()
      expect.soft(Math.abs(openAt.x - closedAt.x), 'More stays put across').toBeLessThanOrEqual(1)
      expect.soft(Math.abs(openAt.y - closedAt.y), 'More stays put down').toBeLessThanOrEqual(1)
      expect
        .soft(await heightOf(), 'the messages box keeps its height')
        .toBeGreaterThanOrEqual(closedHeight - 1)
      await screenshot(p, `inbox-thread-360-more-${language}`)
      for (const action of ['inbox-mark-read', 'inbox-archive', 'inbox-delete'])
        expect(await thread.getByTestId(action).isVisible(), action).toBe(true)
      await p.keyboard.press('Tab')
      expect(await p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'inbox-mark-read'
      )
      expect(await seriousA11yViolations(p)).toEqual([])
      // A second click where the button was closes it.
      await p.mouse.click(closedAt.x + 4, closedAt.y + 4)
      expect(await more.getAttribute('aria-expanded')).toBe('false')
    },
    120_000
  )

  // QA62: at 360×640, with a conversation open (the list hidden behind it), a new customer's message gave no sign.
  it('at 360×640 counts on Back what waits in the other conversations, drawn whole and in sight', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const handlers = harness.core.handlers
    await dewiAsks(harness, deviceId, 1)
    const p = await openDewi(harness)
    const thread = p.getByTestId('inbox-thread')
    await thread.getByTestId('inbox-entry-in').first().waitFor()
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812555666',
      pushName: 'Rina',
      message: 'Halo, masih buka?'
    })
    const badge = thread.getByTestId('inbox-back-unread')
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('1')
    const drawn = await badge.evaluate((element) => {
      const rect = element.getBoundingClientRect()
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
      return { whole: top === element || element.contains(top), left: rect.left, right: rect.right }
    })
    expect(drawn.whole, 'the badge is drawn on top, not clipped or covered').toBe(true)
    expect(drawn.right).toBeLessThanOrEqual(360)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'inbox-thread-360-back-unread')
  }, 120_000)

  // QA61: at 360×640 in Bahasa Indonesia a short reply deleted for everyone drew "Dihapus untuk semua orang" 4 px past
  // its bubble's edge (a badge does not wrap); the bubble's foot wraps its badge within the bubble.
  it('at 360×640 (id) a short reply deleted for everyone keeps its badge inside its bubble', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const handlers = harness.core.handlers
    await handlers['settings:update']({ language: 'id' })
    await dewiAsks(harness, deviceId, 1)
    const dewi = (await handlers['inbox:conversations']({})).conversations[0]!
    const { itemIds } = await handlers['inbox:reply']({
      requestId: 'qa61-revoked-badge',
      conversationId: dewi.id,
      deviceId,
      chatId: dewi.chatId,
      isGroup: false,
      text: 'Ok'
    })
    const id = itemIds[0]!
    await expect
      .poll(async () => (await handlers['outbox:get']({ id })).item.status, { timeout: 30_000 })
      .toBe('read')
    await handlers['outbox:takeBack']({ ids: [id], action: 'revoke' })
    await expect
      .poll(async () => (await handlers['outbox:get']({ id })).item.status, { timeout: 30_000 })
      .toBe('revoked')

    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 360, height: 640 })
    await openTab(p, 'inbox')
    await p
      .getByRole('list', { name: 'Percakapan' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .click()
    const bubble = p.getByTestId('inbox-thread').getByTestId('inbox-entry-out')
    const badge = bubble.getByTestId('inbox-entry-status')
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toContain('Dihapus untuk semua orang')
    const sides = await bubble.evaluate((entry) => {
      const box = entry.getBoundingClientRect()
      const drawn = entry.querySelector('[data-testid="inbox-entry-status"]')!.getBoundingClientRect()
      return { bubble: [box.left, box.right], badge: [drawn.left, drawn.right] }
    })
    expect(sides.badge[0]!, JSON.stringify(sides)).toBeGreaterThanOrEqual(sides.bubble[0]! - 0.5)
    expect(sides.badge[1]!, JSON.stringify(sides)).toBeLessThanOrEqual(sides.bubble[1]! + 0.5)
    await screenshot(p, 'inbox-thread-360-revoked-id')
  }, 120_000)

  // A long reply at 360×640: the reply box grew with it, the messages box kept its height, and the reply box pushed
  // Send and the newest message off the screen. The messages give way instead; at 1100×760 the same holds.
  it.each([
    [360, 640],
    [1100, 760]
  ] as const)(
    'at %i×%i a six-line reply keeps the reply box, Send and the newest message on the screen',
    async (width, height) => {
      const { harness, deviceId } = await receivingSandbox(journey, relay.url)
      const MESSAGES = 10
      await dewiAsks(harness, deviceId, MESSAGES)

      const p = await journey.open(harness.url, undefined, { bypassCSP: true })
      await p.setViewportSize({ width, height })
      await openTab(p, 'inbox')
      const thread = p.getByTestId('inbox-thread')
      await openFirstConversation(p)
      await expect
        .poll(() => thread.getByTestId('inbox-entry-in').count(), { timeout: 10_000 })
        .toBe(MESSAGES)
      await expect.poll(async () => (await placeOnScreen(p, thread)).bottom <= height + 1).toBe(true)
      await expectNewestShown(p, `pesanan #${1000 + MESSAGES}`)
      await expectReplyBoxShown(p)

      // Six lines typed into the reply box (Enter alone breaks the line; Ctrl+Enter would send).
      const reply = p.getByTestId('inbox-reply-text')
      await reply.click()
      const lines = [
        'Selamat siang, Bu Dewi.',
        'Stok baju batik ukuran L masih ada tiga.',
        'Warna biru dan merah tersedia.',
        'Ongkos kirim ke Bandung Rp 15.000.',
        'Pesanan bisa kami kirim besok pagi.',
        'Terima kasih sudah menunggu.'
      ]
      await p.keyboard.type(lines.join('\n'))
      expect(await reply.inputValue()).toBe(lines.join('\n'))
      const replyRows = await reply.evaluate(
        (box) => box.scrollHeight / parseFloat(getComputedStyle(box).lineHeight)
      )
      expect(replyRows, 'the reply box grew with the lines typed').toBeGreaterThanOrEqual(5)
      // Given way to the messages, it still shows two whole lines of what is written.
      expect(await linesInSight(reply), 'two whole lines of the reply in sight').toBeGreaterThanOrEqual(2)
      // The thread fits itself again as its reply box grows (a frame later, at 1100 px through thread-fit.ts).
      const send = p.getByTestId('inbox-reply-send')
      // At 1100 px the page itself scrolls (the relay's panels above the thread): where it rests after typing is the
      // browser's (it failed 2 of ~8 runs with Send below a page left higher). What must hold there is that the
      // thread fits the screen once it is in sight: Send, the reply box and the newest message together.
      if (width > 360) await send.scrollIntoViewIfNeeded()
      await expect
        .poll(async () => (await placeOnScreen(p, send)).bottom <= height + 1, {
          message: 'Send ends on the screen'
        })
        .toBe(true)
      await expectReplyBoxShown(p)
      await expectNewestShown(p, `pesanan #${1000 + MESSAGES}`)
      if (width > 360) await expectOnScreen(p, p.getByTestId('inbox-entries'), 'the messages box')
      else {
        // At 360 px the messages keep 40% of the window however tall the reply grows (QA71: they were left 96 px); what
        // does not fit beside them scrolls the page, their top under the sticky header: most of them stay in sight.
        const at = await placeOnScreen(p, p.getByTestId('inbox-entries'))
        const inSight = Math.min(at.bottom, at.screenBottom) - Math.max(at.top, at.screenTop)
        expect(inSight, `the messages box at y ${at.top}–${at.bottom}`).toBeGreaterThanOrEqual(0.3 * height)
      }
      expect(await seriousA11yViolations(p)).toEqual([])
      await screenshot(p, `inbox-thread-long-reply-${width}`)
    },
    120_000
  )
})

// QA67: at 360×640, in any conversation, the reply box's focus and one line typed took the messages box from ~335 px to
// 120 px, then 96 px, the reply panel scrolling on its own: two lines of the customer's message while answering it.
// QA70: on a device without canned replies, the focus brought "No canned replies…" and "Manage canned replies" under
// the box, the thread grew to its tallest, and Send went below the window: the page did not follow.
describe('answering in a narrow window', () => {
  it.each([
    ['en', 'with', 6],
    ['id', 'with', 6],
    // One message: the thread, shorter than the screen when opened, grows to its tallest with the box's focus.
    ['en', 'without', 1]
  ] as const)(
    'at 360×640 (%s, %s canned replies, %i messages) a line typed leaves the messages most of the screen, the newest one whole and Send in sight',
    async (language, canned, messages) => {
      const { harness, deviceId } = await receivingSandbox(journey, relay.url)
      await harness.core.handlers['settings:update']({ language })
      await dewiAsks(harness, deviceId, messages)
      // A device with canned replies: their pick shows with the box's focus; without, the line saying there are none.
      if (canned === 'with')
        await harness.core.handlers['cannedReplies:save']({
          deviceId,
          title: 'Harga',
          text: 'Harga baju batik L Rp 150.000, ongkir ke Bandung Rp 15.000.'
        })
      const p = await journey.open(harness.url, undefined, { bypassCSP: true })
      await p.setViewportSize({ width: 360, height: 640 })
      await openTab(p, 'inbox')
      await conversationRows(p, language).first().getByRole('button').click()
      const thread = p.getByTestId('inbox-thread')
      await expect
        .poll(() => thread.getByTestId('inbox-entry-in').count(), { timeout: 10_000 })
        .toBe(messages)
      const entries = p.getByTestId('inbox-entries')
      const messagesHeight = (): Promise<number> =>
        entries.evaluate((box) => Math.round(box.getBoundingClientRect().height))
      const idle = await messagesHeight()

      const settled = (): Promise<unknown> =>
        p.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        )
      const reply = p.getByTestId('inbox-reply-text')
      await reply.click()
      await settled()
      const focused = await messagesHeight()
      expect
        .soft(
          focused,
          `the messages box is ${focused} px tall with the reply box focused (${idle} px before)`
        )
        .toBeGreaterThanOrEqual(0.4 * 640)
      await p.keyboard.type('Masih ada, Bu. Ukuran L tinggal tiga.')
      await settled()
      const writing = await messagesHeight()
      expect
        .soft(writing, `the messages box is ${writing} px tall while writing (${idle} px before)`)
        .toBeGreaterThanOrEqual(0.4 * 640)
      await expectNewestShown(p, `pesanan #${1000 + messages}`)
      // Nor does the reply box scroll on its own, its Send row over what it holds.
      const replyScrolls = await p
        .getByTestId('inbox-reply')
        .evaluate((form) => form.scrollHeight - form.clientHeight)
      expect.soft(replyScrolls, 'how far the reply box scrolls').toBeLessThanOrEqual(1)
      // The reply itself, its whole line, and Send stay in sight with it.
      expect(await linesInSight(reply), 'the line written is in sight').toBeGreaterThanOrEqual(1)
      await expectReplyBoxShown(p)
      expect(await seriousA11yViolations(p)).toEqual([])
      await screenshot(p, `inbox-thread-360-writing-${language}-${canned}`)
    },
    120_000
  )
})

describe('a canned reply in a narrow window (QA58)', () => {
  // At 360×640 a two-line canned reply showed one line and half of the next, and with its note up the reply box ran
  // out of the thread: Attach and Send drawn over the panel below.
  it('keeps two whole lines of the reply in sight and Send inside the thread, on the screen', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    await dewiAsks(harness, deviceId, 3)
    await harness.core.handlers['cannedReplies:save']({
      deviceId,
      title: 'Harga',
      text: 'Harga baju batik L Rp 150.000,\nongkir ke Bandung Rp 15.000. Kode promo: {kode}'
    })
    const p = await openDewi(harness)
    // Opened: its end on the screen.
    await expect
      .poll(async () => (await placeOnScreen(p, p.getByTestId('inbox-thread'))).bottom <= 640 + 1)
      .toBe(true)
    const reply = p.getByTestId('inbox-reply-text')
    await reply.click()
    await p.getByTestId('inbox-canned-insert').click()
    await p.getByTestId('inbox-canned-missing').waitFor()
    await expect.poll(() => reply.evaluate((box) => document.activeElement === box)).toBe(true)
    expect(await linesInSight(reply), 'two whole lines of the reply in sight').toBeGreaterThanOrEqual(2)
    const thread = await placeOnScreen(p, p.getByTestId('inbox-thread'))
    const send = await placeOnScreen(p, p.getByTestId('inbox-reply-send'))
    expect(send.bottom, 'Send ends inside the thread').toBeLessThanOrEqual(thread.bottom + 1)
    await expectReplyBoxShown(p)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'inbox-canned-reply-360')
  }, 120_000)
})

/** Two corners and the middle of the part are the part's own on the screen: nothing drawn over it, nothing scrolled away. */
async function expectUncovered(part: Locator, what: string): Promise<void> {
  await part.waitFor()
  const hidden = await part.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    // Inside the rounded corners.
    const points = [
      [rect.left + 6, rect.top + 6],
      [rect.right - 6, rect.bottom - 6],
      [rect.left + rect.width / 2, rect.top + rect.height / 2]
    ]
    return points
      .filter(([x, y]) => {
        const top = document.elementFromPoint(x!, y!)
        return top === null || !(element === top || element.contains(top))
      })
      .map(([x, y]) => `${Math.round(x!)},${Math.round(y!)}`)
  })
  expect(hidden, `${what}: points covered or out of sight`).toEqual([])
}

// QA62: at 360×640 a long reply made the reply box a small scroll box, and what came after the text (the file chip,
// the preview, the opt-out question Send's click brought) went under its sticky Send row: Send seemed to do nothing.
// QA79: a number on the opt-out list as the window reads it leaves Send off, saying why (the core's question comes
// only when the list could not be read: InboxConversations.test.tsx).
describe('what the reply box adds in a narrow window (QA62)', () => {
  it('brings the attached file into sight above Send, off with its reason for a number on the opt-out list', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    await dewiAsks(harness, deviceId, 3)
    await harness.core.handlers['optouts:add']({ phones: ['0812777888'], source: 'operator' })
    const p = await openDewi(harness)
    const reply = p.getByTestId('inbox-reply-text')
    await reply.click()
    await reply.fill(
      [
        'Halo kak Dewi,',
        'stok batik L masih ada.',
        'Harga Rp 150.000.',
        'Ongkir Rp 15.000.',
        'Terima kasih!'
      ].join('\n')
    )
    await p
      .locator('#inbox-reply-file-input')
      .setInputFiles({ name: 'katalog.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') })
    await expectUncovered(p.getByTestId('inbox-reply-file'), 'the attached file')
    const send = p.getByTestId('inbox-reply-send')
    await expectUncovered(send, 'Send')
    expect(await send.isDisabled()).toBe(true)
    expect(await send.getAttribute('aria-describedby')).toBe(
      await p.getByTestId('inbox-reply-listed').getAttribute('id')
    )
    await screenshot(p, 'inbox-reply-opted-out-360')
  }, 120_000)
})

// Issue 29 point 4: Chromium drops the focus of a button disabled under it to the page (jsdom keeps it there). The
// customer's STOP arriving as the operator is about to press Send reply turns it off: the focus goes to the note at the
// box that says why, and to the reply being written once the number is off the list again.
describe('Send reply turned off under the focus', () => {
  it('hands the focus to the note saying why, then back to the reply, never to the page', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    await dewiAsks(harness, deviceId, 1)
    const p = await openDewi(harness, null)
    const reply = p.getByTestId('inbox-reply-text')
    await reply.fill('Halo kak Dewi')
    const send = p.getByTestId('inbox-reply-send')
    await send.focus()
    const focused = (): Promise<string> =>
      p.evaluate(
        () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? ''
      )
    await harness.core.handlers['optouts:add']({ phones: ['0812777888'], source: 'operator' })
    await expect.poll(() => send.isDisabled()).toBe(true)
    await expect.poll(focused).toBe('inbox-reply-listed')
    await harness.core.handlers['optouts:remove']({ phone: '62812777888' })
    await expect.poll(() => send.isDisabled()).toBe(false)
    await expect.poll(focused).toBe('inbox-reply-text')
    expect(await reply.inputValue()).toBe('Halo kak Dewi')
  }, 120_000)
})

// The reply box gives way to the "no device" line as the conversation's device is removed, and comes back as it is
// added again (the core announces both): the focus goes from the reply to the line and back, never to the page.
describe('the conversation’s device removed and added again under the focus', () => {
  it('hands the focus from the reply to the "no device" line, then back to the reply', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    await dewiAsks(harness, deviceId, 1)
    const secret = await harness.vault.load(deviceId)
    if (secret.kind !== 'found') throw new Error(secret.kind)
    const { devices } = await harness.core.handlers['devices:list']({})
    const { baseUrl } = devices.find((d) => d.id === deviceId)!
    const p = await openDewi(harness, null)
    await p.getByTestId('inbox-reply-text').focus()
    const focused = (): Promise<string> =>
      p.evaluate(
        () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? ''
      )
    await harness.core.handlers['devices:remove']({ id: deviceId })
    await expect.poll(focused, { timeout: 10_000 }).toBe('inbox-reply-no-device')
    await harness.core.handlers['devices:add']({ label: 'Shop', baseUrl, token: secret.value.token })
    await expect.poll(focused, { timeout: 10_000 }).toBe('inbox-reply-text')
  }, 120_000)
})

// QA62: in Chromium the focus fell to the page after a canned reply's Remove (jsdom kept it): the button kept the
// focus as the answer came, and went with its row when the list was read again. QA74: the reply that takes its place
// has the focus on its Edit, the Title field once none is left.
describe('removing a canned reply by keyboard', () => {
  it('gives the focus to the next reply once its row has gone, the Title field after the last', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    await dewiAsks(harness, deviceId, 1)
    for (const title of ['Harga', 'Jam buka'])
      await harness.core.handlers['cannedReplies:save']({ deviceId, title, text: `${title}: …` })
    const p = await openDewi(harness, null)
    await p.getByTestId('inbox-reply-text').click()
    await p.getByTestId('inbox-canned-manage').click()
    const focused = (): Promise<string | null | undefined> =>
      p.evaluate(
        () =>
          document.activeElement?.getAttribute('data-testid') ??
          document.activeElement?.textContent ??
          document.activeElement?.tagName
      )
    const remove = p.getByRole('button', { name: 'Remove Harga' })
    await remove.focus()
    await p.keyboard.press('Enter')
    await remove.waitFor({ state: 'detached' })
    await expect.poll(focused).toBe('Edit Jam buka')
    expect(await seriousA11yViolations(p)).toEqual([])
    // The last one: the Title field, where the keyboard goes on.
    await p.keyboard.press('Tab')
    await p.keyboard.press('Enter')
    await p.getByRole('button', { name: 'Remove Jam buka' }).waitFor({ state: 'detached' })
    await expect.poll(focused).toBe('inbox-canned-title')
    await p.keyboard.type('Ongkir')
    expect(await p.getByTestId('inbox-canned-title').inputValue()).toBe('Ongkir')
  }, 120_000)
})

// QA61: at 360×640 the idle reply box folded its hint as a press on a bubble took the focus from it, moving the bubble
// 147 px between the press and the release: the first tap on "Cancel sending" did nothing, and the reply went out.
describe('a reply cancelled from its bubble at 360 px', () => {
  it('is cancelled by the first tap', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    await dewiAsks(harness, deviceId, 3)
    await harness.core.handlers['outbox:setPaused']({ paused: true })
    const p = await openDewi(harness)
    const reply = p.getByTestId('inbox-reply-text')
    await reply.click()
    await reply.fill('Sebentar ya kak, kami cek dulu')
    await p.getByTestId('inbox-reply-send').click()
    const cancel = p.getByRole('button', { name: 'Cancel sending' })
    await cancel.waitFor()
    await cancel.click()
    await expect
      .poll(async () =>
        (await harness.core.handlers['outbox:list']({ offset: 0, limit: 10 })).items.map(
          (item) => item.status
        )
      )
      .toEqual(['cancelled'])
  }, 120_000)
})

// QA45 Q45-01: at 360×640 in Bahasa Indonesia (English 1 px from it) a conversation known by its number alone read
// "+62 813-5555-000" in the thread's heading: the number, kept on one line, ran 21 px past its box under "Lainnya"
// (More). It is drawn whole, "More" going under it when both do not fit (QA71: it never wraps inside itself,
// inbox-heading-number.e2e.ts); a long group name wraps.
describe('the thread heading at 360 px (QA45)', () => {
  /** The parts of the heading's text drawn under the More button, and any drawn past the heading's box. */
  async function headingOverlaps(
    page: Page
  ): Promise<{ underMore: string[]; pastBox: string[]; groupLines: number; text: string }> {
    return page.locator('#inbox-thread-heading').evaluate((heading) => {
      const more = heading.parentElement!.querySelector('.inbox-thread-more')!.getBoundingClientRect()
      const box = heading.getBoundingClientRect()
      const underMore: string[] = []
      const pastBox: string[] = []
      const groupTops = new Set<number>()
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (let at = 0; at < text.length; at++) {
          if (text[at]!.trim() === '') continue
          const range = document.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + 1)
          const rect = range.getBoundingClientRect()
          const cx = rect.left + rect.width / 2
          const cy = rect.top + rect.height / 2
          if (cx > more.left && cx < more.right && cy > more.top && cy < more.bottom)
            underMore.push(text[at]!)
          if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5) pastBox.push(text[at]!)
          const group = text.indexOf('813-5555-0005')
          if (group >= 0 && at >= group && at < group + 13) groupTops.add(Math.round(rect.top))
        }
      }
      return { underMore, pastBox, groupLines: groupTops.size, text: heading.textContent ?? '' }
    })
  }

  it.each(['en', 'id'] as const)(
    'at 360×640 (%s) a number and a long group name are drawn whole beside More',
    async (language) => {
      const { harness, deviceId } = await receivingSandbox(journey, relay.url)
      const handlers = harness.core.handlers
      await handlers['settings:update']({ language })
      await handlers['sandbox:receive']({ deviceId, from: '6281355550005', message: 'Halo' })
      await handlers['sandbox:receive']({
        deviceId,
        from: '0812777888',
        groupId: '120363041234567890@g.us',
        groupSubject: 'Reseller Batik Pekalongan dan Sekitarnya',
        message: 'Stok baru kapan?'
      })
      await inboxHolds(harness, 2)

      const p = await journey.open(harness.url, undefined, { bypassCSP: true })
      await p.setViewportSize({ width: 360, height: 640 })
      await openTab(p, 'inbox')
      const thread = p.getByTestId('inbox-thread')
      const rows = conversationRows(p, language)
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2)
      for (const [row, shows] of [
        [rows.filter({ hasText: '5555' }), '+62 813-5555-0005'],
        [rows.filter({ hasText: 'Pekalongan' }), 'Reseller Batik Pekalongan dan Sekitarnya']
      ] as const) {
        await row.getByRole('button').first().click()
        await expect.poll(() => thread.getByTestId('inbox-entry-in').count(), { timeout: 10_000 }).toBe(1)
        const drawn = await headingOverlaps(p)
        expect(drawn.text).toContain(shows)
        expect.soft(drawn.underMore.join(''), `"${shows}" drawn under More`).toBe('')
        expect.soft(drawn.pastBox.join(''), `"${shows}" drawn past the heading's box`).toBe('')
        // The number wraps at its space only: "813-5555-0005" stays on one line.
        if (shows.startsWith('+')) expect.soft(drawn.groupLines, 'lines "813-5555-0005" is drawn on').toBe(1)
        expect(await seriousA11yViolations(p)).toEqual([])
        await screenshot(p, `inbox-thread-head-360-${language}-${shows.startsWith('+') ? 'number' : 'group'}`)
        await p.keyboard.press('Escape')
        await expect.poll(() => thread.count()).toBe(0)
      }
    },
    120_000
  )
})

// QA67: a customer on the opt-out list read as any other in the list. The mark, "berhenti berlangganan" in Indonesian,
// took the whole name beside the number at 360 px, and squeezed it to "Siti…" beside the time at 1100 px.
describe('a customer on the opt-out list in the conversations list', () => {
  it.each([
    [360, 640],
    [1100, 760]
  ] as const)(
    'at %i×%i (id) is marked whole, her name still read',
    async (width, height) => {
      const { harness, deviceId } = await receivingSandbox(journey, relay.url)
      const handlers = harness.core.handlers
      await handlers['settings:update']({ language: 'id' })
      await handlers['contacts:set']({ phone: '081234567891', name: 'Siti Aminah' })
      await handlers['sandbox:receive']({
        deviceId,
        from: '081234567891',
        pushName: 'Siti',
        message: 'BERHENTI'
      })
      await inboxHolds(harness, 1)
      await handlers['optouts:add']({ phones: ['081234567891'], source: 'operator' })
      const p = await journey.open(harness.url, undefined, { bypassCSP: true })
      await p.setViewportSize({ width, height })
      await openTab(p, 'inbox')
      const mark = p.getByTestId('inbox-row-opted-out')
      await mark.waitFor({ timeout: 30_000 })
      const drawn = await mark.evaluate((element) => {
        const row = element.closest('button')!
        const title = row.querySelector<HTMLElement>('[data-testid="inbox-conversation-title"]')!
        return {
          markCut: element.scrollWidth - element.clientWidth,
          title: Math.round(title.getBoundingClientRect().width),
          titleWhole: Math.round(title.scrollWidth),
          rowOverflow: row.scrollWidth - row.clientWidth
        }
      })
      expect.soft(drawn.markCut, 'the mark is cut by').toBeLessThanOrEqual(1)
      expect
        .soft(drawn.title, 'the name "Siti Aminah" is drawn whole')
        .toBeGreaterThanOrEqual(drawn.titleWhole - 1)
      expect.soft(drawn.rowOverflow, 'the row overflows by').toBeLessThanOrEqual(1)
      expect(await seriousA11yViolations(p)).toEqual([])
      await screenshot(p, `inbox-row-opted-out-${width}-id`)
    },
    120_000
  )
})

describe('a right-to-left name beside its number (QA64)', () => {
  /** Whether the number's "+" is drawn left of its last digit inside `part` (a row, the heading, a found message). */
  function numberInOrder(part: Locator): Promise<{ inOrder: boolean; text: string }> {
    return part.evaluate((element) => {
      const placeOf = (wanted: string, last: boolean): number | null => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node.textContent ?? '').indexOf(wanted)
          if (at < 0) continue
          const range = document.createRange()
          const char = last ? at + wanted.length - 1 : at
          range.setStart(node, char)
          range.setEnd(node, char + 1)
          return range.getBoundingClientRect().left
        }
        return null
      }
      const plus = placeOf('+62', false)
      const end = placeOf('7804', true)
      return { inOrder: plus !== null && end !== null && plus < end, text: element.textContent ?? '' }
    })
  }

  it('keeps "+62 812-3456-7804" left to right in the row, the heading and a found message', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const handlers = harness.core.handlers
    await handlers['sandbox:receive']({
      deviceId,
      from: '081234567804',
      pushName: 'محمد علي',
      message: 'مرحبا'
    })
    await inboxHolds(harness, 1)
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 1100, height: 760 })
    await openTab(p, 'inbox')
    const row = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first()
    await row.waitFor()
    expect(await numberInOrder(row)).toMatchObject({ inOrder: true })
    await openFirstConversation(p)
    const heading = p.locator('#inbox-thread-heading')
    await expect.poll(() => heading.textContent(), { timeout: 10_000 }).toContain('محمد علي')
    expect(await numberInOrder(heading)).toMatchObject({ inOrder: true })
    await p.keyboard.press('Escape')
    await p.getByTestId('inbox-search').fill('مرحبا')
    await p.getByTestId('inbox-search').press('Enter')
    const found = p.getByTestId('inbox-search-message').first()
    await found.waitFor({ timeout: 10_000 })
    expect(await numberInOrder(found)).toMatchObject({ inOrder: true })
  }, 90_000)
})

// An operator's probe: with 38 conversations, End from the first row took three presses to reach the last (it went
// to the last row drawn, then the list drew more), Home the same back up.
describe('Home and End in a long conversation list', () => {
  it('reach its first and last conversation in one press', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const COUNT = 30
    for (let n = 0; n < COUNT; n++)
      await harness.core.handlers['sandbox:receive']({
        deviceId,
        from: `08135000${String(n).padStart(4, '0')}`,
        message: `Halo ${n}`
      })
    await inboxHolds(harness, COUNT)
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 1100, height: 760 })
    await openTab(p, 'inbox')
    const list = p.getByRole('list', { name: 'Conversations' })
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    /** The position (1-based) of the conversation row holding the focus, or null. */
    const focusedAt = (): Promise<string | null> =>
      p.evaluate(
        () => document.activeElement?.closest('[role="listitem"]')?.getAttribute('aria-posinset') ?? null
      )
    await p.locator('#main').focus()
    await p.keyboard.press('j')
    await expect.poll(focusedAt).toBe('1')
    for (const [key, at] of [
      ['End', String(COUNT)],
      ['Home', '1'],
      ['End', String(COUNT)]
    ] as const) {
      await p.keyboard.press(key)
      await expect.poll(focusedAt, { message: `${key} in one press` }).toBe(at)
    }
    expect(await p.evaluate(() => document.activeElement?.textContent)).toContain('Halo 0')
  }, 120_000)
})
