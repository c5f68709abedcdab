/**
 * `sender-desk inbox connect|rotate|sync|list|show|reply|delete`: messages in through the inbox relay. `connect` makes the
 * mailbox (a key pair here, the public half to the relay) and prints the three webhook URLs to set in the gateway;
 * `rotate` gives the mailbox a new ingress secret (after a leaked URL) and prints the new URLs, or with `--pull-token`
 * a new pull token (after a leaked secrets file), kept and never printed; `sync` pulls what
 * waits (exactly once) and `--follow` keeps pulling; `list` shows the conversations (or one chat's messages), `show`
 * a chat's thread or one message; `reply` queues an answer through the Send checks; `delete` removes a chat's
 * conversations and their messages and files from this computer (asked for with --yes). The mailbox's pull token and
 * private key stay in the data folder's secrets file and are never printed.
 */
import { randomUUID } from 'node:crypto'
import { CommandFailure, UnreachableError, UsageError, stringFlag } from './args'
import { EXIT, counted } from './output'
import { optedOutAnswer, refusingOptedOut } from './opted-out'
import {
  cliDataDir,
  commandLineDevice,
  saidNoData,
  whoSendsQueued,
  withCommandLineCore
} from './outbox-commands'
import { registerFile } from './send-commands'
import { reportDataUpdate } from './data-update'
import {
  composeCommandLineInbox,
  normaliseRecipients,
  createRedactingLogger,
  type Inbox,
  type InboxSyncState,
  type InboxSyncStatus
} from '../core/compose-command-line'
import type { CliContext } from './index'
import { translateNote } from '../../shared/i18n/notes'
import type { InboxConversationView, InboxThreadEntry } from '../../shared/contract'

const USAGE_LINE =
  'inbox needs: connect --relay URL [--replace] | rotate [--stop-old | --pull-token] | sync [--follow] | list [--unread] [--archived] [--chat <phone or group id>] | ' +
  'show <phone, group id or message number> | reply <phone or group id> --text T | --file F [--text caption] [--group] | ' +
  'delete <phone or group id> --yes'

type ComposedInbox = Awaited<ReturnType<typeof composeCommandLineInbox>>

/** The terminal's inbox for one command (the contacts commands use it too), closed after. */
export async function withInbox<T>(
  context: CliContext,
  run: (inbox: Inbox, composed: ComposedInbox) => Promise<T>
): Promise<T> {
  const composed = await composeCommandLineInbox({
    dataDir: cliDataDir(context),
    onDataUpdate: reportDataUpdate(context.out),
    logger: createRedactingLogger(
      (level, line) => {
        if (level === 'error' || level === 'warn') context.out.progress(`sender-desk: ${line}`)
      },
      () => []
    )
  })
  try {
    return await run(composed.inbox, composed)
  } finally {
    await composed.close()
  }
}

export async function runInbox(context: CliContext): Promise<number> {
  const [sub, ...rest] = context.args.positionals
  switch (sub) {
    case 'connect':
      return connect(context)
    case 'rotate':
      return rotate(context)
    case 'sync':
      return sync(context)
    case 'list':
      return list(context)
    case 'show':
      return show(context, rest[0])
    case 'reply':
      return reply(context, rest[0])
    case 'delete':
      return deleteChat(context, rest[0])
    default:
      throw new UsageError(USAGE_LINE)
  }
}

async function connect(context: CliContext): Promise<number> {
  const relayUrl = stringFlag(context.args, 'relay')
  if (!relayUrl?.trim())
    throw new UsageError('--relay is required (the relay’s address, e.g. https://relay.example.com)')
  // From the environment, as `relay serve` takes it: it does not show in the process list.
  const creationToken = context.env['SENDER_DESK_RELAY_CREATION_TOKEN']?.trim() || undefined
  const result = await withInbox(context, (inbox) =>
    inbox.connect({
      relayUrl,
      creationToken,
      allowInsecureHttp: context.args.flags['allow-insecure-http'] === true,
      replace: context.args.flags['replace'] === true
    })
  )
  if (result.kind === 'unreachable')
    throw new UnreachableError(`relay: ${translateNote('en', result.detail)}`)
  if (result.kind === 'refused' || result.kind === 'bad-address' || result.kind === 'unusable')
    throw new UsageError(`relay: ${translateNote('en', result.detail)}`)
  if (result.kind === 'already-connected') {
    throw new UsageError(
      `already connected to mailbox ${result.mailbox} at ${result.relayUrl}; pass --replace to make a new one ` +
        '(events waiting in the old mailbox are then not pulled)'
    )
  }
  const { urls } = result
  // The URLs carry the mailbox's ingress secret: printed this once, as the relay shows them once.
  context.out.result(
    [
      `Connected: mailbox ${result.mailbox} at ${result.relayUrl}.`,
      'Set these in the gateway (they hold a secret: keep them out of chats and screenshots):',
      `  Webhook URL for incoming messages:  ${urls.incoming}`,
      `  Tracking URL (message statuses):    ${urls.tracking}`,
      `  Device status webhook (dashboard):  ${urls.device}`,
      'Then run: sender-desk inbox sync --follow'
    ].join('\n'),
    { ok: true, mailbox: result.mailbox, relayUrl: result.relayUrl, urls }
  )
  return EXIT.ok
}

