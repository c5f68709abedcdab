/**
 * The campaign journey in real Chromium over the harness (real core, real sandbox gateway): import a CSV with bad rows,
 * fix the phone column, preview, start, pause, resume, and export the results; and a draft made with a file, started
 * after a restart by picking the file again.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, seriousA11yViolations, touchingButtons } from './browser'
import { QUICK_PACING, startedCampaign } from '../core/testing/sandbox-core'
import { PDF, journeySession, linkedSandboxDevice, openTab, zoneAtNoonNow } from './fixtures'

const journey = journeySession()

// The phone column's name says nothing ("Kontak"), so the first guess is wrong and the operator fixes it.
const CSV = [
  'Nama;Kontak;Tagihan',
  'Budi;081234567890;Rp 10.000',
  'Siti;081234567891;Rp 20.000',
  'Ani;12345;Rp 30.000',
  'Budi lagi;081234567890;Rp 40.000',
  'Dedi;081234567892;Rp 50.000',
  ''
].join('\r\n')

/** Drops a file on `testId`'s element as the operator would from the file manager (a real DataTransfer). */
async function dropFile(page: Page, selector: string, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([text], name, { type: 'text/csv' }))
      return transfer
    },
    { name, text }
  )
  await page.locator(selector).dispatchEvent('drop', { dataTransfer })
}

/** The test id of the element that has the keyboard focus ('' for none). */
const focusedTestId = (page: Page): Promise<string> =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '')

/** The page is no wider than its window (no sideways scroll). */
const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** Lines each matching element's text takes (one per line box of its text). */
const textLines = (page: Page, selector: string): Promise<number[]> =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    })
  )

/** The words of the matching elements' text drawn across two lines (broken mid-way: "berlanggan / an"). */
const brokenWords = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const broken: string[] = []
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
            broken.push(word[0])
        }
      return broken
    })
  )

/** The narrowest gap, in px, between neighbouring buttons of a row that sit on the same line. */
const narrowestGap = (page: Page, selector: string): Promise<number> =>
  page.locator(selector).evaluate((row) => {
    const boxes = [...row.children].map((child) => child.getBoundingClientRect())
    const gaps = boxes
      .slice(1)
      .map((box, i) => ({ box, before: boxes[i] }))
      .filter(({ box, before }) => before && Math.abs(box.top - before.top) < 2)
      .map(({ box, before }) => box.left - (before?.right ?? 0))
    return Math.min(Infinity, ...gaps)
  })

