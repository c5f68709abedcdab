// The contract handlers of the inbox an operator works from: conversations, threads, read and archive marks, search,
// contacts (with the operator's sync to the gateway's address book) and canned replies. Replies themselves are the
// sending feature's (inbox:reply): they go through its checks.
import { ApiFailure, type Commands } from '../commands'
import { normalisePhone } from '../gateway'
import { CannedReplyNotFound, ConversationNotFound, type GatewayContacts } from './conversations'
import type { Inbox } from './inbox'

export type ConversationChannel =
  | 'inbox:conversations'
  | 'inbox:thread'
  | 'inbox:markRead'
  | 'inbox:archive'
  | 'inbox:deleteConversation'
  | 'inbox:search'
  | 'contacts:list'
  | 'contacts:page'
  | 'contacts:names'
  | 'contacts:suggest'
  | 'contacts:set'
  | 'contacts:add'
  | 'contacts:restore'
  | 'contacts:remove'
  | 'contacts:syncWithGateway'
  | 'cannedReplies:list'
  | 'cannedReplies:save'
  | 'cannedReplies:remove'
  | 'cannedReplies:render'

/** A conversation or canned reply that is not there, in the operator's words; any other error as it is. */
function inOperatorWords(error: unknown): unknown {
  if (error instanceof ConversationNotFound)
    // No internal id in the words: the operator never sees a conversation's number (QA24 Q24-06).
    return new ApiFailure('not_found', { key: 'desktop.error.conversationGone' }, 'conversationId')
  if (error instanceof CannedReplyNotFound)
    return new ApiFailure(
      'not_found',
      { key: 'desktop.error.cannedReplyGone', params: { id: error.replyId } },
      'id'
    )
  return error
}

function known<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    throw inOperatorWords(error)
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

export function createConversationCommands(deps: {
  inbox: Pick<Inbox, 'conversations'>
  /** A device's opened gateway client (refused in the operator's words when the device is gone). */
  gatewayContacts?: (deviceId: string) => Promise<GatewayContacts>
  /** A conversation was marked read or unread: the unread totals moved. */
  onReadChanged?: () => void
  /** Contacts' names changed (set, removed, synced): the window's cached names refetch. */
  onContactsChanged?: () => void
}): Commands<ConversationChannel> {
  const changed = <T>(result: T): T => {
    deps.onContactsChanged?.()
    return result
  }
  return {
    'inbox:conversations': async (request) => deps.inbox.conversations.list(request),
    'inbox:thread': async ({ conversationId, ...options }) =>
      known(() => deps.inbox.conversations.thread(conversationId, options)),
    'inbox:markRead': async ({ conversationId, read }) => {
      const marked = known(() => deps.inbox.conversations.markRead(conversationId, read))
      deps.onReadChanged?.()
      return marked
    },
    'inbox:archive': async ({ conversationId, archived }) => {
      const marked = known(() => deps.inbox.conversations.archive(conversationId, archived))
      // An archived conversation's unread messages are not counted (as "Unread only" does not find them).
      deps.onReadChanged?.()
      return marked
    },
    'inbox:deleteConversation': async ({ conversationId }) => {
      const deleted = await deps.inbox.conversations.delete(conversationId).catch((error: unknown) => {
        throw inOperatorWords(error)
      })
      // Its unread messages went with it: the tray's and the tab's counts move.
      deps.onReadChanged?.()
      return deleted
    },
    'inbox:search': async ({ text, ...options }) => deps.inbox.conversations.search(text, options),
    'contacts:list': async (request) => deps.inbox.conversations.contacts.list(request),
    'contacts:page': async (request) => deps.inbox.conversations.contacts.page(request),
    'contacts:names': async ({ chats }) => ({ names: deps.inbox.conversations.contacts.names(chats) }),
    'contacts:suggest': async ({ text, limit }) => ({
      suggestions: deps.inbox.conversations.contacts.suggest(text, limit)
    }),
    'contacts:set': async ({ phone, name }) =>
      changed(deps.inbox.conversations.contacts.set(contactPhone(phone), name)),
    'contacts:add': async ({ phone, name }) => {
      const added = deps.inbox.conversations.contacts.add(contactPhone(phone), name)
      return added.added ? changed(added) : added
    },
    'contacts:restore': async (contact) =>
      changed(deps.inbox.conversations.contacts.restore({ ...contact, phone: contactPhone(contact.phone) })),
    'contacts:remove': async ({ phone }) => {
      let normalised = phone
      try {
        normalised = normalisePhone(phone)
      } catch {
        // A kept number is always normalised: anything else is simply not there.
      }
      return changed({ removed: deps.inbox.conversations.contacts.remove(normalised) })
    },
    'contacts:syncWithGateway': async ({ deviceId }) => {
      if (!deps.gatewayContacts)
        throw new ApiFailure('not_found', { key: 'desktop.error.deviceGone' }, 'deviceId')
      return changed(
        await deps.inbox.conversations.contacts.syncWithGateway(await deps.gatewayContacts(deviceId))
      )
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
