// QA82: what a customer wrote is drawn without the characters that steer the drawing (the shown-text rule and its
// table): an override turned "\u202Egnp.exe" into "exe.png" in the bubble, a NUL was a box, and a push name kept its
// override in the row and the thread's heading. The stored text is the core's; only the drawing changes.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type {
  InboxConversationView,
  InboxMediaView,
  InboxMessageView,
  InboxThreadEntry
} from '../../../../shared/contract'
import { SHOWN_TEXT_CASES } from '../../../../shared/domain/shown-text.cases'
import type { FakeApi } from '../../testing/fake-api'
import {
  makeBootstrap,
  makeConversation,
  makeDevice,
  makeInboxStatus,
  makeReceiving
} from '../../testing/fixtures'
import { installFakeApi, seedStores } from '../../testing/render'
import { giveListsHeight } from '../../testing/list-height'
import { InboxView } from './InboxView'

let fake: FakeApi

const message = (over: Partial<InboxMessageView> = {}): InboxMessageView => ({
  number: 10,
  messageId: 'WA-10',
  deviceSerial: 'SN-0001',
  chatId: '6281377778888',
  isGroup: false,
  groupSubject: null,
  groupMember: null,
  pushName: null,
  text: '',
  messageType: 'text',
  mediaUrl: null,
  sentAt: '2026-01-15T03:01:00.000Z',
  receivedAt: '2026-01-15T03:01:02.000Z',
  fromMe: false,
  read: true,
  keywordOutcome: null,
  ...over
})

function script(conversation: InboxConversationView, entries: InboxThreadEntry[]): void {
  fake.handle('autoReplies:chatbot', () => ({ devices: [] }))
  fake.handle('inbox:status', () => makeInboxStatus({ messages: 1, unread: 0, unreadCustomers: 0 }))
  fake.handle('inbox:receiving', () =>
    makeReceiving({ devices: [{ deviceId: 'dev-1', receiving: true, since: null, canUndo: false }] })
  )
  fake.handle('inbox:conversations', () => ({ conversations: [conversation], next: null }))
  fake.handle('inbox:thread', () => ({ conversation, entries, next: null }))
  fake.handle('inbox:markRead', () => conversation)
  fake.handle('cannedReplies:list', () => ({ replies: [] }))
}

beforeEach(() => {
  fake = installFakeApi()
  seedStores(makeBootstrap({ devices: [makeDevice({ id: 'dev-1', label: 'Shop', serial: 'SN-0001' })] }))
  giveListsHeight(640)
})

describe("a customer's text and name as the inbox draws them (QA82)", () => {
  it.each(SHOWN_TEXT_CASES.filter((c) => c.shown !== ''))(
    'draws $text as $shown in the row, the heading and the bubble',
    async ({ text, shown }) => {
      const conversation = makeConversation({ contactName: null, pushName: text, lastText: text, unread: 0 })
      script(conversation, [
        { direction: 'in', at: '2026-01-15T03:01:02.000Z', message: message({ pushName: text, text }) }
      ])
      render(<InboxView />)
      const row = await screen.findByTestId('inbox-conversation-1')
      expect(within(row).getByTestId('inbox-conversation-title').textContent).toBe(shown)
      expect(row.querySelector('.row-what')?.textContent).toBe(shown)
      await userEvent.setup().click(row)
      const thread = await screen.findByTestId('inbox-thread')
      await waitFor(() => expect(thread.querySelector('h3 bdi')?.textContent).toBe(shown))
      const bubble = await within(thread).findByTestId('inbox-entry-in')
      expect(bubble.querySelector('.inbox-message-text')?.textContent).toBe(shown)
    }
  )

  it("draws a group member's name and a file's name without an override", async () => {
    const file: InboxMediaView = {
      state: 'fetched',
      kind: 'document',
      fileName: 'invoice\u202Efdp.exe',
      type: 'application/pdf',
      bytes: 1024,
      refusal: null,
      note: null
    }
    const group = makeConversation({
      chatId: '120363000000000001@g.us',
      isGroup: true,
      groupSubject: '\u202EReseller\u0000 Bandung',
      contactName: null,
      pushName: null,
      lastText: '',
      lastType: 'document',
      lastSender: '6281377778888',
      unread: 0
    })
    script(group, [
      {
        direction: 'in',
        at: '2026-01-15T03:01:02.000Z',
        message: {
          ...message({
            isGroup: true,
            chatId: group.chatId,
            groupSubject: group.groupSubject,
            groupMember: '6281377778888',
            pushName: '\u202EEko',
            messageType: 'document'
          }),
          media: file
        }
      }
    ])
    render(<InboxView />)
    const row = await screen.findByTestId('inbox-conversation-1')
    expect(within(row).getByTestId('inbox-conversation-title').textContent).toBe('Reseller Bandung')
    await userEvent.setup().click(row)
    const bubble = await screen.findByTestId('inbox-entry-in')
    expect(bubble.querySelector('p.muted.small')?.textContent).toBe('Eko')
    expect(
      within(bubble).getByTestId('inbox-media-file').querySelector('.inbox-media-file-name')?.textContent
    ).toMatch(/^invoicefdp\.exe/)
  })
})
