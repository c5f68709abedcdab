/**
 * A finished campaign's "Rows: status of each one" in a 360×640 window (dark, Indonesian): each sheet row is a compact
 * card, its status in sight without scrolling sideways, its recipient whole, a skipped row a few lines high (QA67: the
 * sheet row's number took a third of the width, "Indra Wijaya +62 857-2…" was cut, Status was off-screen and a skipped
 * row was about 150 px tall). Chromium still reads it as a table, J / K still walk its rows, and axe finds nothing
 * serious. A 1100×760 window keeps the table as it was.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/shared/i18n'
import type { Harness } from '../harness/harness'
import { QUICK_PACING } from '../core/testing/sandbox-core'
import { launchBrowser, screenshot, seriousA11yViolations } from './browser'
import { linkedSandboxDevice, openTab, startFastHarness, waitUntil } from './fixtures'

const CAMPAIGN = 'Arisan Mei'
/** A long name first, then a sent row, its duplicate and a number too short: two rows skipped by the check. */
const SHEET = [
  'Nama,HP',
  'Indra Wijaya Kusumanegara,085720001111',
  'Budi,081211110001',
  'Budi lagi,081211110001',
  'Ani,12345',
  ''
].join('\n')
/** The most a skipped row (row number, recipient, status, reason) may take of a 640 px high window. */
const SKIPPED_ROW_MAX_HEIGHT = 110

let browser: Browser
let harness: Harness

beforeAll(async () => {
  browser = await launchBrowser()
  harness = await startFastHarness()
  const deviceId = await linkedSandboxDevice(harness)
  const handlers = harness.core.handlers
  const { files } = await handlers['files:register']({
    sources: [{ kind: 'bytes', name: 'arisan.csv', dataBase64: Buffer.from(SHEET).toString('base64') }],
    purpose: 'spreadsheet'
  })
  const { sheetId } = await handlers['campaigns:read']({ handle: files[0]!.handle })
  const { id } = await handlers['campaigns:create']({
    sheetId,
    name: CAMPAIGN,
    mapping: { phone: 'HP', name: 'Nama', variables: ['Nama'] },
    template: 'Halo {Nama}',
    pacing: QUICK_PACING,
    devices: [deviceId]
  })
  await handlers['campaigns:start']({ id })
  await waitUntil(
    () => handlers['campaigns:get']({ id }),
    (campaign) => campaign.status === 'finished'
  )
}, 60_000)
afterAll(async () => {
  await harness?.close()
  await browser?.close()
})

/** The campaign's rows shown, in a window of `width` × `height`. */
async function campaignRows(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, bypassCSP: true })
  await page.goto(harness.url)
  await page.getByTestId('app').waitFor()
  await openTab(page, 'campaigns')
  await page.getByRole('button', { name: CAMPAIGN }).click()
  await page.getByTestId('campaign-progress').waitFor()
  await page.getByTestId('campaign-rows').locator('summary').click()
  await expect.poll(() => page.getByTestId('campaign-row').count()).toBe(4)
  return page
}

/** How the rows are drawn: the region's widths, and each row's height, status box and recipient's widths. */
function rowsDrawn(page: Page) {
  return page.getByTestId('campaign-rows').evaluate((rows) => {
    const region = rows.querySelector<HTMLElement>('[role="region"]')!
    return {
      region: { scrollWidth: region.scrollWidth, clientWidth: region.clientWidth },
      window: innerWidth,
      rows: [...rows.querySelectorAll<HTMLTableRowElement>('[data-testid="campaign-row"]')].map((row) => {
        const cells = [...row.cells].map((cell) => cell.getBoundingClientRect())
        const status = row.cells[2]!
        const box = status.getBoundingClientRect()
        // The recipient and, when the sheet names it, its name: each drawn whole, not cut to "…".
        const recipient = row.querySelector<HTMLElement>('[data-testid="campaign-row-recipient"]')!
        const parts = [recipient, ...recipient.querySelectorAll<HTMLElement>('*')]
        return {
          number: row.cells[0]!.textContent,
          status: (status.textContent ?? '').trim(),
          height: Math.round(row.getBoundingClientRect().height),
          statusLeft: Math.round(box.left),
          statusRight: Math.round(box.right),
          statusShown: box.width > 0 && box.height > 0,
          recipient: recipient.textContent ?? '',
          recipientCut: parts
            .filter((part) => part.scrollWidth > part.clientWidth + 1)
            .map((part) => `${part.className}: ${part.scrollWidth} > ${part.clientWidth}`),
          cellTops: cells.map((cell) => Math.round(cell.top)),
          display: getComputedStyle(row).display
        }
      })
    }
  })
}

