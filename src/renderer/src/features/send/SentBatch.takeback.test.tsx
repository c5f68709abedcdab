// QA75: the card of a send just made offers to take the send back (Delete for everyone), with the Outbox's bulk
// take-back's question and outcome words, only while something of it can be taken back; the focus goes to the
// question and back. Both languages.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OutboxItemView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap, makeDevice, makeItem, makeSettings, makeTakeBack } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { connectEvents } from '../../stores/app'
import { useNavigation } from '../../stores/navigation'
import { useSend } from '../../stores/send'
import { translate } from '../../i18n'
import { SendView } from './SendView'

let fake: FakeApi
beforeEach(() => {
  fake = installFakeApi()
})

const read = (id: string, recipient: string): OutboxItemView =>
  makeItem({ id, recipient, status: 'read', gatewayId: `gw-${id}`, text: 'Wrong price' })
const sentItems = [
  read('t-1', '6281234567890'),
  read('t-2', '6281234567891'),
  makeItem({ id: 't-3', recipient: '6281234567892', status: 'queued', text: 'Wrong price' })
]

/** The Send view in `language`, its card showing a text sent to each of `items`' numbers. */
function cardOf(language: 'en' | 'id', items: OutboxItemView[]): () => void {
  seedStores(makeBootstrap({ settings: makeSettings({ language }), devices: [makeDevice()] }))
  useNavigation.getState().navigate('send')
  const disconnect = connectEvents()
  render(<SendView />)
  fake.handle('outbox:get', ({ id }) => ({ item: items.find((i) => i.id === id)!, history: [] }))
  act(() => {
    useSend.setState({
      sent: {
        itemIds: items.map((i) => i.id),
        files: [],
        text: 'Wrong price',
        recipients: items.map((i) => i.recipient),
        scheduled: false,
        at: new Date().toISOString()
      }
    })
  })
  return disconnect
}

describe.each(['en', 'id'] as const)('the card of a send just made (%s)', (language) => {
  const say = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>): string =>
    translate(language, key, params)

  it('deletes its messages for everyone, asked as the Outbox asks, and says what it started', async () => {
    const disconnect = cardOf(language, sentItems)
    try {
      const user = userEvent.setup()
      const card = await screen.findByTestId('send-sent')
      const button = await within(card).findByRole('button', { name: say('outbox.takeBack.revoke') })

      // The question takes the focus; Keep gives it back to the button.
      // The one not sent yet is stopped, as the Outbox's question says (QA75).
      const asked = say('outbox.takeBack.revokeConfirmSome', {
        count: 2,
        selected: 3,
        others: say('outbox.takeBack.revokeStops', { count: 1 }),
        shows: say('outbox.takeBack.revokeShows', { count: 2 })
      })
      await user.click(button)
      const question = within(card).getByRole('group', { name: asked })
      expect(question.contains(document.activeElement)).toBe(true)
      await user.click(within(question).getByRole('button', { name: say('common.keep') }))
      expect(within(card).queryByRole('group', { name: asked })).toBeNull()
      expect(document.activeElement).toBe(button)

      // Asked for the send's messages; the outcome is the bulk take-back's, followed under it.
      fake.handle('outbox:takeBack', () =>
        makeTakeBack({
          producerTag: null,
          revoke: { done: 0, refused: 0, unknown: 0, pending: 2 },
          stoppedLocally: 1,
          leftAlone: {}
        })
      )
      fake.handle('outbox:takeBackProgress', () =>
        makeTakeBack({
          producerTag: null,
          revoke: { done: 0, refused: 0, unknown: 0, pending: 2 },
          stoppedLocally: 1,
          leftAlone: {}
        })
      )
      await user.click(button)
      await user.click(
        within(within(card).getByRole('group', { name: asked })).getByRole('button', {
          name: say('outbox.takeBack.revoke')
        })
      )
      expect(fake.requests('outbox:takeBack')).toEqual([{ ids: ['t-1', 't-2', 't-3'], action: 'revoke' }])
      const report = await within(card).findByTestId('send-takeback-report')
      expect(report.textContent).toBe(
        `${say('outbox.takeBack.selectionAll', { n: 2 })} ${say('outbox.takeBack.selectionStopped', { n: 1 })}`
      )
      await waitFor(() => expect(document.activeElement).toBe(report))
      expect(within(card).getByTestId('send-takeback-tally')).toBeTruthy()
    } finally {
      disconnect()
    }
  })

  it('is not offered while nothing of the send can be deleted for everyone', async () => {
    const disconnect = cardOf(language, [
      makeItem({ id: 'n-1', status: 'queued', text: 'Wrong price' }),
      makeItem({ id: 'n-2', recipient: '6281234567891', status: 'revoked', gatewayId: 'gw-n-2' })
    ])
    try {
      const card = await screen.findByTestId('send-sent')
      await waitFor(() => expect(within(card).getAllByTestId('send-file-status').length).toBeGreaterThan(0))
      await screen.findByText(/2/, { selector: '[data-testid="send-sent-summary"]' })
      expect(within(card).queryByRole('button', { name: say('outbox.takeBack.revoke') })).toBeNull()
      expect(within(card).getByRole('button', { name: say('send.sent.dismiss') })).toBeTruthy()
    } finally {
      disconnect()
    }
  })
})
