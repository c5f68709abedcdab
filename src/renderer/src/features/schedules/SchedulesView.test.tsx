// Schedules view: upcoming scheduled items (local and gateway) with time and zone; reschedule, cancel, delete.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../shared/contract'
import { connectEvents } from '../../stores/app'
import { useNavigation } from '../../stores/navigation'
import { EMPTY_COUNTS, useOutbox } from '../../stores/outbox'
import { useSend } from '../../stores/send'
import type { FakeApi } from '../../testing/fake-api'
import { pressAndHold } from '../../testing/focus'
import {
  makeBootstrap,
  makeDevice,
  makeItem,
  makeReminder,
  makeSeries,
  makeSettings
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { readsAgainOnTryAgain } from '../../testing/read-again'
import { jumpRowEndsWithHomeEnd, renderWithRowKeys, walkRowsWithJK } from '../../testing/row-keys'
import { computerZoneIs } from '../../testing/zone'
import { SCHEDULES_PAGE, SchedulesView } from './SchedulesView'

let fake: FakeApi

const local = makeItem({
  id: 's-local',
  status: 'scheduled',
  text: 'Pengingat rapat',
  scheduledAt: '2030-06-01T02:30:00.000Z',
  timezone: 'Asia/Jakarta',
  scheduleMode: 'local',
  overduePolicy: 'hold'
})
const gateway = makeItem({
  id: 's-gw',
  status: 'scheduled',
  text: 'Promo',
  recipient: '6281399998888',
  scheduledAt: '2030-05-01T01:00:00.000Z',
  timezone: 'Asia/Makassar',
  scheduleMode: 'gateway'
})

/** What a schedule's row says of the last action on it. */
const rowResult = (id: string): string =>
  document.querySelector(`[data-testid="schedule-row"][data-id="${id}"] [data-testid="schedule-row-result"]`)
    ?.textContent ?? ''

/** Presses the held schedule's `send` ("Send now"): released, queued, it leaves the list. */
async function sendHeldNow(send: string): Promise<void> {
  const held = { ...local, recipient: '6281399998888', held: true }
  let listed = [held]
  fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
  fake.handle('outbox:release', () => {
    listed = []
    return { ...held, status: 'queued', held: false }
  })
  const user = userEvent.setup()
  render(<SchedulesView />)
  await user.click(await screen.findByRole('button', { name: send }))
  await waitFor(() => expect(screen.queryByTestId('schedule-row')).toBeNull())
}

afterEach(() => vi.useRealTimers())

beforeEach(() => {
  fake = installFakeApi()
  fake.handle('outbox:scheduled', () => ({ items: [gateway, local], total: 2 }))
  seedStores()
})

describe('SchedulesView', () => {
  it('"Schedule a message" opens Send with When → Schedule chosen, in the default zone (QA8 Q8-09)', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }) }))
    fake.handle('outbox:scheduled', () => ({ items: [], total: 0 }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByRole('button', { name: 'Schedule a message' }))
    expect(useNavigation.getState().view).toBe('send')
    const schedule = useSend.getState().schedule
    expect(schedule.enabled).toBe(true)
    expect(schedule.timezone).toBe('Asia/Makassar')
    expect(schedule.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(schedule.time).toMatch(/^\d{2}:00$/)
  })

  it.each([
    {
      language: 'en',
      note: '2 recurring messages go out from Reminders, not listed here; the next at 2 Dec 2030, 08:00 WIB.',
      open: 'Open Reminders'
    },
    {
      language: 'id',
      note: '2 pesan berulang dikirim dari Pengingat, tidak tercantum di sini; berikutnya pada 2 Des 2030, 08.00 WIB.',
      open: 'Buka Pengingat'
    }
  ] as const)(
    'says how many recurring messages go out from Reminders and when the next does, with a way there, in $language (QA47 Q47-06)',
    async ({ language, note, open }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language, defaultTimezone: 'Asia/Jakarta' }) }))
      fake.handle('outbox:scheduled', () => ({ items: [], total: 0 }))
      // A gateway reminder and a series of Sender Desk's due the same morning; a stopped series goes out no more.
      const reminder = makeReminder({
        startAt: '2030-12-02 08:00:00',
        periode: 'daily',
        customDay: null,
        nextAt: '2030-12-02T01:00:00.000Z',
        sandbox: null
      })
      const series = makeSeries({
        startLocal: '2030-12-02T08:00:00',
        timezone: 'Asia/Jakarta',
        rule: { kind: 'daily' },
        nextAt: '2030-12-02T01:00:00.000Z',
        nextLocal: '2030-12-02T08:00:00'
      })
      fake.handle('reminders:list', () => ({ reminders: [reminder] }))
      fake.handle('series:list', () => ({
        series: [series, { ...series, id: 's-2', status: 'stopped', nextAt: null, nextLocal: null }]
      }))
      const user = userEvent.setup()
      render(<SchedulesView />)
      // The heading, where a view opened puts the focus, keeps it when the line comes: the way there is the operator's.
      const heading = screen.getByRole('heading', { level: 2 })
      heading.focus()
      expect((await screen.findByTestId('schedules-repeats')).textContent).toContain(note)
      expect(screen.getByTestId('schedules-empty')).toBeTruthy()
      expect(fake.requests('reminders:list')).toEqual([{}])
      expect(fake.requests('series:list')).toEqual([{}])
      expect(document.activeElement).toBe(heading)
      await user.click(screen.getByRole('button', { name: open }))
      expect(useNavigation.getState().view).toBe('reminders')
    }
  )

  it.each([
    {
      language: 'en',
      note: 'the next at 4 Dec 2026, 18:00 WIB (4 Dec 2026, 11:00 UTC, your time).'
    },
    {
      language: 'id',
      note: 'berikutnya pada 4 Des 2026, 18.00 WIB (4 Des 2026, 11.00 UTC, waktu Anda).'
    }
  ] as const)(
    'gives the next recurring time on its own clock, as Reminders does, yours beside it ($language, probe 4 P10)',
    async ({ language, note }) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language, defaultTimezone: 'UTC' }) }))
      fake.handle('outbox:scheduled', () => ({ items: [], total: 0 }))
      // The gateway keeps its reminder on its clock (WIB); a series on Makassar's clock goes later.
      fake.handle('reminders:list', () => ({
        reminders: [makeReminder({ nextAt: '2026-12-04T11:00:00.000Z', sandbox: null })]
      }))
      fake.handle('series:list', () => ({
        series: [makeSeries({ timezone: 'Asia/Makassar', nextAt: '2026-12-05T01:00:00.000Z' })]
      }))
      render(<SchedulesView />)
      expect((await screen.findByTestId('schedules-repeats')).textContent).toContain(note)
    }
  )

  it('says nothing of Reminders when no recurring message goes out', async () => {
    fake.handle('reminders:list', () => ({ reminders: [] }))
    fake.handle('series:list', () => ({ series: [] }))
    render(<SchedulesView />)
    await screen.findAllByTestId('schedule-row')
    await waitFor(() => expect(fake.requests('series:list')).toHaveLength(1))
    expect(screen.queryByTestId('schedules-repeats')).toBeNull()
  })

  it('lists scheduled items soonest first, with time and zone', async () => {
    render(<SchedulesView />)
    const rows = await screen.findAllByTestId('schedule-row')
    expect(fake.requests('outbox:scheduled')[0]).toEqual({ limit: SCHEDULES_PAGE })
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['s-gw', 's-local'])
    // The zone as the pickers name it, not its IANA id.
    expect(rows[0]?.textContent).toContain('WITA')
    expect(rows[0]?.textContent).not.toContain('Asia/Makassar')
    expect(within(rows[0]!).getByTestId('schedule-time').textContent).toContain('09:00')
    expect(rows[0]?.textContent).toContain('The gateway')
    expect(within(rows[1]!).getByTestId('schedule-time').textContent).toContain('09:30')
    expect(rows[1]?.textContent).toContain('Sender Desk (this computer)')
    // The policy with its condition: "Send as soon as possible" alone, under a time years away, read as "now".
    expect(rows[1]?.textContent).toContain('if this computer is off then, held for you to decide')
  })

  it('says a gateway schedule the gateway has not saved is not there yet, and why (QA40 Q40-01)', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ state: 'expired' })] }))
    // Two sends (a gateway schedule saved, another made a minute later and not saved yet).
    const refused = {
      ...gateway,
      id: 's-gw-refused',
      createdAt: '2025-05-01T08:01:00.000Z',
      savedAtGateway: false
    }
    fake.handle('outbox:scheduled', () => ({
      items: [{ ...gateway, savedAtGateway: true }, refused],
      total: 2
    }))
    render(<SchedulesView />)
    const [saved, notYet] = await screen.findAllByTestId('schedule-row')
    expect(notYet?.textContent).toContain(
      'The gateway · not at the gateway yet: Front office has expired at the gateway'
    )
    expect(saved?.textContent).not.toContain('not at the gateway yet')
  })

  // QA64: rescheduled while the gateway could not be reached, the card read as changed; the gateway's old copy went out.
  it('says a change the gateway has not taken yet', async () => {
    fake.handle('outbox:scheduled', () => ({
      items: [{ ...gateway, savedAtGateway: true, gatewayChangeOwed: true as const }],
      total: 1
    }))
    render(<SchedulesView />)
    const row = await screen.findByTestId('schedule-row')
    expect(within(row).getByTestId('schedule-change-owed').textContent).toBe(
      'The gateway has not taken this change yet: until it does, its saved copy would go out as it was.'
    )
  })

  // QA61: a message scheduled before its customer's STOP read as going until its time, then was cancelled.
  it('says ahead that a schedule whose number opted out since will not be sent, and reads again on a STOP', async () => {
    connectEvents()
    const stopped = {
      ...local,
      cancelsAtTurn: {
        message: 'not sent: this number opted out',
        messageKey: 'desktop.note.optedOut'
      }
    }
    render(<SchedulesView />)
    const [, before] = await screen.findAllByTestId('schedule-row')
    expect(before?.textContent).not.toContain('Will not be sent')
    fake.handle('outbox:scheduled', () => ({ items: [gateway, stopped], total: 2 }))
    act(() => fake.emit('optouts:changed', { at: '2030-01-01T00:00:00.000Z' }))
    await waitFor(() =>
      expect(screen.getByTestId('schedule-cancels-at-turn').textContent).toBe(
        'Will not be sent: this number opted out after the message was written. It is cancelled when its turn comes.'
      )
    )
    expect(screen.getAllByTestId('schedule-cancels-at-turn')).toHaveLength(1)
  })

  it('gives a time in another zone on the operator’s clock too, named, not the computer’s (QA33 Q33-03)', async () => {
    // A computer on UTC, an operator on WIT: the Makassar schedule (09:00 WITA) reads 10:00 WIT, the Jakarta one
    // (09:30 WIB) 11:30 WIT, so the rows compare on one clock; the computer's own is not what the operator works by.
    computerZoneIs('UTC')
    seedStores(makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Jayapura' }) }))
    render(<SchedulesView />)
    const rows = await screen.findAllByTestId('schedule-row')
    expect(rows[0]?.textContent).toContain('(1 May 2030, 10:00 WIT, your time)')
    expect(rows[1]?.textContent).toContain('(1 Jun 2030, 11:30 WIT, your time)')
    expect(rows[0]?.textContent).not.toContain('UTC')
  })

  it('gives no second time for a schedule already on the operator’s clock', async () => {
    computerZoneIs('UTC')
    seedStores(makeBootstrap({ settings: makeSettings({ defaultTimezone: 'Asia/Makassar' }) }))
    render(<SchedulesView />)
    const rows = await screen.findAllByTestId('schedule-row')
    expect(rows[0]?.textContent).not.toContain('your time')
    expect(rows[1]?.textContent).toContain('(1 Jun 2030, 10:30 WITA, your time)')
  })

  // QA61 follow-up: Reschedule of a message whose number opted out since it was scheduled asked nothing; it kept the
  // new time and was cancelled as opted out at it (or, kept by the gateway, sent).
  it('says in the reschedule form that the number opted out, saves nothing, and offers Cancel sending', async () => {
    const stopped = { ...gateway, optedOutSince: '2030-04-20T03:00:00.000Z' }
    fake.handle('outbox:scheduled', () => ({ items: [stopped, local], total: 2 }))
    fake.handle('outbox:cancel', () => ({ ...stopped, status: 'cancelled' }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-gw'))
    const form = screen.getByTestId('schedule-form-s-gw')
    const notice = within(form).getByTestId('schedule-opted-out-s-gw')
    // Said before Save, on the operator's clock (Asia/Jakarta by default).
    expect(notice.textContent).toBe(
      '+62 813-9999-8888 opted out on 20 Apr 2030, 10:00 WIB: this message will not be sent.'
    )
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2030-05-02' } })
    await user.click(screen.getByTestId('schedule-save-s-gw'))
    // Not saved to be cancelled (or sent) at the new time: the notice is read again, the focus on it.
    expect(fake.requests('outbox:edit')).toEqual([])
    expect(document.activeElement).toBe(notice)
    await user.click(within(form).getByRole('button', { name: 'Cancel sending' }))
    expect(fake.requests('outbox:cancel')).toEqual([{ id: 's-gw' }])
  })

  it('reschedules with outbox:edit, prefilled with the current time in its zone', async () => {
    fake.handle('outbox:edit', () => ({ ...local, scheduledAt: '2030-06-02T03:00:00.000Z' }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    const form = screen.getByTestId('schedule-form-s-local')
    // The text is laid out in the direction of its script (Arabic, Hebrew right to left).
    expect(within(form).getByRole('textbox', { name: 'Text message' }).getAttribute('dir')).toBe('auto')
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('2030-06-01')
    expect((within(form).getByLabelText('Time') as HTMLInputElement).value).toBe('09:30')
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2030-06-02' } })
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '10:00' } })
    await user.click(screen.getByTestId('schedule-save-s-local'))
    expect(fake.requests('outbox:edit')).toEqual([
      {
        id: 's-local',
        schedule: {
          localTime: '2030-06-02T10:00',
          timezone: 'Asia/Jakarta',
          mode: 'local',
          overduePolicy: 'hold'
        }
      }
    ])
    await waitFor(() => expect(fake.requests('outbox:scheduled').length).toBe(2))
  })

  it('says an emptied text at its field and saves nothing, and changes a file’s caption (it dropped the one, offered none for the other)', async () => {
    const file = {
      ...local,
      id: 's-file',
      kind: 'image' as const,
      text: 'Our new menu',
      fileName: 'menu.jpg',
      scheduledAt: '2030-06-03T02:30:00.000Z'
    }
    fake.handle('outbox:scheduled', () => ({ items: [local, file], total: 2 }))
    fake.handle('outbox:edit', ({ id }) => (id === file.id ? { ...file, text: null } : local))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    const text = within(screen.getByTestId('schedule-form-s-local')).getByRole('textbox', {
      name: 'Text message'
    })
    await user.clear(text)
    await user.click(screen.getByTestId('schedule-save-s-local'))
    expect(fake.requests('outbox:edit')).toEqual([])
    expect(text.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(text)
    await user.keyboard('{Escape}')

    await user.click(screen.getByTestId('schedule-edit-s-file'))
    const caption = within(screen.getByTestId('schedule-form-s-file')).getByRole('textbox', {
      name: 'Caption of menu.jpg'
    })
    await user.clear(caption)
    await user.click(screen.getByTestId('schedule-save-s-file'))
    expect(fake.requests('outbox:edit')).toEqual([expect.objectContaining({ id: 's-file', text: '' })])
  })

  it('says the result of the last action only: the line of the one before goes (probe 4 P11)', async () => {
    let listed = [gateway, local]
    fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
    fake.handle('outbox:edit', () => ({ ...local, scheduledAt: '2030-06-02T03:00:00.000Z' }))
    fake.handle('outbox:cancel', () => {
      listed = [local]
      return { ...gateway, status: 'cancelled' }
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    const results = (): string[] =>
      [...screen.getAllByTestId('schedule-row-result'), screen.getByTestId('schedules-result')]
        .map((line) => line.textContent ?? '')
        .filter(Boolean)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    await user.click(screen.getByTestId('schedule-save-s-local'))
    await waitFor(() => expect(results()).toEqual(['Rescheduled.']))
    await user.click(screen.getByTestId('schedule-cancel-s-gw'))
    await waitFor(() =>
      expect(results()).toEqual(['+62 813-9999-8888: Cancelled. It stays in the Outbox, marked cancelled.'])
    )
    // And the line of a row gone goes when another row is acted on.
    await user.click(screen.getByTestId('schedule-edit-s-local'))
    await user.click(screen.getByTestId('schedule-save-s-local'))
    await waitFor(() => expect(results()).toEqual(['Rescheduled.']))
  })

  it('closes the Reschedule form with Escape, from a field or the text, focus back on Reschedule (QA25 Q25-04)', async () => {
    const user = userEvent.setup()
    render(<SchedulesView />)
    const reschedule = await screen.findByTestId('schedule-edit-s-local')
    for (const field of ['Date', 'Text message'] as const) {
      reschedule.focus()
      await user.keyboard('{Enter}')
      const form = screen.getByTestId('schedule-form-s-local')
      ;(field === 'Date'
        ? within(form).getByLabelText('Date')
        : within(form).getByRole('textbox', { name: field })
      ).focus()
      await user.keyboard('{Escape}')
      expect(screen.queryByTestId('schedule-form-s-local'), field).toBeNull()
      expect(document.activeElement, field).toBe(reschedule)
    }
    expect(fake.requests('outbox:edit')).toEqual([])
  })

  it('says a year typed short (0026) is no time at the date, in words, and saves nothing', async () => {
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    const form = screen.getByTestId('schedule-form-s-local')
    const date = within(form).getByLabelText('Date')
    fireEvent.change(date, { target: { value: '0026-12-06' } })
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '20:30' } })
    expect(screen.getByTestId('resched-s-local-no-such-time').textContent).toBe(
      '⚠ There is no 0026-12-06 20:30 to send at: check the day, the month and the year (four digits).'
    )
    await user.click(screen.getByTestId('schedule-save-s-local'))
    expect(fake.requests('outbox:edit')).toEqual([])
    expect(document.activeElement).toBe(date)
  })

  it('lets go of the last "Rescheduled." when Reschedule is opened again (an operator saw it beside a refusal)', async () => {
    fake.handle('outbox:edit', () => ({ ...local, scheduledAt: '2030-06-02T03:00:00.000Z' }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    await user.click(screen.getByTestId('schedule-save-s-local'))
    await waitFor(() => expect(rowResult('s-local')).toBe('Rescheduled.'))
    await user.click(screen.getByTestId('schedule-edit-s-local'))
    const form = screen.getByTestId('schedule-form-s-local')
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2020-01-01' } })
    expect(screen.getByTestId('schedule-passed-s-local')).toBeTruthy()
    expect(rowResult('s-local')).toBe('')
  })

  // Issue 29 (6): the core's refusal was said in the row's result line, the time field unmarked, the focus on Save.
  it("says the core's refusal of the time at the time field, as the form's own check does, the focus there", async () => {
    fake.fail('outbox:edit', {
      code: 'invalid_input',
      message: 'That time has already passed: pick a later one.',
      messageKey: 'desktop.error.schedulePassed',
      field: 'schedule.localTime'
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    const form = screen.getByTestId('schedule-form-s-local')
    const time = within(form).getByLabelText('Time')
    await user.click(screen.getByTestId('schedule-save-s-local'))
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(time.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '⚠ That time has already passed: pick a later one.'
    )
    expect(document.activeElement).toBe(time)
    expect(rowResult('s-local')).toBe('')
  })

  it("says a refusal about no field (opted out since) in the row's result line, the focus there", async () => {
    fake.fail('outbox:edit', {
      code: 'opted_out',
      message: '+62 812-3456-7890 opted out: it cannot be rescheduled.',
      field: 'schedule'
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    const form = screen.getByTestId('schedule-form-s-local')
    await user.click(screen.getByTestId('schedule-save-s-local'))
    await waitFor(() => expect(rowResult('s-local')).toContain('opted out'))
    const line = document.querySelector(
      '[data-testid="schedule-row"][data-id="s-local"] [data-testid="schedule-row-result"]'
    )
    expect(document.activeElement).toBe(line)
    expect(within(form).getByLabelText('Time').getAttribute('aria-invalid')).toBeNull()
  })

  // QA58: a schedule the gateway kept read "Cancelled." while the gateway, not answering, still held it.
  it("says a cancel of the gateway's schedule is asked of the gateway, the Outbox following it", async () => {
    fake.handle('outbox:list', () => ({ items: [gateway], total: 1 }))
    fake.handle('outbox:cancel', () => ({ ...gateway, status: 'cancelled', gatewayStillHolds: true }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-cancel-s-gw'))
    await waitFor(() =>
      expect(screen.getByTestId('schedules-result').textContent).toBe(
        '+62 813-9999-8888: Cancelled here; the gateway is asked to cancel its copy, and the Outbox says once it has.'
      )
    )
  })

  // QA58: only the words changed, and the row said "Rescheduled.": it goes at the same time.
  it('says the new words are saved, not "Rescheduled.", when only the words changed', async () => {
    fake.handle('outbox:edit', (request) => ({ ...local, text: request.text ?? local.text }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    const form = screen.getByTestId('schedule-form-s-local')
    const words = within(form).getByRole('textbox', { name: /^Text/ })
    await user.clear(words)
    await user.type(words, 'Pengingat rapat: ruang 2')
    await user.click(screen.getByTestId('schedule-save-s-local'))
    expect(fake.requests('outbox:edit')[0]).toMatchObject({ text: 'Pengingat rapat: ruang 2' })
    await waitFor(() =>
      expect(rowResult('s-local')).toBe('The new words are saved; it goes at the same time.')
    )
  })

  it('questions a time that has passed at the field, in the chosen zone, and saves nothing (QA finding 3)', async () => {
    // 29 Nov 2026, 09:27 UTC: 01:00 that day has passed in UTC.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.UTC(2026, 10, 29, 9, 27))
    fake.handle('outbox:edit', () => ({ ...gateway, scheduledAt: '2026-11-30T09:29:00.000Z' }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-gw'))
    const form = screen.getByTestId('schedule-form-s-gw')
    expect(screen.queryByTestId('schedule-passed-s-gw')).toBeNull()
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Time zone' }), 'UTC')
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-11-29' } })
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '01:00' } })
    expect(screen.getByTestId('schedule-passed-s-gw').textContent).toBe(
      '⚠ This time has passed: it is 29 Nov 2026, 09:27 UTC now. Pick a later time.'
    )
    await user.click(screen.getByTestId('schedule-save-s-gw'))
    expect(fake.requests('outbox:edit')).toEqual([])
    expect(document.activeElement).toBe(within(form).getByLabelText('Time'))
    // The same wall clock in WITA (UTC+8) is still ahead: it is saved, and focus goes back to Reschedule.
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '18:00' } })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Time zone' }), 'Asia/Makassar')
    expect(screen.queryByTestId('schedule-passed-s-gw')).toBeNull()
    await user.click(screen.getByTestId('schedule-save-s-gw'))
    expect(fake.requests('outbox:edit')).toMatchObject([
      { id: 's-gw', schedule: { localTime: '2026-11-29T18:00', timezone: 'Asia/Makassar', mode: 'gateway' } }
    ])
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('schedule-edit-s-gw')))
  })

  it('cancels, and deletes after confirmation', async () => {
    let listed = [gateway, local]
    fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
    fake.handle('outbox:cancel', () => {
      listed = [local]
      return { ...gateway, status: 'cancelled' }
    })
    fake.handle('outbox:delete', () => ({ ok: true }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-cancel-s-gw'))
    expect(fake.requests('outbox:cancel')).toEqual([{ id: 's-gw' }])
    // The row leaves the list with the button pressed: the next row takes the focus, the line says what was done (QA74).
    await waitFor(() => expect(screen.queryByTestId('schedule-cancel-s-gw')).toBeNull())
    expect(document.activeElement?.getAttribute('data-id')).toBe('s-local')
    expect(screen.getByTestId('schedules-result').textContent).toBe(
      '+62 813-9999-8888: Cancelled. It stays in the Outbox, marked cancelled.'
    )
    expect(screen.getByTestId('schedules-result').className).toBe('muted')
    await user.click(screen.getByTestId('schedule-delete-s-local'))
    expect(fake.requests('outbox:delete')).toEqual([])
    await user.click(screen.getByTestId('schedule-delete-confirm-s-local'))
    expect(fake.requests('outbox:delete')).toEqual([{ id: 's-local' }])
  })

  it.each([
    {
      action: 'send',
      press: 'Send all 3 now',
      said: '2 held messages are sending now; follow them in the Outbox. 1 was no longer held and was left as it is.'
    },
    {
      action: 'cancel',
      press: 'Cancel all 3',
      said: '2 held messages cancelled. They stay in the Outbox, marked cancelled. 1 was no longer held and was left as it is.'
    }
  ] as const)(
    'settles every held schedule at once ($action) and says how late each is (probe 4 P5)',
    async ({ action, press, said }) => {
      // Due 2 h 5 min ago while Sender Desk was closed, held for the operator.
      const due = new Date(Date.now() - 125 * 60_000 - 20_000).toISOString()
      // Three sends (made a minute apart): each held on its own card, the bar above them settling all.
      const held = ['h-1', 'h-2', 'h-3'].map((id, i) =>
        makeItem({
          id,
          createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
          status: 'scheduled',
          held: true,
          recipient: `628123456703${i + 1}`,
          scheduledAt: due,
          timezone: 'Asia/Jakarta',
          scheduleMode: 'local',
          overduePolicy: 'hold'
        })
      )
      fake.handle('outbox:scheduled', () => ({ items: held, total: 3 }))
      fake.handle('outbox:settleHeld', () => ({
        done: ['h-1', 'h-3'],
        refused: [{ id: 'h-2', reason: 'not_applicable', status: 'queued' }]
      }))
      useOutbox.getState().setCounts({
        counts: { ...EMPTY_COUNTS, scheduled: 3, total: 3 },
        heldOverdue: 3
      })
      const user = userEvent.setup()
      render(<SchedulesView />)
      await waitFor(() => expect(screen.getAllByTestId('schedule-held')).toHaveLength(3))
      expect(screen.getAllByTestId('schedule-held').map((line) => line.textContent)).toEqual(
        Array(3).fill(' · held, 2 h 5 min late')
      )
      const bar = screen.getByRole('group', { name: /^3 scheduled messages came due/ })
      await user.click(within(bar).getByRole('button', { name: press }))
      if (action === 'cancel') {
        // Cancelling them all asks first, as the Outbox's bulk Cancel does; Keep goes back to the button.
        expect(fake.requests('outbox:settleHeld')).toEqual([])
        const question = screen.getByRole('group', { name: /^Cancel all 3 held messages\?/ })
        expect(question.contains(document.activeElement)).toBe(true)
        await user.click(within(question).getByRole('button', { name: 'Keep' }))
        expect(document.activeElement).toBe(within(bar).getByRole('button', { name: press }))
        await user.click(within(bar).getByRole('button', { name: press }))
        expect(fake.requests('outbox:settleHeld')).toEqual([])
        await user.click(screen.getByTestId('schedules-cancel-held-confirm'))
      }
      expect(fake.requests('outbox:settleHeld')).toEqual([{ action }])
      await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('schedules-result')))
      expect(screen.getByTestId('schedules-result').textContent).toBe(said)
      // Some were left as they were: a warning, as the Outbox's bulk bar says it, not the plain line of all done.
      expect(screen.getByTestId('schedules-result').className).toBe('alert alert--warn')
    }
  )

  it('says a schedule kept here that is due before its device’s cap starts again waits for it (probe 4 P3)', async () => {
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({
            id: 'dev-1',
            dailyCap: 5,
            sentToday: { count: 7, resetsAt: '2030-05-01T17:00:00.000Z', zone: 'Asia/Jakarta' }
          })
        ]
      })
    )
    // Both due before then: the one kept here waits; the gateway keeps and sends its own.
    const kept = { ...local, scheduledAt: '2030-05-01T02:30:00.000Z' }
    fake.handle('outbox:scheduled', () => ({ items: [gateway, kept], total: 2 }))
    render(<SchedulesView />)
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(2))
    const [gatewayRow, keptRow] = screen.getAllByTestId('schedule-row')
    expect(within(keptRow!).getByTestId('schedule-cap-wait').textContent).toBe(
      ' · waits for the daily cap: goes from 2 May 2030, 00:00 WIB'
    )
    expect(within(gatewayRow!).queryByTestId('schedule-cap-wait')).toBeNull()
  })

  it('keeps the focus on the pressed Save, Send now and Cancel sending while each runs, never on the page', async () => {
    const held = { ...local, held: true }
    fake.handle('outbox:scheduled', () => ({ items: [gateway, held], total: 2 }))
    const user = userEvent.setup()
    render(<SchedulesView />)

    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    const saved = fake.defer('outbox:edit')
    await pressAndHold(user, screen.getByTestId('schedule-save-s-local'), saved.called)
    saved.resolve(held)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('schedule-edit-s-local')))

    const released = fake.defer('outbox:release')
    await pressAndHold(user, screen.getByTestId('schedule-release-s-local'), released.called)
    released.resolve({ ...held, status: 'queued', held: false })
    await waitFor(() => expect(screen.getByTestId('schedules-result').textContent).toMatch(/Sending now/))

    const cancelled = fake.defer('outbox:cancel')
    await pressAndHold(user, screen.getByTestId('schedule-cancel-s-gw'), cancelled.called)
    cancelled.resolve({ ...gateway, status: 'cancelled' })
    await waitFor(() => expect(screen.getByTestId('schedules-result').textContent).toMatch(/Cancelled/))
    expect(fake.requests('outbox:edit')).toHaveLength(1)
    expect(fake.requests('outbox:release')).toHaveLength(1)
    expect(fake.requests('outbox:cancel')).toHaveLength(1)
  })

  it.each([
    ['en', 'Send now', '+62 813-9999-8888: Sending now; follow it in the Outbox.'],
    ['id', 'Kirim sekarang', '+62 813-9999-8888: Sedang dikirim; pantau di kotak keluar.']
  ] as const)(
    'says that a held message goes now as its row leaves, the focus on the heading with none left (%s, QA13, QA74)',
    async (language, send, said) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      await sendHeldNow(send)
      expect(fake.requests('outbox:release')).toEqual([{ id: 's-local' }])
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }))
      expect(screen.getByTestId('schedules-result').textContent).toBe(said)
    }
  )

  it.each([
    [
      'en',
      'Send now',
      '+62 813-9999-8888: Queued, not sent yet — waiting: the token of Front office is locked. Follow it in the Outbox.'
    ],
    [
      'id',
      'Kirim sekarang',
      '+62 813-9999-8888: Masuk antrean, belum terkirim — menunggu: token Front office terkunci. Pantau di kotak keluar.'
    ]
  ] as const)(
    'says a released message waits, and why, when its device cannot send now (%s, QA22 Q22-09: "Sending now")',
    async (language, send, said) => {
      seedStores(
        makeBootstrap({
          settings: makeSettings({ language }),
          devices: [makeDevice({ state: 'locked' })]
        })
      )
      await sendHeldNow(send)
      expect(screen.getByTestId('schedules-result').textContent).toBe(said)
    }
  )

  // QA74: Cancel sending on the second of three put the focus on the line under the list, and the next Tab went to
  // "Skip to content". The focus goes to the row after it (the one before, for the last; the heading, for none left),
  // the line saying what was done without taking it.
  it('gives the focus to the next row as a cancelled schedule leaves, else the one before, else the heading', async () => {
    const three = ['a', 'b', 'c'].map((letter, index) =>
      makeItem({
        id: `s-${letter}`,
        status: 'scheduled',
        recipient: `628123456010${index}`,
        scheduledAt: `2030-06-0${index + 1}T02:30:00.000Z`,
        timezone: 'Asia/Jakarta',
        scheduleMode: 'local'
      })
    )
    let listed = three
    fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
    fake.handle('outbox:cancel', ({ id }) => {
      listed = listed.filter((item) => item.id !== id)
      return { ...three.find((item) => item.id === id)!, status: 'cancelled' }
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    const line = screen.getByTestId('schedules-result')
    const row = (id: string): HTMLElement | null =>
      document.querySelector<HTMLElement>(`[data-testid="schedule-row"][data-id="${id}"]`)
    for (const [cancelled, focused, recipient] of [
      ['s-b', () => row('s-c'), '+62 812-3456-0101'],
      ['s-c', () => row('s-a'), '+62 812-3456-0102'],
      ['s-a', () => screen.getByRole('heading', { level: 2 }), '+62 812-3456-0100']
    ] as const) {
      ;(await screen.findByTestId(`schedule-cancel-${cancelled}`)).focus()
      await user.keyboard('{Enter}')
      await waitFor(() => expect(row(cancelled)).toBeNull())
      expect(document.activeElement).toBe(focused())
      expect(line.textContent).toBe(`${recipient}: Cancelled. It stays in the Outbox, marked cancelled.`)
    }
  })

  it('says what Cancel keeps and what Delete removes, in both languages (QA8 Q8-11)', async () => {
    fake.handle('outbox:cancel', () => ({ ...gateway, status: 'cancelled' }))
    for (const [language, cancel, remove, cancelled, question] of [
      [
        'en',
        'Cancel sending',
        'Delete',
        '+62 813-9999-8888: Cancelled. It stays in the Outbox, marked cancelled.',
        'Delete this scheduled message? It leaves the Outbox too (Cancel sending would keep it there, marked cancelled). This cannot be undone.'
      ],
      [
        'id',
        'Batalkan pengiriman',
        'Hapus',
        '+62 813-9999-8888: Dibatalkan. Pesan tetap ada di kotak keluar, ditandai dibatalkan.',
        'Hapus pesan terjadwal ini? Pesan juga hilang dari kotak keluar (Batalkan pengiriman akan menyimpannya di sana, ditandai dibatalkan). Tindakan ini tidak bisa diurungkan.'
      ]
    ] as const) {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      const user = userEvent.setup()
      const { unmount } = render(<SchedulesView />)
      const rows = await screen.findAllByTestId('schedule-row')
      const localRow = rows.find((r) => r.getAttribute('data-id') === 's-local') as HTMLElement
      const gatewayRow = rows.find((r) => r.getAttribute('data-id') === 's-gw') as HTMLElement
      await user.click(within(localRow).getByRole('button', { name: remove }))
      expect(within(localRow).getByText(question)).toBeTruthy()
      await user.click(within(gatewayRow).getByRole('button', { name: cancel }))
      await waitFor(() => expect(screen.getByTestId('schedules-result').textContent).toBe(cancelled))
      unmount()
    }
  })

  it('shows the soonest due first, a page at a time; Show more reads on from the last shown (QA33 Q33-01)', async () => {
    connectEvents()
    // The core hands them out soonest first, after the (due time, id) given; more than a page of them.
    const due = Array.from({ length: SCHEDULES_PAGE + 5 }, (_, i) =>
      makeItem({
        id: `s${String(i).padStart(4, '0')}`,
        status: 'scheduled',
        text: `Bulk #${i}`,
        scheduledAt: new Date(Date.UTC(2030, 0, 1) + i * 900_000).toISOString(),
        timezone: 'Asia/Jayapura',
        scheduleMode: 'local'
      })
    )
    fake.handle('outbox:scheduled', ({ after, limit }) => {
      const from = after ? due.findIndex((d) => d.id === after.id) + 1 : 0
      return { items: due.slice(from, from + (limit ?? 200)), total: due.length }
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(SCHEDULES_PAGE))
    const rows = screen.getAllByTestId('schedule-row')
    expect(rows[0]?.textContent).toContain('Bulk #0')
    expect(
      screen.getByText(`Showing the ${SCHEDULES_PAGE} due soonest of ${SCHEDULES_PAGE + 5}.`)
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(SCHEDULES_PAGE + 5))
    const last = due[SCHEDULES_PAGE - 1]
    expect(fake.requests('outbox:scheduled')[1]).toEqual({
      limit: SCHEDULES_PAGE,
      after: { scheduledAt: last?.scheduledAt, id: last?.id }
    })
    // Focus on the first row the press brought; every one is shown now, so neither the button nor the line is.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-id')).toBe(due[SCHEDULES_PAGE]?.id))
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(screen.queryByText(/due soonest of/)).toBeNull()
    // A change elsewhere reads again as many as are shown, from the soonest.
    act(() => fake.emit('outbox:bulkChanged', { count: 3 }))
    await waitFor(() => expect(fake.requests('outbox:scheduled').length).toBeGreaterThan(2))
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(SCHEDULES_PAGE + 5))
  })

  it("shows a schedule once when Show more reads its instant again (the page's last deleted since, probe 4 P12)", async () => {
    // Due at one instant, in the order they were made; the core finds a page's end by its id and, that one gone,
    // reads the instant again from its start.
    const due = Array.from({ length: SCHEDULES_PAGE + 5 }, (_, i) =>
      makeItem({
        id: `id-${(i * 7919) % 1000}`,
        status: 'scheduled',
        text: `Promo #${i}`,
        scheduledAt: '2030-01-01T01:00:00.000Z'
      })
    )
    fake.handle('outbox:scheduled', ({ after, limit }) => ({
      items: after ? due.slice(SCHEDULES_PAGE - 3) : due.slice(0, limit ?? 200),
      total: due.length
    }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(SCHEDULES_PAGE))
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(SCHEDULES_PAGE + 5))
    expect(screen.getAllByTestId('schedule-row').map((row) => row.getAttribute('data-id'))).toEqual(
      due.map((item) => item.id)
    )
  })

  it('refetches when the outbox changes', async () => {
    connectEvents()
    render(<SchedulesView />)
    await screen.findAllByTestId('schedule-row')
    fake.handle('outbox:scheduled', () => ({ items: [], total: 0 }))
    act(() => fake.emit('outbox:bulkChanged', { count: 10 }))
    expect((await screen.findByTestId('schedules-empty')).textContent).toContain('Nothing is scheduled.')
  })

  // A new operator's probe: a message that came due while its Reschedule form was open left the list with the form,
  // the page said "Nothing is scheduled." and the focus fell to the page, nothing saying what became of it.
  it('says so, the focus on the heading, when the schedule being rescheduled leaves the list by itself', async () => {
    connectEvents()
    fake.handle('outbox:scheduled', () => ({ items: [local], total: 1 }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByTestId('schedule-edit-s-local'))
    within(screen.getByTestId('schedule-form-s-local')).getByLabelText('Date').focus()
    fake.handle('outbox:scheduled', () => ({ items: [], total: 0 }))
    act(() => fake.emit('outbox:bulkChanged', { count: 1 }))
    await screen.findByTestId('schedules-empty')
    const said = screen.getByTestId('schedules-result')
    expect(said.textContent).toBe(
      'The message you were on is no longer scheduled: its time came, or it was changed elsewhere. The Outbox shows what became of it.'
    )
    // None left beside it: the list's heading (QA74: the line took the focus, and Tab went to "Skip to content").
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }))
  })

  it('empty, says where a schedule is made and goes there (QA: "Nothing is scheduled." led nowhere)', async () => {
    fake.handle('outbox:scheduled', () => ({ items: [], total: 0 }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const empty = await screen.findByTestId('schedules-empty')
    expect(within(empty).getByText(/When → Schedule/)).toBeTruthy()
    await user.click(within(empty).getByRole('button', { name: 'Schedule a message' }))
    expect(useNavigation.getState().view).toBe('send')
  })
})

