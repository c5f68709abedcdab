/**
 * The files of a new repeating message as Chromium draws them: a photo's chip shows its picture, as the Send view's
 * files and a reply's do, made small from the photo picked (a camera's 1600 × 1200 drawn in a chip's height), and a
 * document's chip its name alone. jsdom decodes no picture, so this is a browser journey.
 */
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { cameraPhoto, journeySession, linkedSandboxDevice, openTab, PDF, pictureDrawn } from './fixtures'

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
    const photo = await cameraPhoto(page, 1600, 1200, ['#0050d0'])
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'promo.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'menu.pdf', mimeType: 'application/pdf', buffer: PDF }
    ])
    const chips = page.getByTestId('reminder-file')
    await expect.poll(() => chips.count()).toBe(2)
    const picture = chips.nth(0).getByTestId('reminder-file-picture')
    await picture.waitFor({ timeout: 30_000 })
    expect(await pictureDrawn(picture)).toBe('96×96 blue')
    // Drawn the chip's height, inside it.
    const [box, chip] = await Promise.all([picture.boundingBox(), chips.nth(0).boundingBox()])
    expect([box?.width, box?.height]).toEqual([24, 24])
    expect(box!.y >= chip!.y && box!.y + box!.height <= chip!.y + chip!.height && box!.x >= chip!.x).toBe(
      true
    )
    expect(await chips.nth(1).getByTestId('reminder-file-picture').count()).toBe(0)
    expect(await chips.nth(1).textContent()).toContain('menu.pdf')
    await screenshot(page, 'reminder-files')
    expect(await seriousA11yViolations(page)).toEqual([])
  }, 120_000)
})
