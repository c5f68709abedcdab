/**
 * Issue 30's journey in real Chromium over the harness (real core, real sandbox gateway): a campaign of 20 is started,
 * some rows go out, and the operator takes the whole campaign back from the window — the unsent ones stopped, the sent
 * ones deleted for everyone — until every row ends revoked or cancelled.
 */
import { describe, expect, it } from 'vitest'
import { screenshot, seriousA11yViolations } from './browser'
import { journeySession, linkedSandboxDevice, waitUntil } from './fixtures'

const journey = journeySession()

const ROWS = 20
const CSV = [
  'Nama,Telepon',
  ...Array.from({ length: ROWS }, (_, i) => `Pelanggan ${i + 1},0812345678${String(i).padStart(2, '0')}`),
  ''
].join('\n')

/** Statuses a row has once the gateway has it on WhatsApp (what a take-back deletes for everyone). */
const ON_WHATSAPP = ['sent', 'delivered', 'read']

describe('take-back journey in Chromium', () => {
  it('sends a campaign of 20, takes it back with delivered messages, and every row ends revoked or cancelled', async () => {
    const harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const handlers = harness.core.handlers
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })

    await p.getByTestId('nav-campaigns').click()
    await p
      .getByLabel('Choose a spreadsheet')
      .setInputFiles({ name: 'salah kirim.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) })
    await p.getByLabel('Phone number column').selectOption('Telepon')
    await p.getByLabel('Message', { exact: true }).fill('Halo {Nama}, ini pesan uji.')
    await expect.poll(() => p.getByTestId('campaign-summary').textContent()).toBe(`${ROWS} ready, 0 skipped.`)
    // Fast, but slow enough that the take-back lands while most rows have not left.
    await p.getByLabel('Shortest pause (seconds)').fill('0.5')
    await p.getByLabel('Longest pause (seconds)').fill('1')
    await p.getByTestId('campaign-any-time').check()
    const device = (await handlers['devices:list']({})).devices.find((d) => d.id === deviceId)
    await p.getByLabel(new RegExp(device?.label ?? deviceId)).check()
    await p.getByRole('button', { name: `Start sending ${ROWS} messages` }).click()
    await p.getByTestId('campaign-confirm-start').click()
    await p.getByTestId('campaign-progress').waitFor()

    const campaignId = (await handlers['campaigns:list']({})).campaigns[0]?.id ?? ''
    const rows = async (): Promise<(string | null)[]> =>
      (await handlers['campaigns:rows']({ id: campaignId, offset: 0, limit: 50 })).rows.map((r) => r.status)
    await waitUntil(
      rows,
      (statuses) => statuses.filter((s) => s !== null && ON_WHATSAPP.includes(s)).length >= 3,
      60_000
    )
    // Pause first and let the row in flight settle: a row whose fate is not known yet is left alone by design
    // (the outbox's exactly-once reconciliation owns it), and this journey is about what can be taken back.
    await p.getByRole('button', { name: 'Pause', exact: true }).click()
    await expect.poll(() => p.getByTestId('campaign-status').textContent()).toBe('paused')
    const beforeTakeBack = await waitUntil(
      rows,
      (statuses) => statuses.every((s) => s === 'queued' || (s !== null && ON_WHATSAPP.includes(s))),
      30_000
    )
    const onWhatsApp = beforeTakeBack.filter((s) => s !== null && ON_WHATSAPP.includes(s)).length
    expect(onWhatsApp).toBeGreaterThanOrEqual(3)
    expect(onWhatsApp).toBeLessThan(ROWS)

    // The confirmation states the counts before anything happens; ticking "also delete" moves the sent ones to it.
    await p.getByRole('button', { name: 'Take back this campaign' }).click()
    const confirmation = p.getByRole('dialog', { name: 'Take back this campaign?' })
    await confirmation.waitFor()
    await confirmation.getByLabel('Also delete the messages already sent, for everyone').check()
    await expect
      .poll(() => confirmation.getByRole('listitem').allTextContents())
      .toEqual([
        `${ROWS - onWhatsApp} not sent yet will not be sent`,
        '0 waiting at the gateway will be cancelled there',
        `${onWhatsApp} already sent will be deleted for everyone`
      ])
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-take-back-confirmation')
    await confirmation.getByRole('button', { name: 'Take back', exact: true }).click()

    // The tally is read again while the queue works through the revokes, until nothing is left to do.
    const tally = p.getByTestId('campaign-takeback-tally')
    await expect
      .poll(() => tally.textContent(), { timeout: 60_000 })
      .toContain(
        `${ROWS - onWhatsApp} stopped, 0 cancelled at the gateway, ${onWhatsApp} deleted for everyone, 0 refused by the gateway, 0 still to do.`
      )
    expect(await tally.getByRole('listitem').count()).toBe(0)

    // Every row ends revoked or cancelled: in the core, at the gateway, and in the campaign's counts in the window.
    const after = await rows()
    expect(after.filter((s) => s === 'revoked')).toHaveLength(onWhatsApp)
    expect(after.filter((s) => s === 'cancelled')).toHaveLength(ROWS - onWhatsApp)
    const atGateway = await (await harness.sandbox()).control.messages()
    expect(atGateway.map((m) => m.status)).toEqual(Array<string>(onWhatsApp).fill('revoke'))
    await expect.poll(() => p.getByTestId('campaign-count-revoked').textContent()).toBe(String(onWhatsApp))
    await expect
      .poll(() => p.getByTestId('campaign-count-cancelled').textContent())
      .toBe(String(ROWS - onWhatsApp))
    await screenshot(p, 'journey-take-back-done')
  }, 180_000)
})
