/**
 * The messages of an open thread at 360×640 while a reply with a file is written to an opted-out customer (QA71): the
 * opt-out warning, the "no canned replies" line and the file's line took the screen and the messages list was left at
 * its smallest, 96 px (two lines of a message). The messages keep a usable height; the page scrolls for the rest.
 * Only Chromium lays it out.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import {
  cameraPhoto,
  inboxHolds,
  journeySession,
  openFirstConversation,
  openTab,
  receivingSandbox,
  relayEachTest
} from './fixtures'

const journey = journeySession()
const relay = relayEachTest()

/** A usable messages list at 640 px: 14rem, the list's own smallest in a window tall enough for it. */
const USABLE_PX = 224

/** Two frames later: what a change set off (a resize observed, the page following it) is done. */
function settled(page: Page): Promise<unknown> {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  )
}

/** The box's height, and how much of it the window shows below the sticky header once it is scrolled into view. */
function heightInView(box: Locator): Promise<{ height: number; shown: number }> {
  return box.evaluate((element) => {
    element.scrollIntoView({ block: 'nearest', behavior: 'instant' })
    const rect = element.getBoundingClientRect()
    const header = document.querySelector('.header')
    const top =
      header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0
    return {
      height: Math.round(rect.height),
      shown: Math.round(Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, top))
    }
  })
}

describe('an opted-out customer’s thread at 360×640 with a file in the reply (QA71)', () => {
  it('keeps its messages a usable height, the page scrolling for the reply', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    for (const message of ['Halo kak', 'Ada katalog terbaru?', 'Yang warna hitam ada?', 'Ukuran L ya kak'])
      await harness.core.handlers['sandbox:receive']({
        deviceId,
        from: '0812777888',
        pushName: 'Dewi',
        message
      })
    await inboxHolds(harness, 4)
    await harness.core.handlers['optouts:add']({ phones: ['0812777888'], source: 'operator' })

    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 360, height: 640 })
    await openTab(p, 'inbox')
    await openFirstConversation(p)
    await p.getByTestId('inbox-thread').getByTestId('inbox-entry-in').nth(3).waitFor()

    const reply = p.getByTestId('inbox-reply-text')
    await reply.click()
    await p.locator('#inbox-reply-file-input').setInputFiles({
      name: 'katalog.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(p, 120, 80, ['teal'])
    })
    await p.getByTestId('inbox-reply-file').waitFor()
    await p.getByTestId('inbox-reply-listed').waitFor()
    await reply.click()
    await p.keyboard.type('Ini katalog terbaru kami, kak.')
    await settled(p)

    const entries = p.getByTestId('inbox-entries')
    const { height, shown } = await heightInView(entries)
    expect(height, 'the messages list’s height').toBeGreaterThanOrEqual(USABLE_PX)
    expect(shown, 'how much of the messages list the window shows, scrolled to it').toBeGreaterThanOrEqual(
      USABLE_PX
    )
    // Send is still reached, the page scrolled down to it.
    await p.getByTestId('inbox-reply-send').scrollIntoViewIfNeeded()
    expect(await p.getByTestId('inbox-reply-send').isVisible()).toBe(true)

    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'inbox-thread-360-opted-out-file')
  }, 120_000)
})
