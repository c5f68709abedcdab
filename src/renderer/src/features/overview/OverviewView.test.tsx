// Overview: each device's state, quota and expiry countdown; today's numbers, each opening the filtered outbox.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useNavigation } from '../../stores/navigation'
import { EMPTY_COUNTS, useOutbox } from '../../stores/outbox'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { daysLeft, OverviewView } from './OverviewView'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  // Six sent today and read since, one of them failed at the gateway; two failed and 200 cancelled today.
  fake.handle('outbox:since', () => ({
    handedOver: { ...EMPTY_COUNTS, read: 6, failed: 1, total: 7 },
    failed: 2,
    cancelled: 200
  }))
})

describe('overview', () => {
  it("shows the fleet with each device's state, quota and days to expiry", () => {
    const inTenDays = new Date(Date.now() + 10.5 * 24 * 3_600_000).toISOString()
    seedStores(
      makeBootstrap({
        devices: [
          makeDevice({ expiresAt: inTenDays, quota: 120 }),
          makeDevice({
            id: 'dev-2',
            label: 'Branch',
            state: 'expired',
            expiresAt: '2020-01-01T00:00:00.000Z'
          })
        ]
      })
    )
    render(<OverviewView />)
    const fleet = screen.getByRole('region', { name: 'Devices' })
    const first = within(fleet).getByTestId('fleet-dev-1')
    expect(first.textContent).toContain('Connected')
    expect(first.textContent).toContain('Quota 120 messages left')
    expect(first.textContent).toContain('expires in 10 days')
    expect(within(fleet).getByTestId('fleet-dev-2').textContent).toContain('subscription ended')
  })

  it("counts today's messages by when they were sent, not where they are now (issue 29)", async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    useOutbox.getState().setCounts({ ...EMPTY_COUNTS, scheduled: 1, queued: 1, read: 6, total: 8 }, false)
    render(<OverviewView />)
    const today = screen.getByRole('region', { name: 'Today' })
    // Read since, they still count as sent today; what waits now counts scheduled messages too.
    expect(await within(today).findByRole('button', { name: '7 sent today' })).toBeTruthy()
    expect(within(today).getByRole('button', { name: '2 waiting now' })).toBeTruthy()
    expect(within(today).getByRole('button', { name: '200 cancelled today' })).toBeTruthy()
    expect(within(today).getByTestId('today-sent-now').textContent).toBe(
      'Sent today, where they are now: 6 read · 1 failed'
    )
    const request = fake.requests('outbox:since')[0]
    expect(new Date(request?.since ?? '').getHours()).toBe(0)
    await userEvent.setup().click(within(today).getByRole('button', { name: '2 failed today' }))
    expect(useNavigation.getState().view).toBe('outbox')
    expect(useOutbox.getState().filters.statuses).toEqual(['failed'])
  })

  it('counts whole days to the expiry', () => {
    const now = Date.parse('2025-05-01T00:00:00.000Z')
    expect(daysLeft('2025-05-03T12:00:00.000Z', now)).toBe(2)
    expect(daysLeft('2025-04-30T00:00:00.000Z', now)).toBe(-1)
    expect(daysLeft(null, now)).toBeNull()
  })
})
