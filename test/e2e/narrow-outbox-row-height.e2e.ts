/**
 * The Outbox's rows in a 360×640 window: ordinary rows (their device's short name and the date on one line) leave six
 * in sight, as they did before a narrow row made room for a long device name on every row (QA75 follow-up: every row
 * was 80 px, five in sight); a row whose device line needs more lines is taller alone, and a removed device's name of
 * 80 characters (the longest a device may have) is read whole before its "(removed)", not cut at a second line's end.
 * Both languages; axe finds nothing serious.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, startFastHarness, waitUntil } from './fixtures'

const SHORT_LABEL = 'Front desk'
/** 80 characters, the longest label a device may have (contract.ts: devices:rename). */
const LONGEST_LABEL = 'Toko Sembako dan Alat Tulis Ibu Sri Rahayu — Cabang Tanjung Priok, Jakarta Utara'
const ORDINARY_MESSAGES = 12

let browser: Browser
let harness: Harness
let shortId: string
let longId: string

beforeAll(async () => {
  expect(LONGEST_LABEL).toHaveLength(80)
  browser = await launchBrowser()
  harness = await startFastHarness()
  const handlers = harness.core.handlers
  // Two devices: every row names its device, after its date.
  shortId = await linkedSandboxDevice(harness)
  longId = await linkedSandboxDevice(harness)
  await handlers['devices:rename']({ id: shortId, label: SHORT_LABEL })
  await handlers['devices:rename']({ id: longId, label: LONGEST_LABEL })
  await handlers['outbox:enqueue']({
    deviceId: shortId,
    recipients: Array.from(
      { length: ORDINARY_MESSAGES },
      (_, i) => `0812987654${String(i).padStart(2, '0')}`
    ),
    isGroup: false,
    entries: [{ kind: 'text', text: 'Pesanan Anda sudah siap diambil' }]
  })
  await waitUntil(
    () => handlers['outbox:counts']({}),
    (counts) => counts.queued === 0 && counts.sending === 0
  )
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

async function outboxAt360(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 }, bypassCSP: true })
  await page.goto(harness.url)
  await page.getByTestId('app').waitFor()
  await openTab(page, 'outbox')
  await page.getByTestId('outbox-row').first().waitFor()
  return page
}

/** Each drawn row's box, top to bottom, and whether it is wholly inside the list's scroll box. */
function rowsDrawn(page: Page) {
  return page.getByTestId('outbox-scroll').evaluate((box) => {
    const room = box.getBoundingClientRect()
    const inner = { top: room.top + box.clientTop, bottom: room.top + box.clientTop + box.clientHeight }
    return [...box.querySelectorAll<HTMLElement>('[data-testid="outbox-row"]')]
      .map((row) => {
        const at = row.getBoundingClientRect()
        return {
          text: row.innerText.replace(/\s+/g, ' '),
          top: at.top,
          bottom: at.bottom,
          whole: at.top >= inner.top - 0.5 && at.bottom <= inner.bottom + 0.5
        }
      })
      .sort((a, b) => a.top - b.top)
  })
}

/** Where `text` is cut in the row holding it: each part clipping its lines, or an ellipsis. */
function cutIn(page: Page, text: string) {
  return page.getByTestId('outbox-scroll').evaluate((box, text) => {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT)
    let node: Node | null = walker.nextNode()
    for (; node; node = walker.nextNode())
      if ((node.textContent ?? '').includes(text) && node.parentElement?.checkVisibility()) break
    if (!node) return ['not drawn']
    const row = node.parentElement!.closest('[data-testid="outbox-row"]')!
    const range = document.createRange()
    const at = node.textContent!.indexOf(text)
    range.setStart(node, at)
    range.setEnd(node, at + text.length)
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0)
    const cutBy: string[] = []
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
            cutBy.push(`${part.className}: line ${Math.round(line.top)}-${Math.round(line.bottom)} cut`)
      }
      if (part === row) break
    }
    return cutBy
  }, text)
}

describe("the Outbox's rows in a 360×640 window", () => {
  it('ordinary rows, each naming its device after the date, leave six in sight, in both languages', async () => {
    const page = await outboxAt360()
    try {
      for (const language of ['en', 'id'] as const) {
        await harness.core.handlers['settings:update']({ language })
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language)
        await expect
          .poll(() => page.getByTestId('outbox-row-time').first().textContent())
          .toContain(SHORT_LABEL)
        await screenshot(page, `narrow-outbox-row-height-ordinary-360x640-${language}`)
        const rows = await rowsDrawn(page)
        const whole = rows.filter((row) => row.whole)
        expect(
          whole.length,
          `rows wholly in sight: ${whole.map((row) => row.text).join(' | ')}`
        ).toBeGreaterThanOrEqual(6)
        // The device's name is read whole on each of them.
        expect(await cutIn(page, SHORT_LABEL)).toEqual([])
        expect(await seriousA11yViolations(page)).toEqual([])
      }
    } finally {
      await page.close()
    }
  })

  it("a removed device's 80-character name is read whole before its mark, its row alone taller", async () => {
    await harness.core.handlers['outbox:enqueue']({
      deviceId: longId,
      recipients: ['081298765499'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Tagihan bulan ini sudah terbit' }]
    })
    await waitUntil(
      () => harness.core.handlers['outbox:counts']({}),
      (counts) => counts.queued === 0 && counts.sending === 0
    )
    // Removed while the Outbox is open: the window keeps the removed device's name.
    const page = await outboxAt360()
    await harness.core.handlers['devices:remove']({ id: longId })
    try {
      for (const language of ['en', 'id'] as const) {
        await harness.core.handlers['settings:update']({ language })
        const removed = messages[language]['devices.removedLabel'].replace('{label}', LONGEST_LABEL)
        await expect.poll(() => page.getByTestId('outbox-row-time').first().textContent()).toContain(removed)
        await screenshot(page, `narrow-outbox-row-height-longest-name-360x640-${language}`)
        expect(await cutIn(page, LONGEST_LABEL), `"${LONGEST_LABEL}" drawn whole`).toEqual([])
        const mark = messages[language]['devices.removedLabel'].replace('{label}', '').trim()
        expect(await cutIn(page, mark), `"${mark}" drawn whole`).toEqual([])
        // Taller than the ordinary rows under it, and none drawn over another.
        const rows = await rowsDrawn(page)
        const [tall, next, after] = rows
        expect(tall!.text).toContain(LONGEST_LABEL)
        expect(tall!.bottom - tall!.top).toBeGreaterThan(next!.bottom - next!.top)
        expect(next!.bottom - next!.top).toBeCloseTo(after!.bottom - after!.top, 0)
        for (let i = 1; i < rows.length; i++)
          expect(rows[i]!.top).toBeGreaterThanOrEqual(rows[i - 1]!.bottom - 1.5)
        expect(await seriousA11yViolations(page)).toEqual([])
      }
    } finally {
      await page.close()
    }
  })
})