async function rotate(context: CliContext): Promise<number> {
  const stopOldAtOnce = context.args.flags['stop-old'] === true
  if (context.args.flags['pull-token'] === true) {
    // --stop-old is about the webhook addresses, which a pull token rotation leaves as they are.
    if (stopOldAtOnce) throw new UsageError(USAGE_LINE)
    await withInbox(context, (inbox) => inbox.rotatePullToken())
    context.out.result('New pull token kept in this computer’s secrets; the old one no longer works.', {
      ok: true,
      pullToken: 'rotated'
    })
    return EXIT.ok
  }
  const urls = await withInbox(context, (inbox) => inbox.rotateSecret({ stopOldAtOnce }))
  context.out.result(
    [
      stopOldAtOnce
        ? 'New webhook URLs (the old ones stopped now). Set them in the gateway:'
        : 'New webhook URLs (the old ones keep working for one day). Set them in the gateway:',
      `  Webhook URL for incoming messages:  ${urls.incoming}`,
      `  Tracking URL (message statuses):    ${urls.tracking}`,
      `  Device status webhook (dashboard):  ${urls.device}`,
      `For a device: sender-desk webhook set --url ${urls.incoming} --tracking-url ${urls.tracking}`
    ].join('\n'),
    { ok: true, urls }
  )
  return EXIT.ok
}

/** One line for a state, in the terminal's English. */
export function describeSyncState(state: InboxSyncState): string {
  const at = (ms: number): string => new Date(ms).toISOString()
  switch (state.kind) {
    case 'not-connected':
      return 'not connected: run sender-desk inbox connect --relay URL'
    case 'credentials-locked':
      return `the mailbox's credentials cannot be read: ${translateNote('en', state.reason) ?? ''}`
    case 'idle':
      return 'idle'
    case 'connected':
      return state.behind > 0 ? `connected, ${state.behind} events behind` : 'connected, up to date'
    case 'unreachable':
      // The relay answered, refusing the pull token: tried again a few times before the sync stops (see sync.ts).
      if (state.fault === 'auth-refused')
        return (
          `${translateNote('en', state.detail)} at ${at(state.retryAt)} (HTTP 401 since ${at(state.since)}); ` +
          'if it keeps refusing, connect the inbox again (sender-desk inbox connect --replace)'
        )
      return `relay unreachable since ${at(state.since)} (${state.fault}: ${translateNote('en', state.detail)}); retrying at ${at(state.retryAt)}`
    case 'failing':
      return `failing since ${at(state.since)}: ${state.detail}; retrying at ${at(state.retryAt)}`
    case 'auth-refused':
      // Tried again slowly (see sync.ts): the relay may take the token again (a proxy, a relay restarted empty).
      return (
        `the relay refused the pull token (HTTP 401 since ${at(state.since)}); trying again every few minutes, next ` +
        `at ${at(state.retryAt)}. If the relay no longer knows this mailbox, connect the inbox again ` +
        '(sender-desk inbox connect --replace): messages still waiting on this mailbox stay there'
      )
    case 'cursor-ahead':
      return (
        `the relay does not know this desktop's place (${state.cursor}, the relay is at ${state.head}): its storage ` +
        'was lost or replaced. Nothing was taken twice; connect a new mailbox (inbox connect --replace).'
      )
  }
}

function storageLine(status: InboxSyncStatus): string | null {
  const storage = status.storage
  if (!storage) return null
  const parts: string[] = []
  if (storage.full) parts.push('the relay mailbox is FULL')
  else if (storage.nearFull) parts.push('the relay mailbox is nearly full')
  if (storage.refusedWhileFull > 0)
    parts.push(`${storage.refusedWhileFull} posts were refused while it was full (those messages are lost)`)
  return parts.length > 0 ? parts.join('; ') : null
}

