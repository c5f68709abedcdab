// A gateway schedule cancelled here while the gateway has not taken the cancel yet: its row says the gateway still
// holds it, as its detail does (QA58: the detail said so, the list's "Cancelled" read as done though it could go).
import { render, screen, within } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import { makeBootstrap, makeItem } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { OutboxList } from './OutboxList'

beforeEach(() => {
  const fake = installFakeApi()
  const cancelled = { status: 'cancelled' as const, scheduleMode: 'gateway' as const }
  const items = [
    makeItem({ id: 'still held', text: 'still held', ...cancelled, gatewayStillHolds: true }),
    makeItem({ id: 'cancel taken', text: 'cancel taken', ...cancelled })
  ]
  fake.handle('outbox:list', () => ({ items, total: items.length }))
  giveListsHeight(600)
  seedStores(makeBootstrap())
})

const badgeOf = (text: string): string =>
  within(screen.getByText(`Text: ${text}`).closest('[data-testid="outbox-row"]') as HTMLElement).getByTestId(
    'outbox-status'
  ).textContent ?? ''

it('badges a cancelled row whose cancel the gateway has not taken "Cancelled · the gateway still has it"', async () => {
  render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
  await screen.findByText('Text: still held')
  // The symbol and the full label; the narrow row's short words beside it.
  expect(badgeOf('still held')).toBe('⊘Cancelled · the gateway still has itGateway has it')
  expect(badgeOf('cancel taken')).toBe('⊘Cancelled')
})
