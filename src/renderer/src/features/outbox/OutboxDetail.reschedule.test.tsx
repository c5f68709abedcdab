// @vitest-environment jsdom
// QA: the Outbox's detail of a scheduled message offered Cancel sending but not Reschedule; the operator had to find
// the same message in Schedules to change its time. It offers Schedules' own Reschedule form now.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItemView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeItem, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { resetOutboxStore } from '../../stores/outbox'
import { OutboxView } from './OutboxView'

let fake: FakeApi
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')

/** 1 Jun 2030, 09:30 in Jakarta, kept by this computer. */
const scheduled: OutboxItemView = makeItem({
  id: 's-1',
  recipient: '6281399998888',
  status: 'scheduled',
  scheduledAt: '2030-06-01T02:30:00.000Z',
  timezone: 'Asia/Jakarta',
  scheduleMode: 'local',
  overduePolicy: 'send'
})
const moved: OutboxItemView = {
  ...scheduled,
  scheduledAt: '2030-06-02T03:00:00.000Z',
  updatedAt: '2025-05-01T09:00:00.000Z'
}

beforeEach(() => {
  fake = installFakeApi()
  resetOutboxStore()
  // jsdom lays nothing out: the list's scroll box gets a height so its rows are drawn.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? 680 : 0
    }
  })
  seedStores(makeBootstrap({ settings: makeSettings({ language: 'en' }), devices: [makeDevice()] }))
})

afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
  vi.useRealTimers()
})

async function openDetailOf(item: OutboxItemView): Promise<HTMLElement> {
  fake.handle('outbox:list', () => ({ items: [item], total: 1 }))
  fake.handle('outbox:get', () => ({ item, history: [] }))
  render(<OutboxView />)
  await userEvent.setup().click(await screen.findByTestId(`outbox-open-${item.id}`))
  return screen.findByTestId('outbox-detail')
}

