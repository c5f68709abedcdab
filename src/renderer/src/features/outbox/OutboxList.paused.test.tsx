// A row a pause holds says so in its badge, as the header's "3 queued (3 paused)" counts it (QA39: a paused
// campaign's rows said "Queued", nothing of the pause).
import { act, render, screen, within } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import { makeBootstrap, makeDevice, makeItem } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { useDevices } from '../../stores/devices'
import { useOutbox } from '../../stores/outbox'
import { OutboxList } from './OutboxList'

const campaignRow = (id: string, messageKey: string) =>
  makeItem({
    id,
    text: id,
    producer: { kind: 'campaign', id: 'c-1', ref: 2 },
    waitReason: { message: messageKey, messageKey }
  })

beforeEach(() => {
  const fake = installFakeApi()
  const items = [
    campaignRow('paused campaign', 'campaigns.wait.paused'),
    campaignRow('dropped device part', 'campaigns.autoPause.wasState'),
    campaignRow('waiting out its gap', 'campaigns.wait.gap'),
    makeItem({ id: 'on another device', text: 'on another device', deviceId: 'dev-2' }),
    makeItem({ id: 'sending', text: 'sending', status: 'sending' })
  ]
  fake.handle('outbox:list', () => ({ items, total: items.length }))
  giveListsHeight(600)
  seedStores(makeBootstrap())
  useDevices.setState({ devices: [makeDevice({ id: 'dev-1' }), makeDevice({ id: 'dev-2', label: 'Two' })] })
})

const badgeOf = (text: string): string =>
  within(screen.getByText(`Text: ${text}`).closest('[data-testid="outbox-row"]') as HTMLElement).getByTestId(
    'outbox-status'
  ).textContent ?? ''

it('badges the rows a campaign pause holds "Queued · paused", and every queued row while sending is paused', async () => {
  render(<OutboxList selectedId={null} onSelect={() => {}} checked={new Map()} onCheck={() => {}} />)
  await screen.findByText('Text: paused campaign')
  // The symbol and the full label; the narrow row's short word beside it.
  expect(badgeOf('paused campaign')).toBe('…Queued · pausedPaused')
  expect(badgeOf('dropped device part')).toBe('…Queued · pausedPaused')
  expect(badgeOf('waiting out its gap')).toBe('…Queued')
  expect(badgeOf('on another device')).toBe('…Queued')

  // Its device paused: that device's queued rows.
  act(() =>
    useDevices.setState((s) => ({
      devices: s.devices.map((d) => (d.id === 'dev-2' ? { ...d, paused: true } : d))
    }))
  )
  expect(badgeOf('on another device')).toBe('…Queued · pausedPaused')
  expect(badgeOf('waiting out its gap')).toBe('…Queued')

  // All sending paused: every queued row, not the one being handed over.
  act(() => useOutbox.setState({ sendingPaused: true }))
  expect(badgeOf('waiting out its gap')).toBe('…Queued · pausedPaused')
  expect(badgeOf('sending')).not.toContain('paused')
})
