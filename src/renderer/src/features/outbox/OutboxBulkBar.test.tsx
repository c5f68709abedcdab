// The bulk bar's take-back of a selection: what it says when every message was left as it was (each reason the core
// can give, in both languages), and that it stops reading a take-back whose tally another action put away.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TakeBackView } from '../../../../shared/contract'
import { TAKE_BACK_LEFT_REASONS } from '../../../../shared/domain'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeItem, makeSettings, makeTakeBack } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { translate } from '../../i18n'
import { OutboxBulkBar } from './OutboxBulkBar'
import { FOLLOW_MS, NUDGE_MS } from './follow-take-back'

let fake: FakeApi
beforeEach(() => {
  fake = installFakeApi()
})

const atGateway = makeItem({ id: 'a-1', status: 'accepted', gatewayId: 'gw-1' })
const queued = makeItem({ id: 'q-1', recipient: '6281234567891' })

/** The bar over `items`, its selection kept as it is (the list would clear it), in `language`. */
function bar(language: 'en' | 'id', items = [atGateway]): void {
  seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
  render(
    <OutboxBulkBar selection={new Map(items.map((item) => [item.id, item]))} onClear={() => undefined} />
  )
}

describe('a selection whose every message was left as it was', () => {
  // `not_found` (and a message that changed meanwhile) said only "Nothing was taken back.", not why.
  it.each(
    TAKE_BACK_LEFT_REASONS.flatMap((reason) =>
      (['en', 'id'] as const).map((language) => ({ reason, language }))
    )
  )('says why for $reason ($language)', async ({ reason, language }) => {
    fake.handle('outbox:takeBack', () =>
      makeTakeBack({ producerTag: null, state: 'done', leftAlone: { [reason]: 2 } })
    )
    bar(language)
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: translate(language, 'outbox.takeBack.cancel') }))
    // Said as the bar's one line (QA49 Q49-01), no longer by a tally under "started for 0".
    const said = (await screen.findByTestId('outbox-bulk-report')).textContent ?? ''
    const nothingLeft = translate(language, 'campaigns.takeBack.tally.nothingLeft', { why: '\u0000' }).split(
      '\u0000'
    )
    expect(said.startsWith(nothingLeft[0] ?? '') && said.endsWith(nothingLeft[1] ?? '')).toBe(true)
    const why = said.slice((nothingLeft[0] ?? '').length, said.length - (nothingLeft[1] ?? '').length)
    expect(why).toMatch(/^2 \S/)
    expect(why).not.toBe(`2 ${reason}`)
  })

  // QA49 Q49-01: all were gone (deleted meanwhile), yet a green "Take-back started for 0 messages; 2 left as they
  // were." stood above the tally's "Nothing was left to take back: …", and the focus went to the green one.
  it.each(['en', 'id'] as const)(
    'says so in one line, not as done, with the focus on it (%s)',
    async (language) => {
      fake.handle('outbox:takeBack', () =>
        makeTakeBack({ producerTag: null, state: 'done', leftAlone: { not_found: 2 } })
      )
      bar(language)
      await userEvent
        .setup()
        .click(screen.getByRole('button', { name: translate(language, 'outbox.takeBack.cancel') }))
      const report = await screen.findByTestId('outbox-bulk-report')
      const gone = translate(language, 'outbox.takeBack.left.notFound', { n: 2 })
      expect(report.textContent).toBe(
        translate(language, 'campaigns.takeBack.tally.nothingLeft', { why: gone })
      )
      expect(report.className).not.toMatch(/alert--ok/)
      expect(document.activeElement).toBe(report)
      // The one line: no "started for 0" and no tally repeating it under it.
      expect(screen.queryByText(translate(language, 'outbox.takeBack.selectionAll', { n: 0 }))).toBeNull()
      expect(screen.queryByTestId('outbox-bulk-takeback-tally')).toBeNull()
    }
  )
})