describe('schedules that could not be read', () => {
  it.each([
    ['en', 'This list could not be read: database is locked', 'Try again', 'Schedules'],
    ['id', 'Daftar ini tidak dapat dibaca: database is locked', 'Coba lagi', 'Jadwal']
  ] as const)(
    'says why, with Try again that reads them again, the focus on the heading meanwhile (%s)',
    async (language, says, tryAgain, title) => {
      seedStores(makeBootstrap({ settings: makeSettings({ language }) }))
      fake.once('outbox:scheduled', () => {
        throw new ApiError({ code: 'internal', message: 'database is locked' })
      })
      const user = userEvent.setup()
      render(<SchedulesView />)
      // The focus waits on the view's heading, where the schedules come.
      await readsAgainOnTryAgain(user, screen.getByTestId('view-schedules'), {
        says,
        tryAgain,
        heading: () => screen.getByRole('heading', { name: title }),
        read: async () => expect(await screen.findAllByTestId('schedule-row')).toHaveLength(2)
      })
      expect(fake.requests('outbox:scheduled')).toHaveLength(2)
    }
  )
})

// QA37 Q37-07: J / K walked the Outbox's and Messages in's rows only.
describe('the row keys in Schedules', () => {
  it('J and K walk the scheduled messages, each row named by its time and recipient', async () => {
    renderWithRowKeys(<SchedulesView />)
    await waitFor(() => expect(screen.getAllByTestId('schedule-row')).toHaveLength(2))
    const rows = within(screen.getByRole('list', { name: 'Scheduled messages' })).getAllByRole('listitem', {
      name: /2030, .* \+62 8/
    })
    expect(rows).toEqual(screen.getAllByTestId('schedule-row'))
    await walkRowsWithJK(rows)
    await jumpRowEndsWithHomeEnd(rows)
  })
})

