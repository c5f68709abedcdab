// The inbox's contract handlers (status, messages, conversations, threads, marks, search, contacts) and the view of
// its status the window and the tray get.
import type { InboxStatusView } from '../../../shared/contract'
import { ApiFailure, type Commands } from '../commands'
import { normalisePhone } from '../gateway'
import { CannedReplyNotFound, ConversationNotFound, messageView, type GatewayContacts } from './conversations'
import type { Inbox } from './inbox'
import type { InboxSyncStatus } from './sync'

export type InboxChannel =
  | 'inbox:status'
  | 'inbox:list'
  | 'inbox:conversations'
  | 'inbox:thread'
  | 'inbox:markRead'
  | 'inbox:archive'
  | 'inbox:search'
  | 'contacts:list'
  | 'contacts:set'
  | 'contacts:remove'
  | 'contacts:syncWithGateway'
  | 'cannedReplies:list'
  | 'cannedReplies:save'
  | 'cannedReplies:remove'
  | 'cannedReplies:render'

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

/** A conversation that is not there, in the operator's words. */
function known<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof ConversationNotFound)
      throw new ApiFailure(
        'not_found',
        { key: 'desktop.error.conversationGone', params: { id: error.conversationId } },
        'conversationId'
      )
    if (error instanceof CannedReplyNotFound)
      throw new ApiFailure(
        'not_found',
        { key: 'desktop.error.cannedReplyGone', params: { id: error.replyId } },
        'id'
      )
    throw error
  }
}

/** A contact's number by the gateway's one normalisation; refused in a sentence. */
function contactPhone(phone: string): string {
  try {
    return normalisePhone(phone)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ApiFailure(
      'invalid_input',
      { key: 'desktop.error.contactNumber', params: { phone, reason } },
      'phone'
    )
  }
}

export function createInboxCommands(deps: {
  inbox: Inbox
  /** A device's opened gateway client (refused in the operator's words when the device is gone). */
  gatewayContacts?: (deviceId: string) => Promise<GatewayContacts>
}): Commands<InboxChannel> {
  return {
    'inbox:status': async () => inboxStatusView(deps.inbox.status()),
    'inbox:list': async (request) => ({ messages: deps.inbox.list(request).map(messageView) }),
    'inbox:conversations': async (request) => deps.inbox.conversations.list(request),
    'inbox:thread': async ({ conversationId, ...options }) =>
      known(() => deps.inbox.conversations.thread(conversationId, options)),
    'inbox:markRead': async ({ conversationId, read }) =>
      known(() => deps.inbox.conversations.markRead(conversationId, read)),
    'inbox:archive': async ({ conversationId, archived }) =>
      known(() => deps.inbox.conversations.archive(conversationId, archived)),
    'inbox:search': async ({ text, ...options }) => deps.inbox.conversations.search(text, options),
    'contacts:list': async (request) => deps.inbox.conversations.contacts.list(request),
    'contacts:set': async ({ phone, name }) =>
      deps.inbox.conversations.contacts.set(contactPhone(phone), name),
    'contacts:remove': async ({ phone }) => {
      let normalised = phone
      try {
        normalised = normalisePhone(phone)
      } catch {
        // A kept number is always normalised: anything else is simply not there.
      }
      return { removed: deps.inbox.conversations.contacts.remove(normalised) }
    },
    'contacts:syncWithGateway': async ({ deviceId }) => {
      if (!deps.gatewayContacts)
        throw new ApiFailure('not_found', { key: 'desktop.error.deviceGone' }, 'deviceId')
      return deps.inbox.conversations.contacts.syncWithGateway(await deps.gatewayContacts(deviceId))
    },
    'cannedReplies:list': async ({ deviceId }) => ({
      replies: deps.inbox.conversations.cannedReplies.list(deviceId)
    }),
    'cannedReplies:save': async (request) =>
      known(() => deps.inbox.conversations.cannedReplies.save(request)),
    'cannedReplies:remove': async ({ id }) => ({
      removed: deps.inbox.conversations.cannedReplies.remove(id)
    }),
    'cannedReplies:render': async ({ id, conversationId }) =>
      known(() => deps.inbox.conversations.cannedReplies.render(id, conversationId))
  }
}
