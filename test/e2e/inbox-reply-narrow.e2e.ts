/**
 * The reply box at 360×640 with a file attached (QA71): in Bahasa Indonesia, dark, a picture picked with "Lampirkan
 * file…" and a caption typed made the reply form its own scroll box (221 px tall holding 343 px); the file's name and
 * its remove button showed only after scrolling inside it, and the sticky "Lampirkan file… / Kirim balasan" row was
 * drawn over "Belum ada balasan cepat untuk perangkat ini." and over the opt-out warning. Only Chromium lays it out.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { inboxHolds, journeySession, openTab, receivingSandbox, relayEachTest } from './fixtures'

const journey = journeySession()
const relay = relayEachTest()

/** A PNG drawn by Chromium's own encoder: a real picture, so the reply box draws its thumbnail. */
async function cataloguePicture(page: Page): Promise<Buffer> {
  const latin1 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(120, 80)
    const context = canvas.getContext('2d')!
    context.fillStyle = 'teal'
    context.fillRect(0, 0, 120, 80)
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())
    return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')
  })
  return Buffer.from(latin1, 'latin1')
}

/**
 * Points inside the part that are not its own on the screen: something drawn over them, or outside the window (the
 * part scrolled away inside a scroll box counts too: elementFromPoint finds what covers it).
 */
function coveredPoints(part: Locator): Promise<string[]> {
  return part.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const inset = Math.min(4, rect.height / 3)
    const points = [
      [rect.left + inset, rect.top + inset],
      [rect.right - inset, rect.top + inset],
      [rect.left + inset, rect.bottom - inset],
      [rect.right - inset, rect.bottom - inset],
      [rect.left + rect.width / 2, rect.top + rect.height / 2]
    ]
    return points
      .filter(([x, y]) => {
        if (y! < 0 || y! > window.innerHeight || x! < 0 || x! > window.innerWidth) return true
        const top = document.elementFromPoint(x!, y!)
        return top === null || !(element === top || element.contains(top))
      })
      .map(([x, y]) => `${Math.round(x!)},${Math.round(y!)}`)
  })
}

/** Where the part is drawn: its box in viewport pixels, and the sticky header's foot. */
function drawnAt(part: Locator): Promise<{ top: number; bottom: number; headerBottom: number }> {
  return part.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const header = document.querySelector('.header')
    const sticky = header && getComputedStyle(header).position === 'sticky'
    return {
      top: Math.round(rect.top),
      bottom: Math.round(rect.bottom),
      headerBottom: sticky ? Math.round(header.getBoundingClientRect().bottom) : 0
    }
  })
}

async function expectInSight(part: Locator, what: string): Promise<void> {
  const at = await drawnAt(part)
  expect(
    at.top >= at.headerBottom - 1 && at.bottom <= 640 + 1,
    `${what} at y ${at.top}–${at.bottom}, the screen shows ${at.headerBottom}–640`
  ).toBe(true)
  expect(await coveredPoints(part), `${what}: points covered`).toEqual([])
}

/** The attached file's name as drawn (a text of its own in the file's line): points of it not in sight. */
function fileNameCovered(file: Locator): Promise<string[]> {
  return file.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    let node: Node | null
    while ((node = walker.nextNode()) && node.textContent?.trim() !== 'katalog.png');
    if (!node) return ['no text "katalog.png"']
    const range = document.createRange()
    range.selectNodeContents(node)
    const rect = range.getBoundingClientRect()
    const header = document.querySelector('.header')!.getBoundingClientRect().bottom
    const points = [
      [rect.left + 2, rect.top + rect.height / 2],
      [rect.right - 2, rect.top + rect.height / 2]
    ]
    return points
      .filter(([x, y]) => {
        if (y! < header || y! > window.innerHeight || x! < 0 || x! > window.innerWidth) return true
        const top = document.elementFromPoint(x!, y!)
        return top === null || !(top === node!.parentElement || element.contains(top))
      })
      .map(([x, y]) => `${Math.round(x!)},${Math.round(y!)}`)
  })
}