// QA75: "Delete for everyone" on six selected (three read, two queued for a logged-out device, one deleted already)
// left the queued two as they were, saying only "The others stay as they are: they have not reached WhatsApp…"; they
// were sent once the device was back. Its result said "1 left as they were", never why.
describe('deleting a selection for everyone, some of it not sent yet', () => {
  const read = (id: string) => makeItem({ id, status: 'read', gatewayId: `gw-${id}` })
  const selection = [
    read('r-1'),
    read('r-2'),
    read('r-3'),
    makeItem({ id: 'q-1' }),
    makeItem({ id: 'q-2', status: 'scheduled', scheduledAt: '2026-12-09T09:00:00.000Z' }),
    makeItem({ id: 'c-1', status: 'cancelled' }),
    makeItem({ id: 'x-1', status: 'revoked', gatewayId: 'gw-x-1' })
  ]
  const none = { done: 0, refused: 0, unknown: 0, pending: 0 }

  it.each([
    [
      'en',
      "Delete 3 of the 7 selected messages for everyone? 2 not sent yet will not be sent. 2 others stay as they are: 1 cancelled already and 1 deleted for everyone already. Each customer's chat will show that a message was deleted. This cannot be undone.",
      'Take-back started for 3 messages. 2 not sent yet were cancelled: they will not be sent. 2 left as they were: 1 deleted for everyone already and 1 cancelled already.',
      '1 left as it was: 1 deleted for everyone already.'
    ],
    [
      'id',
      'Hapus 3 dari 7 pesan terpilih untuk semua orang? 2 yang belum terkirim tidak akan dikirim. 2 lainnya dibiarkan apa adanya: 1 sudah dibatalkan dan 1 sudah dihapus untuk semua orang. Chat setiap pelanggan akan menunjukkan bahwa sebuah pesan telah dihapus. Tindakan ini tidak bisa diurungkan.',
      'Penarikan dimulai untuk 3 pesan. 2 yang belum terkirim dibatalkan: tidak akan dikirim. 2 dibiarkan apa adanya: 1 sudah dihapus untuk semua orang dan 1 sudah dibatalkan.',
      '1 dibiarkan apa adanya: 1 sudah dihapus untuk semua orang.'
    ]
  ] as const)(
    'says before that those not sent yet will not be sent, and after, what it did with each by why (%s)',
    async (language, question, result, oneLeft) => {
      const started = (leftAlone: TakeBackView['leftAlone']): TakeBackView =>
        makeTakeBack({
          producerTag: null,
          stoppedLocally: 2,
          leftAlone,
          revoke: { ...none, pending: 3 },
          pendingByDevice: [{ deviceId: 'dev-1', n: 3 }]
        })
      fake.handle('outbox:takeBack', () => started({ revoked: 1, cancelled: 1 }))
      bar(language, selection)
      const user = userEvent.setup()
      const revoke = translate(language, 'outbox.takeBack.revoke')
      await user.click(screen.getByRole('button', { name: revoke }))
      const asked = screen.getByRole('group', { name: question })
      await user.click(within(asked).getByRole('button', { name: revoke }))
      expect(fake.requests('outbox:takeBack')).toEqual([
        { ids: selection.map((item) => item.id), action: 'revoke' }
      ])
      expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(result)

      // One left: its number and its reason, in the singular.
      cleanup()
      fake.handle('outbox:takeBack', () => started({ revoked: 1 }))
      bar(language, selection)
      await user.click(screen.getByRole('button', { name: revoke }))
      await user.click(
        within(screen.getByRole('group', { name: question })).getByRole('button', { name: revoke })
      )
      expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
        result.replace(/ 2 (left|dibiarkan).*$/, ` ${oneLeft}`)
      )
    }
  )
})

// As a campaign's take-back says "Nothing to take back" rather than ask of nothing (QA81), a selection with nothing to
// delete for everyone is not asked: the bar offers no Delete for everyone (its question's parts: selection-take-back).
it.each(['en', 'id'] as const)(
  'offers no Delete for everyone of a selection with none sent (%s)',
  (language) => {
    bar(language, [
      queued,
      makeItem({ id: 'c-1', status: 'cancelled' }),
      makeItem({ id: 'x-1', status: 'revoked', gatewayId: 'gw-x-1' })
    ])
    expect(screen.queryByRole('button', { name: translate(language, 'outbox.takeBack.revoke') })).toBeNull()
  }
)