/** The states the sync stops at (a refused pull token is tried again slowly, so following goes on). */
const STOPPED_STATES = new Set<InboxSyncState['kind']>([
  'not-connected',
  'credentials-locked',
  'cursor-ahead'
])

function exitFor(state: InboxSyncState): number {
  if (state.kind === 'connected' || state.kind === 'idle') return EXIT.ok
  if (state.kind === 'unreachable') return EXIT.network
  if (state.kind === 'auth-refused' || state.kind === 'cursor-ahead') return EXIT.rejected
  if (state.kind === 'not-connected') return EXIT.badInput
  return EXIT.failure
}

async function sync(context: CliContext): Promise<number> {
  const follow = context.args.flags['follow'] === true
  return withInbox(context, async (inbox) => {
    if (!follow) {
      const status = await inbox.sync.catchUp()
      const summary = inbox.counts()
      const warning = storageLine(status)
      if (warning) context.out.progress(`warning: ${warning}`)
      // A sync that could not run is an error, its line on stderr alone: "0 new" beside it said nothing true.
      const code = exitFor(status.state)
      if (code !== EXIT.ok) throw new CommandFailure(describeSyncState(status.state), code)
      const { received, duplicates } = status
      context.out.result(
        `${describeSyncState(status.state)}; ${received} new, ${counted(duplicates, 'duplicate')} dropped; ` +
          `${counted(summary.messages, 'message')} (${summary.unread} unread)`,
        {
          ok: true,
          state: status.state,
          received: status.received,
          duplicates: status.duplicates,
          storage: status.storage,
          counts: summary
        }
      )
      return exitFor(status.state)
    }
    let last = ''
    let halted: () => void = () => undefined
    const haltedByState = new Promise<void>((resolve) => (halted = resolve))
    inbox.sync.onStatus((status) => {
      // A state only the operator can fix ends the loop, and the command with it: said once, as its error.
      if (STOPPED_STATES.has(status.state.kind)) {
        const warning = storageLine(status)
        if (warning) context.out.progress(`warning: ${warning}`)
        return halted()
      }
      const line = [describeSyncState(status.state), storageLine(status)].filter(Boolean).join('; ')
      if (line !== last) context.out.progress(line)
      last = line
    })
    context.out.progress('Following the inbox; press Ctrl+C to stop.')
    inbox.sync.start()
    await Promise.race([context.stopSignal, haltedByState])
    await inbox.sync.stop()
    const status = inbox.status()
    if (STOPPED_STATES.has(status.state.kind))
      throw new CommandFailure(describeSyncState(status.state), exitFor(status.state))
    context.out.result(describeSyncState(status.state), {
      ok: true,
      state: status.state,
      counts: status.counts
    })
    return EXIT.ok
  })
}

function chatLabel(message: { isGroup: boolean; chatId: string; groupSubject: string | null }): string {
  return message.isGroup ? `${message.groupSubject ?? 'group'} (${message.chatId})` : message.chatId
}

const minute = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 16)
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').slice(0, 80)

/** A conversation's name in the terminal: the contact (or push) name and the chat, a group by its subject. */
export function conversationLabel(c: InboxConversationView): string {
  if (c.isGroup) return `${c.groupSubject ?? 'group'} (${c.chatId})`
  const name = c.contactName ?? c.pushName
  // As the window's row marks them (QA67): a reply to them is refused, so the terminal says so before one is written.
  const optedOut = c.optedOut ? ' (opted out)' : ''
  return `${name ? `${name} <${c.chatId}>` : `<${c.chatId}>`}${optedOut}`
}

/** How the operator's newest message did not reach the customer, as the window's row says it. */
const UNREACHED_WORDS: Record<NonNullable<InboxConversationView['lastUnreached']>, string> = {
  failed: 'failed',
  cancelled: 'cancelled',
  optedOut: 'not sent (opted out)',
  revoked: 'deleted for everyone'
}

/**
 * Who wrote a conversation's newest message, before it: "you: " ("you, failed: " for one the customer will never have),
 * or in a group the member ("Eko: ").
 */
export const lastWriter = (c: InboxConversationView): string =>
  c.lastFromMe
    ? c.lastUnreached
      ? `you, ${UNREACHED_WORDS[c.lastUnreached]}: `
      : 'you: '
    : c.isGroup && c.lastSender
      ? `${c.lastSender}: `
      : ''