describe('the detail of a scheduled message', () => {
  it('offers Reschedule, opening the form Schedules uses, prefilled with its time', async () => {
    const detail = await openDetailOf(scheduled)
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    const form = within(detail).getByTestId('schedule-form-s-1')
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('2030-06-01')
    expect((within(form).getByLabelText('Time') as HTMLInputElement).value).toBe('09:30')
    // Its first field takes the focus as it opens.
    expect(document.activeElement).toBe(within(form).getByLabelText('Date'))
  })

  it('saves with outbox:edit, shows the new time in the detail and the row, the focus back on Reschedule', async () => {
    fake.handle('outbox:edit', () => moved)
    const detail = await openDetailOf(scheduled)
    const user = userEvent.setup()
    const reschedule = within(detail).getByRole('button', { name: 'Reschedule' })
    await user.click(reschedule)
    const form = within(detail).getByTestId('schedule-form-s-1')
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2030-06-02' } })
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '10:00' } })
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([
      {
        id: 's-1',
        schedule: {
          localTime: '2030-06-02T10:00',
          timezone: 'Asia/Jakarta',
          mode: 'local',
          overduePolicy: 'send'
        }
      }
    ])
    await waitFor(() => expect(screen.getByTestId('outbox-feedback').textContent).toBe('Rescheduled.'))
    expect(within(detail).queryByTestId('schedule-form-s-1')).toBeNull()
    expect(screen.getByTestId('outbox-scheduled-at').textContent).toContain('2 Jun 2030, 10:00')
    expect(screen.getByTestId('outbox-row-time').textContent).toContain('2 Jun 2030, 10:00')
    expect(document.activeElement).toBe(within(detail).getByRole('button', { name: 'Reschedule' }))
  })

  it('closes the form with Escape, the focus back on Reschedule and the detail still open', async () => {
    const detail = await openDetailOf(scheduled)
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    await user.keyboard('{Escape}')
    expect(within(detail).queryByTestId('schedule-form-s-1')).toBeNull()
    expect(screen.getByTestId('outbox-detail')).toBe(detail)
    expect(document.activeElement).toBe(within(detail).getByRole('button', { name: 'Reschedule' }))
  })

  it('says a time gone by at the field, and saves nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.UTC(2026, 10, 29, 9, 27))
    const detail = await openDetailOf(scheduled)
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    const form = within(detail).getByTestId('schedule-form-s-1')
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-11-29' } })
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '08:00' } })
    expect(within(form).getByTestId('schedule-passed-s-1').textContent).toBe(
      '⚠ This time has passed: it is 29 Nov 2026, 16:27 WIB now. Pick a later time.'
    )
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([])
    expect(document.activeElement).toBe(within(form).getByLabelText('Time'))
  })

  // A time that passed since the form last read the clock was refused at the press with the focus on a field that said
  // nothing yet: it is said there at the press, as the core's refusal is.
  it('says a time that passed since the form drew at the field at the press, the focus there', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.UTC(2026, 10, 29, 9, 27))
    const detail = await openDetailOf(scheduled)
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    const form = within(detail).getByTestId('schedule-form-s-1')
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-11-29' } })
    fireEvent.change(within(form).getByLabelText('Time'), { target: { value: '16:28' } })
    expect(within(form).queryByTestId('schedule-passed-s-1')).toBeNull()
    vi.setSystemTime(Date.UTC(2026, 10, 29, 9, 29))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([])
    expect(within(form).getByTestId('schedule-passed-s-1').textContent).toBe(
      '⚠ This time has passed: it is 29 Nov 2026, 16:29 WIB now. Pick a later time.'
    )
    expect(document.activeElement).toBe(within(form).getByLabelText('Time'))
  })

  it('says its number opted out since, saves nothing, and offers Cancel sending', async () => {
    fake.handle('outbox:cancel', () => ({ ...scheduled, status: 'cancelled' }))
    const detail = await openDetailOf({ ...scheduled, optedOutSince: '2030-04-20T03:00:00.000Z' })
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    const form = within(detail).getByTestId('schedule-form-s-1')
    const notice = within(form).getByTestId('schedule-opted-out-s-1')
    expect(notice.textContent).toBe(
      '+62 813-9999-8888 opted out on 20 Apr 2030, 10:00 WIB: this message will not be sent.'
    )
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toEqual([])
    expect(document.activeElement).toBe(notice)
    await user.click(within(form).getByRole('button', { name: 'Cancel sending' }))
    expect(fake.requests('outbox:cancel')).toEqual([{ id: 's-1' }])
  })

  // Issue 29 (6): the core's refusal was said in the detail's result line, the time field unmarked, the focus on Save.
  it("says the core's refusal of the time at the time field, as its own check does, the focus there", async () => {
    fake.fail('outbox:edit', {
      code: 'invalid_input',
      message: 'That time has already passed: pick a later one.',
      messageKey: 'desktop.error.schedulePassed',
      field: 'schedule.localTime'
    })
    const detail = await openDetailOf(scheduled)
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    const form = within(detail).getByTestId('schedule-form-s-1')
    const time = within(form).getByLabelText('Time')
    fireEvent.change(time, { target: { value: '10:00' } })
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'))
    const said = document.getElementById(time.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
    expect(said?.textContent).toBe('⚠ That time has already passed: pick a later one.')
    expect(within(form).getByTestId('schedule-passed-s-1')).toBe(said)
    expect(document.activeElement).toBe(time)
    // Said once, at the field: the result line stays quiet, and the form and the operator's time stay.
    expect(screen.getByTestId('outbox-feedback').textContent).toBe('')
    expect((time as HTMLInputElement).value).toBe('10:00')
    // Another time is another question: the refusal goes with the change, not before.
    fireEvent.change(time, { target: { value: '11:00' } })
    expect(time.getAttribute('aria-invalid')).toBeNull()
    expect(within(form).queryByTestId('schedule-passed-s-1')).toBeNull()
  })

  it('says a refusal about no field (opted out since) in the result line, the focus there', async () => {
    fake.fail('outbox:edit', {
      code: 'opted_out',
      message: '+62 813-9999-8888 opted out on 2030-04-20T03:00:00.000Z: it cannot be rescheduled.',
      field: 'schedule'
    })
    const detail = await openDetailOf(scheduled)
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    const form = within(detail).getByTestId('schedule-form-s-1')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    const line = screen.getByTestId('outbox-feedback')
    await waitFor(() => expect(line.textContent).toContain('opted out'))
    expect(document.activeElement).toBe(line)
    expect(within(form).getByLabelText('Time').getAttribute('aria-invalid')).toBeNull()
  })

  it('offers it in Indonesian as Schedules names it', async () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }), devices: [makeDevice()] }))
    const detail = await openDetailOf(scheduled)
    expect(within(detail).getByRole('button', { name: 'Ubah jadwal' })).toBeTruthy()
  })

  // Schedules moves one the gateway keeps too (the core's edit updates the gateway's copy): so does the detail.
  it('moves one the gateway keeps, its mode kept', async () => {
    const kept = { ...scheduled, scheduleMode: 'gateway' as const, savedAtGateway: true, overduePolicy: null }
    fake.handle('outbox:edit', () => ({ ...kept, scheduledAt: '2030-06-02T03:00:00.000Z' }))
    const detail = await openDetailOf(kept)
    const user = userEvent.setup()
    await user.click(within(detail).getByRole('button', { name: 'Reschedule' }))
    const form = within(detail).getByTestId('schedule-form-s-1')
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2030-06-02' } })
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(fake.requests('outbox:edit')).toMatchObject([
      { id: 's-1', schedule: { localTime: '2030-06-02T09:30', mode: 'gateway' } }
    ])
  })

  it('is not offered for a message no longer scheduled', async () => {
    const detail = await openDetailOf(makeItem({ id: 'q-1', status: 'queued' }))
    expect(within(detail).queryByRole('button', { name: 'Reschedule' })).toBeNull()
  })
})
