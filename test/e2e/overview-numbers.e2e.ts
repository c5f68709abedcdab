/**
 * The Overview's "Today" tiles with a busy day's numbers, in real Chromium, in both languages, at 360 px and at
 * 1100 px. Each tile's count must be drawn whole inside its own tile: at 360 px the tiles were columns of 4.5rem, so
 * a six-digit count ("246,919 sent today") ran out of its tile and under its neighbour's.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxSince } from '../../src/shared/contract'
import type { Harness } from '../harness/harness'
import { launchBrowser, screenshot } from './browser'
import { linkedSandboxDevice, startFastHarness } from './fixtures'

let browser: Browser
let harness: Harness
/** What the core's "since" answer says for each of today's numbers: set by each case. */
let dayOf: (since: OutboxSince) => OutboxSince = (since) => since

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  await linkedSandboxDevice(harness)
  // A day of a million messages would take the sandbox minutes to send; the window draws whatever the core counts,
  // so the core's answer is given the day's numbers here (every other call is the core's own).
  const handlers = harness.core.handlers
  const since = handlers['outbox:since']
  handlers['outbox:since'] = async (request) => dayOf(await since(request))
})
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/** A day with `count` sent (most of them read since), failed, cancelled and opted out. */
function busyDay(count: number): (since: OutboxSince) => OutboxSince {
  return (since) => ({
    ...since,
    sent: { ...since.sent, sent: Math.round(count / 3), read: count - Math.round(count / 3) },
    failed: Math.round(count / 7),
    cancelled: count * 3,
    optedOut: Math.round(count / 11)
  })
}

interface Tile {
  text: string
  brokenWords: string[]
  tile: DOMRect
  count: DOMRect
  /** The count's own width against the room its tile has for it. */
  countWidth: number
  /** The label's widest line (a word kept whole must still fit). */
  labelWidth: number
  room: number
}

async function todayTiles(page: Page): Promise<{ card: DOMRect; tiles: Tile[] }> {
  return page.evaluate(() => {
    const plain = (box: DOMRect): DOMRect => box.toJSON() as DOMRect
    const card = document.querySelector('.overview-today')!.getBoundingClientRect()
    const tiles = [...document.querySelectorAll<HTMLElement>('.today-number')].map((tile) => {
      const count = tile.querySelector<HTMLElement>('.today-count')!
      return {
        text: tile.textContent ?? '',
        // The label's words drawn across two lines (a word broken mid-way: "menungg / u"), each named.
        brokenWords: (() => {
          const label = tile.querySelector<HTMLElement>('.today-label')!
          const text = label.firstChild
          if (!text || text.nodeType !== Node.TEXT_NODE) return []
          const broken: string[] = []
          for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange()
            range.setStart(text, match.index)
            range.setEnd(text, match.index + match[0].length)
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
            if (lines.size > 1) broken.push(match[0])
          }
          return broken
        })(),
        tile: plain(tile.getBoundingClientRect()),
        count: plain(count.getBoundingClientRect()),
        countWidth: count.scrollWidth,
        labelWidth: tile.querySelector<HTMLElement>('.today-label')!.scrollWidth,
        room: tile.clientWidth
      }
    })
    return { card: plain(card), tiles }
  })
}

const inside = (inner: DOMRect, outer: DOMRect): boolean =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5
const overlap = (a: DOMRect, b: DOMRect): boolean =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

describe("the Overview's numbers of a busy day", () => {
  for (const language of ['en', 'id'] as const) {
    for (const width of [360, 1100]) {
      it(`draws every count whole inside its own tile, up to 1,234,567 sent (${language}, ${width} px)`, async () => {
        await harness.core.handlers['settings:update']({ theme: 'light', language })
        const page = await browser.newPage({ viewport: { width, height: width === 360 ? 640 : 760 } })
        try {
          for (const count of [7, 12_345, 123_456, 1_234_567]) {
            dayOf = busyDay(count)
            await page.goto(harness.url)
            const sent = page.getByTestId('today-sent').locator('.today-count')
            await expect.poll(() => sent.textContent()).not.toBe('–')
            const { card, tiles } = await todayTiles(page)
            expect(tiles.length).toBe(5)
            for (const tile of tiles) {
              expect(tile.countWidth, `${tile.text} at ${count}`).toBeLessThanOrEqual(tile.room)
              expect(inside(tile.count, tile.tile), `${tile.text} at ${count}`).toBe(true)
              expect(inside(tile.tile, card), `${tile.text} at ${count}`).toBe(true)
              // QA59: at 360 px Indonesian labels broke mid-word ("menungg / u", "dibatalka / n").
              expect(tile.brokenWords, `${tile.text} at ${count}`).toEqual([])
              expect(tile.labelWidth, `${tile.text} at ${count}`).toBeLessThanOrEqual(tile.room)
            }
            for (const [i, a] of tiles.entries())
              for (const b of tiles.slice(i + 1))
                expect(overlap(a.tile, b.tile), `${a.text} and ${b.text} at ${count}`).toBe(false)
            // A quiet day keeps the tiles side by side: four to a row at 360 px (three in Indonesian, whose
            // "berlangganan" a tile of four to a row cannot hold whole), all of them at 1100 px.
            if (count === 7) {
              const firstRow = tiles.filter((tile) => Math.abs(tile.tile.top - tiles[0]!.tile.top) < 1)
              expect(firstRow.length).toBe(width === 360 ? (language === 'id' ? 3 : 4) : 5)
            }
          }
          await screenshot(page, `overview-numbers-${width}-${language}`)
        } finally {
          await page.close()
        }
      })
    }
  }
})