/** The roles Chromium gives the rows' table in its accessibility tree, counted. */
async function tableRoles(page: Page): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string } }[]
    }
    const counts: Record<string, number> = {}
    for (const node of nodes) {
      const role = node.role?.value ?? ''
      if (['table', 'row', 'columnheader', 'cell'].includes(role)) counts[role] = (counts[role] ?? 0) + 1
    }
    return counts
  } finally {
    await cdp.detach()
  }
}

/** Where the focus is: the index of the sheet row holding it (-1: none), and its ring. */
const focusedRow = (page: Page): Promise<{ row: number; ring: string }> =>
  page.evaluate(() => {
    const active = document.activeElement
    return {
      row: [...document.querySelectorAll('[data-testid="campaign-row"]')].findIndex((row) =>
        row.contains(active)
      ),
      ring: active ? getComputedStyle(active).outlineStyle : 'none'
    }
  })

describe("a finished campaign's rows", () => {
  it('are compact cards in a 360×640 window: status in sight, recipient whole, skipped rows short (dark, id)', async () => {
    const words = messages.id
    await harness.core.handlers['settings:update']({ theme: 'dark', language: 'id' })
    const page = await campaignRows(360, 640)
    try {
      await page.getByTestId('campaign-rows').scrollIntoViewIfNeeded()
      await screenshot(page, 'narrow-campaign-rows-360x640-id-dark')
      const drawn = await rowsDrawn(page)
      expect(
        drawn.region.scrollWidth,
        `the rows' region is ${drawn.region.scrollWidth} px wide in ${drawn.region.clientWidth}`
      ).toBeLessThanOrEqual(drawn.region.clientWidth + 1)
      for (const row of drawn.rows) {
        const which = `sheet row ${row.number}`
        expect(row.statusShown, `${which}: its status is drawn`).toBe(true)
        expect(row.statusLeft, `${which}: its status starts in the window`).toBeGreaterThanOrEqual(0)
        expect(row.statusRight, `${which}: its status ends in the window`).toBeLessThanOrEqual(drawn.window)
        expect(row.recipientCut, `${which}: its recipient "${row.recipient}" is whole`).toEqual([])
      }
      const longName = drawn.rows.find((row) => row.recipient.includes('Indra Wijaya Kusumanegara'))
      expect(longName?.recipient).toContain('+62 857-2000-1111')
      const skipped = drawn.rows.filter((row) => row.status === words['campaigns.rows.skipped'])
      expect(skipped, 'the duplicate and the short number are skipped').toHaveLength(2)
      for (const row of skipped)
        expect(row.height, `skipped sheet row ${row.number} is ${row.height} px tall`).toBeLessThanOrEqual(
          SKIPPED_ROW_MAX_HEIGHT
        )

      // Still a table to a screen reader: its header row and four rows of seven cells.
      expect(await tableRoles(page)).toEqual({ table: 1, row: 5, columnheader: 7, cell: 28 })
      expect(await seriousA11yViolations(page)).toEqual([])

      // J / K walk the cards, each focused with a visible ring.
      await page.getByTestId('campaign-row').first().focus()
      for (const [key, row] of [
        ['j', 1],
        ['j', 2],
        ['k', 1]
      ] as const) {
        await page.keyboard.press(key)
        await expect
          .poll(async () => (await focusedRow(page)).row, { message: `${key} to row ${row + 1}` })
          .toBe(row)
        expect((await focusedRow(page)).ring).not.toBe('none')
      }
    } finally {
      await page.close()
    }
  })

  it('keep the table as it was in a 1100×760 window: headings in a row, each row on one line', async () => {
    await harness.core.handlers['settings:update']({ theme: 'light', language: 'en' })
    const page = await campaignRows(1100, 760)
    try {
      await screenshot(page, 'narrow-campaign-rows-1100x760-en')
      const headings = await page
        .locator('[data-testid="campaign-rows"] th')
        .evaluateAll((all) => all.map((th) => Math.round(th.getBoundingClientRect().top)))
      expect(headings).toHaveLength(7)
      expect(new Set(headings).size, 'the headings share one line').toBe(1)
      const drawn = await rowsDrawn(page)
      expect(drawn.region.scrollWidth).toBeLessThanOrEqual(drawn.region.clientWidth + 1)
      for (const row of drawn.rows) {
        expect(row.display).toBe('table-row')
        expect(new Set(row.cellTops).size, `sheet row ${row.number}: its cells side by side`).toBe(1)
        expect(row.recipientCut).toEqual([])
      }
      expect(await tableRoles(page)).toEqual({ table: 1, row: 5, columnheader: 7, cell: 28 })
    } finally {
      await page.close()
    }
  })
})