/** Two frames later: what a change set off (a resize observed, the page following it) is done. */
function settled(page: Page): Promise<unknown> {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  )
}

describe('a file attached to a reply at 360×640 (QA71)', () => {
  it.each([
    ['opted out', true],
    ['not opted out', false]
  ] as const)(
    '(id, dark, %s) shows the file and its remove button beside Send, nothing drawn over the text, no scroll box',
    async (_label, optedOut) => {
      const { harness, deviceId } = await receivingSandbox(journey, relay.url)
      await harness.core.handlers['settings:update']({ language: 'id' })
      for (const message of ['Halo kak', 'Ada katalog terbaru?'])
        await harness.core.handlers['sandbox:receive']({
          deviceId,
          from: '0812777888',
          pushName: 'Dewi',
          message
        })
      await inboxHolds(harness, 2)
      if (optedOut) await harness.core.handlers['optouts:add']({ phones: ['0812777888'], source: 'operator' })

      const p = await journey.open(harness.url, undefined, { bypassCSP: true })
      await p.emulateMedia({ colorScheme: 'dark' })
      await p.setViewportSize({ width: 360, height: 640 })
      await openTab(p, 'inbox')
      await p
        .getByRole('list', { name: 'Percakapan' })
        .getByRole('listitem')
        .first()
        .getByRole('button')
        .click()
      await p.getByTestId('inbox-thread').getByTestId('inbox-entry-in').nth(1).waitFor()

      const reply = p.getByTestId('inbox-reply-text')
      await reply.click()
      await p
        .locator('#inbox-reply-file-input')
        .setInputFiles({ name: 'katalog.png', mimeType: 'image/png', buffer: await cataloguePicture(p) })
      // Its picture drawn (the line grows with it) before the operator clicks back into the text.
      await expect
        .poll(() =>
          p.getByTestId('inbox-reply-picture').evaluate((image: HTMLImageElement) => image.complete)
        )
        .toBe(true)
      await settled(p)
      await reply.click()
      await p.keyboard.type('Ini katalog terbaru kami, kak.')
      await settled(p)

      // No scroll box of its own: what the reply holds is drawn, not scrolled away inside it.
      const form = p.getByTestId('inbox-reply')
      const scrolls = await form.evaluate((element) => element.scrollHeight - element.clientHeight)
      expect.soft(scrolls, 'how far the reply form scrolls inside itself').toBeLessThanOrEqual(1)

      // The file's name and its remove button in sight beside Send, nothing over them.
      const send = p.getByTestId('inbox-reply-send')
      const file = p.getByTestId('inbox-reply-file')
      await expectInSight(send, 'Send')
      expect(await fileNameCovered(file), 'the file name: points covered or out of sight').toEqual([])
      await expectInSight(file.getByRole('button', { name: 'Hapus katalog.png' }), 'the remove button')
      const [fileAt, sendAt] = [await drawnAt(file), await drawnAt(send)]
      expect(
        fileAt.bottom >= sendAt.top - 56 && fileAt.top <= sendAt.bottom + 56,
        `the file at y ${fileAt.top}–${fileAt.bottom}, Send at y ${sendAt.top}–${sendAt.bottom}`
      ).toBe(true)

      // What the reply box says is not drawn over.
      await expectInSight(p.getByText('Belum ada balasan cepat untuk perangkat ini.'), 'no canned replies')
      if (optedOut) await expectInSight(p.getByTestId('inbox-reply-listed'), 'the opt-out warning')
      await expectInSight(reply, 'the caption')

      expect(await seriousA11yViolations(p)).toEqual([])
      await screenshot(p, `inbox-reply-file-360-${optedOut ? 'opted-out' : 'plain'}`)
    },
    120_000
  )
})
