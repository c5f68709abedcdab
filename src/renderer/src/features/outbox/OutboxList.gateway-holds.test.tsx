// What the gateway still holds or is still to do for a message, said on its row as its detail says it.
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OutboxItemView } from '../../../../shared/contract'
import { makeBootstrap, makeItem } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { OutboxList } from './OutboxList'

/** The list of these messages, on screen once the first is. */
async function listOf(items: OutboxItemView[]): Promise<void> {
  const fake = installFakeApi()
  fake.handle('outbox:list', () => ({ items, total: items.length }))
  giveListsHeight(600)
  seedStores(makeBootstrap())
  render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
  await screen.findByText(`Text: ${items[0]?.text ?? ''}`)
}

const badgeOf = (text: string): string =>
  within(screen.getByText(`Text: ${text}`).closest('[data-testid="outbox-row"]') as HTMLElement).getByTestId(
    'outbox-status'
  ).textContent ?? ''

// A gateway schedule cancelled here while the gateway has not taken the cancel yet (QA58: the detail said so, the
// list's "Cancelled" read as done though it could go).
describe('a cancel the gateway has not taken', () => {
  it('badges its row "Cancelled · the gateway still has it"', async () => {
    const cancelled = { status: 'cancelled' as const, scheduleMode: 'gateway' as const }
    await listOf([
      makeItem({ id: 'still held', text: 'still held', ...cancelled, gatewayStillHolds: true }),
      makeItem({ id: 'cancel taken', text: 'cancel taken', ...cancelled })
    ])
    // The symbol and the full label; the narrow row's short words beside it.
    expect(badgeOf('still held')).toBe('⊘Cancelled · the gateway still has itGateway has it')
    expect(badgeOf('cancel taken')).toBe('⊘Cancelled')
  })
})

// A take-back (Delete for everyone, Cancel at the gateway) waiting for its device (QA65: the list showed plain "Read"
// while the gateway was still to delete it for everyone).
describe('a take-back not settled', () => {
  it('badges its row "Read · being taken back"', async () => {
    const read = { status: 'read' as const, gatewayId: 'gw-1' }
    await listOf([
      makeItem({ id: 'taking back', text: 'taking back', ...read, takingBack: true }),
      makeItem({ id: 'just read', text: 'just read', ...read })
    ])
    expect(badgeOf('taking back')).toMatch(/^.Read · being taken backTaking back$/)
    expect(badgeOf('just read')).toMatch(/^.Read$/)
  })
})
