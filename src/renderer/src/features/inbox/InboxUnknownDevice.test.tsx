// QA82 defect 4: a message the relay brings for a device serial Sender Desk does not know makes a conversation of its
// own (its device is part of what a conversation is). Its row and its thread's heading say so, with the number it came
// to (else the gateway's serial), so it reads apart from the same customer's conversation on the operator's device.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InboxConversationView } from '../../../../shared/contract'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeConversation,
  makeDevice,
  makeInboxStatus,
  makeReceiving,
  makeSettings
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { InboxView } from './InboxView'

let fake: FakeApi

const SITI = makeConversation({ id: 1, contactName: 'Siti Aminah', chatId: '6285700001111', unread: 0 })
const SITI_ELSEWHERE = makeConversation({
  id: 2,
  contactName: 'Siti Aminah',
  chatId: '6285700001111',
  deviceId: null,
  deviceSerial: 'ZZZZZZ',
  devicePhone: '6285700009999',
  lastText: 'other serial',
  unread: 1
})

function script(conversations: InboxConversationView[]): void {
  fake.handle('autoReplies:chatbot', () => ({ devices: [] }))
  fake.handle('inbox:status', () => makeInboxStatus({ messages: 2, unread: 1, unreadCustomers: 1 }))
  fake.handle('inbox:receiving', () =>
    makeReceiving({ devices: [{ deviceId: 'dev-1', receiving: true, since: null, canUndo: false }] })
  )
  fake.handle('inbox:conversations', () => ({ conversations, next: null }))
  fake.handle('inbox:thread', ({ conversationId }) => ({
    conversation: conversations.find((c) => c.id === conversationId)!,
    entries: [],
    next: null
  }))
  fake.handle('inbox:markRead', ({ conversationId }) => conversations.find((c) => c.id === conversationId)!)
  fake.handle('cannedReplies:list', () => ({ replies: [] }))
}

function seed(
  language: 'en' | 'id',
  devices = [makeDevice({ id: 'dev-1', label: 'Shop', serial: 'SN-0001' })]
): void {
  seedStores(makeBootstrap({ devices, settings: makeSettings({ language }) }))
}

beforeEach(() => {
  fake = installFakeApi()
  giveListsHeight(640)
})

describe('a conversation through a device Sender Desk does not know (QA82)', () => {
  it.each([
    {
      language: 'en' as const,
      words: 'to a device not in Sender Desk (+62 857-0000-9999)',
      noReply:
        'This conversation came through a device Sender Desk does not know, so it cannot reply from here.'
    },
    {
      language: 'id' as const,
      words: 'ke perangkat yang tidak ada di Sender Desk (+62 857-0000-9999)',
      noReply:
        'Percakapan ini masuk lewat perangkat yang tidak dikenal Sender Desk, jadi tidak bisa dibalas dari sini.'
    }
  ])(
    'says so in its row and heading, with the number it came to ($language)',
    async ({ language, words, noReply }) => {
      seed(language)
      script([SITI_ELSEWHERE, SITI])
      render(<InboxView />)
      const row = await screen.findByTestId('inbox-conversation-2')
      expect(within(row).getByTestId('inbox-row-unknown-device').textContent).toBe(`, ${words}, `)
      // Heard between her number and her message, apart from both.
      expect(row.textContent).toMatch(/^Siti Aminah \+62 857-0000-1111, .+, other serial/)
      // The same customer on the operator's own device says nothing of it: one device, nothing to tell apart.
      expect(
        within(screen.getByTestId('inbox-conversation-1')).queryByTestId('inbox-row-unknown-device')
      ).toBeNull()
      await userEvent.setup().click(row)
      const thread = await screen.findByTestId('inbox-thread')
      await waitFor(() =>
        expect(within(thread).getByRole('heading', { level: 3 }).textContent).toBe(
          `Siti Aminah +62 857-0000-1111 · ${words}`
        )
      )
      // Its reply box says why no reply goes from here.
      expect((await screen.findByTestId('inbox-reply-no-device')).textContent).toBe(noReply)
    }
  )

  it("goes by the gateway's serial when the number it came to is not known", async () => {
    seed('en')
    script([{ ...SITI_ELSEWHERE, devicePhone: null }, SITI])
    render(<InboxView />)
    const row = await screen.findByTestId('inbox-conversation-2')
    expect(within(row).getByTestId('inbox-row-unknown-device').textContent).toBe(
      ', to a device not in Sender Desk (ZZZZZZ), '
    )
  })

  it('says it once with several devices, where the others are named by their device', async () => {
    seed('en', [
      makeDevice({ id: 'dev-1', label: 'Shop', serial: 'SN-0001' }),
      makeDevice({ id: 'dev-2', label: 'Gudang', serial: 'SN-0002' })
    ])
    script([SITI_ELSEWHERE, SITI])
    render(<InboxView />)
    const row = await screen.findByTestId('inbox-conversation-2')
    expect(within(row).getByTestId('inbox-row-unknown-device').textContent).toBe(
      ', to a device not in Sender Desk (+62 857-0000-9999), '
    )
    expect(row.textContent).not.toContain('ZZZZZZ')
    expect(screen.getByTestId('inbox-conversation-1').textContent).toContain('Shop')
    await userEvent.setup().click(row)
    const thread = await screen.findByTestId('inbox-thread')
    await waitFor(() =>
      expect(within(thread).getByRole('heading', { level: 3 }).textContent).toBe(
        'Siti Aminah +62 857-0000-1111 · to a device not in Sender Desk (+62 857-0000-9999)'
      )
    )
  })
})
