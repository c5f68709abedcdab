/**
 * Issue 26's journey in real Chromium over the harness (real core, real sandbox gateway, the real relay on 127.0.0.1):
 * a member writes in a group (subject and member shown) → a customer writes a text and sends a photo (fetched by the
 * core, shown from a blob: URL) → the conversation shows unread → the operator opens the thread (the photo shows; a
 * voice note and a video sent then both play) → a canned reply with {name} goes out once and reaches "read" through the
 * sandbox's tracking posted to the relay → a campaign to a customer list with the customer on it is running → the
 * customer answers "STOP" → the number is on the opt-out list, the thread says so and the running campaign skips the
 * row (the gateway never gets a message to that number after the STOP) → "MULAI" takes it off. axe at each step, 360 px
 * without sideways scroll, and the dark theme.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatPhoneForReading } from '../../src/shared/domain/phone-display'
import { screenshot, seriousA11yViolations } from './browser'
import {
  cameraPhoto,
  journeySession,
  openTab,
  PDF,
  pictureDrawn,
  receivingSandbox,
  relayEachTest
} from './fixtures'
import type { Harness } from '../harness/harness'

const journey = journeySession()
const relay = relayEachTest()

const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** The customer's number as the gateway writes it (from 0812777888). */
const CUSTOMER = '62812777888'
/** A WhatsApp group a member writes in (the gateway names groups by id). */
const GROUP_ID = '120363025555111222@g.us'

/**
 * Dewi (0812777888) wrote `message` to a receiving sandbox device, and a window is open: `openDewi` opens her
 * conversation in the Inbox, its reply box ready.
 */
async function dewiWrote(
  message: string
): Promise<{ harness: Harness; p: Page; openDewi: () => Promise<void> }> {
  const { harness, deviceId } = await receivingSandbox(journey, relay.url)
  await harness.core.handlers['sandbox:receive']({ deviceId, from: '0812777888', pushName: 'Dewi', message })
  const p = await journey.open(harness.url, undefined, { bypassCSP: true })
  const openDewi = async (): Promise<void> => {
    await openTab(p, 'inbox')
    const conversations = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    await expect.poll(() => conversations.count(), { timeout: 30_000 }).toBe(1)
    await conversations.first().getByRole('button').click()
    await p.getByTestId('inbox-reply-text').waitFor()
  }
  return { harness, p, openDewi }
}

