/**
 * The Outbox's rows of a removed device's messages in a 360×640 window: the device's name gives way, never the
 * "(removed)" after it (QA69: a long name was cut with the mark, "Toko Batik Pekalongan Ca…", and the operator could not
 * tell the device was gone). Both languages; axe finds nothing serious.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, startFastHarness, waitUntil } from './fixtures'

/** Long enough that the row's last line cannot hold it with the mark and the date at 360 px. */
const LONG_LABEL = 'Toko Batik Pekalongan Cabang Utama Jalan Merdeka'

let browser: Browser
let harness: Harness
let deviceId: string

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const handlers = harness.core.handlers
  deviceId = await linkedSandboxDevice(harness)
  await handlers['devices:rename']({ id: deviceId, label: LONG_LABEL })
  const { itemIds } = await handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081298765432'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Pesanan Anda sudah siap diambil' }]
  })
  await waitUntil(
    () => handlers['outbox:get']({ id: itemIds[0]! }),
    ({ item }) => item.status !== 'queued' && item.status !== 'sending'
  )
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/**
 * The parts of the row's date line that cut the mark: its characters' box against the box of each part holding it
 * that cuts what overflows, up to the line. Found in the line's text, so it holds however the line's parts are made.
 */
function markDrawn(page: Page, mark: string) {
  return page
    .getByTestId('outbox-row-time')
    .first()
    .evaluate((line, mark) => {
      const text = line.textContent ?? ''
      const at = text.indexOf(mark)
      if (at < 0) return { text, found: false, cutBy: [] as string[] }
      // The text node and offset holding the mark's first and last characters.
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT)
      const range = document.createRange()
      let passed = 0
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0
        if (at >= passed && at < passed + length) range.setStart(node, at - passed)
        if (at + mark.length > passed && at + mark.length <= passed + length)
          range.setEnd(node, at + mark.length - passed)
        passed += length
      }
      const box = range.getBoundingClientRect()
      const cutBy: string[] = []
      for (
        let part: HTMLElement | null = range.commonAncestorContainer.parentElement;
        part;
        part = part.parentElement
      ) {
        const style = getComputedStyle(part)
        if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') {
          if (part === line) break
          continue
        }
        const room = part.getBoundingClientRect()
        // A range's box is where its characters are laid out, drawn or not: past the part's edge, they are cut.
        if (box.right > room.right + 0.5 || box.left < room.left - 0.5)
          cutBy.push(
            `${part.className}: ${Math.round(box.left)}-${Math.round(box.right)} in ${Math.round(room.left)}-${Math.round(room.right)}`
          )
        if (part === line) break
      }
      return { text, found: true, cutBy }
    }, mark)
}

/** The Outbox in a 360×640 window, its device removed while it is open: the window keeps the removed one's name. */
async function outboxAt360(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
  await page.goto(harness.url)
  await page.getByTestId('app').waitFor()
  await openTab(page, 'outbox')
  await page.getByTestId('outbox-row').first().waitFor()
  await harness.core.handlers['devices:remove']({ id: deviceId })
  return page
}

describe("a removed device's rows in a 360×640 window", () => {
  it('keep "(removed)" whole after a long device name, the name cut instead, in both languages', async () => {
    const page = await outboxAt360()
    try {
      for (const language of ['en', 'id'] as const) {
        await harness.core.handlers['settings:update']({ language })
        const mark = messages[language]['devices.removedLabel'].replace('{label}', '').trim()
        await expect.poll(() => page.getByTestId('outbox-row-time').first().textContent()).toContain(mark)
        await screenshot(page, `narrow-removed-device-rows-360x640-${language}`)
        const drawn = await markDrawn(page, mark)
        expect(drawn.found, `the row's line "${drawn.text}" names the device removed`).toBe(true)
        expect(drawn.cutBy, `"${mark}" is drawn whole in "${drawn.text}"`).toEqual([])
        // The line stays in the window: the name gives way, not the date after it.
        const line = await page
          .getByTestId('outbox-row-time')
          .first()
          .evaluate((element) => ({ right: element.getBoundingClientRect().right, window: innerWidth }))
        expect(line.right).toBeLessThanOrEqual(line.window)
        expect(await seriousA11yViolations(page)).toEqual([])
      }
    } finally {
      await page.close()
    }
  })
})
