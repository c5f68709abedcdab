// Overview: each device's state, quota and expiry countdown; today's numbers, each opening the filtered outbox.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useNavigation } from '../../stores/navigation'
import { useOutbox } from '../../stores/outbox'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { daysLeft, OverviewView } from './OverviewView'

let fake: FakeApi

beforeEach(() => {
  fake = installFakeApi()
  const totals: Record<string, number> = { queued: 2, accepted: 5, delivered: 3, read: 7, failed: 1 }
  fake.handle('outbox:list', ({ status }) => ({ items: [], total: totals[status?.[0] ?? ''] ?? 0 }))
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
    expect(first.textContent).toContain('Quota 120')
    expect(first.textContent).toContain('expires in 10 day(s)')
    expect(within(fleet).getByTestId('fleet-dev-2').textContent).toContain('subscription ended')
  })

  it("counts today's messages by status, and each number opens the outbox filtered to it", async () => {
    seedStores(makeBootstrap({ devices: [makeDevice()] }))
    render(<OverviewView />)
    const today = screen.getByRole('region', { name: 'Today' })
    expect((await within(today).findByRole('button', { name: '7 read' })).textContent).toBe('7read')
    expect(within(today).getByRole('button', { name: '2 queued' })).toBeTruthy()
    const request = fake.requests('outbox:list')[0]
    expect(new Date(request?.from ?? '').getHours()).toBe(0)
    await userEvent.setup().click(within(today).getByRole('button', { name: '1 failed' }))
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