describe('inbox thread journey in Chromium', () => {
  it('a customer writes, the operator replies with a canned reply that reaches read, STOP and MULAI are honoured', async () => {
    const { harness, deviceId } = await receivingSandbox(journey, relay.url)
    const handlers = harness.core.handlers
    const p = await journey.open(harness.url, undefined, { bypassCSP: true })
    await openTab(p, 'inbox')
    await expect.poll(() => p.getByTestId('inbox-conversations-empty').isVisible()).toBe(true)

    // A member writes in a WhatsApp group: its conversation shows the group's subject, and the thread the member.
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812555666',
      pushName: 'Rina',
      message: 'Halo semua',
      groupId: GROUP_ID,
      groupSubject: 'Pelanggan Setia'
    })
    const conversations = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    await expect.poll(() => conversations.count(), { timeout: 30_000 }).toBe(1)
    const group = conversations.first()
    expect(await group.textContent()).toContain('Pelanggan Setia')
    await group.getByRole('button').click()
    const thread = p.getByTestId('inbox-thread')
    await expect.poll(() => thread.getByTestId('inbox-entry-in').allTextContents()).toHaveLength(1)
    const groupEntry = thread.getByTestId('inbox-entry-in').first()
    expect(await groupEntry.textContent()).toContain('Rina')
    expect(await groupEntry.textContent()).toContain('Halo semua')

    // A customer writes, then sends a photo: the conversation shows with the push name, the number and two unread.
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: 'Masih buka?'
    })
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: 'Foto pesanan',
      media: 'image'
    })
    await expect.poll(() => conversations.count(), { timeout: 30_000 }).toBe(2)
    const row = conversations.first()
    await expect.poll(() => row.getByTestId('inbox-unread').textContent(), { timeout: 30_000 }).toBe('2')
    expect(await row.textContent()).toContain('Dewi')
    expect(await row.textContent()).toContain('+62 812-777-888')
    expect(await seriousA11yViolations(p)).toEqual([])

    // Opening the thread reads it; the photo shows from the core's bytes (a blob: URL, decoded), never the gateway's.
    await row.getByRole('button').click()
    await expect.poll(() => thread.getByTestId('inbox-entry-in').allTextContents()).toHaveLength(2)
    await expect.poll(() => row.getByTestId('inbox-unread').count()).toBe(0)
    await expect
      .poll(async () => (await handlers['inbox:conversations']({})).conversations[0]?.unread)
      .toBe(0)
    const photo = thread.getByTestId('inbox-media-image')
    await expect.poll(() => photo.count(), { timeout: 30_000 }).toBe(1)
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    expect(await photo.getAttribute('src')).toMatch(/^blob:/)
    expect(await photo.getAttribute('alt')).toBe('Foto pesanan')
    expect(await seriousA11yViolations(p)).toEqual([])

    // A voice note and a video, as operators trying the sandbox send them: both play (Chromium decodes them and
    // knows their length, a second or more so the player does not read 0:00), where the sandbox's type-telling
    // headers alone left two broken players.
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: '',
      media: 'audio'
    })
    await handlers['sandbox:receive']({
      deviceId,
      from: '0812777888',
      pushName: 'Dewi',
      message: '',
      media: 'video'
    })
    for (const player of ['inbox-media-audio', 'inbox-media-video']) {
      const element = thread.getByTestId(player)
      await expect.poll(() => element.count(), { timeout: 30_000 }).toBe(1)
      await expect
        .poll(() =>
          element.evaluate((media: HTMLMediaElement) =>
            media.error ? `error ${media.error.code}` : media.readyState >= 1 ? media.duration : 'loading'
          )
        )
        .toBeGreaterThanOrEqual(1)
    }
    expect(await seriousA11yViolations(p)).toEqual([])

    // A canned reply with {name}, made in the panel, inserted for Dewi and sent — twice clicked, sent once.
    await thread.getByTestId('inbox-canned-manage').click()
    await thread.getByTestId('inbox-canned-title').fill('Buka')
    await thread.getByTestId('inbox-canned-text').fill('Halo {name}, kami buka sampai jam 9.')
    await thread.getByTestId('inbox-canned-save').click()
    await thread.getByTestId('inbox-canned-insert').click()
    const box = thread.getByTestId('inbox-reply-text')
    await expect.poll(() => box.inputValue()).toBe('Halo Dewi, kami buka sampai jam 9.')
    expect(await seriousA11yViolations(p)).toEqual([])
    await thread.getByTestId('inbox-reply-send').dblclick()
    const status = thread.getByTestId('inbox-entry-status')
    await expect.poll(() => status.count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('read')
    const sent = (await handlers['outbox:list']({ offset: 0, limit: 200 })).items.filter(
      (item) => item.recipient === CUSTOMER
    )
    expect(sent.map((item) => item.text)).toEqual(['Halo Dewi, kami buka sampai jam 9.'])
    await screenshot(p, 'journey-inbox-thread')

    // A campaign to a customer list with Dewi on it is running, paced so that her row waits its turn.
    const campaignId = await runningCampaign(harness, deviceId)
    expect((await handlers['campaigns:get']({ id: campaignId })).status).toBe('running')
    const sandbox = await harness.sandbox()
    const toDewi = async (): Promise<number> =>
      (await sandbox.control.messages()).filter((m) => m.phone === CUSTOMER).length
    expect(await toDewi()).toBe(1)
    expect((await rowTo(harness, campaignId, CUSTOMER))?.gatewayId).toBeNull()

    // "STOP": the number goes on the opt-out list and the thread says why.
    await handlers['sandbox:receive']({ deviceId, from: '0812777888', pushName: 'Dewi', message: 'STOP' })
    await expect
      .poll(async () => (await handlers['optouts:list']({})).optOuts.map((o) => o.phone), { timeout: 30_000 })
      .toContain(CUSTOMER)
    await expect
      .poll(() => thread.getByTestId('inbox-keyword-note').allTextContents(), { timeout: 30_000 })
      .toEqual([
        'This message put the number on the opt-out list and the gateway’s blacklist: campaigns skip it, and the gateway refuses replies too until the customer writes an opt-in keyword (such as MULAI) or you take the number off the list.'
      ])
    // The running campaign skips her: her row is cancelled as opted out while the campaign goes on.
    await expect
      .poll(async () => (await rowTo(harness, campaignId, CUSTOMER))?.status, { timeout: 30_000 })
      .toBe('cancelled')
    expect((await handlers['campaigns:get']({ id: campaignId })).status).toBe('running')
    // The window's opt-out list (Campaigns) has her number; back in the inbox, her thread again.
    await openTab(p, 'campaigns')
    await p.getByTestId('optouts').locator('summary').click()
    await expect
      .poll(() => p.getByTestId('optouts-list').textContent())
      .toContain(formatPhoneForReading(CUSTOMER))
    await openTab(p, 'inbox')
    await row.getByRole('button').click()
    await thread.waitFor()

    // "MULAI" takes it off again.
    await handlers['sandbox:receive']({ deviceId, from: '0812777888', pushName: 'Dewi', message: 'MULAI' })
    await expect
      .poll(async () => (await handlers['optouts:list']({})).optOuts.map((o) => o.phone), { timeout: 30_000 })
      .not.toContain(CUSTOMER)
    await expect
      .poll(() => thread.getByTestId('inbox-keyword-note').allTextContents(), { timeout: 30_000 })
      .toEqual([
        'This message put the number on the opt-out list and the gateway’s blacklist: campaigns skip it, and the gateway refuses replies too until the customer writes an opt-in keyword (such as MULAI) or you take the number off the list.',
        'This message took the number off the opt-out list.'
      ])
    expect(await seriousA11yViolations(p)).toEqual([])

    // 360 px: the thread is its own step, the list one step back, neither scrolls sideways.
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-inbox-thread-360px')
    await thread.getByRole('button', { name: 'Back to conversations' }).click()
    await expect.poll(() => row.isVisible()).toBe(true)
    // Back on the row it came from, drawn again once the thread has gone.
    await expect
      .poll(() => row.getByRole('button').evaluate((button) => button === document.activeElement))
      .toBe(true)
    expect(await scrollsSideways(p)).toBe(false)

    // Dark theme: still readable (axe checks the contrast).
    await handlers['settings:update']({ theme: 'dark' })
    await expect.poll(() => p.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    await row.getByRole('button').click()
    await thread.waitFor()
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox-thread-dark-360px')
    await p.setViewportSize({ width: 1100, height: 800 })
    expect(await seriousA11yViolations(p)).toEqual([])

    // The window's opt-out list has her no more, and the campaign's rows show hers skipped as opted out.
    await openTab(p, 'campaigns')
    await p.getByTestId('optouts').locator('summary').click()
    expect(await p.getByTestId('optouts-list').textContent()).not.toContain(formatPhoneForReading(CUSTOMER))
    await p.getByRole('list', { name: 'Campaigns' }).getByRole('button', { name: 'Pelanggan' }).click()
    await p.getByTestId('campaign-rows').locator('summary').click()
    // Rows name their recipient (her push name) beside the formatted number, not the digits.
    const dewiRow = p.getByTestId('campaign-row').filter({ hasText: 'Dewi' })
    await expect.poll(() => dewiRow.textContent(), { timeout: 20_000 }).toContain('opted out')
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox-campaign-skipped-dark')

    // The campaign ends without ever sending to her again: the gateway got nothing for her after the STOP.
    await expect
      .poll(async () => (await handlers['campaigns:get']({ id: campaignId })).status, { timeout: 90_000 })
      .toBe('finished')
    const sentByCampaign = (await sandbox.control.messages()).map((m) => m.phone)
    expect(sentByCampaign.filter((phone) => phone !== CUSTOMER).sort()).toEqual([OTHER_A, OTHER_B])
    expect(await toDewi()).toBe(1)

    // The chatbot view: the device's auto-reply «harga» answers Dewi's "Harga", the thread says which keyword
    // fired and what it answered, and the Chatbot panel counts her conversation and filters the list to it.
    await handlers['autoReplies:create']({ deviceId, keyword: 'harga', response: 'Harga grosir Rp 50.000.' })
    await handlers['sandbox:receive']({ deviceId, from: '0812777888', pushName: 'Dewi', message: ' Harga ' })
    await handlers['sandbox:receive']({ deviceId, from: '0812555666', pushName: 'Rina', message: 'Halo' })
    // Their unread badge keeps Messages in on the row at 1100 px: the tab with news does not go under More.
    await p.getByTestId('nav-inbox-unread').waitFor({ timeout: 30_000 })
    expect(await p.getByTestId('nav-inbox').isVisible()).toBe(true)
    await openTab(p, 'inbox')
    // The group from the start, Dewi, and Rina writing on her own.
    await expect.poll(() => conversations.count(), { timeout: 30_000 }).toBe(3)
    const keyword = p.getByRole('button', { name: '«harga»: 1 conversation' })
    await keyword.waitFor({ timeout: 30_000 })
    await keyword.click()
    await expect.poll(() => conversations.count()).toBe(1)
    expect(await conversations.first().textContent()).toContain('Dewi')
    await conversations.first().getByRole('button').click()
    await expect
      .poll(() => thread.getByTestId('inbox-autoreply-note').allTextContents(), { timeout: 30_000 })
      .toEqual(['Auto-reply «harga» answered:Harga grosir Rp 50.000.'])
    expect(await seriousA11yViolations(p)).toEqual([])
    await p.setViewportSize({ width: 360, height: 640 })
    await thread.getByRole('button', { name: 'Back to conversations' }).click()
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-inbox-chatbot-dark-360px')
    await p.setViewportSize({ width: 1100, height: 800 })
    // The same button again (from the keyboard): every conversation.
    await keyword.focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => conversations.count()).toBe(3)

    // Deleting Rina's own conversation: asked first (axe with the question open), then gone from the list and from
    // this computer (the search finds her group message, not her own), said in words, the focus on a row.
    const rina = conversations.filter({
      has: p.getByTestId('inbox-conversation-title').getByText('Rina', { exact: true })
    })
    await rina.getByRole('button').click()
    await thread.getByTestId('inbox-delete').click()
    await thread.getByTestId('inbox-delete-confirm').waitFor()
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox-delete-question-dark')
    await p.setViewportSize({ width: 360, height: 640 })
    expect(await scrollsSideways(p)).toBe(false)
    await screenshot(p, 'journey-inbox-delete-question-dark-360px')
    await thread.getByTestId('inbox-delete-confirm').click()
    await expect.poll(() => conversations.count()).toBe(2)
    expect(await p.getByTestId('inbox-notice').textContent()).toBe(
      'Conversation with Rina deleted: 1 message removed from this computer.'
    )
    await expect
      .poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''))
      .toMatch(/^inbox-conversation-\d+$/)
    const halo = (await handlers['inbox:search']({ text: 'Halo' })).messages
    expect(halo.map((m) => [m.isGroup, m.text])).toEqual([[true, 'Halo semua']])
  }, 300_000)

  // Issue 26's "newest first" by the last message: a conversation just answered sat below one that wrote before the
  // answer, its row showing the newer time (an operator's probe, stop 55).
  it('a conversation answered goes to the top of the list, above one that wrote before the answer', async () => {
    const { harness, p } = await dewiWrote('Pesanan saya belum sampai')
    const deviceId = (await harness.core.handlers['devices:list']({})).devices[0]!.id
    await harness.core.handlers['sandbox:receive']({
      deviceId,
      from: '0812999000',
      pushName: 'Budi',
      message: 'Ok'
    })
    const rows = p.getByRole('list', { name: 'Conversations' }).getByRole('listitem')
    const names = async (): Promise<string[]> =>
      (await rows.allTextContents()).map((text) => (text.includes('Dewi') ? 'Dewi' : 'Budi'))
    await openTab(p, 'inbox')
    await expect.poll(names, { timeout: 30_000 }).toEqual(['Budi', 'Dewi'])
    await rows.filter({ hasText: 'Dewi' }).getByRole('button').first().click()
    await p.getByTestId('inbox-reply-text').fill('Kami cek sekarang')
    await p.getByTestId('inbox-reply-send').click()
    await expect.poll(names, { timeout: 30_000 }).toEqual(['Dewi', 'Budi'])
    expect(await rows.first().textContent()).toContain('Kami cek sekarang')
  }, 120_000)

  it("keeps a reply's attached file across a restart of the app, and sends it with the reply", async () => {
    const { harness, p, openDewi } = await dewiWrote('Ada katalog?')
    await openDewi()
    await p.getByTestId('inbox-reply-text').fill('Ini katalognya')
    await p
      .getByLabel('Attach a file…')
      .setInputFiles({ name: 'katalog.pdf', mimeType: 'application/pdf', buffer: PDF })
    await expect.poll(() => p.getByTestId('inbox-reply-file').textContent()).toContain('katalog.pdf')
    // The core keeps the file for this conversation's draft, as it keeps the Send view's.
    const keptReplies = async (): Promise<string[]> => {
      const kept = await readFile(join(harness.dataDir, 'draft-files.json'), 'utf8').catch(() => '{}')
      return Object.values(
        (JSON.parse(kept) as { replies?: Record<string, { name: string }[]> }).replies ?? {}
      )
        .flat()
        .map((file) => file.name)
    }
    await expect.poll(keptReplies).toEqual(['katalog.pdf'])

    // The app quits and starts again over the same data folder: the window comes back with its draft.
    await harness.restart()
    await p.reload()
    await p.getByTestId('app').waitFor()
    await openDewi()
    expect(await p.getByTestId('inbox-reply-text').inputValue()).toBe('Ini katalognya')
    await expect.poll(() => p.getByTestId('inbox-reply-file').textContent()).toContain('katalog.pdf')
    expect(await p.getByTestId('inbox-reply-problem').count()).toBe(0)
    expect(await seriousA11yViolations(p)).toEqual([])
    await screenshot(p, 'journey-inbox-reply-file-restarted')

    // Sent: the gateway gets the file the operator attached before the restart, and the core keeps it no longer.
    await p.getByTestId('inbox-reply-send').click()
    const sandbox = await harness.sandbox()
    await expect
      .poll(async () => (await sandbox.control.messages()).map((m) => [m.phone, m.fileName, m.text]), {
        timeout: 30_000
      })
      .toEqual([[CUSTOMER, 'katalog.pdf', 'Ini katalognya']])
    await expect.poll(keptReplies).toEqual([])
    await expect.poll(() => p.getByTestId('inbox-reply-file').count()).toBe(0)
  }, 180_000)

  it("draws a reply's attached photo small beside its name, and again after a reload", async () => {
    const { p, openDewi } = await dewiWrote('Paketnya sudah sampai?')
    const drawn = (): Promise<string> => pictureDrawn(p.getByTestId('inbox-reply-picture'))
    await openDewi()
    // A photo of the parcel as a camera makes it: 1600 × 1200, red.
    const photo = await cameraPhoto(p, 1600, 1200, ['#d00000'])
    await p
      .getByLabel('Attach a file…')
      .setInputFiles({ name: 'paket.jpg', mimeType: 'image/jpeg', buffer: photo })
    await p.getByTestId('inbox-reply-picture').waitFor()
    // Before: the file's name alone.
    expect(await drawn()).toBe('96×96 red')
    expect(await p.getByTestId('inbox-reply-file').textContent()).toContain('paket.jpg')
    expect(await seriousA11yViolations(p)).toEqual([])

    // A reload keeps the reply's file as the core's handle: its picture is made from the bytes the core holds.
    await p.reload()
    await p.getByTestId('app').waitFor()
    await openDewi()
    await p.getByTestId('inbox-reply-picture').waitFor({ timeout: 30_000 })
    expect(await drawn()).toBe('96×96 red')
  }, 180_000)
})

