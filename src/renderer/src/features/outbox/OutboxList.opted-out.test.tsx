// A message cancelled because its number opted out says so in the outbox list: nobody cancelled it (QA23 Q23-04).
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { makeBootstrap, makeItem } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { OutboxList } from './OutboxList'

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')

beforeEach(() => {
  const fake = installFakeApi()
  const items = [
    makeItem({
      id: 'stopped',
      text: 'To a number that opted out',
      status: 'cancelled',
      failure: { code: 'opted_out', message: 'The number opted out', gatewayMessage: null }
    }),
    makeItem({ id: 'by-hand', text: 'Cancelled by the operator', status: 'cancelled' })
  ]
  fake.handle('outbox:list', () => ({ items, total: items.length }))
  // jsdom lays nothing out: give the scroll box a height so the virtualizer has a viewport.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('outbox-scroll') ? 600 : 0
    }
  })
  seedStores(makeBootstrap())
})

afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

it('labels an opted-out row "Opted out" and an operator\'s cancel "Cancelled"', async () => {
  render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
  await screen.findByText('Text: To a number that opted out')
  const badgeOf = (text: string): string =>
    within(screen.getByText(text).closest('[data-testid="outbox-row"]') as HTMLElement).getByTestId(
      'outbox-status'
    ).textContent ?? ''
  expect(badgeOf('Text: To a number that opted out')).toContain('Opted out')
  expect(badgeOf('Text: Cancelled by the operator')).toContain('Cancelled')
})