async function list(context: CliContext): Promise<number> {
  const chatId = stringFlag(context.args, 'chat')
  if (saidNoData(context, chatId ? { messages: [] } : { conversations: [] })) return EXIT.ok
  if (chatId) return listMessages(context, chatId)
  const unreadOnly = context.args.flags['unread'] === true
  const archived = context.args.flags['archived'] === true
  const { conversations } = await withInbox(context, (_inbox, composed) =>
    composed.invoke('inbox:conversations', { limit: 50, unreadOnly, archived })
  )
  const lines = conversations.map((c) => {
    const unread = c.unread > 0 ? `${c.unread} new` : ''
    const last = c.lastType === 'text' || c.lastText ? c.lastText || `[${c.lastType}]` : `[${c.lastType}]`
    return `${unread.padEnd(7)} ${minute(Date.parse(c.lastAt))}  ${conversationLabel(c)}  ${lastWriter(c)}${oneLine(last)}`
  })
  context.out.result(lines.length > 0 ? lines.join('\n') : 'No conversations yet.', {
    ok: true,
    conversations
  })
  return EXIT.ok
}

async function listMessages(context: CliContext, chatId: string): Promise<number> {
  const messages = await withInbox(context, async (inbox) =>
    inbox.list({ limit: 50, unreadOnly: context.args.flags['unread'] === true, chatId })
  )
  const lines = messages.map((m) => {
    const who = m.pushName ? `${m.pushName} ` : ''
    const text = m.text || `[${m.messageType}]`
    return `${m.read ? ' ' : '*'}#${m.number}  ${minute(m.sentAt ?? m.receivedAt)}  ${who}<${chatLabel(m)}>  ${oneLine(text)}`
  })
  context.out.result(lines.length > 0 ? lines.join('\n') : 'No messages yet.', { ok: true, messages })
  return EXIT.ok
}

function describeEntry(entry: InboxThreadEntry): string {
  const when = minute(Date.parse(entry.at))
  if (entry.direction === 'in') {
    const m = entry.message
    const who = m.isGroup ? `${m.pushName ?? m.groupMember ?? '?'}: ` : ''
    return `  ${when}  <  ${who}${m.text || `[${m.messageType}]`}`
  }
  const item = entry.item
  const what =
    item.kind === 'text'
      ? (item.text ?? '')
      : `[${item.kind} ${item.fileName ?? ''}]${item.text ? ` ${item.text}` : ''}`
  return `  ${when}  >  ${what}  (${item.status})`
}

/** Message numbers are small; a phone number or a group id is longer than this. */
const MESSAGE_NUMBER = /^\d{1,7}$/

async function show(context: CliContext, what: string | undefined): Promise<number> {
  if (!what)
    throw new UsageError(
      'inbox show needs a phone number, a group id or a message number (see sender-desk inbox list)'
    )
  if (!MESSAGE_NUMBER.test(what)) return showThread(context, what)
  const number = Number(what)
  if (number < 1)
    throw new UsageError('inbox show needs a message number from 1 on (see sender-desk inbox list)')
  const message = await withInbox(context, async (inbox) => inbox.show(number, { markRead: true }))
  if (!message) throw new UsageError(`no message #${number} (see sender-desk inbox list)`)
  const lines = [
    `#${message.number} from ${message.pushName ?? '(no name)'} <${message.isGroup ? (message.groupMember ?? '?') : message.chatId}>`,
    ...(message.isGroup ? [`in group ${chatLabel(message)}`] : []),
    `to device ${message.deviceSerial ?? '?'}${message.devicePhone ? ` (${message.devicePhone})` : ''}`,
    `sent ${message.sentAt === null ? 'at an unknown time' : new Date(message.sentAt).toISOString()}, received by the relay ${new Date(message.receivedAt).toISOString()}`,
    `type ${message.messageType}${message.fromMe ? ', written by the device itself' : ''}`,
    ...(message.mediaUrl || message.mediaFile
      ? [
          `media ${message.mediaUrl ?? message.mediaFile}${message.mediaMime ? ` (${message.mediaMime})` : ''}`
        ]
      : []),
    '',
    message.text
  ]
  context.out.result(lines.join('\n'), { ok: true, message })
  return EXIT.ok
}