// The send card's and a campaign's questions say a message on its way is taken back too once the gateway has it: their
// take-backs follow it up. A selection's does not (no alsoCancelHeld), and its question keeps saying it stays.
it.each([
  [
    'en',
    "Delete 1 of the 2 selected messages for everyone? 1 other stays as it is: 1 whose fate is not known yet (being sent, or unverified). The customer's chat will show that a message was deleted. This cannot be undone."
  ],
  [
    'id',
    'Hapus 1 dari 2 pesan terpilih untuk semua orang? 1 lainnya dibiarkan apa adanya: 1 yang nasibnya belum diketahui (sedang dikirim, atau belum terverifikasi). Chat pelanggan akan menunjukkan bahwa sebuah pesan telah dihapus. Tindakan ini tidak bisa diurungkan.'
  ]
] as const)(
  'says a selected message on its way stays as it is: nothing follows it up (%s)',
  async (language, question) => {
    bar(language, [
      makeItem({ id: 'r-1', status: 'read', gatewayId: 'gw-r-1' }),
      makeItem({ id: 's-1', status: 'sending', recipient: '6281234567892' })
    ])
    const revoke = translate(language, 'outbox.takeBack.revoke')
    await userEvent.setup().click(screen.getByRole('button', { name: revoke }))
    expect(screen.getByRole('group', { name: question })).toBeTruthy()
  }
)

describe('a take-back the bar follows', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  /** `ms` pass, a step at a time: each read's next one is set once its answer is drawn. */
  async function passes(ms: number): Promise<void> {
    for (let left = ms; left > 0; left -= FOLLOW_MS / 2)
      await act(() => vi.advanceTimersByTimeAsync(Math.min(left, FOLLOW_MS / 2)))
  }

  /**
   * Who listens for the messages' changes on behalf of the followed take-back: 1 once the following's effect has run,
   * 0 once its cleanup has (which clears the next read too). The tally is drawn a moment before that effect runs: on 2
   * loaded cores the test's changes came in that moment, no one heard them, and no read followed (before + 0).
   */
  const followingListens = (): number => fake.listenerCount('outbox:bulkChanged')

  /** The gateway's cancel of one message, asked and still to do at every read. */
  function aCancelStillRunning(): void {
    const running: TakeBackView = makeTakeBack({
      producerTag: null,
      cancel: { done: 0, refused: 0, unknown: 0, pending: 1 },
      pendingByDevice: [{ deviceId: 'dev-1', n: 1 }]
    })
    fake.handle('outbox:takeBack', () => running)
    fake.handle('outbox:takeBackProgress', () => ({ ...running }))
  }

  // It was read every second for as long as it ran, though nothing showed it any more.
  it('is no longer read once another action’s account replaced it', async () => {
    aCancelStillRunning()
    fake.handle('outbox:cancelMany', () => ({ done: ['q-1'], refused: [] }))
    bar('en', [atGateway, queued])
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.click(screen.getByRole('button', { name: 'Cancel at the gateway' }))
    await screen.findByTestId('outbox-bulk-takeback-tally')
    await passes(FOLLOW_MS * 4)
    // Followed under its account while it is shown.
    expect(fake.requests('outbox:takeBackProgress').length).toBeGreaterThanOrEqual(2)

    await user.click(screen.getByRole('button', { name: 'Cancel selected' }))
    const question = screen.getByRole('group', { name: /Cancel/ })
    await user.click(within(question).getByRole('button', { name: 'Cancel selected' }))
    await waitFor(() => expect(screen.queryByTestId('outbox-bulk-takeback-tally')).toBeNull())
    await vi.waitFor(() => expect(followingListens()).toBe(0))
    const reads = fake.requests('outbox:takeBackProgress').length
    await passes(FOLLOW_MS * 10)
    expect(fake.requests('outbox:takeBackProgress')).toHaveLength(reads)
  })

  // QA60: the counts beside a tally moved with the messages' statuses, its line up to a second later ("4 deleted for
  // everyone" above "4 still to do").
  it('is read again as soon as the messages’ statuses change, not at the next second', async () => {
    aCancelStillRunning()
    bar('en')
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.click(screen.getByRole('button', { name: 'Cancel at the gateway' }))
    await screen.findByTestId('outbox-bulk-takeback-tally')
    await vi.waitFor(() => expect(followingListens()).toBe(1))
    const before = fake.requests('outbox:takeBackProgress').length
    // A burst of changes: one read, soon after the first.
    act(() => {
      fake.emit('outbox:bulkChanged', { count: 1 })
      fake.emit('outbox:itemChanged', { item: atGateway })
      fake.emit('campaigns:changed', { id: 'c-1' })
    })
    await act(() => vi.advanceTimersByTimeAsync(NUDGE_MS))
    expect(fake.requests('outbox:takeBackProgress')).toHaveLength(before + 1)
  })
})

