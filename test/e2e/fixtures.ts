/** Shared set-up for the browser journeys: a fast harness, sample files, and a linked sandbox device. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { deviceInfo, SAMPLE_TOKEN } from '../../src/main/core/gateway/testing/samples'
import { startTestRelay, type TestRelay } from '../../src/main/core/inbox/testing/test-relay'
import { startHarness, type Harness, type HarnessOptions } from '../harness/harness'
import { collectConsole, launchBrowser, screenshot } from './browser'

/** Core timings shrunk so a journey takes seconds: the same code paths, shorter waits. */
export const FAST_CORE: NonNullable<HarnessOptions['core']> = {
  sandbox: { timings: { sentAfterMs: 300, deliveredAfterMs: 600, readAfterMs: 900 } },
  outbox: {
    pacingMs: 50,
    backoffBaseMs: 200,
    backoffCapMs: 1_000,
    trackingIntervalMs: 300,
    trackingCapMs: 1_000,
    reconcileIntervalMs: 300,
    visibilityWindowMs: 1_000
  },
  pollIntervals: { idleMs: 1_000, linkingMs: 300, settlingMs: 300 },
  noticeDebounceMs: 100
}

export function startFastHarness(options: HarnessOptions = {}): Promise<Harness> {
  return startHarness({ ...options, core: { ...FAST_CORE, ...options.core } })
}

/** A sandbox device linked and activated through the core's own handlers (for journeys that start after linking). */
export async function linkedSandboxDevice(harness: Harness): Promise<string> {
  const { device } = await harness.core.handlers['sandbox:start']({})
  await harness.core.handlers['devices:qr']({ id: device.id })
  await harness.core.handlers['sandbox:control']({ deviceId: device.id, action: 'scan' })
  const linked = await harness.core.handlers['sandbox:control']({ deviceId: device.id, action: 'activate' })
  if (linked.state !== 'connected') throw new Error(`sandbox device did not connect: ${linked.state}`)
  return device.id
}

/** A message waiting for its time (10 Jan 2030, 09:30 WIB): something in the Outbox's Scheduled for the views to show. */
export async function scheduledReminder(harness: Harness, deviceId: string): Promise<void> {
  await harness.core.handlers['outbox:enqueue']({
    deviceId,
    recipients: ['081298765432'],
    isGroup: false,
    entries: [{ kind: 'text', text: 'Reminder: payment due Friday' }],
    schedule: {
      localTime: '2030-01-10T09:30',
      timezone: 'Asia/Jakarta',
      mode: 'local',
      overduePolicy: 'send'
    }
  })
}

/** A test relay on 127.0.0.1 for each test of the file: started before it, closed after it. */
export function relayEachTest(): { readonly url: string } {
  let relay: TestRelay | undefined
  beforeEach(async () => {
    relay = await startTestRelay()
  })
  afterEach(async () => {
    await relay?.close()
    relay = undefined
  })
  return {
    get url() {
      if (!relay) throw new Error('the test relay runs during a test only')
      return relay.url
    }
  }
}

/**
 * A harness whose linked sandbox device's messages reach the core through the test relay at `relayUrl`: the mailbox
 * and "Receive messages" as issue 25's journey sets them up from the window. The relay is on 127.0.0.1, where the
 * sandbox posts only because the run opts in. `outbox` tunes its outbox (FAST_CORE's unless told).
 */
export async function receivingSandbox(
  journey: ReturnType<typeof journeySession>,
  relayUrl: string,
  outbox: NonNullable<HarnessOptions['core']>['outbox'] = FAST_CORE.outbox
): Promise<{ harness: Harness; deviceId: string }> {
  const harness = await journey.start({
    core: { sandbox: { ...FAST_CORE.sandbox, allowLoopbackWebhookTargets: true }, outbox }
  })
  const deviceId = await linkedSandboxDevice(harness)
  await harness.core.handlers['inbox:connect']({ relayUrl })
  await harness.core.handlers['inbox:provision']({ deviceId })
  return { harness, deviceId }
}

/**
 * A second device beside the sandbox: its gateway answers the device check the core makes when a device is added, and
 * every later poll, with the sample device info. `close` stops that gateway.
 */
export async function answeringDevice(
  harness: Harness,
  label: string
): Promise<{ deviceId: string; close: () => Promise<void> }> {
  const gateway = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(deviceInfo.current))
  })
  await new Promise<void>((listening) => gateway.listen(0, '127.0.0.1', listening))
  const close = (): Promise<void> => new Promise<void>((closed) => gateway.close(() => closed()))
  const { port } = gateway.address() as AddressInfo
  const device = await harness.core.handlers['devices:add']({
    label,
    baseUrl: `http://127.0.0.1:${port}`,
    token: SAMPLE_TOKEN
  })
  return { deviceId: device.id, close }
}

export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(2_000, 7)
])
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
/** Over the gateway's 2 MB limit. */
export const LARGE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2 * 1024 * 1024 + 10_000, 1)
])

/**
 * A JPEG as a camera makes it, drawn in `page` (Chromium's encoder): `width` × `height`, in vertical stripes of equal
 * width, one a colour of `stripes` (CSS colours), left to right.
 */
