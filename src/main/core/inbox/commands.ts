// The inbox's contract handlers (inbox:status, inbox:list) and the view of its status the window and the tray get.
import type { InboxStatusView, ReceivingView } from '../../../shared/contract'
import { encodeNote, noteFields } from '../../../shared/i18n/notes'
import { isoOrNull } from '../clock'
import { ApiFailure, asClause, type Commands } from '../commands'
import { connectFailure, type ConnectInput } from './connect'
import type { Inbox } from './inbox'
import type { LocalRelay } from './local-relay'
import { messageView } from './message-view'
import type { Receiving } from './receiving'
import type { InboxSyncStatus } from './sync'

export type InboxChannel =
  | 'inbox:status'
  | 'inbox:tryNow'
  | 'inbox:list'
  | 'inbox:connect'
  | 'inbox:connectLocalRelay'
  | 'inbox:receiving'
  | 'inbox:provisionPreview'
  | 'inbox:provision'
  | 'inbox:undoProvision'
  | 'inbox:rotateSecret'
  | 'inbox:rotatePullToken'

export function inboxStatusView(status: ReturnType<Inbox['status']>): InboxStatusView {
  const state: InboxSyncStatus['state'] = status.state
  return {
    state: state.kind,
    behind: state.kind === 'connected' ? state.behind : null,
    since: 'since' in state ? isoOrNull(state.since) : null,
    retryAt: 'retryAt' in state ? isoOrNull(state.retryAt) : null,
    // In English for the CLI and logs, with its key and values when it is one of ours (the window words it).
    ...noteFields(
      'detail' in state
        ? state.detail
        : state.kind === 'credentials-locked'
          ? state.reason
          : state.kind === 'cursor-ahead'
            ? encodeNote('inbox.fault.cursorAhead', { cursor: state.cursor, head: state.head })
            : null,
      'detail',
      'detailKey',
      'detailParams'
    ),
    mailbox: status.mailbox,
    storage: status.storage && {
      used: status.storage.used,
      cap: status.storage.cap,
      nearFull: status.storage.nearFull,
      full: status.storage.full,
      refusedWhileFull: status.storage.refusedWhileFull
    },
    lastContactAt: isoOrNull(status.lastContactAt),
    messages: status.counts.messages,
    unread: status.counts.unread,
    unreadCustomers: status.counts.unreadCustomers,
    markedUnread: status.counts.markedUnread,
    refused: status.counts.refused,
    pending: status.counts.pending
  }
}

export function createInboxCommands(deps: {
  inbox: Inbox
  receiving: Receiving
  localRelay: LocalRelay
}): Commands<InboxChannel> {
  const { inbox, receiving, localRelay } = deps
  async function connect(request: ConnectInput): Promise<ReceivingView> {
    const result = await inbox.connect(request)
    if (result.kind !== 'connected' && result.kind !== 'already-connected') throw connectFailure(result)
    if (result.kind === 'already-connected')
      throw new ApiFailure('mailbox_connected', {
        key: 'desktop.error.mailboxConnected',
        params: { mailbox: result.mailbox }
      })
    // The mailbox in use moved to a relay elsewhere: the one on this computer serves nothing now; its port goes
    // free. Its folder and address stay, so running it again ("the relay on this computer") finds them.
    if (!localRelay.isItsAddress(result.relayUrl)) await localRelay.close()
    return receiving.view()
  }
  return {
    'inbox:status': async () => inboxStatusView(inbox.status()),
    'inbox:tryNow': async () => {
      await inbox.sync.tryNow()
      return inboxStatusView(inbox.status())
    },
    'inbox:list': async (request) => ({ messages: inbox.list(request).map(messageView) }),
    'inbox:connect': connect,
    async 'inbox:connectLocalRelay'({ replace }) {
      const relay = await localRelay.ensure({ anyPortIfTaken: true }).catch((error: unknown) => {
        throw new ApiFailure('local_relay_failed', {
          key: 'desktop.error.localRelayFailed',
          params: { detail: asClause(error instanceof Error ? error.message : String(error)) }
        })
      })
      return connect({
        relayUrl: relay.url,
        creationToken: relay.creationToken,
        ...(replace ? { replace } : {})
      })
    },
    'inbox:receiving': () => receiving.view(),
    'inbox:provisionPreview': ({ deviceId }) => receiving.preview(deviceId),
    'inbox:provision': ({ deviceId }) => receiving.provision(deviceId),
    'inbox:undoProvision': ({ deviceId }) => receiving.undo(deviceId),
    'inbox:rotateSecret': (request) => receiving.rotate(request),
    async 'inbox:rotatePullToken'() {
      await inbox.rotatePullToken()
      return {}
    }
  }
}
