// A message whose take-back (Delete for everyone, Cancel at the gateway) waits for its device: its row says so (a QA
// pass: the list showed plain "Read" while the gateway was still to delete it for everyone).
import { render, screen, within } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import { makeBootstrap, makeItem } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { OutboxList } from './OutboxList'

beforeEach(() => {
  const fake = installFakeApi()
  const read = { status: 'read' as const, gatewayId: 'gw-1' }
  const items = [
    makeItem({ id: 'taking back', text: 'taking back', ...read, takingBack: true }),
    makeItem({ id: 'just read', text: 'just read', ...read })
  ]
  fake.handle('outbox:list', () => ({ items, total: items.length }))
  giveListsHeight(600)
  seedStores(makeBootstrap())
})

const badgeOf = (text: string): string =>
  within(screen.getByText(`Text: ${text}`).closest('[data-testid="outbox-row"]') as HTMLElement).getByTestId(
    'outbox-status'
  ).textContent ?? ''

it('badges a row whose take-back has not settled "Read · being taken back"', async () => {
  render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
  await screen.findByText('Text: taking back')
  expect(badgeOf('taking back')).toMatch(/^.Read · being taken backTaking back$/)
  expect(badgeOf('just read')).toMatch(/^.Read$/)
})
