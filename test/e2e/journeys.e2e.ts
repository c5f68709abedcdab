/**
 * The operator journeys in real Chromium over the harness (real core, real sandbox gateway): link a
 * device, relink after the phone logs out, drop files to send through an outage, and an outbox that
 * survives a restart. Each step asserts what the operator would see, so breaking a step fails here.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Harness } from '../harness/harness'
import { screenshot } from './browser'
import { JPEG, LARGE_PNG, PDF, journeySession, linkedSandboxDevice, openTab } from './fixtures'

const journey = journeySession()
let harness: Harness | undefined

async function dropFiles(
  target: Page,
  files: { name: string; type: string; bytes: Buffer }[]
): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.type, data: f.bytes.toString('base64') }))
  await target.evaluate((items) => {
    const transfer = new DataTransfer()
    for (const item of items) {
      const binary = atob(item.data)
      const bytes = new Uint8Array(binary.length)
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
      transfer.items.add(new File([bytes], item.name, { type: item.type }))
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      window.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
    }
  }, payload)
}

describe('operator journeys in Chromium', () => {
  it('links a sandbox device: wizard → simulated scan → IT-support activation → connected', async () => {
    harness = await journey.start()
    const p = await journey.open(harness.url)
    // The language choice is one line under the heading, as its rule says (a new operator's probe: a fieldset's
    // column, centred, put the two radios one above the other, out of line).
    const radioTops = await Promise.all(
      ['en', 'id'].map((language) =>
        p.getByTestId(`welcome-language-${language}`).evaluate((radio) => radio.getBoundingClientRect().top)
      )
    )
    expect(Math.abs(radioTops[0]! - radioTops[1]!)).toBeLessThan(2)
    await p.getByTestId('welcome-sandbox').click()
    const step = p.getByTestId('wizard-step')
    await expect.poll(() => step.getAttribute('data-step')).toBe('qr')
    await p.getByTestId('qr-code').waitFor()
    await expect.poll(() => p.getByTestId('qr-code').getAttribute('data-kind')).toBe('text')
    await expect(p.getByTestId('qr-rules').textContent()).resolves.toMatch(/WhatsApp Web/i)
    await screenshot(p, 'journey-link-qr')

    await p.getByTestId('sandbox-scan').click()
    await expect.poll(() => step.getAttribute('data-step'), { timeout: 15_000 }).toMatch(/waiting|activation/)
    const device = (await harness.core.handlers['devices:list']({})).devices[0]!
    expect(device.state).toBe('awaiting-activation')
    if ((await step.getAttribute('data-step')) === 'waiting')
      await p.getByTestId('wizard-contact-support').click()
    await expect.poll(() => step.getAttribute('data-step')).toBe('activation')
    await expect(p.getByTestId('activation-message').textContent()).resolves.toContain(device.serial ?? '∅')

    await p.getByTestId('sandbox-activate').click()
    await expect.poll(() => step.getAttribute('data-step'), { timeout: 15_000 }).toBe('done')
    await p.getByTestId('wizard-done').waitFor()
    await screenshot(p, 'journey-link-done')
    await openTab(p, 'devices')
    await expect
      .poll(() => p.getByTestId(`device-state-${device.id}`).getAttribute('data-state'))
      .toBe('connected')
  })

  it('relinks after the phone logs out: needs-scan → Relink → scan → connected', async () => {
    harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url)
    await openTab(p, 'devices')
    const state = p.getByTestId(`device-state-${deviceId}`)
    await expect.poll(() => state.getAttribute('data-state')).toBe('connected')

    // The phone logs the device out (played through the sandbox, as the phone would).
    const sandbox = await harness.sandbox()
    const token = (await harness.vault.load(deviceId)) as { kind: 'found'; value: { token: string } }
    await sandbox.control.act(token.value.token, 'logout')
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('needs-scan')
    await screenshot(p, 'journey-relink-needs-scan')

    await p.getByTestId(`relink-${deviceId}`).click()
    const step = p.getByTestId('wizard-step')
    await expect.poll(() => step.getAttribute('data-step')).toBe('qr')
    await p.getByTestId('qr-code').waitFor()
    await p.getByTestId('sandbox-scan').click()
    await expect.poll(() => step.getAttribute('data-step'), { timeout: 15_000 }).toBe('done')
    await openTab(p, 'devices')
    await expect.poll(() => state.getAttribute('data-state')).toBe('connected')
  })

  it('sends dropped files through a gateway outage: two queued, one rejected, then delivered and read', async () => {
    harness = await journey.start()
    await linkedSandboxDevice(harness)
    const p = await journey.open(harness.url)
    await openTab(p, 'send')
    await dropFiles(p, [
      { name: 'invoice.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'photo.jpg', type: 'image/jpeg', bytes: JPEG },
      { name: 'poster.png', type: 'image/png', bytes: LARGE_PNG }
    ])
    const rows = p.getByTestId('send-file-row')
    await expect.poll(() => rows.count()).toBe(2)
    await expect(p.getByTestId('send-rejections').textContent()).resolves.toMatch(/poster\.png/)
    await expect(p.getByTestId('send-rejections').textContent()).resolves.toMatch(/2(\.0)? MB/)

    await p.getByTestId('send-recipients').fill('0812-3456-7890')
    await p.getByTestId('send-recipients').press('Enter')
    await p.getByTestId('send-caption').fill('Your documents')

    // The gateway goes away: every API call now fails at the connection.
    const sandbox = await harness.sandbox()
    await sandbox.control.addFault({ path: '/api/*', kind: 'reset' })
    await p.getByTestId('send-submit').click()
    const statuses = p.getByTestId('send-file-status')
    const waiting = ['queued', 'sending']
    const current = (): Promise<(string | null)[]> =>
      statuses.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
    await expect.poll(current).toHaveLength(2)
    // While the gateway is unreachable nothing gets further than an attempt (a reset request is "in doubt").
    await p.waitForTimeout(1_500)
    for (const status of await current()) expect(waiting).toContain(status)
    expect(await sandbox.control.messages()).toHaveLength(0)
    await screenshot(p, 'journey-send-offline')

    // It comes back: both go out and are read, each exactly once.
    await sandbox.control.clearFaults()
    await expect
      .poll(() => statuses.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), {
        timeout: 30_000
      })
      .toEqual(['read', 'read'])
    const sent = await sandbox.control.messages()
    expect(sent.map((m) => m.fileName).sort()).toEqual(['invoice.pdf', 'photo.jpg'])
    expect(sent.every((m) => m.phone === '6281234567890')).toBe(true)
    await screenshot(p, 'journey-send-read')
  })

  it('keeps queued items across a restart and then drains them', async () => {
    harness = await journey.start()
    const deviceId = await linkedSandboxDevice(harness)
    const sandbox = await harness.sandbox()
    await sandbox.control.addFault({ path: '/api/send-*', kind: 'status', status: 503 })
    const { itemIds } = await harness.core.handlers['outbox:enqueue']({
      deviceId,
      recipients: ['081234567890', '081298765432'],
      isGroup: false,
      entries: [{ kind: 'text', text: 'Stock update: 40 boxes left' }]
    })
    expect(itemIds).toHaveLength(2)
    let p = await journey.open(harness.url)
    await openTab(p, 'outbox')
    await expect.poll(() => p.getByTestId('outbox-row').count()).toBe(2)

    // Restart the app on the same data folder (a fresh sandbox process comes back without the fault).
    await p.close()
    await harness.restart()
    p = await journey.open(harness.url)
    await openTab(p, 'outbox')
    const statuses = p.getByTestId('outbox-status')
    await expect.poll(() => statuses.count()).toBe(2)
    await expect
      .poll(() => statuses.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), {
        timeout: 30_000
      })
      .toEqual(['read', 'read'])
    const after = await harness.sandbox()
    expect((await after.control.messages()).map((m) => m.refId).sort()).toEqual([...itemIds].sort())
  })

  it('runs under the window’s policy: only its own socket may be reached, and no inline code runs', async () => {
    harness = await journey.start()
    const p = await journey.open(harness.url)
    await p.getByTestId('app').waitFor()
    const refused = await p.evaluate(async () => {
      const violations: string[] = []
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(event.effectiveDirective)
      )
      const fetched = await fetch('http://127.0.0.1:9/').then(
        () => 'fetched',
        () => 'refused'
      )
      const inline = document.createElement('script')
      inline.textContent = 'window.inlineRan = true'
      document.body.append(inline)
      await new Promise((resolve) => setTimeout(resolve, 50))
      return { fetched, inlineRan: 'inlineRan' in window, violations }
    })
    expect(refused).toEqual({
      fetched: 'refused',
      inlineRan: false,
      violations: expect.arrayContaining(['connect-src', 'script-src-elem'])
    })
  })

  it('never breaks its own policy while it works: nothing the window does is refused', async () => {
    harness = await journey.start()
    const p = await journey.open(harness.url, (page) =>
      page.addInitScript(() => {
        const seen: string[] = []
        Object.assign(window, { policyViolations: seen })
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`)
        )
      })
    )
    // The contract client (zod and every schema) loads after the shell and checks every answer from then on.
    await p.getByTestId('welcome-sandbox').click()
    await expect.poll(() => p.getByTestId('wizard-step').getAttribute('data-step')).toBe('qr')
    await openTab(p, 'outbox')
    await p.getByTestId('outbox-scroll').waitFor({ state: 'attached' })
    expect(
      await p.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations)
    ).toEqual([])
  })
})
