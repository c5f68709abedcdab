// The inbox's contract handlers (inbox:status, inbox:list) and the view of its status the window and the tray get.
import type { InboxMessageView, InboxStatusView } from '../../../shared/contract'
import type { Commands } from '../commands'
import type { InboxMessageRecord } from '../store'
import type { Inbox } from './inbox'
import type { InboxSyncStatus } from './sync'

export type InboxChannel = 'inbox:status' | 'inbox:list'

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

export function inboxStatusView(status: ReturnType<Inbox['status']>): InboxStatusView {
  const state: InboxSyncStatus['state'] = status.state
  return {
    state: state.kind,
    behind: state.kind === 'connected' ? state.behind : null,
    since: 'since' in state ? iso(state.since) : null,
    retryAt: 'retryAt' in state ? iso(state.retryAt) : null,
    detail:
      'detail' in state
        ? state.detail
        : state.kind === 'credentials-locked'
          ? state.reason
          : state.kind === 'cursor-ahead'
            ? `cursor ${state.cursor}, relay head ${state.head}`
            : null,
    mailbox: status.mailbox,
    storage: status.storage && {
      used: status.storage.used,
      cap: status.storage.cap,
      nearFull: status.storage.nearFull,
      full: status.storage.full,
      refusedWhileFull: status.storage.refusedWhileFull
    },
    lastContactAt: iso(status.lastContactAt),
    messages: status.counts.messages,
    unread: status.counts.unread,
    refused: status.counts.refused,
    pending: status.counts.pending
  }
}

export function messageView(message: InboxMessageRecord): InboxMessageView {
  return {
    number: message.number,
    messageId: message.messageId,
    deviceSerial: message.deviceSerial,
    chatId: message.chatId,
    isGroup: message.isGroup,
    groupSubject: message.groupSubject,
    groupMember: message.groupMember,
    pushName: message.pushName,
    text: message.text,
    messageType: message.messageType,
    mediaUrl: message.mediaUrl,
    sentAt: iso(message.sentAt),
    receivedAt: new Date(message.receivedAt).toISOString(),
    fromMe: message.fromMe,
    read: message.read
  }
}

export function createInboxCommands(deps: { inbox: Inbox }): Commands<InboxChannel> {
  return {
    'inbox:status': async () => inboxStatusView(deps.inbox.status()),
    'inbox:list': async (request) => ({ messages: deps.inbox.list(request).map(messageView) })
  }
}