/** A chat's threads (one per device it wrote to), newest last as a terminal reads, marked read. */
async function showThread(context: CliContext, chat: string): Promise<number> {
  const chatId = normalisedChat(chat)
  const threads = await withInbox(context, async (inbox, composed) => {
    const found = inbox.conversations.withChat(chatId)
    const result = []
    for (const conversation of found) {
      const thread = await composed.invoke('inbox:thread', { conversationId: conversation.id, limit: 50 })
      inbox.conversations.markRead(conversation.id, true)
      result.push(thread)
    }
    return result
  })
  if (threads.length === 0) throw new UsageError(`no conversation with ${chat} (see sender-desk inbox list)`)
  const lines = threads.flatMap((thread) => [
    `${conversationLabel(thread.conversation)} on device ${thread.conversation.deviceSerial ?? thread.conversation.devicePhone ?? '?'}`,
    ...[...thread.entries].reverse().map(describeEntry),
    ...(thread.next ? ['  (older messages not shown)'] : []),
    ''
  ])
  context.out.result(lines.join('\n').trimEnd(), { ok: true, threads })
  return EXIT.ok
}

/**
 * A chat's conversations (one per device it wrote to) deleted with their messages and files; what was sent stays in
 * the outbox, the contact's name and any opt-out stay. Without --yes it only says what would go.
 */
async function deleteChat(context: CliContext, chat: string | undefined): Promise<number> {
  if (!chat) throw new UsageError('inbox delete needs the phone number or group id of the chat to delete')
  const chatId = normalisedChat(chat)
  const confirmed = context.args.flags['yes'] === true
  const deleted = await withInbox(context, async (inbox, composed) => {
    const found = inbox.conversations.withChat(chatId)
    if (found.length === 0) throw new UsageError(`no conversation with ${chat} (see sender-desk inbox list)`)
    if (!confirmed)
      throw new UsageError(
        `${found.length === 1 ? 'the conversation' : `${found.length} conversations`} with ${conversationLabel(found[0]!)} ` +
          'and their messages and files would be removed from this computer (what was sent stays in the outbox); ' +
          'add --yes to delete'
      )
    const result = []
    for (const conversation of found) {
      const { messages } = await composed.invoke('inbox:deleteConversation', {
        conversationId: conversation.id
      })
      result.push({ conversationId: conversation.id, deviceSerial: conversation.deviceSerial, messages })
    }
    return { label: conversationLabel(found[0]!), conversations: result }
  })
  const messages = deleted.conversations.reduce((sum, c) => sum + c.messages, 0)
  context.out.result(
    `Deleted the conversation${deleted.conversations.length === 1 ? '' : 's'} with ${deleted.label}: ` +
      `${messages} message${messages === 1 ? '' : 's'} removed from this computer.`,
    { ok: true, chatId, conversations: deleted.conversations, messages }
  )
  return EXIT.ok
}

/** A number as the gateway's chat ids have it (62… digits, the gateway's one rule); a group id stays as typed. */
function normalisedChat(chat: string): string {
  try {
    return normaliseRecipients(chat, false)[0] ?? chat
  } catch {
    return chat
  }
}

/**
 * A reply through the Send checks (the device from the credentials), queued once: `outbox flush` sends it. The
 * request id is printed, so the same reply asked again with --request-id queues nothing more.
 */
async function reply(context: CliContext, chat: string | undefined): Promise<number> {
  if (!chat) throw new UsageError('inbox reply needs the phone number or group id to answer')
  const text = stringFlag(context.args, 'text')
  const path = stringFlag(context.args, 'file')
  if (!text?.trim() && !path)
    throw new UsageError('inbox reply needs --text, --file, or both (the text is the caption)')
  const isGroup = context.args.flags['group'] === true
  const requestId = stringFlag(context.args, 'request-id') ?? randomUUID()
  const credentials = await context.credentials()
  return withCommandLineCore(context, credentials, async (core) => {
    const handle = path ? (await registerFile(context, core, path)).handle : undefined
    // The app's device for these credentials when it lists one (it sends the reply), else the terminal's own id.
    const device = await commandLineDevice(context, credentials)
    const optedOut = optedOutAnswer(context.args)
    const result = await refusingOptedOut(() =>
      core.invoke('inbox:reply', {
        requestId,
        deviceId: device.id,
        chatId: chat,
        isGroup,
        ...(text?.trim() ? { text } : {}),
        ...(handle ? { handle } : {}),
        ...(optedOut ? { optedOut } : {})
      })
    )
    const sent = whoSendsQueued(core, device)
    context.out.result(
      result.repeated
        ? `Already queued by request ${requestId}: ${result.itemIds.join(', ')} (nothing more queued).`
        : `Reply queued (request ${requestId}): ${result.itemIds.join(', ')}\n${sent.next ?? 'Send it with: sender-desk outbox flush'}`,
      { ok: true, requestId, ...result, sentBy: sent.sentBy }
    )
    return EXIT.ok
  })
}
