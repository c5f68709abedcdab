/**
 * The service journeys in real Chromium over the harness (real core, real sandbox gateway): a reminder created in the
 * window is fired by the sandbox and shows up as sent, and one whose answer was lost is kept as not confirmed; an
 * auto-reply added in the window answers a message that arrives through "try it".
 */
import { describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { screenshot, seriousA11yViolations } from './browser'
import { instantToLocal } from '../../src/shared/domain'
import { loseNextAnswer } from '../../src/main/core/gateway/testing/lost-answer'
import { journeySession, linkedSandboxDevice, openTab } from './fixtures'

const journey = journeySession()
let harness: Harness | undefined

describe('service journeys in Chromium', () => {
  it('creates a reminder in the window; the sandbox fires it and the window shows it was sent', async () => {
    harness = await journey.start()
    await linkedSandboxDevice(harness)
    // bypassCSP: axe is put in the page as a script of its own.
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await openTab(p, 'reminders')
    await p.getByTestId('reminders-empty').waitFor()

    await p.getByTestId('reminder-to').fill('0812-3456-7890')
    await p.getByTestId('reminder-title').fill('Obat')
    await p.getByTestId('reminder-message').fill('Waktunya minum obat')
    await p.getByTestId('reminder-repeat').selectOption('daily')
    // A few seconds ahead on the sandbox device's clock (Asia/Jakarta): the first occurrence comes during the test.
    const soon = instantToLocal(Date.now() + 5_000, 'Asia/Jakarta')
    await p.getByTestId('reminder-date').fill(soon.date)
    await p.getByTestId('reminder-time').fill(soon.time)
    await p.getByTestId('reminder-submit').click()
    await expect.poll(() => p.getByTestId('reminder-done').textContent()).toBe('Saved at the gateway.')
    const row = p.getByTestId('reminder-row')
    await expect.poll(() => row.count()).toBe(1)
    await expect(row.textContent()).resolves.toContain('Every day')
    await expect(row.getAttribute('data-sent-count')).resolves.toBe('0')
    await screenshot(p, 'journey-reminder-created')

    await expect.poll(() => row.getAttribute('data-sent-count'), { timeout: 30_000 }).toBe('1')
    await expect(p.getByTestId('reminder-sandbox').textContent()).resolves.toMatch(/Sent by the sandbox once/)
    await screenshot(p, 'journey-reminder-sent')
    const sandbox = await harness.sandbox()
    expect((await sandbox.control.messages()).map((m) => [m.endpoint, m.phone, m.text])).toEqual([
      ['reminder', '6281234567890', 'Waktunya minum obat']
    ])

    // Chromium drops the focus of a button disabled while it works: it comes back to what the action produced
    // (QA22 Q22-02), not to the start of the page.
    const focused = (): Promise<string | null> =>
      p.evaluate(
        () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null
      )
    const id = await row.getAttribute('data-id')
    await p.getByTestId(`reminder-refresh-${id}`).click()
    await expect.poll(() => row.textContent()).toContain('Up to date with the gateway.')
    await expect.poll(focused).toBe(`reminder-refresh-${id}`)
    await p.getByTestId(`reminder-delete-${id}`).click()
    await p.getByTestId(`reminder-delete-confirm-${id}`).click()
    await expect.poll(() => row.count()).toBe(0)
    // None left beside it: the list's heading takes the focus, the line says what was done (QA74: the line took it).
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('gateway-reminders-heading')
    await expect(p.getByTestId('reminders-result').textContent()).resolves.toBe('+62 812-3456-7890: Deleted.')
    expect(await seriousA11yViolations(p)).toEqual([])
  })

  it('keeps a reminder whose answer was lost as not confirmed, refuses making it again, and forgets it', async () => {
    harness = await journey.start()
    await linkedSandboxDevice(harness)
    const sandbox = await harness.sandbox()
    // The gateway saves the reminder, then its answer comes back garbled: it is at the gateway, unconfirmed here.
    await loseNextAnswer(sandbox.control, '/api/reminder', { method: 'POST' })
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await openTab(p, 'reminders')
    await p.getByTestId('reminders-empty').waitFor()
    await p.getByTestId('reminder-to').fill('0812-3456-7890')
    await p.getByTestId('reminder-title').fill('Tagihan')
    await p.getByTestId('reminder-message').fill('Tagihan bulan ini')
    await p.getByTestId('reminder-repeat').selectOption('monthly')
    await p.getByTestId('reminder-date').fill('2030-01-15')
    await p.getByTestId('reminder-time').fill('09:00')
    await p.getByTestId('reminder-submit').click()
    await expect
      .poll(() => p.getByTestId('reminder-done').textContent())
      .toMatch(/^Sent to the gateway, but its answer was lost/)
    const row = p.getByTestId('reminder-row')
    await expect.poll(() => row.getByTestId('reminder-unconfirmed').isVisible()).toBe(true)
    expect(await row.getByRole('button', { name: 'Ask the gateway' }).count()).toBe(0)
    expect(await seriousA11yViolations(p)).toEqual([])

    // Made again from the same form (its words kept): refused, naming it, and the gateway still has one.
    await p.getByTestId('reminder-title').fill('Tagihan Januari')
    await p.getByTestId('reminder-submit').click()
    await expect.poll(() => p.getByTestId('reminder-error').textContent()).toContain('“Tagihan”')
    const token = (await sandbox.control.devices())[0]!.token
    expect(await sandbox.control.reminders(token)).toHaveLength(1)

    await row.getByRole('button', { name: 'Forget it here' }).click()
    await row.getByRole('button', { name: 'Forget it here' }).last().click()
    await expect.poll(() => row.count()).toBe(0)
    await expect(p.getByTestId('reminders-result').textContent()).resolves.toBe(
      '+62 812-3456-7890: Forgotten here.'
    )
    expect(await sandbox.control.reminders(token)).toHaveLength(1)
  })

  it('creates a new device: the invoice is shown, then the wizard links it', async () => {
    harness = await journey.start()
    await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url)
    await openTab(p, 'devices')
    await p.getByTestId('create-device-open').click()
    await p.getByTestId('new-device-name').fill('Cabang 2')
    await p.getByTestId('new-device-phone').fill('0812 9990 0001')
    await p.getByTestId('new-device-product').selectOption('pro')
    await p.getByTestId('new-device-bank').selectOption('DANA')
    await p.getByTestId('new-device-submit').click()
    await p.getByTestId('new-device-invoice').waitFor()
    await expect(p.getByTestId('invoice-number').textContent()).resolves.toMatch(/^INV\/\d{8}\/\d{6}$/)
    await expect(p.getByTestId('invoice-account').textContent()).resolves.toContain('DANA 0812 2000 1101')
    await screenshot(p, 'journey-new-device-invoice')

    await p.getByTestId('new-device-link').click()
    const step = p.getByTestId('wizard-step')
    await expect.poll(() => step.getAttribute('data-step')).toBe('qr')
    await p.getByTestId('qr-code').waitFor()
    await p.getByTestId('sandbox-scan').click()
    await expect.poll(() => step.getAttribute('data-step'), { timeout: 15_000 }).toMatch(/waiting|activation/)
    await p.getByTestId('sandbox-activate').click()
    await expect.poll(() => step.getAttribute('data-step'), { timeout: 15_000 }).toBe('done')
    const devices = (await harness.core.handlers['devices:list']({})).devices
    expect(devices.map((d) => [d.label, d.state])).toEqual([
      ['Sandbox device', 'connected'],
      ['Cabang 2', 'connected']
    ])
  })

  it('adds an auto-reply and sees it answer a message that arrives through "try it"', async () => {
    harness = await journey.start()
    await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url)
    await openTab(p, 'autoReplies')
    await p.getByTestId('autoreplies-empty').waitFor()

    const form = p.getByTestId('autoreply-new')
    await form.getByTestId('autoreply-keyword').fill('jam buka')
    await form.getByTestId('autoreply-response').fill('Kami buka setiap hari 08.00–17.00')
    await form.getByTestId('autoreply-submit').click()
    const row = p.getByTestId('autoreply-row')
    await expect.poll(() => row.count()).toBe(1)
    await expect(row.textContent()).resolves.toContain('Kami buka setiap hari 08.00–17.00')

    await p.getByTestId('try-from').fill('0812 777 888')
    await p.getByTestId('try-message').fill('Jam Buka')
    await p.getByTestId('try-submit').click()
    await expect
      .poll(() => p.getByTestId('try-reply').textContent())
      .toBe('Auto-reply sent: Kami buka setiap hari 08.00–17.00')
    await screenshot(p, 'journey-autoreply-try')

    const sandbox = await harness.sandbox()
    expect((await sandbox.control.messages()).map((m) => [m.endpoint, m.phone, m.text])).toEqual([
      ['autoreply', '62812777888', 'Kami buka setiap hari 08.00–17.00']
    ])
  })
})
