/**
 * The files of a new repeating message as Chromium draws them: a photo's chip shows its picture, as the Send view's
 * files and a reply's do, made small from the photo picked (a camera's 1600 × 1200 drawn in a chip's height), and a
 * document's chip its name alone. jsdom decodes no picture, so this is a browser journey.
 */
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { journeySession, linkedSandboxDevice, openTab, PDF } from './fixtures'

const session = journeySession()

describe('a repeating message’s files', () => {
  it('draws a photo small at the start of its chip, and a document by its name', async () => {
    const harness = await session.start()
    await linkedSandboxDevice(harness)
    const page = await session.open(harness.url, undefined, { bypassCSP: true })
    await openTab(page, 'reminders')
    await page.getByTestId('reminder-form').waitFor()
    // Files are kept by Sender Desk's series: weekly is one of its repeats.
    await page.getByTestId('reminder-repeat').selectOption('weekly')
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const canvas = new OffscreenCanvas(1600, 1200)
        const context = canvas.getContext('2d')!
        context.fillStyle = '#0050d0'
        context.fillRect(0, 0, 1600, 1200)
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer())
        return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')
      }),
      'latin1'
    )
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'promo.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'menu.pdf', mimeType: 'application/pdf', buffer: PDF }
    ])
    const chips = page.getByTestId('reminder-file')
    await expect.poll(() => chips.count()).toBe(2)
    const picture = chips.nth(0).getByTestId('reminder-file-picture')
    await picture.waitFor({ timeout: 30_000 })
    const drawn = await picture.evaluate(async (image: HTMLImageElement) => {
      await image.decode()
      const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight)
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const [red, , blue] = context.getImageData(image.naturalWidth / 2, image.naturalHeight / 2, 1, 1).data
      const box = image.getBoundingClientRect()
      const chip = image.closest('li')!.getBoundingClientRect()
      return {
        made: `${image.naturalWidth}×${image.naturalHeight} ${blue! > 150 && red! < 100 ? 'blue' : 'not blue'}`,
        shown: `${box.width}×${box.height}`,
        inChip: box.top >= chip.top && box.bottom <= chip.bottom && box.left >= chip.left
      }
    })
    expect(drawn).toEqual({ made: '96×96 blue', shown: '24×24', inChip: true })
    expect(await chips.nth(1).getByTestId('reminder-file-picture').count()).toBe(0)
    expect(await chips.nth(1).textContent()).toContain('menu.pdf')
    await screenshot(page, 'reminder-files')
    expect(await seriousA11yViolations(page)).toEqual([])
  }, 120_000)
})
