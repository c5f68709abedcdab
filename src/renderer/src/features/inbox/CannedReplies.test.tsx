// Managing canned replies by keyboard: after Add, Save changes or Remove the form empties or the row goes, and the
// focus fell to the page (QA46 Q46-01). It goes to the Title field, ready for the next, and a status says what was done.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { CannedReplyView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import { makeBootstrap } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { CannedReplies } from './CannedReplies'

let fake: FakeApi
let replies: CannedReplyView[]

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap())
  replies = []
  fake.handle('cannedReplies:list', () => ({ replies }))
  fake.handle('cannedReplies:save', ({ id, deviceId, title, text }) => {
    const saved = {
      id: id ?? replies.length + 1,
      deviceId,
      title,
      text,
      updatedAt: '2026-12-01T08:00:00.000Z'
    }
    replies = [...replies.filter((reply) => reply.id !== saved.id), saved]
    return saved
  })
  fake.handle('cannedReplies:remove', ({ id }) => {
    replies = replies.filter((reply) => reply.id !== id)
    return { removed: true }
  })
})

describe('managing canned replies (QA46 Q46-01)', () => {
  it('keeps the focus on the Title field after Add, Save changes and Remove, and says what was done', async () => {
    const user = userEvent.setup()
    render(<CannedReplies deviceId="dev-1" conversationId={1} onInsert={() => {}} />)
    await user.click(await screen.findByTestId('inbox-canned-manage'))
    const title = await screen.findByTestId('inbox-canned-title')
    await user.type(title, 'Jam buka')
    await user.type(screen.getByTestId('inbox-canned-text'), 'Kami buka pukul 08.00.')
    screen.getByTestId('inbox-canned-save').focus()
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByTestId('inbox-canned-status').textContent).toBe('Added “Jam buka”.')
    )
    expect(document.activeElement).toBe(screen.getByTestId('inbox-canned-title'))

    await user.click(screen.getByRole('button', { name: 'Edit Jam buka' }))
    await user.type(screen.getByTestId('inbox-canned-title'), ' toko')
    await user.click(screen.getByTestId('inbox-canned-save'))
    await waitFor(() =>
      expect(screen.getByTestId('inbox-canned-status').textContent).toBe('Saved “Jam buka toko”.')
    )
    expect(document.activeElement).toBe(screen.getByTestId('inbox-canned-title'))

    await user.click(await screen.findByRole('button', { name: 'Remove Jam buka toko' }))
    await waitFor(() =>
      expect(screen.getByTestId('inbox-canned-status').textContent).toBe('Removed “Jam buka toko”.')
    )
    expect(document.activeElement).toBe(screen.getByTestId('inbox-canned-title'))
    expect(screen.getByTestId('inbox-canned-status').getAttribute('role')).toBe('status')
  })
})

// QA74 (QA62): after Remove the focus went to the Title field, away from the list being gone through; it goes to the
// reply that took the removed one's place (the one before, for the last), the Title field once none is left.
describe('removing canned replies one after another', () => {
  it('gives the focus to the next reply’s Edit, else the one before, else the Title field', async () => {
    replies = ['Harga', 'Jam buka', 'Ongkir'].map((title, index) => ({
      id: index + 1,
      deviceId: 'dev-1',
      title,
      text: `${title}: …`,
      updatedAt: '2026-12-01T08:00:00.000Z'
    }))
    const user = userEvent.setup()
    render(<CannedReplies deviceId="dev-1" conversationId={1} onInsert={() => {}} />)
    await user.click(await screen.findByTestId('inbox-canned-manage'))
    for (const [removed, focused] of [
      ['Jam buka', () => screen.getByRole('button', { name: 'Edit Ongkir' })],
      ['Ongkir', () => screen.getByRole('button', { name: 'Edit Harga' })],
      ['Harga', () => screen.getByTestId('inbox-canned-title')]
    ] as const) {
      ;(await screen.findByRole('button', { name: `Remove ${removed}` })).focus()
      await user.keyboard('{Enter}')
      await waitFor(() => expect(screen.queryByRole('button', { name: `Remove ${removed}` })).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(focused()))
      expect(screen.getByTestId('inbox-canned-status').textContent).toBe(`Removed “${removed}”.`)
    }
  })
})

describe('editing a canned reply by keyboard', () => {
  it('takes the focus to the Title field, and Cancel or Escape brings it back to that reply’s Edit', async () => {
    replies = [
      {
        id: 1,
        deviceId: 'dev-1',
        title: 'Jam buka',
        text: 'Kami buka pukul 08.00.',
        updatedAt: '2026-12-01T08:00:00.000Z'
      },
      {
        id: 2,
        deviceId: 'dev-1',
        title: 'Ongkir',
        text: 'Ongkir ke {name} gratis.',
        updatedAt: '2026-12-01T08:00:00.000Z'
      }
    ]
    const user = userEvent.setup()
    render(<CannedReplies deviceId="dev-1" conversationId={1} onInsert={() => {}} />)
    await user.click(await screen.findByTestId('inbox-canned-manage'))

    await user.click(await screen.findByRole('button', { name: 'Edit Ongkir' }))
    const title = screen.getByTestId('inbox-canned-title')
    expect(document.activeElement).toBe(title)
    expect((title as HTMLInputElement).value).toBe('Ongkir')

    await user.click(screen.getByRole('button', { name: 'Cancel editing' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Ongkir' }))
    expect((title as HTMLInputElement).value).toBe('')

    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(title)
    expect((title as HTMLInputElement).value).toBe('Ongkir')
    await user.keyboard('{Escape}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Ongkir' }))
    expect((title as HTMLInputElement).value).toBe('')
    expect(screen.getByTestId('inbox-canned-save').textContent).toBe('Add canned reply')
  })
})