// A send to many numbers scheduled for one time was a card per number: 200 cards for one promo, each moved or
// cancelled on its own. It is one card now, settled as one, its numbers listed under it on request.
describe('a send to many numbers', () => {
  /** A send to `numbers` numbers at 18:00 Jakarta, made at one instant; `extra` on each. */
  const promo = (numbers: number, extra: Partial<ReturnType<typeof makeItem>> = {}) =>
    Array.from({ length: numbers }, (_, i) =>
      makeItem({
        id: `p-${i}`,
        status: 'scheduled',
        recipient: `62812345670${String(i).padStart(2, '0')}`,
        text: 'Promo starts at 18:00',
        createdAt: '2030-01-01T01:00:00.000Z',
        scheduledAt: '2030-01-10T11:00:00.000Z',
        timezone: 'Asia/Jakarta',
        scheduleMode: 'local',
        overduePolicy: 'send',
        ...extra
      })
    )

  it('is one card: when, to how many (the first named), what it sends; its numbers under it on request', async () => {
    fake.handle('outbox:scheduled', () => ({ items: [...promo(5), local], total: 6 }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    expect(within(card).getByTestId('schedule-send-to').textContent).toBe(
      'To 5 numbers: +62 812-3456-7000, +62 812-3456-7001, +62 812-3456-7002 and 2 more'
    )
    expect(card.textContent).toContain('Text: Promo starts at 18:00')
    expect(within(card).getAllByTestId('schedule-time')[0]?.textContent).toBe('10 Jan 2030, 18:00')
    // One card and the other schedule's row in the list; the send's numbers are listed but shut.
    const list = screen.getByRole('list', { name: 'Scheduled messages' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === list)
    ).toHaveLength(2)
    const numbers = card.querySelector('ul')!
    expect(numbers.getAttribute('aria-label')).toBe('The numbers of this send')
    expect(numbers.hidden).toBe(true)
    await user.click(within(card).getByRole('button', { name: 'Show the 5 numbers' }))
    expect(numbers.hidden).toBe(false)
    expect(within(numbers).getAllByTestId('schedule-row')).toHaveLength(5)
    expect(
      within(card).getByRole('button', { name: 'Hide the 5 numbers' }).getAttribute('aria-expanded')
    ).toBe('true')
  })

  it('counts the numbers of the send that will not be sent, each row saying why (QA61)', async () => {
    const cancels = { message: 'not sent: this number opted out', messageKey: 'desktop.note.optedOut' }
    const [first, second, ...rest] = promo(4)
    fake.handle('outbox:scheduled', () => ({
      items: [first!, { ...second!, cancelsAtTurn: cancels }, ...rest],
      total: 4
    }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    expect(within(card).getByTestId('schedule-send-cancels-at-turn').textContent).toBe(
      '1 message of this send will not be sent: see its numbers'
    )
    await user.click(within(card).getByRole('button', { name: 'Show the 4 numbers' }))
    const rows = within(card).getAllByTestId('schedule-row')
    expect(rows.map((row) => within(row).queryByTestId('schedule-cancels-at-turn') !== null)).toEqual([
      false,
      true,
      false,
      false
    ])
  })

  it('says ahead on a send’s reschedule how many numbers opted out, and in its result that they were not moved', async () => {
    const [first, second, ...rest] = promo(4)
    fake.handle('outbox:scheduled', () => ({
      items: [first!, { ...second!, optedOutSince: '2030-04-20T03:00:00.000Z' }, ...rest],
      total: 4
    }))
    fake.handle('outbox:settleSend', () => ({
      done: ['p-0', 'p-2', 'p-3'],
      refused: [{ id: 'p-1', reason: 'opted_out', status: 'scheduled' }]
    }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Reschedule all' }))
    expect(within(card).getByTestId('schedule-opted-out-send-p-0').textContent).toBe(
      '1 number of this send opted out since it was scheduled: its message will not be sent and keeps its time.'
    )
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(card.textContent).toContain(
        '3 rescheduled. 1 not moved: its number opted out; cancel it from its row.'
      )
    )
  })

  // Issue 29 (6): the same form on a send's card says the core's refusal of its time at the field too.
  it("says the core's refusal of a send's new time at the time field, the focus there", async () => {
    fake.handle('outbox:scheduled', () => ({ items: promo(3), total: 3 }))
    fake.fail('outbox:settleSend', {
      code: 'invalid_input',
      message: 'That time has already passed: pick a later one.',
      messageKey: 'desktop.error.schedulePassed',
      field: 'schedule.localTime'
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Reschedule all' }))
    const time = within(card).getByLabelText('Time')
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'))
    expect(within(card).getByTestId('schedule-passed-send-p-0').textContent).toBe(
      '⚠ That time has already passed: pick a later one.'
    )
    expect(document.activeElement).toBe(time)
  })

  it('counts the whole send when the page ends inside it, and says how many are shown', async () => {
    fake.handle('outbox:scheduled', () => ({
      items: promo(4),
      total: 250,
      lastSend: { messages: 250, numbers: 250 }
    }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    expect(within(card).getByTestId('schedule-send-to').textContent).toMatch(
      /^To 250 numbers: .* and 247 more$/
    )
    await user.click(within(card).getByRole('button', { name: 'Show the 250 numbers' }))
    expect(within(card).getByTestId('schedule-send-shown').textContent).toBe(
      'Showing 4 of 250: Show more, under the list, reads the rest.'
    )
  })

  it('cancels the whole send after asking, and says so on the view’s line, the focus on the heading', async () => {
    let listed = promo(3)
    fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
    fake.handle('outbox:settleSend', () => {
      listed = []
      return { done: ['p-0', 'p-2'], refused: [{ id: 'p-1', reason: 'at_gateway', status: 'accepted' }] }
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Cancel all 3' }))
    expect(fake.requests('outbox:settleSend')).toEqual([])
    expect(card.textContent).toContain('Cancel this send to 3 numbers? None of them will be sent')
    await user.click(screen.getByTestId('schedule-send-cancel-confirm-p-0'))
    expect(fake.requests('outbox:settleSend')).toEqual([
      {
        deviceId: 'dev-1',
        createdAt: '2030-01-01T01:00:00.000Z',
        scheduledAt: '2030-01-10T11:00:00.000Z',
        action: 'cancel'
      }
    ])
    const said = await screen.findByText(
      'To 3 numbers: 2 cancelled. 1 had changed meanwhile and was left as it is.'
    )
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })))
    // One left as it was: said as a warning (it was said as plainly as all three cancelled).
    expect(said.className).toBe('alert alert--warn')
  })

  it('sends a held send now, every number at once', async () => {
    const due = new Date(Date.now() - 3 * 3_600_000).toISOString()
    fake.handle('outbox:scheduled', () => ({
      items: promo(2, { held: true, scheduledAt: due, overduePolicy: 'hold' }),
      total: 2
    }))
    fake.handle('outbox:settleSend', ({ action }) => ({
      done: action === 'send' ? ['p-0', 'p-1'] : [],
      refused: []
    }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    expect(within(card).getAllByTestId('schedule-held')[0]?.textContent).toBe(' · held, 3 h 0 min late')
    await user.click(within(card).getByRole('button', { name: 'Send all 2 now' }))
    expect(fake.requests('outbox:settleSend')[0]).toMatchObject({ action: 'send', scheduledAt: due })
    expect(await screen.findByText('To 2 numbers: 2 sent now; follow them in the Outbox.')).toBeTruthy()
  })

  // QA64: an emptied date or time said "Required" under its field while the focus stayed on Save, unheard.
  it.each(['schedule-time-input', 'schedule-date'])(
    'takes the focus to an emptied %s on Save',
    async (emptied) => {
      fake.handle('outbox:scheduled', () => ({ items: promo(2), total: 2 }))
      const user = userEvent.setup()
      render(<SchedulesView />)
      const card = await screen.findByTestId('schedule-send')
      await user.click(within(card).getByRole('button', { name: 'Reschedule all' }))
      const form = within(card).getByTestId('schedule-form-send-p-0')
      const field = within(form).getByTestId(emptied)
      fireEvent.change(field, { target: { value: '' } })
      await user.click(within(form).getByRole('button', { name: 'Save' }))
      expect(document.activeElement).toBe(field)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      expect(fake.requests('outbox:settleSend')).toEqual([])
    }
  )

  it('reschedules every number of the send from one form, with no text to change', async () => {
    fake.handle('outbox:scheduled', () => ({ items: promo(2), total: 2 }))
    fake.handle('outbox:settleSend', () => ({ done: ['p-0', 'p-1'], refused: [] }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Reschedule all' }))
    const form = within(card).getByTestId('schedule-form-send-p-0')
    expect(within(form).queryByRole('textbox', { name: 'Message' })).toBeNull()
    fireEvent.change(within(form).getByTestId('schedule-time-input'), { target: { value: '19:30' } })
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:settleSend')).toEqual([
      {
        deviceId: 'dev-1',
        createdAt: '2030-01-01T01:00:00.000Z',
        scheduledAt: '2030-01-10T11:00:00.000Z',
        action: 'reschedule',
        schedule: {
          localTime: '2030-01-10T19:30',
          timezone: 'Asia/Jakarta',
          mode: 'local',
          overduePolicy: 'send'
        }
      }
    ])
    await waitFor(() =>
      expect(within(card).getAllByTestId('schedule-row-result')[0]?.textContent).toBe('2 rescheduled.')
    )
  })

  it('says every number’s text in other words from one form, asking only for what changed (a typo was an edit a number)', async () => {
    let listed = promo(3)
    fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
    fake.handle('outbox:settleSend', ({ reword }) => {
      listed = listed.map((item) => ({ ...item, text: reword!.text }))
      return { done: listed.map((item) => item.id), refused: [] }
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Change the words' }))
    const field = within(card).getByRole('textbox', { name: 'Text message' })
    expect(document.activeElement).toBe(field)
    expect((field as HTMLTextAreaElement).value).toBe('Promo starts at 18:00')
    // Emptied, it is said at the field and nothing is asked.
    await user.clear(field)
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:settleSend')).toEqual([])
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field)
    await user.type(field, 'Promo starts at 19:00')
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:settleSend')).toEqual([
      {
        deviceId: 'dev-1',
        createdAt: '2030-01-01T01:00:00.000Z',
        scheduledAt: '2030-01-10T11:00:00.000Z',
        action: 'reword',
        reword: { like: 'p-0', text: 'Promo starts at 19:00' }
      }
    ])
    await waitFor(() =>
      expect(within(card).getAllByTestId('schedule-row-result')[0]?.textContent).toBe(
        '3 messages now say the new words.'
      )
    )
    await waitFor(() => expect(card.textContent).toContain('Text: Promo starts at 19:00'))
    // Opened again and saved as it is: nothing asked, the form shut.
    await user.click(within(card).getByRole('button', { name: 'Change the words' }))
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:settleSend')).toHaveLength(1)
    expect(within(card).queryByRole('textbox')).toBeNull()
  })

  it('offers one field a text for a send of two texts', async () => {
    const twoTexts = [
      ...promo(2),
      ...promo(2).map((item) => ({ ...item, id: `${item.id}-b`, text: 'Reply STOP to stop' }))
    ]
    fake.handle('outbox:scheduled', () => ({ items: twoTexts, total: 4 }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Change the words' }))
    expect(within(card).getAllByRole('textbox')).toHaveLength(2)
    expect(within(card).getByRole('textbox', { name: 'Text 2 of 2' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(within(card).queryByRole('textbox')).toBeNull()
  })

  it('changes a file’s caption too, one field a file, an emptied caption asked as taken away (it offered none)', async () => {
    const captioned = promo(2, { kind: 'image', text: 'Our new menu', fileName: 'menu.jpg' })
    const bare = promo(2, { kind: 'document', text: null, fileName: 'prices.pdf' }).map((item) => ({
      ...item,
      id: `${item.id}-pdf`
    }))
    fake.handle('outbox:scheduled', () => ({ items: [...captioned, ...bare], total: 4 }))
    fake.handle('outbox:settleSend', () => ({ done: ['p-0', 'p-1'], refused: [] }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Change the words' }))
    const menu = within(card).getByRole('textbox', { name: 'Caption of menu.jpg' }) as HTMLTextAreaElement
    const prices = within(card).getByRole('textbox', { name: 'Caption of prices.pdf' }) as HTMLTextAreaElement
    expect([menu.value, prices.value]).toEqual(['Our new menu', ''])
    await user.clear(menu)
    await user.type(prices, 'Prices for June')
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    expect(menu.getAttribute('aria-invalid')).not.toBe('true')
    expect(fake.requests('outbox:settleSend').map(({ reword }) => reword)).toEqual([
      { like: 'p-0', text: '' },
      { like: 'p-0-pdf', text: 'Prices for June' }
    ])
  })

  it('says a reschedule that moved only some of the send as a warning under the card', async () => {
    fake.handle('outbox:scheduled', () => ({ items: promo(3), total: 3 }))
    fake.handle('outbox:settleSend', () => ({
      done: ['p-0', 'p-2'],
      refused: [{ id: 'p-1', reason: 'not_applicable', status: 'queued' }]
    }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Reschedule all' }))
    fireEvent.change(within(card).getByTestId('schedule-time-input'), { target: { value: '19:30' } })
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    const result = within(card).getAllByTestId('schedule-row-result')[0]!
    await waitFor(() =>
      expect(result.textContent).toBe('2 rescheduled. 1 had changed meanwhile and was left as it is.')
    )
    expect(result.className).toBe('feedback feedback--warn')
  })

  it('says the numbers whose schedule the gateway was saving right then apart from those changed meanwhile', async () => {
    fake.handle('outbox:scheduled', () => ({ items: promo(4), total: 4 }))
    fake.handle('outbox:settleSend', () => ({
      done: ['p-0', 'p-1'],
      refused: [
        { id: 'p-2', reason: 'saving_at_gateway', status: 'scheduled' },
        { id: 'p-3', reason: 'not_applicable', status: 'queued' }
      ]
    }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Change the words' }))
    await user.type(within(card).getByRole('textbox', { name: 'Text message' }), '!')
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(within(card).getAllByTestId('schedule-row-result')[0]?.textContent).toBe(
        '2 messages now say the new words. 1 had changed meanwhile and was left as it is. 1 is being saved at the gateway right now and was left as it is: try again in a moment.'
      )
    )
  })

  it('stays open, its list in place, when its first number is cancelled from it or the whole send moved', async () => {
    let listed = promo(3)
    fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
    fake.handle('outbox:cancel', ({ id }) => {
      listed = listed.filter((item) => item.id !== id)
      return { ...promo(3)[0]!, status: 'cancelled' }
    })
    fake.handle('outbox:settleSend', () => {
      listed = listed.map((item) => ({ ...item, scheduledAt: '2030-01-10T12:30:00.000Z' }))
      return { done: listed.map((item) => item.id), refused: [] }
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Show the 3 numbers' }))
    // Cancelling one number at a time: the card (keyed by its first item before) was drawn anew, shut, each time.
    await user.click(screen.getByTestId('schedule-cancel-p-0'))
    await waitFor(() => expect(within(card).getAllByTestId('schedule-row')).toHaveLength(2))
    expect(screen.getByTestId('schedule-send')).toBe(card)
    expect(within(card).getByRole('list', { name: 'The numbers of this send' }).hidden).toBe(false)
    await user.click(within(card).getByRole('button', { name: 'Reschedule all' }))
    fireEvent.change(within(card).getByTestId('schedule-time-input'), { target: { value: '19:30' } })
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(within(card).getAllByTestId('schedule-time')[0]?.textContent).toBe('10 Jan 2030, 19:30')
    )
    expect(screen.getByTestId('schedule-send')).toBe(card)
  })

  it('keeps two sends due at one time apart, and a number of a send moved on its own', async () => {
    const other = promo(2).map((item) => ({
      ...item,
      id: `o-${item.id}`,
      createdAt: '2030-01-01T01:05:00.000Z'
    }))
    const [alone, ...rest] = promo(3)
    fake.handle('outbox:scheduled', () => ({
      items: [...rest, ...other, { ...alone!, scheduledAt: '2030-01-10T12:00:00.000Z' }],
      total: 5
    }))
    render(<SchedulesView />)
    await waitFor(() => expect(screen.getAllByTestId('schedule-send')).toHaveLength(2))
    const list = screen.getByRole('list', { name: 'Scheduled messages' })
    const top = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list)
    expect(top.map((li) => li.getAttribute('data-testid'))).toEqual([
      'schedule-send',
      'schedule-send',
      'schedule-row'
    ])
  })

  it('says how many of its numbers the gateway has not saved yet, each number’s row why', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ state: 'expired' })] }))
    const gatewaySend = promo(3, { scheduleMode: 'gateway', timezone: 'Asia/Makassar' }).map((item, i) => ({
      ...item,
      savedAtGateway: i === 0
    }))
    fake.handle('outbox:scheduled', () => ({ items: gatewaySend, total: 3 }))
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    expect(within(card).getByTestId('schedule-send-not-at-gateway').textContent).toBe(
      '2 of its numbers are not at the gateway yet: Show the numbers says why.'
    )
    const rows = within(card).getAllByTestId('schedule-row')
    expect(
      rows.map((row) =>
        row.textContent?.includes('not at the gateway yet: Front office has expired at the gateway')
      )
    ).toEqual([false, true, true])
  })

  it('names a send of a text and a file to each number by its numbers and its messages', async () => {
    const text = promo(2)
    const files = promo(2).map((item) => ({
      ...item,
      id: `f-${item.id}`,
      kind: 'document' as const,
      text: 'Our menu',
      fileName: 'menu.pdf'
    }))
    fake.handle('outbox:scheduled', () => ({ items: [...text, ...files], total: 4 }))
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    expect(within(card).getByTestId('schedule-send-to').textContent).toBe(
      'To 2 numbers, 4 messages: +62 812-3456-7000, +62 812-3456-7001'
    )
    expect(card.textContent).toContain('Text: Promo starts at 18:00')
    expect(card.textContent).toContain('Document: menu.pdf — Our menu')
    expect(within(card).getByRole('button', { name: 'Show the 4 messages' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Cancel all 4' })).toBeTruthy()
  })

  it('says a held send released to a device that cannot send waits, and why, never "sent now"', async () => {
    seedStores(makeBootstrap({ devices: [makeDevice({ state: 'needs-scan' })] }))
    const due = new Date(Date.now() - 3 * 3_600_000).toISOString()
    fake.handle('outbox:scheduled', () => ({
      items: promo(2, { held: true, scheduledAt: due, overduePolicy: 'hold' }),
      total: 2
    }))
    fake.handle('outbox:settleSend', () => ({ done: ['p-0', 'p-1'], refused: [] }))
    const user = userEvent.setup()
    render(<SchedulesView />)
    await user.click(await screen.findByRole('button', { name: 'Send all 2 now' }))
    const said = await screen.findByTestId('schedules-result')
    await waitFor(() =>
      expect(said.textContent).toMatch(
        /^To 2 numbers: 2 queued, not sent yet — waiting: .+\. Follow them in the Outbox\.$/
      )
    )
    expect(said.textContent).not.toContain('sent now')
  })

  it('says so when nothing of the send is scheduled any more as it is cancelled', async () => {
    let listed = promo(2)
    fake.handle('outbox:scheduled', () => ({ items: listed, total: listed.length }))
    fake.handle('outbox:settleSend', () => {
      listed = []
      return { done: [], refused: [] }
    })
    const user = userEvent.setup()
    render(<SchedulesView />)
    const card = await screen.findByTestId('schedule-send')
    await user.click(within(card).getByRole('button', { name: 'Cancel all 2' }))
    await user.click(screen.getByTestId('schedule-send-cancel-confirm-p-0'))
    expect(
      await screen.findByText(
        'To 2 numbers: Nothing of this send is scheduled any more: it was sent, cancelled or moved meanwhile.'
      )
    ).toBeTruthy()
  })

  it('leaves the held bar out when one send’s card holds every held message, its own buttons saying the same', async () => {
    const due = new Date(Date.now() - 3 * 3_600_000).toISOString()
    useOutbox.getState().setCounts({
      counts: { ...EMPTY_COUNTS, scheduled: 4, total: 4 },
      heldOverdue: 3
    })
    const read = fake.defer('outbox:scheduled')
    render(<SchedulesView />)
    // Nor while the list is read: the bar was drawn until the card came, then went (and a test found its button,
    // named as the card's, first).
    expect(screen.queryByTestId('schedules-send-held')).toBeNull()
    read.resolve({
      items: [...promo(3, { held: true, scheduledAt: due, overduePolicy: 'hold' }), local],
      total: 4
    })
    await screen.findByRole('button', { name: 'Send all 3 now' })
    expect(screen.queryByTestId('schedules-send-held')).toBeNull()
  })
})
