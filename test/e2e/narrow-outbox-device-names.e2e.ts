/**
 * The device an Outbox row names, in a 360×640 window, whole: a queued row its logged-out device holds says which
 * device it waits for, as a wide row's "Queued · waiting for Shop B" does (it said only "Waiting"); a removed device's
 * long name is read whole before its "(removed)" (it was cut to a few letters). Both languages; axe finds nothing
 * serious.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, startFastHarness, waitUntil } from './fixtures'

/** A shop's branch, as operators name their devices: longer than a 360 px row's last line. */
const LONG_LABEL = 'Toko Sembako Ibu Sri — Cabang Tanjung Priok'

let browser: Browser
let harness: Harness
let deviceId: string

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const handlers = harness.core.handlers
  deviceId = await linkedSandboxDevice(harness)
  await handlers['devices:rename']({ id: deviceId, label: LONG_LABEL })
  // Its phone logged out: the message waits in the queue for the device.
  await handlers['sandbox:control']({ deviceId, action: 'logout' })
  await handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081298765432'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Pesanan Anda sudah siap diambil' }]
  })
  await waitUntil(
    () => handlers['outbox:counts']({}),
    (counts) => counts.queued === 1
  )
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

interface Drawn {
  /** The row as it reads on screen. */
  shown: string
  /** Where the text is cut: a box holding it that clips what overflows it, or an ellipsis. */
  cutBy: string[]
}

/**
 * How the first row draws `text`: its visible words, and each part between the text and the row that cuts it (every
 * line box of the text against the part's box, both ways: a line pushed under the row is cut as a word past its edge).
 */
function drawnInFirstRow(page: Page, text: string): Promise<Drawn> {
  return page
    .getByTestId('outbox-row')
    .first()
    .evaluate((row, text) => {
      const shown = (row as HTMLElement).innerText.replace(/\s+/g, ' ')
      const cutBy: string[] = []
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT)
      let node: Node | null = walker.nextNode()
      for (; node; node = walker.nextNode()) {
        const parent = node.parentElement
        if ((node.textContent ?? '').includes(text) && parent?.checkVisibility()) break
      }
      if (!node) return { shown, cutBy: ['not drawn'] }
      const range = document.createRange()
      const at = node.textContent!.indexOf(text)
      range.setStart(node, at)
      range.setEnd(node, at + text.length)
      const lines = [...range.getClientRects()].filter((rect) => rect.width > 0)
      for (let part = node.parentElement; part; part = part.parentElement) {
        const style = getComputedStyle(part)
        if (style.textOverflow === 'ellipsis' && part.scrollWidth > part.clientWidth + 0.5)
          cutBy.push(`${part.className}: ellipsis`)
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const room = part.getBoundingClientRect()
          for (const line of lines)
            if (
              line.left < room.left - 0.5 ||
              line.right > room.right + 0.5 ||
              line.top < room.top - 0.5 ||
              line.bottom > room.bottom + 0.5
            )
              cutBy.push(
                `${part.className}: line ${Math.round(line.left)},${Math.round(line.top)}-${Math.round(line.right)},${Math.round(line.bottom)} in ${Math.round(room.left)},${Math.round(room.top)}-${Math.round(room.right)},${Math.round(room.bottom)}`
              )
        }
        if (part === row) break
      }
      return { shown, cutBy }
    }, text)
}

async function outboxAt360(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
  await page.goto(harness.url)
  await page.getByTestId('app').waitFor()
  await openTab(page, 'outbox')
  await page.getByTestId('outbox-row').first().waitFor()
  return page
}

describe("an Outbox row's device in a 360×640 window", () => {
  it('a row its logged-out device holds names the device it waits for, whole, in both languages', async () => {
    const page = await outboxAt360()
    try {
      for (const language of ['en', 'id'] as const) {
        await harness.core.handlers['settings:update']({ language })
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language)
        // "waiting for" / "menunggu": the wide row's words, before the device's name.
        const waiting = messages[language]['outbox.waitingFor'].replace('{device}', '').trim().toLowerCase()
        await expect
          .poll(async () => (await drawnInFirstRow(page, LONG_LABEL)).shown.toLowerCase())
          .toContain(`${waiting} ${LONG_LABEL.toLowerCase()}`)
        await screenshot(page, `narrow-outbox-waiting-for-device-360x640-${language}`)
        const drawn = await drawnInFirstRow(page, LONG_LABEL)
        expect(drawn.cutBy, `"${LONG_LABEL}" is drawn whole in "${drawn.shown}"`).toEqual([])
        expect(await seriousA11yViolations(page)).toEqual([])
      }
    } finally {
      await page.close()
    }
  })

  it("a removed device's long name is read whole before its mark, in both languages", async () => {
    const page = await outboxAt360()
    try {
      await harness.core.handlers['devices:remove']({ id: deviceId })
      for (const language of ['en', 'id'] as const) {
        await harness.core.handlers['settings:update']({ language })
        const removed = messages[language]['devices.removedLabel'].replace('{label}', LONG_LABEL)
        await expect.poll(() => page.getByTestId('outbox-row-time').first().textContent()).toContain(removed)
        await screenshot(page, `narrow-outbox-removed-device-name-360x640-${language}`)
        const drawn = await drawnInFirstRow(page, LONG_LABEL)
        expect(drawn.cutBy, `"${LONG_LABEL}" is drawn whole in "${drawn.shown}"`).toEqual([])
        expect(await seriousA11yViolations(page)).toEqual([])
      }
    } finally {
      await page.close()
    }
  })
})