// Probe 4 leftover: held schedules (their time passed while the computer was off) were sent from the Outbox one row at
// a time, or all at once from Schedules; a ticked few could only be cancelled together.
describe('a selection holding held schedules', () => {
  const held = (id: string) =>
    makeItem({ id, status: 'scheduled', held: true, scheduledAt: '2026-11-27T09:00:00.000Z' })

  it('sends the held ones now, says how many, and names those no longer held', async () => {
    fake.handle('outbox:releaseMany', ({ ids }) => ({
      done: ids.slice(0, 2),
      refused: [{ id: ids[2]!, reason: 'not_applicable', status: 'queued' }]
    }))
    bar('en', [held('h-1'), held('h-2'), held('h-3'), queued])
    const send = screen.getByRole('button', { name: 'Send 3 held now' })
    await userEvent.setup().click(send)
    expect(fake.requests('outbox:releaseMany')).toEqual([{ ids: ['h-1', 'h-2', 'h-3'] }])
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe(
      '2 sent now; 1 no longer held was not sent now'
    )
  })

  it('offers no such button when none is held', () => {
    bar('en', [queued, makeItem({ id: 's-1', status: 'scheduled', held: false })])
    expect(screen.queryByRole('button', { name: /held now/ })).toBeNull()
  })

  it('says it in Indonesian', async () => {
    fake.handle('outbox:releaseMany', ({ ids }) => ({ done: ids, refused: [] }))
    bar('id', [held('h-1')])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kirim 1 yang ditahan sekarang' }))
    expect((await screen.findByTestId('outbox-bulk-report')).textContent).toBe('1 dikirim sekarang')
  })
})

// QA64 follow-up (carried): deleting a send of 200 the gateway keeps waited for 200 cancel calls, the button busy and
// no count shown.
describe('deleting messages the gateway keeps', () => {
  it.each([
    ['en', 'Cancelling at the gateway: 12 of 200'],
    ['id', 'Membatalkan di gateway: 12 dari 200']
  ] as const)(
    'says how many of the cancels are done, politely, while they run (%s)',
    async (language, said) => {
      const kept = makeItem({ id: 'g-1', status: 'scheduled', scheduleMode: 'gateway', savedAtGateway: true })
      let answer: (reply: { done: string[]; refused: [] }) => void = () => undefined
      fake.handle('outbox:deleteMany', () => new Promise((resolve) => (answer = resolve)))
      bar(language, [kept])
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: translate(language, 'outbox.bulk.delete') }))
      const confirm = screen
        .getAllByRole('button', { name: translate(language, 'outbox.bulk.delete') })
        .at(-1)!
      await user.click(confirm)
      act(() => fake.emit('outbox:gatewayCancelProgress', { done: 12, total: 200 }))
      const line = screen.getByTestId('outbox-bulk-gateway-progress')
      await waitFor(() => expect(line.textContent).toBe(said))
      expect(line.getAttribute('aria-live')).toBe('polite')
      await act(async () => answer({ done: ['g-1'], refused: [] }))
      await waitFor(() => expect(screen.getByTestId('outbox-bulk-gateway-progress').textContent).toBe(''))
    }
  )
})