describe('campaign journey in Chromium', () => {
  // Issue 27, point 2: a customer list dropped on Campaigns is imported; dropped anywhere else, it is asked about.
  it('imports a customer CSV dropped on Campaigns without attaching it; dropped on Send it asks first', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await openTab(p, 'campaigns')
    await dropFile(p, '[data-testid="campaign-import-drop"]', 'pelanggan.csv', CSV)
    await expect.poll(() => p.getByTestId('campaign-sheet').textContent()).toContain('5 rows read')
    expect(await p.getByTestId('view-campaigns').isVisible()).toBe(true)
    expect(await p.getByRole('dialog').count()).toBe(0)

    // The form to its Start step: the only device ticked, the summary asked before anything is created.
    await p.getByTestId('campaign-phone-column').selectOption('Kontak')
    await p.getByTestId('campaign-template').fill('Halo {Nama}, tagihan {Tagihan}.')
    await expect
      .poll(() => p.getByTestId('campaign-summary').textContent())
      .toBe('3 ready, 2 skipped (1 duplicate, 1 invalid number).')
    const device = (await harness.core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
    expect(await p.getByLabel(new RegExp(device?.label ?? deviceId)).isChecked()).toBe(true)
    await p.getByTestId('campaign-start').click()
    await p.getByTestId('campaign-presend').waitFor()
    expect(await p.getByTestId('campaign-presend').textContent()).toContain('Recipients3')
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    // QA11: the values were squeezed beside the longest term into a column a few letters wide ("peng/irima/n"); on a
    // narrow window each value has the summary's width, under its term.
    const valueWidths = await p
      .locator('[data-testid="campaign-presend"] dd')
      .evaluateAll((values) => values.map((value) => value.getBoundingClientRect().width))
    const summaryWidth = await p
      .locator('[data-testid="campaign-presend"] dl')
      .evaluate((list) => list.getBoundingClientRect().width)
    expect(Math.min(...valueWidths)).toBeGreaterThanOrEqual(summaryWidth - 1)
    await screenshot(p, 'journey-campaign-presend-360px')
    await p.setViewportSize({ width: 1100, height: 800 })

    await openTab(p, 'send')
    await dropFile(p, '[data-testid="view-send"]', 'pelanggan.csv', CSV)
    const question = p.getByRole('dialog', { name: 'Import as campaign recipients, or attach to a message?' })
    await question.waitFor()
    expect(await p.getByTestId('send-file-row').count()).toBe(0)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-campaign-drop-question')
    await question.getByRole('button', { name: 'Import as campaign recipients' }).click()
    await p.getByTestId('view-campaigns').waitFor()
    await expect.poll(() => p.getByTestId('campaign-sheet').textContent()).toContain('5 rows read')
    expect(await p.getByTestId('send-file-row').count()).toBe(0)
  })

  // A block of cells pasted in the opt-out box is put in as its numbers: inserted as typing is, so Ctrl+Z takes it
  // back, and the cells left out are named.
  it('takes a pasted block of cells back with Ctrl+Z, and names the cells it left out', async () => {
    const harness = await journey.start()
    const p = await journey.open(harness.url)
    await openTab(p, 'campaigns')
    await p.getByTestId('optouts').locator('summary').click()
    const box = p.getByTestId('optouts-add')
    await box.click()
    await p.keyboard.type('0812 3456 7009')
    await box.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(0, 0))
    // What a spreadsheet copies: cells tab-separated, a row a line.
    await box.evaluate((element, text) => {
      const data = new DataTransfer()
      data.setData('text/plain', text)
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
      )
    }, '0812 3456 7001\tBudi\r\n0812-3456-7002\tSari\r\n')
    await expect.poll(() => box.inputValue()).toBe('0812 3456 7001\n0812-3456-7002\n0812 3456 7009')
    expect(await p.getByTestId('optouts-paste-note').textContent()).toBe(
      'Only the numbers were put in the box; 2 cells that are not numbers were left out: Budi, Sari.'
    )
    await p.keyboard.press('Control+z')
    await expect.poll(() => box.inputValue()).toBe('0812 3456 7009')
  })

  // Issue 27, point 1: one daily cap for the number, counted across every campaign (and direct send).
  it('holds two campaigns on one device to the cap of 3 set on its card, and the card says so', async () => {
    const harness = await journey.start()
    // The cap counts the operator's day: on a clock at noon, no midnight comes mid-test to give the number three more.
    await harness.core.handlers['settings:update']({ defaultTimezone: zoneAtNoonNow() })
    const deviceId = await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await openTab(p, 'devices')
    await p.getByTestId(`cap-${deviceId}`).click()
    await p.locator(`#cap-${deviceId}-input`).fill('3')
    await p.getByTestId(`cap-form-${deviceId}`).getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => p.getByTestId(`device-cap-today-${deviceId}`).textContent())
      .toContain('0 of 3 used')

    // Two campaigns of three, each allowed far more a day on its own: the number's cap is what holds them.
    await startedCampaign(harness.core, deviceId, 'januari', ['081211110001', '081211110002', '081211110003'])
    await startedCampaign(harness.core, deviceId, 'februari', [
      '081222220001',
      '081222220002',
      '081222220003'
    ])

    await expect
      .poll(() => p.getByTestId(`device-cap-today-${deviceId}`).textContent(), { timeout: 20_000 })
      .toContain('cap reached: 3 send attempts against a cap of 3')
    // Time for a fourth to slip through, if the cap let it.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const items = (await harness.core.handlers['outbox:list']({ offset: 0, limit: 100 })).items
    expect(items.filter((item) => item.gatewayId !== null)).toHaveLength(3)
    expect(items.filter((item) => item.status === 'queued')).toHaveLength(3)
    expect(await p.getByTestId(`device-cap-today-${deviceId}`).textContent()).toContain(
      'cap reached: 3 send attempts against a cap of 3'
    )
    expect(await seriousA11yViolations(p)).toEqual([])
  })

  // Issue 26, point 5: a campaign's name column teaches contacts; the window shows names beside numbers and the Send
  // view's picker finds them by name, from the keyboard.
  it('learns names from the name column, shows them beside numbers, and the picker picks them by name', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    await harness.core.handlers['contacts:set']({ phone: '081234567891', name: 'Bu Siti (toko)' })
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await openTab(p, 'campaigns')
    await p
      .getByTestId('campaign-file')
      .setInputFiles({ name: 'pelanggan.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) })
    await expect.poll(() => p.getByTestId('campaign-sheet').textContent()).toContain('5 rows read')
    // "Nama" is guessed as the name column, and the operator could change it.
    expect(await p.getByTestId('campaign-name-column').inputValue()).toBe('Nama')
    await p.getByTestId('campaign-phone-column').selectOption('Kontak')
    await p.getByTestId('campaign-template').fill('Halo {Nama}.')
    await expect
      .poll(() => p.getByTestId('campaign-summary').textContent())
      .toBe('3 ready, 2 skipped (1 duplicate, 1 invalid number).')
    const device = (await harness.core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
    await p.getByLabel(new RegExp(device?.label ?? deviceId)).check()
    await p.getByTestId('campaign-start').click()
    await p.getByTestId('campaign-confirm-start').click()
    await p.getByTestId('campaign-progress').waitFor()

    // The spreadsheet's names are learnt, never over the operator's own; the twin row's name is not.
    const contacts = (await harness.core.handlers['contacts:list']({})).contacts
    expect(contacts.map((c) => [c.phone, c.name, c.source])).toEqual([
      ['6281234567890', 'Budi', 'campaign'],
      ['6281234567891', 'Bu Siti (toko)', 'operator'],
      ['6281234567892', 'Dedi', 'campaign']
    ])

    // The outbox shows the name first and the number beside it.
    await openTab(p, 'outbox')
    const budi = p.getByTestId('outbox-row').filter({ hasText: 'Budi' })
    await expect
      .poll(() => budi.first().locator('.row-recipient').textContent())
      .toBe('Budi +62 812-3456-7890')

    // The customer list beside the opt-out list (QA11 Q11-12): the learnt names, who opted out, a name's start found,
    // a bad number said at its field; nothing axe objects to with it open.
    await harness.core.handlers['optouts:add']({ phones: ['081234567892'], source: 'operator' })
    await openTab(p, 'campaigns')
    await p.getByTestId('customers').locator('summary').click()
    const customers = p.getByTestId('customer-entry')
    await expect.poll(() => customers.count()).toBe(3)
    expect(await customers.filter({ hasText: 'Dedi' }).textContent()).toContain('opted out')
    await p.getByLabel('Search by the start of a name or number').fill('bu')
    await expect.poll(() => customers.allTextContents()).toHaveLength(2)
    await p.getByLabel('Phone number', { exact: true }).fill('12ab')
    await p.getByRole('button', { name: 'Add customer' }).click()
    expect(await p.getByLabel('Phone number', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    expect(await seriousA11yViolations(p)).toEqual([])
    // A kept number is asked about, not renamed (QA17 Q17-01); Escape keeps the name.
    await p.getByLabel('Phone number', { exact: true }).fill('0812 3456 7891')
    await p.getByLabel('Name', { exact: true }).fill('Toko Sinar Jaya')
    await p.getByRole('button', { name: 'Add customer' }).click()
    await p.getByText('Rename Bu Siti (toko) to Toko Sinar Jaya?').waitFor()
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.keyboard.press('Escape')
    await expect.poll(() => p.getByText('Rename Bu Siti (toko) to Toko Sinar Jaya?').count()).toBe(0)
    expect(await p.getByLabel('Phone number', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    // Taken off the opt-out list elsewhere: the open list follows, under the operator's search (QA17 Q17-02).
    await p.getByLabel('Search by the start of a name or number').fill('ded')
    await expect.poll(() => customers.allTextContents()).toEqual([expect.stringContaining('opted out')])
    await harness.core.handlers['optouts:remove']({ phone: '081234567892' })
    await expect.poll(() => customers.allTextContents()).toEqual([expect.not.stringContaining('opted out')])
    expect(await p.getByLabel('Search by the start of a name or number').inputValue()).toBe('ded')

    // The Send view's picker: a typed name suggests the contact, arrows and Enter pick it, Backspace removes it.
    await openTab(p, 'send')
    const picker = p.getByRole('combobox', { name: 'Phone numbers' })
    await picker.fill('ded')
    const option = p.getByRole('option', { name: /Dedi/ })
    await option.waitFor()
    await picker.press('ArrowDown')
    expect(await picker.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'))
    await picker.press('Enter')
    const chip = p.getByTestId('recipient-chip')
    await expect.poll(() => chip.first().textContent()).toContain('Dedi +62 812-3456-7892')
    expect(await chip.first().getAttribute('data-value')).toBe('6281234567892')
    // Pasted digits still work beside a picked contact.
    await picker.fill('0813 1111 2222')
    await picker.press('Enter')
    expect(await chip.count()).toBe(2)
    await picker.press('Backspace')
    expect(await chip.count()).toBe(1)
    await picker.fill('bu s')
    await p.getByRole('option', { name: /Bu Siti/ }).waitFor()
    expect(await seriousA11yViolations(p)).toEqual([])
    await harness.core.handlers['settings:update']({ theme: 'dark' })
    await expect.poll(() => p.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-contact-picker-dark-360px')
  })

  it('imports a CSV with bad rows, fixes the mapping, previews, starts, pauses, resumes and exports', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await openTab(p, 'campaigns')
    // The opt-out list's buttons stand apart ("Add to the list", "Import a file…" and "Export (CSV)" touched).
    await p.getByTestId('optouts').locator('summary').click()
    expect(await narrowestGap(p, '[data-testid="optouts"] > .form-actions')).toBeGreaterThanOrEqual(4)
    await p.getByTestId('optouts').locator('summary').click()
    await p
      .getByTestId('campaign-file')
      .setInputFiles({ name: 'tagihan.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) })
    await expect.poll(() => p.getByTestId('campaign-sheet').textContent()).toContain('5 rows read')

    await p.getByTestId('campaign-template').fill('{Halo|Hai} *{Nama}*, tagihan Anda {Tagihan}.')
    await expect
      .poll(() => p.getByTestId('campaign-summary').textContent())
      .toBe('0 ready, 5 skipped (5 invalid numbers).')
    await p.getByTestId('campaign-phone-column').selectOption('Kontak')
    await expect
      .poll(() => p.getByTestId('campaign-summary').textContent())
      .toBe('3 ready, 2 skipped (1 duplicate, 1 invalid number).')
    await expect
      .poll(() => p.getByTestId('campaign-preview').innerHTML())
      .toMatch(/^(Halo|Hai) <strong>Budi<\/strong>, tagihan Anda Rp 10\.000\.$/)
    const preview = (await p.getByTestId('campaign-preview').textContent()) ?? ''
    await screenshot(p, 'journey-campaign-check')

    // Long enough between sends that Pause lands before the three rows are through, even on a loaded machine.
    await p.getByLabel('Shortest pause (seconds)').fill('5')
    await p.getByLabel('Longest pause (seconds)').fill('5')
    await p.getByTestId('campaign-any-time').check()
    const device = (await harness.core.handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
    await p.getByLabel(new RegExp(device?.label ?? deviceId)).check()
    await p.getByTestId('campaign-start').click()
    await p.getByTestId('campaign-confirm-start').click()
    await p.getByTestId('campaign-progress').waitFor()

    // From the keyboard: Pause is pressed with Enter, and the same button, now Resume, keeps the focus.
    await p.getByTestId('campaign-pause').focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => p.getByTestId('campaign-status').textContent()).toBe('paused')
    await expect.poll(() => focusedTestId(p)).toBe('campaign-resume')
    const sandbox = await harness.sandbox()
    const sentWhilePaused = (await sandbox.control.messages()).length
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect((await sandbox.control.messages()).length).toBe(sentWhilePaused)

    // The Overview lists the paused campaign with its progress, and its name opens it with the focus on it.
    await openTab(p, 'home')
    const onOverview = p.getByRole('region', { name: 'Campaigns' }).locator('li')
    await expect.poll(() => onOverview.first().textContent()).toMatch(/tagihan\s*paused\s*\d of 3 sent/)
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-campaign-overview-360px')
    await p.setViewportSize({ width: 1100, height: 800 })
    // Every heading the focus lands on as the campaign opens: the campaign's alone, not the Campaigns view's first.
    await p.evaluate(() => {
      const landed: string[] = []
      Object.assign(window, { headingsFocused: landed })
      document.addEventListener('focusin', (e) => {
        if (e.target instanceof HTMLHeadingElement) landed.push(e.target.id)
      })
    })
    await onOverview.first().getByRole('button', { name: 'tagihan' }).click()
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('campaign-progress')
    expect(
      await p.evaluate(() => (window as unknown as { headingsFocused: string[] }).headingsFocused)
    ).toEqual(['campaign-progress'])
    expect(await p.getByTestId('campaign-status').textContent()).toBe('paused')

    // "Cancel the rest" asks, with the count, before anything is cancelled; keeping goes on as before, and the
    // focus goes back to the button that asked.
    await p.getByTestId('campaign-cancel').click()
    const question = p.getByRole('group', { name: /^Cancel the \d+ messages not sent yet\?/ })
    await question.waitFor()
    await question.getByRole('button', { name: 'Keep sending' }).focus()
    await p.keyboard.press('Enter')
    expect(await p.getByTestId('campaign-status').textContent()).toBe('paused')
    await expect.poll(() => focusedTestId(p)).toBe('campaign-cancel')

    await p.getByTestId('campaign-resume').click()
    await expect
      .poll(() => p.getByTestId('campaign-status').textContent(), { timeout: 45_000 })
      .toBe('finished')
    const messages = await sandbox.control.messages()
    expect(messages).toHaveLength(3)
    expect(messages.map((m) => m.text)).toContain(preview.replace('Budi', '*Budi*'))
    // uPlot draws the progress chart on a canvas once the rows have statuses.
    await p.locator('[data-testid="campaign-chart"] canvas').first().waitFor({ timeout: 10_000 })
    await screenshot(p, 'journey-campaign-finished')
    expect(await seriousA11yViolations(p)).toEqual([])
    // One counting model: the buckets add up to the rows.
    const buckets = await p.locator('[data-testid^="campaign-count-"]').allTextContents()
    expect(buckets.reduce((sum, n) => sum + Number(n), 0)).toBe(5)
    // The legend says the totals (uPlot's own said "--" until the pointer was over the chart).
    const legend = (await p.getByTestId('campaign-chart-legend').textContent()) ?? ''
    expect(legend).toMatch(/^ever sent: \d+ever delivered: \d+ever read: \d+ever failed: \d+$/)
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-campaign-finished-360px')
    await p.setViewportSize({ width: 1100, height: 800 })

    // Row by row: the three sent rows show the gateway's message ids the core holds, the skipped rows say why.
    await p.getByTestId('campaign-rows').locator('summary').click()
    await expect
      .poll(() => p.getByTestId('campaign-rows-range').textContent())
      .toBe('Sheet rows 2–6 · 5 of 5 rows')
    // Each column's heading on one line ("Row" read "Ro / w"), and the pager's buttons apart, at both widths.
    expect(await textLines(p, '[data-testid="campaign-rows"] th')).toEqual([1, 1, 1, 1, 1, 1, 1])
    expect(await narrowestGap(p, '[data-testid="campaign-rows"] .form-actions')).toBeGreaterThanOrEqual(4)
    // The rows table scrolls inside its own box: the window never scrolls sideways, and axe finds nothing open.
    // "Previous rows" and "Next rows" stand apart, and apart from the table (QA 2026-11-29: they touched).
    expect(await touchingButtons(p.getByTestId('campaign-rows')), 'at 1100 px').toEqual([])
    // A status's or a reason's words stay whole; the table scrolls in its box instead (QA64: "berlanggan / an").
    const statusAndNote = '[data-testid="campaign-row"] td:is(:nth-child(3), :nth-child(7))'
    expect(await brokenWords(p, statusAndNote), 'at 1100 px').toEqual([])
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    expect(await touchingButtons(p.getByTestId('campaign-rows')), 'at 360 px').toEqual([])
    expect(await textLines(p, '[data-testid="campaign-rows"] th')).toEqual([1, 1, 1, 1, 1, 1, 1])
    expect(await brokenWords(p, statusAndNote), 'at 360 px').toEqual([])
    await screenshot(p, 'journey-campaign-rows-360px')
    await p.setViewportSize({ width: 1100, height: 800 })
    expect(await seriousA11yViolations(p)).toEqual([])
    const campaignId = (await harness.core.handlers['campaigns:list']({})).campaigns[0]?.id ?? ''
    const stored = await harness.core.handlers['campaigns:rows']({ id: campaignId, offset: 0, limit: 50 })
    const shownIds = await p.locator('[data-testid="campaign-row"] td:nth-child(5)').allTextContents()
    expect(shownIds).toEqual(stored.rows.map((r) => r.gatewayId ?? ''))
    expect(shownIds.filter(Boolean)).toHaveLength(3)
    const reasons = await p.locator('[data-testid="campaign-row"] td:nth-child(7)').allTextContents()
    expect(reasons.filter(Boolean)).toHaveLength(2)

    const download = p.waitForEvent('download')
    await p.getByTestId('campaign-export-csv').click()
    const file = await download
    expect(file.suggestedFilename()).toBe('tagihan - results.csv')

    // "New campaign" from the keyboard: the new form's first field, the spreadsheet's choose input, has the focus.
    await p.getByRole('button', { name: 'New campaign' }).focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => focusedTestId(p)).toBe('campaign-file')
  })

  it('starts a draft made with a file after a restart: the file is picked again, every row gets it', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const handlers = harness.core.handlers
    const csv = ['Nama,HP', 'Budi,081234567890', 'Siti,081234567891', ''].join('\n')
    const sheetFile = await handlers['files:register']({
      sources: [{ kind: 'bytes', name: 'invoices.csv', dataBase64: Buffer.from(csv).toString('base64') }],
      purpose: 'spreadsheet'
    })
    const { sheetId } = await handlers['campaigns:read']({ handle: sheetFile.files[0]?.handle ?? '' })
    const { files } = await handlers['files:register']({
      sources: [{ kind: 'bytes', name: 'invoice.pdf', dataBase64: PDF.toString('base64') }]
    })
    const draft = await handlers['campaigns:create']({
      sheetId,
      name: 'Invoices',
      mapping: { phone: 'HP', variables: ['Nama'] },
      template: 'Invoice for {Nama}',
      pacing: {
        minDelaySeconds: 0,
        maxDelaySeconds: 0.5,
        batchSize: 100,
        batchPauseMinutes: 0,
        workingHours: null,
        dailyCapPerDevice: 1000,
        warmUp: null
      },
      devices: [deviceId],
      attachment: { handle: files[0]?.handle ?? '' }
    })
    expect(draft.status).toBe('draft')

    // The app restarts before the campaign was started: the picked file's handle is gone with it.
    await harness.restart()
    const p = await journey.open(harness.url)
    await openTab(p, 'campaigns')
    await p.getByRole('button', { name: 'Invoices' }).click()
    await p.getByTestId('campaign-draft-start').click()
    await p.getByTestId('campaign-confirm-start').click()
    await expect.poll(() => p.getByRole('alert').textContent()).toBe('Attach invoice.pdf again to start.')

    await p
      .getByLabel(/Pick invoice\.pdf again/)
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF })
    await p.getByTestId('campaign-draft-attachment-file').waitFor()
    await p.getByTestId('campaign-draft-start').click()
    await p.getByTestId('campaign-confirm-start').click()
    await expect
      .poll(() => p.getByTestId('campaign-status').textContent(), { timeout: 30_000 })
      .toBe('finished')
    await screenshot(p, 'journey-campaign-draft-restarted')
    const sent = await (await harness.sandbox()).control.messages()
    expect(sent.map((m) => [m.phone, m.fileName, m.text]).sort()).toEqual([
      ['6281234567890', 'invoice.pdf', 'Invoice for Budi'],
      ['6281234567891', 'invoice.pdf', 'Invoice for Siti']
    ])
  })

  // QA (thirty-ninth stop's probe): a running campaign's Pause and Cancel sat under its chart, rows and pacing, at
  // y≈1170 in a 1100×760 window, and lower with each finished campaign listed above it.
  it("puts a running campaign's Pause and Cancel in sight under its title, however many campaigns are listed", async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    for (const name of ['maret', 'april', 'mei'])
      await startedCampaign(harness.core, deviceId, name, ['081233330009'])
    await expect
      .poll(
        async () =>
          (await harness.core.handlers['campaigns:list']({})).campaigns.filter((c) => c.status === 'finished')
            .length,
        { timeout: 20_000 }
      )
      .toBe(3)
    await startedCampaign(harness.core, deviceId, 'juni', ['081233330001', '081233330002', '081233330003'], {
      ...QUICK_PACING,
      minDelaySeconds: 60,
      maxDelaySeconds: 60
    })
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await p.setViewportSize({ width: 1100, height: 760 })
    await openTab(p, 'campaigns')
    await p.getByRole('button', { name: 'juni' }).click()
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('campaign-progress')
    await expect.poll(() => p.getByTestId('campaign-status').textContent()).toBe('sending')

    /** The element is wholly in the window and below the sticky header. */
    const inSight = async (testId: string): Promise<boolean> => {
      const header = (await p.locator('header').boundingBox())!
      const box = (await p.getByTestId(testId).boundingBox())!
      return box.y >= header.y + header.height && box.y + box.height <= 760
    }
    expect(await inSight('campaign-pause'), 'Pause out of sight').toBe(true)
    expect(await inSight('campaign-cancel'), 'Cancel out of sight').toBe(true)
    // The keyboard meets them first too: the campaign's heading, then Pause, then Cancel.
    await p.keyboard.press('Tab')
    expect(await focusedTestId(p)).toBe('campaign-pause')
    await p.keyboard.press('Tab')
    expect(await focusedTestId(p)).toBe('campaign-cancel')
    // The question comes where it was asked, in sight.
    await p.keyboard.press('Enter')
    await p.getByTestId('campaign-cancel-confirm').waitFor()
    expect(await inSight('campaign-cancel-confirm'), 'the question out of sight').toBe(true)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-campaign-actions-in-sight')
    await p.keyboard.press('Escape')
    await expect.poll(() => focusedTestId(p)).toBe('campaign-cancel')
  })

  // QA: with the gateway unreachable mid-campaign the card read "— sending" with Pause beside Resume, its part said
  // "the device disconnected or was logged out", and nothing said what to do once the gateway was back.
  it('says a campaign is paused when the gateway is unreachable, why, and to resume once it is back', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    // Far apart: the gateway goes away before the second row.
    await startedCampaign(harness.core, deviceId, 'promo', ['081233330001', '081233330002', '081233330003'], {
      ...QUICK_PACING,
      minDelaySeconds: 60,
      maxDelaySeconds: 60
    })
    await openTab(p, 'campaigns')
    await p.getByRole('button', { name: 'promo' }).click()
    await expect.poll(() => p.getByTestId('campaign-status').textContent()).toBe('sending')

    await harness.core.handlers['sandbox:control']({ deviceId, action: 'unreachable' })
    await expect
      .poll(() => p.getByTestId('campaign-status').textContent(), { timeout: 20_000 })
      .toBe('paused')
    const part = p.getByTestId('campaign-device-wait')
    // Named with its device: a campaign may run on several (QA F06).
    expect(await part.textContent()).toMatch(/^.+ — Paused: the gateway could not be reached\./)
    expect(await p.getByTestId('campaign-pause').count()).toBe(0)
    expect(await part.getByRole('button', { name: /^Resume on / }).count()).toBe(1)
    await screenshot(p, 'journey-campaign-gateway-down')

    // The Overview calls it paused and promises no end.
    await openTab(p, 'home')
    const onOverview = p.getByRole('region', { name: 'Campaigns' }).locator('li').first()
    await expect.poll(() => onOverview.textContent()).toMatch(/promo\s*paused/)
    expect(await onOverview.textContent()).not.toContain('estimated end')

    // Back: the part stays paused (the operator resumes) and says so; Resume sends again.
    await harness.core.handlers['sandbox:control']({ deviceId, action: 'reachable' })
    await openTab(p, 'campaigns')
    // Exact: the attention strip's "Resume promo on …" names it too once the device is back (QA72).
    await p.getByRole('button', { name: 'promo', exact: true }).click()
    await expect
      .poll(() => p.getByTestId('campaign-device-wait').textContent(), { timeout: 20_000 })
      .toContain('The device is connected again: press Resume to go on.')
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-campaign-gateway-back')
    await p.getByTestId('campaign-device-wait').getByRole('button', { name: 'Resume' }).click()
    await expect.poll(() => p.getByTestId('campaign-status').textContent()).toBe('sending')
    await p.getByTestId('campaign-pause').waitFor()
  })
})
