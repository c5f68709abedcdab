// A burst of conversations arriving above the one the operator is on: it keeps the focus (and RowsKeepPlace its place)
// however far the burst moves it down, as the Outbox's rows do.
import { act, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InboxConversationView } from '../../../../shared/contract'
import { makeBootstrap, makeConversation, makeSettings } from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { Conversations } from './Conversations'
import type { ConversationFilters, Conversations as ConversationsState } from './use-conversations'

const VIEWPORT = 640

beforeEach(() => {
  installFakeApi()
  giveListsHeight(VIEWPORT)
  seedStores(makeBootstrap())
})

/** Conversations `from`..`from + count - 1`, newest (the highest id) first. */
function conversations(from: number, count: number): InboxConversationView[] {
  return Array.from({ length: count }, (_, i) => {
    const id = from + count - 1 - i
    return makeConversation({
      id,
      chatId: `62813000${String(id).padStart(4, '0')}`,
      contactName: `Kontak ${id}`
    })
  })
}

const NO_FILTERS: ConversationFilters = { unreadOnly: false, archived: false, answeredBy: null }

/** The list of `rows` under `filters`. */
function listOf(rows: InboxConversationView[], filters: ConversationFilters = NO_FILTERS): React.JSX.Element {
  const state: ConversationsState = {
    conversations: rows,
    hasMore: false,
    error: null,
    loadMore: () => {},
    reload: () => {},
    retry: () => {},
    replace: () => {},
    remove: () => {}
  }
  return (
    <Conversations
      state={state}
      filters={filters}
      onFilters={() => {}}
      openId={null}
      onOpen={() => {}}
      emptyText="Nothing yet"
    />
  )
}

describe('Conversations as a burst arrives above the focused one', () => {
  it('keeps the focus on the conversation the operator is on, however far down the burst moves it', () => {
    const older = conversations(1, 30)
    const { rerender } = render(listOf(older))
    // The third newest.
    const row = screen.getByTestId('inbox-conversation-28')
    act(() => row.focus())
    // Thirty new conversations, more than the rows drawn beyond the box.
    rerender(listOf([...conversations(31, 30), ...older]))
    expect(document.activeElement).toBe(screen.getByTestId('inbox-conversation-28'))
  })
})

// The focused conversation read, archived or deleted elsewhere (the terminal, another window) left the list: the
// focus went beside it, and nothing said what happened.
describe('Conversations when the focused one leaves the list', () => {
  const unreadOnly = { ...NO_FILTERS, unreadOnly: true }
  const list = (rows: InboxConversationView[]): React.JSX.Element => listOf(rows, unreadOnly)

  it('says so as the focus goes to the next conversation', () => {
    const { rerender } = render(list(conversations(1, 3)))
    act(() => screen.getByTestId('inbox-conversation-3').focus())
    rerender(list(conversations(1, 2)))
    expect(document.activeElement).toBe(screen.getByTestId('inbox-conversation-2'))
    expect(screen.getByTestId('inbox-row-gone').textContent).toBe(
      'The conversation you were on is no longer in this list. You are on the next conversation.'
    )
  })

  it('says it again when the next focused one leaves too, in the same words', () => {
    const { rerender } = render(list(conversations(1, 3)))
    act(() => screen.getByTestId('inbox-conversation-3').focus())
    rerender(list(conversations(1, 2)))
    const status = screen.getByTestId('inbox-row-gone')
    const said = 'The conversation you were on is no longer in this list. You are on the next conversation.'
    expect(status.textContent).toBe(said)
    // The same sentence again: a status whose text does not change is not read again, so its text is put anew.
    const changes = new MutationObserver(() => {})
    changes.observe(status, { childList: true, subtree: true, characterData: true })
    rerender(list(conversations(1, 1)))
    expect(document.activeElement).toBe(screen.getByTestId('inbox-conversation-1'))
    const added = changes
      .takeRecords()
      .flatMap((change) => (change.type === 'childList' ? [...change.addedNodes] : [change.target]))
    changes.disconnect()
    expect(added.map((node) => node.textContent)).toContain(said)
    expect(screen.getByTestId('inbox-row-gone').textContent).toBe(said)
  })

  it('says so in Indonesian as the focus goes to the previous one, then to the heading', () => {
    seedStores(makeBootstrap({ settings: makeSettings({ language: 'id' }) }))
    const { rerender } = render(list(conversations(1, 2)))
    act(() => screen.getByTestId('inbox-conversation-1').focus())
    rerender(list(conversations(2, 1)))
    expect(document.activeElement).toBe(screen.getByTestId('inbox-conversation-2'))
    expect(screen.getByTestId('inbox-row-gone').textContent).toBe(
      'Percakapan yang sedang Anda pilih tidak ada lagi di daftar ini. Sekarang Anda berada di percakapan sebelumnya.'
    )
    rerender(list([]))
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Percakapan' }))
    expect(screen.getByTestId('inbox-row-gone').textContent).toBe(
      'Percakapan yang sedang Anda pilih tidak ada lagi di daftar ini. Sekarang Anda berada di judul Percakapan.'
    )
  })
})