export async function cameraPhoto(
  page: Page,
  width: number,
  height: number,
  stripes: readonly string[]
): Promise<Buffer> {
  const latin1 = await page.evaluate(
    async ({ width, height, stripes }) => {
      const canvas = new OffscreenCanvas(width, height)
      const context = canvas.getContext('2d')!
      stripes.forEach((colour, i) => {
        context.fillStyle = colour
        context.fillRect((i * width) / stripes.length, 0, width / stripes.length, height)
      })
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer())
      return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')
    },
    { width, height, stripes }
  )
  return Buffer.from(latin1, 'latin1')
}

/** An `<img>` as Chromium decoded it: its own size, and the colour at its middle named (red, blue, or other). */
export function pictureDrawn(image: Locator): Promise<string> {
  return image.evaluate(async (element: HTMLImageElement) => {
    await element.decode()
    const canvas = new OffscreenCanvas(element.naturalWidth, element.naturalHeight)
    const context = canvas.getContext('2d')!
    context.drawImage(element, 0, 0)
    const [red, , blue] = context.getImageData(element.naturalWidth / 2, element.naturalHeight / 2, 1, 1).data
    const colour = red! > 150 && blue! < 100 ? 'red' : blue! > 150 && red! < 100 ? 'blue' : 'other'
    return `${element.naturalWidth}×${element.naturalHeight} ${colour}`
  })
}

/**
 * A zone whose clock reads about noon now (Etc/GMT's signs are the other way round: Etc/GMT-7 is UTC+7): what a test
 * did moments ago happened today on the operator's clock, however near midnight the test runs in other zones.
 */
export function zoneAtNoonNow(): string {
  const hoursAhead = 12 - new Date().getUTCHours()
  return hoursAhead === 0 ? 'Etc/GMT' : `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${Math.abs(hoursAhead)}`
}

/** Polls `read` until `done` holds (for set-up code, where expect.poll is not available). */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline)
      throw new Error(`condition not reached in ${timeoutMs} ms; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * One browser per file, one harness and page per journey, cleaned up after each; on failure the journey's
 * screenshot path and the page's last console lines are printed so CI output is enough to diagnose.
 */
export function journeySession(): {
  start(options?: HarnessOptions): Promise<Harness>
  /**
   * A fresh page at `url` once the shell is up; `beforeLoad` runs first (init scripts). `bypassCSP` lets axe-core be
   * injected (seriousA11yViolations).
   */
  open(
    url: string,
    beforeLoad?: (page: Page) => Promise<unknown>,
    options?: { bypassCSP?: boolean }
  ): Promise<Page>
} {
  let browser: Browser | undefined
  let harness: Harness | undefined
  let page: Page | undefined
  let consoleLines: string[] = []

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => browser?.close())
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && page) {
      const shot = await screenshot(page, `failed-${context.task.name.replace(/\W+/g, '-')}`).catch(
        () => null
      )
      console.error(`journey failed; screenshot: ${shot ?? 'none'}\n${consoleLines.slice(-30).join('\n')}`)
    }
    await page?.close()
    page = undefined
    await harness?.close()
    harness = undefined
  })

  return {
    async start(options) {
      harness = await startFastHarness(options)
      return harness
    },
    async open(url, beforeLoad, options) {
      if (!browser) throw new Error('the browser is not running')
      page = await browser.newPage({ viewport: { width: 1100, height: 800 }, ...options })
      consoleLines = collectConsole(page)
      await beforeLoad?.(page)
      await page.goto(url)
      await page.getByTestId('app').waitFor()
      return page
    }
  }
}

/** Resolves once the core's inbox holds `total` messages (those a journey made customers write, read from the relay). */
export async function inboxHolds(harness: Harness, total: number): Promise<void> {
  await expect
    .poll(async () => (await harness.core.handlers['inbox:status']({})).messages, { timeout: 60_000 })
    .toBe(total)
}

/** The rows of the Inbox's list of conversations, found by the list's name in the window's language. */
export function conversationRows(page: Page, language: 'en' | 'id'): Locator {
  return page
    .getByRole('list', { name: language === 'en' ? 'Conversations' : 'Percakapan' })
    .getByRole('listitem')
}

/** Opens the first conversation of the Inbox's list (the view open), as a click on its row does. */
export async function openFirstConversation(page: Page): Promise<void> {
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .click()
}

/**
 * Opens a view from the navigation as an operator does: its tab in the row, or under More when the row has no room
 * for it (the window's width, the language, a badge), or in a narrow window from the menu that lists every tab. A
 * badge that arrives between the look and the click can move the tab under More: then it looks again.
 */
export async function openTab(page: Page, view: string): Promise<void> {
  const toggle = page.getByTestId('nav-toggle')
  const tab = page.getByTestId(`nav-${view}`)
  const more = page.getByTestId('nav-more')
  for (let attempt = 1; ; attempt++) {
    // Looked at on every attempt: just after a load the shell may not have drawn the narrow menu's button yet (a CI
    // run's Indonesian round: the button came after the look, the menu stayed closed, and five clicks waited on it).
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true')
      await toggle.click()
    if (
      !(await tab.isVisible()) &&
      (await more.isVisible()) &&
      (await more.getAttribute('aria-expanded')) !== 'true'
    )
      await more.click()
    try {
      await tab.click({ timeout: 3000 })
      return
    } catch (error) {
      if (attempt === 5) throw error
    }
  }
}