/** The customer list of the journey's campaign: Dewi's row third, after two other customers. */
const OTHER_A = '62812111222'
const OTHER_B = '62812333444'
const CUSTOMER_LIST = `Nama,Nomor\nBudi,0812111222\nSari,0812333444\nDewi,0812777888\n`
/** Far enough apart that Dewi's row (the third) still waits when she answers "STOP". */
const SLOW_PACING = {
  minDelaySeconds: 15,
  maxDelaySeconds: 15,
  batchSize: 100,
  batchPauseMinutes: 0,
  workingHours: null,
  dailyCapPerDevice: 1000,
  warmUp: null
}

/** A campaign to the customer list, started through the core as the window starts one; its id once running. */
async function runningCampaign(harness: Harness, deviceId: string): Promise<string> {
  const handlers = harness.core.handlers
  const { files } = await handlers['files:register']({
    sources: [
      { kind: 'bytes', name: 'pelanggan.csv', dataBase64: Buffer.from(CUSTOMER_LIST).toString('base64') }
    ],
    purpose: 'spreadsheet'
  })
  const { sheetId } = await handlers['campaigns:read']({ handle: files[0]!.handle })
  const created = await handlers['campaigns:create']({
    sheetId,
    name: 'Pelanggan',
    mapping: { phone: 'Nomor', variables: ['Nama'] },
    template: 'Halo {Nama}, promo minggu ini. Balas STOP untuk berhenti.',
    pacing: SLOW_PACING,
    devices: [deviceId]
  })
  await handlers['campaigns:start']({ id: created.id })
  await expect
    .poll(async () => (await handlers['campaigns:get']({ id: created.id })).status, { timeout: 20_000 })
    .toBe('running')
  return created.id
}

/** The campaign's row to a number, as the core holds it. */
async function rowTo(harness: Harness, campaignId: string, phone: string) {
  const { rows } = await harness.core.handlers['campaigns:rows']({ id: campaignId, offset: 0, limit: 50 })
  return rows.find((row) => row.phone === phone)
}
